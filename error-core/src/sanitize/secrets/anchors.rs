//! Where a secret may start, found without looking at every position.
//!
//! Every rule needs a particular byte near where its secret starts: the `=` or `:`
//! after a key (and before a quoted value, a URL's `//`, a header's scheme), the
//! `b` of `Bearer` and `Basic` (told by the `e` or `a` after it), the first `-` of a
//! command-line flag (`--password`), and in every token prefix a `-`, `_`, `A` or
//! `J` (`sk-`, `ghp_`, `AKIA`, `eyJ`). A 16-byte block is searched for those anchor
//! bytes with a few SSE2 compares and one mask extraction, so the rules are asked
//! about a handful of positions instead of every one.

use super::{keys, names, netrc, tokens, urls, values};

/// The longest distance from an anchor back to where its token starts (the `-` of
/// `xoxe.xoxp-`): a candidate further back than this from the next anchor is final.
pub(super) const MAX_LOOKBACK: usize = 16;

/// How many spaces the rules accept around a separator (see `values::MAX_SPACES`).
const MAX_SPACES: usize = super::values::MAX_SPACES;

/// Longest scheme word after an `Authorization` separator (see `authorization`).
const MAX_SCHEME_LEN: usize = 24;

/// How far back the rules read the output before a separator (a key name, a URL
/// user). Where the output and the text agree that far back, the key can be judged
/// on the text and most separators give no candidate at all.
pub(super) const SEPARATOR_LOOKBACK: usize = 300;

/// Bytes that long token runs are made of, as the anchor scan sees them: ASCII
/// from `-` on, except `/` (letters, digits, `-._~=` and a little punctuation).
pub(super) const fn is_run_byte(byte: u8) -> bool {
    byte >= b'-' && byte < 0x80 && byte != b'/'
}

/// How many leading bytes of a block must be run bytes for the block to be
/// reported as inside a run.
pub(super) const RUN_LANES: usize = 14;

/// The shortest token found from its run rather than from an anchor byte
/// (`SK...`, `dapi...`, `hvs.`): a run this long holds the first [`RUN_LANES`]
/// bytes of a block wherever the blocks start.
pub(super) const RUN_SPAN: usize = RUN_LANES + 15;

/// Whether a block whose bytes are `lanes` is inside a run.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn starts_in_run(lanes: &[u8]) -> bool {
    lanes.len() >= RUN_LANES && lanes[..RUN_LANES].iter().all(|&byte| is_run_byte(byte))
}

/// Whether `byte` is an anchor on its own. Token prefixes are found from these.
pub(super) const fn is_token_anchor(byte: u8) -> bool {
    matches!(byte, b'=' | b':' | b'-' | b'_' | b'A' | b'J')
}

/// Whether the byte at `at` is an anchor: one of the token anchors, the `b` of
/// `Bearer` and `Basic`, told from the `b` of ordinary words by the `e` or `a`
/// after it (ignoring case: both letters differ from their capitals in one bit),
/// or the `sw` of a `.netrc` file's `password`.
/// The definition [`block_mask`] is held to.
#[cfg(any(test, not(target_arch = "x86_64")))]
pub(super) fn is_anchor_at(text: &[u8], at: usize) -> bool {
    let byte = text[at];
    let next = text.get(at + 1).copied();
    is_token_anchor(byte)
        || (byte | 0x20 == b'b' && next.is_some_and(|next| matches!(next | 0x20, b'e' | b'a')))
        || (byte == b's' && next == Some(b'w'))
}

