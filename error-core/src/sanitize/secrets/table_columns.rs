//! The cells of a table's column that its header names a secret, as `psql` and
//! `mysql` print a query's rows (`SELECT * FROM users` in a tool's output):
//!
//! ```text
//!  id | name  | password          +----+-------+---------+
//! ----+-------+--------------     | id | name  | api_key |
//!   1 | alice | Xq7u8jzPde0I      +----+-------+---------+
//!                                 |  1 | alice | 3f9a8b7 |
//! ```
//!
//! A table is a header line with `|` between its cells and a rule under it made
//! of `-` and `+` alone (a `+` and two `-` in a row among them: a Markdown
//! heading's underline is no rule), above which stands no other row (a grid
//! table's rules between its rows are no header's: `| password | ... |` there is a
//! row); then its rows, each with a `|`, up to [`MAX_ROWS`]. A cell's column is the number of `|` before it on
//! its line, in the header as in the rows, and only a cell with a `|` before it is
//! read (the line before the cell says it is a row; nothing after it does). A
//! cell of a column whose header is a secret's name goes, but an empty one, a
//! boolean or null (`t`, `false`, `NULL`) and a number of six digits at most; as
//! every start of these stays too, a cell cut short by the window is judged as
//! its whole was. (A digest's column, `password_hash`, names no secret, as the key
//! does not.)
//!
//! The rule reads a cell's table over the output, as other rules read their key:
//! back from the cell to the rule and the header, or from the row it read last.
//! The scan finds a table from the first `-` of its rule, under a header that names
//! a secret, and hands on the start of every cell in the lines after it, up to
//! the next such rule (more lines than rows, and every column: a redaction may join
//! lines, as a private key's does, or take a `|`). A table whose header a redaction
//! joins from lines that do not name the secret, or a private key of more than
//! [`PUSHED_LINES`] lines in a row, is not read alike by the scan and by the rule.

use super::{names, values};

/// The most rows of a table read after its rule.
const MAX_ROWS: usize = 256;

/// The lines after a rule whose cells the scan hands on.
const PUSHED_LINES: usize = 2 * MAX_ROWS;

/// The longest line of a table read back.
const MAX_LINE: usize = 4096;

/// The most columns of a header read.
const MAX_COLUMNS: usize = 64;

/// The longest number that a cell may hold and stay.
const MAX_KEPT_NUMBER: usize = 6;

/// The values that a cell may hold and stay, in either case: booleans and nulls as
/// databases print them. Every start of one stays too (`t`, `fa`).
const KEPT_WORDS: [&[u8]; 7] = [b"true", b"false", b"null", b"none", b"nil", b"yes", b"no"];

/// Whether the `-` at `anchor`, one of two in a row, may start a table's rule: at
/// the start of a line, after blanks or a `+` (`mysql`'s `+----`). The cheap test
/// before the line is read.
#[inline]
pub(super) fn may_start_rule(text: &[u8], anchor: usize) -> bool {
    anchor
        .checked_sub(1)
        .is_none_or(|before| matches!(text[before], b'\n' | b' ' | b'+'))
}

/// Hands `push` where each cell after a `|` starts, in the lines after the rule
/// that starts with the `-` at `anchor` (see [`may_start_rule`]), when the line
/// above the rule names a secret's column; up to the next such rule, which hands
/// on its own. Every cell, not only the secret columns': a redaction may take a
/// `|` or join lines into one row (a private key's), and the rule reads the
/// columns of the output. Out of line: few lines are a rule.
#[inline(never)]
pub(super) fn push_secret_cells(text: &[u8], anchor: usize, push: &mut impl FnMut(usize)) {
    let Some(rule_start) = line_start(text, anchor) else {
        return;
    };
    // The rule's first `-`, so that a rule is read once.
    if rule_start == 0
        || !text[rule_start..anchor]
            .iter()
            .all(|&byte| matches!(byte, b' ' | b'+'))
    {
        return;
    }
    let rule_end = line_end(text, anchor);
    if !is_rule(&text[rule_start..rule_end]) || !names_secret_column_above(text, rule_start) {
        return;
    }
    let mut line_start_at = rule_end + 1;
    for _ in 0..PUSHED_LINES {
        if line_start_at >= text.len() {
            return;
        }
        let end = line_end(text, line_start_at);
        let line = &text[line_start_at..end];
        if is_rule(line) && names_secret_column_above(text, line_start_at) {
            return;
        }
        for bar in memchr::memchr_iter(b'|', line) {
            let cell = line_start_at + bar + 1;
            push(cell + values::spaces_at(text, cell));
        }
        line_start_at = end + 1;
    }
}

