//! `status` is an error status, and only a new kind states one (a stable kind takes
//! its status and log level from the vocabulary).
use error_core::AgentError;

#[derive(Debug, AgentError)]
#[agent(origin = validation, recovery(action = revise_and_retry, same_arguments = never, guidance = "Fix it."), side_effects = none_expected)]
enum HttpError {
    #[agent(kind = "teapot_ok", status = 200, message = "x")]
    Success,
    #[agent(kind = "teapot_weird", status = 600, message = "x")]
    TooHigh,
    #[agent(kind = "teapot_huge", status = 70000, message = "x")]
    Overflow,
    #[agent(kind = "rate_limited", status = 503, message = "x")]
    StableStatus,
    #[agent(kind = "timeout", log_level = error, message = "x")]
    StableLogLevel,
}

fn main() {}
