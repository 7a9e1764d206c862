//! The secret access key that AWS prints on the line of its access key id, with no
//! name: `aws iam create-access-key --output text` (`ACCESSKEY AKIA... <date>
//! <secret> Active alice`), the credentials CSV the console hands out
//! (`alice,,AKIA...,<secret>,https://...`), `aws sts assume-role --output text`,
//! whose session token follows too. The id is a token of its own (see
//! `providers`); the secret is 40 characters of base64's alphabet, which nothing
//! else tells from a hash, so it is looked for only on the id's line, after it.

/// The prefixes of access key ids that come with a secret: a user's long-term
/// keys and temporary credentials.
const KEY_ID_PREFIXES: [&[u8; 4]; 2] = [b"AKIA", b"ASIA"];

/// An access key id's length.
const KEY_ID_LEN: usize = 20;

/// A secret access key's length.
const SECRET_LEN: usize = 40;

/// The shortest session token (they run to hundreds of characters).
const MIN_SESSION_TOKEN_LEN: usize = 100;

/// How far along its line, and back, the id and its secret are read.
const MAX_LINE: usize = 512;

/// Whether `byte` is of base64's alphabet, as AWS writes its secrets.
fn is_secret_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'/' | b'+')
}

/// Whether an access key id stands at `at` as a word of its own: a prefix and 16
/// capitals or digits, no letter or digit on either side. Only such an id is
/// redacted as a token, so the secret after it is judged the same on the next
/// pass, where the id no longer stands.
pub(super) fn key_id_at(text: &[u8], at: usize) -> bool {
    text.get(at..at + KEY_ID_LEN).is_some_and(|id| {
        KEY_ID_PREFIXES.iter().any(|prefix| id.starts_with(*prefix))
            && id[4..]
                .iter()
                .all(|&byte| byte.is_ascii_uppercase() || byte.is_ascii_digit())
    }) && at
        .checked_sub(1)
        .is_none_or(|before| !text[before].is_ascii_alphanumeric())
        && !text
            .get(at + KEY_ID_LEN)
            .is_some_and(u8::is_ascii_alphanumeric)
}

/// Whether `byte` separates the fields of a line that AWS prints (text output's
/// tabs, a CSV's commas, a table's bars, quotes).
fn is_field_edge(byte: u8) -> bool {
    byte.is_ascii_whitespace() || matches!(byte, b',' | b'|' | b'"' | b'\'' | b';')
}

/// The length of the secret, or the session token, that starts at `at`: a whole
/// field of base64's alphabet with a digit, [`SECRET_LEN`] long and holding both
/// cases (a hash is in one), or at least [`MIN_SESSION_TOKEN_LEN`] long. A path
/// or an ARN's tail of that length holds no digit, or stands in a longer field.
fn secret_len(text: &[u8], at: usize) -> Option<usize> {
    if at
        .checked_sub(1)
        .is_some_and(|before| !is_field_edge(text[before]))
    {
        return None;
    }
    let rest = &text[at..];
    let len = rest
        .iter()
        .take_while(|&&byte| is_secret_byte(byte))
        .count();
    if !rest.get(len).is_none_or(|&byte| is_field_edge(byte)) {
        return None;
    }
    let word = &rest[..len];
    let has = |wanted: fn(&u8) -> bool| word.iter().any(wanted);
    let both_cases = has(u8::is_ascii_uppercase) && has(u8::is_ascii_lowercase);
    (has(u8::is_ascii_digit) && ((len == SECRET_LEN && both_cases) || len >= MIN_SESSION_TOKEN_LEN))
        .then_some(len)
}

/// The stretch of a line after a redacted access key id, read for its secrets: a
/// part is read once, whatever number of ids a line holds, and only a position in
/// it is judged (the id, redacted, no longer stands in the output).
#[derive(Debug, Default)]
pub(super) struct LinesRead {
    start: usize,
    end: usize,
}

