//! Sanitizing arbitrary bytes (read as UTF-8, lossily) with an arbitrary cap must
//! never panic, and must hold the invariants of `tests/sanitize_properties.rs`:
//! bounded length, no forbidden character or marker left, a planted secret never
//! survives, idempotence.

#![no_main]

use error_core::sanitize::{
    TRUNCATION_MARKER, redact_secrets, sanitize_error_text, sanitize_single_line,
};
use libfuzzer_sys::fuzz_target;

use sanitize_oracle as oracle;

/// Secrets to plant in the fuzzed text, each with the part that must never show.
const PLANTED: &[(&str, &str)] = &[
    ("ghp_16C7e42F292c6912E7710c838347Ae178B4a", "16C7e42F292c"),
    (
        "sk-proj-Xb8hT2kLq9WzR4vN7mY3cF6jD1sA5gE0uI8oP2tK4wQ7",
        "Xb8hT2kLq9Wz",
    ),
    ("AKIAIOSFODNN7EXAMPLE", "IOSFODNN7EXA"),
    (
        "xoxb-123456789012-123456789012-AbCdEfGhIjKlMnOpQrStUvWx",
        "123456789012",
    ),
    ("glpat-xZ8vQ2mK9pL4nR7tW1yB", "xZ8vQ2mK9pL4"),
    ("Bearer dozjgNryP4J3jVmNHl0w5N", "dozjgNryP4J3"),
    ("password=Tr0ub4dor3xkcd", "Tr0ub4dor3xk"),
    (
        "Authorization: SSWS 00QCjAl4MlV-WPXM-AbCdEfGhIjKl01",
        "00QCjAl4MlV-",
    ),
    ("Cookie: a=b; session=Zx9Yw8Vu7Ts6Rq5Po4", "Zx9Yw8Vu7Ts6"),
    ("shpat_0123456789abcdef0123456789abcdef", "0123456789ab"),
    (
        "https://hooks.slack.com/services/T0000/B0000/Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2",
        "Zx9Yw8Vu7Ts6",
    ),
    (
        "postgres://app:s3cr3tpa55w0rd@db:5432/orders",
        "s3cr3tpa55w0",
    ),
    (
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
        "eyJzdWIiOiIx",
    ),
    ("123456789:AAG7qRt0bXwK2mZp9LcVn4HsYd1JfUe8TiO", "G7qRt0bXwK2m"),
    (
        "MTE4NTQ2MjM0NTY3ODkwMTIzNA.GhJkLm.aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vW3x",
        "aB3dE5fG7hI9",
    ),
    (
        "<add key=\"DbPassword\" value=\"Vu7Ts6Rq5Po4Nm3Lk2\" />",
        "Vu7Ts6Rq5Po4",
    ),
    (
        "token=Proxy-Authorization: Digest username=\"u\", response=\"6629fae49393a05397450978507c4ef1\"",
        "6629fae49393",
    ),
    ("mysql -uroot -pVu7Ts6Rq5Po4Nm3Lk2 -h db", "Vu7Ts6Rq5Po4"),
    ("docker login -u ci -p 'Zx9Yw8Vu7Ts6Rq5Po4' reg", "Zx9Yw8Vu7Ts6"),
    ("<password>Nm3Lk2Vu7Ts6Rq5Po4</password>", "Nm3Lk2Vu7Ts6"),
    ("API key: Rq5Po4Nm3Lk2Vu7Ts6", "Rq5Po4Nm3Lk2"),
    ("\"app:Ts6Rq5Po4Nm3Lk2@tcp(db:3306)/app\"", "Ts6Rq5Po4Nm3"),
    (
        "{\"name\":\"DB_PASSWORD\",\"value\":\"Po4Nm3Lk2Vu7Ts6Rq5\"}",
        "Po4Nm3Lk2Vu7",
    ),
    ("['mysql', '--password', 'Lk2Vu7Ts6Rq5Po4Nm3']", "Lk2Vu7Ts6Rq5"),
    (
        "Generated password for user admin: Ts6Rq5Po4Nm3Lk2Vu7",
        "Ts6Rq5Po4Nm3",
    ),
    (
        "define('DB_PASSWORD', 'Rq5Po4Nm3Lk2Vu7Ts6');",
        "Rq5Po4Nm3Lk2",
    ),
    (
        "invalid API key 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c",
        "3f9a8b7c6d5e",
    ),
    ("session.setPassword(\"Vu7Ts6Rq5Po4Nm3Lk2\")", "Vu7Ts6Rq5Po4"),
    ("api_secret Nm3Lk2Vu7Ts6Rq5Po4 rejected", "Nm3Lk2Vu7Ts6"),
    (
        "ya29.a0AfH6SMBx3kQ8vL2mN9pR4tY7wZ1cF5gJ0hK3sD6aE8bU2iO4qW9",
        "a0AfH6SMBx3k",
    ),
    ("> USER a\n> PASS Lk2Vu7Ts6Rq5Po4Nm3", "Lk2Vu7Ts6Rq5"),
    ("| password | Po4Nm3Lk2Vu7Ts6Rq5 |", "Po4Nm3Lk2Vu7"),
    (
        "AWS Secret Access Key [None]: Ts6Rq5Po4Nm3Lk2Vu7",
        "Ts6Rq5Po4Nm3",
    ),
    ("{\"Jwt\": {\"Key\": \"Vu7Ts6Rq5Po4Nm3Lk2\"}}", "Vu7Ts6Rq5Po4"),
    (
        "{&quot;password&quot;:&quot;Po4Nm3Lk2Vu7Ts6Rq5&quot;}",
        "Po4Nm3Lk2Vu7",
    ),
    ("failed with token Ts6Rq5Po4Nm3Lk2Vu7: 401", "Ts6Rq5Po4Nm3"),
    ("password = `Lk2Vu7Ts6Rq5Po4Nm3`", "Lk2Vu7Ts6Rq5"),
    ("passphrase \"Nm3Lk2Vu7Ts6Rq5Po4\" does not unlock", "Nm3Lk2Vu7Ts6"),
    ("using access key Vu7Ts6Rq5Po4Nm3Lk2 for", "Vu7Ts6Rq5Po4"),
    ("redis://:Rq5Po4#Nm3Lk2Vu7Ts6@cache", "Nm3Lk2Vu7Ts6"),
    (
        "https://api.telegram.org/bot123456789:1fS9Sws9mIAEPLRb2Lh4qzBwvPyMPzHqsqW/getMe",
        "1fS9Sws9mIAE",
    ),
    // A command starts its line, or follows a prompt.
    ("$ ngrok config add-authtoken Rq5Po4Nm3Lk2Vu7Ts6", "Rq5Po4Nm3Lk2"),
    // A table's cell after a secret's name, a key that no rule lists.
    ("| DB_PASSWORD | Wq8sdPz0cc19Xq |", "Wq8sdPz0cc19"),
    ("MAPBOX_KEY=Vu7Ts6Rq5Po4Nm3Lk2Xq", "Vu7Ts6Rq5Po4"),
];

