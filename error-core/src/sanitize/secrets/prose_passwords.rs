//! A password that prose names after the word `password` (or `Password`) and one
//! space, perhaps `is` and a quote: `LDAP bind failed for cn=admin with password
//! Xq7u8jzPde0I`, `the password is 'Xq7u8jzPde0I'`, `Login with username "admin"
//! and password "Xq7u8jzPde0I"`; or after a phrase about a password that a `: `
//! ends, as services print the password they generate at their first start (`A
//! temporary password is generated for root@localhost: ...`, `Generated password
//! for user admin: ...`). After the
//! bare word most values are prose (`password reset`, `password 16 bytes`,
//! `password v2`), so only a credential-shaped word goes: at least [`MIN_LEN`]
//! letters, digits and punctuation a password holds, with a digit, a letter, and
//! both cases or such punctuation, and no wording and no name made of words
//! (`Argon2id`). The scan finds it from the `sw` of `password` (the `.netrc` rule's
//! candidate).
//!
//! The same goes for an API key that prose names after `API key`, `API token` or
//! `API secret` (`Invalid API key 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c`, `the API
//! token "..." has expired`, `Incorrect API key provided: ...`), found from the
//! `A` of `API`: there a key is any long word of letters and digits that is no
//! wording and no name made of words (hex and UUID keys have one case only).
//!
//! A table's or aligned columns' cell after `password`, after a secret's name made
//! of segments (`| DB_PASSWORD | ... |`, `api_key\t...`) or after `token` or
//! `secret` (`token        ...`, as `vault`, `aws ssm` or PowerShell print a
//! value) is judged the same way: a credential-shaped word, or one that starts
//! with 32 hex digits (`vault kv get`'s keys), and a UUID after Vault's
//! `secret_id`, as such columns list shorter digests and IDs too (`fly secrets
//! list`, a Kubernetes UID). A numbered `password1` names a cell as `password`
//! does.
//!
//! The word is judged on itself alone, never on what follows it, and every test
//! is one that a word cut short by the window passes only if the whole word did:
//! a second sanitizing of a cut output must keep what the first kept.

use super::super::REDACTED;
use super::glued_values::{self, Reading};
use super::{names, setter_values, values, wording};

/// The word before the value, and as a sentence starts with it.
const PASSWORD: &[u8] = b"password";
const CAPITALISED: &[u8] = b"Password";

/// The shortest value taken: a password generators and policies would give.
const MIN_LEN: usize = 8;

/// The punctuation a password holds and prose's words do not: `.` (versions,
/// file names), `-` and `_` (names) and `/` (paths) are left out.
const fn is_password_punctuation(byte: u8) -> bool {
    matches!(
        byte,
        b'!' | b'@' | b'#' | b'$' | b'%' | b'^' | b'&' | b'*' | b'+' | b'=' | b'?' | b'~'
    )
}

/// The bytes of the word after `password`: letters, digits, a password's
/// punctuation, and the `.`, `-` and `_` inside a token (a Discord bot token's
/// `.` is no end of the word).
const fn is_word_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric()
        || is_password_punctuation(byte)
        || matches!(byte, b'.' | b'-' | b'_')
}

/// Hands `push` where a password may start after the `password` whose `sw` is at
/// `sw`, other than right after its spaces (the `.netrc` rule's candidate): after
/// `is` (`password is ...`), inside a quote (`password "..."`, `password is
/// '...'`), and after each `: ` that ends a phrase of the word's line within
/// [`MAX_PHRASE_LEN`] bytes of it.
pub(super) fn push_password_start(text: &[u8], sw: usize, push: &mut impl FnMut(usize)) {
    let Some(word) = sw.checked_sub(3) else {
        return;
    };
    let rest = &text[word..];
    if !(rest.starts_with(PASSWORD) || rest.starts_with(CAPITALISED)) {
        return;
    }
    push_after_phrase(text, word, push);
    let mut at = word + PASSWORD.len();
    // A table's cell after the word's (`| password | ...`), or a cell after tabs.
    push_cell_after(text, at, push);
    if text.get(at) != Some(&b' ') {
        return;
    }
    at += 1;
    if text[at..].starts_with(IS) {
        at += IS.len();
        push(at);
    }
    if let Some(quote) = prose_quote_at(text, at) {
        push(at + quote);
    }
}

/// The word that may stand between `password` and the password.
pub(super) const IS: &[u8] = b"is ";

/// The bars between a table's cells: ASCII's (`| password | ... |`, psql's) and
/// the box-drawing one that some CLIs print (`│ DB_PASSWORD │ ... │`, doppler's).
const CELL_BARS: [&[u8]; 2] = [b"|", "\u{2502}".as_bytes()];

/// The first byte of every bar of [`CELL_BARS`].
pub(super) const fn may_start_cell_bar(byte: u8) -> bool {
    matches!(byte, b'|' | 0xE2)
}

/// `bytes` without the bar it ends with, if it ends with one.
fn strip_cell_bar(bytes: &[u8]) -> Option<&[u8]> {
    CELL_BARS.iter().find_map(|bar| bytes.strip_suffix(*bar))
}

/// Where the next cell starts when a word of a table ends at `word_end`: after
/// blanks and a bar and its blanks (`| password | ...`), or after more than one
/// blank or a tab (`password\t\t...`, columns aligned with spaces).
fn cell_after(text: &[u8], word_end: usize) -> Option<usize> {
    let blanks = values::spaces_at(text, word_end);
    let after_blanks = word_end + blanks;
    if let Some(bar) = CELL_BARS
        .iter()
        .find(|bar| text[after_blanks.min(text.len())..].starts_with(bar))
    {
        let bar_end = after_blanks + bar.len();
        return Some(bar_end + values::spaces_at(text, bar_end));
    }
    let columns = blanks > 1 || text.get(word_end) == Some(&b'\t');
    columns.then_some(after_blanks)
}

