//! Retired kinds: each names the feature it died with and the kind to use instead.
use error_core::AgentError;

#[derive(Debug, AgentError)]
enum SandboxError {
    #[agent(kind = "code_mode_timeout", message = "the script ran too long")]
    Timeout,
    #[agent(kind = "tool_call_limit_exceeded", message = "too many calls")]
    TooManyCalls,
    #[agent(kind = "already_resumed", message = "resumed twice")]
    AlreadyResumed,
}

#[derive(Debug, AgentError)]
#[agent(kind = "build_failed", message = "the build failed")]
struct DeployError;

fn main() {}
