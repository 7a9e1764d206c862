//! The published JSON Schema of the envelope, shipped inside the crate so that a
//! surface can advertise it (an MCP tool's output schema) and a client can validate
//! against the exact schema of the version it depends on.

/// The JSON Schema (draft 2020-12) of the envelope of contract version 1: what every
/// surface emits. The repository's `schemas/agent-error.schema.json` is a copy of it.
///
/// ```
/// let schema: serde_json::Value = serde_json::from_str(error_core::ENVELOPE_JSON_SCHEMA)?;
/// assert_eq!(schema["properties"]["contract_version"]["const"], 1);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub const ENVELOPE_JSON_SCHEMA: &str = include_str!("../schemas/agent-error.schema.json");
