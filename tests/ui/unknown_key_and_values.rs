//! Unknown keys and values: the valid ones are listed, with a did-you-mean.
use error_core::AgentError;

#[derive(Debug, AgentError)]
#[agent(servce = "search")]
enum SearchError {
    #[agent(knd = "timeout", message = "too slow")]
    Slow,
    #[agent(kind = "timeout", origin = budgett, side_effects = maybe, message = "too slow")]
    Budget,
    #[agent(kind = "timeout", recovery(actoin = retry_later, same_arguments = sometimes), message = "x")]
    Recovery,
    #[agent(kind = "timeout", recovery(action = retry_latr), message = "x")]
    Action,
    #[agent(kind = "query_syntax", origin = validation, recovery(action = revise_and_retry, same_arguments = never, guidance = "Fix it."), side_effects = none_expected, status = 400, log_level = debug, message = "x")]
    LogLevel,
    #[agent(kind = "timeout", origin = "budget", side_effects = "sometimes", message = "x")]
    Quoted,
    #[agent(transparent = true)]
    Flag(std::io::Error),
    // A value that does not parse stops nothing: every key is still checked.
    #[agent(kind = timeout, origin = budgett, status = "429", message = "x")]
    Unparsed,
    #[agent(kind = "timeout", message = "x")]
    Field {
        #[agent(contxt)]
        tool: String,
        #[agent(cause = "detail")]
        detail: String,
    },
}

fn main() {}
