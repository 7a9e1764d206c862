//! Passwords after a command's short flag: `mysql -uroot -phunter2`, `docker login
//! -u deploy -p hunter2`, `sshpass -p hunter2`, `redis-cli -a hunter2`, `sqlcmd -P
//! hunter2`, and after the user in the flag's value (`smbclient -U backup%hunter2`,
//! see `paired_flags`). Shell traces (`set -x` in CI), process listings and failed
//! commands print such lines.
//!
//! A short flag names a password only for its command (`ssh -p 22` is a port,
//! `mkdir -p` makes parents, `docker run -p 8080:80` publishes one), so each row of
//! [`SHORT_FLAGS`] names the command, and the rule checks that the command the flag
//! belongs to (from the line's start, or the last `|`, `;`, `&`, `(` or backtick) is
//! that one.
//!
//! # Adding a command
//!
//! One row of [`SHORT_FLAGS`], and a line in the tests below.

use super::glued_values::{self, Reading};
use super::{values, wording};

/// How a password follows its flag.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Spelling {
    /// Glued to it only (`-phunter2`): `mysql -p app` prompts for the password, and
    /// `app` is the database.
    Glued,
    /// Glued to it, or after spaces (`-p hunter2`).
    Either,
    /// After spaces only (`openssl enc -k hunter2`; `-kfile` is another flag).
    Spaced,
    /// After a user and this separator in the flag's value, glued to the flag or
    /// after its spaces (`smbclient -U backup%hunter2`, `lftp -u deploy,hunter2`):
    /// the rule of `paired_flags`.
    Paired(u8),
}

/// One command whose short flag takes a password.
pub(super) struct ShortFlag {
    /// The command's words as a line runs it (`docker login`).
    command: &'static [u8],
    /// The flag's letter (`p` of `-p`).
    pub(super) letter: u8,
    pub(super) spelling: Spelling,
}

const fn row(command: &'static [u8], letter: u8, spelling: Spelling) -> ShortFlag {
    ShortFlag {
        command,
        letter,
        spelling,
    }
}

