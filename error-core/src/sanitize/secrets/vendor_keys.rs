//! Keys named after a provider whose keys carry no prefix of their own: the value
//! of `ADAFRUIT_IO_KEY`, `BITTREX_KEY` or `HUBSPOT_KEY` is the provider's key when
//! it starts with a run of that key's alphabet as long as the provider's keys at
//! least, though one case alone (`[a-z0-9]{32}`) or a UUID stays after a key of
//! another name (see `keys::is_generated_key`). The rows follow gitleaks' default
//! rules that find such a key by the provider's name before it
//! (`config/gitleaks.toml`: `adafruit-api-key`, `heroku-api-key`, ...), with their
//! shortest length.
//!
//! The value's first bytes are judged, as many as the provider's shortest key, not
//! its whole: a value cut short is never judged a key when the whole value was not,
//! and the work per key is bounded.
//!
//! # Adding a provider
//!
//! One row of [`VENDOR_KEYS`]: the word the key's name holds (lowercase), the
//! value's alphabet and its shortest length; and a line in the tests below.

/// What a provider's key is made of.
#[derive(Clone, Copy)]
enum Body {
    /// Letters and digits.
    Alphanumeric,
    /// Letters, digits, `-`, `_` and `=`.
    Dashed,
    /// Hexadecimal digits in either case.
    Hex,
    /// A UUID (`8-4-4-4-12` hexadecimal digits).
    Uuid,
    /// Base64 in either alphabet.
    Base64,
}

impl Body {
    fn holds(self, byte: u8) -> bool {
        match self {
            Self::Alphanumeric => byte.is_ascii_alphanumeric(),
            Self::Dashed => byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'='),
            Self::Hex => byte.is_ascii_hexdigit(),
            Self::Uuid => byte.is_ascii_hexdigit() || byte == b'-',
            Self::Base64 => {
                byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'+' | b'/' | b'=')
            }
        }
    }

    /// Whether `value` starts with a key of this alphabet at least `shortest`
    /// bytes long: a UUID, or a run of the alphabet whose first `shortest` bytes
    /// hold letters and digits both (what a random key of 14 bytes or more holds).
    /// Only those bytes are read.
    fn starts_key(self, value: &[u8], shortest: usize) -> bool {
        let Some(head) = value.get(..shortest) else {
            return false;
        };
        if !head.iter().all(|&byte| self.holds(byte)) {
            return false;
        }
        match self {
            Self::Uuid => head
                .iter()
                .enumerate()
                .all(|(at, &byte)| matches!(at, 8 | 13 | 18 | 23) == (byte == b'-')),
            _ => head.iter().any(u8::is_ascii_digit) && head.iter().any(u8::is_ascii_alphabetic),
        }
    }
}

/// One provider's key: the word its name holds, the alphabet and the shortest
/// length.
struct VendorKey {
    word: &'static [u8],
    body: Body,
    shortest: usize,
}

const fn vendor(word: &'static [u8], body: Body, shortest: usize) -> VendorKey {
    VendorKey {
        word,
        body,
        shortest,
    }
}

/// The providers' keys. A name may hold several rows' words; any row may match.
#[rustfmt::skip]
const VENDOR_KEYS: &[VendorKey] = &[
    vendor(b"adafruit", Body::Dashed, 32),
    vendor(b"adobe", Body::Hex, 32),
    vendor(b"airtable", Body::Alphanumeric, 17),
    vendor(b"algolia", Body::Alphanumeric, 32),
    vendor(b"alibaba", Body::Alphanumeric, 30),
    vendor(b"asana", Body::Alphanumeric, 32),
    vendor(b"atlassian", Body::Alphanumeric, 24),
    vendor(b"jira", Body::Alphanumeric, 24),
    vendor(b"confluence", Body::Alphanumeric, 24),
    vendor(b"bitbucket", Body::Alphanumeric, 32),
    vendor(b"bitbucket", Body::Dashed, 64),
    vendor(b"bittrex", Body::Alphanumeric, 32),
    vendor(b"cloudflare", Body::Dashed, 40),
    vendor(b"cloudflare", Body::Hex, 37),
    vendor(b"codecov", Body::Alphanumeric, 32),
    vendor(b"coinbase", Body::Dashed, 64),
    vendor(b"confluent", Body::Alphanumeric, 16),
    vendor(b"contentful", Body::Dashed, 43),
    vendor(b"datadog", Body::Alphanumeric, 40),
    vendor(b"discord", Body::Hex, 64),
    vendor(b"discord", Body::Dashed, 32),
    vendor(b"drone", Body::Alphanumeric, 32),
    vendor(b"dropbox", Body::Alphanumeric, 15),
    vendor(b"dropbox", Body::Dashed, 64),
    vendor(b"etsy", Body::Alphanumeric, 24),
    vendor(b"facebook", Body::Hex, 32),
    vendor(b"fastly", Body::Dashed, 32),
    vendor(b"finicity", Body::Hex, 32),
    vendor(b"finicity", Body::Alphanumeric, 20),
    vendor(b"finnhub", Body::Alphanumeric, 20),
    vendor(b"flickr", Body::Alphanumeric, 32),
    vendor(b"freshbooks", Body::Alphanumeric, 64),
    vendor(b"gitter", Body::Dashed, 40),
    vendor(b"heroku", Body::Uuid, 36),
    vendor(b"hubspot", Body::Uuid, 36),
    vendor(b"intercom", Body::Dashed, 60),
    vendor(b"jfrog", Body::Alphanumeric, 64),
    vendor(b"artifactory", Body::Alphanumeric, 64),
    vendor(b"bintray", Body::Alphanumeric, 64),
    vendor(b"kraken", Body::Base64, 80),
    vendor(b"kucoin", Body::Hex, 24),
    vendor(b"kucoin", Body::Uuid, 36),
    vendor(b"launchdarkly", Body::Dashed, 40),
    vendor(b"linear", Body::Hex, 32),
    vendor(b"linkedin", Body::Alphanumeric, 14),
    vendor(b"looker", Body::Alphanumeric, 20),
    // Its data center follows (`-us20`).
    vendor(b"mailchimp", Body::Hex, 32),
    vendor(b"mattermost", Body::Alphanumeric, 26),
    vendor(b"messagebird", Body::Alphanumeric, 25),
    vendor(b"messagebird", Body::Uuid, 36),
    vendor(b"netlify", Body::Dashed, 40),
    vendor(b"newrelic", Body::Alphanumeric, 64),
    vendor(b"new_relic", Body::Alphanumeric, 64),
    vendor(b"nytimes", Body::Dashed, 32),
    vendor(b"plaid", Body::Alphanumeric, 24),
    vendor(b"rapidapi", Body::Dashed, 50),
    vendor(b"sendbird", Body::Uuid, 36),
    vendor(b"sendbird", Body::Hex, 40),
    vendor(b"sentry", Body::Hex, 64),
    vendor(b"snyk", Body::Uuid, 36),
    vendor(b"sonar", Body::Dashed, 40),
    vendor(b"squarespace", Body::Uuid, 36),
    vendor(b"sumo", Body::Alphanumeric, 64),
    vendor(b"travis", Body::Alphanumeric, 22),
    vendor(b"twitch", Body::Alphanumeric, 30),
    vendor(b"twitter", Body::Alphanumeric, 25),
    vendor(b"zendesk", Body::Alphanumeric, 40),
];

