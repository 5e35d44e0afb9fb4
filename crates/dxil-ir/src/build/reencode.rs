//! Re-encoding: [`copy_module`] rebuilds a decoded module through the public builder calls
//! only (as wasm-encoder's `reencode` does for wasm), type by type, constant by constant,
//! node by node and instruction by instruction. What the bitcode writer derives from
//! content (orders, attribute numbering, symbol tables) comes out of the builder the way it
//! comes out of the reader, so writing the copy gives the same bytes.
//!
//! Raw record fields LLVM 3.7 never writes (a call without the explicit-type bit, an old
//! linkage code) cannot be expressed through the builder and are
//! [`BuildErrorKind::Unsupported`] errors. The writer's use-list-order option is carried as
//! the source records it ([`Module::preserve_use_list_order`]); a module read from bitcode
//! shows it only by the order in which it keeps constants, which is layout, not content, so
//! the copy is written with the default option unless the source carries use-list records
//! or the option was recorded in it (`dxil_bitcode::WriteOptions::record_inferred`).

use super::hash::FastSet;

use super::attributes::attributes_of;
use super::capacity::ModuleCapacity;
use super::error::{BuildError, BuildErrorKind, BuildResult};
use super::function::FunctionBuilder;
use super::insts::CallOptions;
use super::intern::filled;
use super::module::{AliasOptions, FunctionOptions, GlobalOptions, ModuleBuilder};
use super::Value;
use crate::{
    decode_linkage, Body, CheckedModule, ConstKind, GlobalValue, InstData, InstKind, Linkage,
    MdRef, Metadata, MetadataData, Module, Name, Type, TypeData, ValueRef,
};

/// Rebuilds `src` through [`ModuleBuilder`] and [`FunctionBuilder`] calls and returns the
/// finished module.
///
/// ```
/// use dxil_ir::build::{copy_module, FunctionOptions, ModuleBuilder};
///
/// let mut mb = ModuleBuilder::new();
/// let i32t = mb.int(32);
/// let fn_ty = mb.function_type(i32t, &[i32t, i32t], false)?;
/// let f = mb.declare_function(Some("add"), fn_ty, &FunctionOptions::default())?;
/// let mut fb = mb.define_function(f.function().unwrap())?;
/// let b = fb.add_block(None)?;
/// fb.position_at_end(b)?;
/// let s = fb.add(fb.arg(0)?, fb.arg(1)?)?;
/// fb.ret(Some(s))?;
/// fb.finish()?;
/// let m = mb.finish()?;
/// assert_eq!(copy_module(&m)?, m);
/// # Ok::<(), dxil_ir::build::BuildError>(())
/// ```
pub fn copy_module(src: &Module) -> BuildResult<Module> {
    copy_module_checked(src).map(CheckedModule::into_inner)
}

/// [`copy_module`], returning the copy as proven by the builder's id check
/// ([`ModuleBuilder::finish_checked`]).
pub fn copy_module_checked(src: &Module) -> BuildResult<CheckedModule> {
    let mut cx = Copier {
        src,
        types: filled(src.types.len(), None),
        consts: filled(src.constants.len(), None),
        mds: filled(src.metadata.len(), MdSlot::Todo),
        global_values: filled(
            src.globals.len() + src.functions.len() + src.aliases.len(),
            None,
        ),
        fn_base: src.globals.len(),
        alias_base: src.globals.len() + src.functions.len(),
        kinds: Vec::new(),
        pending_distinct: Vec::new(),
        cycle_reserved: FastSet::default(),
        // (Deep enough for nearly every module: growing by doubling cost an allocation each.)
        const_stack: Vec::with_capacity(WALK_DEPTH),
        md_stack: Vec::with_capacity(WALK_DEPTH),
        md_ops: Vec::new(),
    };
    let mut mb = ModuleBuilder::new();
    mb.preserve_use_list_order(src.preserve_use_list_order);
    mb.reserve(&ModuleCapacity::of(src));
    if let Some(t) = src.name_of(src.triple) {
        mb.set_triple(t);
    }
    if let Some(d) = src.name_of(src.datalayout) {
        mb.set_datalayout(d);
    }
    if let Some(a) = &src.asm {
        mb.set_asm(a);
    }
    for &d in &src.deplibs {
        mb.add_deplib(src.name_str(d));
    }
    for &(k, n) in &src.comdats {
        mb.add_comdat(k, src.name_str(n));
    }
    cx.copy_types(&mut mb)?;
    // Kinds by source id, registered in id order (the table is nearly always in it).
    let table = &src.metadata_kinds;
    cx.kinds.reserve_exact(table.len());
    if table.windows(2).all(|w| w[0].id <= w[1].id) {
        for k in table {
            cx.kinds.push((k.id, mb.metadata_kind(&k.name)));
        }
    } else {
        let mut kinds: Vec<_> = table.iter().collect();
        kinds.sort_by_key(|k| k.id);
        for k in kinds {
            cx.kinds.push((k.id, mb.metadata_kind(&k.name)));
        }
    }
    cx.declare_globals(&mut mb)?;
    for c in src.constants.ids() {
        cx.constant(&mut mb, c)?;
    }
    cx.global_constants(&mut mb)?;
    let module_md = (src.module_metadata_count as usize).min(src.metadata.len());
    for i in 0..module_md {
        cx.md(&mut mb, Metadata(i as u32))?;
    }
    cx.define_distinct(&mut mb)?;
    let most = src.named_metadata.iter().map(|n| n.operands.len()).max();
    let mut ops: Vec<Metadata> = Vec::with_capacity(most.unwrap_or(0));
    for nm in &src.named_metadata {
        ops.clear();
        for &o in src.list(nm.operands) {
            ops.push(cx.md(&mut mb, o)?);
        }
        mb.named_metadata(src.name_str(nm.name), &ops)?;
    }
    cx.define_distinct(&mut mb)?;
    for (fi, f) in src.functions.iter_with_ids() {
        for &(k, md) in &f.attachments {
            let (k, md) = (cx.kind(k)?, cx.md(&mut mb, md)?);
            cx.define_distinct(&mut mb)?;
            mb.attach_function(fi, k, md)?;
        }
    }
    let mut bufs = BodyBuffers::default();
    for (fi, f) in src.functions.iter_with_ids() {
        if let Some(body) = &f.body {
            let mut fb = mb.define_function(fi)?;
            fb.reserve(body.blocks.len(), body.insts.len());
            bufs = BodyCopier::new(&cx, fb, body, bufs).run()?;
        }
    }
    for u in &src.uselists {
        mb.add_use_list(u.clone());
    }
    mb.finish_checked()
}

