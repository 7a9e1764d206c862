//! The anchors of a text, found 64 bytes at a time: vector compares and mask
//! extractions say where an anchor byte stands (see `anchors`), and whether each
//! block of 16 bytes is inside a long run of token bytes, where a token whose
//! prefix has no anchor byte may start. A chunk is read with AVX2 where the
//! processor has it (see `wide_vectors`), and otherwise, and at the text's end, a
//! block of 16 bytes at a time with SSE2.
//!
//! A chunk read with AVX2 passes over the anchors inside lines of `-`, `=` and
//! `_` (a table's rule, a test runner's banner): every byte of such a line is an
//! anchor, where no rule starts a secret (see [`is_inside_line`]). A line of 80
//! bytes cost as much as 80 of typical text's anchors.

#[cfg(test)]
use crate::sanitize::short_text::ShortText;

/// Bytes that long token runs are made of, as the anchor scan sees them: ASCII
/// from `-` on, except `/` (letters, digits, `-._~=` and a little punctuation).
pub(in crate::sanitize) const fn is_run_byte(byte: u8) -> bool {
    byte >= b'-' && byte < 0x80 && byte != b'/'
}

/// How many leading bytes of a block must be run bytes for the block to be
/// reported as inside a run.
pub(in crate::sanitize) const RUN_LANES: usize = 14;

/// The shortest token found from its run rather than from an anchor byte
/// (`SK...`, `dapi...`, `hvs.`): a run this long holds the first [`RUN_LANES`]
/// bytes of a block wherever the blocks start.
pub(super) const RUN_SPAN: usize = RUN_LANES + 15;

/// The lanes that must hold run bytes for a block to be inside a run.
const RUN_LANE_BITS: u16 = (1 << RUN_LANES) - 1;

/// One bit for each of the 16 positions from `base` (up to `last`) that starts a
/// word: at the start of the text, or after a byte that is no ASCII letter or
/// digit.
#[inline]
pub(super) fn word_starts_from(text: &[u8], base: usize, last: usize) -> u16 {
    #[cfg(target_arch = "x86_64")]
    if let Some(before) = base
        .checked_sub(1)
        .and_then(|first| text.get(first..first + 16))
        .and_then(|bytes| bytes.first_chunk::<16>())
    {
        return !alphanumeric_mask(*before);
    }
    (base..=last.min(base + 15)).fold(0, |starts, at| {
        let starts_word = at == 0 || !text[at - 1].is_ascii_alphanumeric();
        starts | u16::from(starts_word) << (at - base)
    })
}

/// One bit per ASCII letter or digit among the 16 bytes of `block`.
#[cfg(target_arch = "x86_64")]
fn alphanumeric_mask(block: [u8; 16]) -> u16 {
    use safe_arch::{
        add_i8_m128i, bitor_m128i, cmp_lt_mask_i8_m128i, m128i, move_mask_i8_m128i,
        set_splat_i8_m128i,
    };
    let splat = |byte: i8| set_splat_i8_m128i(byte);
    let block = m128i::from(block);
    // `byte - low < count` as unsigned bytes: shifted down to the bottom of the
    // signed range, one signed compare.
    let within = |lanes: m128i, low: u8, count: i8| {
        let shift = i8::MIN.wrapping_sub(low as i8);
        cmp_lt_mask_i8_m128i(add_i8_m128i(lanes, splat(shift)), splat(i8::MIN + count))
    };
    let digits = within(block, b'0', 10);
    // Setting bit 5 lowers capitals onto lowercase letters.
    let letters = within(bitor_m128i(block, splat(0x20)), b'a', 26);
    move_mask_i8_m128i(bitor_m128i(digits, letters)) as u16
}

/// Whether the `sw` after `before` may be the `sw` of a password's name
/// (`password`, `passwd`, `htpasswd`, `pswd`, `Passwort`): every word the rules
/// read there holds its `sw` after an `s` or a `p`, and most `sw`s stand in other
/// words (`answer`, `sweep`). The anchor is found from any `sw`; its rules are asked
/// only after these.
pub(super) const fn may_start_password_sw(before: u8) -> bool {
    matches!(before | 0x20, b's' | b'p')
}

/// Whether `byte` is an anchor on its own. Token prefixes are found from these.
pub(super) const fn is_token_anchor(byte: u8) -> bool {
    matches!(byte, b'=' | b':' | b'-' | b'_' | b'A' | b'J')
}

