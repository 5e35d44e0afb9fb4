//! Scalar operations on leaves: constants folded as they are built (as DXC's output has
//! them folded), everything else one LLVM instruction.

use dxil_ir::build::Value;
use dxil_ir::{BinOp, CastOp, FloatPredicate, IntPredicate, Predicate, Type};
use dxil_ops::Scalar as Dx;

use super::func::Fx;
use super::types::unsigned;
use super::LowerResult;
use crate::sema::Scalar;

/// One scalar of a value: a constant (folded) or an SSA value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Leaf {
    /// An integer constant (sign-extended from its width).
    Int(i64),
    /// A floating constant (rounded to its type).
    Float(f64),
    /// `undef`.
    Undef,
    /// A value.
    V(Value),
}

impl From<Leaf> for dxil_builder::Arg {
    fn from(l: Leaf) -> Self {
        match l {
            Leaf::Int(i) => dxil_builder::Arg::Int(i),
            Leaf::Float(f) => dxil_builder::Arg::Float(f),
            Leaf::Undef => dxil_builder::Arg::Undef,
            Leaf::V(v) => dxil_builder::Arg::Value(v),
        }
    }
}

/// The arithmetic HLSL's operators do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Or,
    Xor,
}

/// Comparisons.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cmp {
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
}

fn bits(d: Dx) -> u32 {
    match d {
        Dx::I1 => 1,
        Dx::I8 => 8,
        Dx::I16 | Dx::Half => 16,
        Dx::I32 | Dx::Float => 32,
        Dx::I64 | Dx::Double => 64,
    }
}

fn is_float(d: Dx) -> bool {
    matches!(d, Dx::Half | Dx::Float | Dx::Double)
}

/// `v` kept to `w` bits, sign-extended (the form integer leaves are kept in).
pub(crate) fn wrap(v: i64, w: u32) -> i64 {
    if w >= 64 {
        v
    } else {
        let s = 64 - w;
        (v << s) >> s
    }
}

/// `v` (kept sign-extended) as an unsigned number of `w` bits.
fn unsigned_of(v: i64, w: u32) -> u64 {
    if w >= 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << w) - 1)
    }
}

/// `x` rounded to float type `d`.
fn round_to(x: f64, d: Dx) -> Option<f64> {
    match d {
        Dx::Float => Some(x as f32 as f64),
        Dx::Double => Some(x),
        _ => None,
    }
}

impl Fx<'_, '_> {
    /// The IR type of a DXIL scalar.
    pub fn ir_ty(&mut self, d: Dx) -> LowerResult<Type> {
        Ok(dxil_builder::types::scalar_type(self.e.ir().module(), d)?)
    }

    /// The leaf as an IR value of type `d`.
    pub fn value(&mut self, l: Leaf, d: Dx) -> LowerResult<Value> {
        let t = self.ir_ty(d)?;
        let mb = self.e.ir().module();
        Ok(match l {
            Leaf::V(v) => v,
            Leaf::Undef => mb.const_undef(t)?,
            Leaf::Int(i) if !is_float(d) => mb.const_int(t, i)?,
            Leaf::Int(i) => float_const(mb, t, d, i as f64)?,
            Leaf::Float(x) if is_float(d) => float_const(mb, t, d, x)?,
            Leaf::Float(x) => mb.const_int(t, x as i64)?,
        })
    }

