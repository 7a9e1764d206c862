//! Bytes that cleaning copies as they are, found sixty-four at a time with AVX2
//! where the processor has it (see `wide_vectors`), sixteen at a time otherwise:
//! printable ASCII that closes no marker, and kept line breaks and tabs.

/// The end of the run from `from` of bytes that are plain unless they close a turn
/// label; sixteen bytes at a time while no byte needs a rule.
pub(super) fn marker_run_end(bytes: &[u8], from: usize, keep_breaks: bool) -> usize {
    let mut at = from;
    // Sixty-four at a time on a wider vector unit, where the processor has one.
    #[cfg(target_arch = "x86_64")]
    while let Some(chunk) = bytes[at..].first_chunk::<64>()
        && let Some(plain) = crate::sanitize::wide_vectors::plain_lanes(chunk, keep_breaks)
    {
        if plain != u64::MAX {
            return at + plain.trailing_ones() as usize;
        }
        at += 64;
    }
    while let Some(block) = bytes[at..].first_chunk::<16>() {
        let plain = marker_lanes(*block, keep_breaks);
        if plain != u16::MAX {
            return at + plain.trailing_ones() as usize;
        }
        at += 16;
    }
    // The last bytes, in a block padded with spaces (plain): short text (a tool
    // name, an upstream's name) is read in one block, not a byte at a time.
    let rest = &bytes[at..];
    if rest.is_empty() {
        return at;
    }
    let mut block = [b' '; 16];
    block[..rest.len()].copy_from_slice(rest);
    at + (marker_lanes(block, keep_breaks).trailing_ones() as usize).min(rest.len())
}

/// Whether every byte of `block` is plain unless it closes a turn label (which
/// redaction looks for).
#[inline(always)]
pub(super) fn is_plain_block(block: [u8; 16], keep_breaks: bool) -> bool {
    marker_lanes(block, keep_breaks) == u16::MAX
}

/// Whether `byte` is copied as it is, with no rule to apply: printable ASCII that
/// cannot close a marker, and (in multi-line text) `\n` and the tab. Stack traces
/// (Java, Go) are indented with tabs, and neither is a trick once the text is JSON.
/// A `:` closes a turn label (`Human:`, `Assistant:`) only after an `n` or a `t`.
///
/// Written without branches (`&`, `|`) so that block scans vectorize.
pub(super) fn is_plain(before: u8, byte: u8, keep_breaks: bool) -> bool {
    let folded_before = before | 0x20;
    let closes_turn = (byte == b':') & ((folded_before == b'n') | (folded_before == b't'));
    is_plain_unless_closing_turn(byte, keep_breaks) & !closes_turn
}

/// [`is_plain`] of a byte that closes no turn label: what a block's lanes are
/// tested for ([`is_plain_block`]), and a `const` reads a message's literal text
/// with.
pub(in crate::sanitize) const fn is_plain_unless_closing_turn(byte: u8, keep_breaks: bool) -> bool {
    let printable = (byte >= b' ') & (byte <= b'~');
    let closes_marker = (byte == b'>') | (byte == b']') | (byte == b'#');
    let kept_break = keep_breaks & ((byte == b'\n') | (byte == b'\t'));
    (printable & !closes_marker) | kept_break
}

/// The end of the run of plain bytes from `from`, at most `limit`, where
/// `first_before` stands before `from` (a `:` after an `n` or a `t` may close a
/// turn label); sixteen bytes at a time while no byte needs a rule.
pub(super) fn plain_run_end(
    bytes: &[u8],
    from: usize,
    limit: usize,
    keep_breaks: bool,
    first_before: u8,
) -> usize {
    let mut at = from;
    let before = |at: usize| {
        if at == from {
            first_before
        } else {
            bytes[at - 1]
        }
    };
    while let Some(block) = bytes[at..limit].first_chunk::<16>() {
        // The bytes one before the block's, read at once; the first block's first
        // byte follows `first_before`, whatever the input holds there.
        let behind = match at
            .checked_sub(1)
            .and_then(|start| bytes[start..].first_chunk::<16>())
        {
            Some(&behind) => behind,
            None => {
                let mut behind = [first_before; 16];
                behind[1..].copy_from_slice(&block[..15]);
                behind
            }
        };
        let mut plain = marker_lanes(*block, keep_breaks) & !turn_lanes(behind, *block);
        if at == from {
            plain = (plain & !1) | u16::from(is_plain(first_before, block[0], keep_breaks));
        }
        if plain != u16::MAX {
            return at + plain.trailing_ones() as usize;
        }
        at += 16;
    }
    while at < limit && is_plain(before(at), bytes[at], keep_breaks) {
        at += 1;
    }
    at
}