/// Hands `push` where the cell after a word that ends at `word_end` starts (see
/// [`cell_after`]), and inside its quote.
pub(super) fn push_cell_after(text: &[u8], word_end: usize, push: &mut impl FnMut(usize)) {
    if let Some(cell) = cell_after(text, word_end) {
        push(cell);
        if let Some((_, quote)) = values::quote_at(text, cell) {
            push(cell + quote.len());
        }
    }
}

/// Whether `emitted` ends where a table's or columns' cell starts (see
/// [`cell_after`]) after the word `password`, a secret's name made of segments
/// (`DB_PASSWORD`, `api_key`) or the word `token` or `secret`: after the cell's
/// bar, the word standing in a cell of its own (`| user | alice |\n| password | `)
/// or first on its line (psql's ` api_key | ...`); after a tab, the word standing
/// as a word (`password\t`); after spaces, the word standing first on its line
/// (`token        `, as `vault` prints a token). Prose that puts spaces after the
/// word (`the password  Xq7u...`) is no table.
fn ends_secret_cell(emitted: &[u8]) -> bool {
    let trimmed = values::trim_spaces_end(emitted);
    if let Some(before_bar) = strip_cell_bar(trimmed) {
        // A redaction may have taken the bar before the word (`Authorization: |`
        // read the bar as a scheme's credential).
        return before_cell_word(values::trim_spaces_end(before_bar)).is_some_and(|before| {
            let before_cell = values::trim_spaces_end(before);
            strip_cell_bar(before_cell).is_some()
                || before_cell.ends_with(REDACTED.as_bytes())
                || matches!(before_cell.last(), None | Some(b'\n' | b'\r'))
        });
    }
    let blanks = &emitted[trimmed.len()..];
    let Some(before) = before_cell_word(trimmed) else {
        return false;
    };
    if blanks.contains(&b'\t') {
        before.last().is_none_or(u8::is_ascii_whitespace)
    } else {
        blanks.len() > 1
            && matches!(
                values::trim_spaces_end(before).last(),
                None | Some(b'\n' | b'\r')
            )
    }
}

/// The words that name a cell of a secret alone (`| token | ... |`), as a sentence
/// or a header capitalises them too.
const CELL_WORDS: [&[u8]; 4] = [b"token", b"Token", b"secret", b"Secret"];

/// What stands before the word that names a secret's cell, which `words` ends with.
fn before_cell_word(words: &[u8]) -> Option<&[u8]> {
    // A word of its own, not a name's last segment (`default_token`, `db_password`,
    // which are names of their own).
    let own_word = |before: &[u8]| {
        before.last().is_none_or(|&byte| {
            !(byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.'))
        })
    };
    // A copy's number after `password` names the same (`password1`, see
    // `names::without_ordinal`); the scan finds it from the name's anchor.
    if let Some(before) =
        before_password(names::without_ordinal(words)).filter(|before| own_word(before))
    {
        return Some(before);
    }
    if ends_with_setting_name(words) {
        let name = values::trailing_key(words);
        return Some(&words[..words.len() - name.len()]);
    }
    CELL_WORDS.iter().find_map(|word| {
        let before = words.strip_suffix(*word)?;
        own_word(before).then_some(before)
    })
}

/// What stands before the word `password` (or `Password`) that `words` ends with.
fn before_password(words: &[u8]) -> Option<&[u8]> {
    words
        .strip_suffix(PASSWORD)
        .or_else(|| words.strip_suffix(CAPITALISED))
}

/// The word before the word that names an API key, as prose writes it.
const API: &[u8] = b"API ";

/// The words after `API` that name a key (in any case: `API Key`, `API KEY`).
const API_SUBJECTS: [&[u8]; 3] = [b"key", b"token", b"secret"];

/// The words for a key that follow `API` in other languages: German's
/// `API-Schlüssel`, Japanese `APIキー`, Chinese `API 密钥`.
const FOREIGN_API_SUBJECTS: [&str; 7] = [
    "-Schlüssel",
    " Schlüssel",
    "-schlüssel",
    "キー",
    " キー",
    "密钥",
    " 密钥",
];

/// The words for a key that `API` follows in other languages, and their space:
/// French `clé API`, Spanish `clave de API`, Portuguese `chave de API`, Italian
/// `chiave API`, Russian `ключ API`, a sentence's first word capitalised.
const FOREIGN_API_KEYS_BEFORE: [&str; 10] = [
    "clé ",
    "Clé ",
    "clave de ",
    "Clave de ",
    "chave de ",
    "Chave de ",
    "chiave ",
    "Chiave ",
    "ключ ",
    "Ключ ",
];

/// The shortest API key taken after `API key`.
const MIN_KEY_LEN: usize = 16;

/// What a phrase before a `: ` is about.
#[derive(Clone, Copy)]
enum Subject {
    Password,
    ApiKey,
}

/// Where the words `API key` (`API token`, `API secret`, or another language's
/// words after `API`: `API-Schlüssel`) that start at `a` end, when they stand
/// there as words.
fn api_subject_end(text: &[u8], a: usize) -> Option<usize> {
    let after_api = after_api(text, a)?;
    let stands_alone = |end: usize| !text.get(end).is_some_and(u8::is_ascii_alphanumeric);
    if let Some(rest) = after_api.strip_prefix(b" ")
        && let Some(subject) = API_SUBJECTS.iter().find(|subject| {
            rest.get(..subject.len())
                .is_some_and(|word| word.eq_ignore_ascii_case(subject))
        })
    {
        let end = a + API.len() + subject.len();
        return stands_alone(end).then_some(end);
    }
    let subject = FOREIGN_API_SUBJECTS
        .iter()
        .find(|subject| after_api.starts_with(subject.as_bytes()))?;
    let end = a + API.len() - 1 + subject.len();
    stands_alone(end).then_some(end)
}

/// Where the word `API` that starts at `a` ends, when another language's word for
/// a key stands before it (`clé API`, `clave de API`, `ключ API`).
fn api_after_key_word_end(text: &[u8], a: usize) -> Option<usize> {
    after_api(text, a)?;
    let end = a + API.len() - 1;
    let before = &text[..a];
    // The word starts a word, though not right after a redaction, whose `]` the
    // text does not show.
    let after_key_word = FOREIGN_API_KEYS_BEFORE.iter().any(|word| {
        before.ends_with(word.as_bytes())
            && before[..before.len() - word.len()]
                .last()
                .is_none_or(|&byte| !(byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b']')))
    });
    (after_key_word && !text.get(end).is_some_and(u8::is_ascii_alphanumeric)).then_some(end)
}

