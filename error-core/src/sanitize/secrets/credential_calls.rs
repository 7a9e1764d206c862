//! Passwords passed to the calls that take one as a positional argument, as a
//! traceback's source line, a PHP stack trace or a log quotes them:
//!
//! - the calls that build HTTP credentials: Python's `HTTPBasicAuth('alice',
//!   'hunter2')` (and `HTTPDigestAuth`, `HTTPProxyAuth`, aiohttp's and httpx's
//!   `BasicAuth` and `DigestAuth`), Go's `req.SetBasicAuth("alice", "hunter2")` and
//!   reqwest's `.basic_auth("alice", Some("hunter2"))`: the password is the second
//!   argument; Go's `smtp.PlainAuth("", "alice", "hunter2", host)`, the third;
//! - the calls that connect or bind with a user and a password (JDBC's
//!   `DriverManager.getConnection(url, "root", "hunter2")`), as PHP's stack
//!   traces show their arguments (`#0 db.php(3): mysqli_connect('db', 'root',
//!   'hunter2')`, `mysqli->__construct(...)`, `ldap_bind(Object(LDAP\Connection),
//!   'cn=admin', 'hunter2')`, `oci_connect('scott', 'tiger')`, `ftp_login`,
//!   `ssh2_auth_password`, `imap_open`), and python-ldap's `simple_bind_s(who,
//!   'hunter2')`: one row of [`CREDENTIAL_CALLS`] each, with the password's place.
//!
//! - the logins of mail, file-transfer and SSH clients: Python's `smtplib`,
//!   `ftplib` and `imaplib` (`server.login('alice', 'hunter2')`), Go's IMAP and FTP
//!   clients (`c.Login("alice", "hunter2")`): every string from the second
//!   argument on, since a host or a context may come first (pexpect's
//!   `s.login(host, 'alice', 'hunter2')`, `c.Login(ctx, ...)`);
//! - the setters and builders that take a password (`session.setPassword("...")`,
//!   `.withPassword("...")`, `user.set_password('...')`, `.password("...")`, Go's
//!   `ssh.Password("...")`,
//!   `db.changeUserPassword("app", "...")`).
//!
//! The password is a string literal; the user (but a login's after a host or a
//! context) and the other arguments stay. Found
//! from the `A` of `Auth(`, the `_` before a call's last word (`_connect(`,
//! `__construct(`, `_bind_s(`), the `sw` of `Password(` or the `n(` of `login(`.

use super::keys;
use super::values;
use super::wording;

/// How far after a call's parenthesis its password is looked for.
pub(super) const MAX_ARGUMENTS_LEN: usize = 256;

/// How many commas after the parenthesis may stand before the password (the
/// arguments' strings may hold some).
const MAX_COMMAS: usize = 8;

/// What a password argument may open with before its string: reqwest's
/// `Option<String>` password.
const SOME: &[u8] = b"Some(";

/// A call that takes a password as a positional argument.
struct CredentialCall {
    /// The call's name, as it stands before its parenthesis.
    name: &'static [u8],
    /// What must stand right before the name.
    receiver: Receiver,
    /// Which argument is the password.
    password: Place,
}

/// Where a [`CredentialCall`]'s password stands among its arguments.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// This argument, from 0.
    At(usize),
    /// Every string from this argument on: a login's user and password may follow a
    /// host or a context (`s.login(host, user, password)`, Go's `c.Login(ctx,
    /// user, password)`), and the user goes too rather than the password stay.
    From(usize),
}

impl Place {
    /// Whether the argument after `arguments` others is a password.
    fn admits(self, arguments: usize) -> bool {
        match self {
            Self::At(place) => arguments == place,
            Self::From(place) => arguments >= place,
        }
    }
}

/// What a [`CredentialCall`]'s name must follow.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Receiver {
    /// Anything that ends a name: a function or a method of any receiver.
    Any,
    /// A method (`.basic_auth`): a `.`.
    Method,
    /// A method of one PHP class, as its stack traces write it (`mysqli->`).
    Class(&'static [u8]),
}

/// Shorthand for the table.
const fn call(name: &'static [u8], receiver: Receiver, password: usize) -> CredentialCall {
    CredentialCall {
        name,
        receiver,
        password: Place::At(password),
    }
}

