//! Value, metadata and type numbering of the writer (LLVM 3.7 `ValueEnumerator`), from the
//! orders computed by `enumerate.rs`.
//!
//! Module values: globals, then functions, then aliases (each in IR order), then the module
//! constants. Function values follow: arguments, the body's constants, then every
//! instruction with a non-void result in program order. Metadata: module metadata, then the
//! body's local metadata.

use dxil_ir::{
    Body, Const, Metadata, Module, PackedOption, SecondaryMap, Type, TypeData, ValueRef,
};

use super::enumerate::{BodyOrders, Orders};
use super::scratch::{take, take_filled, take_map, Scratch};

use crate::error::ErrorKind;

type K<T> = std::result::Result<T, ErrorKind>;

/// Numbers of the module and of the body being written.
pub(crate) struct Numbering {
    n_globals: u32,
    n_functions: u32,
    n_aliases: u32,
    /// Constant -> value id (none when not numbered).
    const_ids: SecondaryMap<Const, PackedOption<u32>>,
    /// Number of module-level values.
    pub module_values: u32,
    /// Number of module-level metadata.
    pub module_md: u32,
    /// The `metadata` type, if the table has one.
    pub metadata_ty: Option<Type>,
    /// Bits of a type id in the fixed fields of abbreviations (`Log2_32_Ceil(types + 1)`).
    pub type_bits: u32,
    /// First value id of the current body's instructions.
    pub first_inst: u32,
    /// Number of arguments of the current body.
    n_args: u32,
    /// Every body's instruction numbers (`Enumerated::inst_ids`); the current body's are
    /// `inst_len` from `inst_base`.
    inst_ids: Vec<PackedOption<u32>>,
    inst_base: usize,
    inst_len: usize,
    /// Type -> bitcode type id + 1 (0: not in the table; the enumeration's walk state).
    type_ids: SecondaryMap<Type, u32>,
    /// Metadata -> metadata id + 1 (0: not numbered; the enumeration's walk state).
    md_ids: SecondaryMap<Metadata, u32>,
    /// Constants and metadata numbered for the current body (to clear afterwards).
    body_consts: Vec<Const>,
    body_mds: Vec<Metadata>,
    /// Attribute list index + 1 -> bitcode list id (0: none / unused).
    attr_lists: Vec<u32>,
    /// Attribute group (IR id, bitcode id), sorted by IR id.
    attr_groups: Vec<(u32, u32)>,
    /// Some function type of the table has a `label` parameter (a call's arguments are
    /// then checked one by one: label arguments are written as absolute ids).
    pub label_params: bool,
}

impl Numbering {
    /// Numbers the module-level values and metadata of `m`; `type_ids` and `md_ids` are the
    /// numbers the enumeration gave (per arena index, id + 1, 0 for none).
    pub fn new(
        m: &Module,
        orders: &Orders,
        type_ids: SecondaryMap<Type, u32>,
        md_ids: SecondaryMap<Metadata, u32>,
        metadata_ty: Option<Type>,
        inst_ids: Vec<PackedOption<u32>>,
        s: &mut Scratch,
    ) -> K<Self> {
        if type_ids.len() != m.types.len() || md_ids.len() != m.metadata.len() {
            return Err(ErrorKind::Malformed("numbering tables of another module"));
        }
        let n =
            |len: usize| u32::try_from(len).map_err(|_| ErrorKind::Unsupported("too many values"));
        let mut nb = Numbering {
            n_globals: n(m.globals.len())?,
            n_functions: n(m.functions.len())?,
            n_aliases: n(m.aliases.len())?,
            const_ids: take_map(&mut s.const_ids, m.constants.len(), PackedOption::none()),
            module_values: 0,
            module_md: n(orders.module_metadata.len())?,
            metadata_ty,
            type_bits: u32::from(super::log2_ceil(orders.types.len() as u64 + 1)),
            first_inst: 0,
            n_args: 0,
            inst_ids,
            inst_base: 0,
            inst_len: 0,
            type_ids,
            md_ids,
            body_consts: take(&mut s.body_consts),
            body_mds: take(&mut s.body_mds),
            attr_lists: take_filled(&mut s.attr_lists, m.attribute_lists.len() + 1, 0),
            attr_groups: take(&mut s.attr_groups),
            label_params: has_label_params(m),
        };
        for (i, &l) in orders.attribute_lists.iter().enumerate() {
            if let Some(slot) = nb.attr_lists.get_mut(l as usize + 1) {
                *slot = i as u32 + 1;
            }
        }
        for (i, &g) in orders.attribute_groups.iter().enumerate() {
            nb.attr_groups.push((g, i as u32 + 1));
        }
        nb.attr_groups.sort_unstable();
        let mut next = nb
            .n_globals
            .checked_add(nb.n_functions)
            .and_then(|x| x.checked_add(nb.n_aliases))
            .ok_or(ErrorKind::Unsupported("too many values"))?;
        for &c in &orders.module_constants {
            let slot = nb
                .const_ids
                .get_mut(c)
                .ok_or(ErrorKind::BadValue(u64::from(c.as_u32())))?;
            *slot = next.into();
            next = next
                .checked_add(1)
                .ok_or(ErrorKind::Unsupported("too many values"))?;
        }
        nb.module_values = next;
        if m.metadata.len() < m.module_metadata_count as usize {
            return Err(ErrorKind::Malformed(
                "module metadata count exceeds the arena",
            ));
        }
        Ok(nb)
    }

