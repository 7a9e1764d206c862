//! Support shared by the integration tests: where the workspace's files are, and the
//! generators of the files that are derived from the vocabulary.

pub mod generated_file;
pub mod kinds_reference;

use std::path::PathBuf;

/// The workspace root, where `schemas/`, `docs/` and `contract/` live.
#[must_use]
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests package lives one level below the workspace root")
        .to_path_buf()
}

/// The published JSON Schema of the envelope.
///
/// # Panics
/// When the schema file is missing or is not JSON: the tests cannot run without it.
#[must_use]
pub fn envelope_schema() -> serde_json::Value {
    let path = workspace_root().join("schemas/agent-error.schema.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|error| panic!("{} is not JSON: {error}", path.display()))
}