/// The calls whose password is a positional argument.
const CREDENTIAL_CALLS: [CredentialCall; 34] = [
    // requests', httpx's, aiohttp's, Go's `net/http`, reqwest's.
    call(b"HTTPBasicAuth", Receiver::Any, 1),
    call(b"HTTPDigestAuth", Receiver::Any, 1),
    call(b"HTTPProxyAuth", Receiver::Any, 1),
    call(b"BasicAuth", Receiver::Any, 1),
    call(b"DigestAuth", Receiver::Any, 1),
    call(b"SetBasicAuth", Receiver::Any, 1),
    call(b"basic_auth", Receiver::Method, 1),
    // Go's `net/smtp`: `smtp.PlainAuth(identity, username, password, host)`.
    call(b"PlainAuth", Receiver::Any, 2),
    call(b"CRAMMD5Auth", Receiver::Any, 1),
    // PHP's database, directory, mail and file-transfer connections.
    call(b"mysqli_connect", Receiver::Any, 2),
    call(b"mysqli_real_connect", Receiver::Any, 3),
    call(b"__construct", Receiver::Class(b"mysqli->"), 2),
    call(b"real_connect", Receiver::Class(b"mysqli->"), 2),
    call(b"mysql_connect", Receiver::Any, 2),
    call(b"mysql_pconnect", Receiver::Any, 2),
    call(b"mssql_connect", Receiver::Any, 2),
    call(b"oci_connect", Receiver::Any, 1),
    call(b"oci_pconnect", Receiver::Any, 1),
    call(b"oci_new_connect", Receiver::Any, 1),
    call(b"ldap_bind", Receiver::Any, 2),
    call(b"ftp_login", Receiver::Any, 2),
    call(b"ssh2_auth_password", Receiver::Any, 2),
    call(b"imap_open", Receiver::Any, 2),
    // JDBC's `DriverManager.getConnection(url, user, password)`.
    call(b"getConnection", Receiver::Class(b"DriverManager."), 2),
    // Python's `smtplib`, `ftplib` and `imaplib` (`server.login(user, password)`),
    // pexpect's `pxssh` (`s.login(host, user, password)`), Go's IMAP and FTP
    // clients (`c.Login(username, password)`, after a context in some).
    CredentialCall {
        name: b"login",
        receiver: Receiver::Method,
        password: Place::From(1),
    },
    CredentialCall {
        name: b"Login",
        receiver: Receiver::Method,
        password: Place::From(1),
    },
    // python-ldap's.
    call(b"simple_bind_s", Receiver::Method, 1),
    call(b"simple_bind", Receiver::Method, 1),
    // Setters and builders: JSch's and Java's data sources' `setPassword`,
    // Testcontainers' `withPassword`, Django's `set_password`, builders'
    // `.password(...)` (tokio-postgres, Spring's `DataSourceBuilder`), MongoDB's
    // `db.changeUserPassword(user, ...)`.
    call(b"setPassword", Receiver::Method, 0),
    call(b"withPassword", Receiver::Method, 0),
    call(b"set_password", Receiver::Method, 0),
    call(b"password", Receiver::Method, 0),
    // Go's `ssh.Password("...")`, an SSH client's authentication method.
    call(b"Password", Receiver::Class(b"ssh."), 0),
    call(b"changeUserPassword", Receiver::Method, 1),
];

/// Whether the `_` at `anchor` may stand before the last word of a credential
/// call's name (`_auth(`, `_connect(`, `__construct(`, `_bind_s(`): told by the
/// next byte, out of line after it.
#[inline]
pub(super) fn may_start_last_word(text: &[u8], anchor: usize) -> bool {
    matches!(
        text.get(anchor + 1),
        Some(b'a' | b'b' | b'c' | b'l' | b'o' | b'p' | b's')
    )
}

/// The last words of the names in [`CREDENTIAL_CALLS`] with their parenthesis, as
/// they follow the name's last `_` (or the `A` of `Auth`).
const LAST_WORDS: [&[u8]; 11] = [
    b"auth(",
    b"uth(",
    b"word(",
    b"bind(",
    b"s(",
    b"connect(",
    b"construct(",
    b"login(",
    b"open(",
    b"password(",
    b"pconnect(",
];

