//! Counting the output's characters for the window, only as far as needed.

use super::super::REDACTED;
use super::Stop;

/// The characters of the output, counted as far as the scan has decided, and
/// only once the output can reach the window: text that fits with room to spare
/// (every redaction counted as adding ten characters) is not counted again.
pub(super) struct CharCount {
    max: usize,
    /// The output's characters up to `counted`, once `exact`; before that, an
    /// upper bound for the whole output.
    chars: usize,
    /// The text before this position is counted.
    counted: usize,
    exact: bool,
}

impl CharCount {
    pub(super) fn new(max: usize, text: &[u8]) -> Self {
        let bound = count_chars(text);
        let exact = bound > max;
        Self {
            max,
            chars: if exact { 0 } else { bound },
            counted: 0,
            exact,
        }
    }

    /// Counts the kept text up to `until`, or says where the output is full: at the
    /// first character that would not fit, like a check at every character would.
    pub(super) fn keep_until(&mut self, text: &[u8], until: usize) -> Option<Stop> {
        if !self.exact {
            return None;
        }
        let kept = &text[self.counted..until];
        let kept_chars = count_chars(kept);
        let room = self.max - self.chars;
        if kept_chars > room || (kept_chars == room && until < text.len()) {
            let cut = kept
                .iter()
                .enumerate()
                .filter(|&(_, &byte)| is_char_start(byte))
                .nth(room)
                .map_or(until, |(offset, _)| self.counted + offset);
            return Some(Stop { at: cut, cut: true });
        }
        self.chars += kept_chars;
        self.counted = until;
        None
    }

    /// Counts a redaction of the text from `start` to `end`, if it fits;
    /// `emitted_chars` counts the output before it, when counting starts here.
    pub(super) fn take_redaction(
        &mut self,
        start: usize,
        end: usize,
        emitted_chars: impl FnOnce() -> usize,
    ) -> bool {
        if !self.exact {
            if self.chars + REDACTED.len() <= self.max {
                self.chars += REDACTED.len();
                return true;
            }
            (self.chars, self.counted, self.exact) = (emitted_chars(), start, true);
        }
        if self.max - self.chars < REDACTED.len() {
            return false;
        }
        self.chars += REDACTED.len();
        self.counted = end;
        true
    }
}

/// Characters of UTF-8 text, counted in chunks small enough for byte counters,
/// which vectorize.
pub(super) fn count_chars(bytes: &[u8]) -> usize {
    bytes
        .chunks(255)
        .map(|chunk| {
            usize::from(
                chunk
                    .iter()
                    .fold(0u8, |count, &byte| count + u8::from(is_char_start(byte))),
            )
        })
        .sum()
}

pub(super) fn is_char_start(byte: u8) -> bool {
    // Not a UTF-8 continuation byte (0b10xx_xxxx).
    (byte as i8) >= -0x40
}
