//! The previous release's outputs, read from the fixture that holds them.

use serde::Deserialize;

const FIXTURE: &str = include_str!("../fixtures/sanitize_previous.jsonl");

/// One line of the fixture: an input, its cap, and the previous release's outputs.
#[derive(Deserialize)]
pub struct Record {
    pub source: String,
    pub input: String,
    pub max_len: usize,
    pub error_text: String,
    pub single_line: String,
    pub redacted: String,
}

/// Every line of the fixture.
pub fn records() -> Vec<Record> {
    FIXTURE
        .lines()
        .map(|line| serde_json::from_str(line).expect("a fixture line"))
        .collect()
}
