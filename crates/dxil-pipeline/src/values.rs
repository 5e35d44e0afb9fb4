//! Buffer values: reading a YAML scalar into bytes of a [`DataFormat`], and printing bytes
//! back the way LLVM's YAML I/O prints them (`llvm/lib/Support/YAMLTraits.cpp`,
//! `ScalarTraits`): integers in decimal, `HexN` as `0x` and upper-case digits without
//! padding, floats with C's `%g`, `Float16` as its bits in hex.

use crate::model::DataFormat;

/// The bytes of one value of `format` written as `text`, or why it is not one.
pub(crate) fn parse(format: DataFormat, text: &str) -> Result<Vec<u8>, String> {
    let bad = |what: &str| format!("invalid {what} '{text}' for format {}", format.name());
    Ok(match format {
        DataFormat::Hex8 => (unsigned(text, u8::MAX.into()).ok_or_else(|| bad("value"))? as u8)
            .to_le_bytes()
            .to_vec(),
        DataFormat::Hex16 | DataFormat::Float16 | DataFormat::UInt16 => {
            (unsigned(text, u16::MAX.into()).ok_or_else(|| bad("value"))? as u16)
                .to_le_bytes()
                .to_vec()
        }
        DataFormat::Hex32 | DataFormat::UInt32 | DataFormat::Bool => {
            (unsigned(text, u32::MAX.into()).ok_or_else(|| bad("value"))? as u32)
                .to_le_bytes()
                .to_vec()
        }
        DataFormat::Hex64 | DataFormat::UInt64 => unsigned(text, u64::MAX)
            .ok_or_else(|| bad("value"))?
            .to_le_bytes()
            .to_vec(),
        DataFormat::Int16 => (signed(text, i16::MIN.into(), i16::MAX.into())
            .ok_or_else(|| bad("value"))? as i16)
            .to_le_bytes()
            .to_vec(),
        DataFormat::Int32 => (signed(text, i32::MIN.into(), i32::MAX.into())
            .ok_or_else(|| bad("value"))? as i32)
            .to_le_bytes()
            .to_vec(),
        DataFormat::Int64 => signed(text, i64::MIN, i64::MAX)
            .ok_or_else(|| bad("value"))?
            .to_le_bytes()
            .to_vec(),
        DataFormat::Float32 | DataFormat::Depth32 => float::<f32>(text)
            .ok_or_else(|| bad("floating point number"))?
            .to_le_bytes()
            .to_vec(),
        DataFormat::Float64 => float::<f64>(text)
            .ok_or_else(|| bad("floating point number"))?
            .to_le_bytes()
            .to_vec(),
    })
}

/// The radix LLVM senses from a prefix (`0x`, `0b`, `0o`, a leading `0`), and the digits.
fn radix(text: &str) -> (u32, &str) {
    let lower =
        |p: &str| text.len() > 2 && text.get(..2).is_some_and(|t| t.eq_ignore_ascii_case(p));
    if lower("0x") {
        (16, &text[2..])
    } else if lower("0b") {
        (2, &text[2..])
    } else if lower("0o") {
        (8, &text[2..])
    } else if text.len() > 1 && text.starts_with('0') && text.as_bytes()[1].is_ascii_digit() {
        (8, &text[1..])
    } else {
        (10, text)
    }
}

fn unsigned(text: &str, max: u64) -> Option<u64> {
    let (r, digits) = radix(text.trim());
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(r)) {
        return None;
    }
    u64::from_str_radix(digits, r).ok().filter(|v| *v <= max)
}

fn signed(text: &str, min: i64, max: i64) -> Option<i64> {
    let t = text.trim();
    let (neg, rest) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let magnitude = unsigned(rest, u64::MAX)?;
    let v = if neg {
        0i128 - i128::from(magnitude)
    } else {
        i128::from(magnitude)
    };
    i64::try_from(v).ok().filter(|v| (min..=max).contains(v))
}

