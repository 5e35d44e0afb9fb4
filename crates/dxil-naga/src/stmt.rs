//! naga statements as LLVM basic blocks (naga IR `Statement`; WGSL "Statements"): structured
//! control flow becomes branches, barriers DXIL's `Barrier` (DXIL.rst "Barrier"); calls are
//! inlined by [`crate::call`], atomics written by [`crate::atomic`].

use dxil_ir::{Block, CastOp, IntPredicate};
use naga::{Handle, Statement as S};

use crate::error::{Error, ErrorKind, Result};
use crate::lower::{Ctl, Lowerer, Val};

/// `Barrier` mode bits (DXIL.rst "Barrier"): sync the group, global UAV fence, group UAV
/// fence, group-shared fence.
const SYNC: u32 = 1;
const UAV_GLOBAL: u32 = 2;
const GSM: u32 = 8;

/// A loop's bound: the header's `phi`s of the counts left and the counts the next
/// iteration starts with.
#[derive(Clone, Copy)]
struct LoopBound {
    hi: crate::Value,
    lo: crate::Value,
    next_hi: crate::Value,
    next_lo: crate::Value,
}

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

    pub fn new_block(&mut self) -> Result<Block> {
        Ok(self.fb().add_block(None)?)
    }

    pub fn goto(&mut self, b: Block) -> Result<()> {
        self.fb().br(b)?;
        self.frame.terminated = true;
        Ok(())
    }

    pub fn enter(&mut self, b: Block) -> Result<()> {
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
                let pre = self.current_block_of("Statement::Loop")?;
                self.goto(header)?;
                self.enter(header)?;
                self.frame.ctl.push(Ctl::Loop {
                    brk: None,
                    cont: None,
                });
                let bound = if self.options.force_loop_bounding {
                    Some(self.loop_bound(pre)?)
                } else {
                    None
                };
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
                        // The back edge leaves from here: the bound's next counts arrive
                        // at the header's phis.
                        if let Some(b) = bound {
                            let latch = self.current_block_of("Statement::Loop")?;
                            self.fb().add_incoming(b.hi, b.next_hi, latch)?;
                            self.fb().add_incoming(b.lo, b.next_lo, latch)?;
                        }
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
            S::ImageAtomic {
                image,
                coordinate,
                array_index,
                ref fun,
                value,
            } => self.image_atomic(image, coordinate, array_index, fun, value)?,
            S::ImageStore {
                image,
                coordinate,
                array_index,
                value,
            } => self.image_store(image, coordinate, array_index, value)?,
            S::RayQuery { query, ref fun } => self.ray_query(query, fun)?,
            S::WorkGroupUniformLoad { pointer, result } => {
                self.e.barrier(&[], SYNC | GSM)?;
                let p = self.pointer(pointer)?;
                let ty = self.pointee(pointer)?;
                let v = self.load(&p, &ty)?;
                self.e.barrier(&[], SYNC | GSM)?;
                self.set(result, Val::S(v));
            }
            ref other => {
                return Err(Error::unsupported(
                    format!("Statement::{}", crate::error::variant_name(other)),
                    "not supported by this back end yet",
                ));
            }
        }
        Ok(())
    }

    /// The block instructions go to.
    fn current_block_of(&mut self, what: &str) -> Result<Block> {
        self.fb()
            .current_block()
            .ok_or_else(|| Error::new(ErrorKind::Builder, what, "no current block"))
    }

    /// At the top of a loop's header (entered from `pre`): naga's loop bound, a 64-bit
    /// count of iterations left as two `u32`s (high, low) starting at 2^64 - 1 and counting
    /// down (naga counts down because counting up hangs some Intel drivers); the loop is
    /// left when both are zero. A loop that visibly ends gives a compiler nothing to
    /// assume, where a loop it can prove endless and free of side effects it may delete
    /// (LLVM did so before `mustprogress`, and many drivers compile DXIL with LLVM). The back edge's counts
    /// are added to the `phi`s once the latch is known.
    fn loop_bound(&mut self, pre: Block) -> Result<LoopBound> {
        let i32t = self.int_ty(32);
        let max = self.i32c(-1)?;
        let hi = self.fb().phi(i32t, &[(max, pre)])?;
        let lo = self.fb().phi(i32t, &[(max, pre)])?;
        let zero = self.i32c(0)?;
        let hz = self.fb().icmp(IntPredicate::Eq, hi, zero)?;
        let lz = self.fb().icmp(IntPredicate::Eq, lo, zero)?;
        let done = self.fb().and(hz, lz)?;
        let exit = self.break_target()?;
        let body = self.new_block()?;
        self.fb().cond_br(done, exit, body)?;
        self.fb().position_at_end(body)?;
        let borrow = self.fb().cast(CastOp::ZExt, lz, i32t)?;
        let next_hi = self.fb().sub(hi, borrow)?;
        let one = self.i32c(1)?;
        let next_lo = self.fb().sub(lo, one)?;
        Ok(LoopBound {
            hi,
            lo,
            next_hi,
            next_lo,
        })
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

    pub fn ret(&mut self, value: Option<Handle<naga::Expression>>) -> Result<()> {
        let v = match value {
            Some(h) => self.scalars(h)?,
            None => Vec::new(),
        };
        self.ret_leaves(v)
    }

    /// Returns leaves `v` from the current function.
    pub fn ret_leaves(&mut self, v: Vec<crate::Value>) -> Result<()> {
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
}
