//! A `default` that the block it stands in names: a Terraform variable's
//! (`variable "db_password" {` ... `default = "..."`), a schema property's
//! (`"password": {"type": "string", "default": "..."}`), and the line of a
//! variable's block that Terraform's errors quote (`in variable "db_password":`
//! then `3:   default = "..."`). The key's own name says nothing; the block's,
//! read before it, does, and stays in the output.

use super::super::REDACTED;
use super::names::is_secret_name;
use super::values;

/// How far back the block is read for its name: a variable's `description`, `type`
/// and `validation` stand between.
const MAX_BLOCK: usize = 512;

/// The words before the name of the variable whose line an error quotes.
const VARIABLE: &[u8] = b"variable \"";

/// Whether the block that a `default` key stands in names a secret; `before_key`
/// is what stands before the key's name. A redaction right before the key (blanks,
/// the block's `{` and the quoted line's number between) may have taken the name
/// along, and names one too.
pub(super) fn names_secret(before_key: &[u8]) -> bool {
    let searched = &before_key[before_key.len().saturating_sub(MAX_BLOCK)..];
    if follows_redaction(searched) {
        return true;
    }
    match open_block_name(searched) {
        Some(name) => is_secret_name(name),
        None => quoted_variable_name(searched).is_some_and(is_secret_name),
    }
}

/// Whether `before_key` ends with a redaction, then perhaps a `{`, a quoted line's
/// number and its `:` (`   3:   `, or a `:` alone after the redaction that took
/// the number) and blanks.
fn follows_redaction(before_key: &[u8]) -> bool {
    let rest = before_key.trim_ascii_end();
    let rest = rest.strip_suffix(b"{").unwrap_or(rest).trim_ascii_end();
    // The line's number, or a redaction that took it (a key's value before it).
    let rest = match rest.strip_suffix(b":") {
        Some(before_colon) => {
            let digits = before_colon
                .iter()
                .rev()
                .take_while(|byte| byte.is_ascii_digit())
                .count();
            before_colon[..before_colon.len() - digits].trim_ascii_end()
        }
        None => rest,
    };
    rest.ends_with(REDACTED.as_bytes())
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
    inside[..inside.len() - name.len()]
        .ends_with(b"\"")
        .then_some(name)
}

/// The name of the variable whose line an error quotes before the key (`in
/// variable "db_password":`), when no block closed between.
fn quoted_variable_name(before_key: &[u8]) -> Option<&[u8]> {
    let opening = memchr::memmem::rfind(before_key, VARIABLE)?;
    let after = &before_key[opening + VARIABLE.len()..];
    let name_end = memchr::memchr(b'"', after)?;
    (!after[name_end..].contains(&b'}')).then_some(&after[..name_end])
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
            "PASSWORD '[REDACTED]\n   3:   ",
            "string(12) \"[REDACTED]\"db_password\" {   ",
            "x = [REDACTED] {\n  ",
            "string(12) \"[REDACTED]\"api_key\":    [REDACTED]:   ",
        ] {
            assert!(names_secret(before_key.as_bytes()), "{before_key:?}");
        }
        for before_key in [
            "variable \"region\" {\n  ",
            "variable \"db_password\" { sensitive = true }\nresource \"x\" \"y\" {\n  ",
            "{\"password\": {\"type\": \"string\"}, \"timeout\": {\"",
            "  on main.tf line 3, in variable \"db_password\":\n }\n  ",
            "",
        ] {
            assert!(!names_secret(before_key.as_bytes()), "{before_key:?}");
        }
    }
}
