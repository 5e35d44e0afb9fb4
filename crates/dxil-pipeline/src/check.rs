//! The `Results` rules, compared as the suite's checker compares them
//! (`lib/Support/Check.cpp`): `BufferExact` byte for byte; `BufferFloatULP` by the distance
//! of the values' bit patterns (half: in a sign-magnitude order), `BufferFloatEpsilon` by
//! absolute difference; NaN matches only NaN; with `DenormMode: Any` an expected denormal
//! also matches a zero of its sign. A failure is reported in the checker's words, with the
//! first differing element.

use crate::model::*;
use crate::print::print_buffer;
use crate::values::format_g;
use dxil_ir::half_to_f32;

/// A rule that does not hold.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleFailure {
    /// The rule's `Result` name.
    pub name: String,
    /// The first differing element: (block, index, expected, actual), when the sizes agree.
    pub first: Option<(usize, usize, String, String)>,
    /// The report, as the suite's offloader prints it on its error stream.
    pub report: String,
}

/// Checks every rule of `p` against its buffers (after the run); the failures, in order.
pub fn check_results(p: &Pipeline) -> Vec<RuleFailure> {
    p.results
        .iter()
        .filter_map(|r| check_rule(p, r).err())
        .collect()
}

/// Checks one rule.
pub fn check_rule(p: &Pipeline, r: &ResultRule) -> Result<(), RuleFailure> {
    let (Some(actual), Some(expected)) = (p.buffer(&r.actual), p.buffer(&r.expected)) else {
        return Err(RuleFailure {
            name: r.name.clone(),
            first: None,
            report: format!("Test failed: {}\nmissing buffer\n", r.name),
        });
    };
    let mut mismatches = Vec::new();
    let held = same_shape(actual, expected) && compare(r, actual, expected, &mut mismatches);
    if held {
        return Ok(());
    }
    let mut report = String::new();
    for (_, i, e, a) in &mismatches {
        report.push_str(&format!(
            "  Mismatch at element {i}: expected={e}, actual={a}\n"
        ));
    }
    let first = mismatches
        .into_iter()
        .next()
        .or_else(|| first_byte_difference(actual, expected));
    report.push_str(&format!("Test failed: {}\n", r.name));
    match r.rule {
        Rule::BufferExact => report.push_str("Comparison Rule: BufferExact\n"),
        Rule::BufferFloatUlp { ulp, .. } => {
            report.push_str(&format!("Comparison Rule: BufferFloatULP\nULP: {ulp}\n"))
        }
        Rule::BufferFloatEpsilon { epsilon } => report.push_str(&format!(
            "Comparison Rule: BufferFloatEpsilon\nEpsilon: {}\n",
            format_g(epsilon)
        )),
    }
    report.push_str("Expected:\n");
    report.push_str(&print_buffer(expected));
    report.push_str("Got:\n");
    report.push_str(&print_buffer(actual));
    report.push_str("Full Hex representation of Expected Buffer Values:\n");
    report.push_str(&hex_blocks(expected));
    report.push_str("\nFull Hex representation of Actual Buffer Values:\n");
    report.push_str(&hex_blocks(actual));
    report.push('\n');
    Err(RuleFailure {
        name: r.name.clone(),
        first,
        report,
    })
}

fn same_shape(a: &Buffer, b: &Buffer) -> bool {
    a.array_size == b.array_size && a.size() == b.size() && a.data.len() == b.data.len()
}

/// The first element (of the actual buffer's format) whose bytes differ, for the exact
/// rule, which the suite reports without one; or the sizes when they differ.
fn first_byte_difference(a: &Buffer, e: &Buffer) -> Option<(usize, usize, String, String)> {
    if !same_shape(a, e) {
        return Some((
            0,
            0,
            format!("{} block(s) of {} bytes", e.data.len(), e.size()),
            format!("{} block(s) of {} bytes", a.data.len(), a.size()),
        ));
    }
    let size = e.format.size() as usize;
    for (block, (da, de)) in a.data.iter().zip(&e.data).enumerate() {
        for (i, (ca, ce)) in da.chunks(size).zip(de.chunks(size)).enumerate() {
            if ca != ce {
                return Some((block, i, hex_le(ce), hex_le(ca)));
            }
        }
    }
    None
}

/// `0x` and the lower-case hex of a little-endian value, as the checker prints integers.
fn hex_le(bytes: &[u8]) -> String {
    let mut b8 = [0u8; 8];
    let n = bytes.len().min(8);
    b8[..n].copy_from_slice(&bytes[..n]);
    format!("0x{:x}", u64::from_le_bytes(b8))
}

