//! Where a secret may start, found without looking at every position.
//!
//! Every rule needs a particular byte near where its secret starts: the `=` or `:`
//! after a key (and before a quoted value, a URL's `//`, a header's scheme), the
//! `b` of `Bearer` and `Basic` (told by the `e` or `a` after it) and of SQL's
//! `IDENTIFIED BY` (the `y`), the first `-` of a command-line flag
//! (`--password`), the `sw` of `password` in any case, the `%` of a
//! percent-encoded `=`, the `n(` of a `login(` call, and in token prefixes a
//! `-`, `_`, `A` or `J` (`sk-`, `ghp_`, `AKIA`, `eyJ`); a token whose prefix has
//! none (`SK`, `dapi`, `hvs.`) is long, and found from the run it stands in.
//! `anchor_scan` finds those places; this module says, for each, where a secret
//! may start, so the rules are asked about a handful of positions instead of
//! every one.

use super::{
    anchor_scan, announced_lines, authorization, bot_tokens, changed_values, command_arguments,
    credential_calls, described_values, dsn, elements, encoded_pairs, escaped_urls, keys, names,
    netrc, numbered_quotes, paired_flags, pdo_arguments, prose_passwords, prose_secrets,
    setter_values, short_flags, sql, table_columns, token_starts, urls, user_password_flags,
    values, workflow_commands,
};
/// The longest distance from an anchor back to where its token starts (the `-` of
/// `xoxe.xoxp-`): a candidate further back than this from the next anchor is final.
pub(super) const MAX_LOOKBACK: usize = 16;

/// How a private key's block starts, and its dashes.
const PRIVATE_KEY_BEGIN: &[u8] = b"-----BEGIN ";
const PRIVATE_KEY_DASHES: &[u8] = b"-----";

/// How many spaces the rules accept around a separator (see `values::MAX_SPACES`).
const MAX_SPACES: usize = super::values::MAX_SPACES;

/// How far back the rules read the output before a separator (a key name, a URL
/// user). Where the output and the text agree that far back, the key can be judged
/// on the text and most separators give no candidate at all.
pub(super) const SEPARATOR_LOOKBACK: usize = 300;

/// What the scan notes of the anchors it passes, for those after them and for the
/// rules.
#[derive(Default)]
pub(super) struct Passed {
    /// Where the `://`s passed end.
    pub(super) authorities: urls::AuthorityStarts,
    /// The `@`s ahead of them, and the userinfo they end (read by the URL rules).
    pub(super) userinfo: urls::UserinfoScan,
    /// The command words passed whose arguments may hold a password.
    pub(super) commands: command_arguments::CommandWords,
    /// A call whose password follows other arguments was passed (`oci_connect(`,
    /// PDO's data source name): a redaction inside those arguments shortens what the
    /// rule reads, so it may reach a password further on than the commas were
    /// counted from the call.
    pub(super) argument_lists: bool,
}

