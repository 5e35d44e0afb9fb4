//! The module's pools: one vector per element type, holding the lists and byte strings of
//! metadata (node operands, named metadata operands, DWARF expressions, `!"..."` strings)
//! and its larger debug-info records, and those of constants (aggregates, expression
//! operands, wide integers, data arrays, strings, inline assembly), so that reading a module does not allocate once per
//! list or record. An entry names its list by a [`PoolRange`], a `Copy` start and length,
//! and a record by a [`PoolRef`], an index; their numbers are private to this crate.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

use crate::ids::Metadata;
use crate::metadata::*;
use crate::values::ValueRef;

/// A run of entries of one of the [`Pools`], made by pushing into them: [`Pools::push`],
/// [`Pools::extend`], [`Pools::try_collect`]. The element type makes ranges of different
/// pools distinct types ([`MdRange`], [`MdIdRange`], [`WordRange`], [`ByteRange`]).
pub struct PoolRange<T> {
    start: u32,
    len: u32,
    elem: PhantomData<fn() -> T>,
}

/// Node operands (`None`: `null`) in [`Pools`].
pub type MdRange = PoolRange<MdRef>;
/// Metadata ids (named metadata operands) in [`Pools`].
pub type MdIdRange = PoolRange<Metadata>;
/// 64-bit words (DWARF expression elements, wide integers, constant data) in [`Pools`].
pub type WordRange = PoolRange<u64>;
/// Bytes (metadata strings, constant strings) in [`Pools`].
pub type ByteRange = PoolRange<u8>;
/// Values (constant aggregates and expression operands) in [`Pools`].
pub type ValueRange = PoolRange<ValueRef>;

impl<T> PoolRange<T> {
    /// The empty list (valid in every module).
    pub const EMPTY: PoolRange<T> = PoolRange {
        start: 0,
        len: 0,
        elem: PhantomData,
    };

    /// The number of entries.
    #[inline]
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    #[inline]
    fn span(self) -> core::ops::Range<usize> {
        let start = self.start as usize;
        start..start + self.len as usize
    }
}

impl<T> Clone for PoolRange<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for PoolRange<T> {}

impl<T> Default for PoolRange<T> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<T> PartialEq for PoolRange<T> {
    fn eq(&self, other: &Self) -> bool {
        (self.start, self.len) == (other.start, other.len)
    }
}

impl<T> Eq for PoolRange<T> {}

impl<T> Hash for PoolRange<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(u64::from(self.start) << 32 | u64::from(self.len));
    }
}

impl<T> fmt::Debug for PoolRange<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}..{}",
            self.start,
            u64::from(self.start) + u64::from(self.len)
        )
    }
}

/// One entry of the [`Pools`] (a debug-info record), made by [`Pools::add`] or
/// [`Pools::try_add`]; the element type makes references into different pools distinct
/// types.
pub struct PoolRef<T> {
    index: u32,
    elem: PhantomData<fn() -> T>,
}

impl<T> Clone for PoolRef<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for PoolRef<T> {}

impl<T> PartialEq for PoolRef<T> {
    fn eq(&self, other: &Self) -> bool {
        self.index == other.index
    }
}

impl<T> Eq for PoolRef<T> {}

impl<T> Hash for PoolRef<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u32(self.index);
    }
}

impl<T> fmt::Debug for PoolRef<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.index)
    }
}

pub(crate) mod sealed {
    /// Selects the vector of [`super::Pools`] that holds an element type.
    pub trait PoolOf: Copy + Sized {
        fn vec(p: &super::Pools) -> &Vec<Self>;
        fn vec_mut(p: &mut super::Pools) -> &mut Vec<Self>;
    }
}

/// An element type that has a pool in [`Pools`] (sealed: the pools are fixed).
pub trait Pooled: sealed::PoolOf {}

macro_rules! pooled {
    ($($t:ty => $field:ident),* $(,)?) => {$(
        impl sealed::PoolOf for $t {
            #[inline]
            fn vec(p: &Pools) -> &Vec<Self> {
                &p.$field
            }
            #[inline]
            fn vec_mut(p: &mut Pools) -> &mut Vec<Self> {
                &mut p.$field
            }
        }
        impl Pooled for $t {}
    )*};
}