/// Whether the byte at `at` is an anchor: one of the token anchors, the `b` of
/// `Bearer` and `Basic`, told from the `b` of ordinary words by the `e` or `a`
/// after it (ignoring case: both letters differ from their capitals in one bit),
/// the `b` of SQL's `IDENTIFIED BY` (before a `y`), the `sw` of `password` in
/// either case (a `.netrc` file's, an XML element's, SQL's `PASSWORD`), or the `>`
/// that closes an XML tag, or the pairs of letters that find the words prose names
/// a secret with (`prose_secrets`): the `ke` of `token` and `key` (`Ke` of `Key`),
/// the `cr` of `secret`, the `ph` of `passphrase`, as those words are written in
/// lowercase or capitalised (random tokens hold these pairs in other cases too),
/// or the `%` of a percent-encoded `=` (`encoded_pairs`; a `%` alone costs the
/// scan less than the pair `%3`), or the `n(` that ends a `login(` call
/// (`credential_calls`). The definition [`block_mask`] is held to. (A
/// text that is not all ASCII has one more anchor byte: see [`Anchors::of_text`].)
#[cfg(any(test, not(target_arch = "x86_64")))]
pub(super) fn is_anchor_at(text: &[u8], at: usize) -> bool {
    // No byte after the last is no anchor's second byte: a zero is none.
    is_anchor_before(text[at], text.get(at + 1).copied().unwrap_or(0))
}

/// Whether `byte` is an anchor where `next` follows it: `is_anchor_at`'s test on
/// two bytes (that function is built for tests and other targets only), which a
/// `const` reads a message's literal text with.
pub(in crate::sanitize) const fn is_anchor_before(byte: u8, next: u8) -> bool {
    is_token_anchor(byte)
        || byte == b'>'
        || byte == b'%'
        || (byte | 0x20 == b'b' && matches!(next | 0x20, b'e' | b'a' | b'y'))
        || (byte == b'n' && next == b'(')
        || (byte | 0x20 == b's' && next | 0x20 == b'w')
        || matches!(
            (byte, next),
            (b'k' | b'K', b'e') | (b'c', b'r') | (b'p', b'h')
        )
}

/// Whether the byte at `at` stands inside a line of `-`, `=` or `_` (a table's
/// rule, a heading's underline, a test runner's banner): the same byte two before
/// it and two after it. No rule starts a secret from an anchor there that none
/// starts from the line's first two or last two bytes: a flag's dashes end its
/// line, a key's separator starts its own, no token's prefix holds two of these
/// bytes in a row (a test holds `providers` to that), and a private key's
/// `-----BEGIN` after more dashes is found from its `BEGIN`.
fn is_inside_line(text: &[u8], at: usize) -> bool {
    let byte = text[at];
    matches!(byte, b'-' | b'=' | b'_')
        && at >= 2
        && text
            .get(at - 2..at + 3)
            .is_some_and(|around| around.iter().all(|&other| other == byte))
}

/// `anchor_bytes`, the anchor bytes of the [`CHUNK`] bytes of `text` from `start`,
/// without those inside a line (see [`is_inside_line`]). Such an anchor has
/// anchors on both sides, two each: the few chunks with such stretches are read
/// byte by byte there, and the anchors next to the chunk's edges stay.
#[inline(always)]
pub(in crate::sanitize) fn without_line_insides(
    text: &[u8],
    start: usize,
    anchor_bytes: u64,
) -> u64 {
    // Two anchors in a row, then three, then five: most chunks have none in a row.
    let pairs = anchor_bytes & anchor_bytes >> 1;
    if pairs == 0 {
        return anchor_bytes;
    }
    let threes = pairs & pairs >> 1;
    // The middle lane of five.
    let stretches = (threes & threes >> 2) << 2;
    if stretches == 0 {
        return anchor_bytes;
    }
    anchor_bytes & !line_insides(text, start, stretches)
}

/// The lanes of `stretches` (lanes of a chunk from `start`) that stand inside a
/// line. Out of line: most chunks have no stretch.
#[inline(never)]
fn line_insides(text: &[u8], start: usize, mut stretches: u64) -> u64 {
    let mut insides = 0;
    while stretches != 0 {
        let lane = stretches.trailing_zeros();
        insides |= u64::from(is_inside_line(text, start + lane as usize)) << lane;
        stretches &= stretches - 1;
    }
    insides
}

/// What the anchor scan reads from a block of 16 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::sanitize) struct BlockMask {
    /// One bit per anchor.
    anchors: u16,
    /// One bit per run byte.
    run_bytes: u16,
}

impl BlockMask {
    /// Whether the block gives the rules nothing to ask about: no anchor, and not
    /// inside a run.
    pub(in crate::sanitize) fn is_inert(self) -> bool {
        self.anchors == 0 && !self.in_run()
    }

    /// Whether the block's first [`RUN_LANES`] bytes are run bytes.
    fn in_run(self) -> bool {
        self.run_bytes & RUN_LANE_BITS == RUN_LANE_BITS
    }

