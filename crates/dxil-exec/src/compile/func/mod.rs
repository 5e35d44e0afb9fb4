//! One function body compiled into the executor's compact form ([`crate::code`]): every
//! value numbered into slots, constants materialised once, phis turned into copies on the
//! edges that feed them, each `dx.op` call decoded once (DXIL.rst "Operations").

use std::collections::HashMap;

use dxil_ir::{
    BinOp, Block, CheckedBody, CheckedModule, Global, InstData, InstKind, Predicate, RmwOp,
    ValueRef, ValueType,
};

use crate::code::{BlockCode, Edge, Function, Inst, Local, RmwK, Slot, Ty, EXIT};
use crate::compile::cfg::post_dominators;
use crate::compile::check;

mod address;
mod call;
use crate::compile::consts;
use crate::compile::types::{self, layout, scalar_of};
use crate::error::{InputCause, Result, UnsupportedCause};

/// What the function compiler needs besides the body.
pub(crate) struct Env<'m> {
    pub(crate) m: &'m CheckedModule,
    pub(crate) globals: &'m HashMap<Global, u64>,
    /// Bytes of private memory used so far (globals first; allocas are added).
    pub(crate) private_size: u32,
    /// fp32 arithmetic flushes denormals (the function's `fp32-denorm-mode` is not
    /// `preserve`).
    pub(crate) ftz32: bool,
}

fn unsupported(what: String) -> crate::Error {
    UnsupportedCause::Construct(what).into()
}

fn rmw_kind(op: RmwOp) -> Result<RmwK> {
    Ok(match op {
        RmwOp::Xchg => RmwK::Xchg,
        RmwOp::Add => RmwK::Add,
        RmwOp::Sub => RmwK::Sub,
        RmwOp::And => RmwK::And,
        RmwOp::Nand => RmwK::Nand,
        RmwOp::Or => RmwK::Or,
        RmwOp::Xor => RmwK::Xor,
        RmwOp::Max => RmwK::Max,
        RmwOp::Min => RmwK::Min,
        RmwOp::UMax => RmwK::UMax,
        RmwOp::UMin => RmwK::UMin,
    })
}

struct Ctx<'a, 'm> {
    env: &'a mut Env<'m>,
    body: CheckedBody<'m>,
    f: Function,
    vals: HashMap<ValueRef, Slot>,
    /// (from block, to block) -> edge index.
    edge_ids: HashMap<(u32, u32), u32>,
}

/// Compiles `body` (named `name`).
pub(crate) fn compile<'m>(
    env: &mut Env<'m>,
    name: &str,
    body: CheckedBody<'m>,
) -> Result<Function> {
    let mut cx = Ctx {
        env,
        body,
        f: Function {
            name: name.to_string(),
            ..Function::default()
        },
        vals: HashMap::new(),
        edge_ids: HashMap::new(),
    };
    cx.number_values()?;
    let nblocks = body.blocks.len();
    let mut succs = Vec::with_capacity(nblocks);
    for (bid, block) in body.blocks.iter_with_ids() {
        let start = cx.f.insts.len() as u32;
        let mut terminated = false;
        for &i in &block.insts {
            let inst = body.inst(i);
            if terminated {
                return Err(
                    InputCause::Malformed("an instruction after a terminator".into()).into(),
                );
            }
            terminated = inst.kind.is_terminator();
            cx.lower(bid.as_u32(), ValueRef::Inst(i), inst)?;
        }
        if !terminated {
            return Err(
                InputCause::Malformed(format!("block {} has no terminator", bid.as_u32())).into(),
            );
        }
        let end = cx.f.insts.len() as u32;
        succs.push(successors(&cx.f, end - 1));
        cx.f.blocks.push(BlockCode {
            start,
            end,
            ipdom: EXIT,
        });
    }
    if nblocks == 0 {
        return Err(InputCause::Malformed(format!("function @{name} has no blocks")).into());
    }
    for (b, d) in post_dominators(&succs).into_iter().enumerate() {
        cx.f.blocks[b].ipdom = d;
    }
    check::slots(&cx.f)?;
    Ok(cx.f)
}

