//! Secrets that say what they are: provider keys with a fixed prefix and JWTs. They
//! are found without any key name around them (so are PEM private key blocks, see
//! `private_keys`).
//!
//! Every format is a prefix followed by a run of one character class, long enough
//! and (for some) holding a digit or a dot. Those conditions only get easier to meet
//! as the run grows, so a run cut short (by the window, or by an earlier redaction)
//! never matches when the whole run did not.

use super::anchors;
use super::providers::FORMATS;

/// The characters a token's body is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Class {
    /// `[A-Za-z0-9]`
    Alphanumeric,
    /// `[A-Z0-9]`
    UpperDigit,
    /// `[A-Za-z0-9_-]`
    Dashed,
    /// `[A-Za-z0-9_]`
    Underscored,
    /// `[A-Za-z0-9-]`
    Hyphenated,
    /// `[A-Za-z0-9_.-]`: base64url segments joined by dots.
    Jwt,
    /// `[A-Z0-9-]`
    UpperDigitHyphen,
    /// `[A-Za-z0-9+/=_-]`: base64 of either alphabet, with its padding.
    Base64,
    /// `[A-Za-z0-9+/=_.-]`: base64 segments joined by dots.
    DottedBase64,
    /// `[0-9A-Fa-f]`
    Hex,
}

const CLASSES: usize = 10;

impl Class {
    /// The definition of each class; [`Class::contains`] looks it up in a table.
    const fn defines(self, byte: u8) -> bool {
        match self {
            Self::Alphanumeric => byte.is_ascii_alphanumeric(),
            Self::UpperDigit => byte.is_ascii_uppercase() || byte.is_ascii_digit(),
            Self::Dashed => byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-',
            Self::Underscored => byte.is_ascii_alphanumeric() || byte == b'_',
            Self::Hyphenated => byte.is_ascii_alphanumeric() || byte == b'-',
            Self::Jwt => byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.'),
            Self::UpperDigitHyphen => {
                byte.is_ascii_uppercase() || byte.is_ascii_digit() || byte == b'-'
            }
            Self::Base64 => {
                byte.is_ascii_alphanumeric() || matches!(byte, b'+' | b'/' | b'=' | b'_' | b'-')
            }
            Self::DottedBase64 => {
                byte.is_ascii_alphanumeric()
                    || matches!(byte, b'+' | b'/' | b'=' | b'_' | b'-' | b'.')
            }
            Self::Hex => byte.is_ascii_hexdigit(),
        }
    }

    const fn index(self) -> usize {
        self as usize
    }

    /// Whether `byte` is of this class, from a table of every byte's classes (one
    /// bit per class) built from [`Class::defines`].
    fn contains(self, byte: u8) -> bool {
        const ALL: [Class; CLASSES] = [
            Class::Alphanumeric,
            Class::UpperDigit,
            Class::Dashed,
            Class::Underscored,
            Class::Hyphenated,
            Class::Jwt,
            Class::UpperDigitHyphen,
            Class::Base64,
            Class::DottedBase64,
            Class::Hex,
        ];
        const MEMBERS: [u16; 256] = {
            let mut table = [0; 256];
            let mut byte = 0;
            while byte < 256 {
                let mut class = 0;
                while class < CLASSES {
                    assert!(ALL[class].index() == class, "ALL is in index order");
                    if ALL[class].defines(byte as u8) {
                        table[byte] |= 1 << class;
                    }
                    class += 1;
                }
                byte += 1;
            }
            table
        };
        MEMBERS[usize::from(byte)] & (1 << self.index()) != 0
    }
}

/// What a token's body must hold besides its length, where the prefix alone could
/// start ordinary words (`sk-learn-...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Evidence {
    Length,
    Digit,
    Dot,
    /// A digit, a lowercase and a capital letter: random, not words joined
    /// (`sk-learn-extra-tools-2024`).
    Mixed,
    /// This text, somewhere in the body (Authress keys hold `.acc`).
    Holds(&'static [u8]),
}

