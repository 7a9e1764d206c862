//! Support shared by the integration tests: where the workspace's files are, and the
//! generators of the files that are derived from the vocabulary.

pub mod generated_file;
pub mod kinds_reference;

/// The README's code blocks run as doctests, so the quickstart cannot rot. They
/// run here, in the workspace's unpublished test crate: error-core's package holds
/// no README of the workspace to include.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct ReadmeDoctests;

use std::path::PathBuf;

/// The workspace root, where `schemas/`, `docs/` and `contract/` live.
#[must_use]
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the tests package lives one level below the workspace root")
        .to_path_buf()
}

/// The published JSON Schema of the envelope, as error-core ships it.
///
/// # Panics
/// When the schema is not JSON: the tests cannot run without it.
#[must_use]
pub fn envelope_schema() -> serde_json::Value {
    serde_json::from_str(error_core::ENVELOPE_JSON_SCHEMA)
        .unwrap_or_else(|error| panic!("the envelope schema is not JSON: {error}"))
}

/// Where the repository publishes a copy of the envelope schema.
pub const PUBLISHED_SCHEMA_PATH: &str = "schemas/agent-error.schema.json";

/// The envelope schema of the gateway the contract was written for (a vendored copy,
/// see `tests/fixtures/README.md`): looser than ours, and what we emit must pass it too.
///
/// # Panics
/// When the fixture is missing or is not JSON.
#[must_use]
pub fn reference_envelope_schema() -> serde_json::Value {
    read_json("tests/fixtures/labby-agent-error.schema.json")
}

/// Every way `instance` fails our published schema or the gateway's, as text; empty
/// when it is a valid envelope under both.
///
/// # Panics
/// When either schema is not valid draft 2020-12.
#[must_use]
pub fn envelope_schema_violations(instance: &serde_json::Value) -> Vec<String> {
    static VALIDATORS: std::sync::OnceLock<[jsonschema::Validator; 2]> = std::sync::OnceLock::new();
    let validators = VALIDATORS.get_or_init(|| {
        [envelope_schema(), reference_envelope_schema()].map(|schema| {
            jsonschema::draft202012::new(&schema).expect("the schema is valid draft 2020-12")
        })
    });
    let [ours, reference] = validators;
    let ours = ours
        .iter_errors(instance)
        .map(|error| format!("ours: {error} at {}", error.instance_path()));
    let reference = reference
        .iter_errors(instance)
        .map(|error| format!("reference: {error} at {}", error.instance_path()));
    ours.chain(reference).collect()
}

fn read_json(relative: &str) -> serde_json::Value {
    let path = workspace_root().join(relative);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("cannot read {}: {error}", path.display()));
    serde_json::from_str(&text)
        .unwrap_or_else(|error| panic!("{} is not JSON: {error}", path.display()))
}
