//! Credentials in URLs: `scheme://user:password@host` keeps the user and loses the
//! password; a user part that is itself a credential (`https://ghp_...@github.com`,
//! `redis://:password@host`) goes whole, unless it is a user's name before a
//! password (`mqtt://sensor01:...@broker`). A webhook URL whose path is its secret
//! (Slack, Discord, Microsoft Teams, Feishu and Lark, WeCom's key, Mattermost on
//! any host) loses the path. The password of `curl -u user:password` is found in
//! `user_password_flags`.

use super::{escaped_urls, wording};

/// Longest user name looked back over to find the `://` before a password.
const MAX_USER_LEN: usize = 256;

/// Where the userinfo that a scan started at ended, remembered so that the scans
/// started at the `://` and at the `:` of one URL, and at every `://` of a run
/// without delimiters, cost one pass over the text rather than one each.
#[derive(Debug, Default)]
pub(super) struct UserinfoScan {
    from: usize,
    stop: usize,
    last_at_sign: Option<usize>,
    valid: bool,
    /// Where a search for the next `@` started, and what it found: most text has
    /// none after its URLs, and then no authority needs reading at all.
    next_at_sign: Option<(usize, Option<usize>)>,
}

impl UserinfoScan {
    /// The first `@` at or after `at`.
    fn next_at_sign(&mut self, text: &[u8], at: usize) -> Option<usize> {
        match self.next_at_sign {
            Some((from, found)) if from <= at && found.is_none_or(|found| found >= at) => found,
            _ => {
                let found = memchr::memchr(b'@', &text[at..]).map(|offset| at + offset);
                self.next_at_sign = Some((at, found));
                found
            }
        }
    }

    /// Whether an `@` stands at `at` or after it: only then may a userinfo start
    /// at `at` (right after a `://`), or a data source name's password (after the
    /// user's `:`).
    pub(super) fn at_sign_follows(&mut self, text: &[u8], at: usize) -> bool {
        self.next_at_sign(text, at).is_some()
    }

    /// The last `@` between `at` and the end of the authority that `at` is in.
    fn last_at_sign(&mut self, text: &[u8], at: usize) -> Option<usize> {
        /// [`ends_userinfo`] as a table.
        const ENDS_USERINFO: [bool; 256] = byte_table!(|byte| ends_userinfo(byte));
        self.next_at_sign(text, at)?;
        if !(self.valid && self.from <= at && at <= self.stop) {
            let stop = text[at..]
                .iter()
                .position(|&byte| ENDS_USERINFO[usize::from(byte)])
                .map_or(text.len(), |offset| at + offset);
            let last_at_sign = text[at..stop]
                .iter()
                .rposition(|&byte| byte == b'@')
                .map(|offset| at + offset);
            (self.from, self.stop, self.last_at_sign, self.valid) = (at, stop, last_at_sign, true);
        }
        self.last_at_sign.filter(|&at_sign| at_sign >= at)
    }
}

/// Bytes that cannot be part of a URL's userinfo. `[` is among them: the userinfo
/// scan then stops at an existing `[REDACTED]`, like every other value scan.
const fn ends_userinfo(byte: u8) -> bool {
    byte.is_ascii_whitespace()
        || byte.is_ascii_control()
        || matches!(
            byte,
            b'/' | b'?'
                | b'#'
                | b'['
                | b']'
                | b'"'
                | b'\''
                | b'<'
                | b'>'
                | b'\\'
                | b'^'
                | b'`'
                | b'{'
                | b'}'
                | b'|'
        )
}

