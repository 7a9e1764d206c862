//! The demo gateway's tools over MCP (streamable HTTP, served at `/mcp` beside the
//! HTTP API), on rmcp with `error_core::mcp`.
//!
//! - `tools/list` gives every tool with the JSON Schema of its arguments and an
//!   output schema that admits the envelope beside the tool's own result.
//! - A tool that fails answers a tool result with `isError: true` and the envelope
//!   in the text block, `structuredContent` and `_meta`
//!   (`error_core::mcp::tool_error_result`).
//! - A call that never reaches a tool (an unknown tool; arguments that do not fit
//!   its parameters: `missing_param`, `invalid_param`) is a JSON-RPC error (-32602)
//!   with the envelope in `data` (`error_core::mcp::protocol_error`), as
//!   `error_core::mcp::call_tool` reports rmcp's own failures.
//!
//! Every envelope carries the same `service`, `action` and `tool` as on the HTTP
//! API and the command, so the same call fails with the same JSON everywhere.

use std::sync::Arc;

use error_core::mcp::{protocol_error, tool_error_result, with_envelope_output_schema};
use error_core::{CallContext, Envelope};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool as McpTool,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Map, Value};
use tokio_util::sync::CancellationToken;

use super::http_api::tool_call_context;
use super::tools::{CallFailure, TOOLS, Tool, call_tool};

/// The MCP server of the demo gateway: stateless, the tools are the same functions
/// the HTTP API and the command call.
#[derive(Clone, Copy, Debug, Default)]
pub struct DemoMcpServer;

/// The streamable HTTP service to mount at `/mcp`. Cancelling `stop` ends its
/// sessions, so that a graceful shutdown does not wait on open event streams.
#[must_use]
pub fn mcp_service(
    stop: CancellationToken,
) -> StreamableHttpService<DemoMcpServer, LocalSessionManager> {
    StreamableHttpService::new(
        || Ok(DemoMcpServer),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default()
            .with_sse_keep_alive(None)
            .with_cancellation_token(stop),
    )
}

/// A tool as MCP lists it.
fn listed(tool: &Tool) -> McpTool {
    let own_result = Map::from_iter([("type".to_owned(), Value::from("object"))]);
    with_envelope_output_schema(
        McpTool::new(tool.name, tool.shows, (tool.arguments_schema)())
            .with_raw_output_schema(Arc::new(own_result)),
    )
}

/// The envelope of a failed MCP call, with the context every surface stamps.
fn stamped(envelope: Envelope, tool: &str) -> Envelope {
    tool_call_context()
        .within(&CallContext::new().tool(tool.to_owned()))
        .stamp(envelope)
}

impl ServerHandler for DemoMcpServer {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build()).with_instructions(
            "The demo gateway of error-core: every failing tool answers the agent error envelope.",
        )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(
            TOOLS.iter().map(listed).collect(),
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let tool = request.name.as_ref();
        let arguments = Value::Object(request.arguments.clone().unwrap_or_default());
        match call_tool(tool, arguments) {
            Ok(result) => Ok(CallToolResult::structured(result).into()),
            // The call never reached a tool: an unknown name, arguments that do not
            // fit. Both are invalid params of `tools/call`.
            Err(failure @ CallFailure::Arguments(_)) => {
                Err(protocol_error(&stamped(failure.envelope(), tool)))
            }
            Err(failure) if !TOOLS.iter().any(|known| known.name == tool) => {
                Err(protocol_error(&stamped(failure.envelope(), tool)))
            }
            Err(failure) => Ok(tool_error_result(&stamped(failure.envelope(), tool)).into()),
        }
    }
}
