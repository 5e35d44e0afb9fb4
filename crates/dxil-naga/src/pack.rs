//! WGSL's packing, bit-field and remaining numeric built-ins (WGSL "Data Packing Built-in
//! Functions", "Data Unpacking Built-in Functions", "extractBits", "insertBits", "ldexp",
//! "refract", "modf", "frexp", "quantizeToF16"), as integer and float arithmetic and the
//! legacy half conversions (DXIL.rst "LegacyF32ToF16", "LegacyF16ToF32").

use dxil_ir::{CastOp, FloatPredicate, IntPredicate};

use naga::{MathFunction as M, Scalar, ScalarKind};

use crate::error::{Error, Result};
use crate::lower::{leaf, Lowerer};
use crate::Value;

impl Lowerer<'_, '_> {
    /// The functions of this file; `None` for the others.
    pub fn math_more(
        &mut self,
        fun: M,
        s: Scalar,
        args: [&[Value]; 4],
    ) -> Result<Option<Vec<Value>>> {
        let [a, b, c, d] = args;
        Ok(Some(match fun {
            M::Pack4x8snorm | M::Pack4x8unorm | M::Pack2x16snorm | M::Pack2x16unorm => {
                let (n, bits, lo, scale) = match fun {
                    M::Pack4x8snorm => (4, 8, -1.0, 127.0),
                    M::Pack4x8unorm => (4, 8, 0.0, 255.0),
                    M::Pack2x16snorm => (2, 16, -1.0, 32767.0),
                    _ => (2, 16, 0.0, 65535.0),
                };
                let mut parts = Vec::with_capacity(n);
                for &x in a.get(..n).ok_or_else(|| short(fun))? {
                    let l = self.scalar_const(Scalar::F32, lo)?;
                    let h = self.scalar_const(Scalar::F32, 1.0)?;
                    let k = self.scalar_const(Scalar::F32, scale)?;
                    let v = self.e.fmax(&[], x, l)?;
                    let v = self.e.fmin(&[], v, h)?;
                    let v = self.fb().fmul(v, k)?;
                    let v = self.e.round_ne(&[], v)?;
                    let i32t = self.int_ty(32);
                    parts.push(self.fb().cast(CastOp::FpToSi, v, i32t)?);
                }
                vec![self.pack(&parts, bits)?]
            }
            M::Pack4xI8 | M::Pack4xU8 | M::Pack4xI8Clamp | M::Pack4xU8Clamp => {
                let mut parts = Vec::with_capacity(4);
                for &x in a.get(..4).ok_or_else(|| short(fun))? {
                    parts.push(match fun {
                        M::Pack4xI8Clamp => {
                            let l = self.i32c(-128)?;
                            let h = self.i32c(127)?;
                            let v = self.e.imax(&[], x, l)?;
                            self.e.imin(&[], v, h)?
                        }
                        M::Pack4xU8Clamp => {
                            let h = self.i32c(255)?;
                            self.e.umin(&[], x, h)?
                        }
                        _ => x,
                    });
                }
                vec![self.pack(&parts, 8)?]
            }
            M::Pack2x16float => {
                let lo = self.e.legacy_f32_to_f16(&[], leaf(a, 0)?)?;
                let hi = self.e.legacy_f32_to_f16(&[], leaf(a, 1)?)?;
                vec![self.pack(&[lo, hi], 16)?]
            }
            M::Unpack4x8snorm | M::Unpack4x8unorm | M::Unpack2x16snorm | M::Unpack2x16unorm => {
                let (n, bits, signed, scale) = match fun {
                    M::Unpack4x8snorm => (4, 8, true, 127.0),
                    M::Unpack4x8unorm => (4, 8, false, 255.0),
                    M::Unpack2x16snorm => (2, 16, true, 32767.0),
                    _ => (2, 16, false, 65535.0),
                };
                let f = self.mb().float();
                let mut out = Vec::with_capacity(n);
                for i in 0..n {
                    let v = self.field(leaf(a, 0)?, i * bits, bits, signed)?;
                    let op = if signed {
                        CastOp::SiToFp
                    } else {
                        CastOp::UiToFp
                    };
                    let v = self.fb().cast(op, v, f)?;
                    let k = self.scalar_const(Scalar::F32, scale)?;
                    let v = self.fb().fdiv(v, k)?;
                    out.push(if signed {
                        let m1 = self.scalar_const(Scalar::F32, -1.0)?;
                        self.e.fmax(&[], v, m1)?
                    } else {
                        v
                    });
                }
                out
            }
            M::Unpack4xI8 | M::Unpack4xU8 => {
                let signed = fun == M::Unpack4xI8;
                let mut out = Vec::with_capacity(4);
                for i in 0..4 {
                    out.push(self.field(leaf(a, 0)?, i * 8, 8, signed)?);
                }
                out
            }
            M::Unpack2x16float => {
                let mut out = Vec::with_capacity(2);
                for i in 0..2 {
                    let v = self.field(leaf(a, 0)?, i * 16, 16, false)?;
                    out.push(self.e.legacy_f16_to_f32(&[], v)?);
                }
                out
            }
            M::QuantizeToF16 => {
                let mut out = Vec::with_capacity(a.len());
                for &x in a {
                    let h = self.e.legacy_f32_to_f16(&[], x)?;
                    out.push(self.e.legacy_f16_to_f32(&[], h)?);
                }
                out
            }
            M::Dot4I8Packed => {
                let z = self.i32c(0)?;
                vec![self
                    .e
                    .dot4_add_i8_packed(&[], z, leaf(a, 0)?, leaf(b, 0)?)?]
            }
            M::Dot4U8Packed => {
                let z = self.i32c(0)?;
                vec![self
                    .e
                    .dot4_add_u8_packed(&[], z, leaf(a, 0)?, leaf(b, 0)?)?]
            }
            M::Ldexp if s.width == 8 => {
                let mut out = Vec::with_capacity(a.len());
                for (i, &x) in a.iter().enumerate() {
                    out.push(self.ldexp64(x, leaf(b, i)?)?);
                }
                out
            }
            M::Ldexp => {
                let mut out = Vec::with_capacity(a.len());
                for (i, &x) in a.iter().enumerate() {
                    let e = leaf(b, i)?;
                    let t = self.reg_ty(s)?;
                    let ef = self.fb().cast(CastOp::SiToFp, e, t)?;
                    let p = self.e.exp(&[], ef)?;
                    out.push(self.fb().fmul(x, p)?);
                }
                out
            }
            M::Refract => {
                // k = 1 - eta^2 (1 - dot(n, i)^2); k < 0 ? 0 : eta i - (eta dot(n, i) + sqrt(k)) n
                let eta = leaf(c, 0)?;
                let mut d = None;
                for (&x, &y) in a.iter().zip(b) {
                    let p = self.fb().fmul(x, y)?;
                    d = Some(match d {
                        None => p,
                        Some(t) => self.fb().fadd(t, p)?,
                    });
                }
                let d = d.ok_or_else(|| {
                    Error::unsupported("MathFunction::Refract", "an empty vector")
                })?;
                let one = self.scalar_const(s, 1.0)?;
                let zero = self.zero(s)?;
                let dd = self.fb().fmul(d, d)?;
                let r = self.fb().fsub(one, dd)?;
                let ee = self.fb().fmul(eta, eta)?;
                let r = self.fb().fmul(ee, r)?;
                let k = self.fb().fsub(one, r)?;
                let neg = self.fb().fcmp(FloatPredicate::Olt, k, zero)?;
                let sq = self.sqrt_of(s, k)?;
                let ed = self.fb().fmul(eta, d)?;
                let m = self.fb().fadd(ed, sq)?;
                let mut out = Vec::with_capacity(a.len());
                for (&x, &n) in a.iter().zip(b) {
                    let ex = self.fb().fmul(eta, x)?;
                    let mn = self.fb().fmul(m, n)?;
                    let v = self.fb().fsub(ex, mn)?;
                    out.push(self.fb().select(neg, zero, v)?);
                }
                out
            }
            M::ExtractBits | M::InsertBits => {
                let mut out = Vec::with_capacity(a.len());
                for (i, &x) in a.iter().enumerate() {
                    out.push(if fun == M::ExtractBits {
                        self.extract_bits(s, x, leaf(b, 0)?, leaf(c, 0)?)?
                    } else {
                        let count = d.first().copied().ok_or_else(|| {
                            Error::unsupported("MathFunction::InsertBits", "no count")
                        })?;
                        self.insert_bits(s, x, leaf(b, i)?, leaf(c, 0)?, count)?
                    });
                }
                out
            }
            M::Modf => {
                // { fract: x - trunc(x), whole: trunc(x) }
                let mut whole = Vec::with_capacity(a.len());
                let mut out = Vec::with_capacity(2 * a.len());
                for &x in a {
                    let t = if s.width == 8 {
                        self.trunc64(x)?
                    } else {
                        self.e.round_z(&[], x)?
                    };
                    whole.push(t);
                    out.push(self.fb().fsub(x, t)?);
                }
                out.extend(whole);
                out
            }
            M::Frexp if s.width == 8 => {
                let mut exps = Vec::with_capacity(a.len());
                let mut out = Vec::with_capacity(2 * a.len());
                for &x in a {
                    let (fr, e) = self.frexp64(x)?;
                    out.push(fr);
                    exps.push(e);
                }
                out.extend(exps);
                out
            }
            M::Frexp => {
                // Halves go through float (every half is a normal float, and the fraction's
                // 11 significant bits fit a half again); the exponent is an integer of the
                // float's width in naga's result.
                let half = s.width == 2;
                let f = self.mb().float();
                let ht = self.reg_ty(s)?;
                let i16t = self.int_ty(16);
                let mut exps = Vec::with_capacity(a.len());
                let mut out = Vec::with_capacity(2 * a.len());
                for &x in a {
                    let x = if half {
                        self.fb().cast(CastOp::FpExt, x, f)?
                    } else {
                        x
                    };
                    let (fr, e) = self.frexp32(x)?;
                    if half {
                        out.push(self.fb().cast(CastOp::FpTrunc, fr, ht)?);
                        exps.push(self.fb().cast(CastOp::Trunc, e, i16t)?);
                    } else {
                        out.push(fr);
                        exps.push(e);
                    }
                }
                out.extend(exps);
                out
            }
            _ => return Ok(None),
        }))
    }