/// The end of a userinfo that is a credential as a whole, starting at `at` right
/// after `://`: everything before the `@` when the user part is not a plain word.
/// A plain user (`git@`, `admin:...@`) stays; its password is
/// [`password_end`]'s.
pub(super) fn userinfo_end(
    emitted: &[u8],
    text: &[u8],
    at: usize,
    scan: &mut UserinfoScan,
) -> Option<usize> {
    if !escaped_urls::ends_scheme(emitted) {
        return None;
    }
    let at_sign = scan.last_at_sign(text, at)?;
    let userinfo = &text[at..at_sign];
    let (user, password) = match userinfo.iter().position(|&byte| byte == b':') {
        Some(colon) => (&userinfo[..colon], &userinfo[colon + 1..]),
        None => (userinfo, &b""[..]),
    };
    // A plain user is no secret (its password is the password rule's), and neither
    // is an empty password or one read from elsewhere after no user
    // (`redis://:@redis`, `redis://:${REDIS_PASSWORD}@redis`).
    let no_password = user.is_empty() && (password.is_empty() || wording::is_reference(password));
    // A user's name before a password (`sensor01:...@`) stays too, however short the
    // password (a cut may leave none).
    let named_user = userinfo.contains(&b':') && is_user_name(user);
    (!userinfo.is_empty() && !wording::is_plain_word(user) && !no_password && !named_user)
        .then_some(at_sign)
}

/// The longest user's name told from a token (see [`is_user_name`]).
const MAX_USER_NAME_LEN: usize = 24;

/// The length from which a user's name holds a separator: a longer word of letters
/// and digits may be a token (`https://<40 hex digits>:x-oauth-basic@github.com`).
const MIN_SEPARATED_USER_NAME_LEN: usize = 12;

/// A user's name as services give them (`sensor01`, `app2`, `u_8f2a`,
/// `alerts%40acme.com`): lowercase letters, digits, `_`, `-`, `.` and a
/// percent-encoded byte, from a letter on; short, and with a separator when it is
/// long enough to be a token.
fn is_user_name(user: &[u8]) -> bool {
    user.len() <= MAX_USER_NAME_LEN
        && user.first().is_some_and(u8::is_ascii_lowercase)
        && user.iter().all(|&byte| {
            byte.is_ascii_lowercase()
                || byte.is_ascii_digit()
                || matches!(byte, b'_' | b'-' | b'.' | b'%')
        })
        && (user.len() < MIN_SEPARATED_USER_NAME_LEN
            || user
                .iter()
                .any(|&byte| matches!(byte, b'_' | b'-' | b'.' | b'%')))
}

/// The end of a URL password that starts at `at`, when `emitted` ends with
/// `://user:`.
pub(super) fn password_end(
    emitted: &[u8],
    text: &[u8],
    at: usize,
    scan: &mut UserinfoScan,
) -> Option<usize> {
    if !follows_url_user(emitted.strip_suffix(b":")?) {
        return None;
    }
    let end = match scan.last_at_sign(text, at) {
        Some(at_sign) => (at_sign > at).then_some(at_sign),
        None => scan
            .next_at_sign(text, at)
            .and_then(|_| password_with_delimiters_end(text, at)),
    }?;
    // A password read from elsewhere (`postgres://app:${DB_PASSWORD}@db`).
    (!wording::is_reference(&text[at..end])).then_some(end)
}

/// Longest password read that holds a `/`, `?` or `#`.
const MAX_PASSWORD_LEN: usize = 256;

/// The end of a URL password that holds bytes a URL's authority cannot
/// (`postgres://app:pa/ss?w#rd@db`, written without percent-encoding): it runs to
/// the first `@` before a host. A number before the first `/` is a port
/// (`https://host:8080/a@b`), and a second `://` another URL: neither is a password.
fn password_with_delimiters_end(text: &[u8], at: usize) -> Option<usize> {
    let searched = &text[at..text.len().min(at + MAX_PASSWORD_LEN)];
    let length = searched.iter().position(|&byte| {
        byte == b'@'
            || byte.is_ascii_whitespace()
            || matches!(byte, b'"' | b'\'' | b'<' | b'>' | b'[' | b'\\' | b'`')
    })?;
    let at_sign = at + length;
    if text[at_sign] != b'@' || !text.get(at_sign + 1).is_some_and(u8::is_ascii_alphanumeric) {
        return None;
    }
    let password = &text[at..at_sign];
    let first_segment = password
        .split(|&byte| matches!(byte, b'/' | b'?' | b'#'))
        .next()
        .unwrap_or_default();
    // A password may start with a `#` (`postgres://app:#wtqU@db`); a `/` or a `?`
    // right after the `:` is an empty port's path or query
    // (`http://localhost:?email=bob@example.com`).
    let is_port = if first_segment.is_empty() {
        password.first() != Some(&b'#')
    } else {
        first_segment.iter().all(u8::is_ascii_digit)
    };
    let holds_url = password.windows(3).any(|window| window == b"://");
    (!is_port && !holds_url).then_some(at_sign)
}

