//! A tour of the envelope: what an agent receives when things go wrong.
//!
//! Run it with `cargo run -p examples --bin tour`.

use std::time::Duration;

use error_core::{Envelope, SameArguments, SideEffects};

fn main() {
    step(
        "A dispatcher rejects a call that lacks a parameter (fix the call, then retry)",
        Envelope::from_kind("missing_param", "`query` is required")
            .with_service("search")
            .with_action("search.run")
            .with_extra("param", "query"),
    );
    step(
        "An upstream rate-limits us (wait, then retry; nothing ran)",
        Envelope::from_kind("rate_limited", "30 calls per minute exceeded")
            .with_upstream("github")
            .with_tool("github::search_issues")
            .with_retry_after(Duration::from_millis(1500)),
    );
    step(
        "A read-only tool fails; the subsystem refines side effects (the kind stays)",
        Envelope::from_kind("tool_error", "no file named report.txt")
            .with_tool("files::read")
            .with_side_effects(SideEffects::NoneExpected)
            .with_same_arguments(SameArguments::Conditional),
    );
    step(
        "An SDK reports a kind we do not know (the catch-all: inspect and escalate)",
        Envelope::from_kind("vendor_overloaded", "the vendor is shedding load"),
    );
    step(
        "An upstream still speaks a retired kind (replaced, raw value kept)",
        Envelope::from_kind("code_mode_fuel_exhausted", "the script used all its fuel"),
    );
    step(
        "An upstream sends a malformed kind and hostile text (nothing malformed reaches the wire)",
        Envelope::from_kind("Upstream\u{202e}Error!", "")
            .with_cause("connection reset\u{1b}[2J by peer"),
    );
}

fn step(title: &str, envelope: Envelope) {
    let json = serde_json::to_string_pretty(&envelope).expect("an envelope always serializes");
    println!("## {title}");
    println!(
        "HTTP {} · log level {}",
        envelope.status(),
        envelope.log_level()
    );
    println!("{json}\n");
}
