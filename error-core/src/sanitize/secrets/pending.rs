//! The positions the scan still has to ask the rules about, ascending. Most of
//! the time a handful at most wait; a table's rule hands on every secret cell of
//! its rows at once (`table_columns`), which are asked one by one from the front:
//! taking from the front moves a start, not the positions after it.

/// Ascending positions, from `head` on.
#[derive(Default)]
pub(super) struct Pending {
    positions: Vec<usize>,
    /// Where the positions still waiting start.
    head: usize,
}

impl Pending {
    pub(super) fn is_empty(&self) -> bool {
        self.head == self.positions.len()
    }

    /// The first position waiting.
    pub(super) fn first(&self) -> Option<usize> {
        self.positions.get(self.head).copied()
    }

    /// Takes the first position waiting.
    pub(super) fn take_first(&mut self) {
        self.head += 1;
        if self.is_empty() {
            self.positions.clear();
            self.head = 0;
        }
    }

    /// Drops the positions up to `end` (included), and waits for `end` first.
    pub(super) fn restart_at(&mut self, end: usize) {
        self.head += self.positions[self.head..].partition_point(|&position| position <= end);
        if self.head > 0 {
            self.head -= 1;
            self.positions[self.head] = end;
        } else {
            self.positions.insert(0, end);
        }
    }

    /// Adds `start`, once.
    pub(super) fn insert(&mut self, start: usize) {
        // Candidates mostly come in order.
        if self.positions.last().is_none_or(|&last| last < start) {
            self.positions.push(start);
        } else if let Err(index) = self.positions[self.head..].binary_search(&start) {
            self.positions.insert(self.head + index, start);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Pending;

    fn waiting(pending: &Pending) -> Vec<usize> {
        pending.positions[pending.head..].to_vec()
    }

    #[test]
    fn positions_wait_in_order_once() {
        let mut pending = Pending::default();
        for start in [5, 9, 7, 9, 1] {
            pending.insert(start);
        }
        assert_eq!(waiting(&pending), [1, 5, 7, 9]);
        pending.take_first();
        assert_eq!(pending.first(), Some(5));
        // A redaction to 7 drops 5 and 7, and waits for its end first.
        pending.restart_at(7);
        assert_eq!(waiting(&pending), [7, 9]);
        pending.insert(8);
        assert_eq!(waiting(&pending), [7, 8, 9]);
        for _ in 0..3 {
            pending.take_first();
        }
        assert!(pending.is_empty());
        assert_eq!(pending.first(), None);
        pending.restart_at(3);
        assert_eq!(waiting(&pending), [3]);
    }
}
