//! The error the surface benchmarks turn into a response or a tool result: a
//! derived `rate_limited` with an upstream (a context member) and a wait.

use std::time::Duration;

/// A search subsystem's error, as a user derives it.
#[derive(Debug, thiserror::Error, error_core::AgentError)]
#[agent(service = "search")]
pub enum SearchError {
    /// The upstream asked for a pause.
    #[error("`{upstream}` is rate limiting the search")]
    #[agent(kind = "rate_limited")]
    RateLimited {
        /// The upstream.
        #[agent(context)]
        upstream: String,
        /// Its wait.
        #[agent(retry_after_ms)]
        retry_after: Duration,
    },
}

/// The error every surface benchmark measures.
pub fn error() -> SearchError {
    SearchError::RateLimited {
        upstream: "github".into(),
        retry_after: Duration::from_millis(1500),
    }
}