    /// `frexp` of a float: { fract in [0.5, 1) with x's sign, exp } from the bits; zero
    /// gives zeros.
    fn frexp32(&mut self, x: Value) -> Result<(Value, Value)> {
        let i32t = self.int_ty(32);
        let f = self.mb().float();
        let bits = self.fb().cast(CastOp::BitCast, x, i32t)?;
        let biased = self.field(bits, 23, 8, false)?;
        let k = self.i32c(126)?;
        let e = self.fb().sub(biased, k)?;
        let keep = self.i32c(0x807f_ffff_u32 as i32 as i64)?;
        let half = self.i32c(0x3f00_0000)?;
        let m = self.fb().and(bits, keep)?;
        let m = self.fb().or(m, half)?;
        let fr = self.fb().cast(CastOp::BitCast, m, f)?;
        let z = self.zero(Scalar::F32)?;
        let is_zero = self.fb().fcmp(FloatPredicate::Oeq, x, z)?;
        let zi = self.i32c(0)?;
        Ok((
            self.fb().select(is_zero, z, fr)?,
            self.fb().select(is_zero, zi, e)?,
        ))
    }

    /// `parts[i] & mask` shifted to bit `i * bits`, or-ed together.
    fn pack(&mut self, parts: &[Value], bits: usize) -> Result<Value> {
        let mask = self.i32c((1i64 << bits) - 1)?;
        let mut acc: Option<Value> = None;
        for (i, &p) in parts.iter().enumerate() {
            let v = self.fb().and(p, mask)?;
            let v = if i == 0 {
                v
            } else {
                let sh = self.i32c((i * bits) as i64)?;
                self.fb().shl(v, sh)?
            };
            acc = Some(match acc {
                None => v,
                Some(a) => self.fb().or(a, v)?,
            });
        }
        acc.ok_or_else(|| Error::unsupported("pack", "no components"))
    }

