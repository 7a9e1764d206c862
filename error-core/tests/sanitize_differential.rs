//! The sanitizer against the previous release: every output that changed, changed
//! the way issue 13 asked, told apart mechanically.
//!
//! "The previous release" is the sanitizer at commit 8e370ca, the last commit
//! before issue 13's work began; there is no crates.io release to compare with.
//! `fixtures/sanitize_previous.jsonl` holds what it made of each input, one JSON
//! line per input and cap: the string literals of the sanitizing tests (as they
//! are and as they were then), of the provider examples and of the fuzz target,
//! the ordinary-text corpus, the fuzz seeds, and a seeded mixture of ordinary text,
//! secrets, markers, control and invisible characters with caps small and large.
//! `fixtures/README.md` says how it was made and how to make it again.
//!
//! Each input goes through `sanitize_error_text` and `sanitize_single_line` with
//! its cap and through `redact_secrets`, and each output is diffed against the
//! previous one, `[REDACTED]` counting as one token. Every changed stretch must be
//! one of:
//!
//! - (a) more redaction: the new side is `[REDACTED]`, or nothing beside a
//!   `[REDACTED]` (a redaction that grew or swallowed its neighbour). New provider
//!   formats pass as this with no change here;
//! - (b) more removal: the new side is nothing and the old side invisible or
//!   control characters, markers the `sanitize-oracle` crate finds (with those
//!   that removing another one assembles), or what an escape left of a terminal
//!   sequence; `redact_secrets` removes nothing;
//! - (c) a precision fix: the old side was redacted and the new side is text that,
//!   with the new output around it, lies in an entry of the ordinary-text corpus or
//!   of [`REVIEWED`];
//! - a truncation effect: where either output was cut, a stretch that fits no kind
//!   and after which the diff matches nothing but separators and short runs;
//! - (d) a change issue 13 asked for that [`INTENDED`] lists with its reason;
//! - or a difference reported and awaiting a decision, in [`REPORTED`].
//!
//! Anything else fails the test, which names the input and both outputs. Any
//! alignment that explains every stretch will do, so the diff is tried in coarse
//! and then finer units, forwards and backwards, with redactions matched to each
//! other or kept apart and spaces in or out. The test prints how many outputs show
//! each kind (`--nocapture`), and fails when a listed exception is no longer needed.

use sanitize_oracle as oracle;

// A test crate's root resolves `mod x;` beside itself (`tests/x.rs`), so the parts
// in `tests/sanitize_differential/` are named by path.
#[path = "sanitize_differential/classifier.rs"]
mod classifier;
#[path = "sanitize_differential/comparison.rs"]
mod comparison;
#[path = "sanitize_differential/diff_units.rs"]
mod diff_units;
#[path = "sanitize_differential/fixture.rs"]
mod fixture;
#[path = "sanitize_differential/hunk.rs"]
mod hunk;
#[path = "sanitize_differential/listed_differences.rs"]
mod listed_differences;
#[path = "sanitize_differential/more_removal.rs"]
mod more_removal;

use std::collections::BTreeMap;
use std::fmt::Write as _;

use error_core::sanitize::{redact_secrets, sanitize_error_text, sanitize_single_line};

use classifier::Kind;
use comparison::compare;
use hunk::Function;
use listed_differences::{INTENDED, REPORTED, REVIEWED};

