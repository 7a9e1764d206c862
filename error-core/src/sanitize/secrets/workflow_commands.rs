//! Values that a GitHub Actions workflow command carries, as a job's log, the
//! runner's debug output or a shell trace prints them (`+ echo
//! ::add-mask::...`): the value of `::add-mask::`, which the runner is asked to
//! hide from the log and so is a secret by its command alone, and the value of
//! `::set-output`, `::save-state` or `::set-env` whose `name` names a secret
//! (`::set-output name=token::...`). The value runs to the end of the line, or to
//! the quote that opened the command (`echo "::add-mask::..."`).
//!
//! The scan finds the command from the `-` of its name (an anchor byte), and
//! hands on where its value starts, after its closing `::`.
//!
//! # Adding a command
//!
//! One row of [`COMMANDS`], and a line in the tests below.

use super::{names, values, wording};

/// When a command's value is a secret.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Secret {
    /// Always: the command exists to hide it.
    Always,
    /// When its `name` parameter names a secret (`name=api_token`).
    WhenNamed,
}

/// The workflow commands whose value may be a secret.
const COMMANDS: [(&[u8], Secret); 4] = [
    (b"add-mask", Secret::Always),
    (b"set-output", Secret::WhenNamed),
    (b"save-state", Secret::WhenNamed),
    (b"set-env", Secret::WhenNamed),
];

/// What stands between a command and its `name` parameter.
const NAME_PARAMETER: &[u8] = b" name=";

/// Values that say nothing secret, in lowercase: a flag's state, no value.
const KEYWORDS: [&[u8]; 6] = [b"true", b"false", b"null", b"none", b"nil", b"undefined"];

/// Whether the `-` at `dash` may stand in the name of one of [`COMMANDS`]: the
/// cheap test on the byte after it (`-m` of `add-mask`, `-o`, `-s`, `-e`, in
/// either case: the runner reads commands ignoring it).
#[inline]
pub(super) fn may_stand_in_command(text: &[u8], dash: usize) -> bool {
    text.get(dash + 1)
        .is_some_and(|&next| matches!(next | 0x20, b'm' | b'o' | b's' | b'e'))
}

/// Whether `text` starts with `prefix`, ignoring ASCII case.
fn starts_with_ignoring_case(text: &[u8], prefix: &[u8]) -> bool {
    text.get(..prefix.len())
        .is_some_and(|start| start.eq_ignore_ascii_case(prefix))
}

/// `text` without `suffix` at its end, ignoring ASCII case.
fn strip_suffix_ignoring_case<'t>(text: &'t [u8], suffix: &[u8]) -> Option<&'t [u8]> {
    let start = text.len().checked_sub(suffix.len())?;
    text[start..]
        .eq_ignore_ascii_case(suffix)
        .then(|| &text[..start])
}

/// Hands `push` where a workflow command's value starts when the `-` at `dash`
/// stands in the name of one of [`COMMANDS`] right after its opening `::`, and its
/// closing `::` follows, after its `name` when it takes one. Out of line: few
/// dashes do.
#[inline(never)]
pub(super) fn push_value_start(text: &[u8], dash: usize, push: &mut impl FnMut(usize)) {
    for (command, secret) in COMMANDS {
        let Some(start) = command
            .iter()
            .position(|&byte| byte == b'-')
            .and_then(|offset| dash.checked_sub(offset))
        else {
            continue;
        };
        if !starts_with_ignoring_case(&text[start..], command) || !text[..start].ends_with(b"::") {
            continue;
        }
        let mut at = start + command.len();
        if secret == Secret::WhenNamed {
            if !starts_with_ignoring_case(&text[at..], NAME_PARAMETER) {
                return;
            }
            let name = &text[at + NAME_PARAMETER.len()..];
            at += NAME_PARAMETER.len()
                + name
                    .iter()
                    .take_while(|&&byte| values::is_key_byte(byte))
                    .count();
        }
        if text[at..].starts_with(b"::") {
            push(at + 2);
        }
        return;
    }
}

/// Whether `emitted` (the output so far) ends with a workflow command whose value
/// may be a secret, and its closing `::`.
#[inline]
pub(super) fn closes_secret_command(emitted: &[u8]) -> bool {
    emitted
        .strip_suffix(b"::")
        .is_some_and(|command| opening_before(command).is_some())
}

/// The end of a workflow command's secret value that starts at `at`, where
/// `emitted` (the output so far) ends with the command and its closing `::`. Out
/// of line: few positions follow one.
#[inline(never)]
pub(super) fn value_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let command = emitted.strip_suffix(b"::")?;
    let opening = opening_before(command)?;
    let before = &emitted[..opening];
    // Prose that names the command (`the ::add-mask:: command`, `::add-mask::VALUE
    // to hide it`), a variable the shell has not expanded (`::add-mask::$TOKEN`), a
    // flag's state (`name=has_token::true`). Every beginning of such a word is
    // one too, so that a value cut short reads the same; and so the word is judged
    // on its first bytes, before the value's end is looked for (a line of kept
    // commands would read to its end from each).
    let first_word = &text[at..]
        .split(|&byte| byte.is_ascii_whitespace() || matches!(byte, b'"' | b'\'' | b'\\'))
        .next()
        .unwrap_or_default();
    let first_word = &first_word[..first_word.len().min(MAX_JUDGED_WORD)];
    let kept = first_word.is_empty()
        || wording::is_reference(first_word)
        || wording::is_placeholder(first_word)
        || KEYWORDS.iter().any(|keyword| {
            keyword.len() >= first_word.len()
                && keyword[..first_word.len()].eq_ignore_ascii_case(first_word)
        });
    if kept {
        return None;
    }
    let end = match values::opening_quote(before) {
        Some((quote, _)) => values::quoted_end(text, at, quote),
        // In a JSON string, after an escaped line break: to the next escape or the
        // string's end.
        None if follows_escaped_break(before) => {
            let line_end = values::line_end(text, at);
            text[at..line_end]
                .iter()
                .position(|&byte| matches!(byte, b'\\' | b'"'))
                .map_or(line_end, |offset| at + offset)
        }
        None => values::line_end(text, at),
    };
    // Blanks before the line's end or the closing quote are no part of it.
    let end = at + text[at..end].trim_ascii_end().len();
    (end > at).then_some(end)
}

