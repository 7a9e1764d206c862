//! `retry_after_ms` takes a duration-like field, once, on a kind that says to retry
//! later.
use std::time::Duration;

use error_core::AgentError;

#[derive(Debug, AgentError)]
enum LimitError {
    #[agent(kind = "rate_limited", message = "x")]
    WrongType {
        #[agent(retry_after_ms)]
        wait: String,
        #[agent(retry_after_ms)]
        other: Option<String>,
    },
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
