//! A wave's state and its control flow: registers, private memory, lanes, and the
//! reconvergence stack that splits lanes at divergent branches and joins them at the
//! branch's immediate post-dominator.

use crate::code::{Inst, Slot, EXIT};
use crate::compile::Compiled;
use crate::error::{ErrorKind, InputCause, Result, RuntimeCause, UnsupportedCause};
use crate::interp::{for_lanes, trace, Ctx, Mask, Status};

/// Register slots of one wave beyond this are refused (256 MiB).
const MAX_REGISTERS: usize = 1 << 25;
/// Private memory of one wave beyond this is refused.
const MAX_PRIVATE: usize = 1 << 28;

/// One entry of the reconvergence stack: lanes `mask` run from `block` (at instruction
/// `ip`) until they reach `reconv`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Frame {
    block: u32,
    ip: u32,
    reconv: u32,
    mask: Mask,
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
    /// Lanes that run only so their quad has derivatives (pixel shaders: pixels outside the
    /// primitive, or discarded): their memory writes and outputs are dropped.
    pub(crate) helper: Mask,
    /// Graphics stages: the signature inputs and outputs, `stride` values per lane
    /// (`crate::graphics::signature`); empty for compute.
    pub(crate) inputs: Vec<u64>,
    pub(crate) outputs: Vec<u64>,
    scratch: Vec<u64>,
    splits: Vec<(u32, Mask)>,
}

impl Wave {
    /// A wave of `lanes` lanes for `prog` (constants written once here).
    pub(crate) fn new(prog: &Compiled, lanes: usize) -> Result<Wave> {
        // Eight spare slots past the last: a `dx.op` writes at most eight results from its
        // destination, so no operation can write outside the file.
        let slots = prog.func.slots as usize + crate::compile::check::SPARE as usize;
        let n = slots
            .checked_mul(lanes)
            .filter(|&n| n <= MAX_REGISTERS)
            .ok_or(UnsupportedCause::RegisterFile)?;
        let mut regs = vec![0u64; n];
        for &(s, v) in &prog.func.consts {
            let b = s as usize * lanes;
            regs[b..b + lanes].fill(v);
        }
        let frame = prog.private_init.len();
        let total = frame
            .checked_mul(lanes)
            .filter(|&n| n <= MAX_PRIVATE)
            .ok_or(UnsupportedCause::PrivateMemory)?;
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
            helper: 0,
            inputs: vec![0; prog.stage.inputs.stride as usize * lanes],
            outputs: vec![0; prog.stage.outputs.stride as usize * lanes],
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
        self.helper = 0;
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
            ctx.group_id[0].wrapping_mul(n[0]).wrapping_add(t[0]),
            ctx.group_id[1].wrapping_mul(n[1]).wrapping_add(t[1]),
            ctx.group_id[2].wrapping_mul(n[2]).wrapping_add(t[2]),
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
                // Thread instructions (one per active lane), so a budget means the same at
                // every wave size.
                *ctx.executed += u64::from(bc.end - bc.start) * u64::from(mask.count_ones());
                if *ctx.executed > ctx.budget {
                    let lane = mask.trailing_zeros() as usize;
                    return Err(ErrorKind::Budget {
                        budget: ctx.budget,
                        thread: self.thread_id(ctx, lane),
                        block,
                        label: trace::block_name(func, block),
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
                return Err(RuntimeCause::Unreachable {
                    thread: self.thread_id(ctx, mask.trailing_zeros() as usize),
                    block,
                }
                .into())
            }
            _ => {
                return Err(
                    InputCause::Malformed("a block ends without a terminator".into()).into(),
                )
            }
        }
        // Phi copies, per edge, for the lanes taking it (parallel: read all, then write).
        for &(e, m) in &splits {
            let edge = &func.edges[e as usize];
            let copies =
                &func.copies[edge.copies.0 as usize..(edge.copies.0 + edge.copies.1) as usize];
            if copies.is_empty() {
                continue;
            }
            if let Some(l) = self.trace_lane.filter(|&l| m >> l & 1 == 1) {
                let thread = self.thread_id(ctx, l);
                trace::phis(
                    ctx.trace,
                    self,
                    func,
                    thread,
                    (block, edge.target),
                    copies,
                    l,
                );
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
            return Err(RuntimeCause::ReconvergenceStack.into());
        }
        self.splits = splits;
        Ok(())
    }
}