    /// Numbers the values and local metadata of `body` (its instruction numbers start at
    /// `inst_base` in the table); returns the id after the constants (the first instruction
    /// id).
    pub fn enter_body(&mut self, body: &Body, orders: &BodyOrders, inst_base: usize) -> K<u32> {
        self.leave_body();
        let too_many = ErrorKind::Unsupported("too many values");
        self.n_args = u32::try_from(body.args.len()).map_err(|_| too_many.clone())?;
        let mut next = self
            .module_values
            .checked_add(self.n_args)
            .ok_or(too_many.clone())?;
        for &c in &orders.constants {
            let slot = self
                .const_ids
                .get_mut(c)
                .ok_or(ErrorKind::BadValue(u64::from(c.as_u32())))?;
            *slot = next.into();
            self.body_consts.push(c);
            next = next.checked_add(1).ok_or(too_many.clone())?;
        }
        self.first_inst = next;
        // Instruction ids follow program order (blocks in layout order): numbered by the
        // enumeration's walk; every one of them fits above the first.
        let len = body.insts.len();
        if inst_base
            .checked_add(len)
            .is_none_or(|end| end > self.inst_ids.len())
        {
            return Err(ErrorKind::Malformed(
                "instruction numbers of another module",
            ));
        }
        u32::try_from(len)
            .ok()
            .and_then(|n| next.checked_add(n))
            .ok_or(too_many.clone())?;
        (self.inst_base, self.inst_len) = (inst_base, len);
        let mut id = self.module_md;
        for &md in &orders.local_metadata {
            let slot = self
                .md_ids
                .get_mut(md)
                .ok_or(ErrorKind::BadMetadata(u64::from(md.as_u32())))?;
            *slot = id.checked_add(1).ok_or(too_many.clone())?;
            self.body_mds.push(md);
            id = id.checked_add(1).ok_or(too_many.clone())?;
        }
        Ok(self.first_inst)
    }

    /// Keeps the tables' buffers for the next module.
    pub fn recycle(self, s: &mut Scratch) {
        (s.const_ids, s.body_consts, s.body_mds) =
            (self.const_ids, self.body_consts, self.body_mds);
        (s.attr_lists, s.attr_groups) = (self.attr_lists, self.attr_groups);
        (s.type_state, s.md_state, s.inst_ids) = (self.type_ids, self.md_ids, self.inst_ids);
    }

    /// Forgets the current body's numbers.
    pub fn leave_body(&mut self) {
        for c in self.body_consts.drain(..) {
            if let Some(slot) = self.const_ids.get_mut(c) {
                *slot = PackedOption::none();
            }
        }
        for md in self.body_mds.drain(..) {
            if let Some(slot) = self.md_ids.get_mut(md) {
                *slot = 0;
            }
        }
        self.inst_len = 0;
        self.n_args = 0;
    }