    /// Whether the block at `at` of a text of `len` bytes is handed out as inside a
    /// run. A token found from its run is `RUN_SPAN` bytes long at least and starts
    /// at most 15 bytes before the block: a text too short to hold one from there (a
    /// name, a short message) has none.
    fn reports_run(self, at: usize, len: usize) -> bool {
        self.in_run() && at.saturating_sub(15) + RUN_SPAN <= len
    }

    /// The mask of the block `lanes` bytes further on, where the text ends with
    /// this block: no anchor and no run byte past the end.
    fn skipping(self, lanes: usize) -> Self {
        let shifted = |mask: u16| mask.checked_shr(lanes as u32).unwrap_or(0);
        Self {
            anchors: shifted(self.anchors),
            run_bytes: shifted(self.run_bytes),
        }
    }
}

/// The anchors among the 16 bytes of `here`, and whether the block is inside a
/// run; `next` is the same window one byte further on. SSE2 compares and mask
/// extractions, through `safe_arch`.
#[cfg(target_arch = "x86_64")]
fn block_mask(here: [u8; 16], next: [u8; 16]) -> BlockMask {
    use safe_arch::{
        bitand_m128i, bitor_m128i, cmp_eq_mask_i8_m128i, cmp_lt_mask_i8_m128i, m128i,
        move_mask_i8_m128i, set_splat_i8_m128i,
    };
    let splat = |byte: u8| set_splat_i8_m128i(i8::from_ne_bytes([byte]));
    let (here, next) = (m128i::from(here), m128i::from(next));
    // `lanes | bits == byte`: the lanes equal to `byte` with any of `bits` cleared.
    let equal_but = |lanes: m128i, bits: u8, byte: u8| {
        cmp_eq_mask_i8_m128i(bitor_m128i(lanes, splat(bits)), splat(byte))
    };
    let equal = |lanes: m128i, byte: u8| cmp_eq_mask_i8_m128i(lanes, splat(byte));
    // Letters in lowercase (bit 5 set), for the letters matched in either case.
    let (here_lower, next_lower) = (
        bitor_m128i(here, splat(0x20)),
        bitor_m128i(next, splat(0x20)),
    );
    // A pair whose second letter is lowercase.
    let pair = |first: m128i, second: u8| bitand_m128i(first, equal(next, second));
    let tokens = bitor_m128i(
        bitor_m128i(
            // `-` is `=` (0x3D) with bit 4 cleared; `:` (0x3A) is the `>` (0x3E)
            // that closes a tag with bit 2 cleared.
            equal_but(here, 0x10, b'='),
            bitor_m128i(equal_but(here, 0x04, b'>'), equal(here, b'_')),
        ),
        bitor_m128i(
            bitor_m128i(equal(here, b'A'), equal(here, b'J')),
            // The `%` of an encoded `=`.
            equal(here, b'%'),
        ),
    );
    // `b` in either case, before `e` or `a` (bit 5 is case, and `a` is `e` (0x65)
    // with bit 2 cleared), or `y`, in either case.
    let after_b = bitor_m128i(equal_but(next, 0x24, b'e'), equal(next_lower, b'y'));
    let schemes = bitand_m128i(equal(here_lower, b'b'), after_b);
    // The `n(` of a `login(` call.
    let calls = bitand_m128i(equal(here, b'n'), equal(next, b'('));
    // `s` before `w` in either case: the `sw` of `password`; and the pairs that find
    // the words of `prose_secrets`.
    let password = bitand_m128i(equal(here_lower, b's'), equal(next_lower, b'w'));
    let words = bitor_m128i(
        bitor_m128i(password, pair(equal(here_lower, b'k'), b'e')),
        bitor_m128i(pair(equal(here, b'c'), b'r'), pair(equal(here, b'p'), b'h')),
    );
    // Bytes below `-` (as signed bytes: everything outside ASCII too) and `/`.
    let outside_runs = bitor_m128i(cmp_lt_mask_i8_m128i(here, splat(b'-')), equal(here, b'/'));
    // One bit per lane in the low 16 bits; the rest are zero.
    let anchors = move_mask_i8_m128i(bitor_m128i(
        bitor_m128i(tokens, bitor_m128i(schemes, calls)),
        words,
    )) as u16;
    BlockMask {
        anchors,
        run_bytes: !(move_mask_i8_m128i(outside_runs) as u16),
    }
}

/// The anchors among the 16 bytes of `here`, and whether the block is inside a
/// run; `next` is the same window one byte further on.
#[cfg(not(target_arch = "x86_64"))]
fn block_mask(here: [u8; 16], next: [u8; 16]) -> BlockMask {
    lane_by_lane_mask(here, next)
}

