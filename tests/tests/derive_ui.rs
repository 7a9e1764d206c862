//! The derive's diagnostics, one UI file per family of mistakes, each against a
//! `.stderr` baseline recorded with the stable toolchain. All in one test: trybuild
//! builds them in one cargo run.

use std::path::{Path, PathBuf};

/// The UI cases, with a check that each has its baseline: an empty or mistyped
/// glob must not pass as "no failures".
fn ui_cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let mut cases: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "rs"))
        .collect();
    cases.sort();
    assert!(
        cases.len() >= 10,
        "expected the UI families in {}, found {cases:?}",
        dir.display()
    );
    for case in &cases {
        let baseline = case.with_extension("stderr");
        let overwriting = std::env::var_os("TRYBUILD").is_some_and(|value| value == "overwrite");
        assert!(
            overwriting || baseline.exists(),
            "{} has no baseline {}",
            case.display(),
            baseline.display()
        );
    }
    cases
}

#[rustversion::attr(
    not(stable),
    ignore = "the .stderr baselines are recorded with the stable toolchain; rustc's wording differs on beta and nightly"
)]
#[test]
fn every_mistake_is_reported_on_the_offending_token() {
    let cases = ui_cases();
    let t = trybuild::TestCases::new();
    for case in &cases {
        t.compile_fail(case);
    }
}
