//! WGSL's built-in math functions (naga `MathFunction`) as DXIL operations (DXIL.rst
//! "Unary", "Binary", "Tertiary", "Dot2/3/4", "UnaryBits") and LLVM arithmetic, leaf by
//! leaf. DXIL's `Exp` and `Log` are base 2.

use dxil_ir::{CastOp, FloatPredicate, IntPredicate};
use naga::{Handle, MathFunction as M, Scalar, ScalarKind};

use crate::error::{Error, Result};
use crate::lower::{leaf, Lowerer};
use crate::Value;

const LN2: f64 = std::f64::consts::LN_2;
const LOG2_E: f64 = std::f64::consts::LOG2_E;

impl Lowerer<'_, '_> {
    /// A math function call.
    pub fn math(
        &mut self,
        _h: Handle<naga::Expression>,
        fun: M,
        arg: Handle<naga::Expression>,
        arg1: Option<Handle<naga::Expression>>,
        arg2: Option<Handle<naga::Expression>>,
        arg3: Option<Handle<naga::Expression>>,
    ) -> Result<Vec<Value>> {
        let s = self.scalar_of(arg)?;
        let double = s.kind == ScalarKind::Float && s.width == 8;
        if double && crate::double::refused_for_f64(fun) {
            return Err(crate::double::refusal(fun));
        }
        let a = self.scalars(arg)?;
        let b = match arg1 {
            Some(h) => self.scalars(h)?,
            None => Vec::new(),
        };
        let c = match arg2 {
            Some(h) => self.scalars(h)?,
            None => Vec::new(),
        };
        let d = match arg3 {
            Some(h) => self.scalars(h)?,
            None => Vec::new(),
        };
        if let Some(v) = self.math_more(fun, s, [&a, &b, &c, &d])? {
            return Ok(v);
        }
        let float = s.kind == ScalarKind::Float;
        let signed = s.kind == ScalarKind::Sint;
        // Shapes naga's validator guarantees, checked so that indexing below cannot fail.
        let n = a.len();
        let fits = |v: &[Value]| v.is_empty() || v.len() == 1 || v.len() == n;
        let square = |k: usize| k * k == n;
        let shaped = n > 0
            && fits(&b)
            && fits(&c)
            && match fun {
                M::Cross => n == 3 && b.len() == 3,
                M::Dot | M::Distance | M::Reflect | M::Outer => !b.is_empty(),
                M::FaceForward => b.len() == n && c.len() == n,
                M::Determinant => (2..=4).any(square),
                _ => true,
            };
        if !shaped {
            return Err(Error::new(
                crate::error::ErrorKind::Invalid,
                format!("MathFunction::{fun:?}"),
                "operands of mismatched shapes",
            ));
        }
        let pick = |v: &[Value], i: usize| leaf(v, i);
        match fun {
            M::Dot => {
                return Ok(vec![self.dot(s, &a, &b)?]);
            }
            M::Length => {
                let d = self.dot(s, &a, &a)?;
                return Ok(vec![self.sqrt_of(s, d)?]);
            }
            M::Distance => {
                let mut diff = Vec::with_capacity(a.len());
                for (i, &x) in a.iter().enumerate() {
                    let y = leaf(&b, i)?;
                    diff.push(self.fb().fsub(x, y)?);
                }
                let d = self.dot(s, &diff, &diff)?;
                return Ok(vec![self.sqrt_of(s, d)?]);
            }
            M::Normalize => {
                let d = self.dot(s, &a, &a)?;
                let r = self.rsqrt_of(s, d)?;
                let mut out = Vec::with_capacity(a.len());
                for &x in &a {
                    out.push(self.fb().fmul(x, r)?);
                }
                return Ok(out);
            }
            M::Cross => {
                let mut out = Vec::with_capacity(3);
                for i in 0..3 {
                    let (j, k) = ((i + 1) % 3, (i + 2) % 3);
                    let p = self.fb().fmul(a[j], b[k])?;
                    let q = self.fb().fmul(a[k], b[j])?;
                    out.push(self.fb().fsub(p, q)?);
                }
                return Ok(out);
            }
            M::Reflect => {
                // e1 - 2 * dot(e2, e1) * e2
                let d = self.dot(s, &b, &a)?;
                let two = self.scalar_const(s, 2.0)?;
                let d2 = self.fb().fmul(d, two)?;
                let mut out = Vec::with_capacity(a.len());
                for (i, &x) in a.iter().enumerate() {
                    let t = self.fb().fmul(d2, leaf(&b, i)?)?;
                    out.push(self.fb().fsub(x, t)?);
                }
                return Ok(out);
            }
            M::FaceForward => {
                // dot(e2, e3) < 0 ? e1 : -e1
                let d = self.dot(s, &b, &c)?;
                let z = self.zero(s)?;
                let lt = self.fb().fcmp(FloatPredicate::Olt, d, z)?;
                let nz = self.scalar_const(s, -0.0)?;
                let mut out = Vec::with_capacity(a.len());
                for &x in &a {
                    let n = self.fb().fsub(nz, x)?;
                    out.push(self.fb().select(lt, x, n)?);
                }
                return Ok(out);
            }
            M::Transpose => {
                let naga::TypeInner::Matrix { columns, rows, .. } = *self.ty_of(arg) else {
                    return Err(Error::unsupported(
                        "MathFunction::Transpose",
                        "not a matrix",
                    ));
                };
                let (cols, rows) = (columns as usize, rows as usize);
                if a.len() != cols * rows {
                    return Err(Error::unsupported(
                        "MathFunction::Transpose",
                        "a matrix of the wrong size",
                    ));
                }
                let mut out = Vec::with_capacity(a.len());
                for r in 0..rows {
                    for col in 0..cols {
                        out.push(a[col * rows + r]);
                    }
                }
                return Ok(out);
            }
            M::Determinant => return Ok(vec![self.determinant(arg, &a)?]),
            M::Inverse => return self.inverse(arg, s, &a),
            M::Outer => {
                let mut out = Vec::with_capacity(a.len() * b.len());
                for &y in &b {
                    for &x in &a {
                        out.push(self.fb().fmul(x, y)?);
                    }
                }
                return Ok(out);
            }
            _ => {}
        }
        let mut out = Vec::with_capacity(a.len());
        for (i, &x) in a.iter().enumerate() {
            let v = match fun {
                M::Abs if float => self.e.fabs(&[], x)?,
                M::Abs if signed => {
                    let z = self.zero(s)?;
                    let n = self.fb().sub(z, x)?;
                    self.e.imax(&[], x, n)?
                }
                M::Abs => x,
                M::Min | M::Max => {
                    let y = pick(&b, i)?;
                    self.min_max(fun == M::Min, s, x, y)?
                }
                M::Clamp => {
                    let lo = pick(&b, i)?;
                    let hi = pick(&c, i)?;
                    let m = self.min_max(false, s, x, lo)?;
                    self.min_max(true, s, m, hi)?
                }
                M::Saturate => self.e.saturate(&[], x)?,
                M::Cos => self.e.cos(&[], x)?,
                M::Sin => self.e.sin(&[], x)?,
                M::Tan => self.e.tan(&[], x)?,
                M::Acos => self.e.acos(&[], x)?,
                M::Asin => self.e.asin(&[], x)?,
                M::Atan => self.e.atan(&[], x)?,
                M::Cosh => self.e.hcos(&[], x)?,
                M::Sinh => self.e.hsin(&[], x)?,
                M::Tanh => self.e.htan(&[], x)?,
                M::Atan2 => self.atan2(s, x, pick(&b, i)?)?,
                M::Asinh | M::Acosh => {
                    // ln(x + sqrt(x*x +- 1))
                    let one = self.scalar_const(s, 1.0)?;
                    let sq = self.fb().fmul(x, x)?;
                    let t = if fun == M::Asinh {
                        self.fb().fadd(sq, one)?
                    } else {
                        self.fb().fsub(sq, one)?
                    };
                    let r = self.e.sqrt(&[], t)?;
                    let u = self.fb().fadd(x, r)?;
                    self.ln(s, u)?
                }
                M::Atanh => {
                    // 0.5 * ln((1 + x) / (1 - x))
                    let one = self.scalar_const(s, 1.0)?;
                    let p = self.fb().fadd(one, x)?;
                    let q = self.fb().fsub(one, x)?;
                    let r = self.fb().fdiv(p, q)?;
                    let l = self.ln(s, r)?;
                    let half = self.scalar_const(s, 0.5)?;
                    self.fb().fmul(l, half)?
                }
                M::Radians | M::Degrees => {
                    let k = if fun == M::Radians {
                        std::f64::consts::PI / 180.0
                    } else {
                        180.0 / std::f64::consts::PI
                    };
                    let k = self.scalar_const(s, k)?;
                    self.fb().fmul(x, k)?
                }
                M::Ceil if double => self.ceil64(x)?,
                M::Floor if double => self.floor64(x)?,
                M::Round if double => self.round64(x)?,
                M::Trunc if double => self.trunc64(x)?,
                M::Fract if double => self.fract64(x)?,
                M::Ceil => self.e.round_pi(&[], x)?,
                M::Floor => self.e.round_ni(&[], x)?,
                M::Round => self.e.round_ne(&[], x)?,
                M::Trunc => self.e.round_z(&[], x)?,
                M::Fract => {
                    // x - floor(x) (WGSL "fract"; DXIL's Frc is the same on finite input)
                    let f = self.e.round_ni(&[], x)?;
                    self.fb().fsub(x, f)?
                }
                M::Exp2 => self.e.exp(&[], x)?,
                M::Log2 => self.e.log(&[], x)?,
                M::Exp => {
                    let k = self.scalar_const(s, LOG2_E)?;
                    let y = self.fb().fmul(x, k)?;
                    self.e.exp(&[], y)?
                }
                M::Log => self.ln(s, x)?,
                M::Pow => {
                    let l = self.e.log(&[], x)?;
                    let m = self.fb().fmul(l, pick(&b, i)?)?;
                    self.e.exp(&[], m)?
                }
                M::Sqrt => self.sqrt_of(s, x)?,
                M::InverseSqrt => self.rsqrt_of(s, x)?,
                M::Sign if float => {
                    let z = self.zero(s)?;
                    let one = self.scalar_const(s, 1.0)?;
                    let m1 = self.scalar_const(s, -1.0)?;
                    let gt = self.fb().fcmp(FloatPredicate::Ogt, x, z)?;
                    let lt = self.fb().fcmp(FloatPredicate::Olt, x, z)?;
                    let r = self.fb().select(lt, m1, z)?;
                    self.fb().select(gt, one, r)?
                }
                M::Sign => {
                    let z = self.zero(s)?;
                    let one = self.scalar_const(s, 1.0)?;
                    let m1 = self.scalar_const(s, -1.0)?;
                    let gt = self.fb().icmp(IntPredicate::Sgt, x, z)?;
                    let lt = self.fb().icmp(IntPredicate::Slt, x, z)?;
                    let r = self.fb().select(lt, m1, z)?;
                    self.fb().select(gt, one, r)?
                }
                M::Fma if s.width == 8 => self.e.fma(&[], x, pick(&b, i)?, pick(&c, i)?)?,
                M::Fma => self.e.fmad(&[], x, pick(&b, i)?, pick(&c, i)?)?,
                M::Mix => {
                    // x + (y - x) * a
                    let y = pick(&b, i)?;
                    let t = pick(&c, i)?;
                    let d = self.fb().fsub(y, x)?;
                    let m = self.fb().fmul(d, t)?;
                    self.fb().fadd(x, m)?
                }
                M::Step => {
                    // step(edge, x) = x >= edge ? 1 : 0
                    let y = pick(&b, i)?;
                    let ge = self.fb().fcmp(FloatPredicate::Oge, y, x)?;
                    let one = self.scalar_const(s, 1.0)?;
                    let z = self.zero(s)?;
                    self.fb().select(ge, one, z)?
                }
                M::SmoothStep => {
                    // t = saturate((x - e0) / (e1 - e0)); t * t * (3 - 2 t)
                    let e1 = pick(&b, i)?;
                    let xv = pick(&c, i)?;
                    let n = self.fb().fsub(xv, x)?;
                    let d = self.fb().fsub(e1, x)?;
                    let q = self.fb().fdiv(n, d)?;
                    let t = self.e.saturate(&[], q)?;
                    let two = self.scalar_const(s, 2.0)?;
                    let three = self.scalar_const(s, 3.0)?;
                    let tt = self.fb().fmul(t, t)?;
                    let t2 = self.fb().fmul(two, t)?;
                    let k = self.fb().fsub(three, t2)?;
                    self.fb().fmul(tt, k)?
                }
                M::CountOneBits => {
                    let r = self.e.countbits(&[], x)?;
                    self.fit_i32(r, s)?
                }
                M::ReverseBits => self.e.bfrev(&[], x)?,
                M::FirstTrailingBit => {
                    let r = self.e.firstbit_lo(&[], x)?;
                    self.fit_i32(r, s)?
                }
                M::CountTrailingZeros => {
                    // min(firstbitlow(x), bits): firstbitlow is ~0 for zero
                    let r = self.e.firstbit_lo(&[], x)?;
                    let bits = self.i32c(i64::from(s.width) * 8)?;
                    let r = self.e.umin(&[], r, bits)?;
                    self.fit_i32(r, s)?
                }
                M::FirstLeadingBit | M::CountLeadingZeros => {
                    // DXIL's FirstbitHi/FirstbitSHi count from the most significant bit.
                    let r = if signed && fun == M::FirstLeadingBit {
                        self.e.firstbit_shi(&[], x)?
                    } else {
                        self.e.firstbit_hi(&[], x)?
                    };
                    let bits = i64::from(s.width) * 8;
                    let m1 = self.i32c(-1)?;
                    let none = self.fb().icmp(IntPredicate::Eq, r, m1)?;
                    let top = self.i32c(bits - 1)?;
                    if fun == M::FirstLeadingBit {
                        let idx = self.fb().sub(top, r)?;
                        let r = self.fb().select(none, m1, idx)?;
                        self.fit_i32(r, s)?
                    } else {
                        let all = self.i32c(bits)?;
                        let r = self.fb().select(none, all, r)?;
                        self.fit_i32(r, s)?
                    }
                }
                other => {
                    return Err(Error::unsupported(
                        format!("MathFunction::{other:?}"),
                        "not supported by this back end yet",
                    ))
                }
            };
            out.push(v);
        }
        Ok(out)
    }