/// The commands whose short flag takes a password.
#[rustfmt::skip]
const SHORT_FLAGS: &[ShortFlag] = &[
    row(b"mysql", b'p', Spelling::Glued),
    row(b"mysqldump", b'p', Spelling::Glued),
    row(b"mysqladmin", b'p', Spelling::Glued),
    row(b"mariadb", b'p', Spelling::Glued),
    row(b"mariadb-dump", b'p', Spelling::Glued),
    row(b"7z", b'p', Spelling::Glued),
    row(b"sshpass", b'p', Spelling::Either),
    row(b"docker login", b'p', Spelling::Either),
    row(b"podman login", b'p', Spelling::Either),
    row(b"buildah login", b'p', Spelling::Either),
    row(b"skopeo login", b'p', Spelling::Either),
    row(b"helm registry login", b'p', Spelling::Either),
    row(b"oras login", b'p', Spelling::Either),
    row(b"az login", b'p', Spelling::Either),
    row(b"mongosh", b'p', Spelling::Either),
    row(b"mongo", b'p', Spelling::Either),
    row(b"mongodump", b'p', Spelling::Either),
    row(b"mongorestore", b'p', Spelling::Either),
    row(b"redis-cli", b'a', Spelling::Either),
    row(b"sqlcmd", b'P', Spelling::Either),
    row(b"zip", b'P', Spelling::Either),
    row(b"unzip", b'P', Spelling::Either),
    row(b"ldapsearch", b'w', Spelling::Either),
    row(b"ldapadd", b'w', Spelling::Either),
    row(b"ldapmodify", b'w', Spelling::Either),
    row(b"ldapdelete", b'w', Spelling::Either),
    row(b"ldapmodrdn", b'w', Spelling::Either),
    row(b"ldapcompare", b'w', Spelling::Either),
    row(b"ldapwhoami", b'w', Spelling::Either),
    row(b"ldappasswd", b'w', Spelling::Either),
    row(b"psexec", b'p', Spelling::Either),
    row(b"ssh-keygen", b'N', Spelling::Either),
    row(b"ssh-keygen", b'P', Spelling::Either),
    row(b"ipmitool", b'P', Spelling::Either),
    row(b"mosquitto_pub", b'P', Spelling::Either),
    row(b"mosquitto_sub", b'P', Spelling::Either),
    row(b"mosquitto_rr", b'P', Spelling::Either),
    // SNMPv3's authentication and privacy passphrases.
    row(b"snmpwalk", b'A', Spelling::Either),
    row(b"snmpwalk", b'X', Spelling::Either),
    row(b"snmpbulkwalk", b'A', Spelling::Either),
    row(b"snmpbulkwalk", b'X', Spelling::Either),
    row(b"snmpget", b'A', Spelling::Either),
    row(b"snmpget", b'X', Spelling::Either),
    row(b"snmpset", b'A', Spelling::Either),
    row(b"snmpset", b'X', Spelling::Either),
    row(b"snmpgetnext", b'A', Spelling::Either),
    row(b"snmpgetnext", b'X', Spelling::Either),
    row(b"snmpbulkget", b'A', Spelling::Either),
    row(b"snmpbulkget", b'X', Spelling::Either),
    row(b"snmptrap", b'A', Spelling::Either),
    row(b"snmptrap", b'X', Spelling::Either),
    row(b"snmpinform", b'A', Spelling::Either),
    row(b"snmpinform", b'X', Spelling::Either),
    row(b"snmptable", b'A', Spelling::Either),
    row(b"snmptable", b'X', Spelling::Either),
    row(b"snmpdelta", b'A', Spelling::Either),
    row(b"snmpdelta", b'X', Spelling::Either),
    row(b"snmpdf", b'A', Spelling::Either),
    row(b"snmpdf", b'X', Spelling::Either),
    row(b"snmpstatus", b'A', Spelling::Either),
    row(b"snmpstatus", b'X', Spelling::Either),
    row(b"snmpnetstat", b'A', Spelling::Either),
    row(b"snmpnetstat", b'X', Spelling::Either),
    row(b"snmptest", b'A', Spelling::Either),
    row(b"snmptest", b'X', Spelling::Either),
    row(b"snmpusm", b'A', Spelling::Either),
    row(b"snmpusm", b'X', Spelling::Either),
    row(b"snmpvacm", b'A', Spelling::Either),
    row(b"snmpvacm", b'X', Spelling::Either),
    // `openssl enc -k`: the passphrase a key is derived from.
    row(b"openssl enc", b'k', Spelling::Spaced),
    row(b"gh secret set", b'b', Spelling::Either),
    row(b"unrar", b'p', Spelling::Glued),
    row(b"rar", b'p', Spelling::Glued),
    // Samba's tools take `user%password`.
    row(b"smbclient", b'U', Spelling::Paired(b'%')),
    row(b"rpcclient", b'U', Spelling::Paired(b'%')),
    row(b"smbcacls", b'U', Spelling::Paired(b'%')),
    row(b"smbget", b'U', Spelling::Paired(b'%')),
    row(b"net ads", b'U', Spelling::Paired(b'%')),
    row(b"net rpc", b'U', Spelling::Paired(b'%')),
    row(b"lftp", b'u', Spelling::Paired(b',')),
    // HTTPie's `-a user:password`.
    row(b"http", b'a', Spelling::Paired(b':')),
    row(b"https", b'a', Spelling::Paired(b':')),
    // PyPI's uploader, and a new account's password (`useradd -p`: its hash).
    row(b"twine", b'p', Spelling::Either),
    row(b"useradd", b'p', Spelling::Either),
    row(b"usermod", b'p', Spelling::Either),
    // Cassandra's shell, SQL Server's bulk copy, Vertica's shell, RabbitMQ's
    // management client, and a remote desktop.
    row(b"cqlsh", b'p', Spelling::Either),
    row(b"bcp", b'P', Spelling::Either),
    row(b"vsql", b'w', Spelling::Either),
    row(b"rabbitmqadmin", b'p', Spelling::Either),
    row(b"rdesktop", b'p', Spelling::Either),
    // A NuGet feed's password, MongoDB's other tools, Sybase's and SAP HANA's
    // shells, and InfluxDB's token.
    row(b"dotnet nuget add source", b'p', Spelling::Either),
    row(b"dotnet nuget update source", b'p', Spelling::Either),
    row(b"mongoexport", b'p', Spelling::Either),
    row(b"mongoimport", b'p', Spelling::Either),
    row(b"mongostat", b'p', Spelling::Either),
    row(b"mongotop", b'p', Spelling::Either),
    row(b"mongofiles", b'p', Spelling::Either),
    row(b"isql", b'P', Spelling::Either),
    row(b"hdbsql", b'p', Spelling::Either),
    // Spaced only: `-type` is another flag of influx 1.x.
    row(b"influx", b't', Spelling::Spaced),
    // Codecov's uploader and CLI.
    row(b"codecov", b't', Spelling::Spaced),
    // Cloud Foundry's and OpenShift's logins, and Apple's uploader. (Windows'
    // `certutil -p` takes a PFX file's password, NSS's the phone number.)
    row(b"cf login", b'p', Spelling::Either),
    row(b"cf auth", b'p', Spelling::Either),
    row(b"oc login", b'p', Spelling::Either),
    row(b"altool", b'p', Spelling::Either),
];

