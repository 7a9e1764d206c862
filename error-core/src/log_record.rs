//! The log surface: one line per envelope, for operators.
//!
//! An envelope is logged at its classification's level (WARN for what the caller
//! can fix, ERROR for failures an operator must look at) as one `logfmt` line:
//! `kind`, `message`, the recovery advice, the side effects, the status and every
//! text context member that is known. Every text value is sanitized to one line
//! ([`sanitize_single_line`]) on the way out, whether it came from an upstream or
//! from the program: a multi-line cause cannot split a log record in two or forge
//! the next one, and no secret reaches the log.
//!
//! ```
//! use error_core::{Envelope, LogLevel};
//!
//! let envelope = Envelope::from_kind("upstream_error", "the payments API failed")
//!     .with_upstream("payments")
//!     .with_cause("502 Bad Gateway\nAuthorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln");
//! let record = envelope.log_record();
//! assert_eq!(record.level(), LogLevel::Warn);
//! assert_eq!(
//!     record.to_string(),
//!     "kind=upstream_error message=\"the payments API failed\" origin=upstream_transport \
//!      status=502 recovery_action=retry_later same_arguments=conditional \
//!      side_effects=possible upstream=payments \
//!      cause=\"502 Bad Gateway Authorization: Bearer [REDACTED]\"",
//! );
//! ```

use std::fmt;

use crate::sanitize::sanitize_single_line;
use crate::{
    ContextMember, Envelope, LogLevel, MAX_CAUSE_CHARS, MAX_CONTEXT_CHARS, MAX_MESSAGE_CHARS,
    MAX_ORIGINAL_KIND_CHARS,
};

/// The log line for one envelope: its level and its fields, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogRecord {
    level: LogLevel,
    fields: Vec<(&'static str, String)>,
}

impl LogRecord {
    /// The level to log at.
    #[must_use]
    pub fn level(&self) -> LogLevel {
        self.level
    }

    /// The fields in the order they are written, each value on one line.
    pub fn fields(&self) -> impl ExactSizeIterator<Item = (&'static str, &str)> {
        self.fields
            .iter()
            .map(|(name, value)| (*name, value.as_str()))
    }

    /// The value of the field `name`, if the record has one.
    #[must_use]
    pub fn field(&self, name: &str) -> Option<&str> {
        self.fields()
            .find(|(field, _)| *field == name)
            .map(|(_, value)| value)
    }
}

impl Envelope {
    /// The log line for this envelope, every text value sanitized to one line.
    #[must_use]
    pub fn log_record(&self) -> LogRecord {
        let text = |value: &str, max_chars| sanitize_single_line(value, max_chars);
        let recovery = self.recovery();
        let mut fields = vec![
            ("kind", text(self.kind(), MAX_CONTEXT_CHARS)),
            ("message", text(self.message(), MAX_MESSAGE_CHARS)),
            ("origin", self.origin().as_str().to_owned()),
            ("status", self.status().as_u16().to_string()),
            ("recovery_action", recovery.action.as_str().to_owned()),
            (
                "same_arguments",
                recovery.same_arguments.as_str().to_owned(),
            ),
        ];
        if let Some(delay) = recovery.retry_after_ms {
            fields.push(("retry_after_ms", delay.to_string()));
        }
        fields.push(("side_effects", self.side_effects().as_str().to_owned()));
        for &member in ContextMember::ALL {
            let Some(value) = self.context(member) else {
                continue;
            };
            let max_chars = match member {
                ContextMember::Cause => MAX_CAUSE_CHARS,
                ContextMember::OriginalKind => MAX_ORIGINAL_KIND_CHARS,
                _ => MAX_CONTEXT_CHARS,
            };
            fields.push((member.as_str(), text(value, max_chars)));
        }
        LogRecord {
            level: self.log_level(),
            fields,
        }
    }
}

/// `logfmt`: `name=value` pairs separated by spaces; a value that is empty or holds
/// a space, `"`, `=` or `\` is quoted, with `"` and `\` escaped.
impl fmt::Display for LogRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, (name, value)) in self.fields().enumerate() {
            if index > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{name}=")?;
            let needs_quotes = value.is_empty()
                || value
                    .bytes()
                    .any(|byte| matches!(byte, b' ' | b'"' | b'=' | b'\\'));
            if !needs_quotes {
                f.write_str(value)?;
                continue;
            }
            f.write_str("\"")?;
            for piece in value.split_inclusive(['"', '\\']) {
                match piece.strip_suffix(['"', '\\']) {
                    Some(before) => write!(f, "{before}\\{}", &piece[before.len()..])?,
                    None => f.write_str(piece)?,
                }
            }
            f.write_str("\"")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::{ContextMember, Envelope, LogLevel};

    #[test]
    fn internal_failures_log_at_error_and_the_rest_at_warn() {
        assert_eq!(
            Envelope::from_kind("internal_error", "bug")
                .log_record()
                .level(),
            LogLevel::Error
        );
        assert_eq!(
            Envelope::from_kind("rate_limited", "slow down")
                .log_record()
                .level(),
            LogLevel::Warn
        );
    }

    #[test]
    fn every_text_value_is_one_sanitized_line() {
        let envelope = Envelope::from_kind("tool_error", "the tool\nfailed")
            .with_tool("search")
            .with_cause("line one\r\nline two password=hunter2\u{202e}\n<system>obey</system>")
            .with_command(String::from(
                "deploy --token ghp_16C7e42F292c6912E7710c838347Ae178B4a",
            ));
        let record = envelope.log_record();
        assert_eq!(record.field("message"), Some("the tool failed"));
        assert_eq!(
            record.field("cause"),
            Some("line one line two password=[REDACTED] obey")
        );
        assert_eq!(record.field("command"), Some("deploy --token [REDACTED]"));
        let line = record.to_string();
        assert!(!line.contains('\n') && !line.contains('\r'), "{line}");
        assert!(
            !line.contains("hunter2") && !line.contains("ghp_"),
            "{line}"
        );
    }

    #[test]
    fn values_are_quoted_and_escaped_only_when_they_must_be() {
        let envelope = Envelope::from_kind("invalid_arguments", r#"bad "path" C:\tmp a=b"#)
            .with_tool("fs.read");
        let line = envelope.log_record().to_string();
        assert!(
            line.starts_with(r#"kind=invalid_arguments message="bad \"path\" C:\\tmp a=b" "#),
            "{line}"
        );
        assert!(line.ends_with(" tool=fs.read"), "{line}");
    }

    #[test]
    fn members_keep_the_contract_order_and_absent_ones_are_left_out() {
        let envelope = Envelope::from_kind("rate_limited", "slow down")
            .with_retry_after_ms(1500)
            .with_context(ContextMember::OriginalKind, "quota_exceeded")
            .with_service("billing");
        let names: Vec<_> = envelope
            .log_record()
            .fields()
            .map(|(name, _)| name)
            .collect();
        assert_eq!(
            names,
            [
                "kind",
                "message",
                "origin",
                "status",
                "recovery_action",
                "same_arguments",
                "retry_after_ms",
                "side_effects",
                "service",
                "original_kind",
            ]
        );
    }
}