/// Hands `push` every position where a secret may start because of the anchor at
/// `anchor`, whose byte is `anchor_byte`. More is harmless (the rules decide);
/// fewer would miss a secret.
///
/// `output_is_text` says that the output will hold the text itself for
/// `SEPARATOR_LOOKBACK` bytes before the anchor: nothing there is or can still be
/// redacted. Only then are keys judged here, on the text.
#[inline]
pub(super) fn candidates(
    text: &[u8],
    anchor: usize,
    anchor_byte: u8,
    output_is_text: bool,
    names: &names::NameMemo<'_>,
    passed: &mut Passed,
    push: &mut impl FnMut(usize),
) {
    let Passed {
        authorities,
        userinfo,
        commands,
        argument_lists,
    } = passed;
    match anchor_byte {
        separator @ (b'=' | b':') => {
            if output_is_text && is_path_colon(text, anchor, authorities) {
                return;
            }
            let before = &text[..anchor];
            let announced = if output_is_text {
                keys::announced_by_key_before(before, names)
            } else {
                keys::Announced {
                    value: true,
                    scheme: true,
                }
            };
            if separator == b'=' && setter_values::ends_with_last_letter(before) {
                // `gh secret set API_TOKEN --body=...`.
                setter_values::push_tight_value_start(text, anchor, push);
            }
            if announced.value || announced.scheme {
                // Known from the text: an `Authorization` header's value, whose
                // `Bearer` or `Basic` the rules keep (after a `=` any value goes).
                let header = output_is_text && announced.scheme && separator == b':';
                after_separator(
                    text,
                    anchor,
                    announced.value,
                    announced.scheme,
                    header,
                    push,
                );
            }
            if separator == b':' {
                if !output_is_text || authorities.user_ends_at(anchor) {
                    push(anchor + 1);
                }
                // The rules below read what stands right after the `:` (a bot's
                // secret, a driver's arguments, a password, a URL's `//`), and
                // most `:`s are followed by a blank.
                if text.get(anchor + 1).is_none_or(u8::is_ascii_whitespace) {
                    return;
                }
                bot_tokens::push_secret_start(text, anchor, push);
                if pdo_arguments::may_follow_driver(text, anchor) {
                    *argument_lists |= pdo_arguments::push_password_start(text, anchor, push);
                }
                // A data source name's password ends with an `@` (most text has
                // none ahead).
                if userinfo.at_sign_follows(text, anchor + 1)
                    && let Some(password) = dsn::password_start(text, anchor)
                {
                    push(password);
                }
                if let Some(password) = dsn::oracle_password_start(text, anchor) {
                    push(password);
                }
                // A scheme's `://`, or `:\/\/` inside a JSON string.
                if let Some(authority) = escaped_urls::authority_after(text, anchor) {
                    authorities.note(text, authority);
                    // A userinfo ends with an `@`, and most texts hold none after
                    // their URLs. (A token right after the `//` is found from its
                    // own anchor or run, like any other.)
                    if userinfo.at_sign_follows(text, authority) {
                        push(authority);
                    }
                    if let Some(secret) = urls::webhook_secret_start(text, authority) {
                        push(secret);
                    }
                }
            }
            // No token prefix holds a separator.
            return;
        }
        b'b' | b'B' => {
            // A private key's `-----BEGIN` after more dashes, whose dashes the
            // scan passed over inside their line (see `anchor_scan::is_inside_line`).
            if anchor > PRIVATE_KEY_DASHES.len()
                && text[anchor - PRIVATE_KEY_DASHES.len() - 1] == b'-'
                && text[anchor - PRIVATE_KEY_DASHES.len()..].starts_with(PRIVATE_KEY_BEGIN)
            {
                push(anchor - PRIVATE_KEY_DASHES.len());
            }
            if text
                .get(anchor + 1)
                .is_some_and(|&next| next | 0x20 == b'y')
            {
                sql::push_identified_start(text, anchor, push);
            } else {
                after_scheme(text, anchor, push);
            }
            // `b` is no token anchor.
            return;
        }
        b'>' => {
            elements::push_content_start(text, anchor, output_is_text, push);
            changed_values::push_new_value_start(text, anchor, push);
            // Nor is `>`.
            return;
        }
        // A full-width `：` or `＝` (CJK text writes `密码：...`).
        0xEF => {
            after_full_width_separator(text, anchor, output_is_text, names, push);
            // Nor is it a token anchor.
            return;
        }
        // The `%` of an encoded `=`.
        b'%' => {
            encoded_pairs::push_value_start(text, anchor, output_is_text, push);
            return;
        }
        b's' | b'S' => {
            if !anchor
                .checked_sub(1)
                .is_some_and(|before| anchor_scan::may_start_password_sw(text[before]))
            {
                return;
            }
            netrc::push_password_start(text, anchor, push);
            prose_passwords::push_password_start(text, anchor, push);
            described_values::push_value_start(text, anchor, push);
            announced_lines::push_password_start(text, anchor, push);
            setter_values::push_value_start(text, anchor, push);
            elements::push_value_start(text, anchor, push);
            sql::push_password_start(text, anchor, push);
            // A setter's or builder's `Password(` (`session.setPassword(`).
            if text[anchor + 1..].starts_with(b"word(") {
                *argument_lists |= credential_calls::push_password_start(text, anchor, push);
            }
            if command_arguments::may_stand_in_command(text, anchor) {
                command_arguments::push_argument_starts(text, anchor, commands, push);
            }
            // Nor is `s`.
            return;
        }
        // The `n(` of a `login(` call (`server.login("alice", "...")`).
        b'n' => {
            *argument_lists |= credential_calls::push_password_start_at(text, anchor + 1, push);
            // Nor is `n`.
            return;
        }
        // The words prose names a secret with.
        b'k' | b'K' | b'c' | b'C' | b'p' | b'P' => {
            prose_secrets::push_value_start(text, anchor, push);
            // None is a token anchor.
            return;
        }
        b'-' if text.get(anchor + 1) == Some(&b'-') => {
            if text[anchor..].starts_with(PRIVATE_KEY_BEGIN) {
                push(anchor);
            }
            // A table's rule, under a header that may name a secret's column.
            if table_columns::may_start_rule(text, anchor) {
                table_columns::push_secret_cells(text, anchor, push);
            }
            after_flag(text, anchor + 2, output_is_text, push);
            user_password_flags::push_password_start(text, anchor, push);
            if paired_flags::may_start_long_spelling(text, anchor) {
                paired_flags::push_long_password_start(text, anchor, push);
            }
        }
        b'-' => {
            if matches!(text.get(anchor + 1), Some(b'u' | b'U')) {
                user_password_flags::push_password_start(text, anchor, push);
            }
            // A flag starts a word: at the text's start, after a blank or a quote.
            // Most `-`s stand inside words (`Content-Type`, ids, dates).
            let starts_word = anchor
                .checked_sub(1)
                .is_none_or(|before| short_flags::starts_flag_after(text[before]));
            if starts_word {
                short_flags::push_password_start(text, anchor, push);
                paired_flags::push_password_start(text, anchor, push);
            }
            // PowerShell's `ConvertTo-SecureString`, ngrok's `add-authtoken`.
            if matches!(text.get(anchor + 1), Some(b'S' | b'a')) {
                command_arguments::push_argument_starts(text, anchor, commands, push);
            }
            // A workflow command's name (`::add-mask::`, `::set-output name=...::`).
            if workflow_commands::may_stand_in_command(text, anchor) {
                workflow_commands::push_value_start(text, anchor, push);
            }
            // A long flag written with one dash (`keytool -storepass`, PowerShell's
            // `-SecretKey`), where a word starts.
            if starts_word && text.get(anchor + 1).is_some_and(u8::is_ascii_alphabetic) {
                after_flag(text, anchor + 1, output_is_text, push);
            }
        }
        // A credential call's `Auth(`, or the `_` before its name's last word
        // (`_auth(`, `_connect(`), told from most `A`s and `_`s by the next byte.
        b'A' if text.get(anchor + 1) == Some(&b'u') => {
            *argument_lists |= credential_calls::push_password_start(text, anchor, push);
        }
        // Redis's `AUTH`, SASL's `PLAIN`, FTP's `PASS`.
        b'A' if matches!(text.get(anchor + 1), Some(b'U' | b'I' | b'S')) => {
            command_arguments::push_argument_starts(text, anchor, commands, push);
        }
        // `API key` in prose.
        b'A' if text.get(anchor + 1) == Some(&b'P') => {
            prose_passwords::push_api_key_start(text, anchor, push);
        }
        b'_' => {
            if credential_calls::may_start_last_word(text, anchor) {
                *argument_lists |= credential_calls::push_password_start(text, anchor, push);
            }
            if setter_values::may_start_secret_segment(text, anchor) {
                setter_values::push_value_start(text, anchor, push);
                described_values::push_value_start(text, anchor, push);
            }
            if command_arguments::may_stand_in_command(text, anchor) {
                command_arguments::push_argument_starts(text, anchor, commands, push);
            }
        }
        _ => {}
    }
    token_starts::push_starts_anchored_at(text, anchor, push);
}

