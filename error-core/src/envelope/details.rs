//! The members most envelopes never carry, kept behind one allocation so that an
//! `Envelope` stays small to move (`Result<T, Envelope>`, every `?`, every builder
//! call) and an envelope without context pays nothing for them.

use std::borrow::Cow;

use compact_str::CompactString;
use serde_json::{Map, Value};

use crate::vocabulary::ContextMember;

/// The optional members of an envelope: text context, the two object members and
/// the additive members, in the order they were added. A context member of up to
/// 24 bytes (most names) is held inline; a longer one is allocated, or borrowed
/// when it is the program's own `&'static str`.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Details {
    pub(super) context: [Option<CompactString>; ContextMember::ALL.len()],
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
