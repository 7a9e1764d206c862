//! A short text (a tool's or an upstream's name, most messages) read once: a copy
//! padded to whole blocks, which cleaning and the anchor scan both search, so that
//! text with nothing to remove is known as such without either pass's setup.

use super::{LineBreaks, cleaning, secrets};

/// The longest text read this way: one chunk of the anchor scan.
pub(super) const MAX_LEN: usize = 64;

/// Bytes of padding after the text's last block: the anchor scan reads each block's
/// bytes one further on too.
const PADDING: usize = 16;

/// A text of at most [`MAX_LEN`] bytes, and a copy of it followed by spaces to
/// whole blocks and one more. A space is plain to cleaning, no anchor, no run byte,
/// and no anchor's second letter, so the padding reads as the end of the text.
pub(super) struct ShortText<'t> {
    text: &'t [u8],
    padded: [u8; MAX_LEN + PADDING],
}

impl<'t> ShortText<'t> {
    /// `None` when `text` is longer than [`MAX_LEN`] bytes.
    pub(super) fn new(text: &'t [u8]) -> Option<Self> {
        if text.len() > MAX_LEN {
            return None;
        }
        let mut padded = [b' '; MAX_LEN + PADDING];
        padded[..text.len()].copy_from_slice(text);
        Some(Self { text, padded })
    }

    /// The text.
    pub(super) fn bytes(&self) -> &'t [u8] {
        self.text
    }

    /// The 16 bytes from each block's start and the 16 from one byte further on,
    /// for every block that holds some of the text.
    pub(super) fn blocks(&self) -> impl Iterator<Item = ([u8; 16], [u8; 16])> + '_ {
        (0..self.text.len().div_ceil(16)).map(|block| {
            let at = 16 * block;
            let here = self.padded[at..].first_chunk::<16>();
            let next = self.padded[at + 1..].first_chunk::<16>();
            // Both lie inside the padded copy: `at + 17 <= MAX_LEN + PADDING`.
            (
                here.copied().unwrap_or([b' '; 16]),
                next.copied().unwrap_or([b' '; 16]),
            )
        })
    }
}

/// Whether sanitizing leaves `text` as it is, told from one read of a short text:
/// every byte is plain to cleaning (printable ASCII closing no marker, or a kept line
/// break), and no anchor gives the rules a position to look at. `false` says only
/// that the whole pass must decide.
pub(super) fn passes_unchanged(text: &str, line_breaks: LineBreaks) -> bool {
    ShortText::new(text.as_bytes()).is_some_and(|short| {
        cleaning::is_plain_short_text(&short, line_breaks) && secrets::leaves_short_text(&short)
    })
}
