//! A string that a diagnostic says a secret-named expression holds: Terraform's
//! `│ var.db_password is "..."` (the value of each variable a failing expression
//! reads), and Joi's validation errors, `"password" with value "..." fails to
//! match the required pattern`. Found from the `_` or the `sw` of the name; the
//! string goes whole, closed on its line, unless it is wording or a reference.

use super::{anchor_scan, names, setter_values, values, wording};

/// What stands between an expression and the string it holds (Terraform's).
const IS: &[u8] = b" is \"";

/// What stands between a quoted label and the value it was given (Joi's).
const WITH_VALUE: &[u8] = b"\" with value \"";

/// Hands `push` where the string starts when the name that the anchor at `anchor`
/// stands in is followed by [`IS`] or [`WITH_VALUE`].
pub(super) fn push_value_start(text: &[u8], anchor: usize, push: &mut impl FnMut(usize)) {
    let name_end = anchor
        + text[anchor..]
            .iter()
            .take(values::MAX_KEY_LEN)
            .take_while(|&&byte| values::is_key_byte(byte))
            .count();
    let rest = &text[name_end..];
    if let Some(joiner) = [IS, WITH_VALUE]
        .into_iter()
        .find(|joiner| rest.starts_with(joiner))
    {
        push(name_end + joiner.len());
    }
}

/// The end of the string that starts at `at`, when `emitted` ends with a
/// secret-named expression and [`IS`] (`var.db_password is "`), or a quoted
/// secret-named label and [`WITH_VALUE`], and the string closes on its line.
pub(super) fn value_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let named = if let Some(expression) = emitted.strip_suffix(IS) {
        // An expression's reference: `var.`, `local.`, `each.value.`.
        let name = values::trailing_key(expression);
        name.contains(&b'.') && names::is_secret_name(name) && is_found_in(expression, name)
    } else {
        let label = emitted.strip_suffix(WITH_VALUE)?;
        let name = values::trailing_key(label);
        label[..label.len() - name.len()].ends_with(b"\"")
            && names::is_secret_name(name)
            && is_found_in(label, name)
    };
    if !named {
        return None;
    }
    let end = values::quoted_end(text, at, values::Quote::Double);
    let value = &text[at..end];
    (text.get(end) == Some(&b'"')
        && !value.is_empty()
        && !wording::is_wording(value)
        && !wording::is_reference(value)
        && !wording::is_absent_value(value))
    .then_some(end)
}

/// Whether the scan hands out the string after `name`, which `before` (the text
/// before the joiner) ends with: from a `_` before a secret segment's first
/// letters, or from the `sw` of `password`, within [`values::MAX_KEY_LEN`] bytes
/// of the name's end (see [`push_value_start`]).
fn is_found_in(before: &[u8], name: &[u8]) -> bool {
    let name_start = before.len() - name.len();
    (name_start..before.len())
        .rev()
        .take(values::MAX_KEY_LEN)
        .any(|at| match before[at] {
            b'_' => setter_values::may_start_secret_segment(before, at),
            byte => {
                byte | 0x20 == b's'
                    && before.get(at + 1).is_some_and(|&next| next | 0x20 == b'w')
                    && at.checked_sub(1).is_some_and(|previous| {
                        anchor_scan::may_start_password_sw(before[previous])
                    })
            }
        })
}

#[cfg(test)]
mod tests {
    use super::super::redact;

    #[test]
    fn a_string_that_a_secret_named_expression_holds_goes() {
        for (text, expected) in [
            (
                "│     │ var.db_password is \"Xq7u8jzPde0I\"",
                "│     │ var.db_password is \"[REDACTED]\"",
            ),
            (
                "│ local.api_token is \"hunter\"",
                "│ local.api_token is \"[REDACTED]\"",
            ),
            (
                "ValidationError: \"password\" with value \"Xq7u8jzPde0I\" fails to match the required pattern",
                "ValidationError: \"password\" with value \"[REDACTED]\" fails to match the required pattern",
            ),
            (
                "\"client_secret\" with value \"hunter\" fails",
                "\"client_secret\" with value \"[REDACTED]\" fails",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
        for text in [
            "│ var.db_password is \"\"",
            "│ var.db_password is \"required\"",
            "│ var.db_host is \"db.internal\"",
            "│ var.db_password is null",
            "the db_password is \"set\"",
            "\"username\" with value \"alice\" fails",
            "│ var.db_password is \"Xq7u8jzPde0I",
        ] {
            assert_eq!(redact(text), text);
        }
    }
}