/// What follows the `API` that starts a word at `a`.
fn after_api(text: &[u8], a: usize) -> Option<&[u8]> {
    if a.checked_sub(1)
        .is_some_and(|before| text[before].is_ascii_alphanumeric())
    {
        return None;
    }
    text[a..].strip_prefix(&API[..API.len() - 1])
}

/// Whether `words` ends with `API key` (`API token`, `API secret`, or another
/// language's words) standing as words.
fn ends_with_api_subject(words: &[u8]) -> bool {
    // Most words are turned away on the `A` that would start `API`.
    let api_at = |len: usize| {
        words
            .len()
            .checked_sub(len)
            .filter(|&start| words[start] == b'A')
    };
    API_WORDS_LENS[..API_WORDS_LENS_COUNT].iter().any(|&len| {
        api_at(len).is_some_and(|start| api_subject_end(words, start) == Some(words.len()))
    }) || api_at(API.len() - 1)
        .is_some_and(|start| api_after_key_word_end(words, start) == Some(words.len()))
}

/// The lengths of the words [`api_subject_end`] reads from the `A` of `API`, each
/// once (`API token` is as long as `APIキー`): the first [`API_WORDS_LENS_COUNT`].
const API_WORDS_LENS: [usize; API_SUBJECTS.len() + FOREIGN_API_SUBJECTS.len()] =
    distinct_api_words_lens().0;
const API_WORDS_LENS_COUNT: usize = distinct_api_words_lens().1;

/// [`API_WORDS_LENS`] and how many there are.
const fn distinct_api_words_lens() -> (
    [usize; API_SUBJECTS.len() + FOREIGN_API_SUBJECTS.len()],
    usize,
) {
    let mut lens = [0; API_SUBJECTS.len() + FOREIGN_API_SUBJECTS.len()];
    let mut count = 0;
    let mut index = 0;
    while index < lens.len() {
        let len = if index < API_SUBJECTS.len() {
            API.len() + API_SUBJECTS[index].len()
        } else {
            API.len() - 1 + FOREIGN_API_SUBJECTS[index - API_SUBJECTS.len()].len()
        };
        let mut seen = 0;
        while seen < count && lens[seen] != len {
            seen += 1;
        }
        if seen == count {
            lens[count] = len;
            count += 1;
        }
        index += 1;
    }
    (lens, count)
}

/// Whether `words` ends with a secret's name made of segments (`api_secret`,
/// `DB_PASSWORD`, `X-Auth-Token`) that the scan finds from its anchors, so that the
/// word after it in prose is read like the word after `password`
/// (`api_secret WWJ7bTwAtYO1JglkOxf4 does not match`). Out of line: it reads the
/// name back.
#[inline(never)]
fn ends_with_setting_name(words: &[u8]) -> bool {
    // Most words are turned away on their last letters, before the name is read.
    if !names::has_secret_ending(words) {
        return false;
    }
    let name = values::trailing_key(words);
    // Segments joined inside the name: a leading `-` makes a flag's name.
    name.first().is_some_and(u8::is_ascii_alphanumeric)
        && name.iter().any(|&byte| matches!(byte, b'_' | b'-' | b'.'))
        && setter_values::holds_anchor(name)
        && names::is_secret_name(name)
}

/// Hands `push` where an API key may start after the `API key` (`API token`, `API
/// secret`) whose `A` is at `a`: right after its space, after `is`, inside a quote,
/// and after each `: ` that ends a phrase of its line within [`MAX_PHRASE_LEN`]
/// bytes of it.
pub(super) fn push_api_key_start(text: &[u8], a: usize, push: &mut impl FnMut(usize)) {
    // `clé API token...` reads as `API token` too.
    let ends = [api_subject_end(text, a), api_after_key_word_end(text, a)];
    if ends.iter().all(Option::is_none) {
        return;
    }
    push_after_phrase(text, a, push);
    for words_end in ends.into_iter().flatten() {
        if text.get(words_end) != Some(&b' ') {
            continue;
        }
        let mut at = words_end + 1;
        push(at);
        if text[at..].starts_with(IS) {
            at += IS.len();
            push(at);
        }
        if let Some(quote) = prose_quote_at(text, at) {
            push(at + quote);
        }
    }
}

/// The furthest a phrase's `: ` stands from the start of its `password`.
const MAX_PHRASE_LEN: usize = 128;

/// What ends a phrase about a password, before the password.
const PHRASE_END: &[u8] = b": ";

/// Pushes the position after each `: ` of the line within [`MAX_PHRASE_LEN`] bytes
/// of `word`, the start of a `password`.
#[inline(never)]
fn push_after_phrase(text: &[u8], word: usize, push: &mut impl FnMut(usize)) {
    let searched = &text[word..text.len().min(word + MAX_PHRASE_LEN + PHRASE_END.len())];
    for colon in memchr::memchr2_iter(b':', b'\n', searched) {
        if searched[colon] == b'\n' {
            return;
        }
        if searched[colon..].starts_with(PHRASE_END) {
            push(word + colon + PHRASE_END.len());
        }
    }
}

