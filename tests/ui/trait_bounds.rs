//! What a field's type must implement is checked by rustc, through traits whose
//! messages say what to do, once per field, on the field's type (a boxed
//! `dyn Error` too: one error, not rustc's extra note that it is unsized).
use error_core::AgentError;

struct NotSerializable;

#[derive(Debug, AgentError)]
enum LimitError {
    #[agent(kind = "rate_limited", message = "x")]
    WrongWait {
        #[agent(retry_after_ms)]
        wait: String,
    },
    #[agent(kind = "rate_limited", message = "x")]
    WrongOptionalWait(#[agent(retry_after_ms)] Option<String>),
    #[agent(kind = "invalid_param", message = "x")]
    NotSerializable(#[agent(extra = "value")] NotSerializable),
    #[agent(transparent)]
    Io(std::io::Error),
    #[agent(transparent)]
    Boxed(Box<dyn std::error::Error + Send + Sync>),
}

impl std::fmt::Debug for NotSerializable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NotSerializable")
    }
}

fn main() {}