/// The longest stretch of a line read back from a flag for its command.
pub(super) const MAX_COMMAND_LINE: usize = 128;

/// One entry per byte: whether it is the letter of a flag that some command's
/// password follows, glued or after spaces; and the separator that follows the
/// user in the value of a paired flag with that letter (0: none).
const LETTERS: ([bool; 256], [u8; 256]) = {
    let (mut plain, mut paired) = ([false; 256], [0; 256]);
    let mut index = 0;
    while index < SHORT_FLAGS.len() {
        let row = &SHORT_FLAGS[index];
        match row.spelling {
            Spelling::Glued | Spelling::Either | Spelling::Spaced => {
                plain[row.letter as usize] = true;
            }
            Spelling::Paired(separator) => {
                let known = paired[row.letter as usize];
                assert!(
                    known == 0 || known == separator,
                    "the paired rows of one letter share their separator"
                );
                paired[row.letter as usize] = separator;
            }
        }
        index += 1;
    }
    (plain, paired)
};

/// Whether `letter` is the letter of a password flag of some command (its
/// password glued to it or after spaces).
pub(super) const fn is_flag_letter(letter: u8) -> bool {
    LETTERS.0[letter as usize]
}

/// The separator between the user and the password in the value of a paired flag
/// whose letter is `letter` (`%` of `-U backup%...`), if some command has one.
pub(super) const fn paired_separator(letter: u8) -> Option<u8> {
    match LETTERS.1[letter as usize] {
        0 => None,
        separator => Some(separator),
    }
}

/// Whether a flag may start after `byte`: it starts a word of the command line.
pub(super) const fn starts_flag_after(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'"' | b'\'')
}

/// Hands `push` where the password of a short flag that starts at `dash` would
/// start: glued to the flag, or after its spaces, and inside an opening quote.
#[inline]
pub(super) fn push_password_start(text: &[u8], dash: usize, push: &mut impl FnMut(usize)) {
    if !text
        .get(dash + 1)
        .is_some_and(|&letter| is_flag_letter(letter))
        || dash
            .checked_sub(1)
            .is_some_and(|before| !starts_flag_after(text[before]))
    {
        return;
    }
    push_password_starts_after(text, dash, push);
}

/// [`push_password_start`], once the flag is known to be one.
fn push_password_starts_after(text: &[u8], dash: usize, push: &mut impl FnMut(usize)) {
    let mut after_flag = dash + 2;
    // The value, or its content after an opening quote, escaped as often as the
    // rule reads one back (`-p\\"...`).
    let mut push_value = |at: usize| {
        push(at);
        if let Some(content) = values::after_opening_quote(text, at) {
            push(content);
        }
    };
    // An argument list's next item (`'-p', '...'`, `"-p", "..."`).
    if let Some(item) = next_list_item(text, after_flag) {
        push_value(item);
    }
    push_value(after_flag);
    let spaces = values::spaces_at(text, after_flag);
    if spaces > 0 {
        after_flag += spaces;
        push_value(after_flag);
    }
}

/// Where the next item of an argument list starts, when the item before it (a
/// flag) closes at `at`: its quote, a comma, perhaps spaces, and the same quote
/// again (`['sshpass', '-p', '...']` in Python's `CalledProcessError`, `"cmd":
/// ["sshpass", "-p", "..."]` in Ansible's output).
fn next_list_item(text: &[u8], at: usize) -> Option<usize> {
    let quote = *text.get(at).filter(|&&byte| matches!(byte, b'\'' | b'"'))?;
    if text.get(at + 1) != Some(&b',') {
        return None;
    }
    let item = at + 2 + values::spaces_at(text, at + 2);
    (text.get(item) == Some(&quote)).then_some(item + 1)
}