struct Copier<'s> {
    src: &'s Module,
    types: Vec<Option<Type>>,
    consts: Vec<Option<Value>>,
    /// Each source node's state in the copy.
    mds: Vec<MdSlot>,
    /// The copy's global variables, then its functions, then its aliases, by source id
    /// (one table: each declaration is checked to keep its id).
    global_values: Vec<Option<Value>>,
    /// Where the functions and the aliases start in `global_values`.
    fn_base: usize,
    alias_base: usize,
    /// (source kind id, copy's kind id), sorted by source id.
    kinds: Vec<(u32, u32)>,
    /// Distinct nodes reserved and still to define: (source, copy).
    pending_distinct: Vec<(Metadata, Metadata)>,
    /// Uniqued nodes reserved because a cycle reached them, not yet defined.
    cycle_reserved: FastSet<u32>,
    /// The walks' stacks, kept between calls (one call per constant and per node).
    const_stack: Vec<crate::Const>,
    md_stack: Vec<Metadata>,
    /// A plain node's operands mapped into the copy, kept between nodes.
    md_ops: Vec<MdRef>,
}

/// A source node's state in the copy.
#[derive(Clone, Copy, PartialEq, Eq)]
enum MdSlot {
    Todo,
    /// A uniqued node whose operands are being copied (met again, it is in a cycle).
    Visiting,
    Copied(Metadata),
}

impl MdSlot {
    #[inline]
    fn copied(self) -> Option<Metadata> {
        match self {
            MdSlot::Copied(m) => Some(m),
            _ => None,
        }
    }
}

/// Room kept for the walks' stacks: the depth of nearly every module's types, constants
/// and metadata.
const WALK_DEPTH: usize = 16;

#[cold]
fn unsupported(msg: String) -> BuildError {
    BuildError::new(BuildErrorKind::Unsupported, msg)
}

#[cold]
fn dangling(msg: String) -> BuildError {
    BuildError::new(BuildErrorKind::Dangling, msg)
}

#[cold]
fn not_module_value(v: ValueRef) -> BuildError {
    dangling(format!("{v:?} is not a module-level value of the copy"))
}

fn linkage(code: u8) -> BuildResult<Linkage> {
    match decode_linkage(u64::from(code)) {
        Some(l) if l.code() == code => Ok(l),
        _ => Err(unsupported(format!(
            "linkage code {code} is not one LLVM 3.7 writes"
        ))),
    }
}

fn align_bytes(log2p1: u8) -> u64 {
    if log2p1 == 0 {
        0
    } else {
        1u64 << (log2p1 - 1).min(63)
    }
}

fn name_of(m: &Module, list: &[Name], id: u32) -> Option<String> {
    id.checked_sub(1)
        .and_then(|i| list.get(i as usize))
        .map(|&n| m.name_str(n).to_string())
}

