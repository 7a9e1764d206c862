//! The envelope on the wire: members in contract order, absent members left out.

use serde::ser::{Serialize, SerializeMap, Serializer};

use super::Envelope;
use crate::vocabulary::{CONTRACT_VERSION, ContextMember, is_contract_member};

impl Serialize for Envelope {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("contract_version", &CONTRACT_VERSION)?;
        map.serialize_entry("kind", &self.kind)?;
        map.serialize_entry("message", &self.message)?;
        map.serialize_entry("origin", &self.origin)?;
        map.serialize_entry("recovery", &self.recovery)?;
        map.serialize_entry("side_effects", &self.side_effects)?;
        if let Some(details) = &self.details {
            for (member, value) in ContextMember::ALL.iter().zip(&details.context) {
                if let Some(value) = value {
                    map.serialize_entry(member.as_str(), &**value)?;
                }
            }
            if let Some(safety) = &details.safety {
                map.serialize_entry("safety", safety)?;
            }
            if let Some(evidence) = &details.evidence {
                map.serialize_entry("evidence", evidence)?;
            }
            for (name, value) in &details.extras {
                // The contract's own members win over additive ones of the same name.
                if !is_contract_member(name) {
                    map.serialize_entry(name, value)?;
                }
            }
        }
        map.end()
    }
}
