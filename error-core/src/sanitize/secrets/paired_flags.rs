//! Passwords after the user in the value of a command's short flag: Samba's
//! `smbclient -U backup%hunter2` (`rpcclient`, `smbcacls`, `net ads`), `lftp -u
//! deploy,hunter2`, HTTPie's `http -a deploy:hunter2`. The rows are those of
//! `short_flags` spelled [`Spelling::Paired`], each with its command, since the
//! same flag names a user alone elsewhere (`psql -U app`, `ps -u root,www-data`).
//! `curl -u user:password` needs no command and has its own rule (see `urls`).
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
    let mut user = dash + 2;
    user += values::spaces_at(text, user);
    let quote = opening_quote(text.get(user).copied());
    if quote.is_some() {
        user += 1;
    }
    let user_len = text[user.min(text.len())..]
        .iter()
        .take(MAX_USER_LEN + 1)
        .position(|&byte| byte == separator || ends_part(byte))?;
    (user_len > 0 && text[user + user_len] == separator).then_some((user + user_len + 1, quote))
}

/// The quote that `byte` opens a value with, if it is one.
fn opening_quote(byte: Option<u8>) -> Option<values::Quote> {
    match byte? {
        b'"' => Some(values::Quote::Double),
        b'\'' => Some(values::Quote::Single),
        _ => None,
    }
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
    // The user glued to its flag (`-Ubackup%`), or after the flag's spaces and an
    // opening quote.
    let (flag, user_len, quote) = match &before_separator[run_start..] {
        [b'-', letter, user @ ..]
            if !user.is_empty() && short_flags::paired_separator(*letter) == Some(separator) =>
        {
            (&before_separator[..run_start + 2], user.len(), None)
        }
        _ => {
            let before_user = &before_separator[..run_start];
            let quote = opening_quote(before_user.last().copied());
            let before_quote = &before_user[..before_user.len() - usize::from(quote.is_some())];
            (values::trim_spaces_end(before_quote), run_len, quote)
        }
    };
    if user_len == 0 || user_len > MAX_USER_LEN {
        return None;
    }
    let [before_flag @ .., b'-', letter] = flag else {
        return None;
    };
    let letter = *letter;
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
    let end = value_end(text, at, quote);
    let value = &text[at..end];
    // A reference (`-U backup%$SMB_PASSWORD`) or a placeholder is no password.
    let kept = value.is_empty() || wording::is_placeholder(value) || wording::is_reference(value);
    (!kept).then_some(end)
}

/// The end of a password that starts at `at`: its closing `quote`, when a quote
/// opened the flag's value (`-U 'backup%correct horse'`), or where an unquoted
/// value ends.
fn value_end(text: &[u8], at: usize, quote: Option<values::Quote>) -> usize {
    match quote {
        Some(quote) => values::quoted_end(text, at, quote),
        None => values::unquoted_end(text, at),
    }
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
    value_end(text, password, quote).max(end)
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