/// What stands before a list item's opening quote (`"`), without the closing
/// `quote` of the item before it and the comma (and spaces) between them: the
/// flag, when a list's item follows a flag's.
fn before_list_item(before_quote: &[u8], quote: u8) -> Option<&[u8]> {
    values::trim_spaces_end(before_quote)
        .strip_suffix(b",")?
        .strip_suffix(&[quote])
}

/// The end of the password that starts at `at`, when `emitted` ends with a short
/// flag (and the spaces and opening quote after it) of a command that takes one
/// there.
#[inline]
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    // Most positions are turned away on the last byte before the value, its spaces
    // and its opening quote.
    if !ends_with_flag(emitted) {
        return None;
    }
    password_after_flag_end(emitted, text, at)
}

/// Whether `bytes` ends with a flag's letter after a `-`, and perhaps spaces, a
/// quote, or a list's separator (`', '`).
#[inline]
fn ends_with_flag(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .rposition(|&byte| !matches!(byte, b' ' | b'\t' | b'"' | b'\'' | b'\\' | b','))
        .is_some_and(|letter| {
            is_flag_letter(bytes[letter]) && letter > 0 && bytes[letter - 1] == b'-'
        })
}

/// [`password_end`], once `emitted` is known to end with a flag's letter after a
/// `-` (and perhaps spaces and a quote).
fn password_after_flag_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let (quote, before_quote) = match values::opening_quote(emitted) {
        Some((quote, before)) => (Some(quote), before),
        None => (None, emitted),
    };
    let list_item = values::plain_opening_quote(emitted)
        .and_then(|(quote_byte, _, before)| before_list_item(before, quote_byte));
    let flag_end = list_item.unwrap_or_else(|| values::trim_spaces_end(before_quote));
    // A list's next item is spaced from the flag's.
    let spaced = list_item.is_some() || flag_end.len() < before_quote.len();
    let (&letter, before_letter) = flag_end.split_last()?;
    let before_flag = before_letter.strip_suffix(b"-")?;
    if !is_flag_letter(letter)
        || before_flag
            .last()
            .is_some_and(|&byte| !starts_flag_after(byte))
    {
        return None;
    }
    let takes_password = |row: &ShortFlag| {
        row.letter == letter
            && match row.spelling {
                Spelling::Either => true,
                Spelling::Glued => !spaced,
                Spelling::Spaced => spaced,
                Spelling::Paired(_) => false,
            }
    };
    if !flag_of_command(emitted, before_flag, text, at, takes_password) {
        return None;
    }
    let end = match quote {
        Some(quote) => values::quoted_end(text, at, quote),
        None => glued_values::through_glued_punctuation(
            text,
            at,
            values::unquoted_end(text, at),
            Reading::Judging,
        ),
    };
    let value = &text[at..end];
    // The next flag, a placeholder (`-p PASSWORD`) or a reference (`-p "$DB_PASS"`)
    // is no password.
    let kept = value.first().is_none_or(|&first| first == b'-')
        // From the closing quote of the flag's own list item (`'-p', '...'`).
        || matches!(value, [b'\'' | b'"', b',', ..] | [b',', ..])
        // An escaped quote's backslash (`-P \"...\"` in a JSON string): the
        // password is inside it.
        || values::starts_escaped_quote(text, at)
        || wording::is_placeholder(value)
        || wording::is_reference(value);
    (!kept).then(|| match quote {
        Some(_) => end,
        None => glued_values::through_glued_punctuation(text, at, end, Reading::Redacting).max(end),
    })
}

/// Whether the flag after `before_flag` (the output up to the flag's `-`; the
/// output ends with `emitted`, and the text at `at` is where the output ends) is
/// one of a command that a row `wanted` accepts names.
pub(super) fn flag_of_command(
    emitted: &[u8],
    before_flag: &[u8],
    text: &[u8],
    at: usize,
    wanted: impl Fn(&ShortFlag) -> bool,
) -> bool {
    // The command is read from the text, where a redaction may have taken it
    // (`Authorization: mysql -uroot -p...`, the header's value the command and its
    // first flag): the flag itself and what follows stand in both. It is read from
    // the output too, where a redaction may have brought it within reach (`docker
    // login -p [REDACTED] -p...` after a long first value), as a second pass reads it.
    let before_flag_in_text = &text[..at - (emitted.len() - before_flag.len())];
    // Where nothing was redacted yet, the output is the text (the same bytes).
    let output_is_text = emitted.as_ptr() == text.as_ptr();
    runs_command(before_flag_in_text, &wanted)
        || (!output_is_text && runs_command(before_flag, &wanted))
}

