//! LLVM's arithmetic, comparison and conversion instructions on slot values (LangRef
//! "Binary Operations", "'icmp' Instruction", "'fcmp' Instruction", "Conversion
//! Operations"), with D3D's answers where LLVM leaves a result undefined (D3D11.3 functional
//! spec: unsigned division by 0 gives all ones; float-to-int conversions saturate and NaN
//! gives 0; shift amounts use their low bits).

use crate::code::Ty;
use crate::interp::float::{flush32, get, put};
use dxil_ir::BinOp;
use dxil_ir::CastOp;

/// Sign-extends the low `bits` of `v`.
#[inline]
pub(crate) fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        let s = 64 - bits;
        ((v << s) as i64) >> s
    }
}

/// Unsigned division as D3D defines it: by 0 it gives `all_ones` (D3D11.3 functional
/// spec, `udiv`: "divide by 0 returns 0xffffffff"), where LLVM leaves it undefined.
#[inline]
pub(crate) fn udiv_d3d(a: u64, b: u64, all_ones: u64) -> u64 {
    a.checked_div(b).unwrap_or(all_ones)
}

/// Unsigned remainder as D3D defines it: by 0 it gives `all_ones`, as [`udiv_d3d`].
#[inline]
pub(crate) fn urem_d3d(a: u64, b: u64, all_ones: u64) -> u64 {
    a.checked_rem(b).unwrap_or(all_ones)
}

/// A binary operation.
#[inline]
pub(crate) fn bin(op: BinOp, ty: Ty, a: u64, b: u64) -> u64 {
    let bits = ty.bits();
    let m = ty.mask();
    match op {
        BinOp::Add => a.wrapping_add(b) & m,
        BinOp::Sub => a.wrapping_sub(b) & m,
        BinOp::Mul => a.wrapping_mul(b) & m,
        BinOp::UDiv => udiv_d3d(a, b, m),
        BinOp::URem => urem_d3d(a, b, m),
        BinOp::SDiv => {
            let (x, y) = (sext(a, bits), sext(b, bits));
            if y == 0 {
                m
            } else {
                (x.wrapping_div(y) as u64) & m
            }
        }
        BinOp::SRem => {
            let (x, y) = (sext(a, bits), sext(b, bits));
            if y == 0 {
                m
            } else {
                (x.wrapping_rem(y) as u64) & m
            }
        }
        BinOp::Shl => (a << (b % u64::from(bits))) & m,
        BinOp::LShr => a >> (b % u64::from(bits)),
        BinOp::AShr => ((sext(a, bits) >> (b % u64::from(bits))) as u64) & m,
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem => fbin(op, ty, a, b),
    }
}

/// An fp32 binary operation flushing denormal inputs and output.
#[inline]
pub(crate) fn bin_ftz(op: BinOp, a: u64, b: u64) -> u64 {
    flush32(fbin(op, Ty::F32, flush32(a), flush32(b)))
}

#[inline]
fn fbin(op: BinOp, ty: Ty, a: u64, b: u64) -> u64 {
    if ty == Ty::F32 {
        let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
        let r = match op {
            BinOp::FAdd => x + y,
            BinOp::FSub => x - y,
            BinOp::FMul => x * y,
            BinOp::FDiv => x / y,
            _ => x % y,
        };
        return u64::from(r.to_bits());
    }
    let (x, y) = (get(ty, a), get(ty, b));
    let r = match op {
        BinOp::FAdd => x + y,
        BinOp::FSub => x - y,
        BinOp::FMul => x * y,
        BinOp::FDiv => x / y,
        _ => x % y,
    };
    put(ty, r)
}

/// A comparison by LLVM predicate code: 0-15 `fcmp`, 32-41 `icmp`.
#[inline]
pub(crate) fn cmp(pred: u8, ty: Ty, a: u64, b: u64) -> u64 {
    let r = if pred < 16 {
        let (x, y) = (get(ty, a), get(ty, b));
        let uno = x.is_nan() || y.is_nan();
        let ord = match pred & 7 {
            0 => false,
            1 => x == y,
            2 => x > y,
            3 => x >= y,
            4 => x < y,
            5 => x <= y,
            6 => x != y,
            _ => true,
        };
        // Codes 8-15 are the unordered forms: true when either operand is NaN.
        if pred >= 8 {
            uno || ord
        } else {
            !uno && ord
        }
    } else {
        let bits = ty.bits();
        let (sa, sb) = (sext(a, bits), sext(b, bits));
        match pred {
            32 => a == b,
            33 => a != b,
            34 => a > b,
            35 => a >= b,
            36 => a < b,
            37 => a <= b,
            38 => sa > sb,
            39 => sa >= sb,
            40 => sa < sb,
            _ => sa <= sb,
        }
    };
    u64::from(r)
}

