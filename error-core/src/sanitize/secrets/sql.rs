//! Passwords in the SQL statements that database errors and logs quote:
//! PostgreSQL's `ALTER USER app WITH PASSWORD 'hunter2'` and `CREATE ROLE ... LOGIN
//! PASSWORD '...'`, MySQL's `PASSWORD "..."`, `PASSWORD('...')`, `SET PASSWORD FOR
//! 'app'@'%' = '...'` and `CREATE USER 'app'@'%' IDENTIFIED BY '...'` (also
//! `IDENTIFIED WITH <plugin> BY`), Oracle's `ALTER USER scott IDENTIFIED BY tiger`,
//! and the keyword before a string in data (Clojure's `{:password "..."}`). Found
//! from the `sw` of `PASSWORD` (also of `SET PASSWORD FOR`, whose literal follows
//! the account's `=`) and the `by` of `IDENTIFIED BY`, in any case. Prose that
//! quotes a word after `password` (`Reset your password "now"`) or names something
//! `identified by` a word is told apart by the keywords' spelling and the words
//! before them.

use super::super::REDACTED;
use super::values;
use super::wording;

/// The keyword, in lowercase.
const PASSWORD: &[u8] = b"password";

/// The keyword before `BY`, in lowercase.
const IDENTIFIED: &[u8] = b"identified";

/// Hands `push` where the string literal after a `PASSWORD` keyword starts, when the
/// `sw` at `sw` is that keyword's (`PASSWORD 'hunter2'`).
#[inline(never)]
pub(super) fn push_password_start(text: &[u8], sw: usize, push: &mut impl FnMut(usize)) {
    let Some(keyword) = sw.checked_sub(3) else {
        return;
    };
    // What stands before the keyword is judged by the rule, in the output, where a
    // redaction may have changed it.
    if !text
        .get(keyword..keyword + PASSWORD.len())
        .is_some_and(|word| word.eq_ignore_ascii_case(PASSWORD))
    {
        return;
    }
    let after = keyword + PASSWORD.len();
    let spaces = values::spaces_at(text, after);
    if spaces > 0 && matches!(text.get(after + spaces), Some(b'\'' | b'"')) {
        push(after + spaces + 1);
    }
    // MySQL's `PASSWORD('...')`.
    if text.get(after) == Some(&b'(') && matches!(text.get(after + 1), Some(b'\'' | b'"')) {
        push(after + 2);
    }
    // MySQL's `SET PASSWORD FOR 'app'@'%' = '...'`: after each `=` of the line that
    // an account can reach (the rule reads the account in the output).
    let account = after + spaces + b"for".len();
    if spaces > 0
        && text
            .get(after + spaces..account)
            .is_some_and(|word| word.eq_ignore_ascii_case(b"for"))
    {
        let reach = &text[account..text.len().min(account + MAX_ACCOUNT_LEN)];
        let line = memchr::memchr(b'\n', reach).map_or(reach, |end| &reach[..end]);
        for equals in memchr::memchr_iter(b'=', line) {
            let value = account + equals + 1;
            let value = value + values::spaces_at(text, value);
            if matches!(text.get(value), Some(b'\'' | b'"')) {
                push(value + 1);
            }
        }
    }
}

/// Hands `push` where the password after `IDENTIFIED BY` starts, when the `by` at
/// `by` is followed by spaces: inside its quote, or at an unquoted word (Oracle's,
/// or MySQL's `PASSWORD` and Oracle's `VALUES` before a quoted hash). What stands
/// before `by` is judged by the rule.
#[inline(never)]
pub(super) fn push_identified_start(text: &[u8], by: usize, push: &mut impl FnMut(usize)) {
    // Most `by`s are prose (`caused by`): turned away here, leniently (the rule
    // judges the case and what stands before `IDENTIFIED` in the output).
    if identified_before_by(text.get(..by + 2).unwrap_or_default()).is_none() {
        return;
    }
    let after = by + 2;
    let spaces = values::spaces_at(text, after);
    let value = after + spaces;
    match text.get(value) {
        _ if spaces == 0 => {}
        Some(b'\'' | b'"') => push(value + 1),
        Some(_) => {
            push(value);
            let word_end = value
                + text[value..]
                    .iter()
                    .take_while(|b| b.is_ascii_alphabetic())
                    .count();
            let spaces = values::spaces_at(text, word_end);
            if spaces > 0 && matches!(text.get(word_end + spaces), Some(b'\'' | b'"')) {
                push(word_end + spaces + 1);
            }
        }
        None => {}
    }
}

