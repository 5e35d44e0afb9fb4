//! The interpreter: the lanes of a wave run one compiled function together, SIMT style. Each
//! instruction runs for every active lane; at a divergent branch the lanes split into groups
//! that run one after another and meet again at the branch's immediate post-dominator (a
//! reconvergence stack), so wave and quad operations see the lanes a GPU would. A wave
//! runs until it finishes or reaches a group barrier (D3D: every thread of the group waits
//! there).

pub(crate) mod alu;
pub(crate) mod buffer;
pub(crate) mod dxop;
pub(crate) mod float;
pub(crate) mod math;
pub(crate) mod mem;
pub(crate) mod texops;
mod trace;
pub(crate) mod waveop;

use std::io::Write;

use crate::code::{BinK, Inst, RmwK, Slot, Ty, EXIT};
use crate::compile::Compiled;
use crate::error::{ErrorKind, Result};
use crate::resource::Bindings;

/// Register slots of one wave beyond this are refused (256 MiB).
const MAX_REGISTERS: usize = 1 << 25;
/// Private memory of one wave beyond this is refused.
const MAX_PRIVATE: usize = 1 << 28;

/// A lane mask (waves of up to 128 lanes).
pub(crate) type Mask = u128;

/// Runs `$body` with `$l` bound to each lane of `$mask` in order.
macro_rules! for_lanes {
    ($mask:expr, $l:ident, $body:block) => {{
        let mut __m: $crate::interp::Mask = $mask;
        while __m != 0 {
            let $l = __m.trailing_zeros() as usize;
            __m &= __m - 1;
            $body
        }
    }};
}
pub(crate) use for_lanes;

/// One entry of the reconvergence stack: lanes `mask` run from `block` (at instruction
/// `ip`) until they reach `reconv`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    block: u32,
    ip: u32,
    reconv: u32,
    mask: Mask,
}

/// Why a wave stopped running.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Status {
    Done,
    Barrier,
}

/// What a dispatch shares among the waves it runs.
pub(crate) struct Ctx<'a> {
    pub(crate) prog: &'a Compiled,
    pub(crate) bindings: &'a mut Bindings,
    pub(crate) shared: &'a mut [u8],
    pub(crate) executed: &'a mut u64,
    pub(crate) budget: u64,
    pub(crate) group_id: [u32; 3],
    pub(crate) trace: &'a mut dyn Write,
}

/// A wave: registers (slot-major: `regs[slot * lanes + lane]`), private memory, lanes.
pub(crate) struct Wave {
    pub(crate) lanes: usize,
    pub(crate) regs: Vec<u64>,
    pub(crate) private: Vec<u8>,
    pub(crate) frame: usize,
    stack: Vec<Frame>,
    pub(crate) alive: Mask,
    /// Lanes that exist (threads of the group in this wave).
    pub(crate) present: Mask,
    pub(crate) tid: Vec<[u32; 3]>,
    pub(crate) flat: Vec<u32>,
    pub(crate) trace_lane: Option<usize>,
    scratch: Vec<u64>,
    splits: Vec<(u32, Mask)>,
}

impl Wave {
    /// A wave of `lanes` lanes for `prog` (constants written once here).
    pub(crate) fn new(prog: &Compiled, lanes: usize) -> Result<Wave> {
        // Eight spare slots past the last: a `dx.op` writes at most eight results from its
        // destination, so no operation can write outside the file.
        let slots = prog.func.slots as usize + 8;
        let n = slots
            .checked_mul(lanes)
            .filter(|&n| n <= MAX_REGISTERS)
            .ok_or_else(|| ErrorKind::Unsupported("a register file over 256 MiB".into()))?;
        let mut regs = vec![0u64; n];
        for &(s, v) in &prog.func.consts {
            let b = s as usize * lanes;
            regs[b..b + lanes].fill(v);
        }
        let frame = prog.private_init.len();
        let total = frame
            .checked_mul(lanes)
            .filter(|&n| n <= MAX_PRIVATE)
            .ok_or_else(|| ErrorKind::Unsupported("private memory over 256 MiB".into()))?;
        Ok(Wave {
            lanes,
            regs,
            private: vec![0; total],
            frame,
            stack: Vec::new(),
            alive: 0,
            present: 0,
            tid: vec![[0; 3]; lanes],
            flat: vec![0; lanes],
            trace_lane: None,
            scratch: Vec::new(),
            splits: Vec::new(),
        })
    }