/// The value after a full-width `：` or `＝` that starts at `anchor`, when the key
/// before it announces one: a key's separator as its ASCII form is, read by the
/// key rules only. Kept out of the scan's loop: only text that is not all ASCII
/// has these anchors.
#[cold]
#[inline(never)]
fn after_full_width_separator(
    text: &[u8],
    anchor: usize,
    output_is_text: bool,
    names: &names::NameMemo<'_>,
    push: &mut impl FnMut(usize),
) {
    let Some(separator) = values::full_width_separator_at(text, anchor) else {
        return;
    };
    let announced = if output_is_text {
        keys::announced_by_key_before(&text[..anchor], names)
    } else {
        keys::Announced {
            value: true,
            scheme: true,
        }
    };
    if announced.value || announced.scheme {
        // The form's last byte stands where the ASCII separator would.
        let header = output_is_text && announced.scheme && separator == b':';
        after_separator(
            text,
            anchor + 2,
            announced.value,
            announced.scheme,
            header,
            push,
        );
    }
}

/// Whether the byte at `anchor` is a `:` that separates nothing: half of a path's
/// `::`, where no URL's user may end (`redis://::/@host` has the password `:/`).
/// Asked only where the rules read the text itself in the output too. (A workflow
/// command's closing `::` is found from the `-` of its name: see
/// `workflow_commands`.)
#[inline]
pub(super) fn is_path_colon(
    text: &[u8],
    anchor: usize,
    authorities: &urls::AuthorityStarts,
) -> bool {
    text[anchor] == b':' && !authorities.may_end_before(anchor) && is_path_separator(text, anchor)
}

