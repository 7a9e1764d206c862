//! A password that a line announces and the next line holds alone, as services
//! print the one they generate on first start: Jenkins (`Please use the following
//! password to proceed to installation:`, a blank line, then the password),
//! Elasticsearch (`Password for the elastic user (reset with ...):` then the
//! password, indented). The announcing line names a password and ends with a `:`;
//! the value is one credential-shaped word with nothing else on its line. Two tools
//! say it otherwise: Elasticsearch's `elasticsearch-reset-password` (`Password for
//! the [elastic] user successfully reset.`, then `New value: ...`), and Argo CD's
//! `argocd admin initial-password`, the command's line, then the password.

use super::prose_passwords;

/// How far a line is read for its end, and back for its `password`.
const MAX_LINE: usize = 256;

/// The most blank lines between the announcement and the password.
const MAX_BLANK_LINES: usize = 2;

/// The most blanks that indent the password's line.
const MAX_INDENT: usize = 8;

/// The label before the password on the line after Elasticsearch's announcement.
const NEW_VALUE: &[u8] = b"New value: ";

/// Argo CD's command that prints its first password on the next line.
const ARGOCD_INITIAL_PASSWORD: &[u8] = b"admin initial-password";

/// The shortest and longest password read so.
const MIN_LEN: usize = 8;
const MAX_LEN: usize = 128;

fn is_blank(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r')
}

/// Hands `push` where the password starts when the `sw` at `sw` stands in the
/// word `password` on a line that ends with a `:`: the next line that holds
/// anything, after its indentation.
pub(super) fn push_password_start(text: &[u8], sw: usize, push: &mut impl FnMut(usize)) {
    let in_password = sw
        .checked_sub(3)
        .and_then(|word| text.get(word..word + b"password".len()))
        .is_some_and(|word| word.eq_ignore_ascii_case(b"password"));
    if !in_password {
        return;
    }
    let rest = &text[sw..text.len().min(sw + MAX_LINE)];
    let Some(line_end) = memchr::memchr(b'\n', rest).map(|offset| sw + offset) else {
        return;
    };
    let line = &text[sw..line_end];
    if text[line_end + 1..].starts_with(NEW_VALUE) {
        push(line_end + 1 + NEW_VALUE.len());
        return;
    }
    let command = sw >= b"admin initial-pas".len()
        && text[sw - b"admin initial-pas".len()..].starts_with(ARGOCD_INITIAL_PASSWORD);
    if !command
        && line
            .iter()
            .rposition(|&byte| !is_blank(byte))
            .map(|last| line[last])
            != Some(b':')
    {
        return;
    }
    let mut at = line_end + 1;
    for _ in 0..=MAX_BLANK_LINES {
        let indent = text[at..]
            .iter()
            .take(MAX_INDENT + 1)
            .take_while(|&&byte| is_blank(byte))
            .count();
        match text.get(at + indent) {
            Some(b'\n') => at += indent + 1,
            Some(_) if indent <= MAX_INDENT => {
                push(at + indent);
                return;
            }
            _ => return,
        }
    }
}

/// The end of a password that starts at `at`, alone on its line, when `emitted`
/// (the output before it) ends with a line that names a password and ends with a
/// `:`, perhaps blank lines, and the password's indentation.
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    // Elasticsearch's reset: the label, after a line that gives a password.
    let labelled = emitted
        .strip_suffix(NEW_VALUE)
        .and_then(|before| before.strip_suffix(b"\n"));
    // Most positions follow no line's indentation: turned away on that.
    let indent = emitted
        .iter()
        .rev()
        .take(MAX_INDENT + 1)
        .take_while(|&&byte| is_blank(byte))
        .count();
    if labelled.is_none()
        && (indent > MAX_INDENT || emitted[..emitted.len() - indent].last() != Some(&b'\n'))
    {
        return None;
    }
    let len = text[at..]
        .iter()
        .take(MAX_LEN + 1)
        .take_while(|byte| !byte.is_ascii_whitespace())
        .count();
    let value = &text[at..at + len];
    // Alone on its line: blanks, then the line's end. The text's end is none: a cut
    // may have taken what followed the word on its line.
    let after = &text[at + len..];
    let trailing = after.iter().take_while(|&&byte| is_blank(byte)).count();
    if !(MIN_LEN..=MAX_LEN).contains(&len)
        || after.get(trailing) != Some(&b'\n')
        || !is_generated_password(value)
    {
        return None;
    }
    let announced = match labelled {
        Some(before) => is_announcement(last_line(before)),
        None => announces_password(emitted),
    };
    announced.then_some(at + len)
}

