//! HLSL's intrinsic functions and resource methods, as DXC lowers them to `dx.op` calls
//! and LLVM instructions (HLSL's `exp`/`log` through DXIL's base-2 operations, `pow` as
//! `exp2(y * log2(x))`, `firstbithigh` counted from the low bit, barriers by their memory
//! and sync flags, and so on).

use dxil_ir::build::Value;
use dxil_ops::Scalar as Dx;

use super::emit::{Arith, Cmp, Leaf};
use super::expr::{common_scalar, Access};
use super::func::{Fx, ResRef, Rv};
use super::place::{oty, res_elem, Place};
use super::types::{self, size_of};
use super::{LowerError, LowerResult};
use crate::ast::ExprId;
use crate::sema::intrinsics::{self as table, literal_int_kind, Arg, Env, Scope};
use crate::sema::{Scalar, Ty, TyId};

/// `dx.op` atomic operation codes (DXIL.rst "AtomicBinOp").
mod atomic {
    pub const ADD: i64 = 0;
    pub const AND: i64 = 1;
    pub const OR: i64 = 2;
    pub const XOR: i64 = 3;
    pub const IMIN: i64 = 4;
    pub const IMAX: i64 = 5;
    pub const UMIN: i64 = 6;
    pub const UMAX: i64 = 7;
    pub const EXCHANGE: i64 = 8;
}

/// An argument of a resolved call: a value converted to its parameter's type, or, for an
/// `out`/`inout` parameter, the place written back.
pub(super) enum ArgV {
    In(Rv),
    Out(Place),
}

/// A call resolved against DXC's intrinsic table.
pub(super) struct Call {
    /// The call's type, literal components made concrete (`void` when none).
    pub ret: TyId,
    /// Each parameter's type, literal components made concrete.
    pub params: Vec<TyId>,
    /// The arguments, the `in` ones converted to `params`.
    pub args: Vec<ArgV>,
}

impl Call {
    /// The `k`th argument's value.
    pub fn val(&self, k: usize) -> LowerResult<&Rv> {
        match self.args.get(k) {
            Some(ArgV::In(v)) => Ok(v),
            _ => Err(LowerError::internal("expected an input argument")),
        }
    }

    /// The `k`th argument's place (an `out` parameter).
    pub fn out(&self, k: usize) -> LowerResult<&Place> {
        match self.args.get(k) {
            Some(ArgV::Out(p)) => Ok(p),
            _ => Err(LowerError::internal("expected an output argument")),
        }
    }
}

impl Fx<'_, '_> {
    /// `ty` with literal components given the types DXC gives a literal used where no
    /// parameter decides it: `int` and `float`.
    pub(super) fn concrete(&self, ty: TyId) -> TyId {
        match types::scalar_of(self.cx, ty) {
            Some(Scalar::IntLiteral) => self.with_scalar(ty, Scalar::I32),
            Some(Scalar::FloatLiteral) => self.with_scalar(ty, Scalar::F32),
            _ => ty,
        }
    }

    /// Resolves a call of intrinsic `name` in `scope` as DXC does (the first record of
    /// the name and arity whose parameters all take the arguments), evaluating each
    /// argument once: `out`/`inout` ones as places, the others as values converted to
    /// their parameter's type.
    pub(super) fn resolve_call(
        &mut self,
        scope: Scope,
        name: &str,
        targ: Option<TyId>,
        args: &[ExprId],
    ) -> LowerResult<Call> {
        let ns = match scope {
            Scope::Global => "Intrinsics",
            Scope::Dx => "DxIntrinsics",
            Scope::Object(t) => match self.cx.get(t) {
                Ty::Object(o) => table::methods_namespace(self.cx.name(o.name)).unwrap_or(""),
                _ => "",
            },
        };
        let written = |k: usize| {
            table::lookup(ns, name)
                .filter(|i| i.arity() == args.len())
                .any(|i| i.params.get(k + 1).is_some_and(|p| p.qual.writes()))
        };
        let mut vals = Vec::with_capacity(args.len());
        let mut targs = Vec::with_capacity(args.len());
        for (k, &a) in args.iter().enumerate() {
            if written(k) {
                let p = self.place(a)?;
                targs.push(Arg::new(p.ty()));
                vals.push(ArgV::Out(p));
            } else {
                let v = self.rvalue(a)?;
                let mut arg = Arg::new(v.ty);
                if types::scalar_of(self.cx, v.ty) == Some(Scalar::IntLiteral) {
                    if let Some(Leaf::Int(i)) = v.leaves.first() {
                        arg.literal = Some(literal_int_kind(i.unsigned_abs(), *i < 0));
                    }
                }
                targs.push(arg);
                vals.push(ArgV::In(v));
            }
        }
        let r = {
            let mut tys = self.cx.types.borrow_mut();
            let mut env = Env {
                types: &mut tys,
                interner: self.cx.int,
                native_16bit: self.cx.storage.native16,
                shader_model: (self.cx.target.major as u8, self.cx.target.minor as u8),
            };
            table::resolve(&mut env, scope, name, targ, &targs)
        };
        let r = match r {
            Ok(r) => r,
            Err(no) => {
                let spelled: Vec<String> = targs
                    .iter()
                    .map(|a| types::describe(self.cx, a.ty))
                    .collect();
                let (msg, notes) = no.render(&self.cx.types.borrow(), self.cx.int, &spelled);
                let mut m = msg;
                for n in notes {
                    m.push_str("\nnote: ");
                    m.push_str(&n);
                }
                return Err(LowerError::shader(m));
            }
        };
        let ret = self.concrete(r.ret);
        let params: Vec<TyId> = r.params.iter().map(|&t| self.concrete(t)).collect();
        let mut out = Vec::with_capacity(vals.len());
        for (v, &pt) in vals.into_iter().zip(&params) {
            out.push(match v {
                ArgV::In(v) if v.res.is_none() => ArgV::In(self.coerce(v, pt, false)?),
                x => x,
            });
        }
        Ok(Call {
            ret,
            params,
            args: out,
        })
    }

    /// A global intrinsic's `in` arguments converted to the types of the overload DXC
    /// picks, with the type of the first parameter and its scalar (the type of every
    /// argument of the elementwise intrinsics).
    fn typed(&mut self, name: &str, args: &[ExprId]) -> LowerResult<(TyId, Scalar, Vec<Rv>)> {
        let c = self.resolve_call(Scope::Global, name, None, args)?;
        let ty = *c
            .params
            .first()
            .ok_or_else(|| LowerError::internal("intrinsic without parameters"))?;
        let s = types::scalar_of(self.cx, ty)
            .ok_or_else(|| LowerError::shader("argument is not numeric"))?;
        let mut vals = Vec::with_capacity(c.args.len());
        for a in c.args {
            match a {
                ArgV::In(v) => vals.push(v),
                ArgV::Out(_) => return Err(LowerError::internal("unexpected output argument")),
            }
        }
        Ok((ty, s, vals))
    }

    /// Stores `v` (of type `ty`) to an `out` argument's place, converted to its type.
    pub(super) fn write_out(&mut self, p: &Place, ty: TyId, leaves: Vec<Leaf>) -> LowerResult<()> {
        let v = self.coerce(
            Rv {
                ty,
                leaves,
                res: None,
                objs: Vec::new(),
            },
            p.ty(),
            false,
        )?;
        self.store(p, &v)
    }

    fn arity(name: &str, args: &[ExprId], n: usize) -> LowerResult<()> {
        if args.len() == n {
            Ok(())
        } else {
            Err(LowerError::shader(format!(
                "no matching function for call to '{name}': expects {n} arguments, {} given",
                args.len()
            )))
        }
    }

    /// One `dx.op` per leaf through `f`.
    fn map_leaves(
        &mut self,
        ty: TyId,
        vals: &[Rv],
        mut f: impl FnMut(&mut Self, &[Leaf]) -> LowerResult<Leaf>,
    ) -> LowerResult<Rv> {
        let n = vals[0].leaves.len();
        let mut out = Vec::with_capacity(n);
        let mut ops = Vec::with_capacity(vals.len());
        for k in 0..n {
            ops.clear();
            for v in vals {
                ops.push(v.leaves[k]);
            }
            out.push(f(self, &ops)?);
        }
        Ok(Rv {
            ty,
            leaves: out,
            res: None,
            objs: Vec::new(),
        })
    }

    fn v(&mut self, l: Leaf, s: Scalar) -> LowerResult<Leaf> {
        let d = self.cx.storage.reg(s);
        Ok(Leaf::V(self.value(l, d)?))
    }

