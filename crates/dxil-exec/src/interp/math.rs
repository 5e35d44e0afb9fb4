//! The per-lane arithmetic operations of DXIL (DXIL.rst "Operations": Unary, UnaryBits,
//! Binary, BinaryWithTwoOuts, BinaryWithCarryOrBorrow, Tertiary, Quaternary, Dot*, IsSpecialFloat,
//! MakeDouble/SplitDouble, the legacy conversions, packing), with D3D's rules: min/max
//! return the non-NaN operand, `saturate` maps NaN to 0, bit scans give -1 when no bit is
//! found (D3D11.3 functional spec 22.x, "Instruction Reference"). [`crate::interp::dxop`]
//! runs each operation with [`per_lane`] over its operands' slots and one of the functions
//! here.

use crate::code::{Slot, Ty};
use crate::interp::alu::{self, sext};
use crate::interp::float::{f32_to_half, flush32, get, half_to_f32, put};
use crate::interp::{for_lanes, Mask, Wave};

/// Computes `f` for each lane of `mask` over the values of the slots `args`, writing its
/// results to consecutive slots from `dst`. With `flush` (fp32 arithmetic in a flushing
/// denormal mode) denormal operands and the first result flush to zero.
#[inline(always)]
pub(crate) fn per_lane<const N: usize, const R: usize>(
    w: &mut Wave,
    mask: Mask,
    dst: Slot,
    args: [Slot; N],
    flush: bool,
    f: impl Fn([u64; N]) -> [u64; R],
) {
    if flush {
        for_lanes!(mask, l, {
            let mut r = f(args.map(|s| flush32(w.get(s, l))));
            if let Some(first) = r.first_mut() {
                *first = flush32(*first);
            }
            put_results(w, dst, l, r);
        });
    } else {
        for_lanes!(mask, l, {
            let r = f(args.map(|s| w.get(s, l)));
            put_results(w, dst, l, r);
        });
    }
}

#[inline(always)]
fn put_results<const R: usize>(w: &mut Wave, dst: Slot, l: usize, r: [u64; R]) {
    for (k, v) in (0u32..).zip(r) {
        w.set(dst + k, l, v);
    }
}

/// A unary float operation of kind `ty` for each lane of `mask`: `f` in f64 for doubles,
/// `f32f` in f32 for floats and halves.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(crate) fn float1(
    w: &mut Wave,
    mask: Mask,
    dst: Slot,
    value: Slot,
    flush: bool,
    ty: Ty,
    f: impl Fn(f64) -> f64,
    f32f: impl Fn(f32) -> f32,
) {
    per_lane(w, mask, dst, [value], flush, |[x]| {
        [unary_f(ty, x, &f, &f32f)]
    });
}

fn fl(ty: Ty, v: u64) -> f64 {
    get(ty, v)
}

#[inline(always)]
fn unary_f(ty: Ty, v: u64, f: impl Fn(f64) -> f64, f32f: impl Fn(f32) -> f32) -> u64 {
    if ty == Ty::F64 {
        put(ty, f(fl(ty, v)))
    } else {
        let x = if ty == Ty::F16 {
            half_to_f32(v as u16)
        } else {
            f32::from_bits(v as u32)
        };
        let r = f32f(x);
        if ty == Ty::F16 {
            u64::from(f32_to_half(r))
        } else {
            u64::from(r.to_bits())
        }
    }
}

/// Round to nearest, ties to even.
pub(crate) fn round_ne(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 {
        2.0 * (x / 2.0).round()
    } else {
        r
    }
}

/// `FAbs`: the sign bit cleared.
pub(crate) fn fabs(ty: Ty, x: u64) -> u64 {
    match ty {
        Ty::F16 => x & 0x7fff,
        Ty::F32 => x & 0x7fff_ffff,
        _ => x & !(1 << 63),
    }
}

/// `Saturate`: clamped to [0, 1], NaN to 0.
pub(crate) fn saturate(ty: Ty, x: u64) -> u64 {
    let f = fl(ty, x);
    put(ty, if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) })
}

/// A classification (`IsNaN`, `IsInf`, `IsFinite`) as 0 or 1.
pub(crate) fn is(ty: Ty, x: u64, class: fn(f64) -> bool) -> u64 {
    u64::from(class(fl(ty, x)))
}

/// `IsNormal`: finite and not denormal (nor zero) in the kind's own range.
pub(crate) fn is_normal(ty: Ty, x: u64) -> u64 {
    let f = fl(ty, x);
    let min = match ty {
        Ty::F16 => 6.103_515_625e-5,
        Ty::F32 => f64::from(f32::MIN_POSITIVE),
        _ => f64::MIN_POSITIVE,
    };
    u64::from(f.is_finite() && f.abs() >= min)
}

