//! The contract's vocabulary as plain data: the classification enums, every stable
//! kind with its classification, the retired kinds, and the member names.
//!
//! This crate is the single source of truth for the other two: `error-derive`
//! checks every declared kind against these tables at compile time, and
//! `error-core` re-exports the crate as `error_core::vocabulary` for its runtime
//! tables, so the compile-time checks and the runtime cannot drift. That is why it
//! depends on nothing: no serde, no `http`, nothing a proc macro would have to
//! build twice.
//!
//! ```
//! use error_vocabulary::{Origin, stable_kind};
//!
//! let kind = stable_kind("rate_limited").unwrap();
//! assert_eq!(kind.classification().origin, Origin::Budget);
//! assert_eq!(kind.classification().status, 429);
//! ```

mod lookup;

use core::fmt;

/// The version of the contract this table describes.
pub const CONTRACT_VERSION: u32 = 1;

/// The members every envelope carries, in the order they are serialized.
pub const REQUIRED_MEMBERS: &[&str] = &[
    "contract_version",
    "kind",
    "message",
    "origin",
    "recovery",
    "side_effects",
];

/// The members of the `recovery` object, in the order they are serialized.
pub const RECOVERY_MEMBERS: &[&str] = &["action", "same_arguments", "guidance", "retry_after_ms"];

/// The optional context members that hold objects rather than text.
pub const OBJECT_CONTEXT_MEMBERS: &[&str] = &["safety", "evidence"];

/// A value that is not one of a closed contract enum's names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownValue {
    /// Which enum was being parsed (`origin`, `action`, ...).
    pub field: &'static str,
    /// The text that did not match.
    pub value: String,
    /// Every valid name, in contract order.
    pub valid: &'static [&'static str],
}

impl fmt::Display for UnknownValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown {} `{}`; expected one of ",
            self.field, self.value
        )?;
        for (index, name) in self.valid.iter().enumerate() {
            let separator = match index {
                0 => "",
                _ if index + 1 == self.valid.len() => " or ",
                _ => ", ",
            };
            write!(f, "{separator}`{name}`")?;
        }
        Ok(())
    }
}

impl std::error::Error for UnknownValue {}

