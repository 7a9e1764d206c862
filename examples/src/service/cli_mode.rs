//! The demo gateway as a command: one tool call, its result on stdout, a failure
//! on stderr with an exit code from `sysexits.h` (`error_core::cli`).
//!
//! The envelope is the one the HTTP API sends for the same call, with the same
//! `service`, `action` and `tool`, byte for byte.

use std::io::{self, Write};
use std::process::ExitCode;

use error_core::cli::{OutputFormat, report_failure};
use error_core::{AgentError, arguments};
use serde::Serialize;
use serde_json::Value;

use super::http_api::tool_call_context;
use super::tools::call_tool;

/// Calls `tool` with `arguments` (JSON text) and reports the outcome in `format`:
/// on success the result on stdout and exit code 0, on failure the envelope on
/// stderr and the exit code of its recovery action.
#[must_use]
pub fn run_call(tool: &str, arguments: &str, format: OutputFormat) -> ExitCode {
    let command = format!("call {tool}");
    let outcome = arguments::from_json_str::<Value>(arguments)
        .map_err(|error| error.envelope())
        .and_then(|arguments| call_tool(tool, arguments).map_err(|failure| failure.envelope()));
    match outcome {
        Ok(result) => match print_result(&command, &result, format) {
            Ok(()) => ExitCode::SUCCESS,
            // stdout is gone (a closed pipe): the result did not arrive.
            Err(_) => ExitCode::from(error_core::cli::exit_code(
                error_core::RecoveryAction::InspectAndEscalate,
            )),
        },
        Err(envelope) => {
            let envelope = tool_call_context().tool(tool.to_owned()).stamp(envelope);
            report_failure(&command, &envelope, format)
        }
    }
}

/// The JSON line of a command that succeeded: the failure line's shape, with
/// `result` where a failure has `error`.
#[derive(Serialize)]
struct SuccessLine<'a> {
    ok: bool,
    command: &'a str,
    result: &'a Value,
}

fn print_result(command: &str, result: &Value, format: OutputFormat) -> io::Result<()> {
    let mut stdout = io::stdout().lock();
    match format {
        OutputFormat::Json => {
            let line = SuccessLine {
                ok: true,
                command,
                result,
            };
            serde_json::to_writer(&mut stdout, &line)?;
        }
        OutputFormat::Human => serde_json::to_writer_pretty(&mut stdout, result)?,
    }
    writeln!(stdout)?;
    stdout.flush()
}