/// A float type `strtod`-style reading produces.
trait Float: std::str::FromStr + std::ops::Neg<Output = Self> + Copy {
    fn from_f64(v: f64) -> Self;
}

impl Float for f32 {
    fn from_f64(v: f64) -> Self {
        v as f32
    }
}

impl Float for f64 {
    fn from_f64(v: f64) -> Self {
        v
    }
}

/// Reads a float as `strtod` does for the spellings the suite uses: decimal, hexadecimal
/// (`0x1.8p+1`, `0x5a5a5a5a`), `inf`, `infinity` and `nan` in any case, with a sign.
fn float<F: Float>(text: &str) -> Option<F> {
    let t = text.trim();
    let (neg, rest) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    let lower = rest.to_ascii_lowercase();
    let v: F = match lower.as_str() {
        "inf" | "infinity" => "inf".parse().ok()?,
        "nan" => "NaN".parse().ok()?,
        l if l.starts_with("0x") => F::from_f64(hex_float(&l[2..])?),
        // Rust's reading accepts the decimal spellings of `strtod`, but also `NaN` forms
        // handled above; digits are required.
        l if l.starts_with(|c: char| c.is_ascii_digit() || c == '.') => rest.parse().ok()?,
        _ => return None,
    };
    Some(if neg { -v } else { v })
}

/// The value of hexadecimal digits with an optional fraction and binary exponent
/// (`1.e7d42cp-127`). Digits past 15 are dropped (the suite writes at most 14).
fn hex_float(s: &str) -> Option<f64> {
    let (digits, exp) = match s.split_once('p') {
        Some((d, e)) => (d, e.parse::<i32>().ok()?),
        None => (s, 0),
    };
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let mut mantissa: u64 = 0;
    let mut scale = exp;
    let mut used = 0;
    for (i, c) in int.chars().chain(frac.chars()).enumerate() {
        let d = c.to_digit(16)?;
        if used < 15 {
            mantissa = mantissa * 16 + u64::from(d);
            used += 1;
            if i >= int.len() {
                scale -= 4;
            }
        } else if i < int.len() {
            scale += 4;
        }
    }
    // Scale in steps that stay in the normal range, so that only the last one rounds.
    let mut v = mantissa as f64;
    while scale > 0 {
        let step = scale.min(1000);
        v *= f64::from_bits(((1023 + step) as u64) << 52);
        scale -= step;
    }
    while scale < 0 {
        let step = scale.max(-1000);
        v *= f64::from_bits(((1023 + step) as u64) << 52);
        scale -= step;
    }
    Some(v)
}

/// Prints one value of `format` from its little-endian `bytes` (exactly `format.size()`).
pub(crate) fn print(format: DataFormat, bytes: &[u8]) -> String {
    let mut b8 = [0u8; 8];
    b8[..bytes.len().min(8)].copy_from_slice(&bytes[..bytes.len().min(8)]);
    let u = u64::from_le_bytes(b8);
    match format {
        DataFormat::Hex8 | DataFormat::Hex16 | DataFormat::Hex32 | DataFormat::Hex64 => {
            format!("0x{u:X}")
        }
        DataFormat::Float16 => format!("0x{:X}", u as u16),
        DataFormat::UInt16 | DataFormat::UInt32 | DataFormat::UInt64 | DataFormat::Bool => {
            u.to_string()
        }
        DataFormat::Int16 => (u as u16 as i16).to_string(),
        DataFormat::Int32 => (u as u32 as i32).to_string(),
        DataFormat::Int64 => (u as i64).to_string(),
        DataFormat::Float32 | DataFormat::Depth32 => format_g(f64::from(f32::from_bits(u as u32))),
        DataFormat::Float64 => format_g(f64::from_bits(u)),
    }
}