    /// An integer constant of `s`'s width.
    fn int_c(&mut self, s: Scalar, v: i64) -> Result<Value> {
        let t = self.reg_ty(s)?;
        self.cint(t, v)
    }

    /// An `i32` shift amount or count at `s`'s width.
    fn int_at(&mut self, s: Scalar, v: Value) -> Result<Value> {
        let t = self.reg_ty(s)?;
        Ok(match s.width {
            4 => v,
            8 => self.fb().cast(CastOp::ZExt, v, t)?,
            _ => self.fb().cast(CastOp::Trunc, v, t)?,
        })
    }

    /// WGSL `extractBits`: offset and count (`u32`) clamped to the width of `s`, zero bits
    /// give zero. The bits are shifted to the top and back down (arithmetically for signed
    /// integers, which extends the sign).
    fn extract_bits(&mut self, s: Scalar, x: Value, offset: Value, count: Value) -> Result<Value> {
        let w = self.i32c(i64::from(s.width) * 8)?;
        let o = self.e.umin(&[], offset, w)?;
        let room = self.fb().sub(w, o)?;
        let c = self.e.umin(&[], count, room)?;
        let up = self.fb().sub(room, c)?;
        let up = self.int_at(s, up)?;
        let v = self.fb().shl(x, up)?;
        let down = self.fb().sub(w, c)?;
        let down = self.int_at(s, down)?;
        let v = if s.kind == ScalarKind::Sint {
            self.fb().ashr(v, down)?
        } else {
            self.fb().lshr(v, down)?
        };
        let zero = self.i32c(0)?;
        let none = self.fb().icmp(IntPredicate::Eq, c, zero)?;
        let zero = self.int_c(s, 0)?;
        Ok(self.fb().select(none, zero, v)?)
    }