/// The shortest key of any row: most values are turned away on their length
/// before a name is searched.
const SHORTEST: usize = {
    let mut shortest = usize::MAX;
    let mut index = 0;
    while index < VENDOR_KEYS.len() {
        if VENDOR_KEYS[index].shortest < shortest {
            shortest = VENDOR_KEYS[index].shortest;
        }
        index += 1;
    }
    shortest
};

/// Whether `value` starts with the key of a provider that `name` holds the word
/// of, as a segment of its own or the start of one (`ADAFRUIT_IO_KEY`,
/// `bittrexKey`, not `nonlinear_key`).
pub(super) fn is_vendor_key(name: &[u8], value: &[u8]) -> bool {
    value.len() >= SHORTEST
        && VENDOR_KEYS
            .iter()
            .any(|row| names_word(name, row.word) && row.body.starts_key(value, row.shortest))
}

/// Whether `word` (lowercase) stands in `name` where a segment starts: at its
/// start, after a `_`, `-` or `.`, or at a capital after a lowercase letter.
fn names_word(name: &[u8], word: &[u8]) -> bool {
    name.windows(word.len()).enumerate().any(|(at, window)| {
        window.eq_ignore_ascii_case(word)
            && (at == 0
                || matches!(name[at - 1], b'_' | b'-' | b'.')
                || (name[at].is_ascii_uppercase() && name[at - 1].is_ascii_lowercase()))
    })
}

#[cfg(test)]
mod tests {
    use super::{VENDOR_KEYS, is_vendor_key};

    #[test]
    fn a_key_of_the_providers_alphabet_and_length_is_one() {
        // Assembled, so that secret scanners reading this file find no key.
        for (name, value) in [
            (
                "ADAFRUIT_IO_KEY",
                concat!("6m370tk27mx7ay1z", "ve5psb0jzrleawq0"),
            ),
            (
                "ADAFRUIT_IO_KEY",
                concat!("6m370tk27mx7ay1z", "ve5psb0jzrleawq0xyz"),
            ),
            (
                "hubspotKey",
                concat!("7C877B0E-B7BE-927B-", "B6CC-4ED3321AE73C"),
            ),
            (
                "MY_BITTREX_KEY",
                concat!("4xnc70o4mkpm7vt4", "6pnshacuf7l38f0i"),
            ),
            (
                "twitter_consumer_key",
                concat!("pc17yem3xgr2z", "vsi55y5p6s3s"),
            ),
        ] {
            assert!(is_vendor_key(name.as_bytes(), value.as_bytes()), "{name}");
        }
        for (name, value) in [
            // Another provider's name, a word inside another, too short, one class
            // alone, no UUID.
            ("MAPBOX_KEY", "6m370tk27mx7ay1zve5psb0jzrleawq0"),
            ("nonlinear_key", "3f9a0c1d3f9a0c1d3f9a0c1d3f9a0c1d"),
            ("ADAFRUIT_IO_KEY", "6m370tk27mx7ay1zve5psb0jzrleawq"),
            ("ADAFRUIT_IO_KEY", "abcdefghijklmnopqrstuvwxyzabcdef"),
            ("HUBSPOT_KEY", "7C877B0E4B7BE4927B4B6CC44ED3321AE73C"),
            ("HUBSPOT_KEY", "hubspot"),
        ] {
            assert!(
                !is_vendor_key(name.as_bytes(), value.as_bytes()),
                "{name}: {value}"
            );
        }
    }

    #[test]
    fn every_row_names_its_provider_in_lowercase_and_takes_no_short_key() {
        for row in VENDOR_KEYS {
            assert!(
                !row.word.is_empty() && !row.word.iter().any(u8::is_ascii_uppercase),
                "{}",
                String::from_utf8_lossy(row.word)
            );
            assert!(row.shortest >= 14, "a key this short may be a word");
        }
    }
}
