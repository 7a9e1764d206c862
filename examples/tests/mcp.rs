//! The demo gateway over MCP, with rmcp's own client on streamable HTTP at `/mcp`
//! of the running service: every failing tool answers a tool result whose text
//! block, `structuredContent` and `_meta` hold one envelope; an unknown tool is a
//! JSON-RPC error with the envelope in `data`; and for the same call, every place
//! on every surface (HTTP body, MCP text, `structuredContent`, `_meta`, JSON-RPC
//! `data`, the command's `error` member) holds the same JSON.

mod common;

use std::process::Command;

use common::{RunningDemo, call_tool, client, valid_envelope};
use error_core::mcp::ENVELOPE_META_KEY;
use rmcp::model::{CallToolRequestParams, CallToolResult, ClientConfig, ErrorCode};
use rmcp::service::{RunningService, ServiceError};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::{RoleClient, ServiceExt as _};
use serde_json::{Value, json};

/// The running demo and an MCP client connected to its `/mcp`.
struct Connected {
    demo: RunningDemo,
    client: RunningService<RoleClient, ClientConfig>,
}

impl Connected {
    async fn start() -> Self {
        let demo = RunningDemo::start().await;
        let transport = StreamableHttpClientTransport::from_config(
            StreamableHttpClientTransportConfig::with_uri(demo.url("/mcp")),
        );
        let client = ClientConfig::default()
            .serve(transport)
            .await
            .expect("the MCP client connects");
        Self { demo, client }
    }

    async fn call(&self, tool: &str, arguments: &str) -> Result<CallToolResult, ServiceError> {
        let Ok(Value::Object(arguments)) = serde_json::from_str(arguments) else {
            panic!("arguments are a JSON object: {arguments}");
        };
        self.client
            .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
            .await
    }

    async fn stop(self) {
        self.client.cancel().await.expect("the client closes");
        self.demo.stop().await;
    }
}

/// The envelope of a failed tool result, after checking that the text block is
/// it, and that `structuredContent` and `_meta` hold the same JSON value.
fn tool_result_envelope(result: &CallToolResult) -> (String, Value) {
    assert_eq!(result.is_error, Some(true), "{result:?}");
    assert_eq!(result.content.len(), 1, "{result:?}");
    let text = result.content[0]
        .as_text()
        .expect("a text block")
        .text
        .clone();
    let envelope = valid_envelope(text.as_bytes());
    assert_eq!(result.structured_content.as_ref(), Some(&envelope));
    let meta = &result.meta.as_ref().expect("_meta").0[ENVELOPE_META_KEY];
    assert_eq!(meta, &envelope);
    (text, envelope)
}

