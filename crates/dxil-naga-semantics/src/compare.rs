//! Comparing two runs' bytes scalar by scalar: integers bit for bit, floats within a
//! tolerance in units in the last place (WGSL's accuracy rules are stated in ULPs), padding
//! not at all (neither run writes it).

use crate::buffers::Leaf;
use naga::ScalarKind;

/// How far apart two floats may be and still count as equal.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tolerance {
    /// Units in the last place of the result's type.
    pub ulps: u64,
    /// Or an absolute difference (WGSL states `sin`, `cos`, `log` near 1 and others as an
    /// absolute error).
    pub absolute: f64,
}

impl Tolerance {
    /// Bit-exact (up to the sign of zero and NaN payloads).
    pub const EXACT: Tolerance = Tolerance {
        ulps: 0,
        absolute: 0.0,
    };
}

impl std::fmt::Display for Tolerance {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.absolute != 0.0 {
            write!(f, "{} ulp or {:e} abs", self.ulps, self.absolute)
        } else if self.ulps != 0 {
            write!(f, "{} ulp", self.ulps)
        } else {
            write!(f, "exact")
        }
    }
}

/// A scalar on which the runs differ.
#[derive(Clone, Debug)]
pub struct Mismatch {
    /// Byte offset in the buffer.
    pub offset: u32,
    /// The value on the GPU, printed.
    pub gpu: String,
    /// The value on the executor, printed.
    pub cpu: String,
}

/// The scalars of `leaves` on which `gpu` and `cpu` differ beyond `tol`.
pub fn mismatches(leaves: &[Leaf], gpu: &[u8], cpu: &[u8], tol: Tolerance) -> Vec<Mismatch> {
    let mut out = Vec::new();
    for leaf in leaves {
        let at = leaf.offset as usize;
        let n = usize::from(leaf.scalar.width);
        let (Some(a), Some(b)) = (gpu.get(at..at + n), cpu.get(at..at + n)) else {
            continue;
        };
        if a == b {
            continue;
        }
        let bits = |s: &[u8]| {
            let mut v = [0u8; 8];
            v[..n].copy_from_slice(s);
            u64::from_le_bytes(v)
        };
        let (x, y) = (bits(a), bits(b));
        let same = match leaf.scalar.kind {
            ScalarKind::Float => float_close(x, y, n, tol),
            _ => false,
        };
        if !same {
            out.push(Mismatch {
                offset: leaf.offset,
                gpu: show(x, leaf.scalar),
                cpu: show(y, leaf.scalar),
            });
        }
    }
    out
}

/// The value `bits` of `scalar`, printed for a report.
fn show(bits: u64, scalar: naga::Scalar) -> String {
    match (scalar.kind, scalar.width) {
        (ScalarKind::Float, 8) => format!("{:e}", f64::from_bits(bits)),
        (ScalarKind::Float, 4) => format!("{:e}", f32::from_bits(bits as u32)),
        (ScalarKind::Float, _) => format!("f16 {:#06x} ({:e})", bits, f16_value(bits as u16)),
        (ScalarKind::Sint, 8) => format!("{}", bits as i64),
        (ScalarKind::Sint, _) => format!("{}", bits as u32 as i32),
        _ => format!("{bits:#x}"),
    }
}

/// Whether floats of `width` bytes with bits `x` and `y` are within `tol`: both NaN, or
/// close by ULPs on the ordered number line (where -0 and +0 meet), or by absolute value.
fn float_close(x: u64, y: u64, width: usize, tol: Tolerance) -> bool {
    let (value, other) = (float_value(x, width), float_value(y, width));
    if value.is_nan() || other.is_nan() {
        return value.is_nan() && other.is_nan();
    }
    ulp_distance(x, y, width) <= u128::from(tol.ulps) || (value - other).abs() <= tol.absolute
}

/// The value of float bits of `width` bytes.
fn float_value(bits: u64, width: usize) -> f64 {
    match width {
        8 => f64::from_bits(bits),
        4 => f64::from(f32::from_bits(bits as u32)),
        _ => f16_value(bits as u16),
    }
}

/// How many representable floats of `width` bytes lie between bits `x` and `y` (0 for
/// -0 and +0).
fn ulp_distance(x: u64, y: u64, width: usize) -> u128 {
    let magnitude_bits = match width {
        8 => 63,
        4 => 31,
        _ => 15,
    };
    let ordered = |b: u64| {
        let m = (b & ((1u64 << magnitude_bits) - 1)) as i128;
        if b >> magnitude_bits & 1 == 1 {
            -m
        } else {
            m
        }
    };
    (ordered(x) - ordered(y)).unsigned_abs()
}

/// The largest distance in ULPs between the floats of `leaves` in `a` and `b` (NaN against
/// NaN counts 0, NaN against a number the most).
pub fn max_ulps(leaves: &[Leaf], a: &[u8], b: &[u8]) -> u128 {
    let mut most = 0;
    for leaf in leaves {
        if leaf.scalar.kind != ScalarKind::Float {
            continue;
        }
        let at = leaf.offset as usize;
        let n = usize::from(leaf.scalar.width);
        let (Some(x), Some(y)) = (a.get(at..at + n), b.get(at..at + n)) else {
            continue;
        };
        let bits = |s: &[u8]| {
            let mut v = [0u8; 8];
            v[..n].copy_from_slice(s);
            u64::from_le_bytes(v)
        };
        let (x, y) = (bits(x), bits(y));
        let (vx, vy) = (float_value(x, n), float_value(y, n));
        let d = match (vx.is_nan(), vy.is_nan()) {
            (true, true) => 0,
            (false, false) => ulp_distance(x, y, n),
            _ => u128::MAX,
        };
        most = most.max(d);
    }
    most
}

/// The value of binary16 bits.
pub fn f16_value(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let frac = f64::from(h & 0x3ff);
    sign * match exp {
        0 => frac * 2f64.powi(-24),
        31 if frac == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        e => (1.0 + frac / 1024.0) * 2f64.powi(e - 15),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ulps_count_across_zero_and_nan_matches_nan() {
        let t = Tolerance {
            ulps: 1,
            absolute: 0.0,
        };
        let f = |v: f32| u64::from(v.to_bits());
        assert!(float_close(f(1.0), f(1.0 + f32::EPSILON), 4, t));
        assert!(!float_close(f(1.0), f(1.0 + 2.0 * f32::EPSILON), 4, t));
        assert!(float_close(f(0.0), f(-0.0), 4, Tolerance::EXACT));
        assert!(float_close(f(f32::NAN), f(-f32::NAN), 4, Tolerance::EXACT));
        assert!(!float_close(f(f32::NAN), f(0.0), 4, t));
        assert!(float_close(0x3c00, 0x3c01, 2, t));
        assert_eq!(f16_value(0x3c00), 1.0);
    }
}
