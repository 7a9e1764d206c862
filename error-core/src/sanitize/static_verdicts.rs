//! Which texts made only of `&'static str`s sanitizing leaves as they are, known
//! per thread once read: a derived error's constant names (`tool: "github::search"`)
//! and a message formatted from its template and such names are read once, not
//! every time an envelope is built.
//!
//! A `&'static str`'s bytes never change while the program runs (whatever made
//! it: a literal, `env!`, a leaked `String`, whose memory is never freed for
//! another text), so a verdict on the text at an address and length holds for
//! good, and so does one on a text formatted from a template and such texts, keyed
//! by the address and length of each. Only texts that pass unchanged are noted; any
//! other is sanitized every time, as text built at run time is.

use std::cell::Cell;
use std::thread::LocalKey;

use super::{LineBreaks, short_text};

/// How many verdicts a thread keeps in each table: a few names and messages per
/// error type. A key may sit in its slot or the next one, so that two keys that
/// hash to one slot are both kept; a third takes the place of the older.
const SLOTS: usize = 16;

/// How many `&'static str`s a noted message may be formatted from; a message
/// from more is read every time.
const MAX_MESSAGE_TEXTS: usize = 4;

/// A single-line text's key: its address and length.
const LINE_KEY: usize = 2;

/// A message's key: its template's address and length, its cap, the blocks of the
/// template not read, and the address and length of each text it shows (zeros
/// after the last, which no `&str` has: its address is never null).
const MESSAGE_KEY: usize = 4 + 2 * MAX_MESSAGE_TEXTS;

/// The keys of texts that pass unchanged; all zeros, which no key is, for none.
type Verdicts<const WORDS: usize> = [Cell<[usize; WORDS]>; SLOTS];

thread_local! {
    static SINGLE_LINES: Verdicts<LINE_KEY> = const { [const { Cell::new([0; LINE_KEY]) }; SLOTS] };
    static MESSAGES: Verdicts<MESSAGE_KEY> =
        const { [const { Cell::new([0; MESSAGE_KEY]) }; SLOTS] };
}