impl Copier<'_> {
    fn ty(&self, t: Type) -> BuildResult<Type> {
        self.types
            .get(t.index())
            .copied()
            .flatten()
            .ok_or_else(|| dangling(format!("{t} was not copied")))
    }

    fn kind(&self, k: u32) -> BuildResult<u32> {
        match self.kinds.binary_search_by_key(&k, |e| e.0) {
            Ok(i) => Ok(self.kinds[i].1),
            Err(_) => Err(dangling(format!(
                "metadata kind {k} is not in the kind table"
            ))),
        }
    }

    /// Identified structs first (they break every cycle), then the literal types by an
    /// explicit depth-first walk, then the struct bodies.
    fn copy_types(&mut self, mb: &mut ModuleBuilder) -> BuildResult<()> {
        let src = self.src;
        // The walk's stack, then the struct bodies: room for the largest body.
        let mut most = WALK_DEPTH;
        for (t, d) in src.types.iter_with_ids() {
            if let TypeData::Struct(s) = d {
                most = most.max(s.elems.len());
                if s.identified {
                    self.types[t.index()] = Some(match &s.name {
                        Some(n) => mb.struct_named(n),
                        None => mb.struct_unnamed(),
                    });
                }
            }
        }
        let mut stack: Vec<Type> = Vec::with_capacity(most);
        for t in src.types.ids() {
            stack.push(t);
            while let Some(&cur) = stack.last() {
                if self.types[cur.index()].is_some() {
                    stack.pop();
                    continue;
                }
                if stack.len() > src.types.len() + 1 {
                    return Err(unsupported("a type refers to itself".into()));
                }
                let d = &src.types[cur];
                let mut missing = None;
                subtypes(d, |s| {
                    if missing.is_none() && self.types.get(s.index()).is_some_and(Option::is_none) {
                        missing = Some(s);
                    }
                });
                if let Some(s) = missing {
                    stack.push(s);
                    continue;
                }
                let mut data = d.clone();
                let mut err = None;
                subtypes_mut(&mut data, |s| match self.ty(*s) {
                    Ok(x) => *s = x,
                    Err(e) => err = Some(e),
                });
                if let Some(e) = err {
                    return Err(e);
                }
                self.types[cur.index()] = Some(mb.ty(data)?);
                stack.pop();
            }
        }
        // (The walk's stack is empty: its allocation holds the struct bodies.)
        let mut elems = stack;
        for (t, d) in src.types.iter_with_ids() {
            if let TypeData::Struct(s) = d {
                if s.identified && !s.opaque {
                    elems.clear();
                    for &e in s.elems.iter() {
                        elems.push(self.ty(e)?);
                    }
                    mb.set_struct_body(self.ty(t)?, &elems, s.packed)?;
                }
            }
        }
        Ok(())
    }

    fn declare_globals(&mut self, mb: &mut ModuleBuilder) -> BuildResult<()> {
        let src = self.src;
        let listed =
            src.global_values.len() == src.globals.len() + src.functions.len() + src.aliases.len();
        let made: Vec<GlobalValue> = if listed {
            Vec::new()
        } else {
            let g = src.globals.ids().map(GlobalValue::Global);
            let f = src.functions.ids().map(GlobalValue::Function);
            let a = src.aliases.ids().map(GlobalValue::Alias);
            g.chain(f).chain(a).collect()
        };
        let order = if listed { &src.global_values } else { &made };
        // Functions share a few attribute lists: each is read back once, and lent to the
        // declarations that name it.
        let mut attrs: Vec<Option<super::Attributes>> = vec![None; src.attribute_lists.len() + 1];
        for &gv in order {
            match gv {
                GlobalValue::Global(g) => {
                    let d = &src.globals[g];
                    let c = &d.common;
                    let opts = GlobalOptions {
                        linkage: linkage(c.linkage)?,
                        visibility: c.visibility,
                        dll_storage: c.dll_storage,
                        thread_local: c.thread_local,
                        unnamed_addr: c.unnamed_addr,
                        addrspace: d.addrspace,
                        is_constant: d.is_constant,
                        externally_initialized: d.externally_initialized,
                        align: align_bytes(d.align_log2p1),
                        section: name_of(src, &src.section_names, d.section),
                        comdat: c.comdat,
                    };
                    let v = mb.add_global(src.name_of(c.name), self.ty(d.value_ty)?, &opts)?;
                    if v.value_ref() != ValueRef::Global(g) {
                        return Err(unsupported("global value record order".into()));
                    }
                    self.global_values[g.index()] = Some(v);
                }
                GlobalValue::Function(f) => {
                    let d = &src.functions[f];
                    let c = &d.common;
                    // (A list past the table is read each time: `attributes_of` decides.)
                    let slot = d.attributes as usize;
                    let cached = attrs.get_mut(slot).and_then(Option::take);
                    let attributes = match cached {
                        Some(a) => a,
                        None => attributes_of(src, d.attributes)?,
                    };
                    let mut opts = FunctionOptions {
                        linkage: linkage(c.linkage)?,
                        calling_conv: d.calling_conv,
                        visibility: c.visibility,
                        dll_storage: c.dll_storage,
                        unnamed_addr: c.unnamed_addr,
                        align: align_bytes(d.align_log2p1),
                        section: name_of(src, &src.section_names, d.section),
                        gc: name_of(src, &src.gc_names, d.gc),
                        comdat: c.comdat,
                        attributes,
                        prefix: None,
                        prologue: None,
                        personality: None,
                    };
                    let v = mb.declare_function(src.name_of(c.name), self.ty(d.fn_ty)?, &opts)?;
                    if let Some(a) = attrs.get_mut(slot) {
                        *a = Some(std::mem::take(&mut opts.attributes));
                    }
                    if v.value_ref() != ValueRef::Function(f) {
                        return Err(unsupported("global value record order".into()));
                    }
                    self.global_values[self.fn_base + f.index()] = Some(v);
                }
                GlobalValue::Alias(a) => {
                    let d = &src.aliases[a];
                    let c = &d.common;
                    let opts = AliasOptions {
                        linkage: linkage(c.linkage)?,
                        visibility: c.visibility,
                        dll_storage: c.dll_storage,
                        thread_local: c.thread_local,
                        unnamed_addr: c.unnamed_addr,
                    };
                    let v = mb.add_alias(src.name_of(c.name), self.ty(c.ty)?, &opts)?;
                    if v.value_ref() != ValueRef::Alias(a) {
                        return Err(unsupported("global value record order".into()));
                    }
                    self.global_values[self.alias_base + a.index()] = Some(v);
                }
            }
        }
        Ok(())
    }

    /// A module-level value of the copy (constants must be copied already).
    #[inline]
    fn module_value(&self, v: ValueRef) -> BuildResult<Value> {
        let (fns, aliases) = (self.fn_base, self.alias_base);
        let found = match v {
            ValueRef::Global(g) if g.index() < fns => self.global_values[g.index()],
            ValueRef::Function(f) if f.index() < aliases - fns => {
                self.global_values[fns + f.index()]
            }
            ValueRef::Alias(a) => self
                .global_values
                .get(aliases + a.index())
                .copied()
                .flatten(),
            ValueRef::Const(c) => self.consts.get(c.index()).copied().flatten(),
            _ => None,
        };
        found.ok_or_else(|| not_module_value(v))
    }

    /// Copies constant `c` after the constants it refers to (explicit stack).
    fn constant(&mut self, mb: &mut ModuleBuilder, c: crate::Const) -> BuildResult<Value> {
        let mut stack = std::mem::take(&mut self.const_stack);
        stack.clear();
        stack.push(c);
        let r = self.constant_walk(mb, &mut stack);
        self.const_stack = stack;
        r?;
        self.module_value(ValueRef::Const(c))
    }

    fn constant_walk(
        &mut self,
        mb: &mut ModuleBuilder,
        stack: &mut Vec<crate::Const>,
    ) -> BuildResult<()> {
        let src = self.src;
        while let Some(&cur) = stack.last() {
            if self.consts[cur.index()].is_some() {
                stack.pop();
                continue;
            }
            if stack.len() > src.constants.len() + 1 {
                return Err(unsupported("a constant refers to itself".into()));
            }
            let d = &src.constants[cur];
            let mut missing = None;
            d.kind.for_each_operand(&src.pools, |v| {
                if let ValueRef::Const(o) = v {
                    if missing.is_none() && self.consts.get(o.index()).is_some_and(Option::is_none)
                    {
                        missing = Some(o);
                    }
                }
            });
            if let Some(o) = missing {
                stack.push(o);
                continue;
            }
            let mut kind = d
                .kind
                .copy_between(&src.pools, &mut mb.m.pools)
                .ok_or_else(|| dangling(format!("{cur}: a list the module does not hold")))?;
            let mut err = None;
            kind.for_each_operand_mut(&mut mb.m.pools, |v| match self.module_value(*v) {
                Ok(x) => *v = x.value_ref(),
                Err(e) => err = Some(e),
            });
            if let Some(e) = err {
                return Err(e);
            }
            if let ConstKind::Gep {
                source_ty: Some(t), ..
            } = &mut kind
            {
                *t = self.ty(*t)?;
            }
            if let ConstKind::ShuffleVector {
                operand_ty: Some(t),
                ..
            } = &mut kind
            {
                *t = self.ty(*t)?;
            }
            let v = mb.constant(self.ty(d.ty)?, kind)?;
            self.consts[cur.index()] = Some(v);
            stack.pop();
        }
        Ok(())
    }

    fn global_constants(&mut self, mb: &mut ModuleBuilder) -> BuildResult<()> {
        let src = self.src;
        for (g, d) in src.globals.iter_with_ids() {
            if let Some(init) = d.initializer {
                let v = self.module_value(init)?;
                mb.set_initializer(g, v)?;
            }
        }
        for (a, d) in src.aliases.iter_with_ids() {
            let v = self.module_value(d.aliasee)?;
            mb.set_aliasee(a, v)?;
        }
        for (f, d) in src.functions.iter_with_ids() {
            if d.prefix.is_some() || d.prologue.is_some() || d.personality.is_some() {
                let get = |v: Option<ValueRef>| v.map(|v| self.module_value(v)).transpose();
                mb.set_function_constants(
                    f,
                    get(d.prefix)?,
                    get(d.prologue)?,
                    get(d.personality)?,
                )?;
            }
        }
        Ok(())
    }

    /// Copies module metadata `md`: strings and value wrappers directly, uniqued nodes
    /// after their operands (explicit stack; a node met again while its operands are being
    /// copied is in a cycle and is reserved, then defined when its operands are done),
    /// distinct nodes reserved (defined by [`Copier::define_distinct`]).
    fn md(&mut self, mb: &mut ModuleBuilder, md: Metadata) -> BuildResult<Metadata> {
        // Named metadata and attachments name nodes already copied, nearly always.
        if self.cycle_reserved.is_empty() {
            if let Some(&MdSlot::Copied(x)) = self.mds.get(md.index()) {
                return Ok(x);
            }
        }
        let mut stack = std::mem::take(&mut self.md_stack);
        stack.clear();
        stack.push(md);
        let r = self.md_walk(mb, &mut stack);
        self.md_stack = stack;
        r?;
        self.mds[md.index()]
            .copied()
            .ok_or_else(|| dangling(format!("!{} was not copied", md.0)))
    }

    fn md_walk(&mut self, mb: &mut ModuleBuilder, stack: &mut Vec<Metadata>) -> BuildResult<()> {
        let src = self.src;
        while let Some(&cur) = stack.last() {
            let copied = matches!(self.mds.get(cur.index()), Some(MdSlot::Copied(_)));
            // (Cycles are rare: the set is nearly always empty, and then not hashed into.)
            let reserved = !self.cycle_reserved.is_empty() && self.cycle_reserved.contains(&cur.0);
            if copied && !reserved {
                stack.pop();
                continue;
            }
            let d = src
                .metadata
                .get(cur)
                .ok_or_else(|| dangling(format!("!{} does not exist", cur.0)))?;
            if d.is_distinct(&src.pools) {
                let id = mb.reserve_md();
                self.pending_distinct.push((cur, id));
                self.mds[cur.index()] = MdSlot::Copied(id);
                stack.pop();
                continue;
            }
            let id = match d {
                MetadataData::String(s) => mb.md_string(src.list(*s)),
                MetadataData::Value { value, .. } => {
                    let v = self.module_value(*value)?;
                    mb.md_value(v)?
                }
                MetadataData::Node { operands, .. }
                    if self.cycle_reserved.is_empty() || !self.cycle_reserved.contains(&cur.0) =>
                {
                    // A plain node is looked up by its mapped operands, without copying them
                    // into the pools when it is there already.
                    let mut ops = std::mem::take(&mut self.md_ops);
                    let r = self.remap_node(src.list(*operands), &mut ops);
                    let r = match r {
                        Ok(Ok(())) => mb.md_node(&ops).map(Ok),
                        Ok(Err(o)) => Ok(Err(o)),
                        Err(e) => Err(e),
                    };
                    self.md_ops = ops;
                    match r? {
                        Ok(id) => id,
                        Err(o) => {
                            self.descend(mb, stack, cur, o);
                            continue;
                        }
                    }
                }
                _ => {
                    // Operands nearly always come first: the node is remapped in one walk,
                    // and the walk descends only when one is missing.
                    let data = match self.remap_md(mb, d)? {
                        Ok(data) => data,
                        Err(o) => {
                            self.descend(mb, stack, cur, o);
                            continue;
                        }
                    };
                    if !self.cycle_reserved.is_empty() && self.cycle_reserved.remove(&cur.0) {
                        let id = self.mds[cur.index()].copied().unwrap_or(Metadata(0));
                        mb.define_md(id, data)?;
                        id
                    } else {
                        mb.md(data)?
                    }
                }
            };
            self.mds[cur.index()] = MdSlot::Copied(id);
            stack.pop();
        }
        Ok(())
    }

    /// `cur` waits for its operand `o`, which is not copied yet: the walk descends to `o`,
    /// or reserves it when `o` is being copied (a cycle).
    fn descend(
        &mut self,
        mb: &mut ModuleBuilder,
        stack: &mut Vec<Metadata>,
        cur: Metadata,
        o: Metadata,
    ) {
        // (A node reserved by a cycle keeps its id.)
        if self.mds[cur.index()] == MdSlot::Todo {
            self.mds[cur.index()] = MdSlot::Visiting;
        }
        if self.mds[o.index()] == MdSlot::Visiting {
            self.mds[o.index()] = MdSlot::Copied(mb.reserve_md());
            self.cycle_reserved.insert(o.0);
        } else {
            stack.push(o);
        }
    }

    /// `d` with its operands mapped into the copy (its lists copied into the copy's pools),
    /// or the first operand not copied yet (`Ok(Err(o))`). An operand past the source's
    /// table is an error.
    fn remap_md(
        &mut self,
        mb: &mut ModuleBuilder,
        d: &MetadataData,
    ) -> BuildResult<Result<MetadataData, Metadata>> {
        let src = self.src;
        if let MetadataData::Node { distinct, operands } = d {
            let mut ops = std::mem::take(&mut self.md_ops);
            let r = self.remap_node(src.list(*operands), &mut ops);
            let r = r.map(|r| {
                r.map(|()| MetadataData::Node {
                    distinct: *distinct,
                    operands: mb.md_list(&ops),
                })
            });
            self.md_ops = ops;
            return r;
        }
        let mut data = d
            .copy_between(&src.pools, &mut mb.m.pools)
            .ok_or_else(|| dangling("metadata whose list or record is missing".into()))?;
        let mut missing = None;
        let mut bad = None;
        data.for_each_ref_mut(&mut mb.m.pools, |o| match self.mds.get(o.index()) {
            Some(MdSlot::Copied(x)) => *o = *x,
            Some(_) => {
                missing.get_or_insert(*o);
            }
            None => bad = Some(*o),
        });
        if let Some(o) = bad {
            return Err(dangling(format!("!{} does not exist", o.0)));
        }
        Ok(missing.map_or(Ok(data), Err))
    }

    /// A plain node's operands mapped into the copy in one pass (most of a module's
    /// metadata) into `out`, or the first operand not copied yet (`Ok(Err(o))`).
    fn remap_node(
        &self,
        operands: &[MdRef],
        out: &mut Vec<MdRef>,
    ) -> BuildResult<Result<(), Metadata>> {
        out.clear();
        for &o in operands {
            out.push(match o {
                None => None,
                Some(m) => match self.mds.get(m.index()) {
                    Some(MdSlot::Copied(x)) => Some(*x),
                    Some(_) => return Ok(Err(m)),
                    None => return Err(dangling(format!("!{} does not exist", m.0))),
                },
            });
        }
        Ok(Ok(()))
    }

    fn define_distinct(&mut self, mb: &mut ModuleBuilder) -> BuildResult<()> {
        while let Some((s, id)) = self.pending_distinct.pop() {
            let src = self.src;
            let d = &src.metadata[s];
            let mut err = None;
            d.for_each_ref(&src.pools, |o| {
                if err.is_none() {
                    err = self.md(mb, o).err();
                }
            });
            if let Some(e) = err {
                return Err(e);
            }
            let data = self
                .remap_md(mb, d)?
                .map_err(|o| dangling(format!("!{} was not copied", o.0)))?;
            mb.define_md(id, data)?;
        }
        Ok(())
    }
}

