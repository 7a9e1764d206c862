use rmcp::model::{ErrorCode, JsonObject};
use serde_json::{Value, json};

use super::*;
use crate::{DispatchError, Envelope};

fn meta_envelope(result: &CallToolResult) -> &Value {
    &result.meta.as_ref().expect("a tool error carries _meta").0[ENVELOPE_META_KEY]
}

#[test]
fn a_tool_error_carries_one_envelope_in_three_places() {
    let envelope = Envelope::from_kind("timeout", "github did not answer")
        .with_tool("github::search")
        .with_retry_after_ms(1000);
    let result = tool_error_result(&envelope);
    assert_eq!(result.is_error, Some(true));
    assert_eq!(result.content.len(), 1);
    let text = &result.content[0].as_text().expect("a text block").text;
    assert_eq!(text.as_bytes(), serde_json::to_vec(&envelope).unwrap());
    let expected = serde_json::to_value(&envelope).unwrap();
    assert_eq!(result.structured_content.as_ref(), Some(&expected));
    assert_eq!(meta_envelope(&result), &expected);
}

#[test]
fn any_agent_error_converts_and_question_mark_works() {
    fn tool() -> Result<String, ToolError> {
        Err(DispatchError::MissingParam {
            param: "query".into(),
        })?;
        Ok("unreachable".into())
    }
    let response = tool().into_call_tool_result().expect("a tool result");
    let CallToolResponse::Complete(result) = response else {
        panic!("a completed result");
    };
    assert_eq!(result.is_error, Some(true));
    assert_eq!(
        result.structured_content.unwrap()["kind"],
        json!("missing_param")
    );
    let ok: Result<String, ToolError> = Ok("fine".into());
    let CallToolResponse::Complete(result) = ok.into_call_tool_result().unwrap() else {
        panic!("a completed result");
    };
    assert_ne!(result.is_error, Some(true));
}

#[test]
fn protocol_errors_get_the_contracts_codes() {
    let code = |envelope: Envelope| protocol_error(&envelope).code;
    assert_eq!(
        code(Envelope::from_kind("invalid_param", "bad")),
        ErrorCode::INVALID_PARAMS
    );
    assert_eq!(
        code(Envelope::from_kind("forbidden", "no")),
        ErrorCode::INVALID_PARAMS
    );
    assert_eq!(
        code(Envelope::from_kind("unknown_tool", "no such tool").with_tool("x")),
        ErrorCode::INVALID_PARAMS
    );
    assert_eq!(
        code(Envelope::from_kind("not_found", "no such resource").with_resource("file:///x")),
        ErrorCode::RESOURCE_NOT_FOUND
    );
    assert_eq!(
        code(Envelope::from_kind("internal_error", "broken")),
        ErrorCode::INTERNAL_ERROR
    );
    assert_eq!(
        code(Envelope::from_kind("timeout", "slow")),
        ErrorCode::INTERNAL_ERROR
    );
}

#[test]
fn a_protocol_error_carries_the_envelope_and_a_one_line_message() {
    let envelope = Envelope::from_kind("invalid_param", "line one\nline two");
    let error = protocol_error(&envelope);
    assert_eq!(error.message, "line one line two");
    assert_eq!(error.data, Some(serde_json::to_value(&envelope).unwrap()));
}

#[test]
fn rmcps_own_errors_become_envelopes() {
    let unknown = envelope_rmcp_error(ErrorData::invalid_params("tool not found", None), "serach");
    let data = unknown.data.unwrap();
    assert_eq!(data["kind"], "unknown_tool");
    assert_eq!(data["tool"], "serach");

    let missing = envelope_rmcp_error(
        ErrorData::invalid_params(
            "failed to deserialize parameters: missing field `query`",
            None,
        ),
        "search",
    );
    assert_eq!(missing.code, ErrorCode::INVALID_PARAMS);
    let data = missing.data.unwrap();
    assert_eq!(data["kind"], "missing_param");
    assert_eq!(data["param"], "query");

    let wrong = envelope_rmcp_error(
        ErrorData::invalid_params(
            "failed to deserialize parameters: invalid type: string \"ten\", expected u32",
            None,
        ),
        "search",
    );
    let data = wrong.data.unwrap();
    assert_eq!(data["kind"], "invalid_param");
    assert!(
        data["message"].as_str().unwrap().contains("expected u32"),
        "{data}"
    );

    let internal = envelope_rmcp_error(
        ErrorData::internal_error("token=hunter2hunter2 leaked", None),
        "search",
    );
    let data = internal.data.unwrap();
    assert_eq!(data["kind"], "internal_error");
    assert_eq!(data["cause"], "token=[REDACTED] leaked");
}