/// Whether `bytes` ends with `IDENTIFIED BY` (or `IDENTIFIED WITH <plugin> BY`) as
/// SQL writes it: in capitals, or after a quoted user (`'app'@'%' identified by`).
fn ends_with_identified_by(bytes: &[u8]) -> bool {
    let Some(identified) = identified_before_by(bytes) else {
        return false;
    };
    let word = &bytes[identified..identified + IDENTIFIED.len()];
    let before_word = &bytes[..identified];
    match before_word.last() {
        Some(&byte) if values::is_key_byte(byte) => false,
        _ if word == IDENTIFIED.to_ascii_uppercase() && bytes.ends_with(b"BY") => true,
        _ => ends_with_quoted_host(values::trim_spaces_end(before_word)),
    }
}

/// Whether `IDENTIFIED` in `bytes` (which ends with its `BY`) follows `USER` or
/// `ROLE` and a name (`ALTER USER scott IDENTIFIED BY`): a statement, not prose
/// about the clause (`IDENTIFIED BY clause requires a password`).
fn names_an_account(bytes: &[u8]) -> bool {
    let Some(identified) = identified_before_by(bytes) else {
        return false;
    };
    let before = values::trim_spaces_end(&bytes[..identified]);
    let account = values::trailing_key(values::strip_closing_quote(before));
    let quoted = usize::from(before.len() > account.len() && before.ends_with(b"\"")) * 2;
    let Some(keyword_end) = before.len().checked_sub(account.len() + quoted) else {
        return false;
    };
    let keyword_end = values::trim_spaces_end(&before[..keyword_end]);
    let keyword = values::trailing_key(keyword_end);
    // A redaction may have taken the keyword (`Authorization= ALTER USER ...` reads
    // `ALTER USER` as a scheme and its credential).
    !account.is_empty()
        && (keyword.eq_ignore_ascii_case(b"user")
            || keyword.eq_ignore_ascii_case(b"role")
            || keyword_end.ends_with(REDACTED.as_bytes()))
}

/// Whether `bytes` ends with `SET PASSWORD FOR` and an account with its quoted
/// host (`'app'@'%'`, `app@'localhost'`), in any case.
fn sets_an_accounts_password(bytes: &[u8]) -> bool {
    if !ends_with_quoted_host(bytes) {
        return false;
    }
    let (&quote, host) = bytes.split_last().unwrap_or((&0, &[]));
    let Some(opening) = host.iter().rposition(|&byte| byte == quote) else {
        return false;
    };
    // `@`, then the user, quoted or not.
    let user = &host[..opening - 1];
    let before_user = match user.split_last() {
        Some((&quote @ (b'\'' | b'"' | b'`'), inside)) => inside
            .iter()
            .rev()
            .take(MAX_HOST_LEN)
            .position(|&byte| byte == quote || byte == b'\n')
            .map(|offset| inside.len() - 1 - offset)
            .filter(|&opening| inside[opening] == quote)
            .map(|opening| &inside[..opening]),
        _ => Some(&user[..user.len() - values::trailing_key(user).len()]),
    };
    let Some(before_user) = before_user else {
        return false;
    };
    ends_with_set_password_for(before_user)
}

/// How far after `SET PASSWORD FOR` an account's `=` may stand: a user and a host,
/// each quoted, and the spaces around them.
const MAX_ACCOUNT_LEN: usize = 2 * MAX_HOST_LEN + 3 * values::MAX_SPACES + 8;

/// How long a quoted host may be (`'%'`, `'db.internal'`).
const MAX_HOST_LEN: usize = 256;

