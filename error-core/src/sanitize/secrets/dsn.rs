//! The password of a data source name without a scheme, as Go's MySQL driver
//! writes it: `app:hunter2@tcp(db:3306)/app`, `root:hunter2@unix(/run/mysqld.sock)/`,
//! `root:hunter2@/app` (the default address). The `@` and the protocol or `/` after
//! it tell it from a time (`02:00`) or a path (`github::search`); URLs with a
//! scheme are the URL rules'.
//!
//! And the password of Oracle's JDBC URLs, `user/password@` after the driver:
//! `jdbc:oracle:thin:scott/hunter2@db:1521:ORCL` (`oci`, `oci8` too), as Java's
//! connection errors quote them.

use super::super::REDACTED;
use super::values;

/// The protocols a data source name's address starts with (without one, the
/// database's `/` follows the `@`: `root:hunter2@/app`).
const PROTOCOLS: [&[u8]; 3] = [b"tcp(", b"tcp6(", b"unix("];

/// Longest password looked at.
const MAX_PASSWORD_LEN: usize = 128;

/// Where the password after the `:` at `colon` would start, when one of a data
/// source name does: the text from there to an `@` and a protocol.
#[inline]
pub(super) fn password_start(text: &[u8], colon: usize) -> Option<usize> {
    // Most `:`s are followed by a space, a `/` or the text's end, or stand in a
    // path (`github::search`).
    if !text
        .get(colon + 1)
        .is_some_and(|&byte| starts_password(byte))
        || !colon
            .checked_sub(1)
            .is_some_and(|user_end| values::is_key_byte(text[user_end]))
    {
        return None;
    }
    at_sign_after_password(text, colon + 1).map(|_| colon + 1)
}

/// Whether a password may start with `byte`.
fn starts_password(byte: u8) -> bool {
    !(byte.is_ascii_whitespace() || matches!(byte, b'/' | b'@' | b'"' | b'\'' | b':'))
}

/// The end of the password that starts at `at` (its `@`), when `emitted` ends with
/// a user and its `:` that start a word.
#[inline]
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    if !text.get(at).is_some_and(|&byte| starts_password(byte)) {
        return None;
    }
    let before_colon = emitted.strip_suffix(b":")?;
    let user = values::trailing_key(before_colon);
    let before_user = &before_colon[..before_colon.len() - user.len()];
    // After a redaction too, which may have taken the quote that opened the name.
    let starts_word = before_user.ends_with(REDACTED.as_bytes())
        || before_user.last().is_none_or(|&byte| {
            matches!(
                byte,
                b' ' | b'\t' | b'\n' | b'"' | b'\'' | b'=' | b'(' | b'`'
            )
        });
    if user.is_empty() || !starts_word {
        return None;
    }
    at_sign_after_password(text, at)
}

/// The `@` that ends a password starting at `at`, when a protocol or the database's
/// `/` follows it: the password holds no whitespace, quote, `/` or redaction (a
/// value redacted once, `LDAP_BIND_PW=[REDACTED]}@/`, must read the same again).
fn at_sign_after_password(text: &[u8], at: usize) -> Option<usize> {
    /// The bytes that may end a password here (a `[` only where a redaction
    /// starts): one lookup a byte.
    const MAY_END: [bool; 256] = byte_table!(|byte| byte == b'@'
        || byte == b'/'
        || byte == b'['
        || byte.is_ascii_whitespace()
        || matches!(byte, b'"' | b'\''));
    let searched = &text[at..text.len().min(at + MAX_PASSWORD_LEN + 1)];
    let at_sign = searched.iter().enumerate().position(|(offset, &byte)| {
        MAY_END[usize::from(byte)] && (byte != b'[' || values::is_redacted_at(text, at + offset))
    })?;
    let after = &text[at + at_sign..];
    (at_sign > 0
        && after.first() == Some(&b'@')
        && !values::is_redacted_at(text, at)
        && (after.get(1) == Some(&b'/')
            || PROTOCOLS
                .iter()
                .any(|protocol| after[1..].starts_with(protocol))))
    .then_some(at + at_sign)
}

/// The drivers of Oracle's JDBC URLs, with the `:` that ends them: a user and
/// `/password@` follow.
const ORACLE_DRIVERS: [&[u8]; 3] = [b"oracle:thin:", b"oracle:oci:", b"oracle:oci8:"];

