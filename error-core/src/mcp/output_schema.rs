//! Output schemas that admit the envelope: a tool that returns structured content
//! advertises its own schema and the envelope's, so a client that validates
//! `structuredContent` against the tool's output schema accepts a failure too.

use std::sync::{Arc, LazyLock};

use rmcp::model::{JsonObject, Tool};
use serde_json::Value;

/// The envelope's schema with its `$defs` renamed under this prefix, so that they
/// cannot collide with the definitions of the schema it is combined with.
const DEFINITION_PREFIX: &str = "agent_error_";

/// The envelope's JSON Schema as a JSON object ([`crate::ENVELOPE_JSON_SCHEMA`]).
///
/// ```
/// let schema = error_core::mcp::envelope_output_schema();
/// assert_eq!(schema["type"], "object");
/// ```
#[must_use]
pub fn envelope_output_schema() -> Arc<JsonObject> {
    static SCHEMA: LazyLock<Arc<JsonObject>> = LazyLock::new(|| {
        Arc::new(
            serde_json::from_str(crate::ENVELOPE_JSON_SCHEMA)
                .unwrap_or_else(|error| unreachable!("the shipped schema is JSON: {error}")),
        )
    });
    Arc::clone(&SCHEMA)
}

/// `tool` with an output schema that admits its own structured result or the
/// envelope: `{"type": "object", "anyOf": [its schema, the envelope's]}`, the
/// `$defs` of both hoisted to the root (the envelope's renamed with the prefix
/// `agent_error_`), so references still resolve. The tool's other references into
/// its own schema (the whole schema, `#`, as a recursive schema names itself;
/// draft-07's `#/definitions/...`; any other pointer) are rebased onto its place
/// under `anyOf`.
///
/// A tool without an output schema is returned as it is: MCP asks a tool with an
/// output schema to return structured content on success too, which a tool that
/// answers in text does not. Its failures still carry the envelope as
/// `structuredContent`.
///
/// ```
/// use std::sync::Arc;
/// use error_core::mcp::with_envelope_output_schema;
/// use rmcp::model::Tool;
/// use serde_json::json;
///
/// let own = json!({"type": "object", "properties": {"count": {"type": "integer"}}});
/// let tool = Tool::new("count", "counts", Arc::new(serde_json::Map::new()))
///     .with_raw_output_schema(Arc::new(own.as_object().unwrap().clone()));
/// let schema = with_envelope_output_schema(tool).output_schema.unwrap();
/// assert_eq!(schema["anyOf"][0]["properties"]["count"]["type"], "integer");
/// assert_eq!(schema["anyOf"][1]["required"][0], "contract_version");
/// ```
#[must_use]
pub fn with_envelope_output_schema(mut tool: Tool) -> Tool {
    if let Some(own) = tool.output_schema.take() {
        tool.output_schema = Some(Arc::new(combined(&own)));
    }
    tool
}

fn combined(own: &JsonObject) -> JsonObject {
    let mut own = Value::Object(own.clone());
    rebase_references(&mut own);
    let Value::Object(mut own) = own else {
        unreachable!("an object stays an object")
    };
    let mut envelope = renamed_envelope_schema();
    let mut definitions = JsonObject::new();
    for schema in [&mut own, &mut envelope] {
        if let Some(Value::Object(defs)) = schema.remove("$defs") {
            definitions.extend(defs);
        }
    }
    let dialect = own.remove("$schema");
    // A nested `$id` would make each schema its own resource, where the hoisted
    // `#/$defs/...` references no longer resolve.
    for schema in [&mut own, &mut envelope] {
        schema.remove("$schema");
        schema.remove("$id");
    }
    let mut root = JsonObject::new();
    if let Some(dialect) = dialect {
        root.insert("$schema".to_owned(), dialect);
    }
    root.insert("type".to_owned(), Value::from("object"));
    root.insert(
        "anyOf".to_owned(),
        Value::Array(vec![Value::Object(own), Value::Object(envelope)]),
    );
    if !definitions.is_empty() {
        root.insert("$defs".to_owned(), Value::Object(definitions));
    }
    root
}

/// The envelope's schema with every definition and reference renamed under
/// [`DEFINITION_PREFIX`].
fn renamed_envelope_schema() -> JsonObject {
    let mut schema = Value::Object(envelope_output_schema().as_ref().clone());
    rename_definitions(&mut schema);
    match schema {
        Value::Object(mut object) => {
            if let Some(Value::Object(defs)) = object.remove("$defs") {
                let renamed = defs
                    .into_iter()
                    .map(|(name, definition)| (format!("{DEFINITION_PREFIX}{name}"), definition))
                    .collect();
                object.insert("$defs".to_owned(), Value::Object(renamed));
            }
            object
        }
        _ => JsonObject::new(),
    }
}

/// Where the tool's own schema stands in the combined one.
const OWN_SCHEMA_POINTER: &str = "#/anyOf/0";

/// Rewrites every reference below `value` into the tool's own schema, other than
/// to its hoisted `$defs`, to point into [`OWN_SCHEMA_POINTER`]: `#` and `#/...`.
/// A plain-name fragment (`#item`, an `$anchor`) and another resource's URI stay.
fn rebase_references(value: &mut Value) {
    match value {
        Value::Object(object) => {
            for (key, member) in object.iter_mut() {
                match member {
                    Value::String(reference) if key == "$ref" || key == "$recursiveRef" => {
                        if reference == "#" {
                            *reference = OWN_SCHEMA_POINTER.to_owned();
                        } else if let Some(pointer) = reference.strip_prefix('#')
                            && pointer.starts_with('/')
                            && !pointer.starts_with("/$defs/")
                        {
                            *reference = format!("{OWN_SCHEMA_POINTER}{pointer}");
                        }
                    }
                    _ => rebase_references(member),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(rebase_references),
        _ => {}
    }
}

/// Rewrites every `"$ref": "#/$defs/name"` below `value`.
fn rename_definitions(value: &mut Value) {
    match value {
        Value::Object(object) => {
            for (key, member) in object.iter_mut() {
                match member {
                    Value::String(reference) if key == "$ref" => {
                        if let Some(name) = reference.strip_prefix("#/$defs/") {
                            *reference = format!("#/$defs/{DEFINITION_PREFIX}{name}");
                        }
                    }
                    _ => rename_definitions(member),
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(rename_definitions),
        _ => {}
    }
}