/// Whether `bytes` ends with a MySQL account's quoted host (`'app'@'%'`,
/// `"app"@"localhost"`): the `@` and the host in quotes or backticks.
fn ends_with_quoted_host(bytes: &[u8]) -> bool {
    let Some((&quote @ (b'\'' | b'"' | b'`'), host)) = bytes.split_last() else {
        return false;
    };
    host.iter()
        .rev()
        .take(MAX_HOST_LEN)
        .position(|&byte| byte == quote || byte == b'\n')
        .is_some_and(|offset| {
            let opening = host.len() - 1 - offset;
            host[opening] == quote && opening > 0 && host[opening - 1] == b'@'
        })
}

/// Where `IDENTIFIED` starts when `bytes` ends with `IDENTIFIED BY` or `IDENTIFIED
/// WITH <plugin> BY` (the plugin's name maybe quoted), in any case and whatever
/// stands before.
fn identified_before_by(bytes: &[u8]) -> Option<usize> {
    let before_by = bytes.strip_suffix(b"by").or_else(|| {
        let by = bytes.len().checked_sub(2)?;
        bytes[by..]
            .eq_ignore_ascii_case(b"by")
            .then(|| &bytes[..by])
    })?;
    let mut before = values::trim_spaces_end(before_by);
    if before.len() == before_by.len() {
        return None;
    }
    // `IDENTIFIED WITH mysql_native_password BY`: the plugin's name, maybe quoted.
    let unquoted = values::strip_closing_quote(before);
    let plugin = values::trailing_key(unquoted);
    if !plugin.eq_ignore_ascii_case(IDENTIFIED) {
        let with = values::trim_spaces_end(&unquoted[..unquoted.len() - plugin.len()]);
        let with = match with {
            [opening @ .., b'\'' | b'"'] if unquoted.len() < before.len() => opening,
            _ => with,
        };
        let with = values::trim_spaces_end(with);
        if plugin.is_empty() || !values::trailing_key(with).eq_ignore_ascii_case(b"with") {
            return None;
        }
        before = values::trim_spaces_end(&with[..with.len() - b"with".len()]);
    }
    let identified = before.len().checked_sub(IDENTIFIED.len())?;
    before[identified..]
        .eq_ignore_ascii_case(IDENTIFIED)
        .then_some(identified)
}

/// Whether `PASSWORD` starts at `at` as SQL's keyword or a Clojure keyword: in
/// capitals, after `:` (`:password`), after SQL's `WITH`, `LOGIN`, `ENCRYPTED` or
/// `UNENCRYPTED` in any case, or after `IDENTIFIED BY` (MySQL's hash).
fn keyword_at(text: &[u8], at: usize) -> bool {
    let Some(word) = text.get(at..at + PASSWORD.len()) else {
        return false;
    };
    if !word.eq_ignore_ascii_case(PASSWORD) {
        return false;
    }
    let before = &text[..at];
    match before.last() {
        Some(b':') => true,
        Some(&byte) if values::is_key_byte(byte) => false,
        _ if word == b"PASSWORD" => true,
        _ => {
            let before_word = values::trim_spaces_end(before);
            let previous = values::trailing_key(before_word);
            before_word.len() < before.len()
                && ([&b"with"[..], b"login", b"encrypted", b"unencrypted"]
                    .iter()
                    .any(|keyword| previous.eq_ignore_ascii_case(keyword))
                    || ends_with_identified_by(before_word))
        }
    }
}

/// The end of the string literal that starts at `at`, when `emitted` ends with a
/// `PASSWORD` keyword, spaces and the literal's opening quote. An empty literal, a
/// reference to where the password is kept (`PASSWORD '${DB_PASSWORD}'`) and
/// wording (`the password "was" wrong`) stay.
/// Out of line: most quotes open no such literal, and the scan's loop stays small.
#[inline(never)]
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let (opening, quote, before_quote) = values::plain_opening_quote(emitted)?;
    let announced = announcement(before_quote)?;
    let mut end = values::quoted_end(text, at, quote);
    let literal = &text[at..end];
    // A placeholder without a letter or digit (`PASSWORD('...')`) stays too.
    if !literal.iter().any(u8::is_ascii_alphanumeric)
        || wording::is_reference(literal)
        || (announced == Announcement::Keyword && wording::is_wording(literal))
    {
        return None;
    }
    // A literal left open before (`PASSWORD 'x ... WITH PASSWORD 'hunter2'`) ends at
    // the quote that opens the next password: that one goes along.
    while text.get(end) == Some(&opening) && ends_with_keyword_and_spaces(&text[..end]) {
        end = values::quoted_end(text, end + 1, quote);
    }
    Some(end)
}

