//! What a value looks like where a key, a scheme or a URL announces a secret: where
//! it ends, whether it is quoted, and whether it is an ordinary word.
//!
//! Every scan here stops at an existing `[REDACTED]`: text that was redacted once
//! must read, the second time, like a value that ended there. That is what keeps
//! redaction idempotent without a second pass.

use super::super::REDACTED;
use super::numbered_quotes;

/// Longest key name looked at; a longer name is judged by its last characters.
pub(super) const MAX_KEY_LEN: usize = 64;

/// How many spaces may stand around a `=` or `:` between a key and its value.
pub(super) const MAX_SPACES: usize = 32;

/// The quote that opens a quoted value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Quote {
    /// `"value"`: JSON, YAML, shell.
    Double,
    /// `'value'`: Python reprs, YAML, shell.
    Single,
    /// `\"value\"`: JSON quoted inside a JSON string (or `\\\"value\\\"`, escaped
    /// twice).
    EscapedDouble,
    /// `&quot;value&quot;`: JSON in an HTML attribute (`data-config="{&quot;
    /// password&quot;:&quot;...&quot;}"`), or single quotes written `&#39;`.
    Entity,
    /// `\u0022value\u0022`: JSON inside a JSON string, its quotes escaped by
    /// number (see `numbered_quotes`).
    NumberedDouble,
    /// `\u0027value\u0027`, the same with single quotes.
    NumberedSingle,
    /// `` `value` ``: Markdown's inline code (``password = `hunter2` ``), only a key's
    /// value; a shell's command substitution looks the same.
    Backtick,
}

/// How HTML writes a quote inside an attribute: the double quote by name and by
/// number, the single quote by number and by name.
const ENTITY_QUOTES: [&[u8]; 6] = [
    b"&quot;", b"&#34;", b"&#x22;", b"&#39;", b"&#x27;", b"&apos;",
];

/// How long the quote written as an HTML entity at `at` is, if one stands there.
pub(super) fn entity_quote_len(text: &[u8], at: usize) -> Option<usize> {
    let rest = text.get(at..)?;
    ENTITY_QUOTES
        .iter()
        .find(|quote| rest.starts_with(quote))
        .map(|quote| quote.len())
}

/// What stands before the quote written as an HTML entity that `bytes` ends with.
pub(super) fn strip_entity_quote(bytes: &[u8]) -> Option<&[u8]> {
    // Every such entity ends with `;`: most text is turned away on it.
    if bytes.last() != Some(&b';') {
        return None;
    }
    ENTITY_QUOTES
        .iter()
        .find_map(|quote| bytes.strip_suffix(*quote))
}