/// The destination an instruction without a value (a store, a branch, a `void` call) is
/// given: slot 0, which no well-typed instruction without a value writes.
const NO_RESULT: Slot = 0;

fn successors(f: &Function, term: u32) -> Vec<u32> {
    let target = |e: u32| f.edges[e as usize].target;
    match &f.insts[term as usize] {
        Inst::Br { edge } => vec![target(*edge)],
        Inst::CondBr { t, f: e, .. } => vec![target(*t), target(*e)],
        Inst::Switch { cases, default, .. } => {
            let mut v = vec![target(*default)];
            for c in &f.cases[cases.0 as usize..(cases.0 + cases.1) as usize] {
                v.push(target(c.1));
            }
            v
        }
        _ => Vec::new(),
    }
}

impl<'a, 'm> Ctx<'a, 'm> {
    fn m(&self) -> &'m CheckedModule {
        self.env.m
    }

    /// Slots for a value of `ty`, one per leaf.
    fn alloc(&mut self, ty: dxil_ir::Type) -> Result<Slot> {
        let mut leaves = Vec::new();
        types::leaves(self.m(), ty, &mut leaves)?;
        let width = leaves.len() as u32;
        self.alloc_leaves(&leaves, width)
    }

    /// `width` slots for a value of `ty` whose leaves are not as many (a constant gives the
    /// slots it evaluated to); slots past its leaves hold 64-bit values.
    fn alloc_width(&mut self, ty: dxil_ir::Type, width: u32) -> Result<Slot> {
        let mut leaves = Vec::new();
        types::leaves(self.m(), ty, &mut leaves)?;
        self.alloc_leaves(&leaves, width)
    }

    fn alloc_leaves(&mut self, leaves: &[(Ty, u32)], width: u32) -> Result<Slot> {
        let s = self.f.slots;
        self.f.slots = s
            .checked_add(width)
            .filter(|&n| n < (1 << 24))
            .ok_or_else(|| unsupported("more than 16M register slots".into()))?;
        let kinds = leaves.iter().map(|l| l.0).chain(std::iter::repeat(Ty::I64));
        self.f.slot_tys.extend(kinds.take(width as usize));
        Ok(s)
    }

    /// Gives every argument and value-producing instruction its slots, and records the name
    /// `dxil dis` gives each value and block (traces print them).
    fn number_values(&mut self) -> Result<()> {
        let checked = self.body;
        let body = checked.body();
        let names = dxil_text::LocalNames::new(self.m(), body);
        let local = |v: ValueRef| match names.number(v) {
            Some(n) => Local::Num(n),
            None => names
                .value(body, v)
                .map_or(Local::Const, |s| Local::Named(s.into())),
        };
        let mut values = Vec::new();
        for (a, data) in body.args.iter_with_ids() {
            let s = self.alloc(data.ty)?;
            let v = ValueRef::Arg(a);
            self.vals.insert(v, s);
            values.push((s, self.f.slots - s, local(v)));
        }
        for block in body.blocks.iter() {
            for &i in &block.insts {
                if let Some(ty) = checked.inst(i).ty {
                    let s = self.alloc(ty)?;
                    let v = ValueRef::Inst(i);
                    self.vals.insert(v, s);
                    values.push((s, self.f.slots - s, local(v)));
                }
            }
        }
        self.f.values = values;
        self.f.block_names = body
            .blocks
            .ids()
            .map(|b| match names.block_number(b) {
                Some(n) => Local::Num(n),
                None => names
                    .block(body, b)
                    .map_or(Local::Const, |s| Local::Named(s.into())),
            })
            .collect();
        Ok(())
    }

    /// The first slot of value `v`, materialising constants.
    fn slot(&mut self, v: ValueRef) -> Result<Slot> {
        if let Some(&s) = self.vals.get(&v) {
            return Ok(s);
        }
        match v {
            ValueRef::Const(_) | ValueRef::Global(_) => {
                let mut leaves = Vec::new();
                consts::eval(self.m(), self.env.globals, v, &mut leaves)?;
                let s = self.alloc_width(self.ty_of(v)?, leaves.len().max(1) as u32)?;
                self.f.values.push((s, self.f.slots - s, Local::Const));
                for (i, x) in leaves.into_iter().enumerate() {
                    self.f.consts.push((s + i as u32, x));
                }
                self.vals.insert(v, s);
                Ok(s)
            }
            ValueRef::Inst(i) => Err(InputCause::Malformed(format!(
                "use of instruction {} that has no value",
                i.as_u32()
            ))
            .into()),
            other => Err(unsupported(format!("operand {other:?}"))),
        }
    }

    fn ty_of(&self, v: ValueRef) -> Result<dxil_ir::Type> {
        match self.body.value_type(v) {
            ValueType::Typed(t) => Ok(t),
            ValueType::Void | ValueType::NoMetadataType => {
                Err(InputCause::Malformed(format!("value {v:?} has no type")).into())
            }
        }
    }

    fn scalar(&self, v: ValueRef) -> Result<Ty> {
        scalar_of(self.m(), self.ty_of(v)?)
    }

    /// The scalar kind of `v`'s elements and how many there are: a vector's, or a scalar
    /// as one element (DXIL 6.9 keeps vectors in registers; instructions on them work
    /// element by element).
    fn elements(&self, v: ValueRef) -> Result<(Ty, u32)> {
        self.elements_of(self.ty_of(v)?)
    }

    fn elements_of(&self, ty: dxil_ir::Type) -> Result<(Ty, u32)> {
        let m = self.m();
        match m.ty(ty) {
            dxil_ir::TypeData::Vector { len, elem } => {
                let n = u32::try_from(*len)
                    .map_err(|_| unsupported(format!("a vector of {len} elements")))?;
                Ok((scalar_of(m, *elem)?, n))
            }
            _ => Ok((scalar_of(m, ty)?, 1)),
        }
    }

    /// The first slot of the result of instruction `me`; [`NO_RESULT`] for an instruction
    /// without a value.
    fn dst(&self, me: ValueRef) -> Slot {
        match self.vals.get(&me) {
            Some(&s) => s,
            None => NO_RESULT,
        }
    }

    fn edge(&mut self, from: u32, to: Block) -> Result<u32> {
        if let Some(&e) = self.edge_ids.get(&(from, to.as_u32())) {
            return Ok(e);
        }
        let target = self.body.block(to);
        let start = self.f.copies.len() as u32;
        for &i in &target.insts {
            let inst = self.body.inst(i);
            let InstKind::Phi { incoming } = &inst.kind else {
                break;
            };
            let dst = self.dst(ValueRef::Inst(i));
            // A phi without a type has no slots to copy.
            let w = match inst.ty {
                Some(t) => types::width(self.m(), t)?,
                None => 0,
            };
            if let Some((v, _)) = self
                .body
                .list(*incoming)
                .iter()
                .find(|(_, b)| b.as_u32() == from)
            {
                let src = self.slot(*v)?;
                for k in 0..w {
                    self.f.copies.push((dst + k, src + k));
                }
            }
        }
        let list = &self.f.copies[start as usize..];
        let independent = list
            .iter()
            .all(|&(_, src)| list.iter().all(|&(dst, _)| dst != src));
        let copies = (start, self.f.copies.len() as u32 - start);
        let e = self.f.edges.len() as u32;
        self.f.edges.push(Edge {
            independent,
            target: to.as_u32(),
            copies,
        });
        self.edge_ids.insert((from, to.as_u32()), e);
        Ok(e)
    }

    fn push(&mut self, i: Inst) {
        self.f.insts.push(i);
    }

    fn lower(&mut self, block: u32, me: ValueRef, inst: &'m InstData) -> Result<()> {
        let m = self.m();
        let dst = self.dst(me);
        match &inst.kind {
            InstKind::Binary { op, lhs, rhs, .. } => {
                let (ty, n) = self.elements(*lhs)?;
                let (a, b) = (self.slot(*lhs)?, self.slot(*rhs)?);
                let op = *op;
                let float = matches!(
                    op,
                    BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem
                );
                for k in 0..n {
                    let (dst, a, b) = (dst + k, a + k, b + k);
                    if float && ty == Ty::F32 && self.env.ftz32 {
                        self.push(Inst::BinFtz { op, dst, a, b });
                    } else {
                        self.push(Inst::Bin { op, ty, dst, a, b });
                    }
                }
            }
            InstKind::Cmp {
                predicate,
                lhs,
                rhs,
                ..
            } => {
                let (ty, n) = self.elements(*lhs)?;
                let (a, b) = (self.slot(*lhs)?, self.slot(*rhs)?);
                let pred = match predicate {
                    Predicate::Float(p) => p.code() as u8,
                    Predicate::Int(p) => p.code() as u8,
                };
                for k in 0..n {
                    self.push(Inst::Cmp {
                        pred,
                        ty,
                        dst: dst + k,
                        a: a + k,
                        b: b + k,
                    });
                }
            }
            InstKind::Cast { op, value } => {
                let (from, n) = self.elements(*value)?;
                let to_ty = inst.ty.ok_or_else(|| unsupported("a void cast".into()))?;
                let (to, to_n) = self.elements_of(to_ty)?;
                if to_n != n {
                    return Err(unsupported(format!(
                        "a cast of {n} elements to {to_n} elements"
                    )));
                }
                let a = self.slot(*value)?;
                for k in 0..n {
                    self.push(Inst::Cast {
                        op: *op,
                        from,
                        to,
                        dst: dst + k,
                        a: a + k,
                    });
                }
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                let width = types::width(m, self.ty_of(*if_true)?)?;
                let (c, a, b) = (
                    self.slot(*cond)?,
                    self.slot(*if_true)?,
                    self.slot(*if_false)?,
                );
                // A vector condition chooses element by element (LangRef "'select'
                // Instruction").
                let (_, n) = self.elements(*cond)?;
                if n == 1 {
                    self.push(Inst::Select {
                        dst,
                        c,
                        a,
                        b,
                        width,
                    });
                } else if n == width {
                    for k in 0..n {
                        self.push(Inst::Select {
                            dst: dst + k,
                            c: c + k,
                            a: a + k,
                            b: b + k,
                            width: 1,
                        });
                    }
                } else {
                    return Err(unsupported(format!(
                        "a select of {width} elements by {n} conditions"
                    )));
                }
            }
            InstKind::ExtractValue { aggregate, indices } => {
                let (off, width) =
                    self.leaf_range(self.ty_of(*aggregate)?, self.body.list(*indices))?;
                let src = self.slot(*aggregate)? + off;
                self.push(Inst::Copy { dst, src, width });
            }
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => {
                let agg_ty = self.ty_of(*aggregate)?;
                let total = types::width(m, agg_ty)?;
                let (off, width) = self.leaf_range(agg_ty, self.body.list(*indices))?;
                let (src, v) = (self.slot(*aggregate)?, self.slot(*value)?);
                self.push(Inst::Copy {
                    dst,
                    src,
                    width: total,
                });
                self.push(Inst::Copy {
                    dst: dst + off,
                    src: v,
                    width,
                });
            }
            InstKind::ExtractElement { vector, index } => {
                let len = types::width(m, self.ty_of(*vector)?)?;
                let (vec, idx) = (self.slot(*vector)?, self.slot(*index)?);
                self.push(Inst::Extract { dst, vec, idx, len });
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                let len = types::width(m, self.ty_of(*vector)?)?;
                let (vec, elem, idx) = (
                    self.slot(*vector)?,
                    self.slot(*element)?,
                    self.slot(*index)?,
                );
                self.push(Inst::Insert {
                    dst,
                    vec,
                    elem,
                    idx,
                    len,
                });
            }
            InstKind::ShuffleVector { a, b, mask } => self.shuffle(dst, *a, *b, *mask)?,
            InstKind::Gep {
                source_ty,
                operands,
                ..
            } => self.gep(dst, *source_ty, self.body.values(*operands))?,
            InstKind::Alloca {
                allocated_ty, size, ..
            } => {
                let (sz, align) = layout(m, *allocated_ty)?;
                let mut n = Vec::new();
                consts::eval(m, self.env.globals, *size, &mut n)?;
                // A count of 0 still gives the alloca an address of its own.
                let count = consts::scalar_leaf(&n)?.max(1);
                let bytes = u64::from(sz).saturating_mul(count);
                let align = align.max(1);
                let off = self.env.private_size.div_ceil(align) * align;
                let end = u64::from(off).saturating_add(bytes);
                if end >= 1 << 28 {
                    return Err(unsupported("more than 256 MiB of private memory".into()));
                }
                self.env.private_size = end as u32;
                self.f.consts.push((
                    dst,
                    crate::interp::mem::pointer(crate::interp::mem::PRIVATE, off),
                ));
            }
            InstKind::Load { ptr, .. } => {
                let ty = inst.ty.ok_or_else(|| unsupported("a void load".into()))?;
                let mut leaves = Vec::new();
                types::leaves(m, ty, &mut leaves)?;
                let p = self.slot(*ptr)?;
                for (k, (t, off)) in leaves.into_iter().enumerate() {
                    self.push(Inst::Load {
                        dst: dst + k as u32,
                        ptr: p,
                        off,
                        ty: t,
                    });
                }
            }
            InstKind::Store { ptr, value, .. } => {
                let mut leaves = Vec::new();
                types::leaves(m, self.ty_of(*value)?, &mut leaves)?;
                let (p, v) = (self.slot(*ptr)?, self.slot(*value)?);
                for (k, (t, off)) in leaves.into_iter().enumerate() {
                    self.push(Inst::Store {
                        ptr: p,
                        val: v + k as u32,
                        off,
                        ty: t,
                    });
                }
            }
            InstKind::AtomicRmw { ptr, value, op, .. } => {
                let ty = self.scalar(*value)?;
                let (p, v) = (self.slot(*ptr)?, self.slot(*value)?);
                self.push(Inst::Rmw {
                    op: rmw_kind(*op)?,
                    ty,
                    dst,
                    ptr: p,
                    val: v,
                });
            }
            InstKind::CmpXchg { ptr, cmp, new, .. } => {
                let ty = self.scalar(*cmp)?;
                let (p, c, n) = (self.slot(*ptr)?, self.slot(*cmp)?, self.slot(*new)?);
                self.push(Inst::CmpXchg {
                    ty,
                    dst,
                    ptr: p,
                    cmp: c,
                    new: n,
                });
            }
            InstKind::Call { callee, .. } => self.call(dst, *callee, inst)?,
            InstKind::Phi { .. } | InstKind::Fence { .. } => {}
            InstKind::Br { target } => {
                let edge = self.edge(block, *target)?;
                self.push(Inst::Br { edge });
            }
            InstKind::CondBr {
                cond,
                if_true,
                if_false,
            } => {
                let c = self.slot(*cond)?;
                let (t, f) = (self.edge(block, *if_true)?, self.edge(block, *if_false)?);
                self.push(Inst::CondBr { c, t, f });
            }
            InstKind::Switch {
                cond,
                default,
                cases,
                ..
            } => {
                let c = self.slot(*cond)?;
                let d = self.edge(block, *default)?;
                let mut list = Vec::with_capacity(cases.len());
                for (v, b) in self.body.list(*cases) {
                    let mut x = Vec::new();
                    consts::eval(m, self.env.globals, *v, &mut x)?;
                    let e = self.edge(block, *b)?;
                    list.push((consts::scalar_leaf(&x)?, e));
                }
                let start = self.f.cases.len() as u32;
                self.f.cases.extend(list);
                self.push(Inst::Switch {
                    c,
                    cases: (start, cases.len() as u32),
                    default: d,
                });
            }
            InstKind::Ret { .. } => self.push(Inst::Ret),
            InstKind::Unreachable => self.push(Inst::Unreachable),
            other => {
                // The variant's name: its debug form up to its fields.
                let name: String = format!("{other:?}")
                    .chars()
                    .take_while(|c| !matches!(c, ' ' | '{' | '('))
                    .collect();
                return Err(unsupported(format!("the {name} instruction")));
            }
        }
        Ok(())
    }
}
