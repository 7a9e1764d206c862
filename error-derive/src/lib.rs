//! `#[derive(AgentError)]`, re-exported by `error-core` as `error_core::AgentError`.

use proc_macro::TokenStream;

/// Derives `error_core::AgentError`.
#[proc_macro_derive(AgentError, attributes(agent))]
pub fn derive_agent_error(input: TokenStream) -> TokenStream {
    let _ = input;
    TokenStream::new()
}
