//! naga's f64 math in software. DXIL's `double` overloads stop at `FAbs`, `Saturate`,
//! `FMin`/`FMax`, `FMad`/`Fma` (dxil-db.json): `Round_*`, `Frc`, `Sqrt`, `Rsqrt`, `IsNaN` and
//! `IsInf` are half and float only. So floor, ceil, round, trunc, fract, modf, sqrt,
//! inverseSqrt, ldexp and frexp of f64 are built here from `i64` bit operations on the IEEE
//! encoding, double `fadd`/`fmul`/`fdiv`/`fcmp` and `Fma`, all exact (sqrt correctly
//! rounded). Everything is straight-line code with `select`s, so it costs no control flow.
//!
//! The transcendental functions have no f64 form in GLSL or SPIR-V's GLSL.std.450 (16- and
//! 32-bit floats only), and no double-precision DXIL operation to build on: they are refused.

use dxil_ir::{CastOp, FloatPredicate, IntPredicate};
use naga::{MathFunction as M, Scalar};

use crate::error::{Error, Result};
use crate::lower::Lowerer;
use crate::Value;

/// The exponent field's position and the bias of IEEE binary64.
const MANT_BITS: i64 = 52;
const BIAS: i64 = 1023;
/// All bits but the sign.
const MAGNITUDE: i64 = i64::MAX;
/// The 52 stored significand bits.
const MANTISSA: i64 = (1 << MANT_BITS) - 1;
/// The exponent field.
const EXPONENT: i64 = 0x7ff << MANT_BITS;

/// The f64 math functions with no DXIL operation and no software version here: naga's
/// transcendental functions (GLSL and GLSL.std.450 define them for 16- and 32-bit floats).
pub fn refused_for_f64(fun: M) -> bool {
    matches!(
        fun,
        M::Cos
            | M::Cosh
            | M::Sin
            | M::Sinh
            | M::Tan
            | M::Tanh
            | M::Acos
            | M::Asin
            | M::Atan
            | M::Atan2
            | M::Asinh
            | M::Acosh
            | M::Atanh
            | M::Exp
            | M::Exp2
            | M::Log
            | M::Log2
            | M::Pow
    )
}

/// The error for a function of [`refused_for_f64`].
pub fn refusal(fun: M) -> Error {
    Error::unsupported(
        format!("MathFunction::{fun:?}"),
        "on f64: DXIL has no double-precision transcendental operations (Exp, Log, Sin, ... \
         are half and float only) and GLSL defines none, so there is nothing exact to lower to",
    )
}

impl Lowerer<'_, '_> {
    fn i64c(&mut self, v: i64) -> Result<Value> {
        let t = self.int_ty(64);
        self.cint(t, v)
    }

    fn f64c(&mut self, v: f64) -> Result<Value> {
        self.scalar_const(Scalar::F64, v)
    }

    fn bits64(&mut self, x: Value) -> Result<Value> {
        let t = self.int_ty(64);
        Ok(self.fb().cast(CastOp::BitCast, x, t)?)
    }

    fn double_of_bits(&mut self, b: Value) -> Result<Value> {
        let t = self.reg_ty(Scalar::F64)?;
        Ok(self.fb().cast(CastOp::BitCast, b, t)?)
    }

    /// The biased exponent field of the bits `b` (0 for zeros and denormals, 2047 for
    /// infinities and NaNs).
    fn exponent64(&mut self, b: Value) -> Result<Value> {
        let sh = self.i64c(MANT_BITS)?;
        let e = self.fb().lshr(b, sh)?;
        let m = self.i64c(0x7ff)?;
        Ok(self.fb().and(e, m)?)
    }

    /// `(1 << (n & 63)) - 1`: the masked shift keeps the count in range for the lanes a later
    /// `select` discards (LLVM's `shl` by the width or more is undefined).
    fn low_mask64(&mut self, n: Value) -> Result<Value> {
        let k = self.i64c(63)?;
        let n = self.fb().and(n, k)?;
        let one = self.i64c(1)?;
        let p = self.fb().shl(one, n)?;
        Ok(self.fb().sub(p, one)?)
    }

