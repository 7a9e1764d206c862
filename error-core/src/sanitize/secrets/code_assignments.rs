//! Code that assigns a secret-named variable, as a traceback's source line, a
//! compiler's snippet or a diff quotes it: `let token = jwt_provider.create(...)`,
//! `String token = jwtProvider.createToken(auth);`, `$secret = config('...');`,
//! `apiKey := cfg.APIKey`, and any key of a Python traceback's source line, under
//! its frame (`  File "app.py", line 12, in load` / `    secret =
//! client.secrets.kv.v2...`, `    conn = connect(host=cfg.host,
//! password=cfg.password)`).
//! The value there is an expression that reads the secret from somewhere, not the
//! secret: a literal one is quoted (`let token = "..."`), and the key rules judge it
//! as they judge any quoted value.
//!
//! The text before the value decides (the declaration's keyword or type, the
//! sigil, the frame's line); a setting in an INI file or prose (`password =
//! hunter2`) has none of these before it. An expression that may hold a secret
//! after all, a credential-shaped name or string literal on its line, is judged
//! as any value is (see [`may_hold_secret`]).

use super::{prose_passwords, values, wording};

/// The words that declare a variable, or name its type, right before its name.
/// Words that prose uses as often (`my`, `our`, `local`, `static`) are none.
#[rustfmt::skip]
const DECLARATIONS: &[&[u8]] = &[
    b"String", b"auto", b"bool", b"byte[]", b"bytes", b"char[]", b"const", b"dim", b"let",
    b"mut", b"readonly", b"string", b"val", b"var",
];

/// How a Python traceback's frame line starts, what it holds before the line's
/// number, and before the function's name.
const FRAME_START: &[u8] = b"File \"";
const FRAME_LINE: &[u8] = b"\", line ";
const FRAME_FUNCTION: &[u8] = b", in ";

/// The longest frame line read back.
const MAX_FRAME_LINE_LEN: usize = 512;

/// Whether the variable whose name `before_name` precedes (the output up to the
/// name) is assigned by code: after a declaration's keyword or type, a PHP or Perl
/// sigil (`$secret`), or Go's `:=` (`short_declaration`) before a name in
/// lowercase on an indented line (a Makefile's variable starts its line).
pub(super) fn is_code_assignment(before_name: &[u8], name: &[u8], short_declaration: bool) -> bool {
    if before_name.ends_with(b"$") {
        return true;
    }
    if short_declaration
        && name.first().is_some_and(u8::is_ascii_lowercase)
        && is_indented_line_start(before_name)
    {
        return true;
    }
    // The word before the name's spaces, read back no further than the longest
    // declaration and a blank before it: the work stays bounded per key.
    let spaces = before_name
        .iter()
        .rev()
        .take(MAX_SPACES + 1)
        .take_while(|&&byte| matches!(byte, b' ' | b'\t'))
        .count();
    if spaces == 0 || spaces > MAX_SPACES {
        return false;
    }
    let before_spaces = &before_name[..before_name.len() - spaces];
    let word_len = before_spaces
        .iter()
        .rev()
        .take(MAX_DECLARATION_LEN + 1)
        .take_while(|byte| !byte.is_ascii_whitespace())
        .count();
    word_len <= MAX_DECLARATION_LEN
        && DECLARATIONS.contains(&&before_spaces[before_spaces.len() - word_len..])
}

/// Whether `before_name` ends with a line's indentation: a tab, or two spaces at
/// least, after the line's start (Go's code stands in a function's body; a
/// Makefile's variable starts its line).
fn is_indented_line_start(before_name: &[u8]) -> bool {
    let indent = before_name
        .iter()
        .rev()
        .take(MAX_INDENT + 1)
        .take_while(|&&byte| matches!(byte, b' ' | b'\t'))
        .count();
    let line_start =
        indent == before_name.len() || before_name[before_name.len() - indent - 1] == b'\n';
    let indented = before_name[before_name.len() - indent..].contains(&b'\t') || indent >= 2;
    indent <= MAX_INDENT && line_start && indented
}

/// The most blanks read as a line's indentation.
const MAX_INDENT: usize = 32;

/// The most spaces read between a declaration's word and the name.
const MAX_SPACES: usize = 8;

/// The longest word of [`DECLARATIONS`] (a test holds them to it).
const MAX_DECLARATION_LEN: usize = 8;