/// The module's list pools, one vector per element type. Entries refer to their lists by
/// [`PoolRange`]; a list that is replaced stays in its pool, unreferenced, until the module
/// is dropped (passes that rewrite lists are rare and small).
///
/// Equality compares the vectors, so two modules compare equal when they were made alike
/// (the same reader input, the same builder calls); it does not look through the ranges.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Pools {
    md_refs: Vec<MdRef>,
    md_ids: Vec<Metadata>,
    values: Vec<ValueRef>,
    words: Vec<u64>,
    bytes: Vec<u8>,
    generic_di: Vec<GenericDINode>,
    basic_types: Vec<DIBasicType>,
    derived_types: Vec<DIDerivedType>,
    composite_types: Vec<DICompositeType>,
    compile_units: Vec<DICompileUnit>,
    subprograms: Vec<DISubprogram>,
    lexical_blocks: Vec<DILexicalBlock>,
    namespaces: Vec<DINamespace>,
    template_values: Vec<DITemplateValueParameter>,
    global_variables: Vec<DIGlobalVariable>,
    local_variables: Vec<DILocalVariable>,
    objc_properties: Vec<DIObjCProperty>,
    imported_entities: Vec<DIImportedEntity>,
    modules: Vec<DIModule>,
}

pooled! {
    MdRef => md_refs,
    Metadata => md_ids,
    ValueRef => values,
    u64 => words,
    u8 => bytes,
    GenericDINode => generic_di,
    DIBasicType => basic_types,
    DIDerivedType => derived_types,
    DICompositeType => composite_types,
    DICompileUnit => compile_units,
    DISubprogram => subprograms,
    DILexicalBlock => lexical_blocks,
    DINamespace => namespaces,
    DITemplateValueParameter => template_values,
    DIGlobalVariable => global_variables,
    DILocalVariable => local_variables,
    DIObjCProperty => objc_properties,
    DIImportedEntity => imported_entities,
    DIModule => modules,
}

impl Pools {
    /// Empty pools.
    pub fn new() -> Pools {
        Pools::default()
    }

    /// Gives back the room of every pool that is large and mostly unused (a reader's
    /// reservations, made from the input's length, and growth by doubling), so that a module
    /// read holds about what it uses.
    pub fn trim(&mut self) {
        // Every pool, named once: the destructuring names every field, so that a new pool
        // cannot be left out.
        macro_rules! trim_all {
            ($($v:ident),*) => {{
                let Pools { $($v),* } = self;
                $( crate::names::trim($v); )*
            }};
        }
        trim_all!(
            md_refs,
            md_ids,
            values,
            words,
            bytes,
            generic_di,
            basic_types,
            derived_types,
            composite_types,
            compile_units,
            subprograms,
            lexical_blocks,
            namespaces,
            template_values,
            global_variables,
            local_variables,
            objc_properties,
            imported_entities,
            modules
        );
    }

    /// Makes room for `additional` more entries of `T`.
    pub fn reserve<T: Pooled>(&mut self, additional: usize) {
        T::vec_mut(self).reserve(additional);
    }

    /// The number of entries of `T` held.
    pub fn len_of<T: Pooled>(&self) -> usize {
        T::vec(self).len()
    }

    /// Whether `r` names entries these pools hold.
    #[inline]
    pub fn holds<T: Pooled>(&self, r: PoolRange<T>) -> bool {
        r.span().end <= T::vec(self).len()
    }

    /// The list `r` (`None` when these pools do not hold it: a range of another module).
    #[inline]
    pub fn get<T: Pooled>(&self, r: PoolRange<T>) -> Option<&[T]> {
        T::vec(self).get(r.span())
    }

    /// The list `r`, mutably (`None` when these pools do not hold it).
    #[inline]
    pub fn get_mut<T: Pooled>(&mut self, r: PoolRange<T>) -> Option<&mut [T]> {
        T::vec_mut(self).get_mut(r.span())
    }

