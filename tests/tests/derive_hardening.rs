//! The derive under the cases a demanding user tries: cycles through transparent
//! variants, waits below a millisecond, boxed trait objects, aliases, format specs
//! that name fields, fields formatted once, extras that cannot be serialized.

use std::cell::Cell;
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

use error_core::{AgentError, ContextMember};

/// A transparent variant that leads back to its own type.
#[derive(Debug, AgentError)]
enum Recursive {
    #[agent(kind = "timeout", message = "too slow")]
    Leaf,
    #[agent(transparent)]
    Nested(Box<Recursive>),
}

/// Two types that lead to each other.
#[derive(Debug, AgentError)]
enum Ping {
    #[agent(kind = "conflict", message = "ping")]
    Here,
    #[agent(transparent)]
    Pong(Box<Pong>),
}

#[derive(Debug, AgentError)]
enum Pong {
    #[agent(kind = "not_found", message = "pong")]
    Here,
    #[agent(transparent)]
    Ping(Box<Ping>),
}

#[test]
fn a_transparent_cycle_lists_each_kind_once_and_returns() {
    let kinds = |catalog: Vec<error_core::CatalogEntry>| -> Vec<&'static str> {
        catalog.iter().map(|entry| entry.kind).collect()
    };
    assert_eq!(kinds(Recursive::kind_catalog()), ["timeout"]);
    assert_eq!(kinds(Ping::kind_catalog()), ["conflict", "not_found"]);
    assert_eq!(kinds(Pong::kind_catalog()), ["not_found", "conflict"]);
    let nested = Recursive::Nested(Box::new(Recursive::Nested(Box::new(Recursive::Leaf))));
    assert_eq!(nested.kind(), "timeout");
    let around = Ping::Pong(Box::new(Pong::Ping(Box::new(Ping::Here))));
    assert_eq!(around.kind(), "conflict");
    assert_eq!(Pong::Here.kind(), "not_found");
}

type Millis = u64;

#[derive(Debug, AgentError)]
enum Waits {
    #[agent(kind = "rate_limited", message = "slow down")]
    Duration(#[agent(retry_after_ms)] Duration),
    #[agent(kind = "rate_limited", message = "slow down")]
    Alias(#[agent(retry_after_ms)] Millis),
    #[agent(kind = "rate_limited", message = "slow down")]
    OptionalAlias(#[agent(retry_after_ms)] Option<Millis>),
}

#[test]
fn a_wait_rounds_up_and_an_alias_of_u64_is_a_wait() {
    let below_a_millisecond = Waits::Duration(Duration::from_nanos(999_999));
    assert_eq!(below_a_millisecond.recovery().retry_after_ms, Some(1));
    assert_eq!(
        below_a_millisecond.envelope().recovery().retry_after_ms,
        Some(1)
    );
    let just_over = Waits::Duration(Duration::from_micros(1_500));
    assert_eq!(just_over.recovery().retry_after_ms, Some(2));
    assert_eq!(Waits::Alias(250).recovery().retry_after_ms, Some(250));
    assert_eq!(Waits::OptionalAlias(None).recovery().retry_after_ms, None);
}

/// An error whose type is known only at run time, passed through.
#[derive(AgentError)]
enum Dynamic {
    #[agent(transparent)]
    Any(Box<dyn AgentError + Send + Sync>),
    #[agent(transparent)]
    Local(Box<dyn AgentError>),
}

#[test]
fn a_boxed_trait_object_can_be_transparent() {
    let inner = Waits::Alias(5);
    let expected = inner.envelope();
    let dynamic = Dynamic::Any(Box::new(inner));
    assert_eq!(dynamic.envelope(), expected);
    assert_eq!(dynamic.kind(), "rate_limited");
    assert_eq!(dynamic.recovery().retry_after_ms, Some(5));
    let local = Dynamic::Local(Box::new(Recursive::Leaf));
    assert_eq!(local.kind(), "timeout");
    assert!(
        Dynamic::kind_catalog().is_empty(),
        "its kinds are known at run time"
    );
}

/// Widths and precisions taken from fields, by name and by position.
#[derive(Debug, AgentError)]
enum Aligned {
    #[agent(kind = "invalid_param", message = "[{param:>width$}]")]
    Named { param: String, width: usize },
    #[agent(kind = "invalid_param", message = "[{0:1$}] [{2:.3$}]")]
    Positional(String, usize, f64, usize),
    // A width named by an identifier that is not ASCII (the derive panicked).
    #[agent(kind = "invalid_param", message = "[{param:>largeur_é$}]")]
    NonAscii { param: String, largeur_é: usize },
}

#[test]
fn a_spec_may_take_its_width_or_precision_from_a_field() {
    let named = Aligned::Named {
        param: "limit".into(),
        width: 8,
    };
    assert_eq!(named.envelope().message(), "[   limit]");
    let positional = Aligned::Positional("id".into(), 4, 1.23456, 2);
    assert_eq!(positional.envelope().message(), "[id  ] [1.23]");
    let non_ascii = Aligned::NonAscii {
        param: "limit".into(),
        largeur_é: 7,
    };
    assert_eq!(non_ascii.envelope().message(), "[  limit]");
}

/// A `Display` that counts how often it runs.
#[derive(Debug)]
struct Counted<'a> {
    name: &'static str,
    calls: &'a Cell<u32>,
}

impl fmt::Display for Counted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.calls.set(self.calls.get() + 1);
        f.write_str(self.name)
    }
}