    /// An `i32` result of a bit operation at the width of `s`.
    fn fit_i32(&mut self, r: Value, s: Scalar) -> Result<Value> {
        let t = crate::leaf::reg_ty(
            self.mb(),
            Scalar {
                kind: ScalarKind::Uint,
                width: s.width,
            },
        )?;
        Ok(match s.width {
            8 => self.fb().cast(CastOp::ZExt, r, t)?,
            2 => self.fb().cast(CastOp::Trunc, r, t)?,
            _ => r,
        })
    }

    /// `min`/`max` by kind (DXIL.rst "FMin", "IMin", "UMin", ...).
    pub fn min_max(&mut self, min: bool, s: Scalar, x: Value, y: Value) -> Result<Value> {
        Ok(match (s.kind, min) {
            (ScalarKind::Float, true) => self.e.fmin(&[], x, y)?,
            (ScalarKind::Float, false) => self.e.fmax(&[], x, y)?,
            (ScalarKind::Sint, true) => self.e.imin(&[], x, y)?,
            (ScalarKind::Sint, false) => self.e.imax(&[], x, y)?,
            (_, true) => self.e.umin(&[], x, y)?,
            (_, false) => self.e.umax(&[], x, y)?,
        })
    }

    /// Natural logarithm: `log2(x) * ln 2`.
    fn ln(&mut self, s: Scalar, x: Value) -> Result<Value> {
        let l = self.e.log(&[], x)?;
        let k = self.scalar_const(s, LN2)?;
        Ok(self.fb().fmul(l, k)?)
    }

