//! The dispatcher's errors: what goes wrong when an agent's call is routed to an
//! action, a tool or an instance. The first user of `#[derive(AgentError)]`.

use std::borrow::Cow;
use std::fmt;

use crate::agent_error::{AgentError, CatalogEntry};
use crate::classification::resolve_kind;
use crate::envelope::Envelope;
use crate::recovery::Recovery;
use crate::vocabulary::{Classification, Origin, SideEffects};

/// An error of the dispatcher, with the valid choices where there are some, so that
/// an agent can correct its call without another round trip.
///
/// ```
/// use error_core::{AgentError, DispatchError};
///
/// let error = DispatchError::UnknownAction {
///     action: "serach".into(),
///     valid: vec!["search".into(), "fetch".into()],
///     hint: Some("did you mean `search`?".into()),
/// };
/// let json = serde_json::to_value(error.envelope()).unwrap();
/// assert_eq!(json["kind"], "unknown_action");
/// assert_eq!(json["action"], "serach");
/// assert_eq!(json["valid"][0], "search");
/// assert_eq!(error.status().as_u16(), 400);
/// ```
#[derive(Clone, Debug, PartialEq, error_derive::AgentError)]
#[non_exhaustive]
pub enum DispatchError {
    /// The action does not exist.
    #[agent(kind = "unknown_action")]
    UnknownAction {
        /// The action that was called.
        #[agent(context)]
        action: String,
        /// The actions that exist.
        #[agent(extra)]
        valid: Vec<String>,
        /// A nudge, such as the closest valid action.
        #[agent(extra)]
        hint: Option<String>,
    },
    /// A required parameter was not given.
    #[agent(kind = "missing_param")]
    MissingParam {
        /// The parameter.
        #[agent(extra)]
        param: String,
    },
    /// A parameter has a value the action does not accept.
    #[agent(kind = "invalid_param")]
    InvalidParam {
        /// The parameter.
        #[agent(extra)]
        param: String,
        /// What is wrong with the value.
        reason: String,
    },
    /// The named instance (of a service, an upstream) does not exist.
    #[agent(kind = "unknown_instance")]
    UnknownInstance {
        /// The instance that was named.
        #[agent(extra)]
        instance: String,
        /// The instances that exist.
        #[agent(extra)]
        valid: Vec<String>,
    },
    /// A tool name matches tools of more than one upstream.
    #[agent(kind = "ambiguous_tool")]
    AmbiguousTool {
        /// The name that was called.
        #[agent(context)]
        tool: String,
        /// The qualified names it could mean.
        #[agent(extra)]
        valid: Vec<String>,
    },
    /// The action needs explicit confirmation.
    #[agent(kind = "confirmation_required")]
    ConfirmationRequired {
        /// The action that was called.
        #[agent(context)]
        action: String,
    },
    /// The call conflicts with something that exists.
    #[agent(kind = "conflict")]
    Conflict {
        /// What conflicts, in words.
        detail: String,
        /// The id of what exists.
        #[agent(extra)]
        existing_id: String,
    },
    /// The caller lacks the scopes the action needs.
    #[agent(kind = "forbidden")]
    Forbidden {
        /// The action that was called.
        #[agent(context)]
        action: String,
        /// The scopes it needs.
        #[agent(extra)]
        required_scopes: Vec<String>,
    },
    /// An SDK's own error, whose kind is chosen at run time.
    #[agent(transparent)]
    Sdk(SdkError),
}

impl fmt::Display for DispatchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::UnknownAction { action, .. } => write!(f, "unknown action `{action}`"),
            Self::MissingParam { param } => write!(f, "missing required parameter `{param}`"),
            Self::InvalidParam { param, reason } => {
                write!(f, "invalid parameter `{param}`: {reason}")
            }
            Self::UnknownInstance { instance, .. } => write!(f, "unknown instance `{instance}`"),
            Self::AmbiguousTool { tool, .. } => {
                write!(
                    f,
                    "tool `{tool}` is provided by more than one upstream; call it by its qualified name"
                )
            }
            Self::ConfirmationRequired { action } => {
                write!(
                    f,
                    "action `{action}` changes state and needs explicit confirmation"
                )
            }
            Self::Conflict {
                detail,
                existing_id,
            } => write!(f, "{detail} (existing id `{existing_id}`)"),
            Self::Forbidden {
                action,
                required_scopes,
            } => {
                write!(
                    f,
                    "action `{action}` needs the scopes {}",
                    required_scopes.join(", ")
                )
            }
            Self::Sdk(error) => fmt::Display::fmt(error, f),
        }
    }
}