/// How much of a value's first word is judged: more than any reference or
/// placeholder that the rules tell.
const MAX_JUDGED_WORD: usize = 256;

/// Where the opening `::` of the workflow command that `command` ends with
/// starts, when the command's value may be a secret: one of [`COMMANDS`], alone
/// or with a `name` that names a secret, in either case, and not glued to a word
/// before it (after a line break, a blank, a quote, a bracket, an escaped line
/// break `\n`). Read back from the end. Out of line: few `::`s end one.
#[inline(never)]
fn opening_before(command: &[u8]) -> Option<usize> {
    let (word, secret) = if strip_suffix_ignoring_case(command, b"add-mask").is_some() {
        (command, Secret::Always)
    } else {
        let name_len = command
            .iter()
            .rev()
            .take_while(|&&byte| values::is_key_byte(byte))
            .count();
        let (before_name, name) = command.split_at(command.len() - name_len);
        let word = strip_suffix_ignoring_case(before_name, NAME_PARAMETER)?;
        if !names::is_secret_name(name) {
            return None;
        }
        (word, Secret::WhenNamed)
    };
    let opening = COMMANDS.iter().find_map(|&(listed, listed_secret)| {
        let before = strip_suffix_ignoring_case(word, listed)?.strip_suffix(b"::")?;
        (listed_secret == secret).then_some(before.len())
    })?;
    let before = &command[..opening];
    let glued = !follows_escaped_break(before)
        && before
            .last()
            .is_some_and(|&last| last.is_ascii_alphanumeric() || last == b'_');
    (!glued).then_some(opening)
}

/// Whether `before` ends with an escaped line break or tab, as a JSON string
/// writes one (`"step 1\n::add-mask::..."`).
fn follows_escaped_break(before: &[u8]) -> bool {
    matches!(before, [.., b'\\', b'n' | b'r' | b't'])
}

#[cfg(test)]
mod tests {
    use super::super::redact;

    #[test]
    fn a_masked_value_and_a_secret_named_output_go() {
        for (text, expected) in [
            ("::add-mask::Xk9pL2mQ7rT4 wz", "::add-mask::[REDACTED]"),
            (
                "+ echo '::add-mask::Xk9pL2mQ7rT4'\n::add-mask::Xk9pL2mQ7rT4",
                "+ echo '::add-mask::[REDACTED]'\n::add-mask::[REDACTED]",
            ),
            (
                "+ echo \"::add-mask::hunter2\" \n+ make deploy",
                "+ echo \"::add-mask::[REDACTED]\" \n+ make deploy",
            ),
            (
                "2024-05-01T10:00:00.000Z ::add-mask::hunter2\r\n",
                "2024-05-01T10:00:00.000Z ::add-mask::[REDACTED]\r\n",
            ),
            (
                "::set-output name=token::4HenV8gMAL702HIyI3kQ",
                "::set-output name=token::[REDACTED]",
            ),
            (
                "echo \"::save-state name=DB_PASSWORD::hunter2\"",
                "echo \"::save-state name=DB_PASSWORD::[REDACTED]\"",
            ),
            (
                "::set-env name=NPM_TOKEN::npm_abc123",
                "::set-env name=NPM_TOKEN::[REDACTED]",
            ),
            // In a JSON log's string, after a prefix, in another case.
            (
                "{\"log\":\"step 1\\n::add-mask::hunter2xyz\\nstep 2\"}",
                "{\"log\":\"step 1\\n::add-mask::[REDACTED]\\nstep 2\"}",
            ),
            (
                "{\"line\":\"echo \\\"::add-mask::hunter2\\\"\",\"n\":1}",
                "{\"line\":\"echo \\\"::add-mask::[REDACTED]\\\"\",\"n\":1}",
            ),
            (
                "##[command]::add-mask::hunter2xyz",
                "##[command]::add-mask::[REDACTED]",
            ),
            ("(::ADD-MASK::hunter2)", "(::ADD-MASK::[REDACTED]"),
            (
                "::Set-Output Name=token::hunter2",
                "::Set-Output Name=token::[REDACTED]",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn other_commands_outputs_paths_and_variables_stay() {
        for text in [
            "::set-output name=version::1.4.2",
            "::group::Run tests",
            "::error file=app.rs,line=10::expected `;`",
            "::debug::token refreshed",
            "::add-mask::$TOKEN",
            "echo \"::add-mask::${{ secrets.TOKEN }}\"",
            "::add-mask::",
            "failed at github::search_issues::add-mask::x",
            "std::io::Error::other: add-mask",
            "::add-mask extra::value",
            "The ::add-mask:: command hides a value from the log",
            "use ::add-mask::VALUE to hide a value",
            "::set-output name=has_token::true",
            "::set-output name=token::null",
            "path::add-mask::x",
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }
}
