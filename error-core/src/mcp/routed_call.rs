//! rmcp's own failures as envelopes: a tool call that never reached the tool's code
//! (an unknown tool, arguments that do not deserialize) comes back from rmcp's
//! router as bare text; here it becomes the dispatcher's envelope.

use std::borrow::Cow;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::tool::ToolCallContext;
use rmcp::model::{CallToolRequestParams, CallToolResponse, CallToolResult, ErrorCode};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer};
use serde::Deserialize;
use serde_json::Value;

use super::protocol_error;
use crate::{AgentError, DispatchError, Envelope, SideEffects};

/// How rmcp starts the message of arguments that did not deserialize into the
/// tool's parameter type (`Parameters<T>`), in a JSON-RPC error and in the tool
/// result its router makes of it.
const ARGUMENTS_FAILURE_PREFIX: &str = "failed to deserialize parameters:";

/// serde's wording for a required field that is absent: "missing field `name`".
const MISSING_FIELD_PREFIX: &str = "missing field `";

/// Calls a tool through rmcp's `ToolRouter`, as a server's `call_tool` does, with
/// rmcp's own failures turned into envelopes:
///
/// - an unknown (or disabled) tool is `unknown_tool`, with the tool in `tool` and the
///   names that exist in `valid`;
/// - arguments that do not deserialize into the tool's parameter type are
///   `missing_param` (with `param`) or `invalid_param` (with serde's reason);
///
/// both as JSON-RPC errors (-32602) with the envelope in `data`. A result or error
/// of the tool's own (a [`super::ToolError`] result, an `ErrorData` it returned) is
/// passed on as it is, except that an `ErrorData` without an envelope gets one
/// ([`envelope_rmcp_error`]).
///
/// ```text
/// #[tool_handler(router = self.tool_router)]
/// impl ServerHandler for MyServer {
///     async fn call_tool(
///         &self,
///         request: CallToolRequestParams,
///         context: RequestContext<RoleServer>,
///     ) -> Result<CallToolResponse, ErrorData> {
///         error_core::mcp::call_tool(&self.tool_router, self, request, context).await
///     }
/// }
/// ```
///
/// # Errors
/// The JSON-RPC error of a call that could not run, always with an envelope in
/// `data`.
pub async fn call_tool<S>(
    router: &ToolRouter<S>,
    service: &S,
    request: CallToolRequestParams,
    context: RequestContext<RoleServer>,
) -> Result<CallToolResponse, ErrorData>
where
    S: Send + Sync + 'static,
{
    let tool = request.name.clone();
    if router.get(&tool).is_none() || router.is_disabled(&tool) {
        let mut valid: Vec<String> = router
            .list_all()
            .into_iter()
            .map(|tool| tool.name.into_owned())
            .collect();
        valid.sort();
        let envelope = Envelope::from_kind(
            "unknown_tool",
            format!(
                "no tool is named `{}`",
                crate::sanitize::sanitize_single_line(&tool, 128)
            ),
        )
        .with_tool(Cow::Owned(tool.into_owned()))
        .with_extra("valid", valid);
        return Err(protocol_error(&envelope));
    }
    let call = ToolCallContext::new(service, request, context);
    match router.call(call).await {
        Ok(CallToolResponse::Complete(result)) if is_arguments_failure(&result) => {
            let reason = result
                .content
                .first()
                .and_then(|block| block.as_text())
                .map_or("", |text| text.text.as_str());
            Err(protocol_error(&arguments_envelope(&tool, reason)))
        }
        Ok(response) => Ok(response),
        Err(error) => Err(envelope_rmcp_error(error, &tool)),
    }
}

/// An rmcp `ErrorData` for a call of `tool`, with an envelope in `data`: one that
/// already carries an envelope is kept, read as any envelope from elsewhere is
/// ([`Envelope::from_untrusted`]: a retired or malformed kind replaced, its text
/// sanitized), and its code and message are the envelope's; data that only looks
/// like an envelope is none. rmcp's own errors are classified (arguments that
/// did not deserialize are `missing_param`/`invalid_param`, an unknown tool
/// `unknown_tool`, other invalid params `invalid_param`, an unknown method
/// `unknown_action`, an unknown resource `not_found`, anything else
/// `internal_error`) with rmcp's text kept, sanitized, as the `cause`. Only an
/// unknown tool and arguments that did not deserialize are known to have stopped
/// the call before the tool's code ran; any other error may be the tool's own,
/// returned after it did work, so its side effects are `unknown`.
#[must_use]
pub fn envelope_rmcp_error(error: ErrorData, tool: &str) -> ErrorData {
    if let Some(envelope) = error.data.as_ref().and_then(carried_envelope) {
        return protocol_error(&envelope);
    }
    let envelope = if error.code == ErrorCode::INVALID_PARAMS
        && error.message.starts_with(ARGUMENTS_FAILURE_PREFIX)
    {
        arguments_envelope(tool, &error.message)
    } else {
        let kind = match error.code {
            ErrorCode::INVALID_PARAMS if error.message == "tool not found" => "unknown_tool",
            ErrorCode::INVALID_PARAMS => "invalid_param",
            ErrorCode::METHOD_NOT_FOUND => "unknown_action",
            ErrorCode::RESOURCE_NOT_FOUND => "not_found",
            _ => "internal_error",
        };
        let envelope = Envelope::from_kind(kind, format!("the call of `{tool}` failed"))
            .with_cause(error.message.into_owned());
        if kind == "unknown_tool" {
            envelope
        } else {
            envelope.with_side_effects(SideEffects::Unknown)
        }
    };
    protocol_error(&envelope.with_tool(tool.to_owned()))
}

/// Whether rmcp's router made this tool result of arguments that did not
/// deserialize (it reports them as a tool error with its text and nothing else).
fn is_arguments_failure(result: &CallToolResult) -> bool {
    result.is_error == Some(true)
        && result.structured_content.is_none()
        && result.meta.is_none()
        && result.content.len() == 1
        && result.content[0]
            .as_text()
            .is_some_and(|text| text.text.starts_with(ARGUMENTS_FAILURE_PREFIX))
}

/// The dispatcher's envelope for arguments that rmcp could not deserialize, from
/// its message: serde names a missing field, and says what was wrong otherwise.
fn arguments_envelope(tool: &str, message: &str) -> Envelope {
    let reason = message
        .strip_prefix(ARGUMENTS_FAILURE_PREFIX)
        .unwrap_or(message)
        .trim();
    let missing = reason
        .strip_prefix(MISSING_FIELD_PREFIX)
        .and_then(|rest| rest.split_once('`'))
        .map(|(field, _)| field);
    let error = match missing {
        Some(field) => DispatchError::MissingParam {
            param: field.to_owned(),
        },
        None => DispatchError::InvalidParam {
            param: "arguments".to_owned(),
            reason: reason.to_owned(),
        },
    };
    error.envelope().with_tool(tool.to_owned())
}

/// The envelope a JSON-RPC error's `data` already is, as any envelope read from
/// elsewhere is kept.
fn carried_envelope(data: &Value) -> Option<Envelope> {
    // Most errors' data is no object with a kind: turned away without reading it.
    if data.get("contract_version").is_none() || data.get("kind").is_none() {
        return None;
    }
    Envelope::deserialize(data)
        .ok()
        .map(Envelope::from_untrusted)
}