/// Calls `f` on the subtypes of a type.
fn subtypes(d: &TypeData, mut f: impl FnMut(Type)) {
    match d {
        TypeData::Pointer { pointee: t, .. }
        | TypeData::Array { elem: t, .. }
        | TypeData::Vector { elem: t, .. } => f(*t),
        TypeData::Struct(s) => s.elems.iter().for_each(|&t| f(t)),
        TypeData::Function { ret, params, .. } => {
            f(*ret);
            params.iter().for_each(|&t| f(t));
        }
        _ => {}
    }
}

fn subtypes_mut(d: &mut TypeData, mut f: impl FnMut(&mut Type)) {
    match d {
        TypeData::Pointer { pointee: t, .. }
        | TypeData::Array { elem: t, .. }
        | TypeData::Vector { elem: t, .. } => f(t),
        TypeData::Struct(s) => s.elems.iter_mut().for_each(f),
        TypeData::Function { ret, params, .. } => {
            f(ret);
            params.iter_mut().for_each(f);
        }
        _ => {}
    }
}

/// The tables a body copy fills, handed from one body to the next so that a module's
/// bodies share one allocation of each.
#[derive(Default)]
struct BodyBuffers {
    insts: Vec<Option<Value>>,
    fwd: Vec<Option<Value>>,
    blocks: Vec<crate::Block>,
    /// Operand buffer reused by every instruction.
    scratch: Vec<Value>,
    /// (Value, block) pairs of phis and switches, reused likewise.
    pairs: Vec<(Value, crate::Block)>,
    /// Call options by attribute list (with the calling-convention field they were made
    /// for): the module's calls share a few, and each is made once.
    call_opts: Vec<Option<(u64, CallOptions)>>,
}

