//! Floating-point conversions between the slot form (IEEE bits) and Rust floats, with IEEE
//! half done by hand (round to nearest even, as LLVM's `fptrunc` and D3D's f32-to-f16 do;
//! D3D11.3 functional spec 3.1, "Floating Point Rules").

use crate::code::Ty;

/// An f16 (bits) widened to f32 exactly.
pub(crate) fn f16_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    let bits = match (exp, man) {
        (0, 0) => sign,
        (0, _) => {
            // Subnormal: normalise.
            let mut e: i32 = -14;
            let mut m = man;
            while m & 0x400 == 0 {
                m <<= 1;
                e -= 1;
            }
            sign | (((e + 127) as u32) << 23) | ((m & 0x3ff) << 13)
        }
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, _) => sign | 0x7fc0_0000 | (man << 13),
        _ => sign | ((exp + 112) << 23) | (man << 13),
    };
    f32::from_bits(bits)
}

/// An f32 rounded to f16 bits (nearest even; overflow to infinity; NaN stays NaN).
pub(crate) fn f32_to_f16(f: f32) -> u16 {
    let x = f.to_bits();
    let sign = ((x >> 16) & 0x8000) as u16;
    let exp = ((x >> 23) & 0xff) as i32;
    let man = x & 0x7f_ffff;
    if exp == 0xff {
        return sign
            | 0x7c00
            | if man != 0 {
                0x200 | (man >> 13) as u16
            } else {
                0
            };
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        if e < -10 {
            return sign;
        }
        let m = man | 0x80_0000;
        let shift = (14 - e) as u32;
        let half = 1u32 << (shift - 1);
        let rest = m & ((1 << shift) - 1);
        let mut r = m >> shift;
        if rest > half || (rest == half && r & 1 == 1) {
            r += 1;
        }
        return sign | r as u16;
    }
    let mut r = ((e as u32) << 10) | (man >> 13);
    let rest = man & 0x1fff;
    if rest > 0x1000 || (rest == 0x1000 && r & 1 == 1) {
        r += 1;
    }
    sign | r as u16
}

/// An f32 (bits) with a denormal flushed to zero of the same sign (D3D11.3 functional spec
/// 3.1.3: fp32 arithmetic may flush denormals on input and output, as WARP does).
#[inline]
pub(crate) fn flush32(bits: u64) -> u64 {
    if bits & 0x7f80_0000 == 0 {
        bits & 0x8000_0000
    } else {
        bits
    }
}

/// A slot holding a float of kind `ty` as f64 (exact for every kind).
#[inline]
pub(crate) fn get(ty: Ty, v: u64) -> f64 {
    match ty {
        Ty::F32 => f64::from(f32::from_bits(v as u32)),
        Ty::F64 => f64::from_bits(v),
        Ty::F16 => f64::from(f16_to_f32(v as u16)),
        _ => v as f64,
    }
}

/// An f64 rounded to kind `ty`, as slot bits.
#[inline]
pub(crate) fn put(ty: Ty, f: f64) -> u64 {
    match ty {
        Ty::F32 => u64::from((f as f32).to_bits()),
        Ty::F64 => f.to_bits(),
        Ty::F16 => u64::from(f32_to_f16(f as f32)),
        _ => f as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_round_trips() {
        for h in [
            0u16, 0x3c00, 0xbc00, 0x7bff, 0x0001, 0x03ff, 0x7c00, 0xfc00, 0x3555,
        ] {
            assert_eq!(f32_to_f16(f16_to_f32(h)), h, "{h:#x}");
        }
        assert_eq!(f32_to_f16(65520.0), 0x7c00);
        assert_eq!(f32_to_f16(1.0 + 1.0 / 4096.0), 0x3c00);
    }
}
