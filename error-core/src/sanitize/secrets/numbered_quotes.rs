//! Quotes that JSON escapes by number inside a string: `\u0022` for `"` and
//! `\u0027` for `'`, as .NET's `System.Text.Json` writes them by default. A log
//! message that holds a serialized body shows its keys and values so
//! (`{\u0022password\u0022:\u0022...\u0022}`): the key rules read these quotes as
//! they read `"` and `'`, and a value opened by one is closed by the same one only.

use super::values::Quote;

/// The escaped double quote and the escaped single quote.
const DOUBLE: &[u8] = b"\\u0022";
const SINGLE: &[u8] = b"\\u0027";

/// The escape that opens and closes a value quoted with `quote`, if it is one of
/// these.
fn escape_of(quote: Quote) -> Option<&'static [u8]> {
    match quote {
        Quote::NumberedDouble => Some(DOUBLE),
        Quote::NumberedSingle => Some(SINGLE),
        _ => None,
    }
}

/// How long the escaped quote at `at` is, if one stands there whole.
pub(super) fn len_at(text: &[u8], at: usize) -> Option<usize> {
    let rest = text.get(at..)?;
    [DOUBLE, SINGLE]
        .iter()
        .find(|escape| rest.starts_with(escape))
        .map(|escape| escape.len())
}

/// The escaped quote that `bytes` ends with, and what stands before it.
pub(super) fn strip_closing(bytes: &[u8]) -> Option<(Quote, &[u8])> {
    // Both end with a digit that most text does not end with before a separator.
    match bytes.last() {
        Some(b'2') => bytes
            .strip_suffix(DOUBLE)
            .map(|before| (Quote::NumberedDouble, before)),
        Some(b'7') => bytes
            .strip_suffix(SINGLE)
            .map(|before| (Quote::NumberedSingle, before)),
        _ => None,
    }
}

/// Whether an escaped quote starts at `at`, or the beginning of one that the
/// text's end cut (`\u00`): a value cut there must read as the whole one did.
pub(super) fn starts_at(text: &[u8], at: usize) -> bool {
    let rest = &text[at..];
    [DOUBLE, SINGLE]
        .iter()
        .any(|escape| rest.starts_with(escape) || escape.starts_with(rest))
}

/// Whether the escape that closes a value quoted with `quote` starts at `at` (or
/// its beginning, cut by the text's end).
pub(super) fn closes_at(text: &[u8], at: usize, quote: Quote) -> bool {
    escape_of(quote).is_some_and(|escape| {
        let rest = &text[at..];
        rest.starts_with(escape) || escape.starts_with(rest)
    })
}

#[cfg(test)]
mod tests {
    use super::{Quote, closes_at, len_at, starts_at, strip_closing};

    #[test]
    fn a_value_opened_by_an_escaped_quote_is_closed_by_the_same_one() {
        assert_eq!(len_at(br"x\u0022y", 1), Some(6));
        assert_eq!(len_at(br"x\u002", 1), None);
        assert_eq!(
            strip_closing(br"{\u0022password\u0022"),
            Some((Quote::NumberedDouble, &br"{\u0022password"[..]))
        );
        assert_eq!(
            strip_closing(br"\u0027"),
            Some((Quote::NumberedSingle, &b""[..]))
        );
        assert_eq!(strip_closing(b"x22"), None);
        assert!(starts_at(br"\u0027x", 0));
        assert!(starts_at(br"\u00", 0), "cut short");
        assert!(!starts_at(br"\u00e9", 0));
        assert!(closes_at(br"ab\u0022", 2, Quote::NumberedDouble));
        assert!(!closes_at(br"ab\u0027", 2, Quote::NumberedDouble));
        assert!(!closes_at(br"ab\u0022", 2, Quote::Double));
    }
}
