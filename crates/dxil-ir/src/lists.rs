//! Operand lists of instructions: one pool per element type in each [`crate::Body`], and a
//! small `Copy` range ([`List`]) in the instruction.
//!
//! An instruction with a variable number of operands (a call's arguments, a phi's incoming
//! edges, a GEP's indices) holds a [`List`] into its body's [`OperandPool`] rather than a
//! boxed slice: reading a body makes one growing vector per element type instead of one
//! allocation per instruction, and dropping it frees a handful of vectors. The range's fields
//! are private to this crate, like the numbers of the ids; a range past its pool is an id
//! error of the id check ([`crate::check`]), so the lists of a [`crate::CheckedModule`]'s
//! bodies index without fallbacks.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

use crate::ids::Block;
use crate::values::ValueRef;

/// A list of `T` in a body's [`OperandPool`]: where it starts and how long it is. The element
/// type is part of the range's type, so a list of values cannot be read as a list of blocks.
/// The default is the empty list.
pub struct List<T> {
    start: u32,
    len: u32,
    _elem: PhantomData<fn() -> T>,
}

/// Value operands (GEP base and indices, call and invoke arguments).
pub type ValueList = List<ValueRef>;
/// Values with their blocks (switch cases, phi incoming edges).
pub type EdgeList = List<(ValueRef, Block)>;
/// Blocks (indirectbr destinations).
pub type BlockList = List<Block>;
/// Aggregate indices (extractvalue, insertvalue).
pub type IndexList = List<u32>;
/// Landingpad clauses: kind (0 catch, 1 filter) and value.
pub type ClauseList = List<(u8, ValueRef)>;

impl<T> List<T> {
    /// The empty list.
    pub const EMPTY: List<T> = List {
        start: 0,
        len: 0,
        _elem: PhantomData,
    };

    /// Number of elements.
    #[inline]
    pub fn len(self) -> usize {
        self.len as usize
    }

    /// True for the empty list.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The range's start in its pool (for error messages of the id check).
    #[inline]
    pub(crate) fn start(self) -> u32 {
        self.start
    }

    /// The positions in the pool.
    #[inline]
    fn range(self) -> core::ops::Range<usize> {
        let s = self.start as usize;
        s..s + self.len as usize
    }
}

impl<T> Clone for List<T> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for List<T> {}

impl<T> Default for List<T> {
    #[inline]
    fn default() -> Self {
        List::EMPTY
    }
}

/// Compares ranges, not contents (two bodies compare their lists' contents: see
/// [`crate::Body`]'s equality).
impl<T> PartialEq for List<T> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        (self.start, self.len) == (other.start, other.len)
    }
}

impl<T> Eq for List<T> {}

impl<T> Hash for List<T> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        (self.start, self.len).hash(state);
    }
}

impl<T> fmt::Debug for List<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "List[{}; {}]", self.start, self.len)
    }
}

/// Where a list being pushed element by element starts ([`OperandPool::start`]); closed by
/// [`OperandPool::close`].
#[must_use]
pub struct ListStart<T> {
    at: usize,
    _elem: PhantomData<fn() -> T>,
}

mod sealed {
    pub trait Sealed {}
}

/// The element types an [`OperandPool`] holds; each has its own vector.
pub trait PoolItem: Copy + sealed::Sealed {
    #[doc(hidden)]
    fn pool(p: &OperandPool) -> &Vec<Self>;
    #[doc(hidden)]
    fn pool_mut(p: &mut OperandPool) -> &mut Vec<Self>;
}

macro_rules! pool_items {
    ($($t:ty => $field:ident),* $(,)?) => {
        $(
            impl sealed::Sealed for $t {}
            impl PoolItem for $t {
                #[inline(always)]
                fn pool(p: &OperandPool) -> &Vec<Self> {
                    &p.$field
                }
                #[inline(always)]
                fn pool_mut(p: &mut OperandPool) -> &mut Vec<Self> {
                    &mut p.$field
                }
            }
        )*
    };
}

