//! Three subsystems, each with its own error enum deriving `AgentError`, and the
//! application's error that wraps them with `transparent`: the shape of a real
//! service that talks to agents. The [`service`] puts them behind an HTTP API and a
//! command (the `demo` binary).
//!
//! ```
//! use error_core::AgentError;
//! use examples::{AppError, GatewayError};
//!
//! let error = AppError::from(GatewayError::UnknownTool {
//!     tool: "serach".into(),
//!     available: vec!["search".into()],
//! });
//! let envelope = error.envelope();
//! assert_eq!(envelope.kind(), "unknown_tool");
//! assert_eq!(envelope.extra("valid").unwrap()[0], "search");
//! ```

use error_core::{AgentError, DispatchError};

pub mod auth;
pub mod gateway;
pub mod sandbox;
pub mod service;

pub use auth::AuthError;
pub use gateway::GatewayError;
pub use sandbox::SandboxError;

/// Every error the application can return to an agent. Each subsystem keeps its
/// own kinds, classification and context: the wrapper adds nothing.
#[derive(Debug, thiserror::Error, AgentError)]
pub enum AppError {
    /// The gateway in front of the upstream tools.
    #[error(transparent)]
    #[agent(transparent)]
    Gateway(#[from] GatewayError),
    /// The code sandbox.
    #[error(transparent)]
    #[agent(transparent)]
    Sandbox(#[from] SandboxError),
    /// Authentication and authorization.
    #[error(transparent)]
    #[agent(transparent)]
    Auth(#[from] AuthError),
    /// The dispatcher, from error-core.
    #[error(transparent)]
    #[agent(transparent)]
    Dispatch(#[from] DispatchError),
}
