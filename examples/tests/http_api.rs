//! The demo gateway over HTTP, called with a real client on a real socket: every
//! failure family, axum's own rejections, statuses, headers and bodies.

mod common;

use common::{Answer, RunningDemo, answer, call_tool, client, valid_envelope};
use serde_json::Value;

/// One failing call and what must come back.
struct Failure {
    tool: &'static str,
    arguments: &'static str,
    status: u16,
    kind: &'static str,
}

const FAILURES: &[Failure] = &[
    Failure {
        tool: "search",
        arguments: r#"{"limit": 2}"#,
        status: 422,
        kind: "missing_param",
    },
    Failure {
        tool: "search",
        arguments: r#"{"query": "rust", "limit": 500}"#,
        status: 422,
        kind: "invalid_param",
    },
    Failure {
        tool: "search",
        arguments: r#"{"query": "rust", "limit": "two"}"#,
        status: 422,
        kind: "invalid_param",
    },
    Failure {
        tool: "weather",
        arguments: r#"{"city": "Paris"}"#,
        status: 429,
        kind: "rate_limited",
    },
    Failure {
        tool: "report",
        arguments: "{}",
        status: 504,
        kind: "timeout",
    },
    Failure {
        tool: "delete_repo",
        arguments: r#"{"repo": "acme/site"}"#,
        status: 422,
        kind: "confirmation_required",
    },
    Failure {
        tool: "delete_repo",
        arguments: r#"{"repo": "acme/site", "confirm": true}"#,
        status: 403,
        kind: "forbidden",
    },
    Failure {
        tool: "serach",
        arguments: "{}",
        status: 404,
        kind: "unknown_tool",
    },
    Failure {
        tool: "stats",
        arguments: "{}",
        status: 500,
        kind: "internal_error",
    },
    Failure {
        tool: "fetch_page",
        arguments: r#"{"url": "https://example.com"}"#,
        status: 502,
        kind: "upstream_error",
    },
    Failure {
        tool: "drive_export",
        arguments: r#"{"file": "notes"}"#,
        status: 401,
        kind: "oauth_needs_reauth",
    },
    Failure {
        tool: "run_script",
        arguments: r#"{"code": "call(search"}"#,
        status: 422,
        kind: "script_syntax_error",
    },
    Failure {
        tool: "run_script",
        arguments: r#"{"code": "call(a) call(b) call(c) call(d)"}"#,
        status: 429,
        kind: "call_budget_exceeded",
    },
];

/// The headers every error response has, and the envelope, valid against both
/// schemas.
fn error_envelope(answer: &Answer) -> Value {
    assert_eq!(answer.content_type.as_deref(), Some("application/json"));
    let envelope = valid_envelope(&answer.body);
    let retry_after_ms = envelope["recovery"]["retry_after_ms"].as_u64();
    let expected = retry_after_ms.map(|milliseconds| milliseconds.div_ceil(1000).to_string());
    assert_eq!(answer.retry_after, expected, "{envelope}");
    envelope
}

#[tokio::test]
async fn every_failure_family_is_an_envelope_with_its_status() {
    let demo = RunningDemo::start().await;
    let client = client();
    for failure in FAILURES {
        let answer = call_tool(&demo, &client, failure.tool, failure.arguments).await;
        let envelope = error_envelope(&answer);
        assert_eq!(
            (answer.status, envelope["kind"].as_str()),
            (failure.status, Some(failure.kind)),
            "{} {}: {envelope}",
            failure.tool,
            failure.arguments
        );
        assert_eq!(envelope["tool"], failure.tool, "{envelope}");
        // The route's context fills in what the error does not say itself (the
        // dispatcher's errors name their own action, the subsystems their service).
        assert!(envelope["action"].is_string(), "{envelope}");
        assert!(envelope["service"].is_string(), "{envelope}");
    }
    drop(client);
    demo.stop().await;
}