/// The calls that fail in a tool, with the kind each must answer.
const FAILURES: &[(&str, &str, &str)] = &[
    (
        "search",
        r#"{"query": "rust", "limit": 500}"#,
        "invalid_param",
    ),
    ("weather", r#"{"city": "Paris"}"#, "rate_limited"),
    ("report", "{}", "timeout"),
    ("delete_repo", r#"{"repo": "a/b"}"#, "confirmation_required"),
    (
        "delete_repo",
        r#"{"repo": "a/b", "confirm": true}"#,
        "forbidden",
    ),
    ("stats", "{}", "internal_error"),
    (
        "fetch_page",
        r#"{"url": "https://example.com"}"#,
        "upstream_error",
    ),
    ("drive_export", r#"{"file": "x"}"#, "oauth_needs_reauth"),
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_are_listed_with_their_schemas_and_the_envelope_s() {
    let connected = Connected::start().await;
    let tools = connected.client.list_all_tools().await.expect("the tools");
    let names: Vec<&str> = tools.iter().map(|tool| tool.name.as_ref()).collect();
    for expected in [
        "search",
        "weather",
        "report",
        "delete_repo",
        "stats",
        "fetch_page",
    ] {
        assert!(names.contains(&expected), "{names:?}");
    }
    for tool in &tools {
        let output = tool.output_schema.as_ref().expect("an output schema");
        assert_eq!(
            output["anyOf"][1]["required"][0], "contract_version",
            "{}",
            tool.name
        );
    }
    let search = tools.iter().find(|tool| tool.name == "search").unwrap();
    assert_eq!(search.input_schema["required"], json!(["query"]));
    connected.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_tools_answer_the_envelope_in_every_place_the_contract_names() {
    let connected = Connected::start().await;
    let success = connected
        .call("search", r#"{"query": "rust", "limit": 2}"#)
        .await
        .expect("a result");
    assert_ne!(success.is_error, Some(true));
    assert_eq!(
        success
            .structured_content
            .as_ref()
            .map(|result| result["results"].as_array().map(Vec::len)),
        Some(Some(2))
    );
    for &(tool, arguments, kind) in FAILURES {
        let result = connected
            .call(tool, arguments)
            .await
            .expect("a tool result");
        let (_, envelope) = tool_result_envelope(&result);
        assert_eq!(envelope["kind"], kind, "{tool} {arguments}");
        assert_eq!(envelope["tool"], tool);
    }
    let leaky = connected
        .call("fetch_page", r#"{"url": "https://example.com"}"#)
        .await
        .unwrap();
    let wire = serde_json::to_string(&leaky).unwrap();
    for secret in [
        examples::service::tools::PLANTED_UPSTREAM_TOKEN,
        "sk_live_",
        "<|im_start|>",
    ] {
        assert!(!wire.contains(secret), "`{secret}` leaked: {wire}");
    }
    connected.stop().await;
}

/// The calls that never reach a tool, with the kind each must answer.
const UNREACHED: &[(&str, &str, &str)] = &[
    ("serach", "{}", "unknown_tool"),
    ("search", r#"{"limit": 2}"#, "missing_param"),
    (
        "search",
        r#"{"query": "rust", "limit": "two"}"#,
        "invalid_param",
    ),
    ("weather", "{}", "missing_param"),
];

/// The envelope in the `data` of the JSON-RPC error a call answered.
fn jsonrpc_envelope(outcome: Result<CallToolResult, ServiceError>) -> Value {
    let error = outcome.expect_err("a JSON-RPC error");
    let ServiceError::McpError(error) = error else {
        panic!("a JSON-RPC error, got {error:?}");
    };
    assert_eq!(error.code, ErrorCode::INVALID_PARAMS);
    let data = error.data.expect("the envelope in `data`");
    valid_envelope(&serde_json::to_vec(&data).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_tool_or_arguments_that_do_not_fit_are_jsonrpc_errors_with_the_envelope() {
    let connected = Connected::start().await;
    for &(tool, arguments, kind) in UNREACHED {
        let envelope = jsonrpc_envelope(connected.call(tool, arguments).await);
        assert_eq!(envelope["kind"], kind, "{tool} {arguments}");
        assert_eq!(envelope["tool"], tool);
    }
    let unknown = jsonrpc_envelope(connected.call("serach", "{}").await);
    let valid = unknown["valid"].as_array().expect("the valid names");
    assert!(valid.contains(&json!("weather")), "{unknown}");
    let mistyped = jsonrpc_envelope(
        connected
            .call("search", r#"{"query": "x", "limit": "two"}"#)
            .await,
    );
    assert_eq!(mistyped["param"], "limit");
    connected.stop().await;
}

/// The command's `error` member, as written.
fn cli_error(tool: &str, arguments: &str) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_demo"))
        .args(["call", tool, "--json", arguments])
        .output()
        .expect("the demo binary runs");
    let line: Value = serde_json::from_slice(&output.stderr).expect("a JSON line on stderr");
    serde_json::to_string(&line["error"]).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_same_call_fails_with_the_same_json_on_every_surface() {
    let connected = Connected::start().await;
    let http = client();
    for &(tool, arguments, _) in FAILURES {
        let body = call_tool(&connected.demo, &http, tool, arguments)
            .await
            .body;
        let result = connected
            .call(tool, arguments)
            .await
            .expect("a tool result");
        let (text, envelope) = tool_result_envelope(&result);
        assert_eq!(
            text.as_bytes(),
            body,
            "the MCP text block is the HTTP body: {tool}"
        );
        let from_cli: Value = serde_json::from_str(&cli_error(tool, arguments)).unwrap();
        assert_eq!(from_cli, envelope, "{tool} {arguments}");
    }
    for &(tool, arguments, _) in UNREACHED {
        let body = call_tool(&connected.demo, &http, tool, arguments)
            .await
            .body;
        let data = jsonrpc_envelope(connected.call(tool, arguments).await);
        let from_body: Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(from_body, data, "{tool} {arguments}");
        let from_cli: Value = serde_json::from_str(&cli_error(tool, arguments)).unwrap();
        assert_eq!(from_cli, data, "{tool} {arguments}");
    }
    drop(http);
    connected.stop().await;
}
