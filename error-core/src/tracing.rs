//! The log surface on `tracing`: one event per envelope, at the contract's level.
//!
//! [`log_envelope`] emits the envelope's [`LogRecord`](crate::LogRecord) as one
//! event: WARN for what the caller can fix, ERROR for `internal_error`,
//! `server_error` and `decode_error`. The event's message is the envelope's
//! message; every other field of the record is a structured field of the same
//! name (`kind`, `origin`, `status`, `recovery_action`, `same_arguments`,
//! `retry_after_ms`, `side_effects`, and the context members that are known:
//! `service`, `action`, `tool`, `upstream`, `command`, `prompt`, `resource`,
//! `cause`, `original_kind`). Every text is the record's, sanitized to one line, so
//! a multi-line cause can neither split the log line nor carry a secret into it.
//!
//! When no subscriber wants the event, nothing is built.
//!
//! ```
//! use error_core::Envelope;
//!
//! let envelope = Envelope::from_kind("timeout", "the search index did not answer")
//!     .with_upstream("search-index");
//! error_core::tracing::log_envelope(&envelope); // WARN, kind=timeout upstream=search-index ...
//! ```

use ::tracing::{Level, enabled, event};

use crate::{Envelope, InternalError, LogLevel, LogRecord};

/// Logs `envelope` at its level, as the fields of its [`LogRecord`].
pub fn log_envelope(envelope: &Envelope) {
    emit(envelope, None);
}

/// Logs an [`InternalError`]: its envelope like [`log_envelope`], plus a
/// `source_chain` field with the error's sanitized source chain, which only the
/// log gets.
pub fn log_internal_error(error: &InternalError) {
    emit(error.envelope(), error.source_chain());
}

/// One `event!` per level, since `tracing` fixes an event's level at compile time.
/// Every field the record can have is listed; an absent one is left out of the
/// event (`tracing` records `None` as nothing).
macro_rules! event_at {
    ($level:expr, $envelope:expr, $record:expr, $source_chain:expr) => {{
        let record: &LogRecord = $record;
        let field = |name| record.field(name);
        event!(
            $level,
            kind = field("kind"),
            origin = field("origin"),
            status = $envelope.status().as_u16(),
            recovery_action = field("recovery_action"),
            same_arguments = field("same_arguments"),
            retry_after_ms = $envelope.recovery().retry_after_ms,
            side_effects = field("side_effects"),
            service = field("service"),
            action = field("action"),
            tool = field("tool"),
            upstream = field("upstream"),
            command = field("command"),
            prompt = field("prompt"),
            resource = field("resource"),
            cause = field("cause"),
            original_kind = field("original_kind"),
            source_chain = $source_chain,
            "{}",
            field("message").unwrap_or_default(),
        )
    }};
}

pub(crate) fn emit(envelope: &Envelope, source_chain: Option<&str>) {
    match envelope.log_level() {
        LogLevel::Warn => {
            if enabled!(Level::WARN) {
                event_at!(Level::WARN, envelope, &envelope.log_record(), source_chain);
            }
        }
        LogLevel::Error => {
            if enabled!(Level::ERROR) {
                event_at!(Level::ERROR, envelope, &envelope.log_record(), source_chain);
            }
        }
    }
}

#[cfg(test)]
mod tests;
