//! The markers that only mean something at the start of a line or heading: Alpaca
//! headings (`### Instruction`) and turn labels (`Human:`, `Assistant:`).

use std::cell::Cell;

use super::{Ahead, Found, MAX_INNER_SPACES, Tail};

/// Role words that make `###` an Alpaca-style heading (`### Instruction:`).
const ALPACA_ROLES: &[&[u8]] = &[
    b"assistant",
    b"context",
    b"human",
    b"input",
    b"instruction",
    b"response",
    b"system",
    b"user",
];

/// Roles that open a turn at the start of a line (`Human:`, `Assistant:`).
const TURN_ROLES: &[&[u8]] = &[b"assistant", b"human"];

/// The longest role word of [`ALPACA_ROLES`].
const LONGEST_ROLE: usize = 11;

/// An Alpaca heading (`### Instruction`): `###`, spaces and the first letters of a
/// role word at the end of `text` (none when the last `#` was just appended, some
/// when a marker that stood in the word was just removed), and the rest of the
/// word in the input still to read, `ahead`. The `#`s and the role word (and a `:`
/// right after it) go. What cleaning removes from the input (`classify` says what
/// it makes of the start of a text) is skipped in the role word too.
pub(in crate::sanitize) fn alpaca_heading(
    text: &str,
    ahead: &str,
    classify: impl Fn(&str) -> Ahead,
) -> Option<Found> {
    let mut role = [0u8; LONGEST_ROLE + 1];
    let typed = text
        .bytes()
        .rev()
        .take(LONGEST_ROLE + 1)
        .take_while(u8::is_ascii_alphabetic)
        .count();
    if typed > LONGEST_ROLE {
        return None;
    }
    for (slot, byte) in role.iter_mut().zip(&text.as_bytes()[text.len() - typed..]) {
        *slot = byte.to_ascii_lowercase();
    }
    let before_role = &text[..text.len() - typed];
    // At most one space more than a heading may hold is read: the output may end
    // with a long run of them (`### ### ### ...`, each heading removed in turn).
    let spaces = before_role
        .bytes()
        .rev()
        .take(MAX_INNER_SPACES + 1)
        .take_while(|&byte| byte == b' ' || byte == b'\t')
        .count();
    if spaces > MAX_INNER_SPACES {
        return None;
    }
    let heading = &before_role[..before_role.len() - spaces];
    let start = Tail::<3>::of(heading).ends_with(b"###")?;
    let mut role_len = typed;
    let mut read = 0;
    let mut spaces = 0;
    // The input, without what cleaning removes, up to the end of the role word.
    let role_end = loop {
        let rest = &ahead[read..];
        match classify(rest) {
            Ahead::Removed(length) => {
                read += length;
                continue;
            }
            Ahead::Space(length) if role_len == 0 && spaces < MAX_INNER_SPACES => {
                spaces += 1;
                read += length;
                continue;
            }
            Ahead::Space(_) => break read,
            Ahead::Text => {}
        }
        match rest.bytes().next() {
            Some(byte) if byte.is_ascii_alphanumeric() => {
                if role_len == LONGEST_ROLE {
                    return None;
                }
                role[role_len] = byte.to_ascii_lowercase();
                role_len += 1;
                read += 1;
            }
            _ => break read,
        }
    };
    if !ALPACA_ROLES.contains(&&role[..role_len]) {
        return None;
    }
    let colon = usize::from(ahead[role_end..].starts_with(':'));
    // Every `#` of the heading's run goes, not only the last three.
    let hashes = text[..start].len() - text[..start].trim_end_matches('#').len();
    Some(Found {
        start: start - hashes,
        skip: role_end + colon,
    })
}

