//! How a kind that arrives as a string is classified.

use std::borrow::Cow;

use crate::vocabulary::{
    CATCH_ALL, CATCH_ALL_KIND, Classification, MALFORMED_KIND_REPLACEMENT, is_well_formed_kind,
    retired_kind, stable_kind,
};

/// The typed HTTP status of a classification's `status`; the vocabulary and the
/// derive only ever hold 400..=599, so the fallback is never reached in practice.
pub(crate) fn status_code(status: u16) -> http::StatusCode {
    http::StatusCode::from_u16(status).unwrap_or(http::StatusCode::INTERNAL_SERVER_ERROR)
}

/// The longest kind kept from outside; every kind of the vocabulary is shorter.
pub(crate) const MAX_KIND_LEN: usize = 64;

/// What a kind that arrived as a string becomes on the wire.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ResolvedKind {
    /// The kind to emit.
    pub(crate) kind: Cow<'static, str>,
    /// Its classification.
    pub(crate) classification: Classification,
    /// The raw kind, when it was replaced (the envelope sanitizes it).
    pub(crate) original_kind: Option<String>,
}

/// Applies the contract's rules to a kind from outside: stable kinds keep their
/// classification, unknown well-formed kinds get the catch-all, retired kinds are
/// replaced (their replacement, else the catch-all kind) and malformed kinds become
/// `internal_error`; a replaced kind is kept as `original_kind`. A kind longer than
/// [`MAX_KIND_LEN`] is no tag but text (a message sent as a kind): it is malformed.
pub(crate) fn resolve_kind(raw: &str) -> ResolvedKind {
    if let Some(stable) = stable_kind(raw) {
        return ResolvedKind {
            kind: Cow::Borrowed(stable.name()),
            classification: stable.classification(),
            original_kind: None,
        };
    }
    if let Some(retired) = retired_kind(raw) {
        let replacement = retired.replacement.unwrap_or(CATCH_ALL_KIND);
        return ResolvedKind {
            kind: Cow::Borrowed(replacement),
            classification: Classification::of(replacement),
            original_kind: Some(raw.to_owned()),
        };
    }
    if is_well_formed_kind(raw) && raw.len() <= MAX_KIND_LEN {
        return ResolvedKind {
            kind: Cow::Owned(raw.to_owned()),
            classification: CATCH_ALL,
            original_kind: None,
        };
    }
    ResolvedKind {
        kind: Cow::Borrowed(MALFORMED_KIND_REPLACEMENT),
        classification: Classification::of(MALFORMED_KIND_REPLACEMENT),
        original_kind: Some(raw.to_owned()).filter(|text| !text.is_empty()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_kinds_keep_their_classification() {
        let resolved = resolve_kind("timeout");
        assert_eq!(resolved.kind, "timeout");
        assert_eq!(resolved.classification.status, 504);
        assert_eq!(resolved.original_kind, None);
    }

    #[test]
    fn retired_kinds_become_their_replacement() {
        let resolved = resolve_kind("code_mode_timeout");
        assert_eq!(resolved.kind, "timeout");
        assert_eq!(resolved.classification, Classification::of("timeout"));
        assert_eq!(resolved.original_kind.as_deref(), Some("code_mode_timeout"));
    }

    #[test]
    fn retired_kinds_without_replacement_become_the_catch_all() {
        let resolved = resolve_kind("build_failed");
        assert_eq!(resolved.kind, CATCH_ALL_KIND);
        assert_eq!(resolved.classification, CATCH_ALL);
        assert_eq!(resolved.original_kind.as_deref(), Some("build_failed"));
    }

    #[test]
    fn the_catch_all_kind_is_neither_stable_nor_retired() {
        assert!(stable_kind(CATCH_ALL_KIND).is_none());
        assert!(retired_kind(CATCH_ALL_KIND).is_none());
        assert!(is_well_formed_kind(CATCH_ALL_KIND));
    }

    #[test]
    fn unknown_well_formed_kinds_pass_with_the_catch_all() {
        let resolved = resolve_kind("sdk_specific_kind");
        assert_eq!(resolved.kind, "sdk_specific_kind");
        assert_eq!(resolved.classification, CATCH_ALL);
        assert_eq!(resolved.original_kind, None);
    }

    #[test]
    fn malformed_kinds_become_internal_error_with_the_raw_text() {
        for raw in [
            "Rate-Limited",
            "9lives",
            "_x",
            "kind with spaces",
            "ünïcode",
        ] {
            let resolved = resolve_kind(raw);
            assert_eq!(resolved.kind, "internal_error", "{raw}");
            assert_eq!(resolved.original_kind.as_deref(), Some(raw));
        }
        for stable in crate::vocabulary::STABLE_KINDS {
            assert!(stable.name().len() <= MAX_KIND_LEN, "{}", stable.name());
        }
        let long = "a".repeat(MAX_KIND_LEN + 1);
        let resolved = resolve_kind(&long);
        assert_eq!(resolved.kind, "internal_error");
        assert_eq!(resolved.original_kind.as_deref(), Some(long.as_str()));
        assert_eq!(resolve_kind(&long[1..]).kind, &long[1..]);
        let empty = resolve_kind("");
        assert_eq!(empty.kind, "internal_error");
        assert_eq!(empty.original_kind, None);
    }
}
