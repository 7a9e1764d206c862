//! The password among a PDO connection's arguments, as PHP's stack traces show
//! them: `PDO->__construct('mysql:host=db;dbname=app', 'root', 'hunter2', Array)`,
//! and the same three arguments in the frames of the code that made the connection
//! (Laravel's `Connector->createPdoConnection('mysql:host=mysq...', 'root',
//! 'hunter2', Array)`), or `new PDO("pgsql:host=db", "app", "hunter2")` in a source
//! line. The password is the string two arguments after a data source name (a
//! quoted string that opens with a PDO driver's name and its `:`); the user and the
//! data source name stay (a password inside the name is the key rules'). Found from
//! the `:` after the driver's name.

use super::credential_calls;
use super::values;
use super::wording;

/// The PDO drivers whose connections take a user and a password.
const DRIVERS: [&[u8]; 10] = [
    b"mysql",
    b"pgsql",
    b"sqlsrv",
    b"oci",
    b"odbc",
    b"dblib",
    b"firebird",
    b"ibm",
    b"informix",
    b"sybase",
];

/// How far back the data source name's opening quote is looked for.
const MAX_ARGUMENT_LEN: usize = 256;

/// How many commas after the data source name may stand before the password (the
/// user's string may hold some).
const MAX_COMMAS: usize = 4;

/// Whether the `:` at `colon` may end a PDO driver's name and start a data source
/// name's settings (`mysql:host`, not `mysql: error`): told by the bytes around
/// it, out of line after them.
#[inline]
pub(super) fn may_follow_driver(text: &[u8], colon: usize) -> bool {
    colon.checked_sub(1).is_some_and(|last| {
        matches!(
            text[last],
            b'l' | b'v' | b'i' | b'c' | b'b' | b'd' | b'm' | b'x' | b'e'
        )
    }) && text.get(colon + 1).is_some_and(u8::is_ascii_alphanumeric)
}

/// Hands `push` where the password may start, when the `:` at `colon` ends the
/// driver's name at the start of a quoted data source name: after each of the first
/// commas after the name's closing quote, the opening quote of a string. More is
/// harmless: the rule decides on the output. Returns whether a data source name
/// opens there.
#[inline(never)]
pub(super) fn push_password_start(text: &[u8], colon: usize, push: &mut impl FnMut(usize)) -> bool {
    let Some(opening) = DRIVERS.iter().find_map(|driver| {
        let opening = colon.checked_sub(driver.len() + 1)?;
        (&text[opening + 1..colon] == *driver).then_some(opening)
    }) else {
        return false;
    };
    let Some((quote, b"'" | b"\"")) = values::quote_at(text, opening) else {
        return false;
    };
    let closing = values::quoted_end(text, colon + 1, quote);
    credential_calls::push_string_arguments(text, closing, MAX_COMMAS, push);
    push_after_user(text, closing + 1, push);
    true
}

/// Pushes where the password starts after the user that follows the data source
/// name ending at `after_name`, read as the rule reads it (a string to the nearest
/// quote like its own, a name, PHP's `Object(...)`), whatever commas a string holds
/// and however long the user is: the commas counted above may not reach past it.
fn push_after_user(text: &[u8], after_name: usize, push: &mut impl FnMut(usize)) {
    let after_comma = |at: usize| {
        let comma = at + values::spaces_at(text, at);
        (text.get(comma) == Some(&b',')).then(|| comma + 1 + values::spaces_at(text, comma + 1))
    };
    let Some(user) = after_comma(after_name) else {
        return;
    };
    let user_end = match text.get(user) {
        Some(&quote @ (b'"' | b'\'')) => {
            let content = &text[user + 1
                ..text
                    .len()
                    .min(user + 2 + credential_calls::MAX_ARGUMENTS_LEN)];
            match memchr::memchr(quote, content) {
                Some(offset) => user + 2 + offset,
                None => return,
            }
        }
        _ => match credential_calls::argument_end(text, user) {
            Some(Ok(end)) => end,
            _ => return,
        },
    };
    if let Some(password) = after_comma(user_end)
        && matches!(text.get(password), Some(b'"' | b'\''))
    {
        push(password + 1);
    }
}

