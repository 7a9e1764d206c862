//! Each key is legal at one level, and given once.
use error_core::AgentError;

#[derive(Debug, AgentError)]
#[agent(kind = "timeout", context = "tool")]
enum Levels {
    #[agent(kind = "timeout", service = "search", retry_after_ms, message = "x")]
    Variant {
        #[agent(origin = budget, message = "y")]
        field: u64,
    },
}

#[derive(Debug, AgentError)]
#[agent(service = "a")]
#[agent(service = "b")]
enum Duplicates {
    #[agent(kind = "timeout", origin = budget, origin = runtime, message = "x")]
    #[agent(kind = "rate_limited")]
    Twice,
    #[agent(kind = "timeout", recovery(action = retry_later), recovery(action = do_not_retry), message = "x")]
    Recovery {
        #[agent(context, context = "tool")]
        tool: String,
    },
}

#[derive(AgentError)]
union Raw {
    a: u32,
}

fn main() {}
