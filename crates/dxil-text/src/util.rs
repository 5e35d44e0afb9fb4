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

    /// Whether `i` is present.
    pub fn contains(&self, i: usize) -> bool {
        self.bits
            .get(i / 64)
            .is_some_and(|w| w & (1u64 << (i % 64)) != 0)
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

/// A fast multiplicative hasher for small integer keys (the FxHash scheme); the keys are
/// ids and numbers from the module, not attacker-chosen strings, so DoS resistance is not
/// needed and SipHash would only cost time.
#[derive(Default, Clone, Copy)]
pub struct FxHasher {
    hash: u64,
}

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl std::hash::Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut buf = [0u8; 8];
            buf[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(buf));
        }
    }

    fn write_u64(&mut self, i: u64) {
        self.hash = (self.hash.rotate_left(5) ^ i).wrapping_mul(SEED);
    }

    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

/// A `HashMap` using [`FxHasher`].
pub type FxHashMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<FxHasher>>;
