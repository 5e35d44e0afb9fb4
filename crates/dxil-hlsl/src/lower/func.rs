//! The function being built: the entry, with every call inlined into it. Each inlined
//! call has a frame (its locals, where `return` goes, its loops); values are leaves
//! ([`Leaf`]), locals SSA variables ([`Ssa`]).

use std::collections::HashMap;

use dxil_builder::{EntryBuilder, ResourceId};
use dxil_ir::build::Value;
use dxil_ir::Block;
use dxil_ops::Scalar as Dx;

use super::emit::Leaf;
use super::place::Place;
use super::resource::Global;
use super::ssa::{Ssa, Var};
use super::types;
use super::{Cx, Globals, LowerError, LowerResult};
use crate::ast::{Annotation, DeclId, DeclKind, FunctionDecl};
use crate::sema::{Scalar, Ty, TyId};

/// A value: its HLSL type and leaves; a resource (or an element of a resource array) when
/// the type is an object.
#[derive(Clone, Debug)]
pub(crate) struct Rv {
    pub ty: TyId,
    pub leaves: Vec<Leaf>,
    pub res: Option<ResRef>,
    /// The values of a struct's object fields (in field order, through nested structs and
    /// bases): each a resource (or an array of them, for a field that is one or for an
    /// array of such structs).
    pub objs: Vec<Rv>,
}

/// A resource named by a value: the range and the index in it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ResRef {
    /// The range (`None` for a resource from the descriptor heap, whose handle is `heap`).
    pub id: Option<ResourceId>,
    /// The handle of a resource taken from `ResourceDescriptorHeap`/`SamplerDescriptorHeap`.
    pub heap: Option<Value>,
    /// The object type.
    pub ty: TyId,
    pub index: Leaf,
    /// `row_major`/`column_major` written on the element type (`StructuredBuffer<row_major
    /// float2x2>`).
    pub row_major: Option<bool>,
}

/// A local: its SSA variables, or the resource it names.
#[derive(Clone, Debug)]
pub(crate) enum Local {
    Vars {
        ty: TyId,
        vars: Vec<Var>,
    },
    Res(ResRef, TyId),
    /// A struct holding resources, bound once (its fields are not assigned).
    Value(Rv),
    /// A resource variable that is assigned: its range (fixed by the first assignment; a
    /// later one may name another range only in the block of the declaration, before any
    /// branch) and its index in the range, an SSA variable (so that assignments on
    /// different paths meet in a `phi` of indices).
    ResVar {
        /// The declared type: a resource, or an array of them (one slot per element).
        ty: TyId,
        slots: Vec<ResSlot>,
        block: Block,
    },
}

/// One resource of a resource variable: its range once assigned (with the object type and
/// element orientation) and its index in the range.
#[derive(Clone, Debug)]
pub(crate) struct ResSlot {
    pub range: Option<(ResourceId, TyId, Option<bool>)>,
    pub index: Var,
}

/// Where `break` and `continue` go.
#[derive(Clone, Copy, Debug)]
pub(crate) struct LoopTargets {
    pub brk: Block,
    pub cont: Option<Block>,
}

/// One inlined call.
pub(crate) struct Frame {
    pub locals: HashMap<DeclId, Local>,
    /// The return value's variables and type.
    pub ret: Option<(TyId, Vec<Var>)>,
    /// Where `return` branches.
    pub exit: Block,
    pub loops: Vec<LoopTargets>,
    /// The function.
    pub decl: DeclId,
    /// `this` in a method.
    pub this: Option<Place>,
}

/// Deepest inlining (HLSL has no recursion; this stops a shader that tries).
const MAX_INLINE: usize = 64;

pub(crate) struct Fx<'c, 'b> {
    pub cx: &'c Cx<'c>,
    pub e: EntryBuilder<'b>,
    pub globals: &'c Globals,
    pub ssa: Ssa,
    /// The block being emitted; `None` after a `return`/`break` (code there is dead).
    pub cur: Option<Block>,
    pub frames: Vec<Frame>,
    pub statics: HashMap<DeclId, Local>,
    /// Handles of whole resources, made in the first block.
    pub handles: HashMap<ResourceId, Value>,
    /// Blocks made, for names.
    pub blocks: u32,
    /// The entry block (where `static` locals get their values).
    pub first: Block,
}