    /// `x <p> k` for an `i64` constant `k`.
    fn icmp64(&mut self, p: IntPredicate, x: Value, k: i64) -> Result<Value> {
        let k = self.i64c(k)?;
        Ok(self.fb().icmp(p, x, k)?)
    }

    /// The bits below the units place of a double with exponent field `e`: 1075 - e of them
    /// for 1 <= |x| < 2^52, none from 2^52 up (every such double is an integer; infinities
    /// and NaNs stay as they are), all but the sign below 1.
    fn fraction_mask64(&mut self, e: Value) -> Result<Value> {
        let top = self.i64c(BIAS + MANT_BITS)?;
        let n = self.fb().sub(top, e)?;
        let m = self.low_mask64(n)?;
        let big = self.icmp64(IntPredicate::Sgt, e, BIAS + MANT_BITS - 1)?;
        let zero = self.i64c(0)?;
        let m = self.fb().select(big, zero, m)?;
        let small = self.icmp64(IntPredicate::Slt, e, BIAS)?;
        let all = self.i64c(MAGNITUDE)?;
        Ok(self.fb().select(small, all, m)?)
    }

    /// `trunc`: the fraction bits cleared. |x| < 1 keeps only the sign (±0).
    pub fn trunc64(&mut self, x: Value) -> Result<Value> {
        let b = self.bits64(x)?;
        let e = self.exponent64(b)?;
        let frac = self.fraction_mask64(e)?;
        let ones = self.i64c(-1)?;
        let keep = self.fb().xor(frac, ones)?;
        let r = self.fb().and(b, keep)?;
        self.double_of_bits(r)
    }

    /// `floor`: the truncation, one lower when that moved a negative non-integer up. The
    /// subtraction is exact (the truncation is an integer below 2^52 there).
    pub fn floor64(&mut self, x: Value) -> Result<Value> {
        let t = self.trunc64(x)?;
        let below = self.fb().fcmp(FloatPredicate::Olt, x, t)?;
        let one = self.f64c(1.0)?;
        let t1 = self.fb().fsub(t, one)?;
        Ok(self.fb().select(below, t1, t)?)
    }

    /// `ceil`: the truncation, one higher when that moved a positive non-integer down
    /// (negative inputs above -1 keep the truncation's -0.0).
    pub fn ceil64(&mut self, x: Value) -> Result<Value> {
        let t = self.trunc64(x)?;
        let above = self.fb().fcmp(FloatPredicate::Ogt, x, t)?;
        let one = self.f64c(1.0)?;
        let t1 = self.fb().fadd(t, one)?;
        Ok(self.fb().select(above, t1, t)?)
    }

    /// `fract`: `x - floor(x)` (WGSL's definition, so 1 - ulp inputs just below an integer
    /// may give 1.0).
    pub fn fract64(&mut self, x: Value) -> Result<Value> {
        let f = self.floor64(x)?;
        Ok(self.fb().fsub(x, f)?)
    }

    /// `round`, half to even (WGSL `round`, GLSL `roundEven`). For 1 <= |x| < 2^52 the
    /// magnitude's bits plus half a unit minus one plus the units bit carry into the units
    /// place exactly when the fraction is above one half, or is one half and the units bit
    /// is odd; the fraction bits are then cleared (a carry into the exponent field is the
    /// next power of two, which IEEE's encoding makes right). For |x| < 1 the units bit is
    /// not in the significand: the result is 1 above one half, else 0. The sign is kept.
    pub fn round64(&mut self, x: Value) -> Result<Value> {
        let b = self.bits64(x)?;
        let e = self.exponent64(b)?;
        let mag_mask = self.i64c(MAGNITUDE)?;
        let a = self.fb().and(b, mag_mask)?;
        let sign_mask = self.i64c(i64::MIN)?;
        let sign = self.fb().and(b, sign_mask)?;
        // Fraction bits n = 1075 - e (1..=52 in the middle range), units bit at n.
        let top = self.i64c(BIAS + MANT_BITS)?;
        let n = self.fb().sub(top, e)?;
        let k = self.i64c(63)?;
        let n = self.fb().and(n, k)?;
        let units = self.fb().lshr(a, n)?;
        let one = self.i64c(1)?;
        let lsb = self.fb().and(units, one)?;
        let n1 = self.fb().sub(n, one)?;
        let half_m1 = self.low_mask64(n1)?;
        let frac = self.low_mask64(n)?;
        let r = self.fb().add(a, half_m1)?;
        let r = self.fb().add(r, lsb)?;
        let ones = self.i64c(-1)?;
        let keep = self.fb().xor(frac, ones)?;
        let mid = self.fb().and(r, keep)?;
        let above_half = self.icmp64(IntPredicate::Ugt, a, 0.5f64.to_bits() as i64)?;
        let unit = self.i64c(1.0f64.to_bits() as i64)?;
        let zero = self.i64c(0)?;
        let low = self.fb().select(above_half, unit, zero)?;
        let small = self.icmp64(IntPredicate::Slt, e, BIAS)?;
        let r = self.fb().select(small, low, mid)?;
        let big = self.icmp64(IntPredicate::Sgt, e, BIAS + MANT_BITS - 1)?;
        let r = self.fb().select(big, a, r)?;
        let r = self.fb().or(r, sign)?;
        self.double_of_bits(r)
    }

