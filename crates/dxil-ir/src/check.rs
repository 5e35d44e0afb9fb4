//! The id check: one pass over a module proving that every id it holds names an entry of the
//! arena it indexes and that no forward-reference placeholder is left. The bitcode reader and
//! the text parser run it on every module they return, so the passes after them (printer,
//! writer, generators, the module model) may index the arenas directly.
//!
//! Checked: type ids in the type table, globals, functions, aliases, constants, metadata,
//! instructions and arguments; value operands (globals, functions, aliases, constants, and
//! inside a body its arguments, instructions and local metadata); constant ids of the
//! constants blocks; metadata operands of nodes and DI records; block ids of branches, phis
//! and `blockaddress`; operand lists of instructions (in their body's pool); attribute lists,
//! sections, GC names and comdats (1-based, 0 none);
//! metadata kinds of attachments; symbol table entries; global value record order.

use core::fmt;

use crate::body::{Body, VstEntry};
use crate::constants::ConstKind;
use crate::entity_map::PackedOption;
use crate::ids::{Alias, Arg, Block, Const, Function, Global, Inst, Metadata, Type};
use crate::instructions::InstKind;
use crate::metadata::{MdRef, MetadataData};
use crate::names::Name;
use crate::pool::{MdRange, Pools, WordRange};
use crate::types::TypeData;
use crate::values::ValueRef;
use crate::Module;

/// The arena an out-of-range id indexes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdSpace {
    /// [`Module::types`].
    Type,
    /// [`Module::globals`].
    Global,
    /// [`Module::functions`].
    Function,
    /// [`Module::aliases`].
    Alias,
    /// [`Module::constants`].
    Const,
    /// [`Module::metadata`] (or metadata local to another function).
    Metadata,
    /// The arguments of the enclosing function.
    Arg,
    /// The instructions of the enclosing function (or an instruction used outside a body).
    Inst,
    /// The blocks of a function body.
    Block,
    /// [`Module::attribute_lists`] (1-based).
    AttributeList,
    /// [`Module::section_names`] (1-based).
    Section,
    /// [`Module::gc_names`] (1-based).
    GcName,
    /// [`Module::comdats`] (1-based).
    Comdat,
    /// The ids of [`Module::metadata_kinds`].
    MetadataKind,
    /// The operand pool of a function body ([`crate::Body::pool`]); the id is the start of
    /// a list that runs past it.
    OperandList,
    /// [`Module::names`].
    Name,
    /// A list or record of [`Module::pools`] that the pools do not hold (the id is the
    /// index of the item, or for named metadata the end of its range).
    Pool,
}

impl IdSpace {
    fn name(self) -> &'static str {
        match self {
            IdSpace::Type => "type",
            IdSpace::Global => "global",
            IdSpace::Function => "function",
            IdSpace::Alias => "alias",
            IdSpace::Const => "constant",
            IdSpace::Metadata => "metadata",
            IdSpace::Arg => "argument",
            IdSpace::Inst => "instruction",
            IdSpace::Block => "block",
            IdSpace::AttributeList => "attribute list",
            IdSpace::Section => "section",
            IdSpace::GcName => "gc name",
            IdSpace::Comdat => "comdat",
            IdSpace::MetadataKind => "metadata kind",
            IdSpace::OperandList => "operand list",
            IdSpace::Name => "name",
            IdSpace::Pool => "pool range",
        }
    }
}

/// Where an out-of-range id was met.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IdSite {
    /// A module-level table (global value order, symbol table, constants block, named
    /// metadata).
    Module,
    /// A type-table entry.
    Type(Type),
    /// A global variable.
    Global(Global),
    /// A function (its type, attributes, attachments, arguments, blocks or tables).
    Function(Function),
    /// An alias.
    Alias(Alias),
    /// A constant.
    Const(Const),
    /// A metadata item.
    Metadata(Metadata),
    /// An instruction of a function body.
    Inst(Function, Inst),
    /// The input a reader is reading (from a checked constructor such as
    /// [`Type::checked`]; the reader's own error says where).
    Input,
}

