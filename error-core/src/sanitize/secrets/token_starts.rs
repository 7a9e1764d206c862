//! Where a provider token may start: from the first anchor byte of its prefix
//! (`-` of `sk-`, `_` of `ghp_`, `A` of `AKIA`), or, for a prefix without one
//! (`SK`, `dapi`, `hvs.`), from the long run of token bytes it stands in. Both are
//! built from the table itself, and the build fails for a row neither can find.

use super::providers::{FORMATS, LED_FORMATS};
use super::tokens::{BytePairs, Format, SECOND_BYTES, formats_starting_with};
use super::{anchor_scan, anchors};

/// Whether a token prefix starts at `start`.
#[inline(always)]
fn prefix_at(text: &[u8], start: usize) -> bool {
    let first = text[start];
    text.get(start + 1)
        .is_some_and(|&second| SECOND_BYTES.contain(first, second))
        && formats_starting_with(first)
            .iter()
            .any(|format| format.prefix_starts(&text[start..]))
}

/// Where an anchor byte stands in the token prefixes: whether it starts one
/// (`AKIA`), and by the byte that stands right before it, the offsets (as bits) at
/// which it is a prefix's first anchor (`-` after `k` at 2, for `sk-`; `_` after
/// `p` at 3, for `ghp_`).
#[derive(Clone, Copy)]
struct AnchorPlaces {
    at_start: bool,
    after: [u16; 128],
}

/// How many bytes are the first anchor of some prefix.
const FIRST_ANCHORS: usize = 4;

/// [`AnchorPlaces`] of the bytes that are the first anchor of a prefix.
struct AnchorTable {
    /// For every byte, the index of its places in `places` (`0`: none).
    index_of: [u8; 256],
    /// The places of each first anchor, after an empty entry.
    places: [AnchorPlaces; FIRST_ANCHORS + 1],
}

/// Whether a format is found from the long run it stands in rather than from an
/// anchor byte of its prefix: its prefix and body are all run bytes, and together
/// at least [`anchor_scan::RUN_SPAN`] long, so every token of it holds a whole block
/// that the anchor scan reports as inside a run.
const fn found_from_its_run(format: &Format, lead: usize) -> bool {
    let mut index = 0;
    while index < format.prefix.len() {
        if !anchor_scan::is_run_byte(format.prefix[index]) {
            return false;
        }
        index += 1;
    }
    let mut byte = 0;
    while byte < 256 {
        if format.body.defines(byte as u8) && !anchor_scan::is_run_byte(byte as u8) {
            return false;
        }
        byte += 1;
    }
    lead + format.prefix.len() + format.min_body >= anchor_scan::RUN_SPAN
}

/// Whether a format is found from an anchor byte in its prefix (`sk-`, `AKIA`).
const fn has_anchor(prefix: &[u8]) -> bool {
    let mut offset = 0;
    while offset < prefix.len() && offset < anchors::MAX_LOOKBACK {
        if anchor_scan::is_token_anchor(prefix[offset]) {
            return true;
        }
        offset += 1;
    }
    false
}

/// For every first byte, the second bytes of the prefixes found from their runs:
/// the starts worth a look in a run block.
/// Every led row is found from its run: its lead, prefix and shortest body are
/// run bytes, at least [`anchor_scan::RUN_SPAN`] long.
const _: () = {
    let mut index = 0;
    while index < LED_FORMATS.len() {
        let format = &LED_FORMATS[index];
        assert!(
            format.lead > 0 && format.word_start && found_from_its_run(format, format.lead),
            "a led row is found from its run: run bytes only, and long enough"
        );
        index += 1;
    }
};

static RUN_SECOND_BYTES: BytePairs = {
    let mut pairs = BytePairs::NONE;
    let mut index = 0;
    while index < FORMATS.len() {
        let format = &FORMATS[index];
        if !has_anchor(format.prefix) {
            assert!(
                found_from_its_run(format, 0),
                "a prefix without an anchor byte near its start is found from its run: \
                 run bytes only, and long enough (see `anchor_scan::RUN_SPAN`)"
            );
            assert!(
                format.word_start,
                "a format found from its run starts a word: only word starts are looked at"
            );
            pairs = pairs.with(format.prefix[0], format.prefix[1]);
        }
        index += 1;
    }
    pairs
};

