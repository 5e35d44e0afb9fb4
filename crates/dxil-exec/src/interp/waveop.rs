//! Operations across the lanes of a wave and of a quad (DXIL.rst "Wave Intrinsics", "Quad
//! operations"; HLSL Shader Model 6.0 wave intrinsics): they see exactly the lanes active at
//! the call, lane order is the wave's lane index order, a quad is four consecutive lanes.
//! Derivatives in compute shaders (SM 6.6) take the quad as a 2x2 footprint: lane 0 at
//! (0,0), 1 at (1,0), 2 at (0,1), 3 at (1,1).

use dxil_ops::OpCode as O;

use crate::code::{Slot, Ty};
use crate::error::Result;
use crate::interp::alu::{bin, sext};
use crate::interp::dxop::operand;
use crate::interp::float::put;
use crate::interp::{for_lanes, Mask, Wave};
use dxil_ir::BinOp;

/// Whether `op` is computed here.
pub(crate) fn handles(op: O) -> bool {
    matches!(
        op,
        O::WaveIsFirstLane
            | O::WaveGetLaneIndex
            | O::WaveGetLaneCount
            | O::WaveAnyTrue
            | O::WaveAllTrue
            | O::WaveActiveAllEqual
            | O::WaveActiveBallot
            | O::WaveReadLaneAt
            | O::WaveReadLaneFirst
            | O::WaveActiveOp
            | O::WaveActiveBit
            | O::WavePrefixOp
            | O::WaveAllBitCount
            | O::WavePrefixBitCount
            | O::WaveMatch
            | O::WaveMultiPrefixOp
            | O::WaveMultiPrefixBitCount
            | O::QuadReadLaneAt
            | O::QuadOp
            | O::QuadVote
            | O::DerivCoarseX
            | O::DerivCoarseY
            | O::DerivFineX
            | O::DerivFineY
    )
}

/// Whether `op` works on the lanes of a quad (quad operations and derivatives), which helper
/// lanes take part in; wave operations leave them out (HLSL Shader Model 6.0 wave
/// intrinsics: helper lanes are not active lanes).
pub(crate) fn quad_scoped(op: O) -> bool {
    matches!(
        op,
        O::QuadReadLaneAt
            | O::QuadOp
            | O::QuadVote
            | O::DerivCoarseX
            | O::DerivCoarseY
            | O::DerivFineX
            | O::DerivFineY
    )
}

/// `WaveActiveOp`/`WavePrefixOp` reductions: 0 sum, 1 product, 2 min, 3 max; `unsigned`
/// from the sign operand (1).
fn combine(op: u64, unsigned: bool, ty: Ty, a: u64, b: u64) -> u64 {
    if ty.is_float() {
        let k = match op {
            0 => BinOp::FAdd,
            1 => BinOp::FMul,
            _ => {
                let (x, y) = (
                    crate::interp::float::get(ty, a),
                    crate::interp::float::get(ty, b),
                );
                let r = if x.is_nan() {
                    y
                } else if y.is_nan() {
                    x
                } else if op == 2 {
                    x.min(y)
                } else {
                    x.max(y)
                };
                return put(ty, r);
            }
        };
        return bin(k, ty, a, b);
    }
    let bits = ty.bits();
    match op {
        0 => bin(BinOp::Add, ty, a, b),
        1 => bin(BinOp::Mul, ty, a, b),
        2 => {
            let less = if unsigned {
                b < a
            } else {
                sext(b, bits) < sext(a, bits)
            };
            if less {
                b
            } else {
                a
            }
        }
        _ => {
            let more = if unsigned {
                b > a
            } else {
                sext(b, bits) > sext(a, bits)
            };
            if more {
                b
            } else {
                a
            }
        }
    }
}

fn identity(op: u64, ty: Ty) -> u64 {
    match (op, ty.is_float()) {
        (1, true) => put(ty, 1.0),
        (1, false) => 1,
        _ => 0,
    }
}

fn bit(op: u64, a: u64, b: u64) -> u64 {
    match op {
        0 => a & b,
        1 => a | b,
        _ => a ^ b,
    }
}

fn ballot(dst: Slot, w: &mut Wave, lane: usize, m: Mask) {
    for k in 0..4 {
        w.set(dst + k, lane, ((m >> (32 * k)) as u64) & 0xffff_ffff);
    }
}

