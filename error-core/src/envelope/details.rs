//! The members most envelopes never carry, kept behind one allocation so that an
//! `Envelope` stays small to move (`Result<T, Envelope>`, every `?`, every builder
//! call) and an envelope without context pays nothing for them.

use std::borrow::Cow;

use compact_str::CompactString;
use serde_json::{Map, Value};

use crate::vocabulary::ContextMember;

/// The optional members of an envelope: text context, the two object members and
/// the additive members, in the order they were added.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Details {
    pub(super) context: [Option<MemberText>; ContextMember::ALL.len()],
    pub(super) safety: Option<Map<String, Value>>,
    pub(super) evidence: Option<Map<String, Value>>,
    pub(super) extras: Vec<(Cow<'static, str>, Value)>,
}

impl Details {
    /// Whether nothing is set, so that the allocation can be given back.
    pub(super) fn is_empty(&self) -> bool {
        self.context.iter().all(Option::is_none)
            && self.safety.is_none()
            && self.evidence.is_none()
            && self.extras.is_empty()
    }
}

/// A context member's text: a `&'static str` that sanitizing leaves as it is,
/// borrowed, or text built at run time (or sanitized), held inline when it is short
/// (as most names are) and allocated only when it is not.
#[derive(Clone, Debug)]
pub(super) enum MemberText {
    Static(&'static str),
    Built(CompactString),
}

impl MemberText {
    /// The text as one built at run time.
    pub(super) fn into_built(self) -> CompactString {
        match self {
            Self::Static(text) => text.into(),
            Self::Built(text) => text,
        }
    }
}

impl std::ops::Deref for MemberText {
    type Target = str;

    fn deref(&self) -> &str {
        match self {
            Self::Static(text) => text,
            Self::Built(text) => text,
        }
    }
}

/// Equal texts are equal members, however they are held.
impl PartialEq for MemberText {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}
