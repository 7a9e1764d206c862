//! Finding a kind by name without reading the whole table: each table gets an
//! open-addressing hash index built at compile time, so a lookup hashes the name
//! once and compares it with one entry (rarely two) instead of up to 87.

/// One slot of an index: the position of a kind in its table, or [`EMPTY`].
type Slot = u16;

/// A slot that holds no kind.
const EMPTY: Slot = Slot::MAX;

/// The multiplier of the hash: odd, its bits well mixed (the golden ratio).
const MULTIPLIER: u64 = 0x9E37_79B9_7F4A_7C15;

/// A multiplicative hash of the name read eight bytes at a time (its last word
/// overlaps the one before, or is put together from the bytes of a name shorter
/// than a word), and of its length: a few multiplies for a name of a few dozen
/// bytes, where one per byte made every lookup wait on a chain of them. The same
/// at compile time and at run time.
#[inline(always)]
const fn hash(name: &str) -> usize {
    let bytes = name.as_bytes();
    let len = bytes.len();
    let mut hash = (len as u64).wrapping_mul(MULTIPLIER);
    let mut at = 0;
    while at + 8 <= len {
        hash = (hash ^ word_at(bytes, at)).wrapping_mul(MULTIPLIER);
        at += 8;
    }
    if at < len {
        let last = if len >= 8 {
            word_at(bytes, len - 8)
        } else {
            let mut word = 0;
            let mut lane = 0;
            while lane < len {
                word |= (bytes[lane] as u64) << (8 * lane);
                lane += 1;
            }
            word
        };
        hash = (hash ^ last).wrapping_mul(MULTIPLIER);
    }
    // The top bits, which every byte moved, for the slot.
    (hash >> 32) as usize
}

/// The eight bytes of `bytes` from `at`, little-endian; zero when fewer are left.
#[inline(always)]
const fn word_at(bytes: &[u8], at: usize) -> u64 {
    match bytes.split_at_checked(at) {
        Some((_, rest)) => match rest.first_chunk::<8>() {
            Some(word) => u64::from_le_bytes(*word),
            None => 0,
        },
        None => 0,
    }
}

/// The index of `names`: `SLOTS` slots (a power of two, at least twice the number
/// of names, so probe runs stay short), each name at the first free slot from its
/// hash. Built once, by the compiler.
pub(crate) const fn index<const N: usize, const SLOTS: usize>(names: [&str; N]) -> [Slot; SLOTS] {
    assert!(SLOTS.is_power_of_two() && SLOTS >= 2 * N && N < EMPTY as usize);
    let mut slots = [EMPTY; SLOTS];
    let mut position = 0;
    while position < N {
        let mut slot = hash(names[position]) & (SLOTS - 1);
        while slots[slot] != EMPTY {
            slot = (slot + 1) & (SLOTS - 1);
        }
        // `N < EMPTY`, asserted above.
        slots[slot] = position as Slot;
        position += 1;
    }
    slots
}

/// The position of `name` in its table, through the table's `slots` (see [`index`]);
/// `name_at` gives the name at a position.
pub(crate) fn position(
    slots: &[Slot],
    name_at: impl Fn(usize) -> &'static str,
    name: &str,
) -> Option<usize> {
    let mask = slots.len() - 1;
    let mut slot = hash(name) & mask;
    loop {
        let position = usize::from(slots[slot]);
        if slots[slot] == EMPTY {
            return None;
        }
        if name_at(position) == name {
            return Some(position);
        }
        slot = (slot + 1) & mask;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_is_found_and_others_are_not() {
        const NAMES: [&str; 6] = ["timeout", "busy", "conflict", "auth_failed", "zeta", ""];
        const SLOTS: [Slot; 16] = index(NAMES);
        for (at, name) in NAMES.iter().enumerate() {
            assert_eq!(position(&SLOTS, |index| NAMES[index], name), Some(at));
        }
        for name in ["missing", "time_out", "timeout ", "Busy"] {
            assert_eq!(position(&SLOTS, |index| NAMES[index], name), None, "{name}");
        }
    }

    #[test]
    fn a_full_run_of_collisions_still_ends() {
        // Every name in one run of slots: a lookup of a missing name walks to the
        // first empty slot and stops.
        const NAMES: [&str; 4] = ["a", "b", "c", "d"];
        const SLOTS: [Slot; 8] = index(NAMES);
        assert_eq!(SLOTS.iter().filter(|&&slot| slot != EMPTY).count(), 4);
        assert_eq!(position(&SLOTS, |index| NAMES[index], "e"), None);
    }

    /// How many slots past its hash's each name of `table` sits.
    fn distances(slots: &[Slot], names: &[&str]) -> Vec<usize> {
        names
            .iter()
            .enumerate()
            .map(|(at, name)| {
                let home = hash(name) & (slots.len() - 1);
                let slot = slots
                    .iter()
                    .position(|&slot| usize::from(slot) == at)
                    .expect("every name has a slot");
                (slot + slots.len() - home) % slots.len()
            })
            .collect()
    }

    #[test]
    fn the_vocabularys_names_sit_near_their_hashs_slot() {
        let stable: Vec<&str> = crate::STABLE_KINDS.iter().map(|kind| kind.name).collect();
        let retired: Vec<&str> = crate::RETIRED_KINDS.iter().map(|kind| kind.name).collect();
        for (slots, names) in [
            (&crate::STABLE_BY_NAME[..], stable),
            (&crate::RETIRED_BY_NAME[..], retired),
        ] {
            let distances = distances(slots, &names);
            // A lookup reads one slot, rarely more: at the half-full table's
            // worst, linear probing moves a name by half a slot on average. The
            // bounds leave room for kinds to come, and fail for a hash that
            // gathers names.
            let total: usize = distances.iter().sum();
            assert!(total <= names.len(), "{distances:?}");
            assert!(
                distances.iter().all(|&distance| distance <= 12),
                "{distances:?}"
            );
        }
    }
}
