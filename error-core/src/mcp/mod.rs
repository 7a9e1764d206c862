//! The MCP surface on rmcp (feature `mcp`): the contract's MCP rules, ready for a
//! server built on the official Rust SDK.
//!
//! - **A tool call that fails in our own code** is a tool result, not a protocol
//!   error: [`ToolError`] (any [`AgentError`] or [`Envelope`] converts into it, so a
//!   `#[tool]` function returning `Result<T, ToolError>` can use `?`) becomes a
//!   `CallToolResult` with `isError: true`, the envelope as JSON text in one text
//!   block, the same envelope as `structuredContent`, and again in `_meta` under
//!   [`ENVELOPE_META_KEY`]. [`tool_error_result`] builds it from an envelope.
//! - **A protocol-level failure** is a JSON-RPC error: [`protocol_error`] gives
//!   `ErrorData` with the contract's code ([`jsonrpc_code`]) and the envelope as
//!   `data`.
//! - **rmcp's own failures** become envelopes too: [`call_tool`] runs a call through
//!   a `ToolRouter` and turns an unknown tool into `unknown_tool` (with the valid
//!   names) and arguments that do not deserialize into the tool's parameter type into
//!   `missing_param` or `invalid_param`, both as JSON-RPC errors with the envelope in
//!   `data`, in place of rmcp's bare text.
//! - **Output schemas**: [`with_envelope_output_schema`] makes a tool that returns
//!   structured content advertise the envelope's schema beside its own, so a client
//!   that validates `structuredContent` accepts both outcomes.
//!
//! ```
//! use error_core::mcp::{ENVELOPE_META_KEY, ToolError};
//! use error_core::DispatchError;
//! use rmcp::handler::server::tool::IntoCallToolResult;
//! use rmcp::model::CallToolResponse;
//!
//! fn search(query: &str) -> Result<String, ToolError> {
//!     if query.is_empty() {
//!         Err(DispatchError::MissingParam { param: "query".into() })?;
//!     }
//!     Ok(format!("results for {query}"))
//! }
//!
//! let Ok(CallToolResponse::Complete(result)) = search("").into_call_tool_result() else {
//!     panic!("a tool error is a tool result");
//! };
//! assert_eq!(result.is_error, Some(true));
//! let envelope = result.structured_content.unwrap();
//! assert_eq!(envelope["kind"], "missing_param");
//! assert_eq!(result.meta.unwrap().0[ENVELOPE_META_KEY], envelope);
//! ```

mod output_schema;
mod routed_call;

use rmcp::ErrorData;
use rmcp::handler::server::tool::IntoCallToolResult;
use rmcp::model::{CallToolResponse, CallToolResult, ContentBlock, ErrorCode, MetaObject};
use serde_json::Value;

use crate::sanitize::sanitize_single_line;
use crate::vocabulary::Origin;
use crate::{AgentError, ContextMember, Envelope, MAX_MESSAGE_CHARS};

pub use output_schema::{envelope_output_schema, with_envelope_output_schema};
pub use routed_call::{call_tool, envelope_rmcp_error};

/// The `_meta` key under which a tool result carries its envelope: a reverse-DNS
/// prefix of this project's own, as the MCP specification asks of `_meta` keys.
pub const ENVELOPE_META_KEY: &str = "dev.error-core/envelope";

/// A tool call that failed in the tool's own code, on its way to the model as a
/// tool result with `isError: true`.
///
/// Every [`AgentError`] converts into it, so `?` works in a tool function that
/// returns `Result<T, ToolError>`; rmcp turns the error branch into the tool result
/// that [`tool_error_result`] describes.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolError {
    envelope: Envelope,
}

impl ToolError {
    /// The envelope the tool result will carry.
    #[must_use]
    pub fn envelope(&self) -> &Envelope {
        &self.envelope
    }

    /// The envelope, for a change before it is sent (a context member, say).
    #[must_use]
    pub fn into_envelope(self) -> Envelope {
        self.envelope
    }

    /// The tool result: see [`tool_error_result`].
    #[must_use]
    pub fn to_call_tool_result(&self) -> CallToolResult {
        tool_error_result(&self.envelope)
    }
}

impl<E: AgentError> From<E> for ToolError {
    fn from(error: E) -> Self {
        Self {
            envelope: error.envelope(),
        }
    }
}

