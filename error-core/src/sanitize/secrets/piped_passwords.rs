//! A password piped into a login that reads it from its standard input, as CI
//! scripts log their commands: `echo hunter2 | docker login -u svc
//! --password-stdin`, `printf '%s' 'hunter2' | helm registry login ...
//! --password-stdin`, `echo ghp_... | gh auth login --with-token`. The value
//! `echo` or `printf` prints goes, up to the `|`; where it comes from stays (`echo
//! "$REGISTRY_PASSWORD"`, `echo ${{ secrets.TOKEN }}`).
//!
//! The flag stands after the password, further than the scan looks back from an
//! anchor: the text is searched for the flags before the scan (only where it holds
//! a `|`), and where each password starts is handed out in order with the rest;
//! the rule reads the line on from there.
//!
//! # Adding a command
//!
//! A flag that reads a secret from standard input is one entry of [`STDIN_FLAGS`];
//! a command that prints its arguments, one of [`PRINTERS`]; and a line in the
//! tests.

use super::{values, wording};

/// The flags that make a login read its secret from standard input.
const STDIN_FLAGS: [&[u8]; 2] = [b"--password-stdin", b"--with-token"];

/// The commands that print the password into the pipe, with the blank after them:
/// `echo` and its options, and `printf` with a format that prints its argument as
/// it is.
const PRINTERS: [&[u8]; 9] = [
    b"echo ",
    b"echo -n ",
    b"echo -e ",
    b"echo -ne ",
    b"printf %s ",
    b"printf '%s' ",
    b"printf \"%s\" ",
    b"printf '%s\\n' ",
    b"printf \"%s\\n\" ",
];

/// How far back from the flag the pipe and the printed value are looked for, and
/// how far on from the pipe the flag.
const MAX_PIPELINE_LEN: usize = 256;

/// Where each password piped into a login starts, in order: found before the scan,
/// since the flag that tells it stands after it. Text without a `|` has none.
#[inline(never)]
pub(super) fn password_starts(text: &[u8]) -> Vec<usize> {
    let mut starts = Vec::new();
    if memchr::memchr(b'|', text).is_none() {
        return starts;
    }
    for flag in STDIN_FLAGS {
        for dashes in memchr::memmem::find_iter(text, flag) {
            if let Some(start) = password_start_before(text, dashes) {
                starts.push(start);
            }
        }
    }
    starts.sort_unstable();
    starts.dedup();
    starts
}

/// Whether a password is piped into a login in `text` (see [`password_starts`]).
pub(super) fn holds_one(text: &[u8]) -> bool {
    !password_starts(text).is_empty()
}

/// Where the password piped into the login whose flag's dashes are at `dashes`
/// starts: the argument of a printer of [`PRINTERS`] right before the last `|` on
/// the flag's line (at its opening quote). The rule reads it again, on the output.
fn password_start_before(text: &[u8], dashes: usize) -> Option<usize> {
    // A whole flag, after a blank.
    if !(dashes
        .checked_sub(1)
        .is_some_and(|blank| text[blank] == b' ')
        && STDIN_FLAGS
            .iter()
            .any(|flag| starts_flag(&text[dashes..], flag)))
    {
        return None;
    }
    let line_start = dashes.saturating_sub(MAX_PIPELINE_LEN);
    let line_start = line_start
        + text[line_start..dashes]
            .iter()
            .rposition(|&byte| byte == b'\n')
            .map_or(0, |line_break| line_break + 1);
    let pipe = line_start
        + text[line_start..dashes]
            .iter()
            .rposition(|&byte| byte == b'|')?;
    let value_end = line_start + values::trim_spaces_end(&text[line_start..pipe]).len();
    // (Within the line read: a `|` that starts it has no value before it.)
    let &last = text[line_start..value_end].last()?;
    let (start, before_value) = match last {
        b'"' | b'\'' => {
            let open = line_start
                + text[line_start..value_end - 1]
                    .iter()
                    .rposition(|&byte| byte == last)?;
            (open, open)
        }
        _ => {
            let start = line_start
                + text[line_start..value_end]
                    .iter()
                    .rposition(|&byte| matches!(byte, b' ' | b'\t'))
                    .map_or(0, |blank| blank + 1);
            (start, start)
        }
    };
    PRINTERS
        .iter()
        .any(|printer| text[line_start..before_value].ends_with(printer))
        .then_some(start)
}

