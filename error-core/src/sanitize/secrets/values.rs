//! What a value looks like where a key, a scheme or a URL announces a secret: where
//! it ends, whether it is quoted, and whether it is an ordinary word.
//!
//! Every scan here stops at an existing `[REDACTED]`: text that was redacted once
//! must read, the second time, like a value that ended there. That is what keeps
//! redaction idempotent without a second pass.

use super::super::REDACTED;

/// Longest key name looked at; a longer name is judged by its last characters.
pub(super) const MAX_KEY_LEN: usize = 64;

/// How many spaces may stand around a `=` or `:` between a key and its value.
pub(super) const MAX_SPACES: usize = 4;

/// The quote that opens a quoted value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Quote {
    /// `"value"`: JSON, YAML, shell.
    Double,
    /// `'value'`: Python reprs, YAML, shell.
    Single,
    /// `\"value\"`: JSON quoted inside a JSON string.
    EscapedDouble,
}

/// Bytes that end an unquoted value: whitespace, quotes, the separators of query
/// strings, cookies and lists, and brackets that close an enclosing structure.
pub(super) const fn ends_unquoted_value(byte: u8) -> bool {
    matches!(
        byte,
        b' ' | b'\t'
            | b'\n'
            | b'\r'
            | 0x0B
            | 0x0C
            | b'&'
            | b','
            | b';'
            | b'"'
            | b'\''
            | b'`'
            | b'('
            | b')'
            | b'{'
            | b'}'
            | b'<'
            | b'>'
    )
}

/// Whether `text[at..]` starts with the redaction placeholder, or with the part
/// of it that a cut left at the very end of the text (`[REDAC`): a placeholder cut
/// by the window must read like the whole one, or the next pass would redact it.
pub(super) fn is_redacted_at(text: &[u8], at: usize) -> bool {
    text.get(at..).is_some_and(|rest| {
        !rest.is_empty()
            && (rest.starts_with(REDACTED.as_bytes()) || REDACTED.as_bytes().starts_with(rest))
    })
}

/// The end of the unquoted value that starts at `at`. A `:` before whitespace ends
/// it too: in `password= token: abc` the value of `password` is missing and `token`
/// is the next key, whose value must not hide inside this one.
pub(super) fn unquoted_end(text: &[u8], at: usize) -> usize {
    /// The bytes that end a value, or may: `[` and `:` do in context.
    const MAY_END: [bool; 256] =
        byte_table!(|byte| ends_unquoted_value(byte) || matches!(byte, b'[' | b':'));
    let mut end = at;
    while let Some(&byte) = text.get(end) {
        if MAY_END[usize::from(byte)] {
            let ends = match byte {
                b'[' => is_redacted_at(text, end),
                // At the end of the text too, so that a cut right after the `:` reads
                // the same on the next pass.
                b':' => text.get(end + 1).is_none_or(u8::is_ascii_whitespace),
                _ => true,
            };
            if ends {
                break;
            }
        }
        end += 1;
    }
    end
}

/// The end of a value opened by `quote` whose content starts at `at`: its closing
/// quote, or the end of the line when it is never closed.
pub(super) fn quoted_end(text: &[u8], at: usize, quote: Quote) -> usize {
    let mut end = at;
    while end < text.len() {
        match text[end] {
            b'\n' | b'\r' => break,
            b'[' if is_redacted_at(text, end) => break,
            b'"' if quote == Quote::Double => break,
            b'\'' if quote == Quote::Single => break,
            // A `\` that ends the text may be a closing `\"` cut by the window.
            b'\\'
                if quote == Quote::EscapedDouble
                    && text.get(end + 1).is_none_or(|&next| next == b'"') =>
            {
                break;
            }
            // An escaped quote or backslash inside a JSON string does not close it.
            b'\\' if quote == Quote::Double && matches!(text.get(end + 1), Some(b'"' | b'\\')) => {
                end += 1;
            }
            _ => {}
        }
        end += 1;
    }
    end.min(text.len())
}

/// The quote that `emitted` ends with, and what stands before it.
pub(super) fn opening_quote(emitted: &[u8]) -> Option<(Quote, &[u8])> {
    if let Some(before) = emitted.strip_suffix(b"\\\"") {
        return Some((Quote::EscapedDouble, before));
    }
    if let Some(before) = emitted.strip_suffix(b"\"") {
        return Some((Quote::Double, before));
    }
    emitted
        .strip_suffix(b"'")
        .map(|before| (Quote::Single, before))
}

/// The quote that opens a value at `at`, and how it is spelled (the same spelling
/// closes it).
pub(super) fn quote_at(text: &[u8], at: usize) -> Option<(Quote, &'static [u8])> {
    match text.get(at..)? {
        [b'"', ..] => Some((Quote::Double, b"\"")),
        [b'\'', ..] => Some((Quote::Single, b"'")),
        [b'\\', b'"', ..] => Some((Quote::EscapedDouble, b"\\\"")),
        _ => None,
    }
}

