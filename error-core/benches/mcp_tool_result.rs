//! The MCP surface's failing tool result against the same JSON built by hand with
//! rmcp's types: the envelope as a text block, as `structuredContent` and under the
//! `_meta` key, then serialized with `serde_json::to_vec` as rmcp writes it.
//!
//! - `envelope_*`: an envelope that is already built becomes the result;
//! - `agent_error_*`: a tool's error (a derived `AgentError`) becomes one, its
//!   envelope built on the way, as `?` in a tool does.
//!
//! Both sides write the same bytes (checked before the run).
//!
//! Run with `cargo bench -p error-core --features mcp --bench mcp_tool_result`.

use divan::{Bencher, black_box};
use error_core::mcp::{ENVELOPE_META_KEY, ToolError, tool_error_result};
use error_core::{AgentError, Envelope};
use rmcp::model::{CallToolResult, ContentBlock, MetaObject};

mod surface_error;

use surface_error::error;

/// What a server author writes without the surface, with rmcp's own types.
fn by_hand(envelope: &Envelope) -> CallToolResult {
    let text = serde_json::to_string(envelope).expect("an envelope serializes");
    let value = serde_json::to_value(envelope).expect("an envelope serializes");
    let mut meta = MetaObject::new();
    meta.0.insert(ENVELOPE_META_KEY.to_owned(), value.clone());
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.structured_content = Some(value);
    result.meta = Some(meta);
    result
}

fn main() {
    let envelope = error().envelope();
    let ours = serde_json::to_vec(&tool_error_result(&envelope)).unwrap();
    assert_eq!(ours, serde_json::to_vec(&by_hand(&envelope)).unwrap());
    let converted = ToolError::from(error()).to_call_tool_result();
    assert_eq!(serde_json::to_vec(&converted).unwrap(), ours);
    divan::main();
}

#[divan::bench]
fn envelope_tool_result(bencher: Bencher) {
    let envelope = error().envelope();
    bencher.bench(|| serde_json::to_vec(&tool_error_result(black_box(&envelope))));
}

#[divan::bench]
fn envelope_by_hand(bencher: Bencher) {
    let envelope = error().envelope();
    bencher.bench(|| serde_json::to_vec(&by_hand(black_box(&envelope))));
}

#[divan::bench]
fn agent_error_tool_result(bencher: Bencher) {
    bencher
        .with_inputs(error)
        .bench_values(|error| serde_json::to_vec(&ToolError::from(error).to_call_tool_result()));
}

#[divan::bench]
fn agent_error_by_hand(bencher: Bencher) {
    bencher
        .with_inputs(error)
        .bench_values(|error| serde_json::to_vec(&by_hand(&error.envelope())));
}
