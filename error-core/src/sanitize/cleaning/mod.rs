//! The first half of the pass: characters and markers go, within a budget that the
//! output cap sets, never the input size.

mod plain_bytes;

pub(super) use plain_bytes::is_plain_unless_closing_turn;

use super::characters::{self, Fate};
use super::{LineBreaks, TRUNCATION_MARKER, markers};
use plain_bytes::{is_plain, marker_run_end, plain_run_end};

/// Characters read past the output cap, so that a secret or a marker straddling the
/// cap is seen whole and redactions that shrink the text can still fill the window.
/// The largest secrets (PEM private keys) are a few KiB.
const LOOKAHEAD_CHARS: usize = 4096;

/// How far back a cut at the budget looks for a delimiter, so that the text never
/// ends with the first characters of a token whose rest was not read.
const PARTIAL_TOKEN_SEARCH: usize = 512;

/// How much of its input a pass with a cap reads: what cleaning keeps of it fills
/// at most `chars` characters, read from at most `bytes` bytes; what stands
/// further on is never read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ReadWindow {
    chars: usize,
    bytes: usize,
}

impl ReadWindow {
    /// The window of a pass whose output holds at most `max_len` characters.
    const fn of(max_len: usize) -> Self {
        let chars = max_len
            .saturating_add(max_len / 2)
            .saturating_add(LOOKAHEAD_CHARS);
        Self {
            chars,
            // Four bytes per character at most: the byte budget also bounds the work
            // spent on input that is removed entirely (a flood of zero-width
            // characters).
            bytes: chars.saturating_mul(4),
        }
    }
}

/// Upstream text with control, bidirectional and invisible characters and
/// injection markers removed, read no further than the budget allows.
pub(super) struct Cleaned {
    pub(super) text: String,
    /// Where something was removed between a letter or digit and the next character
    /// (an invisible character, a color code): a token there starts a word, though
    /// the text now glues it to the word before.
    pub(super) seams: Vec<usize>,
    /// Input was left unread (or the input said it had been cut already).
    pub(super) input_dropped: bool,
    /// A marker was removed: what stood around it now stands together, and may
    /// make one that this pass, which read past it, did not see.
    pub(super) removed_marker: bool,
    /// Where a line break was made a space, when the text is made one line
    /// (ascending): the text's lines, which redaction reads too.
    pub(super) flattened: Vec<usize>,
}

