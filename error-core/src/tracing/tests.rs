//! The events, captured by a subscriber that keeps every field.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::{Arc, Mutex};

use ::tracing::field::{Field, Visit};
use ::tracing::span::{Attributes, Id, Record};
use ::tracing::{Event, Level, Metadata, Subscriber};

use super::{log_envelope, log_internal_error};
use crate::{ContextMember, Envelope, InternalError};

/// One captured event: its level and its fields as text.
#[derive(Debug)]
struct Captured {
    level: Level,
    fields: BTreeMap<String, String>,
}

#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<Captured>>>);

impl Capture {
    /// The events `log` emits.
    fn events(log: impl FnOnce()) -> Vec<Captured> {
        let capture = Self::default();
        ::tracing::subscriber::with_default(capture.clone(), log);
        std::mem::take(&mut *capture.0.lock().unwrap())
    }
}

struct Fields<'a>(&'a mut BTreeMap<String, String>);

impl Visit for Fields<'_> {
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.insert(field.name().to_owned(), format!("{value:?}"));
    }

    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().to_owned(), value.to_owned());
    }
}

impl Subscriber for Capture {
    fn enabled(&self, _: &Metadata<'_>) -> bool {
        true
    }

    fn new_span(&self, _: &Attributes<'_>) -> Id {
        Id::from_u64(1)
    }

    fn record(&self, _: &Id, _: &Record<'_>) {}

    fn record_follows_from(&self, _: &Id, _: &Id) {}

    fn event(&self, event: &Event<'_>) {
        let mut fields = BTreeMap::new();
        event.record(&mut Fields(&mut fields));
        self.0.lock().unwrap().push(Captured {
            level: *event.metadata().level(),
            fields,
        });
    }

    fn enter(&self, _: &Id) {}

    fn exit(&self, _: &Id) {}
}

#[test]
fn the_event_has_the_level_and_every_field_of_the_log_record() {
    let mut envelope = Envelope::from_kind("rate_limited", "slow\ndown").with_retry_after_ms(1500);
    for &member in ContextMember::ALL {
        envelope = envelope.with_context(member, format!("{member} value"));
    }
    let events = Capture::events(|| log_envelope(&envelope));
    let [event] = &events[..] else {
        panic!("one event expected: {events:?}")
    };
    assert_eq!(event.level, Level::WARN);
    let record = envelope.log_record();
    for (name, value) in record.fields() {
        assert_eq!(
            event.fields.get(name).map(String::as_str),
            Some(value),
            "field `{name}`"
        );
    }
    assert_eq!(
        event.fields.len(),
        record.fields().len(),
        "{:?}",
        event.fields
    );
}

#[test]
fn internal_failures_log_at_error_with_their_source_chain() {
    let error = InternalError::new(&std::io::Error::other(Wrapped(std::io::Error::other(
        "connecting to postgres://app:hunter2@db/app\nretrying",
    ))));
    let events = Capture::events(|| log_internal_error(&error));
    let [event] = &events[..] else {
        panic!("one event expected: {events:?}")
    };
    assert_eq!(event.level, Level::ERROR);
    assert_eq!(event.fields["kind"], "internal_error");
    assert_eq!(
        event.fields["source_chain"],
        "the store failed: connecting to postgres://app:[REDACTED]@db/app retrying"
    );
    assert!(
        !format!("{:?}", event.fields).contains("hunter2"),
        "{event:?}"
    );
}

#[test]
fn absent_members_are_left_out() {
    let events = Capture::events(|| log_envelope(&Envelope::from_kind("timeout", "too slow")));
    let fields: Vec<_> = events[0].fields.keys().map(String::as_str).collect();
    assert_eq!(
        fields,
        [
            "kind",
            "message",
            "origin",
            "recovery_action",
            "same_arguments",
            "side_effects",
            "status"
        ]
    );
}

#[derive(Debug)]
struct Wrapped(std::io::Error);

impl fmt::Display for Wrapped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the store failed")
    }
}

impl std::error::Error for Wrapped {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.0)
    }
}
