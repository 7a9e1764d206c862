//! The first half of the pass: characters and markers go, within a budget that the
//! output cap sets, never the input size.

use super::characters::{self, Fate};
use super::{LineBreaks, TRUNCATION_MARKER, markers};

/// Characters read past the output cap, so that a secret or a marker straddling the
/// cap is seen whole and redactions that shrink the text can still fill the window.
/// The largest secrets (PEM private keys) are a few KiB.
const LOOKAHEAD_CHARS: usize = 4096;

/// How far back a cut at the budget looks for a delimiter, so that the text never
/// ends with the first characters of a token whose rest was not read.
const PARTIAL_TOKEN_SEARCH: usize = 512;

/// Upstream text with control, bidirectional and invisible characters and
/// injection markers removed, read no further than the budget allows.
pub(super) struct Cleaned {
    pub(super) text: String,
    /// Input was left unread (or the input said it had been cut already).
    pub(super) input_dropped: bool,
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
    let char_cap = max_len
        .saturating_add(max_len / 2)
        .saturating_add(LOOKAHEAD_CHARS);
    // Four bytes per character at most: the byte budget also bounds the work spent on
    // input that is removed entirely (a flood of zero-width characters).
    let byte_budget = char_cap.saturating_mul(4);
    let line_break = match line_breaks {
        LineBreaks::Keep => '\n',
        LineBreaks::Flatten => ' ',
    };
    let keep_breaks = line_breaks == LineBreaks::Keep;

    let bytes = body.as_bytes();
    let mut text = String::with_capacity(body.len().min(char_cap));
    let mut chars = 0;
    let mut at = 0;
    while at < bytes.len() && chars < char_cap && at < byte_budget {
        let byte = bytes[at];
        if is_plain(byte, keep_breaks) {
            let limit = bytes.len().min(at.saturating_add(char_cap - chars));
            let run_end = plain_run_end(bytes, at, limit, keep_breaks);
            // Plain bytes are ASCII, so both ends are character boundaries.
            text.push_str(&body[at..run_end]);
            chars += run_end - at;
            at = run_end;
            continue;
        }
        if byte == 0x1B
            && let Some(end) = characters::control_sequence_end(bytes, at)
        {
            at = end;
            continue;
        }
        let Some(character) = body[at..].chars().next() else {
            break;
        };
        at += character.len_utf8();
        let character_fate = if character.is_ascii() {
            ascii_fate_in_context(byte, bytes.get(at).copied())
        } else {
            characters::fate(character)
        };
        match character_fate {
            Fate::Drop => continue,
            Fate::Keep => text.push(character),
            Fate::LineBreak => text.push(line_break),
            Fate::Space => text.push(' '),
        }
        chars += 1;
        if character.is_ascii() && markers::can_close_marker(byte) {
            chars -= markers::strip_trailing_marker(&mut text);
        }
    }
    let unread = at < bytes.len();
    if unread {
        drop_partial_token(&mut text);
    }
    Cleaned {
        text,
        input_dropped: unread || already_cut,
    }
}

/// Whether cleaning would copy `text` unchanged: every byte is plain, or printable
/// and closing no marker (`->`, `# 1`, `Vec<u8>` stay as they are).
pub(super) fn is_clean_text(text: &str, line_breaks: LineBreaks) -> bool {
    let bytes = text.as_bytes();
    let keep_breaks = line_breaks == LineBreaks::Keep;
    let mut at = 0;
    loop {
        at = plain_run_end(bytes, at, bytes.len(), keep_breaks);
        match bytes.get(at) {
            None => return true,
            // Nothing before was removed, so the output would end as the text does.
            Some(&byte)
                if markers::can_close_marker(byte) && !markers::ends_with_marker(&bytes[..=at]) =>
            {
                at += 1;
            }
            Some(_) => return false,
        }
    }
}