/// A conversion.
#[inline]
pub(crate) fn cast(op: CastOp, from: Ty, to: Ty, a: u64) -> u64 {
    match op {
        // Pointers are plain 64-bit addresses here: their casts keep the bits.
        CastOp::Trunc
        | CastOp::ZExt
        | CastOp::PtrToInt
        | CastOp::IntToPtr
        | CastOp::BitCast
        | CastOp::AddrSpaceCast => a & to.mask(),
        CastOp::SExt => (sext(a, from.bits()) as u64) & to.mask(),
        CastOp::FpToSi => {
            let f = get(from, a);
            let v: i64 = match to.bits() {
                1 => (f as i8 != 0) as i64,
                8 => i64::from(f as i8),
                16 => i64::from(f as i16),
                32 => i64::from(f as i32),
                _ => f as i64,
            };
            (v as u64) & to.mask()
        }
        CastOp::FpToUi => {
            let f = get(from, a);
            let v: u64 = match to.bits() {
                1 => u64::from(f as u8 != 0),
                8 => u64::from(f as u8),
                16 => u64::from(f as u16),
                32 => u64::from(f as u32),
                _ => f as u64,
            };
            v & to.mask()
        }
        CastOp::UiToFp => {
            if to == Ty::F32 {
                u64::from((a as f32).to_bits())
            } else {
                put(to, a as f64)
            }
        }
        CastOp::SiToFp => {
            let v = sext(a, from.bits());
            if to == Ty::F32 {
                u64::from((v as f32).to_bits())
            } else {
                put(to, v as f64)
            }
        }
        CastOp::FpTrunc | CastOp::FpExt => {
            if from == Ty::F64 && to == Ty::F16 {
                // Round once: f64 -> f16 directly through f32 could round twice.
                put(Ty::F16, f64::from(round_f64_to_f32_odd(f64::from_bits(a))))
            } else {
                put(to, get(from, a))
            }
        }
    }
}

/// f64 -> f32 rounding to odd, so that a second rounding to f16 is correct.
fn round_f64_to_f32_odd(x: f64) -> f32 {
    let r = x as f32;
    if f64::from(r) == x || !x.is_finite() {
        return r;
    }
    let bits = r.to_bits();
    if bits & 1 == 1 {
        r
    } else if (f64::from(r) < x) == (x > 0.0) {
        f32::from_bits(bits + 1)
    } else {
        f32::from_bits(bits - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAN: u64 = 0x7fc0_0000;
    const ONE: u64 = 0x3f80_0000;

    #[test]
    fn ordered_and_unordered_comparisons() {
        // oeq, one, ord, uno, ueq, une with a NaN operand.
        assert_eq!(
            [1, 6, 7, 8, 9, 14].map(|p| cmp(p, Ty::F32, NAN, ONE)),
            [0, 0, 0, 1, 1, 1]
        );
        assert_eq!(
            [1, 6, 7, 8, 9, 14].map(|p| cmp(p, Ty::F32, ONE, ONE)),
            [1, 0, 1, 0, 1, 0]
        );
        // slt vs ult on i16 -1 and 1.
        assert_eq!(
            (cmp(40, Ty::I16, 0xffff, 1), cmp(36, Ty::I16, 0xffff, 1)),
            (1, 0)
        );
    }

    #[test]
    fn integer_edges() {
        assert_eq!(bin(BinOp::UDiv, Ty::I32, 5, 0), 0xffff_ffff);
        assert_eq!(
            bin(BinOp::SDiv, Ty::I32, 0x8000_0000, 0xffff_ffff),
            0x8000_0000
        );
        assert_eq!(bin(BinOp::AShr, Ty::I8, 0x80, 1), 0xc0);
        assert_eq!(bin(BinOp::Shl, Ty::I32, 1, 33), 2);
        assert_eq!(bin(BinOp::Add, Ty::I1, 1, 1), 0);
    }

    #[test]
    fn conversions_saturate() {
        let big = u64::from(3e10f32.to_bits());
        assert_eq!(cast(CastOp::FpToSi, Ty::F32, Ty::I32, big), 0x7fff_ffff);
        assert_eq!(cast(CastOp::FpToUi, Ty::F32, Ty::I32, NAN), 0);
        assert_eq!(
            cast(
                CastOp::FpToUi,
                Ty::F32,
                Ty::I32,
                u64::from((-5.0f32).to_bits())
            ),
            0
        );
        assert_eq!(cast(CastOp::SExt, Ty::I8, Ty::I32, 0x80), 0xffff_ff80);
        assert_eq!(cast(CastOp::SiToFp, Ty::I32, Ty::F16, 0xffff_fffe), 0xc000);
        assert_eq!(
            cast(CastOp::FpTrunc, Ty::F64, Ty::F32, 1.5f64.to_bits()),
            0x3fc0_0000
        );
    }
}