/// Hands `push` every position from `from` on where a token found from its run may
/// start, when the block at `block` is inside a run: the token's first whole block
/// starts at most 15 bytes after the token does. Those formats start a word, so
/// only word starts are looked at, unless `every_position` (where cleaning glued
/// words together).
#[inline]
pub(super) fn push_starts_in_run(
    text: &[u8],
    block: usize,
    from: usize,
    every_position: bool,
    push: &mut impl FnMut(usize),
) {
    let base = block.saturating_sub(15);
    let mut starts = if every_position {
        u16::MAX
    } else {
        anchor_scan::word_starts_from(text, base, block)
    };
    // Only positions from `from` to `block`.
    starts &= u16::MAX
        .checked_shl((from.saturating_sub(base)) as u32)
        .unwrap_or(0);
    starts &= u16::MAX >> (15 - (block - base));
    while starts != 0 {
        let start = base + starts.trailing_zeros() as usize;
        starts &= starts - 1;
        let (Some(&first), Some(&second)) = (text.get(start), text.get(start + 1)) else {
            return;
        };
        if (RUN_SECOND_BYTES.contain(first, second) && prefix_at(text, start))
            || LED_FORMATS
                .iter()
                .any(|format| format.led_starts(text, start))
        {
            push(start);
        }
    }
}

/// Built from the formats themselves: a prefix with a byte outside ASCII fails the
/// build; so does one without an anchor in its first 16 bytes that cannot be found
/// from its run either.
static ANCHOR_PLACES: AnchorTable = {
    let mut index_of = [0u8; 256];
    let mut places = [AnchorPlaces {
        at_start: false,
        after: [0; 128],
    }; FIRST_ANCHORS + 1];
    let mut used = 0;
    let mut index = 0;
    while index < FORMATS.len() {
        let prefix = FORMATS[index].prefix;
        let mut offset = 0;
        while offset < prefix.len() && !anchor_scan::is_token_anchor(prefix[offset]) {
            assert!(prefix[offset].is_ascii(), "token prefixes are ASCII");
            offset += 1;
        }
        if !has_anchor(prefix) {
            // Found from its run (checked by `RUN_SECOND_BYTES`).
            index += 1;
            continue;
        }
        assert!(
            !matches!(prefix[offset], b'=' | b':'),
            "no token prefix is anchored at a separator (candidates stop there)"
        );
        let anchor = prefix[offset] as usize;
        if index_of[anchor] == 0 {
            used += 1;
            assert!(
                used <= FIRST_ANCHORS,
                "FIRST_ANCHORS counts every first anchor"
            );
            index_of[anchor] = used as u8;
        }
        let anchor_places = &mut places[index_of[anchor] as usize];
        if offset == 0 {
            anchor_places.at_start = true;
        } else {
            anchor_places.after[prefix[offset - 1] as usize] |= 1 << offset;
        }
        index += 1;
    }
    AnchorTable { index_of, places }
};

/// Hands `push` every position where a token whose prefix holds the anchor at
/// `anchor` may start.
#[inline]
pub(super) fn push_starts_anchored_at(text: &[u8], anchor: usize, push: &mut impl FnMut(usize)) {
    let AnchorTable { index_of, places } = &ANCHOR_PLACES;
    let places = &places[usize::from(index_of[usize::from(text[anchor])])];
    let after = anchor
        .checked_sub(1)
        .and_then(|before| places.after.get(usize::from(text[before])))
        .copied()
        .unwrap_or(0);
    let mut offsets = after | u16::from(places.at_start);
    while offsets != 0 {
        let offset = offsets.trailing_zeros() as usize;
        offsets &= offsets - 1;
        if let Some(start) = anchor.checked_sub(offset)
            && prefix_at(text, start)
        {
            push(start);
        }
    }
}