/// What the anchor scan reads from a block of 16 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct BlockMask {
    /// One bit per anchor.
    anchors: u16,
    /// The block's first [`RUN_LANES`] bytes are run bytes.
    in_run: bool,
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
    let tokens = bitor_m128i(
        bitor_m128i(
            // `-` is `=` (0x3D) with bit 4 cleared.
            equal_but(here, 0x10, b'='),
            bitor_m128i(equal(here, b':'), equal(here, b'_')),
        ),
        bitor_m128i(equal(here, b'A'), equal(here, b'J')),
    );
    // `b` in either case, before `e` or `a` in either case: bit 5 is case, and
    // `a` is `e` (0x65) with bit 2 cleared.
    let schemes = bitand_m128i(equal_but(here, 0x20, b'b'), equal_but(next, 0x24, b'e'));
    // `s` before `w`: the `password` of a `.netrc` line.
    let netrc = bitand_m128i(equal(here, b's'), equal(next, b'w'));
    // Bytes below `-` (as signed bytes: everything outside ASCII too) and `/`.
    let outside_runs = bitor_m128i(cmp_lt_mask_i8_m128i(here, splat(b'-')), equal(here, b'/'));
    // One bit per lane in the low 16 bits; the rest are zero.
    let anchors = move_mask_i8_m128i(bitor_m128i(bitor_m128i(tokens, schemes), netrc)) as u16;
    let run_lanes = (1 << RUN_LANES) - 1;
    BlockMask {
        anchors,
        in_run: move_mask_i8_m128i(outside_runs) & run_lanes == 0,
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
        in_run: starts_in_run(&here),
    }
}

/// The anchors of a text in order, one block mask at a time. The start of a block
/// inside a run is handed out as an anchor too, whatever byte stands there.
pub(super) struct Anchors {
    /// Where the block searched last starts (`usize::MAX` before the first).
    start: usize,
    /// The anchors of that block not handed out yet.
    mask: u16,
    /// Where the last block inside a run starts (`usize::MAX`: none yet).
    run_block: usize,
}

impl Anchors {
    pub(super) fn new() -> Self {
        Self {
            start: usize::MAX,
            mask: 0,
            run_block: usize::MAX,
        }
    }

    /// Whether the anchor at `at` starts a block inside a run.
    #[inline]
    pub(super) fn starts_run_block(&self, at: usize) -> bool {
        self.run_block == at
    }

    /// The first anchor at or after `from`.
    #[inline]
    pub(super) fn next_from(&mut self, text: &[u8], from: usize) -> Option<usize> {
        let (mut start, mut mask) = match from.checked_sub(self.start) {
            Some(offset) if offset < 16 => (self.start, self.mask & (u16::MAX << offset)),
            _ => (from, self.mask_at(text, from)),
        };
        while mask == 0 {
            start += 16;
            if start >= text.len() {
                self.start = usize::MAX;
                return None;
            }
            mask = self.mask_at(text, start);
        }
        (self.start, self.mask) = (start, mask);
        Some(start + mask.trailing_zeros() as usize)
    }

    /// The anchors of the 16 bytes from `start` (fewer at the end of the text),
    /// with the block's start among them when the block is inside a run.
    fn mask_at(&mut self, text: &[u8], start: usize) -> u16 {
        let window = text.get(start..start + 17).and_then(|window| {
            Some((
                *window.first_chunk::<16>()?,
                *window[1..].first_chunk::<16>()?,
            ))
        });
        let block = match window {
            Some((here, next)) => block_mask(here, next),
            None => {
                // At most 16 bytes are left: padded with spaces (no anchor, no run
                // byte, and no `e`, `a` or `w` after a final `b` or `s`), they are
                // searched in one block too.
                let rest = text.get(start..).unwrap_or_default();
                let kept = rest.len().min(16);
                let mut here = [b' '; 16];
                here[..kept].copy_from_slice(&rest[..kept]);
                let mut next = [b' '; 16];
                next[..15].copy_from_slice(&here[1..]);
                block_mask(here, next)
            }
        };
        if block.in_run {
            self.run_block = start;
            block.anchors | 1
        } else {
            block.anchors
        }
    }
}

