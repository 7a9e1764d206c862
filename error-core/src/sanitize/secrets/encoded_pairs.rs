//! A secret's pair inside a percent-encoded URL, as a query's value carries one:
//! `redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb%3Fapi_key%3D<secret>%26x%3D1`.
//! The `=` of such a pair is written `%3D`, and its key follows a `?` or `&`
//! written `%3F` or `%26`; the value ends at the next `%26`, or where the outer
//! value ends. The scan finds the pair from the `%` of its `%3D`.

use super::names;
use super::values;

/// Hands `push` where the value after the `%3D` whose `%` is at `percent` starts,
/// when its key names a secret. Where the output may differ from the text, every
/// `%3D` is a candidate. Out of line: few texts hold a `%`.
#[inline(never)]
pub(super) fn push_value_start(
    text: &[u8],
    percent: usize,
    output_is_text: bool,
    push: &mut impl FnMut(usize),
) {
    if !is_encoded_equals(&text[percent..]) {
        return;
    }
    if !output_is_text || names_secret(&text[..percent]) {
        push(percent + ENCODED_EQUALS.len());
    }
}

/// Whether `emitted` ends with an encoded `=`: the only reading of a `D` before a
/// position that is one.
#[inline]
pub(super) fn follows_encoded_equals(emitted: &[u8]) -> bool {
    matches!(emitted, [.., b'%', b'3', b'D' | b'd'])
}

/// The end of the secret that starts at `at`, when `emitted` ends with an encoded
/// pair's secret key and its `%3D`. Out of line: few texts hold one.
#[inline(never)]
pub(super) fn value_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let before_equals = emitted.len().checked_sub(ENCODED_EQUALS.len())?;
    if !is_encoded_equals(&emitted[before_equals..])
        || !names_secret(&emitted[..before_equals])
        || values::is_redacted_at(text, at)
    {
        return None;
    }
    // The value runs to the next encoded `&`, or to what ends the outer value; a
    // redaction ends it too, so that a value redacted once reads the same again.
    // Read once, to whichever comes first: the outer value may run far past the
    // next pair (a long URL of pairs read from each `%3D` cost quadratic time).
    let mut end = at;
    while let Some(&byte) = text.get(end) {
        let ends = byte.is_ascii_whitespace()
            || matches!(byte, b'&' | b'"' | b'\'' | b'<' | b'>' | b'`')
            || (byte == b'[' && values::is_redacted_at(text, end))
            || (byte == b'%' && text[end..].starts_with(ENCODED_AMPERSAND));
        if ends {
            break;
        }
        end += 1;
    }
    (end > at).then_some(end)
}

/// An encoded `=`.
const ENCODED_EQUALS: &[u8] = b"%3D";

/// An encoded `_`, read in a key.
const ENCODED_UNDERSCORE: &[u8] = b"%5F";

/// An encoded `&`, which ends a pair's value.
const ENCODED_AMPERSAND: &[u8] = b"%26";

/// What an encoded key follows: an encoded `?` or `&`.
const ENCODED_KEY_STARTS: [&[u8]; 2] = [b"%3F", b"%26"];

/// Whether `text` starts with an encoded `=`, in either case.
fn is_encoded_equals(text: &[u8]) -> bool {
    text.get(..ENCODED_EQUALS.len())
        .is_some_and(|found| found.eq_ignore_ascii_case(ENCODED_EQUALS))
}

/// Whether the key that `before_equals` ends with names a secret, when an encoded
/// `?` or `&` stands before it. An encoded `_` in it (`access%5Ftoken`) is read as
/// one.
fn names_secret(before_equals: &[u8]) -> bool {
    let mut start = before_equals.len();
    let mut decoded = [0; values::MAX_KEY_LEN];
    let mut len = 0;
    // The key backwards, its `%5F`s decoded; it runs back into the `3F` or `26`
    // after the `%` that opens it.
    while len < decoded.len() {
        let byte = match before_equals[..start] {
            [.., b'%', b'5', b'F' | b'f'] => {
                start -= ENCODED_UNDERSCORE.len();
                b'_'
            }
            [.., byte] if values::is_key_byte(byte) => {
                start -= 1;
                byte
            }
            _ => break,
        };
        decoded[decoded.len() - 1 - len] = byte;
        len += 1;
    }
    let Some(percent) = start.checked_sub(1) else {
        return false;
    };
    let opens_key = before_equals
        .get(percent..percent + ENCODED_EQUALS.len())
        .is_some_and(|opening| {
            ENCODED_KEY_STARTS
                .iter()
                .any(|starts| opening.eq_ignore_ascii_case(starts))
        });
    // The `3F` or `26` read as the key's first bytes.
    let key = &decoded[decoded.len() - len..];
    opens_key && key.len() > 2 && names::is_secret_name(&key[2..])
}

#[cfg(test)]
mod tests {
    use super::super::redact;

    #[test]
    fn a_secret_in_an_encoded_url_goes() {
        for (text, expected) in [
            (
                "redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb%3Fapi_key%3DH2nfjIlVbboWVM2OV1mz%26x%3D1",
                "redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb%3Fapi_key%3D[REDACTED]%26x%3D1",
            ),
            (
                "next=%2Fcb%3Fx%3D1%26access_token%3Dya29.a0AfH6SMBx3 failed",
                "next=%2Fcb%3Fx%3D1%26access_token%3D[REDACTED] failed",
            ),
            (
                "return_to=https%3a%2f%2fapp%2fcb%3fpassword%3dhunter2&lang=en",
                "return_to=https%3a%2f%2fapp%2fcb%3fpassword%3d[REDACTED]&lang=en",
            ),
            (
                "next=%2Fcb%3Fclient%5Fsecret%3DqeHqJHmccS1JK7MS%26x%3D1",
                "next=%2Fcb%3Fclient%5Fsecret%3D[REDACTED]%26x%3D1",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn ordinary_encoded_pairs_stay() {
        for text in [
            "next=%2Fdashboard%3Ftab%3Dsettings%26page%3D2",
            "redirect_uri=https%3A%2F%2Fapp.example.com%2Fcb%3Fstate%3Dxyz",
            "q=password%3D",
            "q=%3Dtoken%3Dabc",
            "a%3Dtoken%3Dabc",
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }
}
