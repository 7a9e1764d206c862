//! What the sanitizing tests share: the cap and the two ways to check a secret.

#![allow(dead_code, unused_imports)] // Each test file uses its own part.

pub use error_core::sanitize::{
    REDACTED, TRUNCATION_MARKER, redact_secrets, sanitize_error_text, sanitize_single_line,
};

pub const CAP: usize = 64 * 1024;

/// Asserts that `text` comes out as `expected`, through both the full sanitizer and
/// the redaction alone.
#[track_caller]
pub fn redacts_to(text: &str, expected: &str) {
    assert_eq!(
        sanitize_error_text(text, CAP),
        expected,
        "sanitize_error_text"
    );
    assert_eq!(redact_secrets(text), expected, "redact_secrets");
}

/// Asserts that none of `secret` survives in `text`, whatever surrounds it.
#[track_caller]
pub fn secret_goes(secret: &str) {
    for text in [
        secret.to_owned(),
        format!("failed with {secret} (retrying)"),
        format!("credential={secret}&next=1"),
        format!("{{\"detail\": \"{secret}\", \"code\": 401}}"),
        format!("key:\n{secret}\n"),
    ] {
        for output in [
            sanitize_error_text(&text, CAP),
            sanitize_single_line(&text, CAP),
            redact_secrets(&text).into_owned(),
        ] {
            assert!(!output.contains(secret), "{secret} survived in {output:?}");
            assert!(output.contains(REDACTED), "{output:?}");
        }
    }
}
