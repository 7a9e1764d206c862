//! Finding a kind by name without reading the whole table: each table gets an
//! open-addressing hash index built at compile time, so a lookup hashes the name
//! once and compares it with one entry (rarely two) instead of up to 87.

/// One slot of an index: the position of a kind in its table, or [`EMPTY`].
type Slot = u16;

/// A slot that holds no kind.
const EMPTY: Slot = Slot::MAX;

/// FNV-1a over the name's bytes: cheap for names of a few dozen bytes, and the
/// same at compile time and at run time.
const fn hash(name: &str) -> usize {
    let bytes = name.as_bytes();
    let mut hash: u32 = 0x811c_9dc5;
    let mut index = 0;
    while index < bytes.len() {
        hash ^= bytes[index] as u32;
        hash = hash.wrapping_mul(0x0100_0193);
        index += 1;
    }
    hash as usize
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
}
