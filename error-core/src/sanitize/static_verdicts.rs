//! Which texts sanitizing leaves as they are, known per thread once read, where a
//! text comes back the same: a derived error's constant names
//! (`tool: "github::search"`), and a message formatted from its template and such
//! names alone. While a thread's small table keeps one, it is not read again when
//! an envelope is built.
//!
//! A `&'static str`'s bytes never change while the program runs (whatever made
//! it: a literal, `env!`, a leaked `String`, whose memory is never freed for
//! another text), so a verdict on the text at an address and length holds for
//! good. A message is noted by its bytes, and a verdict is reused only for the same
//! bytes read the same way: a template that shows where a value sits (`{name:p}`)
//! makes another message each time, and each is read. Only texts that pass
//! unchanged are noted; any other is sanitized every time, as text built at run
//! time is.

use std::cell::{Cell, RefCell};

use super::{LineBreaks, short_text};

/// How many names a thread keeps: a few per error type. A name is looked for in
/// its slot and the next one. One noted takes its slot, and the name there moves
/// to the next (taking the place of the one there), so that two names that hash to
/// one slot are both kept.
const SLOTS: usize = 16;

/// How many messages a thread keeps, each in its slot or the next, as names are.
/// Only short messages are noted.
const MESSAGE_SLOTS: usize = 8;

/// The multiplier of the hashes: odd, its bits well mixed (the golden ratio).
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

thread_local! {
    /// The address and length of names that pass unchanged; `(0, 0)`, which no
    /// `&str` has (its address is never null), for none.
    static NAMES: [Cell<(usize, usize)>; SLOTS] = const { [const { Cell::new((0, 0)) }; SLOTS] };
    static MESSAGES: RefCell<[NotedMessage; MESSAGE_SLOTS]> =
        const { RefCell::new([NotedMessage::NONE; MESSAGE_SLOTS]) };
}

/// The slot that the top bits of `hash` pick among `slots` (a power of two).
fn slot_of(hash: u64, slots: usize) -> usize {
    (hash >> (u64::BITS - slots.ilog2())) as usize
}

/// The first of the two slots where the name at `address` of `len` bytes may sit:
/// a multiplicative hash of both.
fn name_slot((address, len): (usize, usize)) -> usize {
    let hash = ((address as u64).wrapping_mul(MULTIPLIER) ^ len as u64).wrapping_mul(MULTIPLIER);
    slot_of(hash, SLOTS)
}

/// Whether sanitizing `text` to one line leaves it as it is, told from one read of
/// a short text (see `short_text::passes_unchanged`), once per thread; `false`
/// says only that the whole pass must decide. The caller checks the cap.
pub(crate) fn single_line_passes_unchanged(text: &'static str) -> bool {
    let key = (text.as_ptr() as usize, text.len());
    let first = name_slot(key);
    let second = (first + 1) % SLOTS;
    // A thread that is ending has no verdicts: the text is read again.
    if NAMES
        .try_with(|names| names[first].get() == key || names[second].get() == key)
        .unwrap_or(false)
    {
        return true;
    }
    let unchanged = short_text::passes_unchanged(text, LineBreaks::Flatten, 0);
    if unchanged {
        // The name noted last takes the first slot, and the one there the second.
        // A thread that is ending keeps nothing.
        let _ = NAMES.try_with(|names| names[second].set(names[first].replace(key)));
    }
    unchanged
}

/// A message that passed unchanged: its bytes (no more than a short text's), and
/// the cap and the blocks not read that it was read with.
#[derive(Clone, Copy)]
struct NotedMessage {
    bytes: [u8; short_text::MAX_LEN],
    /// `usize::MAX`, which no noted message's length is, for none.
    len: usize,
    max_len: usize,
    inert_blocks: usize,
}

impl NotedMessage {
    const NONE: Self = Self {
        bytes: [0; short_text::MAX_LEN],
        len: usize::MAX,
        max_len: 0,
        inert_blocks: 0,
    };

