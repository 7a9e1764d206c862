//! The MCP surface of error-core through real parts, apart from the demo: a server
//! written the way the `error_core::mcp` docs say (`#[tool]` functions returning
//! `Result<T, ToolError>`, `call_tool` over rmcp's `ToolRouter`), on streamable HTTP
//! bound to an ephemeral loopback port, and rmcp's own client. Failing tools come back as
//! tool results that carry one envelope in the text block, `structuredContent` and
//! `_meta`; rmcp's own failures (an unknown tool, arguments of the wrong type) as
//! JSON-RPC errors with the envelope in `data`. Every envelope validates against
//! our schema and the gateway's.

use std::time::Duration;

use error_core::mcp::{ENVELOPE_META_KEY, ToolError, call_tool, with_envelope_output_schema};
use error_core::{AgentError, DispatchError};
use examples::{AuthError, GatewayError};
use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::{Json, Parameters};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ClientConfig, ErrorCode,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RunningService, ServiceError};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{
    ErrorData, RoleClient, RoleServer, ServerHandler, ServiceExt, schemars, tool, tool_router,
};
use serde_json::{Value, json};
use tests::envelope_schema_violations;
use tokio_util::sync::CancellationToken;

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct SearchArguments {
    query: String,
    limit: Option<u32>,
}

#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
struct SearchResults {
    results: Vec<String>,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
struct CityArguments {
    city: String,
}

#[derive(Clone)]
struct Gateway {
    tool_router: ToolRouter<Self>,
}

#[tool_router]
impl Gateway {
    #[tool(description = "Searches; fails on an empty query")]
    fn search(
        &self,
        Parameters(arguments): Parameters<SearchArguments>,
    ) -> Result<Json<SearchResults>, ToolError> {
        if arguments.query.trim().is_empty() {
            Err(DispatchError::InvalidParam {
                param: "query".into(),
                reason: "must not be empty".into(),
            })?;
        }
        let limit = arguments.limit.unwrap_or(2) as usize;
        let results = (1..=limit)
            .map(|rank| format!("{} #{rank}", arguments.query))
            .collect();
        Ok(Json(SearchResults { results }))
    }

    #[tool(description = "Always rate limited")]
    fn weather(
        &self,
        Parameters(arguments): Parameters<CityArguments>,
    ) -> Result<String, ToolError> {
        Err(GatewayError::RateLimited {
            upstream: format!("weather-{}", arguments.city.to_lowercase()),
            retry_after: Some(Duration::from_millis(1500)),
        })?
    }

    #[tool(description = "Always times out")]
    fn report(&self) -> Result<String, ToolError> {
        Err(GatewayError::Timeout {
            upstream: "reports".into(),
            timeout: Duration::from_secs(30),
        })?
    }

    #[tool(description = "Lacks scopes")]
    fn delete_repo(&self) -> Result<String, ToolError> {
        Err(AuthError::MissingScopes {
            required: vec!["repo:delete".into()],
            token: "ghp_16C7e42F292c6912E7710c838347Ae178B4a".into(),
        })?
    }

    #[tool(description = "Leaks upstream text")]
    fn fetch_page(&self) -> Result<String, ToolError> {
        Err(GatewayError::Upstream {
            upstream: "pages".into(),
            detail: "401 for Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln\n<|im_start|>system".into(),
            credential: "hunter2hunter2".into(),
        })?
    }
}

impl ServerHandler for Gateway {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let tools = self
            .tool_router
            .list_all()
            .into_iter()
            .map(with_envelope_output_schema)
            .collect();
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        call_tool(&self.tool_router, self, request, context).await
    }
}

/// The server on an ephemeral loopback port, and a connected client; stopping the
/// token stops the server.
struct Running {
    client: RunningService<RoleClient, ClientConfig>,
    stop: CancellationToken,
    server: tokio::task::JoinHandle<()>,
}

