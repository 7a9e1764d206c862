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
    /// Where something was removed between a letter or digit and the next character
    /// (an invisible character, a color code): a token there starts a word, though
    /// the text now glues it to the word before.
    pub(super) seams: Vec<usize>,
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
    let mut seams = Vec::new();
    let mut chars = 0;
    let mut at = 0;
    // A joiner read after a character outside ASCII: it goes in only with the next
    // character, when that is outside ASCII and kept too.
    let mut joiner = None;
    // Where the last line break flattened to a space left the output: a line starts
    // there too.
    let mut line_start = usize::MAX;
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
                            characters::keeps_presentation_selector(before, character)
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
                text.push(line_break);
                line_start = text.len();
            }
            Fate::Space => text.push(' '),
        }
        chars += 1;
        if markers::can_close_marker(character)
            && let Some(found) = markers::trailing_marker(&text, &body[at..], line_start, classify)
        {
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
            if line_start > text.len() {
                line_start = usize::MAX;
            }
        }
    }
    let unread = at < bytes.len();
    if unread {
        drop_partial_token(&mut text);
    }
    while seams.last().is_some_and(|&seam| seam > text.len()) {
        seams.pop();
    }
    Cleaned {
        text,
        seams,
        input_dropped: unread || already_cut,
    }
}

/// What cleaning makes of the start of `text`: removes it without a trace (a
/// control, invisible or format character, a terminal sequence; a joiner, which
/// goes between ASCII letters), writes a space (a space or tab, and a line break on
/// one line), or writes text.
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
                        usize::MAX,
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

/// The end of the run from `from` of bytes that are plain unless they close a turn
/// label; sixteen bytes at a time while no byte needs a rule.
fn marker_run_end(bytes: &[u8], from: usize, keep_breaks: bool) -> usize {
    let mut at = from;
    while let Some(block) = bytes[at..].first_chunk::<16>() {
        let plain = marker_lanes(*block, keep_breaks);
        if plain != u16::MAX {
            return at + plain.trailing_ones() as usize;
        }
        at += 16;
    }
    // The last bytes, in a block padded with spaces (plain): short text (a tool
    // name, an upstream's name) is read in one block, not a byte at a time.
    let rest = &bytes[at..];
    if rest.is_empty() {
        return at;
    }
    let mut block = [b' '; 16];
    block[..rest.len()].copy_from_slice(rest);
    at + (marker_lanes(block, keep_breaks).trailing_ones() as usize).min(rest.len())
}

/// Whether `byte` is copied as it is, with no rule to apply: printable ASCII that
/// cannot close a marker, and (in multi-line text) `\n` and the tab. Stack traces
/// (Java, Go) are indented with tabs, and neither is a trick once the text is JSON.
/// A `:` closes a turn label (`Human:`, `Assistant:`) only after an `n` or a `t`.
///
/// Written without branches (`&`, `|`) so that block scans vectorize.
fn is_plain(before: u8, byte: u8, keep_breaks: bool) -> bool {
    let printable = (b' '..=b'~').contains(&byte);
    let folded_before = before | 0x20;
    let closes_turn = (byte == b':') & ((folded_before == b'n') | (folded_before == b't'));
    let closes_marker = (byte == b'>') | (byte == b']') | (byte == b'#') | closes_turn;
    let kept_break = keep_breaks & ((byte == b'\n') | (byte == b'\t'));
    (printable & !closes_marker) | kept_break
}