/// The first of the two slots where `key` may sit: a multiplicative hash of its
/// words.
fn slot<const WORDS: usize>(key: &[usize; WORDS]) -> usize {
    let hash = key.iter().fold(0_u64, |hash, &word| {
        (hash ^ word as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    });
    // The top bits pick one of the `SLOTS` (a power of two).
    (hash >> (u64::BITS - SLOTS.ilog2())) as usize
}

/// Whether the text that `key` names passes unchanged: noted, or `read` says so
/// (and it is noted in the first of its slots, the key there moving to the second).
fn known<const WORDS: usize>(
    table: &'static LocalKey<Verdicts<WORDS>>,
    key: [usize; WORDS],
    read: impl FnOnce() -> bool,
) -> bool {
    let first = slot(&key);
    let second = (first + 1) % SLOTS;
    // A thread that is ending has no verdicts: the text is read again.
    if table
        .try_with(|verdicts| verdicts[first].get() == key || verdicts[second].get() == key)
        .unwrap_or(false)
    {
        return true;
    }
    let unchanged = read();
    if unchanged {
        // A thread that is ending keeps nothing.
        let _ = table.try_with(|verdicts| verdicts[second].set(verdicts[first].replace(key)));
    }
    unchanged
}

/// Whether sanitizing `text` to one line leaves it as it is, told from one read of
/// a short text (see `short_text::passes_unchanged`), once per thread; `false`
/// says only that the whole pass must decide. The caller checks the cap.
pub(crate) fn single_line_passes_unchanged(text: &'static str) -> bool {
    known(&SINGLE_LINES, [text.as_ptr() as usize, text.len()], || {
        short_text::passes_unchanged(text, LineBreaks::Flatten, 0)
    })
}

/// Whether sanitizing `message` (multi-line, capped at `max_len` characters)
/// leaves it as it is, where `message` is what `template` formats from `texts`
/// alone and its first `inert_blocks` blocks are the template's words: told from
/// one read of a short text, once per thread for each template and texts. `false`
/// says only that the whole pass must decide.
///
/// The template (a literal) and the texts fix the message's bytes: the caller
/// passes every text the template shows, in an order that the template alone
/// fixes (the derive's: by the names of its placeholders).
pub(crate) fn static_message_passes_unchanged<const TEXTS: usize>(
    template: &'static str,
    texts: [&'static str; TEXTS],
    message: &str,
    max_len: usize,
    inert_blocks: usize,
) -> bool {
    let read = || {
        message.len() <= max_len
            && short_text::passes_unchanged(message, LineBreaks::Keep, inert_blocks)
    };
    if TEXTS > MAX_MESSAGE_TEXTS {
        return read();
    }
    let mut key = [0; MESSAGE_KEY];
    key[..4].copy_from_slice(&[
        template.as_ptr() as usize,
        template.len(),
        max_len,
        inert_blocks,
    ]);
    for (words, text) in key[4..].chunks_exact_mut(2).zip(texts) {
        words.copy_from_slice(&[text.as_ptr() as usize, text.len()]);
    }
    known(&MESSAGES, key, read)
}

#[cfg(test)]
mod tests {
    use super::{single_line_passes_unchanged, static_message_passes_unchanged};

    #[test]
    fn a_text_that_passes_unchanged_is_known_again_and_no_other_is() {
        assert!(single_line_passes_unchanged("github::search_issues"));
        assert!(single_line_passes_unchanged("github::search_issues"));
        // Read every time, and never passed: a control character, a marker, a
        // secret, a line break (one line is asked for).
        for text in [
            "search\u{7}v2",
            "git<|im_start|>hub",
            "token=ghp_16C7e42F292c6912E7710c838347Ae178B4a",
            "two\nlines",
        ] {
            assert!(!single_line_passes_unchanged(text), "{text:?}");
            assert!(!single_line_passes_unchanged(text), "{text:?}");
        }
        // Texts sharing a slot take it from each other, and each is read again.
        let names: Vec<&'static str> = (0..64)
            .map(|index| &*format!("tool_{index}").leak())
            .collect();
        for _ in 0..2 {
            for name in &names {
                assert!(single_line_passes_unchanged(name), "{name}");
            }
        }
    }

    #[test]
    fn a_prefix_of_a_noted_text_is_read_on_its_own() {
        // `clean` is noted; its first bytes, at the same address, are another text.
        let text: &'static str = "search [INST]";
        let clean = &text[..6];
        assert!(single_line_passes_unchanged(clean));
        assert!(!single_line_passes_unchanged(text));
        assert!(single_line_passes_unchanged(clean));
    }

    #[test]
    fn a_message_is_known_by_its_template_its_texts_their_order_and_its_cap() {
        let template = "{a}{b}";
        let passes = |texts: [&'static str; 2], max_len| {
            static_message_passes_unchanged(template, texts, &texts.concat(), max_len, 0)
        };
        // Passes, and is noted; the other way round, the texts make a token's
        // prefix, which the whole pass must look at.
        let (start, end) = ("p_abc", "gh");
        for _ in 0..2 {
            assert!(passes([start, end], 2048));
            assert!(!passes([end, start], 2048));
            // Too long for a cap of 4, whatever was noted under another cap.
            assert!(!passes([start, end], 4));
        }
        // More texts than a key holds: read every time, with the same verdicts.
        let five = ["a", "b", "c", "d", "e"];
        for _ in 0..2 {
            assert!(static_message_passes_unchanged(
                "{a}{b}{c}{d}{e}",
                five,
                "abcde",
                2048,
                0
            ));
            assert!(!static_message_passes_unchanged(
                "{a}{b}{c}{d}{e}",
                ["g", "h", "p", "_", "abc"],
                "ghp_abc",
                2048,
                0
            ));
        }
    }

    #[test]
    fn two_keys_that_share_a_slot_are_both_kept() {
        // Noted one after the other, and each found again without a read: a text
        // read again would still pass, so what is checked is where each sits.
        let names: Vec<&'static str> = (0..256)
            .map(|index| &*format!("name_{index}").leak())
            .collect();
        let slot = |text: &'static str| super::slot(&[text.as_ptr() as usize, text.len()]);
        let first = names[0];
        let other = names[1..]
            .iter()
            .copied()
            .find(|&name| slot(name) == slot(first))
            .expect("256 names fill 16 slots");
        assert!(single_line_passes_unchanged(first));
        assert!(single_line_passes_unchanged(other));
        super::SINGLE_LINES.with(|verdicts| {
            let held: Vec<[usize; 2]> = verdicts.iter().map(std::cell::Cell::get).collect();
            for name in [first, other] {
                assert!(
                    held.contains(&[name.as_ptr() as usize, name.len()]),
                    "{name}"
                );
            }
        });
    }
}
