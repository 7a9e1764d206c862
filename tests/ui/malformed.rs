//! Malformed kinds: a kind matches `^[a-z][a-z0-9_]*$`.
use error_core::AgentError;

#[derive(Debug, AgentError)]
enum UpstreamError {
    #[agent(kind = "Rate-Limited", message = "slow down")]
    RateLimited,
    #[agent(kind = "Timeout", message = "too slow")]
    Timeout,
    #[agent(kind = "vendor overloaded", message = "shedding load")]
    Overloaded,
    #[agent(kind = "9lives", message = "again")]
    Again,
    #[agent(kind = "", message = "nothing")]
    Empty,
}

fn main() {}
