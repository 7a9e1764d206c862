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
    /// further on, for every block that holds some of the text; spaces stand after
    /// its end. `read` is called apart for the last block, which is put together in
    /// registers, so that the blocks read from memory stay in vector registers.
    #[inline(always)]
    pub(super) fn read_blocks<T>(
        &self,
        mut read: impl FnMut([u8; 16], [u8; 16]) -> T,
    ) -> impl Iterator<Item = T> {
        let text = self.text;
        (0..text.len().div_ceil(16)).map(move |block| {
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
        })
    }

    /// The blocks [`ShortText::read_blocks`] reads.
    #[cfg(test)]
    pub(super) fn blocks(&self) -> impl Iterator<Item = ([u8; 16], [u8; 16])> {
        self.read_blocks(|here, next| (here, next))
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
pub(super) fn passes_unchanged(text: &str, line_breaks: LineBreaks) -> bool {
    let Some(short) = ShortText::new(text.as_bytes()) else {
        return false;
    };
    let mut anchors = secrets::ShortTextAnchors::default();
    let blocks = short.read_blocks(|here, next| {
        (
            cleaning::is_plain_block(here, line_breaks),
            secrets::ShortTextAnchors::block_mask(here, next),
        )
    });
    for (block, (plain, mask)) in blocks.enumerate() {
        if !plain {
            return false;
        }
        anchors.add_block(block, mask, text.len());
    }
    secrets::leaves_short_text(&short, anchors)
}

#[cfg(test)]
mod tests {
    use super::{MAX_LEN, ShortText};

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
