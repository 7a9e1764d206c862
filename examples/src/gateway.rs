//! The gateway: routes tool calls to upstream MCP servers.

use std::time::Duration;

use error_core::AgentError;

/// What goes wrong between the gateway and its upstreams.
#[derive(Debug, thiserror::Error, AgentError)]
#[agent(service = "gateway")]
pub enum GatewayError {
    /// No upstream offers the tool.
    #[error("no upstream offers a tool named `{tool}`")]
    #[agent(kind = "unknown_tool")]
    UnknownTool {
        /// The tool that was called.
        #[agent(context)]
        tool: String,
        /// The tools that exist, as the `valid` member.
        #[agent(extra = "valid")]
        available: Vec<String>,
    },
    /// The upstream did not answer in time.
    #[error("`{upstream}` did not answer within {} ms", timeout.as_millis())]
    #[agent(kind = "timeout")]
    Timeout {
        /// The upstream.
        #[agent(context)]
        upstream: String,
        /// How long the gateway waited.
        timeout: Duration,
    },
    /// The upstream asked us to slow down.
    #[error("`{upstream}` is rate limiting the gateway")]
    #[agent(kind = "rate_limited")]
    RateLimited {
        /// The upstream.
        #[agent(context)]
        upstream: String,
        /// Its `Retry-After`, when it sent one.
        #[agent(retry_after_ms)]
        retry_after: Option<Duration>,
    },
    /// The upstream answered with something that is not a result.
    #[error("`{upstream}` failed")]
    #[agent(kind = "upstream_error")]
    Upstream {
        /// The upstream.
        #[agent(context)]
        upstream: String,
        /// What it said: upstream text, so sanitized and capped in the envelope.
        #[agent(cause)]
        detail: String,
        /// The credential the gateway used. No attribute: it never reaches an envelope.
        credential: String,
    },
}
