//! One exact, versioned, machine-actionable error envelope for every service an AI
//! agent talks to.
//!
//! The [`Envelope`] is the contract's error object; the [`vocabulary`] holds every
//! stable kind with its classification and the retired kinds; [`sanitize`] cleans
//! text that an upstream controls before it reaches an envelope or a log.
//!
//! ```
//! use error_core::{Envelope, Origin, RecoveryAction};
//!
//! let envelope = Envelope::from_kind("missing_param", "`query` is required").with_tool("search");
//! assert_eq!(envelope.origin(), Origin::Validation);
//! assert_eq!(envelope.recovery().action, RecoveryAction::ReviseAndRetry);
//! println!("{}", serde_json::to_string_pretty(&envelope).unwrap());
//! ```

extern crate self as error_core;

mod agent_error;
pub mod arguments;
#[cfg(feature = "axum")]
pub mod axum;
mod call_context;
mod classification;
pub mod cli;
mod dispatch;
mod envelope;
mod internal_error;
mod log_record;
#[cfg(feature = "mcp")]
pub mod mcp;
mod recovery;
pub mod sanitize;
mod schema;
#[cfg(feature = "tracing")]
pub mod tracing;

/// The contract's vocabulary: every stable kind with its classification, the retired
/// kinds and the closed enums (the `error-vocabulary` crate, which the derive's
/// compile-time checks read too).
pub use error_vocabulary as vocabulary;

/// What `#[derive(AgentError)]` expands to calls; not a public API.
#[doc(hidden)]
#[path = "derive_support.rs"]
pub mod __private;

pub use agent_error::{AgentError, CatalogEntry};
pub use call_context::CallContext;
pub use dispatch::{DispatchError, SdkError};
pub use envelope::{
    Envelope, KindError, MAX_CAUSE_CHARS, MAX_CONTEXT_CHARS, MAX_MESSAGE_CHARS,
    MAX_ORIGINAL_KIND_CHARS,
};
#[cfg(feature = "derive")]
pub use error_derive::AgentError;
pub use internal_error::InternalError;
pub use log_record::LogRecord;
pub use recovery::{Recovery, duration_to_millis};
pub use schema::ENVELOPE_JSON_SCHEMA;
pub use vocabulary::{
    CONTRACT_VERSION, Classification, ContextMember, LogLevel, Origin, RecoveryAction,
    RemovedFeature, RetiredKind, SameArguments, SideEffects, StableKind, UnknownValue,
};
