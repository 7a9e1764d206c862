//! The markers that only mean something at the start of a line or heading: Alpaca
//! headings (`### Instruction`) and turn labels (`Human:`, `Assistant:`).

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
    let heading = before_role.trim_end_matches([' ', '\t']);
    if before_role.len() - heading.len() > MAX_INNER_SPACES {
        return None;
    }
    let start = Tail::of(heading, 3).ends_with(b"###")?;
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

/// The start of a turn label (`Human:`, `Assistant:`) that ends `text` at the start
/// of a line, after the line's indentation.
pub(super) fn turn_start(text: &str, line_start: usize) -> Option<usize> {
    let before_colon = text.strip_suffix(':').or_else(|| text.strip_suffix('：'))?;
    let role = TURN_ROLES.iter().find(|role| {
        before_colon.len() >= role.len()
            && before_colon.as_bytes()[before_colon.len() - role.len()..].eq_ignore_ascii_case(role)
    })?;
    let start = before_colon.len() - role.len();
    let indented = text[..start].trim_end_matches([' ', '\t']);
    // A flattened line break is one of the spaces before the role.
    (indented.is_empty()
        || indented.ends_with('\n')
        || (indented.len()..=start).contains(&line_start))
    .then_some(start)
}