/// Whether the line that `before_flag` ends runs a command that a row `wanted`
/// accepts names. The command is looked for after the last quote (`bash -c "mysql
/// -p..."`), and before a quoted argument (`mongosh "mongodb://db" -p ...`).
pub(super) fn runs_command(before_flag: &[u8], wanted: &impl Fn(&ShortFlag) -> bool) -> bool {
    runs_one_of(command_line(before_flag, true), wanted)
        || runs_one_of(command_line(before_flag, false), wanted)
}

/// `end`, or further: a redaction from `at` to `end` that swallowed a command's
/// password flag (`password:'sshpass -p '...`, a quoted value that ended at the
/// password's quote) takes the password along, since its rule no longer sees the
/// flag.
pub(super) fn through_swallowed_password(text: &[u8], at: usize, end: usize) -> usize {
    if !ends_with_flag(&text[at..end]) {
        return end;
    }
    values::through_announced_value(text, at, end, password_end)
}

/// The command that the text before a flag is the line of: from the line's start,
/// or the last pipe, command separator, subshell, backtick, or quote when
/// `after_quotes`. A line that a `\` continues (a script's command wrapped over
/// lines) is part of the command.
pub(super) fn command_line(before_flag: &[u8], after_quotes: bool) -> &[u8] {
    const SEPARATES: [bool; 256] =
        byte_table!(|byte| matches!(byte, b'\n' | b'|' | b';' | b'&' | b'(' | b'`'));
    let searched = &before_flag[before_flag.len().saturating_sub(MAX_COMMAND_LINE)..];
    let mut end = searched.len();
    loop {
        let Some(separator) = searched[..end].iter().rposition(|&byte| {
            SEPARATES[usize::from(byte)] || (after_quotes && matches!(byte, b'\'' | b'"'))
        }) else {
            return searched;
        };
        if searched[separator] != b'\n' || !continues_line(&searched[..separator]) {
            return &searched[separator + 1..];
        }
        end = separator;
    }
}

/// Whether the line that `line` ends with is continued by a `\` at its end (a
/// Windows line break's `\r` after it); `\\` is an escaped backslash, which
/// continues nothing.
fn continues_line(line: &[u8]) -> bool {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let backslashes = line.iter().rev().take_while(|&&byte| byte == b'\\').count();
    backslashes % 2 == 1
}

/// Whether `line` runs the command of a row that `wanted` accepts: its words
/// stand in the line as words, after a space, a path's `/` or an assignment's `=`
/// too (`sudo /usr/bin/mysql`, `ProxyCommand=sshpass`, `exec failed: mysql`).
fn runs_one_of(line: &[u8], wanted: &impl Fn(&ShortFlag) -> bool) -> bool {
    /// For each byte, one bit per row whose command starts with it: most words are
    /// turned away on their first byte, and the others compared with those rows
    /// alone.
    const ROWS_BY_FIRST_BYTE: [u128; 256] = {
        assert!(SHORT_FLAGS.len() <= 128, "a row is one bit of a u128");
        let mut rows = [0; 256];
        let mut index = 0;
        while index < SHORT_FLAGS.len() {
            rows[SHORT_FLAGS[index].command[0] as usize] |= 1 << index;
            index += 1;
        }
        rows
    };
    (0..line.len()).any(|start| {
        let mut rows = ROWS_BY_FIRST_BYTE[usize::from(line[start])];
        if rows == 0 {
            return false;
        }
        let plain = start
            .checked_sub(1)
            .is_none_or(|before| matches!(line[before], b' ' | b'\t' | b'/' | b'='));
        let list_quote = list_item_quote(&line[..start]);
        if !plain && list_quote.is_none() {
            return false;
        }
        let named = &line[start..];
        while rows != 0 {
            let row = &SHORT_FLAGS[rows.trailing_zeros() as usize];
            rows &= rows - 1;
            if wanted(row)
                && ((plain
                    && named.starts_with(row.command)
                    && named.get(row.command.len()) == Some(&b' '))
                    || list_quote.is_some_and(|quote| starts_list_items(named, row.command, quote)))
            {
                return true;
            }
        }
        false
    })
}

