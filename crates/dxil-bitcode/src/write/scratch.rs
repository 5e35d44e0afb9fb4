//! The tables and lists an [`Encoder`](super::Encoder) keeps from one module to the next:
//! each is cleared and sized for the next module, so writing many modules allocates only
//! while a module is larger than every one before it.

use dxil_ir::{Const, EntityId, MdRef, Metadata, PackedOption, SecondaryMap, Type, ValueRef};

use super::enumerate::{BodyOrders, CState, Enumerated, Orders};

/// A body's constant candidates (with use counts) and its local metadata, as walked.
pub(crate) type Walked = (Vec<(Const, u32)>, Vec<Metadata>);

#[derive(Default)]
pub(crate) struct Scratch {
    // Enumeration.
    pub type_state: SecondaryMap<Type, u32>,
    pub types: Vec<Type>,
    pub cs: SecondaryMap<Const, CState>,
    pub vals: Vec<(Const, u32)>,
    pub body_vals: Vec<(Const, u32)>,
    pub md_state: SecondaryMap<Metadata, u32>,
    pub mds: Vec<Metadata>,
    pub type_stack: Vec<(Type, usize)>,
    pub stack: Vec<(Const, usize)>,
    pub md_ops: Vec<MdRef>,
    pub md_stack: Vec<(Metadata, usize)>,
    pub work: Vec<ValueRef>,
    pub local_seen: SecondaryMap<Metadata, u32>,
    pub call_seen: Vec<bool>,
    pub call_lists: Vec<u32>,
    pub inst_ids: Vec<PackedOption<u32>>,
    pub walked: Vec<Option<Walked>>,
    pub keys: Vec<u64>,
    pub attr_seen: Vec<bool>,
    pub attribute_lists: Vec<u32>,
    pub attribute_groups: Vec<u32>,
    pub bodies: Vec<BodyOrders>,
    /// Spare lists for the per-body and constant orders.
    pub candidate_lists: Vec<Vec<(Const, u32)>>,
    pub const_lists: Vec<Vec<Const>>,
    pub md_lists: Vec<Vec<Metadata>>,
    // Numbering.
    pub const_ids: SecondaryMap<Const, PackedOption<u32>>,
    pub body_consts: Vec<Const>,
    pub body_mds: Vec<Metadata>,
    pub attr_lists: Vec<u32>,
    pub attr_groups: Vec<(u32, u32)>,
}

/// `v`'s buffer, emptied (`v` is left without one).
pub(crate) fn take<T>(v: &mut Vec<T>) -> Vec<T> {
    let mut x = std::mem::take(v);
    x.clear();
    x
}

/// `v`'s buffer holding `n` copies of `value`.
pub(crate) fn take_filled<T: Clone>(v: &mut Vec<T>, n: usize, value: T) -> Vec<T> {
    let mut x = take(v);
    x.resize(n, value);
    x
}

/// `m`'s memory as a table of `n` entries, each `value`.
pub(crate) fn take_map<K: EntityId, V: Clone + Default>(
    m: &mut SecondaryMap<K, V>,
    n: usize,
    value: V,
) -> SecondaryMap<K, V> {
    let mut x = std::mem::take(m);
    x.refill(n, value);
    x
}

/// Keeps `v` in `pool` when it has a buffer (the pool then holds at most as many lists as
/// one module used at once).
pub(crate) fn keep<T>(pool: &mut Vec<Vec<T>>, v: Vec<T>) {
    if v.capacity() != 0 {
        pool.push(v);
    }
}

/// A spare list from `pool`, empty.
pub(crate) fn spare<T>(pool: &mut Vec<Vec<T>>) -> Vec<T> {
    let mut x = pool.pop().unwrap_or_default();
    x.clear();
    x
}

impl Scratch {
    /// Keeps the buffers of a module's orders for the next module.
    pub fn recycle_orders(&mut self, o: Orders) {
        self.types = o.types;
        keep(&mut self.const_lists, o.module_constants);
        self.mds = o.module_metadata;
        let mut bodies = o.bodies;
        for b in bodies.drain(..) {
            keep(&mut self.const_lists, b.constants);
            keep(&mut self.md_lists, b.local_metadata);
        }
        self.bodies = bodies;
        self.attribute_lists = o.attribute_lists;
        self.attribute_groups = o.attribute_groups;
    }

    /// Keeps the buffers of orders that were not used.
    pub fn recycle(&mut self, e: Enumerated) {
        self.recycle_orders(e.orders);
        self.type_state = e.type_ids;
        self.md_state = e.md_ids;
        self.inst_ids = e.inst_ids;
    }
}