/// `Bfrev`: the kind's bits reversed.
pub(crate) fn bfrev(ty: Ty, x: u64) -> u64 {
    (x.reverse_bits() >> (64 - ty.bits())) & ty.mask()
}

/// `Countbits`.
pub(crate) fn countbits(ty: Ty, x: u64) -> u64 {
    u64::from((x & ty.mask()).count_ones())
}

/// `FirstbitLo`: the lowest set bit, -1 (as u32) for none.
pub(crate) fn firstbit_lo(ty: Ty, x: u64) -> u64 {
    if x & ty.mask() == 0 {
        u64::from(u32::MAX)
    } else {
        u64::from(x.trailing_zeros())
    }
}

/// `FirstbitHi`: the highest set bit counted from the top, -1 (as u32) for none.
pub(crate) fn firstbit_hi(ty: Ty, x: u64) -> u64 {
    first_hi(x & ty.mask(), ty.bits())
}

/// `FirstbitSHi`: the highest bit that differs from the sign, counted from the top.
pub(crate) fn firstbit_shi(ty: Ty, x: u64) -> u64 {
    let (bits, m) = (ty.bits(), ty.mask());
    let v = if sext(x, bits) < 0 { !x & m } else { x & m };
    first_hi(v, bits)
}

/// `FMax` (`max`) or `FMin`: the non-NaN operand when one is NaN.
pub(crate) fn fmin_max(ty: Ty, x: u64, y: u64, max: bool) -> u64 {
    let (p, q) = (fl(ty, x), fl(ty, y));
    let v = if p.is_nan() {
        q
    } else if q.is_nan() {
        p
    } else if max {
        p.max(q)
    } else {
        p.min(q)
    };
    put(ty, v)
}

/// `IMax`: signed.
pub(crate) fn imax(ty: Ty, x: u64, y: u64) -> u64 {
    if sext(x, ty.bits()) >= sext(y, ty.bits()) {
        x
    } else {
        y
    }
}

/// `IMin`: signed.
pub(crate) fn imin(ty: Ty, x: u64, y: u64) -> u64 {
    if sext(x, ty.bits()) <= sext(y, ty.bits()) {
        x
    } else {
        y
    }
}

/// `IMul`: the signed 64-bit product as (high, low) 32-bit halves.
pub(crate) fn imul(x: u64, y: u64) -> [u64; 2] {
    let p = i128::from(sext(x, 32)) * i128::from(sext(y, 32));
    [((p >> 32) as u64) & 0xffff_ffff, (p as u64) & 0xffff_ffff]
}

/// `UMul`: the unsigned 64-bit product as (high, low).
pub(crate) fn umul(x: u64, y: u64) -> [u64; 2] {
    let p = (x & 0xffff_ffff) * (y & 0xffff_ffff);
    [p >> 32, p & 0xffff_ffff]
}

/// `UDiv`: (quotient, remainder), all ones for a zero divisor (D3D).
pub(crate) fn udiv(x: u64, y: u64) -> [u64; 2] {
    [
        alu::udiv_d3d(x, y, 0xffff_ffff),
        alu::urem_d3d(x, y, 0xffff_ffff),
    ]
}

/// `UAddc`: (sum, carry).
pub(crate) fn uaddc(x: u64, y: u64) -> [u64; 2] {
    let s = x + y;
    [s & 0xffff_ffff, u64::from(s > 0xffff_ffff)]
}

/// `USubb`: (difference, borrow).
pub(crate) fn usubb(x: u64, y: u64) -> [u64; 2] {
    [x.wrapping_sub(y) & 0xffff_ffff, u64::from(x < y)]
}

/// `FMad`: `x * y + z`, rounded after each step in fp32.
pub(crate) fn fmad(ty: Ty, x: u64, y: u64, z: u64) -> u64 {
    if ty == Ty::F32 {
        let (p, q, r) = (
            f32::from_bits(x as u32),
            f32::from_bits(y as u32),
            f32::from_bits(z as u32),
        );
        u64::from((p * q + r).to_bits())
    } else {
        put(ty, fl(ty, x) * fl(ty, y) + fl(ty, z))
    }
}

/// `Fma`: fused.
pub(crate) fn fma(ty: Ty, x: u64, y: u64, z: u64) -> u64 {
    put(ty, fl(ty, x).mul_add(fl(ty, y), fl(ty, z)))
}

/// `IMad` and `UMad`: `x * y + z` in the kind's width.
pub(crate) fn mad(ty: Ty, x: u64, y: u64, z: u64) -> u64 {
    x.wrapping_mul(y).wrapping_add(z) & ty.mask()
}

