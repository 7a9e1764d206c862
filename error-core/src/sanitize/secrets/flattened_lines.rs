//! A text made one line (a log field: `sanitize_single_line`) loses what its
//! lines show to be secret too.
//!
//! Some rules read a text's lines: a validation error echoes a secret field's input
//! under the line that names the field (Pydantic's `password` and, on the next
//! line, `String should have at least 12 characters [type=string_too_short,
//! input_value='...']`), a prompt announces a password on the line before it, a
//! YAML block scalar ends where its indentation does. Made one line, those lines
//! are gone. So where cleaning made line breaks spaces, the text is read twice:
//! as the one line it is, and as the lines it was (the same text with its line
//! breaks back). Neither reading sees the other's redactions, so neither loses the
//! context its rules read (a key, a scheme, an access key id before its secret),
//! and the output loses what either found.

use std::ops::Range;

use super::char_count::{CharCount, count_chars};
use super::{REDACTED, Stop, Window, redaction_ranges};

/// Redacts `text` (cleaned, and made one line: the spaces at `flattened` were line
/// breaks) as one line and as its lines, until the output holds `max_chars`
/// characters, as [`super::redact_within`] does for one reading. A token starts a
/// word at each of the `seams`.
pub(in crate::sanitize) fn redact_flattened_within(
    text: String,
    flattened: &[usize],
    max_chars: usize,
    seams: &[usize],
) -> Window {
    let one_line = redaction_ranges(&text, seams);
    let by_lines = redaction_ranges(&with_line_breaks(&text, flattened), seams);
    let lines_redacted_more = by_lines.iter().any(|range| !is_covered(&one_line, range));
    let mut window = if lines_redacted_more {
        redact_ranges_within(text, &union(&one_line, &by_lines), max_chars)
    } else {
        redact_ranges_within(text, &one_line, max_chars)
    };
    window.lines_redacted_more = lines_redacted_more;
    window
}

/// `text` with a line break at each of the positions `flattened` (spaces).
fn with_line_breaks(text: &str, flattened: &[usize]) -> String {
    let mut lines = String::with_capacity(text.len());
    let mut copied = 0;
    for &space in flattened {
        lines.push_str(&text[copied..space]);
        lines.push('\n');
        copied = space + 1;
    }
    lines.push_str(&text[copied..]);
    lines
}

/// Whether `ranges` (ascending, disjoint) cover every byte of `range`.
fn is_covered(ranges: &[Range<usize>], range: &Range<usize>) -> bool {
    let mut covered_to = range.start;
    let first = ranges.partition_point(|candidate| candidate.end <= range.start);
    for candidate in &ranges[first..] {
        if candidate.start > covered_to {
            return false;
        }
        covered_to = covered_to.max(candidate.end);
        if covered_to >= range.end {
            return true;
        }
    }
    covered_to >= range.end
}

/// The ranges of both (each ascending and disjoint), ascending; those that overlap
/// become one. Ranges that only touch stay apart, as one reading leaves two
/// redactions side by side.
fn union(one: &[Range<usize>], other: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut all: Vec<Range<usize>> = one.iter().chain(other).cloned().collect();
    all.sort_unstable_by_key(|range| (range.start, range.end));
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(all.len());
    for range in all {
        match merged.last_mut() {
            Some(last) if range.start < last.end || range.start == last.start => {
                last.end = last.end.max(range.end);
            }
            _ => merged.push(range),
        }
    }
    merged
}