impl<'c, 'b> Fx<'c, 'b> {
    pub fn new(cx: &'c Cx<'c>, mut e: EntryBuilder<'b>, globals: &'c Globals) -> LowerResult<Self> {
        // The builder starts the function with its first block.
        let first = e
            .ir()
            .current_block()
            .ok_or_else(|| LowerError::internal("entry without a block"))?;
        let mut ssa = Ssa::default();
        ssa.open(first);
        Ok(Fx {
            cx,
            e,
            globals,
            ssa,
            cur: Some(first),
            frames: Vec::new(),
            statics: HashMap::new(),
            handles: HashMap::new(),
            blocks: 1,
            first,
        })
    }

    /// The current block, or an error when the code is unreachable (callers check
    /// [`Fx::cur`] first).
    pub fn block(&self) -> LowerResult<Block> {
        self.cur
            .ok_or_else(|| LowerError::internal("emitting into no block"))
    }

    /// A new block (not sealed).
    pub fn new_block(&mut self) -> LowerResult<Block> {
        let b = self.e.ir().add_block(None)?;
        self.blocks += 1;
        self.ssa.open(b);
        Ok(b)
    }

    /// Branches from the current block (if reachable) to `to`.
    pub fn jump(&mut self, to: Block) -> LowerResult<()> {
        if let Some(b) = self.cur.take() {
            self.e.ir().br(to)?;
            self.ssa.edge(b, to);
        }
        Ok(())
    }

    /// Branches on an `i1` leaf.
    pub fn branch(&mut self, c: Leaf, t: Block, f: Block) -> LowerResult<()> {
        let Some(b) = self.cur.take() else {
            return Ok(());
        };
        match c {
            Leaf::Int(0) => {
                self.e.ir().br(f)?;
                self.ssa.edge(b, f);
            }
            Leaf::Int(_) => {
                self.e.ir().br(t)?;
                self.ssa.edge(b, t);
            }
            _ => {
                let v = self.value(c, Dx::I1)?;
                self.e.ir().cond_br(v, t, f)?;
                self.ssa.edge(b, t);
                self.ssa.edge(b, f);
            }
        }
        Ok(())
    }

    /// Continues emitting in `b`.
    pub fn enter(&mut self, b: Block) -> LowerResult<()> {
        self.e.ir().position_at_end(b)?;
        self.cur = Some(b);
        Ok(())
    }

    /// Seals `b` (all its predecessors are known).
    pub fn seal(&mut self, b: Block) -> LowerResult<()> {
        let fb = self.e.ir();
        self.ssa.seal(fb, b)
    }

    /// New variables for a value of type `ty`.
    pub fn new_vars(&mut self, ty: TyId) -> LowerResult<Vec<Var>> {
        let mut ss = Vec::new();
        types::leaves(self.cx, ty, &mut ss)?;
        let mut vars = Vec::with_capacity(ss.len());
        for s in ss {
            let t = self.ir_ty(self.cx.storage.reg(s))?;
            vars.push(self.ssa.var(t));
        }
        Ok(vars)
    }

    /// Reads variables at the current point.
    pub fn read_vars(&mut self, vars: &[Var]) -> LowerResult<Vec<Leaf>> {
        let Some(b) = self.cur else {
            return Ok(vec![Leaf::Undef; vars.len()]);
        };
        let mut out = Vec::with_capacity(vars.len());
        for &v in vars {
            let fb = self.e.ir();
            out.push(Leaf::V(self.ssa.read(fb, v, b)?));
        }
        // Constants stay constants: a variable holding one reads as it.
        Ok(out
            .into_iter()
            .map(|l| match l {
                Leaf::V(v) => self.constant_of(v).unwrap_or(l),
                _ => l,
            })
            .collect())
    }

