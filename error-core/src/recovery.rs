//! The recovery advice an envelope carries.

use std::borrow::Cow;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::vocabulary::{RecoveryAction, SameArguments};

/// What the caller should do next, and whether repeating the exact call is advisable.
///
/// Reading ignores members of `recovery` it does not know, as the contract tells
/// consumers to: a later contract may add some.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Recovery {
    /// The recovery family.
    pub action: RecoveryAction,
    /// Whether an exact retry is advisable.
    pub same_arguments: SameArguments,
    /// What to do next, in plain words for a model.
    pub guidance: Cow<'static, str>,
    /// How long to wait before retrying, when the failure says so.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_after_ms: Option<u64>,
}

impl Recovery {
    /// Advice for `action` with the project's guidance for that family.
    ///
    /// ```
    /// use error_core::{Recovery, RecoveryAction, SameArguments};
    /// let recovery = Recovery::new(RecoveryAction::RetryLater, SameArguments::Conditional);
    /// assert_eq!(recovery.guidance, RecoveryAction::RetryLater.guidance());
    /// ```
    #[must_use]
    pub const fn new(action: RecoveryAction, same_arguments: SameArguments) -> Self {
        Self {
            action,
            same_arguments,
            guidance: Cow::Borrowed(action.guidance()),
            retry_after_ms: None,
        }
    }

    /// The wait before a retry as a [`Duration`].
    #[must_use]
    pub fn retry_after(&self) -> Option<Duration> {
        self.retry_after_ms.map(Duration::from_millis)
    }

    /// Whether the guidance is the project's default for the action.
    pub(crate) fn has_default_guidance(&self) -> bool {
        self.guidance == self.action.guidance()
    }
}

/// Milliseconds in `duration`, rounded up and saturating at `u64::MAX`: the contract
/// says to wait "at least" `retry_after_ms`, so 999,999 ns is 1 ms, not 0.
///
/// ```
/// use std::time::Duration;
/// use error_core::duration_to_millis;
///
/// assert_eq!(duration_to_millis(Duration::from_nanos(999_999)), 1);
/// assert_eq!(duration_to_millis(Duration::from_millis(1500)), 1500);
/// assert_eq!(duration_to_millis(Duration::ZERO), 0);
/// assert_eq!(duration_to_millis(Duration::MAX), u64::MAX);
/// ```
#[must_use]
pub fn duration_to_millis(duration: Duration) -> u64 {
    let partial_millisecond = !duration.subsec_nanos().is_multiple_of(1_000_000);
    let millis = duration.as_millis() + u128::from(partial_millisecond);
    u64::try_from(millis).unwrap_or(u64::MAX)
}
