//! The derive's expansion adds no warnings: this file denies them all, including
//! `unused_qualifications`, `missing_docs` and clippy's pedantic and nursery groups
//! (run by `cargo clippy --all-targets`), and exercises every attribute. The
//! `#![no_std]` case, under the same lints, is `derive_no_std.rs`.
#![deny(
    warnings,
    unused_qualifications,
    missing_docs,
    clippy::all,
    clippy::pedantic,
    clippy::nursery
)]

use std::time::Duration;

use error_core::{AgentError, ContextMember};

/// Every field attribute, on a public type, under a service.
#[derive(Debug, AgentError)]
#[agent(service = "lints", side_effects = none_expected)]
pub enum Everything {
    /// A stable kind with a field message, context, extra and cause.
    #[agent(kind = "invalid_param", message = "bad `{param}` ({param:?})")]
    Invalid {
        /// The parameter.
        #[agent(extra)]
        param: String,
        /// The tool.
        #[agent(context)]
        tool: String,
        /// Why.
        #[agent(cause)]
        why: String,
        /// Not emitted.
        secret: String,
    },
    /// Retry after a wait.
    #[agent(kind = "rate_limited", message = "slow down")]
    Limited(#[agent(retry_after_ms)] Option<Duration>),
    /// A new kind.
    #[agent(
        kind = "lint_new_kind",
        origin = validation,
        recovery(action = revise_and_retry, same_arguments = never, guidance = "Fix it."),
        status = 422,
        log_level = error,
        message = "new"
    )]
    New,
    /// A transparent variant.
    #[agent(transparent)]
    Inner(Single),
}

/// A struct whose message is its `Display`.
#[derive(Debug, AgentError)]
#[agent(kind = "timeout")]
pub struct Single {
    /// The wait.
    #[agent(retry_after_ms)]
    pub wait_ms: u64,
}

impl std::fmt::Display for Single {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "timed out, retry in {} ms", self.wait_ms)
    }
}

/// Generics with lifetimes, bounds and a where clause.
#[derive(Debug, AgentError)]
pub enum Generic<'a, T, E>
where
    T: Clone,
{
    /// An extra of a generic type.
    #[agent(kind = "invalid_param", message = "{name}")]
    Value {
        /// A borrowed name.
        name: &'a str,
        /// A generic value.
        #[agent(extra)]
        value: T,
    },
    /// A generic transparent variant.
    #[agent(transparent)]
    Wrapped(E),
}

/// A generic type whose message is its own `Display`.
#[derive(Debug, AgentError)]
pub enum GenericDisplay<T: std::fmt::Debug> {
    /// A generic payload, shown through `Display` only.
    #[agent(kind = "timeout")]
    TimedOut(T),
}

impl<T: std::fmt::Debug> std::fmt::Display for GenericDisplay<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::TimedOut(after) => write!(f, "timed out after {after:?}"),
        }
    }
}

/// Messages that show `&'static str` fields alone, read once per thread.
#[derive(Debug, AgentError)]
#[agent(service = "lints")]
pub enum Constant {
    /// A context field shown plainly, another with a spec, and one shown twice.
    #[agent(
        kind = "rate_limited",
        message = "`{tool}` on {host:?}: {tool} ({region:>8})"
    )]
    Limited {
        /// The tool.
        #[agent(context)]
        tool: &'static str,
        /// The host.
        host: &'static str,
        /// The region.
        #[agent(context = "resource")]
        region: &'static str,
    },
    /// A tuple variant.
    #[agent(kind = "not_found", message = "no {0} in {1}")]
    Missing(&'static str, #[agent(context = "resource")] &'static str),
}

/// A struct whose message shows a `&'static str` field.
#[derive(Debug, AgentError)]
#[agent(kind = "timeout", message = "{upstream} timed out")]
pub struct ConstantTimeout {
    /// The upstream.
    #[agent(context)]
    pub upstream: &'static str,
}

/// A single-variant enum and a unit struct.
#[derive(Debug, AgentError)]
pub enum One {
    /// The only variant.
    #[agent(kind = "not_found", message = "gone")]
    Only,
}

/// A unit struct.
#[derive(Debug, AgentError)]
#[agent(kind = "forbidden", message = "no")]
pub struct Unit;

/// An enum whose every variant waits, so the wait needs no fallback arm.
#[derive(Debug, AgentError)]
pub enum AllWait {
    /// Waits.
    #[agent(kind = "rate_limited", message = "wait")]
    Wait(#[agent(retry_after_ms)] u64),
}

/// An enum without variants.
#[derive(Debug, AgentError)]
pub enum Never {}

/// Field names in camel case, as generated or FFI-shaped code has them.
#[derive(Debug, AgentError)]
#[allow(non_snake_case)]
pub enum CamelCase {
    /// Every field attribute on a camel-case name, and the message reads two.
    #[agent(
        kind = "rate_limited",
        message = "`{upstreamName}` asks for {retryAfter} ms"
    )]
    Limited {
        /// The upstream.
        #[agent(context = "upstream")]
        upstreamName: String,
        /// The wait.
        #[agent(retry_after_ms)]
        retryAfter: u64,
        /// An additive member.
        #[agent(extra = "queue_depth")]
        queueDepth: Option<u32>,
    },
}