/// What `emitted` ends with a phrase about, and its `: ` (`Generated password for
/// user admin: `, `Incorrect API key provided: `): a `password` at a word's start,
/// or the words `API key`, within [`MAX_PHRASE_LEN`] bytes before the `: `, on its
/// line, and no redaction between (the output then reads as the text, where the
/// scan found the `: `).
fn phrase_subject(emitted: &[u8]) -> Option<Subject> {
    let phrase = emitted.strip_suffix(PHRASE_END)?;
    let start = phrase.len().saturating_sub(MAX_PHRASE_LEN);
    let searched = &phrase[start..];
    // From the end back to the line's start, found from the `w` of `password`, a
    // rare letter, or the `A` of `API`.
    for found in memchr::memrchr3_iter(b'w', b'A', b'\n', searched) {
        let (subject, word) = match searched[found] {
            b'\n' => return None,
            b'A' => {
                if api_subject_end(phrase, start + found).is_none() {
                    continue;
                }
                (Subject::ApiKey, found)
            }
            _ => {
                let word = found.checked_sub(4)?;
                let at_word_start = (start + word)
                    .checked_sub(1)
                    .is_none_or(|before| !phrase[before].is_ascii_alphanumeric());
                if !(matches!(searched[word], b'p' | b'P')
                    && searched[word + 1..].starts_with(&PASSWORD[1..])
                    && at_word_start)
                {
                    continue;
                }
                (Subject::Password, word)
            }
        };
        return memchr::memmem::find(&searched[word..], REDACTED.as_bytes())
            .is_none()
            .then_some(subject);
    }
    None
}

/// Whether `value` is a number in hex (`0xC000006D`, a Windows status after `bad
/// password. Status: `), or a beginning of one.
fn is_hex_number(value: &[u8]) -> bool {
    match value {
        [b'0'] => true,
        [b'0', b'x' | b'X', digits @ ..] => digits.iter().all(u8::is_ascii_hexdigit),
        _ => false,
    }
}

/// The end of the password that starts at `at`, when `emitted` ends with the word
/// `password`, one space, perhaps `is` and a space, perhaps a quote, and the word
/// that follows (without a sentence's closing `.`) is credential-shaped.
/// Out of line: most spaces follow no such word.
#[inline(never)]
pub(super) fn password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    judged_password_end(emitted, text, at).map(|judged| {
        // The password goes through the rest of its word.
        let word_end = word_end(text, at);
        glued_values::through_glued_punctuation(text, at, word_end, Reading::Redacting).max(judged)
    })
}

/// The quotes prose puts around a word: straight, curly (`“...”`, `‘...’`),
/// low-high (`„...“`), guillemets (`«...»`) and Markdown's backtick.
const PROSE_QUOTES: [&str; 7] = ["\"", "'", "`", "\u{201c}", "\u{2018}", "\u{201e}", "\u{ab}"];

/// The length of the quote of [`PROSE_QUOTES`] that opens at `at`, if one does.
pub(super) fn prose_quote_at(text: &[u8], at: usize) -> Option<usize> {
    let rest = text.get(at..)?;
    PROSE_QUOTES
        .iter()
        .find(|quote| rest.starts_with(quote.as_bytes()))
        .map(|quote| quote.len())
}

/// `emitted` without the quote of [`PROSE_QUOTES`] it ends with, if any.
pub(super) fn without_prose_quote(emitted: &[u8]) -> &[u8] {
    PROSE_QUOTES
        .iter()
        .find_map(|quote| emitted.strip_suffix(quote.as_bytes()))
        .unwrap_or(emitted)
}

/// The end of the password that starts at `at` as [`password_end`] judges it: its
/// word, and the brackets and separators a generated password holds glued to more
/// of it (`T4laE)%5!O(-<zVV`).
fn judged_password_end(emitted: &[u8], text: &[u8], at: usize) -> Option<usize> {
    // A cell and a setting's name are read after a straight quote only, as the scan
    // finds them; a password's word or `API key` in prose after any prose quote.
    let unquoted = match emitted.split_last() {
        Some((b'"' | b'\'', before)) => before,
        _ => emitted,
    };
    // A table's row or aligned columns: `| password | ... |`, `password\t\t...`,
    // `DB_PASSWORD      ...`, `token      ...`. Only a credential-shaped word, or
    // hex as long as a key (`vault kv get`'s 32 hex digits): a column of short hex
    // or of UUIDs holds digests and IDs (`fly secrets list`, a Kubernetes object's
    // UID), but for Vault's AppRole `secret_id`, which is a UUID.
    if ends_secret_cell(unquoted) {
        let end = value_end(text, at);
        let value = &text[at..end];
        let taken = is_credential_shaped(value)
            || starts_with_hex_key(value)
            || (names::is_secret_id(values::trim_spaces_end(unquoted)) && starts_with_uuid(value));
        return taken.then(|| through_base64_rest(text, end));
    }
    if emitted.ends_with(PHRASE_END) {
        // Most `: `s end no phrase about a password or a key: the value is judged
        // first.
        let end = value_end(text, at);
        let value = &text[at..end];
        // A key shown masked but for its prefix (Stripe's `Invalid API Key
        // provided: sk_test_****1234`) is no key, and a number in hex a status.
        if !(is_credential_shaped(value) || is_key_shaped(value))
            || wording::is_prefixed_mask(value)
            || is_hex_number(value)
        {
            return None;
        }
        return match phrase_subject(emitted)? {
            Subject::Password => is_credential_shaped(value),
            Subject::ApiKey => is_key_shaped(value),
        }
        .then_some(end);
    }
    // A secret's name and its value, as a log line may write them; not `is` between
    // them, where the scan does not look.
    if let Some(word) = unquoted.strip_suffix(b" ")
        && ends_with_setting_name(word)
    {
        let end = value_end(text, at);
        let value = &text[at..end];
        // A flag after the name is the next argument (`gh secret set API_TOKEN
        // --body=...`).
        return (!value.starts_with(b"-") && (is_key_shaped(value) || is_credential_shaped(value)))
            .then_some(end);
    }
    let word = without_prose_quote(emitted).strip_suffix(b" ")?;
    let word = word.strip_suffix(b" is").unwrap_or(word);
    if ends_with_api_subject(word) {
        let end = value_end(text, at);
        return is_key_shaped(&text[at..end]).then_some(end);
    }
    let before_word = before_password(word)?;
    if before_word
        .last()
        .is_some_and(|&byte| !byte.is_ascii_whitespace())
    {
        return None;
    }
    let end = value_end(text, at);
    is_credential_shaped(&text[at..end]).then_some(end)
}

