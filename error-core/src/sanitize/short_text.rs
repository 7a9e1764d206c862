//! A short text (a tool's or an upstream's name, most messages) read once, sixteen
//! bytes at a time, by cleaning and the anchor scan both, so that text with nothing
//! to remove is known as such without either pass's setup.
//!
//! The blocks are read from the text itself, and its last one is put together in
//! registers: a padded copy on the stack made every read of it wait for the copy's
//! stores (reads that straddle two stores cannot take the stored bytes early), and
//! that wait cost more than reading the blocks.

use super::{LineBreaks, cleaning, secrets};

/// The longest text read this way: one chunk of the anchor scan.
pub(super) const MAX_LEN: usize = 64;

/// Sixteen spaces as one number. A space is plain to cleaning, no anchor, no run
/// byte, and no anchor's second letter, so spaces after the text read as its end.
const SPACES: u128 = u128::from_ne_bytes([b' '; 16]);

/// A text of at most [`MAX_LEN`] bytes.
pub(super) struct ShortText<'t> {
    text: &'t [u8],
}

impl<'t> ShortText<'t> {
    /// `None` when `text` is longer than [`MAX_LEN`] bytes.
    pub(super) fn new(text: &'t [u8]) -> Option<Self> {
        (text.len() <= MAX_LEN).then_some(Self { text })
    }

    /// The text.
    pub(super) fn bytes(&self) -> &'t [u8] {
        self.text
    }

    /// `read` of the 16 bytes from each block's start and the 16 from one byte
    /// further on, for every block from `first` that holds some of the text, with
    /// the block's number; spaces stand after its end. `read` is called apart for
    /// the last block, which is put together in registers, so that the blocks read
    /// from memory stay in vector registers.
    #[inline(always)]
    pub(super) fn read_blocks<T>(
        &self,
        first: usize,
        mut read: impl FnMut([u8; 16], [u8; 16]) -> T,
    ) -> impl Iterator<Item = (usize, T)> {
        let text = self.text;
        (first..text.len().div_ceil(16))
            .map(move |block| (block, self.read_block(block, &mut read)))
    }

    /// `read` of the block `block` and the 16 bytes one further on.
    #[inline(always)]
    fn read_block<T>(&self, block: usize, read: impl FnOnce([u8; 16], [u8; 16]) -> T) -> T {
        let text = self.text;
        let at = 16 * block;
        match text
            .get(at..at + 16)
            .and_then(|bytes| bytes.first_chunk::<16>())
        {
            Some(&here) => {
                // The bytes one further on are this block shifted, with the
                // byte after it (the next block's first, or a space after the
                // text) last, rather than read: a text written just before (a
                // formatted message, a member copied inline) is read from the
                // stores still writing it only by a read that one of them
                // holds whole, and a read one byte on straddles two of them.
                let after = text.get(at + 16).copied().unwrap_or(b' ');
                read(here, one_further_on(here, after))
            }
            None => {
                let here = self.last_block(at);
                // The anchors' pairs read the byte after each: here the
                // block's own, and a space after its last, as after the text.
                let next = here >> 8 | SPACES << 120;
                read(here.to_le_bytes(), next.to_le_bytes())
            }
        }
    }

    /// The blocks [`ShortText::read_blocks`] reads.
    #[cfg(test)]
    pub(super) fn blocks(&self) -> impl Iterator<Item = ([u8; 16], [u8; 16])> {
        self.read_blocks(0, |here, next| (here, next))
            .map(|(_, blocks)| blocks)
    }

    /// The bytes from `at`, the last block's start, to the end, then spaces: byte
    /// `i` of the block is bits `8 * i..8 * i + 8`.
    fn last_block(&self, at: usize) -> u128 {
        let rest = self.text.len() - at;
        let bytes = match self.text.last_chunk::<16>() {
            // The text's last 16 bytes hold the block: one read, not `rest`.
            Some(&last) => u128::from_le_bytes(last) >> (8 * (16 - rest)),
            // A text shorter than a block: `at` is 0.
            None => shorter_than_a_block(self.text),
        };
        bytes | SPACES.checked_shl(8 * rest as u32).unwrap_or(0)
    }
}

