//! Side tables keyed by ids: [`SecondaryMap`] holds one value per entry of an arena (a slot
//! number per instruction, a state per type), and [`PackedOption`] is an optional id or
//! number in the `u32` it takes, for tables where most entries have a value.

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Index, IndexMut};

use crate::arena::{EntityId, Packable, Seal};

/// A dense map from the ids of one arena to values, with a default for the ids not set.
///
/// Reading an id past the end gives the default ([`Index`]); writing one grows the map to it
/// ([`IndexMut`]), so a map can start empty and be filled in any order. Index it only with
/// ids of the arena it describes: growth is sized by the id. Code that holds ids it did not
/// check uses [`SecondaryMap::get_mut`], which never grows.
///
/// ```
/// use dxil_ir::{Arena, Inst, SecondaryMap};
///
/// let mut insts: Arena<Inst, &str> = Arena::new();
/// let (a, b) = (insts.push("add"), insts.push("ret"));
/// let mut uses: SecondaryMap<Inst, u32> = SecondaryMap::new();
/// uses[b] += 2;
/// assert_eq!((uses[a], uses[b]), (0, 2));
/// assert_eq!(uses.len(), 2);
/// assert_eq!(uses.iter().collect::<Vec<_>>(), [(a, &0), (b, &2)]);
/// uses.clear();
/// assert_eq!(uses[b], 0);
/// ```
pub struct SecondaryMap<K, V> {
    values: Vec<V>,
    default: V,
    key: PhantomData<fn(K) -> K>,
}

impl<K: EntityId, V: Clone> SecondaryMap<K, V> {
    /// An empty map whose default is `V::default()`.
    pub fn new() -> Self
    where
        V: Default,
    {
        Self::with_default(V::default())
    }

    /// An empty map with room for `n` entries, whose default is `V::default()`.
    pub fn with_capacity(n: usize) -> Self
    where
        V: Default,
    {
        SecondaryMap {
            values: Vec::with_capacity(n),
            default: V::default(),
            key: PhantomData,
        }
    }

    /// An empty map with the default `default`.
    pub fn with_default(default: V) -> Self {
        SecondaryMap {
            values: Vec::new(),
            default,
            key: PhantomData,
        }
    }

    /// A map of `n` entries (an arena's length), each `default`, which is also the value of
    /// the ids past them. Filled in place: tables written on every value start at their
    /// size, with no growth check taken.
    pub fn filled(n: usize, default: V) -> Self {
        let mut values = Vec::with_capacity(n);
        values.resize(n, default.clone());
        SecondaryMap {
            values,
            default,
            key: PhantomData,
        }
    }

    /// The number of entries held (ids past them read as the default).
    #[inline]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether no entry is held.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of the ids not set.
    #[inline]
    pub fn default_value(&self) -> &V {
        &self.default
    }

    /// The entry of `k` (`None` past the entries held, whose value is the default).
    #[inline]
    pub fn get(&self, k: K) -> Option<&V> {
        self.values.get(k.index())
    }

    /// The entry of `k`, mutably, without growing (`None` past the entries held).
    #[inline]
    pub fn get_mut(&mut self, k: K) -> Option<&mut V> {
        self.values.get_mut(k.index())
    }

    /// Holds `n` entries: new ones are the default, entries from `n` on go.
    pub fn resize(&mut self, n: usize) {
        self.values.resize(n, self.default.clone());
    }

    /// Holds `n` entries, each `default` (also the new default), reusing the memory: a
    /// table kept from one module to the next.
    pub fn refill(&mut self, n: usize, default: V) {
        self.values.clear();
        self.values.resize(n, default.clone());
        self.default = default;
    }

    /// Drops every entry (all ids read as the default again), keeping the memory for reuse.
    pub fn clear(&mut self) {
        self.values.clear();
    }

    /// The entries held with their ids, in id order.
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (K, &V)> {
        self.values
            .iter()
            .enumerate()
            .filter_map(|(i, v)| Some((K::from_index(i)?, v)))
    }

    /// The entries held with their ids, mutably, in id order.
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (K, &mut V)> {
        self.values
            .iter_mut()
            .enumerate()
            .filter_map(|(i, v)| Some((K::from_index(i)?, v)))
    }

    /// The entries held, in id order.
    #[inline]
    pub fn values(&self) -> core::slice::Iter<'_, V> {
        self.values.iter()
    }

    /// Grows the map to hold entry `i` and returns it (the rare path of [`IndexMut`]).
    #[cold]
    #[inline(never)]
    fn grow_to(&mut self, i: usize) -> &mut V {
        self.values.resize(i + 1, self.default.clone());
        &mut self.values[i]
    }
}

impl<K: EntityId, V: Clone + Default> Default for SecondaryMap<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

/// The value of `k`: the default past the entries held.
impl<K: EntityId, V: Clone> Index<K> for SecondaryMap<K, V> {
    type Output = V;

    #[inline]
    fn index(&self, k: K) -> &V {
        self.values.get(k.index()).unwrap_or(&self.default)
    }
}

/// The value of `k`, mutably; the map grows to `k` when it holds fewer entries.
impl<K: EntityId, V: Clone> IndexMut<K> for SecondaryMap<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        let i = k.index();
        // One comparison on the common path: the entry is held.
        if i < self.values.len() {
            &mut self.values[i]
        } else {
            self.grow_to(i)
        }
    }
}

