//! Which `&'static str` texts sanitizing to one line leaves as they are, known per
//! thread once read: a derived error's constant names (`tool: "github::search"`)
//! are read once, not every time an envelope is built.
//!
//! A `&'static str`'s bytes never change while the program runs (whatever made
//! it: a literal, `env!`, a leaked `String`, whose memory is never freed for
//! another text), so a verdict on the text at an address and length holds for
//! good. Only texts that pass unchanged are noted; any other is sanitized every
//! time, as text built at run time is.

use std::cell::Cell;

use super::{LineBreaks, short_text};

/// How many verdicts a thread keeps: a few names per error type, and a later one
/// takes the slot of an earlier one it meets.
const SLOTS: usize = 8;

thread_local! {
    /// The address and length of texts that pass unchanged; `(0, 0)`, which no
    /// `&str` has (its address is never null), for none.
    static UNCHANGED: [Cell<(usize, usize)>; SLOTS] =
        const { [const { Cell::new((0, 0)) }; SLOTS] };
}

/// The slot of the text at `address`: a multiplicative hash of the address.
fn slot(address: usize) -> usize {
    // The top bits of the product pick one of the `SLOTS` (a power of two).
    (address as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) as usize >> (usize::BITS - SLOTS.ilog2())
}

/// Whether sanitizing `text` to one line leaves it as it is, told from one read of
/// a short text (see `short_text::passes_unchanged`), once per thread; `false`
/// says only that the whole pass must decide. The caller checks the cap.
pub(crate) fn single_line_passes_unchanged(text: &'static str) -> bool {
    let key = (text.as_ptr() as usize, text.len());
    let slot = slot(key.0);
    // A thread that is ending has no verdicts: the text is read again.
    if UNCHANGED
        .try_with(|verdicts| verdicts[slot].get() == key)
        .unwrap_or(false)
    {
        return true;
    }
    let unchanged = short_text::passes_unchanged(text, LineBreaks::Flatten, 0);
    if unchanged {
        // A thread that is ending keeps nothing.
        let _ = UNCHANGED.try_with(|verdicts| verdicts[slot].set(key));
    }
    unchanged
}

#[cfg(test)]
mod tests {
    use super::single_line_passes_unchanged;

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
}
