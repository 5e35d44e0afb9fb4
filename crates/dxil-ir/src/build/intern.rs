//! Hash-consing without keeping a copy of the key: the table maps a hash to the first id
//! with that hash and chains the others, and the caller compares candidates against the
//! arena that already holds the data. A lookup allocates nothing; an insertion adds one
//! slot.

use std::hash::{Hash, Hasher};

use super::hash::{FastHasher, FastMap};

/// Ids by hash of the data they name.
#[derive(Clone, Debug, Default)]
pub(crate) struct Interner {
    heads: FastMap<u64, u32>,
    /// Per id (dense, from 0): the next id with the same hash, `u32::MAX` for none.
    next: Vec<u32>,
}

/// The hash of `v` (deterministic: no random keys).
pub(crate) fn hash_of<T: Hash + ?Sized>(v: &T) -> u64 {
    let mut h = FastHasher::default();
    v.hash(&mut h);
    h.finish()
}

impl Interner {
    /// The first id with hash `h` for which `eq` holds.
    pub fn find(&self, h: u64, mut eq: impl FnMut(u32) -> bool) -> Option<u32> {
        let mut cur = *self.heads.get(&h)?;
        loop {
            if eq(cur) {
                return Some(cur);
            }
            cur = *self.next.get(cur as usize)?;
            if cur == u32::MAX {
                return None;
            }
        }
    }

    /// Makes room for `additional` more ids.
    pub fn reserve(&mut self, additional: usize) {
        self.heads.reserve(additional);
        self.next.reserve(additional);
    }

    /// Records `id` (an arena index) under hash `h`.
    pub fn insert(&mut self, h: u64, id: u32) {
        let i = id as usize;
        if self.next.len() <= i {
            self.next.resize(i + 1, u32::MAX);
        }
        if let Some(prev) = self.heads.insert(h, id) {
            self.next[i] = prev;
        }
    }
}