/// `Msad`: `accum` plus the absolute differences of the bytes of `reference` and `source`
/// where the reference byte is not 0.
pub(crate) fn msad(reference: u64, source: u64, accum: u64) -> u64 {
    let mut acc = accum;
    for i in 0..4 {
        let r = (reference >> (8 * i)) & 0xff;
        let s = (source >> (8 * i)) & 0xff;
        if r != 0 {
            acc = acc.wrapping_add(r.abs_diff(s));
        }
    }
    acc & 0xffff_ffff
}

/// `Ibfe` (`signed`) and `Ubfe`: the `width` bits of `value` from bit `offset`.
pub(crate) fn bfe(width: u64, offset: u64, value: u64, signed: bool) -> u64 {
    let width = (width & 31) as u32;
    let offset = (offset & 31) as u32;
    let v = value as u32;
    let r = if width == 0 {
        0
    } else if width + offset < 32 {
        let sh = v << (32 - width - offset);
        if signed {
            ((sh as i32) >> (32 - width)) as u32
        } else {
            sh >> (32 - width)
        }
    } else if signed {
        ((v as i32) >> offset) as u32
    } else {
        v >> offset
    };
    u64::from(r)
}

/// `Bfi`: `value`'s low `width` bits inserted into `replaced` at bit `offset`.
pub(crate) fn bfi(width: u64, offset: u64, value: u64, replaced: u64) -> u64 {
    let width = (width & 31) as u32;
    let offset = (offset & 31) as u32;
    let mask = (((1u64 << width) - 1) << offset) as u32;
    let v = ((value as u32) << offset) & mask;
    u64::from(v | (replaced as u32 & !mask))
}

/// `Dot2`, `Dot3`, `Dot4`: summed in f32 for floats and halves.
pub(crate) fn dot<const N: usize>(ty: Ty, a: [u64; N], b: [u64; N]) -> u64 {
    dot_pairs(ty, a.into_iter().zip(b))
}

/// The dot product of the (a, b) pairs, summed in order (`FDot` of any length); fp16 in
/// fp32, rounded once at the end.
pub(crate) fn dot_pairs(ty: Ty, mut pairs: impl Iterator<Item = (u64, u64)>) -> u64 {
    if ty == Ty::F32 {
        let f = |v: u64| f32::from_bits(v as u32);
        let p = |(x, y): (u64, u64)| f(x) * f(y);
        let first = pairs.next().map_or(0.0, p);
        u64::from(pairs.fold(first, |s, xy| s + p(xy)).to_bits())
    } else {
        let f = |v: u64| half_to_f32(v as u16);
        let p = |(x, y): (u64, u64)| f(x) * f(y);
        let first = pairs.next().map_or(0.0, p);
        put(ty, f64::from(pairs.fold(first, |s, xy| s + p(xy))))
    }
}

/// `LegacyF32ToF16`.
pub(crate) fn f32_to_f16(x: u64) -> u64 {
    u64::from(f32_to_half(f32::from_bits(x as u32)))
}

/// `LegacyF16ToF32`.
pub(crate) fn f16_to_f32(x: u64) -> u64 {
    u64::from(half_to_f32(x as u16).to_bits())
}

/// `Dot2AddHalf`: `acc` (f32) plus the dot product of two half vectors.
pub(crate) fn dot2_add_half(acc: u64, a: [u64; 2], b: [u64; 2]) -> u64 {
    let h = |v: u64| half_to_f32(v as u16);
    let r = f32::from_bits(acc as u32) + h(a[0]) * h(b[0]) + h(a[1]) * h(b[1]);
    u64::from(r.to_bits())
}

/// `Dot4AddI8Packed` (`signed`) and `Dot4AddU8Packed`: `acc` plus the dot product of the
/// bytes of `a` and `b`.
pub(crate) fn dot4_add_packed(acc: u64, a: u64, b: u64, signed: bool) -> u64 {
    let mut acc = acc as u32;
    for i in 0..4 {
        let (p, q) = ((a >> (8 * i)) & 0xff, (b >> (8 * i)) & 0xff);
        let prod = if signed {
            (sext(p, 8) * sext(q, 8)) as u32
        } else {
            (p * q) as u32
        };
        acc = acc.wrapping_add(prod);
    }
    u64::from(acc)
}

/// `Pack4x8`: mode 1 clamps each value to [0, 255], 2 to [-128, 127], else truncates.
pub(crate) fn pack4x8(ty: Ty, mode: u64, values: [u64; 4]) -> u64 {
    let mut r = 0u64;
    for (i, v) in values.into_iter().enumerate() {
        let s = sext(v, ty.bits());
        let b = match mode {
            1 => s.clamp(0, 255) as u64,
            2 => (s.clamp(-128, 127) as u64) & 0xff,
            _ => v & 0xff,
        };
        r |= b << (8 * i);
    }
    r
}

