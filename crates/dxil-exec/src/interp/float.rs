//! Floating-point conversions between the slot form (IEEE bits) and Rust floats, with IEEE
//! half done by hand (round to nearest even, as LLVM's `fptrunc` and D3D's f32-to-f16 do;
//! D3D11.3 functional spec 3.1, "Floating Point Rules").

use crate::code::Ty;
pub(crate) use dxil_ir::{f32_to_half, half_to_f32};

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
        Ty::F16 => f64::from(half_to_f32(v as u16)),
        _ => v as f64,
    }
}

/// An f64 rounded to kind `ty`, as slot bits.
#[inline]
pub(crate) fn put(ty: Ty, f: f64) -> u64 {
    match ty {
        Ty::F32 => u64::from((f as f32).to_bits()),
        Ty::F64 => f.to_bits(),
        Ty::F16 => u64::from(f32_to_half(f as f32)),
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
            assert_eq!(f32_to_half(half_to_f32(h)), h, "{h:#x}");
        }
        assert_eq!(f32_to_half(65520.0), 0x7c00);
        assert_eq!(f32_to_half(1.0 + 1.0 / 4096.0), 0x3c00);
    }
}