/// Hands `push` where a credential call's password may start, when the anchor at
/// `anchor` (the `A` of `Auth(`, or the `_` before a call's last word) stands in a
/// credential call's name: after each of the first commas of its arguments, the
/// opening quote of a string. More is harmless: the rule decides on the output.
/// Returns whether the call's password follows other arguments.
#[inline(never)]
pub(super) fn push_password_start(
    text: &[u8],
    anchor: usize,
    push: &mut impl FnMut(usize),
) -> bool {
    let rest = &text[anchor + 1..];
    let Some(word) = LAST_WORDS
        .iter()
        .find(|word| word.first() == rest.first() && rest.starts_with(word))
    else {
        return false;
    };
    push_password_start_at(text, anchor + word.len(), push)
}

/// Hands `push` where a credential call's password may start, when the
/// parenthesis at `parenthesis` opens the arguments of one (see
/// [`push_password_start`]). Returns whether the call's password follows other
/// arguments.
#[inline(never)]
pub(super) fn push_password_start_at(
    text: &[u8],
    parenthesis: usize,
    push: &mut impl FnMut(usize),
) -> bool {
    match credential_call(&text[..parenthesis]) {
        None => false,
        // The password is the first argument (`session.setPassword("...")`).
        Some(Place::At(0)) => {
            let argument = parenthesis + 1 + values::spaces_at(text, parenthesis + 1);
            if matches!(text.get(argument), Some(b'"' | b'\'')) {
                push(argument + 1);
            }
            false
        }
        Some(_) => {
            push_string_arguments(text, parenthesis + 1, MAX_COMMAS, push);
            true
        }
    }
}

/// Hands `push` where a password may start after a redaction that ended at `end`,
/// once a call whose password follows other arguments was passed: the string
/// arguments after the next commas, as [`push_password_start`] hands them from a
/// call's parenthesis. The rule reads the output, where a redaction inside the
/// arguments before the password is shorter than it was in the text.
pub(super) fn push_password_start_after_redaction(
    text: &[u8],
    end: usize,
    push: &mut impl FnMut(usize),
) {
    push_string_arguments(text, end, MAX_COMMAS, push);
}

/// Hands `push` where each string argument after one of the first `max_commas`
/// commas from `from` (on its line, within [`MAX_ARGUMENTS_LEN`] bytes) starts:
/// inside its opening quote, inside reqwest's `Some(` too.
pub(super) fn push_string_arguments(
    text: &[u8],
    from: usize,
    max_commas: usize,
    push: &mut impl FnMut(usize),
) {
    let window_end = text.len().min(from + MAX_ARGUMENTS_LEN);
    let mut commas = 0;
    for at in from..window_end {
        match text[at] {
            b'\n' | b'\r' => return,
            b',' => {
                let mut argument = at + 1 + values::spaces_at(text, at + 1);
                if text[argument.min(text.len())..].starts_with(SOME) {
                    argument += SOME.len();
                }
                if matches!(text.get(argument), Some(b'"' | b'\'')) {
                    push(argument + 1);
                }
                commas += 1;
                if commas == max_commas {
                    return;
                }
            }
            _ => {}
        }
    }
}

/// The end of the password that starts at `at`, when `emitted` ends with a
/// credential call, the arguments before its password (strings, names, PHP's
/// `Object(mysqli)`), a `,` and the opening quote of the password. An empty
/// password and a reference to where one is kept (`'${PASSWORD}'`) stay.
/// Out of line: most quotes open no such argument.
#[inline(never)]
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let (_, quote, before_quote) = values::plain_opening_quote(emitted)?;
    let before_argument = before_quote.strip_suffix(SOME).unwrap_or(before_quote);
    let (call, arguments) = call_before_arguments(before_argument)?;
    // The arguments before the password are read as far as the commas after a
    // call's parenthesis are counted (`push_string_arguments`).
    if !credential_call(call).is_some_and(|place| place.admits(arguments))
        || before_argument.len() - call.len() > MAX_ARGUMENTS_LEN
    {
        return None;
    }
    let end = values::quoted_end(text, at, quote);
    let password = &text[at..end];
    (!password.is_empty() && !wording::is_reference(password)).then_some(end)
}

/// The furthest place of a password in [`CREDENTIAL_CALLS`] (a [`Place::From`]
/// row's strings are taken as far).
const MAX_PASSWORD_PLACE: usize = 3;