/// Defines a closed enum of the contract with its wire names, in contract order.
macro_rules! contract_enum {
    (
        $(#[$meta:meta])*
        $name:ident as $field:literal {
            $( $(#[$variant_meta:meta])* $variant:ident = $wire:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum $name {
            $( $(#[$variant_meta])* $variant, )+
        }

        impl $name {
            /// Every value, in contract order.
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];
            /// Every wire name, in contract order.
            pub const NAMES: &'static [&'static str] = &[$($wire),+];
            /// The name of this enum in diagnostics (`origin`, `action`, ...).
            pub const FIELD: &'static str = $field;

            /// The wire name, as it appears in JSON.
            #[must_use]
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( Self::$variant => $wire, )+
                }
            }

            /// The value with this wire name, if there is one.
            #[must_use]
            pub fn from_name(name: &str) -> Option<Self> {
                match name {
                    $( $wire => Some(Self::$variant), )+
                    _ => None,
                }
            }
        }

        impl core::str::FromStr for $name {
            type Err = UnknownValue;

            fn from_str(text: &str) -> Result<Self, UnknownValue> {
                Self::from_name(text).ok_or_else(|| UnknownValue {
                    field: $field,
                    value: text.to_owned(),
                    valid: Self::NAMES,
                })
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        #[cfg(feature = "serde")]
        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        /// Reads the wire name; an unknown one is an error that lists the valid names.
        #[cfg(feature = "serde")]
        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err(<D::Error as serde::de::Error>::custom)
            }
        }
    };
}

contract_enum! {
    /// Where a failure arose.
    Origin as "origin" {
        /// The request was rejected before anything ran.
        Validation = "validation",
        /// Authentication, authorization, confirmation or route policy blocked it.
        Policy = "policy",
        /// A size, rate, quota or fan-out limit blocked it; work before the limit may have run.
        Budget = "budget",
        /// The named action, tool, prompt, resource or instance is not available.
        Discovery = "discovery",
        /// A tool ran to completion and reported failure.
        ToolExecution = "tool_execution",
        /// No completed result came back from a dependency.
        UpstreamTransport = "upstream_transport",
        /// A local bridge process could not reach the daemon it forwards to.
        Bridge = "bridge",
        /// The sandboxed code runtime refused or failed the execution.
        CodeMode = "code_mode",
        /// Any other failure of our own runtime.
        Runtime = "runtime",
    }
}

contract_enum! {
    /// What the caller should do next.
    RecoveryAction as "action" {
        /// Change the call and try again.
        ReviseAndRetry = "revise_and_retry",
        /// Wait, then try again.
        RetryLater = "retry_later",
        /// Renew credentials, then try again.
        Reauthenticate = "reauthenticate",
        /// Get explicit confirmation, then try again.
        Confirm = "confirm",
        /// List what is available, then call something that exists.
        Rediscover = "rediscover",
        /// Ask for less work.
        ReduceWork = "reduce_work",
        /// Start the dependency that is not running.
        StartDependency = "start_dependency",
        /// Stop and report to an operator.
        InspectAndEscalate = "inspect_and_escalate",
        /// Do not try again.
        DoNotRetry = "do_not_retry",
    }
}

contract_enum! {
    /// Whether repeating the exact same call is advisable.
    SameArguments as "same_arguments" {
        /// An exact retry is expected to be safe.
        Safe = "safe",
        /// Only after the stated condition clears and side effects were checked.
        Conditional = "conditional",
        /// Inspect or revise first.
        Discouraged = "discouraged",
        /// The call must change, or outside state must be repaired, first.
        Never = "never",
    }
}

contract_enum! {
    /// Whether the failed call may already have changed something.
    SideEffects as "side_effects" {
        /// Nothing ran that could have changed state.
        NoneExpected = "none_expected",
        /// Work may have committed before the failure.
        Possible = "possible",
        /// Nobody can tell.
        Unknown = "unknown",
    }
}

contract_enum! {
    /// The level at which an error is logged.
    LogLevel as "log level" {
        /// The caller can fix it.
        Warn = "warn",
        /// An operator must look at it.
        Error = "error",
    }
}

contract_enum! {
    /// The optional context members that hold text.
    ContextMember as "context member" {
        /// The service that produced the error.
        Service = "service",
        /// The dispatcher action that was called.
        Action = "action",
        /// The tool that was called.
        Tool = "tool",
        /// The upstream the call went to.
        Upstream = "upstream",
        /// The CLI command that failed.
        Command = "command",
        /// The prompt that was requested.
        Prompt = "prompt",
        /// The resource that was requested.
        Resource = "resource",
        /// The underlying cause, sanitized.
        Cause = "cause",
        /// The raw kind that was replaced.
        OriginalKind = "original_kind",
    }
}

contract_enum! {
    /// A feature whose removal retired error kinds.
    RemovedFeature as "removed feature" {
        /// Code Mode's old runtime.
        CodeMode = "code_mode",
        /// The Agent Client Protocol bridge.
        Acp = "acp",
        /// The registry installers.
        RegistryInstallers = "registry_installers",
        /// The marketplace artifacts.
        MarketplaceArtifacts = "marketplace_artifacts",
        /// The fleet/node transport.
        FleetNodeTransport = "fleet_node_transport",
        /// The deploy product.
        DeployProduct = "deploy_product",
        /// The stash.
        Stash = "stash",
    }
}

impl RemovedFeature {
    /// The feature in words, for diagnostics: "was retired with {description}".
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Self::CodeMode => "Code Mode's old runtime",
            Self::Acp => "ACP",
            Self::RegistryInstallers => "the registry installers",
            Self::MarketplaceArtifacts => "the marketplace artifacts",
            Self::FleetNodeTransport => "the fleet/node transport",
            Self::DeployProduct => "the deploy product",
            Self::Stash => "the stash",
        }
    }
}

impl RecoveryAction {
    /// The project's guidance for this recovery family: what to do next, in plain words.
    #[must_use]
    pub const fn guidance(self) -> &'static str {
        match self {
            Self::ReviseAndRetry => {
                "Fix the request using the message and any listed valid values, then call again with the corrected arguments."
            }
            Self::RetryLater => {
                "Wait before calling again (at least retry_after_ms when given); if the call changes state, check whether it already took effect first."
            }
            Self::Reauthenticate => {
                "The credentials were missing, expired or rejected; obtain new credentials or complete the sign-in flow, then call again."
            }
            Self::Confirm => {
                "This action needs explicit confirmation; ask the user, then repeat the call with confirmation set."
            }
            Self::Rediscover => {
                "What was named does not exist here; list the available actions, tools or resources and call one of those."
            }
            Self::ReduceWork => {
                "A size, rate or quota limit was reached; ask for less (fewer items, a smaller payload, a narrower range) instead of repeating the call."
            }
            Self::StartDependency => {
                "A local dependency is not running; start it (or ask the user to), then call again."
            }
            Self::InspectAndEscalate => {
                "This needs a person; report the message to the user or operator and do not repeat the call unchanged."
            }
            Self::DoNotRetry => {
                "Retrying cannot succeed; stop and tell the user what was refused and why."
            }
        }
    }
}