/// The 16 bytes one further on than `block`, where `after` follows it.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn one_further_on(block: [u8; 16], after: u8) -> [u8; 16] {
    use safe_arch::{
        bitor_m128i, byte_shl_imm_u128_m128i, byte_shr_imm_u128_m128i, m128i, set_i32_m128i_s,
    };
    let shifted = byte_shr_imm_u128_m128i::<1>(m128i::from(block));
    let last = byte_shl_imm_u128_m128i::<15>(set_i32_m128i_s(i32::from(after)));
    bitor_m128i(shifted, last).into()
}

/// The 16 bytes one further on than `block`, where `after` follows it.
#[cfg(not(target_arch = "x86_64"))]
fn one_further_on(block: [u8; 16], after: u8) -> [u8; 16] {
    (u128::from_le_bytes(block) >> 8 | u128::from(after) << 120).to_le_bytes()
}

/// A text of fewer than 16 bytes as one number (byte `i` is bits `8 * i..8 * i + 8`,
/// zeros after its end), read as two words that overlap: their common bytes are
/// the same, so either word may put them in.
fn shorter_than_a_block(text: &[u8]) -> u128 {
    let len = text.len();
    if let (Some(&first), Some(&last)) = (text.first_chunk::<8>(), text.last_chunk::<8>()) {
        let (first, last) = (u64::from_le_bytes(first), u64::from_le_bytes(last));
        return u128::from(first) | u128::from(last) << (8 * (len - 8));
    }
    if let (Some(&first), Some(&last)) = (text.first_chunk::<4>(), text.last_chunk::<4>()) {
        let (first, last) = (u32::from_le_bytes(first), u32::from_le_bytes(last));
        return u128::from(first) | u128::from(last) << (8 * (len - 4));
    }
    text.iter()
        .enumerate()
        .fold(0, |bytes, (at, &byte)| bytes | u128::from(byte) << (8 * at))
}

/// Whether sanitizing leaves `text` as it is, told from one read of a short text:
/// every byte is plain to cleaning (printable ASCII closing no marker, or a kept line
/// break), and no anchor gives the rules a position to look at. `false` says only
/// that the whole pass must decide.
///
/// The first `inert_blocks` blocks are known to hold nothing to remove and no
/// anchor, and are not read: the program's own words that a message starts with
/// (see [`inert_blocks`]).
pub(super) fn passes_unchanged(text: &str, line_breaks: LineBreaks, inert_blocks: usize) -> bool {
    let Some(short) = ShortText::new(text.as_bytes()) else {
        return false;
    };
    let mut anchors = secrets::ShortTextAnchors::default();
    let read = |here, next| {
        (
            cleaning::is_plain_block(here, line_breaks),
            secrets::ShortTextAnchors::block_mask(here, next),
        )
    };
    debug_assert!(
        short
            .read_blocks(0, read)
            .take(inert_blocks)
            .all(|(_, (plain, mask))| plain && mask.is_inert()),
        "a skipped block of {text:?} is not inert"
    );
    for (block, (plain, mask)) in short.read_blocks(inert_blocks, read) {
        if !plain {
            return false;
        }
        anchors.add_block(block, mask, text.len());
    }
    secrets::leaves_short_text(&short, anchors)
}

/// How many of the first blocks of any text that starts with `prefix` (a message's
/// literal words before its first placeholder) [`passes_unchanged`] need not read:
/// whole blocks, the byte after each in `prefix` too, whose bytes are all plain to
/// cleaning and none an anchor, and which are inside no run of token bytes. Read
/// at compile time, once per message template.
#[must_use]
pub(crate) const fn inert_blocks(prefix: &str) -> usize {
    let bytes = prefix.as_bytes();
    let mut blocks = 0;
    while blocks < MAX_LEN / 16 && 16 * blocks + 17 <= bytes.len() {
        let start = 16 * blocks;
        let mut lane = 0;
        // The leading run bytes: a block whose first `RUN_LANES` are is inside a run.
        let mut run = 0;
        while lane < 16 {
            let byte = bytes[start + lane];
            if !cleaning::is_plain_unless_closing_turn(byte, false)
                || secrets::is_anchor_before(byte, bytes[start + lane + 1])
            {
                return blocks;
            }
            if run == lane && secrets::is_run_byte(byte) {
                run += 1;
            }
            lane += 1;
        }
        if run >= secrets::RUN_LANES {
            return blocks;
        }
        blocks += 1;
    }
    blocks
}