    /// `x` with denormals scaled up by `2^k` into the normal range: the scaled bits, their
    /// exponent field and whether `x` was scaled (zero counts as scaled; callers treat it
    /// apart).
    fn normalized64(&mut self, x: Value, k: i64) -> Result<(Value, Value, Value)> {
        let b = self.bits64(x)?;
        let e = self.exponent64(b)?;
        let den = self.icmp64(IntPredicate::Eq, e, 0)?;
        let p = self.f64c(f64::from_bits(((BIAS + k) as u64) << MANT_BITS))?;
        let up = self.fb().fmul(x, p)?;
        let xs = self.fb().select(den, up, x)?;
        let bs = self.bits64(xs)?;
        let es = self.exponent64(bs)?;
        Ok((bs, es, den))
    }

    /// `sqrt`, correctly rounded. A positive finite `x` is `m * 2^(2k)` with m in [1, 4)
    /// (denormals scaled by 2^108 first); `sqrt(m)` starts from the float `Rsqrt` of m,
    /// takes two Newton steps for 1/sqrt(m) in double (each `Fma` keeps the residual
    /// 1 - m r^2 exact enough to double the correct bits: 21 -> 42 -> 53+), then
    /// g = m r and one correction g + (m - g^2) r / 2 leave g within an ulp. The last step
    /// picks g, its successor or its predecessor from the signs of `m - g * g_up` and
    /// `m - g * g_down` (one `Fma` each, exact in sign): m and those products are multiples
    /// of 2^-105 while the squared half-ulp gaps they stand for are below that, so the sign
    /// says on which side of the midpoint sqrt(m) is (and it is never on it). Scaling back
    /// by 2^k is exact: the result lies in [2^-537, 2^512). Zeros, +inf and NaN give
    /// themselves, negative numbers NaN.
    pub fn sqrt64(&mut self, x: Value) -> Result<Value> {
        let zero = self.f64c(0.0)?;
        let inf = self.f64c(f64::INFINITY)?;
        let pos = self.fb().fcmp(FloatPredicate::Ogt, x, zero)?;
        let finite = self.fb().fcmp(FloatPredicate::Olt, x, inf)?;
        let ok = self.fb().and(pos, finite)?;
        let neg = self.fb().fcmp(FloatPredicate::Olt, x, zero)?;
        let nan = self.f64c(f64::NAN)?;
        let special = self.fb().select(neg, nan, x)?;
        let one = self.f64c(1.0)?;
        let x = self.fb().select(ok, x, one)?;

        let (bs, es, den) = self.normalized64(x, 108)?;
        let bias = self.i64c(BIAS)?;
        let u = self.fb().sub(es, bias)?;
        let one_i = self.i64c(1)?;
        let k = self.fb().ashr(u, one_i)?;
        let odd = self.fb().and(u, one_i)?;
        let mant = self.i64c(MANTISSA)?;
        let m = self.fb().and(bs, mant)?;
        let me = self.fb().add(odd, bias)?;
        let sh = self.i64c(MANT_BITS)?;
        let me = self.fb().shl(me, sh)?;
        let m = self.fb().or(m, me)?;
        let m = self.double_of_bits(m)?;
        let adj = self.i64c(54)?;
        let none = self.i64c(0)?;
        let adj = self.fb().select(den, adj, none)?;
        let k = self.fb().sub(k, adj)?;
        let k = self.fb().add(k, bias)?;
        let scale = self.fb().shl(k, sh)?;
        let scale = self.double_of_bits(scale)?;

        let f32t = self.mb().float();
        let dt = self.reg_ty(Scalar::F64)?;
        let mf = self.fb().cast(CastOp::FpTrunc, m, f32t)?;
        let r = self.e.rsqrt(&[], mf)?;
        let mut r = self.fb().cast(CastOp::FpExt, r, dt)?;
        let nzero = self.f64c(-0.0)?;
        let half = self.f64c(0.5)?;
        for _ in 0..2 {
            // r + (r / 2) (1 - m r^2)
            let t = self.fb().fmul(m, r)?;
            let nt = self.fb().fsub(nzero, t)?;
            let err = self.e.fma(&[], nt, r, one)?;
            let hr = self.fb().fmul(r, half)?;
            r = self.e.fma(&[], hr, err, r)?;
        }
        let g = self.fb().fmul(m, r)?;
        let h = self.fb().fmul(r, half)?;
        let ng = self.fb().fsub(nzero, g)?;
        let d = self.e.fma(&[], ng, g, m)?;
        let g = self.e.fma(&[], d, h, g)?;

        let gb = self.bits64(g)?;
        let up = self.fb().add(gb, one_i)?;
        let up = self.double_of_bits(up)?;
        let down = self.fb().sub(gb, one_i)?;
        let down = self.double_of_bits(down)?;
        let ng = self.fb().fsub(nzero, g)?;
        let hi = self.e.fma(&[], ng, up, m)?;
        let lo = self.e.fma(&[], ng, down, m)?;
        let go_up = self.fb().fcmp(FloatPredicate::Ogt, hi, zero)?;
        let go_down = self.fb().fcmp(FloatPredicate::Ole, lo, zero)?;
        let g = self.fb().select(go_down, down, g)?;
        let g = self.fb().select(go_up, up, g)?;
        let r = self.fb().fmul(g, scale)?;
        Ok(self.fb().select(ok, r, special)?)
    }

