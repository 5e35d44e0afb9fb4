//! Hash-consing without keeping a copy of the key: the table holds, per slot, an id and
//! part of its hash, and the caller compares candidates against the arena that already
//! holds the data. A lookup allocates nothing; an insertion adds one slot.
//!
//! One small open-addressing table (linear probing, at most half full) rather than a
//! general hash map: the builder keeps several of these per module (types, constants,
//! metadata, names, attribute sets), most of them small, and a module is built in a few
//! microseconds, so the setup and growth of general tables and their code (one copy per
//! key type) cost more than the lookups.

use std::hash::{Hash, Hasher};

use super::hash::FastHasher;

/// Ids by hash of the data they name.
#[derive(Clone, Debug, Default)]
pub(crate) struct Interner {
    /// Per slot: the top half of the hash, and the id + 1 (0: empty). The length is 0 or a
    /// power of two.
    slots: Vec<(u32, u32)>,
    /// Occupied slots.
    len: usize,
    /// While `slots` is empty: the first entries (tag, id) in insertion order. Most of a
    /// module's tables (struct names, custom kinds, attribute sets and groups) stay this
    /// small, and a table of their own cost an allocation each per module.
    small: [(u32, u32); SMALL],
}

/// Entries kept in [`Interner::small`] before a table is made.
const SMALL: usize = 8;

/// `n` copies of `v`, filled in place: `vec![0; n]` asks the allocator for zeroed memory,
/// a slower path for the small per-module tables here.
pub(crate) fn filled<T: Clone>(n: usize, v: T) -> Vec<T> {
    let mut out = Vec::with_capacity(n);
    out.resize(n, v);
    out
}

/// The hash of `v` (deterministic: no random keys).
pub(crate) fn hash_of<T: Hash + ?Sized>(v: &T) -> u64 {
    let mut h = FastHasher::default();
    v.hash(&mut h);
    h.finish()
}

/// The part of a hash the table keeps (the top bits: the hasher's best mixed).
#[inline]
fn tag(h: u64) -> u32 {
    (h >> 32) as u32
}

impl Interner {
    /// The id with hash `h` for which `eq` holds, if any.
    #[inline]
    pub fn find(&self, h: u64, mut eq: impl FnMut(u32) -> bool) -> Option<u32> {
        let t = tag(h);
        if self.slots.is_empty() {
            let small = &self.small[..self.len];
            return small.iter().find(|e| e.0 == t && eq(e.1)).map(|e| e.1);
        }
        let mask = self.slots.len() - 1;
        let mut i = t as usize & mask;
        loop {
            let (st, id1) = self.slots[i];
            if id1 == 0 {
                return None;
            }
            if st == t && eq(id1 - 1) {
                return Some(id1 - 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Makes room for `additional` more ids.
    pub fn reserve(&mut self, additional: usize) {
        let total = self.len.saturating_add(additional);
        if total <= SMALL && self.slots.is_empty() {
            return;
        }
        let want = total.saturating_mul(2);
        if want > self.slots.len() {
            self.grow(want);
        }
    }

    /// Records `id` (an arena index) under hash `h`. Equal data is recorded once (callers
    /// look it up first), so which of two equal ids a lookup finds does not arise.
    pub fn insert(&mut self, h: u64, id: u32) {
        if self.slots.is_empty() && self.len < SMALL {
            self.small[self.len] = (tag(h), id);
            self.len += 1;
            return;
        }
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow((self.len + 1) * 2);
        }
        self.place(tag(h), id + 1);
        self.len += 1;
    }

    fn place(&mut self, t: u32, id1: u32) {
        let mask = self.slots.len() - 1;
        let mut i = t as usize & mask;
        while self.slots[i].1 != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = (t, id1);
    }

    /// Rehashes into a table of at least `min` slots (16 at least, a power of two).
    #[cold]
    #[inline(never)]
    fn grow(&mut self, min: usize) {
        let n = min.max(16).next_power_of_two();
        let old = std::mem::replace(&mut self.slots, filled(n, (0, 0)));
        if old.is_empty() {
            for i in 0..self.len {
                let (t, id) = self.small[i];
                self.place(t, id + 1);
            }
            return;
        }
        for (t, id1) in old {
            if id1 != 0 {
                self.place(t, id1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_what_was_inserted_among_colliding_tags() {
        let mut t = Interner::default();
        let data: Vec<u64> = (0..1000).map(|i| i % 7).collect();
        let mut ids = Vec::new();
        for (i, d) in data.iter().enumerate() {
            // Every hash has one of 7 tags: long probe runs.
            let h = d << 32;
            match t.find(h, |id| data[id as usize] == *d) {
                Some(id) => ids.push(id),
                None => {
                    t.insert(h, i as u32);
                    ids.push(i as u32);
                }
            }
        }
        for (i, &id) in ids.iter().enumerate() {
            assert_eq!(id as usize, i % 7);
        }
        assert_eq!(t.find(99 << 32, |_| true), None);
        let mut r = Interner::default();
        r.reserve(4);
        assert!(r.slots.is_empty(), "a few entries need no table");
        r.reserve(100);
        assert!(r.slots.len() >= 200);
        assert_eq!(r.find(5, |_| true), None);
    }

    #[test]
    fn finds_entries_before_and_after_the_table_is_made() {
        let mut t = Interner::default();
        for i in 0..100u32 {
            let h = u64::from(i % 5) << 32 | u64::from(i);
            t.insert(h, i);
            for j in 0..=i {
                let hj = u64::from(j % 5) << 32 | u64::from(j);
                assert_eq!(t.find(hj, |id| id == j), Some(j));
            }
            assert_eq!(t.find(u64::from(i % 5) << 32, |id| id > i), None);
        }
    }
}