/// [`block_mask`] a lane at a time: the definition the vector version is held to.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn lane_by_lane_mask(here: [u8; 16], next: [u8; 16]) -> BlockMask {
    let mut window = [0; 17];
    window[..16].copy_from_slice(&here);
    window[16] = next[15];
    BlockMask {
        anchors: (0..16).fold(0, |mask, lane| {
            mask | u16::from(is_anchor_at(&window, lane)) << lane
        }),
        run_bytes: (0..16).fold(0, |mask, lane| {
            mask | u16::from(is_run_byte(here[lane])) << lane
        }),
    }
}

/// How many blocks are searched at once: the anchors of 64 bytes are one number,
/// and most anchors are handed out without a branch on whether their block holds
/// another (a branch that data decides, and that the processor mostly guesses
/// wrong).
const BLOCKS_AT_ONCE: usize = 4;

/// The bytes searched at once.
const CHUNK: usize = 16 * BLOCKS_AT_ONCE;

/// The anchors of a text in order, [`CHUNK`] bytes at a time. The start of a block
/// inside a run is handed out as an anchor too, whatever byte stands there.
pub(super) struct Anchors {
    /// Where the chunk searched last starts (`usize::MAX` before the first).
    start: usize,
    /// The chunk's anchor bytes, one bit each.
    anchor_bytes: u64,
    /// The starts of the chunk's blocks that are inside a run.
    run_blocks: u64,
    /// Whether the text holds bytes outside ASCII: then the first byte of a
    /// full-width `：` or `＝` (`0xEF`) is an anchor byte too. CJK text writes a
    /// key's separator so (`密码：...`).
    wide: bool,
    /// The last search that left the chunk it started from: see [`PassedOver`].
    passed_over: PassedOver,
}

/// A search that left the chunk it started from: from where, and what it found
/// (`usize::MAX`: nothing), in the chunk it ended in. No anchor stands between the
/// two: a search from between them while that chunk is still the one searched
/// last (after a redaction that ended before the anchor found) finds it again
/// without reading the chunks before it. A table's rule hands on cells far ahead
/// of the next anchor, and each redaction of one would read the rows again.
#[derive(Clone, Copy)]
struct PassedOver {
    from: usize,
    found: usize,
    chunk: usize,
}

impl PassedOver {
    const NONE: Self = Self {
        from: usize::MAX,
        found: 0,
        chunk: 0,
    };
}

impl Anchors {
    /// The anchors of ASCII text (a text that cleaning left as it is).
    pub(super) fn new() -> Self {
        Self {
            start: usize::MAX,
            anchor_bytes: 0,
            run_blocks: 0,
            wide: false,
            passed_over: PassedOver::NONE,
        }
    }

    /// The anchors of `text`, which may hold bytes outside ASCII.
    pub(super) fn of_text(text: &[u8]) -> Self {
        Self {
            wide: !text.is_ascii(),
            ..Self::new()
        }
    }

    /// What stands at the anchor at `at`, the last one handed out: whether an
    /// anchor byte does, and whether a block inside a run starts there.
    #[inline]
    pub(super) fn kind_at(&self, at: usize) -> (bool, bool) {
        let offset = at.wrapping_sub(self.start);
        if offset < CHUNK {
            (
                self.anchor_bytes >> offset & 1 == 1,
                self.run_blocks >> offset & 1 == 1,
            )
        } else {
            (true, false)
        }
    }

    /// The first anchor at or after `from`. Always inlined: the scan's loop keeps
    /// the block masks' constants in registers only so.
    #[inline(always)]
    pub(super) fn next_from(&mut self, text: &[u8], from: usize) -> Option<usize> {
        let mut mask = match from.checked_sub(self.start) {
            Some(offset) if offset < CHUNK => {
                let mask = (self.anchor_bytes | self.run_blocks) & (u64::MAX << offset);
                if mask != 0 {
                    return Some(self.start + mask.trailing_zeros() as usize);
                }
                mask
            }
            _ => {
                let passed = self.passed_over;
                if passed.chunk == self.start && passed.from <= from && from <= passed.found {
                    return (passed.found != usize::MAX).then_some(passed.found);
                }
                self.search_chunk(text, from)
            }
        };
        while mask == 0 {
            let next = self.start + CHUNK;
            if next >= text.len() {
                self.start = usize::MAX;
                self.passed_over = PassedOver {
                    from,
                    found: usize::MAX,
                    chunk: usize::MAX,
                };
                return None;
            }
            mask = self.search_chunk(text, next);
        }
        let found = self.start + mask.trailing_zeros() as usize;
        if from < self.start {
            self.passed_over = PassedOver {
                from,
                found,
                chunk: self.start,
            };
        }
        Some(found)
    }