    /// The folded constant an SSA value is, when it is one (variables are written with
    /// materialized constants).
    fn constant_of(&mut self, v: Value) -> Option<Leaf> {
        let dxil_ir::ValueRef::Const(c) = v.value_ref() else {
            return None;
        };
        let m = self.e.ir().module().module();
        let data = m.constants.get(c)?;
        match data.kind {
            dxil_ir::ConstKind::Int(i) => Some(Leaf::Int(i)),
            dxil_ir::ConstKind::Undef => Some(Leaf::Undef),
            dxil_ir::ConstKind::Float(bits) => match m.types.get(data.ty)? {
                dxil_ir::TypeData::Float => {
                    Some(Leaf::Float(f64::from(f32::from_bits(bits as u32))))
                }
                dxil_ir::TypeData::Double => Some(Leaf::Float(f64::from_bits(bits))),
                _ => None,
            },
            _ => None,
        }
    }

    /// Writes variables at the current point.
    pub fn write_vars(&mut self, vars: &[Var], leaves: &[Leaf], ss: &[Scalar]) -> LowerResult<()> {
        let Some(b) = self.cur else {
            return Ok(());
        };
        for ((&v, &l), &s) in vars.iter().zip(leaves).zip(ss) {
            let d = self.cx.storage.reg(s);
            let x = self.value(l, d)?;
            self.ssa.write(v, b, x);
        }
        Ok(())
    }

    /// The handle of resource `r` (made once in the first block for a whole resource).
    pub fn handle(&mut self, r: ResRef) -> LowerResult<Value> {
        if let Some(h) = r.heap {
            return Ok(h);
        }
        let id =
            r.id.ok_or_else(|| LowerError::internal("a resource with neither range nor handle"))?;
        if let Leaf::Int(0) = r.index {
            if let Some(&h) = self.handles.get(&id) {
                return Ok(h);
            }
        }
        let idx: dxil_builder::Arg = r.index.into();
        Ok(self.e.handle(id, idx, false)?)
    }

    /// Makes the handles of every whole resource in the first block.
    fn prologue(&mut self) -> LowerResult<()> {
        let mut list: Vec<(DeclId, ResourceId, u32)> = self
            .globals
            .iter()
            .filter_map(|(&d, g)| match g {
                Global::Resource { id, count, .. } => Some((d, *id, *count)),
                Global::Constant { buffer, .. } => Some((d, *buffer, 1)),
                _ => None,
            })
            .collect();
        list.sort_by_key(|x| x.0);
        for (_, id, count) in list {
            if count == 1 && !self.handles.contains_key(&id) {
                let h = self.e.handle(id, 0, false)?;
                self.handles.insert(id, h);
            }
        }
        Ok(())
    }

    /// Lowers the entry function `d`.
    pub fn entry(&mut self, d: DeclId) -> LowerResult<()> {
        let DeclKind::Function(f) = &self.cx.ast.decl(d).kind else {
            return Err(LowerError::internal("entry is not a function"));
        };
        self.prologue()?;
        let first = self.block()?;
        self.seal(first)?;
        self.init_statics()?;
        let mut args = Vec::new();
        for &p in &f.params {
            args.push(self.entry_input(p)?);
        }
        self.inline(d, f, args, None)?;
        if self.cur.is_some() {
            self.e.ret()?;
            self.cur = None;
        }
        Ok(())
    }

    /// Ends the function.
    pub fn finish(self) -> LowerResult<()> {
        Ok(self.e.finish()?)
    }