    /// WGSL `insertBits`: offset and count (`u32`) clamped to the width of `s`.
    fn insert_bits(
        &mut self,
        s: Scalar,
        x: Value,
        new: Value,
        offset: Value,
        count: Value,
    ) -> Result<Value> {
        let w = self.i32c(i64::from(s.width) * 8)?;
        let zero = self.i32c(0)?;
        let o = self.e.umin(&[], offset, w)?;
        let room = self.fb().sub(w, o)?;
        let c = self.e.umin(&[], count, room)?;
        let full = self.fb().icmp(IntPredicate::Eq, c, w)?;
        let none = self.fb().icmp(IntPredicate::Eq, c, zero)?;
        let (c, o) = (self.int_at(s, c)?, self.int_at(s, o)?);
        let one = self.int_c(s, 1)?;
        let all = self.int_c(s, -1)?;
        let zero = self.int_c(s, 0)?;
        let shifted = self.fb().shl(one, c)?;
        let low = self.fb().sub(shifted, one)?;
        let low = self.fb().select(full, all, low)?;
        let mask = self.fb().shl(low, o)?;
        let mask = self.fb().select(none, zero, mask)?;
        let keep = self.fb().xor(mask, all)?;
        let kept = self.fb().and(x, keep)?;
        let moved = self.fb().shl(new, o)?;
        let moved = self.fb().and(moved, mask)?;
        Ok(self.fb().or(kept, moved)?)
    }

    /// Bits `at..at + bits` of the `i32` `x`, sign- or zero-extended.
    fn field(&mut self, x: Value, at: usize, bits: usize, signed: bool) -> Result<Value> {
        if signed {
            let up = self.i32c((32 - at - bits) as i64)?;
            let v = self.fb().shl(x, up)?;
            let down = self.i32c((32 - bits) as i64)?;
            Ok(self.fb().ashr(v, down)?)
        } else {
            let v = if at == 0 {
                x
            } else {
                let sh = self.i32c(at as i64)?;
                self.fb().lshr(x, sh)?
            };
            let mask = self.i32c((1i64 << bits) - 1)?;
            Ok(self.fb().and(v, mask)?)
        }
    }
}

/// The error of an operand with too few leaves.
fn short(fun: M) -> Error {
    Error::new(
        crate::error::ErrorKind::Invalid,
        format!("MathFunction::{fun:?}"),
        "an operand with too few components",
    )
}
