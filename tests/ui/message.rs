//! `message` placeholders name fields; braces are doubled to be literal; text that
//! is required is not empty. Without `message`, the type's `Display` is the message.
use error_core::AgentError;

#[derive(Debug, AgentError)]
enum MessageError {
    #[agent(kind = "invalid_param", message = "bad `{parm}`")]
    Typo { param: String },
    #[agent(kind = "invalid_param", message = "bad `{}`")]
    Positional(String),
    #[agent(kind = "invalid_param", message = "bad {nothing}")]
    NoFields,
    #[agent(kind = "invalid_param", message = "a } brace")]
    Unmatched,
    #[agent(kind = "invalid_param", message = "a { brace")]
    Unclosed,
    #[agent(kind = "invalid_param", message = "")]
    Empty,
    #[agent(kind = "invalid_param", recovery(guidance = " "), message = "x")]
    EmptyGuidance,
    // Characters that are never drawn say nothing either.
    #[agent(kind = "invalid_param", message = "\u{200b}\u{feff}")]
    Invisible,
    #[agent(kind = "invalid_param", message = "{other}")]
    Listed { first: u8, second: u8 },
}

#[derive(Debug, AgentError)]
#[agent(service = "", kind = "timeout", message = "x")]
struct EmptyService;

// No `message` and no `Display`: one error, on the type's name.
#[derive(Debug, AgentError)]
enum NoDisplay {
    #[agent(kind = "timeout")]
    A,
    #[agent(kind = "timeout")]
    B,
}

fn main() {}
