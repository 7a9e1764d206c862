//! The code sandbox: runs an agent's script that calls tools.

use std::time::Duration;

use error_core::AgentError;

/// What goes wrong while a script runs.
#[derive(Debug, thiserror::Error, AgentError)]
#[agent(service = "sandbox")]
pub enum SandboxError {
    /// The script made more tool calls than its budget allows.
    #[error("the script made {calls} tool calls; the budget is {limit}")]
    #[agent(kind = "call_budget_exceeded")]
    CallBudget {
        /// Calls made.
        #[agent(extra)]
        calls: u32,
        /// The budget.
        #[agent(extra)]
        limit: u32,
    },
    /// The wall clock ran out: a timeout, whatever the old runtime called it, and
    /// the sandbox's own failure (origin `code_mode`), not an upstream's.
    #[error("the script did not finish within {0:?}")]
    #[agent(kind = "timeout", origin = code_mode)]
    WallClock(Duration),
    /// The script does not parse: a kind of the sandbox's own, fully classified.
    #[error("syntax error on line {line}")]
    #[agent(
        kind = "script_syntax_error",
        origin = validation,
        recovery(
            action = revise_and_retry,
            same_arguments = never,
            guidance = "Fix the script at the reported line and run it again; nothing ran."
        ),
        side_effects = none_expected,
        status = 422
    )]
    Syntax {
        /// The line.
        #[agent(extra)]
        line: u32,
        /// The parser's words.
        #[agent(cause)]
        detail: String,
    },
}
