//! Keys named after a provider whose keys carry no prefix of their own: the value
//! of `ADAFRUIT_IO_KEY`, `BITTREX_KEY` or `HUBSPOT_KEY` is the provider's key when
//! it has that key's alphabet and length, though one case alone (`[a-z0-9]{32}`)
//! or a UUID stays after a key of another name (see `keys::generated_key_end`).
//! The rows follow gitleaks' default rules that find such a key by the provider's
//! name before it (`config/gitleaks.toml`: `adafruit-api-key`, `heroku-api-key`,
//! ...).
//!
//! # Adding a provider
//!
//! One row of [`VENDOR_KEYS`]: the word the key's name holds (lowercase), the
//! value's alphabet and its lengths; and a line in the tests below.

use std::ops::RangeInclusive;

/// What a provider's key is made of.
#[derive(Clone, Copy)]
enum Body {
    /// Letters and digits.
    Alphanumeric,
    /// Letters, digits, `-` and `_` (and `=`, which some rows allow).
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

    /// Whether `value` is a key of this alphabet: a UUID's shape, or letters and
    /// digits both (what a random key of 14 bytes or more holds).
    fn is_key(self, value: &[u8]) -> bool {
        if !value.iter().all(|&byte| self.holds(byte)) {
            return false;
        }
        match self {
            Self::Uuid => {
                value.len() == 36
                    && value
                        .iter()
                        .enumerate()
                        .all(|(at, &byte)| matches!(at, 8 | 13 | 18 | 23) == (byte == b'-'))
            }
            _ => value.iter().any(u8::is_ascii_digit) && value.iter().any(u8::is_ascii_alphabetic),
        }
    }
}

/// One provider's key: the word its name holds, the alphabet and the lengths.
struct VendorKey {
    word: &'static [u8],
    body: Body,
    lengths: RangeInclusive<usize>,
}

const fn vendor(word: &'static [u8], body: Body, lengths: RangeInclusive<usize>) -> VendorKey {
    VendorKey {
        word,
        body,
        lengths,
    }
}