/// Where the password of an Oracle JDBC URL would start, when the `:` at `colon`
/// ends its driver (`jdbc:oracle:thin:`): after the user and its `/`.
// Inlined always: the anchors' candidates read it, and with their second copy (for
// short texts) the compiler would otherwise call it from the long scan.
#[inline(always)]
pub(super) fn oracle_password_start(text: &[u8], colon: usize) -> Option<usize> {
    // Most `:`s are followed by a space or a `/` (no user), or follow no driver's
    // last letter.
    if !text
        .get(colon + 1)
        .is_some_and(|&byte| values::is_key_byte(byte))
        || !matches!(
            colon.checked_sub(1).map(|last| text[last]),
            Some(b'n' | b'i' | b'8')
        )
    {
        return None;
    }
    let before = &text[..=colon];
    if !ORACLE_DRIVERS.iter().any(|driver| before.ends_with(driver)) {
        return None;
    }
    let user = colon + 1;
    let user_len = text[user..]
        .iter()
        .take(values::MAX_KEY_LEN + 1)
        .take_while(|&&byte| values::is_key_byte(byte))
        .count();
    (user_len > 0 && user_len <= values::MAX_KEY_LEN && text.get(user + user_len) == Some(&b'/'))
        .then_some(user + user_len + 1)
}

/// The end of the password that starts at `at` (its `@`), when `emitted` ends with
/// an Oracle JDBC URL's driver, a user and its `/`.
#[inline(never)]
pub(super) fn oracle_password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let before_slash = emitted.strip_suffix(b"/")?;
    let user = values::trailing_key(before_slash);
    let before_user = &before_slash[..before_slash.len() - user.len()];
    if user.is_empty()
        || !ORACLE_DRIVERS
            .iter()
            .any(|driver| before_user.ends_with(driver))
    {
        return None;
    }
    let searched = &text[at..text.len().min(at + MAX_PASSWORD_LEN + 1)];
    let at_sign = searched.iter().position(|&byte| {
        byte == b'@' || byte.is_ascii_whitespace() || matches!(byte, b'"' | b'\'' | b'/')
    })?;
    (at_sign > 0 && !values::is_redacted_at(text, at) && searched[at_sign] == b'@')
        .then_some(at + at_sign)
}

#[cfg(test)]
mod tests {
    /// Where a password ends after `emitted`, in `text`, as `rule` reads it.
    fn after(
        rule: fn(&[u8], &[u8], usize) -> Option<usize>,
        emitted: &str,
        text: &str,
    ) -> Option<usize> {
        let whole = format!("{emitted}{text}");
        rule(emitted.as_bytes(), whole.as_bytes(), emitted.len()).map(|end| end - emitted.len())
    }

    fn password_after(emitted: &str, text: &str) -> Option<usize> {
        after(super::password_end, emitted, text)
    }

    #[test]
    fn a_data_source_name_has_a_user_a_password_and_a_protocol() {
        assert_eq!(
            password_after("\"app:", "hunter2@tcp(db:3306)/app\""),
            Some(7)
        );
        assert_eq!(
            password_after("dsn: root:", "pw@unix(/run/m.sock)/"),
            Some(2)
        );
        assert_eq!(password_after("app:", "hunter2@example.com"), None);
        assert_eq!(
            password_after("dsn=root:", "s3cr3t@/app?parseTime=true"),
            Some(6)
        );
        assert_eq!(password_after("\"root:", "pw@tcp6([::1]:3306)/\""), Some(2));
        assert_eq!(password_after("root:", "pw@"), None);
        assert_eq!(password_after("at 02:", "00 UTC"), None);
        assert_eq!(password_after("x.app:", "hunter2@tcp(db)/"), Some(7));
        assert_eq!(password_after("app:", "@tcp(db)/"), None);
        assert_eq!(password_after("app:", "[REDACTED]@tcp(db)/"), None);
        // Found by the fuzzer: a quoted value took the name's opening quote.
        assert_eq!(
            password_after("Token:\"[REDACTED]app:", "pw@tcp(db)/"),
            Some(2)
        );
    }

    fn oracle_password_after(emitted: &str, text: &str) -> Option<usize> {
        after(super::oracle_password_end, emitted, text)
    }

    #[test]
    fn an_oracle_jdbc_url_has_a_user_and_a_password_before_its_at_sign() {
        assert_eq!(
            oracle_password_after("url=jdbc:oracle:thin:scott/", "tiger@db:1521:ORCL"),
            Some(5)
        );
        assert_eq!(
            oracle_password_after("jdbc:oracle:oci8:app_user/", "pw@//db:1521/ORCLPDB1"),
            Some(2)
        );
        // No password, a path, a redaction.
        assert_eq!(
            oracle_password_after("jdbc:oracle:thin:/", "@db:1521:ORCL"),
            None
        );
        assert_eq!(
            oracle_password_after("jdbc:oracle:thin:scott/", "@db"),
            None
        );
        assert_eq!(oracle_password_after("jdbc:oracle:thin:a/", "b/c@d"), None);
        assert_eq!(
            oracle_password_after("jdbc:mysql:thin:scott/", "tiger@db"),
            None
        );
        assert_eq!(
            oracle_password_after("jdbc:oracle:thin:scott/", "[REDACTED]@db"),
            None
        );
        let text = b"jdbc:oracle:thin:scott/tiger@db";
        assert_eq!(super::oracle_password_start(text, 16), Some(23));
        assert_eq!(
            super::oracle_password_start(b"jdbc:oracle:thin:@db:1521", 16),
            None
        );
    }
}