pool_items! {
    ValueRef => values,
    (ValueRef, Block) => edges,
    Block => blocks,
    u32 => indices,
    (u8, ValueRef) => clauses,
}

/// The operand lists of one body's instructions, one vector per element type. Lists are only
/// appended: a list that was valid stays valid (a pass that replaces one pushes the new list
/// and leaves the old elements unused).
///
/// A list belongs to one instruction: an instruction copied within a body gets its lists
/// copied ([`OperandPool::push_copy`]), or a change in place through one would reach the
/// other (and a walk over every instruction's operands would meet the list twice).
#[derive(Clone, Debug, Default)]
pub struct OperandPool {
    values: Vec<ValueRef>,
    edges: Vec<(ValueRef, Block)>,
    blocks: Vec<Block>,
    indices: Vec<u32>,
    clauses: Vec<(u8, ValueRef)>,
}

impl OperandPool {
    /// The elements of `list`.
    ///
    /// # Panics
    ///
    /// On a range past the pool (a list of another body, or one an unchecked module holds),
    /// as indexing an arena with a dangling id does; [`OperandPool::get`] is the checked form.
    #[inline]
    pub fn list<T: PoolItem>(&self, list: List<T>) -> &[T] {
        &T::pool(self)[list.range()]
    }

    /// The elements of `list`, or `None` for a range past the pool.
    #[inline]
    pub fn get<T: PoolItem>(&self, list: List<T>) -> Option<&[T]> {
        T::pool(self).get(list.range())
    }

    /// The elements of `list`, for changes in place.
    ///
    /// # Panics
    ///
    /// On a range past the pool, as [`OperandPool::list`].
    #[inline]
    pub fn list_mut<T: PoolItem>(&mut self, list: List<T>) -> &mut [T] {
        &mut T::pool_mut(self)[list.range()]
    }

    /// Appends a list.
    ///
    /// # Panics
    ///
    /// When the pool would hold more than `u32::MAX` elements of this type.
    pub fn push<T: PoolItem>(&mut self, items: impl IntoIterator<Item = T>) -> List<T> {
        let start = self.start();
        T::pool_mut(self).extend(items);
        self.close(start)
            .expect("an operand pool holds at most u32::MAX elements of a type")
    }

    /// Appends a copy of the list `list` (a list grows by being copied to the end of the
    /// pool: [`OperandPool::append`]).
    pub fn push_copy<T: PoolItem>(&mut self, list: List<T>) -> List<T> {
        let start = self.start();
        let v = T::pool_mut(self);
        v.extend_from_within(list.range());
        self.close(start)
            .expect("an operand pool holds at most u32::MAX elements of a type")
    }

    /// `list` followed by `items`: extended in place when `list` ends the pool, else copied
    /// to the end first.
    pub fn append<T: PoolItem>(
        &mut self,
        list: List<T>,
        items: impl IntoIterator<Item = T>,
    ) -> List<T> {
        let at_end = list.range().end == T::pool(self).len();
        let list = if at_end || list.is_empty() {
            list
        } else {
            self.push_copy(list)
        };
        let start = if list.is_empty() {
            self.start()
        } else {
            ListStart {
                at: list.start as usize,
                _elem: PhantomData,
            }
        };
        T::pool_mut(self).extend(items);
        self.close(start)
            .expect("an operand pool holds at most u32::MAX elements of a type")
    }

    /// Starts a list pushed element by element with [`OperandPool::push_item`] (for a reader
    /// whose elements can fail to decode); [`OperandPool::close`] ends it.
    #[inline]
    pub fn start<T: PoolItem>(&self) -> ListStart<T> {
        ListStart {
            at: T::pool(self).len(),
            _elem: PhantomData,
        }
    }