/// How a kind is classified: everything the envelope and the surfaces derive from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Classification {
    /// Where the failure arose.
    pub origin: Origin,
    /// What the caller should do next.
    pub action: RecoveryAction,
    /// Whether an exact retry is advisable.
    pub same_arguments: SameArguments,
    /// Whether the failed call may already have changed something.
    pub side_effects: SideEffects,
    /// The HTTP status (400..=599).
    pub status: u16,
    /// The level to log at.
    pub log_level: LogLevel,
}

impl Classification {
    /// The classification of `kind`: its vocabulary entry, or the catch-all.
    ///
    /// ```
    /// use error_vocabulary::{CATCH_ALL, Classification, Origin};
    /// assert_eq!(Classification::of("rate_limited").origin, Origin::Budget);
    /// assert_eq!(Classification::of("made_up"), CATCH_ALL);
    /// ```
    #[must_use]
    pub fn of(kind: &str) -> Self {
        stable_kind(kind).map_or(CATCH_ALL, |stable| stable.classification)
    }
}

/// The classification of a kind that is not in the vocabulary.
pub const CATCH_ALL: Classification = Classification {
    origin: Origin::Runtime,
    action: RecoveryAction::InspectAndEscalate,
    same_arguments: SameArguments::Discouraged,
    side_effects: SideEffects::Unknown,
    status: 500,
    log_level: LogLevel::Warn,
};

/// The kind emitted in place of a retired kind that has no replacement. It is not in
/// the vocabulary, so it classifies as the catch-all.
pub const CATCH_ALL_KIND: &str = "unclassified_error";

/// The kind a malformed kind becomes.
pub const MALFORMED_KIND_REPLACEMENT: &str = "internal_error";

/// A stable kind of the vocabulary with its default classification. Only the
/// vocabulary's own rows exist ([`STABLE_KINDS`], [`stable_kind`]): the fields are
/// read through methods, so that no kind outside the contract, malformed or
/// retired, can pass for a stable one.
///
/// ```compile_fail,E0616
/// let mut forged = *error_vocabulary::stable_kind("timeout").unwrap();
/// forged.name = "Not A Kind";
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StableKind {
    name: &'static str,
    group: &'static str,
    classification: Classification,
}

impl StableKind {
    /// The kind as it appears on the wire.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        self.name
    }

    /// The family it belongs to in the contract's tables (`dispatch`, `auth`, ...).
    #[must_use]
    pub const fn group(&self) -> &'static str {
        self.group
    }

    /// Its default classification.
    #[must_use]
    pub const fn classification(&self) -> Classification {
        self.classification
    }
}

/// A kind removed with a feature, reserved forever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RetiredKind {
    /// The retired kind.
    pub name: &'static str,
    /// The feature it was removed with.
    pub removed_with: RemovedFeature,
    /// The stable kind to use instead, where there is one.
    pub replacement: Option<&'static str>,
}

#[allow(clippy::too_many_arguments)]
const fn stable(
    name: &'static str,
    group: &'static str,
    origin: Origin,
    action: RecoveryAction,
    same_arguments: SameArguments,
    side_effects: SideEffects,
    status: u16,
    log_level: LogLevel,
) -> StableKind {
    StableKind {
        name,
        group,
        classification: Classification {
            origin,
            action,
            same_arguments,
            side_effects,
            status,
            log_level,
        },
    }
}

const fn retired(
    name: &'static str,
    removed_with: RemovedFeature,
    replacement: Option<&'static str>,
) -> RetiredKind {
    RetiredKind {
        name,
        removed_with,
        replacement,
    }
}

