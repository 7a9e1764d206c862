//! The sanitizer's two scans 64 bytes at a time (two halves of 32) with AVX2,
//! when the processor has it, chosen at run time. Without it, or off x86-64, the
//! scans read 16 bytes at a time with SSE2 (`safe_arch`), which every x86-64
//! processor has. (AVX-512 was tried too: on typical text it ran no faster than
//! AVX2, whose two halves cost little beside the rules asked at the anchors.)
//!
//! - The anchor scan (`secrets::anchor_scan`): the anchors, and the bytes long
//!   token runs are made of, what `anchor_scan::block_mask` computes; then the
//!   anchors inside lines (`-----`, `=====`) are passed over, which the blocks
//!   read at a text's end do not.
//! - Cleaning's plain bytes (`cleaning::plain_bytes`): the bytes copied as they
//!   are, what `plain_bytes::marker_lanes` computes.
//!
//! Tests hold both to the lane-by-lane definitions.
//!
//! This is the one place in the workspace that holds `unsafe`: calling a function
//! compiled for a vector unit that the build's target does not assume. Such a call
//! is sound when the processor has the unit, which is checked right before it
//! (`is_x86_feature_detected!` reads a flag that the standard library caches).
//! Inside those functions the intrinsics are safe to call.

#![allow(unsafe_code)]

use std::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_cmpgt_epi8,
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_shuffle_epi8,
    _mm256_srli_epi16,
};

use safe_arch::m256i;

use super::secrets::without_line_insides;

/// Whether the processor has AVX2.
#[inline(always)]
fn has_avx2() -> bool {
    std::arch::is_x86_feature_detected!("avx2")
}

/// The bytes read for a chunk: its 64, and one more for the last lane's pair.
pub(super) const WINDOW: usize = 65;

/// What the anchor scan reads from 64 bytes: one bit per byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ChunkMasks {
    /// The anchors, but those inside a line of `-`, `=` or `_` away from the
    /// chunk's edges (`anchor_scan::without_line_insides`).
    pub(super) anchors: u64,
    /// The bytes long token runs are made of (`anchor_scan::is_run_byte`).
    pub(super) run_bytes: u64,
}

/// The anchor scan's masks of the 64 bytes of `window` (the last byte is only
/// read as the one after the 64th), when the processor has AVX2.
///
/// The window goes by reference, so that the vector loads can read the text
/// itself: a copy that the caller stored on the stack in 16-byte pieces stalled
/// the wide loads that read it back.
#[inline]
pub(super) fn anchor_masks(window: &[u8; WINDOW]) -> Option<ChunkMasks> {
    // SAFETY: the processor has AVX2.
    has_avx2().then(|| unsafe { anchors_avx2(window) })
}

/// One bit per byte of `chunk` that cleaning copies as it is unless it closes a
/// turn label (`plain_bytes::is_plain_unless_closing_turn`), when the processor
/// has AVX2.
#[inline]
pub(super) fn plain_lanes(chunk: &[u8; 64], keep_breaks: bool) -> Option<u64> {
    // SAFETY: the processor has AVX2.
    has_avx2().then(|| unsafe { plain_avx2(chunk, keep_breaks) })
}

/// The chunk's 64 bytes, and the 64 from one byte further on.
#[inline(always)]
fn halves(window: &[u8; WINDOW]) -> ([u8; 64], [u8; 64]) {
    let (here, _) = window.split_first_chunk::<64>().unwrap_or((&[0; 64], &[]));
    let (_, next) = window.split_last_chunk::<64>().unwrap_or((&[], &[0; 64]));
    (*here, *next)
}

/// The anchor masks with AVX2: two halves of 32 bytes.
#[target_feature(enable = "avx2")]
fn anchors_avx2(window: &[u8; WINDOW]) -> ChunkMasks {
    let (here, next) = halves(window);
    let (here_low, here_high) = split(here);
    let (next_low, next_high) = split(next);
    let low = anchors_avx2_half(here_low, next_low);
    let high = anchors_avx2_half(here_high, next_high);
    let anchors = u64::from(low.0) | u64::from(high.0) << 32;
    ChunkMasks {
        anchors: without_line_insides(window, 0, anchors),
        run_bytes: u64::from(low.1) | u64::from(high.1) << 32,
    }
}

/// The two halves of 64 bytes.
#[inline(always)]
fn split(bytes: [u8; 64]) -> ([u8; 32], [u8; 32]) {
    let (low, high) = bytes.split_at(32);
    let half = |part: &[u8]| part.first_chunk::<32>().copied().unwrap_or([0; 32]);
    (half(low), half(high))
}