    /// Starts the wave over for threads `first..first + count` (flattened) of a group of
    /// `dims` threads.
    pub(crate) fn reset(&mut self, prog: &Compiled, first: u32, count: u32, dims: [u32; 3]) {
        self.present = 0;
        for l in 0..self.lanes {
            let flat = first + l as u32;
            self.flat[l] = flat;
            self.tid[l] = [
                flat % dims[0],
                (flat / dims[0]) % dims[1],
                flat / (dims[0] * dims[1]),
            ];
            if (l as u32) < count {
                self.present |= 1 << l;
            }
            if self.frame > 0 {
                self.private[l * self.frame..(l + 1) * self.frame]
                    .copy_from_slice(&prog.private_init);
            }
        }
        self.alive = self.present;
        self.stack.clear();
        let start = prog.func.blocks.first().map_or(0, |b| b.start);
        self.stack.push(Frame {
            block: 0,
            ip: start,
            reconv: EXIT,
            mask: self.alive,
        });
    }

    /// The value of `slot` in `lane`.
    #[inline]
    pub(crate) fn get(&self, slot: Slot, lane: usize) -> u64 {
        self.regs[slot as usize * self.lanes + lane]
    }

    /// Sets `slot` of `lane`.
    #[inline]
    pub(crate) fn set(&mut self, slot: Slot, lane: usize, v: u64) {
        self.regs[slot as usize * self.lanes + lane] = v;
    }

    /// The thread id (`SV_DispatchThreadID`) of `lane`.
    pub(crate) fn thread_id(&self, ctx: &Ctx<'_>, lane: usize) -> [u32; 3] {
        let n = ctx.prog.num_threads;
        let t = self.tid[lane];
        [
            ctx.group_id[0] * n[0] + t[0],
            ctx.group_id[1] * n[1] + t[1],
            ctx.group_id[2] * n[2] + t[2],
        ]
    }

    /// Runs until the wave finishes or reaches a barrier.
    pub(crate) fn run(&mut self, ctx: &mut Ctx<'_>) -> Result<Status> {
        let prog = ctx.prog;
        let func = &prog.func;
        loop {
            let Some(top) = self.stack.last_mut() else {
                return Ok(Status::Done);
            };
            let mask = top.mask & self.alive;
            if mask == 0 || top.block == EXIT {
                self.stack.pop();
                continue;
            }
            top.mask = mask;
            let (block, mut ip) = (top.block, top.ip);
            let bc = &func.blocks[block as usize];
            if ip == bc.start {
                *ctx.executed += u64::from(bc.end - bc.start);
                if *ctx.executed > ctx.budget {
                    let lane = mask.trailing_zeros() as usize;
                    return Err(ErrorKind::Budget {
                        budget: ctx.budget,
                        thread: self.thread_id(ctx, lane),
                        block,
                        function: func.name.clone(),
                    }
                    .into());
                }
            }
            let term = bc.end - 1;
            while ip < term {
                let inst = &func.insts[ip as usize];
                let flow = self.exec(ctx, inst, mask)?;
                if let Some(l) = self.trace_lane.filter(|&l| mask >> l & 1 == 1) {
                    self.trace(ctx, block, ip, l);
                }
                ip += 1;
                if flow == Status::Barrier {
                    if let Some(top) = self.stack.last_mut() {
                        top.ip = ip;
                    }
                    return Ok(Status::Barrier);
                }
            }
            if let Some(l) = self.trace_lane.filter(|&l| mask >> l & 1 == 1) {
                self.trace(ctx, block, term, l);
            }
            self.branch(ctx, block, &func.insts[term as usize], mask)?;
        }
    }

    fn trace(&self, ctx: &mut Ctx<'_>, block: u32, ip: u32, lane: usize) {
        let prog = ctx.prog;
        let thread = self.thread_id(ctx, lane);
        let inst = &prog.func.insts[ip as usize];
        trace::line(ctx.trace, self, &prog.func, thread, block, inst, lane);
    }