/// Hands `push` every position where a secret may start because of the anchor at
/// `anchor`. More is harmless (the rules decide); fewer would miss a secret.
///
/// `output_is_text` says that the output will hold the text itself for
/// `SEPARATOR_LOOKBACK` bytes before the anchor: nothing there is or can still be
/// redacted. Only then are keys judged here, on the text.
#[inline]
pub(super) fn candidates(
    text: &[u8],
    anchor: usize,
    output_is_text: bool,
    names: &names::NameMemo<'_>,
    push: &mut impl FnMut(usize),
) {
    match text[anchor] {
        separator @ (b'=' | b':') => {
            let before = &text[..anchor];
            let announced = if output_is_text {
                keys::announced_by_key_before(before, names)
            } else {
                keys::Announced {
                    value: true,
                    scheme: true,
                }
            };
            if announced.value || announced.scheme {
                after_separator(text, anchor, announced.value, announced.scheme, push);
            }
            if separator == b':' {
                if !output_is_text || urls::follows_url_user(before) {
                    push(anchor + 1);
                }
                if text[anchor + 1..].starts_with(b"//") {
                    push(anchor + 3);
                    if let Some(secret) = urls::webhook_secret_start(text, anchor + 3) {
                        push(secret);
                    }
                }
            }
            // No token prefix holds a separator.
            return;
        }
        b'b' | b'B' => {
            after_scheme(text, anchor, push);
            // `b` is no token anchor.
            return;
        }
        b's' => {
            netrc::push_password_start(text, anchor, push);
            // Nor is `s`.
            return;
        }
        b'-' if text.get(anchor + 1) == Some(&b'-') => {
            if text[anchor..].starts_with(b"-----BEGIN ") {
                push(anchor);
            }
            after_flag(text, anchor, output_is_text, push);
            if let Some(password) = urls::curl_password_start(text, anchor) {
                push(password);
            }
        }
        b'-' if text.get(anchor + 1) == Some(&b'u') => {
            if let Some(password) = urls::curl_password_start(text, anchor) {
                push(password);
            }
        }

        _ => {}
    }
    tokens::push_starts_anchored_at(text, anchor, push);
}

/// A key's value after its `=` or `:`, its spaces and its opening quote; and the
/// credential after an `Authorization` value's scheme word
/// (`Authorization: Token <credential>`).
fn after_separator(
    text: &[u8],
    separator: usize,
    value: bool,
    scheme: bool,
    push: &mut impl FnMut(usize),
) {
    let mut at = separator + 1;
    let mut push_value = |at: usize| {
        if value {
            push(at);
        }
    };
    push_value(at);
    while at - separator <= MAX_SPACES && matches!(text.get(at), Some(b' ' | b'\t')) {
        at += 1;
        push_value(at);
    }
    match text.get(at) {
        Some(b'"' | b'\'') => push_value(at + 1),
        // An escaped quote, once or twice (`\"`, `\\\"`).
        Some(b'\\') => {
            let backslashes = text[at..].iter().take_while(|&&byte| byte == b'\\').count();
            if text.get(at + backslashes) == Some(&b'"') {
                push_value(at + backslashes + 1);
            }
        }
        _ => {}
    }
    if scheme {
        let scheme_len = text[at.min(text.len())..]
            .iter()
            .take(MAX_SCHEME_LEN)
            .take_while(|byte| byte.is_ascii_alphabetic())
            .count();
        if scheme_len > 0 {
            push_after_spaces(text, at + scheme_len, push);
        }
    }
}

/// The value after a command-line flag that starts at `dashes` (`--password
/// hunter2`), its spaces and its opening quote. The flag's name is ahead of the
/// anchor, in the text; when the output may differ from the text, every flag is a
/// candidate.
fn after_flag(text: &[u8], dashes: usize, output_is_text: bool, push: &mut impl FnMut(usize)) {
    let name_start = dashes + 2;
    let name_len = text[name_start..]
        .iter()
        .take(values::MAX_KEY_LEN)
        .take_while(|&&byte| values::is_key_byte(byte))
        .count();
    let name = &text[name_start..name_start + name_len];
    if name_len > 0 && (!output_is_text || names::is_secret_name(name)) {
        after_separator(text, name_start + name_len - 1, true, false, push);
    }
}