    /// Searches the [`CHUNK`] bytes from `start` (fewer at the end of the text), and
    /// returns their anchors, with the start of each block inside a run among them.
    #[inline(always)]
    fn search_chunk(&mut self, text: &[u8], start: usize) -> u64 {
        let (anchor_bytes, run_blocks) = match wide_chunk_masks(text, start) {
            Some((anchors, run_bytes)) => (anchors, run_block_starts(run_bytes)),
            None => block_by_block_masks(text, start),
        };
        let anchor_bytes = match self.wide {
            true => anchor_bytes | full_width_lanes(text, start),
            false => anchor_bytes,
        };
        *self = Self {
            start,
            anchor_bytes,
            run_blocks,
            ..*self
        };
        anchor_bytes | run_blocks
    }
}

/// The anchors and run bytes of the [`CHUNK`] bytes from `start`, one bit each,
/// read on a vector unit wider than SSE2 when the processor has one (see
/// `wide_vectors`) and a byte follows the chunk.
#[inline(always)]
fn wide_chunk_masks(text: &[u8], start: usize) -> Option<(u64, u64)> {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::sanitize::wide_vectors;
        let window = text.get(start..start + wide_vectors::WINDOW)?;
        let masks = wide_vectors::anchor_masks(window.first_chunk()?)?;
        Some((masks.anchors, masks.run_bytes))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (text, start);
        None
    }
}

/// The starts of the chunk's blocks that are inside a run, from its run bytes:
/// each block whose first [`RUN_LANES`] bytes are run bytes. A chunk read with a
/// byte after it leaves a token from its run room to be (see
/// [`BlockMask::reports_run`]): with at least 65 bytes from the chunk's start,
/// every block of it that is inside a run is handed out.
#[inline(always)]
fn run_block_starts(run_bytes: u64) -> u64 {
    const FIRST_LANES: u64 = RUN_LANE_BITS as u64 * 0x0001_0001_0001_0001;
    // The lanes of each block's first fourteen that hold no run byte: a block is
    // inside a run when its field is zero. Adding 0x3FFF to a field below 0x4000
    // carries into its bit 14 exactly when the field is not zero, and never into
    // the next field.
    let missing = !run_bytes & FIRST_LANES;
    let carried = missing + FIRST_LANES;
    (!carried >> RUN_LANES) & 0x0001_0001_0001_0001
}

/// The anchors and run block starts of the [`CHUNK`] bytes from `start` (fewer at
/// the end of the text), a block of 16 at a time.
#[inline(always)]
fn block_by_block_masks(text: &[u8], start: usize) -> (u64, u64) {
    let (mut anchor_bytes, mut run_blocks) = (0, 0);
    for block in 0..BLOCKS_AT_ONCE {
        let at = start + 16 * block;
        if at >= text.len() {
            break;
        }
        let mask = match window_at(text, at) {
            Some((here, next)) => block_mask(here, next),
            None => last_block_mask(text, at),
        };
        anchor_bytes |= u64::from(mask.anchors) << (16 * block);
        if mask.reports_run(at, text.len()) {
            run_blocks |= 1 << (16 * block);
        }
    }
    (anchor_bytes, run_blocks)
}

/// The 16 bytes from `at` and the 16 from one byte further on, read from the text
/// itself; `None` when fewer than 17 bytes are left (the last block, read apart).
#[inline(always)]
fn window_at(text: &[u8], at: usize) -> Option<([u8; 16], [u8; 16])> {
    let window = text.get(at..at + 17)?;
    Some((
        *window.first_chunk::<16>()?,
        *window[1..].first_chunk::<16>()?,
    ))
}

/// One bit for each `0xEF` among the [`CHUNK`] bytes from `start`: the first byte
/// of the full-width forms (`：`, `＝`, and the others, which their rule turns
/// away). Kept out of the scan's loop, which ASCII text never calls it from.
#[inline(never)]
fn full_width_lanes(text: &[u8], start: usize) -> u64 {
    let chunk = &text[start..text.len().min(start + CHUNK)];
    memchr::memchr_iter(0xEF, chunk).fold(0, |lanes, lane| lanes | 1 << lane)
}

/// The anchors of a short text, searched at once (one chunk from its start), handed
/// out in order with what stands at each (as [`Anchors::kind_at`] says).
#[derive(Default)]
pub(in crate::sanitize) struct ShortTextAnchors {
    anchor_bytes: u64,
    run_blocks: u64,
}

impl ShortTextAnchors {
    /// The anchors of a short text, from its blocks.
    #[cfg(test)]
    pub(super) fn of(short: &ShortText<'_>) -> Self {
        let mut anchors = Self::default();
        for (block, (here, next)) in short.blocks().enumerate() {
            anchors.add_block(block, Self::block_mask(here, next), short.bytes().len());
        }
        anchors
    }

    /// What the anchor scan reads from a block of the text (`here`, and `next` one
    /// byte further on).
    #[inline(always)]
    pub(in crate::sanitize) fn block_mask(here: [u8; 16], next: [u8; 16]) -> BlockMask {
        block_mask(here, next)
    }

