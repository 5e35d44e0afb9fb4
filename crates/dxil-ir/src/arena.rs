//! Arenas indexed by their typed id: `Arena<Type, TypeData>` is indexed by [`crate::Type`],
//! `push` returns the new entry's id, and iteration can yield the ids.

use core::fmt;
use core::marker::PhantomData;
use core::ops::{Deref, DerefMut, Index, IndexMut};

// `Index<Id>` is implemented per id type (next to `entity_id!`), since a generic one would
// overlap the slice-position impl below.
use core::slice::SliceIndex;

/// A typed `u32` id of an arena entry. Only this crate makes ids from numbers (the trait is
/// sealed), so an id held outside it came from an arena or from a checked constructor. Ids
/// name entries `0..u32::MAX`: `u32::MAX` itself is kept for [`crate::PackedOption`]'s
/// "none" ([`Packable`]).
pub trait EntityId: Packable + sealed::Sealed {
    /// The entry index.
    fn index(self) -> usize;
}

/// A `u32`-sized value with one bit pattern, `u32::MAX`, that never names a value, so that
/// [`crate::PackedOption`] can use it for "none": every id (no arena hands out `u32::MAX`),
/// and plain `u32` numbers (slot and value numbers, which count entries and so stay below
/// it).
///
/// The capability is sealed: only this crate makes the reserved value, so code elsewhere
/// cannot make an id no arena handed out.
pub trait Packable: Copy + Eq {
    /// The reserved value (`u32::MAX`).
    #[doc(hidden)]
    fn reserved(seal: Seal) -> Self;
}

/// The key to [`Packable::reserved`], which only this crate can make.
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct Seal(pub(crate) ());

impl Packable for u32 {
    #[inline]
    fn reserved(_: Seal) -> Self {
        u32::MAX
    }
}

pub(crate) mod sealed {
    /// The constructor behind [`super::EntityId`], out of reach of other crates.
    pub trait Sealed: Sized {
        /// The id of entry `index` (`None` when it does not fit in `u32`).
        fn from_index(index: usize) -> Option<Self>;
    }
}

/// A vector of `T` indexed by the id type `I`. It dereferences to `[T]` for code that walks
/// the entries in order; positions (`usize` and ranges) index it as they index a slice.
pub struct Arena<I, T> {
    items: Vec<T>,
    id: PhantomData<fn(I) -> I>,
}

impl<I: EntityId, T> Arena<I, T> {
    /// An empty arena.
    pub const fn new() -> Self {
        Arena {
            items: Vec::new(),
            id: PhantomData,
        }
    }

    /// An empty arena with room for `n` entries.
    pub fn with_capacity(n: usize) -> Self {
        Arena {
            items: Vec::with_capacity(n),
            id: PhantomData,
        }
    }

    /// Makes room for `additional` more entries.
    pub fn reserve(&mut self, additional: usize) {
        self.items.reserve(additional);
    }

    /// Gives back the room that is large and mostly unused (a reader's reservation made
    /// from the input's length), so that the arena holds about what it uses.
    pub fn trim(&mut self) {
        crate::names::trim(&mut self.items);
    }

    /// Adds an entry and returns its id.
    ///
    /// Panics when the arena already holds `u32::MAX + 1` entries; readers bound their
    /// counts first with [`Arena::next_id`].
    #[inline]
    pub fn push(&mut self, value: T) -> I {
        let Some(id) = I::from_index(self.items.len()) else {
            panic!("arena holds more entries than a u32 id can name");
        };
        self.items.push(value);
        id
    }

    /// Adds an entry and returns its id, or `None` (adding nothing) when the arena is full:
    /// [`Arena::next_id`] and [`Arena::push`] in one check, inlined for readers' hot loops.
    #[inline(always)]
    pub fn try_push(&mut self, value: T) -> Option<I> {
        let id = I::from_index(self.items.len())?;
        self.items.push(value);
        Some(id)
    }

    /// The id the next [`Arena::push`] returns (`None` when the arena is full).
    pub fn next_id(&self) -> Option<I> {
        I::from_index(self.items.len())
    }

    /// The id of the entry at `position` (`None` when there is none): for code that found an
    /// entry by its position (a search, a count) and needs its id.
    #[inline]
    pub fn id_of(&self, position: usize) -> Option<I> {
        if position < self.items.len() {
            I::from_index(position)
        } else {
            None
        }
    }

    /// The entry `id` (`None` when out of range).
    #[inline]
    pub fn get(&self, id: I) -> Option<&T> {
        self.items.get(id.index())
    }

    /// The entry `id`, mutably (`None` when out of range).
    #[inline]
    pub fn get_mut(&mut self, id: I) -> Option<&mut T> {
        self.items.get_mut(id.index())
    }

    /// Whether `id` names an entry.
    #[inline]
    pub fn contains(&self, id: I) -> bool {
        id.index() < self.items.len()
    }

    /// The ids of all entries, in order.
    pub fn ids(&self) -> impl DoubleEndedIterator<Item = I> {
        (0..self.items.len()).filter_map(I::from_index)
    }

    /// The entries with their ids, in order.
    pub fn iter_with_ids(&self) -> impl DoubleEndedIterator<Item = (I, &T)> {
        self.items
            .iter()
            .enumerate()
            .filter_map(|(i, t)| Some((I::from_index(i)?, t)))
    }

