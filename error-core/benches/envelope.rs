//! Building an envelope and serializing it to JSON bytes, against the naive approach
//! (a `serde_json::Value` map) and the floor (a derived `Serialize` struct of
//! borrowed strings with the same members). All of them write the same bytes.
//!
//! Run with `cargo bench -p error-core --bench envelope`.

use divan::{AllocProfiler, Bencher, black_box};
use error_core::vocabulary::stable_kind;
use error_core::{AgentError, Envelope, RecoveryAction};
use serde::Serialize;
use serde_json::{Map, Value, json};

#[global_allocator]
static ALLOCATOR: AllocProfiler = AllocProfiler::system();

const KIND: &str = "rate_limited";
const MESSAGE: &str = "30 calls per minute exceeded for github::search_issues";
const TOOL: &str = "github::search_issues";
const UPSTREAM: &str = "github";
const RETRY_AFTER_MS: u64 = 1500;

fn main() {
    let expected = serde_json::to_vec(&dynamic_envelope(KIND, MESSAGE)).unwrap();
    assert_eq!(
        serde_json::to_vec(&static_envelope(MESSAGE)).unwrap(),
        expected
    );
    // A `Value` map sorts its members, so it matches in content, not in order.
    let parsed: Value = serde_json::from_slice(&expected).unwrap();
    assert_eq!(naive_map(KIND, MESSAGE), parsed);
    assert_eq!(serde_json::to_vec(&floor(KIND, MESSAGE)).unwrap(), expected);
    assert_eq!(
        serde_json::to_vec(&derived_error(TOOL).envelope()).unwrap(),
        expected
    );
    assert_eq!(
        serde_json::to_vec(&run_time_error().envelope()).unwrap(),
        expected
    );
    assert_eq!(
        serde_json::to_vec(&floor_formatted(UPSTREAM, TOOL)).unwrap(),
        expected
    );
    divan::main();
}

fn dynamic_envelope(kind: &str, message: &str) -> Envelope {
    Envelope::from_kind(kind, message)
        .with_upstream(UPSTREAM)
        .with_tool(TOOL)
        .with_retry_after_ms(RETRY_AFTER_MS)
}

/// What a derived error does: the kind's table entry is known at compile time and
/// the message is the type's own `&'static str`.
fn static_envelope(message: &'static str) -> Envelope {
    let kind = stable_kind(KIND).expect("rate_limited is stable");
    Envelope::from_stable(kind, message)
        .with_upstream(UPSTREAM)
        .with_tool(TOOL)
        .with_retry_after_ms(RETRY_AFTER_MS)
}

/// A subsystem's error as users write it: the message interpolates a field, so it
/// is formatted at run time. The fields are constant names (`&'static str`): a
/// thread sanitizes each, and the message they make, once, and the members borrow
/// them (`envelope_derived_run_time_context` has `String` fields, copied and
/// sanitized every time).
#[derive(Debug, AgentError)]
enum GithubError {
    #[agent(
        kind = "rate_limited",
        message = "30 calls per minute exceeded for {tool}"
    )]
    RateLimited {
        #[agent(context)]
        upstream: &'static str,
        #[agent(context)]
        tool: &'static str,
        #[agent(retry_after_ms)]
        retry_after_ms: u64,
    },
}

fn derived_error(tool: &'static str) -> GithubError {
    GithubError::RateLimited {
        upstream: UPSTREAM,
        tool,
        retry_after_ms: RETRY_AFTER_MS,
    }
}

/// The same error with context fields that hold text built at run time: each is
/// copied into its member and sanitized there every time (a thread reads a short
/// `&'static str` field once, and its member then borrows it).
#[derive(Debug, AgentError)]
enum GithubRunTimeError {
    #[agent(
        kind = "rate_limited",
        message = "30 calls per minute exceeded for {tool}"
    )]
    RateLimited {
        #[agent(context)]
        upstream: String,
        #[agent(context)]
        tool: String,
        #[agent(retry_after_ms)]
        retry_after_ms: u64,
    },
}

fn run_time_error() -> GithubRunTimeError {
    GithubRunTimeError::RateLimited {
        upstream: UPSTREAM.to_owned(),
        tool: TOOL.to_owned(),
        retry_after_ms: RETRY_AFTER_MS,
    }
}

