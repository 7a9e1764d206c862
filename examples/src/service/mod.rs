//! The demo gateway: a small service whose tools fail the way real tools fail,
//! served over HTTP ([`http_api`]), over MCP at `/mcp` ([`mcp_server`]) and as a
//! command ([`cli_mode`]), with the same envelope on all three.
//!
//! Run it with `cargo run -p examples --bin demo` and paste the `curl` line it
//! prints.

pub mod cli_mode;
pub mod http_api;
pub mod mcp_server;
pub mod tools;
