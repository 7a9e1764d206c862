//! The demo gateway's HTTP JSON API.
//!
//! | route | what it does |
//! |---|---|
//! | `GET /` | the tools, with a `curl` line for each |
//! | `POST /v1/tools/{tool}` | calls a tool with the JSON body as its arguments |
//! | `GET /v1/search?query=..&limit=..` | `search`, with its arguments in the query string |
//! | `/mcp` | the same tools over MCP (streamable HTTP, [`super::mcp_server`]) |
//!
//! Every failure is an envelope: the tools' errors, axum's rejections (a body that
//! is not JSON, a missing query parameter), unknown routes and wrong methods.

use std::future::Future;
use std::io;

use axum::Router;
use axum::routing::{get, post};
use error_core::CallContext;
use error_core::axum::{HttpError, Json, Path, Query, envelope_fallbacks};
use serde_json::{Value, json};
use tokio::net::TcpListener;
use tokio_util::sync::CancellationToken;

use super::mcp_server::mcp_service;
use super::tools::{SearchArguments, TOOLS, call_tool, search};

/// The service name stamped on errors that do not name their own.
pub const SERVICE: &str = "demo-gateway";

/// The context every error of `POST /v1/tools/{tool}` carries (plus the tool).
#[must_use]
pub fn tool_call_context() -> CallContext {
    CallContext::new().service(SERVICE).action("call_tool")
}

/// The whole service: the HTTP API, MCP at `/mcp` (its sessions end when
/// `mcp_stop` is cancelled), and envelopes for unknown routes and methods.
pub fn router(mcp_stop: CancellationToken) -> Router {
    envelope_fallbacks(api_routes().nest_service("/mcp", mcp_service(mcp_stop)))
}

/// The HTTP API's routes, each with its call context.
pub fn api_routes() -> Router {
    Router::new()
        .route("/", get(index))
        .route(
            "/v1/tools/{tool}",
            post(call).route_layer(CallContext::new().action("call_tool")),
        )
        .route(
            "/v1/search",
            get(search_by_query).route_layer(CallContext::new().action("search").tool("search")),
        )
        .layer(CallContext::new().service(SERVICE))
}

/// Serves [`router`] on `listener` until `shutdown` completes.
///
/// # Errors
/// The listener failed.
pub async fn serve(
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let mcp_stop = CancellationToken::new();
    axum::serve(listener, router(mcp_stop.clone()))
        .with_graceful_shutdown(async move {
            shutdown.await;
            mcp_stop.cancel();
        })
        .await
}

async fn call(
    Path(tool): Path<String>,
    Json(arguments): Json<Value>,
) -> Result<axum::Json<Value>, HttpError> {
    call_tool(&tool, arguments)
        .map(axum::Json)
        .map_err(|failure| HttpError::from(failure).with_context(&CallContext::new().tool(tool)))
}

async fn search_by_query(
    Query(arguments): Query<SearchArguments>,
) -> Result<axum::Json<Value>, HttpError> {
    search(arguments).map(axum::Json).map_err(HttpError::from)
}

/// The index lists the tools with a `curl` line each; the `Host` the caller used
/// makes the lines copy-paste ready.
async fn index(headers: axum::http::HeaderMap) -> axum::Json<Value> {
    let host = headers
        .get(axum::http::header::HOST)
        .and_then(|host| host.to_str().ok())
        .unwrap_or("127.0.0.1:8080");
    let base = format!("http://{host}");
    let tools: Vec<Value> = TOOLS
        .iter()
        .map(|tool| {
            json!({
                "name": tool.name,
                "shows": tool.shows,
                "try": curl_line(&base, tool.name, tool.example_arguments),
            })
        })
        .collect();
    axum::Json(json!({
        "service": SERVICE,
        "call": "POST /v1/tools/{tool} with the arguments as a JSON object",
        "mcp": format!("{base}/mcp (streamable HTTP)"),
        "tools": tools,
    }))
}

/// A complete `curl` command that calls `tool` at `base` with `arguments`.
#[must_use]
pub fn curl_line(base: &str, tool: &str, arguments: &str) -> String {
    format!(
        "curl -i -X POST {base}/v1/tools/{tool} -H 'content-type: application/json' -d '{arguments}'"
    )
}