/// Whether the key whose name `before_name` precedes (the output up to the name)
/// stands in a Python traceback's source line: a line indented by four spaces at
/// least under a frame's line.
pub(super) fn is_traceback_source(before_name: &[u8], name: &[u8]) -> bool {
    // A flag's name (`--password=...`) names a literal value, as a setting's does.
    if name.starts_with(b"-") {
        return false;
    }
    let searched = &before_name[before_name.len().saturating_sub(MAX_FRAME_LINE_LEN)..];
    // A traceback made one line keeps no mark of where its source line ends: only
    // a line under its frame is read as source.
    let Some(line_break) = searched.iter().rposition(|&byte| byte == b'\n') else {
        return false;
    };
    let line = &searched[line_break + 1..];
    let indent = line.iter().take_while(|&&byte| byte == b' ').count();
    if indent < 4 || !follows_frame_line(&before_name[..before_name.len() - line.len()]) {
        return false;
    }
    let source = &line[indent..];
    // A key inside a string literal (`"--password=..."`, `"password: ..."`) names a
    // literal value; a quoted key's own quote is no string it stands in.
    let before_key = source
        .strip_suffix(b"\"")
        .or_else(|| source.strip_suffix(b"'"))
        .unwrap_or(source);
    !in_string_literal(before_key)
}

/// Whether the end of `line` stands inside a string literal: after an odd number of
/// double or single quotes that no backslash escapes.
fn in_string_literal(line: &[u8]) -> bool {
    let (mut double, mut single, mut escaped) = (false, false, false);
    for &byte in line {
        match byte {
            _ if escaped => escaped = false,
            b'\\' => escaped = true,
            b'"' if !single => double = !double,
            b'\'' if !double => single = !single,
            _ => {}
        }
    }
    double || single
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
    // A frame names its function (`, in load`); a `SyntaxError`'s has none, and the
    // line under it may be anything the parser stopped at.
    // A Python file's frame, or a module's without one (`<stdin>`, `<string>`): a
    // template's (`app.yml.j2`, Jinja's) shows a line that is no code.
    let Some(file) = frame.strip_prefix(FRAME_START) else {
        return false;
    };
    memchr::memmem::find(file, FRAME_LINE).is_some_and(|number| {
        let path = &file[..number];
        (path.ends_with(b".py") || (path.starts_with(b"<") && path.ends_with(b">")))
            && memchr::memmem::find(&file[number..], FRAME_FUNCTION).is_some()
    })
}

/// The longest stretch of a line read for string literals after an expression's
/// start.
const MAX_EXPRESSION_LINE: usize = 512;

/// Whether the expression at `at` may hold a secret after all, and is judged as a
/// value: its first name is credential-shaped (a secret written without quotes,
/// `db_password := Xk9...`), or a string literal closed further on its line is
/// (`base64.b64decode("WGs5...")`, `String::from("...")`). A literal the text's end
/// cut is not read: a value cut short is never taken where the whole one was
/// kept.
pub(super) fn may_hold_secret(text: &[u8], at: usize) -> bool {
    let rest = &text[at..text.len().min(at + MAX_EXPRESSION_LINE)];
    let line = &rest[..memchr::memchr2(b'\n', b'\r', rest).unwrap_or(rest.len())];
    // Read up to a redaction, as every value scan is: a later rule may redact what
    // a literal further on held (`"token: " << x`), and the next pass must read the
    // same, or less, as this one.
    let line = match line
        .iter()
        .enumerate()
        .position(|(offset, &byte)| byte == b'[' && values::is_redacted_at(text, at + offset))
    {
        Some(redaction) => &line[..redaction],
        None => line,
    };
    // The leading path (`client.secrets.kv`, `s.Vb2ZQ...`, `Credentials::from_env`),
    // name by name.
    let path_len = line
        .iter()
        .position(|&byte| {
            byte.is_ascii_whitespace()
                || matches!(
                    byte,
                    b'(' | b'[' | b'{' | b',' | b';' | b')' | b']' | b'}' | b'"' | b'\''
                )
        })
        .unwrap_or(line.len());
    if line[..path_len]
        .split(|&byte| matches!(byte, b'.' | b':' | b'-' | b'>'))
        .any(may_be_secret_name)
    {
        return true;
    }
    let mut at = path_len;
    while let Some(offset) = line[at..]
        .iter()
        .position(|&byte| matches!(byte, b'"' | b'\''))
    {
        let quote = line[at + offset];
        let content_start = at + offset + 1;
        let Some(length) = closing_quote(&line[content_start..], quote) else {
            return false;
        };
        if !is_ordinary_literal(&line[content_start..content_start + length]) {
            return true;
        }
        at = content_start + length + 1;
    }
    false
}

/// The shortest name with a digit that may be a secret written unquoted (a hex
/// token, `abcdef1234...`); a module's name is shorter (`base64`, `sha256`).
const MIN_DIGIT_NAME_LEN: usize = 8;

/// Whether a name of an expression's leading path may be a secret written without
/// quotes: credential-shaped, or long with a digit.
fn may_be_secret_name(name: &[u8]) -> bool {
    prose_passwords::is_credential_shaped(name)
        || (name.len() >= MIN_DIGIT_NAME_LEN && name.iter().any(u8::is_ascii_digit))
}