/// One provider format: a row of `providers::FORMATS`.
pub(super) struct Format {
    /// Who issues it, for tests and readers.
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "named by the table's tests and its readers")
    )]
    pub(super) provider: &'static str,
    pub(super) prefix: &'static [u8],
    body: Class,
    min_body: usize,
    evidence: Evidence,
    /// The prefix also ends ordinary words or runs (`task-`, `risk_`, `laughs_`, the
    /// `ACCA` of a hex hash), so the token must start a word. The few prefixes that
    /// nothing ordinary contains (`github_pat_`, `glpat-`, `xoxb-`, `AIza`, `pypi-`)
    /// are found after a letter too: a removed invisible character can leave a token
    /// glued to the word before it.
    word_start: bool,
    /// The prefix's first eight bytes as one little-endian number, and the mask
    /// of the bytes it has: most prefixes are compared in one step.
    head: u64,
    head_mask: u64,
}

impl Format {
    /// Whether `rest` starts with this format's prefix.
    #[inline]
    fn prefix_starts(&self, rest: &[u8]) -> bool {
        match rest.first_chunk::<8>() {
            Some(chunk) if u64::from_le_bytes(*chunk) & self.head_mask == self.head => {
                self.prefix.len() <= 8 || rest.starts_with(self.prefix)
            }
            Some(_) => false,
            None => rest.starts_with(self.prefix),
        }
    }
}

/// A row of the table: the provider, the prefix, the body's class and shortest
/// length, the evidence it must hold, and whether it must start a word.
pub(super) const fn row(
    provider: &'static str,
    prefix: &'static [u8],
    body: Class,
    min_body: usize,
    evidence: Evidence,
    word_start: bool,
) -> Format {
    let mut head = 0;
    let mut head_mask = 0;
    let mut index = 0;
    while index < prefix.len() && index < 8 {
        head |= (prefix[index] as u64) << (8 * index);
        head_mask |= 0xFF << (8 * index);
        index += 1;
    }
    Format {
        provider,
        prefix,
        body,
        min_body,
        evidence,
        word_start,
        head,
        head_mask,
    }
}

/// Where the rows of each first byte stand in `FORMATS`. The rows of one first
/// byte stand together, or the build fails.
static RANGE_BY_FIRST_BYTE: [(u16, u16); 256] = {
    let mut table = [(0u16, 0u16); 256];
    let mut index = 0;
    while index < FORMATS.len() {
        let first = FORMATS[index].prefix[0] as usize;
        let (start, end) = table[first];
        assert!(
            start == end || end as usize == index,
            "the rows of one first byte stand together"
        );
        table[first] = if start == end {
            (index as u16, index as u16 + 1)
        } else {
            (start, end + 1)
        };
        index += 1;
    }
    table
};

const fn formats_starting_with(byte: u8) -> &'static [Format] {
    let (start, end) = RANGE_BY_FIRST_BYTE[byte as usize];
    FORMATS.split_at(end as usize).0.split_at(start as usize).1
}

/// For every first byte, the second bytes of its prefixes (as bits, all ASCII):
/// most starts are turned away on them before any prefix is compared.
static SECOND_BYTES: [u128; 256] = {
    let mut table = [0; 256];
    let mut first = 0;
    while first < 256 {
        let formats = formats_starting_with(first as u8);
        let mut index = 0;
        while index < formats.len() {
            assert!(
                formats[index].prefix.len() >= 2,
                "token prefixes are two bytes or more"
            );
            let second = formats[index].prefix[1];
            assert!(second.is_ascii(), "token prefixes are ASCII");
            table[first] |= 1 << second;
            index += 1;
        }
        first += 1;
    }
    table
};

