//! naga statements as LLVM basic blocks (naga IR `Statement`; WGSL "Statements"): structured
//! control flow becomes branches, naga functions are inlined, barriers and atomics become
//! DXIL operations (DXIL.rst "Barrier", "AtomicBinOp", "AtomicCompareExchange").

use dxil_builder::Arg;
use dxil_ir::{Block, Ordering, RmwOp, SyncScope};
use dxil_ops::Ty;
use naga::{Handle, ScalarKind, Statement as S};

use crate::error::{Error, ErrorKind, Result};
use crate::lower::{Ctl, Frame, Lowerer, Ptr, Ret, Val};
use crate::Value;

/// `Barrier` mode bits (DXIL.rst "Barrier"): sync the group, global UAV fence, group UAV
/// fence, group-shared fence.
const SYNC: u32 = 1;
const UAV_GLOBAL: u32 = 2;
const GSM: u32 = 8;

impl<'m> Lowerer<'_, 'm> {
    /// Lowers a block, stopping after a terminator.
    pub fn block(&mut self, b: &'m naga::Block) -> Result<()> {
        for (s, span) in b.span_iter() {
            if self.frame.terminated {
                break;
            }
            self.stmt(s).map_err(|e| e.at(*span))?;
        }
        Ok(())
    }

    fn new_block(&mut self) -> Result<Block> {
        Ok(self.fb().add_block(None)?)
    }

    fn goto(&mut self, b: Block) -> Result<()> {
        self.fb().br(b)?;
        self.frame.terminated = true;
        Ok(())
    }

    fn enter(&mut self, b: Block) -> Result<()> {
        self.fb().position_at_end(b)?;
        self.frame.terminated = false;
        Ok(())
    }

    fn stmt(&mut self, s: &'m naga::Statement) -> Result<()> {
        match *s {
            S::Emit(ref range) => {
                for h in range.clone() {
                    self.expr(h)?;
                }
            }
            S::Block(ref b) => self.block(b)?,
            S::If {
                condition,
                ref accept,
                ref reject,
            } => {
                let c = self.scalar(condition)?;
                let (t, f) = (self.new_block()?, self.new_block()?);
                self.fb().cond_br(c, t, f)?;
                let mut merge = None;
                for (b, body) in [(t, accept), (f, reject)] {
                    self.enter(b)?;
                    self.block(body)?;
                    if !self.frame.terminated {
                        let m = match merge {
                            Some(m) => m,
                            None => *merge.insert(self.new_block()?),
                        };
                        self.goto(m)?;
                    }
                }
                match merge {
                    Some(m) => self.enter(m)?,
                    None => self.frame.terminated = true,
                }
            }
            S::Loop {
                ref body,
                ref continuing,
                break_if,
            } => {
                let header = self.new_block()?;
                self.goto(header)?;
                self.enter(header)?;
                self.frame.ctl.push(Ctl::Loop {
                    brk: None,
                    cont: None,
                });
                self.block(body)?;
                if !self.frame.terminated {
                    let c = self.continue_target()?;
                    self.goto(c)?;
                }
                let Some(Ctl::Loop { mut brk, cont }) = self.frame.ctl.pop() else {
                    return Err(Error::new(
                        ErrorKind::Invalid,
                        "Statement::Loop",
                        "unbalanced",
                    ));
                };
                if let Some(c) = cont {
                    self.enter(c)?;
                    self.block(continuing)?;
                    if !self.frame.terminated {
                        match break_if {
                            Some(cond) => {
                                let v = self.scalar(cond)?;
                                let exit = match brk {
                                    Some(b) => b,
                                    None => *brk.insert(self.new_block()?),
                                };
                                self.fb().cond_br(v, exit, header)?;
                                self.frame.terminated = true;
                            }
                            None => self.goto(header)?,
                        }
                    }
                }
                match brk {
                    Some(b) => self.enter(b)?,
                    None => self.frame.terminated = true,
                }
            }
            S::Switch {
                selector,
                ref cases,
            } => self.switch(selector, cases)?,
            S::Break => {
                let b = self.break_target()?;
                self.goto(b)?;
            }
            S::Continue => {
                let c = self.continue_target()?;
                self.goto(c)?;
            }
            S::Return { value } => self.ret(value)?,
            S::Kill => {
                self.e.discard(&[], true)?;
                self.fb().ret(None)?;
                self.frame.terminated = true;
            }
            S::ControlBarrier(b) => self.barrier(b, true)?,
            S::MemoryBarrier(b) => self.barrier(b, false)?,
            S::Store { pointer, value } => {
                let p = self.pointer(pointer)?;
                let ty = self.pointee(pointer)?;
                let v = self.scalars(value)?;
                self.store(&p, &ty, &v)?;
            }
            S::Call {
                function,
                ref arguments,
                result,
            } => self.call(function, arguments, result)?,
            S::Atomic {
                pointer,
                ref fun,
                value,
                result,
            } => self.atomic(pointer, fun, value, result)?,
            S::SubgroupBallot { result, predicate } => self.subgroup_ballot(result, predicate)?,
            S::SubgroupCollectiveOperation {
                op,
                collective_op,
                argument,
                result,
            } => self.subgroup_collective(op, collective_op, argument, result)?,
            S::SubgroupGather {
                mode,
                argument,
                result,
            } => self.subgroup_gather(mode, argument, result)?,
            S::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => self.image_store(image, coordinate, array_index, value)?,
            S::WorkGroupUniformLoad { pointer, result } => {
                self.e.barrier(&[], SYNC | GSM)?;
                let p = self.pointer(pointer)?;
                let ty = self.pointee(pointer)?;
                let v = self.load(&p, &ty)?;
                self.e.barrier(&[], SYNC | GSM)?;
                self.set(result, Val::S(v));
            }
            ref other => {
                let name = format!("{other:?}");
                let name = name
                    .split([' ', '(', '{'])
                    .next()
                    .unwrap_or("?")
                    .to_string();
                return Err(Error::unsupported(
                    format!("Statement::{name}"),
                    "not supported by this back end yet",
                ));
            }
        }
        Ok(())
    }

    fn break_target(&mut self) -> Result<Block> {
        match self.frame.ctl.last() {
            Some(Ctl::Loop { brk: Some(b), .. } | Ctl::Switch { brk: Some(b) }) => return Ok(*b),
            Some(_) => {}
            None => {
                return Err(Error::new(
                    ErrorKind::Invalid,
                    "Statement::Break",
                    "outside a loop or switch",
                ))
            }
        }
        let fresh = self.new_block()?;
        if let Some(Ctl::Loop { brk, .. } | Ctl::Switch { brk }) = self.frame.ctl.last_mut() {
            *brk = Some(fresh);
        }
        Ok(fresh)
    }

    fn continue_target(&mut self) -> Result<Block> {
        for c in self.frame.ctl.iter().rev() {
            if let Ctl::Loop { cont: Some(b), .. } = c {
                return Ok(*b);
            }
            if let Ctl::Loop { cont: None, .. } = c {
                break;
            }
        }
        let fresh = self.new_block()?;
        for c in self.frame.ctl.iter_mut().rev() {
            if let Ctl::Loop { cont, .. } = c {
                return Ok(*cont.get_or_insert(fresh));
            }
        }
        Err(Error::new(
            ErrorKind::Invalid,
            "Statement::Continue",
            "outside a loop",
        ))
    }

    fn switch(
        &mut self,
        selector: Handle<naga::Expression>,
        cases: &'m [naga::SwitchCase],
    ) -> Result<()> {
        let sel = self.scalar(selector)?;
        let mut blocks = Vec::with_capacity(cases.len());
        for _ in cases {
            blocks.push(self.new_block()?);
        }
        let mut default = None;
        let mut arms = Vec::new();
        for (c, &b) in cases.iter().zip(&blocks) {
            match c.value {
                naga::SwitchValue::I32(v) => arms.push((self.i32c(i64::from(v))?, b)),
                naga::SwitchValue::U32(v) => arms.push((self.i32c(i64::from(v))?, b)),
                naga::SwitchValue::Default => default = Some(b),
            }
        }
        self.frame.ctl.push(Ctl::Switch { brk: None });
        let default = match default {
            Some(d) => d,
            None => self.break_target()?,
        };
        self.fb().switch(sel, default, &arms)?;
        self.frame.terminated = true;
        for (i, c) in cases.iter().enumerate() {
            self.enter(blocks[i])?;
            self.block(&c.body)?;
            if !self.frame.terminated {
                let next = if c.fall_through && i + 1 < blocks.len() {
                    blocks[i + 1]
                } else {
                    self.break_target()?
                };
                self.goto(next)?;
            }
        }
        match self.frame.ctl.pop() {
            Some(Ctl::Switch { brk: Some(b) }) => self.enter(b)?,
            _ => self.frame.terminated = true,
        }
        Ok(())
    }

    fn ret(&mut self, value: Option<Handle<naga::Expression>>) -> Result<()> {
        let v = match value {
            Some(h) => self.scalars(h)?,
            None => Vec::new(),
        };
        if self.frame.ret.is_none() {
            self.entry_return(&v)?;
            self.fb().ret(None)?;
            self.frame.terminated = true;
            return Ok(());
        }
        let here = self
            .fb()
            .current_block()
            .ok_or_else(|| Error::new(ErrorKind::Builder, "Statement::Return", "no block"))?;
        let existing = self.frame.ret.as_ref().and_then(|r| r.block);
        let b = match existing {
            Some(b) => b,
            None => self.new_block()?,
        };
        let ret = self
            .frame
            .ret
            .as_mut()
            .ok_or_else(|| Error::new(ErrorKind::Invalid, "Statement::Return", "no frame"))?;
        ret.block = Some(b);
        ret.incoming.push((v, here));
        self.goto(b)
    }

    fn barrier(&mut self, b: naga::Barrier, sync: bool) -> Result<()> {
        let mut mode = 0;
        if b.contains(naga::Barrier::WORK_GROUP) {
            mode |= GSM;
        }
        if b.intersects(naga::Barrier::STORAGE | naga::Barrier::TEXTURE) {
            mode |= UAV_GLOBAL;
        }
        if mode == 0 {
            return Ok(());
        }
        if sync {
            mode |= SYNC;
        }
        self.e.barrier(&[], mode)?;
        Ok(())
    }

    /// Inlines a call of `function`.
    fn call(
        &mut self,
        function: Handle<naga::Function>,
        arguments: &[Handle<naga::Expression>],
        result: Option<Handle<naga::Expression>>,
    ) -> Result<()> {
        let mut args = Vec::with_capacity(arguments.len());
        for &a in arguments {
            args.push(self.expr(a)?);
        }
        let fun = &self.module.functions[function];
        let finfo = &self.info[function];
        let frame = Frame {
            fun,
            finfo,
            vals: vec![None; fun.expressions.len()],
            args,
            locals: Vec::new(),
            ctl: Vec::new(),
            ret: Some(Ret::default()),
            terminated: false,
        };
        let caller = std::mem::replace(&mut self.frame, frame);
        let body = self.function_body();
        let callee = std::mem::replace(&mut self.frame, caller);
        body?;
        let ret = callee.ret.unwrap_or_default();
        match ret.block {
            Some(b) => {
                self.enter(b)?;
                let out = match ret.incoming.as_slice() {
                    [(v, _)] => v.clone(),
                    [(first, _), ..] => {
                        let mut out = Vec::with_capacity(first.len());
                        for i in 0..first.len() {
                            let ty = first[i].ty().ok_or_else(|| {
                                Error::new(ErrorKind::Builder, "Statement::Call", "untyped value")
                            })?;
                            let inc: Vec<(Value, Block)> =
                                ret.incoming.iter().map(|(v, b)| (v[i], *b)).collect();
                            out.push(self.fb().phi(ty, &inc)?);
                        }
                        out
                    }
                    [] => Vec::new(),
                };
                if let Some(r) = result {
                    self.set(r, Val::S(out));
                }
            }
            None => self.frame.terminated = true,
        }
        Ok(())
    }

    /// The locals and body of the current frame's function; a void function falling off
    /// its end returns.
    pub fn function_body(&mut self) -> Result<()> {
        let fun: &'m naga::Function = self.frame.fun;
        for (_, lv) in fun.local_variables.iter() {
            let var = self.new_local(&self.module.types[lv.ty].inner)?;
            self.frame.locals.push(var);
        }
        for (h, lv) in fun.local_variables.iter() {
            let ty = &self.module.types[lv.ty].inner;
            let v = match lv.init {
                Some(init) => self.scalars(init)?,
                None => self.zeros(ty)?,
            };
            let var = self.frame.locals[h.index()];
            let p = Ptr::Mem {
                var,
                offs: Default::default(),
            };
            self.store(&p, ty, &v)?;
        }
        self.block(&fun.body)?;
        if !self.frame.terminated {
            self.ret(None)?;
        }
        Ok(())
    }

    fn atomic(
        &mut self,
        pointer: Handle<naga::Expression>,
        fun: &naga::AtomicFunction,
        value: Handle<naga::Expression>,
        result: Option<Handle<naga::Expression>>,
    ) -> Result<()> {
        use naga::AtomicFunction as A;
        let p = self.pointer(pointer)?;
        let s = self.scalar_of(value)?;
        let mut v = self.scalar(value)?;
        if matches!(fun, A::Subtract) {
            let z = self.zero(s)?;
            v = self.fb().sub(z, v)?;
        }
        let signed = s.kind == ScalarKind::Sint;
        let out: Vec<Value> = match p {
            Ptr::Buf {
                handle,
                off,
                uniform: false,
            } => {
                let idx = self.off_value(off)?;
                let t = [Ty::Scalar(crate::leaf::op_scalar(s))];
                let u = Arg::Undef;
                match *fun {
                    A::Exchange { compare: Some(cmp) } => {
                        let c = self.scalar(cmp)?;
                        let old = self
                            .e
                            .atomic_compare_exchange(&t, handle, idx, u, u, c, v)?;
                        let eq = self.fb().icmp(dxil_ir::IntPredicate::Eq, old, c)?;
                        vec![old, eq]
                    }
                    _ => {
                        // DXIL.rst "AtomicBinOp": Add 0, And 1, Or 2, Xor 3, IMin 4, IMax 5,
                        // UMin 6, UMax 7, Exchange 8.
                        let code = match *fun {
                            A::Add | A::Subtract => 0,
                            A::And => 1,
                            A::InclusiveOr => 2,
                            A::ExclusiveOr => 3,
                            A::Min if signed => 4,
                            A::Max if signed => 5,
                            A::Min => 6,
                            A::Max => 7,
                            _ => 8,
                        };
                        vec![self.e.atomic_bin_op(&t, handle, code, idx, u, u, v)?]
                    }
                }
            }
            Ptr::Mem { var, offs } => {
                let g = crate::leaf::group(s);
                let slot = self.mem_slot(var, g, offs[g], 0)?;
                let (ord, scope) = (Ordering::SeqCst, SyncScope::CrossThread);
                match *fun {
                    A::Exchange { compare: Some(cmp) } => {
                        let c = self.scalar(cmp)?;
                        let pair = self
                            .fb()
                            .cmpxchg(slot, c, v, false, ord, ord, scope, false)?;
                        let old = self.fb().extract_value(pair, &[0])?;
                        let ok = self.fb().extract_value(pair, &[1])?;
                        vec![old, ok]
                    }
                    _ => {
                        let op = match *fun {
                            A::Add | A::Subtract => RmwOp::Add,
                            A::And => RmwOp::And,
                            A::InclusiveOr => RmwOp::Or,
                            A::ExclusiveOr => RmwOp::Xor,
                            A::Min if signed => RmwOp::Min,
                            A::Max if signed => RmwOp::Max,
                            A::Min => RmwOp::UMin,
                            A::Max => RmwOp::UMax,
                            _ => RmwOp::Xchg,
                        };
                        vec![self.fb().atomic_rmw(op, slot, v, false, ord, scope)?]
                    }
                }
            }
            Ptr::Unused => return Err(crate::place::unused()),
            Ptr::Buf { uniform: true, .. } => {
                return Err(Error::new(
                    ErrorKind::Invalid,
                    "Statement::Atomic",
                    "an atomic in a uniform buffer",
                ))
            }
        };
        if let Some(r) = result {
            self.set(r, Val::S(out));
        }
        Ok(())
    }
}