/// Whether a string literal is what code passes besides secrets: empty, prose (a
/// space: `"Bearer "`, `"Password: "`), a path (`"/run/secrets/jwt"`), or plain
/// words (`'token'`, `"Authorization"`, `'services.stripe.secret'`,
/// `"stripe/api_key"`). A password is none of these (`"hunter2"`).
fn is_ordinary_literal(content: &[u8]) -> bool {
    content.is_empty()
        || content.contains(&b' ')
        || content.starts_with(b"/")
        || content
            .split(|&byte| byte == b'/')
            .all(wording::is_plain_word)
}

/// Where the string whose content starts `content` closes with `quote`, past the
/// quotes a backslash escapes.
fn closing_quote(content: &[u8], quote: u8) -> Option<usize> {
    let mut escaped = false;
    content.iter().position(|&byte| {
        let closes = byte == quote && !escaped;
        escaped = byte == b'\\' && !escaped;
        closes
    })
}

/// Whether the value at `at` may be an expression: a name, a path or a call
/// (`client.secrets...`, `Credentials::from_env()`, `$request->input`), or a
/// number of two digits at most (a protocol buffer's field number, `string
/// password = 2;`, a counter's start); not a string, a longer number (a PIN), nor
/// a tuple or a list of literals (`auth = ('alice', '...')`, which the key rules
/// read).
pub(super) fn may_start_expression(text: &[u8], at: usize) -> bool {
    let rest = &text[at..];
    match rest.first() {
        Some(&first) if first.is_ascii_alphabetic() || matches!(first, b'_' | b'$') => true,
        Some(first) if first.is_ascii_digit() => {
            rest.iter()
                .take(3)
                .take_while(|byte| byte.is_ascii_digit())
                .count()
                <= 2
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::{is_code_assignment, is_traceback_source, may_hold_secret};

    #[test]
    fn every_declaration_is_read_back_whole() {
        let longest = super::DECLARATIONS.iter().map(|word| word.len()).max();
        assert_eq!(longest, Some(super::MAX_DECLARATION_LEN));
    }

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
            ("", "api_key", true),
            ("export ", "db_password", true),
            ("login failed\n    ", "password", false),
            ("    let", "token", false),
        ] {
            assert!(
                !is_code_assignment(before.as_bytes(), name.as_bytes(), short),
                "{before}{name}"
            );
        }
    }

    #[test]
    fn a_tracebacks_source_line_follows_its_frame() {
        let frame =
            "Traceback (most recent call last):\n  File \"/srv/app.py\", line 12, in load\n";
        for before in [
            format!("{frame}    "),
            format!("{frame}    conn = connect(host=cfg.host, "),
            format!("{frame}    r = post(url, json={{\""),
        ] {
            assert!(
                is_traceback_source(before.as_bytes(), b"password"),
                "{before}"
            );
        }
        for before in [
            "    ".to_owned(),
            format!("{frame}  "),
            format!("{frame}    x\n    "),
            "  File \"/srv/app.py\", line 12, in load ".to_owned(),
            "  File \"/srv/app.py\", line 12 ".to_owned(),
            format!("{frame}    run([\"mysql\", \"--"),
            format!("{frame}    run(\"mysql --"),
            format!("{frame}    log(\"using "),
            // A traceback made one line, a `SyntaxError`'s frame.
            "  File \"/srv/app.py\", line 12, in load     ".to_owned(),
            "  File \"/srv/settings.py\", line 12\n    ".to_owned(),
        ] {
            assert!(
                !is_traceback_source(before.as_bytes(), b"password"),
                "{before}"
            );
        }
    }

    #[test]
    fn an_expression_with_a_credential_shaped_name_or_literal_may_hold_a_secret() {
        for expression in [
            "Xk9pL2mQ7rT4abc",
            "glXk9pL2mQ7rT4abc;",
            "base64.b64decode(\"WGs5cEwybVE3clQ0YWJj\").decode()",
            "String::from(\"Xk9pL2mQ7rT4abc\");",
            "SECRET or 'Xk9p!L2mQ7rT4'",
            // Found by a review: a weak literal, a dotted or hex token unquoted.
            "String::from(\"hunter2\");",
            "s.Vb2ZQGQ4vHs1m3Nq0sQ2k9Xy",
            "abcdef1234567890abcdef1234567890",
        ] {
            assert!(may_hold_secret(expression.as_bytes(), 0), "{expression}");
        }
        for expression in [
            "client.secrets.kv.v2.read_secret_version(path=path, mount_point=\"secret\")",
            "localStorage.getItem('token');",
            "strings.TrimPrefix(r.Header.Get(\"Authorization\"), \"Bearer \")",
            "hashlib.sha256(data)",
            "read_to_string(\"/run/secrets/jwt\")?",
            "getpass.getpass(\"Password: \")",
            // A literal the text's end or a redaction cut is not read.
            "str(\"Xk9pL2mQ7rT4abc",
            "getItem('a'); x << \"[REDACTED]\"x\"",
            "f(x)\nSECRET = \"Xk9pL2mQ7rT4abc\"",
        ] {
            assert!(!may_hold_secret(expression.as_bytes(), 0), "{expression}");
        }
    }
}