/// Copies one body.
struct BodyCopier<'c, 's, 'b> {
    cx: &'c Copier<'s>,
    fb: FunctionBuilder<'b>,
    body: &'c Body,
    buf: BodyBuffers,
}

impl<'c, 's, 'b> BodyCopier<'c, 's, 'b> {
    fn new(cx: &'c Copier<'s>, fb: FunctionBuilder<'b>, body: &'c Body, b: BodyBuffers) -> Self {
        let mut buf = b;
        buf.insts.clear();
        buf.insts.resize(body.insts.len(), None);
        buf.fwd.clear();
        buf.blocks.clear();
        buf.blocks.reserve(body.blocks.len());
        // Room for any dx.op call's arguments from the start: growing by doubling took
        // two or three allocations per module.
        buf.scratch.reserve(16);
        BodyCopier { cx, fb, body, buf }
    }

    /// The copy's value for `v`: instructions already copied, arguments and module values
    /// inline (nearly every operand), the rest out of line.
    #[inline(always)]
    fn value(&mut self, v: ValueRef) -> BuildResult<Value> {
        match v {
            ValueRef::Inst(i) => match self.buf.insts.get(i.index()) {
                Some(&Some(x)) => Ok(x),
                _ => self.forward_value(i),
            },
            ValueRef::Arg(a) => self.fb.arg(a.0),
            ValueRef::Metadata(md) => self.metadata_value(md),
            other => self.cx.module_value(other),
        }
    }

