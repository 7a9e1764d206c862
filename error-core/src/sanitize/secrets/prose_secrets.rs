//! A token, a secret or a passphrase that prose names after its word and one
//! space, perhaps `is` and a quote: `failed to authenticate with token
//! Kz7Wx2Lq8Rm3Nt5B: 401 Unauthorized`, `secret Lk8Wz2Xq7Rm3Nt5B rejected by
//! upstream`, `passphrase "Wz2Lq8Xk3Rm7Nt5B" does not unlock key`, `using access
//! key Xq8Kz3Lw7Rm2Nt5B for bucket acme-logs`.
//!
//! As after `password` (see `prose_passwords`), most words after these are prose
//! (`unexpected token Identifier`, `secret db-credentials not found`, `token 4096
//! exceeds the budget`), so only a credential-shaped word goes; after `token` and
//! a key's two-word name (`access key`, `secret key`, `signing key`, ...) a
//! key-shaped word too (hex and UUID tokens have one case only), but not after
//! `secret`, where Kubernetes names its secrets (`secret default-token-x7k2p`).
//! The scan finds the words from the `ke` of `token` and `key`, the `cr` of
//! `secret` and `credentials` and the `ph` of `passphrase`. A table's or columns' cell after `token`
//! or `secret` (`token      hvs.CAES...`, as `vault` prints one) is judged as
//! after `password` (see `prose_passwords`).

use super::prose_passwords::{self, IS, is_credential_shaped, is_key_shaped, word_end};
use super::{named_pairs, values};

/// A word that names a secret in prose.
struct Subject {
    /// The word in lowercase; a sentence may capitalise its first letter.
    word: &'static [u8],
    /// Where the anchor's pair of letters starts in the word.
    anchor_offset: usize,
    /// Whether a key-shaped word goes too, not only a credential-shaped one.
    takes_keys: bool,
    /// The words one of which stands before it, when it names a secret only so
    /// (`access key`, `secret key`).
    after: &'static [&'static [u8]],
    /// Whether it names a table's cell alone (`| token | ... |`; see
    /// `prose_passwords`).
    takes_cells: bool,
    /// Whether a sentence may capitalise it: only where the anchor's pair stays
    /// the same (`Token`, `Key`, `Secret`; not the `cr` of `Credentials`).
    capitalised: bool,
}

/// The words, found from the pair of letters at their `anchor_offset`.
const SUBJECTS: [Subject; 6] = [
    Subject {
        word: b"token",
        anchor_offset: 2,
        takes_keys: true,
        after: &[],
        takes_cells: true,
        capitalised: true,
    },
    Subject {
        word: b"key",
        anchor_offset: 0,
        takes_keys: true,
        after: &[
            // `API key` is `prose_passwords`' (found from its `A`); prose in
            // lowercase writes `api key`.
            b"api",
            b"access",
            b"secret",
            b"signing",
            b"encryption",
            b"master",
            b"shared",
            b"license",
        ],
        takes_cells: false,
        capitalised: true,
    },
    Subject {
        word: b"secret",
        anchor_offset: 2,
        takes_keys: false,
        after: &[],
        takes_cells: true,
        capitalised: true,
    },
    Subject {
        word: b"passphrase",
        anchor_offset: 4,
        takes_keys: false,
        after: &[],
        takes_cells: false,
        capitalised: true,
    },
    // `using credentials Xq8K...`; a credential's name or ID after it is a word,
    // a path or a number (`credentials default`, `credential 12`).
    Subject {
        word: b"credentials",
        anchor_offset: 0,
        takes_keys: false,
        after: &[],
        takes_cells: false,
        capitalised: false,
    },
    Subject {
        word: b"credential",
        anchor_offset: 0,
        takes_keys: false,
        after: &[],
        takes_cells: false,
        capitalised: false,
    },
];

/// Whether `found` is `word`, its first letter perhaps a capital.
/// Whether `name` is the word of a subject that stands alone (`token`, `secret`,
/// `passphrase`, `credentials`), as [`push_value_start`] finds it.
pub(super) fn is_lone_subject(name: &[u8]) -> bool {
    SUBJECTS.iter().any(|subject| {
        subject.after.is_empty()
            && is_word(name, subject.word)
            && (subject.capitalised || name[0] == subject.word[0])
    })
}