impl fmt::Display for IdSite {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IdSite::Module => f.write_str("the module tables"),
            IdSite::Type(x) => write!(f, "{x}"),
            IdSite::Global(x) => write!(f, "{x}"),
            IdSite::Function(x) => write!(f, "{x}"),
            IdSite::Alias(x) => write!(f, "{x}"),
            IdSite::Const(x) => write!(f, "{x}"),
            IdSite::Metadata(x) => write!(f, "{x}"),
            IdSite::Inst(func, i) => write!(f, "{i} of {func}"),
            IdSite::Input => f.write_str("the input"),
        }
    }
}

/// An id that names nothing: an out-of-range index, an unresolved forward reference, or a
/// function-local id used where it is not visible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IdError {
    /// The arena the id indexes.
    pub space: IdSpace,
    /// The id as stored.
    pub id: u64,
    /// Where it was met.
    pub site: IdSite,
}

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} id {} names nothing (in {})",
            self.space.name(),
            self.id,
            self.site
        )
    }
}

impl std::error::Error for IdError {}

/// Result of the id check.
pub type CheckResult = Result<(), IdError>;

struct Checker<'m> {
    m: &'m Module,
    /// For metadata `module_metadata_count + i`, the function that lists it as local (none:
    /// no body does). Keyed by that offset, so a plain vector.
    local_owner: Vec<PackedOption<Function>>,
    /// Sorted metadata kind ids, built when the first attachment is met (most modules have
    /// few attachments and a long kind table).
    kinds: std::cell::OnceCell<Vec<u32>>,
    site: IdSite,
}

/// The body being checked, for arguments, instructions, blocks and local metadata.
#[derive(Clone, Copy)]
struct Scope<'b> {
    func: Function,
    body: &'b Body,
}

impl Module {
    /// Proves every id of the module valid (see [`crate::check`]): after `Ok`, indexing any
    /// arena with an id the module holds cannot fail.
    pub fn check_ids(&self) -> CheckResult {
        check(self)
    }
}

/// Proves every id of `m` valid; see the module documentation.
pub fn check(m: &Module) -> CheckResult {
    let mut c = Checker {
        m,
        local_owner: Vec::new(),
        kinds: std::cell::OnceCell::new(),
        site: IdSite::Module,
    };
    let module_md = m.module_metadata_count as usize;
    if module_md > m.metadata.len() {
        return Err(IdError {
            space: IdSpace::Metadata,
            id: u64::from(m.module_metadata_count),
            site: IdSite::Module,
        });
    }
    c.local_owner = vec![PackedOption::none(); m.metadata.len() - module_md];
    for (fi, f) in m.functions.iter().enumerate() {
        let Some(body) = &f.body else { continue };
        c.site = IdSite::Function(Function(fi as u32));
        for &md in &body.local_metadata {
            let slot = md
                .index()
                .checked_sub(module_md)
                .and_then(|i| c.local_owner.get_mut(i));
            match slot {
                Some(s) if s.is_none() => *s = Function(fi as u32).into(),
                _ => return Err(c.err(IdSpace::Metadata, u64::from(md.0))),
            }
        }
    }
    c.types()?;
    c.module_tables()?;
    c.globals()?;
    c.constants()?;
    c.metadata()?;
    for (fi, f) in m.functions.iter().enumerate() {
        let func = Function(fi as u32);
        c.site = IdSite::Function(func);
        c.name(f.common.name)?;
        c.ty(f.common.ty)?;
        c.ty(f.fn_ty)?;
        c.one_based(
            IdSpace::AttributeList,
            f.attributes,
            m.attribute_lists.len(),
        )?;
        c.one_based(IdSpace::Section, f.section, m.section_names.len())?;
        c.one_based(IdSpace::GcName, f.gc, m.gc_names.len())?;
        c.one_based(IdSpace::Comdat, f.common.comdat, m.comdats.len())?;
        for v in [f.prologue, f.prefix, f.personality].into_iter().flatten() {
            c.value(v, None)?;
        }
        for &(kind, md) in &f.attachments {
            c.kind(kind)?;
            c.md_in(md, None)?;
        }
        if let Some(body) = &f.body {
            c.body(Scope { func, body })?;
        }
    }
    Ok(())
}