/// `end`, or further: the rest of a base64 value after the `/` that ended its
/// judged word (`Xq7u8jzPde0IabcdEF12/ghIjKlMnOp+QrSt==`), which would show
/// otherwise.
fn through_base64_rest(text: &[u8], end: usize) -> usize {
    if text.get(end) != Some(&b'/') {
        return end;
    }
    end + text[end..]
        .iter()
        .take_while(|&&byte| byte.is_ascii_alphanumeric() || matches!(byte, b'/' | b'+' | b'='))
        .count()
}

/// The end of the password that starts at `at` as it is judged (see
/// `glued_values`).
fn value_end(text: &[u8], at: usize) -> usize {
    glued_values::through_glued_punctuation(text, at, word_end(text, at), Reading::Judging)
}

/// The end of the word that starts at `at`, without a sentence's closing `.`.
pub(super) fn word_end(text: &[u8], at: usize) -> usize {
    let run = text[at..]
        .iter()
        .take_while(|&&byte| is_word_byte(byte))
        .count();
    at + text[at..at + run]
        .iter()
        .rposition(|&byte| byte != b'.')
        .map_or(0, |last| last + 1)
}

/// `end`, or further: a redaction from `at` to `end` that swallowed the word
/// `password` (`Authorization: with password ...` read `with` as a scheme and
/// `password` as its credential), its `is` or a phrase about it (a SQL string
/// that ran to the quote of `the password is '...'`) takes a credential-shaped
/// word after it along.
pub(super) fn through_swallowed_password(text: &[u8], at: usize, end: usize) -> usize {
    let swallowed = &text[at..end];
    // The word of a table's cell or column went (`> AUTH | password | ...` took
    // `password` as the command's argument): the next cell goes too. The cell is
    // told by the bytes before the word, which stand in the text.
    if before_password(swallowed).is_some()
        && let Some(cell) = cell_after(text, end)
    {
        // The rule reads the text from its start up to the cell.
        let through = values::through_announced_value(text, 0, cell, password_end);
        if through > cell {
            return through;
        }
    }
    // The `API` of `API key` went alone (`Authorization= invalid API key ...` read
    // `invalid` as a scheme and `API` as its credential): the key after the words
    // goes too, right after them, after `is`, or after a phrase's `: `.
    if swallowed.ends_with(b"API")
        && let Some(words_end) = api_subject_end(text, end - 3)
    {
        return through_api_key(text, at, words_end, end - 3, end);
    }
    // Or its `key` went alone (`htpasswd -b f invalid API key ...` took `key` as
    // the password): the same, with the words read from the `API` that stands
    // before the redaction in the text.
    if let Some(api) = at.checked_sub(4).filter(|&api| &text[api..at] == b"API ")
        && api_subject_end(text, api).is_some_and(|words_end| words_end <= end)
    {
        return through_api_key(text, api, end, api, end);
    }
    // A word of a phrase about a password went (`htpasswd -b Generated password
    // for user admin: ...` took `for` as the password): the value after the
    // phrase's `: ` goes too. The phrase is read in the text. Most redactions took
    // no such word, a short one in lowercase.
    if swallowed.len() <= MAX_PHRASE_WORD_LEN
        && swallowed.iter().all(u8::is_ascii_lowercase)
        && let Some(word) = password_word_before(text, at)
    {
        let through = through_phrase_value(text, word, end, word);
        if through > end {
            return through;
        }
    }
    let unquoted = match swallowed.split_last() {
        Some((b'"' | b'\'', before)) => before,
        _ => swallowed,
    };
    let before_spaces = unquoted.trim_ascii_end();
    let word = before_spaces.strip_suffix(b" is").unwrap_or(before_spaces);
    if !(word.ends_with(PASSWORD)
        || word.ends_with(CAPITALISED)
        || swallowed.ends_with(b":")
        || ends_with_api_subject(word)
        || ends_with_setting_name(word))
    {
        return end;
    }
    let through = values::through_announced_value(text, at, end, password_end);
    if through > end {
        return through;
    }
    // The word alone went (`Authorization= the password is '...'` read `the` as a
    // scheme and `password` as its credential): its `is` is still ahead, or the
    // rest of a phrase about it (`wpa_passphrase Generated password for user
    // admin: ...` took `password` as the passphrase).
    if let Some(after_is) = after_is(text, end) {
        return values::through_announced_value(text, at, after_is, password_end);
    }
    if word.len() < before_spaces.len()
        || !(word.ends_with(PASSWORD) || word.ends_with(CAPITALISED))
    {
        return end;
    }
    through_phrase_value(text, at, end, at + word.len() - PASSWORD.len())
}

/// The longest word of a phrase that a redaction may have taken.
const MAX_PHRASE_WORD_LEN: usize = 16;

/// Where the last `password` (or `Password`) that starts a word stands before
/// `at` on its line, within [`MAX_PHRASE_LEN`] bytes.
fn password_word_before(text: &[u8], at: usize) -> Option<usize> {
    let from = at.saturating_sub(MAX_PHRASE_LEN);
    let searched = &text[from..at];
    for found in memchr::memrchr2_iter(b'w', b'\n', searched) {
        if searched[found] == b'\n' {
            return None;
        }
        let Some(word) = (from + found).checked_sub(4) else {
            continue;
        };
        let at_word_start = word
            .checked_sub(1)
            .is_none_or(|before| !text[before].is_ascii_alphanumeric());
        if at_word_start
            && (text[word..].starts_with(PASSWORD) || text[word..].starts_with(CAPITALISED))
        {
            return Some(word);
        }
    }
    None
}