/// The last line of `bytes`, read back [`MAX_LINE`] bytes at most.
fn last_line(bytes: &[u8]) -> &[u8] {
    let searched = &bytes[bytes.len().saturating_sub(MAX_LINE)..];
    &searched[memchr::memrchr(b'\n', searched).map_or(0, |line_break| line_break + 1)..]
}

/// The shortest hex password taken (Jenkins's is 32 digits).
const MIN_HEX_LEN: usize = 32;

/// Whether a word alone on its line is a generated password: credential-shaped
/// (see `prose_passwords`) in both cases, or a long hex number. A word that
/// holds a separator or a redaction (`password=...`, a timestamp, a URL, a key's
/// `:`), an email's `@` or a path's leading `/` is something else, and reads the
/// same once redacted.
fn is_generated_password(value: &[u8]) -> bool {
    let has = |wanted: fn(&u8) -> bool| value.iter().any(wanted);
    let hex = value.len() >= MIN_HEX_LEN
        && value.iter().all(u8::is_ascii_hexdigit)
        && has(u8::is_ascii_digit)
        && has(u8::is_ascii_alphabetic);
    let mixed = has(u8::is_ascii_uppercase)
        && has(u8::is_ascii_lowercase)
        && prose_passwords::is_credential_shaped(value);
    (hex || mixed)
        && !value
            .iter()
            .any(|&byte| matches!(byte, b':' | b'=' | b'@' | b'[' | b']'))
        && !value.starts_with(b"/")
}

/// Whether `emitted` ends with a line that names a password and ends with a `:`,
/// then at most [`MAX_BLANK_LINES`] blank lines and an indentation.
fn announces_password(emitted: &[u8]) -> bool {
    let mut rest = emitted;
    // The indentation, then the announcement's line break and the blank lines.
    let mut line_breaks = 0;
    loop {
        let blanks = rest
            .iter()
            .rev()
            .take_while(|&&byte| is_blank(byte))
            .count();
        rest = &rest[..rest.len() - blanks];
        match rest.split_last() {
            Some((b'\n', before)) if line_breaks <= MAX_BLANK_LINES => {
                line_breaks += 1;
                rest = before;
            }
            Some((b':', _)) if line_breaks > 0 => break,
            // Argo CD's command, and its flags, on the line before.
            Some(_) if line_breaks == 1 => {
                return memchr::memmem::find(last_line(rest), ARGOCD_INITIAL_PASSWORD).is_some();
            }
            _ => return false,
        }
    }
    is_announcement(last_line(rest))
}

/// The fewest words of a line that announces a password: words, not a key
/// (`password:`, a YAML block's `initial_password:`).
const MIN_ANNOUNCING_WORDS: usize = 2;

/// The phrases by which a line gives a password rather than talks about one
/// (`The password must contain:`, `Last password change:`).
const GIVING: [&[u8]; 6] = [
    b"following password",
    b"password for",
    b"password is",
    b"generated",
    b"initial",
    b"temporary",
];

