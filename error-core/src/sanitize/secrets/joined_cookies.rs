//! The cookies a `Set-Cookie` header's value joins to its first on one line, as
//! clients print a response's headers (`Set-Cookie: a=1; Path=/, sid=...`): read as
//! the header's grammar goes, attributes and cookies, and stopped by anything else.

use super::values::{spaces_at, trim_spaces_end};

/// The end of the last cookie joined to a `Set-Cookie` header's first, whose value
/// ends at `first`: read on as the header's grammar goes, attributes (`; Path=/`,
/// `; Expires=Wed, 21 Oct 2026 07:28:00 GMT`, `; HttpOnly`) and cookies after a `,`
/// (`, sid=...`), and stopped by anything else (`, Content-Type: ...`, a blank and
/// prose). The attributes after the last cookie stay. `first` when no cookie is
/// joined.
pub(super) fn through_joined_cookies(text: &[u8], first: usize) -> usize {
    // Read in the text itself: no byte the grammar reads on through ends a line.
    let mut end = first;
    let mut at = first;
    loop {
        let separator = text.get(at).copied();
        let name = at + 1 + spaces_at(text, at + 1);
        let name_len = text
            .get(name..)
            .unwrap_or_default()
            .iter()
            .take_while(|&&byte| is_cookie_name_byte(byte))
            .count();
        let after_name = name + name_len;
        let valued = text.get(after_name) == Some(&b'=');
        match separator {
            Some(b';') if name_len > 0 => {
                at = if !valued {
                    after_name
                } else if text[name..after_name].eq_ignore_ascii_case(b"expires") {
                    date_end(text, after_name + 1)
                } else {
                    after_name + 1 + cookie_value_len(text, after_name + 1)
                };
            }
            Some(b',')
                if valued
                    && name_len > 0
                    && !COOKIE_ATTRIBUTES.iter().any(|attribute| {
                        text[name..after_name].eq_ignore_ascii_case(attribute)
                    }) =>
            {
                let value_len = cookie_value_len(text, after_name + 1);
                if value_len == 0 {
                    break;
                }
                end = after_name + 1 + value_len;
                at = end;
            }
            _ => break,
        }
    }
    end
}

/// The attributes a `Set-Cookie` value may hold, which a `,` starts no cookie with.
const COOKIE_ATTRIBUTES: [&[u8]; 9] = [
    b"comment",
    b"domain",
    b"expires",
    b"httponly",
    b"max-age",
    b"partitioned",
    b"path",
    b"samesite",
    b"secure",
];

/// The length of the cookie's (or attribute's) value at `at`: to the `;`, `,`,
/// blank, line break or quote that ends it.
fn cookie_value_len(line: &[u8], at: usize) -> usize {
    line.get(at..)
        .unwrap_or_default()
        .iter()
        .take_while(|&&byte| {
            !matches!(
                byte,
                b';' | b',' | b' ' | b'\t' | b'\n' | b'\r' | b'"' | b'\''
            )
        })
        .count()
}

/// Where an `Expires` date that starts at `at` ends: its letters, digits, blanks,
/// `:` and `-`, and the comma after its weekday (not one a cookie follows).
fn date_end(line: &[u8], at: usize) -> usize {
    let mut end = at;
    while let Some(&byte) = line.get(end) {
        let in_date = byte.is_ascii_alphanumeric()
            || matches!(byte, b' ' | b':' | b'-')
            || (byte == b',' && end - at <= 3);
        if !in_date {
            break;
        }
        end += 1;
    }
    // The blanks before what follows are no part of it.
    trim_spaces_end(&line[..end]).len().max(at)
}

/// Whether `byte` may stand in a cookie's name (an HTTP token's bytes).
fn is_cookie_name_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&byte)
}