/// `end`, or further: a redaction from `at` to `end` that swallowed a credential
/// call's name (an unquoted value that ran to its parenthesis or to the quote of
/// its first argument) takes the arguments along, through the password, since this
/// rule no longer sees the call.
pub(super) fn through_swallowed_password(text: &[u8], at: usize, end: usize) -> usize {
    let swallowed = &text[at..end];
    // A wrapped string's rule took the call and its first argument:
    // `.basic_auth("alice"` before `, Some("...")`.
    if text.get(end) == Some(&b',') && swallowed_call_and_first_argument(swallowed) {
        return keys::through_call_arguments(text, end);
    }
    // The redaction may have taken the first argument's opening quote along.
    let before_quote = match swallowed.split_last() {
        Some((b'\'' | b'"', before)) => before,
        _ => swallowed,
    };
    // The parenthesis stands right after the redaction, or went too, with some of
    // the arguments (a quoted value that ran to the quote of a later one).
    let call = if before_quote.len() == swallowed.len() && text.get(end) == Some(&b'(') {
        credential_call(swallowed).map(|place| (end, place))
    } else if matches!(before_quote.last(), Some(b'(' | b',' | b' ' | b'\t')) {
        call_before_arguments(before_quote)
            .and_then(|(call, _)| Some((at + call.len(), credential_call(call)?)))
    } else {
        None
    };
    let Some((parenthesis, place)) = call else {
        return end;
    };
    // A setter's password is its only argument (`session.setPassword("...")`).
    let arguments_end = if place == Place::At(0) {
        let first = parenthesis + 1 + values::spaces_at(text, parenthesis + 1);
        argument_end(text, first).map(|after| match after {
            Ok(after) => after + usize::from(text.get(after) == Some(&b')')),
            Err(unclosed) => unclosed,
        })
    } else {
        arguments_end(text, parenthesis + 1)
    };
    arguments_end.map_or(end, |arguments_end| arguments_end.max(end))
}

/// What stands before the parenthesis of the call whose arguments `bytes` ends
/// with, and how many arguments stand after it: none (`HTTPBasicAuth(`), or at most
/// [`MAX_PASSWORD_PLACE`] and the `,` after the last
/// (`mysqli_real_connect(Object(mysqli), `).
fn call_before_arguments(bytes: &[u8]) -> Option<(&[u8], usize)> {
    let mut before = values::trim_spaces_end(bytes);
    for arguments in 0..=MAX_PASSWORD_PLACE {
        if let Some(call) = before.strip_suffix(b"(") {
            return Some((call, arguments));
        }
        let last_argument = before.strip_suffix(b",")?;
        before = values::trim_spaces_end(before_argument_ending(values::trim_spaces_end(
            last_argument,
        ))?);
    }
    None
}

/// The end of a credential call's arguments from `first`, just after its
/// parenthesis: each a string, a name, PHP's `Object(mysqli)` or resource, or
/// reqwest's `Some("...")`, and the parenthesis that closes the call; where a
/// string runs to the line's end or a redaction, there. `None` when no `,` follows
/// the first, which may then be the start of something else.
pub(super) fn arguments_end(text: &[u8], first: usize) -> Option<usize> {
    let mut at = first;
    for index in 0..MAX_COMMAS {
        at += values::spaces_at(text, at);
        let after = match argument_end(text, at) {
            Some(Ok(after)) => after,
            Some(Err(unclosed)) => return Some(unclosed),
            None if index == 0 => return None,
            None => return Some(at),
        };
        match text.get(after) {
            Some(b',') => at = after + 1,
            Some(b')') if index > 0 => return Some(after + 1),
            _ if index > 0 => return Some(after),
            _ => return None,
        }
    }
    Some(at)
}

