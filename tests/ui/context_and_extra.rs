//! `context` names a context member of the contract; `extra` takes a free name.
use error_core::AgentError;

#[derive(Debug, AgentError)]
enum ToolError {
    #[agent(kind = "tool_error", message = "x")]
    Context {
        #[agent(context = "tol")]
        a: String,
        #[agent(context)]
        widget: String,
        #[agent(context = "upstream")]
        b: String,
        #[agent(context = "upstream")]
        c: String,
        #[agent(cause)]
        d: String,
        #[agent(context = "cause")]
        e: String,
    },
    #[agent(kind = "tool_error", message = "x")]
    Tuple(#[agent(context)] String, #[agent(extra)] u32),
    #[agent(kind = "tool_error", message = "x")]
    Extra {
        #[agent(extra)]
        kind: String,
        #[agent(extra = "tool")]
        f: String,
        #[agent(extra = "safety")]
        g: String,
        #[agent(extra = "Valid-Choices")]
        h: Vec<String>,
        #[agent(extra = "valid")]
        i: Vec<String>,
        #[agent(extra = "valid")]
        j: Vec<String>,
    },
}

fn main() {}