    /// Adds the anchors of the text's block `block`, read as `mask`, in a text of
    /// `len` bytes.
    #[inline(always)]
    pub(in crate::sanitize) fn add_block(&mut self, block: usize, mask: BlockMask, len: usize) {
        self.anchor_bytes |= u64::from(mask.anchors) << (16 * block);
        if mask.reports_run(16 * block, len) {
            self.run_blocks |= 1 << (16 * block);
        }
    }

    pub(super) fn is_empty(&self) -> bool {
        self.anchor_bytes | self.run_blocks == 0
    }
}

impl Iterator for ShortTextAnchors {
    /// An anchor, whether an anchor byte stands there, and whether a block inside a
    /// run starts there.
    type Item = (usize, (bool, bool));

    fn next(&mut self) -> Option<Self::Item> {
        let either = self.anchor_bytes | self.run_blocks;
        if either == 0 {
            return None;
        }
        let at = either.trailing_zeros();
        let kind = (
            self.anchor_bytes >> at & 1 == 1,
            self.run_blocks >> at & 1 == 1,
        );
        let rest = !(1 << at);
        self.anchor_bytes &= rest;
        self.run_blocks &= rest;
        Some((at as usize, kind))
    }
}

/// The mask of the block from `start`, where fewer than 17 bytes are left: kept
/// out of the scan's loop, which runs it once per text.
#[inline(never)]
fn last_block_mask(text: &[u8], start: usize) -> BlockMask {
    if let Some(&last) = text.last_chunk::<16>() {
        // The text's last 16 bytes, searched as one block that overlaps the one
        // before, with no byte after the last (a zero is no anchor's second byte),
        // and the lanes before `start` skipped.
        let mut next = [0; 16];
        next[..15].copy_from_slice(&last[1..]);
        return block_mask(last, next).skipping(start - (text.len() - 16));
    }
    // A text shorter than a block: padded with spaces (no anchor, no run byte, and
    // no `e`, `a` or `w` after a final `b` or `s`), it is searched in one block too.
    let rest = text.get(start..).unwrap_or_default();
    let kept = rest.len().min(16);
    let mut here = [b' '; 16];
    here[..kept].copy_from_slice(&rest[..kept]);
    let mut next = [b' '; 16];
    next[..15].copy_from_slice(&here[1..]);
    block_mask(here, next)
}

#[cfg(test)]
mod tests {
    use super::{Anchors, ShortText, ShortTextAnchors, is_anchor_at};

    fn all_anchors(text: &[u8]) -> Vec<usize> {
        let mut anchors = Anchors::new();
        let mut found = Vec::new();
        let mut from = 0;
        while let Some(at) = anchors.next_from(text, from) {
            found.push(at);
            from = at + 1;
        }
        found
    }

    /// The block and the block one byte further on, of a 17-byte window.
    fn blocks(window: [u8; 17]) -> ([u8; 16], [u8; 16]) {
        let here = *window.first_chunk::<16>().unwrap();
        let next = *window.last_chunk::<16>().unwrap();
        (here, next)
    }

    #[test]
    fn the_block_mask_agrees_with_the_lane_by_lane_test() {
        // Lane 15 reads its next byte from the window after the block.
        for lane in [5, 15] {
            for byte in 0..=255u8 {
                for next in 0..=255u8 {
                    let mut window = [b'x'; 17];
                    window[lane] = byte;
                    window[lane + 1] = next;
                    let (here, after) = blocks(window);
                    assert_eq!(
                        super::block_mask(here, after),
                        super::lane_by_lane_mask(here, after),
                        "{byte:#x} {next:#x} in lane {lane}"
                    );
                }
            }
        }
    }

    #[test]
    fn each_lane_sets_its_own_bit() {
        for lane in 0..16 {
            let pairs = [b'=', b':', b'-', b'_', b'A', b'J', b'>', b'%']
                .map(|anchor| [anchor, b'x'])
                .into_iter()
                .chain([
                    *b"be", *b"Ba", *b"BE", *b"bE", *b"by", *b"BY", *b"sw", *b"SW", *b"Sw", *b"ke",
                    *b"Ke", *b"cr", *b"ph",
                ]);
            for pair in pairs {
                let mut window = [b'x'; 17];
                window[lane..lane + 2].copy_from_slice(&pair);
                let (here, next) = blocks(window);
                assert_eq!(
                    super::block_mask(here, next).anchors,
                    1 << lane,
                    "{pair:?} at {lane}"
                );
            }
        }
        assert_eq!(super::block_mask([b'='; 16], [b'='; 16]).anchors, u16::MAX);
        assert_eq!(super::block_mask([0xFF; 16], [0xFF; 16]).anchors, 0);
        assert_eq!(super::block_mask([b'b'; 16], [b'b'; 16]).anchors, 0);
        assert_eq!(super::block_mask([b's'; 16], [b'x'; 16]).anchors, 0);
        // The pairs of `prose_secrets` in the cases its words are written in.
        for pair in [*b"KE", *b"kE", *b"CR", *b"Cr", *b"PH", *b"Ph"] {
            let mut window = [b'x'; 17];
            window[3..5].copy_from_slice(&pair);
            let (here, next) = blocks(window);
            assert_eq!(super::block_mask(here, next).anchors, 0, "{pair:?}");
        }
    }