    /// `static` globals: variables of the entry, given their initializers (zero without).
    fn init_statics(&mut self) -> LowerResult<()> {
        let mut list: Vec<(DeclId, TyId)> = self
            .globals
            .iter()
            .filter_map(|(&d, g)| match g {
                Global::Static { ty } => Some((d, *ty)),
                _ => None,
            })
            .collect();
        list.sort_by_key(|x| x.0);
        for (d, ty) in list {
            let DeclKind::Var(v) = &self.cx.ast.decl(d).kind else {
                continue;
            };
            if matches!(self.cx.get(ty), Ty::Object(_)) {
                // A static resource: the heap's or a global's, bound once.
                let Some(init) = v.init else {
                    continue;
                };
                let r = match self.heap_resource(init, ty)? {
                    Some(r) => r,
                    None => self
                        .rvalue(init)?
                        .res
                        .ok_or_else(|| LowerError::shader("a resource initialized with a value"))?,
                };
                self.statics.insert(d, Local::Res(r, ty));
                continue;
            }
            let vars = self.new_vars(ty)?;
            let init = match v.init {
                Some(e) => self.initializer(e, ty)?,
                None => self.zero(ty)?,
            };
            let ss = self.scalars(ty)?;
            self.write_vars(&vars, &init.leaves, &ss)?;
            self.statics.insert(d, Local::Vars { ty, vars });
        }
        Ok(())
    }

    /// The leaves' HLSL scalars of `ty`.
    pub fn scalars(&self, ty: TyId) -> LowerResult<Vec<Scalar>> {
        let mut ss = Vec::new();
        types::leaves(self.cx, ty, &mut ss)?;
        Ok(ss)
    }

    /// Zero of `ty`.
    pub fn zero(&self, ty: TyId) -> LowerResult<Rv> {
        let ss = self.scalars(ty)?;
        Ok(Rv {
            ty,
            leaves: ss
                .iter()
                .map(|s| {
                    if s.is_float() {
                        Leaf::Float(0.0)
                    } else {
                        Leaf::Int(0)
                    }
                })
                .collect(),
            res: None,
            objs: Vec::new(),
        })
    }

    /// A parameter of a compute entry: its system value.
    fn entry_input(&mut self, p: DeclId) -> LowerResult<Rv> {
        let DeclKind::Var(v) = &self.cx.ast.decl(p).kind else {
            return Err(LowerError::internal("parameter is not a variable"));
        };
        let span = self.cx.ast.decl(p).span;
        let ty = *self
            .cx
            .an
            .resolved
            .get(&v.ty)
            .ok_or_else(|| LowerError::internal("unresolved parameter type"))?;
        let sem = v.annotations.iter().find_map(|a| match a {
            Annotation::Semantic(n) => Some(self.cx.name(n.sym).to_ascii_uppercase()),
            _ => None,
        });
        let Some(sem) = sem else {
            return Err(LowerError::shader(
                "Semantic must be defined for all parameters of an entry function or patch constant function",
            )
            .at(span));
        };
        let (n, s) = match self.cx.get(ty) {
            Ty::Scalar(s) => (1, s),
            Ty::Vector(s, n) => (n as u32, s),
            _ => {
                return Err(LowerError::unsupported(format!(
                    "an entry parameter of type {}",
                    types::describe(self.cx, ty)
                ))
                .at(span))
            }
        };
        let i32s = [dxil_ops::Ty::Scalar(Dx::I32)];
        let mut leaves = Vec::new();
        for c in 0..n {
            let v = match sem.as_str() {
                "SV_DISPATCHTHREADID" => self.e.thread_id(&i32s, c)?,
                "SV_GROUPID" => self.e.group_id(&i32s, c)?,
                "SV_GROUPTHREADID" => self.e.thread_id_in_group(&i32s, c)?,
                "SV_GROUPINDEX" if c == 0 => self.e.flattened_thread_id_in_group(&i32s)?,
                _ => {
                    return Err(LowerError::unsupported(format!(
                        "the compute shader input semantic {sem}"
                    ))
                    .at(span))
                }
            };
            let l = self.convert(Leaf::V(v), Scalar::U32, s)?;
            leaves.push(l);
        }
        Ok(Rv {
            ty,
            leaves,
            res: None,
            objs: Vec::new(),
        })
    }

