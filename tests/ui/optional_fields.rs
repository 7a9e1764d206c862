//! An `Option<T>` field contributes its `T` when it is `Some`: `T` is what must be
//! `Display` (for `context` and `cause`) and the error points at it.
use error_core::AgentError;

struct Opaque;

#[derive(Debug, AgentError)]
enum FetchError {
    #[agent(kind = "upstream_error", message = "x")]
    Upstream {
        #[agent(context)]
        upstream: Option<Vec<u8>>,
        #[agent(cause)]
        detail: Option<Option<String>>,
    },
}

impl std::fmt::Debug for Opaque {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Opaque")
    }
}

#[derive(Debug, AgentError)]
#[agent(kind = "not_found", message = "x")]
struct Missing(#[agent(context = "resource")] Option<Opaque>);

fn main() {}