/// `end`, or further: a redaction from `at` to `end` that swallowed a `PASSWORD`
/// keyword (a quoted flag value that ran to the quote opening its literal) takes the
/// literal along, since this rule no longer sees the keyword.
#[inline(never)]
pub(super) fn through_swallowed_password(text: &[u8], at: usize, end: usize) -> usize {
    let swallowed = &text[at..end];
    let (before_quote, opened) = match swallowed.split_last() {
        Some((b'\'' | b'"', before)) => (before, true),
        _ => (swallowed, false),
    };
    // Told from most redactions by the `r` of `FOR` first.
    if matches!(
        values::trim_spaces_end(before_quote).last(),
        Some(b'r' | b'R')
    ) && ends_with_set_password_for(before_quote)
    {
        // The redaction may have taken the quote that opens the account's user.
        let password_end = match opened.then(|| values::quote_at(text, end - 1)).flatten() {
            Some((quote, opening)) => {
                let closing = values::quoted_end(text, end, quote);
                text[closing..]
                    .starts_with(opening)
                    .then(|| set_password_end_after_user(text, closing + 1))
                    .flatten()
            }
            None => set_password_end(text, end),
        };
        return password_end.map_or(end, |password_end| password_end.max(end));
    }
    // The keyword alone went (`Authorization= SET PASSWORD FOR ...` read `SET` as a
    // scheme and `PASSWORD` as its credential): its `FOR` and the account are still
    // ahead.
    if !opened
        && matches!(swallowed.last(), Some(b'd' | b'D'))
        && values::trailing_key(swallowed).eq_ignore_ascii_case(b"password")
    {
        let spaces = values::spaces_at(text, end);
        let for_end = end + spaces + 3;
        if spaces > 0
            && text
                .get(end + spaces..for_end)
                .is_some_and(|word| word.eq_ignore_ascii_case(b"for"))
            && matches!(text.get(for_end), Some(b' ' | b'\t'))
            && let Some(password_end) =
                set_password_end(text, for_end + values::spaces_at(text, for_end))
        {
            return password_end.max(end);
        }
    }
    if !ends_with_keyword_and_spaces(before_quote) {
        return end;
    }
    values::through_announced_value(text, at, end, password_end)
}

/// Whether `bytes` ends with `SET PASSWORD FOR` and spaces, in any case, or with
/// a redaction that took the `SET` (`Authorization: SET ...` reads it as a scheme).
fn ends_with_set_password_for(bytes: &[u8]) -> bool {
    let mut rest = bytes;
    [&b"for"[..], b"password", b"set"].iter().all(|word| {
        let trimmed = values::trim_spaces_end(rest);
        let found = trimmed.len() < rest.len()
            && (values::trailing_key(trimmed).eq_ignore_ascii_case(word)
                || (*word == b"set" && trimmed.ends_with(REDACTED.as_bytes())));
        rest = &trimmed[..trimmed.len().saturating_sub(word.len())];
        found
    })
}

/// The end of the password that `SET PASSWORD FOR` sets, when the account (a user,
/// `@` and a quoted host), its `=` and the password's literal start at `at`.
fn set_password_end(text: &[u8], at: usize) -> Option<usize> {
    let after_user = match values::quote_at(text, at) {
        Some((quote, opening)) => {
            let closing = values::quoted_end(text, at + opening.len(), quote);
            text[closing..]
                .starts_with(opening)
                .then_some(closing + opening.len())?
        }
        None => at + key_len(text, at),
    };
    set_password_end_after_user(text, after_user)
}