    #[test]
    fn word_starts_are_found_after_every_byte_but_letters_and_digits() {
        for byte in 0..=255u8 {
            let mut text = [b'x'; 40];
            text[20] = byte;
            let starts = super::word_starts_from(&text, 10, 25);
            let expected = u16::from(!byte.is_ascii_alphanumeric()) << 11;
            assert_eq!(starts, expected, "{byte:#x}");
        }
        assert_eq!(super::word_starts_from(b"ab cd", 0, 4), 0b1001);
    }

    #[test]
    fn a_block_is_inside_a_run_when_its_first_fourteen_bytes_are_run_bytes() {
        let in_run = |block: &[u8; 16]| super::block_mask(*block, *block).in_run();
        assert!(in_run(b"dapi0123456789ab"));
        assert!(in_run(b"hvs.AbC-d_e~f=gh"));
        assert!(in_run(b"0123456789abcd  "), "lanes 14 and 15 do not count");
        assert!(!in_run(b"0123456789abc d "));
        assert!(!in_run(b"usr/lib/python3x"));
        assert!(!in_run(b"caf\xc3\xa9-au-lait-12"));
        assert!(!in_run(&[0xFF; 16]));
    }

    #[test]
    fn anchors_are_found_across_blocks_and_in_the_tail() {
        let text = b"plain words here and more words: x=1 then a long stretch, Bearer, basic, \
            by the book, without any of them B_ba";
        let expected: Vec<usize> = (0..text.len())
            .filter(|&at| is_anchor_at(text, at))
            .collect();
        // `:`, `=`, `Bearer`, `basic`, the `by` of `by the book`, `B_` and `ba`.
        assert_eq!(expected.len(), 7);
        assert_eq!(all_anchors(text), expected);
        assert_eq!(all_anchors(b"no anchors here"), Vec::<usize>::new());
    }