    /// Ends a block: moves the lanes along their edges, splitting and reconverging.
    fn branch(&mut self, ctx: &mut Ctx<'_>, block: u32, inst: &Inst, mask: Mask) -> Result<()> {
        let prog = ctx.prog;
        let func = &prog.func;
        let mut splits = std::mem::take(&mut self.splits);
        splits.clear();
        match inst {
            Inst::Br { edge } => splits.push((*edge, mask)),
            Inst::CondBr { c, t, f } => {
                let mut mt: Mask = 0;
                for_lanes!(mask, l, {
                    if self.get(*c, l) & 1 == 1 {
                        mt |= 1 << l;
                    }
                });
                if mt != 0 {
                    splits.push((*t, mt));
                }
                if mask & !mt != 0 {
                    splits.push((*f, mask & !mt));
                }
            }
            Inst::Switch { c, cases, default } => {
                let list = &func.cases[cases.0 as usize..(cases.0 + cases.1) as usize];
                for_lanes!(mask, l, {
                    let v = self.get(*c, l);
                    let e = list.iter().find(|x| x.0 == v).map_or(*default, |x| x.1);
                    let target = func.edges[e as usize].target;
                    match splits
                        .iter_mut()
                        .find(|s| func.edges[s.0 as usize].target == target)
                    {
                        Some(s) => s.1 |= 1 << l,
                        None => splits.push((e, 1 << l)),
                    }
                });
            }
            Inst::Ret => {
                self.alive &= !mask;
                self.stack.pop();
                self.splits = splits;
                return Ok(());
            }
            Inst::Unreachable => {
                return Err(ErrorKind::Runtime(format!(
                    "thread {:?} reached 'unreachable' in block {block}",
                    self.thread_id(ctx, mask.trailing_zeros() as usize)
                ))
                .into())
            }
            _ => return Err(ErrorKind::Input("a block ends without a terminator".into()).into()),
        }
        // Phi copies, per edge, for the lanes taking it (parallel: read all, then write).
        for &(e, m) in &splits {
            let edge = &func.edges[e as usize];
            let copies =
                &func.copies[edge.copies.0 as usize..(edge.copies.0 + edge.copies.1) as usize];
            if copies.is_empty() {
                continue;
            }
            if edge.independent {
                let w = self.lanes;
                for &(dst, src) in copies {
                    let (d, s) = (dst as usize * w, src as usize * w);
                    for_lanes!(m, l, {
                        self.regs[d + l] = self.regs[s + l];
                    });
                }
                continue;
            }
            for_lanes!(m, l, {
                self.scratch.clear();
                for &(_, src) in copies {
                    self.scratch.push(self.regs[src as usize * self.lanes + l]);
                }
                for (k, &(dst, _)) in copies.iter().enumerate() {
                    self.regs[dst as usize * self.lanes + l] = self.scratch[k];
                }
            });
        }
        let Some(top) = self.stack.pop() else {
            return Ok(());
        };
        let reconv = top.reconv;
        splits.retain(|&(e, _)| func.edges[e as usize].target != reconv);
        let start = |b: u32| func.blocks.get(b as usize).map_or(0, |x| x.start);
        match splits.len() {
            0 => {}
            1 => {
                let (e, m) = splits[0];
                let t = func.edges[e as usize].target;
                self.stack.push(Frame {
                    block: t,
                    ip: start(t),
                    reconv,
                    mask: m,
                });
            }
            _ => {
                let join = func.blocks[block as usize].ipdom;
                let union = splits.iter().fold(0, |a, s| a | s.1);
                if join != reconv {
                    self.stack.push(Frame {
                        block: join,
                        ip: start(join),
                        reconv,
                        mask: union,
                    });
                }
                for &(e, m) in splits.iter().rev() {
                    let t = func.edges[e as usize].target;
                    if t != join {
                        self.stack.push(Frame {
                            block: t,
                            ip: start(t),
                            reconv: join,
                            mask: m,
                        });
                    }
                }
            }
        }
        if self.stack.len() > 1 << 16 {
            return Err(ErrorKind::Runtime("reconvergence stack over 65536 entries".into()).into());
        }
        self.splits = splits;
        Ok(())
    }

