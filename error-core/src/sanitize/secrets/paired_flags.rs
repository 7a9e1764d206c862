//! Passwords after the user in the value of a command's short flag: Samba's
//! `smbclient -U backup%hunter2` (`rpcclient`, `smbcacls`, `net ads`), `lftp -u
//! deploy,hunter2`, HTTPie's `http -a deploy:hunter2`. The rows are those of
//! `short_flags` spelled [`Spelling::Paired`], each with its command, since the
//! same flag names a user alone elsewhere (`psql -U app`, `ps -u root,www-data`).
//! `curl -u user:password` has its own rule (see `urls`).
//!
//! The password runs to the end of the flag's argument: to the quote that opened
//! the value (`-U 'backup%correct horse'`, `-U \"backup%...\"` in a JSON string),
//! through its own quotes (`-U backup%'correct horse'`), and through commas that
//! hold it together (`lftp -u deploy,a,b`: lftp splits at the first). Samba's
//! long spelling `--user` is its `-U` (`--user=backup%...`).
//!
//! # Adding a command
//!
//! One row of `short_flags`'s table, spelled `Paired` with its separator, and a
//! line in the tests below.

use super::short_flags::{self, ShortFlag, Spelling};
use super::{values, wording};

/// The longest user read before the separator.
const MAX_USER_LEN: usize = 128;

/// Whether `byte` ends a user: whitespace, a quote, or the `[` of a redaction.
fn ends_part(byte: u8) -> bool {
    byte.is_ascii_whitespace() || matches!(byte, b'"' | b'\'' | b'[')
}

/// The long flags that spell a paired short flag, and its letter: Samba's
/// `--user` is its `-U`.
const LONG_SPELLINGS: [(&[u8], u8); 1] = [(b"user", b'U')];

/// The letter of the paired flag whose long spelling's name starts `name` (the
/// text after its `--`), and the name's length, when a `=` or a blank follows it.
fn long_spelling(name: &[u8]) -> Option<(u8, usize)> {
    LONG_SPELLINGS.iter().find_map(|&(long, letter)| {
        (name.starts_with(long) && matches!(name.get(long.len()), Some(b'=' | b' ' | b'\t')))
            .then_some((letter, long.len()))
    })
}

/// Whether the `--` at `dashes` may start a long spelling: told by the first letter
/// of the name, out of line after it.
#[inline]
pub(super) fn may_start_long_spelling(text: &[u8], dashes: usize) -> bool {
    const FIRST_LETTERS: [bool; 256] = {
        let mut first = [false; 256];
        let mut index = 0;
        while index < LONG_SPELLINGS.len() {
            first[LONG_SPELLINGS[index].0[0] as usize] = true;
            index += 1;
        }
        first
    };
    text.get(dashes + 2)
        .is_some_and(|&letter| FIRST_LETTERS[usize::from(letter)])
}

/// Hands `push` where the password of a paired flag's long spelling that starts at
/// `dashes` (`--user=backup%...`, `--user backup%...`) would start.
#[inline(never)]
pub(super) fn push_long_password_start(text: &[u8], dashes: usize, push: &mut impl FnMut(usize)) {
    let Some((letter, name_len)) = long_spelling(&text[dashes + 2..]) else {
        return;
    };
    let Some(separator) = short_flags::paired_separator(letter) else {
        return;
    };
    // The value after the `=`, or after spaces; the rule reads spaces after a
    // `=` too (`--user= backup%...`).
    let mut value = dashes + 2 + name_len;
    if text[value] == b'=' {
        value += 1;
    }
    value += values::spaces_at(text, value);
    if let Some((password, _)) = password_in_value(text, value, separator) {
        push(password);
    }
}

/// Hands `push` where the password of a paired flag that starts at `dash` would
/// start: after the user and the separator of the flag's value.
#[inline]
pub(super) fn push_password_start(text: &[u8], dash: usize, push: &mut impl FnMut(usize)) {
    let Some(&letter) = text.get(dash + 1) else {
        return;
    };
    if short_flags::paired_separator(letter).is_none()
        || dash
            .checked_sub(1)
            .is_some_and(|before| !short_flags::starts_flag_after(text[before]))
    {
        return;
    }
    if let Some((password, _)) = password_start(text, dash) {
        push(password);
    }
}

