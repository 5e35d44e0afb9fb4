//! Operators, `select`, relational functions, conversions and derivatives, leaf by leaf
//! (WGSL "Arithmetic Expressions", "Bit Expressions", "Comparison Expressions", "Conversion
//! Expressions"), with WGSL's integer rules: division by zero gives the dividend (remainder
//! zero), shift counts taken modulo the bit width, float-to-integer conversions saturate.

use dxil_ir::{CastOp, FloatPredicate, IntPredicate};
use naga::{BinaryOperator as B, Handle, Scalar, ScalarKind, TypeInner, UnaryOperator};

use crate::error::{Error, ErrorKind, Result};
use crate::lower::{leaf, Lowerer};
use crate::Value;

impl Lowerer<'_, '_> {
    /// A unary operator.
    pub fn unary(&mut self, op: UnaryOperator, e: Handle<naga::Expression>) -> Result<Vec<Value>> {
        let s = self.scalar_of(e)?;
        let v = self.scalars(e)?;
        let mut out = Vec::with_capacity(v.len());
        for x in v {
            out.push(match (op, s.kind) {
                (UnaryOperator::Negate, ScalarKind::Float) => {
                    let z = self.scalar_const(s, -0.0)?;
                    self.fb().fsub(z, x)?
                }
                (UnaryOperator::Negate, _) => {
                    let z = self.zero(s)?;
                    self.fb().sub(z, x)?
                }
                (UnaryOperator::LogicalNot | UnaryOperator::BitwiseNot, ScalarKind::Bool) => {
                    let t = self.scalar_const(s, 1.0)?;
                    self.fb().xor(x, t)?
                }
                (UnaryOperator::BitwiseNot, _) => {
                    let t = self.scalar_const(s, -1.0)?;
                    self.fb().xor(x, t)?
                }
                (UnaryOperator::LogicalNot, _) => {
                    return Err(Error::new(
                        ErrorKind::Invalid,
                        "Expression::Unary",
                        "`!` of a non-bool",
                    ))
                }
            });
        }
        Ok(out)
    }