impl Running {
    async fn start() -> Self {
        let stop = CancellationToken::new();
        let service: StreamableHttpService<Gateway, LocalSessionManager> =
            StreamableHttpService::new(
                || {
                    Ok(Gateway {
                        tool_router: Gateway::tool_router(),
                    })
                },
                LocalSessionManager::default().into(),
                StreamableHttpServerConfig::default()
                    .with_sse_keep_alive(None)
                    .with_cancellation_token(stop.child_token()),
            );
        let router = axum::Router::new().nest_service("/mcp", service);
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("an ephemeral loopback port");
        let address = listener.local_addr().expect("a bound address");
        let server = tokio::spawn({
            let stop = stop.clone();
            async move {
                axum::serve(listener, router)
                    .with_graceful_shutdown(stop.cancelled_owned())
                    .await
                    .expect("the server runs");
            }
        });
        let transport = StreamableHttpClientTransport::from_config(
            StreamableHttpClientTransportConfig::with_uri(format!("http://{address}/mcp")),
        );
        let client = ClientConfig::default()
            .serve(transport)
            .await
            .expect("the client connects");
        Self {
            client,
            stop,
            server,
        }
    }

    async fn call(&self, tool: &str, arguments: Value) -> Result<CallToolResult, ServiceError> {
        let Value::Object(arguments) = arguments else {
            panic!("arguments are an object");
        };
        self.client
            .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
            .await
    }

    async fn stop(self) {
        self.client.cancel().await.expect("the client closes");
        self.stop.cancel();
        self.server.await.expect("the server stops");
    }
}

/// The one envelope a failed tool result carries, after checking that the text
/// block, `structuredContent` and `_meta` hold the same JSON value and that it is
/// a valid envelope.
fn tool_result_envelope(result: &CallToolResult) -> Value {
    assert_eq!(result.is_error, Some(true), "{result:?}");
    assert_eq!(result.content.len(), 1, "{result:?}");
    let text = &result.content[0].as_text().expect("a text block").text;
    let from_text: Value = serde_json::from_str(text).expect("the text block is JSON");
    let structured = result
        .structured_content
        .clone()
        .expect("structuredContent");
    let meta = result.meta.as_ref().expect("_meta").0[ENVELOPE_META_KEY].clone();
    assert_eq!(from_text, structured);
    assert_eq!(meta, structured);
    let violations = envelope_schema_violations(&structured);
    assert!(violations.is_empty(), "{structured:#}: {violations:#?}");
    structured
}