/// Runs a wave or quad operation for the lanes of `mask`.
pub(crate) fn exec(
    w: &mut Wave,
    op: O,
    ty: Ty,
    dst: Slot,
    args: &[Slot],
    mask: Mask,
) -> Result<()> {
    let first = mask.trailing_zeros() as usize;
    let lanes = w.lanes;
    // The operations without operands.
    match op {
        O::WaveIsFirstLane => for_lanes!(mask, l, { w.set(dst, l, u64::from(l == first)) }),
        O::WaveGetLaneIndex => for_lanes!(mask, l, { w.set(dst, l, l as u64) }),
        O::WaveGetLaneCount => for_lanes!(mask, l, { w.set(dst, l, lanes as u64) }),
        _ => return with_operands(w, op, ty, dst, args, mask),
    }
    Ok(())
}

/// The wave and quad operations over a value (operand 0) and their constant operands.
fn with_operands(w: &mut Wave, op: O, ty: Ty, dst: Slot, args: &[Slot], mask: Mask) -> Result<()> {
    let a0 = operand(op, args, 0)?;
    // A constant operand (the operation's kind, its signedness), read in the first lane.
    let c = |w: &Wave, i: usize| -> Result<u64> {
        Ok(w.get(operand(op, args, i)?, mask.trailing_zeros() as usize))
    };
    let first = mask.trailing_zeros() as usize;
    let lanes = w.lanes;
    match op {
        O::WaveAnyTrue | O::WaveAllTrue => {
            let mut t: Mask = 0;
            for_lanes!(mask, l, {
                if w.get(a0, l) & 1 == 1 {
                    t |= 1 << l;
                }
            });
            let r = if op == O::WaveAnyTrue {
                t != 0
            } else {
                t == mask
            };
            for_lanes!(mask, l, { w.set(dst, l, u64::from(r)) });
        }
        O::WaveActiveAllEqual => {
            let v0 = w.get(a0, first);
            let mut eq = true;
            for_lanes!(mask, l, { eq &= w.get(a0, l) == v0 });
            for_lanes!(mask, l, { w.set(dst, l, u64::from(eq)) });
        }
        O::WaveActiveBallot => {
            let mut t: Mask = 0;
            for_lanes!(mask, l, {
                if w.get(a0, l) & 1 == 1 {
                    t |= 1 << l;
                }
            });
            for_lanes!(mask, l, { ballot(dst, w, l, t) });
        }
        O::WaveReadLaneAt => {
            let idx = operand(op, args, 1)?;
            for_lanes!(mask, l, {
                let src = (w.get(idx, l) as usize) % lanes.max(1);
                let v = w.get(a0, src);
                w.set(dst, l, v);
            });
        }
        O::WaveReadLaneFirst => {
            let v = w.get(a0, first);
            for_lanes!(mask, l, { w.set(dst, l, v) });
        }
        O::WaveActiveOp => {
            let (k, unsigned) = (c(w, 1)?, c(w, 2)? == 1);
            let mut acc: Option<u64> = None;
            for_lanes!(mask, l, {
                let v = w.get(a0, l);
                acc = Some(match acc {
                    None => v,
                    Some(a) => combine(k, unsigned, ty, a, v),
                });
            });
            // No value without an active lane, and no lane to give it to.
            if let Some(r) = acc {
                for_lanes!(mask, l, { w.set(dst, l, r) });
            }
        }
        O::WaveActiveBit => {
            let k = c(w, 1)?;
            let mut acc: Option<u64> = None;
            for_lanes!(mask, l, {
                let v = w.get(a0, l);
                acc = Some(match acc {
                    None => v,
                    Some(a) => bit(k, a, v),
                });
            });
            if let Some(r) = acc {
                for_lanes!(mask, l, { w.set(dst, l, r) });
            }
        }
        O::WavePrefixOp => {
            let (k, unsigned) = (c(w, 1)?, c(w, 2)? == 1);
            let mut acc = identity(k, ty);
            for_lanes!(mask, l, {
                let v = w.get(a0, l);
                w.set(dst, l, acc);
                acc = combine(k, unsigned, ty, acc, v);
            });
        }
        O::WaveAllBitCount | O::WavePrefixBitCount => {
            let mut t: Mask = 0;
            for_lanes!(mask, l, {
                if w.get(a0, l) & 1 == 1 {
                    t |= 1 << l;
                }
            });
            for_lanes!(mask, l, {
                let below = if l == 0 { 0 } else { t & ((1u128 << l) - 1) };
                let n = if op == O::WaveAllBitCount {
                    t.count_ones()
                } else {
                    below.count_ones()
                };
                w.set(dst, l, u64::from(n));
            });
        }
        O::WaveMatch => {
            for_lanes!(mask, l, {
                let v = w.get(a0, l);
                let mut t: Mask = 0;
                for_lanes!(mask, o, {
                    if w.get(a0, o) == v {
                        t |= 1 << o;
                    }
                });
                ballot(dst, w, l, t);
            });
        }
        O::WaveMultiPrefixOp | O::WaveMultiPrefixBitCount => {
            let (k, unsigned) = if op == O::WaveMultiPrefixOp {
                (c(w, 5)?, c(w, 6)? == 1)
            } else {
                (0, true)
            };
            let lane_masks = [1, 2, 3, 4].map(|q| operand(op, args, q));
            let mut mask_slots = [0; 4];
            for (s, m) in mask_slots.iter_mut().zip(lane_masks) {
                *s = m?;
            }
            // Values and masks first: `dst` may be an operand's slot.
            let mut vals = [0u64; 128];
            let mut masks = [0 as Mask; 128];
            for_lanes!(mask, l, {
                for (q, &s) in mask_slots.iter().enumerate() {
                    masks[l] |= Mask::from(w.get(s, l) as u32) << (32 * q);
                }
                vals[l] = w.get(a0, l);
            });
            for_lanes!(mask, l, {
                // The active lanes below this one in its own mask.
                let below = masks[l] & mask & ((1 << l) - 1);
                let r = if op == O::WaveMultiPrefixBitCount {
                    let mut n = 0;
                    for_lanes!(below, o, {
                        n += vals[o] & 1;
                    });
                    n
                } else {
                    let mut acc = identity(k, ty);
                    for_lanes!(below, o, {
                        acc = combine(k, unsigned, ty, acc, vals[o]);
                    });
                    acc
                };
                w.set(dst, l, r);
            });
        }
        O::QuadReadLaneAt | O::QuadOp => {
            let sel = operand(op, args, 1)?;
            let mut out = [0u64; 128];
            for_lanes!(mask, l, {
                let s = w.get(sel, l) as usize;
                let src = if op == O::QuadReadLaneAt {
                    (l & !3) | (s & 3)
                } else {
                    l ^ match s {
                        0 => 1,
                        1 => 2,
                        _ => 3,
                    }
                };
                out[l] = if src < lanes { w.get(a0, src) } else { 0 };
            });
            for_lanes!(mask, l, {
                w.set(dst, l, out[l]);
            });
        }
        O::QuadVote => {
            let k = c(w, 1)?;
            let mut out = [0u64; 128];
            for_lanes!(mask, l, {
                let q = l & !3;
                let mut any = false;
                let mut all = true;
                for o in q..(q + 4).min(lanes) {
                    if mask >> o & 1 == 1 {
                        let b = w.get(a0, o) & 1 == 1;
                        any |= b;
                        all &= b;
                    }
                }
                out[l] = u64::from(if k == 0 { any } else { all });
            });
            for_lanes!(mask, l, {
                w.set(dst, l, out[l]);
            });
        }
        O::DerivCoarseX | O::DerivCoarseY | O::DerivFineX | O::DerivFineY => {
            let mut out = [0u64; 128];
            for_lanes!(mask, l, {
                let q = l & !3;
                let at = |i: usize| if q + i < lanes { w.get(a0, q + i) } else { 0 };
                let (hi, lo) = match op {
                    O::DerivCoarseX => (at(1), at(0)),
                    O::DerivCoarseY => (at(2), at(0)),
                    O::DerivFineX => {
                        let row = (l & 2) >> 1;
                        (at(row * 2 + 1), at(row * 2))
                    }
                    _ => {
                        let col = l & 1;
                        (at(2 + col), at(col))
                    }
                };
                out[l] = bin(BinOp::FSub, ty, hi, lo);
            });
            for_lanes!(mask, l, {
                w.set(dst, l, out[l]);
            });
        }
        _ => {}
    }
    Ok(())
}
