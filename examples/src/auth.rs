//! The auth layer: bearer tokens and OAuth for upstreams.

use error_core::AgentError;

/// What goes wrong with credentials and scopes.
#[derive(Debug, thiserror::Error, AgentError)]
#[agent(service = "auth")]
pub enum AuthError {
    /// No credentials came with the call.
    #[error("this call needs a bearer token")]
    #[agent(kind = "auth_required")]
    Missing,
    /// The upstream's OAuth token expired: the guidance says how to renew it.
    #[error("the OAuth token for `{upstream}` expired")]
    #[agent(
        kind = "oauth_needs_reauth",
        recovery(
            guidance = "Ask the user to run `auth login <upstream>` to renew the token, then call again."
        )
    )]
    TokenExpired {
        /// The upstream.
        #[agent(context)]
        upstream: String,
    },
    /// The token lacks scopes.
    #[error("the token lacks the scopes {}", required.join(", "))]
    #[agent(kind = "permission_denied")]
    MissingScopes {
        /// The scopes the call needs.
        #[agent(extra = "required_scopes")]
        required: Vec<String>,
        /// The token. No attribute: it never reaches an envelope.
        token: String,
    },
}
