//! Errors that are not `AgentError`s: a `Box<dyn Error>`, an `anyhow::Error`, an
//! I/O error that reached the edge of a service unclassified.
//!
//! Nothing is known about them but their text, so they are reported as
//! `internal_error` (inspect and escalate). The wire gets the sanitized top-level
//! message; the source chain, which tends to hold hosts, paths and connection
//! strings, goes to the operator's log only, sanitized to one line.
//!
//! ```
//! use error_core::InternalError;
//!
//! let io = std::io::Error::other("connecting to postgres://app:hunter2@db/app");
//! let error = InternalError::new(&std::io::Error::other(Wrapped(io)));
//! assert_eq!(error.envelope().kind(), "internal_error");
//! assert_eq!(error.envelope().message(), "the report store failed");
//! assert_eq!(
//!     error.source_chain(),
//!     Some("the report store failed: connecting to postgres://app:[REDACTED]@db/app"),
//! );
//!
//! #[derive(Debug)]
//! struct Wrapped(std::io::Error);
//! impl std::fmt::Display for Wrapped {
//!     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
//!         f.write_str("the report store failed")
//!     }
//! }
//! impl std::error::Error for Wrapped {
//!     fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
//!         Some(&self.0)
//!     }
//! }
//! ```

use std::error::Error;
use std::fmt::Write as _;

use crate::sanitize::sanitize_single_line;
use crate::{Envelope, MAX_CAUSE_CHARS};

/// An error that is not an `AgentError`, reported as `internal_error`.
#[derive(Clone, Debug, PartialEq)]
pub struct InternalError {
    envelope: Envelope,
    source_chain: Option<String>,
}

impl InternalError {
    /// Reports `error`: its top-level message (sanitized) goes into the envelope;
    /// the messages of the error and of its sources, joined with `": "` and
    /// sanitized to one line, are kept for the log when there is more than one.
    #[must_use]
    pub fn new(error: &(dyn Error + 'static)) -> Self {
        Self::from_messages(std::iter::successors(Some(error), |&error| error.source()))
    }

    /// Like [`InternalError::new`], for a chain given as its errors, outermost
    /// first (the error's sources, or an `anyhow::Error`'s `chain()`).
    fn from_messages<'a>(chain: impl Iterator<Item = &'a (dyn Error + 'static)>) -> Self {
        let mut text = String::new();
        let mut links = 0_usize;
        let mut top_level = String::new();
        for error in chain {
            if links == 0 {
                top_level = error.to_string();
                text.push_str(&top_level);
            } else {
                // Writing to a `String` cannot fail.
                let _ = write!(text, ": {error}");
            }
            links += 1;
        }
        Self {
            envelope: Envelope::from_kind("internal_error", top_level),
            source_chain: (links > 1).then(|| sanitize_single_line(&text, MAX_CAUSE_CHARS)),
        }
    }

    /// The envelope: `internal_error` with the sanitized top-level message.
    #[must_use]
    pub fn envelope(&self) -> &Envelope {
        &self.envelope
    }

    /// The envelope, owned.
    #[must_use]
    pub fn into_envelope(self) -> Envelope {
        self.envelope
    }

    /// The whole chain, sanitized to one line, for the log only; `None` when the
    /// error has no source.
    #[must_use]
    pub fn source_chain(&self) -> Option<&str> {
        self.source_chain.as_deref()
    }

    /// Applies `change` to the envelope (a surface stamping its call context).
    #[must_use]
    pub fn map_envelope(mut self, change: impl FnOnce(Envelope) -> Envelope) -> Self {
        self.envelope = change(self.envelope);
        self
    }
}

impl From<Box<dyn Error + Send + Sync>> for InternalError {
    fn from(error: Box<dyn Error + Send + Sync>) -> Self {
        Self::new(&*error)
    }
}

impl From<Box<dyn Error>> for InternalError {
    fn from(error: Box<dyn Error>) -> Self {
        Self::new(&*error)
    }
}

#[cfg(feature = "anyhow")]
impl From<anyhow::Error> for InternalError {
    fn from(error: anyhow::Error) -> Self {
        Self::from_messages(error.chain())
    }
}

#[cfg(test)]
mod tests {
    use super::InternalError;
    use crate::{LogLevel, RecoveryAction};

    #[test]
    fn an_error_without_source_has_no_chain() {
        let error = InternalError::new(&std::io::Error::other("disk full"));
        assert_eq!(error.envelope().message(), "disk full");
        assert_eq!(error.envelope().log_level(), LogLevel::Error);
        assert_eq!(
            error.envelope().recovery().action,
            RecoveryAction::InspectAndEscalate
        );
        assert_eq!(error.source_chain(), None);
    }

    #[test]
    fn the_top_level_message_is_sanitized_for_the_wire() {
        let boxed: Box<dyn std::error::Error + Send + Sync> =
            "token ghp_16C7e42F292c6912E7710c838347Ae178B4a rejected".into();
        let error = InternalError::from(boxed);
        assert_eq!(error.envelope().message(), "token [REDACTED] rejected");
    }

    #[cfg(feature = "anyhow")]
    #[test]
    fn an_anyhow_error_keeps_its_context_chain_for_the_log() {
        let error = anyhow::Error::new(std::io::Error::other("password=hunter2 rejected"))
            .context("loading the report");
        let error = InternalError::from(error);
        assert_eq!(error.envelope().message(), "loading the report");
        assert_eq!(
            error.source_chain(),
            Some("loading the report: password=[REDACTED] rejected")
        );
    }

    #[test]
    fn an_empty_message_still_gives_a_valid_envelope() {
        let error = InternalError::new(&std::io::Error::other(""));
        assert!(!error.envelope().message().is_empty());
    }
}
