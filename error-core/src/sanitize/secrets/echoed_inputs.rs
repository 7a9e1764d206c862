//! The input a validation error echoes back, when the field it was given for is
//! secret-named: Pydantic's `input_value=` on the line after the field's name
//! (`password` then `  String should have at least 8 characters
//! [type=string_too_short, input_value='hunter', input_type=str]`), and the
//! `input` of an error's object whose `loc` ends with the field's name, as
//! FastAPI answers a request (`{"loc": ["body", "password"], "msg": "...",
//! "input": "hunter"}`) and Pydantic's `errors()` lists them (`'loc':
//! ('password',)`). The key's own name says nothing; the field's, read before
//! it, does, and stays in the output.

use super::names::is_secret_name;
use super::values;

/// The keys an error echoes the input with.
const INPUT_KEYS: [&[u8]; 2] = [b"input_value", INPUT];

/// The key a validation error echoes the input with, and the word every such key
/// ends with.
pub(super) const INPUT: &[u8; 5] = b"input";

/// How far back the error's object is read for its `loc`: a message stands
/// between.
const MAX_OBJECT: usize = 1024;

/// The longest field path read on the line before Pydantic's message.
const MAX_FIELD_LINE: usize = 256;

/// How far back on its line Pydantic's message is read for its start.
const MAX_MESSAGE_LINE: usize = 512;

/// The error type whose `input_value` is the object that misses the field, not
/// the field's value.
const MISSING: &[u8] = b"type=missing";

/// Whether `name`, a key's name, is one an error echoes the input with: the cheap
/// test, before the field is looked for.
pub(super) fn is_input_key(name: &[u8]) -> bool {
    INPUT_KEYS
        .iter()
        .any(|input| name.eq_ignore_ascii_case(input))
}

/// Whether `key` ends with `input`, in any case: the scan's test at every key
/// (`input_value` ends as every `value` does, which the scan tests already).
#[inline(always)]
pub(super) fn ends_with_input(key: &[u8]) -> bool {
    let [i, n, p, u, t] = *INPUT;
    // Setting bit 5 lowers exactly the capitals of these letters onto them.
    key.last_chunk::<5>().is_some_and(|&[ki, kn, kp, ku, kt]| {
        u32::from_le_bytes([ki, kn, kp, ku]) | 0x2020_2020 == u32::from_le_bytes([i, n, p, u])
            && kt | 0x20 == t
    })
}

/// Whether `name`, a key's name, is one an error echoes the input with, and the
/// field it was given for (read in `before_key`, what stands before the key) is
/// secret-named.
pub(super) fn echoes_secret_field(name: &[u8], before_key: &[u8]) -> bool {
    if name.eq_ignore_ascii_case(b"input_value") {
        return field_line_before(before_key).is_some_and(|field| is_secret_name(last_part(field)));
    }
    name.eq_ignore_ascii_case(b"input")
        && located_field(&before_key[before_key.len().saturating_sub(MAX_OBJECT)..])
            .is_some_and(is_secret_name)
}

/// The field path on the line before the one `before_key` ends in (Pydantic
/// prints the path, then the message indented under it), unless the error is a
/// missing field's. Both lines are read a bounded length back.
fn field_line_before(before_key: &[u8]) -> Option<&[u8]> {
    let message = &before_key[before_key.len().saturating_sub(MAX_MESSAGE_LINE)..];
    let line_start = before_key.len() - message.len() + memchr::memrchr(b'\n', message)?;
    if memchr::memmem::find(&before_key[line_start..], MISSING).is_some() {
        return None;
    }
    // The field's line whole: after a line break, or at the start of what was read.
    let window_start = line_start.saturating_sub(MAX_FIELD_LINE + 2);
    let before_line = &before_key[window_start..line_start];
    let before_line = before_line.strip_suffix(b"\r").unwrap_or(before_line);
    let field_start = match memchr::memrchr(b'\n', before_line) {
        Some(line_break) => line_break + 1,
        None if window_start == 0 => 0,
        None => return None,
    };
    let field = before_line[field_start..].trim_ascii();
    (!field.is_empty()
        && field.len() <= MAX_FIELD_LINE
        && field
            .iter()
            .all(|&byte| values::is_key_byte(byte) || matches!(byte, b'.' | b'[' | b']')))
    .then_some(field)
}

/// The last part of a field's path (`user.password`, `items.0.password`).
fn last_part(field: &[u8]) -> &[u8] {
    field
        .rsplit(|&byte| matches!(byte, b'.' | b'[' | b']'))
        .find(|part| !part.is_empty())
        .unwrap_or(field)
}

/// The last name of the `loc` list of the object that `before_key` ends in
/// (`"loc": ["body", "password"]`, `'loc': ('password',)`), when no object closed
/// or opened between.
fn located_field(before_key: &[u8]) -> Option<&[u8]> {
    const LOC_KEYS: [&[u8]; 2] = [b"\"loc\"", b"'loc'"];
    let loc = LOC_KEYS
        .iter()
        .filter_map(|key| memchr::memmem::rfind(before_key, key))
        .max()?;
    // The separator, the list's opening bracket.
    let after = before_key[loc + b"'loc'".len()..].trim_ascii_start();
    let after = after.strip_prefix(b":")?.trim_ascii_start();
    let (closing, after) = match after.split_first()? {
        (b'[', rest) => (b']', rest),
        (b'(', rest) => (b')', rest),
        _ => return None,
    };
    let list_len = memchr::memchr(closing, after)?;
    if after[list_len..]
        .iter()
        .any(|&byte| matches!(byte, b'{' | b'}'))
    {
        return None;
    }
    let list = &after[..list_len];
    list.rsplit(|&byte| byte == b',')
        .map(<[u8]>::trim_ascii)
        .find(|item| !item.is_empty())
        .and_then(|item| {
            item.strip_prefix(b"\"")
                .and_then(|name| name.strip_suffix(b"\""))
                .or_else(|| {
                    item.strip_prefix(b"'")
                        .and_then(|name| name.strip_suffix(b"'"))
                })
        })
}

#[cfg(test)]
mod tests {
    use super::{echoes_secret_field, field_line_before, located_field};

    #[test]
    fn the_field_is_read_on_the_line_before_or_in_the_objects_loc() {
        let pydantic = b"1 validation error for Login\nuser.password\n  String should have at least 8 characters [type=string_too_short, ";
        assert_eq!(
            field_line_before(pydantic),
            Some(b"user.password".as_slice())
        );
        assert!(echoes_secret_field(b"input_value", pydantic));
        assert!(!echoes_secret_field(
            b"input_value",
            b"1 validation error for Login\nusername\n  String should have [type=x, "
        ));
        let fastapi = br#"{"detail":[{"type":"string_too_short","loc":["body","password"],"msg":"String should have at least 8 characters","#;
        assert_eq!(located_field(fastapi), Some(b"password".as_slice()));
        assert!(echoes_secret_field(b"input", fastapi));
        let errors = b"[{'type': 'missing', 'loc': ('api_key',), 'msg': 'Field required', ";
        assert_eq!(located_field(errors), Some(b"api_key".as_slice()));
        // Another object's `loc`, and an ordinary field.
        assert_eq!(
            located_field(br#"{"loc":["body","password"],"msg":"x"},{"msg":"y","#),
            None
        );
        assert!(!echoes_secret_field(
            b"input",
            br#"{"loc":["body","username"],"msg":"x","#
        ));
    }
}