    /// `message` as noted; `None` when it is longer than a short text.
    fn new(message: &str, max_len: usize, inert_blocks: usize) -> Option<Self> {
        let mut bytes = [0; short_text::MAX_LEN];
        bytes
            .get_mut(..message.len())?
            .copy_from_slice(message.as_bytes());
        Some(Self {
            bytes,
            len: message.len(),
            max_len,
            inert_blocks,
        })
    }

    /// Whether this is `message`, read with the same cap and blocks.
    fn holds(&self, message: &str, max_len: usize, inert_blocks: usize) -> bool {
        self.len == message.len()
            && self.max_len == max_len
            && self.inert_blocks == inert_blocks
            && self.bytes.get(..self.len) == Some(message.as_bytes())
    }
}

/// The first of the two slots where `message` may sit: a multiplicative hash of
/// its length and its first and last eight bytes.
fn message_slot(message: &[u8]) -> usize {
    let (first, last) = match (message.first_chunk::<8>(), message.last_chunk::<8>()) {
        (Some(first), Some(last)) => (u64::from_le_bytes(*first), u64::from_le_bytes(*last)),
        _ => {
            let bytes = message
                .iter()
                .enumerate()
                .fold(0, |word, (at, &byte)| word | u64::from(byte) << (8 * at));
            (bytes, 0)
        }
    };
    let hash = [message.len() as u64, first, last]
        .into_iter()
        .fold(0, |hash, word| (hash ^ word).wrapping_mul(MULTIPLIER));
    slot_of(hash, MESSAGE_SLOTS)
}