/// The end of the run of plain bytes from `from`, at most `limit`, where
/// `first_before` stands before `from` (a `:` after an `n` or a `t` may close a
/// turn label); sixteen bytes at a time while no byte needs a rule.
fn plain_run_end(
    bytes: &[u8],
    from: usize,
    limit: usize,
    keep_breaks: bool,
    first_before: u8,
) -> usize {
    let mut at = from;
    let before = |at: usize| {
        if at == from {
            first_before
        } else {
            bytes[at - 1]
        }
    };
    while let Some(block) = bytes[at..limit].first_chunk::<16>() {
        // The bytes one before the block's, read at once; the first block's first
        // byte follows `first_before`, whatever the input holds there.
        let behind = match at
            .checked_sub(1)
            .and_then(|start| bytes[start..].first_chunk::<16>())
        {
            Some(&behind) => behind,
            None => {
                let mut behind = [first_before; 16];
                behind[1..].copy_from_slice(&block[..15]);
                behind
            }
        };
        let mut plain = marker_lanes(*block, keep_breaks) & !turn_lanes(behind, *block);
        if at == from {
            plain = (plain & !1) | u16::from(is_plain(first_before, block[0], keep_breaks));
        }
        if plain != u16::MAX {
            return at + plain.trailing_ones() as usize;
        }
        at += 16;
    }
    while at < limit && is_plain(before(at), bytes[at], keep_breaks) {
        at += 1;
    }
    at
}

/// One bit per byte of `block` that is plain unless it closes a turn label; SSE2
/// compares through `safe_arch`.
#[cfg(target_arch = "x86_64")]
fn marker_lanes(block: [u8; 16], keep_breaks: bool) -> u16 {
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
    let closes_marker = bitor_m128i(bitor_m128i(equal(b'>'), equal(b']')), equal(b'#'));
    let mut plain = bitandnot_m128i(closes_marker, printable);
    if keep_breaks {
        plain = bitor_m128i(plain, bitor_m128i(equal(b'\n'), equal(b'\t')));
    }
    // One bit per lane in the low 16 bits; the rest are zero.
    move_mask_i8_m128i(plain) as u16
}

/// One bit per `:` of `block` after an `n` or a `t` (in the same lane of `behind`):
/// the `:`s that may close a turn label.
#[cfg(target_arch = "x86_64")]
fn turn_lanes(behind: [u8; 16], block: [u8; 16]) -> u16 {
    use safe_arch::{
        bitand_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, m128i, move_mask_i8_m128i,
        set_splat_i8_m128i,
    };
    let splat = |byte: u8| set_splat_i8_m128i(i8::from_ne_bytes([byte]));
    let folded_behind = bitor_m128i(m128i::from(behind), splat(0x20));
    let colons = cmp_eq_mask_i8_m128i(m128i::from(block), splat(b':'));
    let after_n_or_t = bitor_m128i(
        cmp_eq_mask_i8_m128i(folded_behind, splat(b'n')),
        cmp_eq_mask_i8_m128i(folded_behind, splat(b't')),
    );
    move_mask_i8_m128i(bitand_m128i(colons, after_n_or_t)) as u16
}

/// One bit per byte of `block` that is plain unless it closes a turn label.
#[cfg(not(target_arch = "x86_64"))]
fn marker_lanes(block: [u8; 16], keep_breaks: bool) -> u16 {
    block.iter().enumerate().fold(0, |lanes, (lane, &byte)| {
        lanes | u16::from(is_plain(b' ', byte, keep_breaks)) << lane
    })
}

/// One bit per `:` of `block` after an `n` or a `t`.
#[cfg(not(target_arch = "x86_64"))]
fn turn_lanes(behind: [u8; 16], block: [u8; 16]) -> u16 {
    block
        .iter()
        .zip(behind)
        .enumerate()
        .fold(0, |lanes, (lane, (&byte, before))| {
            let closes = byte == b':' && matches!(before | 0x20, b'n' | b't');
            lanes | u16::from(closes) << lane
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
                for before in [b'a', b'n', b'T', b'x', 0xE2] {
                    for lane in 0..16 {
                        let mut block = [b'a'; 16];
                        let mut behind = [b'a'; 16];
                        block[lane] = byte;
                        behind[lane] = before;
                        let lanes = super::marker_lanes(block, keep_breaks)
                            & !super::turn_lanes(behind, block);
                        assert_eq!(
                            lanes >> lane & 1 == 1,
                            super::is_plain(before, byte, keep_breaks),
                            "{byte:#x} after {before:#x} in lane {lane}, keep_breaks {keep_breaks}"
                        );
                        assert_eq!(lanes | 1 << lane, u16::MAX, "the other lanes are plain");
                    }
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
