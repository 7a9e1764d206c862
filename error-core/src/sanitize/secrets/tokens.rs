//! Secrets that say what they are: provider keys with a fixed prefix and JWTs. They
//! are found without any key name around them (so are PEM private key blocks, see
//! `private_keys`).
//!
//! Every format is a prefix followed by a run of one character class, long enough
//! and (for some) holding a digit or a dot. Those conditions only get easier to meet
//! as the run grows, so a run cut short (by the window, or by an earlier redaction)
//! never matches when the whole run did not.

use super::providers::{FORMATS, LED_FORMATS};

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
    /// `[A-Za-z0-9_.=-]`: base64url segments joined by dots, padding allowed.
    Jwt,
    /// `[A-Z0-9-]`
    UpperDigitHyphen,
    /// `[A-Za-z0-9+/=_-]`: base64 of either alphabet, with its padding.
    Base64,
    /// `[A-Za-z0-9+/=_.-]`: base64 segments joined by dots.
    DottedBase64,
    /// `[0-9A-Fa-f]`
    Hex,
    /// `[A-Za-z0-9_.~-]`: Azure's client secrets.
    Tilded,
    /// `[A-Za-z0-9%]`: letters and digits, some percent-encoded (Twitter's bearer
    /// tokens hold `%2F` and `%3D`).
    PercentEncoded,
    /// `[A-Z2-7]`: base32's alphabet (NATS' seeds).
    Base32,
}

const CLASSES: usize = 13;

impl Class {
    /// The definition of each class; [`Class::contains`] looks it up in a table.
    pub(super) const fn defines(self, byte: u8) -> bool {
        match self {
            Self::Alphanumeric => byte.is_ascii_alphanumeric(),
            Self::UpperDigit => byte.is_ascii_uppercase() || byte.is_ascii_digit(),
            Self::Dashed => byte.is_ascii_alphanumeric() || byte == b'_' || byte == b'-',
            Self::Underscored => byte.is_ascii_alphanumeric() || byte == b'_',
            Self::Hyphenated => byte.is_ascii_alphanumeric() || byte == b'-',
            Self::Jwt => byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-' | b'.' | b'='),
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
            Self::Tilded => {
                byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'.' | b'~' | b'-')
            }
            Self::PercentEncoded => byte.is_ascii_alphanumeric() || byte == b'%',
            Self::Base32 => byte.is_ascii_uppercase() || matches!(byte, b'2'..=b'7'),
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
            Class::Tilded,
            Class::PercentEncoded,
            Class::Base32,
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
    /// A dot and a digit: segments of encoded data (Discord's `<id>.<time>.<hmac>`),
    /// not a dotted name (`MTProtoHandler.process.message`).
    DotAndDigit,
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
    pub(super) body: Class,
    pub(super) min_body: usize,
    evidence: Evidence,
    /// The prefix also ends ordinary words or runs (`task-`, `risk_`, `laughs_`, the
    /// `ACCA` of a hex hash), so the token must start a word. The few prefixes that
    /// nothing ordinary contains (`github_pat_`, `glpat-`, `xoxb-`, `AIza`, `pypi-`)
    /// are found after a letter too: a removed invisible character can leave a token
    /// glued to the word before it.
    pub(super) word_start: bool,
    /// How many bytes of the body's class stand before the prefix, as part of the
    /// token (Azure's `abc8Q~...`): rows of `providers::LED_FORMATS` only.
    pub(super) lead: usize,
    /// The prefix's first eight bytes as one little-endian number, and the mask
    /// of the bytes it has: most prefixes are compared in one step.
    head: u64,
    head_mask: u64,
}

impl Format {
    /// Whether `rest` starts with this format's prefix.
    #[inline]
    pub(super) fn prefix_starts(&self, rest: &[u8]) -> bool {
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
        lead: 0,
        head,
        head_mask,
    }
}

/// A row whose token starts `lead` bytes of the body's class before its prefix:
/// the provider, the lead, the prefix, the body's class and shortest length, and
/// the evidence it must hold. It starts a word.
pub(super) const fn led_row(
    provider: &'static str,
    lead: usize,
    prefix: &'static [u8],
    body: Class,
    min_body: usize,
    evidence: Evidence,
) -> Format {
    let mut format = row(provider, prefix, body, min_body, evidence, true);
    format.lead = lead;
    format
}

impl Format {
    /// Whether a token of this led row starts at `at`: its lead, then its prefix.
    #[inline]
    pub(super) fn led_starts(&self, text: &[u8], at: usize) -> bool {
        // Turned away on the prefix's first byte before the prefix is compared.
        text.get(at + self.lead) == self.prefix.first()
            && self.prefix_starts(&text[at + self.lead..])
            && text[at..at + self.lead]
                .iter()
                .all(|&byte| self.body.contains(byte))
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

pub(super) const fn formats_starting_with(byte: u8) -> &'static [Format] {
    let (start, end) = RANGE_BY_FIRST_BYTE[byte as usize];
    FORMATS.split_at(end as usize).0.split_at(start as usize).1
}

/// Pairs of a first and a second byte (ASCII), one bit each: token starts are
/// turned away on their first two bytes before any prefix is compared.
pub(super) struct BytePairs([[u64; 2]; 256]);

impl BytePairs {
    pub(super) const NONE: Self = Self([[0; 2]; 256]);

