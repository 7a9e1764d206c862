//! Passwords passed to the calls that build HTTP credentials, as a traceback's
//! source line or a log quotes them: Python's `HTTPBasicAuth('alice', 'hunter2')`
//! (and `HTTPDigestAuth`, `HTTPProxyAuth`, aiohttp's and httpx's `BasicAuth` and
//! `DigestAuth`), Go's
//! `req.SetBasicAuth("alice", "hunter2")` and reqwest's `.basic_auth("alice",
//! Some("hunter2"))`. The password is the second argument, a string literal; the
//! user stays. Found from the `A` of `Auth(` or the `_` of `_auth(`.

use super::keys;
use super::values;
use super::wording;

/// How far after a call's parenthesis its second argument is looked for.
const MAX_ARGUMENTS_LEN: usize = 256;

/// How many commas after the parenthesis may start the second argument (the first
/// argument's string may hold some).
const MAX_COMMAS: usize = 4;

/// What a second argument may open with before its string: reqwest's
/// `Option<String>` password.
const SOME: &[u8] = b"Some(";

/// Hands `push` where a credential call's second string argument may start, when
/// the anchor at `anchor` opens the call's `Auth(` or `_auth(`. More is harmless: the
/// rule decides on the output.
#[inline(never)]
pub(super) fn push_password_start(text: &[u8], anchor: usize, push: &mut impl FnMut(usize)) {
    let rest = &text[anchor..];
    let arguments = if rest.starts_with(b"Auth(") {
        anchor + b"Auth(".len()
    } else if rest.starts_with(b"_auth(") {
        anchor + b"_auth(".len()
    } else {
        return;
    };
    let window_end = text.len().min(arguments + MAX_ARGUMENTS_LEN);
    let mut commas = 0;
    for at in arguments..window_end {
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
                if commas == MAX_COMMAS {
                    return;
                }
            }
            _ => {}
        }
    }
}

/// The end of the password that starts at `at`, when `emitted` ends with a
/// credential call, its first argument (a string or a name), a `,` and the opening
/// quote of the second. An empty password and a reference to where one is kept
/// (`'${PASSWORD}'`) stay.
/// Out of line: most quotes open no such argument.
#[inline(never)]
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let (_, quote, before_quote) = values::plain_opening_quote(emitted)?;
    let before_argument = before_quote.strip_suffix(SOME).unwrap_or(before_quote);
    let first_argument = values::trim_spaces_end(before_argument).strip_suffix(b",")?;
    let call = values::trim_spaces_end(before_first_argument(values::trim_spaces_end(
        first_argument,
    ))?);
    if !is_credential_call(call.strip_suffix(b"(")?) {
        return None;
    }
    let end = values::quoted_end(text, at, quote);
    let password = &text[at..end];
    (!password.is_empty() && !wording::is_reference(password)).then_some(end)
}

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
    // The parenthesis went too, or stands right after the redaction.
    let name = match before_quote.strip_suffix(b"(") {
        Some(name) => name,
        None if before_quote.len() == swallowed.len() && text.get(end) == Some(&b'(') => swallowed,
        None => return end,
    };
    if !is_credential_call(name) {
        return end;
    }
    arguments_end(text, at + name.len() + 1).map_or(end, |arguments_end| arguments_end.max(end))
}

/// The end of a credential call's arguments from `first`: the first (a string or
/// a name), the string arguments after it and the call's parenthesis; `None` when
/// no `,` follows the first, which may then be the start of something else.
fn arguments_end(text: &[u8], first: usize) -> Option<usize> {
    let first = first + values::spaces_at(text, first);
    let after_first = match values::quote_at(text, first) {
        Some((quote, opening)) => {
            let closing = values::quoted_end(text, first + opening.len(), quote);
            if !text[closing..].starts_with(opening) {
                return Some(closing);
            }
            closing + opening.len()
        }
        None => {
            first
                + text[first..]
                    .iter()
                    .take(MAX_ARGUMENTS_LEN)
                    .take_while(|&&byte| {
                        byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.')
                    })
                    .count()
        }
    };
    (text.get(after_first) == Some(&b',')).then(|| keys::through_call_arguments(text, after_first))
}

/// Whether `swallowed` ends with a credential call and its first argument, a
/// string.
fn swallowed_call_and_first_argument(swallowed: &[u8]) -> bool {
    matches!(swallowed.last(), Some(b'"' | b'\''))
        && before_first_argument(swallowed)
            .is_some_and(|call| call.strip_suffix(b"(").is_some_and(is_credential_call))
}

/// What stands before the argument that `bytes` ends with: a string literal on the
/// same line, or a name (`user`, `self.user`).
fn before_first_argument(bytes: &[u8]) -> Option<&[u8]> {
    let (&last, inside) = bytes.split_last()?;
    if matches!(last, b'"' | b'\'') {
        let opening = inside
            .iter()
            .rev()
            .take(MAX_ARGUMENTS_LEN)
            .position(|&byte| byte == last || byte == b'\n')?;
        let opening = inside.len() - 1 - opening;
        return (inside[opening] == last).then(|| &inside[..opening]);
    }
    let name_len = bytes
        .iter()
        .rev()
        .take(MAX_ARGUMENTS_LEN)
        .take_while(|&&byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.'))
        .count();
    (name_len > 0).then(|| &bytes[..bytes.len() - name_len])
}

/// The calls that build HTTP credentials from a user and a password: requests'
/// and httpx's, aiohttp's, Go's `net/http`.
const CREDENTIAL_CALLS: [&[u8]; 6] = [
    b"HTTPBasicAuth",
    b"HTTPDigestAuth",
    b"HTTPProxyAuth",
    b"BasicAuth",
    b"DigestAuth",
    b"SetBasicAuth",
];

/// Whether `call` (what stands before a call's parenthesis) builds a credential:
/// its name is one of [`CREDENTIAL_CALLS`], or reqwest's method `.basic_auth`.
pub(super) fn is_credential_call(call: &[u8]) -> bool {
    let name_len = call
        .iter()
        .rev()
        .take_while(|byte| byte.is_ascii_alphanumeric() || **byte == b'_')
        .count();
    let (before, name) = call.split_at(call.len() - name_len);
    CREDENTIAL_CALLS.contains(&name) || (name == b"basic_auth" && before.ends_with(b"."))
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
        ] {
            assert_eq!(redact(text), text);
        }
    }
}