/// Deprecated variants and fields, as `#[derive(Debug)]` takes them: silently.
#[derive(Debug, AgentError)]
pub enum Deprecated {
    /// An old variant.
    #[deprecated = "use `New`"]
    #[agent(kind = "timeout", message = "old")]
    Old,
    /// A variant with an old field.
    #[agent(kind = "rate_limited", message = "slow down")]
    Slow {
        /// An old wait.
        #[deprecated]
        #[agent(retry_after_ms)]
        wait_ms: u64,
    },
}

/// A deprecated type.
#[deprecated]
#[derive(Debug, AgentError)]
#[agent(kind = "timeout", message = "old")]
pub struct DeprecatedType;

/// Field names that start with `_` or hold capitals outside ASCII.
#[derive(Debug, AgentError)]
#[allow(non_snake_case)]
#[agent(kind = "rate_limited", message = "{_tool} and {Ωtool}")]
pub struct OddNames {
    /// A name with a leading underscore.
    #[agent(context = "tool")]
    _tool: String,
    /// A capital outside ASCII.
    #[agent(context = "upstream")]
    pub Ωtool: String,
    /// Two underscores inside.
    #[agent(retry_after_ms)]
    pub wait__ms: u64,
}

/// A bound the type declares inline, which the derive needs too: the impl must
/// not put it in two places (`clippy::multiple_bound_locations`).
#[derive(Debug, AgentError)]
pub enum Bounded<'a, T: std::fmt::Display + 'a, E: AgentError> {
    /// A context member of the generic type.
    #[agent(kind = "not_found", message = "no `{name}`")]
    Missing {
        /// What was looked for.
        #[agent(context = "resource")]
        name: T,
        /// A borrow, to have a lifetime.
        #[agent(cause)]
        why: &'a str,
    },
    /// A generic transparent variant.
    #[agent(transparent)]
    Inner(E),
}

/// A transparent boxed trait object and optional context.
#[derive(AgentError)]
pub enum Dynamic {
    /// Any error, boxed.
    #[agent(transparent)]
    Any(Box<dyn AgentError + Send + Sync>),
    /// Optional members.
    #[agent(kind = "upstream_error", message = "failed")]
    Failed {
        /// The upstream, when known.
        #[agent(context)]
        upstream: Option<String>,
        /// Its words, when it said any.
        #[agent(cause)]
        detail: Option<String>,
    },
}

#[test]
fn the_linted_types_work() {
    let single = Single { wait_ms: 10 };
    assert_eq!(single.recovery().retry_after_ms, Some(10));
    let everything = Everything::Inner(single);
    assert_eq!(everything.kind(), "timeout");
    assert_eq!(Everything::New.envelope().status().as_u16(), 422);
    let generic: Generic<'_, u8, Unit> = Generic::Value {
        name: "n",
        value: 1,
    };
    assert_eq!(generic.envelope().message(), "n");
    let displayed = GenericDisplay::TimedOut(3_u8);
    assert_eq!(displayed.envelope().message(), "timed out after 3");
    assert_eq!(One::Only.kind(), "not_found");
    assert!(Never::kind_catalog().is_empty());
    assert_eq!(AllWait::Wait(7).recovery().retry_after_ms, Some(7));
    let limited = Everything::Limited(Some(Duration::from_millis(5)));
    assert_eq!(limited.recovery().retry_after_ms, Some(5));
    let invalid = Everything::Invalid {
        param: "p".into(),
        tool: "t".into(),
        why: "w".into(),
        secret: "s".into(),
    };
    assert_eq!(invalid.envelope().message(), "bad `p` (\"p\")");
    let camel = CamelCase::Limited {
        upstreamName: "github".into(),
        retryAfter: 3,
        queueDepth: None,
    };
    assert_eq!(camel.envelope().message(), "`github` asks for 3 ms");
    let bounded: Bounded<'_, &str, Unit> = Bounded::Missing {
        name: "x",
        why: "gone",
    };
    assert_eq!(bounded.envelope().message(), "no `x`");
    let odd = OddNames {
        _tool: "search".into(),
        Ωtool: "github".into(),
        wait__ms: 5,
    };
    let envelope = odd.envelope();
    assert_eq!(envelope.message(), "search and github");
    assert_eq!(envelope.context(ContextMember::Tool), Some("search"));
    assert_eq!(envelope.context(ContextMember::Upstream), Some("github"));
    assert_eq!(envelope.recovery().retry_after_ms, Some(5));
    #[allow(deprecated)]
    let old = (Deprecated::Old.kind(), DeprecatedType.kind());
    assert_eq!(old, ("timeout", "timeout"));
    let dynamic = Dynamic::Any(Box::new(Unit));
    assert_eq!(dynamic.kind(), "forbidden");
    let failed = Dynamic::Failed {
        upstream: None,
        detail: None,
    };
    assert_eq!(failed.kind(), "upstream_error");
    for _ in 0..2 {
        let constant = Constant::Limited {
            tool: "search",
            host: "api",
            region: "eu",
        }
        .envelope();
        assert_eq!(constant.message(), "`search` on \"api\": search (      eu)");
        assert_eq!(constant.context(ContextMember::Resource), Some("eu"));
        let missing = Constant::Missing("page", "wiki").envelope();
        assert_eq!(missing.message(), "no page in wiki");
        let timeout = ConstantTimeout { upstream: "github" }.envelope();
        assert_eq!(timeout.message(), "github timed out");
    }
}
