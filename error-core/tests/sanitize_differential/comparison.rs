//! One output against the previous release's: the two diffed in every alignment
//! tried, each changed stretch handed to the classifier.

use std::ops::Range;

use error_core::sanitize::{REDACTED, TRUNCATION_MARKER};
use similar::{Algorithm, DiffOp, DiffTag, capture_diff_slices};

use crate::classifier::{Kind, classify};
use crate::diff_units::{Level, tokens};
use crate::hunk::{Function, Hunk};

/// Compares one output with the previous release's: the kinds of its changed
/// stretches, or which one fits none.
pub fn compare(
    previous: &str,
    current: &str,
    input: &str,
    function: Function,
    ordinary: &[&str],
) -> Result<Vec<Kind>, String> {
    if previous == current {
        return Ok(Vec::new());
    }
    let cut = previous.ends_with(TRUNCATION_MARKER) || current.ends_with(TRUNCATION_MARKER);
    let mut comparison = Comparison {
        old: tokens(previous.strip_suffix(TRUNCATION_MARKER).unwrap_or(previous)),
        new: tokens(current.strip_suffix(TRUNCATION_MARKER).unwrap_or(current)),
        input,
        function,
        ordinary,
        distinct_redactions: false,
        backwards: false,
        skip_spaces: false,
        algorithm: Algorithm::Patience,
    };
    // Any alignment that explains every change will do: spaces and redactions
    // make poor anchors and ties can go either way, so the diff is tried from each
    // unit, with redactions matched to each other and kept apart, forwards and
    // backwards.
    let mut first = None;
    for (level, algorithm) in [
        (Level::Chunks, Algorithm::Patience),
        (Level::Words, Algorithm::Patience),
        (Level::Characters, Algorithm::Patience),
        (Level::Words, Algorithm::Lcs),
    ] {
        for options in 0..8 {
            comparison.algorithm = algorithm;
            comparison.distinct_redactions = options & 1 != 0;
            comparison.backwards = options & 2 != 0;
            comparison.skip_spaces = options & 4 != 0;
            match comparison.run(cut, level) {
                Ok(kinds) => return Ok(kinds),
                Err(failed) => {
                    let hunk = comparison.hunk(failed);
                    first.get_or_insert(format!(
                        "{function:?}: the stretch {:?} became {:?}",
                        hunk.old_text(),
                        hunk.new_text()
                    ));
                }
            }
        }
    }
    Err(first.unwrap_or_default())
}

/// A changed stretch as token ranges of the two outputs.
type Stretch = (Range<usize>, Range<usize>);

/// One output against the previous release's.
struct Comparison<'a> {
    old: Vec<&'a str>,
    new: Vec<&'a str>,
    input: &'a str,
    function: Function,
    ordinary: &'a [&'a str],
    /// Whether no two redactions are matched, so that a redaction that moved shows
    /// as text restored in one place and redacted in another.
    distinct_redactions: bool,
    /// Whether the diff reads both outputs from their ends.
    backwards: bool,
    /// Whether spaces are left out of the diff, into the changes around them.
    skip_spaces: bool,
    algorithm: Algorithm,
}