    /// An instruction not copied yet: a forward reference, made at its first use.
    #[cold]
    #[inline(never)]
    fn forward_value(&mut self, i: crate::Inst) -> BuildResult<Value> {
        if let Some(x) = self.buf.fwd.get(i.index()).copied().flatten() {
            return Ok(x);
        }
        let d = self
            .body
            .insts
            .get(i)
            .ok_or_else(|| dangling(format!("{i} does not exist")))?;
        let ty =
            d.ty.ok_or_else(|| dangling(format!("{i} has type void and is used")))?;
        let x = self.fb.forward(self.cx.ty(ty)?)?;
        if self.buf.fwd.is_empty() {
            self.buf.fwd.resize(self.body.insts.len(), None);
        }
        self.buf.fwd[i.index()] = Some(x);
        Ok(x)
    }

    /// Metadata used as a call argument: a function-local wrapper again through
    /// [`FunctionBuilder::metadata_arg`], module metadata as the copy's node.
    #[inline(never)]
    fn metadata_value(&mut self, md: Metadata) -> BuildResult<Value> {
        match self.cx.src.metadata.get(md) {
            Some(MetadataData::Value {
                value: inner @ (ValueRef::Arg(_) | ValueRef::Inst(_)),
                ..
            }) => {
                let inner = self.value(*inner)?;
                self.fb.metadata_arg(inner)
            }
            _ => {
                let m = self
                    .cx
                    .mds
                    .get(md.index())
                    .and_then(|s| s.copied())
                    .ok_or_else(|| {
                        dangling(format!(
                            "!{} is used by an instruction and was not copied",
                            md.0
                        ))
                    })?;
                self.fb.module().metadata_value(m)
            }
        }
    }