/// Whether sanitizing `message` (multi-line, capped at `max_len` characters)
/// leaves it as it is, where its first `inert_blocks` blocks are its template's
/// words: told from one read of a short text, for a message that a template
/// formats from `&'static str`s alone (the same bytes every time) once per thread
/// while the table keeps it. `false` says only that the whole pass must decide; the
/// read was made, so the caller runs the whole pass without it.
pub(crate) fn static_message_passes_unchanged(
    message: &str,
    max_len: usize,
    inert_blocks: usize,
) -> bool {
    // Longer than a short text: its read would say no at once, and it is never
    // noted.
    if message.len() > short_text::MAX_LEN {
        return false;
    }
    let first = message_slot(message.as_bytes());
    let second = (first + 1) % MESSAGE_SLOTS;
    // A thread that is ending has no verdicts, and none is read while another is
    // noted: the message is read again.
    let noted = MESSAGES
        .try_with(|messages| {
            messages.try_borrow().is_ok_and(|messages| {
                messages[first].holds(message, max_len, inert_blocks)
                    || messages[second].holds(message, max_len, inert_blocks)
            })
        })
        .unwrap_or(false);
    if noted {
        return true;
    }
    let unchanged = message.len() <= max_len
        && short_text::passes_unchanged(message, LineBreaks::Keep, inert_blocks);
    // Only a short text passes the read, so it fits.
    if unchanged && let Some(noted) = NotedMessage::new(message, max_len, inert_blocks) {
        let _ = MESSAGES.try_with(|messages| {
            if let Ok(mut messages) = messages.try_borrow_mut() {
                messages[second] = messages[first];
                messages[first] = noted;
            }
        });
    }
    unchanged
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

    /// Whether `message` is noted, read with `max_len` (whatever blocks were not
    /// read).
    fn is_noted(message: &str, max_len: usize) -> bool {
        super::MESSAGES.with(|messages| {
            messages.borrow().iter().any(|noted| {
                noted.len == message.len()
                    && noted.max_len == max_len
                    && noted.bytes.get(..noted.len) == Some(message.as_bytes())
            })
        })
    }

    #[test]
    fn a_message_is_known_by_its_bytes_and_its_cap() {
        // Passes, and is noted; the same texts the other way round make a token's
        // prefix, which the whole pass must look at, and are never noted.
        let (clean, prefixed) = ("p_abcgh", "ghp_abc");
        for _ in 0..2 {
            assert!(static_message_passes_unchanged(clean, 2048, 0));
            assert!(is_noted(clean, 2048));
            assert!(!static_message_passes_unchanged(prefixed, 2048, 0));
            assert!(!is_noted(prefixed, 2048));
            // Too long for a cap of 4, whatever was noted under another cap.
            assert!(!static_message_passes_unchanged(clean, 4, 0));
            assert!(!is_noted(clean, 4));
        }
        // One byte more or less is another message, read on its own.
        assert!(!static_message_passes_unchanged("p_abcgh <s>", 2048, 0));
        assert!(static_message_passes_unchanged("p_abcg", 2048, 0));
        assert!(is_noted("p_abcg", 2048));
        // Longer than a short text: never noted, whatever the whole pass says.
        let long = "word ".repeat(20);
        assert!(!static_message_passes_unchanged(&long, 2048, 0));
        assert!(!is_noted(&long, 2048));
    }

    #[test]
    fn two_messages_that_share_a_slot_are_both_kept() {
        let messages: Vec<String> = (0..256).map(|index| format!("failed {index}")).collect();
        let first = &messages[0];
        let other = messages[1..]
            .iter()
            .find(|message| {
                super::message_slot(message.as_bytes()) == super::message_slot(first.as_bytes())
            })
            .expect("256 messages fill 8 slots");
        assert!(static_message_passes_unchanged(first, 2048, 0));
        assert!(static_message_passes_unchanged(other, 2048, 0));
        assert!(is_noted(first, 2048) && is_noted(other, 2048));
        // Short messages, under a word, are noted by their bytes too.
        for short in ["", "a", "abcdefg", "abcdefgh"] {
            assert!(static_message_passes_unchanged(short, 2048, 0), "{short:?}");
            assert!(is_noted(short, 2048), "{short:?}");
        }
    }

    #[test]
    fn two_names_that_share_a_slot_are_both_kept() {
        // Noted one after the other, and each found again without a read: a text
        // read again would still pass, so what is checked is where each sits.
        let names: Vec<&'static str> = (0..256)
            .map(|index| &*format!("name_{index}").leak())
            .collect();
        let slot = |text: &'static str| super::name_slot((text.as_ptr() as usize, text.len()));
        let first = names[0];
        let other = names[1..]
            .iter()
            .copied()
            .find(|&name| slot(name) == slot(first))
            .expect("256 names fill 16 slots");
        assert!(single_line_passes_unchanged(first));
        assert!(single_line_passes_unchanged(other));
        super::NAMES.with(|verdicts| {
            let held: Vec<(usize, usize)> = verdicts.iter().map(std::cell::Cell::get).collect();
            for name in [first, other] {
                assert!(
                    held.contains(&(name.as_ptr() as usize, name.len())),
                    "{name}"
                );
            }
        });
    }

    /// Messages of each kind the derive makes: from `&'static str`s alone, with a
    /// `String`, and one that shows where a field sits.
    #[derive(Debug, error_derive::AgentError)]
    enum Derived {
        #[agent(kind = "upstream_error", message = "{tool} failed on {host:?}")]
        Constant {
            tool: &'static str,
            host: &'static str,
        },
        #[agent(kind = "upstream_error", message = "{tool} failed for {user}")]
        Mixed { tool: &'static str, user: String },
        #[agent(kind = "upstream_error", message = "{tool} failed at {tool:p}")]
        Pointer { tool: &'static str },
    }

    #[test]
    fn the_derive_notes_a_message_of_static_texts_alone() {
        use crate::AgentError as _;

        let constant = Derived::Constant {
            tool: "search_v2",
            host: "eu-1",
        };
        assert_eq!(
            constant.envelope().message(),
            "search_v2 failed on \"eu-1\""
        );
        assert!(is_noted(
            "search_v2 failed on \"eu-1\"",
            crate::MAX_MESSAGE_CHARS
        ));
        let mixed = Derived::Mixed {
            tool: "search_v3",
            user: "ada".to_owned(),
        };
        assert_eq!(mixed.envelope().message(), "search_v3 failed for ada");
        assert!(!is_noted(
            "search_v3 failed for ada",
            crate::MAX_MESSAGE_CHARS
        ));
        let pointer = Derived::Pointer { tool: "search_v4" };
        let message = pointer.envelope().message().to_owned();
        assert!(message.starts_with("search_v4 failed at 0x"), "{message}");
        assert!(!is_noted(&message, crate::MAX_MESSAGE_CHARS));
    }
}