    /// Calls an intrinsic.
    pub fn intrinsic(&mut self, name: &str, args: &[ExprId]) -> LowerResult<Option<Rv>> {
        macro_rules! unary_float {
            ($method:ident) => {{
                Self::arity(name, args, 1)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let d = self.cx.storage.reg(s);
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        let a = fx.v(x[0], s)?;
                        Ok(Leaf::V(fx.e.$method(&[oty(d)], a)?))
                    })
                    .map(Some);
            }};
        }
        if let Some(r) = self.expanded_intrinsic(name, args)? {
            return Ok(r);
        }
        match name {
            "sqrt" => unary_float!(sqrt),
            "rsqrt" => unary_float!(rsqrt),
            "sin" => unary_float!(sin),
            "cos" => unary_float!(cos),
            "tan" => unary_float!(tan),
            "asin" => unary_float!(asin),
            "acos" => unary_float!(acos),
            "atan" => unary_float!(atan),
            "sinh" => unary_float!(hsin),
            "cosh" => unary_float!(hcos),
            "tanh" => unary_float!(htan),
            "exp2" => unary_float!(exp),
            "log2" => unary_float!(log),
            "frac" => unary_float!(frc),
            "floor" => unary_float!(round_ni),
            "ceil" => unary_float!(round_pi),
            "round" => unary_float!(round_ne),
            "trunc" => unary_float!(round_z),
            "saturate" => unary_float!(saturate),
            "exp" | "log" | "log10" => {
                Self::arity(name, args, 1)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let d = self.cx.storage.reg(s);
                let name = name.to_string();
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        if name == "exp" {
                            let m = fx.arith(
                                Arith::Mul,
                                x[0],
                                Leaf::Float(std::f64::consts::LOG2_E),
                                s,
                            )?;
                            let a = fx.v(m, s)?;
                            Ok(Leaf::V(fx.e.exp(&[oty(d)], a)?))
                        } else {
                            let a = fx.v(x[0], s)?;
                            let l = Leaf::V(fx.e.log(&[oty(d)], a)?);
                            let k = if name == "log" {
                                std::f64::consts::LN_2
                            } else {
                                std::f64::consts::LOG10_2
                            };
                            fx.arith(Arith::Mul, l, Leaf::Float(k), s)
                        }
                    })
                    .map(Some);
            }
            "pow" => {
                Self::arity(name, args, 2)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let d = self.cx.storage.reg(s);
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        let a = fx.v(x[0], s)?;
                        let l = Leaf::V(fx.e.log(&[oty(d)], a)?);
                        let m = fx.arith(Arith::Mul, l, x[1], s)?;
                        let m = fx.v(m, s)?;
                        Ok(Leaf::V(fx.e.exp(&[oty(d)], m)?))
                    })
                    .map(Some);
            }
            "rcp" => {
                Self::arity(name, args, 1)?;
                let (ty, s, vals) = self.typed(name, args)?;
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        fx.arith(Arith::Div, Leaf::Float(1.0), x[0], s)
                    })
                    .map(Some);
            }
            "abs" => {
                Self::arity(name, args, 1)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let d = self.cx.storage.reg(s);
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        if s.is_float() {
                            let a = fx.v(x[0], s)?;
                            Ok(Leaf::V(fx.e.fabs(&[oty(d)], a)?))
                        } else if types::unsigned(s) {
                            Ok(x[0])
                        } else {
                            let neg = fx.arith(Arith::Sub, Leaf::Int(0), x[0], s)?;
                            let a = fx.v(x[0], s)?;
                            let b = fx.v(neg, s)?;
                            Ok(Leaf::V(fx.e.imax(&[oty(d)], a, b)?))
                        }
                    })
                    .map(Some);
            }
            "min" | "max" => {
                Self::arity(name, args, 2)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let max = name == "max";
                return self
                    .map_leaves(ty, &vals, |fx, x| fx.minmax(max, x[0], x[1], s))
                    .map(Some);
            }
            "clamp" => {
                Self::arity(name, args, 3)?;
                let (ty, s, vals) = self.typed(name, args)?;
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        let m = fx.minmax(true, x[0], x[1], s)?;
                        fx.minmax(false, m, x[2], s)
                    })
                    .map(Some);
            }
            "mad" => {
                Self::arity(name, args, 3)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let d = self.cx.storage.reg(s);
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        let (a, b, c) = (fx.v(x[0], s)?, fx.v(x[1], s)?, fx.v(x[2], s)?);
                        Ok(Leaf::V(if s.is_float() {
                            fx.e.fmad(&[oty(d)], a, b, c)?
                        } else if types::unsigned(s) {
                            fx.e.umad(&[oty(d)], a, b, c)?
                        } else {
                            fx.e.imad(&[oty(d)], a, b, c)?
                        }))
                    })
                    .map(Some);
            }
            "fma" => {
                Self::arity(name, args, 3)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let d = self.cx.storage.reg(s);
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        let (a, b, c) = (fx.v(x[0], s)?, fx.v(x[1], s)?, fx.v(x[2], s)?);
                        Ok(Leaf::V(fx.e.fma(&[oty(d)], a, b, c)?))
                    })
                    .map(Some);
            }
            "lerp" => {
                Self::arity(name, args, 3)?;
                let (ty, s, vals) = self.typed(name, args)?;
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        let d = fx.arith(Arith::Sub, x[1], x[0], s)?;
                        let m = fx.arith(Arith::Mul, x[2], d, s)?;
                        fx.arith(Arith::Add, x[0], m, s)
                    })
                    .map(Some);
            }
            "step" => {
                Self::arity(name, args, 2)?;
                let (ty, s, vals) = self.typed(name, args)?;
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        let c = fx.compare(Cmp::Lt, x[1], x[0], s)?;
                        fx.select(c, Leaf::Float(0.0), Leaf::Float(1.0), s)
                    })
                    .map(Some);
            }
            "sign" => {
                Self::arity(name, args, 1)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let ity = self.with_scalar(ty, Scalar::I32);
                let zero = if s.is_float() {
                    Leaf::Float(0.0)
                } else {
                    Leaf::Int(0)
                };
                return self
                    .map_leaves(ity, &vals, |fx, x| {
                        let gt = fx.compare(Cmp::Lt, zero, x[0], s)?;
                        let lt = fx.compare(Cmp::Lt, x[0], zero, s)?;
                        let g = fx.convert(gt, Scalar::Bool, Scalar::I32)?;
                        let l = fx.convert(lt, Scalar::Bool, Scalar::I32)?;
                        fx.arith(Arith::Sub, g, l, Scalar::I32)
                    })
                    .map(Some);
            }
            "ddx" | "ddy" | "ddx_coarse" | "ddy_coarse" | "ddx_fine" | "ddy_fine" | "fwidth" => {
                Self::arity(name, args, 1)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let which = name.to_string();
                return self
                    .map_leaves(ty, &vals, |fx, x| {
                        // `ddx`/`ddy` are the coarse derivatives, as DXC lowers them;
                        // `fwidth` is |ddx| + |ddy|.
                        let one = |fx: &mut Self, w: &str, l: Leaf| -> LowerResult<Leaf> {
                            match w {
                                "ddx" | "ddx_coarse" => {
                                    fx.dx_unary(l, s, |e, o, v| e.deriv_coarse_x(o, v))
                                }
                                "ddy" | "ddy_coarse" => {
                                    fx.dx_unary(l, s, |e, o, v| e.deriv_coarse_y(o, v))
                                }
                                "ddx_fine" => fx.dx_unary(l, s, |e, o, v| e.deriv_fine_x(o, v)),
                                _ => fx.dx_unary(l, s, |e, o, v| e.deriv_fine_y(o, v)),
                            }
                        };
                        if which == "fwidth" {
                            let dx = one(fx, "ddx", x[0])?;
                            let dy = one(fx, "ddy", x[0])?;
                            let ax = fx.dx_unary(dx, s, |e, o, v| e.fabs(o, v))?;
                            let ay = fx.dx_unary(dy, s, |e, o, v| e.fabs(o, v))?;
                            return fx.arith(Arith::Add, ax, ay, s);
                        }
                        one(fx, &which, x[0])
                    })
                    .map(Some);
            }
            "isnormal" => {
                Self::arity(name, args, 1)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let bty = self.with_scalar(ty, Scalar::Bool);
                return self
                    .map_leaves(bty, &vals, |fx, x| {
                        fx.dx_unary(x[0], s, |e, o, v| e.is_normal(o, v))
                    })
                    .map(Some);
            }
            "IsHelperLane" => {
                Self::arity(name, args, 0)?;
                let b = self.ty_scalar(Scalar::Bool);
                // Before shader model 6.6 there is no operation: a compute shader has no
                // helper lanes.
                if (self.cx.target.major, self.cx.target.minor) < (6, 6) {
                    return Ok(Some(Self::rv(b, vec![Leaf::Int(0)])));
                }
                let v = self.e.is_helper_lane(&[dxil_ops::Ty::Scalar(Dx::I1)])?;
                return Ok(Some(Self::rv(b, vec![Leaf::V(v)])));
            }
            "isnan" | "isinf" | "isfinite" => {
                Self::arity(name, args, 1)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let d = self.cx.storage.reg(s);
                let bty = self.with_scalar(ty, Scalar::Bool);
                let which = name.to_string();
                // Before shader model 6.9 the 16-bit overloads are not allowed: DXC tests
                // the bits of the half instead.
                let emulate =
                    d == Dx::Half && (self.cx.target.major, self.cx.target.minor) < (6, 9);
                return self
                    .map_leaves(bty, &vals, |fx, x| {
                        if emulate {
                            let u = Scalar::U16;
                            let iv = fx.bitcast(x[0], Dx::Half, Dx::I16)?;
                            let exp_mask = Leaf::Int(0x7c00);
                            return match which.as_str() {
                                "isinf" => {
                                    let pos = fx.compare(Cmp::Eq, iv, exp_mask, u)?;
                                    let neg = fx.compare(Cmp::Eq, iv, Leaf::Int(-0x400), u)?;
                                    fx.arith(Arith::Or, pos, neg, Scalar::Bool)
                                }
                                "isnan" => {
                                    let e = fx.arith(Arith::And, iv, exp_mask, u)?;
                                    let all = fx.compare(Cmp::Eq, e, exp_mask, u)?;
                                    let m = fx.arith(Arith::And, iv, Leaf::Int(0x3ff), u)?;
                                    let nz = fx.compare(Cmp::Ne, m, Leaf::Int(0), u)?;
                                    fx.arith(Arith::And, all, nz, Scalar::Bool)
                                }
                                _ => {
                                    let e = fx.arith(Arith::And, iv, exp_mask, u)?;
                                    fx.compare(Cmp::Ne, e, exp_mask, u)
                                }
                            };
                        }
                        let a = fx.v(x[0], s)?;
                        Ok(Leaf::V(match which.as_str() {
                            "isnan" => fx.e.is_nan(&[oty(d)], a)?,
                            "isinf" => fx.e.is_inf(&[oty(d)], a)?,
                            _ => fx.e.is_finite(&[oty(d)], a)?,
                        }))
                    })
                    .map(Some);
            }
            "countbits" | "reversebits" | "firstbitlow" | "firstbithigh" => {
                Self::arity(name, args, 1)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let d = self.cx.storage.reg(s);
                let which = name.to_string();
                let rty = if which == "reversebits" {
                    ty
                } else {
                    self.with_scalar(ty, Scalar::U32)
                };
                let width = i64::from(size_of(d) * 8);
                return self
                    .map_leaves(rty, &vals, |fx, x| {
                        let a = fx.v(x[0], s)?;
                        Ok(match which.as_str() {
                            "countbits" => Leaf::V(fx.e.countbits(&[oty(d)], a)?),
                            "reversebits" => Leaf::V(fx.e.bfrev(&[oty(d)], a)?),
                            "firstbitlow" => Leaf::V(fx.e.firstbit_lo(&[oty(d)], a)?),
                            _ => {
                                // DXIL counts from the high bit; HLSL from the low one.
                                let r = Leaf::V(if types::unsigned(s) {
                                    fx.e.firstbit_hi(&[oty(d)], a)?
                                } else {
                                    fx.e.firstbit_shi(&[oty(d)], a)?
                                });
                                let sub =
                                    fx.arith(Arith::Sub, Leaf::Int(width - 1), r, Scalar::U32)?;
                                let none = fx.compare(Cmp::Eq, r, Leaf::Int(-1), Scalar::I32)?;
                                fx.select(none, Leaf::Int(-1), sub, Scalar::U32)?
                            }
                        })
                    })
                    .map(Some);
            }
            "asuint" | "asint" | "asfloat" => {
                if args.len() != 1 {
                    return Err(LowerError::unsupported(format!(
                        "{name} with {} arguments",
                        args.len()
                    )));
                }
                let v = self.rvalue(args[0])?;
                let s = types::scalar_of(self.cx, v.ty)
                    .ok_or_else(|| LowerError::shader("argument is not numeric"))?;
                let s = match s {
                    Scalar::IntLiteral => Scalar::I32,
                    Scalar::FloatLiteral => Scalar::F32,
                    x => x,
                };
                let to = match name {
                    "asuint" => {
                        if self.cx.storage.reg(s) == Dx::I16 || self.cx.storage.reg(s) == Dx::Half {
                            Scalar::U16
                        } else {
                            Scalar::U32
                        }
                    }
                    "asint" => {
                        if self.cx.storage.reg(s) == Dx::I16 || self.cx.storage.reg(s) == Dx::Half {
                            Scalar::I16
                        } else {
                            Scalar::I32
                        }
                    }
                    _ => {
                        if self.cx.storage.reg(s) == Dx::I16 || self.cx.storage.reg(s) == Dx::Half {
                            Scalar::F16
                        } else {
                            Scalar::F32
                        }
                    }
                };
                let ty = self.with_scalar(v.ty, to);
                let (fd, td) = (self.cx.storage.reg(s), self.cx.storage.reg(to));
                let mut out = Vec::new();
                for l in v.leaves {
                    out.push(self.bitcast(l, fd, td)?);
                }
                return Ok(Some(Rv {
                    ty,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                }));
            }
            "asdouble" => {
                Self::arity(name, args, 2)?;
                let u = self.ty_scalar(Scalar::U32);
                let lo = self.rvalue(args[0])?;
                let hi = self.rvalue(args[1])?;
                let lty = self.with_scalar(lo.ty, Scalar::U32);
                let lo = self.coerce(lo, lty, false)?;
                let hi = self.coerce(hi, lty, false)?;
                let _ = u;
                let ty = self.with_scalar(lty, Scalar::F64);
                let mut out = Vec::new();
                for (a, b) in lo.leaves.iter().zip(&hi.leaves) {
                    out.push(Leaf::V(self.e.make_double(&[oty(Dx::Double)], *a, *b)?));
                }
                return Ok(Some(Rv {
                    ty,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                }));
            }
            "f32tof16" | "f16tof32" => {
                Self::arity(name, args, 1)?;
                let v = self.rvalue(args[0])?;
                let (from, to) = if name == "f32tof16" {
                    (Scalar::F32, Scalar::U32)
                } else {
                    (Scalar::U32, Scalar::F32)
                };
                let fty = self.with_scalar(v.ty, from);
                let v = self.coerce(v, fty, false)?;
                let ty = self.with_scalar(v.ty, to);
                let mut out = Vec::new();
                for l in v.leaves {
                    out.push(Leaf::V(if name == "f32tof16" {
                        self.e.legacy_f32_to_f16(&[], l)?
                    } else {
                        self.e.legacy_f16_to_f32(&[], l)?
                    }));
                }
                return Ok(Some(Rv {
                    ty,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                }));
            }
            "dot" => {
                Self::arity(name, args, 2)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let n = vals[0].leaves.len();
                let d = self.cx.storage.reg(s);
                let sty = self.ty_scalar(s);
                let (a, b) = (&vals[0].leaves, &vals[1].leaves);
                let _ = ty;
                let r = if s.is_float() && (2..=4).contains(&n) {
                    let mut ops = Vec::with_capacity(8);
                    for &x in a.iter().chain(b.iter()) {
                        ops.push(self.v(x, s)?);
                    }
                    let o = [oty(d)];
                    Leaf::V(match n {
                        2 => self.e.dot2(&o, ops[0], ops[1], ops[2], ops[3])?,
                        3 => self
                            .e
                            .dot3(&o, ops[0], ops[1], ops[2], ops[3], ops[4], ops[5])?,
                        _ => self.e.dot4(
                            &o, ops[0], ops[1], ops[2], ops[3], ops[4], ops[5], ops[6], ops[7],
                        )?,
                    })
                } else {
                    let mut acc = self.arith(Arith::Mul, a[0], b[0], s)?;
                    for k in 1..n {
                        if s.is_float() {
                            let m = self.arith(Arith::Mul, a[k], b[k], s)?;
                            acc = self.arith(Arith::Add, acc, m, s)?;
                        } else {
                            let (x, y, z) = (self.v(a[k], s)?, self.v(b[k], s)?, self.v(acc, s)?);
                            acc = Leaf::V(if types::unsigned(s) {
                                self.e.umad(&[oty(d)], x, y, z)?
                            } else {
                                self.e.imad(&[oty(d)], x, y, z)?
                            });
                        }
                    }
                    acc
                };
                return Ok(Some(Rv {
                    ty: sty,
                    leaves: vec![r],
                    res: None,
                    objs: Vec::new(),
                }));
            }
            "length" | "normalize" | "distance" => {
                let (ty, s, mut vals) = self.typed(name, args)?;
                let d = self.cx.storage.reg(s);
                if name == "distance" {
                    Self::arity(name, args, 2)?;
                    let b = vals.pop().unwrap_or_else(|| unreachable!());
                    let a = vals.pop().unwrap_or_else(|| unreachable!());
                    let mut diff = Vec::new();
                    for (x, y) in a.leaves.iter().zip(&b.leaves) {
                        diff.push(self.arith(Arith::Sub, *x, *y, s)?);
                    }
                    vals = vec![Rv {
                        ty,
                        leaves: diff,
                        res: None,
                        objs: Vec::new(),
                    }];
                } else {
                    Self::arity(name, args, 1)?;
                }
                let l = &vals[0].leaves.clone();
                let dot = self.dot_leaves(l, l, s)?;
                let sty = self.ty_scalar(s);
                if name == "normalize" {
                    let dv = self.v(dot, s)?;
                    let r = Leaf::V(self.e.rsqrt(&[oty(d)], dv)?);
                    let mut out = Vec::new();
                    for &x in l {
                        out.push(self.arith(Arith::Mul, x, r, s)?);
                    }
                    return Ok(Some(Rv {
                        ty,
                        leaves: out,
                        res: None,
                        objs: Vec::new(),
                    }));
                }
                let dv = self.v(dot, s)?;
                let r = Leaf::V(self.e.sqrt(&[oty(d)], dv)?);
                return Ok(Some(Rv {
                    ty: sty,
                    leaves: vec![r],
                    res: None,
                    objs: Vec::new(),
                }));
            }
            "cross" => {
                Self::arity(name, args, 2)?;
                let (ty, s, vals) = self.typed(name, args)?;
                let (a, b) = (vals[0].leaves.clone(), vals[1].leaves.clone());
                if a.len() != 3 {
                    return Err(LowerError::shader("cross requires 3-component vectors"));
                }
                let mut out = Vec::new();
                for (i, j) in [(1, 2), (2, 0), (0, 1)] {
                    let p = self.arith(Arith::Mul, a[i], b[j], s)?;
                    let q = self.arith(Arith::Mul, a[j], b[i], s)?;
                    out.push(self.arith(Arith::Sub, p, q, s)?);
                }
                return Ok(Some(Rv {
                    ty,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                }));
            }
            "all" | "any" => {
                Self::arity(name, args, 1)?;
                let v = self.rvalue(args[0])?;
                let b = self.truth(v)?;
                let ar = if name == "all" { Arith::And } else { Arith::Or };
                let mut acc = b.leaves[0];
                for &l in &b.leaves[1..] {
                    acc = self.arith(ar, acc, l, Scalar::Bool)?;
                }
                let bt = self.ty_scalar(Scalar::Bool);
                return Ok(Some(Rv {
                    ty: bt,
                    leaves: vec![acc],
                    res: None,
                    objs: Vec::new(),
                }));
            }
            "select" => {
                Self::arity(name, args, 3)?;
                let c = self.rvalue(args[0])?;
                let a = self.rvalue(args[1])?;
                let b = self.rvalue(args[2])?;
                let ty = self.common_type(a.ty, b.ty)?;
                let ty = self.common_type(ty, c.ty).map(|t| {
                    let s = types::scalar_of(self.cx, ty).unwrap_or(Scalar::F32);
                    self.with_scalar(t, s)
                })?;
                let a = self.coerce(a, ty, false)?;
                let b = self.coerce(b, ty, false)?;
                let bt = self.with_scalar(ty, Scalar::Bool);
                let c = self.coerce(c, bt, false)?;
                let ss = self.scalars(ty)?;
                let mut out = Vec::new();
                for (k, &sk) in ss.iter().enumerate().take(a.leaves.len()) {
                    out.push(self.select(c.leaves[k], a.leaves[k], b.leaves[k], sk)?);
                }
                return Ok(Some(Rv {
                    ty,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                }));
            }
            "and" | "or" => {
                Self::arity(name, args, 2)?;
                let a = self.rvalue(args[0])?;
                let b = self.rvalue(args[1])?;
                let ty = self.common_type(a.ty, b.ty)?;
                let bt = self.with_scalar(ty, Scalar::Bool);
                let a = self.coerce(a, bt, false)?;
                let b = self.coerce(b, bt, false)?;
                let ar = if name == "and" { Arith::And } else { Arith::Or };
                let mut out = Vec::new();
                for (x, y) in a.leaves.iter().zip(&b.leaves) {
                    out.push(self.arith(ar, *x, *y, Scalar::Bool)?);
                }
                return Ok(Some(Rv {
                    ty: bt,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                }));
            }
            "NonUniformResourceIndex" => {
                Self::arity(name, args, 1)?;
                return self.rvalue(args[0]).map(Some);
            }
            "GroupMemoryBarrierWithGroupSync" => return self.barrier(9).map(|_| None),
            "GroupMemoryBarrier" => return self.barrier(8).map(|_| None),
            "DeviceMemoryBarrierWithGroupSync" => return self.barrier(3).map(|_| None),
            "DeviceMemoryBarrier" => return self.barrier(2).map(|_| None),
            "AllMemoryBarrierWithGroupSync" => return self.barrier(11).map(|_| None),
            "AllMemoryBarrier" => return self.barrier(10).map(|_| None),
            _ => {}
        }
        if let Some(r) = self.wave_intrinsic(name, args)? {
            return Ok(r);
        }
        if let Some(op) = name.strip_prefix("Interlocked") {
            return self.interlocked_call(op, args);
        }
        if name == "mul" {
            Self::arity(name, args, 2)?;
            let a = self.rvalue(args[0])?;
            let b = self.rvalue(args[1])?;
            return self.mul(a, b).map(Some);
        }
        if name == "transpose" {
            Self::arity(name, args, 1)?;
            let v = self.rvalue(args[0])?;
            let Ty::Matrix(s, r, c) = self.cx.get(v.ty) else {
                return Err(LowerError::shader(
                    "transpose of a value that is not a matrix",
                ));
            };
            let ty = self.cx.intern(Ty::Matrix(s, c, r));
            let mut out = Vec::new();
            for j in 0..c as usize {
                for i in 0..r as usize {
                    out.push(v.leaves[i * c as usize + j]);
                }
            }
            return Ok(Some(Rv {
                ty,
                leaves: out,
                res: None,
                objs: Vec::new(),
            }));
        }
        Err(LowerError::unsupported(format!("the intrinsic '{name}'")))
    }

    fn dot_leaves(&mut self, a: &[Leaf], b: &[Leaf], s: Scalar) -> LowerResult<Leaf> {
        let d = self.cx.storage.reg(s);
        let n = a.len();
        if (2..=4).contains(&n) && s.is_float() {
            let mut ops = Vec::with_capacity(8);
            for &x in a {
                ops.push(self.v(x, s)?);
            }
            for &x in b {
                ops.push(self.v(x, s)?);
            }
            let o = [oty(d)];
            return Ok(Leaf::V(match n {
                2 => self.e.dot2(&o, ops[0], ops[1], ops[2], ops[3])?,
                3 => self
                    .e
                    .dot3(&o, ops[0], ops[1], ops[2], ops[3], ops[4], ops[5])?,
                _ => self.e.dot4(
                    &o, ops[0], ops[1], ops[2], ops[3], ops[4], ops[5], ops[6], ops[7],
                )?,
            }));
        }
        let mut acc = self.arith(Arith::Mul, a[0], b[0], s)?;
        for k in 1..n {
            let m = self.arith(Arith::Mul, a[k], b[k], s)?;
            acc = self.arith(Arith::Add, acc, m, s)?;
        }
        Ok(acc)
    }

    /// `min`/`max` of two leaves.
    fn minmax(&mut self, max: bool, a: Leaf, b: Leaf, s: Scalar) -> LowerResult<Leaf> {
        if let (Leaf::Int(x), Leaf::Int(y)) = (a, b) {
            if !types::unsigned(s) {
                return Ok(Leaf::Int(if max { x.max(y) } else { x.min(y) }));
            }
        }
        let d = self.cx.storage.reg(s);
        let (x, y) = (self.v(a, s)?, self.v(b, s)?);
        let o = [oty(d)];
        Ok(Leaf::V(match (s.is_float(), types::unsigned(s), max) {
            (true, _, true) => self.e.fmax(&o, x, y)?,
            (true, _, false) => self.e.fmin(&o, x, y)?,
            (false, true, true) => self.e.umax(&o, x, y)?,
            (false, true, false) => self.e.umin(&o, x, y)?,
            (false, false, true) => self.e.imax(&o, x, y)?,
            (false, false, false) => self.e.imin(&o, x, y)?,
        }))
    }

    fn barrier(&mut self, mode: i64) -> LowerResult<()> {
        if self.cur.is_some() {
            self.e.barrier(&[], mode)?;
        }
        Ok(())
    }

    /// `mul(a, b)`: scalar, vector and matrix products.
    fn mul(&mut self, a: Rv, b: Rv) -> LowerResult<Rv> {
        let (Some(sa), Some(sb)) = (
            types::scalar_of(self.cx, a.ty),
            types::scalar_of(self.cx, b.ty),
        ) else {
            return Err(LowerError::shader("mul of non-numeric values"));
        };
        let mut s = common_scalar(sa, sb);
        if s == Scalar::IntLiteral {
            s = Scalar::I32;
        }
        if s == Scalar::FloatLiteral {
            s = Scalar::F32;
        }
        let dims = |fx: &Self, t: TyId| -> (usize, usize, u8) {
            match fx.cx.get(t) {
                Ty::Vector(_, n) => (1, n as usize, 1),
                Ty::Matrix(_, r, c) => (r as usize, c as usize, 2),
                _ => (1, 1, 0),
            }
        };
        let (ra, ca, ka) = dims(self, a.ty);
        let (rb, cb, kb) = dims(self, b.ty);
        let conv = |fx: &mut Self, v: Rv| -> LowerResult<Rv> {
            let t = fx.with_scalar(v.ty, s);
            fx.coerce(v, t, false)
        };
        let a = conv(self, a)?;
        let b = conv(self, b)?;
        if ka == 0 || kb == 0 {
            // A scalar times anything: elementwise.
            let (sc, other) = if ka == 0 { (a, b) } else { (b, a) };
            let mut out = Vec::new();
            for &l in &other.leaves {
                out.push(self.arith(Arith::Mul, sc.leaves[0], l, s)?);
            }
            return Ok(Rv {
                ty: other.ty,
                leaves: out,
                res: None,
                objs: Vec::new(),
            });
        }
        // Vectors: a row on the left, a column on the right.
        let (ra, ca) = if ka == 1 { (1, ca) } else { (ra, ca) };
        let (rb, cb) = if kb == 1 { (cb, 1) } else { (rb, cb) };
        if ka == 1 && kb == 1 {
            let d = self.dot_leaves(&a.leaves, &b.leaves, s)?;
            let t = self.ty_scalar(s);
            return Ok(Rv {
                ty: t,
                leaves: vec![d],
                res: None,
                objs: Vec::new(),
            });
        }
        let inner = ca.min(rb);
        let mut out = Vec::with_capacity(ra * cb);
        for i in 0..ra {
            for j in 0..cb {
                let mut acc = Leaf::Undef;
                for k in 0..inner {
                    let x = a.leaves[i * ca + k];
                    let y = b.leaves[k * cb + j];
                    if k == 0 {
                        acc = self.arith(Arith::Mul, x, y, s)?;
                    } else if s.is_float() {
                        let (xv, yv, av) = (self.v(x, s)?, self.v(y, s)?, self.v(acc, s)?);
                        let d = self.cx.storage.reg(s);
                        acc = Leaf::V(self.e.fmad(&[oty(d)], xv, yv, av)?);
                    } else {
                        let m = self.arith(Arith::Mul, x, y, s)?;
                        acc = self.arith(Arith::Add, acc, m, s)?;
                    }
                }
                out.push(acc);
            }
        }
        let ty = if ka == 1 {
            self.cx.intern(Ty::Vector(s, cb as u16))
        } else if kb == 1 {
            self.cx.intern(Ty::Vector(s, ra as u16))
        } else {
            self.cx.intern(Ty::Matrix(s, ra as u8, cb as u8))
        };
        Ok(Rv {
            ty,
            leaves: out,
            res: None,
            objs: Vec::new(),
        })
    }

    /// Wave and quad intrinsics; `None` when `name` is not one.
    fn wave_intrinsic(&mut self, name: &str, args: &[ExprId]) -> LowerResult<Option<Option<Rv>>> {
        let u = self.ty_scalar(Scalar::U32);
        let b = self.ty_scalar(Scalar::Bool);
        let one = |ty, l| {
            Some(Some(Rv {
                ty,
                leaves: vec![l],
                res: None,
                objs: Vec::new(),
            }))
        };
        match name {
            "WaveGetLaneIndex" => return Ok(one(u, Leaf::V(self.e.wave_get_lane_index(&[])?))),
            "WaveGetLaneCount" => return Ok(one(u, Leaf::V(self.e.wave_get_lane_count(&[])?))),
            "WaveIsFirstLane" => return Ok(one(b, Leaf::V(self.e.wave_is_first_lane(&[])?))),
            "WaveActiveAnyTrue"
            | "WaveActiveAllTrue"
            | "WaveActiveCountBits"
            | "WavePrefixCountBits"
            | "WaveActiveBallot" => {
                Self::arity(name, args, 1)?;
                let v = self.rvalue_as(args[0], b)?;
                let c = self.v(v.leaves[0], Scalar::Bool)?;
                return Ok(match name {
                    "WaveActiveAnyTrue" => one(b, Leaf::V(self.e.wave_any_true(&[], c)?)),
                    "WaveActiveAllTrue" => one(b, Leaf::V(self.e.wave_all_true(&[], c)?)),
                    "WaveActiveCountBits" => one(u, Leaf::V(self.e.wave_all_bit_count(&[], c)?)),
                    "WavePrefixCountBits" => one(u, Leaf::V(self.e.wave_prefix_bit_count(&[], c)?)),
                    _ => {
                        let r = self.e.wave_active_ballot(&[], c)?;
                        let mut out = Vec::new();
                        for k in 0..4 {
                            out.push(Leaf::V(self.e.ir().extract_value(r, &[k])?));
                        }
                        let t = self.cx.intern(Ty::Vector(Scalar::U32, 4));
                        Some(Some(Rv {
                            ty: t,
                            leaves: out,
                            res: None,
                            objs: Vec::new(),
                        }))
                    }
                });
            }
            _ => {}
        }
        enum K {
            Active(i64),
            Prefix(i64),
            Bit(i64),
            ReadAt,
            ReadFirst,
            AllEqual,
            Quad(i64),
            QuadAt,
        }
        let k = match name {
            "WaveActiveSum" => K::Active(0),
            "WaveActiveProduct" => K::Active(1),
            "WaveActiveMin" => K::Active(2),
            "WaveActiveMax" => K::Active(3),
            "WavePrefixSum" => K::Prefix(0),
            "WavePrefixProduct" => K::Prefix(1),
            "WaveActiveBitAnd" => K::Bit(0),
            "WaveActiveBitOr" => K::Bit(1),
            "WaveActiveBitXor" => K::Bit(2),
            "WaveReadLaneAt" => K::ReadAt,
            "WaveReadLaneFirst" => K::ReadFirst,
            "WaveActiveAllEqual" => K::AllEqual,
            "QuadReadAcrossX" => K::Quad(0),
            "QuadReadAcrossY" => K::Quad(1),
            "QuadReadAcrossDiagonal" => K::Quad(2),
            "QuadReadLaneAt" => K::QuadAt,
            _ => return Ok(None),
        };
        let want = if matches!(k, K::ReadAt | K::QuadAt) {
            2
        } else {
            1
        };
        Self::arity(name, args, want)?;
        let v = self.rvalue(args[0])?;
        let mut s = types::scalar_of(self.cx, v.ty)
            .ok_or_else(|| LowerError::shader("argument is not numeric"))?;
        if s == Scalar::IntLiteral {
            s = Scalar::I32;
        }
        if s == Scalar::FloatLiteral {
            s = Scalar::F32;
        }
        let ty = self.with_scalar(v.ty, s);
        let v = self.coerce(v, ty, false)?;
        let lane = if want == 2 {
            Some(self.uint_arg(args[1])?)
        } else {
            None
        };
        let d = self.cx.storage.reg(s);
        let o = [oty(d)];
        let sop = i64::from(types::unsigned(s));
        let rty = if matches!(k, K::AllEqual) {
            self.with_scalar(ty, Scalar::Bool)
        } else {
            ty
        };
        let mut out = Vec::new();
        for l in v.leaves {
            let x = self.v(l, s)?;
            out.push(Leaf::V(match k {
                K::Active(op) => self.e.wave_active_op(&o, x, op, sop)?,
                K::Prefix(op) => self.e.wave_prefix_op(&o, x, op, sop)?,
                K::Bit(op) => self.e.wave_active_bit(&o, x, op)?,
                K::ReadAt => self
                    .e
                    .wave_read_lane_at(&o, x, lane.unwrap_or(Leaf::Int(0)))?,
                K::ReadFirst => self.e.wave_read_lane_first(&o, x)?,
                K::AllEqual => self.e.wave_active_all_equal(&o, x)?,
                K::Quad(op) => self.e.quad_op(&o, x, op)?,
                K::QuadAt => self
                    .e
                    .quad_read_lane_at(&o, x, lane.unwrap_or(Leaf::Int(0)))?,
            }));
        }
        Ok(Some(Some(Rv {
            ty: rty,
            leaves: out,
            res: None,
            objs: Vec::new(),
        })))
    }

    /// `InterlockedOp(dest, value[, original])` and the compare forms.
    fn interlocked_call(&mut self, op: &str, args: &[ExprId]) -> LowerResult<Option<Rv>> {
        let dest = match self.access(args.first().copied().ok_or_else(|| LowerError::shader("missing destination"))?)? {
            Access::Place(p) => p,
            Access::Value(_) => return Err(LowerError::shader("the destination of an interlocked operation must be a resource or group-shared variable")),
        };
        self.interlocked(op, dest, &args[1..])
    }

    /// An interlocked operation on `dest` with the remaining arguments.
    fn interlocked(&mut self, op: &str, dest: Place, rest: &[ExprId]) -> LowerResult<Option<Rv>> {
        let ty = dest.ty();
        let s = types::scalar_of(self.cx, ty)
            .ok_or_else(|| LowerError::shader("interlocked operation on a non-integer"))?;
        let d = self.cx.storage.reg(s);
        let compare = op.starts_with("Compare");
        let (cmp, val, orig) = if compare {
            let store_only = op == "CompareStore";
            let need = if store_only { 2 } else { 3 };
            if rest.len() != need {
                return Err(LowerError::shader(format!(
                    "Interlocked{op} takes {} arguments",
                    need + 1
                )));
            }
            let c = self.rvalue_as(rest[0], ty)?;
            let v = self.rvalue_as(rest[1], ty)?;
            (
                Some(c.leaves[0]),
                v.leaves[0],
                if store_only { None } else { Some(rest[2]) },
            )
        } else {
            if rest.is_empty() || rest.len() > 2 {
                return Err(LowerError::shader(format!(
                    "Interlocked{op} takes 2 or 3 arguments"
                )));
            }
            let v = self.rvalue_as(rest[0], ty)?;
            (None, v.leaves[0], rest.get(1).copied())
        };
        let code = match op {
            "Add" => atomic::ADD,
            "And" => atomic::AND,
            "Or" => atomic::OR,
            "Xor" => atomic::XOR,
            "Min" if types::unsigned(s) => atomic::UMIN,
            "Min" => atomic::IMIN,
            "Max" if types::unsigned(s) => atomic::UMAX,
            "Max" => atomic::IMAX,
            "Exchange" => atomic::EXCHANGE,
            "CompareExchange" | "CompareStore" => -1,
            _ => return Err(LowerError::unsupported(format!("Interlocked{op}"))),
        };
        let vv = self.value(val, d)?;
        let result = match &dest {
            Place::Buffer { res, index, slots, raw, .. } => {
                let h = self.handle(*res)?;
                let off = slots.first().map_or(0, |s| s.offset);
                let (c0, c1) = if *raw {
                    (self.arith(Arith::Add, *index, Leaf::Int(i64::from(off)), Scalar::U32)?, Leaf::Undef)
                } else {
                    (*index, Leaf::Int(i64::from(off)))
                };
                match cmp {
                    Some(c) => {
                        let cv = self.v(c, s)?;
                        self.e.atomic_compare_exchange(&[oty(d)], h, c0, c1, Leaf::Undef, cv, vv)?
                    }
                    None => self.e.atomic_bin_op(&[oty(d)], h, code, c0, c1, Leaf::Undef, vv)?,
                }
            }
            Place::Typed { res, coords, .. } => {
                let h = self.handle(*res)?;
                let c = |k: usize| coords.get(k).copied().unwrap_or(Leaf::Undef);
                match cmp {
                    Some(cm) => {
                        let cv = self.v(cm, s)?;
                        self.e.atomic_compare_exchange(&[oty(d)], h, c(0), c(1), c(2), cv, vv)?
                    }
                    None => self.e.atomic_bin_op(&[oty(d)], h, code, c(0), c(1), c(2), vv)?,
                }
            }
            Place::Shared {
                globals,
                sel,
                index,
                extra,
                ..
            } => {
                let g = globals[sel[0]];
                let ptr = self.shared_ptr_at(g, *index, *extra)?;
                use dxil_ir::{Ordering as O, RmwOp, SyncScope};
                match cmp {
                    Some(c) => {
                        let cv = self.value(c, d)?;
                        let pair = self.e.ir().cmpxchg(ptr, cv, vv, false, O::SeqCst, O::SeqCst, SyncScope::CrossThread, false)?;
                        self.e.ir().extract_value(pair, &[0])?
                    }
                    None => {
                        let rop = match code {
                            atomic::ADD => RmwOp::Add,
                            atomic::AND => RmwOp::And,
                            atomic::OR => RmwOp::Or,
                            atomic::XOR => RmwOp::Xor,
                            atomic::IMIN => RmwOp::Min,
                            atomic::IMAX => RmwOp::Max,
                            atomic::UMIN => RmwOp::UMin,
                            atomic::UMAX => RmwOp::UMax,
                            _ => RmwOp::Xchg,
                        };
                        self.e.ir().atomic_rmw(rop, ptr, vv, false, O::SeqCst, SyncScope::CrossThread)?
                    }
                }
            }
            _ => return Err(LowerError::shader("the destination of an interlocked operation must be a resource or group-shared variable")),
        };
        if let Some(o) = orig {
            let p = self.place(o)?;
            let rv = Rv {
                ty,
                leaves: vec![Leaf::V(result)],
                res: None,
                objs: Vec::new(),
            };
            let rv = self.coerce(rv, p.ty(), false)?;
            self.store(&p, &rv)?;
        }
        Ok(None)
    }

    /// A method of a resource.
    pub fn resource_method(
        &mut self,
        r: ResRef,
        name: &str,
        targ: Option<TyId>,
        args: &[ExprId],
    ) -> LowerResult<Option<Rv>> {
        let Ty::Object(o) = self.cx.get(r.ty) else {
            return Err(LowerError::internal("resource of a non-object type"));
        };
        let oname = self.cx.name(o.name).to_string();
        let elem = res_elem(self, r);
        let base = oname
            .trim_start_matches("RW")
            .trim_start_matches("RasterizerOrdered")
            .to_string();
        if let Some(v) = self.texture_method(r, &oname, name, args)? {
            return Ok(v);
        }
        let u = self.ty_scalar(Scalar::U32);
        if base == "ByteAddressBuffer" {
            let width = |n: &str| -> Option<u16> {
                match n {
                    "Load" | "Store" => Some(1),
                    "Load2" | "Store2" => Some(2),
                    "Load3" | "Store3" => Some(3),
                    "Load4" | "Store4" => Some(4),
                    _ => None,
                }
            };
            if let Some(w) = width(name) {
                let ty = match targ {
                    Some(t) if name == "Load" || name == "Store" => t,
                    _ if w == 1 => u,
                    _ => self.cx.intern(Ty::Vector(Scalar::U32, w)),
                };
                let addr = self.uint_arg(
                    args.first()
                        .copied()
                        .ok_or_else(|| LowerError::shader("missing address"))?,
                )?;
                let l = types::structured_layout(self.cx, self.cx.storage, ty, None)?;
                let place = Place::Buffer {
                    res: r,
                    index: addr,
                    ty,
                    slots: l.slots,
                    raw: true,
                };
                if name.starts_with("Load") {
                    if args.len() != 1 {
                        return Err(LowerError::unsupported("Load with a status argument"));
                    }
                    return self.load(&place).map(Some);
                }
                if args.len() != 2 {
                    return Err(LowerError::shader(format!("{name} takes two arguments")));
                }
                let v = match targ {
                    Some(t) => self.rvalue_as(args[1], t)?,
                    None => {
                        let v = self.rvalue(args[1])?;
                        // `Store` is a template whose type is the value's (literals are
                        // `uint`); `Store2`..`Store4` take `uint` vectors.
                        let literal = matches!(
                            types::scalar_of(self.cx, v.ty),
                            Some(Scalar::IntLiteral | Scalar::FloatLiteral)
                        );
                        let t = if name == "Store" && !literal && v.res.is_none() {
                            v.ty
                        } else if w == 1 {
                            u
                        } else {
                            self.cx.intern(Ty::Vector(Scalar::U32, w))
                        };
                        self.coerce(v, t, false)?
                    }
                };
                let place = Place::Buffer {
                    ty: v.ty,
                    slots: types::structured_layout(self.cx, self.cx.storage, v.ty, None)?.slots,
                    res: r,
                    index: addr,
                    raw: true,
                };
                self.store(&place, &v)?;
                return Ok(None);
            }
            if let Some(op) = name.strip_prefix("Interlocked") {
                let addr = self.uint_arg(
                    args.first()
                        .copied()
                        .ok_or_else(|| LowerError::shader("missing address"))?,
                )?;
                let ty = if op.ends_with("64") {
                    self.ty_scalar(Scalar::U64)
                } else {
                    u
                };
                let op = op.trim_end_matches("64");
                let l = types::structured_layout(self.cx, self.cx.storage, ty, None)?;
                let place = Place::Buffer {
                    res: r,
                    index: addr,
                    ty,
                    slots: l.slots,
                    raw: true,
                };
                return self.interlocked(op, place, &args[1..]);
            }
        }
        match name {
            "Load" if base == "StructuredBuffer" || base == "Buffer" => {
                if args.len() != 1 {
                    return Err(LowerError::unsupported("Load with a status argument"));
                }
                let i = self.rvalue(args[0])?;
                let a = Access::Value(Rv {
                    ty: r.ty,
                    leaves: Vec::new(),
                    res: Some(r),
                    objs: Vec::new(),
                });
                let _ = a;
                let place = self.resource_index(r, i)?;
                return self.load(&place).map(Some);
            }
            "IncrementCounter" | "DecrementCounter" => {
                let h = self.handle(r)?;
                let v = self.e.buffer_update_counter(
                    &[],
                    h,
                    if name == "IncrementCounter" { 1 } else { -1 },
                )?;
                let l = if name == "DecrementCounter" {
                    // The value after decrementing, as DXC returns it.
                    Leaf::V(v)
                } else {
                    Leaf::V(v)
                };
                return Ok(Some(Rv {
                    ty: u,
                    leaves: vec![l],
                    res: None,
                    objs: Vec::new(),
                }));
            }
            "Append" => {
                Self::arity(name, args, 1)?;
                let h = self.handle(r)?;
                let i = self.e.buffer_update_counter(&[], h, 1)?;
                let v = self.rvalue_as(args[0], elem)?;
                let l = types::structured_layout(self.cx, self.cx.storage, elem, r.row_major)?;
                let place = Place::Buffer {
                    res: r,
                    index: Leaf::V(i),
                    ty: elem,
                    slots: l.slots,
                    raw: false,
                };
                self.store(&place, &v)?;
                return Ok(None);
            }
            "Consume" => {
                let h = self.handle(r)?;
                let i = self.e.buffer_update_counter(&[], h, -1)?;
                let l = types::structured_layout(self.cx, self.cx.storage, elem, r.row_major)?;
                let place = Place::Buffer {
                    res: r,
                    index: Leaf::V(i),
                    ty: elem,
                    slots: l.slots,
                    raw: false,
                };
                return self.load(&place).map(Some);
            }
            "GetDimensions" => return self.get_dimensions(r, &base, args).map(|_| None),
            _ => {}
        }
        Err(LowerError::unsupported(format!(
            "the method {oname}::{name}"
        )))
    }

    /// `res[i]` as a place.
    fn resource_index(&mut self, r: ResRef, i: Rv) -> LowerResult<Place> {
        let a = Access::Value(Rv {
            ty: r.ty,
            leaves: Vec::new(),
            res: Some(r),
            objs: Vec::new(),
        });
        match self.index_access(a, i)? {
            Access::Place(p) => Ok(p),
            Access::Value(_) => Err(LowerError::internal("resource element is not a place")),
        }
    }

    /// `GetDimensions(out ...)` of buffers.
    fn get_dimensions(&mut self, r: ResRef, base: &str, args: &[ExprId]) -> LowerResult<()> {
        let h = self.handle(r)?;
        let dims = self.e.get_dimensions(&[], h, Leaf::Undef)?;
        let u = self.ty_scalar(Scalar::U32);
        let outs: Vec<Leaf> = match base {
            "StructuredBuffer" | "AppendStructuredBuffer" | "ConsumeStructuredBuffer" => {
                // (count, stride)
                let n = Leaf::V(self.e.ir().extract_value(dims, &[0])?);
                let stride =
                    types::structured_layout(self.cx, self.cx.storage, res_elem(self, r), None)?
                        .size;
                vec![n, Leaf::Int(i64::from(stride))]
            }
            "ByteAddressBuffer" | "Buffer" => vec![Leaf::V(self.e.ir().extract_value(dims, &[0])?)],
            _ => {
                let mut v = Vec::new();
                for k in 0..args.len().min(4) as u32 {
                    v.push(Leaf::V(self.e.ir().extract_value(dims, &[k])?));
                }
                v
            }
        };
        if outs.len() != args.len() {
            return Err(LowerError::unsupported(format!(
                "GetDimensions of {base} with {} arguments",
                args.len()
            )));
        }
        for (&a, l) in args.iter().zip(outs) {
            let p = self.place(a)?;
            let v = self.coerce(
                Rv {
                    ty: u,
                    leaves: vec![l],
                    res: None,
                    objs: Vec::new(),
                },
                p.ty(),
                false,
            )?;
            self.store(&p, &v)?;
        }
        Ok(())
    }
}