#[test]
fn every_difference_from_the_previous_release_is_intended() {
    let records = fixture::records();
    let ordinary: Vec<&str> = records
        .iter()
        .filter(|record| record.source == "ordinary")
        .map(|record| record.input.as_str())
        .collect();
    assert!(
        records.len() >= 3000,
        "the fixture holds {} cases",
        records.len()
    );
    assert!(
        ordinary.len() >= 100,
        "the ordinary corpus holds {}",
        ordinary.len()
    );

    let mut outputs = 0;
    let mut unchanged = 0;
    let mut counts: BTreeMap<Kind, usize> = BTreeMap::new();
    let mut failures = String::new();
    for record in &records {
        let input = record.input.as_str();
        for (function, previous, current) in [
            (
                Function::ErrorText,
                &record.error_text,
                sanitize_error_text(input, record.max_len),
            ),
            (
                Function::SingleLine,
                &record.single_line,
                sanitize_single_line(input, record.max_len),
            ),
            (
                Function::Redact,
                &record.redacted,
                redact_secrets(input).into_owned(),
            ),
        ] {
            outputs += 1;
            match compare(previous, &current, input, function, &ordinary) {
                Ok(kinds) if kinds.is_empty() => unchanged += 1,
                Ok(mut kinds) => {
                    kinds.sort();
                    kinds.dedup();
                    for kind in kinds {
                        *counts.entry(kind).or_default() += 1;
                    }
                }
                Err(why) => {
                    let _ = writeln!(
                        failures,
                        "{why}\n  input ({}, max_len {}): {input:?}\n  previous: {previous:?}\n  current:  {current:?}",
                        record.source, record.max_len
                    );
                }
            }
        }
    }

    println!(
        "{outputs} outputs of {} inputs compared; {unchanged} unchanged; outputs per kind \
         (one output can show several):",
        records.len()
    );
    for (kind, count) in &counts {
        println!("{count:6}  {}", kind.label());
    }
    assert!(
        failures.is_empty(),
        "differences from the previous release that fit no intended kind:\n{failures}"
    );
    // Every listed exception must still be needed, or it goes from the list.
    let listed = INTENDED
        .iter()
        .map(|intended| Kind::Intended(intended.reason))
        .chain(REVIEWED.iter().map(|(entry, _)| Kind::Reviewed(entry)))
        .chain(
            REPORTED
                .iter()
                .map(|reported| Kind::Reported(reported.reason)),
        );
    let unused: Vec<String> = listed
        .filter(|kind| !counts.contains_key(kind))
        .map(Kind::label)
        .collect();
    assert!(unused.is_empty(), "no longer needed: {unused:#?}");
    for kind in [Kind::MoreRedaction, Kind::MoreRemoval, Kind::PrecisionFix] {
        assert!(counts.contains_key(&kind), "no case of {}", kind.label());
    }
}

#[test]
fn what_issue_13_did_not_ask_for_fails() {
    let ordinary = ["cannot fetch token: 401 Unauthorized"];
    let judge = |previous: &str, current: &str, input: &str| {
        compare(previous, current, input, Function::ErrorText, &ordinary)
    };
    // A secret the previous release redacted shows.
    assert!(judge("key=[REDACTED] x", "key=hunter2 x", "key=hunter2 x").is_err());
    // Ordinary text goes, or changes.
    assert!(judge("connection refused", "connection ", "connection refused").is_err());
    assert!(judge("a << b", "a  b", "a << b").is_err());
    assert!(judge("status 404", "status 500", "status 404").is_err());
    // Restored text outside the ordinary corpus and the reviewed list.
    assert!(
        judge(
            "token: [REDACTED] left",
            "token: abc left",
            "token: abc left"
        )
        .is_err()
    );

    assert_eq!(
        judge("said ghp_x1", "said [REDACTED]", "said ghp_x1"),
        Ok(vec![Kind::MoreRedaction])
    );
    assert_eq!(
        judge("a＜system＞b", "ab", "a＜system＞b"),
        Ok(vec![Kind::MoreRemoval])
    );
    assert_eq!(
        judge(
            "cannot fetch token: [REDACTED] Unauthorized",
            "cannot fetch token: 401 Unauthorized",
            "cannot fetch token: 401 Unauthorized",
        ),
        Ok(vec![Kind::PrecisionFix])
    );
    assert_eq!(
        judge("a  b", "a << b", "a << b"),
        Ok(vec![Kind::Intended(INTENDED[1].reason)])
    );
}
