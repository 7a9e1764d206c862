//! `transparent` passes exactly one field's envelope through, and takes nothing else.
use error_core::AgentError;

#[derive(Debug, AgentError)]
#[agent(kind = "timeout", message = "inner")]
struct Inner;

#[derive(Debug, AgentError)]
enum Wrapper {
    #[agent(transparent)]
    Two(Inner, Inner),
    #[agent(transparent)]
    None,
    #[agent(transparent, kind = "timeout", message = "x")]
    WithKind(Inner),
    #[agent(transparent)]
    WithField(#[agent(context = "tool")] Inner),
}

#[derive(Debug, AgentError)]
#[agent(transparent, origin = budget)]
struct Newtype(Inner);

fn main() {}
