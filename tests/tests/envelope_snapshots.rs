//! Representative envelopes as they appear on the wire.

use std::time::Duration;

use error_core::{Envelope, SameArguments, SideEffects};
use serde_json::json;

/// The envelope as the project writes it, members in wire order.
fn wire(envelope: &Envelope) -> String {
    serde_json::to_string_pretty(envelope).expect("an envelope always serializes")
}

#[test]
fn a_validation_error_from_a_dispatcher() {
    let envelope = Envelope::from_kind("missing_param", "`query` is required")
        .with_service("search")
        .with_action("search.run")
        .with_extra("param", "query");
    insta::assert_snapshot!(wire(&envelope));
}

#[test]
fn a_rate_limit_with_a_retry_delay() {
    let envelope = Envelope::from_kind("rate_limited", "30 calls per minute exceeded")
        .with_upstream("github")
        .with_tool("github::search_issues")
        .with_retry_after(Duration::from_millis(1500));
    insta::assert_snapshot!(wire(&envelope));
}

#[test]
fn a_read_only_tool_error_refined_to_no_side_effects() {
    let envelope = Envelope::from_kind("tool_error", "no file named report.txt")
        .with_tool("files::read")
        .with_side_effects(SideEffects::NoneExpected)
        .with_same_arguments(SameArguments::Conditional)
        .with_safety(json!({"read_only_hint": true}).as_object().unwrap().clone());
    insta::assert_snapshot!(wire(&envelope));
}

#[test]
fn an_unknown_kind_from_an_sdk() {
    insta::assert_snapshot!(wire(&Envelope::from_kind("vendor_overloaded", "try later")));
}

#[test]
fn a_retired_kind_from_an_upstream() {
    insta::assert_snapshot!(wire(&Envelope::from_kind("code_mode_fuel_exhausted", "")));
}

#[test]
fn a_malformed_kind_from_an_upstream() {
    insta::assert_snapshot!(wire(&Envelope::from_kind("Upstream Error!", "boom")));
}
