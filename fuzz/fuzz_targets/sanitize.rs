//! Sanitizing arbitrary bytes (read as UTF-8, lossily) with an arbitrary cap must
//! never panic, and must hold the invariants of `tests/sanitize_properties.rs`:
//! bounded length, no forbidden character or marker left, idempotence.

#![no_main]

use error_core::sanitize::{
    TRUNCATION_MARKER, redact_secrets, sanitize_error_text, sanitize_single_line,
};
use libfuzzer_sys::fuzz_target;

const MARKERS: &[&str] = &[
    "<system>",
    "</system>",
    "[inst]",
    "[/inst]",
    "###",
    "<<",
    "<start_of_turn>",
    "<end_of_turn>",
];

fn is_forbidden(character: char, multi_line: bool) -> bool {
    let allowed_control = multi_line && matches!(character, '\n' | '\t');
    (character.is_control() && !allowed_control)
        || matches!(
            character,
            '\u{AD}'
                | '\u{200B}'..='\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
                | '\u{E0000}'..='\u{E0FFF}'
        )
}

fn has_special_token(lower: &str) -> bool {
    lower.match_indices("<|").any(|(start, _)| {
        let name_len = lower[start + 2..]
            .bytes()
            .take_while(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'_' | b'-'))
            .count();
        (1..=32).contains(&name_len) && lower[start + 2 + name_len..].starts_with("|>")
    })
}

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
    if let Some(forbidden) = output.chars().find(|&c| is_forbidden(c, multi_line)) {
        panic!("{forbidden:?} left in {output:?}");
    }
    let lower = output.to_ascii_lowercase();
    if let Some(marker) = MARKERS.iter().find(|marker| lower.contains(*marker)) {
        panic!("{marker} left in {output:?}");
    }
    assert!(
        !has_special_token(&lower),
        "special token left in {output:?}"
    );
    assert_eq!(sanitize(&output), output, "not idempotent on {input:?}");
}

fuzz_target!(|data: &[u8]| {
    let Some((&[high, low], rest)) = data.split_first_chunk::<2>() else {
        return;
    };
    // Caps from 0 to 1023 reach the cut often; most inputs are shorter than that.
    let max_len = usize::from(u16::from_be_bytes([high, low]) % 1024);
    let input = String::from_utf8_lossy(rest);
    check(&input, max_len, true);
    check(&input, max_len, false);
    let once = redact_secrets(&input).into_owned();
    assert_eq!(
        redact_secrets(&once),
        once,
        "redaction not idempotent on {input:?}"
    );
});
