//! Code that assigns a secret-named variable, as a traceback's source line, a
//! compiler's snippet or a diff quotes it: `let token = jwt_provider.create(...)`,
//! `String token = jwtProvider.createToken(auth);`, `$secret = config('...');`,
//! `apiKey := cfg.APIKey`, and a Python traceback's line under its frame
//! (`  File "app.py", line 12, in load` / `    secret = client.secrets.kv.v2...`).
//! The value there is an expression that reads the secret from somewhere, not the
//! secret: a literal one is quoted (`let token = "..."`), and the key rules judge it
//! as they judge any quoted value.
//!
//! Only the text before the value decides (the declaration's keyword or type, the
//! sigil, the frame's line), so a value cut short reads as the whole did. A setting
//! in an INI file or prose (`password = hunter2`) has none of these before it.

/// The words that declare a variable, or name its type, right before its name.
#[rustfmt::skip]
const DECLARATIONS: &[&[u8]] = &[
    b"String", b"auto", b"bool", b"byte[]", b"char[]", b"const", b"def", b"dim", b"final",
    b"let", b"local", b"mut", b"my", b"our", b"readonly", b"static", b"str", b"string",
    b"val", b"var",
];

/// How a Python traceback's frame line starts and what it holds before the line's
/// number.
const FRAME_START: &[u8] = b"File \"";
const FRAME_LINE: &[u8] = b"\", line ";

/// The longest frame line read back.
const MAX_FRAME_LINE_LEN: usize = 512;

/// Whether the variable whose name `before_name` precedes (the output up to the
/// name) is assigned by code: after a declaration's keyword or type, a PHP or Perl
/// sigil (`$secret`), Go's `:=` (`short_declaration`) before a name in lowercase
/// (a Makefile's `PASSWORD := ...` sets one in capitals), or on a Python
/// traceback's source line.
pub(super) fn is_code_assignment(before_name: &[u8], name: &[u8], short_declaration: bool) -> bool {
    if before_name.ends_with(b"$") {
        return true;
    }
    if short_declaration && name.first().is_some_and(u8::is_ascii_lowercase) {
        return true;
    }
    let line_start = before_name
        .iter()
        .rposition(|&byte| byte == b'\n')
        .map_or(0, |line_break| line_break + 1);
    let line = &before_name[line_start..];
    let before_spaces = line.trim_ascii_end();
    if before_spaces.len() == line.len() {
        return false;
    }
    if before_spaces.is_empty() {
        return line.len() >= 4 && follows_frame_line(&before_name[..line_start]);
    }
    let word_start = before_spaces
        .iter()
        .rposition(u8::is_ascii_whitespace)
        .map_or(0, |blank| blank + 1);
    DECLARATIONS.contains(&&before_spaces[word_start..])
}

/// Whether `before_line` (the output up to a line's start) ends with a Python
/// traceback's frame line: `  File "app.py", line 12, in load`.
fn follows_frame_line(before_line: &[u8]) -> bool {
    let Some(previous) = before_line.strip_suffix(b"\n") else {
        return false;
    };
    let previous = previous.strip_suffix(b"\r").unwrap_or(previous);
    let start = previous
        .iter()
        .rev()
        .take(MAX_FRAME_LINE_LEN)
        .position(|&byte| byte == b'\n')
        .map_or(
            previous.len().saturating_sub(MAX_FRAME_LINE_LEN),
            |offset| previous.len() - offset,
        );
    let frame = previous[start..].trim_ascii_start();
    frame.starts_with(FRAME_START) && memchr::memmem::find(frame, FRAME_LINE).is_some()
}

/// Whether a value that starts with `first` may be an expression: a name, a path
/// or a call (`client.secrets...`, `Credentials::from_env()`, `$request->input`),
/// not a literal (a string, a number) nor a tuple or a list of them (`auth =
/// ('alice', '...')`, which the key rules read).
pub(super) fn may_start_expression(first: u8) -> bool {
    first.is_ascii_alphabetic() || matches!(first, b'_' | b'$')
}

#[cfg(test)]
mod tests {
    use super::is_code_assignment;

    #[test]
    fn declarations_sigils_and_frames_assign_in_code() {
        for (before, name, short) in [
            ("    let ", "token", false),
            ("let mut ", "token", false),
            ("  const ", "token", false),
            ("    String ", "token", false),
            ("final String ", "token", false),
            ("    $", "secret", false),
            ("\t", "apiKey", true),
            (
                "Traceback (most recent call last):\n  File \"/srv/app.py\", line 12, in load\n    ",
                "secret",
                false,
            ),
        ] {
            assert!(
                is_code_assignment(before.as_bytes(), name.as_bytes(), short),
                "{before}{name}"
            );
        }
        for (before, name, short) in [
            ("", "password", false),
            ("[db]\n", "password", false),
            ("    ", "password", false),
            ("the ", "password", false),
            ("", "PASSWORD", true),
            ("login failed\n    ", "password", false),
            ("    let", "token", false),
        ] {
            assert!(
                !is_code_assignment(before.as_bytes(), name.as_bytes(), short),
                "{before}{name}"
            );
        }
    }
}