    /// Appends one element to the list being pushed.
    #[inline]
    pub fn push_item<T: PoolItem>(&mut self, item: T) {
        T::pool_mut(self).push(item);
    }

    /// The list of the elements pushed since `start`; `None` when the pool holds more than
    /// `u32::MAX` elements of the type.
    #[inline]
    pub fn close<T: PoolItem>(&self, start: ListStart<T>) -> Option<List<T>> {
        let end = u32::try_from(T::pool(self).len()).ok()?;
        let start = u32::try_from(start.at).ok()?;
        Some(List {
            start,
            len: end.checked_sub(start)?,
            _elem: PhantomData,
        })
    }

    /// Number of elements of type `T` in the pool.
    #[inline]
    pub fn count<T: PoolItem>(&self) -> usize {
        T::pool(self).len()
    }

    /// Reserves room for `additional` more elements of type `T`.
    #[inline]
    pub fn reserve<T: PoolItem>(&mut self, additional: usize) {
        T::pool_mut(self).reserve(additional);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Body, Inst, InstData, InstKind};

    fn v(i: u32) -> ValueRef {
        ValueRef::Inst(Inst(i))
    }

    #[test]
    fn lists_of_each_type_are_apart() {
        let mut p = OperandPool::default();
        let a = p.push([v(0), v(1)]);
        let idx = p.push([7u32, 8, 9]);
        let b = p.push([v(2)]);
        assert_eq!(p.list(a), &[v(0), v(1)]);
        assert_eq!(p.list(b), &[v(2)]);
        assert_eq!(p.list(idx), &[7, 8, 9]);
        assert_eq!((p.count::<ValueRef>(), p.count::<u32>()), (3, 3));
        assert!(List::<Block>::EMPTY.is_empty() && p.list(BlockList::default()).is_empty());
        p.list_mut(a)[1] = v(5);
        assert_eq!(p.list(a), &[v(0), v(5)]);
        // Past the pool: `get` says so, `list` would panic.
        let other = OperandPool::default().push([v(0); 4]);
        assert_eq!(p.get(other), None);
    }

    #[test]
    fn pushed_one_by_one_and_appended() {
        let mut p = OperandPool::default();
        let start = p.start();
        p.push_item((v(0), Block(0)));
        p.push_item((v(1), Block(1)));
        let e = p.close(start).unwrap();
        assert_eq!(e.len(), 2);
        // At the end of the pool: extended in place.
        let e2 = p.append(e, [(v(2), Block(2))]);
        assert_eq!((e2.start, e2.len()), (e.start, 3));
        // Not at the end: copied there first, the old list left as it was.
        let f = p.push([(v(9), Block(9))]);
        let e3 = p.append(e2, [(v(3), Block(3))]);
        assert_eq!(p.list(e3).len(), 4);
        assert_eq!(p.list(e3)[3], (v(3), Block(3)));
        assert_eq!(p.list(e2).len(), 3);
        assert_eq!(p.list(f), &[(v(9), Block(9))]);
        let empty = p.append(EdgeList::EMPTY, [(v(4), Block(4))]);
        assert_eq!(p.list(empty), &[(v(4), Block(4))]);
    }

    #[test]
    fn bodies_compare_lists_by_content() {
        let call = |args| InstKind::Call {
            attributes: 0,
            cc_field: 0,
            fn_ty: crate::Type(0),
            callee: v(9),
            args,
        };
        let mut a = Body::default();
        let args = a.push_values([v(1), v(2)]);
        a.insts.push(InstData::new(call(args), None));
        let mut b = Body::default();
        b.push_values([v(7)]); // a list no instruction uses
        let args = b.push_values([v(1), v(2)]);
        b.insts.push(InstData::new(call(args), None));
        assert_eq!(a, b);
        let last = b.insts[0].kind;
        if let InstKind::Call { args, .. } = last {
            b.values_mut(args)[1] = v(3);
        }
        assert_ne!(a, b);
    }
}
