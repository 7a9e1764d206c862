//! Kind (b), more removal: whether the old side of a stretch the new output drops
//! is what cleaning removes (invisible or control characters, markers, what an
//! escape left of a terminal sequence).

use std::ops::Range;
use std::sync::OnceLock;

use error_core::sanitize::REDACTED;
use regex::Regex;

use crate::hunk::Hunk;
use crate::oracle;

/// How far around a removed stretch a marker it was part of may reach: the longest
/// `<|name|>` token has 128 characters of name.
const WINDOW: usize = 136;

/// A character that cleaning removes wherever it is (a joiner alone counts).
pub fn is_forbidden(token: &str, multi_line: bool) -> bool {
    token.chars().count() == 1 && oracle::forbidden_left(token, multi_line).is_some()
}

/// Characters that start a terminal control sequence.
const TERMINAL_INTRODUCERS: [char; 7] = [
    '\u{1b}', '\u{90}', '\u{98}', '\u{9b}', '\u{9d}', '\u{9e}', '\u{9f}',
];

/// What is left of a control sequence whose introducer alone was removed: the
/// parameters and final byte of a CSI.
fn csi_remnants() -> &'static Regex {
    static REMNANTS: OnceLock<Regex> = OnceLock::new();
    REMNANTS.get_or_init(|| Regex::new(r"\[[0-?]*[ -/]*[@-~]").expect("a valid pattern"))
}

/// Whether a removed stretch is what a terminal sequence left in the previous
/// output: printable ASCII (redacted or not) and invisible characters on one line,
/// or a marker that such a remnant broke.
pub fn terminal_remnant(hunk: &Hunk<'_>, multi_line: bool) -> bool {
    let old = &hunk.old[hunk.old_range.clone()];
    hunk.input.contains(TERMINAL_INTRODUCERS)
        && (old.iter().all(|token| {
            *token == REDACTED
                || (token.len() == 1 && *token != "\n")
                || is_forbidden(token, multi_line)
        }) || oracle::marker_left(&csi_remnants().replace_all(&hunk.old_text(), "")).is_some())
}

/// Tokens of the old output around a removed stretch, with their indices, as the
/// marker search sees them.
struct MarkerSearch<'a> {
    tokens: Vec<(usize, &'a str)>,
    /// Whether the first token starts a line.
    at_line_start: bool,
    flattened_turns: bool,
}

impl MarkerSearch<'_> {
    /// Whether `tokens[from..to]` holds a marker.
    fn holds(&self, from: usize, to: usize) -> bool {
        let mut text = String::new();
        // A window that starts inside a line must not make a line start.
        let line_start = if from == 0 {
            self.at_line_start
        } else {
            self.tokens[from - 1].1 == "\n"
        };
        if !line_start {
            text.push('x');
        }
        text.extend(self.tokens[from..to].iter().map(|(_, token)| *token));
        oracle::marker_left(&text).is_some()
            || self.flattened_turns && oracle::marker_left(&text.replace(' ', "\n")).is_some()
    }

    /// The marker that holds `tokens[at]`, as a range of `tokens`: the smallest
    /// window around it that holds a marker, shrunk to the marker, when the marker
    /// is not on one side of `at`.
    fn around(&self, at: usize) -> Option<Range<usize>> {
        let (mut from, mut to) = (0..=WINDOW)
            .map(|reach| {
                (
                    at.saturating_sub(reach),
                    (at + 1 + reach).min(self.tokens.len()),
                )
            })
            .find(|&(from, to)| self.holds(from, to))?;
        while from < at && self.holds(from + 1, to) {
            from += 1;
        }
        while to > at + 1 && self.holds(from, to - 1) {
            to -= 1;
        }
        (!self.holds(from, at) && !self.holds(at + 1, to)).then_some(from..to)
    }
}

/// Whether markers the oracle finds in the old output cover every visible
/// character of `old[range]`. As cleaning does, invisible characters are left out
/// and a marker that removing another one assembles goes too. In a single line, a
/// turn label whose line start the input shows counts after a space too.
pub fn markers_cover(
    old: &[&str],
    range: &Range<usize>,
    multi_line: bool,
    flattened_turns: bool,
) -> bool {
    let start = range.start.saturating_sub(WINDOW);
    let end = (range.end + WINDOW).min(old.len());
    let mut search = MarkerSearch {
        tokens: (start..end)
            .filter(|&at| !is_forbidden(old[at], multi_line))
            .map(|at| (at, old[at]))
            .collect(),
        at_line_start: start == 0 || old[start - 1] == "\n",
        flattened_turns,
    };
    let removed =
        |(at, token): &(usize, &str)| range.contains(at) && !token.chars().all(char::is_whitespace);
    'search: loop {
        if !search.tokens.iter().any(removed) {
            return true;
        }
        if !search.holds(0, search.tokens.len()) {
            return false;
        }
        for at in 0..search.tokens.len() {
            if let Some(marker) = removed(&search.tokens[at])
                .then(|| search.around(at))
                .flatten()
            {
                search.tokens.drain(marker);
                continue 'search;
            }
        }
        return false;
    }
}

/// Whether the input starts a line with a turn label (`Human:`), which the single
/// line shows after a space.
pub fn turn_at_line_start(input: &str) -> bool {
    input
        .split(['\n', '\r', '\u{85}', '\u{2028}', '\u{2029}'])
        .any(|line| {
            let line = line.trim_start_matches([' ', '\t']).to_lowercase();
            ["human", "assistant"].iter().any(|role| {
                line.strip_prefix(role)
                    .is_some_and(|rest| rest.trim_start().starts_with([':', '：']))
            })
        })
}
