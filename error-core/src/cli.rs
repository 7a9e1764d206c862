//! The CLI surface: a failed command on stderr, and its exit code.
//!
//! With `--json` (an agent calling the command), a failure is written to stderr as
//! one line `{"ok": false, "command": "<name>", "error": <envelope>}`, the envelope
//! serialized exactly as the HTTP surface sends it. Otherwise (a person at a
//! terminal) it is one human line: `<command>: <kind>: <message> (<guidance>)`.
//!
//! The exit code follows `sysexits.h`, chosen by the recovery action, so that a
//! script can branch without parsing anything. It is never 0, never 1 or 2 (the
//! codes every tool and shell already use for "failed" and "misused"), and never
//! 126 and above (codes a shell reserves):
//!
//! | recovery action | exit code | `sysexits.h` |
//! |---|---|---|
//! | `revise_and_retry` | 65 | `EX_DATAERR`: the input data was incorrect |
//! | `reduce_work` | 65 | `EX_DATAERR` |
//! | `rediscover` | 64 | `EX_USAGE`: the command named something that does not exist |
//! | `retry_later` | 75 | `EX_TEMPFAIL`: a temporary failure; retrying later may work |
//! | `start_dependency` | 69 | `EX_UNAVAILABLE`: a service it needs is not running |
//! | `reauthenticate` | 77 | `EX_NOPERM`: not permitted (credentials) |
//! | `confirm` | 77 | `EX_NOPERM`: not permitted (without confirmation) |
//! | `do_not_retry` | 77 | `EX_NOPERM`: not permitted (policy) |
//! | `inspect_and_escalate` | 70 | `EX_SOFTWARE`: an internal error |
//!
//! ```
//! use error_core::cli::{OutputFormat, exit_code, write_failure};
//! use error_core::Envelope;
//!
//! let envelope = Envelope::from_kind("rate_limited", "slow down").with_retry_after_ms(1500);
//! let mut stderr = Vec::new();
//! let code = write_failure(&mut stderr, "search", &envelope, OutputFormat::Json)?;
//! assert_eq!(code, 75);
//! assert_eq!(code, exit_code(envelope.recovery().action));
//! let line: serde_json::Value = serde_json::from_slice(&stderr)?;
//! assert_eq!(line["ok"], false);
//! assert_eq!(line["command"], "search");
//! assert_eq!(line["error"]["kind"], "rate_limited");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, Write};
use std::process::ExitCode;

use serde::Serialize;

use crate::sanitize::sanitize_single_line;
use crate::{Envelope, MAX_CONTEXT_CHARS, MAX_MESSAGE_CHARS, RecoveryAction};

/// How a failure is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputFormat {
    /// One JSON object on one line, for programs and agents (`--json`).
    Json,
    /// One line of text, for people.
    Human,
}

/// The exit code for a failure whose recovery action is `action` (the table in the
/// [module documentation](self)).
#[must_use]
pub const fn exit_code(action: RecoveryAction) -> u8 {
    match action {
        RecoveryAction::ReviseAndRetry | RecoveryAction::ReduceWork => 65,
        RecoveryAction::Rediscover => 64,
        RecoveryAction::RetryLater => 75,
        RecoveryAction::StartDependency => 69,
        RecoveryAction::Reauthenticate | RecoveryAction::Confirm | RecoveryAction::DoNotRetry => 77,
        RecoveryAction::InspectAndEscalate => 70,
    }
}

/// The JSON line of a failed command.
#[derive(Serialize)]
struct FailureLine<'a> {
    ok: bool,
    command: String,
    error: &'a Envelope,
}