    /// Maps `vs` into the copy and hands them to `f` (in the reused buffer).
    fn with_values<R>(
        &mut self,
        vs: &[ValueRef],
        f: impl FnOnce(&mut Self, &[Value]) -> BuildResult<R>,
    ) -> BuildResult<R> {
        let mut buf = std::mem::take(&mut self.buf.scratch);
        buf.clear();
        let mut r = Ok(());
        for &v in vs {
            match self.value(v) {
                Ok(x) => buf.push(x),
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        let out = r.and_then(|()| f(self, &buf));
        self.buf.scratch = buf;
        out
    }

    /// Maps the values of (value, block) pairs into the copy and hands them to `f` (in the
    /// reused buffer).
    fn with_pairs<R>(
        &mut self,
        pairs: &[(ValueRef, crate::Block)],
        f: impl FnOnce(&mut Self, &[(Value, crate::Block)]) -> BuildResult<R>,
    ) -> BuildResult<R> {
        let mut buf = std::mem::take(&mut self.buf.pairs);
        buf.clear();
        let mut r = Ok(());
        for &(v, b) in pairs {
            match self.value(v) {
                Ok(x) => buf.push((x, b)),
                Err(e) => {
                    r = Err(e);
                    break;
                }
            }
        }
        let out = r.and_then(|()| f(self, &buf));
        self.buf.pairs = buf;
        out
    }

    /// Copies the body; hands back the buffers for the next.
    fn run(mut self) -> BuildResult<BodyBuffers> {
        let body = self.body;
        for (i, a) in body.args.iter().enumerate() {
            if let Some(n) = self.cx.src.name_of(a.name) {
                self.fb.set_arg_name(i as u32, n)?;
            }
        }
        let mut blocks = std::mem::take(&mut self.buf.blocks);
        for b in body.blocks.iter() {
            let id = self.fb.add_block(self.cx.src.name_of(b.name))?;
            self.fb.reserve_block(id, b.insts.len());
            blocks.push(id);
        }
        for (bi, b) in body.blocks.iter().enumerate() {
            self.fb.position_at_end(blocks[bi])?;
            for &i in &b.insts {
                let d = body
                    .insts
                    .get(i)
                    .ok_or_else(|| dangling(format!("{i} does not exist")))?;
                let v = self.inst(d)?;
                if let Some(f) = self.buf.fwd.get(i.index()).copied().flatten() {
                    self.fb.resolve(f, v)?;
                }
                self.buf.insts[i.index()] = Some(v);
                if let Some(n) = self.cx.src.name_of(d.name()) {
                    self.fb.set_name(v, n)?;
                }
                if let Some(loc) = d.debug_loc() {
                    let map = |m: Option<Metadata>| {
                        m.map(|m| {
                            self.cx
                                .mds
                                .get(m.index())
                                .and_then(|s| s.copied())
                                .ok_or_else(|| {
                                    dangling(format!(
                                        "debug location scope !{} was not copied",
                                        m.0
                                    ))
                                })
                        })
                        .transpose()
                    };
                    let loc = crate::DebugLoc {
                        scope: map(loc.scope)?,
                        inlined_at: map(loc.inlined_at)?,
                        ..loc
                    };
                    self.fb.set_debug_loc(v, Some(loc))?;
                }
                for &(k, md) in d.attachments() {
                    let m = self
                        .cx
                        .mds
                        .get(md.index())
                        .and_then(|s| s.copied())
                        .ok_or_else(|| dangling(format!("attachment !{} was not copied", md.0)))?;
                    self.fb.attach(v, self.cx.kind(k)?, m)?;
                }
            }
        }
        for u in &body.uselists {
            self.fb.add_use_list(u.clone());
        }
        self.fb.finish()?;
        self.buf.blocks = blocks;
        Ok(self.buf)
    }

    fn inst(&mut self, d: &InstData) -> BuildResult<Value> {
        let body: &'c Body = self.body;
        // The source need not have passed the id check: a list past its pool is dangling.
        fn list<T: crate::PoolItem>(body: &Body, l: crate::List<T>) -> BuildResult<&[T]> {
            body.pool
                .get(l)
                .ok_or_else(|| dangling(format!("{l:?} runs past the operand pool")))
        }
        let ty = |s: &Self| d.ty.map(|t| s.cx.ty(t)).transpose();
        let need_ty = |s: &Self| {
            ty(s)?.ok_or_else(|| dangling("an instruction that needs a type has none".into()))
        };
        match &d.kind {
            InstKind::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => {
                let (l, r) = (self.value(*lhs)?, self.value(*rhs)?);
                self.fb.binary(*op, l, r, *flags)
            }
            InstKind::Cast { op, value } => {
                let v = self.value(*value)?;
                let t = need_ty(self)?;
                self.fb.cast(*op, v, t)
            }
            InstKind::Gep {
                inbounds,
                source_ty,
                operands,
            } => {
                let st = self.cx.ty(*source_ty)?;
                self.with_values(list(body, *operands)?, |s, ops| {
                    let (base, idx) = ops
                        .split_first()
                        .ok_or_else(|| dangling("getelementptr without operands".into()))?;
                    s.fb.gep(*inbounds, st, *base, idx)
                })
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                let (c, t, f) = (
                    self.value(*cond)?,
                    self.value(*if_true)?,
                    self.value(*if_false)?,
                );
                self.fb.select(c, t, f)
            }
            InstKind::ExtractElement { vector, index } => {
                let (v, i) = (self.value(*vector)?, self.value(*index)?);
                self.fb.extract_element(v, i)
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                let (v, e, i) = (
                    self.value(*vector)?,
                    self.value(*element)?,
                    self.value(*index)?,
                );
                self.fb.insert_element(v, e, i)
            }
            InstKind::ShuffleVector { a, b, mask } => {
                let (x, y, m) = (self.value(*a)?, self.value(*b)?, self.value(*mask)?);
                self.fb.shuffle_vector(x, y, m)
            }
            InstKind::Cmp {
                predicate,
                lhs,
                rhs,
                flags,
            } => {
                let (l, r) = (self.value(*lhs)?, self.value(*rhs)?);
                self.fb.cmp(*predicate, l, r, *flags)
            }
            InstKind::Ret { value } => {
                let v = value.map(|v| self.value(v)).transpose()?;
                self.fb.ret(v)
            }
            InstKind::Br { target } => self.fb.br(*target),
            InstKind::CondBr {
                cond,
                if_true,
                if_false,
            } => {
                let c = self.value(*cond)?;
                self.fb.cond_br(c, *if_true, *if_false)
            }
            InstKind::Switch {
                cond,
                default,
                cases,
                ..
            } => {
                let c = self.value(*cond)?;
                self.with_pairs(list(body, *cases)?, |s, cs| s.fb.switch(c, *default, cs))
            }
            InstKind::IndirectBr { addr, dests, .. } => {
                let a = self.value(*addr)?;
                self.fb.indirect_br(a, list(body, *dests)?)
            }
            InstKind::Invoke {
                attributes,
                cc_field,
                normal,
                unwind,
                callee,
                args,
                ..
            } => {
                let calling_conv = (*cc_field & 0x1fff) as u32;
                if *cc_field != u64::from(calling_conv) | 1 << 13 {
                    return Err(unsupported(format!(
                        "invoke calling-convention field {cc_field:#x}"
                    )));
                }
                let c = self.value(*callee)?;
                // Invokes are rare: their options are not kept.
                let opts = CallOptions {
                    calling_conv,
                    attributes: attributes_of(self.cx.src, *attributes)?,
                    ..CallOptions::default()
                };
                self.with_values(list(body, *args)?, |s, a| {
                    s.fb.invoke(c, a, *normal, *unwind, &opts)
                })
            }
            InstKind::Resume { value } => {
                let v = self.value(*value)?;
                self.fb.resume(v)
            }
            InstKind::Unreachable => self.fb.unreachable(),
            InstKind::Phi { incoming } => {
                let t = need_ty(self)?;
                self.with_pairs(list(body, *incoming)?, |s, inc| s.fb.phi(t, inc))
            }
            InstKind::Alloca {
                allocated_ty,
                size,
                align_field,
                ..
            } => {
                if align_field >> 7 != 0 || align_field & (1 << 6) == 0 {
                    return Err(unsupported(format!("alloca align field {align_field:#x}")));
                }
                let s = self.value(*size)?;
                let t = self.cx.ty(*allocated_ty)?;
                let align = align_bytes((align_field & 0x1f) as u8);
                self.fb
                    .alloca(t, Some(s), align, align_field & (1 << 5) != 0)
            }
            InstKind::Load {
                ptr,
                align_log2p1,
                volatile,
                atomic,
            } => {
                let p = self.value(*ptr)?;
                self.fb
                    .load(p, align_bytes(*align_log2p1), *volatile, *atomic)
            }
            InstKind::Store {
                ptr,
                value,
                align_log2p1,
                volatile,
                atomic,
            } => {
                let (p, v) = (self.value(*ptr)?, self.value(*value)?);
                self.fb
                    .store(v, p, align_bytes(*align_log2p1), *volatile, *atomic)
            }
            InstKind::CmpXchg {
                ptr,
                cmp,
                new,
                volatile,
                success,
                scope,
                failure,
                weak,
            } => {
                let (p, c, n) = (self.value(*ptr)?, self.value(*cmp)?, self.value(*new)?);
                self.fb
                    .cmpxchg(p, c, n, *volatile, *success, *failure, *scope, *weak)
            }
            InstKind::AtomicRmw {
                ptr,
                value,
                op,
                volatile,
                ordering,
                scope,
            } => {
                let (p, v) = (self.value(*ptr)?, self.value(*value)?);
                self.fb.atomic_rmw(*op, p, v, *volatile, *ordering, *scope)
            }
            InstKind::Fence { ordering, scope } => self.fb.fence(*ordering, *scope),
            InstKind::Call {
                attributes,
                cc_field,
                callee,
                args,
                ..
            } => {
                let c = self.value(*callee)?;
                let cc = *cc_field;
                // Ids past the source's table (which name no attributes) share the slot after
                // it, so that the table stays as small as the source's.
                let slot = (*attributes as usize).min(self.cx.src.attribute_lists.len() + 1);
                let known = self
                    .buf
                    .call_opts
                    .get(slot)
                    .is_some_and(|o| o.as_ref().is_some_and(|o| o.0 == cc));
                if !known {
                    let opts = CallOptions {
                        calling_conv: ((cc >> 1) & 0x1fff) as u32,
                        tail: cc & 1 != 0,
                        musttail: cc >> 14 & 1 != 0,
                        attributes: attributes_of(self.cx.src, *attributes)?,
                    };
                    if self.buf.call_opts.len() <= slot {
                        self.buf.call_opts.resize(slot + 1, None);
                    }
                    self.buf.call_opts[slot] = Some((cc, opts));
                }
                let v =
                    self.with_values(list(body, *args)?, |s, a| match &s.buf.call_opts[slot] {
                        Some((_, opts)) => s.fb.call(c, a, opts),
                        None => s.fb.call(c, a, &CallOptions::default()),
                    })?;
                if cc_field >> 15 != 1 {
                    return Err(unsupported(format!(
                        "call calling-convention field {cc_field:#x}"
                    )));
                }
                Ok(v)
            }
            InstKind::VaArg { valist, .. } => {
                let v = self.value(*valist)?;
                let t = need_ty(self)?;
                self.fb.va_arg(v, t)
            }
            InstKind::ExtractValue { aggregate, indices } => {
                let a = self.value(*aggregate)?;
                self.fb.extract_value(a, list(body, *indices)?)
            }
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => {
                let (a, v) = (self.value(*aggregate)?, self.value(*value)?);
                self.fb.insert_value(a, v, list(body, *indices)?)
            }
            InstKind::LandingPad { cleanup, clauses } => {
                let t = need_ty(self)?;
                let cs: Vec<(u8, Value)> = list(body, *clauses)?
                    .iter()
                    .map(|&(k, v)| Ok((k, self.value(v)?)))
                    .collect::<BuildResult<_>>()?;
                self.fb.landing_pad(t, *cleanup, &cs)
            }
        }
    }
}
