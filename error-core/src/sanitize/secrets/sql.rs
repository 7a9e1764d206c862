//! Passwords in the SQL statements that database errors and logs quote:
//! PostgreSQL's `ALTER USER app WITH PASSWORD 'hunter2'` and `CREATE ROLE ... LOGIN
//! PASSWORD '...'`, MySQL's `PASSWORD "..."`, and the same keyword before a string
//! in data (Clojure's `{:password "..."}`), found from the `sw` of `PASSWORD` in any
//! case. Prose that quotes a word after `password` (`Reset your password "now"`) is
//! told apart by the keyword's spelling and the word before it.

use super::values::{self, Quote};
use super::wording;

/// The keyword, in lowercase.
const PASSWORD: &[u8] = b"password";

/// Hands `push` where the string literal after a `PASSWORD` keyword starts, when the
/// `sw` at `sw` is that keyword's (`PASSWORD 'hunter2'`).
#[inline(never)]
pub(super) fn push_password_start(text: &[u8], sw: usize, push: &mut impl FnMut(usize)) {
    let Some(keyword) = sw.checked_sub(3) else {
        return;
    };
    // What stands before the keyword is judged by the rule, in the output, where a
    // redaction may have changed it.
    if !text
        .get(keyword..keyword + PASSWORD.len())
        .is_some_and(|word| word.eq_ignore_ascii_case(PASSWORD))
    {
        return;
    }
    let after = keyword + PASSWORD.len();
    let spaces = values::spaces_at(text, after);
    if spaces > 0 && matches!(text.get(after + spaces), Some(b'\'' | b'"')) {
        push(after + spaces + 1);
    }
}

/// Whether `PASSWORD` starts at `at` as SQL's keyword or a Clojure keyword: in
/// capitals, after `:` (`:password`), or after SQL's `WITH`, `LOGIN`,
/// `ENCRYPTED` or `UNENCRYPTED` in any case.
fn keyword_at(text: &[u8], at: usize) -> bool {
    let Some(word) = text.get(at..at + PASSWORD.len()) else {
        return false;
    };
    if !word.eq_ignore_ascii_case(PASSWORD) {
        return false;
    }
    let before = &text[..at];
    match before.last() {
        Some(b':') => true,
        Some(&byte) if values::is_key_byte(byte) => false,
        _ if word == b"PASSWORD" => true,
        _ => {
            let before_word = values::trim_spaces_end(before);
            let previous = values::trailing_key(before_word);
            before_word.len() < before.len()
                && [&b"with"[..], b"login", b"encrypted", b"unencrypted"]
                    .iter()
                    .any(|keyword| previous.eq_ignore_ascii_case(keyword))
        }
    }
}

/// The end of the string literal that starts at `at`, when `emitted` ends with a
/// `PASSWORD` keyword, spaces and the literal's opening quote. An empty literal, a
/// reference to where the password is kept (`PASSWORD '${DB_PASSWORD}'`) and
/// wording (`the password "was" wrong`) stay.
/// Out of line: most quotes open no such literal, and the scan's loop stays small.
#[inline(never)]
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let (&opening, before_quote) = emitted.split_last()?;
    let quote = match opening {
        b'\'' => Quote::Single,
        b'"' => Quote::Double,
        _ => return None,
    };
    if !ends_with_keyword_and_spaces(before_quote) {
        return None;
    }
    let mut end = values::quoted_end(text, at, quote);
    let literal = &text[at..end];
    if literal.is_empty() || wording::is_reference(literal) || wording::is_wording(literal) {
        return None;
    }
    // A literal left open before (`PASSWORD 'x ... WITH PASSWORD 'hunter2'`) ends at
    // the quote that opens the next password: that one goes along.
    while text.get(end) == Some(&opening) && ends_with_keyword_and_spaces(&text[..end]) {
        end = values::quoted_end(text, end + 1, quote);
    }
    Some(end)
}

/// `end`, or further: a redaction from `at` to `end` that swallowed a `PASSWORD`
/// keyword (a quoted flag value that ran to the quote opening its literal) takes the
/// literal along, since this rule no longer sees the keyword.
pub(super) fn through_swallowed_password(text: &[u8], at: usize, end: usize) -> usize {
    let swallowed = &text[at..end];
    let before_quote = match swallowed.split_last() {
        Some((b'\'' | b'"', before)) => before,
        _ => swallowed,
    };
    if !ends_with_keyword_and_spaces(before_quote) {
        return end;
    }
    values::through_announced_value(text, at, end, password_end)
}

/// Whether `bytes` ends with the `PASSWORD` keyword and spaces.
fn ends_with_keyword_and_spaces(bytes: &[u8]) -> bool {
    let keyword_end = values::trim_spaces_end(bytes);
    keyword_end.len() < bytes.len()
        && keyword_end
            .len()
            .checked_sub(PASSWORD.len())
            .is_some_and(|keyword| keyword_at(keyword_end, keyword))
}
