//! A field named like a secret, without an attribute, that the message shows: a
//! warning (made an error here) on the field.
#![deny(deprecated)]
use error_core::AgentError;

#[derive(Debug, AgentError)]
enum LoginError {
    #[agent(kind = "auth_failed", message = "key `{api_key}` was refused")]
    Refused { api_key: String },
}

#[derive(Debug, thiserror::Error, AgentError)]
#[error("login as {user} with {password} failed")]
#[agent(kind = "auth_failed")]
struct Failed {
    user: String,
    password: String,
}

// thiserror's arguments after the format string show a field too; its length
// is no secret.
#[derive(Debug, thiserror::Error, AgentError)]
enum Rejected {
    #[error("login failed with {}", .password)]
    #[agent(kind = "auth_failed")]
    Shown { password: String },
    #[error("token of {} bytes refused", .token.len())]
    #[agent(kind = "auth_failed")]
    Measured { token: String },
}

fn main() {}