fn is_word(found: &[u8], word: &[u8]) -> bool {
    found.len() == word.len() && found[0] | 0x20 == word[0] && found[1..] == word[1..]
}

/// Whether a word may start after `before` (`None`: the text's start): after a
/// byte that is no letter or digit, but not inside a name (`access_token`) nor
/// right after a redaction (whose `]` a text without one would not show).
fn starts_word_after(before: Option<&u8>) -> bool {
    before.is_none_or(|&byte| !(byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b']')))
}

/// Whether the subject's word stands at `start` of `text`, as a word after the
/// words it needs before it.
fn stands_at(text: &[u8], start: usize, subject: &Subject) -> bool {
    let Some(found) = text.get(start..start + subject.word.len()) else {
        return false;
    };
    if !is_word(found, subject.word) || (!subject.capitalised && found[0] != subject.word[0]) {
        return false;
    }
    if subject.after.is_empty() {
        return starts_word_after(start.checked_sub(1).map(|before| &text[before]));
    }
    let Some(before) = start.checked_sub(1).filter(|&space| text[space] == b' ') else {
        return false;
    };
    subject.after.iter().any(|word| {
        before.checked_sub(word.len()).is_some_and(|word_start| {
            is_word(&text[word_start..before], word)
                && starts_word_after(word_start.checked_sub(1).map(|byte| &text[byte]))
        })
    })
}

/// Hands `push` where a value may start after the word whose pair of letters is at
/// `anchor`: after its space, after `is`, inside a quote.
pub(super) fn push_value_start(text: &[u8], anchor: usize, push: &mut impl FnMut(usize)) {
    let rest = &text[anchor..];
    for subject in &SUBJECTS {
        // Most pairs are turned away on the rest of the word (`make`, `create`).
        // Byte by byte: most pairs differ from the word a byte or two on.
        let tail = &subject.word[subject.anchor_offset..];
        if !(rest.len() >= tail.len()
            && rest[0] | 0x20 == tail[0]
            && rest[1..tail.len()]
                .iter()
                .zip(&tail[1..])
                .all(|(found, wanted)| found == wanted))
        {
            continue;
        }
        let Some(start) = anchor.checked_sub(subject.anchor_offset) else {
            return;
        };
        if !stands_at(text, start, subject) {
            return;
        }
        let mut at = start + subject.word.len();
        // A table's or columns' cell after `token` or `secret` (see
        // `prose_passwords`).
        if subject.takes_cells {
            prose_passwords::push_cell_after(text, at, push);
        }
        // The second string of a pair in brackets that the word names (Rails' bind
        // parameters, `[["token", "..."]]`: see `named_pairs`).
        if subject.after.is_empty()
            && let Some(value) = named_pairs::second_string_start(text, at)
        {
            push(value);
        }
        if text.get(at) != Some(&b' ') {
            return;
        }
        at += 1;
        push(at);
        if text[at..].starts_with(IS) {
            at += IS.len();
            push(at);
        }
        if let Some(quote) = prose_passwords::prose_quote_at(text, at) {
            push(at + quote);
        }
        return;
    }
}

/// The subject whose word `words` ends with.
fn subject_ending(words: &[u8]) -> Option<&'static Subject> {
    let &[.., before_last, last] = words else {
        return None;
    };
    SUBJECTS.iter().find(|subject| {
        // Most words are turned away on their last two letters (every word is
        // longer).
        subject.word.last() == Some(&last)
            && subject.word.len() > 1
            && subject.word[subject.word.len() - 2] == before_last
            && words
                .len()
                .checked_sub(subject.word.len())
                .is_some_and(|start| stands_at(words, start, subject))
    })
}