impl Checker<'_> {
    fn err(&self, space: IdSpace, id: u64) -> IdError {
        IdError {
            space,
            id,
            site: self.site,
        }
    }

    #[inline]
    fn range(&self, space: IdSpace, id: u32, len: usize) -> CheckResult {
        if (id as usize) < len {
            Ok(())
        } else {
            Err(self.err(space, u64::from(id)))
        }
    }

    #[inline]
    fn one_based(&self, space: IdSpace, id: u32, len: usize) -> CheckResult {
        if (id as usize) <= len {
            Ok(())
        } else {
            Err(self.err(space, u64::from(id)))
        }
    }

    #[inline]
    fn name(&self, n: Option<Name>) -> CheckResult {
        match n {
            Some(n) if !self.m.names.contains(n) => Err(self.err(IdSpace::Name, n.slot() as u64)),
            _ => Ok(()),
        }
    }

    #[inline]
    fn ty(&self, t: Type) -> CheckResult {
        self.range(IdSpace::Type, t.0, self.m.types.len())
    }

    #[inline]
    fn constant(&self, c: Const) -> CheckResult {
        self.range(IdSpace::Const, c.0, self.m.constants.len())
    }

    #[inline]
    fn kind(&self, kind: u32) -> CheckResult {
        let kinds = self.kinds.get_or_init(|| {
            let mut k: Vec<u32> = self.m.metadata_kinds.iter().map(|k| k.id).collect();
            k.sort_unstable();
            k
        });
        match kinds.binary_search(&kind) {
            Ok(_) => Ok(()),
            Err(_) => Err(self.err(IdSpace::MetadataKind, u64::from(kind))),
        }
    }

    /// A range of the module's pools.
    #[inline]
    fn pool<T: crate::Pooled>(&self, r: crate::PoolRange<T>) -> CheckResult {
        if self.m.pools.holds(r) {
            Ok(())
        } else {
            let end = self.m.pools.len_of::<T>() as u64 + r.len() as u64;
            Err(self.err(IdSpace::Pool, end))
        }
    }

    /// Any metadata of the arena (node operands may name any item).
    #[inline]
    fn md(&self, md: Metadata) -> CheckResult {
        self.range(IdSpace::Metadata, md.0, self.m.metadata.len())
    }

    /// Metadata visible from `scope`: the module's, or the local metadata of that body.
    #[inline]
    fn md_in(&self, md: Metadata, scope: Option<Scope<'_>>) -> CheckResult {
        let module_md = self.m.module_metadata_count as usize;
        if md.index() < module_md {
            return Ok(());
        }
        // Metadata no body lists as local are module-level, wherever they sit.
        let owner = self.local_owner.get(md.index() - module_md).copied();
        match (owner.map(PackedOption::expand), scope) {
            (Some(None), _) => Ok(()),
            (Some(Some(o)), Some(s)) if o == s.func => Ok(()),
            _ => Err(self.err(IdSpace::Metadata, u64::from(md.0))),
        }
    }

    #[inline]
    fn block(&self, b: Block, scope: Scope<'_>) -> CheckResult {
        self.range(IdSpace::Block, b.0, scope.body.blocks.len())
    }

    /// [`Checker::value`] inside a body, as a cheap yes/no for the common case.
    #[inline(always)]
    fn value_ok(&self, v: ValueRef, s: Scope<'_>) -> bool {
        let m = self.m;
        match v {
            ValueRef::Inst(Inst(x)) => (x as usize) < s.body.insts.len(),
            ValueRef::Const(Const(x)) => (x as usize) < m.constants.len(),
            ValueRef::Arg(Arg(x)) => (x as usize) < s.body.args.len(),
            ValueRef::Global(Global(x)) => (x as usize) < m.globals.len(),
            ValueRef::Function(Function(x)) => (x as usize) < m.functions.len(),
            ValueRef::Alias(Alias(x)) => (x as usize) < m.aliases.len(),
            ValueRef::Metadata(_) => self.value(v, Some(s)).is_ok(),
        }
    }

    /// A value operand; arguments and instructions only inside a body.
    fn value(&self, v: ValueRef, scope: Option<Scope<'_>>) -> CheckResult {
        let m = self.m;
        match v {
            ValueRef::Global(x) => self.range(IdSpace::Global, x.0, m.globals.len()),
            ValueRef::Function(x) => self.range(IdSpace::Function, x.0, m.functions.len()),
            ValueRef::Alias(x) => self.range(IdSpace::Alias, x.0, m.aliases.len()),
            ValueRef::Const(x) => self.constant(x),
            ValueRef::Metadata(x) => {
                self.md_in(x, scope)?;
                // A function-local wrapper no body lists: its value is this body's.
                match (&m.metadata[x], scope) {
                    (
                        MetadataData::Value {
                            value: v @ (ValueRef::Arg(_) | ValueRef::Inst(_)),
                            ..
                        },
                        Some(_),
                    ) => self.value(*v, scope),
                    _ => Ok(()),
                }
            }
            ValueRef::Arg(Arg(x)) => match scope {
                Some(s) => self.range(IdSpace::Arg, x, s.body.args.len()),
                None => Err(self.err(IdSpace::Arg, u64::from(x))),
            },
            ValueRef::Inst(Inst(x)) => match scope {
                Some(s) => self.range(IdSpace::Inst, x, s.body.insts.len()),
                None => Err(self.err(IdSpace::Inst, u64::from(x))),
            },
        }
    }

    fn types(&mut self) -> CheckResult {
        for (i, t) in self.m.types.iter().enumerate() {
            self.site = IdSite::Type(Type(i as u32));
            match t {
                TypeData::Pointer { pointee: e, .. }
                | TypeData::Array { elem: e, .. }
                | TypeData::Vector { elem: e, .. } => self.ty(*e)?,
                TypeData::Struct(s) => {
                    for &e in s.elems.iter() {
                        self.ty(e)?;
                    }
                }
                TypeData::Function { ret, params, .. } => {
                    self.ty(*ret)?;
                    for &p in params.iter() {
                        self.ty(p)?;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn module_tables(&mut self) -> CheckResult {
        let m = self.m;
        self.site = IdSite::Module;
        for g in &m.global_values {
            self.value(ValueRef::from(*g), None)?;
        }
        for &c in &m.module_constants {
            self.constant(c)?;
        }
        for e in &m.symtab {
            match e {
                VstEntry::Value(v) => self.value(*v, None)?,
                VstEntry::Block(b) => return Err(self.err(IdSpace::Block, u64::from(b.0))),
            }
        }
        let module_names = [m.triple, m.datalayout].into_iter().flatten();
        let names = (m.section_names.iter().chain(&m.gc_names).chain(&m.deplibs)).copied();
        let comdats = m.comdats.iter().map(|c| c.1);
        for n in module_names.chain(names).chain(comdats) {
            self.name(Some(n))?;
        }
        for nm in &m.named_metadata {
            self.name(Some(nm.name))?;
            self.pool(nm.operands)?;
            for &md in m.list(nm.operands) {
                self.md_in(md, None)?;
            }
        }
        Ok(())
    }

    fn globals(&mut self) -> CheckResult {
        let m = self.m;
        for (i, g) in m.globals.iter().enumerate() {
            self.site = IdSite::Global(Global(i as u32));
            self.name(g.common.name)?;
            self.ty(g.common.ty)?;
            self.ty(g.value_ty)?;
            self.one_based(IdSpace::Section, g.section, m.section_names.len())?;
            self.one_based(IdSpace::Comdat, g.common.comdat, m.comdats.len())?;
            if let Some(v) = g.initializer {
                self.value(v, None)?;
            }
        }
        for (i, a) in m.aliases.iter().enumerate() {
            self.site = IdSite::Alias(Alias(i as u32));
            self.name(a.common.name)?;
            self.ty(a.common.ty)?;
            self.one_based(IdSpace::Comdat, a.common.comdat, m.comdats.len())?;
            self.value(a.aliasee, None)?;
        }
        Ok(())
    }

    fn constants(&mut self) -> CheckResult {
        let m = self.m;
        for (i, c) in m.constants.iter().enumerate() {
            self.site = IdSite::Const(Const(i as u32));
            self.ty(c.ty)?;
            if !c.kind.held_by(&m.pools) {
                return Err(self.err(IdSpace::Pool, i as u64));
            }
            let mut r = Ok(());
            c.kind.for_each_operand(&m.pools, |v| {
                if r.is_ok() {
                    r = self.value(v, None);
                }
            });
            r?;
            match &c.kind {
                ConstKind::Gep {
                    source_ty: Some(t), ..
                }
                | ConstKind::ShuffleVector {
                    operand_ty: Some(t),
                    ..
                } => self.ty(*t)?,
                ConstKind::BlockAddress { function, block } => {
                    self.range(IdSpace::Function, function.0, m.functions.len())?;
                    let blocks = m.functions[*function]
                        .body
                        .as_ref()
                        .map_or(0, |b| b.blocks.len());
                    self.range(IdSpace::Block, block.0, blocks)?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn metadata(&mut self) -> CheckResult {
        let m = self.m;
        let module_md = m.module_metadata_count as usize;
        for (i, d) in m.metadata.iter().enumerate() {
            self.site = IdSite::Metadata(Metadata(i as u32));
            match d {
                MetadataData::Value { ty, value } => {
                    self.ty(*ty)?;
                    let owner = i
                        .checked_sub(module_md)
                        .and_then(|l| self.local_owner[l].expand());
                    let scope = owner.and_then(|func| {
                        let body = m.functions.get(func)?.body.as_ref()?;
                        Some(Scope { func, body })
                    });
                    // A wrapper of an argument or instruction that no body lists is checked
                    // where a body uses it (a hand-built module need not list them).
                    let deferred =
                        scope.is_none() && matches!(value, ValueRef::Arg(_) | ValueRef::Inst(_));
                    if !deferred {
                        self.value(*value, scope)?;
                    }
                }
                _ => {
                    if !d.held_by(&m.pools) {
                        return Err(self.err(IdSpace::Pool, i as u64));
                    }
                    let len = m.metadata.len();
                    let mut bad = None;
                    d.for_each_ref(&m.pools, |md| {
                        if md.index() >= len {
                            bad = Some(md);
                        }
                    });
                    if let Some(md) = bad {
                        self.md(md)?;
                    }
                }
            }
        }
        Ok(())
    }

    fn body(&mut self, s: Scope<'_>) -> CheckResult {
        let body = s.body;
        for a in &body.args {
            self.ty(a.ty)?;
            self.name(a.name)?;
        }
        for &c in &body.constants {
            self.constant(c)?;
        }
        for b in &body.blocks {
            self.name(b.name)?;
            for &i in &b.insts {
                self.range(IdSpace::Inst, i.0, body.insts.len())?;
            }
        }
        for e in &body.symtab {
            match *e {
                VstEntry::Value(v) => self.value(v, Some(s))?,
                VstEntry::Block(b) => self.block(b, s)?,
            }
        }
        for (ii, inst) in body.insts.iter().enumerate() {
            self.site = IdSite::Inst(s.func, Inst(ii as u32));
            if let Some(t) = inst.ty {
                self.ty(t)?;
            }
            self.name(inst.name())?;
            if let Some(dl) = &inst.debug_loc() {
                for md in [dl.scope, dl.inlined_at].into_iter().flatten() {
                    self.md_in(md, Some(s))?;
                }
            }
            for &(kind, md) in inst.attachments() {
                self.kind(kind)?;
                self.md_in(md, Some(s))?;
            }
            if let Some(start) = inst.kind.dangling_list(&body.pool) {
                return Err(self.err(IdSpace::OperandList, u64::from(start)));
            }
            let mut ok = true;
            inst.kind
                .for_each_operand(&body.pool, |v| ok &= self.value_ok(*v, s));
            if !ok {
                // The slow path names the bad operand.
                let mut r = Ok(());
                inst.kind.for_each_operand(&body.pool, |v| {
                    if r.is_ok() {
                        r = self.value(*v, Some(s));
                    }
                });
                r?;
            }
            self.inst_ids(&inst.kind, s)?;
        }
        self.site = IdSite::Function(s.func);
        Ok(())
    }

    /// The ids of an instruction that are not value operands: types, blocks, attributes.
    fn inst_ids(&self, k: &InstKind, s: Scope<'_>) -> CheckResult {
        let m = self.m;
        match k {
            InstKind::Gep { source_ty: t, .. }
            | InstKind::Switch { cond_ty: t, .. }
            | InstKind::IndirectBr { addr_ty: t, .. }
            | InstKind::VaArg { valist_ty: t, .. } => self.ty(*t)?,
            InstKind::Alloca {
                allocated_ty,
                size_ty,
                ..
            } => {
                self.ty(*allocated_ty)?;
                self.ty(*size_ty)?;
            }
            InstKind::Call {
                attributes, fn_ty, ..
            } => {
                self.ty(*fn_ty)?;
                self.one_based(IdSpace::AttributeList, *attributes, m.attribute_lists.len())?;
            }
            _ => {}
        }
        match k {
            InstKind::Br { target } => self.block(*target, s)?,
            InstKind::CondBr {
                if_true, if_false, ..
            } => {
                self.block(*if_true, s)?;
                self.block(*if_false, s)?;
            }
            InstKind::Switch { default, cases, .. } => {
                self.block(*default, s)?;
                for (_, b) in s.body.list(*cases) {
                    self.block(*b, s)?;
                }
            }
            InstKind::IndirectBr { dests, .. } => {
                for b in s.body.list(*dests) {
                    self.block(*b, s)?;
                }
            }
            InstKind::Invoke {
                attributes,
                normal,
                unwind,
                fn_ty,
                ..
            } => {
                self.ty(*fn_ty)?;
                self.one_based(IdSpace::AttributeList, *attributes, m.attribute_lists.len())?;
                self.block(*normal, s)?;
                self.block(*unwind, s)?;
            }
            InstKind::Phi { incoming } => {
                for (_, b) in s.body.list(*incoming) {
                    self.block(*b, s)?;
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// Calls a closure on every metadata reference of a record's fields; each method is a kind of
/// [`crate::for_each_di_record!`].
struct RefWalk<'p, F: FnMut(Metadata)>(&'p Pools, F);

impl<F: FnMut(Metadata)> RefWalk<'_, F> {
    fn flag(&mut self, _: &bool) {}
    fn uint(&mut self, _: &u64) {}
    fn tag(&mut self, _: &u64) {}
    fn generic_tag(&mut self, _: &u64) {}
    fn flags(&mut self, _: &u64) {}
    fn lang(&mut self, _: &u64) {}
    fn encoding(&mut self, _: &u64) {}
    fn virtuality(&mut self, _: &u64) {}
    fn int(&mut self, _: &i64) {}
    fn sint(&mut self, _: &i64) {}
    fn opt_uint(&mut self, _: &Option<u64>) {}
    fn obsolete(&mut self, _: &Option<u64>) {}
    fn elements(&mut self, _: &WordRange) {}

    fn md(&mut self, r: &MdRef) {
        if let Some(m) = r {
            (self.1)(*m);
        }
    }

    fn string(&mut self, r: &MdRef) {
        self.md(r);
    }

    fn md_required(&mut self, r: &Metadata) {
        (self.1)(*r);
    }

    fn md_list(&mut self, rs: &MdRange) {
        for m in self.0.list(*rs).iter().flatten() {
            (self.1)(*m);
        }
    }
}

/// `MetadataData::for_each_ref`.
macro_rules! di_refs {
    ($(
        $variant:ident($ty:ident) $code:literal $name:literal
            ops($min:literal ..= $max:expr) zero[$($z:literal),*] {
            $( $field:ident: $kind:ident[$idx:literal] $text:literal $show:ident $(($default:expr))? ),* $(,)?
        }
    )*) => {
        impl MetadataData {
            /// Calls `f` on every metadata this item refers to: the operands of a node, the
            /// metadata fields of a DI record (not the value of a value wrapper). `pools`
            /// are the module's, which hold the lists.
            pub fn for_each_ref(&self, pools: &Pools, f: impl FnMut(Metadata)) {
                let mut w = RefWalk(pools, f);
                match self {
                    MetadataData::String(_) | MetadataData::Value { .. } => {}
                    MetadataData::Node { operands, .. } => w.md_list(operands),
                    $(
                        MetadataData::$variant(n) => {
                            if let Some(n) = crate::DiPayload::record(n, w.0) {
                                $( w.$kind(&n.$field); )*
                            }
                        }
                    )*
                }
            }
        }
    };
}

crate::for_each_di_record!(di_refs);

/// Calls a closure on every metadata reference of a record's fields, allowing it to replace
/// them; the mutable twin of [`RefWalk`].
struct RefWalkMut<'p, F: FnMut(&mut Metadata)>(&'p mut Pools, F);

impl<F: FnMut(&mut Metadata)> RefWalkMut<'_, F> {
    fn flag(&mut self, _: &mut bool) {}
    fn uint(&mut self, _: &mut u64) {}
    fn tag(&mut self, _: &mut u64) {}
    fn generic_tag(&mut self, _: &mut u64) {}
    fn flags(&mut self, _: &mut u64) {}
    fn lang(&mut self, _: &mut u64) {}
    fn encoding(&mut self, _: &mut u64) {}
    fn virtuality(&mut self, _: &mut u64) {}
    fn int(&mut self, _: &mut i64) {}
    fn sint(&mut self, _: &mut i64) {}
    fn opt_uint(&mut self, _: &mut Option<u64>) {}
    fn obsolete(&mut self, _: &mut Option<u64>) {}
    fn elements(&mut self, _: &mut WordRange) {}

    fn md(&mut self, r: &mut MdRef) {
        if let Some(m) = r {
            (self.1)(m);
        }
    }

    fn string(&mut self, r: &mut MdRef) {
        self.md(r);
    }

    fn md_required(&mut self, r: &mut Metadata) {
        (self.1)(r);
    }

    fn md_list(&mut self, rs: &mut MdRange) {
        for m in self.0.list_mut(*rs).iter_mut().flatten() {
            (self.1)(m);
        }
    }
}

/// `MetadataData::for_each_ref_mut`.
macro_rules! di_refs_mut {
    ($(
        $variant:ident($ty:ident) $code:literal $name:literal
            ops($min:literal ..= $max:expr) zero[$($z:literal),*] {
            $( $field:ident: $kind:ident[$idx:literal] $text:literal $show:ident $(($default:expr))? ),* $(,)?
        }
    )*) => {
        impl MetadataData {
            /// Calls `f` on every metadata this item refers to, in the order of
            /// [`MetadataData::for_each_ref`], allowing it to replace them (in place: a
            /// node's operands are changed in `pools`, for every item that shares them).
            pub fn for_each_ref_mut(&mut self, pools: &mut Pools, f: impl FnMut(&mut Metadata)) {
                let mut w = RefWalkMut(pools, f);
                match self {
                    MetadataData::String(_) | MetadataData::Value { .. } => {}
                    MetadataData::Node { operands, .. } => w.md_list(operands),
                    $(
                        MetadataData::$variant(n) => {
                            // The record may be in the pools, which the walk changes too: it
                            // is changed as a copy and written back.
                            if let Some(mut r) = crate::DiPayload::record(n, w.0).copied() {
                                $( w.$kind(&mut r.$field); )*
                                if let Some(slot) = crate::DiPayload::record_mut(n, w.0) {
                                    *slot = r;
                                }
                            }
                        }
                    )*
                }
            }
        }
    };
}

crate::for_each_di_record!(di_refs_mut);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BlockData, FunctionData, GlobalCommon, GlobalValue, InstData};

    fn module() -> Module {
        let mut m = Module::default();
        m.types.push(TypeData::Void);
        m.types.push(TypeData::Function {
            ret: Type(0),
            params: Box::new([]),
            vararg: false,
        });
        let mut body = Body::default();
        body.insts
            .push(InstData::new(InstKind::Br { target: Block(0) }, None));
        body.blocks.push(BlockData {
            name: None,
            insts: vec![Inst(0)],
        });
        m.functions.push(FunctionData {
            is_proto: false,
            body: Some(body),
            ..FunctionData::declaration(
                GlobalCommon {
                    ..GlobalCommon::new(Type(1))
                },
                Type(1),
                0,
            )
        });
        m.global_values.push(GlobalValue::Function(Function(0)));
        m
    }

    fn body(m: &mut Module) -> &mut Body {
        m.functions[0].body.as_mut().unwrap()
    }

    #[test]
    fn valid_module_passes() {
        assert_eq!(check(&module()), Ok(()));
    }

    #[test]
    fn out_of_range_ids_are_found() {
        let mut m = module();
        body(&mut m).insts[0].kind = InstKind::Br { target: Block(1) };
        let e = check(&m).unwrap_err();
        assert_eq!(e.space, IdSpace::Block);
        assert_eq!(e.site, IdSite::Inst(Function(0), Inst(0)));

        let mut m = module();
        m.types.push(TypeData::Pointer {
            pointee: Type(9),
            addrspace: 0,
        });
        assert_eq!(check(&m).unwrap_err().space, IdSpace::Type);

        let mut m = module();
        m.functions[0].attributes = 1;
        assert_eq!(check(&m).unwrap_err().space, IdSpace::AttributeList);

        let mut m = module();
        body(&mut m).blocks[0].insts.push(Inst(5));
        assert_eq!(check(&m).unwrap_err().space, IdSpace::Inst);

        // A list of another body's pool runs past this one's.
        let mut other = Body::default();
        other.push_values([ValueRef::Inst(Inst(0))]);
        let args = other.push_values([ValueRef::Inst(Inst(0)), ValueRef::Inst(Inst(0))]);
        let mut m = module();
        body(&mut m).push_values([ValueRef::Inst(Inst(0))]);
        body(&mut m).insts[0].kind = InstKind::Call {
            attributes: 0,
            cc_field: 0,
            fn_ty: Type(1),
            callee: ValueRef::Function(Function(0)),
            args,
        };
        let e = check(&m).unwrap_err();
        assert_eq!(
            (e.space, e.id, e.site),
            (IdSpace::OperandList, 1, IdSite::Inst(Function(0), Inst(0)))
        );
        assert!(e.to_string().contains("operand list id 1 names nothing"));
        // The same range in a pool that holds it passes.
        body(&mut m).push_values([ValueRef::Function(Function(0)); 2]);
        assert_eq!(check(&m), Ok(()));
    }

    #[test]
    fn local_ids_outside_their_body_are_found() {
        let mut m = module();
        let ops = m.pools.push(&[ValueRef::Inst(Inst(0))]);
        m.constants.push(crate::ConstData {
            ty: Type(0),
            kind: ConstKind::Aggregate(ops),
        });
        assert_eq!(check(&m).unwrap_err().space, IdSpace::Inst);

        // A function-local value wrapper is checked where a body uses it: this function
        // has no argument 0.
        let mut m = module();
        m.metadata.push(MetadataData::Value {
            ty: Type(0),
            value: ValueRef::Arg(Arg(0)),
        });
        assert_eq!(check(&m), Ok(()));
        body(&mut m).insts[0].kind = InstKind::Ret {
            value: Some(ValueRef::Metadata(Metadata(0))),
        };
        let e = check(&m).unwrap_err();
        assert_eq!(
            (e.space, e.site),
            (IdSpace::Arg, IdSite::Inst(Function(0), Inst(0)))
        );
    }

    #[test]
    fn lists_the_pools_do_not_hold_are_found() {
        let mut other = crate::Pools::new();
        other.push::<MdRef>(&[None, None]);
        let foreign = other.push::<MdRef>(&[None]);
        let mut m = module();
        m.metadata.push(MetadataData::Node {
            distinct: false,
            operands: foreign,
        });
        m.module_metadata_count = 1;
        let e = check(&m).unwrap_err();
        assert_eq!(
            (e.space, e.site),
            (IdSpace::Pool, IdSite::Metadata(Metadata(0)))
        );
        let values = other.push(&[ValueRef::Const(Const(0))]);
        let mut m = module();
        m.constants.push(crate::ConstData {
            ty: Type(0),
            kind: ConstKind::Aggregate(values),
        });
        let e = check(&m).unwrap_err();
        assert_eq!((e.space, e.site), (IdSpace::Pool, IdSite::Const(Const(0))));
    }

    #[test]
    fn di_fields_are_walked() {
        let mut m = module();
        m.metadata.push(MetadataData::Location(crate::DILocation {
            distinct: false,
            line: 1,
            column: 1,
            scope: Metadata(7),
            inlined_at: None,
        }));
        m.module_metadata_count = 1;
        let e = check(&m).unwrap_err();
        assert_eq!((e.space, e.id), (IdSpace::Metadata, 7));
        assert!(e.to_string().contains("names nothing"));
    }
}