    /// The entries with their ids, mutably, in order.
    pub fn iter_with_ids_mut(&mut self) -> impl DoubleEndedIterator<Item = (I, &mut T)> {
        self.items
            .iter_mut()
            .enumerate()
            .filter_map(|(i, t)| Some((I::from_index(i)?, t)))
    }

    /// The entries in order.
    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.items
    }

    /// The entries in order, mutably.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items
    }

    /// Keeps the entries for which `f` is true; the ids of the entries after a removed one
    /// change, so the caller renumbers its references.
    pub fn retain(&mut self, f: impl FnMut(&T) -> bool) {
        self.items.retain(f);
    }

    /// Keeps the entries for which `keep` is true and returns, at each old entry's index, the
    /// id it has now (`None` for a removed entry), for the caller to renumber its references.
    pub fn retain_renumbered(&mut self, mut keep: impl FnMut(I, &T) -> bool) -> Vec<Option<I>> {
        let mut map = Vec::with_capacity(self.items.len());
        let mut next = 0usize;
        for (i, t) in self.items.iter().enumerate() {
            let kept = I::from_index(i).is_some_and(|id| keep(id, t));
            map.push(if kept {
                next += 1;
                I::from_index(next - 1)
            } else {
                None
            });
        }
        let mut index = 0usize;
        self.items.retain(|_| {
            index += 1;
            map[index - 1].is_some()
        });
        map
    }

    /// Inserts an entry at position `index`; the ids of the entries from there on grow by
    /// one, so the caller renumbers its references. Panics when `index > len`.
    pub fn insert(&mut self, index: usize, value: T) {
        self.items.insert(index, value);
    }

    /// Removes every entry.
    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// Keeps the first `len` entries.
    pub fn truncate(&mut self, len: usize) {
        self.items.truncate(len);
    }

    /// Adds the entries of `iter` in order.
    pub fn extend(&mut self, iter: impl IntoIterator<Item = T>) {
        self.items.extend(iter);
    }

    /// The entries as a vector.
    pub fn into_vec(self) -> Vec<T> {
        self.items
    }
}

impl<I: EntityId, T> Default for Arena<I, T> {
    fn default() -> Self {
        Arena::new()
    }
}

impl<I, T: Clone> Clone for Arena<I, T> {
    fn clone(&self) -> Self {
        Arena {
            items: self.items.clone(),
            id: PhantomData,
        }
    }
}

impl<I, T: PartialEq> PartialEq for Arena<I, T> {
    fn eq(&self, other: &Self) -> bool {
        self.items == other.items
    }
}

impl<I, T: Eq> Eq for Arena<I, T> {}

impl<I, T: fmt::Debug> fmt::Debug for Arena<I, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(&self.items).finish()
    }
}

impl<I, T> Deref for Arena<I, T> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.items
    }
}

impl<I, T> DerefMut for Arena<I, T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items
    }
}

/// Positions index the arena as they index a slice.
impl<I, T, R: SliceIndex<[T]>> Index<R> for Arena<I, T> {
    type Output = R::Output;

    #[inline]
    fn index(&self, r: R) -> &R::Output {
        &self.items[r]
    }
}

/// Positions index the arena as they index a slice.
impl<I, T, R: SliceIndex<[T]>> IndexMut<R> for Arena<I, T> {
    #[inline]
    fn index_mut(&mut self, r: R) -> &mut R::Output {
        &mut self.items[r]
    }
}

impl<I, T> From<Vec<T>> for Arena<I, T> {
    fn from(items: Vec<T>) -> Self {
        Arena {
            items,
            id: PhantomData,
        }
    }
}

impl<I, T> FromIterator<T> for Arena<I, T> {
    fn from_iter<It: IntoIterator<Item = T>>(iter: It) -> Self {
        Arena {
            items: iter.into_iter().collect(),
            id: PhantomData,
        }
    }
}

impl<'a, I, T> IntoIterator for &'a Arena<I, T> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter()
    }
}

impl<'a, I, T> IntoIterator for &'a mut Arena<I, T> {
    type Item = &'a mut T;
    type IntoIter = core::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.iter_mut()
    }
}

impl<I, T> IntoIterator for Arena<I, T> {
    type Item = T;
    type IntoIter = std::vec::IntoIter<T>;

    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Type;

    #[test]
    fn typed_access() {
        let mut a: Arena<Type, &str> = Arena::new();
        assert_eq!(a.push("void"), Type(0));
        assert_eq!(a.push("i32"), Type(1));
        assert_eq!(a[Type(1)], "i32");
        assert_eq!(a[0], "void");
        assert_eq!(a.get(Type(2)), None);
        assert!(a.contains(Type(1)) && !a.contains(Type(2)));
        assert_eq!(a.next_id(), Some(Type(2)));
        assert_eq!(a.id_of(1), Some(Type(1)));
        assert_eq!(a.id_of(2), None);
        let ids: Vec<Type> = a.ids().collect();
        assert_eq!(ids, [Type(0), Type(1)]);
        let pairs: Vec<(Type, &&str)> = a.iter_with_ids().collect();
        assert_eq!(pairs, [(Type(0), &"void"), (Type(1), &"i32")]);
        let mut b = a.clone();
        b.push("f32");
        let map = b.retain_renumbered(|id, _| id != Type(1));
        assert_eq!(map, [Some(Type(0)), None, Some(Type(1))]);
        assert_eq!(&b[..], ["void", "f32"]);
        a[Type(0)] = "half";
        assert_eq!(&a[..], ["half", "i32"]);
    }
}