/// The classes of a byte that make it an anchor alone or as the first of a pair,
/// one bit each: `%` and `-`, `:`, `=` and `>`, `A` and `J`, `_` (anchors alone);
/// then the first letter of the pairs `sw` (either case), `ke` (`k` either case),
/// `cr` and `ph`, whose second letters [`NEXT_CLASSES`] gives with the same bits.
/// (`b` before `e`, `a` or `y` is found with compares: those second letters are
/// no class of two nibbles.) Each class is the bytes whose high nibble is one of
/// its bytes' high nibbles and whose low nibble one of their low nibbles, which
/// the build checks: a byte's classes are one lookup a nibble.
const HERE_CLASSES: [&[u8]; 8] = [b"%-", b":=>", b"AJ", b"_", b"sS", b"kK", b"c", b"p"];

/// The second letters of [`HERE_CLASSES`]' pairs, on the bits of their first
/// letters; the first four bits, the anchors alone, are set for every byte.
const NEXT_CLASSES: [&[u8]; 8] = [b"", b"", b"", b"", b"wW", b"e", b"r", b"h"];

/// The classes that every byte has in [`NEXT_CLASSES`]: the anchors alone need no
/// second byte.
const ANY_NEXT: u8 = 0x0F;

/// The lookup tables of `classes` by low nibble and by high nibble, each twice
/// (for both 16-byte lanes of a 256-bit register): a byte's classes are the bits
/// that both its nibbles' entries hold, and `always` is set in every entry.
const fn nibble_tables(classes: [&[u8]; 8], always: u8) -> ([u8; 32], [u8; 32]) {
    let (mut low, mut high) = ([always; 32], [always; 32]);
    let mut bit = 0;
    while bit < 8 {
        let bytes = classes[bit];
        let mut index = 0;
        while index < bytes.len() {
            let byte = bytes[index];
            assert!(byte < 0x80, "a class holds ASCII bytes");
            let (low_nibble, high_nibble) = ((byte & 0x0F) as usize, (byte >> 4) as usize);
            low[low_nibble] |= 1 << bit;
            low[low_nibble + 16] |= 1 << bit;
            high[high_nibble] |= 1 << bit;
            high[high_nibble + 16] |= 1 << bit;
            index += 1;
        }
        bit += 1;
    }
    // Every byte whose two nibbles' entries share a bit must be in that class:
    // the class is all pairs of its nibbles.
    let mut byte = 0;
    while byte < 256 {
        let shared = low[byte & 0x0F] & high[byte >> 4] & !always;
        let mut bit = 0;
        while bit < 8 {
            if shared & (1 << bit) != 0 {
                let bytes = classes[bit];
                let mut found = false;
                let mut index = 0;
                while index < bytes.len() {
                    found |= bytes[index] as usize == byte;
                    index += 1;
                }
                assert!(found, "a class is all pairs of its bytes' nibbles");
            }
            bit += 1;
        }
        byte += 1;
    }
    (low, high)
}

/// [`HERE_CLASSES`] and [`NEXT_CLASSES`] as lookup tables.
const HERE_TABLES: ([u8; 32], [u8; 32]) = nibble_tables(HERE_CLASSES, 0);
const NEXT_TABLES: ([u8; 32], [u8; 32]) = nibble_tables(NEXT_CLASSES, ANY_NEXT);

/// The anchors and run bytes of 32 bytes with AVX2, one bit per byte.
#[target_feature(enable = "avx2")]
fn anchors_avx2_half(here: [u8; 32], next: [u8; 32]) -> (u32, u32) {
    let (here, next) = (m256i::from(here).0, m256i::from(next).0);
    let splat = |byte: u8| _mm256_set1_epi8(i8::from_ne_bytes([byte]));
    let equal = |lanes: __m256i, byte: u8| _mm256_cmpeq_epi8(lanes, splat(byte));
    let or = |a: __m256i, b: __m256i| _mm256_or_si256(a, b);
    let and = |a: __m256i, b: __m256i| _mm256_and_si256(a, b);
    // A byte's classes: the bits its low and its high nibble's entries share (a
    // byte outside ASCII has a high nibble whose entry is `always` alone).
    let classes = |lanes: __m256i, (low, high): ([u8; 32], [u8; 32])| {
        let low_nibbles = and(lanes, splat(0x0F));
        let high_nibbles = and(_mm256_srli_epi16::<4>(lanes), splat(0x0F));
        and(
            _mm256_shuffle_epi8(m256i::from(low).0, low_nibbles),
            _mm256_shuffle_epi8(m256i::from(high).0, high_nibbles),
        )
    };
    let by_class = and(classes(here, HERE_TABLES), classes(next, NEXT_TABLES));
    let by_class = _mm256_cmpeq_epi8(by_class, splat(0));
    // `b` in either case, before `e` or `a` (`a` is `e` with bit 2 cleared) or `y`,
    // in either case.
    let schemes = and(
        equal(or(here, splat(0x20)), b'b'),
        or(
            equal(or(next, splat(0x24)), b'e'),
            equal(or(next, splat(0x20)), b'y'),
        ),
    );
    // The `n(` of a `login(` call.
    let calls = and(equal(here, b'n'), equal(next, b'('));
    // `-` greater than the byte, as signed bytes.
    let outside_runs = or(_mm256_cmpgt_epi8(splat(b'-'), here), equal(here, b'/'));
    let mask = |lanes: __m256i| _mm256_movemask_epi8(lanes).cast_unsigned();
    (
        !mask(by_class) | mask(or(schemes, calls)),
        !mask(outside_runs),
    )
}

