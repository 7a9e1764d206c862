//! One changed stretch between an output and the previous release's, the unit
//! every kind is judged on.

use std::ops::Range;

use error_core::sanitize::REDACTED;

/// Which function an output came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Function {
    ErrorText,
    SingleLine,
    Redact,
}

/// One changed stretch of the diff, as runs of tokens (`[REDACTED]` or one
/// character) of the two outputs.
pub struct Hunk<'a> {
    pub old: &'a [&'a str],
    pub new: &'a [&'a str],
    pub old_range: Range<usize>,
    pub new_range: Range<usize>,
    pub input: &'a str,
    pub function: Function,
}

impl Hunk<'_> {
    pub fn old_text(&self) -> String {
        self.old[self.old_range.clone()].concat()
    }

    pub fn new_text(&self) -> String {
        self.new[self.new_range.clone()].concat()
    }

    /// The character just before (`-1`) or after (`1`) the new side.
    pub fn new_neighbour(&self, side: isize) -> Option<char> {
        let at = if side < 0 {
            self.new_range.start.checked_sub(1)?
        } else {
            self.new_range.end
        };
        let token = self.new.get(at)?;
        (*token != REDACTED).then(|| token.chars().next()).flatten()
    }
}

/// Whether the old side is all `[REDACTED]` and the new side text without it.
pub fn restores(hunk: &Hunk<'_>) -> bool {
    let old = &hunk.old[hunk.old_range.clone()];
    let new = &hunk.new[hunk.new_range.clone()];
    !old.is_empty()
        && old.iter().all(|token| *token == REDACTED)
        && !new.is_empty()
        && !new.contains(&REDACTED)
}