fn check(input: &str, max_len: usize, multi_line: bool) {
    let sanitize = |text: &str| {
        if multi_line {
            sanitize_error_text(text, max_len)
        } else {
            sanitize_single_line(text, max_len)
        }
    };
    let output = sanitize(input);
    let body = output.strip_suffix(TRUNCATION_MARKER).unwrap_or(&output);
    assert!(body.chars().count() <= max_len, "over the cap: {output:?}");
    if let Some(forbidden) = oracle::forbidden_left(&output, multi_line) {
        panic!("{forbidden:?} left in {output:?}");
    }
    if let Some(marker) = oracle::marker_left(&output) {
        panic!("{marker} left in {output:?}");
    }
    assert_eq!(sanitize(&output), output, "not idempotent on {input:?}");
}

/// Plants a secret between a space and a line break at a character boundary of
/// `input`, and checks that no output shows it.
fn check_planted(input: &str, max_len: usize, choice: u8) {
    let (secret, shown) = PLANTED[usize::from(choice) % PLANTED.len()];
    // Sanitizing removes characters (markers among them) and writes only bracketed
    // fixed words, and the planted secret sits between a space and a line break:
    // the part shown can come from the input only if the input holds its
    // characters in order, with anything in between.
    let mut remaining = input.chars();
    if shown
        .chars()
        .all(|wanted| remaining.any(|character| character == wanted))
    {
        return;
    }
    let boundaries: Vec<usize> = input
        .char_indices()
        .map(|(at, _)| at)
        .chain([input.len()])
        .collect();
    let at = boundaries[usize::from(choice) % boundaries.len()];
    // The BEL closes a terminal title sequence the input may leave open, which would
    // otherwise take the planted secret along as its title.
    let planted = format!("{}\u{7} {secret}\n{}", &input[..at], &input[at..]);
    for output in [
        sanitize_error_text(&planted, max_len),
        sanitize_single_line(&planted, max_len),
        redact_secrets(&planted).into_owned(),
    ] {
        assert!(!output.contains(shown), "{secret:?} survived in {output:?}");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&[high, low, choice], rest)) = data.split_first_chunk::<3>() else {
        return;
    };
    // Caps from 0 to 1023 reach the cut often; most inputs are shorter than that.
    let max_len = usize::from(u16::from_be_bytes([high, low]) % 1024);
    let input = String::from_utf8_lossy(rest);
    check(&input, max_len, true);
    check(&input, max_len, false);
    check_planted(&input, max_len, choice);
    let once = redact_secrets(&input).into_owned();
    assert_eq!(
        redact_secrets(&once),
        once,
        "redaction not idempotent on {input:?}"
    );
});
