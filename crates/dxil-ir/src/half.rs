//! IEEE binary16 (`half`) conversions, the one place the project converts halves: literals in
//! text, constants the builder makes, the executor's arithmetic and resource formats.

/// A half (bits) widened to single precision: exact for every value (denormals, infinities);
/// a NaN keeps its payload and comes out quiet.
pub fn half_to_f32(h: u16) -> f32 {
    let sign = u32::from(h >> 15) << 31;
    let exp = u32::from((h >> 10) & 0x1f);
    let man = u32::from(h & 0x3ff);
    let bits = match (exp, man) {
        (0, 0) => sign,
        (0, _) => {
            // A denormal half is man * 2^-24, exact in single precision.
            let mag = man as f32 * f32::from_bits(0x3380_0000);
            return f32::from_bits(sign | mag.to_bits());
        }
        (0x1f, 0) => sign | 0x7f80_0000,
        (0x1f, _) => sign | 0x7fc0_0000 | (man << 13),
        _ => sign | ((exp + 112) << 23) | (man << 13),
    };
    f32::from_bits(bits)
}

/// A single rounded to half bits: nearest, ties to even (IEEE 754's default, LLVM's
/// `fptrunc`, D3D's f32-to-f16); beyond the half range is infinity; denormal results kept;
/// a NaN stays a quiet NaN with the top bits of its payload.
pub fn f32_to_half(f: f32) -> u16 {
    let bits = f.to_bits();
    let sign = ((bits >> 16) & 0x8000) as u16;
    let exp = ((bits >> 23) & 0xff) as i32;
    let man = bits & 0x7f_ffff;
    if exp == 0xff {
        let nan = if man != 0 {
            0x200 | (man >> 13) as u16
        } else {
            0
        };
        return sign | 0x7c00 | nan;
    }
    let e = exp - 127 + 15;
    if e >= 0x1f {
        return sign | 0x7c00;
    }
    if e <= 0 {
        // A denormal half (or zero): the whole significand shifted into place.
        if e < -10 {
            return sign;
        }
        return sign | round_shift(man | 0x80_0000, (14 - e) as u32) as u16;
    }
    // A carry out of the significand moves into the exponent, up to infinity: still right.
    sign | round_shift(((e as u32) << 23) | man, 13) as u16
}

/// The half bit pattern of `v`, rounded through `float` as the reference parses `half`
/// literals; every NaN is the canonical quiet NaN.
pub fn half_bits(v: f64) -> u16 {
    let h = f32_to_half(v as f32);
    if h & 0x7c00 == 0x7c00 && h & 0x3ff != 0 {
        (h & 0x8000) | 0x7e00
    } else {
        h
    }
}

/// `v >> shift` rounded to nearest, ties to even (`shift` in 1..32).
fn round_shift(v: u32, shift: u32) -> u32 {
    let q = v >> shift;
    let rem = v & ((1 << shift) - 1);
    let halfway = 1 << (shift - 1);
    if rem > halfway || (rem == halfway && q & 1 == 1) {
        q + 1
    } else {
        q
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_half_survives_a_round_through_single() {
        for h in 0..=u16::MAX {
            let back = f32_to_half(half_to_f32(h));
            let nan = h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
            assert_eq!(back, if nan { h | 0x200 } else { h }, "{h:#06x}");
        }
    }

    #[test]
    fn rounding_is_to_nearest_even() {
        assert_eq!(f32_to_half(1.0 + f32::EPSILON), 0x3c00);
        // Halfway between 1.0 and the next half rounds to the even one (1.0).
        assert_eq!(f32_to_half(1.0 + 2f32.powi(-11)), 0x3c00);
        assert_eq!(f32_to_half(1.0 + 3.0 * 2f32.powi(-11)), 0x3c02);
        assert_eq!(f32_to_half(65520.0), 0x7c00);
        assert_eq!(f32_to_half(2f32.powi(-24)), 0x0001);
        assert_eq!(f32_to_half(2f32.powi(-26)), 0x0000);
        assert_eq!(half_bits(f64::NAN), 0x7e00);
    }
}