/// Where the last `://` the scan passed ends. A user holds no `:`, so a `:` can
/// follow a URL's user only when the last `://` ends at most [`MAX_USER_LEN`]
/// bytes before it: most `:`s are turned away without reading back.
#[derive(Default)]
pub(super) struct AuthorityStarts {
    last: Option<usize>,
    /// Where the bytes a user may hold end after the last `://` (at most
    /// [`MAX_USER_LEN`] and one more are read).
    user_end: usize,
}

impl AuthorityStarts {
    /// A `://` of `text` ends at `authority`.
    pub(super) fn note(&mut self, text: &[u8], authority: usize) {
        self.last = Some(authority);
        self.user_end = authority
            + text
                .get(authority..)
                .unwrap_or_default()
                .iter()
                .take(MAX_USER_LEN + 1)
                .take_while(|&&byte| IN_USER[usize::from(byte)])
                .count();
    }

    /// [`follows_url_user`] of the text before the `:` at `colon`, read from what
    /// was noted: given every `://` that ends in the [`MAX_USER_LEN`] bytes before
    /// it was noted, the user after the last one reaches the `:` exactly when that
    /// is so (a `:`, a `/` and an `@` hold no user).
    pub(super) fn user_ends_at(&self, colon: usize) -> bool {
        self.may_end_before(colon) && colon <= self.user_end
    }

    /// Whether a URL's user (or no user: `redis://:password@host`) may stand right
    /// before the `:` at `colon`, given every `://` that ends in the
    /// [`MAX_USER_LEN`] bytes before it was noted.
    pub(super) fn may_end_before(&self, colon: usize) -> bool {
        self.last
            .is_some_and(|start| start <= colon && colon - start <= MAX_USER_LEN)
    }
}

/// The bytes of a user: `[` and `]` may stand in it too, since a user that was
/// redacted reads `[REDACTED]`, and so may a `\`: a Windows domain's user, as a
/// proxy's URL names it unencoded (`http://CORP\alice:...@proxy:8080`).
const IN_USER: [bool; 256] = byte_table!(|byte| matches!(byte, b'[' | b']' | b'\\')
    || !(ends_userinfo(byte) || matches!(byte, b':' | b'@')));

/// Whether the text before a `:` ends with `://` and a user (`https://user`), or
/// with `://` alone: Redis's password without a user (`redis://:pa#ss@cache`,
/// whose userinfo [`userinfo_end`] cannot read whole past the `#`).
pub(super) fn follows_url_user(before_colon: &[u8]) -> bool {
    let user_len = before_colon
        .iter()
        .rev()
        .take(MAX_USER_LEN + 1)
        .take_while(|&&byte| IN_USER[usize::from(byte)])
        .count();
    user_len <= MAX_USER_LEN
        && escaped_urls::ends_scheme(&before_colon[..before_colon.len() - user_len])
}

/// Webhook URLs whose path after a prefix is the secret: the host (or the end of
/// it) and the path prefix.
const WEBHOOKS: &[(&[u8], &[u8])] = &[
    (b"hooks.slack.com", b"/services/"),
    (b"hooks.slack.com", b"/workflows/"),
    (b"hooks.slack.com", b"/triggers/"),
    (b"discord.com", b"/api/webhooks/"),
    (b"discordapp.com", b"/api/webhooks/"),
    // Feishu's and Lark's custom bots.
    (b"open.feishu.cn", b"/open-apis/bot/v2/hook/"),
    (b"open.larksuite.com", b"/open-apis/bot/v2/hook/"),
    // WeCom's group robots: the key is a query's value.
    (b"qyapi.weixin.qq.com", b"/cgi-bin/webhook/send?key="),
];