#[cfg(test)]
mod tests {
    use super::{LineBreaks, MAX_LEN, ShortText, inert_blocks, passes_unchanged};

    #[test]
    fn a_templates_words_make_its_whole_blocks_inert() {
        // The byte after a block must be known, and every block of the words.
        assert_eq!(inert_blocks("30 calls per minute exceeded for "), 2);
        assert_eq!(inert_blocks("30 calls per min"), 0);
        assert_eq!(inert_blocks("30 calls per minu"), 1);
        assert_eq!(inert_blocks(""), 0);
        // An anchor (`:`, `=`, the `sw` of `password`, a `b` before `e`) ends them,
        // and so does a byte cleaning removes or a marker's end.
        assert_eq!(
            inert_blocks("upstream failed: 30 calls per minute exceeded"),
            0
        );
        assert_eq!(inert_blocks("30 calls per minute, limit=30 for "), 1);
        assert_eq!(inert_blocks("30 calls per minute on the password of "), 1);
        assert_eq!(inert_blocks("30 calls per min\u{e9}te exceeded for "), 1);
        assert_eq!(inert_blocks("30 calls per minute # exceeded for "), 1);
        assert_eq!(inert_blocks("30 calls per minute\nexceeded for "), 1);
        // A block inside a long word (a run of token bytes) is no inert block.
        assert_eq!(inert_blocks("internationalizations of "), 0);
        // At most the blocks a short text has.
        assert_eq!(inert_blocks(&"go ".repeat(40)), MAX_LEN / 16);
    }

    #[test]
    fn skipping_a_templates_inert_blocks_changes_no_verdict() {
        // Words that make anchors, runs and bytes cleaning removes, as a template's
        // and as a field's, in every combination of a few.
        let pieces = [
            "30 calls ",
            "per minute ",
            "exceeded ",
            "for ",
            "github::search_issues",
            "_",
            "=",
            "password ",
            "Bearer ",
            "token ",
            "sk-",
            "ghp_",
            "\n",
            "#",
            "é",
            "averyveryverylongword ",
            "x",
            "  ",
            "[INST]",
            "AKIA",
            "be",
            "ke",
        ];
        let mut seed = 0x9E37_79B9_u32;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            seed as usize
        };
        for _ in 0..20_000 {
            let words: String = (0..next() % 6)
                .map(|_| pieces[next() % pieces.len()])
                .collect();
            let field: String = (0..next() % 4)
                .map(|_| pieces[next() % pieces.len()])
                .collect();
            let text = format!("{words}{field}");
            let inert = inert_blocks(&words);
            for line_breaks in [LineBreaks::Keep, LineBreaks::Flatten] {
                assert_eq!(
                    passes_unchanged(&text, line_breaks, inert),
                    passes_unchanged(&text, line_breaks, 0),
                    "{text:?} after {inert} blocks"
                );
            }
        }
    }

    #[test]
    fn the_blocks_are_those_of_a_copy_padded_with_spaces() {
        let source: Vec<u8> = (0..MAX_LEN as u8).map(|at| b'!' + at).collect();
        for len in 0..=MAX_LEN {
            let text = &source[..len];
            let mut padded = [b' '; MAX_LEN + 17];
            padded[..len].copy_from_slice(text);
            let expected: Vec<_> = (0..len.div_ceil(16))
                .map(|block| {
                    let at = 16 * block;
                    let here: [u8; 16] = padded[at..at + 16].try_into().unwrap();
                    let next: [u8; 16] = padded[at + 1..at + 17].try_into().unwrap();
                    (here, next)
                })
                .collect();
            let short = ShortText::new(text).expect("a short text");
            assert_eq!(short.blocks().collect::<Vec<_>>(), expected, "length {len}");
        }
        assert!(ShortText::new(&[b'x'; MAX_LEN + 1]).is_none());
    }
}