/// Whether `byte` is copied as it is, with no rule to apply: printable ASCII that
/// cannot close a marker, and (in multi-line text) `\n` and the tab. Stack traces
/// (Java, Go) are indented with tabs, and neither is a trick once the text is JSON.
///
/// Written without branches (`&`, `|`) so that block scans vectorize.
fn is_plain(byte: u8, keep_breaks: bool) -> bool {
    let printable = (b' '..=b'~').contains(&byte);
    let closes_marker = (byte == b'<') | (byte == b'>') | (byte == b']') | (byte == b'#');
    let kept_break = keep_breaks & ((byte == b'\n') | (byte == b'\t'));
    (printable & !closes_marker) | kept_break
}

/// The end of the run of plain bytes from `from`, at most `limit`; sixteen bytes at
/// a time while no byte needs a rule.
fn plain_run_end(bytes: &[u8], from: usize, limit: usize, keep_breaks: bool) -> usize {
    let mut at = from;
    while let Some(block) = bytes[at..limit].first_chunk::<16>() {
        let plain = plain_lanes(*block, keep_breaks);
        if plain != u16::MAX {
            return at + plain.trailing_ones() as usize;
        }
        at += 16;
    }
    while at < limit && is_plain(bytes[at], keep_breaks) {
        at += 1;
    }
    at
}

/// One bit per plain byte of `block`; SSE2 compares through `safe_arch`.
#[cfg(target_arch = "x86_64")]
fn plain_lanes(block: [u8; 16], keep_breaks: bool) -> u16 {
    use safe_arch::{
        bitand_m128i, bitandnot_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, cmp_gt_mask_i8_m128i,
        cmp_lt_mask_i8_m128i, m128i, move_mask_i8_m128i, set_splat_i8_m128i,
    };
    let splat = |byte: u8| set_splat_i8_m128i(i8::from_ne_bytes([byte]));
    let lanes = m128i::from(block);
    let equal = |byte: u8| cmp_eq_mask_i8_m128i(lanes, splat(byte));
    // Compared as signed bytes, everything from 0x80 is negative: this is `' '..='~'`.
    let printable = bitand_m128i(
        cmp_gt_mask_i8_m128i(lanes, splat(b' ' - 1)),
        cmp_lt_mask_i8_m128i(lanes, splat(b'~' + 1)),
    );
    let closes_marker = bitor_m128i(
        bitor_m128i(equal(b'<'), equal(b'>')),
        bitor_m128i(equal(b']'), equal(b'#')),
    );
    let mut plain = bitandnot_m128i(closes_marker, printable);
    if keep_breaks {
        plain = bitor_m128i(plain, bitor_m128i(equal(b'\n'), equal(b'\t')));
    }
    // One bit per lane in the low 16 bits; the rest are zero.
    move_mask_i8_m128i(plain) as u16
}

/// One bit per plain byte of `block`.
#[cfg(not(target_arch = "x86_64"))]
fn plain_lanes(block: [u8; 16], keep_breaks: bool) -> u16 {
    block.iter().enumerate().fold(0, |lanes, (lane, &byte)| {
        lanes | u16::from(is_plain(byte, keep_breaks)) << lane
    })
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
        // The delimiter is ASCII: the byte after it starts a character.
        text.truncate(searched + offset + 1);
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
    fn the_block_test_agrees_with_the_byte_test_in_every_lane() {
        for keep_breaks in [true, false] {
            for byte in 0..=255u8 {
                for lane in 0..16 {
                    let mut block = [b'a'; 16];
                    block[lane] = byte;
                    let lanes = super::plain_lanes(block, keep_breaks);
                    assert_eq!(
                        lanes >> lane & 1 == 1,
                        super::is_plain(byte, keep_breaks),
                        "{byte:#x} in lane {lane}, keep_breaks {keep_breaks}"
                    );
                    assert_eq!(lanes | 1 << lane, u16::MAX, "the other lanes are plain");
                }
            }
        }
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
