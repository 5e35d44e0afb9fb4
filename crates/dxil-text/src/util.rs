//! Small helpers: a dense bit set over arena indices.

/// A set of arena indices, one bit each.
pub struct IdSet {
    bits: Vec<u64>,
}

impl IdSet {
    /// An empty set for indices `0..len`.
    pub fn new(len: usize) -> IdSet {
        IdSet {
            bits: vec![0; len.div_ceil(64)],
        }
    }

    /// Inserts `i`; true when it was not yet present. Out-of-range indices are never
    /// inserted (and report false).
    pub fn insert(&mut self, i: usize) -> bool {
        let Some(w) = self.bits.get_mut(i / 64) else {
            return false;
        };
        let b = 1u64 << (i % 64);
        let fresh = *w & b == 0;
        *w |= b;
        fresh
    }
}