/// `end`, or further: the end of the key after `API key`'s words, which start at
/// `api` and end at `words_end` (or after the redaction that ends at `end` took
/// them), read with the text from `emitted_from` before it: right after the words,
/// after `is`, or after the `: ` of a phrase about the key.
fn through_api_key(
    text: &[u8],
    emitted_from: usize,
    words_end: usize,
    api: usize,
    end: usize,
) -> usize {
    let direct = values::through_announced_value(text, emitted_from, words_end, password_end);
    if direct > words_end {
        return direct;
    }
    if let Some(after_is) = after_is(text, words_end) {
        let through = values::through_announced_value(text, emitted_from, after_is, password_end);
        if through > after_is {
            return through;
        }
    }
    through_phrase_value(text, emitted_from, end, api)
}

/// Where the `is` after the words that end at `words_end` (perhaps after a space)
/// ends, before its own space, when one stands there (`password is '...'`).
fn after_is(text: &[u8], words_end: usize) -> Option<usize> {
    let is = words_end + usize::from(text.get(words_end) == Some(&b' '));
    text[is..].starts_with(IS).then(|| is + IS.len() - 1)
}

/// `end`, or the end of the value after the first `: ` past `end` that ends a
/// phrase starting at `phrase_start` (see [`push_after_phrase`]), when a redaction
/// from `at` to `end` took the phrase's subject.
fn through_phrase_value(text: &[u8], at: usize, end: usize, phrase_start: usize) -> usize {
    let mut furthest = end;
    push_after_phrase(text, phrase_start, &mut |value| {
        if furthest == end
            && value > end
            && let Some(value_end) = password_end(&text[at..value], text, value)
        {
            furthest = value_end;
        }
    });
    furthest
}

/// Whether `value` looks like an API key: at least [`MIN_KEY_LEN`] bytes with a
/// digit and a letter, and no wording, no reference and no name made of words.
pub(super) fn is_key_shaped(value: &[u8]) -> bool {
    value.len() >= MIN_KEY_LEN
        && value.iter().any(u8::is_ascii_digit)
        && value.iter().any(u8::is_ascii_alphabetic)
        && !is_made_of_words(value)
        && !wording::is_wording(value)
        && !wording::is_reference(value)
}

/// The fewest hex digits a key written in hex has: 128 bits (a digest that
/// lists a secret is shorter, `fly secrets list`'s 16).
const MIN_HEX_KEY_LEN: usize = 32;

/// Whether `value` starts with a key written in hex: [`MIN_HEX_KEY_LEN`] hex digits
/// at least, with a digit and a letter among them. What follows them does not
/// matter, so that a value cut short is taken no more than whole.
pub(super) fn starts_with_hex_key(value: &[u8]) -> bool {
    let digits = value
        .iter()
        .take_while(|byte| byte.is_ascii_hexdigit())
        .count();
    let hex = &value[..digits];
    digits >= MIN_HEX_KEY_LEN
        && hex.iter().any(u8::is_ascii_digit)
        && hex.iter().any(u8::is_ascii_alphabetic)
}

/// Whether `value` starts with a UUID (`9184c43d-c06e-47d9-a94c-d15759546137`),
/// whatever follows it.
fn starts_with_uuid(value: &[u8]) -> bool {
    value.first_chunk::<36>().is_some_and(|uuid| {
        uuid.iter().enumerate().all(|(at, byte)| match at {
            8 | 13 | 18 | 23 => *byte == b'-',
            _ => byte.is_ascii_hexdigit(),
        })
    })
}

/// Whether `value` mixes what a generated or policy-made password mixes: at least
/// [`MIN_LEN`] bytes with a digit and a letter, and both cases or punctuation; and
/// is no wording and no name made of words (`Argon2id`, `UTF8String`,
/// `PBKDF2WithHmacSHA256`).
pub(super) fn is_credential_shaped(value: &[u8]) -> bool {
    let has = |wanted: fn(&u8) -> bool| value.iter().any(wanted);
    value.len() >= MIN_LEN
        && has(u8::is_ascii_digit)
        && has(u8::is_ascii_alphabetic)
        && ((has(u8::is_ascii_uppercase) && has(u8::is_ascii_lowercase))
            || has(|&byte| is_password_punctuation(byte)))
        && !is_made_of_words(value)
        && !wording::is_wording(value)
        && !wording::is_reference(value)
}

/// Whether every word of `value`'s letters (split at other bytes and where camel
/// case starts one: `Hmac|SHA`, `SHA|With`) reads as a word: lowercase or
/// capitalised and three letters long at least, an acronym, or a short lowercase
/// ending (`Argon2id`). Random passwords have words like `Xq` and `u`.
fn is_made_of_words(value: &[u8]) -> bool {
    let mut start = 0;
    while start < value.len() {
        if !value[start].is_ascii_alphabetic() {
            start += 1;
            continue;
        }
        let mut end = start + 1;
        while end < value.len() && value[end].is_ascii_alphabetic() && !starts_word(value, end) {
            end += 1;
        }
        let word = &value[start..end];
        let last = value[end..].iter().all(|byte| !byte.is_ascii_alphabetic());
        let lower = |letters: &[u8]| letters.iter().all(u8::is_ascii_lowercase);
        let upper = |letters: &[u8]| letters.iter().all(u8::is_ascii_uppercase);
        // The last word may be one cut short: any beginning of a word passes, so
        // that a value cut by the window is no more credential-shaped than whole.
        let reads_as_word = if last {
            lower(&word[1..]) || upper(word)
        } else {
            (word.len() >= 3 && lower(&word[1..])) || (word.len() >= 2 && upper(word))
        };
        if !reads_as_word {
            return false;
        }
        start = end;
    }
    true
}