/// Mattermost's incoming webhooks, on a server of any name: this path right after
/// the host, then a key of [`MATTERMOST_KEY_LEN`] lowercase letters and digits.
const MATTERMOST_PATH: &[u8] = b"/hooks/";
const MATTERMOST_KEY_LEN: usize = 26;

/// Microsoft Teams incoming webhooks: a tenant's name, then this host and path
/// prefix (`https://acme.webhook.office.com/webhookb2/<secret path>`).
const TEAMS_HOST_AND_PATH: &[u8] = b".webhook.office.com/webhookb2/";

/// Longest tenant name read before a Teams webhook host.
const MAX_TENANT_LEN: usize = 63;

/// Longest host read after `://`.
const MAX_HOST_LEN: usize = 253;

/// Where the secret of a webhook URL starts, when the text from `host` (right after
/// `://`, or after `:\/\/` inside a JSON string) is one.
pub(super) fn webhook_secret_start(text: &[u8], host: usize) -> Option<usize> {
    if text[..host].ends_with(escaped_urls::ESCAPED_SCHEME_END) {
        let view = escaped_urls::Unescaped::of(&text[host..], host);
        return unescaped_webhook_secret_start(&view.bytes, 0).map(|start| view.offset(start));
    }
    unescaped_webhook_secret_start(text, host)
}

/// [`webhook_secret_start`] of a URL whose slashes are not escaped.
fn unescaped_webhook_secret_start(text: &[u8], host: usize) -> Option<usize> {
    let rest = &text[host.min(text.len())..];
    if let Some(secret) = teams_secret_start(rest) {
        return Some(host + secret);
    }
    // Mattermost's, after an authority of any name.
    let searched = &rest[..rest.len().min(MAX_HOST_LEN + 1)];
    if let Some(path) = memchr::memchr(b'/', searched)
        && is_mattermost_key(&rest[path..])
        && searched[..path].iter().all(|&byte| is_authority_byte(byte))
    {
        return Some(host + path + MATTERMOST_PATH.len());
    }
    // The hosts of the table start so (Discord's test builds have hosts of their
    // own): most URLs are turned away on that.
    if !(rest.starts_with(b"hooks.")
        || rest.starts_with(b"discord")
        || rest.starts_with(b"ptb.discord")
        || rest.starts_with(b"canary.discord")
        || rest.starts_with(b"open.")
        || rest.starts_with(b"qyapi."))
    {
        return None;
    }
    let host_len = rest
        .iter()
        .take(MAX_HOST_LEN + 1)
        .take_while(|&&byte| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-'))
        .count();
    let name = &rest[..host_len];
    // Every host of the table is a `.com` or a `.cn`.
    if !(name.ends_with(b".com") || name.ends_with(b".cn")) {
        return None;
    }
    let rest = &rest[host_len..];
    WEBHOOKS.iter().find_map(|&(suffix, path)| {
        let host_matches = name
            .strip_suffix(suffix)
            .is_some_and(|before| before.is_empty() || before.ends_with(b"."));
        let path_len = if rest.starts_with(path) {
            Some(path.len())
        } else {
            versioned_api_path_len(rest, path)
        };
        path_len
            .filter(|_| host_matches)
            .map(|path_len| host + host_len + path_len)
    })
}

/// Whether `byte` may stand in a URL's authority: a host's name or address, and
/// its port.
fn is_authority_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b':')
}

/// Whether `path` (what follows a URL's host) is Mattermost's webhook path and a
/// key (see [`starts_with_mattermost_key`]).
fn is_mattermost_key(path: &[u8]) -> bool {
    path.strip_prefix(MATTERMOST_PATH)
        .is_some_and(starts_with_mattermost_key)
}

