//! What the diff aligns: outputs cut into tokens (`[REDACTED]` or one character),
//! tokens grouped into coarser units.

use std::ops::Range;

use error_core::sanitize::REDACTED;

/// The units a diff aligns, coarsest first: a changed stretch that fits no kind
/// is diffed again in finer units.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Level {
    /// Runs between spaces, so a word is not matched against letters of a secret.
    Chunks,
    /// Runs of anything but spaces and ASCII punctuation (`_` included).
    Words,
    Characters,
}

impl Level {
    pub fn finer(self) -> Option<Level> {
        match self {
            Level::Chunks => Some(Level::Words),
            Level::Words => Some(Level::Characters),
            Level::Characters => None,
        }
    }

    /// Whether `token` joins its neighbours into one unit.
    fn joins(self, token: &str) -> bool {
        token != REDACTED
            && match self {
                Level::Chunks => !token.chars().all(char::is_whitespace),
                Level::Words => token
                    .chars()
                    .all(|c| c == '_' || !(c.is_whitespace() || c.is_ascii_punctuation())),
                Level::Characters => false,
            }
    }

    /// `tokens[range]` cut into units, as ranges of token indices.
    pub fn units(self, tokens: &[&str], range: Range<usize>) -> Vec<Range<usize>> {
        let mut out: Vec<Range<usize>> = Vec::new();
        for at in range {
            match out.last_mut() {
                Some(last) if self.joins(tokens[at]) && self.joins(tokens[last.end - 1]) => {
                    last.end = at + 1;
                }
                _ => out.push(at..at + 1),
            }
        }
        out
    }
}

/// Splits sanitized text into `[REDACTED]` and single characters.
pub fn tokens(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(first) = rest.chars().next() {
        let len = if rest.starts_with(REDACTED) {
            REDACTED.len()
        } else {
            first.len_utf8()
        };
        out.push(&rest[..len]);
        rest = &rest[len..];
    }
    out
}