/// The end of the password that starts at `at`, when `emitted` ends with a quoted
/// data source name, a user (a string, or a name such as `NULL` or `$user`), their
/// commas and the opening quote of the password. An empty password and a reference to where
/// one is kept (`'${DB_PASSWORD}'`) stay.
/// Out of line: most quotes open no such argument.
#[inline(never)]
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let (_, quote, before_quote) = values::plain_opening_quote(emitted)?;
    let user = values::trim_spaces_end(values::trim_spaces_end(before_quote).strip_suffix(b",")?);
    let before_user = values::trim_spaces_end(credential_calls::before_argument_ending(user)?);
    let name = values::trim_spaces_end(before_user.strip_suffix(b",")?);
    if !matches!(name.last()?, b'\'' | b'"') {
        return None;
    }
    let before_name = values::before_quoted_string(name, MAX_ARGUMENT_LEN)?;
    if !opens_with_driver(&name[before_name.len() + 1..name.len() - 1]) {
        return None;
    }
    let end = values::quoted_end(text, at, quote);
    let password = &text[at..end];
    (!password.is_empty() && !wording::is_reference(password)).then_some(end)
}

/// `end`, or further: a redaction from `at` to `end` that took a data source
/// name's opening quote (a quoted value that ran to it: `pass=PASSWORD('PDO->
/// __construct('` before `mysql:...`) takes the call's arguments along, through the
/// password, since the rule no longer sees where the name starts.
pub(super) fn through_swallowed_password(text: &[u8], at: usize, end: usize) -> usize {
    // Told from most redactions by their last byte and the next one.
    if !matches!(text[at..end].last(), Some(b'\'' | b'"'))
        || !matches!(
            text.get(end),
            Some(b'm' | b'p' | b's' | b'o' | b'd' | b'f' | b'i')
        )
        || !opens_with_driver(&text[end..])
    {
        return end;
    }
    credential_calls::arguments_end(text, end - 1)
        .map_or(end, |arguments_end| arguments_end.max(end))
}

/// Whether a data source name's `content` opens with a PDO driver's name and its `:`.
fn opens_with_driver(content: &[u8]) -> bool {
    DRIVERS.iter().any(|driver| {
        content.starts_with(driver)
            && content.get(driver.len()) == Some(&b':')
            && content
                .get(driver.len() + 1)
                .is_some_and(u8::is_ascii_alphanumeric)
    })
}

#[cfg(test)]
mod tests {
    use super::super::redact;

    #[test]
    fn the_password_two_arguments_after_a_data_source_name_goes() {
        for (text, expected) in [
            (
                "#0 /app/db.php(3): PDO->__construct('mysql:host=db;dbname=app', 'root', 'hunter2', Array)",
                "#0 /app/db.php(3): PDO->__construct('mysql:host=db;dbname=app', 'root', '[REDACTED]', Array)",
            ),
            (
                "#1 Connector.php(70): Illuminate\\Database\\Connectors\\Connector->createPdoConnection('mysql:host=mysq...', 'root', 'hunter2', Array)",
                "#1 Connector.php(70): Illuminate\\Database\\Connectors\\Connector->createPdoConnection('mysql:host=mysq...', 'root', '[REDACTED]', Array)",
            ),
            (
                "$pdo = new PDO(\"pgsql:host=db;port=5432\", \"app\", \"hunter2\");",
                "$pdo = new PDO(\"pgsql:host=db;port=5432\", \"app\", \"[REDACTED]\");",
            ),
            // A redaction that took the name's opening quote takes the password along
            // (found by the planted-secret property).
            (
                "pass=PASSWORD('PDO->__construct('mysql:host=db', 'root', 'hunter2')",
                "pass=[REDACTED]",
            ),
            (
                "PDO->__construct('mysql:host=db', \"a, b, c, d, e\", \"hunter2\")",
                "PDO->__construct('mysql:host=db', \"a, b, c, d, e\", \"[REDACTED]\")",
            ),
            (
                "tryAgainIfCausedByLostConnection(Object(PDOException), 'sqlsrv:Server=db', NULL, 'hunter2', Array)",
                "tryAgainIfCausedByLostConnection(Object(PDOException), 'sqlsrv:Server=db', NULL, '[REDACTED]', Array)",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn other_arguments_and_absent_passwords_stay() {
        for text in [
            "PDO->__construct('mysql:host=db', 'root', '', Array)",
            "PDO->__construct('mysql:host=db', 'root', NULL, Array)",
            "PDO->__construct('mysql:host=db', 'root', '${DB_PASSWORD}')",
            "PDO->__construct('sqlite:/var/db.sqlite', 'a', 'b')",
            "connect('mysql:host=db')",
            "select('host', 'root', 'hunter2')",
            "log('mysql: connection refused', 'retrying', 'in 5s')",
        ] {
            assert_eq!(redact(text), text);
        }
    }
}