/// `text` with each of `ranges` (ascending, disjoint) made [`REDACTED`], until the
/// output holds `max_chars` characters: a redaction never straddles the cut, as in
/// [`super::Redactor::run`].
fn redact_ranges_within(mut text: String, ranges: &[Range<usize>], max_chars: usize) -> Window {
    let bytes = text.as_bytes();
    let mut count = CharCount::new(max_chars, bytes);
    let mut out = String::new();
    let mut copied = 0;
    let mut glued = false;
    let mut stop = None;
    for range in ranges {
        if let Some(full) = count.keep_until(bytes, range.start) {
            stop = Some(full);
            break;
        }
        let emitted_chars =
            || count_chars(out.as_bytes()) + count_chars(&bytes[copied..range.start]);
        if !count.take_redaction(range.start, range.end, emitted_chars) {
            stop = Some(Stop {
                at: range.start,
                cut: true,
            });
            break;
        }
        // Right after another redaction, the byte before is its `]`.
        let previous = match range.start {
            0 => 0,
            start if start == copied && copied > 0 => b']',
            start => bytes[start - 1],
        };
        glued |= previous.is_ascii_alphanumeric();
        out.push_str(&text[copied..range.start]);
        out.push_str(REDACTED);
        copied = range.end;
    }
    let stop = stop
        .or_else(|| count.keep_until(bytes, bytes.len()))
        .unwrap_or(Stop {
            at: bytes.len(),
            cut: false,
        });
    let text = if copied == 0 && out.is_empty() {
        // Nothing was redacted: the output is a prefix of the text itself.
        text.truncate(stop.at);
        text
    } else {
        out.push_str(&text[copied..stop.at]);
        out
    };
    Window {
        text,
        cut: stop.cut,
        glued,
        lines_redacted_more: false,
    }
}

#[cfg(test)]
mod tests {
    use super::{is_covered, union};
    use crate::sanitize::{sanitize_error_text, sanitize_single_line};

    /// What only a text's lines show is redacted on one line too, as on its lines.
    #[test]
    fn one_line_loses_what_its_lines_show_to_be_secret() {
        for (text, one_line) in [
            (
                "1 validation error for Settings\npassword\n  String should have at least 12 characters [type=string_too_short, input_value='hunter2', input_type=str]",
                "1 validation error for Settings password   String should have at least 12 characters [type=string_too_short, input_value='[REDACTED]', input_type=str]",
            ),
            (
                "Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):\n  PF3O_Xk9pL2mQ7rT4vB8\n",
                "Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`):   [REDACTED] ",
            ),
            (
                "Key      Value\n---      -----\ntoken    Kz7Wx2Lq8Rm3Nt5B\ntoken_ttl    768h",
                "Key      Value ---      ----- token    [REDACTED] token_ttl    768h",
            ),
        ] {
            assert_eq!(sanitize_single_line(text, 8192), one_line, "{text:?}");
            // The lines' reading is the one the text's own pass makes.
            assert!(sanitize_error_text(text, 8192).contains("[REDACTED]"));
            // And the output is read the same again.
            assert_eq!(sanitize_single_line(one_line, 8192), one_line);
        }
    }

    /// A secret that only the lines show and that the cut reaches goes whole or not
    /// at all.
    #[test]
    fn a_redaction_the_lines_add_never_straddles_the_cut() {
        let text = "Key      Value\n---      -----\ntoken    Kz7Wx2Lq8Rm3Nt5B\nttl    768h";
        for cap in 0..80 {
            let one_line = sanitize_single_line(text, cap);
            assert!(!one_line.contains("Kz7W"), "{cap}: {one_line:?}");
        }
    }

    #[test]
    #[expect(
        clippy::single_range_in_vec_init,
        reason = "these are lists of ranges, some of one range"
    )]
    fn ranges_that_overlap_become_one_and_those_that_touch_stay_apart() {
        assert_eq!(union(&[0..3, 5..8], &[2..6]), vec![0..8]);
        assert_eq!(union(&[0..3], &[3..5]), vec![0..3, 3..5]);
        assert_eq!(union(&[4..6], &[4..9, 10..12]), vec![4..9, 10..12]);
        assert_eq!(union(&[], &[1..2]), vec![1..2]);
    }

    #[test]
    #[expect(
        clippy::single_range_in_vec_init,
        reason = "these are lists of ranges, some of one range"
    )]
    fn a_range_is_covered_by_ranges_side_by_side() {
        assert!(is_covered(&[0..3, 3..6], &(1..5)));
        assert!(!is_covered(&[0..3, 4..6], &(1..5)));
        assert!(!is_covered(&[2..6], &(1..5)));
        assert!(is_covered(&[0..10], &(3..4)));
        assert!(!is_covered(&[], &(3..4)));
    }
}
