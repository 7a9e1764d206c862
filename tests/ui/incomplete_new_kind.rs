//! A kind outside the vocabulary must state its full classification; nothing is
//! guessed. A near miss of a stable kind is probably a typo.
use error_core::AgentError;

#[derive(Debug, AgentError)]
#[agent(origin = validation)]
enum QueryError {
    // A typo of a stable kind.
    #[agent(kind = "rate_limted", message = "slow down")]
    RateLimited,
    // A genuinely new kind, half classified (origin comes from the type).
    #[agent(kind = "query_syntax", recovery(action = revise_and_retry), status = 400, message = "bad query")]
    Syntax,
    // No kind at all.
    Unclassified,
}

fn main() {}