/// Whether a token prefix starts at `start`.
#[inline]
fn prefix_at(text: &[u8], start: usize) -> bool {
    let first = text[start];
    text.get(start + 1)
        .and_then(|&second| SECOND_BYTES[usize::from(first)].checked_shr(u32::from(second)))
        .is_some_and(|bits| bits & 1 == 1)
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
/// at least [`anchors::RUN_SPAN`] long, so every token of it holds a whole block
/// that the anchor scan reports as inside a run.
const fn found_from_its_run(format: &Format) -> bool {
    let mut index = 0;
    while index < format.prefix.len() {
        if !anchors::is_run_byte(format.prefix[index]) {
            return false;
        }
        index += 1;
    }
    let mut byte = 0;
    while byte < 256 {
        if format.body.defines(byte as u8) && !anchors::is_run_byte(byte as u8) {
            return false;
        }
        byte += 1;
    }
    format.prefix.len() + format.min_body >= anchors::RUN_SPAN
}

/// Whether a format is found from an anchor byte in its prefix (`sk-`, `AKIA`).
const fn has_anchor(prefix: &[u8]) -> bool {
    let mut offset = 0;
    while offset < prefix.len() && offset < anchors::MAX_LOOKBACK {
        if anchors::is_token_anchor(prefix[offset]) {
            return true;
        }
        offset += 1;
    }
    false
}

/// For every first byte, the second bytes of the prefixes found from their runs:
/// the starts worth a look in a run block.
static RUN_SECOND_BYTES: [u128; 256] = {
    let mut table = [0; 256];
    let mut index = 0;
    while index < FORMATS.len() {
        let format = &FORMATS[index];
        if !has_anchor(format.prefix) {
            assert!(
                found_from_its_run(format),
                "a prefix without an anchor byte near its start is found from its run: \
                 run bytes only, and long enough (see `anchors::RUN_SPAN`)"
            );
            table[format.prefix[0] as usize] |= 1 << format.prefix[1];
        }
        index += 1;
    }
    table
};

/// Hands `push` every position where a token found from its run may start, when
/// the block at `block` is inside a run: the token's first whole block starts at
/// most 15 bytes after the token does.
#[inline]
pub(super) fn push_starts_in_run(text: &[u8], block: usize, push: &mut impl FnMut(usize)) {
    for start in block.saturating_sub(15)..=block {
        let (Some(&first), Some(&second)) = (text.get(start), text.get(start + 1)) else {
            return;
        };
        if RUN_SECOND_BYTES[usize::from(first)]
            .checked_shr(u32::from(second))
            .is_some_and(|bits| bits & 1 == 1)
            && prefix_at(text, start)
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
        while offset < prefix.len() && !anchors::is_token_anchor(prefix[offset]) {
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

/// A maximal run of one class, with where its last digit and last dot are.
#[derive(Clone, Copy, Debug, Default)]
struct Run {
    start: usize,
    end: usize,
    last_digit: Option<usize>,
    last_dot: Option<usize>,
}

/// The last run scanned for each class. Runs of the classes with `-`, `_` or `.`
/// hold many word starts (`sk-a-sk-a-...`); reusing the run keeps the work linear.
#[derive(Debug, Default)]
pub(super) struct RunCache {
    runs: [Option<Run>; CLASSES],
}

impl RunCache {
    fn run(&mut self, class: Class, text: &[u8], start: usize) -> Run {
        if let Some(run) = self.runs[class.index()]
            && run.start <= start
            && start < run.end
        {
            return run;
        }
        let end = text[start..]
            .iter()
            .position(|&byte| !class.contains(byte))
            .map_or(text.len(), |length| start + length);
        let last = |wanted: fn(&u8) -> bool| {
            text[start..end]
                .iter()
                .rposition(wanted)
                .map(|offset| start + offset)
        };
        let run = Run {
            start,
            end,
            last_digit: last(u8::is_ascii_digit),
            last_dot: last(|&byte| byte == b'.'),
        };
        self.runs[class.index()] = Some(run);
        run
    }
}

/// The end of a provider key or JWT that starts at `at`, after the byte `previous`.
pub(super) fn token_end(
    text: &[u8],
    at: usize,
    previous: u8,
    runs: &mut RunCache,
) -> Option<usize> {
    let rest = &text[at..];
    // Most starts share no prefix's first two bytes: turned away before the group
    // of their first byte is read.
    let (&first, &second) = (rest.first()?, rest.get(1)?);
    if SECOND_BYTES[usize::from(first)]
        .checked_shr(u32::from(second))
        .is_none_or(|bits| bits & 1 == 0)
    {
        return None;
    }
    let starts_word = !previous.is_ascii_alphanumeric();
    formats_starting_with(*rest.first()?)
        .iter()
        .filter(|format| (starts_word || !format.word_start) && format.prefix_starts(rest))
        .find_map(|format| {
            let body_start = at + format.prefix.len();
            let run = runs.run(format.body, text, body_start);
            let has = |last: Option<usize>| last.is_some_and(|position| position >= body_start);
            let evidence = match format.evidence {
                Evidence::Length => true,
                Evidence::Digit => has(run.last_digit),
                Evidence::Dot => has(run.last_dot),
                // Only a few formats ask, and only once their prefix matched.
                Evidence::Mixed => {
                    let body = &text[body_start..run.end];
                    has(run.last_digit)
                        && body.iter().any(u8::is_ascii_lowercase)
                        && body.iter().any(u8::is_ascii_uppercase)
                }
                Evidence::Holds(needle) => text[body_start..run.end]
                    .windows(needle.len())
                    .any(|window| window == needle),
            };
            (run.end - body_start >= format.min_body && evidence).then_some(run.end)
        })
}

#[cfg(test)]
mod tests {
    use super::{RunCache, token_end};

    fn token(text: &str) -> Option<usize> {
        token_end(text.as_bytes(), 0, b' ', &mut RunCache::default())
    }

    fn token_after_letter(text: &str) -> Option<usize> {
        token_end(text.as_bytes(), 0, b'x', &mut RunCache::default())
    }

    #[test]
    fn formats_need_their_length_and_evidence() {
        assert_eq!(token("sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8t x"), Some(32));
        assert_eq!(token("sk-payments-service-production"), None, "no digit");
        assert_eq!(token("sk-learn"), None);
        assert_eq!(token("sk-learn-extra-tools-2024"), None, "no capital");
        assert_eq!(token("AKIAIOSFODNN7EXAMPLE"), Some(20));
        assert_eq!(token("AKIAIOSFODNN7EXAMPL"), None);
        assert_eq!(token("eyJhbGciOiJIUzI1NiJ9"), None, "a header alone");
        assert_eq!(token("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"), Some(40));
        assert_eq!(token("ghp_short"), None);
    }

    #[test]
    fn only_distinctive_prefixes_are_found_inside_a_word() {
        let gitlab = "glpat-xZ8vQ2mK9pL4nR7tW1yB";
        assert_eq!(token_after_letter(gitlab), Some(gitlab.len()));
        // `task-`, `risk_`, `laughs_`, hex hashes: these prefixes end ordinary words.
        let github = "ghs_0123456789abcdef0123456789abcdef";
        assert_eq!(token_after_letter(github), None);
        assert_eq!(token_after_letter("ACCA0123456789ABCDEF0123"), None);
        assert_eq!(token_after_letter("sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8t"), None);
        assert_eq!(token_after_letter("sk_test_integrationsuite1"), None);
        assert_eq!(
            token_after_letter("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig"),
            None
        );
    }

    #[test]
    fn a_long_run_of_failing_starts_is_scanned_once() {
        let text = "sk-a-".repeat(10_000);
        let mut runs = RunCache::default();
        for at in (0..text.len()).step_by(5) {
            assert_eq!(token_end(text.as_bytes(), at, b' ', &mut runs), None);
        }
    }
}