/// `bytes` without the closing quote of a quoted key (`"key"`, `'key'`, `\"key\"`).
pub(super) fn strip_closing_quote(bytes: &[u8]) -> &[u8] {
    match bytes {
        [before @ .., b'\\', b'"'] | [before @ .., b'"' | b'\''] => before,
        _ => bytes,
    }
}

/// `bytes` without at most `MAX_SPACES` trailing spaces or tabs.
pub(super) fn trim_spaces_end(bytes: &[u8]) -> &[u8] {
    let spaces = bytes
        .iter()
        .rev()
        .take(MAX_SPACES)
        .take_while(|byte| matches!(byte, b' ' | b'\t'))
        .count();
    &bytes[..bytes.len() - spaces]
}

/// The key name that `bytes` ends with: letters, digits, `_`, `-` and `.`.
pub(super) fn trailing_key(bytes: &[u8]) -> &[u8] {
    let searched = &bytes[bytes.len().saturating_sub(MAX_KEY_LEN)..];
    let start = searched
        .iter()
        .rposition(|&byte| !is_key_byte(byte))
        .map_or(0, |before| before + 1);
    &searched[start..]
}

/// Whether `byte` may stand in a key name: letters, digits, `_`, `-` and `.`.
pub(super) fn is_key_byte(byte: u8) -> bool {
    const KEY_BYTES: [bool; 256] =
        byte_table!(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.'));
    KEY_BYTES[usize::from(byte)]
}

/// An ordinary word rather than a credential: ASCII letters in segments joined by
/// `_`, `-` or `.`, each segment lowercase, capitalised or all capitals, and no
/// digit anywhere. `expired`, `Required`, `EOF`, `invalid_grant` and
/// `settings.API_KEY` are words; `hunter2`, `aB3x`, `c2VjcmV0` and `apiKey` are not.
///
/// Any prefix of a word is a word, so a value cut short (by the window, or by an
/// earlier redaction) is never judged a credential when the whole value was not.
pub(super) fn is_plain_word(value: &[u8]) -> bool {
    if value.is_empty() {
        return false;
    }
    let mut seen_letter = false;
    let mut capital_after_first = false;
    let mut lowercase = false;
    for &byte in value {
        match byte {
            b'a'..=b'z' => lowercase = true,
            b'A'..=b'Z' => capital_after_first |= seen_letter,
            b'_' | b'-' | b'.' => {
                if capital_after_first && lowercase {
                    return false;
                }
                (seen_letter, capital_after_first, lowercase) = (false, false, false);
                continue;
            }
            _ => return false,
        }
        seen_letter = true;
    }
    !(capital_after_first && lowercase)
}

/// Words that follow a secret's name in prose, messages and type signatures rather
/// than a secret: `token: expired`, `password: required`, `api_key: missing`,
/// `token: String`, and the names of authentication schemes (`Authorization: a
/// Bearer ...` names a scheme, not a credential). Lowercase; compared ignoring
/// ASCII case.
#[rustfmt::skip]
const WORDING: &[&str] = &[
    "a", "absent", "an", "and", "any", "are", "basic", "bearer", "bool", "boolean",
    "bytes", "can", "cannot", "changed", "default", "denied", "digest", "disabled",
    "empty", "enabled", "error", "expired", "expires", "false", "for", "forbidden",
    "given", "grant", "has", "hidden", "in", "incorrect", "int", "invalid", "is",
    "malformed", "masked", "mismatch", "missing", "must", "needed", "negotiate", "nil",
    "no", "none", "not", "null", "number", "object", "of", "ok", "omitted", "option",
    "optional", "or", "present", "provided", "redacted", "rejected", "required", "reset",
    "revoked", "set", "should", "str", "string", "the", "to", "token", "too", "true",
    "undefined", "unknown", "unset", "valid", "was", "wrong", "yes",
];

/// The length of the longest word of [`WORDING`]: a longer segment is no beginning of one.
const LONGEST_WORDING: usize = {
    let mut longest = 0;
    let mut index = 0;
    while index < WORDING.len() {
        if WORDING[index].len() > longest {
            longest = WORDING[index].len();
        }
        index += 1;
    }
    longest
};

/// Wording rather than a credential, where a word alone can be either (the value
/// of `client_secret:` in YAML, a header's credential): segments joined by `_`, `-`
/// or `.`, each the beginning of a word of [`WORDING`] or a capitalised word (a type
/// name: `Vec`, `Arc`, `Secret`). `expired`, `Required`, `invalid_grant` and
/// `String` are wording; `letmein`, `abcdefghij` and `ABCDEFGHIJ` are not.
///
/// Any prefix of wording is wording, so a value cut short (by the window, or by an
/// earlier redaction) is never judged a credential when the whole value was not.
pub(super) fn is_wording(value: &[u8]) -> bool {
    !value.is_empty()
        && value
            .split(|&byte| matches!(byte, b'_' | b'-' | b'.'))
            .all(|segment| is_capitalised(segment) || begins_wording(segment))
}

/// Whether `segment` is the beginning of a word of [`WORDING`], ignoring ASCII case.
fn begins_wording(segment: &[u8]) -> bool {
    let mut lowered = [0; LONGEST_WORDING];
    let Some(lowered) = lowered.get_mut(..segment.len()) else {
        return false;
    };
    for (lower, byte) in lowered.iter_mut().zip(segment) {
        *lower = byte.to_ascii_lowercase();
    }
    // The words are sorted: the first one not before the segment begins with it, if
    // any word does.
    let first_not_before = WORDING.partition_point(|word| word.as_bytes() < &*lowered);
    WORDING
        .get(first_not_before)
        .is_some_and(|word| word.as_bytes().starts_with(lowered))
}

/// One capital, then lowercase letters only (any prefix of one is one too).
fn is_capitalised(segment: &[u8]) -> bool {
    segment.split_first().is_some_and(|(first, rest)| {
        first.is_ascii_uppercase() && rest.iter().all(u8::is_ascii_lowercase)
    })
}

#[cfg(test)]
mod tests {
    use super::{
        Quote, is_plain_word, is_wording, opening_quote, quoted_end, strip_closing_quote,
        trailing_key, trim_spaces_end, unquoted_end,
    };

    #[test]
    fn words_and_credentials_are_told_apart() {
        for word in [
            "expired",
            "Required",
            "EOF",
            "invalid_grant",
            "not-found",
            "-",
            "x.y",
            "settings.API_KEY",
            "session.refresh",
        ] {
            assert!(is_plain_word(word.as_bytes()), "{word}");
        }
        for credential in [
            "hunter2",
            "aB3x",
            "c2VjcmV0",
            "abcDef",
            "self.apiKey",
            "[REDACTED]",
            "p@ss",
            "",
        ] {
            assert!(!is_plain_word(credential.as_bytes()), "{credential}");
        }
    }

    #[test]
    fn unquoted_values_end_at_delimiters_and_at_a_redaction() {
        let text = b"hunter2&next";
        assert_eq!(unquoted_end(text, 0), 7);
        let text = b"ab[cd]x y";
        assert_eq!(unquoted_end(text, 0), 7);
        let text = b"ab[REDACTED]cd";
        assert_eq!(unquoted_end(text, 0), 2);
        let cut = b"ab[REDAC";
        assert_eq!(unquoted_end(cut, 0), 2);
        assert_eq!(unquoted_end(b"token: x", 0), 5);
        assert_eq!(unquoted_end(b"a:b:", 0), 3);
        assert_eq!(unquoted_end(b"https://h:1/p x", 0), 13);
    }

    #[test]
    fn quoted_values_end_at_their_quote_or_the_line() {
        assert_eq!(quoted_end(br#"ab\"c" x"#, 0, Quote::Double), 5);
        assert_eq!(quoted_end(br#"ab\\"x"#, 0, Quote::Double), 4);
        assert_eq!(quoted_end(br#"abc\" x"#, 0, Quote::EscapedDouble), 3);
        assert_eq!(quoted_end(br"abc\", 0, Quote::EscapedDouble), 3);
        assert_eq!(quoted_end(b"it's", 0, Quote::Single), 2);
        assert_eq!(quoted_end(b"never closed\nnext", 0, Quote::Double), 12);
        assert_eq!(quoted_end(b"open", 0, Quote::Double), 4);
    }

    #[test]
    fn keys_are_found_behind_quotes_and_spaces() {
        assert_eq!(
            opening_quote(br#"k: \""#).map(|(quote, _)| quote),
            Some(Quote::EscapedDouble)
        );
        assert_eq!(
            opening_quote(b"k: '").map(|(quote, _)| quote),
            Some(Quote::Single)
        );
        assert_eq!(opening_quote(b"k: "), None);
        assert_eq!(strip_closing_quote(br#"\"api_key\""#), br#"\"api_key"#);
        assert_eq!(trim_spaces_end(b"key   "), b"key");
        assert_eq!(
            trailing_key(b"export AWS_SECRET_ACCESS_KEY"),
            b"AWS_SECRET_ACCESS_KEY"
        );
        assert_eq!(trailing_key(b"{\"x-api-key"), b"x-api-key");
    }

    #[test]
    fn the_wording_is_sorted_and_lowercase() {
        assert!(super::WORDING.is_sorted());
        assert!(
            super::WORDING
                .iter()
                .all(|word| !word.is_empty() && word.bytes().all(|byte| byte.is_ascii_lowercase()))
        );
    }

    #[test]
    fn wording_is_a_few_words_and_their_beginnings() {
        for wording in [
            "expired",
            "Required",
            "invalid_grant",
            "String",
            "not",
            "exp",
            "BEAR",
            "YES",
            "a",
            "",
        ] {
            assert_eq!(
                is_wording(wording.as_bytes()),
                !wording.is_empty(),
                "{wording}"
            );
        }
        for credential in [
            "letmein",
            "abcdefghij",
            "hunter",
            "ABCDEFGHIJKLMNOP",
            "expiredx",
            "zzz",
            "a_zzz",
            "BEARERS",
        ] {
            assert!(!is_wording(credential.as_bytes()), "{credential}");
        }
    }
}