    /// Inlines function `d` with argument values `args` (already converted to the
    /// parameters' types); `this` for a method. Returns the return value.
    pub fn inline(
        &mut self,
        d: DeclId,
        f: &FunctionDecl,
        args: Vec<Rv>,
        this: Option<Place>,
    ) -> LowerResult<(Option<Rv>, Vec<Option<Rv>>)> {
        if self.frames.len() >= MAX_INLINE || self.frames.iter().any(|fr| fr.decl == d) {
            return Err(
                LowerError::shader("recursive functions are not allowed in HLSL").at(self
                    .cx
                    .ast
                    .decl(d)
                    .span),
            );
        }
        let Some(body) = f.body else {
            return Err(
                LowerError::shader("function is declared but never defined").at(self
                    .cx
                    .ast
                    .decl(d)
                    .span),
            );
        };
        let ret_ty = *self.cx.an.resolved.get(&f.ret).ok_or_else(|| {
            LowerError::unsupported("a function whose return type is not resolved (a template)")
        })?;
        let returns_resource = matches!(self.cx.get(ret_ty), Ty::Object(_));
        let ret = if matches!(self.cx.get(ret_ty), Ty::Void) || returns_resource {
            None
        } else {
            Some((ret_ty, self.new_vars(ret_ty)?))
        };
        let exit = self.new_block()?;
        let mut locals = HashMap::new();
        if returns_resource {
            // The resource returned, as a resource variable keyed by the function.
            let i32t = self.ir_ty(Dx::I32)?;
            let index = self.ssa.var(i32t);
            let block = self.block()?;
            locals.insert(
                d,
                Local::ResVar {
                    ty: ret_ty,
                    slots: vec![ResSlot { range: None, index }],
                    block,
                },
            );
        }
        let mut frame = Frame {
            locals,
            ret,
            exit,
            loops: Vec::new(),
            decl: d,
            this,
        };
        for (&p, a) in f.params.iter().zip(args) {
            let local = if let Some(r) = a.res {
                Local::Res(r, a.ty)
            } else if !a.objs.is_empty() {
                Local::Value(a)
            } else {
                let vars = self.new_vars(a.ty)?;
                let ss = self.scalars(a.ty)?;
                self.write_vars(&vars, &a.leaves, &ss)?;
                Local::Vars { ty: a.ty, vars }
            };
            frame.locals.insert(p, local);
        }
        self.frames.push(frame);
        let r = self.stmt(body);
        let frame = self
            .frames
            .pop()
            .ok_or_else(|| LowerError::internal("frame"))?;
        r?;
        self.jump(exit)?;
        self.seal(exit)?;
        if self.ssa.preds(exit).is_empty() {
            self.cur = None;
            self.e.ir().position_at_end(exit)?;
            self.e.ir().unreachable()?;
        } else {
            self.enter(exit)?;
        }
        // Values of `out`/`inout` parameters, for the caller to copy back.
        let mut outs = Vec::with_capacity(f.params.len());
        for p in &f.params {
            let out = match (self.is_out_param(*p), frame.locals.get(p)) {
                (true, Some(Local::Vars { ty, vars })) => {
                    let leaves = self.read_vars(vars)?;
                    Some(Rv {
                        ty: *ty,
                        leaves,
                        res: None,
                        objs: Vec::new(),
                    })
                }
                _ => None,
            };
            outs.push(out);
        }
        if returns_resource {
            // Read the way a resource variable is (in the caller's frame: the key is
            // found in the frame put back for the read).
            self.frames.push(frame);
            let r = self.decl_access(d);
            let frame = self
                .frames
                .pop()
                .ok_or_else(|| LowerError::internal("frame"))?;
            let _ = frame;
            return match r? {
                crate::lower::expr::Access::Value(v) => Ok((Some(v), outs)),
                _ => Err(LowerError::internal("returned resource")),
            };
        }
        let ret = match frame.ret {
            Some((ty, vars)) => {
                let leaves = self.read_vars(&vars)?;
                Some(Rv {
                    ty,
                    leaves,
                    res: None,
                    objs: Vec::new(),
                })
            }
            None => None,
        };
        Ok((ret, outs))
    }