    /// `a op b` on scalars of HLSL type `s`.
    pub fn arith(&mut self, op: Arith, a: Leaf, b: Leaf, s: Scalar) -> LowerResult<Leaf> {
        let d = self.cx.storage.reg(s);
        // Integer literals keep 64 bits until a conversion gives them a type.
        let w = if s == Scalar::IntLiteral { 64 } else { bits(d) };
        let uns = unsigned(s);
        if is_float(d) {
            if let (Some(x), Some(y)) = (num(a), num(b)) {
                let r = match op {
                    Arith::Add => Some(x + y),
                    Arith::Sub => Some(x - y),
                    Arith::Mul => Some(x * y),
                    Arith::Div => Some(x / y),
                    Arith::Rem => Some(x % y),
                    _ => None,
                };
                if let Some(r) = r.and_then(|r| round_to(r, d)) {
                    return Ok(Leaf::Float(r));
                }
            }
        } else if let (Leaf::Int(x), Leaf::Int(y)) = (a, b) {
            let (ux, uy) = (unsigned_of(x, w), unsigned_of(y, w));
            let sh = (uy % u64::from(w.max(1))) as u32;
            let r = match op {
                Arith::Add => Some(x.wrapping_add(y)),
                Arith::Sub => Some(x.wrapping_sub(y)),
                Arith::Mul => Some(x.wrapping_mul(y)),
                Arith::Div if y != 0 => Some(if uns {
                    (ux / uy) as i64
                } else {
                    x.wrapping_div(y)
                }),
                Arith::Rem if y != 0 => Some(if uns {
                    (ux % uy) as i64
                } else {
                    x.wrapping_rem(y)
                }),
                Arith::Shl => Some(x.wrapping_shl(sh)),
                Arith::Shr => Some(if uns { (ux >> sh) as i64 } else { x >> sh }),
                Arith::And => Some(x & y),
                Arith::Or => Some(x | y),
                Arith::Xor => Some(x ^ y),
                _ => None,
            };
            if let Some(r) = r {
                return Ok(Leaf::Int(wrap(r, w)));
            }
        }
        let bop = if is_float(d) {
            match op {
                Arith::Add => BinOp::FAdd,
                Arith::Sub => BinOp::FSub,
                Arith::Mul => BinOp::FMul,
                Arith::Div => BinOp::FDiv,
                Arith::Rem => BinOp::FRem,
                _ => {
                    return Err(super::LowerError::shader(
                        "bitwise operation on a floating-point value",
                    ))
                }
            }
        } else {
            match op {
                Arith::Add => BinOp::Add,
                Arith::Sub => BinOp::Sub,
                Arith::Mul => BinOp::Mul,
                Arith::Div if uns => BinOp::UDiv,
                Arith::Div => BinOp::SDiv,
                Arith::Rem if uns => BinOp::URem,
                Arith::Rem => BinOp::SRem,
                Arith::Shl => BinOp::Shl,
                Arith::Shr if uns => BinOp::LShr,
                Arith::Shr => BinOp::AShr,
                Arith::And => BinOp::And,
                Arith::Or => BinOp::Or,
                Arith::Xor => BinOp::Xor,
            }
        };
        // HLSL shifts by the amount modulo the width.
        let b = if matches!(op, Arith::Shl | Arith::Shr) && w > 1 {
            match b {
                Leaf::Int(y) => Leaf::Int(y & i64::from(w - 1)),
                _ => self.arith(Arith::And, b, Leaf::Int(i64::from(w - 1)), s)?,
            }
        } else {
            b
        };
        let x = self.value(a, d)?;
        let y = self.value(b, d)?;
        Ok(Leaf::V(self.e.ir().binary(bop, x, y, 0)?))
    }