/// Every stable kind, in the order of the contract's `vocabulary.tsv`.
#[rustfmt::skip]
pub const STABLE_KINDS: &[StableKind] = &[
    stable("unknown_action", "dispatch", Origin::Discovery, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 400, LogLevel::Warn),
    stable("unknown_subaction", "dispatch", Origin::Discovery, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 400, LogLevel::Warn),
    stable("unknown_instance", "dispatch", Origin::Discovery, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 400, LogLevel::Warn),
    stable("missing_param", "dispatch", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Discouraged, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("invalid_param", "dispatch", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Discouraged, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("ambiguous_tool", "dispatch", Origin::Discovery, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("confirmation_required", "dispatch", Origin::Policy, RecoveryAction::Confirm, SameArguments::Never, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("conflict", "dispatch", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Discouraged, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("forbidden", "dispatch", Origin::Policy, RecoveryAction::DoNotRetry, SameArguments::Never, SideEffects::NoneExpected, 403, LogLevel::Warn),
    stable("route_not_found", "dispatch", Origin::Discovery, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 404, LogLevel::Warn),
    stable("route_scope_denied", "dispatch", Origin::Policy, RecoveryAction::DoNotRetry, SameArguments::Never, SideEffects::NoneExpected, 403, LogLevel::Warn),
    stable("invalid_cursor", "dispatch", Origin::Discovery, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("auth_failed", "auth", Origin::Policy, RecoveryAction::Reauthenticate, SameArguments::Never, SideEffects::NoneExpected, 401, LogLevel::Warn),
    stable("auth_required", "auth", Origin::Policy, RecoveryAction::Reauthenticate, SameArguments::Never, SideEffects::NoneExpected, 401, LogLevel::Warn),
    stable("permission_denied", "auth", Origin::Policy, RecoveryAction::DoNotRetry, SameArguments::Never, SideEffects::NoneExpected, 403, LogLevel::Warn),
    stable("oauth_needs_reauth", "auth", Origin::Policy, RecoveryAction::Reauthenticate, SameArguments::Never, SideEffects::NoneExpected, 401, LogLevel::Warn),
    stable("oauth_state_invalid", "auth", Origin::Policy, RecoveryAction::Reauthenticate, SameArguments::Never, SideEffects::NoneExpected, 400, LogLevel::Warn),
    stable("oauth_resource_mismatch", "auth", Origin::Policy, RecoveryAction::InspectAndEscalate, SameArguments::Never, SideEffects::NoneExpected, 502, LogLevel::Warn),
    stable("oauth_issuer_mismatch", "auth", Origin::Policy, RecoveryAction::InspectAndEscalate, SameArguments::Never, SideEffects::NoneExpected, 502, LogLevel::Warn),
    stable("oauth_unsupported_method", "auth", Origin::Policy, RecoveryAction::InspectAndEscalate, SameArguments::Never, SideEffects::NoneExpected, 502, LogLevel::Warn),
    stable("not_found", "routing", Origin::Discovery, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 404, LogLevel::Warn),
    stable("unknown_upstream", "routing", Origin::Discovery, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 404, LogLevel::Warn),
    stable("unknown_tool", "routing", Origin::Discovery, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 404, LogLevel::Warn),
    stable("upstream_error", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 502, LogLevel::Warn),
    stable("bad_gateway", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 502, LogLevel::Warn),
    stable("network_error", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 502, LogLevel::Warn),
    stable("service_unavailable", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 503, LogLevel::Warn),
    stable("not_connected", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 502, LogLevel::Warn),
    stable("connection_error", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 502, LogLevel::Warn),
    stable("connection_refused", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::NoneExpected, 502, LogLevel::Warn),
    stable("dns_error", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::NoneExpected, 502, LogLevel::Warn),
    stable("timeout", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 504, LogLevel::Warn),
    stable("cancelled", "routing", Origin::Runtime, RecoveryAction::DoNotRetry, SameArguments::Never, SideEffects::Unknown, 502, LogLevel::Warn),
    stable("unexpected_response", "routing", Origin::UpstreamTransport, RecoveryAction::InspectAndEscalate, SameArguments::Discouraged, SideEffects::Possible, 502, LogLevel::Warn),
    stable("bridge_transport_error", "bridge", Origin::Bridge, RecoveryAction::StartDependency, SameArguments::Conditional, SideEffects::Unknown, 503, LogLevel::Warn),
    stable("relay_invalid_target", "bridge", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Discouraged, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("relay_forwarder_init_failed", "bridge", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 502, LogLevel::Warn),
    stable("validation_failed", "validation", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Discouraged, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("invalid_hint", "validation", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Discouraged, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("ssrf_blocked", "validation", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Never, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("path_traversal", "validation", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Never, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("symlink_rejected", "validation", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Never, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("content_too_large", "validation", Origin::Validation, RecoveryAction::ReduceWork, SameArguments::Never, SideEffects::NoneExpected, 413, LogLevel::Warn),
    stable("invalid_encoding", "validation", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Never, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("response_too_large", "payload", Origin::Budget, RecoveryAction::ReduceWork, SameArguments::Never, SideEffects::Possible, 413, LogLevel::Warn),
    stable("invalid_code_mode_id", "code_mode", Origin::Validation, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 422, LogLevel::Warn),
    stable("call_budget_exceeded", "code_mode", Origin::Budget, RecoveryAction::ReduceWork, SameArguments::Never, SideEffects::Possible, 429, LogLevel::Warn),
    stable("snippet_budget_exceeded", "code_mode", Origin::Budget, RecoveryAction::ReduceWork, SameArguments::Never, SideEffects::NoneExpected, 429, LogLevel::Warn),
    stable("snippet_resolve_limit", "code_mode", Origin::Budget, RecoveryAction::ReduceWork, SameArguments::Never, SideEffects::NoneExpected, 429, LogLevel::Warn),
    stable("snippet_not_found", "code_mode", Origin::Discovery, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 404, LogLevel::Warn),
    stable("artifact_too_large", "code_mode", Origin::Budget, RecoveryAction::ReduceWork, SameArguments::Never, SideEffects::NoneExpected, 413, LogLevel::Warn),
    stable("result_too_large", "code_mode", Origin::Budget, RecoveryAction::ReduceWork, SameArguments::Never, SideEffects::Possible, 413, LogLevel::Warn),
    stable("provider_unavailable", "provider", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 503, LogLevel::Warn),
    stable("provider_timeout", "provider", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 504, LogLevel::Warn),
    stable("invalid_provider_output", "provider", Origin::Runtime, RecoveryAction::InspectAndEscalate, SameArguments::Discouraged, SideEffects::Unknown, 502, LogLevel::Warn),
    stable("rate_limited", "state", Origin::Budget, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::NoneExpected, 429, LogLevel::Warn),
    stable("queue_saturated", "state", Origin::Budget, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::NoneExpected, 429, LogLevel::Warn),
    stable("budget_exceeded", "state", Origin::Budget, RecoveryAction::ReduceWork, SameArguments::Never, SideEffects::Possible, 429, LogLevel::Warn),
    stable("quota_exceeded", "state", Origin::Budget, RecoveryAction::ReduceWork, SameArguments::Never, SideEffects::NoneExpected, 429, LogLevel::Warn),
    stable("restart_required", "state", Origin::Validation, RecoveryAction::StartDependency, SameArguments::Conditional, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("stale_suggestion", "state", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("merge_write_conflict", "state", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("workspace_not_configured", "state", Origin::Validation, RecoveryAction::InspectAndEscalate, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("internal_error", "internal", Origin::Runtime, RecoveryAction::InspectAndEscalate, SameArguments::Discouraged, SideEffects::Unknown, 500, LogLevel::Error),
    stable("server_error", "internal", Origin::Runtime, RecoveryAction::InspectAndEscalate, SameArguments::Discouraged, SideEffects::Unknown, 500, LogLevel::Error),
    stable("decode_error", "internal", Origin::Runtime, RecoveryAction::InspectAndEscalate, SameArguments::Discouraged, SideEffects::Unknown, 500, LogLevel::Error),
    stable("tool_error", "tool", Origin::ToolExecution, RecoveryAction::ReviseAndRetry, SameArguments::Discouraged, SideEffects::Possible, 422, LogLevel::Warn),
    stable("oauth_scope_upgrade_required", "auth", Origin::Policy, RecoveryAction::Reauthenticate, SameArguments::Never, SideEffects::NoneExpected, 403, LogLevel::Warn),
    stable("oauth_account_ambiguous", "auth", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("oauth_client_mismatch", "auth", Origin::Validation, RecoveryAction::ReviseAndRetry, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("oauth_shared_credential_protected", "auth", Origin::Policy, RecoveryAction::Confirm, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("upstream_credential_missing", "auth", Origin::Policy, RecoveryAction::InspectAndEscalate, SameArguments::Never, SideEffects::NoneExpected, 503, LogLevel::Warn),
    stable("access_setup_required", "state", Origin::Validation, RecoveryAction::StartDependency, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("authority_changed", "state", Origin::Policy, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 409, LogLevel::Warn),
    stable("skill_digest_mismatch", "state", Origin::Validation, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("skill_manifest_stale", "state", Origin::Validation, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("contract_changed", "state", Origin::Validation, RecoveryAction::Rediscover, SameArguments::Never, SideEffects::NoneExpected, 409, LogLevel::Warn),
    stable("busy", "state", Origin::Budget, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::NoneExpected, 429, LogLevel::Warn),
    stable("feature_not_compiled", "dispatch", Origin::Policy, RecoveryAction::DoNotRetry, SameArguments::Never, SideEffects::NoneExpected, 501, LogLevel::Warn),
    stable("not_supported", "dispatch", Origin::Validation, RecoveryAction::DoNotRetry, SameArguments::Never, SideEffects::NoneExpected, 501, LogLevel::Warn),
    stable("runtime_unavailable", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 503, LogLevel::Warn),
    stable("unavailable", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 503, LogLevel::Warn),
    stable("source_unavailable", "routing", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 503, LogLevel::Warn),
    stable("protocol_error", "routing", Origin::UpstreamTransport, RecoveryAction::InspectAndEscalate, SameArguments::Discouraged, SideEffects::Possible, 502, LogLevel::Warn),
    stable("provider_error", "provider", Origin::UpstreamTransport, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Possible, 502, LogLevel::Warn),
    stable("relay_registry_unavailable", "bridge", Origin::Bridge, RecoveryAction::StartDependency, SameArguments::Conditional, SideEffects::NoneExpected, 503, LogLevel::Warn),
    stable("audit_timeout", "internal", Origin::Runtime, RecoveryAction::RetryLater, SameArguments::Conditional, SideEffects::Unknown, 504, LogLevel::Warn),
];

/// Every retired kind, in the order of the contract's `retired.tsv`.
#[rustfmt::skip]
pub const RETIRED_KINDS: &[RetiredKind] = &[
    retired("code_mode_timeout", RemovedFeature::CodeMode, Some("timeout")),
    retired("code_mode_fuel_exhausted", RemovedFeature::CodeMode, Some("timeout")),
    retired("code_mode_disabled", RemovedFeature::CodeMode, Some("internal_error")),
    retired("code_execution_failed", RemovedFeature::CodeMode, Some("server_error")),
    retired("code_mode_paused", RemovedFeature::CodeMode, Some("forbidden")),
    retired("already_resumed", RemovedFeature::CodeMode, None),
    retired("resume_divergence", RemovedFeature::CodeMode, None),
    retired("tool_call_limit_exceeded", RemovedFeature::CodeMode, Some("call_budget_exceeded")),
    retired("session_limit_exceeded", RemovedFeature::Acp, None),
    retired("too_many_subscribers", RemovedFeature::Acp, None),
    retired("invalid_state", RemovedFeature::Acp, None),
    retired("no_remote_transport", RemovedFeature::RegistryInstallers, None),
    retired("sync_in_progress", RemovedFeature::RegistryInstallers, None),
    retired("integrity_missing", RemovedFeature::RegistryInstallers, None),
    retired("integrity_mismatch", RemovedFeature::RegistryInstallers, None),
    retired("git_not_available", RemovedFeature::MarketplaceArtifacts, None),
    retired("marketplace_auth_required", RemovedFeature::MarketplaceArtifacts, Some("auth_required")),
    retired("not_forked", RemovedFeature::MarketplaceArtifacts, None),
    retired("stale_preview", RemovedFeature::MarketplaceArtifacts, None),
    retired("ai_backend_not_configured", RemovedFeature::MarketplaceArtifacts, None),
    retired("content_contains_secrets", RemovedFeature::MarketplaceArtifacts, None),
    retired("preview_truncated", RemovedFeature::MarketplaceArtifacts, None),
    retired("not_implemented", RemovedFeature::MarketplaceArtifacts, None),
    retired("missing_env_values", RemovedFeature::MarketplaceArtifacts, None),
    retired("unsupported_runtime_hint", RemovedFeature::MarketplaceArtifacts, None),
    retired("unsupported_registry_type", RemovedFeature::MarketplaceArtifacts, None),
    retired("path_traversal_rejected", RemovedFeature::FleetNodeTransport, Some("path_traversal")),
    retired("install_timeout", RemovedFeature::FleetNodeTransport, Some("timeout")),
    retired("enroll_conflict", RemovedFeature::FleetNodeTransport, None),
    retired("enrollment_required", RemovedFeature::FleetNodeTransport, None),
    retired("enrollment_cap_exceeded", RemovedFeature::FleetNodeTransport, None),
    retired("access_denied", RemovedFeature::FleetNodeTransport, Some("forbidden")),
    retired("ssh_unreachable", RemovedFeature::DeployProduct, None),
    retired("build_failed", RemovedFeature::DeployProduct, None),
    retired("preflight_failed", RemovedFeature::DeployProduct, None),
    retired("transfer_failed", RemovedFeature::DeployProduct, None),
    retired("install_failed", RemovedFeature::DeployProduct, None),
    retired("restart_failed", RemovedFeature::DeployProduct, None),
    retired("verify_failed", RemovedFeature::DeployProduct, None),
    retired("arch_mismatch", RemovedFeature::DeployProduct, None),
    retired("unsupported_provider", RemovedFeature::Stash, None),
    retired("unsupported_component_kind", RemovedFeature::Stash, None),
    retired("sync_failed", RemovedFeature::Stash, None),
    retired("workspace_too_large", RemovedFeature::Stash, None),
    retired("file_too_large", RemovedFeature::Stash, None),
    retired("export_target_not_empty", RemovedFeature::Stash, None),
    retired("ambiguous_kind", RemovedFeature::Stash, None),
    retired("secrets_export_not_allowed", RemovedFeature::Stash, None),
    retired("too_many_files", RemovedFeature::Stash, None),
    retired("unknown_target", RemovedFeature::Stash, None),
    retired("deploy_failed", RemovedFeature::Stash, None),
];

/// The names of a kind table, in table order, for sorting at compile time.
macro_rules! names_of {
    ($table:ident) => {{
        let mut names = [""; $table.len()];
        let mut index = 0;
        while index < names.len() {
            names[index] = $table[index].name;
            index += 1;
        }
        names
    }};
}

/// [`STABLE_KINDS`] by name.
const STABLE_BY_NAME: [u16; 256] = lookup::index(names_of!(STABLE_KINDS));

/// [`RETIRED_KINDS`] by name.
const RETIRED_BY_NAME: [u16; 128] = lookup::index(names_of!(RETIRED_KINDS));

/// The position of a stable kind in [`STABLE_KINDS`].
#[must_use]
pub fn stable_kind_index(name: &str) -> Option<usize> {
    lookup::position(&STABLE_BY_NAME, |index| STABLE_KINDS[index].name, name)
}

/// The stable kind with this name.
#[must_use]
pub fn stable_kind(name: &str) -> Option<&'static StableKind> {
    stable_kind_index(name).map(|index| &STABLE_KINDS[index])
}

/// The retired kind with this name.
#[must_use]
pub fn retired_kind(name: &str) -> Option<&'static RetiredKind> {
    lookup::position(&RETIRED_BY_NAME, |index| RETIRED_KINDS[index].name, name)
        .map(|index| &RETIRED_KINDS[index])
}

/// Whether `name` has the contract's kind shape: `^[a-z][a-z0-9_]*$`.
#[must_use]
pub fn is_well_formed_kind(name: &str) -> bool {
    let bytes = name.as_bytes();
    match bytes.first() {
        Some(first) if first.is_ascii_lowercase() => bytes[1..]
            .iter()
            .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || *byte == b'_'),
        _ => false,
    }
}

/// Whether `text` says nothing a reader could see: empty, or only whitespace,
/// control characters and characters that are never drawn ([`is_invisible`]:
/// zero-width spaces and joiners, the soft hyphen, bidirectional marks, variation
/// selectors, tag characters, ...). A message, guidance or context member must not
/// be blank.
#[must_use]
#[inline]
pub fn is_blank(text: &str) -> bool {
    // Most text is told apart on its first byte, where it is called.
    match text.as_bytes().first() {
        Some(&first) if first.is_ascii() => {
            matches!(first, b'\0'..=b' ' | b'\x7f') && is_blank_by_characters(text)
        }
        _ => is_blank_by_characters(text),
    }
}

/// [`is_blank`], read character by character.
fn is_blank_by_characters(text: &str) -> bool {
    text.chars().all(|c| {
        if c.is_ascii() {
            matches!(c, '\0'..=' ' | '\x7f')
        } else {
            c.is_whitespace() || c.is_control() || is_invisible(c)
        }
    })
}

/// Whether `c` renders as nothing and can therefore carry text a human reviewer
/// does not see: every default-ignorable or format character outside the controls
/// (the sanitizer drops them, and text made of them is [`is_blank`]). The list is
/// written out rather than taken from a Unicode table so that the crate stays
/// dependency-free.
#[must_use]
pub const fn is_invisible(c: char) -> bool {
    matches!(
        c,
        // Soft hyphen, combining grapheme joiner, Arabic letter mark.
        '\u{AD}' | '\u{34F}' | '\u{61C}'
        // Prepended concatenation marks and other format characters (Arabic,
        // Syriac, Kaithi, Egyptian hieroglyph format controls).
        | '\u{600}'..='\u{605}' | '\u{6DD}' | '\u{70F}' | '\u{890}' | '\u{891}' | '\u{8E2}'
        | '\u{110BD}' | '\u{110CD}' | '\u{13430}'..='\u{1343F}'
        // Hangul fillers and Khmer inherent vowels render as blank space.
        | '\u{115F}' | '\u{1160}' | '\u{3164}' | '\u{FFA0}' | '\u{17B4}' | '\u{17B5}'
        // Mongolian free variation selectors and vowel separator.
        | '\u{180B}'..='\u{180F}'
        // Zero-width space, non-joiner and joiner; left-to-right and right-to-left marks.
        | '\u{200B}'..='\u{200F}'
        // Bidirectional embeddings and overrides.
        | '\u{202A}'..='\u{202E}'
        // Word joiner, invisible operators, bidirectional isolates, deprecated format
        // characters.
        | '\u{2060}'..='\u{206F}'
        // Variation selectors can encode a byte each, invisibly, after any character.
        | '\u{FE00}'..='\u{FE0F}'
        // Byte order mark (zero-width no-break space).
        | '\u{FEFF}'
        // Interlinear annotation controls.
        | '\u{FFF9}'..='\u{FFFB}'
        // Shorthand format controls and musical format characters.
        | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}'
        // Tag characters, variation selectors supplement and the rest of that
        // default-ignorable plane block.
        | '\u{E0000}'..='\u{E0FFF}'
    )
}

/// Whether an additive member of this name would be shadowed by a member the
/// contract defines (required, context or object context).
#[must_use]
pub fn is_contract_member(name: &str) -> bool {
    REQUIRED_MEMBERS.contains(&name)
        || ContextMember::from_name(name).is_some()
        || OBJECT_CONTEXT_MEMBERS.contains(&name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blank_text_is_whitespace_and_characters_never_drawn() {
        for blank in [
            "",
            "  ",
            "\t\n",
            "\u{200b}",
            " \u{feff}\u{2060} ",
            "\u{e0041}\u{00ad}",
            // Control characters, C0 and C1.
            "\u{7}\u{0}",
            "\u{85}\u{9b}",
        ] {
            assert!(is_blank(blank), "{blank:?}");
        }
        for text in ["x", " x ", "\u{200b}x", "\u{1f600}", "\u{200d}\u{1f468}"] {
            assert!(!is_blank(text), "{text:?}");
        }
    }

    #[test]
    fn enums_parse_with_the_valid_values_listed() {
        let error = "budgett".parse::<Origin>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown origin `budgett`; expected one of `validation`, `policy`, `budget`, \
             `discovery`, `tool_execution`, `upstream_transport`, `bridge`, `code_mode` or `runtime`"
        );
        assert_eq!("reduce_work".parse(), Ok(RecoveryAction::ReduceWork));
    }

    #[test]
    fn every_stable_kind_is_well_formed_unique_and_not_retired() {
        for (index, kind) in STABLE_KINDS.iter().enumerate() {
            assert!(is_well_formed_kind(kind.name), "{}", kind.name);
            assert_eq!(stable_kind_index(kind.name), Some(index), "{}", kind.name);
            assert!(retired_kind(kind.name).is_none(), "{}", kind.name);
            assert!(
                (400..=599).contains(&kind.classification.status),
                "{}",
                kind.name
            );
            assert_eq!(Classification::of(kind.name), kind.classification);
        }
        assert_eq!(Classification::of("made_up_kind"), CATCH_ALL);
    }

    #[test]
    fn every_retired_kind_is_found_and_nothing_else() {
        for kind in RETIRED_KINDS {
            assert_eq!(retired_kind(kind.name), Some(kind));
        }
        for name in ["", "timeout", "code_mode", "zzz", "access_denied_"] {
            assert_eq!(retired_kind(name), None, "{name}");
        }
        assert_eq!(stable_kind(""), None);
        assert_eq!(stable_kind("timeout_"), None);
    }
}
