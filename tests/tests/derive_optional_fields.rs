//! `Option<T>` fields: `None` leaves the member out, `Some(value)` contributes what
//! `value` alone would, for every field attribute.

use std::time::Duration;

use error_core::{AgentError, ContextMember, Envelope};

#[derive(Debug, AgentError)]
#[agent(service = "search")]
enum SearchError {
    #[agent(kind = "upstream_error", message = "the upstream failed")]
    Upstream {
        #[agent(context)]
        upstream: Option<String>,
        #[agent(cause)]
        detail: Option<String>,
        #[agent(context = "tool")]
        called: std::option::Option<&'static str>,
        #[agent(extra)]
        attempt: Option<u32>,
    },
    #[agent(kind = "rate_limited", message = "slow down")]
    Limited(
        #[agent(context = "upstream")] Option<String>,
        #[agent(retry_after_ms)] Option<Duration>,
    ),
}

#[test]
fn none_leaves_every_member_out() {
    let error = SearchError::Upstream {
        upstream: None,
        detail: None,
        called: None,
        attempt: None,
    };
    let envelope = error.envelope();
    assert_eq!(envelope.context(ContextMember::Upstream), None);
    assert_eq!(envelope.context(ContextMember::Cause), None);
    assert_eq!(envelope.context(ContextMember::Tool), None);
    assert_eq!(envelope.extra("attempt"), None);
    assert_eq!(
        envelope,
        Envelope::from_kind("upstream_error", "the upstream failed").with_service("search")
    );
}

#[test]
fn some_behaves_as_the_value_alone() {
    let error = SearchError::Upstream {
        upstream: Some("github".into()),
        detail: Some("reset by peer\u{1b}[2J Authorization: Bearer sk-live-123456789".into()),
        called: Some("github::search"),
        attempt: Some(2),
    };
    let envelope = error.envelope();
    assert_eq!(envelope.context(ContextMember::Upstream), Some("github"));
    assert_eq!(
        envelope.context(ContextMember::Tool),
        Some("github::search")
    );
    assert_eq!(envelope.extra("attempt"), Some(&serde_json::json!(2)));
    let cause = envelope.context(ContextMember::Cause).expect("a cause");
    assert!(cause.starts_with("reset by peer"), "{cause}");
    assert!(!cause.contains("sk-live-123456789"), "{cause}");
    assert!(!cause.contains('\u{1b}'), "{cause}");
    let runtime = Envelope::from_kind("upstream_error", "the upstream failed")
        .with_service("search")
        .with_upstream("github")
        .with_tool("github::search")
        .with_cause("reset by peer\u{1b}[2J Authorization: Bearer sk-live-123456789");
    assert_eq!(
        envelope.context(ContextMember::Cause),
        runtime.context(ContextMember::Cause)
    );
}

#[test]
fn tuple_fields_take_options_too() {
    let limited = SearchError::Limited(Some("github".into()), Some(Duration::from_secs(1)));
    let envelope = limited.envelope();
    assert_eq!(envelope.context(ContextMember::Upstream), Some("github"));
    assert_eq!(envelope.recovery().retry_after_ms, Some(1000));
    let unknown = SearchError::Limited(None, None).envelope();
    assert_eq!(unknown.context(ContextMember::Upstream), None);
    assert_eq!(unknown.recovery().retry_after_ms, None);
}

/// A generic `Option<T>` context field: the bound is on `T`, not on `Option<T>`.
#[derive(Debug, AgentError)]
#[agent(kind = "not_found", message = "nothing there")]
struct Missing<T> {
    #[agent(context = "resource")]
    resource: Option<T>,
}

#[test]
fn a_generic_option_is_bounded_on_its_value() {
    let found = Missing {
        resource: Some(42_u32),
    };
    assert_eq!(
        found.envelope().context(ContextMember::Resource),
        Some("42")
    );
    let absent: Missing<u32> = Missing { resource: None };
    assert_eq!(absent.envelope().context(ContextMember::Resource), None);
}
