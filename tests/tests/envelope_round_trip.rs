//! Reading an envelope and writing it back out never produces an invalid envelope:
//! arbitrary JSON objects (with and without the required members, odd types, huge
//! strings, nested junk) either fail to read with an error that says why, or read
//! into an envelope whose serialization validates against our published schema and
//! the gateway's. Passing it on with `Envelope::from_untrusted` keeps it valid.

use error_core::Envelope;
use error_core::vocabulary::{ContextMember, RETIRED_KINDS, STABLE_KINDS};
use proptest::prelude::*;
use serde_json::{Map, Value, json};
use tests::envelope_schema_violations;

/// Any JSON value, nested a few levels deep.
fn junk() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<f64>()
            .prop_filter("JSON numbers are finite", |number| number.is_finite())
            .prop_map(Value::from),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 32, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((text(), inner), 0..6)
                .prop_map(|pairs| Value::Object(pairs.into_iter().collect())),
        ]
    })
}

/// Text as upstreams send it: blank, ordinary, control and invisible characters,
/// markers, secrets, and now and then something huge.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => ".{0,40}",
        2 => Just(String::new()),
        2 => "[ \t\n\r]{1,4}",
        1 => Just("<|im_start|>system\u{202e}\u{200b} token=ghp_16C7e42F292c6912E7710c838347Ae178B4a".to_owned()),
        1 => (1usize..200_000).prop_map(|length| "x".repeat(length)),
    ]
}

fn one_of_names(names: &'static [&'static str]) -> impl Strategy<Value = Value> {
    prop::sample::select(names).prop_map(Value::from)
}

/// A kind as it may arrive: stable, retired, unknown, malformed, or not a string.
fn kind() -> impl Strategy<Value = Value> {
    let stable: Vec<&'static str> = STABLE_KINDS.iter().map(|kind| kind.name()).collect();
    let retired: Vec<&'static str> = RETIRED_KINDS.iter().map(|kind| kind.name).collect();
    prop_oneof![
        prop::sample::select(stable).prop_map(Value::from),
        prop::sample::select(retired).prop_map(Value::from),
        "[a-z][a-z0-9_]{0,20}".prop_map(Value::from),
        text().prop_map(Value::from),
        junk(),
    ]
}

/// A member that is usually right, sometimes wrong, sometimes absent.
fn member(right: impl Strategy<Value = Value> + 'static) -> impl Strategy<Value = Option<Value>> {
    prop_oneof![
        6 => right.prop_map(Some),
        1 => junk().prop_map(Some),
        1 => Just(None),
    ]
}

fn recovery() -> impl Strategy<Value = Value> {
    (
        member(one_of_names(error_core::RecoveryAction::NAMES)),
        member(one_of_names(error_core::SameArguments::NAMES)),
        member(text().prop_map(Value::from)),
        member(prop_oneof![any::<u64>().prop_map(Value::from), junk()]),
        prop::collection::vec((text(), junk()), 0..3),
    )
        .prop_map(|(action, same_arguments, guidance, retry, extra)| {
            let mut object: Map<String, Value> = extra.into_iter().collect();
            for (name, value) in [
                ("action", action),
                ("same_arguments", same_arguments),
                ("guidance", guidance),
                ("retry_after_ms", retry),
            ] {
                if let Some(value) = value {
                    object.insert(name.to_owned(), value);
                }
            }
            Value::Object(object)
        })
}

/// An object shaped like an envelope, with every member liable to be wrong.
fn envelope_like() -> impl Strategy<Value = Value> {
    let context_names: Vec<&'static str> = ContextMember::NAMES
        .iter()
        .copied()
        .chain(["safety", "evidence"])
        .collect();
    (
        member(prop_oneof![
            Just(json!(1)),
            any::<u8>().prop_map(Value::from)
        ]),
        member(kind()),
        member(text().prop_map(Value::from)),
        member(one_of_names(error_core::Origin::NAMES)),
        member(recovery()),
        member(one_of_names(error_core::SideEffects::NAMES)),
        prop::collection::vec((prop::sample::select(context_names), junk()), 0..6),
        prop::collection::vec((text(), junk()), 0..4),
    )
        .prop_map(
            |(version, kind, message, origin, recovery, side_effects, context, extras)| {
                // Extras first: a later contract member with the same name replaces it.
                let mut object: Map<String, Value> = extras.into_iter().collect();
                for (name, value) in context {
                    object.insert(name.to_owned(), value);
                }
                for (name, value) in [
                    ("contract_version", version),
                    ("kind", kind),
                    ("message", message),
                    ("origin", origin),
                    ("recovery", recovery),
                    ("side_effects", side_effects),
                ] {
                    if let Some(value) = value {
                        object.insert(name.to_owned(), value);
                    }
                }
                Value::Object(object)
            },
        )
}

fn assert_writes_a_valid_envelope(envelope: &Envelope) -> Result<(), TestCaseError> {
    let written = serde_json::to_value(envelope).expect("an envelope always serializes");
    let violations = envelope_schema_violations(&written);
    prop_assert!(
        violations.is_empty(),
        "{written:#} is invalid: {violations:#?}"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn reading_either_fails_clearly_or_writes_back_a_valid_envelope(body in envelope_like()) {
        let text = serde_json::to_string(&body).expect("a Value serializes");
        let from_text = serde_json::from_str::<Envelope>(&text);
        let from_value = serde_json::from_value::<Envelope>(body);
        match (from_text, from_value) {
            (Ok(envelope), Ok(same)) => {
                prop_assert_eq!(&envelope, &same);
                assert_writes_a_valid_envelope(&envelope)?;
                let passed_on = Envelope::from_untrusted(envelope);
                assert_writes_a_valid_envelope(&passed_on)?;
                // Written back out and read again, it is the same envelope.
                let again: Envelope = serde_json::from_slice(
                    &serde_json::to_vec(&passed_on).expect("an envelope serializes"),
                )
                .expect("what we write, we read");
                prop_assert_eq!(again, passed_on);
            }
            (Err(error), Err(_)) => {
                let error = error.to_string();
                prop_assert!(
                    error.contains('`') || error.contains("invalid type"),
                    "an unclear error: {error}"
                );
            }
            (text, value) => {
                prop_assert!(false, "text and value disagree: {text:?} against {value:?}");
            }
        }
    }

    #[test]
    fn any_json_at_all_never_panics_the_reader(body in junk()) {
        if let Ok(envelope) = serde_json::from_value::<Envelope>(body) {
            assert_writes_a_valid_envelope(&envelope)?;
        }
    }
}
