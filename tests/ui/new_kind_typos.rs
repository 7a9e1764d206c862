//! A new kind one or two edits from a stable or retired kind is probably a typo,
//! even when the classification is complete; `new_kind` says it is not. A retired
//! kind is retired however it is spelled.
use error_core::AgentError;

#[derive(Debug, AgentError)]
#[agent(
    origin = budget,
    recovery(action = reduce_work, same_arguments = never, guidance = "Do less."),
    side_effects = none_expected
)]
enum LimitError {
    #[agent(kind = "quota_exeeded", status = 429, message = "x")]
    Quota,
    #[agent(kind = "time_out", status = 504, message = "x")]
    Slow,
    #[agent(kind = "install_timout", status = 504, message = "x")]
    Install,
    // Opted in: compiles.
    #[agent(kind = "quota_exceded_soft", new_kind, status = 429, message = "x")]
    Meant,
    #[agent(kind = "timeout", new_kind, message = "x")]
    Stable,
    #[agent(kind = "Access-Denied", message = "x")]
    Dashed,
    #[agent(kind = "Code_Mode_Timeout", message = "x")]
    Capitalised,
    #[agent(kind = "CodeModeTimeout", message = "x")]
    Camel,
}

fn main() {}