/// The end of the argument at `at`: `Ok` after it, `Err` where a string that never
/// closes stops (the line's end, a redaction), `None` when none stands there.
pub(super) fn argument_end(text: &[u8], at: usize) -> Option<Result<usize, usize>> {
    let (string, wrapped) = match text.get(at..)? {
        rest if rest.starts_with(SOME) => (at + SOME.len(), true),
        _ => (at, false),
    };
    if let Some((quote, opening)) = values::quote_at(text, string) {
        let closing = values::quoted_end(text, string + opening.len(), quote);
        if !text[closing..].starts_with(opening) {
            return Some(Err(closing));
        }
        let after = closing + opening.len();
        return Some(Ok(
            after + usize::from(wrapped && text.get(after) == Some(&b')'))
        ));
    }
    if wrapped {
        return None;
    }
    if text[at..].starts_with(RESOURCE) {
        let number = at + RESOURCE.len();
        let digits = text[number..]
            .iter()
            .take(MAX_RESOURCE_DIGITS)
            .take_while(|byte| byte.is_ascii_digit())
            .count();
        return Some(Ok(number + digits));
    }
    let name_len = leading_argument_name_len(&text[at..]);
    if name_len == 0 {
        return None;
    }
    let name_end = at + name_len;
    // PHP's `Object(mysqli)`: the class in its parentheses.
    if text.get(name_end) == Some(&b'(') {
        let closing = name_end + 1 + leading_argument_name_len(&text[name_end + 1..]);
        return (text.get(closing) == Some(&b')')).then_some(Ok(closing + 1));
    }
    Some(Ok(name_end))
}

/// How many of the bytes at the start of `bytes` make an argument's name.
fn leading_argument_name_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .take(MAX_ARGUMENTS_LEN)
        .take_while(|&&byte| is_argument_name_byte(byte))
        .count()
}

/// Whether `swallowed` ends with a credential call and its first argument, a
/// string.
fn swallowed_call_and_first_argument(swallowed: &[u8]) -> bool {
    matches!(swallowed.last(), Some(b'"' | b'\''))
        && before_argument_ending(swallowed)
            .is_some_and(|call| call.strip_suffix(b"(").is_some_and(is_credential_call))
}

/// What stands before the argument that `bytes` ends with: a string literal on the
/// same line, a name (`user`, `self.user`, `$this->user`, `NULL`) or PHP's
/// `Object(LDAP\Connection)`.
pub(super) fn before_argument_ending(bytes: &[u8]) -> Option<&[u8]> {
    if matches!(bytes.last()?, b'"' | b'\'') {
        return values::before_quoted_string(bytes, MAX_ARGUMENTS_LEN);
    }
    // PHP's resource (`Resource id #5`).
    let digits = values::trailing_digits(bytes, MAX_RESOURCE_DIGITS);
    if digits > 0
        && let Some(before) = bytes[..bytes.len() - digits].strip_suffix(RESOURCE)
    {
        return Some(before);
    }
    let name_end = match bytes.strip_suffix(b")") {
        Some(object) => {
            let class_len = trailing_argument_name_len(object);
            object[..object.len() - class_len].strip_suffix(b"(")?
        }
        None => bytes,
    };
    let name_len = trailing_argument_name_len(name_end);
    (name_len > 0).then(|| &name_end[..name_end.len() - name_len])
}

/// How PHP's stack traces write a resource argument, before its number.
const RESOURCE: &[u8] = b"Resource id #";

/// The most digits a resource's number is read with.
const MAX_RESOURCE_DIGITS: usize = 20;

/// How many of the bytes at the end of `bytes` make an argument's name.
fn trailing_argument_name_len(bytes: &[u8]) -> usize {
    bytes
        .iter()
        .rev()
        .take(MAX_ARGUMENTS_LEN)
        .take_while(|&&byte| is_argument_name_byte(byte))
        .count()
}

/// The bytes of an argument's name: letters, digits and `_ . $ \ - >` (`self.user`,
/// `$this->user`, `LDAP\Connection`).
fn is_argument_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b'$' | b'\\' | b'-' | b'>')
}

/// Which argument is the password of the credential call that `call` (what
/// stands before a call's parenthesis) ends with, if it ends with one.
fn credential_call(call: &[u8]) -> Option<Place> {
    let name_len = call
        .iter()
        .rev()
        .take(values::MAX_KEY_LEN)
        .take_while(|byte| byte.is_ascii_alphanumeric() || **byte == b'_')
        .count();
    let (before, name) = call.split_at(call.len() - name_len);
    CREDENTIAL_CALLS
        .iter()
        .find(|known| {
            known.name == name
                && match known.receiver {
                    Receiver::Any => true,
                    Receiver::Method => before.ends_with(b"."),
                    Receiver::Class(class) => before.ends_with(class),
                }
        })
        .map(|known| known.password)
}

/// Whether `call` (what stands before a call's parenthesis) is a credential call.
pub(super) fn is_credential_call(call: &[u8]) -> bool {
    credential_call(call).is_some()
}

