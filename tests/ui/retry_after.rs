//! `retry_after_ms` is given once, on a kind that says to retry later (its type is
//! checked by a trait: `trait_bounds.rs`).
use std::time::Duration;

use error_core::AgentError;

#[derive(Debug, AgentError)]
enum LimitError {
    #[agent(kind = "rate_limited", message = "x")]
    Twice {
        #[agent(retry_after_ms)]
        first: u64,
        #[agent(retry_after_ms)]
        second: Duration,
    },
    #[agent(kind = "invalid_param", message = "x")]
    NotRetryLater {
        #[agent(retry_after_ms)]
        wait: Option<Duration>,
    },
}

fn main() {}