    /// The list `r`, or the empty list when these pools do not hold it (the id check reports
    /// such a range).
    #[inline]
    pub fn list<T: Pooled>(&self, r: PoolRange<T>) -> &[T] {
        self.get(r).unwrap_or(&[])
    }

    /// The list `r`, mutably, or the empty list when these pools do not hold it.
    #[inline]
    pub fn list_mut<T: Pooled>(&mut self, r: PoolRange<T>) -> &mut [T] {
        self.get_mut(r).unwrap_or_default()
    }

    /// The list `r` of pools that hold it.
    ///
    /// # Panics
    ///
    /// When these pools do not hold `r`, as indexing does.
    #[inline]
    pub fn held_list<T: Pooled>(&self, r: PoolRange<T>) -> &[T] {
        &T::vec(self)[r.span()]
    }

    /// Copies `items` into the pool and returns their range.
    ///
    /// # Panics
    ///
    /// When the pool would hold more than `u32::MAX` entries; readers use
    /// [`Pools::try_push`].
    pub fn push<T: Pooled>(&mut self, items: &[T]) -> PoolRange<T> {
        self.try_push(items)
            .expect("pool holds more than u32::MAX entries")
    }

    /// Copies `items` into the pool and returns their range (`None` when the pool would hold
    /// more than `u32::MAX` entries).
    pub fn try_push<T: Pooled>(&mut self, items: &[T]) -> Option<PoolRange<T>> {
        let v = T::vec_mut(self);
        let r = range_at(v.len(), items.len())?;
        v.extend_from_slice(items);
        Some(r)
    }

    /// Adds the entries of `iter` and returns their range.
    ///
    /// # Panics
    ///
    /// When the pool would hold more than `u32::MAX` entries.
    pub fn extend<T: Pooled>(&mut self, iter: impl IntoIterator<Item = T>) -> PoolRange<T> {
        let v = T::vec_mut(self);
        let start = v.len();
        v.extend(iter);
        let r = range_at(start, v.len() - start);
        r.expect("pool holds more than u32::MAX entries")
    }

    /// Adds the entries of `iter` until one is an error, and returns their range; on an
    /// error the pool is left as it was. `full` makes the error for a pool that would hold
    /// more than `u32::MAX` entries. For readers: no temporary vector per list.
    pub fn try_collect<T: Pooled, E>(
        &mut self,
        iter: impl IntoIterator<Item = Result<T, E>>,
        full: impl FnOnce() -> E,
    ) -> Result<PoolRange<T>, E> {
        let v = T::vec_mut(self);
        let start = v.len();
        for x in iter {
            match x {
                Ok(x) => v.push(x),
                Err(e) => {
                    v.truncate(start);
                    return Err(e);
                }
            }
        }
        match range_at(start, v.len() - start) {
            Some(r) => Ok(r),
            None => {
                v.truncate(start);
                Err(full())
            }
        }
    }

    /// Adds the entries of `iter`, which knows its length, and returns their range (`None`,
    /// and the pool left as it was, when it would hold more than `u32::MAX` entries). For
    /// readers that check a record's operands first: the entries go in without a check or a
    /// capacity test each.
    pub fn try_extend<T: Pooled, I>(&mut self, iter: I) -> Option<PoolRange<T>>
    where
        I: IntoIterator<Item = T>,
        I::IntoIter: ExactSizeIterator,
    {
        let iter = iter.into_iter();
        let v = T::vec_mut(self);
        let start = v.len();
        range_at::<T>(start, iter.len())?;
        v.extend(iter);
        let r = range_at(start, v.len() - start);
        if r.is_none() {
            v.truncate(start);
        }
        r
    }

    /// Adds one entry and returns its reference (`None` when the pool would hold more than
    /// `u32::MAX` entries).
    pub fn try_add<T: Pooled>(&mut self, x: T) -> Option<PoolRef<T>> {
        let v = T::vec_mut(self);
        let index = u32::try_from(v.len()).ok().filter(|&i| i < u32::MAX)?;
        v.push(x);
        Some(PoolRef {
            index,
            elem: PhantomData,
        })
    }