/// Whether the line above the one that starts at `line_start_at` names a secret's
/// column.
fn names_secret_column_above(text: &[u8], line_start_at: usize) -> bool {
    line_start_at.checked_sub(1).is_some_and(|end| {
        line_start(text, end).is_some_and(|start| secret_columns(&text[start..end]) != 0)
    })
}

/// The row of a table that a cell was read in last, where it starts in the
/// output, with its table's secret columns and its number among the rows. The
/// output only grows: the next cell of the row, or of a row after it, reads its
/// table from there, not from its rule and header again.
#[derive(Default)]
pub(super) struct LastRow(Option<Row>);

#[derive(Clone, Copy)]
struct Row {
    start: usize,
    /// The header's secret columns (see [`secret_columns`]).
    secret_columns: u64,
    number: usize,
}

/// The end of a secret column's cell that starts at `at`, when `emitted` ends
/// with the row up to it, and the lines above it are rows up to a table's rule,
/// under a header that names the cell's column a secret.
pub(super) fn cell_end(
    emitted: &[u8],
    text: &[u8],
    at: usize,
    last_row: &mut LastRow,
) -> Option<usize> {
    // A cell's content starts after a bar and blanks.
    if values::trim_spaces_end(emitted).last() != Some(&b'|')
        || matches!(text.get(at), None | Some(b' ' | b'\t'))
    {
        return None;
    }
    let row_start = line_start(emitted, emitted.len())?;
    let column = memchr::memchr_iter(b'|', &emitted[row_start..]).count();
    if row_start == 0 || column >= MAX_COLUMNS {
        return None;
    }
    let row = match last_row.0 {
        Some(row) if row.start == row_start => row,
        _ => table_above(emitted, row_start, last_row.0)?,
    };
    last_row.0 = Some(row);
    if row.secret_columns >> column & 1 == 0 {
        return None;
    }
    let rest = &text[at..];
    let cell = &rest[..memchr::memchr3(b'|', b'\n', b'\r', rest).unwrap_or(rest.len())];
    let content = values::trim_spaces_end(cell);
    (!stays(content)).then_some(at + content.len())
}

/// Whether a secret column's cell that holds `content` stays: empty, a boolean or
/// null, a short number, or a start of one of these.
fn stays(content: &[u8]) -> bool {
    (content.len() <= MAX_KEPT_NUMBER && content.iter().all(u8::is_ascii_digit))
        || KEPT_WORDS.iter().any(|word| {
            word.get(..content.len())
                .is_some_and(|start| start.eq_ignore_ascii_case(content))
        })
}

/// The row that starts at `row_start` in `emitted`, read from its table: the rows
/// above it up to a rule, and the header above the rule; or up to the row read
/// last (`above`), when it stands among them. A row of a table without a header,
/// or past [`MAX_ROWS`], has no secret column: it is kept all the same, so that the
/// rows after it read their table from it.
fn table_above(emitted: &[u8], row_start: usize, above: Option<Row>) -> Option<Row> {
    let row = |secret_columns, number| Row {
        start: row_start,
        secret_columns,
        number,
    };
    let mut line_end_at = row_start - 1;
    let mut number = 1;
    loop {
        let start = line_start(emitted, line_end_at)?;
        if let Some(above) = above.filter(|above| above.start == start) {
            let number = above.number + number;
            let columns = if number <= MAX_ROWS {
                above.secret_columns
            } else {
                0
            };
            return Some(row(columns, number));
        }
        let line = &emitted[start..line_end_at];
        if is_rule(line) {
            let columns = header_above(emitted, start).map_or(0, secret_columns);
            return Some(row(columns, number));
        }
        if !is_row(line) || start == 0 {
            return None;
        }
        number += 1;
        if number > MAX_ROWS {
            return Some(row(0, number));
        }
        line_end_at = start - 1;
    }
}

/// The header above the rule that starts at `rule_start` in `emitted`: a row,
/// with no other row above it, nor a rule with a row or a rule above it (`mysql`'s
/// top border stands alone).
fn header_above(emitted: &[u8], rule_start: usize) -> Option<&[u8]> {
    let header_start = line_start(emitted, rule_start.checked_sub(1)?)?;
    let header = &emitted[header_start..rule_start - 1];
    if !is_row(header) {
        return None;
    }
    let line_above = |end: usize| {
        let start = line_start(emitted, end.checked_sub(1)?)?;
        Some((start, &emitted[start..end - 1]))
    };
    match line_above(header_start) {
        None => (header_start == 0).then_some(header),
        Some((_, above)) if is_row(above) => None,
        Some((border_start, above)) if is_rule(above) => match line_above(border_start) {
            None => (border_start == 0).then_some(header),
            Some((_, above)) => (!is_row(above) && !is_rule(above)).then_some(header),
        },
        Some(_) => Some(header),
    }
}