impl<K, V: Clone> Clone for SecondaryMap<K, V> {
    fn clone(&self) -> Self {
        SecondaryMap {
            values: self.values.clone(),
            default: self.default.clone(),
            key: PhantomData,
        }
    }
}

impl<K, V: fmt::Debug> fmt::Debug for SecondaryMap<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SecondaryMap")
            .field("values", &self.values)
            .field("default", &self.default)
            .finish()
    }
}

/// An `Option<K>` in the 4 bytes of `K`: "none" is `K`'s reserved value (`u32::MAX`), which
/// no arena hands out as an id and no count reaches as a number. `Some(u32::MAX)` of a plain
/// `u32` would read back as none.
///
/// ```
/// use dxil_ir::{Arena, Function, PackedOption};
///
/// let mut functions: Arena<Function, &str> = Arena::new();
/// let main = functions.push("main");
/// let mut owner: Vec<PackedOption<Function>> = vec![PackedOption::none(); 2];
/// owner[1] = Some(main).into();
/// assert_eq!(owner[0].expand(), None);
/// assert_eq!(owner[1].expand(), Some(main));
/// assert_eq!(core::mem::size_of::<PackedOption<Function>>(), 4);
///
/// let slot: PackedOption<u32> = PackedOption::some(7);
/// assert!(slot.is_some() && PackedOption::<u32>::default().is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PackedOption<K: Packable>(K);

impl<K: Packable> PackedOption<K> {
    /// None.
    #[inline]
    pub fn none() -> Self {
        PackedOption(K::reserved(Seal(())))
    }

    /// `k`.
    #[inline]
    pub fn some(k: K) -> Self {
        PackedOption(k)
    }

    /// Whether this is none.
    #[inline]
    pub fn is_none(self) -> bool {
        self.0 == K::reserved(Seal(()))
    }

    /// Whether this holds a value.
    #[inline]
    pub fn is_some(self) -> bool {
        !self.is_none()
    }

    /// The value as an `Option`.
    #[inline]
    pub fn expand(self) -> Option<K> {
        if self.is_none() {
            None
        } else {
            Some(self.0)
        }
    }

    /// Takes the value out, leaving none.
    #[inline]
    pub fn take(&mut self) -> Option<K> {
        core::mem::take(self).expand()
    }
}

impl<K: Packable> Default for PackedOption<K> {
    #[inline]
    fn default() -> Self {
        Self::none()
    }
}

impl<K: Packable> From<K> for PackedOption<K> {
    #[inline]
    fn from(k: K) -> Self {
        Self::some(k)
    }
}

impl<K: Packable> From<Option<K>> for PackedOption<K> {
    #[inline]
    fn from(k: Option<K>) -> Self {
        match k {
            Some(k) => Self::some(k),
            None => Self::none(),
        }
    }
}

impl<K: Packable> From<PackedOption<K>> for Option<K> {
    #[inline]
    fn from(k: PackedOption<K>) -> Self {
        k.expand()
    }
}

impl<K: Packable + fmt::Debug> fmt::Debug for PackedOption<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.expand().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Block, Inst, Type};

    #[test]
    fn secondary_map_reads_default_past_its_entries() {
        let mut m: SecondaryMap<Type, u32> = SecondaryMap::filled(2, 9);
        assert_eq!(m.len(), 2);
        assert_eq!(m[Type(5)], 9);
        assert_eq!(m.get(Type(5)), None);
        assert_eq!(m.get_mut(Type(5)), None);
        m[Type(1)] = 3;
        m[Type(4)] = 4;
        assert_eq!(m.len(), 5);
        let all: Vec<(Type, u32)> = m.iter().map(|(k, v)| (k, *v)).collect();
        assert_eq!(
            all,
            [
                (Type(0), 9),
                (Type(1), 3),
                (Type(2), 9),
                (Type(3), 9),
                (Type(4), 4)
            ]
        );
        for (_, v) in m.iter_mut() {
            *v += 1;
        }
        assert_eq!(m.values().copied().collect::<Vec<_>>(), [10, 4, 10, 10, 5]);
        let cap = m.values.capacity();
        m.clear();
        assert!(m.is_empty());
        assert_eq!(m.values.capacity(), cap);
        assert_eq!(m[Type(1)], 9);
        m.resize(3);
        assert_eq!(m.values().copied().collect::<Vec<_>>(), [9, 9, 9]);
        assert_eq!(*m.default_value(), 9);
    }

    #[test]
    fn packed_option_round_trips() {
        let n: PackedOption<Inst> = PackedOption::none();
        assert!(n.is_none() && !n.is_some());
        assert_eq!(n.expand(), None);
        let s = PackedOption::from(Some(Inst(0)));
        assert_eq!(s.expand(), Some(Inst(0)));
        assert_eq!(Option::from(s), Some(Inst(0)));
        let mut t = PackedOption::from(Block(3));
        assert_eq!(t.take(), Some(Block(3)));
        assert!(t.is_none());
        assert_eq!(format!("{:?} {:?}", s, n), "Some(Inst(0)) None");
        assert_eq!(PackedOption::<u32>::from(None).expand(), None);
        assert_eq!(PackedOption::some(0u32).expand(), Some(0));
    }

    #[test]
    fn no_arena_hands_out_the_reserved_id() {
        assert_eq!(Inst::from_index(u32::MAX as usize), None);
        assert_eq!(
            Inst::from_index(u32::MAX as usize - 1),
            Some(Inst(u32::MAX - 1))
        );
    }
}
