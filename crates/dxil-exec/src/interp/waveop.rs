//! Operations across the lanes of a wave and of a quad (DXIL.rst "Wave Intrinsics", "Quad
//! operations"; HLSL Shader Model 6.0 wave intrinsics): they see exactly the lanes active at
//! the call, lane order is the wave's lane index order, a quad is four consecutive lanes.
//! Derivatives in compute shaders (SM 6.6) take the quad as a 2x2 footprint: lane 0 at
//! (0,0), 1 at (1,0), 2 at (0,1), 3 at (1,1).

use crate::code::{Slot, Ty};
use crate::interp::alu::{bin, sext};
use crate::interp::float::put;
use crate::interp::{for_lanes, Mask, Wave};
use dxil_ir::BinOp;

/// The lanes a wave operation sees: the active lanes that are not helpers (HLSL Shader Model
/// 6.0 wave intrinsics: helper lanes are not active lanes). Quad operations and derivatives
/// see helpers too.
#[inline]
pub(crate) fn active(w: &Wave, mask: Mask) -> Mask {
    mask & !w.helper
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

fn put_mask(dst: Slot, w: &mut Wave, lane: usize, m: Mask) {
    for k in 0..4 {
        w.set(dst + k, lane, ((m >> (32 * k)) as u64) & 0xffff_ffff);
    }
}

/// `WaveIsFirstLane`.
pub(crate) fn is_first_lane(w: &mut Wave, dst: Slot, mask: Mask) {
    let first = mask.trailing_zeros() as usize;
    for_lanes!(mask, l, { w.set(dst, l, u64::from(l == first)) });
}

/// `WaveGetLaneIndex`.
pub(crate) fn lane_index(w: &mut Wave, dst: Slot, mask: Mask) {
    for_lanes!(mask, l, { w.set(dst, l, l as u64) });
}

/// `WaveGetLaneCount`.
pub(crate) fn lane_count(w: &mut Wave, dst: Slot, mask: Mask) {
    let lanes = w.lanes;
    for_lanes!(mask, l, { w.set(dst, l, lanes as u64) });
}

/// The lanes of `mask` where `cond` is true.
fn true_lanes(w: &Wave, cond: Slot, mask: Mask) -> Mask {
    let mut t: Mask = 0;
    for_lanes!(mask, l, {
        if w.get(cond, l) & 1 == 1 {
            t |= 1 << l;
        }
    });
    t
}

/// `WaveAnyTrue`, or with `all` `WaveAllTrue`.
pub(crate) fn vote(w: &mut Wave, cond: Slot, dst: Slot, mask: Mask, all: bool) {
    let t = true_lanes(w, cond, mask);
    let r = if all { t == mask } else { t != 0 };
    for_lanes!(mask, l, { w.set(dst, l, u64::from(r)) });
}

/// `WaveActiveAllEqual`.
pub(crate) fn all_equal(w: &mut Wave, value: Slot, dst: Slot, mask: Mask) {
    let v0 = w.get(value, mask.trailing_zeros() as usize);
    let mut eq = true;
    for_lanes!(mask, l, { eq &= w.get(value, l) == v0 });
    for_lanes!(mask, l, { w.set(dst, l, u64::from(eq)) });
}

/// `WaveActiveBallot`: the lanes where `cond` is true, as four 32-bit words.
pub(crate) fn ballot(w: &mut Wave, cond: Slot, dst: Slot, mask: Mask) {
    let t = true_lanes(w, cond, mask);
    for_lanes!(mask, l, { put_mask(dst, w, l, t) });
}

/// `WaveReadLaneAt`: `value` of the lane that `lane` names (modulo the wave's lanes).
pub(crate) fn read_lane_at(w: &mut Wave, value: Slot, lane: Slot, dst: Slot, mask: Mask) {
    let lanes = w.lanes;
    for_lanes!(mask, l, {
        let src = (w.get(lane, l) as usize) % lanes.max(1);
        let v = w.get(value, src);
        w.set(dst, l, v);
    });
}

/// `WaveReadLaneFirst`.
pub(crate) fn read_lane_first(w: &mut Wave, value: Slot, dst: Slot, mask: Mask) {
    let v = w.get(value, mask.trailing_zeros() as usize);
    for_lanes!(mask, l, { w.set(dst, l, v) });
}

/// A constant operand (an operation's kind, its signedness), read in the first lane.
fn constant(w: &Wave, s: Slot, mask: Mask) -> u64 {
    w.get(s, mask.trailing_zeros() as usize)
}

/// `WaveActiveOp`: the reduction `op` (signed or not as `sop` says) over the lanes.
pub(crate) fn active_op(
    w: &mut Wave,
    ty: Ty,
    value: Slot,
    op: Slot,
    sop: Slot,
    dst: Slot,
    mask: Mask,
) {
    let (k, unsigned) = (constant(w, op, mask), constant(w, sop, mask) == 1);
    let mut acc: Option<u64> = None;
    for_lanes!(mask, l, {
        let v = w.get(value, l);
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

/// `WaveActiveBit`: the bitwise operation `op` over the lanes.
pub(crate) fn active_bit(w: &mut Wave, value: Slot, op: Slot, dst: Slot, mask: Mask) {
    let k = constant(w, op, mask);
    let mut acc: Option<u64> = None;
    for_lanes!(mask, l, {
        let v = w.get(value, l);
        acc = Some(match acc {
            None => v,
            Some(a) => bit(k, a, v),
        });
    });
    if let Some(r) = acc {
        for_lanes!(mask, l, { w.set(dst, l, r) });
    }
}

/// `WavePrefixOp`: the reduction over the lanes below each.
pub(crate) fn prefix_op(
    w: &mut Wave,
    ty: Ty,
    value: Slot,
    op: Slot,
    sop: Slot,
    dst: Slot,
    mask: Mask,
) {
    let (k, unsigned) = (constant(w, op, mask), constant(w, sop, mask) == 1);
    let mut acc = identity(k, ty);
    for_lanes!(mask, l, {
        let v = w.get(value, l);
        w.set(dst, l, acc);
        acc = combine(k, unsigned, ty, acc, v);
    });
}

/// `WaveAllBitCount`, or with `prefix` `WavePrefixBitCount`: the lanes (below each) where
/// `value` is true.
pub(crate) fn bit_count(w: &mut Wave, value: Slot, dst: Slot, mask: Mask, prefix: bool) {
    let t = true_lanes(w, value, mask);
    for_lanes!(mask, l, {
        let below = if l == 0 { 0 } else { t & ((1u128 << l) - 1) };
        let n = if prefix {
            below.count_ones()
        } else {
            t.count_ones()
        };
        w.set(dst, l, u64::from(n));
    });
}

/// `WaveMatch`: the lanes whose `value` (`elems` elements, a vector overload's) equals
/// each lane's in every element.
pub(crate) fn wave_match(w: &mut Wave, value: Slot, elems: u32, dst: Slot, mask: Mask) {
    for_lanes!(mask, l, {
        let mut t: Mask = 0;
        for_lanes!(mask, o, {
            if (0..elems).all(|k| w.get(value + k, o) == w.get(value + k, l)) {
                t |= 1 << o;
            }
        });
        put_mask(dst, w, l, t);
    });
}

/// `WaveMultiPrefixOp` with `reduce` (its `op` and `sop` operands), or without it
/// `WaveMultiPrefixBitCount`: over the lanes below each in the lane mask `masks` gives it.
pub(crate) fn multi_prefix(
    w: &mut Wave,
    ty: Ty,
    value: Slot,
    masks: [Slot; 4],
    reduce: Option<(Slot, Slot)>,
    dst: Slot,
    mask: Mask,
) {
    let (k, unsigned) = match reduce {
        Some((op, sop)) => (constant(w, op, mask), constant(w, sop, mask) == 1),
        None => (0, true),
    };
    // Values and masks first: `dst` may be an operand's slot.
    let mut vals = [0u64; 128];
    let mut lane_masks = [0 as Mask; 128];
    for_lanes!(mask, l, {
        for (q, &s) in masks.iter().enumerate() {
            lane_masks[l] |= Mask::from(w.get(s, l) as u32) << (32 * q);
        }
        vals[l] = w.get(value, l);
    });
    for_lanes!(mask, l, {
        // The active lanes below this one in its own mask.
        let below = lane_masks[l] & mask & ((1 << l) - 1);
        let r = if reduce.is_none() {
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

/// Each lane of `mask` gets `value` of the lane `source(lane, selector)` names (0 past the
/// wave's lanes); all read before any writes.
fn from_quad_lane(
    w: &mut Wave,
    value: Slot,
    selector: Slot,
    dst: Slot,
    mask: Mask,
    source: impl Fn(usize, usize) -> usize,
) {
    let lanes = w.lanes;
    let mut out = [0u64; 128];
    for_lanes!(mask, l, {
        let src = source(l, w.get(selector, l) as usize);
        out[l] = if src < lanes { w.get(value, src) } else { 0 };
    });
    for_lanes!(mask, l, {
        w.set(dst, l, out[l]);
    });
}

/// `QuadReadLaneAt`: `value` of the quad's lane `quad_lane` (0 to 3).
pub(crate) fn quad_read_lane_at(w: &mut Wave, value: Slot, quad_lane: Slot, dst: Slot, mask: Mask) {
    from_quad_lane(w, value, quad_lane, dst, mask, |l, s| (l & !3) | (s & 3));
}

/// `QuadOp`: `value` of the lane across the quad in x (`op` 0), y (1) or the diagonal (2).
pub(crate) fn quad_op(w: &mut Wave, value: Slot, op: Slot, dst: Slot, mask: Mask) {
    from_quad_lane(w, value, op, dst, mask, |l, s| {
        l ^ match s {
            0 => 1,
            1 => 2,
            _ => 3,
        }
    });
}

/// `QuadVote`: whether `cond` is true in any (`op` 0) or all (1) active lanes of the quad.
pub(crate) fn quad_vote(w: &mut Wave, cond: Slot, op: Slot, dst: Slot, mask: Mask) {
    let lanes = w.lanes;
    let k = constant(w, op, mask);
    let mut out = [0u64; 128];
    for_lanes!(mask, l, {
        let q = l & !3;
        let mut any = false;
        let mut all = true;
        for o in q..(q + 4).min(lanes) {
            if mask >> o & 1 == 1 {
                let b = w.get(cond, o) & 1 == 1;
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

/// The derivative operations.
#[derive(Clone, Copy)]
pub(crate) enum Deriv {
    CoarseX,
    CoarseY,
    FineX,
    FineY,
}

/// `DerivCoarseX`, `DerivCoarseY`, `DerivFineX`, `DerivFineY`: differences of `value`
/// across the quad.
pub(crate) fn deriv(w: &mut Wave, ty: Ty, value: Slot, dst: Slot, mask: Mask, kind: Deriv) {
    let lanes = w.lanes;
    let mut out = [0u64; 128];
    for_lanes!(mask, l, {
        let q = l & !3;
        let at = |i: usize| {
            if q + i < lanes {
                w.get(value, q + i)
            } else {
                0
            }
        };
        let (hi, lo) = match kind {
            Deriv::CoarseX => (at(1), at(0)),
            Deriv::CoarseY => (at(2), at(0)),
            Deriv::FineX => {
                let row = (l & 2) >> 1;
                (at(row * 2 + 1), at(row * 2))
            }
            Deriv::FineY => {
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