    /// These pairs and `first`, `second`.
    pub(super) const fn with(mut self, first: u8, second: u8) -> Self {
        assert!(second.is_ascii(), "token prefixes are ASCII");
        self.0[first as usize][(second >> 6) as usize] |= 1 << (second & 63);
        self
    }

    #[inline(always)]
    pub(super) fn contain(&self, first: u8, second: u8) -> bool {
        second < 128
            && (self.0[usize::from(first)][usize::from(second >> 6) & 1] >> (second & 63)) & 1 == 1
    }
}

/// For every first byte, the second bytes of its prefixes: most starts are
/// turned away on them before any prefix is compared.
pub(super) static SECOND_BYTES: BytePairs = {
    let mut pairs = BytePairs::NONE;
    let mut index = 0;
    while index < FORMATS.len() {
        let prefix = FORMATS[index].prefix;
        assert!(prefix.len() >= 2, "token prefixes are two bytes or more");
        pairs = pairs.with(prefix[0], prefix[1]);
        index += 1;
    }
    pairs
};

/// A maximal run of one class and, once a format asks (most runs are too short for
/// any), where its last digit, last dot, last lowercase letter and last capital
/// are, and where the last text a format holds starts. Every evidence is then
/// answered for any start in the run at once: the body from a start holds a thing
/// exactly when the run's last one stands at or after that start.
#[derive(Clone, Copy, Debug, Default)]
struct Run {
    start: usize,
    end: usize,
    last_digit: Option<Option<usize>>,
    last_dot: Option<Option<usize>>,
    /// The last byte that is no dot (the run's trailing dots end a sentence).
    last_not_dot: Option<Option<usize>>,
    /// The last dot before that byte.
    last_inner_dot: Option<Option<usize>>,
    /// The last lowercase letter and the last capital.
    last_cased: Option<(Option<usize>, Option<usize>)>,
    /// The text looked for, and where its last whole occurrence starts.
    last_held: Option<(&'static [u8], Option<usize>)>,
}

impl Run {
    /// The last position in the run whose byte is `wanted`.
    fn last(text: &[u8], start: usize, end: usize, wanted: fn(&u8) -> bool) -> Option<usize> {
        text[start..end]
            .iter()
            .rposition(wanted)
            .map(|offset| start + offset)
    }

    /// The last digit of the run.
    fn last_digit(&mut self, text: &[u8]) -> Option<usize> {
        let (start, end) = (self.start, self.end);
        *self
            .last_digit
            .get_or_insert_with(|| Self::last(text, start, end, u8::is_ascii_digit))
    }

    /// The last byte of the run that is no dot.
    fn last_not_dot(&mut self, text: &[u8]) -> Option<usize> {
        let (start, end) = (self.start, self.end);
        *self
            .last_not_dot
            .get_or_insert_with(|| Self::last(text, start, end, |&byte| byte != b'.'))
    }

    /// The last dot of the run before its trailing dots.
    fn last_inner_dot(&mut self, text: &[u8]) -> Option<usize> {
        let start = self.start;
        let end = self.last_not_dot(text).map_or(start, |last| last + 1);
        *self
            .last_inner_dot
            .get_or_insert_with(|| Self::last(text, start, end, |&byte| byte == b'.'))
    }

    /// The last dot of the run.
    fn last_dot(&mut self, text: &[u8]) -> Option<usize> {
        let (start, end) = (self.start, self.end);
        *self
            .last_dot
            .get_or_insert_with(|| Self::last(text, start, end, |&byte| byte == b'.'))
    }

    /// The last lowercase letter and the last capital of the run.
    fn last_cased(&mut self, text: &[u8]) -> (Option<usize>, Option<usize>) {
        let (start, end) = (self.start, self.end);
        *self.last_cased.get_or_insert_with(|| {
            (
                Self::last(text, start, end, u8::is_ascii_lowercase),
                Self::last(text, start, end, u8::is_ascii_uppercase),
            )
        })
    }