/// Whether `line` (ending with its `:`) gives a password: the word `password`
/// whole and one of [`GIVING`], among at least [`MIN_ANNOUNCING_WORDS`] words.
fn is_announcement(line: &[u8]) -> bool {
    let words = line
        .split(u8::is_ascii_whitespace)
        .filter(|word| !word.is_empty())
        .count();
    let holds = |phrase: &[u8]| {
        line.windows(phrase.len())
            .any(|window| window.eq_ignore_ascii_case(phrase))
    };
    words >= MIN_ANNOUNCING_WORDS
        && GIVING.iter().any(|phrase| holds(phrase))
        && line
            .windows(b"password".len())
            .enumerate()
            .any(|(at, window)| {
                window.eq_ignore_ascii_case(b"password")
                    && at
                        .checked_sub(1)
                        .is_none_or(|before| !line[before].is_ascii_alphabetic())
                    && !line
                        .get(at + b"password".len())
                        .is_some_and(u8::is_ascii_alphabetic)
            })
}

#[cfg(test)]
mod tests {
    use super::{password_end, push_password_start};

    /// The password's start and end that the rule finds after the `sw` of the
    /// first `password` of `text` (in either case).
    fn password_in(text: &str) -> Option<&str> {
        let sw = text.to_ascii_lowercase().find("password")? + 3;
        let mut starts = Vec::new();
        push_password_start(text.as_bytes(), sw, &mut |at| starts.push(at));
        let &start = starts.first()?;
        let end = password_end(&text.as_bytes()[..start], text.as_bytes(), start)?;
        Some(&text[start..end])
    }

    #[test]
    fn a_password_announced_on_the_line_before_is_found() {
        assert_eq!(
            password_in(
                "Please use the following password to proceed to installation:\n\n8a0c5f8f1f2d4c8ab1b2f6c2e4c1a5d7\n\nThis may also be found at: /var/x"
            ),
            Some("8a0c5f8f1f2d4c8ab1b2f6c2e4c1a5d7")
        );
        assert_eq!(
            password_in(
                "Password for the elastic user (reset with `x`):\n  PF3O_Xk9pL2mQ7rT4vB8\n"
            ),
            Some("PF3O_Xk9pL2mQ7rT4vB8")
        );
        assert_eq!(
            password_in(
                "Password for the [elastic] user successfully reset.\nNew value: NFDpCWNX0D1lZEzgeiwB\n"
            ),
            Some("NFDpCWNX0D1lZEzgeiwB")
        );
        assert_eq!(
            password_in(
                "$ argocd admin initial-password -n argocd\nfhdZxEuhnbzs0z1w\n\n This password must be only used for first time login."
            ),
            Some("fhdZxEuhnbzs0z1w")
        );
    }

    #[test]
    fn prose_masks_and_words_after_such_a_line_stay() {
        for text in [
            "Password for user app:\nFATAL: password authentication failed",
            "Enter password:\n********",
            "Forgot your password:\nhttps://example.com/reset?t=1",
            "password requirements:\n  minimum",
            "the password is:\n  Xk9pL2mQ7rT4 and more",
            "password:\n\n\n\nXk9pL2mQ7rT4",
            "password is\nXk9pL2mQ7rT4",
            // At the text's end, the line may have been cut.
            "password:\nXk9pL2mQ7rT4",
            // A key, a type, a code, a version, a path, a time, an email, a
            // redaction (found by a review).
            "spec:\n  password:\n    secretKeyRef:\n      name: db\n",
            "ERROR Failed to update password:\njava.lang.NullPointerException\n\tat x",
            "Invalid password:\n  PasswordTooShort\n",
            "the new password is:\n  v1.2.3-rc1\n",
            "Reading password from file:\n  /home/Admin/.pgpass\n",
            "Password was changed at:\n  2024-01-15T10:00:00Z\n",
            "Reset the password of:\n  User123@example.com\n",
            "the PasswordEncoder bean is:\n  BCryptPasswordEncoder2\n",
            "the stored password was:\n  password=[REDACTED]\n",
            // A line about a password gives none (found by a review).
            "Last password change:\nPasswordPolicyV2Strict\n",
            "The password must contain:\n  Xk9pL2mQ7rT4\n",
            // Another line before the label, another command before the word.
            "Password policy updated.\nNew value: Xk9pL2mQ7rT4\n",
            "argocd account update-password\nXk9pL2mQ7rT4\n",
        ] {
            assert_eq!(password_in(text), None, "{text}");
        }
    }
}