/// Where the password of the paired flag at `dash` starts, and the quote that
/// opened the flag's value, if one did: the value (glued to the flag, or after its
/// spaces and an opening quote) holds a user and then the separator of the flag's
/// letter.
fn password_start(text: &[u8], dash: usize) -> Option<(usize, Option<values::Quote>)> {
    let separator = short_flags::paired_separator(*text.get(dash + 1)?)?;
    let value = dash + 2 + values::spaces_at(text, dash + 2);
    password_in_value(text, value, separator)
}

/// Where the password starts in the flag's value that starts at `value` (perhaps
/// with an opening quote), after its user and `separator`; and that quote.
fn password_in_value(
    text: &[u8],
    value: usize,
    separator: u8,
) -> Option<(usize, Option<values::Quote>)> {
    let (quote, user) = match values::quote_at(text, value) {
        Some((quote, spelling)) => (Some(quote), value + spelling.len()),
        None => (None, value),
    };
    let user_len = text[user.min(text.len())..]
        .iter()
        .take(MAX_USER_LEN + 1)
        .position(|&byte| byte == separator || ends_part(byte))?;
    (user_len > 0 && text[user + user_len] == separator).then_some((user + user_len + 1, quote))
}

/// The quote that opens a value and ends `before_user`, and what stands before
/// it: `"`, `'`, or a `"` escaped in a JSON string (`\"`).
fn opening_quote(before_user: &[u8]) -> Option<(values::Quote, &[u8])> {
    match before_user.split_last()? {
        (b'\'', before) => Some((values::Quote::Single, before)),
        (b'"', before) => Some(match values::opening_quote(before_user)? {
            (values::Quote::EscapedDouble, before) => (values::Quote::EscapedDouble, before),
            _ => (values::Quote::Double, before),
        }),
        _ => None,
    }
}

/// The letter of the paired flag that `flag` ends with, `-U` or its long spelling
/// `--user`, and what stands before the flag's dashes.
fn flag_letter(flag: &[u8]) -> Option<(u8, &[u8])> {
    if let [before @ .., b'-', letter] = flag
        && *letter != b'-'
    {
        return Some((*letter, before));
    }
    LONG_SPELLINGS.iter().find_map(|&(long, letter)| {
        let before = flag.strip_suffix(long)?.strip_suffix(b"--")?;
        Some((letter, before))
    })
}

/// The end of the password that starts at `at`, when `emitted` ends with a paired
/// flag of a command that takes one, its user and its separator.
#[inline(never)]
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let (&separator, before_separator) = emitted.split_last()?;
    let run_len = before_separator
        .iter()
        .rev()
        .take(MAX_USER_LEN + 3)
        .take_while(|&&byte| byte != separator && !ends_part(byte))
        .count();
    let run_start = before_separator.len() - run_len;
    // The user glued to its flag (`-Ubackup%`, `--user=backup%`), or after the
    // flag's spaces and an opening quote.
    let run = &before_separator[run_start..];
    let glued_long = run
        .strip_prefix(b"--")
        .and_then(long_spelling)
        .filter(|&(_, name_len)| run[2 + name_len] == b'=');
    let (flag, user_len, quote) = match (run, glued_long) {
        (_, Some((_, name_len))) => (
            &before_separator[..run_start + 2 + name_len],
            run_len - name_len - 3,
            None,
        ),
        ([b'-', letter, user @ ..], None)
            if !user.is_empty() && short_flags::paired_separator(*letter) == Some(separator) =>
        {
            (&before_separator[..run_start + 2], user.len(), None)
        }
        _ => {
            let before_user = &before_separator[..run_start];
            let (quote, before_quote) = match opening_quote(before_user) {
                Some((quote, before)) => (Some(quote), before),
                None => (None, before_user),
            };
            let flag = values::trim_spaces_end(before_quote);
            // A long spelling's `=` (`--user='backup%...`).
            let flag = match flag.strip_suffix(b"=") {
                Some(name) if !matches!(name.last(), Some(b'-')) => name,
                _ => flag,
            };
            (flag, run_len, quote)
        }
    };
    if user_len == 0 || user_len > MAX_USER_LEN {
        return None;
    }
    let (letter, before_flag) = flag_letter(flag)?;
    if short_flags::paired_separator(letter) != Some(separator)
        || before_flag
            .last()
            .is_some_and(|&byte| !short_flags::starts_flag_after(byte))
    {
        return None;
    }
    let takes_password =
        |row: &ShortFlag| row.letter == letter && row.spelling == Spelling::Paired(separator);
    if !short_flags::flag_of_command(emitted, before_flag, text, at, takes_password) {
        return None;
    }
    let (end, value) = password_extent(text, at, quote);
    let value = &text[value];
    // A reference (`-U backup%$SMB_PASSWORD`) or a placeholder is no password.
    let kept = value.is_empty() || wording::is_placeholder(value) || wording::is_reference(value);
    (!kept).then_some(end)
}

