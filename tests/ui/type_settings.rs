//! The type's `service` and defaults apply to variants with a kind of their own; a
//! transparent variant passes its inner envelope through, `service` included. What
//! would be ignored or overwritten is an error.
use error_core::AgentError;

#[derive(Debug, AgentError)]
#[agent(kind = "timeout", message = "x")]
struct Inner;

#[derive(Debug, AgentError)]
#[agent(service = "search")]
enum Overwritten {
    #[agent(kind = "timeout", message = "x")]
    Slow {
        #[agent(context)]
        service: String,
    },
}

#[derive(Debug, AgentError)]
#[agent(service = "gateway", origin = runtime, side_effects = unknown)]
enum AllTransparent {
    #[agent(transparent)]
    Inner(Inner),
}

#[derive(Debug, AgentError)]
#[agent(transparent, service = "gateway")]
struct Wrapper(Inner);

fn main() {}
