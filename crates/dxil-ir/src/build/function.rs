//! [`FunctionBuilder`]: one function definition (LangRef "Functions"): arguments, blocks, an
//! insertion point, forward references, names, debug locations and attachments, and the
//! checks of [`FunctionBuilder::finish`]. The instruction methods are in `insts.rs` and
//! `memory.rs`.

use super::hash::{FastMap, FastSet};
use crate::PackedOption;

use super::attributes::AttrSite;
use super::error::{type_err, BuildError, BuildErrorKind, BuildResult};
use super::module::{FnState, ModuleBuilder, LOCAL_MD_TAG};
use super::typing::type_name;
use super::Value;
use crate::{
    ArgData, Block, BlockData, Body, DebugLoc, Function, Inst, InstData, InstKind, Metadata,
    SecondaryMap, Type, TypeData, UseList, ValueRef,
};

/// Tag bit of a forward-reference placeholder instruction id.
pub(crate) const FWD_TAG: u32 = 1 << 31;

/// Builds the body of one function; created by [`ModuleBuilder::define_function`], ended by
/// [`FunctionBuilder::finish`]. The module builder stays reachable through
/// [`FunctionBuilder::module`] (to make types, constants and metadata).
#[derive(Debug)]
pub struct FunctionBuilder<'a> {
    pub(crate) mb: &'a mut ModuleBuilder,
    pub(crate) func: Function,
    pub(crate) ret_ty: Type,
    pub(crate) body: Body,
    pub(crate) current: Option<Block>,
    names: FastSet<String>,
    /// Forward references: declared type and the value bound to it.
    fwd: Vec<(Type, Option<ValueRef>)>,
    /// Function-local metadata wrappers: type and value.
    locals: Vec<(Type, ValueRef)>,
    local_ids: FastMap<ValueRef, u32>,
    /// Calls with attributes: the instruction and its set's index in the module builder.
    pub(crate) call_attrs: Vec<(Inst, u32)>,
}

impl ModuleBuilder {
    /// Starts the body of a declared function (once per function).
    pub fn define_function(&mut self, f: Function) -> BuildResult<FunctionBuilder<'_>> {
        let Some(state) = self.fn_state.get(f.index()).copied() else {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("define: {f} does not exist"),
            ));
        };
        if state != FnState::Declared {
            return Err(BuildError::new(
                BuildErrorKind::Redefinition,
                format!("define: {f} already has a body"),
            ));
        }
        let fn_ty = self.m.functions[f].fn_ty;
        let Some(TypeData::Function { ret, params, .. }) = self.m.ty(fn_ty) else {
            return Err(type_err(format!("define: {f} has no function type")));
        };
        let ret_ty = *ret;
        let mut body = Body::default();
        for &ty in params.iter() {
            body.args.push(ArgData { ty, name: None });
        }
        self.fn_state[f.index()] = FnState::Defining;
        Ok(FunctionBuilder {
            mb: self,
            func: f,
            ret_ty,
            body,
            current: None,
            names: FastSet::default(),
            fwd: Vec::new(),
            locals: Vec::new(),
            local_ids: FastMap::default(),
            call_attrs: Vec::new(),
        })
    }
}