/// The plain bytes with AVX2: two halves of 32 bytes.
#[target_feature(enable = "avx2")]
fn plain_avx2(chunk: &[u8; 64], keep_breaks: bool) -> u64 {
    let (low, high) = split(*chunk);
    u64::from(plain_avx2_half(low, keep_breaks))
        | u64::from(plain_avx2_half(high, keep_breaks)) << 32
}

/// The plain bytes of 32 bytes with AVX2, one bit per byte.
#[target_feature(enable = "avx2")]
fn plain_avx2_half(half: [u8; 32], keep_breaks: bool) -> u32 {
    let lanes = m256i::from(half).0;
    let splat = |byte: u8| _mm256_set1_epi8(i8::from_ne_bytes([byte]));
    let equal = |byte: u8| _mm256_cmpeq_epi8(lanes, splat(byte));
    let or = |a: __m256i, b: __m256i| _mm256_or_si256(a, b);
    let printable = _mm256_and_si256(
        _mm256_cmpgt_epi8(lanes, splat(b' ' - 1)),
        _mm256_cmpgt_epi8(splat(b'~' + 1), lanes),
    );
    let closes_marker = or(or(equal(b'>'), equal(b']')), equal(b'#'));
    let mut plain = _mm256_andnot_si256(closes_marker, printable);
    if keep_breaks {
        plain = or(plain, or(equal(b'\n'), equal(b'\t')));
    }
    _mm256_movemask_epi8(plain).cast_unsigned()
}

#[cfg(test)]
mod tests {
    use super::{ChunkMasks, WINDOW};
    use crate::sanitize::cleaning::is_plain_unless_closing_turn;
    use crate::sanitize::secrets::{is_anchor_before, is_run_byte};

    /// The masks a lane at a time, from the scans' definitions.
    fn definition(window: &[u8; WINDOW], keep_breaks: bool) -> (ChunkMasks, u64) {
        let bit = |lane: usize, set: bool| u64::from(set) << lane;
        (0..64).fold(
            (
                ChunkMasks {
                    anchors: 0,
                    run_bytes: 0,
                },
                0,
            ),
            |(masks, plain), lane| {
                let (byte, next) = (window[lane], window[lane + 1]);
                (
                    ChunkMasks {
                        anchors: masks.anchors | bit(lane, is_anchor_before(byte, next)),
                        run_bytes: masks.run_bytes | bit(lane, is_run_byte(byte)),
                    },
                    plain | bit(lane, is_plain_unless_closing_turn(byte, keep_breaks)),
                )
            },
        )
    }

    #[test]
    fn avx2_agrees_with_the_definitions() {
        // (On a processor without AVX2 the scans never read this way, and there is
        // nothing to compare.)
        if !super::has_avx2() {
            return;
        }
        // Every pair of bytes in the first lane, the lanes at the seam of the two
        // halves, and the last lane (whose second byte is the window's extra one).
        for keep_breaks in [true, false] {
            for lane in [0, 31, 32, 63] {
                for byte in 0..=255u8 {
                    for next in 0..=255u8 {
                        let mut window = [b'x'; WINDOW];
                        window[lane] = byte;
                        window[lane + 1] = next;
                        let chunk = window.first_chunk::<64>().expect("64 bytes");
                        let read = (
                            super::anchor_masks(&window),
                            super::plain_lanes(chunk, keep_breaks),
                        );
                        let (anchors, plain) = definition(&window, keep_breaks);
                        assert_eq!(
                            read,
                            (Some(anchors), Some(plain)),
                            "{byte:#x} {next:#x} in lane {lane}, keep_breaks {keep_breaks}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn avx2_passes_over_the_anchors_inside_a_line() {
        if !super::has_avx2() {
            return;
        }
        // A line of dashes across the chunk: its first two lanes and its last two
        // stay (the text around the chunk is not read), the rest are inside.
        let masks = super::anchor_masks(&[b'-'; WINDOW]).expect("AVX2");
        assert_eq!(masks.anchors, 0b11 | 0b11 << 62);
        // A banner: `=` from lane 10 to lane 29 leaves lanes 10, 11, 28 and 29.
        let mut window = [b' '; WINDOW];
        window[10..30].fill(b'=');
        let masks = super::anchor_masks(&window).expect("AVX2");
        assert_eq!(masks.anchors, 0b11 << 10 | 0b11 << 28);
    }

    #[test]
    fn the_masks_are_offered_only_where_the_processor_has_avx2() {
        let window = [b' '; WINDOW];
        let chunk = window.first_chunk::<64>().expect("64 bytes");
        let avx2 = std::arch::is_x86_feature_detected!("avx2");
        assert_eq!(super::anchor_masks(&window).is_some(), avx2);
        assert_eq!(super::plain_lanes(chunk, true), avx2.then_some(u64::MAX));
    }
}
