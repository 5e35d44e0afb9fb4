//! The per-lane arithmetic operations of DXIL (DXIL.rst "Operations": Unary, UnaryBits,
//! Binary, BinaryWithTwoOuts, BinaryWithCarryOrBorrow, Tertiary, Quaternary, Dot*, IsSpecialFloat,
//! MakeDouble/SplitDouble, the legacy conversions, packing), with D3D's rules: min/max
//! return the non-NaN operand, `saturate` maps NaN to 0, bit scans give -1 when no bit is
//! found (D3D11.3 functional spec 22.x, "Instruction Reference").

use dxil_ops::OpCode as O;

use crate::code::Ty;
use crate::interp::alu::{self, sext};
use crate::interp::float::{f32_to_half, flush32, get, half_to_f32, put};

/// Whether `op` is computed here.
pub(crate) fn handles(op: O) -> bool {
    matches!(
        op,
        O::FAbs
            | O::Saturate
            | O::IsNaN
            | O::IsInf
            | O::IsFinite
            | O::IsNormal
            | O::Cos
            | O::Sin
            | O::Tan
            | O::Acos
            | O::Asin
            | O::Atan
            | O::Hcos
            | O::Hsin
            | O::Htan
            | O::Exp
            | O::Frc
            | O::Log
            | O::Sqrt
            | O::Rsqrt
            | O::Round_ne
            | O::Round_ni
            | O::Round_pi
            | O::Round_z
            | O::Bfrev
            | O::Countbits
            | O::FirstbitLo
            | O::FirstbitHi
            | O::FirstbitSHi
            | O::FMax
            | O::FMin
            | O::IMax
            | O::IMin
            | O::UMax
            | O::UMin
            | O::IMul
            | O::UMul
            | O::UDiv
            | O::UAddc
            | O::USubb
            | O::FMad
            | O::Fma
            | O::IMad
            | O::UMad
            | O::Msad
            | O::Ibfe
            | O::Ubfe
            | O::Bfi
            | O::Dot2
            | O::Dot3
            | O::Dot4
            | O::MakeDouble
            | O::SplitDouble
            | O::LegacyF32ToF16
            | O::LegacyF16ToF32
            | O::LegacyDoubleToFloat
            | O::LegacyDoubleToSInt32
            | O::LegacyDoubleToUInt32
            | O::BitcastI16toF16
            | O::BitcastF16toI16
            | O::BitcastI32toF32
            | O::BitcastF32toI32
            | O::BitcastI64toF64
            | O::BitcastF64toI64
            | O::Dot2AddHalf
            | O::Dot4AddI8Packed
            | O::Dot4AddU8Packed
            | O::Pack4x8
            | O::Unpack4x8
    )
}

fn fl(ty: Ty, v: u64) -> f64 {
    get(ty, v)
}

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

fn round_ne(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 {
        2.0 * (x / 2.0).round()
    } else {
        r
    }
}

/// The operand values of an arithmetic operation after the opcode, in order, then zeros:
/// every operation [`handles`] takes at most [`MAX_OPERANDS`], so each reads its operands by
/// position and the positions past its own are never read.
pub(crate) type Operands = [u64; MAX_OPERANDS];

/// The most operands an arithmetic operation takes after the opcode (`Dot4`: two vectors of
/// four).
pub(crate) const MAX_OPERANDS: usize = 8;

/// Computes `op` over `a`; results go to `out` in result order (aggregates: one per
/// member). Returns the number of results.
pub(crate) fn eval(op: O, ty: Ty, a: &Operands, out: &mut [u64; 8], ftz: bool) -> usize {
    if ftz && ty == Ty::F32 && flushes(op) {
        let v = a.map(flush32);
        let n = eval_exact(op, ty, &v, out);
        out[0] = flush32(out[0]);
        return n;
    }
    eval_exact(op, ty, a, out)
}

/// The fp32 arithmetic that flushes denormals: not the bit-level operations (absolute
/// value, classification, bit casts, the legacy conversions).
fn flushes(op: O) -> bool {
    !matches!(
        op,
        O::FAbs
            | O::IsNaN
            | O::IsInf
            | O::IsFinite
            | O::IsNormal
            | O::BitcastF32toI32
            | O::BitcastI32toF32
            | O::LegacyF32ToF16
            | O::LegacyF16ToF32
            | O::Dot2AddHalf
    )
}

