//! Reading an envelope: tolerant of what the contract lets grow (unknown members,
//! unknown kinds), strict about what it requires.

use std::borrow::Cow;
use std::fmt;

use serde::de::{Deserialize, Deserializer, Error, MapAccess, Visitor};
use serde_json::{Map, Value};

use super::Envelope;
use crate::recovery::Recovery;
use crate::vocabulary::{
    CONTRACT_VERSION, Classification, ContextMember, Origin, SideEffects, is_well_formed_kind,
};

impl<'de> Deserialize<'de> for Envelope {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_map(EnvelopeVisitor)
    }
}

struct EnvelopeVisitor;

/// The members read so far.
#[derive(Default)]
struct Members {
    contract_version: Option<u64>,
    kind: Option<String>,
    message: Option<String>,
    origin: Option<Origin>,
    recovery: Option<Recovery>,
    side_effects: Option<SideEffects>,
    context: [Option<Cow<'static, str>>; ContextMember::ALL.len()],
    safety: Option<Map<String, Value>>,
    evidence: Option<Map<String, Value>>,
    extras: Vec<(Cow<'static, str>, Value)>,
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
        return Err(E::custom(format_args!("duplicate member `{member}`")));
    }
    *slot = Some(value);
    Ok(())
}

fn required<T, E: Error>(slot: Option<T>, member: &'static str) -> Result<T, E> {
    slot.ok_or_else(|| E::custom(format_args!("missing required member `{member}`")))
}

fn non_empty<E: Error>(text: String, member: &str) -> Result<String, E> {
    if text.trim().is_empty() {
        return Err(E::custom(format_args!(
            "member `{member}` must not be empty"
        )));
    }
    Ok(text)
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
                "safety" => {
                    let safety: Option<Map<String, Value>> = member_value(&mut map, &name)?;
                    if let Some(safety) = safety {
                        store_once(&mut members.safety, &name, safety)?;
                    }
                }
                "evidence" => {
                    let evidence: Option<Map<String, Value>> = member_value(&mut map, &name)?;
                    if let Some(evidence) = evidence {
                        store_once(&mut members.evidence, &name, evidence)?;
                    }
                }
                other => {
                    if let Some(member) = ContextMember::from_name(other) {
                        // The contract writes no `null`, but a tolerant reader takes one as absent.
                        let value: Option<String> = member_value(&mut map, &name)?;
                        if let Some(value) = value {
                            let slot = &mut members.context[member as usize];
                            store_once(slot, &name, Cow::Owned(value))?;
                        }
                    } else {
                        let value: Value = map.next_value()?;
                        if members
                            .extras
                            .iter()
                            .any(|(existing, _)| *existing == other)
                        {
                            return Err(A::Error::custom(format_args!(
                                "duplicate member `{other}`"
                            )));
                        }
                        members.extras.push((Cow::Owned(other.to_owned()), value));
                    }
                }
            }
        }
        members.into_envelope()
    }
}

impl Members {
    fn into_envelope<E: Error>(self) -> Result<Envelope, E> {
        let version = required(self.contract_version, "contract_version")?;
        if version != u64::from(CONTRACT_VERSION) {
            return Err(E::custom(format_args!(
                "unsupported contract_version {version}; this reader understands version {CONTRACT_VERSION}"
            )));
        }
        let kind = required(self.kind, "kind")?;
        if !is_well_formed_kind(&kind) {
            return Err(E::custom(format_args!(
                "member `kind` is `{kind}`, which does not match `^[a-z][a-z0-9_]*$`"
            )));
        }
        let message = non_empty(required(self.message, "message")?, "message")?;
        let recovery: Recovery = required(self.recovery, "recovery")?;
        if recovery.guidance.trim().is_empty() {
            return Err(E::custom("member `recovery.guidance` must not be empty"));
        }
        // The wire does not carry the status or log level: they follow from the kind.
        let classification = Classification::of(&kind);
        Ok(Envelope {
            kind: Cow::Owned(kind),
            message: Cow::Owned(message),
            origin: required(self.origin, "origin")?,
            recovery,
            side_effects: required(self.side_effects, "side_effects")?,
            status: classification.status,
            log_level: classification.log_level,
            context: self.context,
            safety: self.safety,
            evidence: self.evidence,
            extras: self.extras,
        })
    }
}