/// Whether camel case starts a word at `at` (a letter after a letter): a capital
/// after a lowercase letter, or a capital before a lowercase one after a capital.
fn starts_word(value: &[u8], at: usize) -> bool {
    let (before, here) = (value[at - 1], value[at]);
    here.is_ascii_uppercase()
        && (before.is_ascii_lowercase()
            || (before.is_ascii_uppercase()
                && value.get(at + 1).is_some_and(u8::is_ascii_lowercase)))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::redact;
    use super::{is_credential_shaped, is_key_shaped};

    proptest! {
        /// A word cut short is credential-shaped (or key-shaped) only if the whole
        /// word is: what a cut output keeps, a second sanitizing keeps.
        #[test]
        fn a_word_cut_short_is_no_more_credential_or_key_shaped(
            word in "[A-Za-z0-9.!$~*_-]{8,48}",
        ) {
            for shaped in [is_credential_shaped, is_key_shaped] {
                let whole = shaped(word.as_bytes());
                for cut in 1..word.len() {
                    prop_assert!(
                        !shaped(&word.as_bytes()[..cut]) || whole,
                        "{} is, {word} is not", &word[..cut]
                    );
                }
            }
        }
    }

    #[test]
    fn a_credential_shaped_word_after_password_goes() {
        for (text, expected) in [
            (
                "LDAP bind failed for cn=admin,dc=example,dc=com with password Xq7u8jzPde0I",
                "LDAP bind failed for cn=admin,dc=example,dc=com with password [REDACTED]",
            ),
            (
                "login as alice with password aB3dE5fG7hJ9 failed.",
                "login as alice with password [REDACTED] failed.",
            ),
            ("password P@ssw0rd123, retry", "password [REDACTED], retry"),
            (
                "login failed: the password is Lw3Zq8Xk2Rm7Nt5B but the server rejected it",
                "login failed: the password is [REDACTED] but the server rejected it",
            ),
            ("password is 'Lx9Wq3Kz7Rm2Nt5B'", "password is '[REDACTED]'"),
            // A table's row, and columns aligned with tabs or spaces.
            (
                "| user | alice |\n| password | Wk9Zx3Lq7Rm2Nt5A |",
                "| user | alice |\n| password | [REDACTED] |",
            ),
            ("password\t\tXw9Kz3Lq7Rm2Nt5A", "password\t\t[REDACTED]"),
            // A secret's name in a table or columns (`vault`'s, `aws ssm`'s,
            // PowerShell's output).
            (
                "| Key | Value |\n|---|---|\n| DB_PASSWORD | YgW63yQ4rF8Cm1QMMb93 |",
                "| Key | Value |\n|---|---|\n| DB_PASSWORD | [REDACTED] |",
            ),
            (
                "KEY                VALUE\nDB_USER            app\ndb_password        Wq8sdPz0cc19",
                "KEY                VALUE\nDB_USER            app\ndb_password        [REDACTED]",
            ),
            ("api_key\tXq7u8jzPde0IabcdEF12", "api_key\t[REDACTED]"),
            (
                "| api_key | Xq7u8jzPde0IabcdEF12/ghIjKlMnOp+QrSt== |",
                "| api_key | [REDACTED] |",
            ),
            // psql's rows, and a box-drawing table (doppler's).
            (
                "    key     | value\n-------------+------\n api_key     | Xq7u8jzPde0IabcdEF12",
                "    key     | value\n-------------+------\n api_key     | [REDACTED]",
            ),
            (
                "\u{2502} DB_PASSWORD \u{2502} Wq8sdPz0cc19 \u{2502}",
                "\u{2502} DB_PASSWORD \u{2502} [REDACTED] \u{2502}",
            ),
            (
                "| user | app |\n| ssh_key| Xq7u8jzPde0IabcdEF12",
                "| user | app |\n| ssh_key| [REDACTED]",
            ),
            // The word went with a command's argument (found by fuzzing): its cell
            // goes along.
            (
                "> AUTH  | password | Po4Nm3Lk2Vu7Ts6Rq5 |",
                "> AUTH  | [REDACTED] |",
            ),
            // The bar before it went as a scheme's credential (found by fuzzing).
            (
                "Authorization: x | password | Po4Nm3Lk2Vu7Ts6Rq5 |",
                "Authorization: [REDACTED] password | [REDACTED] |",
            ),
            (
                "Password    \"Xw9Kz3Lq7Rm2Nt5A\"",
                "Password    \"[REDACTED]\"",
            ),
            (
                "Generated password for user admin: Lk9Xq3Wz7Rm2Nt5B",
                "Generated password for user admin: [REDACTED]",
            ),
            (
                "[Note] A temporary password is generated for root@localhost: Wx9Zq3Lk7Rm2Nt5B",
                "[Note] A temporary password is generated for root@localhost: [REDACTED]",
            ),
            // A command that took the word as its argument takes the rest of the
            // phrase along, through the password (found by fuzzing).
            (
                "wpa_passphrase\t\t Generated password for user admin: Ts6Rq5Po4Nm3Lk2Vu7\n",
                "wpa_passphrase\t\t Generated [REDACTED]\n",
            ),
            // So does one that took a word inside the phrase.
            (
                "htpasswd -b Generated password for user admin: Ts6Rq5Po4Nm3Lk2Vu7\n",
                "htpasswd -b Generated password [REDACTED]\n",
            ),
            // A token after the phrase is the token rules' whole, not cut at its
            // `/` (found by the property test).
            (
                "password client-key-data: LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBL/0AAa0+++0A0aAAAAa+AAA+Aa+A+aaA+0aA/++/0AAaA+A0a+AAa0a00aa0A0+Aa",
                "password client-key-data: [REDACTED]",
            ),
            (
                "Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`): Lq9Wx3Km7Zr2Nt5B\n",
                "Password for the elastic user (reset with `bin/elasticsearch-reset-password -u elastic`): [REDACTED]\n",
            ),
            (
                r#"Login with username "admin" and password "Kx9Lq3Wz7Rm2Nt5B""#,
                r#"Login with username "admin" and password "[REDACTED]""#,
            ),
            (
                "Password Xq7u8jzPde0I was rejected",
                "Password [REDACTED] was rejected",
            ),
            (
                "password Xq7u8jzPde0I/path and password Xq7u8jzPde0I.",
                "password [REDACTED]/path and password [REDACTED].",
            ),
            // A redaction that took the word takes the password along.
            (
                "Authorization=  with password aA0a0aaAaa0A",
                "Authorization=  with [REDACTED]",
            ),
            // A token after the word is the token rules' whole, not cut at its `.`
            // (found by the fuzzer).
            (
                "password MTE4NTQ2MjM0NTY3ODkwMTIzNA.GhJkLm.aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x",
                "password [REDACTED]",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn a_key_shaped_word_after_api_key_goes() {
        for (text, expected) in [
            (
                "Error: Incorrect API key provided: 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c. See the docs",
                "Error: Incorrect API key provided: [REDACTED]. See the docs",
            ),
            (
                "invalid API key 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c for project acme",
                "invalid API key [REDACTED] for project acme",
            ),
            (
                "Your API token is Xq7u8jzPde0IabcdEF12 and expires in 30 days",
                "Your API token is [REDACTED] and expires in 30 days",
            ),
            (
                r#"the API Key "3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60" has been revoked"#,
                r#"the API Key "[REDACTED]" has been revoked"#,
            ),
            (
                "API secret k3y9x2m7z8q4w1e5r6t0 rejected",
                "API secret [REDACTED] rejected",
            ),
            // A secret's name made of segments, as prose or a log names it.
            (
                "ERROR: api_secret WWJ7bTwAtYO1JglkOxf4QxsrukUEwAAS does not match HMAC",
                "ERROR: api_secret [REDACTED] does not match HMAC",
            ),
            (
                "the api_key 3f2c9a1e-8b7d-4c6e-9f0a-1b2c3d4e5f60 was revoked",
                "the api_key [REDACTED] was revoked",
            ),
            // A redaction that took the `API` of `API key` takes the key along
            // (found by the property test).
            (
                "Authorization= invalid API key 0000000g00a00aa00000a0a0a0000000",
                "Authorization= invalid [REDACTED]",
            ),
            (
                "Authorization= Incorrect API key provided: 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c",
                "Authorization= Incorrect [REDACTED]",
            ),
            // A value that took a secret's name takes the word after it along
            // (found by fuzzing).
            (
                "pass]= api_secret Nm3Lk2Vu7Ts6Rq5Po4 rejected",
                "pass]= [REDACTED] rejected",
            ),
        ] {
            assert_eq!(redact(text), expected, "{text}");
        }
    }

    #[test]
    fn prose_after_api_key_stays() {
        for text in [
            "API key missing; set API_KEY",
            "API key required",
            "API token expired at 2024-01-01T00:00:00Z",
            "API Key ID: 12345",
            "Using API key from environment variable OPENAI_API_KEY",
            "API key v2 format is deprecated",
            "the API secret for app 1234 was rotated",
            "API keys 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c",
            "MyAPI key 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c",
            "API key $OPENAI_API_KEY is empty",
            "API key 12345678901234567890 is numeric",
            "API key ProjectSettingsDialogV2 opened",
            "DB_PASSWORD environment variable is not set",
            "session_token 2024-01-01T00:00:00Z expired",
            "DB_PASSWORD 3306",
            "client_secret ProjectSettingsDialog opened",
            "the api_key parameter is required",
            // Columns of names that describe a secret.
            "DB_PASSWORD        Required    The database's password",
            "api_key            string      2024-01-01T00:00:00Z",
            "| client_secret | string | ProjectSettingsDialog |",
            "the api_key   3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c",
            // Digests and IDs in columns (`fly secrets list`, a Kubernetes UID, a
            // Docker secret's ID).
            "SECRET_KEY_BASE         9f86d081884c7d65        3m39s ago",
            "db-password      5d41402a-bc4b-2a76-b971-9d911017c592",
            "api_token       tqdk43qg26rxl83xzc3pyalsm   2 minutes ago",
            "| token | 5d41402a-bc4b-2a76-b971-9d911017c592 | request id |",
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }

    #[test]
    fn prose_after_password_stays() {
        for text in [
            "password reset requested for alice",
            "| password | string | the user's password |",
            "password\t16 bytes",
            "password    reset required",
            "|password|Xw9Kz3Lq7Rm2|",
            "password hunter2 is too weak",
            "password 12345678 rejected",
            "password v1.2.3-beta expired",
            "password SHA256 hashing enabled",
            "password Argon2id parameters",
            "password PBKDF2WithHmacSHA256 is the default",
            "password Base64Encoded value",
            "password UTF8String expected",
            "password $DB_PASSWORD was empty",
            "the password  Xq7u8jzPde0I",
            "Password Policy2024 applies",
            "PASSWORD Xq7u8jzPde0I",
            "the password is required",
            "password is too short (at least 12 characters)",
            "password 'hunter2' is too weak",
            "the password is \"$DB_PASSWORD\"",
            "password is  Xq7u8jzPde0I",
            "Password for user app: ",
            "password authentication failed for user \"app\": FATAL",
            "password policy violated: MinLength8",
            "password expired at: 2024-01-01T10:00Z",
            "password\nsomething: Xq7u8jzPde0I",
        ] {
            assert_eq!(redact(text), text, "{text}");
        }
    }
}