/// `Unpack4x8`: mode 1 sign-extends each byte, else zero-extends.
pub(crate) fn unpack4x8(ty: Ty, mode: u64, packed: u64) -> [u64; 4] {
    let mut out = [0; 4];
    for (i, o) in out.iter_mut().enumerate() {
        let b = (packed >> (8 * i)) & 0xff;
        *o = if mode == 1 {
            (sext(b, 8) as u64) & ty.mask()
        } else {
            b
        };
    }
    out
}

fn first_hi(v: u64, bits: u32) -> u64 {
    if v == 0 {
        u64::from(u32::MAX)
    } else {
        u64::from(v.leading_zeros() - (64 - bits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32b(x: f32) -> u64 {
        u64::from(x.to_bits())
    }

    #[test]
    fn d3d_float_rules() {
        let nan = f32b(f32::NAN);
        let f = Ty::F32;
        assert_eq!(fmin_max(f, nan, f32b(1.0), true), f32b(1.0));
        assert_eq!(fmin_max(f, f32b(-2.0), nan, false), f32b(-2.0));
        assert_eq!(saturate(f, nan), 0);
        assert_eq!(saturate(f, f32b(1.5)), f32b(1.0));
        assert_eq!(round_ne(2.5), 2.0);
        assert_eq!(round_ne(-3.5), -4.0);
        assert_eq!(
            unary_f(f, f32b(-1.25), |v| v - v.floor(), |v| v - v.floor()),
            f32b(0.75)
        );
        assert_eq!(fabs(f, 0x8000_0001), 1);
        assert_eq!(is_normal(f, 0x8000_0001), 0);
        assert_eq!(is_normal(Ty::F16, 0x0400), 1);
        assert_eq!(is(f, nan, f64::is_nan), 1);
    }

    #[test]
    fn bit_scans_and_fields() {
        assert_eq!(firstbit_hi(Ty::I32, 0x00f0), 24);
        assert_eq!(firstbit_hi(Ty::I32, 0), 0xffff_ffff);
        assert_eq!(firstbit_shi(Ty::I32, 0xffff_fff0), 28);
        assert_eq!(firstbit_lo(Ty::I64, 1 << 40), 40);
        assert_eq!(countbits(Ty::I16, 0xffff), 16);
        assert_eq!(bfrev(Ty::I32, 1), 0x8000_0000);
        assert_eq!(bfe(4, 8, 0xabcd, false), 0xb);
        assert_eq!(bfe(4, 8, 0xa00, true), 0xffff_fffa);
        assert_eq!(bfi(4, 8, 0x5, 0xffff_ffff), 0xffff_f5ff);
        assert_eq!(msad(0x0001_0203, 0x0000_0000, 10), 16);
        assert_eq!(imax(Ty::I32, 0xffff_ffff, 1), 1);
        assert_eq!(imin(Ty::I16, 0xffff, 1), 0xffff);
        assert_eq!(mad(Ty::I16, 0x100, 0x100, 7), 7);
    }

    #[test]
    fn two_results_and_packing() {
        assert_eq!(uaddc(0xffff_ffff, 2), [1, 1]);
        assert_eq!(usubb(1, 2), [0xffff_ffff, 1]);
        assert_eq!(imul(0xffff_fffe, 3), [0xffff_ffff, 0xffff_fffa]);
        assert_eq!(umul(0xffff_ffff, 2), [1, 0xffff_fffe]);
        assert_eq!(udiv(7, 0), [0xffff_ffff, 0xffff_ffff]);
        assert_eq!(pack4x8(Ty::I32, 1, [300, 0xffff_ffff, 5, 255]), 0xff05_00ff);
        assert_eq!(unpack4x8(Ty::I16, 1, 0x80ff_0102), [2, 1, 0xffff, 0xff80]);
        assert_eq!(dot4_add_packed(1, 0xff02, 0x0303, true), 1 + 6 - 3);
        assert_eq!(dot4_add_packed(1, 0xff02, 0x0303, false), 1 + 6 + 765);
        let h = |x: f32| u64::from(f32_to_half(x));
        assert_eq!(
            dot2_add_half(f32b(1.0), [h(2.0), h(3.0)], [h(4.0), h(5.0)]),
            f32b(24.0)
        );
        assert_eq!(
            dot(Ty::F32, [f32b(1.0), f32b(2.0)], [f32b(3.0), f32b(4.0)]),
            f32b(11.0)
        );
    }
}