    /// The innermost frame.
    pub fn frame(&mut self) -> LowerResult<&mut Frame> {
        self.frames
            .last_mut()
            .ok_or_else(|| LowerError::internal("no frame"))
    }
}

/// `[numthreads(x, y, z)]` of a compute entry.
pub(crate) fn num_threads(cx: &Cx<'_>, f: &FunctionDecl) -> LowerResult<[u32; 3]> {
    for a in &f.attrs {
        if cx
            .name(a.name.last().sym)
            .eq_ignore_ascii_case("numthreads")
        {
            let mut out = [1u32; 3];
            if a.args.len() != 3 {
                return Err(LowerError::shader("numthreads takes three arguments").at(a.span));
            }
            for (k, &e) in a.args.iter().enumerate() {
                let v = cx.an.eval_const(cx.ast, e).ok_or_else(|| {
                    LowerError::shader("numthreads arguments must be constant").at(a.span)
                })?;
                out[k] = u32::try_from(v).map_err(|_| {
                    LowerError::shader("numthreads arguments must be positive").at(a.span)
                })?;
            }
            // A group of 1 to 1024 threads, at most 1024 along x and y and 64 along z.
            let size = u64::from(out[0]) * u64::from(out[1]) * u64::from(out[2]);
            if !(1..=1024).contains(&size) {
                return Err(LowerError::shader(format!(
                    "compute entry point must have a valid numthreads attribute (group size of {size} ({} * {} * {}) is outside of valid range [1..1024])",
                    out[0], out[1], out[2]
                ))
                .at(a.span));
            }
            if out[2] > 64 {
                return Err(LowerError::shader(format!(
                    "Declared Thread Group Z size {} outside valid range [1..64].",
                    out[2]
                ))
                .at(a.span));
            }
            return Ok(out);
        }
    }
    Err(LowerError::shader(
        "compute entry point must have the numthreads attribute",
    ))
}

/// `[WaveSize(n)]` or `[WaveSize(min, max[, preferred])]` of an entry.
pub(crate) fn wave_size(cx: &Cx<'_>, f: &FunctionDecl) -> LowerResult<Option<Vec<u32>>> {
    for a in &f.attrs {
        if cx.name(a.name.last().sym).eq_ignore_ascii_case("wavesize") {
            if a.args.is_empty() || a.args.len() > 3 {
                return Err(LowerError::shader("WaveSize takes one to three arguments").at(a.span));
            }
            let mut out = Vec::with_capacity(a.args.len());
            for &e in &a.args {
                let v = cx
                    .an
                    .eval_const(cx.ast, e)
                    .and_then(|v| u32::try_from(v).ok())
                    .filter(|v| v.is_power_of_two() && (4..=128).contains(v))
                    .ok_or_else(|| {
                        LowerError::shader("WaveSize arguments must be powers of two from 4 to 128")
                            .at(a.span)
                    })?;
                out.push(v);
            }
            return Ok(Some(out));
        }
    }
    Ok(None)
}

/// `[RootSignature("...")]` of an entry: the string (adjacent literals joined).
pub(crate) fn root_signature(cx: &Cx<'_>, f: &FunctionDecl) -> LowerResult<Option<String>> {
    for a in &f.attrs {
        if cx
            .name(a.name.last().sym)
            .eq_ignore_ascii_case("rootsignature")
        {
            let text = match a.args.as_slice() {
                [e] => match &cx.ast.expr(*e).kind {
                    crate::ast::ExprKind::Str(parts) => {
                        let mut t = String::new();
                        for &p in parts {
                            let s = cx.name(p);
                            // The literal's quotes are not part of the text.
                            t.push_str(
                                s.strip_prefix('"')
                                    .and_then(|s| s.strip_suffix('"'))
                                    .unwrap_or(s),
                            );
                        }
                        t
                    }
                    _ => {
                        return Err(
                            LowerError::shader("RootSignature takes a string literal").at(a.span)
                        )
                    }
                },
                _ => return Err(LowerError::shader("RootSignature takes one argument").at(a.span)),
            };
            return Ok(Some(text));
        }
    }
    Ok(None)
}
