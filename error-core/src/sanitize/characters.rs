//! Which characters survive: control characters, bidirectional controls and the
//! invisible characters used to smuggle instructions past a reader go; line breaks
//! are normalised.

use crate::vocabulary::is_invisible;

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

/// Longest control sequence removed whole: longer is not a color, cursor or title
/// code, and the escape alone goes.
const MAX_SEQUENCE_LEN: usize = 256;

/// The end of the terminal control sequence whose introducer ends just before
/// `at`, when one does. `csi` is a control sequence (`ESC [` or the 8-bit `U+009B`):
/// parameter bytes, intermediate bytes and a final byte, the color and cursor codes
/// of terminal output (`\x1b[31m`). Otherwise it is an operating system command
/// (`ESC ]` or `U+009D`, a window title or a hyperlink), which runs to a BEL or a
/// string terminator (`ESC \\` or `U+009C`). Their parameters are not text, so the
/// whole sequence goes, not only the escape; left behind, `[31m` would also glue
/// itself to the word after it.
fn sequence_end(bytes: &[u8], at: usize, csi: bool) -> Option<usize> {
    let limit = bytes.len().min(at + MAX_SEQUENCE_LEN);
    let mut end = at;
    if !csi {
        while end < limit {
            match bytes[end] {
                0x07 => return Some(end + 1),
                0x1B if bytes.get(end + 1) == Some(&b'\\') => return Some(end + 2),
                0xC2 if bytes.get(end + 1) == Some(&0x9C) => return Some(end + 2),
                _ => end += 1,
            }
        }
        return None;
    }
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

/// The end of the control sequence that starts with the escape at `at` (`ESC [`,
/// `ESC ]`), when one does.
pub(super) fn control_sequence_end(bytes: &[u8], at: usize) -> Option<usize> {
    match bytes.get(at + 1)? {
        b'[' => sequence_end(bytes, at + 2, true),
        b']' => sequence_end(bytes, at + 2, false),
        _ => None,
    }
}

/// The end of the 8-bit control sequence that `character` introduces, its
/// parameters starting at `at` (`U+009B 3 1 m`), when one does.
pub(super) fn c1_sequence_end(character: char, bytes: &[u8], at: usize) -> Option<usize> {
    match character {
        '\u{9B}' => sequence_end(bytes, at, true),
        '\u{9D}' => sequence_end(bytes, at, false),
        _ => None,
    }
}

/// Whether `character` is a zero-width joiner or non-joiner, which stays between two
/// characters outside ASCII: there it joins an emoji sequence or spells a Persian or
/// Indic word, and cannot split an ASCII marker or key.
pub(super) fn is_joiner(character: char) -> bool {
    matches!(character, '\u{200C}' | '\u{200D}')
}

/// Whether a text or emoji presentation selector (`U+FE0E`, `U+FE0F`) after
/// `before` and before `after` (the text that follows it) is part of the text:
/// after a symbol that has both presentations (`❤\u{FE0F}`), or in a keycap (`1`,
/// `#` or `*`, the selector, then `U+20E3`: `1️⃣`). Anywhere else a variation
/// selector can only carry hidden data.
pub(super) fn keeps_presentation_selector(before: char, selector: char, after: &[u8]) -> bool {
    matches!(selector, '\u{FE0E}' | '\u{FE0F}')
        && (matches!(
            before,
            '\u{A9}' | '\u{AE}' | '\u{203C}'..='\u{3299}' | '\u{1F000}'..='\u{1FAFF}'
        ) || (matches!(before, '0'..='9' | '#' | '*')
            && after.starts_with("\u{20E3}".as_bytes())))
}

/// A redaction followed by a presentation selector, which only a keycap's base
/// (the last digit of a token) stood before: `[REDACTED]` and `U+FE0F`, `U+FE0E`.
const SELECTORS_AFTER_REDACTION: [&str; 2] = ["[REDACTED]\u{FE0F}", "[REDACTED]\u{FE0E}"];

/// Drops the presentation selectors that follow a redaction: a token that ended
/// with a keycap's base (`...1\u{FE0F}\u{20E3}`) took the base, and a selector
/// after `]` would be one outside emoji.
pub(super) fn drop_selectors_after_redactions(text: &mut String) {
    for pattern in SELECTORS_AFTER_REDACTION {
        if text.contains(pattern) {
            *text = text.replace(pattern, super::REDACTED);
        }
    }
}

/// Drops a keycap's selector that ends `text`: a cut took the keycap after it.
pub(super) fn drop_cut_keycap_selector(text: &mut String) {
    let mut characters = text.chars().rev();
    if let (Some('\u{FE0E}' | '\u{FE0F}'), Some('0'..='9' | '#' | '*')) =
        (characters.next(), characters.next())
    {
        text.pop();
    }
}

/// The fate of a character outside ASCII: a line break, dropped (a C1 control or
/// a character that renders as nothing, [`is_invisible`]), or kept.
pub(super) fn fate(character: char) -> Fate {
    match character {
        // NEL, LINE SEPARATOR and PARAGRAPH SEPARATOR break lines like `\n` does.
        '\u{85}' | '\u{2028}' | '\u{2029}' => Fate::LineBreak,
        // C1 control characters.
        '\u{80}'..='\u{9F}' => Fate::Drop,
        invisible if is_invisible(invisible) => Fate::Drop,
        _ => Fate::Keep,
    }
}

#[cfg(test)]
mod tests {
    use super::{
        Fate, SELECTORS_AFTER_REDACTION, ascii_fate, c1_sequence_end, control_sequence_end, fate,
    };

    #[test]
    fn the_selectors_after_a_redaction_follow_the_redaction_marker() {
        for pattern in SELECTORS_AFTER_REDACTION {
            assert!(
                pattern.starts_with(crate::sanitize::REDACTED),
                "{pattern:?}"
            );
            assert_eq!(pattern.chars().count(), crate::sanitize::REDACTED.len() + 1);
        }
    }

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
        assert_eq!(end(&format!("\u{1b}[{}m", "1;".repeat(20))), Some(43));
        assert_eq!(
            end(&format!("\u{1b}[{}m", "1;".repeat(200))),
            None,
            "too long"
        );
        assert_eq!(end("\u{1b}]0;title\u{7}x"), Some(10));
        assert_eq!(end("\u{1b}]8;;https://x\u{1b}\\x"), Some(16));
        assert_eq!(end("\u{1b}]0;never closed"), None);
        let c1 = "\u{9b}31mx";
        assert_eq!(c1_sequence_end('\u{9b}', c1.as_bytes(), 2), Some(5));
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
            '\u{600}',
            '\u{605}',
            '\u{6DD}',
            '\u{70F}',
            '\u{8E2}',
            '\u{110BD}',
            '\u{13430}',
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