    /// Adds one entry and returns its reference.
    ///
    /// # Panics
    ///
    /// When the pool would hold more than `u32::MAX` entries; readers use
    /// [`Pools::try_add`].
    pub fn add<T: Pooled>(&mut self, x: T) -> PoolRef<T> {
        self.try_add(x)
            .expect("pool holds more than u32::MAX entries")
    }

    /// The entry `r` (`None` when these pools do not hold it).
    #[inline]
    pub fn one<T: Pooled>(&self, r: PoolRef<T>) -> Option<&T> {
        T::vec(self).get(r.index as usize)
    }

    /// The entry `r`, mutably (`None` when these pools do not hold it).
    #[inline]
    pub fn one_mut<T: Pooled>(&mut self, r: PoolRef<T>) -> Option<&mut T> {
        T::vec_mut(self).get_mut(r.index as usize)
    }

    /// Whether `r` names an entry these pools hold.
    #[inline]
    pub fn holds_one<T: Pooled>(&self, r: PoolRef<T>) -> bool {
        (r.index as usize) < T::vec(self).len()
    }

    /// Drops the list `r` when it is the last one in its pool (a list made for a lookup that
    /// found what it looked for); else does nothing. Nothing may refer to `r` afterwards.
    pub fn release<T: Pooled>(&mut self, r: PoolRange<T>) {
        let v = T::vec_mut(self);
        if r.len != 0 && r.span().end == v.len() {
            v.truncate(r.start as usize);
        }
    }

    /// Replaces the list `r` by `items` and returns its range: in place when `items` is no
    /// longer than `r` (so that writing a list back unchanged leaves the pools as they
    /// were), else as a copy at the pool's end. For a list no other entry shares.
    ///
    /// # Panics
    ///
    /// As [`Pools::push`].
    pub fn replace<T: Pooled>(&mut self, r: PoolRange<T>, items: &[T]) -> PoolRange<T> {
        match self.get_mut(r) {
            Some(old) if items.len() <= old.len() => {
                old[..items.len()].copy_from_slice(items);
                PoolRange {
                    start: r.start,
                    len: items.len() as u32,
                    elem: PhantomData,
                }
            }
            _ => self.push(items),
        }
    }

    /// Appends `items` to the list `r` and returns the longer list's range: in place when
    /// `r` ends the pool, else as a copy at its end (the old entries stay, unreferenced).
    ///
    /// # Panics
    ///
    /// When these pools do not hold `r`, or the pool would hold more than `u32::MAX`
    /// entries.
    pub fn append<T: Pooled>(&mut self, r: PoolRange<T>, items: &[T]) -> PoolRange<T> {
        let v = T::vec_mut(self);
        let span = r.span();
        assert!(
            span.end <= v.len(),
            "append to a range these pools do not hold"
        );
        let start = if span.end == v.len() {
            span.start
        } else {
            let start = v.len();
            v.extend_from_within(span);
            start
        };
        v.extend_from_slice(items);
        range_at(start, v.len() - start).expect("pool holds more than u32::MAX entries")
    }
}

/// The payload of a debug-info variant of [`MetadataData`]: the record itself (the small
/// ones, held inline) or a [`PoolRef`] to it in the module's [`Pools`] (the larger ones,
/// which inline would make every metadata item as large as the largest record). The codecs
/// read and make payloads through this trait, so a record's place is written down once, in
/// the variant's type.
pub trait DiPayload: Sized {
    /// The record type.
    type Record: Copy;
    /// The record (`None` when `pools` do not hold it).
    fn record<'a>(&'a self, pools: &'a Pools) -> Option<&'a Self::Record>;
    /// The record, mutably (`None` when `pools` do not hold it).
    fn record_mut<'a>(&'a mut self, pools: &'a mut Pools) -> Option<&'a mut Self::Record>;
    /// The payload of `rec`, stored in `pools` when it goes there (`None` when the pool is
    /// full).
    fn store(rec: Self::Record, pools: &mut Pools) -> Option<Self>;
    /// As [`DiPayload::store`], and when the record is the first of its pool, room is made
    /// there for `room` more (for readers, which know how many may follow).
    #[inline]
    fn store_with_room(rec: Self::Record, pools: &mut Pools, room: usize) -> Option<Self> {
        let _ = room;
        Self::store(rec, pools)
    }
}