/// Every block's values as lower-case hex bit patterns (`[ 0x1, 0x2 ]`, one ` - ` line per
/// block of an array).
fn hex_blocks(b: &Buffer) -> String {
    let size = b.format.size() as usize;
    let one = |d: &Vec<u8>| {
        if d.is_empty() {
            return String::new();
        }
        let items: Vec<String> = d.chunks(size).map(hex_le).collect();
        format!("[ {} ]", items.join(", "))
    };
    if b.array_size > 1 {
        b.data
            .iter()
            .map(|d| format!(" - {}", one(d)))
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        b.data.last().map(one).unwrap_or_default()
    }
}

/// Compares the blocks; float rules note each mismatch of the first differing block.
fn compare(
    r: &ResultRule,
    a: &Buffer,
    e: &Buffer,
    out: &mut Vec<(usize, usize, String, String)>,
) -> bool {
    let dm = r.denorm;
    for (block, (da, de)) in a.data.iter().zip(&e.data).enumerate() {
        let ok = match (r.rule, e.format) {
            (Rule::BufferExact, _) => da == de,
            (
                Rule::BufferFloatUlp {
                    ulp,
                    zero_tolerance,
                },
                DataFormat::Float64,
            ) => each::<8>(block, da, de, out, |s, f| {
                let (s, f) = (f64::from_le_bytes(s), f64::from_le_bytes(f));
                (
                    double_ulp(s, f, ulp, dm, zero_tolerance),
                    show_f(s),
                    show_f(f),
                )
            }),
            (
                Rule::BufferFloatUlp {
                    ulp,
                    zero_tolerance,
                },
                DataFormat::Float16,
            ) => each::<2>(block, da, de, out, |s, f| {
                let (s, f) = (u16::from_le_bytes(s), u16::from_le_bytes(f));
                (
                    half_ulp(s, f, ulp, zero_tolerance as f32),
                    show_h(s),
                    show_h(f),
                )
            }),
            (
                Rule::BufferFloatUlp {
                    ulp,
                    zero_tolerance,
                },
                _,
            ) => each::<4>(block, da, de, out, |s, f| {
                let (s, f) = (f32::from_le_bytes(s), f32::from_le_bytes(f));
                (
                    float_ulp(s, f, ulp, dm, zero_tolerance as f32),
                    show_f(s.into()),
                    show_f(f.into()),
                )
            }),
            (Rule::BufferFloatEpsilon { epsilon }, DataFormat::Float64) => {
                each::<8>(block, da, de, out, |s, f| {
                    let (s, f) = (f64::from_le_bytes(s), f64::from_le_bytes(f));
                    (double_epsilon(s, f, epsilon, dm), show_f(s), show_f(f))
                })
            }
            (Rule::BufferFloatEpsilon { epsilon }, DataFormat::Float16) => {
                each::<2>(block, da, de, out, |s, f| {
                    let (s, f) = (u16::from_le_bytes(s), u16::from_le_bytes(f));
                    (half_epsilon(s, f, epsilon as f32), show_h(s), show_h(f))
                })
            }
            (Rule::BufferFloatEpsilon { epsilon }, _) => each::<4>(block, da, de, out, |s, f| {
                let (s, f) = (f32::from_le_bytes(s), f32::from_le_bytes(f));
                (
                    float_epsilon(s, f, epsilon as f32, dm),
                    show_f(s.into()),
                    show_f(f.into()),
                )
            }),
        };
        if !ok {
            return false;
        }
    }
    true
}

/// Applies `cmp` to each pair of `N`-byte values (actual, expected), noting mismatches.
fn each<const N: usize>(
    block: usize,
    actual: &[u8],
    expected: &[u8],
    out: &mut Vec<(usize, usize, String, String)>,
    cmp: impl Fn([u8; N], [u8; N]) -> (bool, String, String),
) -> bool {
    let mut ok = true;
    for (i, (a, e)) in actual
        .chunks_exact(N)
        .zip(expected.chunks_exact(N))
        .enumerate()
    {
        let mut av = [0u8; N];
        let mut ev = [0u8; N];
        av.copy_from_slice(a);
        ev.copy_from_slice(e);
        let (same, shown_a, shown_e) = cmp(av, ev);
        if !same {
            out.push((block, i, shown_e, shown_a));
            ok = false;
        }
    }
    ok
}

