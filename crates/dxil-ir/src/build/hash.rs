//! A fast deterministic hasher for the builders' tables (this crate's, and the DXIL
//! builders' above it). The keys are ids and small records the builder itself made, hashed
//! many times per instruction: SipHash's
//! per-call cost dominated building, and its keys were fixed anyway (so it bought no
//! protection a multiplicative hash lacks).

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// Word-at-a-time multiply-rotate hashing (the scheme of rustc's `FxHasher`).
#[derive(Clone, Copy, Debug, Default)]
pub struct FastHasher {
    h: u64,
}

/// An odd multiplier with well-mixed bits.
const K: u64 = 0xf135_7aea_2e62_a9c5;

impl FastHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.h = (self.h ^ w).wrapping_mul(K).rotate_left(26);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0u8; 8];
            w[..rest.len()].copy_from_slice(rest);
            // The length keeps "a\0" apart from "a".
            self.add(u64::from_le_bytes(w) ^ (rest.len() as u64) << 59);
        }
    }

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.h
    }
}

/// A `HashMap` hashed by [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A `HashSet` hashed by [`FastHasher`].
pub type FastSet<K> = HashSet<K, BuildHasherDefault<FastHasher>>;

#[cfg(test)]
mod tests {
    use super::*;
    use std::hash::Hash;

    fn h<T: Hash + ?Sized>(v: &T) -> u64 {
        let mut s = FastHasher::default();
        v.hash(&mut s);
        s.finish()
    }

    #[test]
    fn tells_apart_what_the_tables_hold() {
        assert_ne!(h("a"), h("a\0"));
        assert_ne!(h(&[1u32, 2][..]), h(&[2u32, 1][..]));
        assert_ne!(h(&(0u32, 1u32)), h(&(1u32, 0u32)));
        assert_eq!(h("same"), h("same"));
        let spread: FastSet<u64> = (0u32..1000).map(|i| h(&i) >> 57).collect();
        assert!(spread.len() > 64, "the top bits (hashbrown's tags) vary");
    }
}