fn eval_exact(op: O, ty: Ty, a: &Operands, out: &mut [u64; 8]) -> usize {
    let [x, y, z, ..] = *a;
    let bits = ty.bits();
    let m = ty.mask();
    let r: u64 = match op {
        O::FAbs => match ty {
            Ty::F16 => x & 0x7fff,
            Ty::F32 => x & 0x7fff_ffff,
            _ => x & !(1 << 63),
        },
        O::Saturate => {
            let f = fl(ty, x);
            put(ty, if f.is_nan() { 0.0 } else { f.clamp(0.0, 1.0) })
        }
        O::IsNaN => u64::from(fl(ty, x).is_nan()),
        O::IsInf => u64::from(fl(ty, x).is_infinite()),
        O::IsFinite => u64::from(fl(ty, x).is_finite()),
        O::IsNormal => {
            let f = fl(ty, x);
            let min = match ty {
                Ty::F16 => 6.103_515_625e-5,
                Ty::F32 => f64::from(f32::MIN_POSITIVE),
                _ => f64::MIN_POSITIVE,
            };
            u64::from(f.is_finite() && f.abs() >= min)
        }
        O::Cos => unary_f(ty, x, f64::cos, f32::cos),
        O::Sin => unary_f(ty, x, f64::sin, f32::sin),
        O::Tan => unary_f(ty, x, f64::tan, f32::tan),
        O::Acos => unary_f(ty, x, f64::acos, f32::acos),
        O::Asin => unary_f(ty, x, f64::asin, f32::asin),
        O::Atan => unary_f(ty, x, f64::atan, f32::atan),
        O::Hcos => unary_f(ty, x, f64::cosh, f32::cosh),
        O::Hsin => unary_f(ty, x, f64::sinh, f32::sinh),
        O::Htan => unary_f(ty, x, f64::tanh, f32::tanh),
        O::Exp => unary_f(ty, x, f64::exp2, f32::exp2),
        O::Log => unary_f(ty, x, f64::log2, f32::log2),
        O::Sqrt => unary_f(ty, x, f64::sqrt, f32::sqrt),
        O::Rsqrt => unary_f(ty, x, |v| 1.0 / v.sqrt(), |v| 1.0 / v.sqrt()),
        O::Frc => unary_f(ty, x, |v| v - v.floor(), |v| v - v.floor()),
        O::Round_ne => unary_f(ty, x, round_ne, |v| round_ne(f64::from(v)) as f32),
        O::Round_ni => unary_f(ty, x, f64::floor, f32::floor),
        O::Round_pi => unary_f(ty, x, f64::ceil, f32::ceil),
        O::Round_z => unary_f(ty, x, f64::trunc, f32::trunc),
        O::Bfrev => (x.reverse_bits() >> (64 - bits)) & m,
        O::Countbits => u64::from((x & m).count_ones()),
        O::FirstbitLo => {
            if x & m == 0 {
                u64::from(u32::MAX)
            } else {
                u64::from(x.trailing_zeros())
            }
        }
        O::FirstbitHi => first_hi(x & m, bits),
        O::FirstbitSHi => {
            let v = if sext(x, bits) < 0 { !x & m } else { x & m };
            first_hi(v, bits)
        }
        O::FMax | O::FMin => {
            let (p, q) = (fl(ty, x), fl(ty, y));
            let v = if p.is_nan() {
                q
            } else if q.is_nan() {
                p
            } else if op == O::FMax {
                p.max(q)
            } else {
                p.min(q)
            };
            put(ty, v)
        }
        O::IMax => {
            if sext(x, bits) >= sext(y, bits) {
                x
            } else {
                y
            }
        }
        O::IMin => {
            if sext(x, bits) <= sext(y, bits) {
                x
            } else {
                y
            }
        }
        O::UMax => x.max(y),
        O::UMin => x.min(y),
        O::IMul => {
            let p = i128::from(sext(x, 32)) * i128::from(sext(y, 32));
            out[0] = ((p >> 32) as u64) & 0xffff_ffff;
            out[1] = (p as u64) & 0xffff_ffff;
            return 2;
        }
        O::UMul => {
            let p = (x & 0xffff_ffff) * (y & 0xffff_ffff);
            out[0] = p >> 32;
            out[1] = p & 0xffff_ffff;
            return 2;
        }
        O::UDiv => {
            out[0] = alu::udiv_d3d(x, y, 0xffff_ffff);
            out[1] = alu::urem_d3d(x, y, 0xffff_ffff);
            return 2;
        }
        O::UAddc => {
            let s = x + y;
            out[0] = s & 0xffff_ffff;
            out[1] = u64::from(s > 0xffff_ffff);
            return 2;
        }
        O::USubb => {
            out[0] = x.wrapping_sub(y) & 0xffff_ffff;
            out[1] = u64::from(x < y);
            return 2;
        }
        O::FMad => {
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
        O::Fma => put(ty, fl(ty, x).mul_add(fl(ty, y), fl(ty, z))),
        O::IMad | O::UMad => x.wrapping_mul(y).wrapping_add(z) & m,
        O::Msad => {
            let mut acc = z;
            for i in 0..4 {
                let r = (x >> (8 * i)) & 0xff;
                let s = (y >> (8 * i)) & 0xff;
                if r != 0 {
                    acc = acc.wrapping_add(r.abs_diff(s));
                }
            }
            acc & 0xffff_ffff
        }
        O::Ibfe | O::Ubfe => {
            let width = (x & 31) as u32;
            let offset = (y & 31) as u32;
            let v = z as u32;
            let r = if width == 0 {
                0
            } else if width + offset < 32 {
                let sh = v << (32 - width - offset);
                if op == O::Ibfe {
                    ((sh as i32) >> (32 - width)) as u32
                } else {
                    sh >> (32 - width)
                }
            } else if op == O::Ibfe {
                ((v as i32) >> offset) as u32
            } else {
                v >> offset
            };
            u64::from(r)
        }
        O::Bfi => {
            let width = (x & 31) as u32;
            let offset = (y & 31) as u32;
            let mask = (((1u64 << width) - 1) << offset) as u32;
            let v = ((z as u32) << offset) & mask;
            let rep = a[3] as u32;
            u64::from(v | (rep & !mask))
        }
        O::Dot2 | O::Dot3 | O::Dot4 => {
            let n = match op {
                O::Dot2 => 2,
                O::Dot3 => 3,
                _ => 4,
            };
            if ty == Ty::F32 {
                let f = |i: usize| f32::from_bits(a[i] as u32);
                let mut s = f(0) * f(n);
                for i in 1..n {
                    s += f(i) * f(n + i);
                }
                u64::from(s.to_bits())
            } else {
                let f = |i: usize| half_to_f32(a[i] as u16);
                let mut s = f(0) * f(n);
                for i in 1..n {
                    s += f(i) * f(n + i);
                }
                put(ty, f64::from(s))
            }
        }
        O::MakeDouble => (x & 0xffff_ffff) | (y << 32),
        O::SplitDouble => {
            out[0] = x & 0xffff_ffff;
            out[1] = x >> 32;
            return 2;
        }
        O::LegacyF32ToF16 => u64::from(f32_to_half(f32::from_bits(x as u32))),
        O::LegacyF16ToF32 => u64::from(half_to_f32(x as u16).to_bits()),
        O::LegacyDoubleToFloat => u64::from((f64::from_bits(x) as f32).to_bits()),
        O::LegacyDoubleToSInt32 => u64::from(f64::from_bits(x) as i32 as u32),
        O::LegacyDoubleToUInt32 => u64::from(f64::from_bits(x) as u32),
        O::BitcastI16toF16
        | O::BitcastF16toI16
        | O::BitcastI32toF32
        | O::BitcastF32toI32
        | O::BitcastI64toF64
        | O::BitcastF64toI64 => x,
        O::Dot2AddHalf => {
            let h = |v: u64| half_to_f32(v as u16);
            let acc = f32::from_bits(x as u32);
            let r = acc + h(y) * h(a[3]) + h(z) * h(a[4]);
            u64::from(r.to_bits())
        }
        O::Dot4AddI8Packed | O::Dot4AddU8Packed => {
            let mut acc = x as u32;
            for i in 0..4 {
                let (p, q) = ((y >> (8 * i)) & 0xff, (z >> (8 * i)) & 0xff);
                let prod = if op == O::Dot4AddI8Packed {
                    (sext(p, 8) * sext(q, 8)) as u32
                } else {
                    (p * q) as u32
                };
                acc = acc.wrapping_add(prod);
            }
            u64::from(acc)
        }
        O::Pack4x8 => {
            let mut r = 0u64;
            for i in 0..4 {
                let v = a[1 + i];
                let s = sext(v, bits);
                let b = match x {
                    1 => s.clamp(0, 255) as u64,
                    2 => (s.clamp(-128, 127) as u64) & 0xff,
                    _ => v & 0xff,
                };
                r |= b << (8 * i);
            }
            r
        }
        O::Unpack4x8 => {
            for (i, o) in out.iter_mut().take(4).enumerate() {
                let b = (y >> (8 * i)) & 0xff;
                *o = if x == 1 { (sext(b, 8) as u64) & m } else { b };
            }
            return 4;
        }
        _ => 0,
    };
    out[0] = r;
    1
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

    /// The operands `a`, then zeros, as the interpreter passes them.
    fn ops(a: &[u64]) -> Operands {
        let mut v = [0; MAX_OPERANDS];
        v[..a.len()].copy_from_slice(a);
        v
    }

    fn f(op: O, ty: Ty, a: &[u64]) -> u64 {
        let mut out = [0; 8];
        eval(op, ty, &ops(a), &mut out, true);
        out[0]
    }

    fn f32b(x: f32) -> u64 {
        u64::from(x.to_bits())
    }

    #[test]
    fn d3d_float_rules() {
        let nan = f32b(f32::NAN);
        assert_eq!(f(O::FMax, Ty::F32, &[nan, f32b(1.0)]), f32b(1.0));
        assert_eq!(f(O::FMin, Ty::F32, &[f32b(-2.0), nan]), f32b(-2.0));
        assert_eq!(f(O::Saturate, Ty::F32, &[nan]), 0);
        assert_eq!(f(O::Round_ne, Ty::F32, &[f32b(2.5)]), f32b(2.0));
        assert_eq!(f(O::Round_ne, Ty::F32, &[f32b(-3.5)]), f32b(-4.0));
        assert_eq!(f(O::Frc, Ty::F32, &[f32b(-1.25)]), f32b(0.75));
        // A denormal flushes in arithmetic (sign kept) but not in FAbs.
        let denorm = 0x8000_0001u64;
        assert_eq!(f(O::Round_z, Ty::F32, &[denorm]), 0x8000_0000);
        assert_eq!(f(O::FAbs, Ty::F32, &[denorm]), 1);
        assert_eq!(f(O::IsNormal, Ty::F32, &[denorm]), 0);
    }

    #[test]
    fn bit_scans_and_fields() {
        assert_eq!(f(O::FirstbitHi, Ty::I32, &[0x00f0]), 24);
        assert_eq!(f(O::FirstbitHi, Ty::I32, &[0]), 0xffff_ffff);
        assert_eq!(f(O::FirstbitSHi, Ty::I32, &[0xffff_fff0]), 28);
        assert_eq!(f(O::FirstbitLo, Ty::I64, &[1 << 40]), 40);
        assert_eq!(f(O::Countbits, Ty::I16, &[0xffff]), 16);
        assert_eq!(f(O::Bfrev, Ty::I32, &[1]), 0x8000_0000);
        assert_eq!(f(O::Ubfe, Ty::I32, &[4, 8, 0xabcd]), 0xb);
        assert_eq!(f(O::Ibfe, Ty::I32, &[4, 8, 0xa00]), 0xffff_fffa);
        assert_eq!(f(O::Bfi, Ty::I32, &[4, 8, 0x5, 0xffff_ffff]), 0xffff_f5ff);
        assert_eq!(f(O::Msad, Ty::I32, &[0x0001_0203, 0x0000_0000, 10]), 16);
    }

    #[test]
    fn two_results_and_packing() {
        let mut out = [0; 8];
        assert_eq!(
            eval(O::UAddc, Ty::I32, &ops(&[0xffff_ffff, 2]), &mut out, true),
            2
        );
        assert_eq!(&out[..2], &[1, 1]);
        eval(O::IMul, Ty::I32, &ops(&[0xffff_fffe, 3]), &mut out, true);
        assert_eq!(&out[..2], &[0xffff_ffff, 0xffff_fffa]);
        eval(O::UDiv, Ty::I32, &ops(&[7, 0]), &mut out, true);
        assert_eq!(&out[..2], &[0xffff_ffff, 0xffff_ffff]);
        assert_eq!(
            f(O::Pack4x8, Ty::I32, &[1, 300, 0xffff_ffff, 5, 255]),
            0xff05_00ff
        );
        eval(
            O::Unpack4x8,
            Ty::I16,
            &ops(&[1, 0x80ff_0102]),
            &mut out,
            true,
        );
        assert_eq!(&out[..4], &[2, 1, 0xffff, 0xff80]);
        assert_eq!(
            f(O::Dot4AddI8Packed, Ty::I32, &[1, 0xff02, 0x0303]),
            1 + 6 - 3
        );
    }
}
