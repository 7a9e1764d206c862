//! What the operator's log gets from the running gateway, captured by a tracing
//! subscriber: one event per error response, at the contract's level, with the
//! log record's fields; and secrets planted in an upstream's text reach neither
//! the log nor the body.

mod common;

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use common::{RunningDemo, call_tool, client, valid_envelope};
use examples::service::tools::{PLANTED_DATABASE_PASSWORD, PLANTED_UPSTREAM_TOKEN};
use tracing::field::{Field, Visit};
use tracing::{Event, Level, Subscriber};
use tracing_subscriber::layer::{Context, Layer, SubscriberExt as _};

/// One event: its level and its fields as text.
#[derive(Debug)]
struct Logged {
    level: Level,
    fields: BTreeMap<&'static str, String>,
}

#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<Logged>>>);

struct Fields<'a>(&'a mut BTreeMap<&'static str, String>);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.insert(field.name(), format!("{value:?}"));
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name(), value.to_owned());
    }
}

impl<S: Subscriber> Layer<S> for Capture {
    fn on_event(&self, event: &Event<'_>, _: Context<'_, S>) {
        // The HTTP client logs too; only error-core's events are the service's log.
        if !event.metadata().target().starts_with("error_core") {
            return;
        }
        let mut fields = BTreeMap::new();
        event.record(&mut Fields(&mut fields));
        self.0.lock().unwrap().push(Logged {
            level: *event.metadata().level(),
            fields,
        });
    }
}

/// Calls each tool on a running gateway and returns the bodies and the events.
async fn logged_calls(calls: &[(&str, &str)]) -> (Vec<Vec<u8>>, Vec<Logged>) {
    let capture = Capture::default();
    // The test runs on one thread, the server's tasks included, so a thread-local
    // default subscriber sees every event.
    let _default =
        tracing::subscriber::set_default(tracing_subscriber::registry().with(capture.clone()));
    let demo = RunningDemo::start().await;
    let client = client();
    let mut bodies = Vec::new();
    for (tool, arguments) in calls {
        bodies.push(call_tool(&demo, &client, tool, arguments).await.body);
    }
    drop(client);
    demo.stop().await;
    let events = std::mem::take(&mut *capture.0.lock().unwrap());
    (bodies, events)
}

#[tokio::test]
async fn each_error_response_is_one_event_at_the_contract_s_level() {
    let calls = [
        ("weather", r#"{"city": "Paris"}"#),
        ("stats", "{}"),
        ("search", r#"{"query": "rust"}"#),
    ];
    let (bodies, events) = logged_calls(&calls).await;
    assert_eq!(
        events.len(),
        2,
        "one per error, none for the success: {events:#?}"
    );

    let limited = &events[0];
    assert_eq!(limited.level, Level::WARN);
    let envelope = valid_envelope(&bodies[0]);
    for (field, value) in [
        ("kind", "rate_limited"),
        ("origin", "budget"),
        ("status", "429"),
        ("recovery_action", "retry_later"),
        ("same_arguments", "conditional"),
        ("retry_after_ms", "1500"),
        ("side_effects", "none_expected"),
        ("service", "gateway"),
        ("action", "call_tool"),
        ("tool", "weather"),
        ("upstream", "weather-api"),
    ] {
        assert_eq!(
            limited.fields.get(field).map(String::as_str),
            Some(value),
            "{field}"
        );
    }
    assert_eq!(
        limited.fields["message"],
        envelope["message"].as_str().unwrap()
    );

    let internal = &events[1];
    assert_eq!(internal.level, Level::ERROR);
    assert_eq!(internal.fields["kind"], "internal_error");
    assert_eq!(internal.fields["status"], "500");
    assert!(
        internal.fields["source_chain"].starts_with("the stats store failed: postgres://stats:"),
        "{internal:?}"
    );
}

#[tokio::test]
async fn planted_secrets_reach_neither_the_log_nor_the_body() {
    let (bodies, events) = logged_calls(&[
        ("fetch_page", r#"{"url": "https://example.com/page"}"#),
        ("stats", "{}"),
    ])
    .await;
    assert_eq!(events.len(), 2, "{events:#?}");
    let upstream = &events[0];
    assert_eq!(upstream.fields["kind"], "upstream_error");
    assert!(
        upstream.fields["cause"].contains("Authorization: Bearer [REDACTED]"),
        "the cause is logged, redacted: {upstream:?}"
    );
    let log = format!("{events:?}");
    let bodies: Vec<String> = bodies
        .iter()
        .map(|body| String::from_utf8(body.clone()).unwrap())
        .collect();
    for secret in [
        PLANTED_UPSTREAM_TOKEN,
        PLANTED_DATABASE_PASSWORD,
        "sk_live_",
        "<|im_start|>",
    ] {
        assert!(!log.contains(secret), "`{secret}` in the log: {log}");
        for body in &bodies {
            assert!(!body.contains(secret), "`{secret}` in a body: {body}");
        }
    }
    for event in &events {
        for (field, value) in &event.fields {
            assert!(!value.contains('\n'), "`{field}` spans lines: {value:?}");
        }
    }
}