/// One bit per byte of `block` that is plain unless it closes a turn label; SSE2
/// compares through `safe_arch`.
#[cfg(target_arch = "x86_64")]
fn marker_lanes(block: [u8; 16], keep_breaks: bool) -> u16 {
    use safe_arch::{
        bitand_m128i, bitandnot_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, cmp_gt_mask_i8_m128i,
        cmp_lt_mask_i8_m128i, m128i, move_mask_i8_m128i, set_splat_i8_m128i,
    };
    let splat = |byte: u8| set_splat_i8_m128i(i8::from_ne_bytes([byte]));
    let lanes = m128i::from(block);
    let equal = |byte: u8| cmp_eq_mask_i8_m128i(lanes, splat(byte));
    // Compared as signed bytes, everything from 0x80 is negative: this is `' '..='~'`.
    let printable = bitand_m128i(
        cmp_gt_mask_i8_m128i(lanes, splat(b' ' - 1)),
        cmp_lt_mask_i8_m128i(lanes, splat(b'~' + 1)),
    );
    let closes_marker = bitor_m128i(bitor_m128i(equal(b'>'), equal(b']')), equal(b'#'));
    let mut plain = bitandnot_m128i(closes_marker, printable);
    if keep_breaks {
        plain = bitor_m128i(plain, bitor_m128i(equal(b'\n'), equal(b'\t')));
    }
    // One bit per lane in the low 16 bits; the rest are zero.
    move_mask_i8_m128i(plain) as u16
}

/// One bit per `:` of `block` after an `n` or a `t` (in the same lane of `behind`):
/// the `:`s that may close a turn label.
#[cfg(target_arch = "x86_64")]
fn turn_lanes(behind: [u8; 16], block: [u8; 16]) -> u16 {
    use safe_arch::{
        bitand_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, m128i, move_mask_i8_m128i,
        set_splat_i8_m128i,
    };
    let splat = |byte: u8| set_splat_i8_m128i(i8::from_ne_bytes([byte]));
    let folded_behind = bitor_m128i(m128i::from(behind), splat(0x20));
    let colons = cmp_eq_mask_i8_m128i(m128i::from(block), splat(b':'));
    let after_n_or_t = bitor_m128i(
        cmp_eq_mask_i8_m128i(folded_behind, splat(b'n')),
        cmp_eq_mask_i8_m128i(folded_behind, splat(b't')),
    );
    move_mask_i8_m128i(bitand_m128i(colons, after_n_or_t)) as u16
}

/// One bit per byte of `block` that is plain unless it closes a turn label.
#[cfg(not(target_arch = "x86_64"))]
fn marker_lanes(block: [u8; 16], keep_breaks: bool) -> u16 {
    block.iter().enumerate().fold(0, |lanes, (lane, &byte)| {
        lanes | u16::from(is_plain(b' ', byte, keep_breaks)) << lane
    })
}

/// One bit per `:` of `block` after an `n` or a `t`.
#[cfg(not(target_arch = "x86_64"))]
fn turn_lanes(behind: [u8; 16], block: [u8; 16]) -> u16 {
    block
        .iter()
        .zip(behind)
        .enumerate()
        .fold(0, |lanes, (lane, (&byte, before))| {
            let closes = byte == b':' && matches!(before | 0x20, b'n' | b't');
            lanes | u16::from(closes) << lane
        })
}

#[cfg(test)]
mod tests {
    use super::{is_plain, is_plain_unless_closing_turn, marker_lanes, turn_lanes};

    #[test]
    fn the_block_test_agrees_with_the_byte_test_in_every_lane() {
        for keep_breaks in [true, false] {
            for byte in 0..=255u8 {
                for before in [b'a', b'n', b'T', b'x', 0xE2] {
                    for lane in 0..16 {
                        let mut block = [b'a'; 16];
                        let mut behind = [b'a'; 16];
                        block[lane] = byte;
                        behind[lane] = before;
                        let lanes = marker_lanes(block, keep_breaks) & !turn_lanes(behind, block);
                        assert_eq!(
                            lanes >> lane & 1 == 1,
                            is_plain(before, byte, keep_breaks),
                            "{byte:#x} after {before:#x} in lane {lane}, keep_breaks {keep_breaks}"
                        );
                        assert_eq!(lanes | 1 << lane, u16::MAX, "the other lanes are plain");
                        assert_eq!(
                            marker_lanes(block, keep_breaks) >> lane & 1 == 1,
                            is_plain_unless_closing_turn(byte, keep_breaks),
                            "{byte:#x} in lane {lane}, keep_breaks {keep_breaks}"
                        );
                    }
                }
            }
        }
    }
}