/// Whether `rest` (what follows Mattermost's webhook path) starts with a key:
/// random, so letters and digits both. Its first [`MATTERMOST_KEY_LEN`] bytes are
/// judged, not what follows them: a path cut short is judged as its whole was.
fn starts_with_mattermost_key(rest: &[u8]) -> bool {
    rest.get(..MATTERMOST_KEY_LEN).is_some_and(|key| {
        key.iter()
            .all(|&byte| byte.is_ascii_lowercase() || byte.is_ascii_digit())
            && key.iter().any(u8::is_ascii_digit)
            && key.iter().any(u8::is_ascii_lowercase)
    })
}

/// The length of `path` with an API version after its `/api` (Discord's
/// `/api/v10/webhooks/` for `/api/webhooks/`) at the start of `rest`.
fn versioned_api_path_len(rest: &[u8], path: &[u8]) -> Option<usize> {
    let route = path.strip_prefix(b"/api")?;
    let version = rest.strip_prefix(b"/api/v")?;
    let digits = version
        .iter()
        .take(3)
        .take_while(|byte| byte.is_ascii_digit())
        .count();
    ((1..=2).contains(&digits) && version[digits..].starts_with(route))
        .then_some(b"/api/v".len() + digits + route.len())
}

/// Where the secret path of a Teams webhook starts in `rest` (the text after
/// `://`), when it is one: the first label is the tenant's.
fn teams_secret_start(rest: &[u8]) -> Option<usize> {
    /// The bytes of a tenant's name.
    const IN_TENANT: [bool; 256] = byte_table!(|byte| byte.is_ascii_alphanumeric() || byte == b'-');
    let searched = &rest[..rest.len().min(MAX_TENANT_LEN + 1)];
    let tenant_len = searched
        .iter()
        .position(|&byte| !IN_TENANT[usize::from(byte)])
        .unwrap_or(searched.len());
    (tenant_len > 0 && rest[tenant_len..].starts_with(TEAMS_HOST_AND_PATH))
        .then_some(tenant_len + TEAMS_HOST_AND_PATH.len())
}

/// The end of a webhook URL's secret path that starts at `at`, when `emitted` ends
/// with the URL up to it (`https://hooks.slack.com/services/`, or inside a JSON
/// string `https:\/\/hooks.slack.com\/services\/`).
pub(super) fn webhook_secret_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    match escaped_urls::escaped_url_before(emitted, MAX_HOST_LEN + 64) {
        Some(unescaped) => secret_path_after(&unescaped, text, at, Slashes::Escaped),
        None => secret_path_after(emitted, text, at, Slashes::Plain),
    }
}

/// How a URL writes its slashes: as they are, or escaped inside a JSON string.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slashes {
    Plain,
    Escaped,
}

/// [`webhook_secret_end`], where `emitted` ends with the URL up to `at`, its slashes
/// unescaped.
fn secret_path_after(emitted: &[u8], text: &[u8], at: usize, slashes: Slashes) -> Option<usize> {
    // Every path prefix ends with a `/` or a `=` (Discord's with a version too:
    // `/api/v10/webhooks/`).
    let known_path = matches!(emitted.last(), Some(b'/' | b'='))
        && (emitted.ends_with(b"/webhooks/")
            || emitted.ends_with(MATTERMOST_PATH)
            || WEBHOOKS.iter().any(|(_, path)| emitted.ends_with(path)));
    if !known_path && !emitted.ends_with(TEAMS_HOST_AND_PATH) {
        return None;
    }
    // Mattermost's path follows a host of any name, and the key says it is one.
    if let Some(before_path) = emitted.strip_suffix(MATTERMOST_PATH) {
        let host_len = before_path
            .iter()
            .rev()
            .take(MAX_HOST_LEN + 1)
            .take_while(|&&byte| is_authority_byte(byte))
            .count();
        let after_scheme = before_path[..before_path.len() - host_len].ends_with(b"://");
        // As long as the authority the `://` anchor's search reads (see
        // `webhook_secret_start`).
        let within_reach = host_len > 0 && host_len <= MAX_HOST_LEN;
        return (within_reach && after_scheme && starts_with_mattermost_key(&text[at..]))
            .then(|| secret_path_end(text, at, false, slashes));
    }
    let start = emitted.len().saturating_sub(MAX_HOST_LEN + 32);
    let scheme_end = emitted[start..]
        .windows(3)
        .rposition(|window| window == b"://")
        .map(|offset| start + offset + 3)?;
    if webhook_secret_start(emitted, scheme_end) != Some(emitted.len()) {
        return None;
    }
    let end = secret_path_end(text, at, emitted.ends_with(b"="), slashes);
    // A `\` alone is no path: a cut left it of an escape that was none (`\u0022`).
    (end > at && &text[at..end] != b"\\").then_some(end)
}