/// The end of the password piped into a login that reads it from standard input,
/// when `emitted` ends with a printer of [`PRINTERS`] and the password that starts
/// at `at` (with its quotes, where it has them) is followed by a `|` and a command
/// with a flag of [`STDIN_FLAGS`] on the same line.
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let printer = PRINTERS.iter().find(|printer| emitted.ends_with(printer))?;
    // The printer is a command: it starts its line or follows a blank or a
    // command's separator.
    let before_printer = &emitted[..emitted.len() - printer.len()];
    if !before_printer
        .last()
        .is_none_or(|byte| matches!(byte, b' ' | b'\t' | b'\n' | b';' | b'&' | b'(' | b'+'))
    {
        return None;
    }
    // A quoted password goes with its quotes, as a command's quoted argument does.
    let (value, end) = match text.get(at) {
        Some(&quote @ (b'"' | b'\'')) => {
            let close = text[at + 1..]
                .iter()
                .take(MAX_PIPELINE_LEN)
                .position(|&byte| byte == quote || byte == b'\n')?;
            if text[at + 1 + close] != quote {
                return None;
            }
            (&text[at + 1..at + 1 + close], at + close + 2)
        }
        _ => {
            let end = at
                + text[at..]
                    .iter()
                    .take(MAX_PIPELINE_LEN)
                    .take_while(|&&byte| !matches!(byte, b' ' | b'\t' | b'\n' | b'|'))
                    .count();
            (&text[at..end], end)
        }
    };
    // Where the password comes from, and a usage line's placeholder (`echo
    // PASSWORD | docker login ...`), are no password.
    if value.is_empty() || wording::is_reference(value) || wording::is_placeholder(value) {
        return None;
    }
    let pipe = end + values::spaces_at(text, end);
    if text.get(pipe) != Some(&b'|') || text.get(pipe + 1) == Some(&b'|') {
        return None;
    }
    let rest = &text[pipe + 1..text.len().min(pipe + 1 + MAX_PIPELINE_LEN)];
    let line = &rest[..memchr::memchr(b'\n', rest).unwrap_or(rest.len())];
    // The command the pipe feeds logs in (`docker login`, `helm registry login`,
    // `gh auth login`) with a flag of `STDIN_FLAGS`.
    let login = memchr::memmem::find(line, b" login ")?;
    let reads_stdin = (login..line.len()).any(|offset| {
        line[..offset].ends_with(b" ")
            && STDIN_FLAGS
                .iter()
                .any(|flag| starts_flag(&line[offset..], flag))
    });
    reads_stdin.then_some(end)
}

/// Whether `bytes` starts with `flag` as a whole flag (a blank, a quote or the end
/// after it).
fn starts_flag(bytes: &[u8], flag: &[u8]) -> bool {
    bytes.starts_with(flag)
        && bytes
            .get(flag.len())
            .is_none_or(|byte| matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\'' | b';'))
}

#[cfg(test)]
mod tests {
    use crate::sanitize::redact_secrets;

    #[test]
    fn a_password_piped_into_a_login_goes() {
        for (text, expected) in [
            (
                "echo NqVwYS81!1DX8p | docker login -u svc --password-stdin",
                "echo [REDACTED] | docker login -u svc --password-stdin",
            ),
            (
                "+ echo \"NqVwYS81x1DX8p\" | docker login --username svc --password-stdin registry.example.com",
                "+ echo [REDACTED] | docker login --username svc --password-stdin registry.example.com",
            ),
            (
                "printf '%s' 'Xk9pL2mQ7rT4vB8' | helm registry login ghcr.io -u bot --password-stdin",
                "printf '%s' [REDACTED] | helm registry login ghcr.io -u bot --password-stdin",
            ),
            (
                "command failed: echo -n Xk9pL2mQ7rT4vB8 | gh auth login --with-token; exit 1",
                "command failed: echo -n [REDACTED] | gh auth login --with-token; exit 1",
            ),
            // Found in review: positions the line's other rules ask about stand
            // between the password and its flag.
            (
                "curl -u admin:hunter2 https://x | docker login --password-stdin",
                "curl -u admin:[REDACTED] https://x | docker login --password-stdin",
            ),
            (
                "API_KEY=Xk9pL2mQ7rT4vB8\n+ echo https://registry.example.com | docker login -u ci --password-stdin",
                "API_KEY=[REDACTED]\n+ echo [REDACTED] | docker login -u ci --password-stdin",
            ),
        ] {
            assert_eq!(redact_secrets(text), expected);
        }
    }

    #[test]
    fn a_pipe_that_starts_the_line_read_has_no_password() {
        // Found by fuzzing (`fuzz/seeds/sanitize/seed53`): where the `|` starts the
        // stretch of line read, the value was looked for before it, and the scan
        // panicked.
        let text = format!(
            "echo NqVwYS81rintf '%s' 'Xk9 pL2' |{}gh auth login --with-token | x",
            "\u{fffd}".repeat(80)
        );
        let marker = crate::sanitize::TRUNCATION_MARKER.chars().count();
        for max_chars in 0..=text.chars().count() + 1 {
            for sanitized in [
                crate::sanitize::sanitize_error_text(&text, max_chars),
                crate::sanitize::sanitize_single_line(&text, max_chars),
            ] {
                assert!(sanitized.chars().count() <= max_chars + marker);
            }
        }
        // No printer stands before the `|` (`rintf`): the value stays.
        assert!(redact_secrets(&text).contains("'Xk9 pL2' |"));
    }

    #[test]
    fn a_reference_or_another_pipe_stays() {
        for text in [
            "echo \"$REGISTRY_PASSWORD\" | docker login -u svc --password-stdin",
            "echo ${{ secrets.GITHUB_TOKEN }} | docker login ghcr.io -u bot --password-stdin",
            "aws ecr get-login-password | docker login --username AWS --password-stdin 1234.dkr.ecr",
            "echo hello | grep h\ndocker login --password-stdin",
            "echo done || docker login --password-stdin",
            "echo one two | wc -w --password-stdinx",
            "echo hello | grep --password-stdin",
            "echo ok | xargs echo --password-stdin",
            "Usage: echo PASSWORD | docker login --username USER --password-stdin",
        ] {
            assert_eq!(redact_secrets(text), text);
        }
    }
}