/// `-x` as DXC writes it (`fsub -0.0, x`).
fn fneg(fx: &mut Fx<'_, '_>, x: Leaf, s: Scalar) -> LowerResult<Leaf> {
    fx.arith(Arith::Sub, Leaf::Float(-0.0), x, s)
}

/// The determinant of a square matrix of leaves, row by row, expanded along the first
/// row as DXC's matrix lowering does.
fn determinant(fx: &mut Fx<'_, '_>, m: &[Leaf], n: usize, s: Scalar) -> LowerResult<Leaf> {
    if n == 1 {
        return Ok(m[0]);
    }
    if n == 2 {
        let a = fx.arith(Arith::Mul, m[0], m[3], s)?;
        let b = fx.arith(Arith::Mul, m[1], m[2], s)?;
        return fx.arith(Arith::Sub, a, b, s);
    }
    let mut terms = Vec::with_capacity(n);
    for j in 0..n {
        let mut minor = Vec::with_capacity((n - 1) * (n - 1));
        for i in 1..n {
            for k in 0..n {
                if k != j {
                    minor.push(m[i * n + k]);
                }
            }
        }
        terms.push(determinant(fx, &minor, n - 1, s)?);
    }
    let mut acc = Leaf::Undef;
    for (j, t) in terms.into_iter().enumerate() {
        let p = fx.arith(Arith::Mul, m[j], t, s)?;
        acc = match j {
            0 => p,
            _ if j % 2 == 1 => fx.arith(Arith::Sub, acc, p, s)?,
            _ => fx.arith(Arith::Add, acc, p, s)?,
        };
    }
    Ok(acc)
}