    /// `dot` of two vectors: `Dot2/3/4` for 32- and 16-bit floats, multiply-add otherwise.
    fn dot(&mut self, s: Scalar, a: &[Value], b: &[Value]) -> Result<Value> {
        if a.len() != b.len() {
            return Err(Error::unsupported(
                "MathFunction::Dot",
                "vectors of different sizes",
            ));
        }
        if s.kind == ScalarKind::Float && s.width != 8 {
            match a.len() {
                2 => return Ok(self.e.dot2(&[], a[0], a[1], b[0], b[1])?),
                3 => return Ok(self.e.dot3(&[], a[0], a[1], a[2], b[0], b[1], b[2])?),
                4 => {
                    return Ok(self
                        .e
                        .dot4(&[], a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3])?)
                }
                _ => {}
            }
        }
        let float = s.kind == ScalarKind::Float;
        let mut acc = None;
        for (&x, &y) in a.iter().zip(b) {
            let p = if float {
                self.fb().fmul(x, y)?
            } else {
                self.fb().mul(x, y)?
            };
            acc = Some(match acc {
                None => p,
                Some(t) if float => self.fb().fadd(t, p)?,
                Some(t) => self.fb().add(t, p)?,
            });
        }
        acc.ok_or_else(|| Error::unsupported("MathFunction::Dot", "an empty vector"))
    }

    /// `atan2(y, x)` from `atan(y / x)` and the quadrant.
    fn atan2(&mut self, s: Scalar, y: Value, x: Value) -> Result<Value> {
        let q = self.fb().fdiv(y, x)?;
        let at = self.e.atan(&[], q)?;
        let z = self.zero(s)?;
        let pi = self.scalar_const(s, std::f64::consts::PI)?;
        let half = self.scalar_const(s, std::f64::consts::FRAC_PI_2)?;
        let xlt = self.fb().fcmp(FloatPredicate::Olt, x, z)?;
        let xgt = self.fb().fcmp(FloatPredicate::Ogt, x, z)?;
        let yge = self.fb().fcmp(FloatPredicate::Oge, y, z)?;
        let ylt = self.fb().fcmp(FloatPredicate::Olt, y, z)?;
        let plus = self.fb().fadd(at, pi)?;
        let minus = self.fb().fsub(at, pi)?;
        let nz = self.scalar_const(s, -0.0)?;
        let nhalf = self.fb().fsub(nz, half)?;
        // x == 0: sign(y) * pi/2
        let on_axis = self.fb().select(ylt, nhalf, half)?;
        let left = self.fb().select(yge, plus, minus)?;
        let r = self.fb().select(xlt, left, on_axis)?;
        Ok(self.fb().select(xgt, at, r)?)
    }

    /// `determinant` of a 2x2, 3x3 or 4x4 matrix (cofactor expansion).
    fn determinant(&mut self, arg: Handle<naga::Expression>, a: &[Value]) -> Result<Value> {
        let naga::TypeInner::Matrix { columns, .. } = *self.ty_of(arg) else {
            return Err(Error::unsupported(
                "MathFunction::Determinant",
                "not a matrix",
            ));
        };
        let n = columns as usize;
        if a.len() != n * n {
            return Err(Error::unsupported(
                "MathFunction::Determinant",
                "not a square matrix",
            ));
        }
        let m: Vec<Vec<Value>> = (0..n)
            .map(|r| (0..n).map(|c| a[c * n + r]).collect())
            .collect();
        self.det(&m)
    }

    /// `inverse` of a 2x2, 3x3 or 4x4 matrix: the adjugate over the determinant.
    fn inverse(
        &mut self,
        arg: Handle<naga::Expression>,
        s: Scalar,
        a: &[Value],
    ) -> Result<Vec<Value>> {
        let naga::TypeInner::Matrix { columns, .. } = *self.ty_of(arg) else {
            return Err(Error::unsupported("MathFunction::Inverse", "not a matrix"));
        };
        let n = columns as usize;
        if a.len() != n * n {
            return Err(Error::unsupported(
                "MathFunction::Inverse",
                "not a square matrix",
            ));
        }
        let m: Vec<Vec<Value>> = (0..n)
            .map(|r| (0..n).map(|c| a[c * n + r]).collect())
            .collect();
        let det = self.det(&m)?;
        let one = self.scalar_const(s, 1.0)?;
        let rdet = self.fb().fdiv(one, det)?;
        let nz = self.scalar_const(s, -0.0)?;
        let mut out = Vec::with_capacity(n * n);
        for col in 0..n {
            for row in 0..n {
                // inverse[row][col] = cofactor(col, row) / det
                let minor: Vec<Vec<Value>> = m
                    .iter()
                    .enumerate()
                    .filter(|&(r, _)| r != col)
                    .map(|(_, line)| {
                        line.iter()
                            .enumerate()
                            .filter(|&(c, _)| c != row)
                            .map(|(_, &v)| v)
                            .collect()
                    })
                    .collect();
                let d = self.det(&minor)?;
                let v = self.fb().fmul(d, rdet)?;
                out.push(if (row + col) % 2 == 1 {
                    self.fb().fsub(nz, v)?
                } else {
                    v
                });
            }
        }
        Ok(out)
    }

    fn det(&mut self, m: &[Vec<Value>]) -> Result<Value> {
        let n = m.len();
        if n == 1 {
            return Ok(m[0][0]);
        }
        let mut acc: Option<Value> = None;
        for c in 0..n {
            let minor: Vec<Vec<Value>> = m[1..]
                .iter()
                .map(|row| {
                    row.iter()
                        .enumerate()
                        .filter(|&(k, _)| k != c)
                        .map(|(_, &v)| v)
                        .collect()
                })
                .collect();
            let d = self.det(&minor)?;
            let t = self.fb().fmul(m[0][c], d)?;
            acc = Some(match acc {
                None => t,
                Some(s) if c % 2 == 1 => self.fb().fsub(s, t)?,
                Some(s) => self.fb().fadd(s, t)?,
            });
        }
        acc.ok_or_else(|| Error::unsupported("MathFunction::Determinant", "an empty matrix"))
    }
}