/// [`set_password_end`] from the end of the account's user.
fn set_password_end_after_user(text: &[u8], after_user: usize) -> Option<usize> {
    if text.get(after_user) != Some(&b'@') {
        return None;
    }
    let host = after_user + 1;
    let (quote, opening) = values::quote_at(text, host)?;
    let closing = values::quoted_end(text, host + opening.len(), quote);
    if !text[closing..].starts_with(opening) {
        return None;
    }
    let after_host = closing + opening.len();
    let equals = after_host + values::spaces_at(text, after_host);
    if text.get(equals) != Some(&b'=') {
        return None;
    }
    let value = equals + 1 + values::spaces_at(text, equals + 1);
    let (quote, opening) = values::quote_at(text, value)?;
    Some(values::quoted_end(text, value + opening.len(), quote))
}

/// How many key bytes (a user's unquoted name) stand at `at`.
fn key_len(text: &[u8], at: usize) -> usize {
    text[at.min(text.len())..]
        .iter()
        .take(values::MAX_KEY_LEN)
        .take_while(|&&byte| values::is_key_byte(byte))
        .count()
}

/// What announces a quoted password.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Announcement {
    /// The `PASSWORD` keyword and spaces: prose may quote a word after it.
    Keyword,
    /// A statement's clause (`IDENTIFIED BY`, with Oracle's `VALUES` or not) or
    /// MySQL's `PASSWORD(` function in capitals: whatever the literal holds.
    Clause,
}

/// Whether `bytes` ends with the `PASSWORD` keyword and spaces, or a clause that
/// announces a quoted password.
fn ends_with_keyword_and_spaces(bytes: &[u8]) -> bool {
    announcement(bytes).is_some()
}

/// What announces a quoted password that starts right after `bytes`, if anything.
fn announcement(bytes: &[u8]) -> Option<Announcement> {
    if let Some(function) = bytes.strip_suffix(b"PASSWORD(") {
        return (!function
            .last()
            .is_some_and(|&byte| values::is_key_byte(byte)))
        .then_some(Announcement::Clause);
    }
    let keyword_end = values::trim_spaces_end(bytes);
    if keyword_end.len() == bytes.len() {
        return None;
    }
    if keyword_end
        .len()
        .checked_sub(PASSWORD.len())
        .is_some_and(|keyword| keyword_at(keyword_end, keyword))
    {
        return Some(Announcement::Keyword);
    }
    // MySQL's `SET PASSWORD FOR 'app'@'%' = '...'`.
    if let Some(before_equals) = keyword_end.strip_suffix(b"=") {
        return sets_an_accounts_password(values::trim_spaces_end(before_equals))
            .then_some(Announcement::Clause);
    }
    let clause = ends_with_identified_by(keyword_end)
        || keyword_end
            .strip_suffix(b"VALUES")
            .or_else(|| keyword_end.strip_suffix(b"values"))
            .is_some_and(|before| {
                let by = values::trim_spaces_end(before);
                by.len() < before.len() && ends_with_identified_by(by)
            });
    clause.then_some(Announcement::Clause)
}

/// The end of an unquoted password that starts at `at`, after `IDENTIFIED BY` in
/// capitals and one space (Oracle's `ALTER USER scott IDENTIFIED BY tiger`). A bind
/// variable (`:pw`, `?`), a substitution (`&pw`) and the keywords that announce a
/// quoted value or none (`PASSWORD`, `VALUES`, `RANDOM`, and their beginnings)
/// stay.
#[inline(never)]
pub(super) fn unquoted_password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let by = match emitted {
        [by @ .., b'B', b'Y', b' ' | b'\t'] => &emitted[..by.len() + 2],
        _ => return None,
    };
    if !ends_with_identified_by(by) || !names_an_account(by) {
        return None;
    }
    let end = values::unquoted_end(text, at);
    let value = &text[at..end];
    if wording::is_wording(value) {
        return None;
    }
    // A keyword's beginning too, so that a value cut short reads as it did whole.
    let keyword = [&b"password"[..], b"values", b"random"]
        .iter()
        .any(|keyword| {
            value.len() <= keyword.len() && value.eq_ignore_ascii_case(&keyword[..value.len()])
        });
    (value
        .first()
        .is_some_and(|&byte| byte.is_ascii_alphanumeric() || byte == b'_')
        && !keyword)
        .then_some(end)
}