/// A credential after `Bearer` or `Basic` and its spaces.
#[inline]
fn after_scheme(text: &[u8], scheme: usize, push: &mut impl FnMut(usize)) {
    let rest = &text[scheme..];
    let word_end = if starts_with_word(rest, b"bearer") {
        scheme + b"bearer".len()
    } else if starts_with_word(rest, b"basic") {
        scheme + b"basic".len()
    } else {
        return;
    };
    // The credential may stand on the next line (`Bearer\n  eyJ...`).
    let after = push_after_spaces(text, word_end, push);
    let line_break = match text.get(after..) {
        Some([b'\r', b'\n', ..]) => 2,
        Some([b'\n', ..]) => 1,
        _ => return,
    };
    push_after_spaces(text, after + line_break, push);
}

/// Whether `text` starts with `word` (lowercase letters), ignoring ASCII case:
/// setting bit 5 lowers exactly the capitals of letters onto them, and moves no
/// other byte onto a letter.
fn starts_with_word<const LEN: usize>(text: &[u8], word: &[u8; LEN]) -> bool {
    text.first_chunk::<LEN>()
        .is_some_and(|found| found.map(|byte| byte | 0x20) == *word)
}

/// Pushes `at` and the position after each of the spaces (at most `MAX_SPACES`)
/// that follow it; returns the position after the last.
fn push_after_spaces(text: &[u8], at: usize, push: &mut impl FnMut(usize)) -> usize {
    push(at);
    let mut after = at;
    while after - at < MAX_SPACES && matches!(text.get(after), Some(b' ' | b'\t')) {
        after += 1;
        push(after);
    }
    after
}

#[cfg(test)]
mod tests {
    use super::{Anchors, candidates, is_anchor_at};

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
            let pairs = [b'=', b':', b'-', b'_', b'A', b'J']
                .map(|anchor| [anchor, b'x'])
                .into_iter()
                .chain([*b"be", *b"Ba", *b"BE", *b"bE", *b"sw"]);
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
        assert_eq!(super::block_mask([b'S'; 16], [b'w'; 16]).anchors, 0);
    }

    #[test]
    fn a_block_is_inside_a_run_when_its_first_fourteen_bytes_are_run_bytes() {
        let in_run = |block: &[u8; 16]| super::block_mask(*block, *block).in_run;
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
        assert_eq!(expected.len(), 6);
        assert_eq!(all_anchors(text), expected);
        assert_eq!(all_anchors(b"no anchors here"), Vec::<usize>::new());
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

    fn candidates_of(text: &str, anchor: usize) -> Vec<usize> {
        let mut found = Vec::new();
        let names = super::names::NameMemo::new(text.as_bytes());
        candidates(text.as_bytes(), anchor, true, &names, &mut |at| {
            found.push(at)
        });
        found.sort_unstable();
        found.dedup();
        found
    }

    #[test]
    fn candidates_follow_each_anchor() {
        assert_eq!(candidates_of("password=x", 8), vec![9]);
        assert_eq!(candidates_of("\"api_key\": \"x\"", 9), vec![10, 11, 12]);
        assert_eq!(
            candidates_of("Authorization:  Token x", 13),
            vec![14, 15, 16, 21, 22]
        );
        assert_eq!(candidates_of("Bearer  x", 0), vec![6, 7, 8]);
        assert_eq!(candidates_of("https://u", 5), vec![8]);
        assert_eq!(candidates_of("postgres://app:pw@db", 14), vec![15]);
        assert_eq!(candidates_of(" sk-abc", 3), vec![1]);
        assert_eq!(candidates_of("x eyJhb", 4), vec![2]);
        assert_eq!(candidates_of("-----BEGIN RSA", 0), vec![0]);
    }

    #[test]
    fn separators_of_ordinary_keys_give_nothing_unless_a_redaction_is_near() {
        assert_eq!(candidates_of("status=502", 6), Vec::<usize>::new());
        assert_eq!(candidates_of("time 12:30", 7), Vec::<usize>::new());
        let mut found = Vec::new();
        let names = super::names::NameMemo::new(b"status=502");
        candidates(b"status=502", 6, false, &names, &mut |at| found.push(at));
        assert!(found.contains(&7));
    }
}
