//! `#[derive(AgentError)]`, re-exported by `error-core` as `error_core::AgentError`.
//!
//! The derive checks every kind against the contract's vocabulary while the crate
//! compiles and bakes the final classification into the generated code, so an
//! envelope costs no lookup at run time. The vocabulary is not a copy: this crate
//! and error-core both depend on `error-vocabulary`, so the compile-time checks and the
//! runtime tables are the same data.
//!
//! Phases, one file each: `attr` parses `#[agent(...)]`, `ast` is the typed model,
//! `valid` and `classify` apply the rules across levels (`message` checks the
//! message template), `table` and `expand` generate the code, and `fallback` emits
//! a stub impl beside the errors so that one mistake does not cascade. All errors
//! are collected in `diagnostics`, in one pass. This file is the only one that
//! touches `proc_macro`.

mod ast;
mod attr;
mod bounds;
mod classify;
mod diagnostics;
mod expand;
mod fallback;
mod fingerprint;
mod message;
mod secret_fields;
mod suggest;
mod table;
mod valid;

// The runtime's own vocabulary crate: one source of truth for both.
use error_vocabulary as vocabulary;

use proc_macro::TokenStream;
use syn::{DeriveInput, parse_macro_input};

/// Derives `error_core::AgentError`: the kind, classification and envelope of each
/// variant, checked against the contract's vocabulary at compile time.
///
/// ```
/// use error_core::AgentError;
///
/// #[derive(Debug, AgentError)]
/// #[agent(service = "search")]
/// enum SearchError {
///     #[agent(kind = "invalid_param", message = "`{param}` must be positive")]
///     InvalidParam {
///         #[agent(extra)]
///         param: String,
///     },
///     #[agent(kind = "rate_limited", message = "slow down")]
///     RateLimited {
///         #[agent(retry_after_ms)]
///         wait_ms: u64,
///     },
/// }
///
/// let error = SearchError::RateLimited { wait_ms: 1500 };
/// let envelope = error.envelope();
/// assert_eq!(envelope.kind(), "rate_limited");
/// assert_eq!(envelope.recovery().retry_after_ms, Some(1500));
/// assert_eq!(error.status().as_u16(), 429);
/// ```
///
/// # Attributes
///
/// One namespace, `#[agent(...)]`:
///
/// | where | key | meaning |
/// |---|---|---|
/// | type | `service = "..."` | the `service` context member of every envelope |
/// | type | `crate = path` | where error-core is, when the dependency is renamed |
/// | type or variant | `origin = ident` | refines the origin (type: default for all variants) |
/// | type or variant | `recovery(action = ident, same_arguments = ident, guidance = "...")` | refines the recovery advice |
/// | type or variant | `side_effects = ident` | refines the side effects |
/// | variant or struct | `kind = "..."` | the kind; required unless `transparent` |
/// | variant or struct | `new_kind` | the kind is new on purpose, although it is one or two edits from a stable or retired kind |
/// | variant or struct | `status = 429` | the HTTP status of a new kind |
/// | variant or struct | `log_level = error` | the log level of a new kind (default `warn`) |
/// | variant or struct | `message = "..."` | the message, with `{field}` interpolation (default: `Display`) |
/// | variant or struct | `transparent` | passes a single field's envelope through unchanged |
/// | field | `context` or `context = "tool"` | a context member (the field's `Display`, sanitized to one line; a short `&'static str` that passes unchanged is borrowed, not copied) |
/// | field | `extra` or `extra = "name"` | an additive member (any `Serialize`) |
/// | field | `cause` | upstream text, sanitized and capped |
/// | field | `retry_after_ms` | `u64` (or an alias of it), `Duration`, or an `Option` of either; a `Duration` is rounded up to the next millisecond |
///
/// Every field attribute takes an `Option` of what it takes: `None` leaves the
/// member out and `Some(value)` contributes what `value` alone would. `Option` is
/// recognised by how the type is written (`Option<T>`, `std::option::Option<T>`).
///
/// A field without an attribute never reaches the envelope as a member. It reaches
/// the message when the message interpolates it (`message = "{field}"`, or the
/// `Display` of `#[error("{field}")]`): the message is sanitized, which redacts
/// secrets in a recognised format, but not a bare value such as a password. A field
/// named like a secret (`api_key`, `password`, `token`, ...) that a message shows
/// therefore gets a warning; leave it out of the message, or give it a type whose
/// `Display` redacts it.
///
/// A `context` field written `&'static str` (or `Option<&'static str>`), a tool's
/// or an upstream's name, is sanitized like any other, but once per thread for
/// each text: a short plain text (up to 64 ASCII bytes) that passes unchanged is
/// then borrowed by its member, neither copied nor read again (a `&'static str`'s
/// bytes never change). Any other text is sanitized every time. A message that
/// shows fields written `&'static str` alone, each by its text (`message = "{tool}
/// is rate limited"`), is the same bytes every time: it is formatted every time,
/// but a short plain one (up to 64 ASCII bytes) that passes unchanged is noted by
/// its bytes in a small per-thread table (eight messages), and is not read again
/// while the table keeps it.
///
/// An `extra` whose `Serialize` fails is left out of the envelope, and the failure
/// is logged through `tracing` when error-core's `tracing` feature is on.
///
/// The type's `service` and defaults (`origin`, `recovery`, `side_effects`) apply
/// to the variants with a kind of their own. A transparent variant passes its inner
/// envelope through unchanged, the inner `service` included: the subsystem that
/// failed is the one named. A setting that nothing would use (`service` on a type
/// whose every variant is transparent) is an error, and so is a `context` field
/// for `service` beside a type-level `service`.
///
/// A kind one or two edits from a stable or retired kind (`quota_exeeded`,
/// `time_out`) is taken for a typo, even with a full classification; write
/// `new_kind` beside `kind` when it is new on purpose. A retired kind is refused
/// however it is spelled (`Access-Denied`, `CodeModeTimeout`).
///
/// A message may take widths and precisions from fields (`{param:>width$}`,
/// `{0:1$}`); `.*` is refused. A field that the message shows plainly and that is
/// also a `context` member is formatted once. The generated code names only
/// `::core` and error-core, so a `#![no_std]` crate with `alloc` can derive. The message is built at
/// run time, so it is sanitized like a cause: fields a `Display` interpolates cannot
/// smuggle a secret, a control character or an injection marker into it. A kind outside the
/// vocabulary must state its full classification: `origin`, `recovery(action,
/// same_arguments, guidance)`, `side_effects` and `status`.
#[proc_macro_derive(AgentError, attributes(agent))]
pub fn derive_agent_error(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    expand::derive(&input).into()
}

/// The vocabulary as this derive sees it, as a literal: `(stable, retired, context
/// members, required members)`. A test compares it with error-core's runtime tables.
#[doc(hidden)]
#[proc_macro]
pub fn __vocabulary_fingerprint(input: TokenStream) -> TokenStream {
    parse_macro_input!(input as syn::parse::Nothing);
    fingerprint::expand().into()
}

#[cfg(test)]
mod expand_tests;
