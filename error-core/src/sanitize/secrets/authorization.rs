//! Credentials after an HTTP authentication scheme: `Bearer <token>` and
//! `Basic <base64>` wherever they appear, and any scheme's credential in an
//! `Authorization` header (`Authorization: Token abc`, `Authorization: Digest ...`).

use super::{aws_key_pairs, keys, names};
use super::{values, wording};

/// Shortest credential redacted after a bare `Bearer` or `Basic`: shorter text
/// there is wording (`Bearer token`), not a credential.
const MIN_SCHEME_CREDENTIAL: usize = 8;

/// Longest word accepted as the scheme of an `Authorization` value.
const MAX_SCHEME_LEN: usize = 24;

/// The end of a `Bearer` or `Basic` credential that starts at `at`.
pub(super) fn bearer_credential_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let before_spaces = values::trim_spaces_end(emitted);
    if before_spaces.len() == emitted.len() && !emitted.ends_with(b"\n") {
        return None;
    }
    // The credential may stand on the next line (`Bearer\n  eyJ...`).
    let before_spaces = match before_spaces
        .strip_suffix(b"\n")
        .map(|before| before.strip_suffix(b"\r").unwrap_or(before))
    {
        Some(before_break) => values::trim_spaces_end(before_break),
        None => before_spaces,
    };
    if ![b"bearer".as_slice(), b"basic"]
        .iter()
        .any(|scheme| ends_with_word_ignoring_case(before_spaces, scheme))
    {
        return None;
    }
    let end = b64token_end(text, at);
    let credential = &text[at..end];
    if starts_with_separator(credential) {
        return None;
    }
    (credential.len() >= MIN_SCHEME_CREDENTIAL && !wording::is_plain_word(credential))
        .then_some(end)
}

/// The end of the credential in an `Authorization` value whose scheme `emitted`
/// ends with: `Authorization: <scheme> <credential>`.
pub(super) fn scheme_credential_end(
    emitted: &[u8],
    text: &[u8],
    at: usize,
    names: &names::NameMemo<'_>,
) -> Option<usize> {
    let before_spaces = values::trim_spaces_end(emitted);
    if before_spaces.len() == emitted.len() {
        return None;
    }
    let scheme = scheme_ending(before_spaces)?;
    let before_scheme =
        values::trim_spaces_end(&before_spaces[..before_spaces.len() - scheme.len()]);
    let (separator, before_separator) = values::split_last_separator(before_scheme)?;
    if separator != b':' && separator != b'=' {
        return None;
    }
    if !keys::is_authorization_key_before(before_separator, separator, scheme, names) {
        return None;
    }
    let end = (!takes_one_token(scheme))
        .then(|| auth_params_end(text, at))
        .flatten()
        .unwrap_or_else(|| values::unquoted_end(text, at));
    let credential = &text[at..end];
    // In a header, a scheme is followed by a credential, not prose: only wording
    // (`Authorization: Bearer missing`) and a reference to where the credential is
    // kept (`Bearer ${API_TOKEN}`, `Bearer $(gcloud auth print-access-token)`) stay.
    (!credential.is_empty()
        && !starts_with_separator(credential)
        && !wording::is_wording(credential)
        && !wording::is_reference(credential))
    .then_some(end)
}

/// The scheme word that `bytes` ends with: 1 to `MAX_SCHEME_LEN` letters, words
/// joined by `-` (a vendor's `Api-Key`, `Key-Auth`).
fn scheme_ending(bytes: &[u8]) -> Option<&[u8]> {
    let letters_before = |end: usize| {
        bytes[..end]
            .iter()
            .rev()
            .take(MAX_SCHEME_LEN + 1)
            .take_while(|byte| byte.is_ascii_alphabetic())
            .count()
    };
    let mut len = letters_before(bytes.len());
    // Each `-` with a word before it joins one more.
    while len > 0
        && len <= MAX_SCHEME_LEN
        && bytes.len() > len
        && bytes[bytes.len() - len - 1] == b'-'
    {
        let word = letters_before(bytes.len() - len - 1);
        if word == 0 {
            break;
        }
        len += 1 + word;
    }
    (1..=MAX_SCHEME_LEN)
        .contains(&len)
        .then(|| &bytes[bytes.len() - len..])
}

/// The length of the scheme word that starts `bytes` (see [`scheme_ending`]): its
/// letters and the `-`s that join its words, at most `MAX_SCHEME_LEN` bytes.
pub(super) fn scheme_len(bytes: &[u8]) -> usize {
    let letters_from = |start: usize| {
        bytes[start..]
            .iter()
            .take(MAX_SCHEME_LEN)
            .take_while(|byte| byte.is_ascii_alphabetic())
            .count()
    };
    let mut len = letters_from(0);
    while len > 0 && len < MAX_SCHEME_LEN && bytes.get(len) == Some(&b'-') {
        let word = letters_from(len + 1);
        if word == 0 {
            break;
        }
        len += 1 + word;
    }
    len.min(MAX_SCHEME_LEN)
}