/// Whether the `:` at `colon` is half of a path's `::` (`github::search_issues`,
/// `std::io::Error`, `fe80::1`) and no URL's `://`.
#[inline]
fn is_path_separator(text: &[u8], colon: usize) -> bool {
    match text.get(colon + 1) {
        Some(b':') => true,
        Some(b'/') => false,
        _ => colon
            .checked_sub(1)
            .is_some_and(|before| text[before] == b':'),
    }
}

/// A key's value after its `=` or `:`, its spaces and its opening quote; and the
/// credential after an `Authorization` value's scheme word
/// (`Authorization: Token <credential>`). In a `header` known to be an
/// `Authorization` header, a `Bearer` or `Basic` scheme word is no value.
fn after_separator(
    text: &[u8],
    separator: usize,
    value: bool,
    scheme: bool,
    header: bool,
    push: &mut impl FnMut(usize),
) {
    let mut at = separator + 1;
    let mut push_value = |at: usize| {
        if value {
            push(at);
        }
    };
    // A hash rocket's `>` (`"password"=>"..."`) belongs to its separator.
    let rocket = text[separator] == b'=' && text.get(at) == Some(&b'>');
    if rocket {
        push_value(at);
        at += 1;
    }
    let spaces_start = at;
    while at - spaces_start < MAX_SPACES && matches!(text.get(at), Some(b' ' | b'\t')) {
        at += 1;
    }
    // PHP's `var_dump`: the string on the next line, after its type.
    if rocket && let Some(string) = values::var_dump_string_start(text, at) {
        push_value(string);
    }
    // Go's `spew` dump of a string (`Password: (string) (len=24) "..."`).
    if text.get(at) == Some(&b'(')
        && let Some(string) = values::spew_string_start(text, at)
    {
        push_value(string);
    }
    // A YAML type tag (`!!str ...`): the value follows it.
    if text.get(at) == Some(&b'!')
        && let Some(value) = values::after_type_tag(text, at)
    {
        push_value(value);
        if let Some((_, quote)) = values::quote_at(text, value) {
            push_value(value + quote.len());
        }
    }
    let scheme_len = if scheme {
        authorization::scheme_len(&text[at.min(text.len())..])
    } else {
        0
    };
    // `Authorization: Bearer <credential>`: the scheme word is no credential (the
    // rules keep it), the credential after it is.
    let bearer_or_basic = header
        && matches!(text.get(at + scheme_len), Some(b' ' | b'\t'))
        && (text[at..at + scheme_len].eq_ignore_ascii_case(b"bearer")
            || text[at..at + scheme_len].eq_ignore_ascii_case(b"basic"));
    // An unquoted value never starts with a space: only where the spaces end.
    if !bearer_or_basic && !matches!(text.get(at), Some(b' ' | b'\t')) {
        push_value(at);
    }
    match text.get(at) {
        Some(b'"' | b'\'' | b'`') => push_value(at + 1),
        // A Python bytes, text or raw literal (`b'...'`, `u'...'`, `r'...'`).
        Some(b'b' | b'u' | b'r') if matches!(text.get(at + 1), Some(b'"' | b'\'')) => {
            push_value(at + 2)
        }
        // A quote written as an HTML entity (`&quot;`).
        Some(b'&') => {
            if let Some(len) = values::entity_quote_len(text, at) {
                push_value(at + len);
            }
        }
        // An escaped quote, once or twice (`\"`, `\\\"`), or one that JSON escapes by
        // number (`\u0022`).
        Some(b'\\') => {
            let backslashes = text[at..].iter().take_while(|&&byte| byte == b'\\').count();
            if text.get(at + backslashes) == Some(&b'"') {
                push_value(at + backslashes + 1);
            }
            if let Some(len) = numbered_quotes::len_at(text, at) {
                push_value(at + len);
            }
        }
        _ => {}
    }
    if scheme_len > 0 {
        push_after_spaces(text, at + scheme_len, push);
    }
}