fn show_f(v: f64) -> String {
    format!("{} ({})", format_g(v), hexfloat(v))
}

fn show_h(v: u16) -> String {
    format!("0x{v:x}")
}

/// C's `%a` (glibc): `0x1.8p+1`, denormals as `0x0.…p-1022`.
fn hexfloat(v: f64) -> String {
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
    let bits = v.to_bits();
    let sign = if v.is_sign_negative() { "-" } else { "" };
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let mant = bits & ((1u64 << 52) - 1);
    if exp == 0 && mant == 0 {
        return format!("{sign}0x0p+0");
    }
    let (lead, e) = if exp == 0 {
        (0, -1022)
    } else {
        (1, exp - 1023)
    };
    let digits = format!("{mant:013x}");
    let digits = digits.trim_end_matches('0');
    let sign_e = if e < 0 { '-' } else { '+' };
    if digits.is_empty() {
        format!("{sign}0x{lead}p{sign_e}{}", e.abs())
    } else {
        format!("{sign}0x{lead}.{digits}p{sign_e}{}", e.abs())
    }
}

fn half_is_nan(h: u16) -> bool {
    (h & 0x7c00) == 0x7c00 && (h & 0x03ff) != 0
}

fn denorm_zero_f32(s: f32, r: f32, dm: DenormMode) -> bool {
    dm == DenormMode::Any
        && r.is_subnormal()
        && s == 0.0
        && s.is_sign_negative() == r.is_sign_negative()
}

fn denorm_zero_f64(s: f64, r: f64, dm: DenormMode) -> bool {
    dm == DenormMode::Any
        && r.is_subnormal()
        && s == 0.0
        && s.is_sign_negative() == r.is_sign_negative()
}

fn double_epsilon(s: f64, r: f64, eps: f64, dm: DenormMode) -> bool {
    if s == r {
        return true;
    }
    if s.is_nan() || r.is_nan() {
        return s.is_nan() && r.is_nan();
    }
    denorm_zero_f64(s, r, dm) || (s - r).abs() < eps
}

fn float_epsilon(s: f32, r: f32, eps: f32, dm: DenormMode) -> bool {
    if s == r {
        return true;
    }
    if s.is_nan() || r.is_nan() {
        return s.is_nan() && r.is_nan();
    }
    denorm_zero_f32(s, r, dm) || (s - r).abs() < eps
}

fn double_ulp(s: f64, r: f64, ulp: u32, dm: DenormMode, zero: f64) -> bool {
    if s == r {
        return true;
    }
    if s.is_nan() || r.is_nan() {
        return s.is_nan() && r.is_nan();
    }
    if denorm_zero_f64(s, r, dm) {
        return true;
    }
    if zero > 0.0 && (s.abs() <= zero || r.abs() <= zero) {
        return (s - r).abs() <= zero;
    }
    (s.to_bits() as i64)
        .wrapping_sub(r.to_bits() as i64)
        .unsigned_abs()
        <= u64::from(ulp)
}

fn float_ulp(s: f32, r: f32, ulp: u32, dm: DenormMode, zero: f32) -> bool {
    if s == r {
        return true;
    }
    if s.is_nan() || r.is_nan() {
        return s.is_nan() && r.is_nan();
    }
    if denorm_zero_f32(s, r, dm) {
        return true;
    }
    if zero > 0.0 && (s.abs() <= zero || r.abs() <= zero) {
        return (s - r).abs() <= zero;
    }
    (s.to_bits() as i32)
        .wrapping_sub(r.to_bits() as i32)
        .unsigned_abs()
        <= ulp
}

fn half_epsilon(s: u16, r: u16, eps: f32) -> bool {
    if (s & 0x7fff) == 0 && (r & 0x7fff) == 0 {
        return true;
    }
    if s == r {
        return true;
    }
    if half_is_nan(s) || half_is_nan(r) {
        return half_is_nan(s) && half_is_nan(r);
    }
    (half_to_f32(s) - half_to_f32(r)).abs() < eps
}

fn half_ulp(s: u16, r: u16, ulp: u32, zero: f32) -> bool {
    if (s & 0x7fff) == 0 && (r & 0x7fff) == 0 {
        return true;
    }
    if s == r {
        return true;
    }
    if half_is_nan(s) || half_is_nan(r) {
        return half_is_nan(s) && half_is_nan(r);
    }
    if zero > 0.0 {
        let (a, b) = (half_to_f32(s), half_to_f32(r));
        if a.abs() <= zero || b.abs() <= zero {
            return (a - b).abs() <= zero;
        }
    }
    // Sign-magnitude to a monotonic order, so that -0 and +0 are neighbours.
    let ordered = |h: u16| -> i32 {
        if h & 0x8000 != 0 {
            i32::from(!h)
        } else {
            i32::from(h | 0x8000)
        }
    };
    (ordered(s) - ordered(r)).unsigned_abs() <= ulp
}

