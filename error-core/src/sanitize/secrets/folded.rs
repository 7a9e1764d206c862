//! Key name segments folded to one number each, so that a segment is compared
//! with a whole list of endings and words at once instead of byte by byte.

/// Longest word or ending a segment is compared with.
const MAX_WORD_LEN: usize = 16;

/// A lowercase word or ending, as one number: its last byte lowest.
#[derive(Clone, Copy)]
pub(super) struct Word {
    bytes: u128,
    /// The low `8 * len` bits.
    mask: u128,
    len: usize,
}

impl Word {
    /// `word`, which must be lowercase ASCII letters, 16 at most: anything else
    /// fails the build.
    pub(super) const fn new(word: &[u8]) -> Self {
        assert!(
            !word.is_empty() && word.len() <= MAX_WORD_LEN,
            "words are 1 to 16 letters"
        );
        let mut bytes = 0;
        let mut index = 0;
        while index < word.len() {
            let byte = word[word.len() - 1 - index];
            assert!(byte.is_ascii_lowercase(), "words are lowercase letters");
            bytes |= (byte as u128) << (8 * index);
            index += 1;
        }
        Self {
            bytes,
            mask: if word.len() == MAX_WORD_LEN {
                u128::MAX
            } else {
                (1 << (8 * word.len())) - 1
            },
            len: word.len(),
        }
    }
}

/// [`Word::new`] for every word of a list.
pub(super) const fn words<const N: usize>(list: [&[u8]; N]) -> [Word; N] {
    let mut words = [Word {
        bytes: 0,
        mask: 0,
        len: 0,
    }; N];
    let mut index = 0;
    while index < N {
        words[index] = Word::new(list[index]);
        index += 1;
    }
    words
}

/// The last 16 bytes of a segment, lowercased, as one number (its last byte
/// lowest), and the segment's length.
#[derive(Clone, Copy)]
pub(super) struct Folded {
    bytes: u128,
    len: usize,
}

impl Folded {
    pub(super) fn new(segment: &[u8]) -> Self {
        let mut bytes = [0; MAX_WORD_LEN];
        for (folded, byte) in bytes.iter_mut().rev().zip(segment.iter().rev()) {
            *folded = byte.to_ascii_lowercase();
        }
        Self {
            // Big-endian: the last byte is the lowest.
            bytes: u128::from_be_bytes(bytes),
            len: segment.len(),
        }
    }

    /// Whether the segment ends with `word`, ignoring ASCII case. Bytes past the
    /// segment's start read as zero, which no word holds.
    pub(super) fn ends_with(self, word: Word) -> bool {
        self.bytes & word.mask == word.bytes
    }

    /// Whether the segment is `word`, ignoring ASCII case.
    pub(super) fn is(self, word: Word) -> bool {
        self.len == word.len && self.bytes == word.bytes
    }
}

/// Whether `text` ends with `suffix`, ignoring ASCII case: the one comparison of a
/// name's ending that the rules share.
// Inlined always: the anchors' candidates read it, and with their second copy (for
// short texts) the compiler would otherwise call it from the long scan.
#[inline(always)]
pub(super) fn ends_with_ignoring_case(text: &[u8], suffix: &[u8]) -> bool {
    text.len() >= suffix.len() && text[text.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
}

#[cfg(test)]
mod tests {
    use super::{Folded, Word};

    #[test]
    fn segments_compare_with_words_ignoring_case() {
        let password = Word::new(b"password");
        assert!(Folded::new(b"DbPassword").ends_with(password));
        assert!(Folded::new(b"password").is(password));
        assert!(!Folded::new(b"DbPassword").is(password));
        assert!(!Folded::new(b"assword").ends_with(password));
        assert!(!Folded::new(b"passwords").ends_with(password));
        assert!(!Folded::new(b"").ends_with(password));
        let long = Word::new(b"abcdefghijklmnop");
        assert!(Folded::new(b"xxABCDEFGHIJKLMNOP").ends_with(long));
        assert!(!Folded::new(b"xxABCDEFGHIJKLMNOP").is(long));
        assert!(Folded::new(b"abcdefghijklmnop").is(long));
    }
}