impl FunctionBuilder<'_> {
    /// The module builder (types, constants, metadata, kinds).
    pub fn module(&mut self) -> &mut ModuleBuilder {
        self.mb
    }

    /// The function being defined.
    pub fn function(&self) -> Function {
        self.func
    }

    /// Argument `i`.
    pub fn arg(&self, i: u32) -> BuildResult<Value> {
        let a = crate::Arg(i);
        let data = self.body.args.get(a).ok_or_else(|| {
            BuildError::new(
                BuildErrorKind::Arity,
                format!(
                    "arg: the function has {} arguments, not {}",
                    self.body.args.len(),
                    i + 1
                ),
            )
        })?;
        Ok(Value::new(ValueRef::Arg(a), Some(data.ty), Some(self.func)))
    }

    fn claim(&mut self, name: &str) -> BuildResult<()> {
        if !self.names.insert(name.to_string()) {
            return Err(BuildError::new(
                BuildErrorKind::Duplicate,
                format!("the name %{name} is already taken in {}", self.func),
            ));
        }
        Ok(())
    }

    /// Names argument `i` (`%name`).
    pub fn set_arg_name(&mut self, i: u32, name: &str) -> BuildResult<()> {
        self.arg(i)?;
        if name.is_empty() {
            return Ok(());
        }
        self.claim(name)?;
        self.body.args[crate::Arg(i)].name = Some(self.mb.m.intern(name));
        Ok(())
    }

    /// A new block at the end of the layout, named or not.
    pub fn add_block(&mut self, name: Option<&str>) -> BuildResult<Block> {
        let name = match name.filter(|n| !n.is_empty()) {
            Some(n) => {
                self.claim(n)?;
                Some(self.mb.m.intern(n))
            }
            None => None,
        };
        Ok(self.body.blocks.push(BlockData {
            name,
            insts: Vec::new(),
        }))
    }

    /// Appends the next instructions at the end of `block`.
    pub fn position_at_end(&mut self, block: Block) -> BuildResult<()> {
        self.check_block("position", block)?;
        self.current = Some(block);
        Ok(())
    }

    /// The block instructions are appended to.
    pub fn current_block(&self) -> Option<Block> {
        self.current
    }

    pub(crate) fn check_block(&self, what: &str, block: Block) -> BuildResult<()> {
        if self.body.blocks.contains(block) {
            Ok(())
        } else {
            Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!("{what}: {block} does not exist in {}", self.func),
            ))
        }
    }

    /// Names the result of an instruction (`%name = ...`); `void` results have no name.
    pub fn set_name(&mut self, v: Value, name: &str) -> BuildResult<()> {
        let i = self.own_inst("set_name", v)?;
        if v.ty.is_none() {
            return Err(type_err(
                "set_name: an instruction of type void has no name",
            ));
        }
        if name.is_empty() {
            return Ok(());
        }
        self.claim(name)?;
        let name = self.mb.m.intern(name);
        self.body.insts[i].set_name(Some(name));
        Ok(())
    }

    /// The instruction `v` is, when it belongs to this function and is not a placeholder.
    fn own_inst(&self, what: &str, v: Value) -> BuildResult<Inst> {
        match (v.r, v.func) {
            (ValueRef::Inst(i), Some(f))
                if f == self.func && i.0 & FWD_TAG == 0 && i.index() < self.body.insts.len() =>
            {
                Ok(i)
            }
            _ => Err(BuildError::new(
                BuildErrorKind::Foreign,
                format!("{what}: not an instruction of {}", self.func),
            )),
        }
    }

    /// A placeholder for a value of type `ty` used before it is defined; bind it with
    /// [`FunctionBuilder::resolve`] before [`FunctionBuilder::finish`].
    pub fn forward(&mut self, ty: Type) -> BuildResult<Value> {
        self.mb.check_type("forward", ty)?;
        let id = self.fwd.len() as u32;
        self.fwd.push((ty, None));
        Ok(Value::new(
            ValueRef::Inst(Inst(id | FWD_TAG)),
            Some(ty),
            Some(self.func),
        ))
    }

    /// Binds a forward reference to its value (same type, once).
    pub fn resolve(&mut self, fwd: Value, value: Value) -> BuildResult<()> {
        let (r, ty) = self.operand("resolve", 2, value)?;
        let slot = match fwd.r {
            ValueRef::Inst(Inst(x)) if x & FWD_TAG != 0 && fwd.func == Some(self.func) => {
                self.fwd.get_mut((x & !FWD_TAG) as usize)
            }
            _ => None,
        };
        let Some(slot) = slot else {
            return Err(BuildError::new(
                BuildErrorKind::Foreign,
                "resolve: operand 1 is not a forward reference of this function",
            ));
        };
        if slot.1.is_some() {
            return Err(BuildError::new(
                BuildErrorKind::Redefinition,
                "resolve: the forward reference is already bound",
            ));
        }
        if slot.0 != ty {
            let (want, got) = (slot.0, ty);
            return Err(type_err(format!(
                "resolve: operand 2 has type {}, expected {}",
                type_name(&self.mb.m.types, got),
                type_name(&self.mb.m.types, want)
            )));
        }
        slot.1 = Some(r);
        Ok(())
    }

    /// `v` as a metadata call argument (`metadata %x`): a function-local wrapper for an
    /// argument or instruction of this function (`LocalAsMetadata`, one per value), a module
    /// wrapper otherwise.
    pub fn metadata_arg(&mut self, v: Value) -> BuildResult<Value> {
        let (r, ty) = self.operand("metadata_arg", 1, v)?;
        if !matches!(r, ValueRef::Arg(_) | ValueRef::Inst(_)) {
            let md = self.mb.md_value(v)?;
            return self.mb.metadata_value(md);
        }
        let k = match self.local_ids.get(&r) {
            Some(&k) => k,
            None => {
                let k = self.locals.len() as u32;
                self.locals.push((ty, r));
                self.local_ids.insert(r, k);
                k
            }
        };
        let mt = self.mb.metadata_type();
        Ok(Value::new(
            ValueRef::Metadata(Metadata(k | LOCAL_MD_TAG)),
            Some(mt),
            Some(self.func),
        ))
    }

    /// Sets the debug location of an instruction (FUNC_CODE_DEBUG_LOC).
    pub fn set_debug_loc(&mut self, inst: Value, loc: Option<DebugLoc>) -> BuildResult<()> {
        let i = self.own_inst("set_debug_loc", inst)?;
        if let Some(l) = &loc {
            for md in [l.scope, l.inlined_at].into_iter().flatten() {
                self.mb.check_md("set_debug_loc", md)?;
            }
        }
        self.body.insts[i].set_debug_loc(loc);
        Ok(())
    }

    /// Attaches `md` to an instruction under kind `kind` (`!kind !N`).
    pub fn attach(&mut self, inst: Value, kind: u32, md: Metadata) -> BuildResult<()> {
        let i = self.own_inst("attach", inst)?;
        self.mb.check_kind("attach", kind)?;
        self.mb.check_md("attach", md)?;
        self.body.insts[i].push_attachment(kind, md);
        Ok(())
    }

    /// A use-list record of this body, kept as data (absolute value ids; not checked).
    pub fn add_use_list(&mut self, list: UseList) {
        self.body.uselists.push(list);
    }

    /// Checks and unpacks operand `pos` (1-based) of `what`: it must belong to this function
    /// or the module, name something that exists, and have a type. A value of another
    /// builder may hold any id: the range checks here are what lets
    /// [`ModuleBuilder::finish`] skip the whole-module id check. Inline: it runs for every
    /// operand, and out of line its result came back through memory.
    #[inline(always)]
    pub(crate) fn operand(
        &self,
        what: &str,
        pos: usize,
        v: Value,
    ) -> BuildResult<(ValueRef, Type)> {
        match (v.func, v.ty) {
            (None, Some(t)) if self.mb.holds(v.r) && self.mb.m.types.contains(t) => Ok((v.r, t)),
            (Some(f), Some(t))
                if f == self.func && self.holds_local(v.r) && self.mb.m.types.contains(t) =>
            {
                Ok((v.r, t))
            }
            _ => Err(self.operand_error(what, pos, v)),
        }
    }

    /// Whether `r` names an argument, instruction, forward reference or local metadata
    /// wrapper of this body.
    #[inline]
    fn holds_local(&self, r: ValueRef) -> bool {
        match r {
            ValueRef::Arg(a) => a.index() < self.body.args.len(),
            ValueRef::Inst(Inst(x)) if x & FWD_TAG != 0 => {
                ((x & !FWD_TAG) as usize) < self.fwd.len()
            }
            ValueRef::Inst(i) => i.index() < self.body.insts.len(),
            ValueRef::Metadata(Metadata(x)) => {
                x & LOCAL_MD_TAG != 0 && ((x & !LOCAL_MD_TAG) as usize) < self.locals.len()
            }
            _ => false,
        }
    }

    /// Why [`FunctionBuilder::operand`] refused `v`, out of the checked path.
    #[cold]
    #[inline(never)]
    fn operand_error(&self, what: &str, pos: usize, v: Value) -> BuildError {
        if let Some(f) = v.func {
            if f != self.func {
                return BuildError::new(
                    BuildErrorKind::Foreign,
                    format!(
                        "{what}: operand {pos} belongs to {}, not {}",
                        self.fname(f),
                        self.fname(self.func)
                    ),
                );
            }
        }
        if v.ty.is_none() {
            return type_err(format!(
                "{what}: operand {pos} is an instruction of type void"
            ));
        }
        BuildError::new(
            BuildErrorKind::Dangling,
            format!(
                "{what}: operand {pos} ({:?}) names nothing in this builder",
                v.r
            ),
        )
    }

    /// A function as messages name it: its id, and its name when it has one
    /// (`function0 (@main)`).
    pub(crate) fn fname(&self, f: Function) -> String {
        match self
            .mb
            .m
            .functions
            .get(f)
            .and_then(|d| self.mb.m.name_of(d.common.name))
        {
            Some(name) => format!("{f} (@{name})"),
            None => f.to_string(),
        }
    }

    pub(crate) fn tname(&self, t: Type) -> String {
        type_name(&self.mb.m.types, t)
    }

    /// Appends an instruction at the insertion point.
    pub(crate) fn push(
        &mut self,
        what: &str,
        kind: InstKind,
        ty: Option<Type>,
    ) -> BuildResult<Value> {
        let Some(b) = self.current else {
            return Err(BuildError::new(
                BuildErrorKind::Terminator,
                format!("{what}: no insertion block (position_at_end)"),
            ));
        };
        let insts = &self.body.blocks[b].insts;
        if let Some(&last) = insts.last() {
            let prev = &self.body.insts[last].kind;
            if prev.is_terminator() {
                return Err(BuildError::new(
                    BuildErrorKind::Terminator,
                    format!("{what}: {b} already ends with a terminator"),
                ));
            }
            if matches!(kind, InstKind::Phi { .. }) && !matches!(prev, InstKind::Phi { .. }) {
                return Err(BuildError::new(
                    BuildErrorKind::Terminator,
                    format!("{what}: phi nodes must come first in {b}"),
                ));
            }
        }
        if ty.is_none() {
            self.mb.void();
        }
        let i = self.body.insts.push(InstData::new(kind, ty));
        self.body.blocks[b].insts.push(i);
        Ok(Value::new(ValueRef::Inst(i), ty, Some(self.func)))
    }

    /// Ends the definition: every block must end with a terminator and every forward
    /// reference be bound; instructions are put in program order (block layout).
    pub fn finish(mut self) -> BuildResult<()> {
        if self.body.blocks.is_empty() {
            return Err(BuildError::new(
                BuildErrorKind::Terminator,
                format!("finish: {} has no block", self.fname(self.func)),
            ));
        }
        for (b, data) in self.body.blocks.iter_with_ids() {
            let ends = data
                .insts
                .last()
                .is_some_and(|&i| self.body.insts[i].kind.is_terminator());
            if !ends {
                return Err(BuildError::new(
                    BuildErrorKind::Terminator,
                    format!("finish: {b} of {} has no terminator", self.fname(self.func)),
                ));
            }
        }
        self.resolve_forwards()?;
        self.program_order();
        let f = self.func;
        for (i, a) in std::mem::take(&mut self.call_attrs) {
            self.mb.attr_sites.push((AttrSite::Call(f, i), a));
        }
        if !self.locals.is_empty() {
            self.mb.locals.push((f, std::mem::take(&mut self.locals)));
        }
        let func = &mut self.mb.m.functions[f];
        func.is_proto = false;
        func.body = Some(std::mem::take(&mut self.body));
        self.mb.fn_state[f.index()] = FnState::Defined;
        Ok(())
    }

    fn resolve_forwards(&mut self) -> BuildResult<()> {
        if self.fwd.is_empty() {
            return Ok(());
        }
        if let Some(k) = self.fwd.iter().position(|f| f.1.is_none()) {
            return Err(BuildError::new(
                BuildErrorKind::Dangling,
                format!(
                    "finish: forward reference {k} of {} never resolved",
                    self.func
                ),
            ));
        }
        let fwd = &self.fwd;
        // Chains (a placeholder bound to another) end within `fwd.len()` steps.
        let target = |mut v: ValueRef| {
            for _ in 0..=fwd.len() {
                match v {
                    ValueRef::Inst(Inst(x)) if x & FWD_TAG != 0 => {
                        v = fwd[(x & !FWD_TAG) as usize].1.unwrap_or(v);
                    }
                    _ => return Ok(v),
                }
            }
            Err(BuildError::new(
                BuildErrorKind::Dangling,
                "finish: forward references bound to each other in a cycle",
            ))
        };
        let mut err = None;
        let body = &mut self.body;
        for inst in body.insts.iter_mut() {
            inst.kind
                .for_each_operand_mut(&mut body.pool, |v| match target(*v) {
                    Ok(t) => *v = t,
                    Err(e) => err = Some(e),
                });
        }
        for l in &mut self.locals {
            l.1 = target(l.1)?;
        }
        if let Some(e) = err {
            return Err(e);
        }
        self.fold_locals();
        Ok(())
    }

    /// LLVM keeps one `LocalAsMetadata` per value, so a placeholder wrapped before its value
    /// was known and the value wrapped itself are one node once the placeholder is bound:
    /// each later wrapper of a value folds into its first, which keeps its place.
    fn fold_locals(&mut self) {
        let mut first: FastMap<ValueRef, u32> = FastMap::default();
        let mut kept = Vec::with_capacity(self.locals.len());
        let remap: Vec<u32> = self
            .locals
            .iter()
            .map(|&(ty, v)| {
                *first.entry(v).or_insert_with(|| {
                    kept.push((ty, v));
                    kept.len() as u32 - 1
                })
            })
            .collect();
        if kept.len() == self.locals.len() {
            return;
        }
        let body = &mut self.body;
        for inst in body.insts.iter_mut() {
            if let InstKind::Call { args, .. } | InstKind::Invoke { args, .. } = inst.kind {
                for a in body.pool.list_mut(args) {
                    if let ValueRef::Metadata(Metadata(x)) = a {
                        if *x & LOCAL_MD_TAG != 0 {
                            if let Some(&k) = remap.get((*x & !LOCAL_MD_TAG) as usize) {
                                *x = k | LOCAL_MD_TAG;
                            }
                        }
                    }
                }
            }
        }
        self.local_ids = first;
        self.locals = kept;
    }

    /// Renumbers the instructions into program order when they were appended out of it.
    fn program_order(&mut self) {
        // Nearly always already so: checked in place before anything is allocated.
        let mut n = 0;
        let in_order = self.body.blocks.iter().all(|b| {
            b.insts.iter().all(|i| {
                n += 1;
                i.index() == n - 1
            })
        });
        if in_order {
            return;
        }
        let order: Vec<Inst> = self
            .body
            .blocks
            .iter()
            .flat_map(|b| b.insts.iter().copied())
            .collect();
        // An id that is in no block keeps its number (it names nothing the renumbering
        // knows, and the id check reports it) rather than turning into a valid-looking one.
        let mut new_id: SecondaryMap<Inst, PackedOption<Inst>> =
            SecondaryMap::filled(self.body.insts.len(), PackedOption::none());
        for (n, &i) in order.iter().enumerate() {
            new_id[i] = PackedOption::some(Inst(n as u32));
        }
        let remap = |x: &mut Inst| {
            if let Some(n) = new_id[*x].expand() {
                *x = n;
            }
        };
        let mut old: Vec<Option<InstData>> = std::mem::take(&mut self.body.insts)
            .into_iter()
            .map(Some)
            .collect();
        for &i in &order {
            if let Some(mut d) = old[i.index()].take() {
                d.kind.for_each_operand_mut(&mut self.body.pool, |v| {
                    if let ValueRef::Inst(x) = v {
                        remap(x);
                    }
                });
                self.body.insts.push(d);
            }
        }
        for b in self.body.blocks.iter_mut() {
            b.insts.iter_mut().for_each(remap);
        }
        for (i, _) in &mut self.call_attrs {
            remap(i);
        }
        for l in &mut self.locals {
            if let ValueRef::Inst(x) = &mut l.1 {
                remap(x);
            }
        }
    }
}