/// Writes the failure of `command` to `out` in `format` and returns its exit code.
///
/// # Errors
/// Writing to `out` failed.
pub fn write_failure(
    out: &mut impl Write,
    command: &str,
    envelope: &Envelope,
    format: OutputFormat,
) -> io::Result<u8> {
    match format {
        OutputFormat::Json => {
            // The command line may hold what the user typed, secrets included: it is
            // sanitized like the human line's.
            let line = FailureLine {
                ok: false,
                command: sanitize_single_line(command, MAX_CONTEXT_CHARS),
                error: envelope,
            };
            serde_json::to_writer(&mut *out, &line)?;
            out.write_all(b"\n")?;
        }
        OutputFormat::Human => {
            writeln!(out, "{}", human_summary(command, envelope))?;
        }
    }
    out.flush()?;
    Ok(exit_code(envelope.recovery().action))
}

/// Writes the failure of `command` to stderr and returns the exit code to leave
/// `main` with. When stderr cannot be written, the exit code still says what
/// failed.
///
/// ```no_run
/// use std::process::ExitCode;
/// use error_core::cli::{OutputFormat, report_failure};
/// use error_core::Envelope;
///
/// fn main() -> ExitCode {
///     let envelope = Envelope::from_kind("missing_param", "`query` is required");
///     report_failure("search", &envelope, OutputFormat::Json)
/// }
/// ```
#[must_use]
pub fn report_failure(command: &str, envelope: &Envelope, format: OutputFormat) -> ExitCode {
    let code = write_failure(&mut io::stderr().lock(), command, envelope, format)
        .unwrap_or_else(|_| exit_code(envelope.recovery().action));
    ExitCode::from(code)
}

/// `<command>: <kind>: <message> (<guidance>)` on one line, with the retry interval
/// when there is one.
fn human_summary(command: &str, envelope: &Envelope) -> String {
    let recovery = envelope.recovery();
    let retry = recovery
        .retry_after_ms
        .map(|delay| format!(" Retry after {delay} ms."))
        .unwrap_or_default();
    format!(
        "{}: {}: {} ({}{retry})",
        sanitize_single_line(command, MAX_CONTEXT_CHARS),
        envelope.kind(),
        sanitize_single_line(envelope.message(), MAX_MESSAGE_CHARS),
        sanitize_single_line(&recovery.guidance, MAX_MESSAGE_CHARS),
    )
}

#[cfg(test)]
mod tests {
    use super::{OutputFormat, exit_code, write_failure};
    use crate::{Envelope, RecoveryAction};

    #[test]
    fn every_action_has_a_sysexits_code_that_no_shell_reserves() {
        for &action in RecoveryAction::ALL {
            let code = exit_code(action);
            assert!((64..=78).contains(&code), "{action}: {code}");
        }
    }

    #[test]
    fn the_json_error_member_is_the_envelope_byte_for_byte() {
        let envelope = Envelope::from_kind("unknown_tool", "no tool `serach`")
            .with_tool("serach")
            .with_extra("valid", ["search"]);
        let mut out = Vec::new();
        let code = write_failure(&mut out, "call serach", &envelope, OutputFormat::Json).unwrap();
        assert_eq!(code, 64);
        let expected = format!(
            "{{\"ok\":false,\"command\":\"call serach\",\"error\":{}}}\n",
            serde_json::to_string(&envelope).unwrap()
        );
        assert_eq!(String::from_utf8(out).unwrap(), expected);
    }

    #[test]
    fn the_json_command_is_sanitized_like_the_human_line() {
        let envelope = Envelope::from_kind("auth_failed", "rejected");
        let command = "call\nx --token ghp_16C7e42F292c6912E7710c838347Ae178B4a";
        let mut out = Vec::new();
        write_failure(&mut out, command, &envelope, OutputFormat::Json).unwrap();
        let line: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(line["command"], "call x --token [REDACTED]");
    }

    #[test]
    fn the_human_summary_is_one_line() {
        let envelope = Envelope::from_kind("rate_limited", "slow\ndown").with_retry_after_ms(1500);
        let mut out = Vec::new();
        write_failure(&mut out, "call\nweather", &envelope, OutputFormat::Human).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 1, "{text}");
        assert!(
            text.starts_with("call weather: rate_limited: slow down ("),
            "{text}"
        );
        assert!(text.ends_with(" Retry after 1500 ms.)\n"), "{text}");
    }
}