/// Runs the character and marker rules over as much of `input` as a window of
/// `max_len` characters can need.
pub(super) fn clean(input: &str, max_len: usize, line_breaks: LineBreaks) -> Cleaned {
    // Text that already ends with the marker was cut by an earlier pass: the marker
    // is put back at the end rather than sanitized as text, which makes sanitizing
    // idempotent for cut text too.
    let (body, already_cut) = match input.strip_suffix(TRUNCATION_MARKER) {
        Some(body) => (body, true),
        None => (input, false),
    };
    let ReadWindow {
        chars: char_cap,
        bytes: byte_budget,
    } = ReadWindow::of(max_len);
    let line_break = match line_breaks {
        LineBreaks::Keep => '\n',
        LineBreaks::Flatten => ' ',
    };
    let keep_breaks = line_breaks == LineBreaks::Keep;

    let bytes = body.as_bytes();
    let mut text = String::with_capacity(body.len().min(char_cap));
    let mut seams = Vec::new();
    let mut flattened = Vec::new();
    let mut chars = 0;
    let mut at = 0;
    // A joiner read after a character outside ASCII: it goes in only with the next
    // character, when that is outside ASCII and kept too.
    let mut joiner = None;
    // Where lines start besides after `\n`: where the last line break flattened to
    // a space left the output.
    let mut lines = markers::LineStarts::none();
    let mut removed_marker = false;
    let classify = |ahead: &str| classify_ahead(ahead, keep_breaks);
    while at < bytes.len() && chars < char_cap && at < byte_budget {
        let byte = bytes[at];
        // What the output ends with, not the input: a turn label may be completed by
        // removing what stood in it (`Human\u{200b}:`).
        let before = text.as_bytes().last().copied().unwrap_or(b'\n');
        if is_plain(before, byte, keep_breaks) {
            let limit = bytes.len().min(at.saturating_add(char_cap - chars));
            let run_end = plain_run_end(bytes, at, limit, keep_breaks, before);
            // Plain bytes are ASCII, so both ends are character boundaries.
            text.push_str(&body[at..run_end]);
            chars += run_end - at;
            at = run_end;
            joiner = None;
            continue;
        }
        if byte == 0x1B
            && let Some(end) = characters::control_sequence_end(bytes, at)
        {
            at = end;
            mark_seam(&text, &mut seams);
            joiner = None;
            continue;
        }
        let Some(character) = body[at..].chars().next() else {
            break;
        };
        at += character.len_utf8();
        if let Some(end) = characters::c1_sequence_end(character, bytes, at) {
            at = end;
            mark_seam(&text, &mut seams);
            joiner = None;
            continue;
        }
        let character_fate = if character.is_ascii() {
            ascii_fate_in_context(byte, bytes.get(at).copied())
        } else {
            let before = text.chars().next_back();
            match characters::fate(character) {
                Fate::Drop if characters::is_joiner(character) && joiner.is_none() => {
                    joiner = before
                        .filter(|before| !before.is_ascii())
                        .map(|_| character);
                    if joiner.is_none() {
                        mark_seam(&text, &mut seams);
                    }
                    continue;
                }
                Fate::Drop
                    if joiner.is_none()
                        && before.is_some_and(|before| {
                            characters::keeps_presentation_selector(before, character, &bytes[at..])
                        }) =>
                {
                    Fate::Keep
                }
                fate => fate,
            }
        };
        let joined = joiner.take();
        match character_fate {
            Fate::Drop => {
                mark_seam(&text, &mut seams);
                continue;
            }
            Fate::Keep => {
                if let Some(joiner) = joined.filter(|_| !character.is_ascii()) {
                    text.push(joiner);
                    chars += 1;
                }
                text.push(character);
            }
            Fate::LineBreak => {
                if !keep_breaks {
                    flattened.push(text.len());
                }
                text.push(line_break);
                lines.flattened = text.len();
            }
            Fate::Space => text.push(' '),
        }
        chars += 1;
        if markers::can_close_marker(character)
            && let Some(found) = markers::trailing_marker(&text, &body[at..], &lines, classify)
        {
            removed_marker = true;
            chars -= text[found.start..].chars().count();
            text.truncate(found.start);
            at += found.skip;
            // A marker that stood in an Alpaca heading's role word hid the heading.
            if let Some(found) = markers::alpaca_heading(&text, &body[at..], classify) {
                chars -= text[found.start..].chars().count();
                text.truncate(found.start);
                at += found.skip;
            }
            // A joiner left at the end would join whatever comes next.
            while text.ends_with(characters::is_joiner) {
                text.pop();
                chars -= 1;
            }
            while seams.last().is_some_and(|&seam| seam > text.len()) {
                seams.pop();
            }
            while flattened.last().is_some_and(|&space| space >= text.len()) {
                flattened.pop();
            }
            lines.output_cut_to(text.len());
        }
    }
    let unread = at < bytes.len();
    if unread {
        drop_partial_token(&mut text);
    }
    while seams.last().is_some_and(|&seam| seam > text.len()) {
        seams.pop();
    }
    while flattened.last().is_some_and(|&space| space >= text.len()) {
        flattened.pop();
    }
    Cleaned {
        text,
        seams,
        input_dropped: unread || already_cut,
        removed_marker,
        flattened,
    }
}

/// What cleaning makes of the start of `text`: removes it without a trace (a
/// control, invisible or format character, a terminal sequence in its ESC or 8-bit
/// form; a joiner, which goes between ASCII letters), writes a space (a space or
/// tab, and a line break on one line), or writes text.
fn classify_ahead(text: &str, keep_breaks: bool) -> markers::Ahead {
    let bytes = text.as_bytes();
    if bytes.first() == Some(&0x1B)
        && let Some(end) = characters::control_sequence_end(bytes, 0)
    {
        return markers::Ahead::Removed(end);
    }
    let Some(character) = text.chars().next() else {
        return markers::Ahead::Text;
    };
    // An 8-bit CSI or OSC goes whole, as its ESC form does.
    if let Some(end) = characters::c1_sequence_end(character, bytes, character.len_utf8()) {
        return markers::Ahead::Removed(end);
    }
    let fate = if character.is_ascii() {
        characters::ascii_fate(bytes[0])
    } else {
        characters::fate(character)
    };
    match fate {
        Fate::Drop => markers::Ahead::Removed(character.len_utf8()),
        Fate::Space => markers::Ahead::Space(1),
        Fate::LineBreak if !keep_breaks => markers::Ahead::Space(character.len_utf8()),
        Fate::Keep if character == ' ' => markers::Ahead::Space(1),
        Fate::Keep | Fate::LineBreak => markers::Ahead::Text,
    }
}

/// Notes a seam where the text ends, when it ends with a letter or digit.
fn mark_seam(text: &str, seams: &mut Vec<usize>) {
    if text
        .as_bytes()
        .last()
        .is_some_and(u8::is_ascii_alphanumeric)
        && seams.last() != Some(&text.len())
    {
        seams.push(text.len());
    }
}

/// Whether cleaning would copy a block of a short text (spaces after its end)
/// unchanged, turn labels aside, because every byte is plain (the test of
/// [`is_clean_text`] without its exceptions).
#[inline(always)]
pub(super) fn is_plain_block(block: [u8; 16], line_breaks: LineBreaks) -> bool {
    plain_bytes::is_plain_block(block, line_breaks == LineBreaks::Keep)
}