impl Fx<'_, '_> {
    fn rv(ty: TyId, leaves: Vec<Leaf>) -> Rv {
        Rv {
            ty,
            leaves,
            res: None,
            objs: Vec::new(),
        }
    }

    /// A unary `dx.op` of overload `s`.
    fn dx_unary(
        &mut self,
        x: Leaf,
        s: Scalar,
        f: fn(
            &mut dxil_builder::EntryBuilder<'_>,
            &[dxil_ops::Ty],
            Value,
        ) -> dxil_builder::Result<Value>,
    ) -> LowerResult<Leaf> {
        let d = self.cx.storage.reg(s);
        let a = self.value(x, d)?;
        Ok(Leaf::V(f(&mut self.e, &[oty(d)], a)?))
    }

    /// The intrinsics DXC expands into several operations (`atan2`, `fmod`, `reflect`...),
    /// the bit casts between 16-bit types, the packing operations and the wave
    /// intrinsics past the basic ones; `None` when `name` is none of them.
    fn expanded_intrinsic(
        &mut self,
        name: &str,
        args: &[ExprId],
    ) -> LowerResult<Option<Option<Rv>>> {
        use std::f64::consts::PI;
        let known = matches!(
            name,
            "atan2"
                | "degrees"
                | "radians"
                | "fmod"
                | "ldexp"
                | "frexp"
                | "modf"
                | "reflect"
                | "refract"
                | "smoothstep"
                | "faceforward"
                | "sincos"
                | "determinant"
                | "D3DCOLORtoUBYTE4"
                | "AddUint64"
                | "asint16"
                | "asuint16"
                | "asfloat16"
                | "dot2add"
                | "dot4add_i8packed"
                | "dot4add_u8packed"
                | "msad4"
                | "pack_s8"
                | "pack_u8"
                | "pack_clamp_s8"
                | "pack_clamp_u8"
                | "unpack_s8s16"
                | "unpack_s8s32"
                | "unpack_u8u16"
                | "unpack_u8u32"
                | "WaveMatch"
                | "QuadAny"
                | "QuadAll"
                | "WaveMultiPrefixSum"
                | "WaveMultiPrefixProduct"
                | "WaveMultiPrefixBitAnd"
                | "WaveMultiPrefixBitOr"
                | "WaveMultiPrefixBitXor"
                | "WaveMultiPrefixCountBits"
        ) || (name == "asuint" && args.len() == 3);
        if !known {
            return Ok(None);
        }
        let c = self.resolve_call(Scope::Global, name, None, args)?;
        let ret = c.ret;
        let p0 = c.params.first().copied().unwrap_or(ret);
        let s = types::scalar_of(self.cx, p0).unwrap_or(Scalar::F32);
        let d = self.cx.storage.reg(s);
        let r = match name {
            "atan2" => {
                let (y, x) = (c.val(0)?.leaves.clone(), c.val(1)?.leaves.clone());
                let mut out = Vec::with_capacity(y.len());
                for (&y, &x) in y.iter().zip(&x) {
                    let t = self.arith(Arith::Div, y, x, s)?;
                    let at = self.dx_unary(t, s, |e, o, a| e.atan(o, a))?;
                    let add = self.arith(Arith::Add, at, Leaf::Float(PI), s)?;
                    let sub = self.arith(Arith::Sub, at, Leaf::Float(PI), s)?;
                    let zero = Leaf::Float(0.0);
                    let xlt = self.compare(Cmp::Lt, x, zero, s)?;
                    let xeq = self.compare(Cmp::Eq, x, zero, s)?;
                    let yge = self.compare(Cmp::Ge, y, zero, s)?;
                    let ylt = self.compare(Cmp::Lt, y, zero, s)?;
                    let b = Scalar::Bool;
                    let c1 = self.arith(Arith::And, xlt, yge, b)?;
                    let r = self.select(c1, add, at, s)?;
                    let c2 = self.arith(Arith::And, xlt, ylt, b)?;
                    let r = self.select(c2, sub, r, s)?;
                    let c3 = self.arith(Arith::And, xeq, ylt, b)?;
                    let r = self.select(c3, Leaf::Float(-PI / 2.0), r, s)?;
                    let c4 = self.arith(Arith::And, xeq, yge, b)?;
                    out.push(self.select(c4, Leaf::Float(PI / 2.0), r, s)?);
                }
                Some(Self::rv(ret, out))
            }
            "degrees" | "radians" => {
                let k = if name == "degrees" {
                    180.0 / PI
                } else {
                    PI / 180.0
                };
                let mut out = Vec::new();
                for &x in &c.val(0)?.leaves.clone() {
                    out.push(self.arith(Arith::Mul, Leaf::Float(k), x, s)?);
                }
                Some(Self::rv(ret, out))
            }
            "fmod" => {
                let (a, b) = (c.val(0)?.leaves.clone(), c.val(1)?.leaves.clone());
                let mut out = Vec::new();
                for (&a, &b) in a.iter().zip(&b) {
                    let div = self.arith(Arith::Div, a, b, s)?;
                    let neg = fneg(self, div, s)?;
                    let ge = self.compare(Cmp::Ge, div, neg, s)?;
                    let abs = self.dx_unary(div, s, |e, o, a| e.fabs(o, a))?;
                    let frc = self.dx_unary(abs, s, |e, o, a| e.frc(o, a))?;
                    let nfrc = fneg(self, frc, s)?;
                    let real = self.select(ge, frc, nfrc, s)?;
                    out.push(self.arith(Arith::Mul, real, b, s)?);
                }
                Some(Self::rv(ret, out))
            }
            "ldexp" => {
                let (x, e) = (c.val(0)?.leaves.clone(), c.val(1)?.leaves.clone());
                let mut out = Vec::new();
                for (&x, &e) in x.iter().zip(&e) {
                    let ex = self.dx_unary(e, s, |b, o, a| b.exp(o, a))?;
                    out.push(self.arith(Arith::Mul, ex, x, s)?);
                }
                Some(Self::rv(ret, out))
            }
            "frexp" => {
                if d != Dx::Float {
                    return Err(LowerError::unsupported(
                        "frexp of a type other than 32-bit float",
                    ));
                }
                let x = c.val(0)?.leaves.clone();
                let mut mant = Vec::new();
                let mut exps = Vec::new();
                let i = Scalar::I32;
                for &x in &x {
                    let ne = self.compare(Cmp::Ne, x, Leaf::Float(0.0), s)?;
                    let ne = self.int_cast(ne, Dx::I1, Dx::I32, true)?;
                    let iv = self.bitcast(x, Dx::Float, Dx::I32)?;
                    let t = self.arith(Arith::And, iv, Leaf::Int(0x7f80_0000), i)?;
                    let t = self.arith(Arith::Add, t, Leaf::Int(-0x3f00_0000), i)?;
                    let t = self.arith(Arith::And, t, ne, i)?;
                    let t = self.arith(Arith::Shr, t, Leaf::Int(23), i)?;
                    exps.push(self.convert(t, i, s)?);
                    let m = self.arith(Arith::And, iv, Leaf::Int(0x007f_ffff), i)?;
                    let m = self.arith(Arith::Or, m, Leaf::Int(0x3f00_0000), i)?;
                    let m = self.arith(Arith::And, m, ne, i)?;
                    mant.push(self.bitcast(m, Dx::I32, Dx::Float)?);
                }
                let p = c.out(1)?.clone();
                self.write_out(&p, p0, exps)?;
                Some(Self::rv(ret, mant))
            }
            "modf" => {
                let x = c.val(0)?.leaves.clone();
                let mut ip = Vec::new();
                let mut fp = Vec::new();
                for &x in &x {
                    let t = self.dx_unary(x, s, |e, o, a| e.round_z(o, a))?;
                    fp.push(self.arith(Arith::Sub, x, t, s)?);
                    ip.push(t);
                }
                let p = c.out(1)?.clone();
                self.write_out(&p, p0, ip)?;
                Some(Self::rv(ret, fp))
            }
            "sincos" => {
                let x = c.val(0)?.leaves.clone();
                let mut sn = Vec::new();
                let mut cs = Vec::new();
                for &x in &x {
                    sn.push(self.dx_unary(x, s, |e, o, a| e.sin(o, a))?);
                }
                let p = c.out(1)?.clone();
                self.write_out(&p, p0, sn)?;
                for &x in &x {
                    cs.push(self.dx_unary(x, s, |e, o, a| e.cos(o, a))?);
                }
                let p = c.out(2)?.clone();
                self.write_out(&p, p0, cs)?;
                None
            }
            "reflect" => {
                let (i, n) = (c.val(0)?.leaves.clone(), c.val(1)?.leaves.clone());
                let dot = self.dot_leaves(&i, &n, s)?;
                let dot = self.arith(Arith::Mul, Leaf::Float(2.0), dot, s)?;
                let mut out = Vec::new();
                for (&a, &b) in i.iter().zip(&n) {
                    let m = self.arith(Arith::Mul, dot, b, s)?;
                    out.push(self.arith(Arith::Sub, a, m, s)?);
                }
                Some(Self::rv(ret, out))
            }
            "refract" => {
                let (i, n) = (c.val(0)?.leaves.clone(), c.val(1)?.leaves.clone());
                let eta = c.val(2)?.leaves[0];
                let dot = self.dot_leaves(&i, &n, s)?;
                let eta2 = self.arith(Arith::Mul, eta, eta, s)?;
                let dot2 = self.arith(Arith::Mul, dot, dot, s)?;
                let dot2 = self.arith(Arith::Sub, Leaf::Float(1.0), dot2, s)?;
                let eta2 = self.arith(Arith::Mul, dot2, eta2, s)?;
                let t = self.arith(Arith::Sub, Leaf::Float(1.0), eta2, s)?;
                let cond = self.compare(Cmp::Ge, t, Leaf::Float(0.0), s)?;
                let mut ei = Vec::new();
                for &a in &i {
                    ei.push(self.arith(Arith::Mul, a, eta, s)?);
                }
                let sq = self.dx_unary(t, s, |e, o, a| e.sqrt(o, a))?;
                let ed = self.arith(Arith::Mul, eta, dot, s)?;
                let es = self.arith(Arith::Add, ed, sq, s)?;
                let mut out = Vec::new();
                for (&a, &b) in ei.iter().zip(&n) {
                    let m = self.arith(Arith::Mul, es, b, s)?;
                    let r = self.arith(Arith::Sub, a, m, s)?;
                    out.push(r);
                }
                let mut sel = Vec::new();
                for r in out {
                    sel.push(self.select(cond, r, Leaf::Float(0.0), s)?);
                }
                Some(Self::rv(ret, sel))
            }
            "smoothstep" => {
                let (lo, hi, x) = (
                    c.val(0)?.leaves.clone(),
                    c.val(1)?.leaves.clone(),
                    c.val(2)?.leaves.clone(),
                );
                let mut out = Vec::new();
                for k in 0..x.len() {
                    let range = self.arith(Arith::Sub, hi[k], lo[k], s)?;
                    let off = self.arith(Arith::Sub, x[k], lo[k], s)?;
                    let q = self.arith(Arith::Div, off, range, s)?;
                    let t = self.dx_unary(q, s, |e, o, a| e.saturate(o, a))?;
                    let t2 = self.arith(Arith::Mul, t, Leaf::Float(2.0), s)?;
                    let r = self.arith(Arith::Sub, Leaf::Float(3.0), t2, s)?;
                    let r = self.arith(Arith::Mul, t, r, s)?;
                    out.push(self.arith(Arith::Mul, t, r, s)?);
                }
                Some(Self::rv(ret, out))
            }
            "faceforward" => {
                let (n, i, ng) = (
                    c.val(0)?.leaves.clone(),
                    c.val(1)?.leaves.clone(),
                    c.val(2)?.leaves.clone(),
                );
                let dot = self.dot_leaves(&i, &ng, s)?;
                let lt = self.compare(Cmp::Lt, dot, Leaf::Float(0.0), s)?;
                let mut out = Vec::new();
                for &a in &n {
                    let na = fneg(self, a, s)?;
                    out.push(self.select(lt, a, na, s)?);
                }
                Some(Self::rv(ret, out))
            }
            "determinant" => {
                let Ty::Matrix(_, rows, cols) = self.cx.get(p0) else {
                    return Err(LowerError::shader(
                        "determinant of a value that is not a matrix",
                    ));
                };
                if rows != cols {
                    return Err(LowerError::shader(
                        "determinant of a matrix that is not square",
                    ));
                }
                let m = c.val(0)?.leaves.clone();
                let r = determinant(self, &m, usize::from(rows), s)?;
                Some(Self::rv(ret, vec![r]))
            }
            "D3DCOLORtoUBYTE4" => {
                let x = c.val(0)?.leaves.clone();
                if x.len() != 4 {
                    return Err(LowerError::shader("D3DCOLORtoUBYTE4 takes a float4"));
                }
                let mut out = Vec::new();
                for k in [2, 1, 0, 3] {
                    let m = self.arith(Arith::Mul, Leaf::Float(255.001953), x[k], s)?;
                    out.push(self.convert(m, s, Scalar::I32)?);
                }
                Some(Self::rv(ret, out))
            }
            "AddUint64" => {
                let (a, b) = (c.val(0)?.leaves.clone(), c.val(1)?.leaves.clone());
                if a.len() != 2 && a.len() != 4 {
                    return Err(LowerError::shader(
                        "AddUint64 can only be applied to uint2 and uint4 operands.",
                    ));
                }
                let u = Scalar::U32;
                let mut out = Vec::new();
                for k in (0..a.len()).step_by(2) {
                    let (x, y) = (self.v(a[k], u)?, self.v(b[k], u)?);
                    let pair = self.e.uaddc(&[oty(Dx::I32)], x, y)?;
                    let lo = self.e.ir().extract_value(pair, &[0])?;
                    let carry = self.e.ir().extract_value(pair, &[1])?;
                    let carry = self.int_cast(Leaf::V(carry), Dx::I1, Dx::I32, false)?;
                    let hi = self.arith(Arith::Add, a[k + 1], b[k + 1], u)?;
                    let hi = self.arith(Arith::Add, hi, carry, u)?;
                    out.push(Leaf::V(lo));
                    out.push(hi);
                }
                Some(Self::rv(ret, out))
            }
            "asint16" | "asuint16" | "asfloat16" => {
                let to = types::scalar_of(self.cx, ret).unwrap_or(Scalar::I16);
                let td = self.cx.storage.reg(to);
                let mut out = Vec::new();
                for l in c.val(0)?.leaves.clone() {
                    out.push(self.bitcast(l, d, td)?);
                }
                Some(Self::rv(ret, out))
            }
            "asuint" => {
                let x = c.val(0)?.leaves.clone();
                let mut lo = Vec::new();
                let mut hi = Vec::new();
                for &x in &x {
                    let v = self.v(x, s)?;
                    let pair = self.e.split_double(&[oty(Dx::Double)], v)?;
                    lo.push(Leaf::V(self.e.ir().extract_value(pair, &[0])?));
                    hi.push(Leaf::V(self.e.ir().extract_value(pair, &[1])?));
                }
                let ut = self.with_scalar(p0, Scalar::U32);
                let p = c.out(1)?.clone();
                self.write_out(&p, ut, lo)?;
                let p = c.out(2)?.clone();
                self.write_out(&p, ut, hi)?;
                None
            }
            "dot2add" => {
                let (a, b) = (c.val(0)?.leaves.clone(), c.val(1)?.leaves.clone());
                let acc = c.val(2)?.leaves[0];
                let h = Scalar::F16;
                let (ax, ay, bx, by) = (
                    self.v(a[0], h)?,
                    self.v(a[1], h)?,
                    self.v(b[0], h)?,
                    self.v(b[1], h)?,
                );
                let acc = self.v(acc, Scalar::F32)?;
                let r = self
                    .e
                    .dot2_add_half(&[oty(Dx::Float)], acc, ax, ay, bx, by)?;
                Some(Self::rv(ret, vec![Leaf::V(r)]))
            }
            "dot4add_i8packed" | "dot4add_u8packed" => {
                let u = Scalar::U32;
                let (a, b) = (
                    self.v(c.val(0)?.leaves[0], u)?,
                    self.v(c.val(1)?.leaves[0], u)?,
                );
                let acc = self.v(c.val(2)?.leaves[0], u)?;
                let o = [oty(Dx::I32)];
                let r = if name == "dot4add_i8packed" {
                    self.e.dot4_add_i8_packed(&o, acc, a, b)?
                } else {
                    self.e.dot4_add_u8_packed(&o, acc, a, b)?
                };
                Some(Self::rv(ret, vec![Leaf::V(r)]))
            }
            "msad4" => {
                let u = Scalar::U32;
                let r0 = c.val(0)?.leaves[0];
                let src = c.val(1)?.leaves.clone();
                let acc = c.val(2)?.leaves.clone();
                let o = [oty(Dx::I32)];
                let mut bytes = vec![src[0]];
                let mut shift = self.arith(Arith::Shr, src[0], Leaf::Int(8), u)?;
                for (w, off) in [(8, 24), (16, 16), (24, 8)] {
                    if w > 8 {
                        shift = self.arith(Arith::Shr, shift, Leaf::Int(8), u)?;
                    }
                    let (y, x) = (self.v(src[1], u)?, self.v(shift, u)?);
                    bytes.push(Leaf::V(self.e.bfi(&o, w, off, y, x)?));
                }
                let mut out = Vec::new();
                for k in 0..4 {
                    let (a, b, cc) = (self.v(r0, u)?, self.v(bytes[k], u)?, self.v(acc[k], u)?);
                    out.push(Leaf::V(self.e.msad(&o, a, b, cc)?));
                }
                Some(Self::rv(ret, out))
            }
            "pack_s8" | "pack_u8" | "pack_clamp_s8" | "pack_clamp_u8" => {
                // Pack modes: truncate, clamp to unsigned, clamp to signed.
                let mode = match name {
                    "pack_clamp_u8" => 1,
                    "pack_clamp_s8" => 2,
                    _ => 0,
                };
                let x = c.val(0)?.leaves.clone();
                let mut v = Vec::new();
                for &l in &x {
                    v.push(self.v(l, s)?);
                }
                let r = self.e.pack4x8(&[oty(d)], mode, v[0], v[1], v[2], v[3])?;
                Some(Self::rv(ret, vec![Leaf::V(r)]))
            }
            "unpack_s8s16" | "unpack_s8s32" | "unpack_u8u16" | "unpack_u8u32" => {
                // Unpack modes: zero-extend, sign-extend.
                let mode = i64::from(name.starts_with("unpack_s"));
                let rs = types::scalar_of(self.cx, ret).unwrap_or(Scalar::I32);
                let rd = self.cx.storage.reg(rs);
                let x = self.v(c.val(0)?.leaves[0], Scalar::U32)?;
                let r = self.e.unpack4x8(&[oty(rd)], mode, x)?;
                let mut out = Vec::new();
                for k in 0..4 {
                    out.push(Leaf::V(self.e.ir().extract_value(r, &[k])?));
                }
                Some(Self::rv(ret, out))
            }
            "WaveMatch" => {
                let x = c.val(0)?.leaves.clone();
                let mut acc: Option<[Leaf; 4]> = None;
                for &l in &x {
                    let v = self.v(l, s)?;
                    let m = self.e.wave_match(&[oty(d)], v)?;
                    let mut parts = [Leaf::Undef; 4];
                    for (k, p) in parts.iter_mut().enumerate() {
                        *p = Leaf::V(self.e.ir().extract_value(m, &[k as u32])?);
                    }
                    acc = Some(match acc {
                        None => parts,
                        Some(a) => {
                            let mut r = [Leaf::Undef; 4];
                            for k in 0..4 {
                                r[k] = self.arith(Arith::And, a[k], parts[k], Scalar::U32)?;
                            }
                            r
                        }
                    });
                }
                let acc = acc.ok_or_else(|| LowerError::shader("WaveMatch of an empty value"))?;
                Some(Self::rv(ret, acc.to_vec()))
            }
            "QuadAny" | "QuadAll" => {
                let x = self.v(c.val(0)?.leaves[0], Scalar::Bool)?;
                let r = self
                    .e
                    .quad_vote(&[oty(Dx::I1)], x, i64::from(name == "QuadAll"))?;
                Some(Self::rv(ret, vec![Leaf::V(r)]))
            }
            _ => {
                // WaveMultiPrefix*: the value, then the four words of the mask.
                let x = c.val(0)?.leaves.clone();
                let mask = c.val(1)?.leaves.clone();
                let u = Scalar::U32;
                let mut m = Vec::new();
                for &l in &mask {
                    m.push(self.v(l, u)?);
                }
                if name == "WaveMultiPrefixCountBits" {
                    let b = self.v(x[0], Scalar::Bool)?;
                    let r = self
                        .e
                        .wave_multi_prefix_bit_count(&[], b, m[0], m[1], m[2], m[3])?;
                    Some(Self::rv(ret, vec![Leaf::V(r)]))
                } else {
                    let op = match name {
                        "WaveMultiPrefixBitAnd" => 1,
                        "WaveMultiPrefixBitOr" => 2,
                        "WaveMultiPrefixBitXor" => 3,
                        "WaveMultiPrefixProduct" => 4,
                        _ => 0,
                    };
                    let sop = i64::from(types::unsigned(s));
                    let mut out = Vec::new();
                    for &l in &x {
                        let v = self.v(l, s)?;
                        out.push(Leaf::V(self.e.wave_multi_prefix_op(
                            &[oty(d)],
                            v,
                            m[0],
                            m[1],
                            m[2],
                            m[3],
                            op,
                            sop,
                        )?));
                    }
                    Some(Self::rv(ret, out))
                }
            }
        };
        Ok(Some(r))
    }
}