    /// The memory a pointer of `lane` addresses, and the offset in it.
    fn memory<'s>(
        &'s mut self,
        shared: &'s mut [u8],
        lane: usize,
        p: u64,
    ) -> (&'s mut [u8], usize) {
        let (space, off) = mem::split(p);
        if space == mem::SHARED {
            (shared, off as usize)
        } else {
            let f = self.frame;
            (&mut self.private[lane * f..(lane + 1) * f], off as usize)
        }
    }

    /// Runs one non-terminator instruction for the lanes of `mask`.
    #[inline]
    fn exec(&mut self, ctx: &mut Ctx<'_>, inst: &Inst, mask: Mask) -> Result<Status> {
        let w = self.lanes;
        let prog = ctx.prog;
        match *inst {
            Inst::Bin { op, ty, dst, a, b } => {
                let (a, b, d) = (a as usize * w, b as usize * w, dst as usize * w);
                let full = mask == self.present && self.present == lanes_mask(w);
                if ty == Ty::I32 && full {
                    // The common case, one loop per operation so each is a tight loop.
                    let regs = &mut self.regs;
                    match op {
                        BinK::Add => map2(regs, a, b, d, w, |x, y| (x + y) & 0xffff_ffff),
                        BinK::Sub => map2(regs, a, b, d, w, |x, y| x.wrapping_sub(y) & 0xffff_ffff),
                        BinK::Mul => map2(regs, a, b, d, w, |x, y| (x * y) & 0xffff_ffff),
                        BinK::And => map2(regs, a, b, d, w, |x, y| x & y),
                        BinK::Or => map2(regs, a, b, d, w, |x, y| x | y),
                        BinK::Xor => map2(regs, a, b, d, w, |x, y| x ^ y),
                        _ => map2(regs, a, b, d, w, |x, y| alu::bin(op, ty, x, y)),
                    }
                } else {
                    for_lanes!(mask, l, {
                        self.regs[d + l] = alu::bin(op, ty, self.regs[a + l], self.regs[b + l]);
                    });
                }
            }
            Inst::Cmp {
                pred,
                ty,
                dst,
                a,
                b,
            } => {
                let (a, b, d) = (a as usize * w, b as usize * w, dst as usize * w);
                if prog.ftz32 && ty == Ty::F32 {
                    for_lanes!(mask, l, {
                        let (x, y) = (
                            float::flush32(self.regs[a + l]),
                            float::flush32(self.regs[b + l]),
                        );
                        self.regs[d + l] = alu::cmp(pred, ty, x, y);
                    });
                } else {
                    for_lanes!(mask, l, {
                        self.regs[d + l] = alu::cmp(pred, ty, self.regs[a + l], self.regs[b + l]);
                    });
                }
            }
            Inst::BinFtz { op, dst, a, b } => {
                let (a, b, d) = (a as usize * w, b as usize * w, dst as usize * w);
                for_lanes!(mask, l, {
                    self.regs[d + l] = alu::bin_ftz(op, self.regs[a + l], self.regs[b + l]);
                });
            }
            Inst::Cast {
                op,
                from,
                to,
                dst,
                a,
            } => {
                let (a, d) = (a as usize * w, dst as usize * w);
                for_lanes!(mask, l, {
                    self.regs[d + l] = alu::cast(op, from, to, self.regs[a + l]);
                });
            }
            Inst::Select {
                dst,
                c,
                a,
                b,
                width,
            } => {
                for_lanes!(mask, l, {
                    let src = if self.get(c, l) & 1 == 1 { a } else { b };
                    for k in 0..width {
                        let v = self.get(src + k, l);
                        self.set(dst + k, l, v);
                    }
                });
            }
            Inst::Copy { dst, src, width } => {
                for_lanes!(mask, l, {
                    for k in 0..width {
                        let v = self.get(src + k, l);
                        self.set(dst + k, l, v);
                    }
                });
            }
            Inst::Extract { dst, vec, idx, len } => {
                for_lanes!(mask, l, {
                    let i = self.get(idx, l);
                    let v = if i < u64::from(len) {
                        self.get(vec + i as u32, l)
                    } else {
                        0
                    };
                    self.set(dst, l, v);
                });
            }
            Inst::Insert {
                dst,
                vec,
                elem,
                idx,
                len,
            } => {
                for_lanes!(mask, l, {
                    let i = self.get(idx, l);
                    for k in 0..len {
                        let v = if u64::from(k) == i {
                            self.get(elem, l)
                        } else {
                            self.get(vec + k, l)
                        };
                        self.set(dst + k, l, v);
                    }
                });
            }
            Inst::Gep {
                dst,
                base,
                off,
                terms,
            } => {
                let terms = &prog.func.gep_terms[terms.0 as usize..(terms.0 + terms.1) as usize];
                for_lanes!(mask, l, {
                    let mut a = (self.get(base, l) as i64).wrapping_add(off);
                    for &(s, ty, stride) in terms {
                        let i = alu::sext(self.get(s, l), ty.bits());
                        a = a.wrapping_add(i.wrapping_mul(stride));
                    }
                    self.set(dst, l, (a as u64) & Ty::Ptr.mask());
                });
            }
            Inst::Load { dst, ptr, off, ty } => {
                for_lanes!(mask, l, {
                    let p = self.get(ptr, l);
                    let (m, o) = self.memory(ctx.shared, l, p);
                    let v = mem::read(m, o + off as usize, ty);
                    self.set(dst, l, v);
                });
            }
            Inst::Store { ptr, val, off, ty } => {
                for_lanes!(mask, l, {
                    let (p, v) = (self.get(ptr, l), self.get(val, l));
                    let (m, o) = self.memory(ctx.shared, l, p);
                    mem::write(m, o + off as usize, ty, v);
                });
            }
            Inst::Rmw {
                op,
                ty,
                dst,
                ptr,
                val,
            } => {
                for_lanes!(mask, l, {
                    let (p, v) = (self.get(ptr, l), self.get(val, l));
                    let (m, o) = self.memory(ctx.shared, l, p);
                    let old = mem::read(m, o, ty);
                    mem::write(m, o, ty, rmw(op, ty, old, v));
                    self.set(dst, l, old);
                });
            }
            Inst::CmpXchg {
                ty,
                dst,
                ptr,
                cmp,
                new,
            } => {
                for_lanes!(mask, l, {
                    let (p, c, n) = (self.get(ptr, l), self.get(cmp, l), self.get(new, l));
                    let (m, o) = self.memory(ctx.shared, l, p);
                    let old = mem::read(m, o, ty);
                    if old == c {
                        mem::write(m, o, ty, n);
                    }
                    self.set(dst, l, old);
                    self.set(dst + 1, l, u64::from(old == c));
                });
            }
            Inst::Dx { op, ty, dst, args } => {
                let args = &prog.func.args[args.0 as usize..(args.0 + args.1) as usize];
                return dxop::exec(self, ctx, op, ty, dst, args, mask);
            }
            Inst::Br { .. }
            | Inst::CondBr { .. }
            | Inst::Switch { .. }
            | Inst::Ret
            | Inst::Unreachable => {
                return Err(ErrorKind::Input("a terminator inside a block".into()).into())
            }
        }
        Ok(Status::Done)
    }
}