    /// `inverseSqrt`: 1 / sqrt(x), within an ulp (two roundings of at most half an ulp
    /// each; WGSL allows 2 ULP). 0 gives inf, -0 -inf, +inf 0, negative numbers NaN.
    pub fn inverse_sqrt64(&mut self, x: Value) -> Result<Value> {
        let s = self.sqrt64(x)?;
        let one = self.f64c(1.0)?;
        Ok(self.fb().fdiv(one, s)?)
    }

    /// `ldexp(x, e)` exactly, with one rounding when the result is denormal. Denormal `x`
    /// is scaled up by 2^64 first; with the new exponent field `ne` in 1..=2046 the field is
    /// replaced, above it the result is ±inf, below it the field is set to `ne + 1000` and
    /// the double multiplied by 2^-1000, the only inexact step (`ne` is clamped at -100
    /// first: anything below 2^-1075 rounds to ±0 anyway). `e` (i32) is clamped to
    /// ±2200, beyond which every finite nonzero x overflows or vanishes. Zeros, infinities
    /// and NaN give themselves.
    pub fn ldexp64(&mut self, x: Value, e: Value) -> Result<Value> {
        let lo = self.i32c(-2200)?;
        let hi = self.i32c(2200)?;
        let e = self.e.imax(&[], e, lo)?;
        let e = self.e.imin(&[], e, hi)?;
        let i64t = self.int_ty(64);
        let e = self.fb().cast(CastOp::SExt, e, i64t)?;

        let (bs, es, den) = self.normalized64(x, 64)?;
        let adj = self.i64c(64)?;
        let none = self.i64c(0)?;
        let adj = self.fb().select(den, adj, none)?;
        let ne = self.fb().add(es, e)?;
        let ne = self.fb().sub(ne, adj)?;
        let keep = self.i64c(!EXPONENT)?;
        let body = self.fb().and(bs, keep)?;
        let sh = self.i64c(MANT_BITS)?;

        let field = self.fb().shl(ne, sh)?;
        let normal = self.fb().or(body, field)?;
        let normal = self.double_of_bits(normal)?;

        let floor = self.i64c(-100)?;
        let low = self.e.imax(&[], ne, floor)?;
        let k = self.i64c(1000)?;
        let low = self.fb().add(low, k)?;
        let low = self.fb().shl(low, sh)?;
        let low = self.fb().or(body, low)?;
        let low = self.double_of_bits(low)?;
        let tiny = self.f64c(f64::from_bits(((BIAS - 1000) as u64) << MANT_BITS))?;
        let low = self.fb().fmul(low, tiny)?;

        let sign_mask = self.i64c(i64::MIN)?;
        let sign = self.fb().and(bs, sign_mask)?;
        let inf = self.i64c(EXPONENT)?;
        let inf = self.fb().or(sign, inf)?;
        let inf = self.double_of_bits(inf)?;

        let under = self.icmp64(IntPredicate::Slt, ne, 1)?;
        let over = self.icmp64(IntPredicate::Sgt, ne, 2046)?;
        let r = self.fb().select(under, low, normal)?;
        let r = self.fb().select(over, inf, r)?;
        let zero = self.f64c(0.0)?;
        let is_zero = self.fb().fcmp(FloatPredicate::Oeq, x, zero)?;
        let special = self.icmp64(IntPredicate::Eq, es, 0x7ff)?;
        let special = self.fb().or(special, is_zero)?;
        Ok(self.fb().select(special, x, r)?)
    }