/// The quote that opens the list item whose text `before` ends, perhaps with a
/// path (`['/usr/bin/mysql'`): a command's item in an argument list.
fn list_item_quote(before: &[u8]) -> Option<u8> {
    let path_len = before
        .iter()
        .rev()
        .take(MAX_COMMAND_LINE)
        .take_while(|&&byte| !matches!(byte, b' ' | b'\t' | b'\'' | b'"'))
        .count();
    let path = &before[before.len() - path_len..];
    let quote = *before[..before.len() - path_len].last()?;
    (matches!(quote, b'\'' | b'"') && (path.is_empty() || path.ends_with(b"/"))).then_some(quote)
}

/// Whether `named` starts with the words of `command` as items of an argument
/// list, each closed by `quote` (`mysql', ...`, `docker", "login", ...`).
fn starts_list_items(named: &[u8], command: &[u8], quote: u8) -> bool {
    let mut rest = named;
    let mut words = command.split(|&byte| byte == b' ').peekable();
    while let Some(word) = words.next() {
        let Some(after_word) = rest.strip_prefix(word) else {
            return false;
        };
        let Some(after_quote) = after_word.strip_prefix(&[quote]) else {
            return false;
        };
        if words.peek().is_none() {
            return true;
        }
        let Some(after_comma) = after_quote.strip_prefix(b",") else {
            return false;
        };
        let spaces = after_comma.iter().take_while(|&&byte| byte == b' ').count();
        let Some(next) = after_comma[spaces..].strip_prefix(&[quote]) else {
            return false;
        };
        rest = next;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::{SHORT_FLAGS, runs_one_of};

    #[test]
    fn a_command_runs_where_its_words_stand_as_words() {
        let runs = |line: &[u8], command: &[u8]| runs_one_of(line, &|row| row.command == command);
        assert!(runs(b"mysql -uroot ", b"mysql"));
        assert!(runs(b"+ sudo MYSQL_HOST=db /usr/bin/mysql ", b"mysql"));
        assert!(runs(b"docker login -u deploy ", b"docker login"));
        assert!(runs(b"ProxyCommand=sshpass ", b"sshpass"));
        assert!(!runs(b"mysqldump ", b"mysql"));
        assert!(!runs(b"docker run ", b"docker login"));
        assert!(!runs(b"my-mysql ", b"mysql"));
    }

    #[test]
    fn a_command_that_a_redaction_brought_within_reach_is_read() {
        // The first value is longer than the stretch read back in the text; in the
        // output, and so in a second pass, the command stands close enough.
        let long = "Zx9Yw8Vu7Ts6Rq5Po4".repeat(8);
        let text = format!("docker login -u ci -p {long} -pNm3Lk2Vu7Ts6 registry");
        let once = crate::sanitize::redact_secrets(&text).into_owned();
        assert_eq!(
            once,
            "docker login -u ci -p [REDACTED] -p[REDACTED] registry"
        );
        assert_eq!(crate::sanitize::redact_secrets(&once), once);
    }

    #[test]
    fn a_command_wrapped_over_lines_is_one_command() {
        for (text, expected) in [
            (
                "mysql -u root \\\n  -phunter2 db",
                "mysql -u root \\\n  -p[REDACTED] db",
            ),
            (
                "docker login -u bot \\\r\n  -p Xy7zQ9wLm2Kp ghcr.io",
                "docker login -u bot \\\r\n  -p [REDACTED] ghcr.io",
            ),
            (
                "kubectl create secret generic s \\\n  --from-literal=k=hunter2xyz",
                "kubectl create secret generic s \\\n  --from-literal=[REDACTED]",
            ),
        ] {
            assert_eq!(crate::sanitize::redact_secrets(text), expected, "{text}");
        }
        // A line that no `\` continues starts a command of its own.
        for text in [
            "mysql -u root\n  -pXk9pL2mQ7rT4 db",
            "echo mysql \\\\\nnext -pXk9pL2mQ7rT4",
        ] {
            assert_eq!(crate::sanitize::redact_secrets(text), text, "{text}");
        }
    }

    #[test]
    fn every_row_is_a_command_and_a_password_flag() {
        for row in SHORT_FLAGS {
            assert!(!row.command.is_empty() && !row.command.ends_with(b" "));
            assert!(
                super::is_flag_letter(row.letter) || super::paired_separator(row.letter).is_some()
            );
        }
    }
}