/// The providers' keys. A name may hold several rows' words; any row may match.
#[rustfmt::skip]
const VENDOR_KEYS: &[VendorKey] = &[
    vendor(b"adafruit", Body::Dashed, 32..=32),
    vendor(b"adobe", Body::Hex, 32..=32),
    vendor(b"airtable", Body::Alphanumeric, 17..=17),
    vendor(b"algolia", Body::Alphanumeric, 32..=32),
    vendor(b"alibaba", Body::Alphanumeric, 30..=30),
    vendor(b"asana", Body::Alphanumeric, 32..=32),
    vendor(b"atlassian", Body::Alphanumeric, 24..=24),
    vendor(b"jira", Body::Alphanumeric, 24..=24),
    vendor(b"confluence", Body::Alphanumeric, 24..=24),
    vendor(b"bitbucket", Body::Alphanumeric, 32..=32),
    vendor(b"bitbucket", Body::Dashed, 64..=64),
    vendor(b"bittrex", Body::Alphanumeric, 32..=32),
    vendor(b"cloudflare", Body::Dashed, 40..=40),
    vendor(b"cloudflare", Body::Hex, 37..=37),
    vendor(b"codecov", Body::Alphanumeric, 32..=32),
    vendor(b"coinbase", Body::Dashed, 64..=64),
    vendor(b"confluent", Body::Alphanumeric, 16..=16),
    vendor(b"confluent", Body::Alphanumeric, 64..=64),
    vendor(b"contentful", Body::Dashed, 43..=43),
    vendor(b"datadog", Body::Alphanumeric, 40..=40),
    vendor(b"discord", Body::Hex, 64..=64),
    vendor(b"discord", Body::Dashed, 32..=32),
    vendor(b"drone", Body::Alphanumeric, 32..=32),
    vendor(b"dropbox", Body::Alphanumeric, 15..=15),
    vendor(b"dropbox", Body::Dashed, 64..=64),
    vendor(b"etsy", Body::Alphanumeric, 24..=24),
    vendor(b"facebook", Body::Hex, 32..=32),
    vendor(b"fastly", Body::Dashed, 32..=32),
    vendor(b"finicity", Body::Hex, 32..=32),
    vendor(b"finicity", Body::Alphanumeric, 20..=20),
    vendor(b"finnhub", Body::Alphanumeric, 20..=20),
    vendor(b"flickr", Body::Alphanumeric, 32..=32),
    vendor(b"freshbooks", Body::Alphanumeric, 64..=64),
    vendor(b"gitter", Body::Dashed, 40..=40),
    vendor(b"heroku", Body::Uuid, 36..=36),
    vendor(b"hubspot", Body::Uuid, 36..=36),
    vendor(b"intercom", Body::Dashed, 60..=60),
    vendor(b"jfrog", Body::Alphanumeric, 64..=64),
    vendor(b"jfrog", Body::Alphanumeric, 73..=73),
    vendor(b"artifactory", Body::Alphanumeric, 64..=64),
    vendor(b"artifactory", Body::Alphanumeric, 73..=73),
    vendor(b"bintray", Body::Alphanumeric, 64..=64),
    vendor(b"bintray", Body::Alphanumeric, 73..=73),
    vendor(b"kraken", Body::Base64, 80..=90),
    vendor(b"kucoin", Body::Hex, 24..=24),
    vendor(b"kucoin", Body::Uuid, 36..=36),
    vendor(b"launchdarkly", Body::Dashed, 40..=40),
    vendor(b"linear", Body::Hex, 32..=32),
    vendor(b"linkedin", Body::Alphanumeric, 14..=16),
    vendor(b"looker", Body::Alphanumeric, 20..=24),
    vendor(b"mattermost", Body::Alphanumeric, 26..=26),
    vendor(b"messagebird", Body::Alphanumeric, 25..=25),
    vendor(b"messagebird", Body::Uuid, 36..=36),
    vendor(b"netlify", Body::Dashed, 40..=46),
    vendor(b"newrelic", Body::Alphanumeric, 64..=64),
    vendor(b"new_relic", Body::Alphanumeric, 64..=64),
    vendor(b"nytimes", Body::Dashed, 32..=32),
    vendor(b"plaid", Body::Alphanumeric, 24..=24),
    vendor(b"plaid", Body::Alphanumeric, 30..=30),
    vendor(b"rapidapi", Body::Dashed, 50..=50),
    vendor(b"sendbird", Body::Uuid, 36..=36),
    vendor(b"sendbird", Body::Hex, 40..=40),
    vendor(b"sentry", Body::Hex, 64..=64),
    vendor(b"snyk", Body::Uuid, 36..=36),
    vendor(b"sonar", Body::Dashed, 40..=40),
    vendor(b"squarespace", Body::Uuid, 36..=36),
    vendor(b"sumo", Body::Alphanumeric, 64..=64),
    vendor(b"travis", Body::Alphanumeric, 22..=22),
    vendor(b"twitch", Body::Alphanumeric, 30..=30),
    vendor(b"twitter", Body::Alphanumeric, 25..=25),
    vendor(b"twitter", Body::Alphanumeric, 45..=50),
    vendor(b"zendesk", Body::Alphanumeric, 40..=40),
];

/// The shortest and longest key of any row: most values are turned away on their
/// length before a name is searched.
const LENGTHS: RangeInclusive<usize> = {
    let (mut shortest, mut longest) = (usize::MAX, 0);
    let mut index = 0;
    while index < VENDOR_KEYS.len() {
        let lengths = &VENDOR_KEYS[index].lengths;
        if *lengths.start() < shortest {
            shortest = *lengths.start();
        }
        if *lengths.end() > longest {
            longest = *lengths.end();
        }
        index += 1;
    }
    shortest..=longest
};

/// Whether `value` is the key of a provider that `name` holds the word of.
pub(super) fn is_vendor_key(name: &[u8], value: &[u8]) -> bool {
    LENGTHS.contains(&value.len())
        && VENDOR_KEYS.iter().any(|row| {
            row.lengths.contains(&value.len())
                && row.body.is_key(value)
                && name
                    .windows(row.word.len())
                    .any(|window| window.eq_ignore_ascii_case(row.word))
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
                "hubspotKey",
                concat!("7C877B0E-B7BE-927B-", "B6CC-4ED3321AE73C"),
            ),
            (
                "BITTREX_KEY",
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
            // Another provider's name, another length, one class alone, no UUID.
            ("MAPBOX_KEY", "6m370tk27mx7ay1zve5psb0jzrleawq0"),
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
    fn every_row_names_its_provider_in_lowercase() {
        for row in VENDOR_KEYS {
            assert!(
                !row.word.is_empty() && !row.word.iter().any(u8::is_ascii_uppercase),
                "{}",
                String::from_utf8_lossy(row.word)
            );
            assert!(*row.lengths.start() >= 14, "a key this short may be a word");
        }
    }
}
