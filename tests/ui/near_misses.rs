//! Attributes that are almost right: the message says what was meant.
use error_core::AgentError;

#[derive(Debug, AgentError)]
#[agent(kind = "timeout")]
enum Mistakes {
    #[agent(kind = "rate_limited", action = retry_later, message = "x")]
    ActionOutside,
    #[agent(kind = "rate_limited", recovery = retry_later, message = "x")]
    RecoveryValue,
    #[agent(kind = "rate_limited", origin = error_core::Origin::Budget, message = "x")]
    RustPath,
    #[agent(kind = "rate_limited", message = "x")]
    Unquoted {
        #[agent(context = tool)]
        tool: String,
    },
}

fn main() {}