    /// `frexp`: x = fract * 2^exp with |fract| in [0.5, 1) and x's sign. Denormals are
    /// scaled up by 2^64 first; the fraction is x's significand under the exponent field of
    /// 0.5. Zeros give themselves and exponent 0 (WGSL's rule); infinities and NaN too, as
    /// C's `frexp` returns them (its exponent is unspecified there).
    pub fn frexp64(&mut self, x: Value) -> Result<(Value, Value)> {
        let (bs, es, den) = self.normalized64(x, 64)?;
        let adj = self.i64c(BIAS - 1 + 64)?;
        let plain = self.i64c(BIAS - 1)?;
        let adj = self.fb().select(den, adj, plain)?;
        // naga's f64 frexp result has an i64 exponent (its integer width follows the float's).
        let exp = self.fb().sub(es, adj)?;
        let keep = self.i64c(!EXPONENT)?;
        let body = self.fb().and(bs, keep)?;
        let half = self.i64c(0.5f64.to_bits() as i64)?;
        let fr = self.fb().or(body, half)?;
        let fr = self.double_of_bits(fr)?;
        let zero = self.f64c(0.0)?;
        let is_zero = self.fb().fcmp(FloatPredicate::Oeq, x, zero)?;
        let special = self.icmp64(IntPredicate::Eq, es, 0x7ff)?;
        let special = self.fb().or(special, is_zero)?;
        let zi = self.i64c(0)?;
        let fr = self.fb().select(special, x, fr)?;
        let exp = self.fb().select(special, zi, exp)?;
        Ok((fr, exp))
    }

    /// `isnan` of a double: unordered with itself.
    pub fn is_nan64(&mut self, x: Value) -> Result<Value> {
        Ok(self.fb().fcmp(FloatPredicate::Uno, x, x)?)
    }

    /// `isinf` of a double: |x| == inf.
    pub fn is_inf64(&mut self, x: Value) -> Result<Value> {
        let a = self.e.fabs(&[], x)?;
        let inf = self.f64c(f64::INFINITY)?;
        Ok(self.fb().fcmp(FloatPredicate::Oeq, a, inf)?)
    }

    /// `sqrt` at the width of `s`: DXIL's `Sqrt` for half and float, [`Self::sqrt64`] for
    /// double.
    pub fn sqrt_of(&mut self, s: Scalar, x: Value) -> Result<Value> {
        if s.width == 8 {
            self.sqrt64(x)
        } else {
            Ok(self.e.sqrt(&[], x)?)
        }
    }

    /// `inverseSqrt` at the width of `s`.
    pub fn rsqrt_of(&mut self, s: Scalar, x: Value) -> Result<Value> {
        if s.width == 8 {
            self.inverse_sqrt64(x)
        } else {
            Ok(self.e.rsqrt(&[], x)?)
        }
    }
}
