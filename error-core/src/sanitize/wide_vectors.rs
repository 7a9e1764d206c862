//! The sanitizer's two scans 64 bytes at a time (two halves of 32) with AVX2,
//! when the processor has it, chosen at run time. Without it, or off x86-64, the
//! scans read 16 bytes at a time with SSE2 (`safe_arch`), which every x86-64
//! processor has. (AVX-512 was tried too: on typical text it ran no faster than
//! AVX2, whose two halves cost little beside the rules asked at the anchors.)
//!
//! - The anchor scan (`secrets::anchor_scan`): the anchors, and the bytes long
//!   token runs are made of, what `anchor_scan::block_mask` computes.
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
    _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8,
};

use safe_arch::m256i;

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
    /// The anchors.
    pub(super) anchors: u64,
    /// The bytes long token runs are made of (`anchor_scan::is_run_byte`).
    pub(super) run_bytes: u64,
}

/// The anchor scan's masks of the 64 bytes of `window` (the last byte is only
/// read as the one after the 64th), when the processor has AVX2.
///
/// The window goes by reference, and the vector loads read the text itself: a
/// copy on the stack, stored in smaller pieces, would stall the wide load.
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
    ChunkMasks {
        anchors: u64::from(low.0) | u64::from(high.0) << 32,
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

/// The anchors and run bytes of 32 bytes with AVX2, one bit per byte.
#[target_feature(enable = "avx2")]
fn anchors_avx2_half(here: [u8; 32], next: [u8; 32]) -> (u32, u32) {
    let (here, next) = (m256i::from(here).0, m256i::from(next).0);
    let splat = |byte: u8| _mm256_set1_epi8(i8::from_ne_bytes([byte]));
    let equal = |lanes: __m256i, byte: u8| _mm256_cmpeq_epi8(lanes, splat(byte));
    let equal_but =
        |lanes: __m256i, bits: u8, byte: u8| equal(_mm256_or_si256(lanes, splat(bits)), byte);
    let or = |a: __m256i, b: __m256i| _mm256_or_si256(a, b);
    let and = |a: __m256i, b: __m256i| _mm256_and_si256(a, b);
    let (here_lower, next_lower) = (
        _mm256_or_si256(here, splat(0x20)),
        _mm256_or_si256(next, splat(0x20)),
    );
    let tokens = or(
        or(equal_but(here, 0x10, b'='), equal_but(here, 0x04, b'>')),
        or(
            or(equal(here, b'_'), equal(here, b'A')),
            or(equal(here, b'J'), equal(here, b'%')),
        ),
    );
    let schemes = and(
        equal(here_lower, b'b'),
        or(equal_but(next, 0x24, b'e'), equal(next_lower, b'y')),
    );
    let words = or(
        or(
            and(equal(here_lower, b's'), equal(next_lower, b'w')),
            and(equal(here_lower, b'k'), equal(next, b'e')),
        ),
        or(
            and(equal(here, b'c'), equal(next, b'r')),
            and(equal(here, b'p'), equal(next, b'h')),
        ),
    );
    // `-` greater than the byte, as signed bytes.
    let outside_runs = or(_mm256_cmpgt_epi8(splat(b'-'), here), equal(here, b'/'));
    let mask = |lanes: __m256i| _mm256_movemask_epi8(lanes).cast_unsigned();
    (mask(or(or(tokens, schemes), words)), !mask(outside_runs))
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
    fn the_masks_are_offered_only_where_the_processor_has_avx2() {
        let window = [b' '; WINDOW];
        let chunk = window.first_chunk::<64>().expect("64 bytes");
        let avx2 = std::arch::is_x86_feature_detected!("avx2");
        assert_eq!(super::anchor_masks(&window).is_some(), avx2);
        assert_eq!(super::plain_lanes(chunk, true), avx2.then_some(u64::MAX));
    }
}