fn naive_map(kind: &str, message: &str) -> Value {
    let mut map = Map::new();
    map.insert("contract_version".into(), json!(1));
    map.insert("kind".into(), json!(kind));
    map.insert("message".into(), json!(message));
    map.insert("origin".into(), json!("budget"));
    map.insert(
        "recovery".into(),
        json!({
            "action": "retry_later",
            "same_arguments": "conditional",
            "guidance": RecoveryAction::RetryLater.guidance(),
            "retry_after_ms": RETRY_AFTER_MS,
        }),
    );
    map.insert("side_effects".into(), json!("none_expected"));
    map.insert("upstream".into(), json!(UPSTREAM));
    map.insert("tool".into(), json!(TOOL));
    Value::Object(map)
}

#[derive(Serialize)]
struct FloorEnvelope<'a> {
    contract_version: u32,
    kind: &'a str,
    message: &'a str,
    origin: &'a str,
    recovery: FloorRecovery<'a>,
    side_effects: &'a str,
    tool: &'a str,
    upstream: &'a str,
}

#[derive(Serialize)]
struct FloorRecovery<'a> {
    action: &'a str,
    same_arguments: &'a str,
    guidance: &'a str,
    retry_after_ms: u64,
}

fn floor<'a>(kind: &'a str, message: &'a str) -> FloorEnvelope<'a> {
    FloorEnvelope {
        contract_version: 1,
        kind,
        message,
        origin: "budget",
        recovery: FloorRecovery {
            action: "retry_later",
            same_arguments: "conditional",
            guidance: RecoveryAction::RetryLater.guidance(),
            retry_after_ms: RETRY_AFTER_MS,
        },
        side_effects: "none_expected",
        tool: TOOL,
        upstream: UPSTREAM,
    }
}

/// The floor of the derived path: the unavoidable work of an error whose message
/// interpolates a field and whose two context values are copied, with nothing else.
#[derive(Serialize)]
struct FloorFormatted {
    contract_version: u32,
    kind: &'static str,
    message: String,
    origin: &'static str,
    recovery: FloorRecovery<'static>,
    side_effects: &'static str,
    tool: String,
    upstream: String,
}

fn floor_formatted(upstream: &str, tool: &str) -> FloorFormatted {
    FloorFormatted {
        contract_version: 1,
        kind: KIND,
        message: format!("30 calls per minute exceeded for {tool}"),
        origin: "budget",
        recovery: FloorRecovery {
            action: "retry_later",
            same_arguments: "conditional",
            guidance: RecoveryAction::RetryLater.guidance(),
            retry_after_ms: RETRY_AFTER_MS,
        },
        side_effects: "none_expected",
        tool: tool.to_owned(),
        upstream: upstream.to_owned(),
    }
}

#[divan::bench]
fn floor_formatted_struct(bencher: Bencher) {
    bencher.bench(|| serde_json::to_vec(&floor_formatted(black_box(UPSTREAM), black_box(TOOL))));
}

#[divan::bench]
fn envelope_from_kind(bencher: Bencher) {
    bencher.bench(|| serde_json::to_vec(&dynamic_envelope(black_box(KIND), black_box(MESSAGE))));
}

#[divan::bench]
fn envelope_static(bencher: Bencher) {
    bencher.bench(|| serde_json::to_vec(&static_envelope(black_box(MESSAGE))));
}

#[divan::bench]
fn envelope_derived(bencher: Bencher) {
    bencher.bench(|| serde_json::to_vec(&derived_error(black_box(TOOL)).envelope()));
}

/// `envelope_derived` of an error whose context fields are `String`s, made before
/// the timing as a service has its error before it asks for the envelope.
#[divan::bench]
fn envelope_derived_run_time_context(bencher: Bencher) {
    bencher
        .with_inputs(run_time_error)
        .bench_refs(|error| serde_json::to_vec(&error.envelope()));
}

#[divan::bench]
fn naive_value_map(bencher: Bencher) {
    bencher.bench(|| serde_json::to_vec(&naive_map(black_box(KIND), black_box(MESSAGE))));
}

#[divan::bench]
fn floor_borrowed_struct(bencher: Bencher) {
    bencher.bench(|| serde_json::to_vec(&floor(black_box(KIND), black_box(MESSAGE))));
}
