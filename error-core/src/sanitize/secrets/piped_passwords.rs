//! A password piped into a login that reads it from its standard input, as CI
//! scripts log their commands: `echo hunter2 | docker login -u svc
//! --password-stdin`, `printf '%s' 'hunter2' | helm registry login ...
//! --password-stdin`, `echo ghp_... | gh auth login --with-token`. The value
//! `echo` or `printf` prints goes, up to the `|`; where it comes from stays (`echo
//! "$REGISTRY_PASSWORD"`, `echo ${{ secrets.TOKEN }}`).
//!
//! The flag stands after the password, further than the scan looks back from an
//! anchor: the text is searched for the flags before the scan (only where it holds
//! a `|`), where each password starts is handed out in order with the rest, and
//! the rule looks the password up there.
//!
//! # Adding a command
//!
//! A flag that reads a secret from standard input is one entry of [`STDIN_FLAGS`];
//! a command that prints its arguments, one of [`PRINTERS`]; and a line in the
//! tests.

use std::ops::Range;

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

/// Where each password piped into a login stands, in order (with its quotes, where
/// it has them): found before the scan, since the flag that tells it stands after
/// it. Text without a `|` has none.
///
/// Nothing is read a bounded way: a redaction between a password and its flag
/// shortens the text, and a password a bounded reading missed would be found in
/// the output. Each stretch of text is still read once: from each flag to the next
/// for its line breaks, its `|`s and its last `login`, and back from each `|` to the byte
/// that ends its password's reading (a blank, a line break or another `|`; for a
/// quoted password, its opening quote or a line break).
#[inline(never)]
pub(super) fn passwords(text: &[u8]) -> Vec<Range<usize>> {
    let mut passwords = Vec::new();
    if memchr::memchr(b'|', text).is_none() {
        return passwords;
    }
    let mut flags: Vec<usize> = STDIN_FLAGS
        .iter()
        .flat_map(|flag| {
            // After a blank. What follows the flag is not read: a cut there would
            // make a second pass read it otherwise.
            memchr::memmem::find_iter(text, flag).filter(|&dashes| text[..dashes].ends_with(b" "))
        })
        .collect();
    flags.sort_unstable();
    // The passwords printed into a `|` on the flag's line so far that no flag has
    // taken yet, in order, with their `|`; and where `login` was last read on the
    // line. A flag takes every one that `login` was read after: a password passes
    // through the commands between (`printf ... | tee log | docker login ...`), and
    // so a redaction that takes one of them, or a `|` between, along changes
    // nothing on a second pass.
    let mut printed: Vec<(Range<usize>, usize)> = Vec::new();
    let mut last_login = None;
    let mut read_to = 0;
    for dashes in flags {
        let mut from = read_to;
        // A line break ends the command: what the flag's line holds is read.
        if let Some(line_break) = memchr::memrchr(b'\n', &text[read_to..dashes]) {
            printed.clear();
            last_login = None;
            from = read_to + line_break + 1;
        }
        for pipe in memchr::memchr_iter(b'|', &text[from..dashes]).map(|offset| from + offset) {
            // A shell's `||` runs the next command on failure: nothing is piped on.
            if text.get(pipe + 1) == Some(&b'|') || text[..pipe].ends_with(b"|") {
                printed.clear();
            } else if let Some(password) = password_before(text, pipe) {
                printed.push((password, pipe));
            }
        }
        if let Some(login) = memchr::memmem::rfind(&text[from..dashes], LOGIN) {
            last_login = Some(from + login);
        }
        let taken = printed
            .iter()
            .take_while(|(_, pipe)| last_login.is_some_and(|login| login > *pipe))
            .count();
        for (password, _) in printed.drain(..taken) {
            if passwords.last() != Some(&password) {
                passwords.push(password);
            }
        }
        read_to = dashes;
    }
    passwords
}

/// A login command's word, with its blanks.
const LOGIN: &[u8] = b" login ";

/// Where the password printed into the `|` at `pipe` stands: the argument of a
/// printer of [`PRINTERS`] right before it (from its opening quote to its closing
/// one, where it is quoted).
fn password_before(text: &[u8], pipe: usize) -> Option<Range<usize>> {
    let value_end = values::trim_spaces_end(&text[..pipe]).len();
    let &last = text[..value_end].last()?;
    let start = match last {
        // A quoted password goes from its opening quote on its line, whatever it
        // holds (a `|` in it, which a redaction inside may take, does not end it).
        b'"' | b'\'' => {
            let open = memchr::memrchr2(last, b'\n', &text[..value_end - 1])?;
            (text[open] == last).then_some(open)?
        }
        _ => memchr::memrchr3(b' ', b'\n', b'|', &text[..value_end]).map_or(0, |blank| blank + 1),
    };
    (start < value_end
        && PRINTERS
            .iter()
            .any(|printer| text[..start].ends_with(printer)))
    .then_some(start..value_end)
}

/// The end of the password piped into a login that starts at `at`, one of
/// `passwords` (see [`passwords`]), when `emitted` ends with its printer, which
/// stands as a command, and the password is no reference to where it is kept.
pub(super) fn password_end(
    emitted: &[u8],
    at: usize,
    text: &[u8],
    passwords: &[Range<usize>],
) -> Option<usize> {
    let password = &passwords[passwords
        .binary_search_by_key(&at, |password| password.start)
        .ok()?];
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
    let value = &text[password.clone()];
    let value = match value {
        [quote @ (b'"' | b'\''), inner @ .., closing] if closing == quote => inner,
        _ => value,
    };
    // Where the password comes from, and a usage line's placeholder (`echo
    // PASSWORD | docker login ...`), are no password.
    (!value.is_empty() && !wording::is_reference(value) && !wording::is_placeholder(value))
        .then_some(password.end)
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
            // A command between passes the password on (and a redaction that took
            // its `|` changes nothing on a second pass: found by fuzzing).
            (
                "printf '%s' 'Xk9pL2mQ7rT4vB8' | tee /dev/stderr | docker login --password-stdin",
                "printf '%s' [REDACTED] | tee /dev/stderr | docker login --password-stdin",
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