/// Whether a scheme takes one token: `Bearer` and `Basic` do; other schemes may
/// take a parameter list (`Digest username="u", response="..."`).
fn takes_one_token(scheme: &[u8]) -> bool {
    scheme.eq_ignore_ascii_case(b"bearer") || scheme.eq_ignore_ascii_case(b"basic")
}

/// The end of the parameter list that starts at `at`, after the scheme word that
/// ends at `scheme_end`, when that scheme may take one and a list stands there.
pub(super) fn parameters_after_scheme_end(
    text: &[u8],
    scheme_end: usize,
    at: usize,
) -> Option<usize> {
    if takes_one_token(scheme_ending(&text[..scheme_end])?) {
        return None;
    }
    auth_params_end(text, at)
}

/// The end of a list of authentication parameters that starts at `at`
/// (`username="u", realm="r", response="6629..."`: Digest, AWS, OAuth 1), when one
/// does: every parameter goes, since any of them may be the credential.
fn auth_params_end(text: &[u8], at: usize) -> Option<usize> {
    let mut end = at;
    let mut params = 0;
    loop {
        let name_len = text[end..]
            .iter()
            .take(values::MAX_KEY_LEN)
            .take_while(|&&byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-'))
            .count();
        if name_len == 0 || text.get(end + name_len) != Some(&b'=') {
            break;
        }
        let value = end + name_len + 1;
        let value_end = match text.get(value) {
            Some(b'"') => {
                let closing = values::quoted_end(text, value + 1, values::Quote::Double);
                closing + usize::from(text.get(closing) == Some(&b'"'))
            }
            _ => b64token_end(text, value),
        };
        params += 1;
        end = value_end;
        let separator = text[end..]
            .iter()
            .take(values::MAX_SPACES)
            .take_while(|&&byte| matches!(byte, b',' | b' ' | b'\t'))
            .count();
        if !text[end..end + separator].contains(&b',') {
            break;
        }
        end += separator;
    }
    // A lone `key=value` is a credential like any other; a list needs a quote or a
    // comma to be one.
    (params > 1 || text[at..end].contains(&b'"')).then(|| {
        // Not past trailing spaces and commas.
        at + text[at..end]
            .iter()
            .rposition(|&byte| !matches!(byte, b',' | b' ' | b'\t'))
            .map_or(0, |last| last + 1)
    })
}

/// `end`, or further: a redacted value that ends with `Bearer` or `Basic`
/// (`password=Bearer abc123...`) swallowed the scheme of the credential that
/// follows, which must then go too (and so on, when that is a scheme again). So
/// did an `Authorization` key's value that is a scheme word alone
/// (`Authorization=Api-Key abc...`, where any value after a tight `=` goes).
pub(super) fn through_swallowed_credential(text: &[u8], at: usize, mut end: usize) -> usize {
    if let Some(credential_end) = swallowed_scheme_credential_end(text, at, end) {
        end = credential_end;
    }
    let mut start = at;
    while [b"bearer".as_slice(), b"basic"].iter().any(|scheme| {
        end - start >= scheme.len() && text[end - scheme.len()..end].eq_ignore_ascii_case(scheme)
    }) {
        let spaces = values::spaces_at(text, end);
        let credential_end = b64token_end(text, end + spaces);
        // A key (`Bearer Cookie: a=b`) is not a credential: its own rule reads it.
        if spaces == 0 || credential_end == end + spaces || text.get(credential_end) == Some(&b':')
        {
            break;
        }
        (start, end) = (end + spaces, credential_end);
    }
    end
}

/// The end of the credential after the redacted value `text[at..end]`, when that
/// value is an `Authorization` key's and a scheme word alone (`SSWS`, `Api-Key`,
/// `Digest`): what the header's rule takes after the scheme
/// (`scheme_credential_end`), which no longer sees it once the scheme went: a
/// parameter list, or a token that is no plain word.
fn swallowed_scheme_credential_end(text: &[u8], at: usize, end: usize) -> Option<usize> {
    let scheme = &text[at..end];
    // Most redactions are longer than a scheme, or end where no space follows.
    if !(1..=MAX_SCHEME_LEN).contains(&scheme.len())
        || !matches!(text.get(end), Some(b' ' | b'\t'))
        || scheme_len(scheme) != scheme.len()
        || takes_one_token(scheme)
    {
        return None;
    }
    let (separator, before_separator) =
        values::split_last_separator(values::trim_spaces_end(&text[..at]))?;
    if separator != b':' && separator != b'=' {
        return None;
    }
    if !keys::is_authorization_key_before(
        before_separator,
        separator,
        scheme,
        &names::NameMemo::new(text),
    ) {
        return None;
    }
    let credential_start = end + values::spaces_at(text, end);
    if let Some(parameters_end) = auth_params_end(text, credential_start) {
        return Some(parameters_end);
    }
    // A token, as after `Bearer`: what the rules after this one read (a key, a
    // command's words, `login alice password ...`, an access key id whose secret
    // follows) must stay for them.
    if aws_key_pairs::key_id_at(text, credential_start) {
        return None;
    }
    let credential_end = b64token_end(text, credential_start);
    let credential = &text[credential_start..credential_end];
    (credential.len() >= MIN_SCHEME_CREDENTIAL
        && text.get(credential_end) != Some(&b':')
        && !starts_with_separator(credential)
        && !wording::is_plain_word(credential))
    .then_some(credential_end)
}

/// A credential never starts with `=` or `:`; text that does is the separator of
/// a key the scheme word turned out to be (`Authorization= password = ...`).
fn starts_with_separator(credential: &[u8]) -> bool {
    matches!(credential.first(), Some(b'=' | b':'))
}

/// The end of an RFC 6750 `b64token`: letters, digits and `-._~+/=`.
fn b64token_end(text: &[u8], at: usize) -> usize {
    text[at..]
        .iter()
        .position(|byte| {
            !(byte.is_ascii_alphanumeric()
                || matches!(byte, b'-' | b'.' | b'_' | b'~' | b'+' | b'/' | b'='))
        })
        .map_or(text.len(), |offset| at + offset)
}

/// Whether `text` ends with `word` (ASCII case ignored) where a scheme stands: at
/// the start of a value (after a space, a quote, a bracket or a header's `:`), not
/// as the value of a key (`token_type=bearer`) or inside a name.
fn ends_with_word_ignoring_case(text: &[u8], word: &[u8]) -> bool {
    let Some(start) = text.len().checked_sub(word.len()) else {
        return false;
    };
    text[start..].eq_ignore_ascii_case(word)
        && (start == 0
            || matches!(
                text[start - 1],
                b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\'' | b':' | b'(' | b'[' | b'{' | b','
            ))
}

#[cfg(test)]
mod tests {
    use super::{bearer_credential_end, scheme_credential_end, through_swallowed_credential};

    #[test]
    fn a_value_that_swallowed_a_scheme_takes_its_credential_along() {
        let text = b"password=Bearer a1b2c3d4e5 next";
        assert_eq!(through_swallowed_credential(text, 9, 15), 26);
        assert_eq!(through_swallowed_credential(b"x=basic", 2, 7), 7);
        assert_eq!(through_swallowed_credential(b"x=abc def", 2, 5), 5);
        assert_eq!(
            through_swallowed_credential(b"x=Bearer Bearer a1b2", 2, 8),
            20
        );
        assert_eq!(
            through_swallowed_credential(b"x=Bearer Cookie: a=b", 2, 8),
            8
        );
        // An `Authorization` key's value that is a scheme word alone.
        let text = b"Authorization=Api-Key a1b2c3d4e5 next";
        assert_eq!(through_swallowed_credential(text, 14, 21), 32);
        assert_eq!(
            through_swallowed_credential(b"X-Reason=Api-Key a1b2", 9, 16),
            16
        );
        assert_eq!(
            through_swallowed_credential(b"Authorization=Api-Key", 14, 21),
            21
        );
        assert_eq!(
            through_swallowed_credential(b"Authorization=Api-Key missing", 14, 21),
            21
        );
        assert_eq!(
            through_swallowed_credential(b"Authorization=Api-Key next: 1", 14, 21),
            21
        );
    }

    fn bearer(emitted: &str, text: &str) -> Option<usize> {
        bearer_credential_end(emitted.as_bytes(), text.as_bytes(), 0)
    }

    #[test]
    fn bearer_and_basic_credentials_are_found_anywhere() {
        assert_eq!(
            bearer("Authorization: Bearer ", "eyJhbGciOi.x.y z"),
            Some(14)
        );
        assert_eq!(
            bearer("curl -H 'bearer ", "2YotnFZFEjr1zCsicMWpAA'"),
            Some(22)
        );
        assert_eq!(bearer("Basic ", "dXNlcjpwYXNzd29yZA=="), Some(20));
    }

    #[test]
    fn wording_after_bearer_stays() {
        assert_eq!(bearer("missing Bearer ", "token"), None);
        assert_eq!(bearer("Bearer ", "invalid_token"), None);
        assert_eq!(bearer("Bearer ", "abc123"), None);
        assert_eq!(bearer("unbearer ", "abc123def456"), None);
        assert_eq!(bearer("Bearer", "abc123def456"), None);
        assert_eq!(bearer("token_type=bearer ", "expires_in=3600"), None);
    }

    #[test]
    fn any_scheme_of_an_authorization_header_is_followed_by_its_credential() {
        let end = |emitted: &str, text: &str| {
            scheme_credential_end(
                emitted.as_bytes(),
                text.as_bytes(),
                0,
                &super::names::NameMemo::new(text.as_bytes()),
            )
        };
        assert_eq!(end("Authorization: Token ", "abc1 x"), Some(4));
        assert_eq!(end("proxy-authorization=Digest ", "u=1,"), Some(3));
        assert_eq!(end("Authorization:  ", "Token abc"), None);
        assert_eq!(end("X-Reason: Token ", "abc"), None);
        assert_eq!(end("Authorization= password ", "= x"), None);
        assert_eq!(
            end("Authorization:a ", "Bearer x"),
            None,
            "a scheme, not a credential"
        );
    }
}