#[derive(Debug, AgentError)]
#[agent(kind = "upstream_error", message = "`{upstream}` failed")]
struct Failed<'a> {
    #[agent(context)]
    upstream: Counted<'a>,
}

#[test]
fn a_field_in_the_message_and_the_context_is_formatted_once() {
    let calls = Cell::new(0);
    let error = Failed {
        upstream: Counted {
            name: "github",
            calls: &calls,
        },
    };
    let envelope = error.envelope();
    assert_eq!(envelope.message(), "`github` failed");
    assert_eq!(envelope.context(ContextMember::Upstream), Some("github"));
    assert_eq!(calls.get(), 1);
}

#[derive(Debug, AgentError)]
#[agent(kind = "upstream_error", message = "`{upstream}` failed")]
struct FailedTwice<'a> {
    #[agent(context, cause)]
    upstream: Counted<'a>,
}

#[test]
fn a_field_in_the_message_and_two_members_is_formatted_once_and_fills_both() {
    let calls = Cell::new(0);
    let error = FailedTwice {
        upstream: Counted {
            name: "github",
            calls: &calls,
        },
    };
    let envelope = error.envelope();
    assert_eq!(envelope.message(), "`github` failed");
    assert_eq!(envelope.context(ContextMember::Upstream), Some("github"));
    assert_eq!(envelope.context(ContextMember::Cause), Some("github"));
    assert_eq!(calls.get(), 1);
}

#[derive(Debug, AgentError)]
#[agent(kind = "invalid_param", message = "bad pairs")]
struct Pairs {
    /// JSON has no map with non-string keys: this cannot be serialized.
    #[agent(extra)]
    pairs: BTreeMap<(u8, u8), u8>,
    #[agent(extra)]
    count: usize,
}

#[test]
fn an_extra_that_cannot_be_serialized_is_left_out() {
    let error = Pairs {
        pairs: BTreeMap::from([((1, 2), 3)]),
        count: 1,
    };
    let envelope = error.envelope();
    assert_eq!(envelope.extra("pairs"), None);
    assert_eq!(envelope.extra("count"), Some(&serde_json::json!(1)));
}

/// A new kind next to a stable one, on purpose.
#[derive(Debug, AgentError)]
enum Deliberate {
    #[agent(
        kind = "quota_exceeded_soft",
        new_kind,
        origin = budget,
        recovery(action = reduce_work, same_arguments = never, guidance = "Ask for less."),
        side_effects = none_expected,
        status = 429,
        message = "over the soft quota"
    )]
    Soft,
}

#[test]
fn new_kind_lets_a_kind_close_to_a_stable_one_compile() {
    assert_eq!(Deliberate::Soft.kind(), "quota_exceeded_soft");
    assert_eq!(Deliberate::Soft.status().as_u16(), 429);
}

/// The type's `service` names its own variants; a transparent variant keeps the
/// service of the error it passes through.
#[derive(Debug, AgentError)]
#[agent(service = "search")]
enum Search {
    #[agent(kind = "timeout", message = "the index is slow")]
    Slow,
}

#[derive(Debug, AgentError)]
#[agent(service = "gateway")]
enum Gateway {
    #[agent(kind = "unknown_tool", message = "no such tool")]
    Unknown,
    #[agent(transparent)]
    Search(Search),
}

#[test]
fn a_transparent_variant_keeps_the_inner_service() {
    let own = Gateway::Unknown.envelope();
    assert_eq!(own.context(ContextMember::Service), Some("gateway"));
    let passed = Gateway::Search(Search::Slow).envelope();
    assert_eq!(passed.context(ContextMember::Service), Some("search"));
}

/// Fields whose bindings met another field's, or a name of the generated code
/// (`Name` and `name_0`, a rendered context field and `text_0`, `envelope`).
#[derive(Debug, AgentError)]
#[allow(non_snake_case)]
enum Colliding {
    #[agent(kind = "tool_error", message = "{Name} {name_0}")]
    Cased {
        #[agent(context = "tool")]
        Name: String,
        #[agent(context = "upstream")]
        name_0: String,
    },
    #[agent(
        kind = "tool_error",
        message = "{tool} then {text_0} {envelope} {source}"
    )]
    Generated {
        #[agent(context)]
        tool: String,
        text_0: String,
        envelope: String,
        source: String,
    },
}

#[test]
fn every_field_is_bound_to_its_own_local() {
    let cased = Colliding::Cased {
        Name: "N".into(),
        name_0: "n0".into(),
    };
    let envelope = cased.envelope();
    assert_eq!(envelope.message(), "N n0");
    assert_eq!(envelope.context(ContextMember::Tool), Some("N"));
    assert_eq!(envelope.context(ContextMember::Upstream), Some("n0"));
    let generated = Colliding::Generated {
        tool: "TOOL".into(),
        text_0: "text".into(),
        envelope: "env".into(),
        source: "src".into(),
    };
    assert_eq!(generated.envelope().message(), "TOOL then text env src");
}