#[test]
fn an_error_the_tool_may_have_returned_after_work_claims_no_side_effects_are_ruled_out() {
    // Before the tool ran: nothing can have happened.
    let unknown = envelope_rmcp_error(ErrorData::invalid_params("tool not found", None), "x");
    assert_eq!(unknown.data.unwrap()["side_effects"], "none_expected");
    let arguments = envelope_rmcp_error(
        ErrorData::invalid_params("failed to deserialize parameters: missing field `q`", None),
        "x",
    );
    assert_eq!(arguments.data.unwrap()["side_effects"], "none_expected");
    // The tool's own `ErrorData`, after it may have written rows 1 and 2.
    for error in [
        ErrorData::invalid_params("bad row 3", None),
        ErrorData::method_not_found::<rmcp::model::CallToolRequestMethod>(),
        ErrorData::resource_not_found("row 3", None),
    ] {
        let data = envelope_rmcp_error(error, "import").data.unwrap();
        assert_eq!(data["side_effects"], "unknown", "{data}");
    }
}

#[test]
fn an_error_that_already_carries_an_envelope_is_kept() {
    let original = protocol_error(&Envelope::from_kind("forbidden", "no").with_tool("admin"));
    assert_eq!(envelope_rmcp_error(original.clone(), "other"), original);
}

#[test]
fn a_protocol_errors_message_is_one_line_whatever_the_envelope_holds() {
    let stable = crate::vocabulary::stable_kind("timeout").unwrap();
    let error = protocol_error(&Envelope::from_stable(
        stable,
        "static\r\nmessage\u{0}\u{2028}end",
    ));
    assert_eq!(error.message, "static message end");
}

#[test]
fn an_envelope_a_tool_put_in_its_error_is_read_as_untrusted() {
    let carried = |data: serde_json::Value| {
        envelope_rmcp_error(ErrorData::invalid_params("x", Some(data)), "import")
    };
    // Data that only looks like an envelope is none: rmcp's error is classified.
    let bogus = carried(serde_json::json!({"contract_version": "nope", "kind": 5}));
    let data = bogus.data.unwrap();
    assert_eq!(data["kind"], "invalid_param");
    assert_eq!(data["tool"], "import");
    // A retired kind is replaced, a secret redacted, and the code and message are
    // the envelope's.
    let mut own =
        serde_json::to_value(Envelope::from_kind("timeout", "x").with_tool("import")).unwrap();
    own["kind"] = "build_failed".into();
    own["message"] = "failed with token=ghp_16C7e42F292c6912E7710c838347Ae178B4a\r\nagain".into();
    let read = carried(own);
    let data = read.data.unwrap();
    assert_eq!(data["original_kind"], "build_failed");
    assert_ne!(data["kind"], "build_failed");
    assert!(!data.to_string().contains("ghp_"), "{data}");
    assert!(
        !read.message.contains("ghp_") && !read.message.contains('\r'),
        "{}",
        read.message
    );
    let envelope: Envelope = serde_json::from_value(data).unwrap();
    assert_eq!(read.code, jsonrpc_code(&envelope));
}

#[test]
fn an_output_schema_admits_the_tools_result_and_the_envelope() {
    use std::sync::Arc;

    use rmcp::model::Tool;

    let own = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "properties": {"item": {"$ref": "#/$defs/Item"}},
        "$defs": {"Item": {"type": "string"}}
    });
    let tool = Tool::new("get", "gets", Arc::new(JsonObject::new()))
        .with_raw_output_schema(Arc::new(own.as_object().unwrap().clone()));
    let schema = with_envelope_output_schema(tool).output_schema.unwrap();
    assert_eq!(schema["type"], "object");
    assert_eq!(
        schema["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    assert_eq!(schema["$defs"]["Item"], json!({"type": "string"}));
    assert!(schema["$defs"]["agent_error_recovery"].is_object());
    assert_eq!(
        schema["anyOf"][1]["properties"]["recovery"]["$ref"],
        "#/$defs/agent_error_recovery"
    );
    assert!(schema["anyOf"][0].get("$defs").is_none());
    assert!(schema["anyOf"][1].get("$id").is_none());

    let plain = Tool::new("say", "says", Arc::new(JsonObject::new()));
    assert_eq!(with_envelope_output_schema(plain).output_schema, None);
}