/// The end of the secret that starts at `at`, when `emitted` ends with a word that
/// names one, one space, perhaps `is` and a space, perhaps a quote, and the word
/// that follows (without a sentence's closing `.`) has the shape its name asks
/// for. Out of line: most spaces follow no such word.
#[inline(never)]
pub(super) fn value_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    let unquoted = prose_passwords::without_prose_quote(emitted);
    let words = unquoted.strip_suffix(b" ")?;
    let words = words.strip_suffix(b" is").unwrap_or(words);
    let subject = subject_ending(words)?;
    let end = word_end(text, at);
    let value = &text[at..end];
    (is_credential_shaped(value) || (subject.takes_keys && is_key_shaped(value))).then_some(end)
}

/// `end`, or further: a redaction from `at` to `end` that swallowed a word naming
/// a secret, or the `is` after it, takes the value after it along.
pub(super) fn through_swallowed_secret(text: &[u8], at: usize, end: usize) -> usize {
    let swallowed = &text[at..end];
    let unquoted = match swallowed.split_last() {
        Some((b'"' | b'\'', before)) => before,
        _ => swallowed,
    };
    let before_spaces = unquoted.trim_ascii_end();
    let words = before_spaces.strip_suffix(b" is").unwrap_or(before_spaces);
    // The word is read in the text, so that the words it needs before it may
    // stand before the redaction (`htpasswd -b file access key ...` took `key`
    // as the password).
    if words.is_empty() || subject_ending(&text[..at + words.len()]).is_none() {
        return through_word_after_swallowed(text, at, end, swallowed);
    }
    // The value is read after the whole text, not after the redaction alone, for
    // the same reason.
    let through = values::through_announced_value(text, 0, end, value_end);
    if through > end {
        return through;
    }
    // The word alone went: its `is` is still ahead.
    let is = end + usize::from(text.get(end) == Some(&b' '));
    if words.len() == before_spaces.len() && text[is..].starts_with(IS) {
        return values::through_announced_value(text, 0, is + IS.len() - 1, value_end);
    }
    // A word that names a secret alone may be the first of two (`Secret` of
    // `Secret Key`).
    through_word_after_swallowed(text, at, end, swallowed)
}

/// `end`, or further: a redaction from `at` to `end` that swallowed the word a
/// subject needs before it (`-storepass access` took `access` as the flag's
/// value) takes the subject's value along: the subject and its value are still
/// ahead (` key Xq8K...`).
fn through_word_after_swallowed(text: &[u8], at: usize, end: usize, swallowed: &[u8]) -> usize {
    if text.get(end) != Some(&b' ') {
        return end;
    }
    for subject in SUBJECTS.iter().filter(|subject| !subject.after.is_empty()) {
        let word_end = end + 1 + subject.word.len();
        let announces = text
            .get(end + 1..word_end)
            .is_some_and(|word| is_word(word, subject.word))
            && subject.after.iter().any(|word| {
                swallowed
                    .len()
                    .checked_sub(word.len())
                    .is_some_and(|start| {
                        is_word(&swallowed[start..], word)
                            && starts_word_after(
                                start.checked_sub(1).map(|before| &swallowed[before]),
                            )
                    })
            });
        if announces {
            return values::through_announced_value(text, at, word_end, value_end);
        }
    }
    end
}

#[cfg(test)]
mod tests {
    use super::super::redact;