impl IntoCallToolResult for ToolError {
    fn into_call_tool_result(self) -> Result<CallToolResponse, ErrorData> {
        Ok(self.to_call_tool_result().into())
    }
}

/// The tool result of a call that failed in our own code: `isError: true`, the
/// envelope as JSON text in one text block (for clients that read only content;
/// byte for byte `serde_json::to_string(envelope)`, members in the contract's
/// order), the same envelope as `structuredContent` and in `_meta` under
/// [`ENVELOPE_META_KEY`]. All three are the same JSON value.
///
/// ```
/// use error_core::Envelope;
/// use error_core::mcp::{ENVELOPE_META_KEY, tool_error_result};
///
/// let envelope = Envelope::from_kind("rate_limited", "slow down").with_retry_after_ms(1500);
/// let result = tool_error_result(&envelope);
/// let text = &result.content[0].as_text().unwrap().text;
/// let from_text: serde_json::Value = serde_json::from_str(text)?;
/// assert_eq!(Some(&from_text), result.structured_content.as_ref());
/// assert_eq!(from_text["recovery"]["retry_after_ms"], 1500);
/// assert_eq!(result.meta.unwrap().0[ENVELOPE_META_KEY], from_text);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[must_use]
pub fn tool_error_result(envelope: &Envelope) -> CallToolResult {
    // The text keeps the contract's member order; a `Value` map sorts its members.
    let text = serde_json::to_string(envelope)
        .unwrap_or_else(|error| unreachable!("an envelope always serializes to JSON: {error}"));
    let value = envelope_value(envelope);
    let mut meta = MetaObject::new();
    meta.0.insert(ENVELOPE_META_KEY.to_owned(), value.clone());
    let mut result = CallToolResult::error(vec![ContentBlock::text(text)]);
    result.structured_content = Some(value);
    result.meta = Some(meta);
    result
}

/// The JSON-RPC error of a protocol-level failure: the contract's code for the
/// envelope ([`jsonrpc_code`]), its message on one line, and the envelope as `data`.
///
/// ```
/// use error_core::Envelope;
/// use error_core::mcp::protocol_error;
///
/// let error = protocol_error(&Envelope::from_kind("not_found", "no resource `file:///x`")
///     .with_resource("file:///x"));
/// assert_eq!(error.code.0, -32002);
/// assert_eq!(error.data.unwrap()["kind"], "not_found");
/// ```
#[must_use]
pub fn protocol_error(envelope: &Envelope) -> ErrorData {
    // One line whatever the message holds: the program's own words are kept as
    // given, and may break a line with `\r` or hold a control character.
    let message = sanitize_single_line(envelope.message(), MAX_MESSAGE_CHARS);
    ErrorData::new(
        jsonrpc_code(envelope),
        message,
        Some(envelope_value(envelope)),
    )
}

/// The JSON-RPC code the contract gives an envelope:
///
/// | envelope | code |
/// |---|---|
/// | a `resource` that was not found (origin `discovery`, `resource` set) | -32002 |
/// | origin `validation`, `policy` or `discovery` (invalid params, policy denials, an unknown tool or prompt) | -32602 |
/// | anything else | -32603 |
///
/// An unknown tool is -32602, not -32601: the method (`tools/call`) exists and its
/// `name` parameter is what is wrong, which is how the MCP specification reports an
/// unknown tool and what MCP clients expect.
#[must_use]
pub fn jsonrpc_code(envelope: &Envelope) -> ErrorCode {
    match envelope.origin() {
        Origin::Discovery if envelope.context(ContextMember::Resource).is_some() => {
            ErrorCode::RESOURCE_NOT_FOUND
        }
        Origin::Validation | Origin::Policy | Origin::Discovery => ErrorCode::INVALID_PARAMS,
        _ => ErrorCode::INTERNAL_ERROR,
    }
}

/// The envelope as a JSON value. An envelope always serializes (its members are
/// strings, enums, numbers and JSON values), so a failure here is a bug.
fn envelope_value(envelope: &Envelope) -> Value {
    serde_json::to_value(envelope)
        .unwrap_or_else(|error| unreachable!("an envelope always serializes to JSON: {error}"))
}

#[cfg(test)]
mod tests;