/// Where a password that starts at `at` ends, and where its characters stand: to
/// the closing `quote`, when a quote opened the flag's value (`-U
/// 'backup%correct horse'`); through the password's own quotes (`-U
/// backup%'correct horse'`), which go with it; else where the flag's argument
/// ends, commas inside it included (`lftp -u deploy,a,b`).
fn password_extent(
    text: &[u8],
    at: usize,
    quote: Option<values::Quote>,
) -> (usize, std::ops::Range<usize>) {
    if let Some(quote) = quote {
        let end = values::quoted_end(text, at, quote);
        return (end, at..end);
    }
    if let Some(string) = values::quoted_string_at(text, at) {
        return (string.end, string.content);
    }
    let mut end = values::unquoted_end(text, at);
    while text.get(end) == Some(&b',')
        && text
            .get(end + 1)
            .is_some_and(|&next| !values::ends_unquoted_value(next) && next != b'[')
    {
        end = values::unquoted_end(text, end + 1);
    }
    (end, at..end)
}

/// `end`, or further: a redaction from `at` to `end` that swallowed a paired flag
/// (`password=-U`, the flag taken as a value) takes the password after its user
/// along, since the rule no longer sees the flag.
pub(super) fn through_swallowed_password(text: &[u8], at: usize, end: usize) -> usize {
    // Most redactions end with neither a flag's letter, nor spaces, nor a quote.
    if !text[..end].last().is_some_and(|&last| {
        matches!(last, b' ' | b'\t' | b'"' | b'\'') || short_flags::paired_separator(last).is_some()
    }) {
        return end;
    }
    // The quote that opens the flag's value may have gone too (`-U '`).
    let swallowed = &text[at..end];
    let swallowed = swallowed
        .strip_suffix(b"'")
        .or_else(|| swallowed.strip_suffix(b"\""))
        .unwrap_or(swallowed);
    let flag = values::trim_spaces_end(swallowed);
    let [.., b'-', letter] = flag else {
        return end;
    };
    let dash = at + flag.len() - 2;
    let Some(separator) = short_flags::paired_separator(*letter) else {
        return end;
    };
    if dash > at && !short_flags::starts_flag_after(text[dash - 1]) {
        return end;
    }
    let Some((password, quote)) = password_start(text, dash) else {
        return end;
    };
    let letter = *letter;
    let takes_password =
        |row: &ShortFlag| row.letter == letter && row.spelling == Spelling::Paired(separator);
    if !short_flags::runs_command(&text[..dash], &takes_password) {
        return end;
    }
    password_extent(text, password, quote).0.max(end)
}

#[cfg(test)]
mod tests {
    use super::super::redact;