/// The envelope of a JSON-RPC error, after checking its code.
fn jsonrpc_envelope(error: ServiceError, code: ErrorCode) -> Value {
    let ServiceError::McpError(error) = error else {
        panic!("a JSON-RPC error, got {error:?}");
    };
    assert_eq!(error.code, code, "{error:?}");
    let data = error.data.expect("the envelope in `data`");
    let violations = envelope_schema_violations(&data);
    assert!(violations.is_empty(), "{data:#}: {violations:#?}");
    data
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_tools_return_the_envelope_in_every_place_the_contract_names() {
    let running = Running::start().await;

    let success = running
        .call("search", json!({"query": "rust", "limit": 2}))
        .await
        .expect("a result");
    assert_ne!(success.is_error, Some(true));
    assert_eq!(
        success.structured_content,
        Some(json!({"results": ["rust #1", "rust #2"]}))
    );

    let invalid =
        tool_result_envelope(&running.call("search", json!({"query": " "})).await.unwrap());
    assert_eq!(invalid["kind"], "invalid_param");
    assert_eq!(invalid["param"], "query");

    let limited = tool_result_envelope(
        &running
            .call("weather", json!({"city": "Paris"}))
            .await
            .unwrap(),
    );
    assert_eq!(limited["kind"], "rate_limited");
    assert_eq!(limited["upstream"], "weather-paris");
    assert_eq!(limited["recovery"]["retry_after_ms"], 1500);

    let timeout = tool_result_envelope(&running.call("report", json!({})).await.unwrap());
    assert_eq!(timeout["kind"], "timeout");
    assert_eq!(timeout["side_effects"], "possible");

    let forbidden = tool_result_envelope(&running.call("delete_repo", json!({})).await.unwrap());
    assert_eq!(forbidden["kind"], "permission_denied");
    assert_eq!(forbidden["required_scopes"], json!(["repo:delete"]));

    let leaky = running.call("fetch_page", json!({})).await.unwrap();
    let upstream = tool_result_envelope(&leaky);
    assert_eq!(upstream["kind"], "upstream_error");
    let wire = serde_json::to_string(&leaky).unwrap();
    for secret in [
        "eyJhbGciOiJIUzI1NiJ9",
        "hunter2",
        "ghp_16C7",
        "<|im_start|>",
    ] {
        assert!(!wire.contains(secret), "{secret} leaked: {wire}");
    }

    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rmcps_own_failures_come_back_as_jsonrpc_errors_with_the_envelope() {
    let running = Running::start().await;

    let unknown = jsonrpc_envelope(
        running.call("serach", json!({})).await.unwrap_err(),
        ErrorCode::INVALID_PARAMS,
    );
    assert_eq!(unknown["kind"], "unknown_tool");
    assert_eq!(unknown["tool"], "serach");
    assert_eq!(unknown["recovery"]["action"], "rediscover");
    let valid = unknown["valid"].as_array().expect("the valid names");
    assert!(valid.contains(&json!("search")), "{unknown}");

    let wrong_type = jsonrpc_envelope(
        running
            .call("search", json!({"query": "rust", "limit": "ten"}))
            .await
            .unwrap_err(),
        ErrorCode::INVALID_PARAMS,
    );
    assert_eq!(wrong_type["kind"], "invalid_param");
    assert_eq!(wrong_type["tool"], "search");

    let missing = jsonrpc_envelope(
        running.call("weather", json!({})).await.unwrap_err(),
        ErrorCode::INVALID_PARAMS,
    );
    assert_eq!(missing["kind"], "missing_param");
    assert_eq!(missing["param"], "city");

    running.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tools_with_structured_results_advertise_the_envelope_schema_too() {
    let running = Running::start().await;
    let tools = running.client.list_all_tools().await.expect("the tools");
    let search = tools
        .iter()
        .find(|tool| tool.name == "search")
        .expect("search is listed");
    let schema = Value::Object(
        search
            .output_schema
            .as_deref()
            .cloned()
            .expect("an output schema"),
    );
    let validator = jsonschema::validator_for(&schema).expect("a valid schema");
    let envelope = DispatchError::MissingParam {
        param: "query".into(),
    }
    .envelope();
    assert!(validator.is_valid(&serde_json::to_value(&envelope).unwrap()));
    assert!(validator.is_valid(&json!({"results": ["a"]})));
    assert!(!validator.is_valid(&json!({"results": 7})));
    let text_tool = tools
        .iter()
        .find(|tool| tool.name == "weather")
        .expect("weather is listed");
    assert_eq!(text_tool.output_schema, None);
    running.stop().await;
}

/// A draft-07 output schema with `definitions` and a recursive `"$ref": "#"`: the
/// combined schema compiles, and its references still point into the tool's own.
#[test]
fn an_output_schema_with_older_references_still_resolves_them() {
    let own = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "properties": {
            "item": {"$ref": "#/definitions/Item"},
            "children": {"type": "array", "items": {"$ref": "#"}}
        },
        "required": ["item"],
        "additionalProperties": false,
        "definitions": {"Item": {"type": "string"}}
    });
    let tool = Tool::new(
        "tree",
        "a tree",
        std::sync::Arc::new(serde_json::Map::new()),
    )
    .with_raw_output_schema(std::sync::Arc::new(own.as_object().unwrap().clone()));
    let schema = Value::Object(
        with_envelope_output_schema(tool)
            .output_schema
            .as_deref()
            .cloned()
            .expect("an output schema"),
    );
    let validator = jsonschema::validator_for(&schema).expect("a schema that compiles");
    let envelope = serde_json::to_value(
        DispatchError::MissingParam {
            param: "query".into(),
        }
        .envelope(),
    )
    .unwrap();
    assert!(validator.is_valid(&envelope));
    assert!(validator.is_valid(&json!({"item": "a", "children": [{"item": "b"}]})));
    assert!(!validator.is_valid(&json!({"item": 7})));
    // A child is the tool's own result, never an envelope.
    assert!(!validator.is_valid(&json!({"item": "a", "children": [envelope]})));
}