    /// `a cmp b` on scalars of HLSL type `s`: an `i1` leaf.
    pub fn compare(&mut self, op: Cmp, a: Leaf, b: Leaf, s: Scalar) -> LowerResult<Leaf> {
        let d = self.cx.storage.reg(s);
        let w = if s == Scalar::IntLiteral { 64 } else { bits(d) };
        let uns = unsigned(s);
        if is_float(d) {
            if let (Some(x), Some(y)) = (num(a), num(b)) {
                let r = match op {
                    Cmp::Lt => x < y,
                    Cmp::Gt => x > y,
                    Cmp::Le => x <= y,
                    Cmp::Ge => x >= y,
                    Cmp::Eq => x == y,
                    Cmp::Ne => x != y,
                };
                return Ok(Leaf::Int(-i64::from(r)));
            }
        } else if let (Leaf::Int(x), Leaf::Int(y)) = (a, b) {
            let (ux, uy) = (unsigned_of(x, w), unsigned_of(y, w));
            let r = match (op, uns) {
                (Cmp::Lt, true) => ux < uy,
                (Cmp::Gt, true) => ux > uy,
                (Cmp::Le, true) => ux <= uy,
                (Cmp::Ge, true) => ux >= uy,
                (Cmp::Lt, false) => x < y,
                (Cmp::Gt, false) => x > y,
                (Cmp::Le, false) => x <= y,
                (Cmp::Ge, false) => x >= y,
                (Cmp::Eq, _) => x == y,
                (Cmp::Ne, _) => x != y,
            };
            return Ok(Leaf::Int(-i64::from(r)));
        }
        let pred = if is_float(d) {
            Predicate::Float(match op {
                Cmp::Lt => FloatPredicate::Olt,
                Cmp::Gt => FloatPredicate::Ogt,
                Cmp::Le => FloatPredicate::Ole,
                Cmp::Ge => FloatPredicate::Oge,
                Cmp::Eq => FloatPredicate::Oeq,
                Cmp::Ne => FloatPredicate::Une,
            })
        } else {
            Predicate::Int(match (op, uns) {
                (Cmp::Lt, true) => IntPredicate::Ult,
                (Cmp::Gt, true) => IntPredicate::Ugt,
                (Cmp::Le, true) => IntPredicate::Ule,
                (Cmp::Ge, true) => IntPredicate::Uge,
                (Cmp::Lt, false) => IntPredicate::Slt,
                (Cmp::Gt, false) => IntPredicate::Sgt,
                (Cmp::Le, false) => IntPredicate::Sle,
                (Cmp::Ge, false) => IntPredicate::Sge,
                (Cmp::Eq, _) => IntPredicate::Eq,
                (Cmp::Ne, _) => IntPredicate::Ne,
            })
        };
        let x = self.value(a, d)?;
        let y = self.value(b, d)?;
        Ok(Leaf::V(self.e.ir().cmp(pred, x, y, 0)?))
    }

    /// `c ? a : b` on leaves of HLSL type `s` (`c` an `i1` leaf).
    pub fn select(&mut self, c: Leaf, a: Leaf, b: Leaf, s: Scalar) -> LowerResult<Leaf> {
        match c {
            Leaf::Int(0) => return Ok(b),
            Leaf::Int(_) => return Ok(a),
            _ => {}
        }
        if a == b {
            return Ok(a);
        }
        let d = self.cx.storage.reg(s);
        let c = self.value(c, Dx::I1)?;
        let x = self.value(a, d)?;
        let y = self.value(b, d)?;
        Ok(Leaf::V(self.e.ir().select(c, x, y)?))
    }

    /// Converts a leaf from HLSL scalar `from` to `to`.
    pub fn convert(&mut self, l: Leaf, from: Scalar, to: Scalar) -> LowerResult<Leaf> {
        let (fd, td) = (self.cx.storage.reg(from), self.cx.storage.reg(to));
        let fw = if from == Scalar::IntLiteral {
            64
        } else {
            bits(fd)
        };
        let tw = if to == Scalar::IntLiteral {
            64
        } else {
            bits(td)
        };
        if l == Leaf::Undef {
            return Ok(l);
        }
        if td == Dx::I1 {
            // Anything to bool: `!= 0`.
            return match l {
                Leaf::Int(i) => Ok(Leaf::Int(-i64::from(i != 0))),
                Leaf::Float(x) => Ok(Leaf::Int(-i64::from(x != 0.0))),
                _ if fd == Dx::I1 => Ok(l),
                _ => {
                    let zero = if is_float(fd) {
                        Leaf::Float(0.0)
                    } else {
                        Leaf::Int(0)
                    };
                    self.compare(Cmp::Ne, l, zero, from)
                }
            };
        }
        match l {
            Leaf::Int(i) => {
                let v = if fd == Dx::I1 {
                    i64::from(i != 0)
                } else if unsigned(from) {
                    unsigned_of(i, fw) as i64
                } else {
                    i
                };
                if is_float(td) {
                    let x = if unsigned(from) && fd != Dx::I1 {
                        unsigned_of(i, fw) as f64
                    } else {
                        v as f64
                    };
                    if let Some(r) = round_to(x, td) {
                        return Ok(Leaf::Float(r));
                    }
                } else {
                    return Ok(Leaf::Int(wrap(v, tw)));
                }
            }
            Leaf::Float(x) => {
                if is_float(td) {
                    if let Some(r) = round_to(x, td) {
                        return Ok(Leaf::Float(r));
                    }
                } else if x.is_finite() {
                    // Out of range, the result saturates (as the reference folds it).
                    let v = match (unsigned(to), tw) {
                        (true, 16) => i64::from(x as u16),
                        (true, 32) => i64::from(x as u32),
                        (true, _) => (x as u64) as i64,
                        (false, 16) => i64::from(x as i16),
                        (false, 32) => i64::from(x as i32),
                        (false, _) => x as i64,
                    };
                    return Ok(Leaf::Int(wrap(v, tw)));
                }
            }
            _ => {}
        }
        if fd == td {
            return Ok(l);
        }
        let op = match (is_float(fd), is_float(td)) {
            (true, true) if tw > fw => CastOp::FpExt,
            (true, true) => CastOp::FpTrunc,
            (true, false) if unsigned(to) => CastOp::FpToUi,
            (true, false) => CastOp::FpToSi,
            (false, true) if unsigned(from) => CastOp::UiToFp,
            (false, true) => CastOp::SiToFp,
            (false, false) if tw < fw => CastOp::Trunc,
            (false, false) if unsigned(from) => CastOp::ZExt,
            (false, false) => CastOp::SExt,
        };
        let v = self.value(l, fd)?;
        let t = self.ir_ty(td)?;
        Ok(Leaf::V(self.e.ir().cast(op, v, t)?))
    }