/// Every lane of a wave of `w` lanes.
#[inline]
fn lanes_mask(w: usize) -> Mask {
    if w >= 128 {
        Mask::MAX
    } else {
        (1 << w) - 1
    }
}

/// `regs[d + l] = f(regs[a + l], regs[b + l])` for every lane `l < w`.
#[inline(always)]
fn map2(regs: &mut [u64], a: usize, b: usize, d: usize, w: usize, f: impl Fn(u64, u64) -> u64) {
    let (Some(x), Some(y)) = (regs.get(a..a + w), regs.get(b..b + w)) else {
        return;
    };
    let mut out = [0u64; 128];
    for ((o, &p), &q) in out.iter_mut().zip(x).zip(y) {
        *o = f(p, q);
    }
    if let Some(dst) = regs.get_mut(d..d + w) {
        dst.copy_from_slice(&out[..w]);
    }
}

/// A read-modify-write of `old` with `v` (LangRef "'atomicrmw' Instruction").
pub(crate) fn rmw(op: RmwK, ty: Ty, old: u64, v: u64) -> u64 {
    let bits = ty.bits();
    let m = ty.mask();
    match op {
        RmwK::Xchg => v,
        RmwK::Add => old.wrapping_add(v) & m,
        RmwK::Sub => old.wrapping_sub(v) & m,
        RmwK::And => old & v,
        RmwK::Nand => !(old & v) & m,
        RmwK::Or => old | v,
        RmwK::Xor => old ^ v,
        RmwK::Max => {
            if alu::sext(v, bits) > alu::sext(old, bits) {
                v
            } else {
                old
            }
        }
        RmwK::Min => {
            if alu::sext(v, bits) < alu::sext(old, bits) {
                v
            } else {
                old
            }
        }
        RmwK::UMax => old.max(v),
        RmwK::UMin => old.min(v),
    }
}