/// Where a webhook's secret that starts at `at` ends: a path at its end, a
/// `query`'s value at the next parameter. An escaped path goes on through its
/// `\/` (and through a `\` that ends the text, which may have cut one).
fn secret_path_end(text: &[u8], at: usize, query: bool, slashes: Slashes) -> usize {
    let mut end = at;
    while let Some(&byte) = text.get(end) {
        if slashes == Slashes::Escaped
            && byte == b'\\'
            && matches!(text.get(end + 1), Some(b'/') | None)
        {
            end += 2;
            continue;
        }
        if (ends_userinfo(byte) && byte != b'/') || (query && byte == b'&') {
            break;
        }
        end += 1;
    }
    end.min(text.len())
}

#[cfg(test)]
mod tests {
    use super::{UserinfoScan, password_end, userinfo_end};

    fn userinfo(emitted: &str, text: &str) -> Option<usize> {
        userinfo_end(
            emitted.as_bytes(),
            text.as_bytes(),
            0,
            &mut UserinfoScan::default(),
        )
    }

    fn password(emitted: &str, text: &str) -> Option<usize> {
        password_end(
            emitted.as_bytes(),
            text.as_bytes(),
            0,
            &mut UserinfoScan::default(),
        )
    }

    #[test]
    fn a_credential_as_user_goes_whole() {
        assert_eq!(userinfo("https://", "ghp_x1@github.com/a"), Some(6));
        assert_eq!(userinfo("redis://", ":hunter2@cache:6379"), Some(8));
        assert_eq!(userinfo("https://", "oauth:t0k@h"), None);
        // A user's name before a password stays (the password rule takes the
        // password); a token as the user, before `x-oauth-basic`, does not.
        assert_eq!(userinfo("https://", "oauth2:t0k@h"), None);
        assert_eq!(userinfo("mqtt://", "sensor01:pw@h"), None);
        assert_eq!(
            userinfo(
                "https://",
                "3f9a8b7c6d5e4f3a2b1c0d9e:x-oauth-basic@github.com"
            ),
            Some(38)
        );
        assert_eq!(userinfo("ssh://", "git@github.com:22/repo"), None);
        assert_eq!(userinfo("https://", "example.com/a@b"), None);
        assert_eq!(userinfo("https://", "[::1]:8080/"), None);
    }

    #[test]
    fn the_password_after_a_plain_user_goes() {
        assert_eq!(
            password("postgres://admin:", "hunter2@db:5432/app"),
            Some(7)
        );
        assert_eq!(password("postgres://admin:", "p@ss@db/app"), Some(4));
        assert_eq!(password("https://[REDACTED]:", "k@h"), Some(1));
        // A password read from elsewhere, and a mask, stay.
        assert_eq!(password("postgres://app:", "${DB_PASSWORD}@db"), None);
        assert_eq!(password("https://example.com:", "8080/path"), None);
        assert_eq!(password("https://admin:", "@host"), None);
        assert_eq!(password("time 12:", "30@x"), None);
        assert_eq!(password("postgres://app:", "pa/ss?w#rd@db/x"), Some(10));
        assert_eq!(password("https://example.com:", "8080/a@b"), None);
        assert_eq!(
            password("https://example.com:", "443/x?u=https://a:b@c"),
            None
        );
        assert_eq!(password("https://u:", "pa/ss@ host"), None);
        // A password that starts with a delimiter (found by an audit), but not an
        // empty port's path.
        assert_eq!(
            password("postgres://app:", "#wtqU9xL2@db:5432/app"),
            Some(9)
        );
        assert_eq!(password("https://example.com:", "/a@b"), None);
        assert_eq!(
            password("http://localhost:", "?email=bob@example.com"),
            None
        );
        // No user: Redis's password alone, holding bytes a userinfo cannot.
        assert_eq!(password("redis://:", "Wz2Xk7#Rm3@cache:6379"), Some(10));
        assert_eq!(password("redis://:", "Wz2/Xk7?Rm3@cache"), Some(11));
        assert_eq!(password("tcp://:", "8080/a@b"), None);
        assert_eq!(password("redis://:", "${REDIS_PASSWORD}@cache"), None);
        // A Windows domain's user, unencoded, as proxies' URLs name it.
        assert_eq!(
            password("http://CORP\\alice:", "Xq7vLp9sKe2Tz@proxy:8080"),
            Some(13)
        );
        assert_eq!(password("file://C:\\Users\\", "x@y"), None);
    }