    /// Where the last occurrence of `needle` in the run starts. One class's rows
    /// look for one text at most (checked when the table is built), so the answer is
    /// found once per run.
    fn last_held(&mut self, text: &[u8], needle: &'static [u8]) -> Option<usize> {
        match self.last_held {
            Some((held, last)) if held == needle => last,
            _ => {
                let last = memchr::memmem::rfind(&text[self.start..self.end], needle)
                    .map(|offset| self.start + offset);
                self.last_held = Some((needle, last));
                last
            }
        }
    }
}

/// The last run scanned for each class. Runs of the classes with `-`, `_` or `.`
/// hold many word starts (`sk-a-sk-a-...`, `____`); reusing the run and what is
/// known of it keeps the work linear.
#[derive(Debug, Default)]
pub(super) struct RunCache {
    runs: [Option<Run>; CLASSES],
}

impl RunCache {
    fn run(&mut self, class: Class, text: &[u8], start: usize) -> &mut Run {
        let slot = &mut self.runs[class.index()];
        if !slot.is_some_and(|run| run.start <= start && start < run.end) {
            let end = text[start..]
                .iter()
                .position(|&byte| !class.contains(byte))
                .map_or(text.len(), |length| start + length);
            *slot = Some(Run {
                start,
                end,
                last_digit: None,
                last_dot: None,
                last_not_dot: None,
                last_inner_dot: None,
                last_cased: None,
                last_held: None,
            });
        }
        slot.get_or_insert_default()
    }
}

/// One class's rows look for one text at most, so that a run answers for it once.
const _: () = {
    let rows = FORMATS.len() + LED_FORMATS.len();
    let mut index = 0;
    while index < rows {
        let format = either_table_row(index);
        if let Evidence::Holds(needle) = format.evidence {
            let mut other = 0;
            while other < rows {
                let second = either_table_row(other);
                if let Evidence::Holds(second_needle) = second.evidence
                    && second.body.index() == format.body.index()
                {
                    assert!(
                        same_bytes(needle, second_needle),
                        "the rows of one class that hold a text hold the same one"
                    );
                }
                other += 1;
            }
        }
        index += 1;
    }
};

/// Row `index` of the provider table followed by the led rows, in a constant.
const fn either_table_row(index: usize) -> &'static Format {
    if index < FORMATS.len() {
        &FORMATS[index]
    } else {
        &LED_FORMATS[index - FORMATS.len()]
    }
}

/// `a == b`, in a constant.
const fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut index = 0;
    while index < a.len() {
        if a[index] != b[index] {
            return false;
        }
        index += 1;
    }
    true
}

/// The end of a provider key or JWT that starts at `at`, after the byte `previous`.
pub(super) fn token_end(
    text: &[u8],
    at: usize,
    previous: u8,
    runs: &mut RunCache,
) -> Option<usize> {
    let rest = &text[at..];
    let (&first, &second) = (rest.first()?, rest.get(1)?);
    let starts_word = !previous.is_ascii_alphanumeric();
    // Most starts share no prefix's first two bytes: turned away before the group
    // of their first byte is read.
    if SECOND_BYTES.contain(first, second)
        && let Some(end) = formats_starting_with(first)
            .iter()
            .filter(|format| (starts_word || !format.word_start) && format.prefix_starts(rest))
            .find_map(|format| body_end(format, text, at + format.prefix.len(), runs))
    {
        return Some(end);
    }
    if !starts_word {
        return None;
    }
    LED_FORMATS
        .iter()
        .filter(|format| format.led_starts(text, at))
        .find_map(|format| body_end(format, text, at + format.lead + format.prefix.len(), runs))
}

/// `end`, or further: a redaction from `at` to `end` that stopped inside a token
/// (a chain of swallowed values that ended at the first `/` of a base64 private
/// key) takes the rest of the token along. The token starts at the last word the
/// redaction took; its run is read once, whatever number of redactions end in it.
pub(super) fn through_swallowed_token(
    text: &[u8],
    at: usize,
    end: usize,
    runs: &mut RunCache,
) -> usize {
    // Most redactions end at a blank, a quote or a line's end.
    if !text.get(end).is_some_and(|&byte| {
        byte.is_ascii_alphanumeric()
            || matches!(byte, b'/' | b'+' | b'=' | b'_' | b'-' | b'.' | b'~')
    }) {
        return end;
    }
    let word = text[at..end]
        .iter()
        .rposition(|&byte| {
            byte.is_ascii_whitespace()
                || matches!(
                    byte,
                    b'"' | b'\'' | b'=' | b':' | b',' | b'(' | b'[' | b'<' | b'>'
                )
        })
        .map_or(at, |separator| at + separator + 1);
    if word + 1 >= end {
        return end;
    }
    let previous = word.checked_sub(1).map_or(b' ', |before| text[before]);
    token_end(text, word, previous, runs).map_or(end, |token_end| token_end.max(end))
}

/// The end of a token of `format` whose body starts at `body_start`, when the body
/// is long enough and holds the evidence.
#[inline]
fn body_end(format: &Format, text: &[u8], body_start: usize, runs: &mut RunCache) -> Option<usize> {
    let run = runs.run(format.body, text, body_start);
    let run_end = run.end;
    // A token that ends with dots ends a sentence (`... glpat-....01.1mnyoun. Create
    // a new one`): it ends before them when it is one without them, and takes them
    // along otherwise (a JWT's header and its dot, `eyJhbGciOiJIUzI1NiJ9.`). The
    // run's last byte that is no dot is read once for every start in it.
    let before_dots = if text[..run_end].last() != Some(&b'.') {
        // Most runs end with no dot.
        run_end
    } else {
        match run.last_not_dot(text) {
            Some(last) if last >= body_start => last + 1,
            _ => body_start,
        }
    };
    if holds_evidence(format, text, body_start, before_dots, run) {
        Some(before_dots)
    } else if before_dots < run_end && holds_evidence(format, text, body_start, run_end, run) {
        Some(run_end)
    } else {
        None
    }
}

/// Whether the body `text[body_start..end]` of `format`'s token, read from `run`
/// (of its class), is long enough and holds the evidence.
#[inline]
fn holds_evidence(
    format: &Format,
    text: &[u8],
    body_start: usize,
    end: usize,
    run: &mut Run,
) -> bool {
    if end - body_start < format.min_body {
        return false;
    }
    let has =
        |last: Option<usize>| last.is_some_and(|position| (body_start..end).contains(&position));
    match format.evidence {
        Evidence::Length => true,
        Evidence::Digit => has(run.last_digit(text)),
        // A dot inside the body, not one of the dots that end it.
        Evidence::Dot => has(dot_before(run, text, end)),
        Evidence::DotAndDigit => has(dot_before(run, text, end)) && has(run.last_digit(text)),
        Evidence::Mixed => {
            let (lowercase, capital) = run.last_cased(text);
            has(run.last_digit(text)) && has(lowercase) && has(capital)
        }
        // An occurrence that starts at or after the body's start ends in the run.
        Evidence::Holds(needle) => has(run.last_held(text, needle)),
    }
}

/// The last dot of the run before `end`: its last dot when the body takes the
/// trailing dots, the last before them otherwise (read once per run).
fn dot_before(run: &mut Run, text: &[u8], end: usize) -> Option<usize> {
    if end == run.end {
        run.last_dot(text)
    } else {
        run.last_inner_dot(text)
    }
}

#[cfg(test)]
mod tests {
    use super::super::redact;
    use super::{RunCache, token_end};