/// C's `printf("%g", v)` as glibc prints it: six significant digits, fixed notation for
/// exponents from -4 to 5, trailing zeros dropped, `inf`/`nan` with their sign.
pub fn format_g(v: f64) -> String {
    if v.is_nan() {
        return if v.is_sign_negative() {
            "-nan".into()
        } else {
            "nan".into()
        };
    }
    if v.is_infinite() {
        return if v < 0.0 { "-inf".into() } else { "inf".into() };
    }
    if v == 0.0 {
        return if v.is_sign_negative() {
            "-0".into()
        } else {
            "0".into()
        };
    }
    // The exponent after rounding to six significant digits decides the notation.
    let sci = format!("{v:.5e}");
    // `{:e}` of a finite float always writes `<mantissa>e<exponent>`.
    let Some((mantissa, exp)) = sci.split_once('e') else {
        return sci;
    };
    let Ok(exp) = exp.parse::<i32>() else {
        return sci;
    };
    if (-4..6).contains(&exp) {
        let fixed = format!("{v:.*}", (5 - exp) as usize);
        strip_zeros(&fixed).to_string()
    } else {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", strip_zeros(mantissa), exp.abs())
    }
}

fn strip_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn g_matches_c() {
        for (v, s) in [
            (4.0, "4"),
            (1.1f32 as f64, "1.1"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (123456.0, "123456"),
            (1234567.0, "1.23457e+06"),
            (1.00002e7, "1.00002e+07"),
            (6.103515625e-05, "6.10352e-05"),
            (-2.5, "-2.5"),
            (1e100, "1e+100"),
            (999999.5, "1e+06"),
        ] {
            assert_eq!(format_g(v), s, "{v}");
        }
        assert_eq!(format_g(f64::NAN), "nan");
        assert_eq!(format_g(-f64::INFINITY), "-inf");
    }

    #[test]
    fn values_read_as_llvm_reads_them() {
        assert_eq!(parse(DataFormat::Hex16, "0x3C00").unwrap(), vec![0, 0x3c]);
        assert_eq!(parse(DataFormat::Int32, "-1").unwrap(), vec![0xff; 4]);
        assert_eq!(parse(DataFormat::UInt32, "010").unwrap(), vec![8, 0, 0, 0]);
        assert!(parse(DataFormat::UInt32, "-1").is_err());
        assert!(parse(DataFormat::Int16, "40000").is_err());
        assert!(parse(DataFormat::Float32, "1.5x").is_err());
        assert!(parse(DataFormat::UInt32, "0é1").is_err());
        assert!(parse(DataFormat::Float32, "é").is_err());
        let nan = parse(DataFormat::Float32, "-nan").unwrap();
        assert!(f32::from_le_bytes(nan.try_into().unwrap()).is_nan());
        let h = parse(DataFormat::Float32, "0x1.e7d42cp-127").unwrap();
        assert_eq!(
            f32::from_le_bytes(h.try_into().unwrap()).to_bits(),
            0x0079_f50b
        );
        let h = parse(DataFormat::Float32, "0x5a5a5a5a").unwrap();
        assert_eq!(f32::from_le_bytes(h.try_into().unwrap()), 1_515_870_810.0);
        let h = parse(DataFormat::Float64, "0x0.fffffffffffffp-1022").unwrap();
        assert_eq!(
            f64::from_le_bytes(h.try_into().unwrap()).to_bits(),
            0x000f_ffff_ffff_ffff
        );
        let inf = parse(DataFormat::Float64, "-Inf").unwrap();
        assert_eq!(
            f64::from_le_bytes(inf.try_into().unwrap()),
            f64::NEG_INFINITY
        );
    }

    #[test]
    fn printing() {
        assert_eq!(
            print(DataFormat::Hex32, &0x5a5a_5a5au32.to_le_bytes()),
            "0x5A5A5A5A"
        );
        assert_eq!(print(DataFormat::Float16, &[0, 0x3c]), "0x3C00");
        assert_eq!(print(DataFormat::Int16, &[0xff, 0xff]), "-1");
        assert_eq!(print(DataFormat::Float32, &2.5f32.to_le_bytes()), "2.5");
    }
}
