//! One instruction for the active lanes of a wave: arithmetic, conversions, aggregates,
//! addresses and memory (private and group-shared), atomics, and `dx.op` calls handed to
//! [`crate::interp::dxop`].

use crate::code::{Inst, RmwK, Ty};
use crate::error::{InputCause, Result};
use crate::interp::{alu, dxop, float, for_lanes, mem, Ctx, Mask, Status, Wave};
use dxil_ir::BinOp;
use dxil_ir::CastOp;

impl Wave {
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
    pub(crate) fn exec(&mut self, ctx: &mut Ctx<'_>, inst: &Inst, mask: Mask) -> Result<Status> {
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
                        BinOp::Add => map2(regs, a, b, d, w, |x, y| (x + y) & 0xffff_ffff),
                        BinOp::Sub => {
                            map2(regs, a, b, d, w, |x, y| x.wrapping_sub(y) & 0xffff_ffff)
                        }
                        BinOp::Mul => map2(regs, a, b, d, w, |x, y| (x * y) & 0xffff_ffff),
                        BinOp::And => map2(regs, a, b, d, w, |x, y| x & y),
                        BinOp::Or => map2(regs, a, b, d, w, |x, y| x | y),
                        BinOp::Xor => map2(regs, a, b, d, w, |x, y| x ^ y),
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
                } else if mask == self.present && self.present == lanes_mask(w) {
                    map2(&mut self.regs, a, b, d, w, |x, y| alu::cmp(pred, ty, x, y));
                } else {
                    for_lanes!(mask, l, {
                        self.regs[d + l] = alu::cmp(pred, ty, self.regs[a + l], self.regs[b + l]);
                    });
                }
            }
            Inst::BinFtz { op, dst, a, b } => {
                let (a, b, d) = (a as usize * w, b as usize * w, dst as usize * w);
                if mask == self.present && self.present == lanes_mask(w) {
                    let regs = &mut self.regs;
                    match op {
                        BinOp::FAdd => {
                            map2(regs, a, b, d, w, |x, y| alu::bin_ftz(BinOp::FAdd, x, y))
                        }
                        BinOp::FMul => {
                            map2(regs, a, b, d, w, |x, y| alu::bin_ftz(BinOp::FMul, x, y))
                        }
                        _ => map2(regs, a, b, d, w, |x, y| alu::bin_ftz(op, x, y)),
                    }
                } else {
                    for_lanes!(mask, l, {
                        self.regs[d + l] = alu::bin_ftz(op, self.regs[a + l], self.regs[b + l]);
                    });
                }
            }
            Inst::Cast {
                op,
                from,
                to,
                dst,
                a,
            } => {
                let (a, d) = (a as usize * w, dst as usize * w);
                let float = matches!(op, CastOp::FpExt | CastOp::FpTrunc);
                if prog.ftz32 && float && (from == Ty::F32 || to == Ty::F32) {
                    // fp32 denormals flush on the way in and out of a float conversion.
                    for_lanes!(mask, l, {
                        let x = self.regs[a + l];
                        let x = if from == Ty::F32 {
                            float::flush32(x)
                        } else {
                            x
                        };
                        let r = alu::cast(op, from, to, x);
                        self.regs[d + l] = if to == Ty::F32 { float::flush32(r) } else { r };
                    });
                } else {
                    for_lanes!(mask, l, {
                        self.regs[d + l] = alu::cast(op, from, to, self.regs[a + l]);
                    });
                }
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
            Inst::Dx { call } => {
                return dxop::exec(self, ctx, &prog.func.calls[call as usize], mask);
            }
            Inst::Br { .. }
            | Inst::CondBr { .. }
            | Inst::Switch { .. }
            | Inst::Ret
            | Inst::Unreachable => {
                return Err(InputCause::Malformed("a terminator inside a block".into()).into())
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

/// `regs[d + l] = f(regs[a + l], regs[b + l])` for every lane `l < w` (in place: a lane
/// reads its operands before it writes, so `d` may be `a` or `b`).
#[inline(always)]
fn map2(regs: &mut [u64], a: usize, b: usize, d: usize, w: usize, f: impl Fn(u64, u64) -> u64) {
    let n = regs.len();
    if a + w > n || b + w > n || d + w > n {
        return;
    }
    for l in 0..w {
        let v = f(regs[a + l], regs[b + l]);
        regs[d + l] = v;
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
