//! Reading an envelope: strict about what identifies it (the version, the kind, the
//! closed enums), tolerant of everything the contract lets a writer get wrong
//! without changing the meaning, so that what is read always writes back out as a
//! valid envelope.
//!
//! - Unknown members are kept as additive members; unknown kinds are accepted.
//! - A context member that is not a non-blank string (`null`, `""`, a number, an
//!   object) is dropped, and so is a `safety` or `evidence` that is not an object.
//! - A blank `message` is replaced by one built from the kind; a missing, blank or
//!   non-string `recovery.guidance` by the action's default guidance.
//! - Unknown members of `recovery` are ignored.
//!
//! Anything else (a missing required member, another contract version, a malformed
//! kind, an unknown enum value, a negative or fractional `retry_after_ms`, a member
//! given twice) is an error that names the member.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{Deserializer, Error, MapAccess, Visitor};
use serde_json::{Map, Value};

use super::details::{Details, MemberText};
use super::{Envelope, fill_blank_message};
use crate::recovery::Recovery;
use crate::vocabulary::{
    CONTRACT_VERSION, Classification, ContextMember, Origin, RecoveryAction, SameArguments,
    SideEffects, is_blank, is_well_formed_kind,
};

impl<'de> Deserialize<'de> for Envelope {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(EnvelopeVisitor)
    }
}

struct EnvelopeVisitor;

/// `recovery` as it may arrive: the guidance is checked after reading.
#[derive(Deserialize)]
struct WireRecovery {
    action: RecoveryAction,
    same_arguments: SameArguments,
    #[serde(default)]
    guidance: Value,
    #[serde(default)]
    retry_after_ms: Option<u64>,
}

/// The members read so far.
#[derive(Default)]
struct Members {
    contract_version: Option<u64>,
    kind: Option<String>,
    message: Option<String>,
    origin: Option<Origin>,
    recovery: Option<WireRecovery>,
    side_effects: Option<SideEffects>,
    /// Which context and object members were present, kept or not (for duplicates).
    seen: Vec<String>,
    details: Details,
}

/// Reads the value of `member`, naming the member in the error.
fn member_value<'de, A, T>(map: &mut A, member: &str) -> Result<T, A::Error>
where
    A: MapAccess<'de>,
    T: Deserialize<'de>,
{
    map.next_value()
        .map_err(|error| A::Error::custom(format_args!("invalid member `{member}`: {error}")))
}

/// Stores a member, refusing a second occurrence.
fn store_once<T, E: Error>(slot: &mut Option<T>, member: &str, value: T) -> Result<(), E> {
    if slot.is_some() {
        return Err(duplicate(member));
    }
    *slot = Some(value);
    Ok(())
}

fn duplicate<E: Error>(member: &str) -> E {
    E::custom(format_args!("duplicate member `{member}`"))
}

fn required<T, E: Error>(slot: Option<T>, member: &'static str) -> Result<T, E> {
    slot.ok_or_else(|| E::custom(format_args!("missing required member `{member}`")))
}

/// The text of a context member worth keeping: a string with something in it.
fn kept_text(value: Value) -> Option<String> {
    match value {
        Value::String(text) if !is_blank(&text) => Some(text),
        _ => None,
    }
}

/// The object of `safety` or `evidence` worth keeping.
fn kept_object(value: Value) -> Option<Map<String, Value>> {
    match value {
        Value::Object(map) => Some(map),
        _ => None,
    }
}

impl<'de> Visitor<'de> for EnvelopeVisitor {
    type Value = Envelope;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("an agent error envelope (a JSON object)")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Envelope, A::Error> {
        let mut members = Members::default();
        while let Some(name) = map.next_key::<Cow<'de, str>>()? {
            match name.as_ref() {
                "contract_version" => {
                    let version = member_value(&mut map, &name)?;
                    store_once(&mut members.contract_version, &name, version)?;
                }
                "kind" => {
                    let kind = member_value(&mut map, &name)?;
                    store_once(&mut members.kind, &name, kind)?;
                }
                "message" => {
                    let message = member_value(&mut map, &name)?;
                    store_once(&mut members.message, &name, message)?;
                }
                "origin" => {
                    let origin = member_value(&mut map, &name)?;
                    store_once(&mut members.origin, &name, origin)?;
                }
                "recovery" => {
                    let recovery = member_value(&mut map, &name)?;
                    store_once(&mut members.recovery, &name, recovery)?;
                }
                "side_effects" => {
                    let side_effects = member_value(&mut map, &name)?;
                    store_once(&mut members.side_effects, &name, side_effects)?;
                }
                other => {
                    let value: Value = member_value(&mut map, other)?;
                    members.add_optional(other, value)?;
                }
            }
        }
        members.into_envelope()
    }
}

impl Members {
    /// A context, object or additive member; the contract's own members are kept
    /// only when they hold what the contract says they hold.
    fn add_optional<E: Error>(&mut self, name: &str, value: Value) -> Result<(), E> {
        let contract_member =
            ContextMember::from_name(name).is_some() || name == "safety" || name == "evidence";
        let already_seen = if contract_member {
            self.seen.iter().any(|seen| seen == name)
        } else {
            self.details.extras.iter().any(|(seen, _)| seen == name)
        };
        if already_seen {
            return Err(duplicate(name));
        }
        if let Some(member) = ContextMember::from_name(name) {
            self.seen.push(name.to_owned());
            self.details.context[member as usize] =
                kept_text(value).map(|text| MemberText::Built(text.into()));
        } else if name == "safety" {
            self.seen.push(name.to_owned());
            self.details.safety = kept_object(value);
        } else if name == "evidence" {
            self.seen.push(name.to_owned());
            self.details.evidence = kept_object(value);
        } else {
            self.details
                .extras
                .push((Cow::Owned(name.to_owned()), value));
        }
        Ok(())
    }

    fn into_envelope<E: Error>(self) -> Result<Envelope, E> {
        let version = required(self.contract_version, "contract_version")?;
        if version != u64::from(CONTRACT_VERSION) {
            return Err(E::custom(format_args!(
                "unsupported `contract_version` {version}; this reader understands version {CONTRACT_VERSION}"
            )));
        }
        let kind = required(self.kind, "kind")?;
        if !is_well_formed_kind(&kind) {
            return Err(E::custom(format_args!(
                "member `kind` is `{kind}`, which does not match `^[a-z][a-z0-9_]*$`"
            )));
        }
        let mut message = Cow::Owned(required(self.message, "message")?);
        fill_blank_message(&kind, &mut message);
        let wire = required(self.recovery, "recovery")?;
        let guidance = match wire.guidance {
            Value::String(text) if !is_blank(&text) => Cow::Owned(text),
            _ => Cow::Borrowed(wire.action.guidance()),
        };
        let recovery = Recovery {
            action: wire.action,
            same_arguments: wire.same_arguments,
            guidance,
            retry_after_ms: wire.retry_after_ms,
        };
        // The wire does not carry the status or log level: they follow from the kind.
        let classification = Classification::of(&kind);
        let details = (!self.details.is_empty()).then(|| Box::new(self.details));
        Ok(Envelope {
            kind: Cow::Owned(kind),
            message,
            origin: required(self.origin, "origin")?,
            recovery,
            side_effects: required(self.side_effects, "side_effects")?,
            status: classification.status,
            log_level: classification.log_level,
            details,
        })
    }
}