    /// A binary operator, with naga's vector/scalar and matrix forms.
    pub fn binary(
        &mut self,
        h: Handle<naga::Expression>,
        op: B,
        left: Handle<naga::Expression>,
        right: Handle<naga::Expression>,
    ) -> Result<Vec<Value>> {
        let (lt, rt) = (self.ty_of(left), self.ty_of(right));
        let a = self.scalars(left)?;
        let b = self.scalars(right)?;
        if op == B::Multiply {
            match (lt, rt) {
                (&TypeInner::Matrix { columns, rows, .. }, &TypeInner::Vector { .. }) => {
                    return self.mat_mul(&a, &b, rows as usize, columns as usize, 1)
                }
                (&TypeInner::Vector { .. }, &TypeInner::Matrix { columns, rows, .. }) => {
                    return self.mat_mul(&a, &b, 1, rows as usize, columns as usize)
                }
                (
                    &TypeInner::Matrix { columns, rows, .. },
                    &TypeInner::Matrix { columns: c2, .. },
                ) => return self.mat_mul(&a, &b, rows as usize, columns as usize, c2 as usize),
                _ => {}
            }
        }
        let s = self.scalar_of(left)?;
        let n = a.len().max(b.len());
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let x = leaf(&a, i)?;
            let y = leaf(&b, i)?;
            out.push(
                self.scalar_binary(op, s, x, y)
                    .map_err(|e| e.at(self.frame.fun.expressions.get_span(h)))?,
            );
        }
        Ok(out)
    }

    /// `rows x inner` times `inner x cols`, both column-major leaves (a vector on the left
    /// is one row; on the right, one column).
    fn mat_mul(
        &mut self,
        a: &[Value],
        b: &[Value],
        rows: usize,
        inner: usize,
        cols: usize,
    ) -> Result<Vec<Value>> {
        if a.len() != rows * inner || b.len() != inner * cols {
            return Err(Error::new(
                ErrorKind::Invalid,
                "Multiply",
                "matrix shapes do not match",
            ));
        }
        let mut out = Vec::with_capacity(rows * cols);
        for c in 0..cols {
            for r in 0..rows {
                let mut acc = None;
                for k in 0..inner {
                    let x = a[k * rows + r];
                    let y = b[c * inner + k];
                    let p = self.fb().fmul(x, y)?;
                    acc = Some(match acc {
                        None => p,
                        Some(s) => self.fb().fadd(s, p)?,
                    });
                }
                out.push(
                    acc.ok_or_else(|| Error::new(ErrorKind::Invalid, "Multiply", "empty matrix"))?,
                );
            }
        }
        Ok(out)
    }

    /// One scalar binary operation on operands of scalar type `s`.
    pub fn scalar_binary(&mut self, op: B, s: Scalar, x: Value, y: Value) -> Result<Value> {
        let float = s.kind == ScalarKind::Float;
        let signed = s.kind == ScalarKind::Sint;
        let fb = self.fb();
        Ok(match op {
            B::Add if float => fb.fadd(x, y)?,
            B::Add => fb.add(x, y)?,
            B::Subtract if float => fb.fsub(x, y)?,
            B::Subtract => fb.sub(x, y)?,
            B::Multiply if float => fb.fmul(x, y)?,
            B::Multiply => fb.mul(x, y)?,
            B::Divide if float => fb.fdiv(x, y)?,
            B::Modulo if float => fb.frem(x, y)?,
            B::Divide | B::Modulo => {
                let d = self.safe_divisor(s, x, y)?;
                let fb = self.fb();
                match (op, signed) {
                    (B::Divide, true) => fb.sdiv(x, d)?,
                    (B::Divide, false) => fb.udiv(x, d)?,
                    (_, true) => fb.srem(x, d)?,
                    (_, false) => fb.urem(x, d)?,
                }
            }
            B::Equal | B::NotEqual | B::Less | B::LessEqual | B::Greater | B::GreaterEqual => {
                if float {
                    let p = match op {
                        B::Equal => FloatPredicate::Oeq,
                        B::NotEqual => FloatPredicate::Une,
                        B::Less => FloatPredicate::Olt,
                        B::LessEqual => FloatPredicate::Ole,
                        B::Greater => FloatPredicate::Ogt,
                        _ => FloatPredicate::Oge,
                    };
                    fb.fcmp(p, x, y)?
                } else {
                    let p = match (op, signed) {
                        (B::Equal, _) => IntPredicate::Eq,
                        (B::NotEqual, _) => IntPredicate::Ne,
                        (B::Less, true) => IntPredicate::Slt,
                        (B::Less, false) => IntPredicate::Ult,
                        (B::LessEqual, true) => IntPredicate::Sle,
                        (B::LessEqual, false) => IntPredicate::Ule,
                        (B::Greater, true) => IntPredicate::Sgt,
                        (B::Greater, false) => IntPredicate::Ugt,
                        (_, true) => IntPredicate::Sge,
                        (_, false) => IntPredicate::Uge,
                    };
                    fb.icmp(p, x, y)?
                }
            }
            B::And | B::LogicalAnd => fb.and(x, y)?,
            B::InclusiveOr | B::LogicalOr => fb.or(x, y)?,
            B::ExclusiveOr => fb.xor(x, y)?,
            B::ShiftLeft | B::ShiftRight => {
                let bits = u32::from(s.width) * 8;
                let y = self.fit_shift(y, s)?;
                let m = self.scalar_const(
                    Scalar {
                        kind: ScalarKind::Uint,
                        width: s.width,
                    },
                    f64::from(bits - 1),
                )?;
                let fb = self.fb();
                let y = fb.and(y, m)?;
                match (op, signed) {
                    (B::ShiftLeft, _) => fb.shl(x, y)?,
                    (_, true) => fb.ashr(x, y)?,
                    (_, false) => fb.lshr(x, y)?,
                }
            }
        })
    }

    /// A shift count (always `u32` in naga) at the width of the shifted value.
    fn fit_shift(&mut self, y: Value, s: Scalar) -> Result<Value> {
        let t = self.reg_ty(s)?;
        Ok(match s.width {
            8 => self.fb().cast(CastOp::ZExt, y, t)?,
            2 => self.fb().cast(CastOp::Trunc, y, t)?,
            _ => y,
        })
    }

    /// The divisor WGSL's integer division uses: 1 where `y` is zero, or where `x` is the
    /// most negative value and `y` is -1 (signed).
    fn safe_divisor(&mut self, s: Scalar, x: Value, y: Value) -> Result<Value> {
        let zero = self.zero(s)?;
        let one = self.scalar_const(s, 1.0)?;
        let mut bad = self.fb().icmp(IntPredicate::Eq, y, zero)?;
        if s.kind == ScalarKind::Sint {
            let t = self.reg_ty(s)?;
            let bits = u32::from(s.width) * 8;
            let min = self.cint(t, i64::MIN >> (64 - bits))?;
            let m1 = self.cint(t, -1)?;
            let a = self.fb().icmp(IntPredicate::Eq, x, min)?;
            let b = self.fb().icmp(IntPredicate::Eq, y, m1)?;
            let both = self.fb().and(a, b)?;
            bad = self.fb().or(bad, both)?;
        }
        Ok(self.fb().select(bad, one, y)?)
    }

    /// `select(reject, accept, condition)`, leaf by leaf (a scalar condition for all).
    pub fn select(
        &mut self,
        cond: Handle<naga::Expression>,
        accept: Handle<naga::Expression>,
        reject: Handle<naga::Expression>,
    ) -> Result<Vec<Value>> {
        let c = self.scalars(cond)?;
        let a = self.scalars(accept)?;
        let r = self.scalars(reject)?;
        let mut out = Vec::with_capacity(a.len());
        for i in 0..a.len() {
            let ci = leaf(&c, i)?;
            let (ai, ri) = (leaf(&a, i)?, leaf(&r, i)?);
            out.push(self.fb().select(ci, ai, ri)?);
        }
        Ok(out)
    }

    /// `all`, `any`, `isNan`, `isInf`.
    pub fn relational(
        &mut self,
        fun: naga::RelationalFunction,
        arg: Handle<naga::Expression>,
    ) -> Result<Vec<Value>> {
        use naga::RelationalFunction as R;
        let v = self.scalars(arg)?;
        match fun {
            R::All | R::Any => {
                let (&first, rest) = v.split_first().ok_or_else(|| {
                    Error::new(
                        ErrorKind::Invalid,
                        "Expression::Relational",
                        "an empty vector",
                    )
                })?;
                let mut acc = first;
                for &x in rest {
                    acc = if fun == R::All {
                        self.fb().and(acc, x)?
                    } else {
                        self.fb().or(acc, x)?
                    };
                }
                Ok(vec![acc])
            }
            R::IsNan | R::IsInf => {
                let mut out = Vec::with_capacity(v.len());
                // DXIL's IsNaN and IsInf are half and float only.
                let double = self.scalar_of(arg)?.width == 8;
                for x in v {
                    out.push(match (fun == R::IsNan, double) {
                        (true, true) => self.is_nan64(x)?,
                        (false, true) => self.is_inf64(x)?,
                        (true, false) => self.e.is_nan(&[], x)?,
                        (false, false) => self.e.is_inf(&[], x)?,
                    });
                }
                Ok(out)
            }
        }
    }

    /// `As`: a numeric conversion (`convert` is the target width) or a bit cast.
    pub fn cast(
        &mut self,
        e: Handle<naga::Expression>,
        kind: ScalarKind,
        convert: Option<u8>,
    ) -> Result<Vec<Value>> {
        let from = self.scalar_of(e)?;
        let v = self.scalars(e)?;
        let to = Scalar {
            kind,
            width: convert.unwrap_or(from.width),
        };
        if convert.is_none() && to.width != from.width {
            return Err(Error::unsupported(
                "bitcast",
                "between scalars of different widths",
            ));
        }
        let mut out = Vec::with_capacity(v.len());
        for x in v {
            out.push(if convert.is_some() {
                self.convert(x, from, to)?
            } else {
                self.bitcast(x, from, to)?
            });
        }
        Ok(out)
    }

    fn bitcast(&mut self, x: Value, from: Scalar, to: Scalar) -> Result<Value> {
        let float = |s: Scalar| s.kind == ScalarKind::Float;
        if float(from) == float(to) {
            return Ok(x);
        }
        let t = self.reg_ty(to)?;
        Ok(self.fb().cast(CastOp::BitCast, x, t)?)
    }

    /// A numeric conversion of one scalar.
    pub fn convert(&mut self, x: Value, from: Scalar, to: Scalar) -> Result<Value> {
        use ScalarKind::*;
        if from == to
            || (from.width == to.width
                && matches!((from.kind, to.kind), (Sint | Uint, Sint | Uint)))
        {
            return Ok(x);
        }
        let t = self.reg_ty(to)?;
        Ok(match (from.kind, to.kind) {
            (Bool, Float | Sint | Uint) => {
                let one = self.scalar_const(to, 1.0)?;
                let zero = self.zero(to)?;
                self.fb().select(x, one, zero)?
            }
            (Sint | Uint, Bool) => {
                let zero = self.zero(from)?;
                self.fb().icmp(IntPredicate::Ne, x, zero)?
            }
            (Float, Bool) => {
                let zero = self.zero(from)?;
                self.fb().fcmp(FloatPredicate::Une, x, zero)?
            }
            (Sint | Uint, Sint | Uint) => {
                let op = if to.width < from.width {
                    CastOp::Trunc
                } else if from.kind == Sint {
                    CastOp::SExt
                } else {
                    CastOp::ZExt
                };
                self.fb().cast(op, x, t)?
            }
            (Sint, Float) => self.fb().cast(CastOp::SiToFp, x, t)?,
            (Uint, Float) => self.fb().cast(CastOp::UiToFp, x, t)?,
            (Float, Float) => {
                let op = if to.width < from.width {
                    CastOp::FpTrunc
                } else {
                    CastOp::FpExt
                };
                self.fb().cast(op, x, t)?
            }
            (Float, Sint | Uint) => {
                let bits = i32::from(to.width) * 8;
                let (lo, hi) = if to.kind == Sint {
                    (-(2f64.powi(bits - 1)), 2f64.powi(bits - 1))
                } else {
                    (0.0, 2f64.powi(bits))
                };
                // The largest value of the source type below `hi` (WGSL "Floating point
                // conversion": out-of-range values saturate).
                let hi = match from.width {
                    2 => hi.min(65504.0),
                    4 => f64::from(f32::from_bits((hi as f32).to_bits() - 1)),
                    _ => f64::from_bits(hi.to_bits() - 1),
                };
                let lo = if from.width == 2 {
                    lo.max(-65504.0)
                } else {
                    lo
                };
                let lo_c = self.scalar_const(from, lo)?;
                let hi_c = self.scalar_const(from, hi)?;
                let c = self.e.fmax(&[], x, lo_c)?;
                let c = self.e.fmin(&[], c, hi_c)?;
                let op = if to.kind == Sint {
                    CastOp::FpToSi
                } else {
                    CastOp::FpToUi
                };
                self.fb().cast(op, c, t)?
            }
            _ => {
                return Err(Error::unsupported(
                    format!(
                        "conversion from `{}` to `{}`",
                        crate::error::scalar_name(from),
                        crate::error::scalar_name(to)
                    ),
                    "not a numeric conversion",
                ))
            }
        })
    }

    /// `dpdx`/`dpdy`/`fwidth` (DXIL.rst "DerivCoarseX" ... "DerivFineY").
    pub fn derivative(
        &mut self,
        axis: naga::DerivativeAxis,
        ctrl: naga::DerivativeControl,
        e: Handle<naga::Expression>,
    ) -> Result<Vec<Value>> {
        use naga::{DerivativeAxis as A, DerivativeControl as C};
        let v = self.scalars(e)?;
        let fine = ctrl == C::Fine;
        let mut out = Vec::with_capacity(v.len());
        for x in v {
            let dx = |l: &mut Self, x| -> Result<Value> {
                Ok(if fine {
                    l.e.deriv_fine_x(&[], x)?
                } else {
                    l.e.deriv_coarse_x(&[], x)?
                })
            };
            let dy = |l: &mut Self, x| -> Result<Value> {
                Ok(if fine {
                    l.e.deriv_fine_y(&[], x)?
                } else {
                    l.e.deriv_coarse_y(&[], x)?
                })
            };
            out.push(match axis {
                A::X => dx(self, x)?,
                A::Y => dy(self, x)?,
                A::Width => {
                    let a = dx(self, x)?;
                    let b = dy(self, x)?;
                    let a = self.e.fabs(&[], a)?;
                    let b = self.e.fabs(&[], b)?;
                    self.fb().fadd(a, b)?
                }
            });
        }
        Ok(out)
    }
}