    #[test]
    fn the_password_after_a_paired_flags_user_goes() {
        for (text, expected) in [
            (
                "+ smbclient //fs01/share -U backup%Xk9pL2mQ7rT4 -c ls",
                "+ smbclient //fs01/share -U backup%[REDACTED] -c ls",
            ),
            (
                "+ smbclient -U 'CORP\\backup%Xk9pL2mQ7rT4' //fs01/share",
                "+ smbclient -U 'CORP\\backup%[REDACTED]' //fs01/share",
            ),
            (
                "smbclient -Ubackup%hunter2 //fs01/share",
                "smbclient -Ubackup%[REDACTED] //fs01/share",
            ),
            (
                "+ net ads join -U administrator%hunter2",
                "+ net ads join -U administrator%[REDACTED]",
            ),
            (
                "+ lftp -u deploy,Xk9pL2mQ7rT4 sftp://files.example.com",
                "+ lftp -u deploy,[REDACTED] sftp://files.example.com",
            ),
            (
                "$ rpcclient -U \"admin%hunter2\" 10.0.0.5",
                "$ rpcclient -U \"admin%[REDACTED]\" 10.0.0.5",
            ),
            // HTTPie's `-a user:password`.
            (
                "+ http -a deploy:Xk9pL2mQ7rT4 GET https://api.example.com/orders",
                "+ http -a deploy:[REDACTED] GET https://api.example.com/orders",
            ),
            (
                "+ https -a 'deploy:correct horse' api.example.com/orders",
                "+ https -a 'deploy:[REDACTED]' api.example.com/orders",
            ),
            // A quoted value's password runs to its closing quote.
            (
                "+ smbclient //fs/share -U 'admin%correct horse battery' -c ls",
                "+ smbclient //fs/share -U 'admin%[REDACTED]' -c ls",
            ),
            (
                "+ smbclient -U admin%Pa[ss]w0rd;ls //fs/share",
                "+ smbclient -U admin%[REDACTED];ls //fs/share",
            ),
            // The password's own quotes go with it.
            (
                "+ smbclient //fs/share -U admin%'correct horse' -c ls",
                "+ smbclient //fs/share -U admin%[REDACTED] -c ls",
            ),
            // Samba's long spelling, glued with `=` or spaced.
            (
                "+ smbclient //fs/share --user=admin%Xk9pL2mQ7rT4 -c ls",
                "+ smbclient //fs/share --user=admin%[REDACTED] -c ls",
            ),
            (
                "+ smbcacls //fs/share / --user 'CORP\\admin%Xk9p L2mQ' --numeric",
                "+ smbcacls //fs/share / --user 'CORP\\admin%[REDACTED]' --numeric",
            ),
            // In a JSON string.
            (
                "{\"cmd\": \"smbclient //fs/share -U \\\"admin%Xk9pL2mQ7rT4\\\" -c ls\"}",
                "{\"cmd\": \"smbclient //fs/share -U \\\"admin%[REDACTED]\\\" -c ls\"}",
            ),
            // lftp splits at the first comma: the rest is the password.
            (
                "+ lftp -u deploy,Xk9p,L2mQ7rT4 sftp://files.example.com",
                "+ lftp -u deploy,[REDACTED] sftp://files.example.com",
            ),
            (
                "+ lftp -u deploy,Xk9pL2mQ7rT4, then retried",
                "+ lftp -u deploy,[REDACTED], then retried",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn the_same_flags_of_other_commands_and_references_stay() {
        for text in [
            "+ psql -U app%x -h db",
            "+ ps -u root,www-data -o pid",
            "+ tar -a deploy:x",
            "+ smbclient -U backup //fs01/share",
            "+ smbclient -U backup%$SMB_PASSWORD //fs01/share",
            "+ lftp -u deploy sftp://files.example.com",
            "+ http -a :8080 api.example.com",
            "+ http -a deploy api.example.com",
            "+ http -a deploy:$API_PASSWORD api.example.com",
            "see http -a for how to authenticate",
            "+ smbclient -U admin%'$SMB_PASSWORD' //fs01/share",
            "+ smbclient --user admin //fs01/share",
            "+ psql --user=app%x -h db",
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }

    #[test]
    fn a_redaction_that_took_the_flag_takes_the_password_along() {
        let text = "password=-U backup%Xk9pL2mQ7rT4 smbclient";
        // The flag's command stands after it here: nothing announces the password.
        assert_eq!(
            redact(text),
            "password=[REDACTED] backup%Xk9pL2mQ7rT4 smbclient"
        );
        let text = "smbclient password=-U backup%Xk9pL2mQ7rT4 //fs01";
        assert_eq!(redact(text), "smbclient password=[REDACTED] //fs01");
    }
}