/// Hands `push` the start of every secret and session token on the line after a
/// redaction from `start` to `end` that took an access key id.
#[inline]
pub(super) fn push_secret_starts_after_key_id(
    text: &[u8],
    start: usize,
    end: usize,
    read: &mut LinesRead,
    push: &mut impl FnMut(usize),
) {
    // Most redactions are no id.
    if text
        .get(start..start + 4)
        .is_some_and(|head| KEY_ID_PREFIXES.iter().any(|prefix| head == *prefix))
        && end >= start + KEY_ID_LEN
        && key_id_at(text, start)
    {
        push_secret_starts_on_line(text, end, read, push);
    }
}

/// [`push_secret_starts_after_key_id`] once the id is known: out of line.
#[inline(never)]
fn push_secret_starts_on_line(
    text: &[u8],
    end: usize,
    read: &mut LinesRead,
    push: &mut impl FnMut(usize),
) {
    let line = &text[end..text.len().min(end + MAX_LINE)];
    let line_end = end + memchr::memchr2(b'\n', b'\r', line).unwrap_or(line.len());
    // What an id before on the line read already was handed on then.
    let mut at = end.max(read.end.min(line_end));
    if read.end < end {
        read.start = end;
    }
    read.end = line_end;
    while at < line_end {
        match secret_len(text, at) {
            Some(len) => {
                push(at);
                at += len;
            }
            None => at += 1,
        }
    }
}

/// The end of a secret, or a session token, that starts at `at` on the line of a
/// redacted access key id, after it (in `read`).
#[inline]
pub(super) fn secret_end(text: &[u8], at: usize, read: &LinesRead) -> Option<usize> {
    if !(read.start..read.end).contains(&at) {
        return None;
    }
    secret_len(text, at).map(|len| at + len)
}

#[cfg(test)]
mod tests {
    use super::{push_secret_starts_after_key_id, secret_end};

    const CSV: &str =
        "alice,,AKIAIOSFODNN7EXAMPLE,wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY,https://x";

    /// The secrets' starts and ends on the line after the id that `id` starts.
    fn secrets(text: &str, id: usize) -> Vec<(usize, usize)> {
        let text = text.as_bytes();
        let mut starts = Vec::new();
        let mut read = super::LinesRead::default();
        push_secret_starts_after_key_id(text, id, id + 20, &mut read, &mut |at| starts.push(at));
        starts
            .into_iter()
            .filter_map(|at| secret_end(text, at, &read).map(|end| (at, end)))
            .collect()
    }

    #[test]
    fn the_secret_on_the_ids_line_is_found() {
        assert_eq!(secrets(CSV, 7), vec![(28, 68)]);
        // Before the id, or with no id redacted, no position is judged.
        let read = super::LinesRead::default();
        assert_eq!(secret_end(CSV.as_bytes(), 28, &read), None);
    }

    #[test]
    fn a_hash_another_line_or_no_id_is_no_secret() {
        // A hash is in one case.
        let hash = "AKIAIOSFODNN7EXAMPLE 3f2c9a1e8b7d4c6e9f0a1b2c3d4e5f60abcdef12";
        assert_eq!(secrets(hash, 0), vec![]);
        let next_line = "AKIAIOSFODNN7EXAMPLE\nwJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
        assert_eq!(secrets(next_line, 0), vec![]);
        // Padded: another base64 value.
        let padded = "AKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY==";
        assert_eq!(secrets(padded, 0), vec![]);
        // An id glued to a word is no token, and no id (found by a review).
        let glued = "xAKIAIOSFODNN7EXAMPLE wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
        assert_eq!(secrets(glued, 1), vec![]);
        // A path of that length holds no digit; an ARN's tail stands in a longer
        // field (found by a review).
        let path = "AKIAIOSFODNN7EXAMPLE path src/components/Dashboard/WidgetContainer";
        assert_eq!(secrets(path, 0), vec![]);
        let arn =
            "AKIAIOSFODNN7EXAMPLE denied: arn:aws:s3:::my-bucket/some/path/ABCDEFGHIJKLMNOPQRSTU1W";
        assert_eq!(secrets(arn, 0), vec![]);
    }
}