/// The columns of `header` (a line) whose name is a secret's, one bit each.
fn secret_columns(header: &[u8]) -> u64 {
    if !is_row(header) {
        return 0;
    }
    header
        .split(|&byte| byte == b'|')
        .take(MAX_COLUMNS)
        .enumerate()
        .fold(0, |columns, (column, cell)| {
            columns | u64::from(names_secret(cell)) << column
        })
}

/// Whether a header's `cell` names a secret: a key's name, blanks around it.
fn names_secret(cell: &[u8]) -> bool {
    let name = cell.trim_ascii();
    !name.is_empty()
        && name.len() <= values::MAX_KEY_LEN
        && name.iter().all(|&byte| values::is_key_byte(byte))
        && names::is_secret_name(name)
}

/// Whether `line` is a table's rule: `-` and `+` between blanks, a `+` among them
/// and two `-` in a row (the scan finds a rule from such a pair).
fn is_rule(line: &[u8]) -> bool {
    let rule = line.trim_ascii();
    rule.iter().all(|&byte| matches!(byte, b'-' | b'+'))
        && rule.contains(&b'+')
        && rule.windows(2).any(|pair| pair == b"--")
}

/// Whether `line` may be a table's row or header: it holds a `|` (which no rule
/// holds).
fn is_row(line: &[u8]) -> bool {
    memchr::memchr(b'|', line).is_some()
}

/// Where the line that holds the byte before `at` starts; `None` when it is
/// longer than [`MAX_LINE`] (no table's).
fn line_start(text: &[u8], at: usize) -> Option<usize> {
    let from = at.saturating_sub(MAX_LINE);
    match memchr::memrchr(b'\n', &text[from..at]) {
        Some(newline) => Some(from + newline + 1),
        None => (from == 0).then_some(0),
    }
}

/// Where the line that holds `at` ends: at its `\n`, or the text's end.
fn line_end(text: &[u8], at: usize) -> usize {
    memchr::memchr(b'\n', &text[at..]).map_or(text.len(), |newline| at + newline)
}

#[cfg(test)]
mod tests {
    use crate::sanitize::redact_secrets;

    #[test]
    fn a_secret_columns_cells_go() {
        let psql = " id | name  | password\n----+-------+--------------\n  1 | alice | Xq7u8jzPde0I\n  2 | bob   | hunter2\n(2 rows)";
        assert_eq!(
            redact_secrets(psql),
            " id | name  | password\n----+-------+--------------\n  1 | alice | [REDACTED]\n  2 | bob   | [REDACTED]\n(2 rows)"
        );
        let mysql = "+----+---------+-------+\n| id | api_key | name  |\n+----+---------+-------+\n|  1 | 3f9a8b7 | alice |\n|  2 |         | bob   |\n+----+---------+-------+";
        assert_eq!(
            redact_secrets(mysql),
            "+----+---------+-------+\n| id | api_key | name  |\n+----+---------+-------+\n|  1 | [REDACTED] | alice |\n|  2 |         | bob   |\n+----+---------+-------+"
        );
    }

    #[test]
    fn other_columns_and_tables_stay() {
        for text in [
            // No secret column; a Markdown table's rule has no `+`.
            " id | name\n----+------\n  1 | alice",
            "| name | token |\n|------|-------|\n| a | b |",
            // A heading's underline; a digest's column names no secret.
            "Password\n--------\nchange it monthly",
            " id | password_hash\n----+--------------\n  1 | $2b$12$Xq7u8jzPde0I",
            // Rows past a line that is no row.
            " id | token\n----+------\n\n  1 | x",
            // Booleans, nulls and short numbers (`has_password` names a secret).
            " id | has_password | secret\n----+--------------+-------\n  1 | t            | NULL\n  2 | false        | 12",
            // A grid table's rules between its rows: no row is a header.
            "+----------+------+\n| Option   | Note |\n+----------+------+\n| password | pw   |\n+----------+------+\n| timeout  | 30 s |\n+----------+------+",
            // The first column: no `|` before its cells says they are a row's.
            " password | id\n----------+----\n hunter2  | 1",
        ] {
            assert_eq!(redact_secrets(text), text);
        }
    }
}
