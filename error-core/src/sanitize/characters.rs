//! Which characters survive: control characters, bidirectional controls and the
//! invisible characters used to smuggle instructions past a reader go; line breaks
//! are normalised.

/// What happens to one character of upstream text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fate {
    /// Copied unchanged.
    Keep,
    /// Removed without a trace.
    Drop,
    /// A line break of any spelling: `\n` in multi-line text, a space on one line.
    LineBreak,
    /// A tab on one line: a space, so that the words it separated stay apart.
    Space,
}

/// The fate of an ASCII byte, for the bytes that are not plain printable text.
pub(super) fn ascii_fate(byte: u8) -> Fate {
    match byte {
        b'\n' | 0x0B | 0x0C | b'\r' => Fate::LineBreak,
        b'\t' => Fate::Space,
        0x00..=0x1F | 0x7F => Fate::Drop,
        _ => Fate::Keep,
    }
}

/// The end of the ANSI control sequence that starts with the escape at `at`, when
/// one does: `ESC [`, parameter bytes, intermediate bytes and a final byte, the
/// color and cursor codes of terminal output (`\x1b[31m`). Its parameters are not
/// text, so the whole sequence goes, not only the escape; left behind, `[31m` would
/// also glue itself to the word after it.
pub(super) fn control_sequence_end(bytes: &[u8], at: usize) -> Option<usize> {
    /// Longer is not a color or cursor code.
    const MAX_LEN: usize = 32;
    if bytes.get(at + 1) != Some(&b'[') {
        return None;
    }
    let limit = bytes.len().min(at + MAX_LEN);
    let mut end = at + 2;
    while end < limit && (0x30..=0x3F).contains(&bytes[end]) {
        end += 1;
    }
    // A space may be an intermediate byte too, but it is far more often the space
    // before a word that a bare `ESC [` would then swallow a letter of.
    while end < limit && (0x21..=0x2F).contains(&bytes[end]) {
        end += 1;
    }
    (end < limit && (0x40..=0x7E).contains(&bytes[end])).then_some(end + 1)
}

/// The fate of a character outside ASCII.
///
/// The list is written out rather than taken from a Unicode table so that the
/// library stays dependency-free; it names every default-ignorable or
/// format character that renders as nothing and can therefore carry text a human
/// reviewer does not see.
pub(super) fn fate(character: char) -> Fate {
    match character {
        // NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR break lines like `\n` does.
        '\u{85}' | '\u{2028}' | '\u{2029}' => Fate::LineBreak,
        // C1 control characters.
        '\u{80}'..='\u{9F}'
        // Soft hyphen, combining grapheme joiner, Arabic letter mark.
        | '\u{AD}' | '\u{34F}' | '\u{61C}'
        // Hangul fillers and Khmer inherent vowels render as blank space.
        | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{17B4}' | '\u{17B5}'
        // Mongolian free variation selectors and vowel separator.
        | '\u{180B}'..='\u{180F}'
        // Zero-width space, non-joiner and joiner; left-to-right and right-to-left marks.
        | '\u{200B}'..='\u{200F}'
        // Bidirectional embeddings and overrides.
        | '\u{202A}'..='\u{202E}'
        // Word joiner, invisible operators, bidirectional isolates, deprecated format
        // characters.
        | '\u{2060}'..='\u{206F}'
        // Variation selectors can encode a byte each, invisibly, after any character.
        | '\u{FE00}'..='\u{FE0F}'
        // Byte order mark (zero-width no-break space).
        | '\u{FEFF}'
        // Interlinear annotation controls.
        | '\u{FFF9}'..='\u{FFFB}'
        // Shorthand format controls and musical format characters.
        | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}'
        // Tag characters, variation selectors supplement and the rest of that
        // default-ignorable plane block.
        | '\u{E0000}'..='\u{E0FFF}' => Fate::Drop,
        _ => Fate::Keep,
    }
}

#[cfg(test)]
mod tests {
    use super::{Fate, ascii_fate, control_sequence_end, fate};

    #[test]
    fn terminal_control_sequences_are_read_whole() {
        let end = |text: &str| control_sequence_end(text.as_bytes(), 0);
        assert_eq!(end("\u{1b}[31mred"), Some(5));
        assert_eq!(end("\u{1b}[1;38;5;208mx"), Some(13));
        assert_eq!(end("\u{1b}[2J"), Some(4));
        assert_eq!(end("\u{1b}[?25l"), Some(6));
        assert_eq!(end("\u{1b}(B"), None, "not a control sequence");
        assert_eq!(end("\u{1b}[ ghp_"), None, "the space starts a word");
        assert_eq!(end("\u{1b}[31"), None, "cut before its final byte");
        assert_eq!(
            end(&format!("\u{1b}[{}m", "1;".repeat(20))),
            None,
            "too long"
        );
    }

    #[test]
    fn ascii_controls_go_and_line_breaks_are_recognised() {
        assert_eq!(ascii_fate(0), Fate::Drop);
        assert_eq!(ascii_fate(0x1B), Fate::Drop);
        assert_eq!(ascii_fate(0x7F), Fate::Drop);
        assert_eq!(ascii_fate(b'\t'), Fate::Space);
        for line_break in [b'\n', b'\r', 0x0B, 0x0C] {
            assert_eq!(ascii_fate(line_break), Fate::LineBreak);
        }
        assert_eq!(ascii_fate(b'a'), Fate::Keep);
        assert_eq!(ascii_fate(b' '), Fate::Keep);
    }

    #[test]
    fn invisible_and_bidirectional_characters_go() {
        for dropped in [
            '\u{80}',
            '\u{9F}',
            '\u{AD}',
            '\u{200B}',
            '\u{200D}',
            '\u{200E}',
            '\u{202A}',
            '\u{202E}',
            '\u{2060}',
            '\u{2066}',
            '\u{2069}',
            '\u{FE0F}',
            '\u{FEFF}',
            '\u{E0001}',
            '\u{E0041}',
            '\u{E007F}',
            '\u{E0100}',
        ] {
            assert_eq!(fate(dropped), Fate::Drop, "{:?}", dropped);
        }
        for line_break in ['\u{85}', '\u{2028}', '\u{2029}'] {
            assert_eq!(fate(line_break), Fate::LineBreak);
        }
    }

    #[test]
    fn visible_text_in_any_script_stays() {
        for kept in [
            'é', 'ß', 'Ж', '中', 'ع', '…', '€', '😀', '\u{A0}', '\u{FFFD}',
        ] {
            assert_eq!(fate(kept), Fate::Keep, "{kept:?}");
        }
    }
}