    /// `len` bytes drawn from `alphabet` by a xorshift generator.
    fn random_text(alphabet: &[u8], len: usize, seed: &mut u32) -> Vec<u8> {
        (0..len)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 17;
                *seed ^= *seed << 5;
                alphabet[*seed as usize % alphabet.len()]
            })
            .collect()
    }

    #[test]
    fn every_length_reads_its_last_bytes_as_the_definition_says() {
        // Texts of every length up to three blocks, from bytes that make anchors,
        // pairs and runs, searched from every position: the last block overlaps the
        // one before it, and a text shorter than a block is padded.
        let alphabet = b"=:-_AJ>bBeaysSwWkKcrphx 0/.%3";
        let mut seed = 0x2545_F491_u32;
        for len in 0..=48 {
            for _ in 0..40 {
                let text = random_text(alphabet, len, &mut seed);
                for from in 0..=len {
                    let expected = (from..len).find(|&at| is_anchor_at(&text, at));
                    let mut anchors = Anchors::new();
                    let found = anchors.next_from(&text, from);
                    // A block inside a run hands out its start too.
                    let run_block = found.filter(|&at| anchors.kind_at(at) == (false, true));
                    if run_block.is_none() {
                        assert_eq!(found, expected, "{:?} from {from}", text.escape_ascii());
                    }
                }
            }
        }
    }

    #[test]
    fn a_short_text_has_the_anchors_of_its_chunk() {
        // Every length a short text may have, from bytes that make anchors, pairs
        // and runs (a run block needs 29 bytes of run bytes), read from its blocks
        // and by the chunk search, anchor by anchor.
        let alphabets: [&[u8]; 2] = [b"=:-_AJ>bBeaysSwWkKcrphx 0/.%3", b"abcXYZ0189-_."];
        let mut seed = 0x1F35_A2C7_u32;
        for alphabet in alphabets {
            for len in 0..=crate::sanitize::short_text::MAX_LEN {
                for _ in 0..40 {
                    let text = random_text(alphabet, len, &mut seed);
                    let short = ShortText::new(&text).expect("a short text");
                    let mut anchors = Anchors::new();
                    let mut searched = Vec::new();
                    let mut from = 0;
                    while let Some(at) = anchors.next_from(&text, from) {
                        searched.push((at, anchors.kind_at(at)));
                        from = at + 1;
                    }
                    let read_at_once: Vec<_> = ShortTextAnchors::of(&short).collect();
                    assert_eq!(read_at_once, searched, "{:?}", text.escape_ascii());
                }
            }
        }
        assert!(ShortText::new(&[b'x'; 65]).is_none());
    }

    #[test]
    fn a_wide_vector_unit_reads_a_chunk_as_its_blocks_do() {
        // Texts long enough for the wide read (a chunk and a byte after it), from
        // bytes that make anchors, pairs and runs, and lines, read from every
        // start. The wide read passes over the anchors inside lines; the blocks,
        // which read the text's end, hand them out.
        let alphabets: [&[u8]; 3] = [
            b"=:-_AJ>bBeaysSwWkKcrphx 0/.%3",
            b"abcXYZ0189-_.",
            b"---===___x -=_",
        ];
        let mut seed = 0x7A3B_19C5_u32;
        let mut compared = 0;
        for alphabet in alphabets {
            for len in 65..=160 {
                for _ in 0..20 {
                    let text = random_text(alphabet, len, &mut seed);
                    for start in 0..=len - 65 {
                        let Some((anchors, run_bytes)) = super::wide_chunk_masks(&text, start)
                        else {
                            continue;
                        };
                        let wide = (anchors, super::run_block_starts(run_bytes));
                        let (block_anchors, run_blocks) = super::block_by_block_masks(&text, start);
                        let by_blocks = (
                            super::without_line_insides(&text, start, block_anchors),
                            run_blocks,
                        );
                        assert_eq!(wide, by_blocks, "{:?} from {start}", text.escape_ascii());
                        compared += 1;
                    }
                }
            }
        }
        // Off x86-64, or on a processor without AVX2, there is no wide read.
        assert_eq!(
            compared > 0,
            super::wide_chunk_masks(&[b' '; 65], 0).is_some()
        );
    }

    #[test]
    fn a_line_is_inside_from_its_third_byte_to_its_third_last() {
        let text = b"x-----y ==== _____";
        let inside: Vec<usize> = (0..text.len())
            .filter(|&at| super::is_inside_line(text, at))
            .collect();
        // The dashes' third, the underscores' third; four `=` have no inside.
        assert_eq!(inside, [3, 15]);
        assert!(!super::is_inside_line(b"--+--", 2), "a line is one byte");
        assert!(!super::is_inside_line(b"+++++", 2), "`+` makes no line");
    }

    #[test]
    fn a_chunk_passes_over_the_anchors_inside_its_lines_but_at_its_edges() {
        // A line across the whole chunk: its first two lanes and last two stay,
        // as the text around the chunk is not read.
        let text = [b'='; 80];
        assert_eq!(
            super::without_line_insides(&text, 0, u64::MAX),
            0b11 | 0b11 << 62
        );
        // Only anchors in a row of five are read: a line byte alone is kept.
        let text = b"ab----cd ==== ef_____gh";
        let anchors = (0..text.len()).fold(0u64, |mask, at| {
            mask | u64::from(is_anchor_at(text, at)) << at
        });
        let kept = super::without_line_insides(text, 0, anchors);
        assert_eq!(anchors & !kept, 1 << 18, "the third of the five `_`");
    }

    #[test]
    fn a_search_from_before_an_anchor_found_far_on_finds_it_again() {
        let mut text = vec![b' '; 300];
        text[10] = b':';
        text[200] = b'=';
        let mut anchors = Anchors::new();
        assert_eq!(anchors.next_from(&text, 0), Some(10));
        // The chunks between are read once; a search from among them (after a
        // redaction that ended there) finds the same anchor, of the same kind.
        assert_eq!(anchors.next_from(&text, 11), Some(200));
        for from in [11, 50, 128, 199, 200] {
            assert_eq!(anchors.next_from(&text, from), Some(200), "from {from}");
            assert_eq!(anchors.kind_at(200), (true, false));
        }
        assert_eq!(anchors.next_from(&text, 201), None);
        assert_eq!(anchors.next_from(&text, 250), None);
        // From before where the last search started, the chunks are read again.
        assert_eq!(anchors.next_from(&text, 150), Some(200));
        assert_eq!(anchors.next_from(&text, 5), Some(10));
        assert_eq!(anchors.next_from(&text, 11), Some(200));
    }

    #[test]
    fn a_search_can_restart_anywhere() {
        let text = b"01234 6789:12345 789 1234:6789";
        let mut anchors = Anchors::new();
        assert_eq!(anchors.next_from(text, 0), Some(10));
        assert_eq!(anchors.next_from(text, 24), Some(25));
        assert_eq!(anchors.next_from(text, 3), Some(10));
        assert_eq!(anchors.next_from(text, 26), None);
    }
}
