//! `.netrc` entries: `machine api.example.com login alice password s3cret`, on one
//! line or across lines, lose the password. The keyword alone says nothing (`login
//! failed: password incorrect` is prose): the pairs before it must lead back to the
//! `machine` or `default` that opens an entry. Prose names both words too, and a
//! password that is wording stays (`The default password is shown once`, `virtual
//! machine admin password must be ...`).

use super::super::REDACTED;
use super::{values, wording};

/// The keyword whose value goes.
const PASSWORD: &[u8] = b"password";

/// Keywords that take a value, besides `machine` (which opens an entry) and
/// `password`.
const VALUE_KEYWORDS: [&[u8]; 3] = [b"login", b"account", b"port"];

/// How many keyword and value pairs are read back to the entry's start.
const MAX_PAIRS: usize = 4;

/// Longest keyword or value read back.
const MAX_TOKEN_LEN: usize = 256;

/// Longest stretch of whitespace (line breaks and indentation) between tokens.
const MAX_GAP: usize = 64;

/// Hands `push` where a password starts when the `sw` at `anchor` is the middle
/// of a `password` keyword that stands alone (or prose's `Password`, for the prose
/// rule): after the keyword and its spaces.
pub(super) fn push_password_start(text: &[u8], anchor: usize, push: &mut impl FnMut(usize)) {
    let Some(keyword) = anchor.checked_sub(3) else {
        return;
    };
    if !(text[keyword] | 0x20 == PASSWORD[0] && text[keyword + 1..].starts_with(&PASSWORD[1..]))
        || keyword
            .checked_sub(1)
            .is_some_and(|before| !text[before].is_ascii_whitespace())
    {
        return;
    }
    let after = keyword + PASSWORD.len();
    let spaces = values::spaces_at(text, after);
    if spaces > 0 {
        push(after + spaces);
    }
}

/// The end of the password that starts at `at`, when the `password` keyword of a
/// `.netrc` entry and its spaces stand before it: in `emitted`, or in the text
/// itself, where a redaction took part of the entry (`Authorization: default login
/// alice password ...` read `default` as a scheme and `login` as its credential).
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let &first = text.get(at)?;
    if first.is_ascii_whitespace() || values::is_redacted_at(text, at) {
        return None;
    }
    if !(ends_entry_keyword(emitted) || ends_entry_keyword(&text[..at])) {
        return None;
    }
    let end = values::end_before_redaction(text, at, |byte| byte.is_ascii_whitespace());
    (!wording::is_wording(&text[at..end])).then_some(end)
}

/// Whether `before` ends with a `password` keyword of an entry and its spaces.
fn ends_entry_keyword(before: &[u8]) -> bool {
    let keyword_end = values::trim_spaces_end(before);
    keyword_end.len() < before.len()
        && keyword_end
            .strip_suffix(PASSWORD)
            .is_some_and(|before_keyword| {
                before_keyword.last().is_none_or(u8::is_ascii_whitespace)
                    && opens_entry(before_keyword)
            })
}

/// Whether `before` (what stands before a `password` keyword) ends with keyword
/// and value pairs that lead back to `machine <host>` or `default`. Past the first
/// pair, a redaction may stand for either, alone or after a key (`api_key: machine
/// host login alice password ...`, `token=default login ...`): a value that
/// swallowed it must not hide the entry's password.
fn opens_entry(mut before: &[u8]) -> bool {
    let redacted = REDACTED.as_bytes();
    for pair in 0..MAX_PAIRS {
        let stands_for_opening = |token: &[u8]| pair > 0 && token.ends_with(redacted);
        let Some((value, rest)) = last_token(before) else {
            return false;
        };
        if value == b"default" || stands_for_opening(value) {
            return true;
        }
        let Some((keyword, rest)) = last_token(rest) else {
            return false;
        };
        if keyword == b"machine" || stands_for_opening(keyword) {
            return true;
        }
        if !VALUE_KEYWORDS.contains(&keyword) {
            return false;
        }
        before = rest;
    }
    false
}

/// The last whitespace-separated token of `text`, and what stands before it.
fn last_token(text: &[u8]) -> Option<(&[u8], &[u8])> {
    let gap = text
        .iter()
        .rev()
        .take(MAX_GAP + 1)
        .take_while(|byte| byte.is_ascii_whitespace())
        .count();
    if gap == 0 || gap > MAX_GAP {
        return None;
    }
    let text = &text[..text.len() - gap];
    let len = text
        .iter()
        .rev()
        .take(MAX_TOKEN_LEN + 1)
        .take_while(|byte| !byte.is_ascii_whitespace())
        .count();
    if len == 0 || len > MAX_TOKEN_LEN {
        return None;
    }
    Some((&text[text.len() - len..], &text[..text.len() - len]))
}

#[cfg(test)]
mod tests {
    use super::password_end;

    fn end(emitted: &str, text: &str) -> Option<usize> {
        password_end(emitted.as_bytes(), text.as_bytes(), 0)
    }

    #[test]
    fn an_entry_loses_its_password() {
        assert_eq!(end("machine h login u password ", "s3cret x"), Some(6));
        assert_eq!(
            end("machine h\n  login u\n  password ", "s3cret\n"),
            Some(6)
        );
        assert_eq!(end("machine h password ", "p4ss"), Some(4));
        assert_eq!(end("default login u password ", "p4ss"), Some(4));
        let text = "Authorization: default login u password p4ss";
        assert_eq!(
            password_end(
                b"Authorization: default [REDACTED] u password ",
                text.as_bytes(),
                text.len() - 4
            ),
            Some(text.len()),
            "a redaction took the `login` keyword: the text shows the entry"
        );
    }

    #[test]
    fn the_keyword_alone_is_prose() {
        assert_eq!(end("login failed: password ", "incorrect"), None);
        assert_eq!(end("invalid password ", "for alice"), None);
        assert_eq!(end("machine h login u password ", "[REDACTED]"), None);
        assert_eq!(end("machine h login u mypassword ", "x"), None);
        assert_eq!(end("invalid token [REDACTED] for password ", "reset"), None);
        assert_eq!(end("[REDACTED] u password ", "x"), None);
        assert_eq!(end("The default password ", "is shown once"), None);
        assert_eq!(end("the virtual machine admin password ", "must be"), None);
        assert_eq!(end("machine web01 password ", "prompt timed out"), None);
    }
}