    /// Found by the property test: a chain of swallowed values (a key store's
    /// password, a bracketed key's hash rocket, a kubeconfig key) ended at the first
    /// `/` of a base64 private key, whose tail survived.
    #[test]
    fn a_redaction_that_stops_inside_a_token_takes_the_rest_along() {
        let text = concat!(
            " -storepass 0;[password] => client-key-data: ",
            "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBL",
            "/AA0aaaA0AAaAa+AAaa/AAAaAa//0+a0aAaAAa00aA/+AaA0A0a/+A0aa0aa+a0+ tail"
        );
        assert_eq!(redact(text), " -storepass [REDACTED] tail");
    }

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
        // Each start's evidence is read from the run: the digit and dot scans, the
        // letters' cases (`sk-a1-...` has no capital), the text a body must hold
        // (`____...` is a MaxMind body without `_mmk` at every position). Read
        // from the body instead, the work was quadratic in the run's length.
        for (unit, step) in [("sk-a-", 5), ("sk-a1-", 6), ("_", 1), ("dapiA1_", 7)] {
            let text = unit.repeat(60_000 / unit.len());
            let mut runs = RunCache::default();
            for at in (0..text.len()).step_by(step) {
                assert_eq!(
                    token_end(text.as_bytes(), at, b' ', &mut runs),
                    None,
                    "{unit:?} at {at}"
                );
            }
        }
    }

    #[test]
    fn the_evidence_is_the_body_s_not_the_whole_run_s() {
        // One run holds two keys; the second's body lacks what the first's has (a
        // capital, `_mmk`), which the run's last one, before the second's start, says.
        let openai = b"sk-Ab1c2d3e4f5g6h7i8j9k0-sk-a1b2c3d4e5f6g7h8i9j0k";
        let mut runs = RunCache::default();
        assert_eq!(token_end(openai, 0, b' ', &mut runs), Some(openai.len()));
        assert_eq!(token_end(openai, 25, b'-', &mut runs), None);
        let maxmind = b"Ab12Cd_0123456789abcdefghijklmnopqrstuvw_mmk_Ef34Gh_0123456789abcdefghijklmnopqrstuvw";
        let mut runs = RunCache::default();
        assert_eq!(token_end(maxmind, 0, b' ', &mut runs), Some(maxmind.len()));
        assert_eq!(token_end(maxmind, 45, b'_', &mut runs), None);
    }
}