#[cfg(test)]
mod tests {
    use super::*;

    fn buf(name: &str, format: DataFormat, data: Vec<u8>) -> Buffer {
        Buffer {
            name: name.into(),
            format,
            channels: 1,
            stride: 0,
            array_size: 1,
            data: vec![data],
            output_props: None,
            counters: Vec::new(),
            line: 1,
        }
    }

    fn pipeline(a: Buffer, e: Buffer, rule: Rule) -> Pipeline {
        Pipeline {
            io: None,
            vertex_count: None,
            shaders: Vec::new(),
            buffers: vec![a, e],
            samplers: Vec::new(),
            results: vec![ResultRule {
                name: "Test1".into(),
                rule,
                denorm: DenormMode::Any,
                actual: "A".into(),
                expected: "E".into(),
                line: 1,
            }],
            sets: Vec::new(),
            push_constants: Vec::new(),
            root_parameters: Vec::new(),
            dispatch: [1, 1, 1],
            unsupported: Vec::new(),
        }
    }

    fn f32s(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn exact_names_the_first_difference() {
        let a = buf("A", DataFormat::Int32, vec![1, 0, 0, 0, 20, 0, 0, 0]);
        let e = buf("E", DataFormat::Int32, vec![1, 0, 0, 0, 2, 0, 0, 0]);
        let f = check_results(&pipeline(a, e, Rule::BufferExact));
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].first, Some((0, 1, "0x2".into(), "0x14".into())));
        assert!(f[0]
            .report
            .contains("Test failed: Test1\nComparison Rule: BufferExact\n"));
        assert!(f[0]
            .report
            .contains("[ 0x1, 0x2 ]\nFull Hex representation of Actual"));
    }

    #[test]
    fn ulp_and_epsilon() {
        let one_up = f32::from_bits(1.0f32.to_bits() + 1);
        let two_up = f32::from_bits(1.0f32.to_bits() + 2);
        let ulp1 = Rule::BufferFloatUlp {
            ulp: 1,
            zero_tolerance: 0.0,
        };
        let p = pipeline(
            buf("A", DataFormat::Float32, f32s(&[one_up, f32::NAN])),
            buf("E", DataFormat::Float32, f32s(&[1.0, f32::NAN])),
            ulp1,
        );
        assert!(check_results(&p).is_empty());
        let p = pipeline(
            buf("A", DataFormat::Float32, f32s(&[two_up])),
            buf("E", DataFormat::Float32, f32s(&[1.0])),
            ulp1,
        );
        let f = check_results(&p);
        assert_eq!(f[0].first.as_ref().map(|m| m.1), Some(0));
        assert!(f[0].report.starts_with(
            "  Mismatch at element 0: expected=1 (0x1p+0), actual=1 (0x1.000004p+0)\n"
        ));
        let eps = Rule::BufferFloatEpsilon { epsilon: 0.01 };
        let p = pipeline(
            buf("A", DataFormat::Float32, f32s(&[1.005, 0.0])),
            buf("E", DataFormat::Float32, f32s(&[1.0, f32::from_bits(1)])),
            eps,
        );
        assert!(check_results(&p).is_empty());
    }

    #[test]
    fn half_ulp_orders_across_zero() {
        assert!(half_ulp(0x8000, 0x0000, 0, 0.0));
        assert!(half_ulp(0x0001, 0x8001, 3, 0.0));
        assert!(!half_ulp(0x0001, 0x8001, 2, 0.0));
        assert!(half_ulp(0x7e00, 0x7c01, 0, 0.0));
        assert_eq!(half_to_f32(0x3c00), 1.0);
        assert_eq!(half_to_f32(0x0001), 5.960_464_5e-8);
    }

    #[test]
    fn hexfloat_like_c() {
        assert_eq!(hexfloat(1.0), "0x1p+0");
        assert_eq!(hexfloat(3.0), "0x1.8p+1");
        assert_eq!(hexfloat(-0.5), "-0x1p-1");
        assert_eq!(hexfloat(0.0), "0x0p+0");
        assert_eq!(hexfloat(f64::from_bits(1)), "0x0.0000000000001p-1022");
    }
}