impl<T: Pooled> DiPayload for PoolRef<T> {
    type Record = T;
    #[inline]
    fn record<'a>(&'a self, pools: &'a Pools) -> Option<&'a T> {
        pools.one(*self)
    }
    #[inline]
    fn record_mut<'a>(&'a mut self, pools: &'a mut Pools) -> Option<&'a mut T> {
        pools.one_mut(*self)
    }
    #[inline]
    fn store(rec: T, pools: &mut Pools) -> Option<Self> {
        pools.try_add(rec)
    }
    #[inline]
    fn store_with_room(rec: T, pools: &mut Pools, room: usize) -> Option<Self> {
        if T::vec(pools).is_empty() {
            pools.reserve::<T>(room);
        }
        pools.try_add(rec)
    }
}

macro_rules! inline_payload {
    ($($t:ty),* $(,)?) => {$(
        impl DiPayload for $t {
            type Record = $t;
            #[inline]
            fn record<'a>(&'a self, _: &'a Pools) -> Option<&'a $t> {
                Some(self)
            }
            #[inline]
            fn record_mut<'a>(&'a mut self, _: &'a mut Pools) -> Option<&'a mut $t> {
                Some(self)
            }
            #[inline]
            fn store(rec: $t, _: &mut Pools) -> Option<Self> {
                Some(rec)
            }
        }
    )*};
}

inline_payload! {
    DILocation,
    DISubrange,
    DIEnumerator,
    DIFile,
    DISubroutineType,
    DILexicalBlockFile,
    DITemplateTypeParameter,
    DIExpression,
}

/// The range of `len` entries from `start`, when its end fits in `u32`.
fn range_at<T>(start: usize, len: usize) -> Option<PoolRange<T>> {
    let end = start.checked_add(len)?;
    u32::try_from(end).ok()?;
    Some(PoolRange {
        start: start as u32,
        len: len as u32,
        elem: PhantomData,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_read_append() {
        let mut p = Pools::new();
        let a = p.push(&[1u64, 2]);
        let b = p.push(&b"xyz"[..]);
        assert_eq!(p.held_list(a), [1, 2]);
        assert_eq!(p.list(b), b"xyz");
        let a2 = p.append(a, &[3]);
        assert_eq!(p.held_list(a2), [1, 2, 3]);
        assert_eq!(
            a2,
            PoolRange {
                start: 0,
                len: 3,
                elem: PhantomData
            }
        );
        let c = p.push(&[9u64]);
        let a3 = p.append(a2, &[4]);
        assert_eq!(p.held_list(a3), [1, 2, 3, 4]);
        assert_eq!(p.held_list(c), [9]);
        let short = p.replace(a3, &[7, 8]);
        assert_eq!((p.held_list(short), short.start), (&[7, 8][..], a3.start));
        let c2 = p.replace(c, &[1, 2]);
        assert_eq!(p.held_list(c2), [1, 2]);
        let last = p.push(&[5u64, 6]);
        p.release(c2);
        assert_eq!(p.len_of::<u64>(), 12);
        p.release(last);
        assert_eq!(p.len_of::<u64>(), 10);
        let foreign: WordRange = range_at(40, 2).unwrap();
        assert!(!p.holds(foreign));
        assert_eq!(p.get(foreign), None);
        assert_eq!(p.list(foreign), &[] as &[u64]);
        let bad: Result<WordRange, &str> = p.try_collect([Ok(5), Err("no")], || "full");
        assert_eq!(bad, Err("no"));
        assert_eq!(p.len_of::<u64>(), 10);
        assert!(PoolRange::<u8>::EMPTY.is_empty() && p.holds(PoolRange::<u8>::EMPTY));
        let more = p.try_extend([1u64, 2, 3].iter().map(|w| w * 2)).unwrap();
        assert_eq!((p.held_list(more), more.start), (&[2, 4, 6][..], 10));
        let none = p.try_extend(core::iter::empty::<u64>()).unwrap();
        assert!(none.is_empty() && p.len_of::<u64>() == 13);
    }
}