/// Whether the text before a `:` ends with a turn label's role at the start of a
/// line (`Human`, `  assistant`).
pub(in crate::sanitize) fn is_turn_label_before(before_colon: &[u8]) -> bool {
    TURN_ROLES.iter().any(|role| {
        before_colon.len() >= role.len()
            && before_colon[before_colon.len() - role.len()..].eq_ignore_ascii_case(role)
            && {
                let line = &before_colon[..before_colon.len() - role.len()];
                let indent = line
                    .iter()
                    .rev()
                    .take_while(|&&byte| byte == b' ' || byte == b'\t')
                    .count();
                let before_indent = &line[..line.len() - indent];
                before_indent.is_empty() || before_indent.ends_with(b"\n")
            }
    })
}

/// Where lines start in the output, for turn labels: after every `\n`, where a
/// line break flattened to a space left the output, and after the run of spaces
/// and tabs before a label, which is remembered: the output of labels removed one
/// after another (`Human: Human: ...`) keeps their spaces, and each is read once.
#[derive(Debug)]
pub(in crate::sanitize) struct LineStarts {
    /// Where the last line break flattened to a space left the output
    /// (`usize::MAX`: none).
    pub(in crate::sanitize) flattened: usize,
    /// A run of spaces and tabs in the output, `from..to`, with no space or tab
    /// right before it.
    blank_run: Cell<Option<(usize, usize)>>,
}

impl LineStarts {
    /// No line starts but after `\n`s.
    pub(in crate::sanitize) const fn none() -> Self {
        Self {
            flattened: usize::MAX,
            blank_run: Cell::new(None),
        }
    }

    /// The output was cut to `len` bytes: what was known past it is forgotten.
    pub(in crate::sanitize) fn output_cut_to(&mut self, len: usize) {
        if self.flattened > len {
            self.flattened = usize::MAX;
        }
        if self.blank_run.get().is_some_and(|(_, to)| to > len) {
            self.blank_run.set(None);
        }
    }

    /// Where the run of spaces and tabs that ends `text[..end]` starts. Only the
    /// bytes after the run remembered are read.
    fn blank_run_before(&self, text: &[u8], end: usize) -> usize {
        let is_blank = |byte: u8| byte == b' ' || byte == b'\t';
        let known = self.blank_run.get().filter(|&(_, to)| to <= end);
        let floor = known.map_or(0, |(_, to)| to);
        let mut start = end;
        while start > floor && is_blank(text[start - 1]) {
            start -= 1;
        }
        // Blank back to the end of the run remembered: the run goes on from there.
        if let Some((from, to)) = known
            && start == to
        {
            start = from;
        }
        self.blank_run.set(Some((start, end)));
        start
    }
}

/// The start of a turn label (`Human:`, `Assistant:`) that ends `text` at the start
/// of a line, after the line's indentation.
pub(super) fn turn_start(text: &str, lines: &LineStarts) -> Option<usize> {
    let before_colon = text.strip_suffix(':').or_else(|| text.strip_suffix('：'))?;
    let role = TURN_ROLES.iter().find(|role| {
        before_colon.len() >= role.len()
            && before_colon.as_bytes()[before_colon.len() - role.len()..].eq_ignore_ascii_case(role)
    })?;
    let start = before_colon.len() - role.len();
    let indented = lines.blank_run_before(text.as_bytes(), start);
    // A flattened line break is one of the spaces before the role.
    (indented == 0
        || text.as_bytes()[indented - 1] == b'\n'
        || (indented..=start).contains(&lines.flattened))
    .then_some(start)
}

#[cfg(test)]
mod tests {
    use super::LineStarts;

    #[test]
    fn the_blank_run_remembered_grows_and_is_forgotten_past_a_cut() {
        let mut lines = LineStarts::none();
        assert_eq!(lines.blank_run_before(b"ab   ", 5), 2);
        assert_eq!(lines.blank_run_before(b"ab     ", 7), 2, "grown");
        assert_eq!(
            lines.blank_run_before(b"ab     x ", 9),
            8,
            "a word after it"
        );
        lines.output_cut_to(3);
        assert_eq!(lines.blank_run_before(b"ab xy  ", 7), 5);
        assert_eq!(lines.blank_run_before(b"ab xy  \t ", 9), 5);
        assert_eq!(LineStarts::none().blank_run_before(b"   ", 3), 0);
    }
}
