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
//! A table is a header line with `|` between its cells, a rule under it made of
//! `-` and `+` alone (with at least one `+`: a Markdown heading's underline is no
//! rule), and the rows after the rule, each with a `|`, up to [`MAX_ROWS`]. A
//! cell's column is the number of `|` before it on its line, in the header as in
//! the rows. Every cell of a column whose header is a secret's name goes, whatever
//! it holds: the header says what it is, and a cell cut short by the window is
//! judged as its whole was. (A digest's column, `password_hash`, names no secret,
//! as the key does not.)
//!
//! The scan finds a table from the first `-` of its rule, and hands on where the
//! secret columns' cells start; the rule reads from a cell back up to the rule and
//! the header, over the output, as other rules read their key.

use super::{names, values};

/// The most rows of a table read after its rule.
const MAX_ROWS: usize = 64;

/// The longest line read back or ahead.
const MAX_LINE: usize = 4096;

/// The most columns of a header read.
const MAX_COLUMNS: usize = 64;

/// Whether the `-` at `anchor`, one of two in a row, may start a table's rule: at
/// the start of a line, after blanks or a `+` (`mysql`'s `+----`). The cheap test
/// before the line is read.
#[inline]
pub(super) fn may_start_rule(text: &[u8], anchor: usize) -> bool {
    anchor
        .checked_sub(1)
        .is_none_or(|before| matches!(text[before], b'\n' | b' ' | b'+'))
}

/// Hands `push` where each cell of a secret column starts, in the rows of the
/// table whose rule starts with the `-` at `anchor` (see [`may_start_rule`]).
/// Out of line: few lines are a table's rule.
#[inline(never)]
pub(super) fn push_secret_cells(text: &[u8], anchor: usize, push: &mut impl FnMut(usize)) {
    let Some(rule_start) = line_start(text, anchor) else {
        return;
    };
    // The rule's first `-`, so that a rule is read once.
    if !text[rule_start..anchor]
        .iter()
        .all(|&byte| matches!(byte, b' ' | b'+'))
    {
        return;
    }
    let Some(rule_end) = line_end(text, anchor) else {
        return;
    };
    if !is_rule(&text[rule_start..rule_end]) || rule_start == 0 {
        return;
    }
    let Some(header_start) = line_start(text, rule_start - 1) else {
        return;
    };
    let columns = secret_columns(&text[header_start..rule_start - 1]);
    if columns == 0 {
        return;
    }
    let mut row_start = rule_end + 1;
    for _ in 0..MAX_ROWS {
        let Some(row_end) = line_end(text, row_start.min(text.len())) else {
            return;
        };
        let row = &text[row_start.min(text.len())..row_end];
        if !is_row(row) {
            return;
        }
        let mut column = 0;
        let mut cell = 0;
        loop {
            if columns >> column & 1 == 1 {
                let content = cell + values::spaces_at(row, cell);
                if row
                    .get(content)
                    .is_some_and(|&byte| !matches!(byte, b'|' | b'\r'))
                {
                    push(row_start + content);
                }
            }
            let Some(bar) = memchr::memchr(b'|', &row[cell..]) else {
                break;
            };
            cell += bar + 1;
            column += 1;
            if column >= MAX_COLUMNS {
                break;
            }
        }
        row_start = row_end + 1;
    }
}

/// The row of a table that a cell was read in last, where it starts in the
/// output, with its table's secret columns and its number among the rows. The
/// output only grows: the next cell of the row, or of the next row, reads its
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
    // A cell's content starts after a bar and blanks, or first on its line
    // (`psql`'s).
    let before_blanks = values::trim_spaces_end(emitted);
    if !matches!(before_blanks.last(), Some(b'|' | b'\n'))
        || matches!(text.get(at), None | Some(b' ' | b'\t'))
    {
        return None;
    }
    let row_start = line_start(emitted, emitted.len())?;
    let row_after = &text[at..line_end(text, at)?];
    let column = memchr::memchr_iter(b'|', &emitted[row_start..]).count();
    // The cell's line is a row too.
    let is_row = column > 0 || memchr::memchr(b'|', row_after).is_some();
    if row_start == 0 || column >= MAX_COLUMNS || !is_row {
        return None;
    }
    let row = match last_row.0 {
        Some(row) if row.start == row_start => row,
        Some(above)
            if above.number < MAX_ROWS
                && line_start(emitted, row_start - 1) == Some(above.start) =>
        {
            Row {
                start: row_start,
                number: above.number + 1,
                ..above
            }
        }
        _ => table_above(emitted, row_start)?,
    };
    last_row.0 = Some(row);
    if row.secret_columns >> column & 1 == 0 {
        return None;
    }
    let cell = &row_after[..memchr::memchr(b'|', row_after).unwrap_or(row_after.len())];
    let content = values::trim_spaces_end(cell);
    let content = content.strip_suffix(b"\r").unwrap_or(content);
    (!content.is_empty()).then_some(at + content.len())
}

/// The row that starts at `row_start` in `emitted`, read from its table: the rows
/// above it up to a rule, and the header above the rule.
fn table_above(emitted: &[u8], row_start: usize) -> Option<Row> {
    let mut line_end_at = row_start - 1;
    let mut number = 1;
    loop {
        let start = line_start(emitted, line_end_at)?;
        let line = &emitted[start..line_end_at];
        if is_rule(line) {
            if start == 0 {
                return None;
            }
            let header = &emitted[line_start(emitted, start - 1)?..start - 1];
            return Some(Row {
                start: row_start,
                secret_columns: secret_columns(header),
                number,
            });
        }
        number += 1;
        if !is_row(line) || number > MAX_ROWS || start == 0 {
            return None;
        }
        line_end_at = start - 1;
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

/// Whether `line` is a table's rule: `-` and `+` between blanks, a `+` among them.
fn is_rule(line: &[u8]) -> bool {
    let rule = line.trim_ascii();
    rule.iter().all(|&byte| matches!(byte, b'-' | b'+'))
        && rule.contains(&b'-')
        && rule.contains(&b'+')
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

/// Where the line that holds `at` ends, at its `\n` or the text's end; `None`
/// when it is longer than [`MAX_LINE`] (no table's).
fn line_end(text: &[u8], at: usize) -> Option<usize> {
    let to = text.len().min(at + MAX_LINE);
    match memchr::memchr(b'\n', &text[at..to]) {
        Some(newline) => Some(at + newline),
        None => (to == text.len()).then_some(to),
    }
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
        ] {
            assert_eq!(redact_secrets(text), text);
        }
    }
}
