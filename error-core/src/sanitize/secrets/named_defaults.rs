//! A `default` that the block it stands in names: a Terraform variable's
//! (`variable "db_password" {` ... `default = "..."`), a schema property's
//! (`"password": {"type": "string", "default": "..."}`), and the line of a
//! variable's block that Terraform's errors quote (`in variable "db_password":`
//! then `3:   default = "..."`). The key's own name says nothing; the block's,
//! read before it, does, and stays in the output; a redaction that swallowed it
//! takes the block's `default` along.

use super::super::REDACTED;
use super::names::{NameMemo, is_secret_name};
use super::{keys, values};

/// How far back the block is read for its name: a variable's `description`, `type`
/// and `validation` stand between.
const MAX_BLOCK: usize = 512;

/// The words before the name of the variable whose line an error quotes.
const VARIABLE: &[u8] = b"variable \"";

/// Whether the block that a `default` key stands in names a secret; `before_key`
/// is what stands before the key's name.
pub(super) fn names_secret(before_key: &[u8]) -> bool {
    let searched = &before_key[before_key.len().saturating_sub(MAX_BLOCK)..];
    match open_block_name(searched) {
        Some(name) => is_secret_name(name),
        None => quoted_variable_name(searched).is_some_and(is_secret_name),
    }
}

/// The quoted name before the `{` that opens the block `before_key` ends in
/// (`"db_password" {`, `"password": {`).
fn open_block_name(before_key: &[u8]) -> Option<&[u8]> {
    let mut depth = 0usize;
    let brace = before_key.iter().rposition(|&byte| match byte {
        b'}' => {
            depth += 1;
            false
        }
        b'{' if depth == 0 => true,
        b'{' => {
            depth -= 1;
            false
        }
        _ => false,
    })?;
    let before_brace = before_key[..brace].trim_ascii_end();
    let before_brace = before_brace
        .strip_suffix(b":")
        .map_or(before_brace, <[u8]>::trim_ascii_end);
    let inside = before_brace.strip_suffix(b"\"")?;
    let name = values::trailing_key(inside);
    let before_name = &inside[..inside.len() - name.len()];
    // A redaction before it may have taken the opening quote
    // (`... identified by '[REDACTED]password": {`).
    (before_name.ends_with(b"\"") || before_name.ends_with(REDACTED.as_bytes())).then_some(name)
}

/// The name of the variable whose line an error quotes before the key (`in
/// variable "db_password":`), when no block closed between.
fn quoted_variable_name(before_key: &[u8]) -> Option<&[u8]> {
    let opening = memchr::memmem::rfind(before_key, VARIABLE)?;
    let after = &before_key[opening + VARIABLE.len()..];
    let name_end = memchr::memchr(b'"', after)?;
    (!after[name_end..].contains(&b'}')).then_some(&after[..name_end])
}

/// The key whose value a block names.
pub(super) const DEFAULT: &[u8] = b"default";

/// `end`, or further: a redaction from `at` to `end` that swallowed the opening of
/// a variable (`variable "db_password"`, its name read in the text, perhaps after
/// the redaction) takes the block's `default` along when the block names a
/// secret: the key's rule reads the output, where the name no longer stands.
/// Openings that start before `read` were looked for already.
pub(super) fn through_swallowed_variable(text: &[u8], read: usize, at: usize, end: usize) -> usize {
    // Most redactions hold no `variable`; its words may start a little before the
    // redaction, or end after it.
    let from = at.saturating_sub(VARIABLE.len() - 1).max(read);
    let Some(opening) = memchr::memchr_iter(b'v', &text[from.min(end)..end])
        .map(|offset| from + offset)
        .find(|&v| text[v..].starts_with(VARIABLE))
    else {
        return end;
    };
    let ahead = &text[end..text.len().min(end + MAX_BLOCK)];
    let Some(key) = memchr::memmem::find(ahead, DEFAULT) else {
        return end;
    };
    let key_end = end + key + DEFAULT.len();
    let key_end = key_end + usize::from(matches!(text.get(key_end), Some(b'"' | b'\'')));
    let separator = key_end + values::spaces_at(text, key_end);
    if !matches!(text.get(separator), Some(b'=' | b':')) {
        return end;
    }
    // The key's rule judges the value, reading the text from the opening on.
    let names = NameMemo::new(text);
    let through = values::through_announced_value(
        text,
        opening.min(at),
        separator + 1,
        |emitted, text, value| keys::secret_value_end(emitted, text, value, &names),
    );
    if through > separator + 1 {
        through
    } else {
        end
    }
}

#[cfg(test)]
mod tests {
    use super::names_secret;

    #[test]
    fn the_block_before_the_key_names_it() {
        for before_key in [
            "variable \"db_password\" {\n  type = string\n  ",
            "variable \"api_key\" {\n  validation {\n    condition = true\n  }\n  ",
            "{\"password\": {\"type\": \"string\", \"",
            "  on main.tf line 3, in variable \"db_password\":\n   3:   ",
            "string(12) \"[REDACTED]\"db_password\" {   ",
        ] {
            assert!(names_secret(before_key.as_bytes()), "{before_key:?}");
        }
        for before_key in [
            "variable \"region\" {\n  ",
            "variable \"db_password\" { sensitive = true }\nresource \"x\" \"y\" {\n  ",
            "{\"password\": {\"type\": \"string\"}, \"timeout\": {\"",
            "  on main.tf line 3, in variable \"db_password\":\n }\n  ",
            "password=[REDACTED]\ndefault = ",
            "PASSWORD '[REDACTED]\n   3:   ",
            "",
        ] {
            assert!(!names_secret(before_key.as_bytes()), "{before_key:?}");
        }
    }
}