    #[test]
    fn a_user_colon_is_looked_for_after_the_last_authority_only() {
        use crate::sanitize::{REDACTED, redact_secrets};
        let long_user = "u".repeat(256);
        for (text, expected) in [
            (
                "see https://docs.example.com/a then postgres://app:hunter2@db:5432/x".to_owned(),
                format!("see https://docs.example.com/a then postgres://app:{REDACTED}@db:5432/x"),
            ),
            (
                format!("amqp://{long_user}:hunter2@mq"),
                format!("amqp://{long_user}:{REDACTED}@mq"),
            ),
            (
                format!("amqp://{long_user}u:hunter2@mq"),
                format!("amqp://{long_user}u:hunter2@mq"),
            ),
            ("time 12:30@x".to_owned(), "time 12:30@x".to_owned()),
        ] {
            assert_eq!(redact_secrets(&text), expected, "{text}");
        }
        let mut authorities = super::AuthorityStarts::default();
        assert!(!authorities.may_end_before(10));
        authorities.note(b"https://alice:pw@host", 8);
        assert!(authorities.may_end_before(8), "no user");
        assert!(!authorities.may_end_before(7));
        assert!(authorities.may_end_before(9));
        assert!(authorities.may_end_before(8 + 256));
        assert!(!authorities.may_end_before(8 + 257));
        assert!(authorities.user_ends_at(13), "alice");
        assert!(!authorities.user_ends_at(16), "alice:pw");
    }

    /// What the scan notes of the last `://` tells every `:` after it as the text
    /// before the `:` does.
    #[test]
    fn the_noted_user_ends_where_the_text_says() {
        let long_user = "u".repeat(300);
        for text in [
            "https://alice:pw@host:443/a:b?c=d:e",
            "redis://:pa#ss@cache:6379",
            "see https://docs.example.com/a then x: y and amqp://app:s3@mq",
            "ftp://a[REDACTED]b:c@d http://[::1]:80/ x://y://z:w",
            &format!("amqp://{long_user}:x@mq amqp://{}:y", &long_user[..256]),
        ] {
            let bytes = text.as_bytes();
            let mut authorities = super::AuthorityStarts::default();
            for (at, &byte) in bytes.iter().enumerate() {
                if byte != b':' {
                    continue;
                }
                if authorities.may_end_before(at) {
                    assert_eq!(
                        authorities.user_ends_at(at),
                        super::follows_url_user(&bytes[..at]),
                        "{text}: {at}"
                    );
                }
                if bytes[at + 1..].starts_with(b"//") {
                    authorities.note(bytes, at + 3);
                }
            }
        }
    }

    #[test]
    fn one_scan_serves_every_start_inside_it() {
        let text = b"a:b:c:d@host/";
        let mut scan = UserinfoScan::default();
        assert_eq!(scan.last_at_sign(text, 0), Some(7));
        assert_eq!(scan.last_at_sign(text, 4), Some(7));
        assert_eq!(scan.last_at_sign(text, 8), None);
    }
}
