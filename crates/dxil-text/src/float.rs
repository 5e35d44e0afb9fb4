//! Floating-point constants as LLVM 3.7's assembly writer prints them (`WriteConstantInternal`):
//! `float` and `double` in `%e` notation when that text reads back as the same value, otherwise
//! the IEEE double bit pattern in hexadecimal (`0x3FB99999A0000000`; a `float` is widened to
//! double first); `half` always as `0xH` and four hex digits. LangRef "Simple Constants".

use std::fmt::Write;

/// Writes a `double` constant given its bit pattern.
pub fn write_double(out: &mut String, bits: u64) {
    write_wide(out, bits);
}

/// Writes a `float` constant given its bit pattern.
pub fn write_float(out: &mut String, bits: u32) {
    write_wide(out, widen_float_bits(bits));
}

/// Writes a `half` constant given its bit pattern: `0xH` and four uppercase hex digits.
pub fn write_half(out: &mut String, bits: u16) {
    let _ = write!(out, "0xH{bits:04X}");
}

/// Converts a float bit pattern to the double bit pattern of the same value, exactly (NaN
/// payloads are shifted into place and not quieted, as APFloat's conversion does).
pub fn widen_float_bits(bits: u32) -> u64 {
    let sign = u64::from(bits >> 31) << 63;
    let exp = (bits >> 23) & 0xff;
    let frac = u64::from(bits & 0x7f_ffff);
    match exp {
        0xff => sign | (0x7ff << 52) | (frac << 29),
        0 if frac == 0 => sign,
        0 => {
            // Subnormal: normalise. value = frac * 2^-149.
            let shift = frac.leading_zeros() - 40; // bring the top bit to bit 23
            let mant = (frac << shift) & 0x7f_ffff;
            let e = 1023 - 126 - i64::from(shift);
            sign | ((e as u64) << 52) | (mant << 29)
        }
        _ => sign | ((u64::from(exp) + 1023 - 127) << 52) | (frac << 29),
    }
}

fn write_wide(out: &mut String, bits: u64) {
    let v = f64::from_bits(bits);
    if v.is_finite() {
        let start = out.len();
        write_percent_e(out, v);
        // The text is kept only when it reads back as the same value.
        if out[start..].parse::<f64>().ok() == Some(v) {
            return;
        }
        out.truncate(start);
    }
    push_hex(out, bits);
}

/// Writes `0x` and `bits` in uppercase hexadecimal without leading zeros.
fn push_hex(out: &mut String, bits: u64) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut buf = [0u8; 18];
    let mut i = buf.len();
    let mut n = bits;
    loop {
        i -= 1;
        buf[i] = HEX[(n & 15) as usize];
        n >>= 4;
        if n == 0 {
            break;
        }
    }
    i -= 1;
    buf[i] = b'x';
    i -= 1;
    buf[i] = b'0';
    out.push_str(std::str::from_utf8(&buf[i..]).unwrap_or_default());
}

/// Writes `v` as C's `printf("%e")` does: one digit, a point, six digits, `e`, a sign and at
/// least two exponent digits.
pub fn write_percent_e(out: &mut String, v: f64) {
    if v == 0.0 {
        out.push_str(if v.is_sign_negative() {
            "-0.000000e+00"
        } else {
            "0.000000e+00"
        });
        return;
    }
    let start = out.len();
    let _ = write!(out, "{v:.6e}");
    let Some(epos) = out[start..].find('e').map(|p| p + start) else {
        return;
    };
    // Rust writes the exponent bare (`e-1`, `e10`); C writes a sign and at least two digits.
    // The exponent is moved through a small stack buffer rather than a new string.
    let mut buf = [0u8; 8];
    let exp = out.as_bytes().get(epos + 1..).unwrap_or_default();
    let (sign, digits) = match exp.split_first() {
        Some((b'-', d)) => (b'-', d),
        _ => (b'+', exp),
    };
    let n = digits.len().min(buf.len() - 2);
    let mut len = 0;
    buf[len] = sign;
    len += 1;
    if n < 2 {
        buf[len] = b'0';
        len += 1;
    }
    buf[len..len + n].copy_from_slice(&digits[..n]);
    len += n;
    out.truncate(epos + 1);
    out.push_str(std::str::from_utf8(&buf[..len]).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(v: f32) -> String {
        let mut s = String::new();
        write_float(&mut s, v.to_bits());
        s
    }

    fn d(v: f64) -> String {
        let mut s = String::new();
        write_double(&mut s, v.to_bits());
        s
    }

    #[test]
    fn decimal_when_exact() {
        assert_eq!(f(1.0), "1.000000e+00");
        assert_eq!(f(0.0), "0.000000e+00");
        assert_eq!(f(-0.0), "-0.000000e+00");
        assert_eq!(f(0.5), "5.000000e-01");
        assert_eq!(f(-2.5), "-2.500000e+00");
        assert_eq!(f(1e10), "1.000000e+10");
        assert_eq!(d(1e100), "1.000000e+100");
        assert_eq!(d(255.0), "2.550000e+02");
    }

    #[test]
    fn hex_when_inexact() {
        assert_eq!(f(0.1), "0x3FB99999A0000000");
        assert_eq!(d(0.1), "1.000000e-01");
        assert_eq!(d(0.123456789), "0x3FBF9ADD3739635F");
        assert_eq!(f(f32::INFINITY), "0x7FF0000000000000");
        assert_eq!(f(f32::NEG_INFINITY), "0xFFF0000000000000");
        assert_eq!(f(f32::NAN), "0x7FF8000000000000");
        assert_eq!(d(1.234567891e-300), "0x1AA74FE1C6F36C7");
    }

    #[test]
    fn widening_is_exact() {
        for bits in [
            0u32,
            1,
            0x7f_ffff,
            0x80_0000,
            0x3f80_0000,
            0x8000_0001,
            0x7f80_0001,
        ] {
            let v = f32::from_bits(bits);
            if !v.is_nan() {
                assert_eq!(widen_float_bits(bits), f64::from(v).to_bits(), "{bits:#x}");
            }
        }
        // Signalling NaN keeps its payload.
        assert_eq!(widen_float_bits(0x7f80_0001), 0x7ff0_0000_2000_0000);
    }

    #[test]
    fn half_is_hex() {
        let mut s = String::new();
        write_half(&mut s, 0x3c00);
        assert_eq!(s, "0xH3C00");
    }
}