/// The value after a command-line flag whose name starts at `name_start`
/// (`--password hunter2`, `-storepass hunter2`), its spaces and its opening quote.
/// The flag's name is ahead of the anchor, in the text; when the output may differ
/// from the text, every flag is a candidate.
fn after_flag(text: &[u8], name_start: usize, output_is_text: bool, push: &mut impl FnMut(usize)) {
    let name_len = text[name_start..]
        .iter()
        .take(values::MAX_KEY_LEN)
        .take_while(|&&byte| values::is_key_byte(byte))
        .count();
    let name = &text[name_start..name_start + name_len];
    if name_len > 0
        && (!output_is_text
            || (names::is_secret_name(name) && !user_password_flags::is_long_flag_name(name))
            || setter_values::is_command_flag_name(name)
            || keys::is_abbreviated_password_flag(name))
    {
        let name_end = name_start + name_len;
        after_separator(text, name_end - 1, true, false, false, push);
        // An argument list's next item (`'--password', '...'`).
        if let Some(&quote @ (b'"' | b'\'')) = text.get(name_end)
            && text.get(name_end + 1) == Some(&b',')
        {
            let item = name_end + 2 + values::spaces_at(text, name_end + 2);
            if text.get(item) == Some(&quote) {
                push(item + 1);
            }
        }
        // A YAML list's next item, on the next line (`- --token` then `- ...`), or
        // after blanks where the text was made one line.
        if let Some(item) = values::yaml_next_item(text, name_end) {
            push(item);
            if let Some((_, quote)) = values::quote_at(text, item) {
                push(item + quote.len());
            }
        }
    }
}

