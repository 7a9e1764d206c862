//! Passwords in the SQL statements that database errors and logs quote:
//! PostgreSQL's `ALTER USER app WITH PASSWORD 'hunter2'` and `CREATE ROLE ... LOGIN
//! PASSWORD '...'`, MySQL's `PASSWORD "..."`, and the same keyword before a string
//! in data (Clojure's `{:password "..."}`), found from the `sw` of `PASSWORD` in any
//! case.

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
    if !keyword_at(text, keyword) {
        return;
    }
    let after = keyword + PASSWORD.len();
    let spaces = values::spaces_at(text, after);
    if spaces > 0 && matches!(text.get(after + spaces), Some(b'\'' | b'"')) {
        push(after + spaces + 1);
    }
}

/// Whether a whole word `PASSWORD` (in any case) starts at `at`.
fn keyword_at(text: &[u8], at: usize) -> bool {
    text.get(at..at + PASSWORD.len())
        .is_some_and(|word| word.eq_ignore_ascii_case(PASSWORD))
        && at
            .checked_sub(1)
            .is_none_or(|before| !values::is_key_byte(text[before]))
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
    let keyword_end = values::trim_spaces_end(before_quote);
    if keyword_end.len() == before_quote.len() {
        return None;
    }
    let keyword = keyword_end.len().checked_sub(PASSWORD.len())?;
    if !keyword_at(keyword_end, keyword) {
        return None;
    }
    let end = values::quoted_end(text, at, quote);
    let literal = &text[at..end];
    (!literal.is_empty() && !wording::is_reference(literal) && !wording::is_wording(literal))
        .then_some(end)
}

#[cfg(test)]
mod tests {
    use crate::sanitize::redact_secrets;

    #[test]
    fn a_password_literal_after_the_keyword_goes() {
        for (text, redacted) in [
            (
                "ALTER USER app WITH PASSWORD 'Xq7u8jzPde0I';",
                "ALTER USER app WITH PASSWORD '[REDACTED]';",
            ),
            (
                "STATEMENT:  CREATE ROLE app LOGIN password 'hunter2 two words'",
                "STATEMENT:  CREATE ROLE app LOGIN password '[REDACTED]'",
            ),
            (
                "alter role app encrypted Password  'x'",
                "alter role app encrypted Password  '[REDACTED]'",
            ),
            (
                r#"ex-info {:user "alice", :password "hunter2"}"#,
                r#"ex-info {:user "alice", :password "[REDACTED]"}"#,
            ),
        ] {
            assert_eq!(redact_secrets(text), redacted, "{text}");
        }
    }

    #[test]
    fn other_words_empty_literals_and_references_stay() {
        for text in [
            "ALTER USER app WITH PASSWORD '';",
            "ALTER USER app WITH PASSWORD '${DB_PASSWORD}'",
            r#"the password "was" wrong"#,
            "PASSWORD NULL",
            "NOPASSWORD 'x'",
            "new_password 'x'",
            "passwords 'x'",
            "SWAP 'x' and ANSWER 'y'",
        ] {
            assert_eq!(redact_secrets(text), text);
        }
    }
}