#[tokio::test]
async fn each_failure_carries_what_the_agent_needs_next() {
    let demo = RunningDemo::start().await;
    let client = client();
    let envelope = |answer: Answer| error_envelope(&answer);

    let limited = envelope(call_tool(&demo, &client, "weather", r#"{"city": "Paris"}"#).await);
    assert_eq!(limited["recovery"]["retry_after_ms"], 1500);
    assert_eq!(limited["upstream"], "weather-api");
    assert_eq!(
        limited["service"], "gateway",
        "the subsystem's own service wins"
    );
    assert_eq!(
        limited["action"], "call_tool",
        "the route's action fills in"
    );

    let missing = envelope(call_tool(&demo, &client, "search", r#"{"limit": 2}"#).await);
    assert_eq!(missing["param"], "query");
    let invalid =
        envelope(call_tool(&demo, &client, "search", r#"{"query": "x", "limit": 0}"#).await);
    assert_eq!(invalid["param"], "limit");

    let forbidden = envelope(
        call_tool(
            &demo,
            &client,
            "delete_repo",
            r#"{"repo": "a/b", "confirm": true}"#,
        )
        .await,
    );
    assert_eq!(forbidden["required_scopes"][0], "repo:delete");
    let unconfirmed =
        envelope(call_tool(&demo, &client, "delete_repo", r#"{"repo": "a/b"}"#).await);
    assert_eq!(unconfirmed["recovery"]["action"], "confirm");

    let unknown = envelope(call_tool(&demo, &client, "serach", "{}").await);
    let valid: Vec<&str> = unknown["valid"]
        .as_array()
        .expect("the valid tool names")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    assert!(
        valid.contains(&"search") && valid.contains(&"weather"),
        "{valid:?}"
    );

    let timeout = envelope(call_tool(&demo, &client, "report", "{}").await);
    assert_eq!(timeout["side_effects"], "possible");
    drop(client);
    demo.stop().await;
}

#[tokio::test]
async fn the_success_path_answers_json() {
    let demo = RunningDemo::start().await;
    let client = client();
    let answer = call_tool(&demo, &client, "search", r#"{"query": "rust", "limit": 2}"#).await;
    assert_eq!(answer.status, 200);
    assert_eq!(answer.content_type.as_deref(), Some("application/json"));
    let result: Value = serde_json::from_slice(&answer.body).unwrap();
    assert_eq!(result["results"].as_array().map(Vec::len), Some(2));

    let by_query = common::answer(client.get(demo.url("/v1/search?query=rust&limit=1"))).await;
    assert_eq!(by_query.status, 200);
    let index = common::answer(client.get(demo.url("/"))).await;
    let index: Value = serde_json::from_slice(&index.body).unwrap();
    let first_curl = index["tools"][0]["try"].as_str().unwrap();
    assert!(first_curl.starts_with(&format!("curl -i -X POST {}", demo.url("/v1/tools/"))));
    drop(client);
    demo.stop().await;
}

#[tokio::test]
async fn axum_s_own_rejections_are_envelopes() {
    let demo = RunningDemo::start().await;
    let client = client();
    let tools = demo.url("/v1/tools/search");
    let cases = [
        (
            "a body that is not JSON",
            client
                .post(&tools)
                .header("content-type", "application/json")
                .body("{query"),
            422,
            "invalid_param",
            Some("body"),
        ),
        (
            "a body without a JSON content type",
            client.post(&tools).body(r#"{"query": "rust"}"#),
            422,
            "invalid_param",
            Some("content-type"),
        ),
        (
            "a missing query parameter",
            client.get(demo.url("/v1/search?limit=2")),
            422,
            "missing_param",
            Some("query"),
        ),
        (
            "a query parameter of the wrong type",
            client.get(demo.url("/v1/search?query=rust&limit=many")),
            422,
            "invalid_param",
            Some("limit"),
        ),
        (
            "a wrong method",
            client.get(&tools),
            405,
            "method_not_allowed",
            None,
        ),
        (
            "an unknown route",
            client.get(demo.url("/v2/nothing")),
            404,
            "route_not_found",
            None,
        ),
    ];
    for (case, request, status, kind, param) in cases {
        let answer = answer(request).await;
        let envelope = error_envelope(&answer);
        assert_eq!(answer.status, status, "{case}: {envelope}");
        assert_eq!(envelope["kind"], kind, "{case}: {envelope}");
        assert_eq!(envelope["param"].as_str(), param, "{case}: {envelope}");
        if status == 405 {
            assert_eq!(answer.allow.as_deref(), Some("POST"), "{case}");
        }
    }
    drop(client);
    demo.stop().await;
}