/// Whether a quote written as an HTML entity starts at `at`, or the beginning of
/// one that the text's end cut (`&quo`): a value cut short must end where the
/// whole one did.
pub(super) fn starts_entity_quote(text: &[u8], at: usize) -> bool {
    let rest = &text[at..];
    ENTITY_QUOTES
        .iter()
        .any(|quote| rest.starts_with(quote) || quote.starts_with(rest))
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

/// The end of the value that starts at `at`: its first byte that `ends` says ends
/// it, or a redaction, so that a value redacted once reads the same again; or the
/// text's end.
pub(super) fn end_before_redaction(text: &[u8], at: usize, ends: impl Fn(u8) -> bool) -> usize {
    text[at..]
        .iter()
        .enumerate()
        .position(|(offset, &byte)| {
            ends(byte) || (byte == b'[' && is_redacted_at(text, at + offset))
        })
        .map_or(text.len(), |offset| at + offset)
}

/// The end of the unquoted value that starts at `at`. A `:` before whitespace ends
/// it too: in `password= token: abc` the value of `password` is missing and `token`
/// is the next key, whose value must not hide inside this one. A `]` ends it unless
/// the value opened its bracket (`password=a[1]`): the `]` of Java's
/// `User[password=...]` and Go's `map[password:...]` closes the structure. An
/// escaped line break ends it (see [`escapes_line_break`]).
pub(super) fn unquoted_end(text: &[u8], at: usize) -> usize {
    /// The bytes that end a value, or may: `[`, `]`, `:` and `\` do in context, and
    /// the first bytes of CJK text's commas, semicolon and full stop.
    const MAY_END: [bool; 256] = byte_table!(|byte| ends_unquoted_value(byte)
        || matches!(byte, b'[' | b']' | b':' | b'\\' | 0xE3 | 0xEF));
    let mut end = at;
    let mut brackets = 0usize;
    while let Some(&byte) = text.get(end) {
        if MAY_END[usize::from(byte)] {
            let ends = match byte {
                b'[' if is_redacted_at(text, end) => true,
                b'[' => {
                    brackets += 1;
                    false
                }
                b']' if brackets > 0 => {
                    brackets -= 1;
                    false
                }
                b']' => true,
                // At the end of the text too, so that a cut right after the `:` reads
                // the same on the next pass.
                b':' => text.get(end + 1).is_none_or(u8::is_ascii_whitespace),
                b'\\' => escapes_line_break(text, end),
                0xE3 | 0xEF => is_cjk_separator_at(text, end),
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

/// The punctuation that separates CJK text's list items and sentences, which ends
/// a value as `,`, `;` and a space do (`密码：hunter2，端口：5432`): the full-width
/// comma and semicolon, the ideographic comma and full stop, in UTF-8.
const CJK_SEPARATORS: [[u8; 3]; 4] = [
    [0xEF, 0xBC, 0x8C],
    [0xEF, 0xBC, 0x9B],
    [0xE3, 0x80, 0x81],
    [0xE3, 0x80, 0x82],
];

/// Whether one of [`CJK_SEPARATORS`] starts at `at`.
fn is_cjk_separator_at(text: &[u8], at: usize) -> bool {
    text.get(at..)
        .and_then(<[u8]>::first_chunk::<3>)
        .is_some_and(|form| CJK_SEPARATORS.contains(form))
}

/// Whether the `\` at `at` escapes a line break (`\r`, `\n`), which ends a value
/// as the line break itself does: the headers of Python's `send: b'...\r\n...'`,
/// the lines of a JSON string. A `\` that ends the text may be one cut short, and
/// ends it too, so that the next pass reads the same.
fn escapes_line_break(text: &[u8], at: usize) -> bool {
    text.get(at + 1)
        .is_none_or(|&next| matches!(next, b'n' | b'r'))
}

/// The end of the value after a tight `=` that starts at `at`
/// (`password=(x)`, `password=a&b`, `password=a;b`, `password=:x`): like
/// [`unquoted_end`], but brackets the value opens are its own (with what they
/// hold, to the line's end at most, but for a wrapped line: below), and a `&` or
/// `;` ends it only where the next pair starts (`&x=1`, `; Path=/`).
///
/// Where a bracket the value opened is still open at the line's end, its line ends
/// with that `(` or a `,`, and the next line starts with a string, the value goes
/// on there: code wrapped at its arguments (`auth=('alice',\n    'hunter2')`,
/// `auth = (\n    'alice',\n    'hunter2',\n)`), at most [`MAX_WRAPPED_LINES`]
/// lines on.
pub(super) fn tight_value_end(text: &[u8], at: usize) -> usize {
    let (end, depth) = tight_value_read(text, at, 0);
    through_lines_going_on(text, end, depth)
}

/// `end`, or further: where `depth` brackets are open at `end`, the line ends with
/// a `,` or a `(` and the next line starts with a string, the value goes on there,
/// at most [`MAX_WRAPPED_LINES`] lines on (see [`tight_value_end`]).
fn through_lines_going_on(text: &[u8], mut end: usize, mut depth: usize) -> usize {
    for _ in 0..MAX_WRAPPED_LINES {
        if depth == 0 || !matches!(trim_spaces_end(&text[..end]).last(), Some(b',' | b'(')) {
            break;
        }
        let Some(next) = next_line_string(text, end + spaces_at(text, end)) else {
            break;
        };
        (end, depth) = tight_value_read(text, next, depth);
    }
    end
}

/// `end`, or further: a redaction from `at` to `end` that took the start of a value
/// wrapped at its arguments, to its line's end (`auth=('alice',` before `\n
/// 'hunter2')`: a flag's value, a string that ran to the line's end), takes the
/// lines that go on with it too, as [`tight_value_end`] reads them. Only the
/// redaction's last line is read, [`MAX_WRAPPED_LINE_LEN`] bytes back at most.
pub(super) fn through_wrapped_lines(text: &[u8], at: usize, end: usize) -> usize {
    // Most redactions end otherwise than with a `,` or a `(`.
    if !matches!(trim_spaces_end(&text[at..end]).last(), Some(b',' | b'(')) {
        return end;
    }
    let read_from = end.saturating_sub(MAX_WRAPPED_LINE_LEN).max(at);
    let line_start = text[read_from..end]
        .iter()
        .rposition(|&byte| matches!(byte, b'\n' | b'\r'))
        .map_or(read_from, |offset| read_from + offset + 1);
    let line = &text[line_start..end];
    let depth = line.iter().fold(0usize, |depth, &byte| match byte {
        b'(' => depth + 1,
        b')' => depth.saturating_sub(1),
        _ => depth,
    });
    through_lines_going_on(text, end, depth)
}

/// How far back the last line of a redaction is read for a value wrapped at its
/// arguments (see [`through_wrapped_lines`]).
const MAX_WRAPPED_LINE_LEN: usize = 256;

/// Whether a line break stands at `at` and a string starts the next line: a
/// wrapped tuple's first string, after its `(` (see [`tight_value_end`]).
pub(super) fn opens_wrapped_strings(text: &[u8], at: usize) -> bool {
    next_line_string(text, at).is_some()
}

/// How many lines on a wrapped value is read (see [`tight_value_end`]).
const MAX_WRAPPED_LINES: usize = 16;

/// Where the string that starts the line after the line break at `at` opens: its
/// quote (`'`, `"` or a backtick), after the line's indentation and a prefix of
/// one or two letters (Python's `b'...'`, `rb"..."`, `f'...'`). `None` when no
/// line break stands at `at`, or no string starts the next line.
pub(super) fn next_line_string(text: &[u8], at: usize) -> Option<usize> {
    let next_line = match text.get(at..)? {
        [b'\r', b'\n', ..] => at + 2,
        [b'\n' | b'\r', ..] => at + 1,
        _ => return None,
    };
    let indent = text[next_line..]
        .iter()
        .take(MAX_WRAPPED_LINE_LEN)
        .take_while(|&&byte| matches!(byte, b' ' | b'\t'))
        .count();
    let start = next_line + indent;
    let prefix = text[start..]
        .iter()
        .take(2)
        .take_while(|&&byte| matches!(byte | 0x20, b'b' | b'r' | b'u' | b'f'))
        .count();
    let quote = start + prefix;
    matches!(text.get(quote), Some(b'"' | b'\'' | b'`')).then_some(quote)
}

/// [`tight_value_end`] from `at`, with `depth` brackets open already; and how many
/// are open where it ends.
fn tight_value_read(text: &[u8], at: usize, depth: usize) -> (usize, usize) {
    let mut end = at;
    let mut depth = depth;
    // Square brackets the value opened, which only its own `]` closes (`a[1]`); they
    // do not hold spaces as the others do.
    let mut square = 0usize;
    // Brackets the value opened hold a line at most, and so many bytes: a line of
    // values that stay, each opening a bracket (`DB_TOKEN=${`), would be read to its
    // end from each (quadratic time).
    let limit = floor_char_boundary(text, at.saturating_add(MAX_BRACKETED_VALUE));
    while let Some(&byte) = text.get(end) {
        if depth > 0 && end >= limit {
            break;
        }
        match byte {
            b'(' | b'<' | b'{' => depth += 1,
            b')' | b'>' | b'}' if depth > 0 => depth -= 1,
            // Inside brackets the value opened, only a line break or a redaction
            // ends it: `auth=('alice', 'hunter2')`, a tuple in a traceback's line.
            b'\n' | b'\r' => break,
            b'\\' if escapes_line_break(text, end) => break,
            _ if depth > 0 && !(byte == b'[' && is_redacted_at(text, end)) => {}
            b'[' if !is_redacted_at(text, end) => square += 1,
            b']' if square > 0 => square -= 1,
            b'&' | b';' if !starts_next_pair(text, end + 1) => {}
            b':' if !text.get(end + 1).is_none_or(u8::is_ascii_whitespace) => {}
            _ if ends_unquoted_value(byte) || matches!(byte, b'[' | b']' | b':') => break,
            0xE3 | 0xEF if is_cjk_separator_at(text, end) => break,
            _ => {}
        }
        end += 1;
    }
    (end, depth)
}

/// `at`, or the start of the character it stands inside, at most the text's end:
/// where a bounded reading may stop (a redaction ends between characters).
pub(super) fn floor_char_boundary(text: &[u8], at: usize) -> usize {
    let mut at = at.min(text.len());
    // A continuation byte of UTF-8 is 0b10xx_xxxx.
    while at > 0 && text.get(at).is_some_and(|&byte| byte & 0xC0 == 0x80) {
        at -= 1;
    }
    at
}

/// The most bytes of a tight `=`'s value read while a bracket it opened is open:
/// more than a tuple of credentials holds on one line.
const MAX_BRACKETED_VALUE: usize = 1024;

/// Whether the text after a `&` or `;` at `at` starts the next pair (`x=1`, a
/// space before ` Path=/`) rather than continuing a value.
fn starts_next_pair(text: &[u8], at: usize) -> bool {
    text.get(at).is_some_and(u8::is_ascii_whitespace) || starts_pair(text, at)
}

/// Whether a `key=` starts at `at` (a query's `x=`).
fn starts_pair(text: &[u8], at: usize) -> bool {
    let key_len = key_len_at(text, at);
    key_len > 0 && text.get(at + key_len) == Some(&b'=')
}

/// Whether a `key=` starts at `at`, perhaps with spaces before its `=` (a cookie's
/// `sid=`, `sid = ...`).
pub(super) fn starts_spaced_pair(text: &[u8], at: usize) -> bool {
    let key_len = key_len_at(text, at);
    key_len > 0 && text.get(at + key_len + spaces_at(text, at + key_len)) == Some(&b'=')
}

/// How many bytes of a key (at most [`MAX_KEY_LEN`]) stand at `at`.
fn key_len_at(text: &[u8], at: usize) -> usize {
    text[at.min(text.len())..]
        .iter()
        .take(MAX_KEY_LEN)
        .take_while(|&&byte| is_key_byte(byte))
        .count()
}

/// The end of a value that runs to the end of its line (a `Cookie` header's pairs).
pub(super) fn line_value_end(text: &[u8], at: usize) -> usize {
    let mut end = at;
    while let Some(&byte) = text.get(end) {
        if matches!(byte, b'\n' | b'\r' | b'"' | b'\'' | b'`')
            || (byte == b'[' && is_redacted_at(text, end))
        {
            break;
        }
        end += 1;
    }
    end
}

/// The end of a YAML block scalar whose indicator (`|`, `>`, with its chomping and
/// indentation marks) starts at `at`, on a key's line indented by `key_indent`: the
/// lines after it that are indented further (blank lines inside it too).
pub(super) fn block_scalar_end(text: &[u8], at: usize, key_indent: usize) -> Option<usize> {
    if !matches!(text.get(at), Some(b'|' | b'>')) {
        return None;
    }
    let marks = text[at + 1..]
        .iter()
        .take(2)
        .take_while(|byte| matches!(byte, b'-' | b'+' | b'1'..=b'9'))
        .count();
    let mut line = at + 1 + marks;
    if text.get(line) == Some(&b'\\') {
        return escaped_block_end(text, line);
    }
    line += usize::from(text.get(line) == Some(&b'\r'));
    if text.get(line) != Some(&b'\n') {
        return flattened_block_end(text, line);
    }
    let mut end = None;
    while text.get(line) == Some(&b'\n') {
        let start = line + 1;
        let indent = text[start..]
            .iter()
            .take_while(|&&byte| byte == b' ')
            .count();
        let line_end = text[start..]
            .iter()
            .position(|&byte| byte == b'\n')
            .map_or(text.len(), |offset| start + offset);
        let blank = text[start + indent..line_end]
            .iter()
            .all(|&byte| byte == b'\r');
        if !blank && indent <= key_indent {
            break;
        }
        if !blank {
            end = Some(line_end - usize::from(text[..line_end].ends_with(b"\r")));
        }
        line = line_end;
    }
    end
}

/// The end of a block scalar whose line breaks are escaped, as a log line quotes a
/// manifest in a JSON string (`password: >-\n  s3cr3t\n`): its lines, each after
/// an escaped break and indented as far as the first at least, up to the next
/// escaped break that starts a line indented less, the string's closing quote or
/// the line's end.
fn escaped_block_end(text: &[u8], after_marks: usize) -> Option<usize> {
    let mut line = after_marks;
    let mut block_indent = None;
    let mut end = None;
    loop {
        let break_len = match &text[line..] {
            [b'\\', b'n', ..] => 2,
            [b'\\', b'r', b'\\', b'n', ..] => 4,
            _ => return end,
        };
        let start = line + break_len;
        let indent = spaces_at(text, start);
        if indent == 0 || indent < *block_indent.get_or_insert(indent) {
            return end;
        }
        let content = start + indent;
        let mut line_end = content;
        while let Some(&byte) = text.get(line_end) {
            let ends = match byte {
                b'\n' | b'\r' | b'"' => true,
                b'\\' => matches!(text.get(line_end + 1), None | Some(b'n' | b'r' | b'"')),
                b'[' => is_redacted_at(text, line_end),
                _ => false,
            };
            if ends {
                break;
            }
            line_end += 1;
        }
        if line_end > content {
            end = Some(line_end);
        }
        // The block ends with its string, its line, or a redaction.
        if !text[line_end..].starts_with(b"\\") {
            return end;
        }
        line = line_end;
    }
}

/// The end of a block scalar (`|`, `>-`) whose line break became a space (a
/// one-line log field: `password: |   s3cr3t`), which the flattened break and the
/// block's indentation set apart by two spaces or more. Where the block ended is
/// lost with its line breaks, so the rest of the line goes.
fn flattened_block_end(text: &[u8], after_marks: usize) -> Option<usize> {
    let spaces = text[after_marks..]
        .iter()
        .take(MAX_SPACES)
        .take_while(|&&byte| byte == b' ')
        .count();
    let content = after_marks + spaces;
    if spaces < 2 || matches!(text.get(content), None | Some(b'\n' | b'\r')) {
        return None;
    }
    let line_end =
        memchr::memchr(b'\n', &text[content..]).map_or(text.len(), |offset| content + offset);
    Some(line_end - usize::from(text[..line_end].ends_with(b"\r")))
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
            b'\\' if quote == Quote::EscapedDouble && starts_escaped_quote(text, end) => {
                break;
            }
            b'&' if quote == Quote::Entity && starts_entity_quote(text, end) => break,
            b'\\' if numbered_quotes::closes_at(text, end, quote) => break,
            b'`' if quote == Quote::Backtick => break,
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

/// What stands before the quoted string that `bytes` ends with (its closing quote
/// last), when the string opens on the same line within `max_len` bytes.
pub(super) fn before_quoted_string(bytes: &[u8], max_len: usize) -> Option<&[u8]> {
    let (&quote, inside) = bytes.split_last()?;
    let opening = inside
        .iter()
        .rev()
        .take(max_len)
        .position(|&byte| byte == quote || byte == b'\n')?;
    let opening = inside.len() - 1 - opening;
    (inside[opening] == quote).then(|| &inside[..opening])
}

/// Where a value's content starts after an opening quote at `at`, however many
/// backslashes escape a `"` (`"`, `'`, `\"`, `\\"`, `\\\"`): the quotes that
/// [`opening_quote`] reads back from the output.
pub(super) fn after_opening_quote(text: &[u8], at: usize) -> Option<usize> {
    let backslashes = text
        .get(at..)?
        .iter()
        .take_while(|&&byte| byte == b'\\')
        .count();
    match text.get(at + backslashes)? {
        b'"' => Some(at + backslashes + 1),
        b'\'' if backslashes == 0 => Some(at + 1),
        _ => None,
    }
}

/// The quote that `emitted` ends with, and what stands before it.
pub(super) fn opening_quote(emitted: &[u8]) -> Option<(Quote, &[u8])> {
    if let Some(before) = emitted.strip_suffix(b"\"") {
        let escaped = strip_backslashes(before);
        if escaped.len() < before.len() {
            return Some((Quote::EscapedDouble, escaped));
        }
        return Some((Quote::Double, before));
    }
    emitted
        .strip_suffix(b"'")
        .map(|before| (Quote::Single, before))
}

/// The plain quote (`'` or `"`, not escaped) that `emitted` ends with: its byte, its
/// kind and what stands before it.
pub(super) fn plain_opening_quote(emitted: &[u8]) -> Option<(u8, Quote, &[u8])> {
    match emitted.split_last()? {
        (b'\'', before) => Some((b'\'', Quote::Single, before)),
        (b'"', before) => Some((b'"', Quote::Double, before)),
        _ => None,
    }
}

/// `before_quote` (what stands before a string's opening quote) without the `b` of
/// a Python bytes literal (`'password': b'...'`, as redis-py returns values), or
/// the `u` of Python 2's text and the `r` of a raw string.
pub(super) fn strip_bytes_prefix(before_quote: &[u8]) -> &[u8] {
    match before_quote {
        [
            before @ ..,
            b' ' | b':' | b'=' | b'(' | b',',
            b'b' | b'u' | b'r',
        ] => &before_quote[..before.len() + 1],
        _ => before_quote,
    }
}

/// The longest YAML type tag read (`!!binary`, `!!timestamp`).
const MAX_TYPE_TAG_LEN: usize = 12;

/// `before_value` without a YAML type tag and its spaces at its end (`secret:
/// !!str ...`): the value follows the tag.
#[inline]
pub(super) fn strip_type_tag(before_value: &[u8]) -> &[u8] {
    // Most values follow no blank, or follow one after a separator.
    if !matches!(before_value.last(), Some(b' ' | b'\t')) {
        return before_value;
    }
    let tag = trim_spaces_end(before_value);
    if !tag.last().is_some_and(u8::is_ascii_alphabetic) {
        return before_value;
    }
    let letters = tag
        .iter()
        .rev()
        .take(MAX_TYPE_TAG_LEN + 1)
        .take_while(|byte| byte.is_ascii_alphabetic())
        .count();
    match tag[..tag.len() - letters].strip_suffix(b"!!") {
        Some(before_tag) if (1..=MAX_TYPE_TAG_LEN).contains(&letters) => before_tag,
        _ => before_value,
    }
}

/// Where the value after a YAML type tag at `at` starts (`!!str ...`), if one does.
pub(super) fn after_type_tag(text: &[u8], at: usize) -> Option<usize> {
    let rest = text.get(at..)?.strip_prefix(b"!!")?;
    let letters = rest
        .iter()
        .take(MAX_TYPE_TAG_LEN + 1)
        .take_while(|byte| byte.is_ascii_alphabetic())
        .count();
    let tag_end = at + 2 + letters;
    let spaces = spaces_at(text, tag_end);
    ((1..=MAX_TYPE_TAG_LEN).contains(&letters) && spaces > 0).then_some(tag_end + spaces)
}

/// `before_quote` without the type that PHP's `var_dump` writes before a string
/// on the line after its key's `=>` (`["password"]=>\n  string(7) "...`): it then
/// ends with the `=>`.
pub(super) fn strip_var_dump_type(before_quote: &[u8]) -> &[u8] {
    let Some(line) = before_length(before_quote, b"string(") else {
        return before_quote;
    };
    // On the next line, or on the same one when line breaks became spaces.
    let indent = trim_spaces_end(line);
    let rocket = match indent.strip_suffix(b"\n") {
        Some(line) => trim_spaces_end(line.strip_suffix(b"\r").unwrap_or(line)),
        None => indent,
    };
    if rocket.ends_with(b"=>") {
        rocket
    } else {
        before_quote
    }
}

/// How many digits `bytes` ends with, `most` at most.
pub(super) fn trailing_digits(bytes: &[u8], most: usize) -> usize {
    bytes
        .iter()
        .rev()
        .take(most)
        .take_while(|byte| byte.is_ascii_digit())
        .count()
}

/// What stands before `opening` and a string's length in parentheses that
/// `before_quote` ends with (`string(7) `, `(string) (len=24) `): a number of
/// [`MAX_LENGTH_DIGITS`] digits at most, one at least. The mirror of
/// [`after_length`].
fn before_length<'b>(before_quote: &'b [u8], opening: &[u8]) -> Option<&'b [u8]> {
    let length = before_quote.strip_suffix(b") ")?;
    let digits = trailing_digits(length, MAX_LENGTH_DIGITS);
    let before = length[..length.len() - digits].strip_suffix(opening)?;
    (digits > 0).then_some(before)
}

/// How many digits a string's length in `var_dump` may have.
const MAX_LENGTH_DIGITS: usize = 12;

/// How Go's `spew` dumps a string before its quote: its type and its length
/// (`Password: (string) (len=24) "..."`).
const SPEW_STRING: &[u8] = b"(string) (len=";

/// `before_quote` without the type and length that Go's `spew` writes before a
/// string (`Password: (string) (len=24) "...`).
pub(super) fn strip_spew_type(before_quote: &[u8]) -> &[u8] {
    before_length(before_quote, SPEW_STRING).unwrap_or(before_quote)
}

/// Where a `spew` dump's string starts inside its quote, when its type and length
/// stand at `at` (`(string) (len=24) "...`).
pub(super) fn spew_string_start(text: &[u8], at: usize) -> Option<usize> {
    if !text.get(at..)?.starts_with(SPEW_STRING) {
        return None;
    }
    let quote = after_length(text, at + SPEW_STRING.len())?;
    (text.get(quote) == Some(&b'"')).then_some(quote + 1)
}

/// Where a string's length that starts at `digits` ends, after its closing `) `
/// (`24) ` of `(len=24) `, `7) ` of `string(7) `): a number of
/// [`MAX_LENGTH_DIGITS`] digits at most, one at least.
fn after_length(text: &[u8], digits: usize) -> Option<usize> {
    let count = text[digits.min(text.len())..]
        .iter()
        .take(MAX_LENGTH_DIGITS)
        .take_while(|byte| byte.is_ascii_digit())
        .count();
    (count > 0 && text[digits + count..].starts_with(b") ")).then_some(digits + count + 2)
}

/// Where the string that PHP's `var_dump` writes on the line after a key's `=>`
/// starts, inside its quote, when its line break (or, on one line, its type) is
/// at `at` (`=>\n  string(7) "...`).
pub(super) fn var_dump_string_start(text: &[u8], at: usize) -> Option<usize> {
    let line = match text.get(at..)? {
        [b'\r', b'\n', ..] => at + 2,
        [b'\n', ..] => at + 1,
        _ => at,
    };
    let length = line + spaces_at(text, line);
    if !text[length..].starts_with(b"string(") {
        return None;
    }
    // Inside whatever quote the rules read as one (`"`, `'`, an escaped `\"`, a
    // bytes literal's `b"`), so that the anchored scan asks where they would.
    let mut opening = after_length(text, length + b"string(".len())?;
    if text.get(opening) == Some(&b'b') {
        opening += 1;
    }
    let backslashes = text[opening.min(text.len())..]
        .iter()
        .take_while(|&&byte| byte == b'\\')
        .count();
    match text.get(opening + backslashes)? {
        b'"' => Some(opening + backslashes + 1),
        b'\'' => Some(opening + backslashes + 1),
        _ => None,
    }
}

/// `bytes` without its trailing backslashes.
fn strip_backslashes(bytes: &[u8]) -> &[u8] {
    let backslashes = bytes
        .iter()
        .rev()
        .take_while(|&&byte| byte == b'\\')
        .count();
    &bytes[..bytes.len() - backslashes]
}

/// Whether `text[at..]` starts with an escaped quote (`\"`, `\\\"`), or with
/// backslashes that end the text (an escaped quote the window cut).
pub(super) fn starts_escaped_quote(text: &[u8], at: usize) -> bool {
    let backslashes = text[at.min(text.len())..]
        .iter()
        .take_while(|&&byte| byte == b'\\')
        .count();
    backslashes > 0 && text.get(at + backslashes).is_none_or(|&next| next == b'"')
}

/// The quote that opens a value at `at`, and how it is spelled (the same spelling
/// closes it): `"`, `'`, or a `"` escaped once or twice (`\"`, `\\\"`).
pub(super) fn quote_at(text: &[u8], at: usize) -> Option<(Quote, &'static [u8])> {
    match text.get(at..)? {
        [b'"', ..] => Some((Quote::Double, b"\"")),
        [b'\'', ..] => Some((Quote::Single, b"'")),
        [b'\\', b'"', ..] => Some((Quote::EscapedDouble, b"\\\"")),
        // JSON quoted inside a JSON string that is itself quoted in one.
        [b'\\', b'\\', b'\\', b'"', ..] => Some((Quote::EscapedDouble, b"\\\\\\\"")),
        _ => None,
    }
}

/// A quoted string: where its content stands, and where it ends, after its
/// closing quote (or at the line's end, or a redaction, when it is never closed).
pub(super) struct QuotedString {
    pub(super) content: std::ops::Range<usize>,
    pub(super) end: usize,
}

/// The quoted string that opens at `at` (see [`quote_at`]), if one does.
pub(super) fn quoted_string_at(text: &[u8], at: usize) -> Option<QuotedString> {
    let (quote, spelling) = quote_at(text, at)?;
    let content = at + spelling.len();
    let content_end = quoted_end(text, content, quote);
    let end = if text[content_end..].starts_with(spelling) {
        content_end + spelling.len()
    } else {
        content_end
    };
    Some(QuotedString {
        content: content..content_end,
        end,
    })
}

/// `bytes` without the closing quote of a quoted key (`"key"`, `'key'`, `\"key\"`).
pub(super) fn strip_closing_quote(bytes: &[u8]) -> &[u8] {
    match bytes {
        [before @ .., b'"'] => strip_backslashes(before),
        [before @ .., b'\''] => before,
        _ => bytes,
    }
}

/// How many spaces or tabs (at most `MAX_SPACES`) stand at `at` in `text`; none
/// past its end.
pub(super) fn spaces_at(text: &[u8], at: usize) -> usize {
    text.get(at..)
        .unwrap_or_default()
        .iter()
        .take(MAX_SPACES)
        .take_while(|byte| matches!(byte, b' ' | b'\t'))
        .count()
}

/// Where the next item of a YAML list starts when the current one ends at `at`
/// (`- --token` then `- ...`): after a line break (written, or escaped as a log line
/// quotes a manifest) or blanks (where the text was made one line), an indent, `-`
/// and its spaces. `None` when no such item follows.
pub(super) fn yaml_next_item(text: &[u8], at: usize) -> Option<usize> {
    let line_break = match text.get(at..) {
        Some([b'\r', b'\n', ..] | [b'\\', b'n', ..]) => 2,
        Some([b'\n', ..]) => 1,
        _ => 0,
    };
    let indent = spaces_at(text, at + line_break);
    let dash = at + line_break + indent;
    let after_dash = spaces_at(text, dash + 1);
    (line_break + indent > 0 && text.get(dash) == Some(&b'-') && after_dash > 0)
        .then_some(dash + 1 + after_dash)
}

/// The full-width forms of the separators that CJK text writes after a key
/// (`密码：...`, `password＝...`), in UTF-8, and the ASCII separator each stands for.
const FULL_WIDTH_SEPARATORS: [([u8; 3], u8); 2] =
    [([0xEF, 0xBC, 0x9A], b':'), ([0xEF, 0xBC, 0x9D], b'=')];

/// The ASCII separator whose full-width form (`：`, `＝`) starts at `at`.
pub(super) fn full_width_separator_at(text: &[u8], at: usize) -> Option<u8> {
    let form = text.get(at..)?.first_chunk::<3>()?;
    FULL_WIDTH_SEPARATORS
        .iter()
        .find(|(full_width, _)| full_width == form)
        .map(|&(_, separator)| separator)
}

/// The ASCII separator whose full-width form `bytes` ends with, and what stands
/// before that form.
pub(super) fn strip_full_width_separator(bytes: &[u8]) -> Option<(u8, &[u8])> {
    let (before, form) = bytes.split_last_chunk::<3>()?;
    FULL_WIDTH_SEPARATORS
        .iter()
        .find(|(full_width, _)| full_width == form)
        .map(|&(_, separator)| (separator, before))
}

/// The separator `bytes` ends with and what stands before it: its last byte, or
/// the ASCII form of a full-width `：` or `＝` that ends it (CJK text writes a
/// key's separator so: `密码：...`, `Authorization：Bearer ...`).
#[inline(always)]
pub(super) fn split_last_separator(bytes: &[u8]) -> Option<(u8, &[u8])> {
    match strip_full_width_separator(bytes) {
        Some(full_width) => Some(full_width),
        None => bytes
            .split_last()
            .map(|(&separator, before)| (separator, before)),
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
    let key = &searched[start..];
    // A key opened by a quote escaped as JSON does it (`\u0022password`): the
    // escape's digits are none of its name.
    match start.checked_sub(1).map(|before| searched[before]) {
        Some(b'\\') if key.starts_with(b"u0022") || key.starts_with(b"u0027") => &key[5..],
        _ => key,
    }
}

/// `end`, or further: when a redaction from `at` to `end` swallowed what announces
/// a value (a flag, a command's flag), the end of that value as `value_end` finds
/// it after the spaces and the opening quote that follow `end`, through its
/// closing quote.
pub(super) fn through_announced_value(
    text: &[u8],
    at: usize,
    end: usize,
    value_end: impl FnOnce(&[u8], &[u8], usize) -> Option<usize>,
) -> usize {
    let spaces = spaces_at(text, end);
    let quote = quote_at(text, end + spaces).map_or(&b""[..], |(_, quote)| quote);
    let value = end + spaces + quote.len();
    let Some(value_end) = value_end(&text[at..value], text, value) else {
        return end;
    };
    if !quote.is_empty() && text[value_end..].starts_with(quote) {
        value_end + quote.len()
    } else {
        value_end
    }
}

/// Where the line that `at` stands in ends: at its line break or a redaction.
pub(super) fn line_end(text: &[u8], at: usize) -> usize {
    text[at..]
        .iter()
        .enumerate()
        .position(|(offset, &byte)| {
            matches!(byte, b'\n' | b'\r') || (byte == b'[' && is_redacted_at(text, at + offset))
        })
        .map_or(text.len(), |offset| at + offset)
}

/// Whether `byte` may stand in a key name: letters, digits, `_`, `-` and `.`.
pub(super) fn is_key_byte(byte: u8) -> bool {
    const KEY_BYTES: [bool; 256] =
        byte_table!(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.'));
    KEY_BYTES[usize::from(byte)]
}

#[cfg(test)]
mod tests {
    use super::{
        Quote, opening_quote, quoted_end, strip_closing_quote, trailing_key, trim_spaces_end,
        unquoted_end, yaml_next_item,
    };

    #[test]
    fn a_yaml_lists_next_item_follows_a_line_break_or_blanks() {
        let next = |text: &str, at: usize| yaml_next_item(text.as_bytes(), at);
        assert_eq!(next("- --token\n  - abc", 9), Some(14));
        assert_eq!(next("- --token\r\n- abc", 9), Some(13));
        assert_eq!(next("- --token\\n  - abc", 9), Some(15));
        assert_eq!(next("- --token - abc", 9), Some(12));
        assert_eq!(next("- --token\n  -abc", 9), None);
        assert_eq!(next("- --token-abc", 9), None);
        assert_eq!(next("- --token\n  x - abc", 9), None);
        assert_eq!(next("- --token", 9), None);
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
}