    /// The value id of `v` (metadata operands: the metadata id, as LLVM's `getValueID`).
    #[inline(always)]
    pub fn value(&self, v: ValueRef) -> K<u32> {
        let bad = |x: u32| ErrorKind::BadValue(u64::from(x));
        match v {
            ValueRef::Global(g) if g.as_u32() < self.n_globals => Ok(g.as_u32()),
            ValueRef::Function(f) if f.as_u32() < self.n_functions => {
                Ok(self.n_globals + f.as_u32())
            }
            ValueRef::Alias(a) if a.as_u32() < self.n_aliases => {
                Ok(self.n_globals + self.n_functions + a.as_u32())
            }
            ValueRef::Const(c) => match self.const_ids[c].expand() {
                Some(id) => Ok(id),
                None => Err(bad(c.as_u32())),
            },
            ValueRef::Arg(a) if a.as_u32() < self.n_args => Ok(self.module_values + a.as_u32()),
            ValueRef::Inst(i) if i.index() < self.inst_len => {
                let n = self.inst_ids.get(self.inst_base + i.index());
                match n.and_then(|n| n.expand()) {
                    Some(n) => self.first_inst.checked_add(n).ok_or(bad(i.as_u32())),
                    None => Err(bad(i.as_u32())),
                }
            }
            ValueRef::Metadata(md) => self.md(md),
            ValueRef::Global(g) => Err(bad(g.as_u32())),
            ValueRef::Function(f) => Err(bad(f.as_u32())),
            ValueRef::Alias(a) => Err(bad(a.as_u32())),
            ValueRef::Arg(a) => Err(bad(a.as_u32())),
            ValueRef::Inst(i) => Err(bad(i.as_u32())),
        }
    }

    /// The metadata id of `md` (module-level, or local to the current body).
    #[inline(always)]
    pub fn md(&self, md: Metadata) -> K<u32> {
        match self.md_ids.get(md) {
            Some(&id) if id != 0 => Ok(id - 1),
            _ => Err(ErrorKind::BadMetadata(u64::from(md.as_u32()))),
        }
    }

    /// `getMetadataOrNullID`: 0 for none, id + 1 otherwise.
    #[inline(always)]
    pub fn md_or_null(&self, md: Option<Metadata>) -> K<u64> {
        match md {
            None => Ok(0),
            Some(md) => Ok(u64::from(self.md(md)?) + 1),
        }
    }

    /// The bitcode id (1-based, 0 none) of attribute list `a` (1-based IR index).
    #[inline]
    pub fn attr_list(&self, a: u32) -> K<u64> {
        match self.attr_lists.get(a as usize) {
            Some(&id) if a == 0 || id != 0 => Ok(u64::from(id)),
            _ => Err(ErrorKind::InvalidRecord("attribute list id")),
        }
    }

    /// The bitcode id of attribute group `g` (IR id).
    pub fn attr_group(&self, g: u32) -> K<u64> {
        self.attr_groups
            .binary_search_by_key(&g, |&(k, _)| k)
            .map(|i| u64::from(self.attr_groups[i].1))
            .map_err(|_| ErrorKind::InvalidRecord("attribute group id"))
    }

    /// A checked type id.
    #[inline(always)]
    pub fn ty(&self, t: Type) -> K<u64> {
        match self.type_ids.get(t) {
            Some(&id) if id != 0 => Ok(u64::from(id - 1)),
            _ => Err(ErrorKind::BadType(u64::from(t.as_u32()))),
        }
    }
}

/// Whether a function type of `m` has a `label` parameter (none in DXIL). The label types
/// are found first (most tables have at most one): parameters are then compared by id.
fn has_label_params(m: &Module) -> bool {
    let mut labels = [None; 2];
    let mut n = 0;
    for (i, t) in m.types.iter_with_ids() {
        if matches!(t, TypeData::Label) {
            match labels.get_mut(n) {
                Some(slot) => *slot = Some(i),
                // More label types than that: the slow check.
                None => return has_label_params_slow(m),
            }
            n += 1;
        }
    }
    if n == 0 {
        return false;
    }
    m.types.iter().any(|t| match t {
        TypeData::Function { params, .. } => params.iter().any(|&p| labels.contains(&Some(p))),
        _ => false,
    })
}

#[cold]
fn has_label_params_slow(m: &Module) -> bool {
    m.types.iter().any(|t| match t {
        TypeData::Function { params, .. } => params
            .iter()
            .any(|&p| matches!(m.ty(p), Some(TypeData::Label))),
        _ => false,
    })
}
