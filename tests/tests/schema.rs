//! The published JSON Schema describes exactly what the envelope emits.

use error_core::vocabulary::{RETIRED_KINDS, STABLE_KINDS};
use error_core::{Envelope, Origin, RecoveryAction, SameArguments, SideEffects};
use jsonschema::Validator;
use serde_json::{Value, json};
use tests::{envelope_schema, envelope_schema_violations};

fn validator() -> Validator {
    jsonschema::draft202012::new(&envelope_schema())
        .expect("the published schema is valid draft 2020-12")
}

/// Valid against our schema and the gateway's published one.
fn assert_valid(envelope: &Envelope) {
    let instance = serde_json::to_value(envelope).expect("an envelope always serializes");
    let errors = envelope_schema_violations(&instance);
    assert!(
        errors.is_empty(),
        "{instance:#} fails the schema: {errors:#?}"
    );
}

#[test]
fn every_vocabulary_kind_validates() {
    for stable in STABLE_KINDS {
        assert_valid(&Envelope::from_kind(
            stable.name(),
            format!("{} happened", stable.name()),
        ));
    }
}

#[test]
fn the_catch_all_and_replaced_kinds_validate() {
    assert_valid(&Envelope::from_kind("vendor_specific", "x").with_retry_after_ms(0));
    for retired in RETIRED_KINDS {
        assert_valid(&Envelope::from_kind(retired.name, ""));
    }
    assert_valid(&Envelope::from_kind("Not A Kind!", ""));
    assert_valid(&Envelope::from_kind("", ""));
}

#[test]
fn a_fully_loaded_envelope_validates() {
    let safety = json!({"read_only_hint": false, "destructive_hint": true, "idempotent_hint": false, "open_world_hint": true});
    let evidence = json!({"content": [{"type": "text", "text": "disk full"}], "omitted": 3});
    let envelope = Envelope::from_kind("tool_error", "the write failed: disk full")
        .with_service("files")
        .with_action("write")
        .with_tool("files::write")
        .with_upstream("files")
        .with_command("files write")
        .with_prompt("summarize")
        .with_resource("file:///tmp/report.txt")
        .with_cause("ENOSPC: no space left on device")
        .with_original_kind("disk_full")
        .with_safety(safety.as_object().unwrap().clone())
        .with_evidence(evidence.as_object().unwrap().clone())
        .with_retry_after_ms(30_000)
        .with_extra("param", "path")
        .with_extra("valid", ["a", "b"])
        .with_extra("hint", "try a smaller file");
    assert_valid(&envelope);
    let instance = serde_json::to_value(&envelope).unwrap();
    assert_eq!(instance.as_object().unwrap().len(), 6 + 11 + 3);
}

#[test]
fn the_schema_rejects_what_the_contract_forbids() {
    let validator = validator();
    let valid = serde_json::to_value(Envelope::from_kind("timeout", "slow")).unwrap();
    let broken = |edit: &dyn Fn(&mut Value)| {
        let mut instance = valid.clone();
        edit(&mut instance);
        validator.is_valid(&instance)
    };
    assert!(validator.is_valid(&valid));
    assert!(!broken(&|v| v["contract_version"] = json!(2)));
    assert!(!broken(&|v| v["kind"] = json!("Timeout")));
    assert!(!broken(&|v| v["message"] = json!("")));
    assert!(!broken(&|v| v["origin"] = json!("elsewhere")));
    assert!(!broken(&|v| v["recovery"]["retry_after_ms"] = json!(-1)));
    assert!(!broken(&|v| v["recovery"]["retry_after_ms"] = json!(1.5)));
    assert!(!broken(&|v| v["tool"] = Value::Null));
    assert!(!broken(&|v| drop(
        v.as_object_mut().unwrap().remove("side_effects")
    )));
    assert!(broken(&|v| v["future_member"] = json!({"anything": true})));
    assert!(broken(&|v| v["recovery"]["future_member"] = json!(1)));
}

fn schema_enum(name: &str) -> Vec<String> {
    let schema = envelope_schema();
    let values = schema["$defs"][name]["enum"]
        .as_array()
        .unwrap_or_else(|| panic!("the schema defines no enum `{name}`"));
    values
        .iter()
        .map(|value| value.as_str().unwrap().to_owned())
        .collect()
}

fn names(names: &[&str]) -> Vec<String> {
    names.iter().map(|&name| name.to_owned()).collect()
}

#[test]
fn schema_enums_are_the_rust_enums() {
    assert_eq!(schema_enum("origin"), names(Origin::NAMES));
    assert_eq!(schema_enum("recovery_action"), names(RecoveryAction::NAMES));
    assert_eq!(schema_enum("same_arguments"), names(SameArguments::NAMES));
    assert_eq!(schema_enum("side_effects"), names(SideEffects::NAMES));
}

#[test]
fn schema_members_are_the_contract_members() {
    let schema = envelope_schema();
    let required: Vec<String> = serde_json::from_value(schema["required"].clone()).unwrap();
    assert_eq!(required, names(error_core::vocabulary::REQUIRED_MEMBERS));
    let properties = schema["properties"].as_object().unwrap();
    let mut expected = names(error_core::vocabulary::REQUIRED_MEMBERS);
    expected.extend(names(error_core::ContextMember::NAMES));
    expected.extend(names(error_core::vocabulary::OBJECT_CONTEXT_MEMBERS));
    let mut declared: Vec<String> = properties.keys().cloned().collect();
    declared.sort();
    expected.sort();
    assert_eq!(declared, expected);
    let recovery = schema["$defs"]["recovery"]["properties"]
        .as_object()
        .unwrap();
    let mut declared: Vec<String> = recovery.keys().cloned().collect();
    declared.sort();
    let mut expected = names(error_core::vocabulary::RECOVERY_MEMBERS);
    expected.sort();
    assert_eq!(declared, expected);
}