    /// Reinterprets the bits of a leaf of DXIL type `from` as `to` (same width).
    pub fn bitcast(&mut self, l: Leaf, from: Dx, to: Dx) -> LowerResult<Leaf> {
        match (l, from, to) {
            (Leaf::Float(x), Dx::Float, Dx::I32) => {
                return Ok(Leaf::Int((x as f32).to_bits() as i32 as i64))
            }
            (Leaf::Int(i), Dx::I32, Dx::Float) => {
                return Ok(Leaf::Float(f32::from_bits(i as u32) as f64))
            }
            (Leaf::Float(x), Dx::Double, Dx::I64) => return Ok(Leaf::Int(x.to_bits() as i64)),
            (Leaf::Int(i), Dx::I64, Dx::Double) => {
                return Ok(Leaf::Float(f64::from_bits(i as u64)))
            }
            _ => {}
        }
        if from == to || l == Leaf::Undef {
            return Ok(l);
        }
        let v = self.value(l, from)?;
        let t = self.ir_ty(to)?;
        Ok(Leaf::V(self.e.ir().cast(CastOp::BitCast, v, t)?))
    }

    /// An integer cast between DXIL integer types.
    pub fn int_cast(&mut self, l: Leaf, from: Dx, to: Dx, signed: bool) -> LowerResult<Leaf> {
        let (fw, tw) = (bits(from), bits(to));
        if let Leaf::Int(i) = l {
            let v = if signed { i } else { unsigned_of(i, fw) as i64 };
            return Ok(Leaf::Int(wrap(v, tw)));
        }
        if fw == tw || l == Leaf::Undef {
            return Ok(l);
        }
        let op = if tw < fw {
            CastOp::Trunc
        } else if signed {
            CastOp::SExt
        } else {
            CastOp::ZExt
        };
        let v = self.value(l, from)?;
        let t = self.ir_ty(to)?;
        Ok(Leaf::V(self.e.ir().cast(op, v, t)?))
    }
}

fn num(l: Leaf) -> Option<f64> {
    match l {
        Leaf::Float(x) => Some(x),
        _ => None,
    }
}

fn float_const(
    mb: &mut dxil_ir::build::ModuleBuilder,
    t: Type,
    d: Dx,
    x: f64,
) -> LowerResult<Value> {
    let bits = match d {
        Dx::Half => u64::from(dxil_ir::half_bits(x)),
        Dx::Float => u64::from((x as f32).to_bits()),
        _ => x.to_bits(),
    };
    Ok(mb.constant(t, dxil_ir::ConstKind::Float(bits))?)
}