    #[test]
    fn a_shaped_word_after_a_secret_word_goes() {
        for (text, expected) in [
            (
                "failed to authenticate with token Kz7Wx2Lq8Rm3Nt5B: 401 Unauthorized",
                "failed to authenticate with token [REDACTED]: 401 Unauthorized",
            ),
            (
                "secret Lk8Wz2Xq7Rm3Nt5B rejected by upstream",
                "secret [REDACTED] rejected by upstream",
            ),
            (
                "Twilio: SK0123 / secret gOpUsRuozf8Kvpl79j7awmmz6GxyfFjr invalid",
                "Twilio: SK0123 / secret [REDACTED] invalid",
            ),
            (
                "ssh: handshake failed; passphrase WrRHp12ZEHCAn137 does not decrypt ~/.ssh/id_ed25519",
                "ssh: handshake failed; passphrase [REDACTED] does not decrypt ~/.ssh/id_ed25519",
            ),
            (
                r#"error: passphrase "Wz2Lq8Xk3Rm7Nt5B" does not unlock key"#,
                r#"error: passphrase "[REDACTED]" does not unlock key"#,
            ),
            (
                "using access key Xq8Kz3Lw7Rm2Nt5B for bucket acme-logs",
                "using access key [REDACTED] for bucket acme-logs",
            ),
            (
                "Error: api key hz7T0t85bjDOfQLPbfoWrbC4Z2pgeOPGRzBF4oVI rejected",
                "Error: api key [REDACTED] rejected",
            ),
            (
                "signing key 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c does not verify",
                "signing key [REDACTED] does not verify",
            ),
            (
                "Secret Key 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c is invalid",
                "Secret Key [REDACTED] is invalid",
            ),
            (
                "invalid token 8f14e45fceea167a5a36dedd4bea2543",
                "invalid token [REDACTED]",
            ),
            (
                "the token is 'Xq7u8jzPde0IabcdEF12' and expired",
                "the token is '[REDACTED]' and expired",
            ),
            (
                "Token Kz7Wx2Lq8Rm3Nt5B.x9 was revoked.",
                "Token [REDACTED] was revoked.",
            ),
            // A flag's value took the word before `key` (found by the property
            // test): the key goes along.
            (
                " -storepass   access key aA0a0aaAaa0A",
                " -storepass   [REDACTED]",
            ),
            // Columns and tables, as `vault` prints a token.
            (
                "Key      Value\n---      -----\ntoken    Kz7Wx2Lq8Rm3Nt5B\ntoken_ttl    768h",
                "Key      Value\n---      -----\ntoken    [REDACTED]\ntoken_ttl    768h",
            ),
            ("| token | Kz7Wx2Lq8Rm3Nt5B |", "| token | [REDACTED] |"),
            ("Secret\tWz2Lq8Xk3Rm7Nt5B", "Secret\t[REDACTED]"),
            // An argument's rule took `key` alone, the word before it stayed
            // (found by fuzzing).
            (
                "htpasswd -AbCdEfGpa using access key Vu7Ts6Rq5Po4Nm3Lk2 for the bucket",
                "htpasswd -AbCdEfGpa using access [REDACTED] for the bucket",
            ),
            // The same with `API key`, whose words `prose_passwords` reads (found
            // by fuzzing).
            (
                "htpasswd -eAbC invalid API key 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c for x",
                "htpasswd -eAbC invalid API [REDACTED] for x",
            ),
            (
                "[password] => LDAP_BIND_PW=Secret Key '00a0000g0aa00aa0000a0a0a0a0a0a00",
                "[password] => [REDACTED]",
            ),
            (
                "401 Unauthorized for bot token K37oNJ5h4ZR7vG2qkQeOxqM4.79dmEf.lvgFOvVh9zEBaARaLdG0dOmyAMx",
                "401 Unauthorized for bot token [REDACTED]",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn prose_after_a_secret_word_stays() {
        for text in [
            "SyntaxError: Unexpected token Identifier",
            "unexpected token 'export'",
            "secret db-credentials not found",
            "secret default-token-x7k2p not found in namespace kube-system",
            "secret 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c is mounted",
            "token 4096 exceeds the budget",
            "token expired at 2024-01-01T00:00:00Z",
            "the token is required",
            "access key missing",
            "api key ProjectSettingsDialogV2 opened",
            "the api key   rejected",
            "key Xq8Kz3Lw7Rm2Nt5B not found in cache",
            "primary key 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c already exists",
            "mytoken Kz7Wx2Lq8Rm3Nt5B",
            "tokens Kz7Wx2Lq8Rm3Nt5B",
            "TOKEN Kz7Wx2Lq8Rm3Nt5B",
            "the token  Kz7Wx2Lq8Rm3Nt5B",
            "secret      default-token-x7k2p",
            "token       4096",
            "| token | string | The API token |",
            "passphrase $SSH_PASSPHRASE is empty",
            "secret ProjectSettingsDialog opened",
            "token Argon2id parameters",
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }
}
