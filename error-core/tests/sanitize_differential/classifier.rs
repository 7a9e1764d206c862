//! The kinds a changed stretch can be, and the classifier that tells them apart:
//! the general kinds first, then the listed exceptions.

use std::ops::Range;

use error_core::sanitize::REDACTED;

use crate::hunk::{Function, Hunk, restores};
use crate::listed_differences::{INTENDED, REPORTED, REVIEWED};
use crate::more_removal::{is_forbidden, markers_cover, terminal_remnant, turn_at_line_start};
use crate::oracle;

/// What a changed stretch was found to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    MoreRedaction,
    MoreRemoval,
    PrecisionFix,
    Reviewed(&'static str),
    Truncation,
    Intended(&'static str),
    Reported(&'static str),
}

impl Kind {
    pub fn label(self) -> String {
        match self {
            Kind::MoreRedaction => "(a) more redaction".to_owned(),
            Kind::MoreRemoval => "(b) more removal".to_owned(),
            Kind::PrecisionFix => "(c) precision fix in the ordinary-text corpus".to_owned(),
            Kind::Reviewed(entry) => format!("(c) precision fix, reviewed: {entry:?}"),
            Kind::Truncation => "truncation effect at the end".to_owned(),
            Kind::Intended(reason) => format!("(d) {reason}"),
            Kind::Reported(reason) => format!("reported, not intended: {reason}"),
        }
    }
}

/// The kind of one changed stretch, or `None` when it fits none.
pub fn classify(hunk: &Hunk<'_>, ordinary: &[&str]) -> Option<Kind> {
    let old = &hunk.old[hunk.old_range.clone()];
    let new = &hunk.new[hunk.new_range.clone()];
    if !new.is_empty() && new.iter().all(|token| *token == REDACTED) {
        return Some(Kind::MoreRedaction);
    }
    if new.is_empty() {
        if beside_redaction(
            hunk.old,
            hunk.new,
            hunk.old_range.clone(),
            hunk.new_range.start,
        ) {
            return Some(Kind::MoreRedaction);
        }
        if hunk.function != Function::Redact {
            let multi_line = hunk.function == Function::ErrorText;
            let flattened_turns = !multi_line && turn_at_line_start(hunk.input);
            // The previous release redacted some markers it did not know as values.
            let redacted_marker = old.iter().all(|token| *token == REDACTED)
                && oracle::marker_left(hunk.input).is_some();
            if old.iter().all(|token| is_forbidden(token, multi_line))
                || redacted_marker
                || terminal_remnant(hunk, multi_line)
                || markers_cover(hunk.old, &hunk.old_range, multi_line, flattened_turns)
            {
                return Some(Kind::MoreRemoval);
            }
        }
    }
    if restores(hunk) {
        if restored_within(hunk, ordinary) {
            return Some(Kind::PrecisionFix);
        }
        if let Some((entry, _)) = REVIEWED
            .iter()
            .find(|(entry, _)| restored_within(hunk, &[entry]))
        {
            return Some(Kind::Reviewed(entry));
        }
    }
    if let Some(intended) = INTENDED.iter().find(|intended| (intended.applies)(hunk)) {
        return Some(Kind::Intended(intended.reason));
    }
    REPORTED
        .iter()
        .find(|reported| (reported.applies)(hunk))
        .map(|reported| Kind::Reported(reported.reason))
}

/// Whether a deletion of `old[range]` at `new[at]` sits beside a `[REDACTED]` in
/// the new output, wherever the diff could have placed it (a deletion slides over
/// tokens equal at both its ends).
fn beside_redaction(old: &[&str], new: &[&str], range: Range<usize>, at: usize) -> bool {
    let beside = |at: usize| {
        at.checked_sub(1)
            .is_some_and(|before| new[before] == REDACTED)
            || new.get(at) == Some(&REDACTED)
    };
    let (mut start, mut end, mut left) = (range.start, range.end, at);
    while !beside(left) && start > 0 && old[start - 1] == old[end - 1] {
        (start, end, left) = (start - 1, end - 1, left - 1);
    }
    if beside(left) {
        return true;
    }
    let (mut start, mut end, mut right) = (range.start, range.end, at);
    while !beside(right) && end < old.len() && old[start] == old[end] {
        (start, end, right) = (start + 1, end + 1, right + 1);
    }
    beside(right)
}

/// Whether the new output around restored text (up to ten visible characters
/// either side, `[REDACTED]` not crossed), at least eight characters of it, lies in
/// one of `entries`.
fn restored_within(hunk: &Hunk<'_>, entries: &[&str]) -> bool {
    let restored = hunk.new_text();
    // Invisible characters, which redaction alone leaves, are in no entry.
    let visible = |token: &&&str| !is_forbidden(token, true);
    let before: Vec<&str> = hunk.new[..hunk.new_range.start]
        .iter()
        .rev()
        .take_while(|token| **token != REDACTED)
        .filter(visible)
        .take(10)
        .copied()
        .collect();
    let after: Vec<&str> = hunk.new[hunk.new_range.end..]
        .iter()
        .take_while(|token| **token != REDACTED)
        .filter(visible)
        .take(10)
        .copied()
        .collect();
    entries.iter().any(|entry| {
        let Some(left) = (0..=before.len()).rev().find(|&left| {
            let prefix: String = before[..left].iter().rev().copied().collect();
            entry.contains(&(prefix + &restored))
        }) else {
            return false;
        };
        let prefix: String = before[..left].iter().rev().copied().collect::<String>() + &restored;
        let right = (0..=after.len())
            .rev()
            .find(|&right| entry.contains(&(prefix.clone() + &after[..right].concat())))
            .unwrap_or(0);
        let context = prefix + &after[..right].concat();
        context.chars().count() >= 8.min(entry.chars().count())
    })
}