impl Comparison<'_> {
    fn hunk(&self, (old_range, new_range): Stretch) -> Hunk<'_> {
        Hunk {
            old: &self.old,
            new: &self.new,
            old_range,
            new_range,
            input: self.input,
            function: self.function,
        }
    }

    /// The changed stretches between `old[old_range]` and `new[new_range]`, in
    /// units of `level`.
    fn changes(&self, (old_range, new_range): Stretch, level: Level) -> Vec<(DiffTag, Stretch)> {
        let (old_units, new_units) = (
            level.units(&self.old, old_range.clone()),
            level.units(&self.new, new_range.clone()),
        );
        // The units the diff may match, as indices into the units, with their keys.
        let matchable = |tokens: &[&str], units: &[Range<usize>], side: usize| {
            let mut keyed: Vec<(usize, (String, usize))> = units
                .iter()
                .enumerate()
                .map(|(index, unit)| (index, tokens[unit.clone()].concat()))
                .filter(|(_, text)| !(self.skip_spaces && text.chars().all(char::is_whitespace)))
                .map(|(index, text)| {
                    let id = if self.distinct_redactions && text == REDACTED {
                        2 * index + side + 1
                    } else {
                        0
                    };
                    (index, (text, id))
                })
                .collect();
            // Read backwards, the diff breaks ties the other way.
            if self.backwards {
                keyed.reverse();
            }
            keyed
        };
        let old_keyed = matchable(&self.old, &old_units, 0);
        let new_keyed = matchable(&self.new, &new_units, 1);
        let keys = |keyed: &[(usize, (String, usize))]| -> Vec<(String, usize)> {
            keyed.iter().map(|(_, key)| key.clone()).collect()
        };
        let mut matched: Vec<(usize, usize)> =
            capture_diff_slices(self.algorithm, &keys(&old_keyed), &keys(&new_keyed))
                .iter()
                .filter_map(|op| match *op {
                    DiffOp::Equal {
                        old_index,
                        new_index,
                        len,
                    } => Some((0..len).map(move |at| (old_index + at, new_index + at))),
                    _ => None,
                })
                .flatten()
                .map(|(old_at, new_at)| (old_keyed[old_at].0, new_keyed[new_at].0))
                .collect();
        matched.sort_unstable();
        // Matched units are equal; what lies between two of them is one change,
        // or equal where both sides read the same.
        let mut changes = Vec::new();
        let (mut old_at, mut new_at) = (old_range.start, new_range.start);
        let gaps = matched
            .iter()
            .map(|&(old_unit, new_unit)| (old_units[old_unit].clone(), new_units[new_unit].clone()))
            .chain([(old_range.end..old_range.end, new_range.end..new_range.end)]);
        for (old_unit, new_unit) in gaps {
            let gap = (old_at..old_unit.start, new_at..new_unit.start);
            let tag = match (gap.0.is_empty(), gap.1.is_empty()) {
                (true, true) => None,
                _ if self.old[gap.0.clone()] == self.new[gap.1.clone()] => Some(DiffTag::Equal),
                (false, true) => Some(DiffTag::Delete),
                (true, false) => Some(DiffTag::Insert),
                (false, false) => Some(DiffTag::Replace),
            };
            changes.extend(tag.map(|tag| (tag, gap)));
            if !old_unit.is_empty() {
                changes.push((DiffTag::Equal, (old_unit.clone(), new_unit.clone())));
            }
            (old_at, new_at) = (old_unit.end, new_unit.end);
        }
        changes
    }

    /// The kinds of a changed stretch: as a whole, or else of the changes within
    /// it in finer units; at single characters a replacement is judged as a
    /// removal and an insertion. The stretch that fits no kind is the error.
    fn judge(&self, stretch: Stretch, level: Level) -> Result<Vec<Kind>, Stretch> {
        if let Some(kind) = classify(&self.hunk(stretch.clone()), self.ordinary) {
            return Ok(vec![kind]);
        }
        let Some(finer) = level.finer() else {
            let (old_range, new_range) = stretch.clone();
            if old_range.is_empty() || new_range.is_empty() {
                return Err(stretch);
            }
            let removal = (old_range.clone(), new_range.start..new_range.start);
            let insertion = (old_range.end..old_range.end, new_range);
            return [removal, insertion]
                .into_iter()
                .map(|part| classify(&self.hunk(part), self.ordinary).ok_or(stretch.clone()))
                .collect();
        };
        let mut kinds = Vec::new();
        for (tag, part) in self.changes(stretch, finer) {
            if tag != DiffTag::Equal {
                kinds.extend(self.judge(part, finer)?);
            }
        }
        Ok(kinds)
    }

    /// The kinds of every change, or the stretch that fits none. After a cut, what
    /// the diff matches near the end may be chance: once a stretch fits no kind,
    /// the rest is the cut's doing if nothing after it matches but separators and
    /// runs of fewer than three letters or digits.
    fn run(&self, cut: bool, level: Level) -> Result<Vec<Kind>, Stretch> {
        let changes = self.changes((0..self.old.len(), 0..self.new.len()), level);
        let only_chance_after = |index: usize| {
            changes[index + 1..].iter().all(|(tag, (old_range, _))| {
                *tag != DiffTag::Equal
                    || self.old[old_range.clone()]
                        .concat()
                        .split(|c: char| !c.is_alphanumeric())
                        .all(|run| run.chars().count() < 3)
            })
        };
        let mut kinds = Vec::new();
        for (index, (tag, stretch)) in changes.iter().enumerate() {
            if *tag == DiffTag::Equal {
                continue;
            }
            match self.judge(stretch.clone(), level) {
                Ok(found) => kinds.extend(found),
                Err(_) if cut && only_chance_after(index) => {
                    kinds.push(Kind::Truncation);
                    break;
                }
                Err(failed) => return Err(failed),
            }
        }
        Ok(kinds)
    }
}