/// Whether cleaning would copy `text` unchanged, turn labels aside: every byte is
/// plain, or printable and closing no marker (`->`, `# 1`, `Vec<u8>` stay as they
/// are).
pub(super) fn is_clean_text(text: &str, line_breaks: LineBreaks) -> bool {
    let bytes = text.as_bytes();
    let keep_breaks = line_breaks == LineBreaks::Keep;
    let mut at: usize = 0;
    loop {
        // Turn labels are no concern here: redaction reads every `:` anyway and
        // says when one closes a label (see `secrets::redact_unless_turn_label`).
        at = marker_run_end(bytes, at, keep_breaks);
        match bytes.get(at) {
            None => return true,
            // Nothing before was removed, so the output would end as the text does.
            Some(&byte)
                if matches!(byte, b'>' | b']' | b'#')
                    && markers::trailing_marker(
                        &text[..=at],
                        &text[at + 1..],
                        &markers::LineStarts::none(),
                        |ahead| classify_ahead(ahead, keep_breaks),
                    )
                    .is_none() =>
            {
                at += 1;
            }
            Some(_) => return false,
        }
    }
}

/// `\r\n` is one line break: the `\r` goes and the `\n` that follows makes the break.
fn ascii_fate_in_context(byte: u8, next: Option<u8>) -> Fate {
    if byte == b'\r' && next == Some(b'\n') {
        Fate::Drop
    } else {
        characters::ascii_fate(byte)
    }
}

/// When reading stopped inside a token, the token's first characters would reach
/// the output without the rest that identifies it as a secret: they go.
fn drop_partial_token(text: &mut String) {
    let bytes = text.as_bytes();
    let searched = bytes.len().saturating_sub(PARTIAL_TOKEN_SEARCH);
    let delimiter = bytes[searched..].iter().rposition(|byte| {
        matches!(
            byte,
            b' ' | b'\n'
                | b'"'
                | b'\''
                | b','
                | b';'
                | b'&'
                | b'('
                | b')'
                | b'<'
                | b'>'
                | b'{'
                | b'}'
        )
    });
    if let Some(offset) = delimiter {
        let at = searched + offset;
        // The delimiter is ASCII: the byte after it starts a character. A `<` goes
        // too: it may open a marker whose rest was not read (`<|im_st`), which the
        // text read to the end would have removed whole.
        match bytes[at] {
            b'<' => text.truncate(at),
            _ => text.truncate(at + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{LOOKAHEAD_CHARS, clean};
    use crate::sanitize::{LineBreaks, TRUNCATION_MARKER};

    fn cleaned(input: &str) -> String {
        clean(input, 1000, LineBreaks::Keep).text
    }

    #[test]
    fn controls_invisibles_and_markers_go_in_one_pass() {
        assert_eq!(cleaned("a\u{1b}[31mb\u{7}c\u{1b}[0m"), "abc");
        assert_eq!(
            cleaned("a\u{1b}(b"),
            "a(b",
            "only control sequences go whole"
        );
        assert_eq!(cleaned("<sys\u{1b}[1mtem>hi"), "hi");
        assert_eq!(cleaned("pay\u{202e}lo\u{200b}ad\u{feff}"), "payload");
        assert_eq!(cleaned("ok\u{e0041}\u{e0042}!"), "ok!");
        assert_eq!(cleaned("<sys\u{200b}tem>hi"), "hi");
        assert_eq!(cleaned("<sys<system>tem>hi"), "hi");
    }

    #[test]
    fn line_breaks_are_normalised_or_flattened() {
        assert_eq!(cleaned("a\r\nb\rc\u{2028}d\te"), "a\nb\nc\nd\te");
        let flat = clean("a\r\nb\nc\u{85}d\te", 100, LineBreaks::Flatten).text;
        assert_eq!(flat, "a b c d e");
    }

    #[test]
    fn reading_stops_at_the_budget_and_says_so() {
        let input = "word ".repeat(100_000);
        let cleaned = clean(&input, 10, LineBreaks::Keep);
        assert!(cleaned.input_dropped);
        assert!(cleaned.text.len() <= 10 + 5 + LOOKAHEAD_CHARS);
        assert!(cleaned.text.ends_with(' '), "the partial word went");

        let removed_entirely = "\u{200b}".repeat(1_000_000);
        let cleaned = clean(&removed_entirely, 10, LineBreaks::Keep);
        assert!(cleaned.input_dropped);
        assert!(cleaned.text.is_empty());
    }

    #[test]
    fn a_trailing_truncation_marker_is_an_earlier_cut() {
        let cleaned = clean(&format!("abc{TRUNCATION_MARKER}"), 100, LineBreaks::Keep);
        assert_eq!(cleaned.text, "abc");
        assert!(cleaned.input_dropped);
        let inner = clean(&format!("a{TRUNCATION_MARKER}b"), 100, LineBreaks::Keep);
        assert_eq!(inner.text, format!("a{TRUNCATION_MARKER}b"));
        assert!(!inner.input_dropped);
    }
}