impl std::error::Error for DispatchError {}

impl From<SdkError> for DispatchError {
    fn from(error: SdkError) -> Self {
        Self::Sdk(error)
    }
}

/// An error an SDK reports with its own kind, chosen at run time.
///
/// The kind goes through [`Envelope::from_kind`]: a stable kind keeps its
/// classification, an unknown one gets the catch-all, and a retired or malformed one
/// is replaced (the raw value is kept in `original_kind`). Refinements the SDK knows
/// (origin, recovery, side effects) are applied on top.
///
/// ```
/// use error_core::{AgentError, SdkError, SideEffects};
///
/// let error = SdkError::new("tool_error", "the repository is archived")
///     .with_side_effects(SideEffects::NoneExpected);
/// assert_eq!(error.kind(), "tool_error");
/// assert_eq!(error.envelope().side_effects(), SideEffects::NoneExpected);
///
/// let retired = SdkError::new("code_mode_timeout", "too slow");
/// assert_eq!(retired.kind(), "timeout");
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct SdkError {
    kind: String,
    message: String,
    origin: Option<Origin>,
    recovery: Option<Recovery>,
    side_effects: Option<SideEffects>,
}

impl SdkError {
    /// An error of `kind` with `message`, classified by the vocabulary.
    #[must_use]
    pub fn new(kind: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            kind: kind.into(),
            message: message.into(),
            origin: None,
            recovery: None,
            side_effects: None,
        }
    }

    /// Refines where the failure arose.
    #[must_use]
    pub fn with_origin(mut self, origin: Origin) -> Self {
        self.origin = Some(origin);
        self
    }

    /// Refines the recovery advice (empty guidance keeps the family's).
    #[must_use]
    pub fn with_recovery(mut self, recovery: Recovery) -> Self {
        self.recovery = Some(recovery);
        self
    }

    /// Refines whether the failed call may already have changed something.
    #[must_use]
    pub fn with_side_effects(mut self, side_effects: SideEffects) -> Self {
        self.side_effects = Some(side_effects);
        self
    }

    /// The kind as the SDK reported it, before the contract's rules.
    #[must_use]
    pub fn raw_kind(&self) -> &str {
        &self.kind
    }

    /// The classification of the kind that is emitted.
    fn classification(&self) -> Classification {
        resolve_kind(&self.kind).classification
    }
}

impl fmt::Display for SdkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SdkError {}

impl AgentError for SdkError {
    fn envelope(&self) -> Envelope {
        let mut envelope = Envelope::from_kind(&self.kind, self.message.clone());
        if let Some(origin) = self.origin {
            envelope = envelope.with_origin(origin);
        }
        if let Some(recovery) = &self.recovery {
            envelope = envelope.with_recovery(recovery.clone());
        }
        if let Some(side_effects) = self.side_effects {
            envelope = envelope.with_side_effects(side_effects);
        }
        envelope
    }

    /// The kind that is emitted: the SDK's, or what replaced it.
    fn kind(&self) -> &str {
        match resolve_kind(&self.kind).kind {
            Cow::Borrowed(kind) => kind,
            // Only a well-formed kind outside the vocabulary is kept as given.
            Cow::Owned(_) => &self.kind,
        }
    }

    fn origin(&self) -> Origin {
        self.origin.unwrap_or(self.classification().origin)
    }

    fn side_effects(&self) -> SideEffects {
        self.side_effects
            .unwrap_or(self.classification().side_effects)
    }

    fn status(&self) -> http::StatusCode {
        crate::classification::status_code(self.classification().status)
    }

    /// None: the kind is only known at run time.
    fn kind_catalog() -> Vec<CatalogEntry> {
        Vec::new()
    }
}