#[cfg(test)]
mod tests {
    use super::super::redact;

    #[test]
    fn the_second_argument_of_a_credential_call_goes() {
        for (text, expected) in [
            (
                "    auth=HTTPBasicAuth('alice', 'hunter2'))",
                "    auth=[REDACTED])",
            ),
            (
                "    r = s.get(url, auth=HTTPDigestAuth(user, \"hunter2\"))",
                "    r = s.get(url, auth=[REDACTED])",
            ),
            (
                "HTTPBasicAuth('alice', 'hunter2')",
                "HTTPBasicAuth('alice', '[REDACTED]')",
            ),
            (
                "  File \"x.py\", line 3\n    requests.get(u, proxies=p, headers=h, verify=False, cert=HTTPProxyAuth(\"a,b\", \"hunter2\"))",
                "  File \"x.py\", line 3\n    requests.get(u, proxies=p, headers=h, verify=False, cert=HTTPProxyAuth(\"a,b\", \"[REDACTED]\"))",
            ),
            (
                "aiohttp.BasicAuth(self.login, 'hunter2', encoding='latin1')",
                "aiohttp.BasicAuth(self.login, '[REDACTED]', encoding='latin1')",
            ),
            (
                "req.SetBasicAuth(\"alice\", \"hunter2\")",
                "req.SetBasicAuth(\"alice\", \"[REDACTED]\")",
            ),
            (
                ".basic_auth(\"alice\", Some(\"hunter2\"))",
                ".basic_auth(\"alice\", Some(\"[REDACTED]\"))",
            ),
            (
                "main.go:41: smtp.PlainAuth(\"\", \"alerts@acme.io\", \"goSmtpPw\", \"smtp.acme.io\"): 535",
                "main.go:41: smtp.PlainAuth(\"\", \"alerts@acme.io\", \"[REDACTED]\", \"smtp.acme.io\"): 535",
            ),
            (
                "smtp.CRAMMD5Auth(\"alerts\", \"cramSecret1\")",
                "smtp.CRAMMD5Auth(\"alerts\", \"[REDACTED]\")",
            ),
            (
                "    server.login('me@gmail.com', 'abcd efgh ijkl mnop')\nsmtplib.SMTPAuthenticationError: (535, b'5.7.8')",
                "    server.login('me@gmail.com', '[REDACTED]')\nsmtplib.SMTPAuthenticationError: (535, b'5.7.8')",
            ),
            (
                "    ftp.login('anonymous', 'Tr0ub4dor3')",
                "    ftp.login('anonymous', '[REDACTED]')",
            ),
            (
                "if err := c.Login(\"alice@example.com\", \"c0rrect-h0rse\"); err != nil {",
                "if err := c.Login(\"alice@example.com\", \"[REDACTED]\"); err != nil {",
            ),
            // After a context or a host, the user goes with the password.
            (
                "c.Login(ctx, \"svc\", \"Pw123456\")",
                "c.Login(ctx, \"[REDACTED]\", \"[REDACTED]\")",
            ),
            (
                "s.login('host.example.com', 'root', 'Pw123456')",
                "s.login('host.example.com', '[REDACTED]', '[REDACTED]')",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn the_password_of_a_setter_or_builder_goes() {
        for (text, expected) in [
            (
                r#"JSchException: Auth fail session.setPassword("Lx8Wq4Kz6Rm2Nt5C")"#,
                r#"JSchException: Auth fail session.setPassword("[REDACTED]")"#,
            ),
            (
                r#"MongoServerError: db.changeUserPassword("app", "Lk2Xz7Wq8Rm3") denied"#,
                r#"MongoServerError: db.changeUserPassword("app", "[REDACTED]") denied"#,
            ),
            (
                "    user.set_password('hunter2')",
                "    user.set_password('[REDACTED]')",
            ),
            (
                r#"new PostgreSQLContainer<>("postgres:16").withPassword( "test1234")"#,
                r#"new PostgreSQLContainer<>("postgres:16").withPassword( "[REDACTED]")"#,
            ),
            (
                r#"Config::new().user("app").password("hunter2").connect(NoTls)"#,
                r#"Config::new().user("app").password("[REDACTED]").connect(NoTls)"#,
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
        // Not a literal, empty, a reference, a getter, a function of that name.
        for text in [
            r#"user.set_password(form.cleaned_data["password"])"#,
            r#".password("")"#,
            r#".setPassword(System.getenv("DB_PASSWORD"))"#,
            r#".setPassword("${DB_PASSWORD}")"#,
            r#"keyring.getPassword("service")"#,
            r#"password("hunter2")"#,
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }

    #[test]
    fn the_password_of_a_connection_in_a_stack_trace_goes() {
        for (text, expected) in [
            (
                "#0 /app/db.php(3): mysqli_connect('db', 'root', 'hunter2', 'app')",
                "#0 /app/db.php(3): mysqli_connect('db', 'root', '[REDACTED]', 'app')",
            ),
            (
                "#0 /app/db.php(3): mysqli->__construct('db', 'root', 'hunter2', 'app')",
                "#0 /app/db.php(3): mysqli->__construct('db', 'root', '[REDACTED]', 'app')",
            ),
            (
                "#1 /app/db.php(9): mysqli_real_connect(Object(mysqli), 'db', 'root', 'hunter2')",
                "#1 /app/db.php(9): mysqli_real_connect(Object(mysqli), 'db', 'root', '[REDACTED]')",
            ),
            (
                "#0 /app/ldap.php(12): ldap_bind(Object(LDAP\\Connection), 'cn=admin,dc=example,dc=org', 'hunter2')",
                "#0 /app/ldap.php(12): ldap_bind(Object(LDAP\\Connection), 'cn=admin,dc=example,dc=org', '[REDACTED]')",
            ),
            (
                "#0 /app/x.php(2): oci_connect('scott', 'tiger', '//db/XE')",
                "#0 /app/x.php(2): oci_connect('scott', '[REDACTED]', '//db/XE')",
            ),
            (
                "#0 /app/x.php(2): ssh2_auth_password(Resource id #4, 'deploy', 'hunter2')",
                "#0 /app/x.php(2): ssh2_auth_password(Resource id #4, 'deploy', '[REDACTED]')",
            ),
            (
                "#0 /app/x.php(2): mysql_connect('db', $user, 'hunter2')",
                "#0 /app/x.php(2): mysql_connect('db', $user, '[REDACTED]')",
            ),
            (
                "    conn.simple_bind_s(\"cn=admin,dc=example,dc=com\", \"hunter2\")",
                "    conn.simple_bind_s(\"cn=admin,dc=example,dc=com\", \"[REDACTED]\")",
            ),
            (
                "password: mysqli_connect('db', 'root', 'hunter2') failed",
                "password: [REDACTED] failed",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn a_redaction_that_swallowed_the_call_takes_the_password_along() {
        for (text, expected) in [
            (
                "PASSWORD ' HTTPBasicAuth('alice', 'hunter2'\n",
                "PASSWORD '[REDACTED]\n",
            ),
            (
                "ALTER USER x IDENTIFIED BY HTTPBasicAuth(user, Some(\"hunter2\")) and more",
                "ALTER USER x IDENTIFIED BY [REDACTED] and more",
            ),
            (
                "keytool -storepass .basic_auth(\"alice\", Some(\"hunter2\")) and more",
                "keytool -storepass [REDACTED] and more",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn other_calls_and_absent_passwords_stay() {
        for text in [
            "HTTPBasicAuth('alice', '')",
            "HTTPBasicAuth('alice', '${PASSWORD}')",
            ".basic_auth(\"alice\", None::<&str>)",
            "OAuth('client', 'scope')",
            "check_auth('alice', 'admin')",
            "BasicAuth is required, 'alice', 'bob'",
            "HTTPBasicAuth(\n'alice', 'x')",
            "mysqli_connect('db', 'root')",
            "mysqli_connect('db', 'root', NULL, 'app')",
            "mysqli_connect('db', 'hunter2')",
            "user_count('a', 'b', 'c')",
            "do_connect('a', 'b', 'c')",
            "simple_bind_s(who, 'x')",
            // A login's user alone, a function of that name (a test's helper), a
            // word ending so (`ftp_login` takes its password third), a variable.
            "user.login(\"bob\") failed",
            "login(\"admin\", \"admin123\")",
            "ftp_login($conn, 'alice')",
            "imap.login(USER, PASSWORD)",
            "open(\"file.txt\", \"r\")",
        ] {
            assert_eq!(redact(text), text);
        }
    }
}