/// A credential after `Bearer` or `Basic` and its spaces.
#[inline]
fn after_scheme(text: &[u8], scheme: usize, push: &mut impl FnMut(usize)) {
    let rest = &text[scheme..];
    let word_end = if starts_with_word(rest, b"bearer") {
        scheme + b"bearer".len()
    } else if starts_with_word(rest, b"basic") {
        scheme + b"basic".len()
    } else {
        return;
    };
    // The credential may stand on the next line (`Bearer\n  eyJ...`).
    let after = push_after_spaces(text, word_end, push);
    let line_break = match text.get(after..) {
        Some([b'\r', b'\n', ..]) => 2,
        Some([b'\n', ..]) => 1,
        _ => return,
    };
    push_after_spaces(text, after + line_break, push);
}

/// Whether `text` starts with `word` (lowercase letters), ignoring ASCII case:
/// setting bit 5 lowers exactly the capitals of letters onto them, and moves no
/// other byte onto a letter.
fn starts_with_word<const LEN: usize>(text: &[u8], word: &[u8; LEN]) -> bool {
    text.first_chunk::<LEN>().is_some_and(|found| {
        found
            .iter()
            .zip(word)
            .all(|(&byte, &letter)| byte | 0x20 == letter)
    })
}

/// Pushes the position after the spaces (at most `MAX_SPACES`) that follow `at`,
/// where a credential would start; returns it.
fn push_after_spaces(text: &[u8], at: usize, push: &mut impl FnMut(usize)) -> usize {
    let mut after = at;
    while after - at < MAX_SPACES && matches!(text.get(after), Some(b' ' | b'\t')) {
        after += 1;
    }
    push(after);
    after
}

#[cfg(test)]
mod tests {
    use super::candidates;

    fn candidates_of(text: &str, anchor: usize) -> Vec<usize> {
        let mut found = Vec::new();
        let names = super::names::NameMemo::new(text.as_bytes());
        let mut passed = super::Passed::default();
        // The `://`s before the anchor, as the scan notes them.
        for (at, _) in text.match_indices("://").filter(|&(at, _)| at < anchor) {
            passed.authorities.note(text.as_bytes(), at + 3);
        }
        candidates(
            text.as_bytes(),
            anchor,
            text.as_bytes()[anchor],
            true,
            &names,
            &mut passed,
            &mut |at| found.push(at),
        );
        found.sort_unstable();
        found.dedup();
        found
    }

    #[test]
    fn candidates_follow_each_anchor() {
        assert_eq!(candidates_of("password=x", 8), vec![9]);
        // An unquoted value starts where the spaces end; a quoted one inside its
        // quote.
        assert_eq!(candidates_of("\"api_key\": \"x\"", 9), vec![11, 12]);
        assert_eq!(candidates_of("Authorization:  Token x", 13), vec![16, 22]);
        // `Bearer` and `Basic` are no credential: only what follows them is.
        assert_eq!(candidates_of("Authorization: Bearer x", 13), vec![22]);
        assert_eq!(candidates_of("Authorization: Bearerx", 13), vec![15, 22]);
        assert_eq!(candidates_of("Bearer  x", 0), vec![8]);
        assert_eq!(candidates_of("https://u:p@h", 5), vec![8]);
        // No `@` ahead: no userinfo.
        assert_eq!(candidates_of("https://u", 5), Vec::<usize>::new());
        assert_eq!(candidates_of("postgres://app:pw@db", 14), vec![15]);
        assert_eq!(candidates_of(" sk-abc", 3), vec![1]);
        assert_eq!(candidates_of("x eyJhb", 4), vec![2]);
        assert_eq!(candidates_of("-----BEGIN RSA", 0), vec![0]);
    }

    #[test]
    fn separators_of_ordinary_keys_give_nothing_unless_a_redaction_is_near() {
        assert_eq!(candidates_of("status=502", 6), Vec::<usize>::new());
        assert_eq!(candidates_of("time 12:30", 7), Vec::<usize>::new());
        let mut found = Vec::new();
        let names = super::names::NameMemo::new(b"status=502");
        let mut passed = super::Passed::default();
        candidates(
            b"status=502",
            6,
            b'=',
            false,
            &names,
            &mut passed,
            &mut |at| found.push(at),
        );
        assert!(found.contains(&7));
    }
}
