//! Places: stepping into composites, loads and stores. Memory variables are one array per
//! scalar group ([`crate::leaf::GROUPS`]); storage buffers are raw buffers addressed in
//! bytes (DXIL.rst "RawBufferLoad"/"RawBufferStore"), uniform buffers constant buffers read
//! by 16-byte rows (DXIL.rst "CBufferLoadLegacy").

use dxil_builder::Arg;
use dxil_ir::{CastOp, IntPredicate};
use dxil_ops::Ty;
use naga::{Scalar, ScalarKind, TypeInner};

use crate::error::{Error, ErrorKind, Result};
use crate::leaf;
use crate::lower::{Idx, Lowerer, Off, Ptr};

impl Lowerer<'_, '_> {
    /// The place of element `idx` of the composite of type `container` at `p`.
    pub fn step(&mut self, p: Ptr, container: &TypeInner, idx: Idx) -> Result<Ptr> {
        let gctx = self.gctx();
        match p {
            Ptr::Unused => Ok(Ptr::Unused),
            Ptr::Mem { var, mut offs } => {
                match *container {
                    TypeInner::Struct { ref members, .. } => {
                        let Idx::Const(k) = idx else {
                            return Err(Error::new(
                                ErrorKind::Invalid,
                                "Access",
                                "dynamic struct index",
                            ));
                        };
                        for m in members.iter().take(k as usize) {
                            let c = leaf::counts(gctx, &gctx.types[m.ty].inner)?;
                            for (o, n) in offs.iter_mut().zip(c) {
                                o.c = o.c.wrapping_add(n);
                            }
                        }
                    }
                    _ => {
                        let c = elem_counts(gctx, container)?;
                        for (g, n) in c.into_iter().enumerate() {
                            if n != 0 {
                                offs[g] = self.off_add(offs[g], idx, n)?;
                            }
                        }
                    }
                }
                Ok(Ptr::Mem { var, offs })
            }
            Ptr::Buf {
                handle,
                off,
                uniform,
            } => {
                let off = match *container {
                    TypeInner::Struct { ref members, .. } => {
                        let Idx::Const(k) = idx else {
                            return Err(Error::new(
                                ErrorKind::Invalid,
                                "Access",
                                "dynamic struct index",
                            ));
                        };
                        let m = members.get(k as usize).ok_or_else(|| {
                            Error::new(ErrorKind::Invalid, "AccessIndex", "no such member")
                        })?;
                        Off {
                            c: off.c.wrapping_add(m.offset),
                            d: off.d,
                        }
                    }
                    TypeInner::Vector { scalar, .. } => {
                        self.off_add(off, idx, u32::from(scalar.width))?
                    }
                    TypeInner::Matrix { rows, scalar, .. } => {
                        self.off_add(off, idx, leaf::column_stride(rows, scalar.width))?
                    }
                    TypeInner::Array { stride, .. } => self.off_add(off, idx, stride)?,
                    ref other => {
                        return Err(Error::unsupported(
                            format!(
                                "access into `{}`",
                                crate::error::type_name(self.module.to_ctx(), other)
                            ),
                            "not a composite in a buffer",
                        ))
                    }
                };
                Ok(Ptr::Buf {
                    handle,
                    off,
                    uniform,
                })
            }
        }
    }

    /// Loads the leaves of a value of type `ty` at `p`.
    pub fn load(&mut self, p: &Ptr, ty: &TypeInner) -> Result<Vec<crate::Value>> {
        match *p {
            Ptr::Unused => Err(unused()),
            Ptr::Mem { var, offs } => {
                let leaves = leaf::leaves_of(self.gctx(), ty)?;
                let mut run = [0u32; leaf::GROUPS];
                let mut out = Vec::with_capacity(leaves.len());
                for s in leaves {
                    let g = leaf::group(s);
                    let slot = self.mem_slot(var, g, offs[g], run[g])?;
                    run[g] += 1;
                    let v = self
                        .fb()
                        .load(slot, u64::from(s.width.max(4)), false, None)?;
                    out.push(if s.kind == ScalarKind::Bool {
                        let z = self.i32c(0)?;
                        self.fb().icmp(IntPredicate::Ne, v, z)?
                    } else {
                        v
                    });
                }
                Ok(out)
            }
            Ptr::Buf {
                handle,
                off,
                uniform,
            } => {
                let mut lay = Vec::new();
                leaf::layout(self.gctx(), ty, 0, &mut lay)?;
                let mut out = Vec::with_capacity(lay.len());
                for (s, b) in lay {
                    let at = Off {
                        c: off.c.wrapping_add(b),
                        d: off.d,
                    };
                    out.push(if uniform {
                        self.cbuffer_scalar(handle, at, s)?
                    } else {
                        self.raw_load(handle, at, s)?
                    });
                }
                Ok(out)
            }
        }
    }

    /// Stores leaves `vals` of a value of type `ty` at `p`.
    pub fn store(&mut self, p: &Ptr, ty: &TypeInner, vals: &[crate::Value]) -> Result<()> {
        match *p {
            Ptr::Unused => Err(unused()),
            Ptr::Mem { var, offs } => {
                let leaves = leaf::leaves_of(self.gctx(), ty)?;
                let mut run = [0u32; leaf::GROUPS];
                for (s, &v) in leaves.into_iter().zip(vals) {
                    let g = leaf::group(s);
                    let slot = self.mem_slot(var, g, offs[g], run[g])?;
                    run[g] += 1;
                    let v = if s.kind == ScalarKind::Bool {
                        let i32t = self.int_ty(32);
                        self.fb().cast(CastOp::ZExt, v, i32t)?
                    } else {
                        v
                    };
                    self.fb()
                        .store(v, slot, u64::from(s.width.max(4)), false, None)?;
                }
                Ok(())
            }
            Ptr::Buf {
                handle,
                off,
                uniform: false,
            } => {
                let mut lay = Vec::new();
                leaf::layout(self.gctx(), ty, 0, &mut lay)?;
                for ((s, b), &v) in lay.into_iter().zip(vals) {
                    let at = Off {
                        c: off.c.wrapping_add(b),
                        d: off.d,
                    };
                    let idx = self.off_value(at)?;
                    let t = [Ty::Scalar(leaf::mem_op_scalar(s))];
                    let u = Arg::Undef;
                    if self.split_64(s) {
                        let (lo, hi) = self.halves(v, s)?;
                        let t = [Ty::Scalar(leaf::op_scalar(Scalar::U32))];
                        if self.options.shader_model.minor >= 2 {
                            self.e
                                .raw_buffer_store(&t, handle, idx, u, lo, hi, u, u, 3u8, 4u32)?;
                        } else {
                            self.e.buffer_store(&t, handle, idx, u, lo, hi, u, u, 3u8)?;
                        }
                    } else if self.options.shader_model.minor >= 2 {
                        self.e.raw_buffer_store(
                            &t,
                            handle,
                            idx,
                            u,
                            v,
                            u,
                            u,
                            u,
                            1u8,
                            u32::from(s.width),
                        )?;
                    } else {
                        self.e.buffer_store(&t, handle, idx, u, v, u, u, u, 1u8)?;
                    }
                }
                Ok(())
            }
            Ptr::Buf { uniform: true, .. } => Err(Error::new(
                ErrorKind::Invalid,
                "Statement::Store",
                "a store into a uniform buffer",
            )),
        }
    }

    /// The pointer to leaf `run` of group `g` of variable `var` past offset `off`.
    pub fn mem_slot(&mut self, var: usize, g: usize, off: Off, run: u32) -> Result<crate::Value> {
        let (arr, arr_ty) =
            self.mem.get(var).and_then(|m| m.arrays[g]).ok_or_else(|| {
                Error::new(ErrorKind::Invalid, "variable", "no storage for a leaf")
            })?;
        let idx = self.off_value(Off {
            c: off.c.wrapping_add(run),
            d: off.d,
        })?;
        let zero = self.i32c(0)?;
        Ok(self.fb().gep(true, arr_ty, arr, &[zero, idx])?)
    }

    /// One scalar of a raw buffer at byte offset `at`.
    pub fn raw_load(&mut self, handle: crate::Value, at: Off, s: Scalar) -> Result<crate::Value> {
        let idx = self.off_value(at)?;
        if self.split_64(s) {
            let t = [Ty::Scalar(leaf::op_scalar(Scalar::U32))];
            let r = if self.options.shader_model.minor >= 2 {
                self.e
                    .raw_buffer_load(&t, handle, idx, Arg::Undef, 3u8, 4u32)?
            } else {
                self.e.buffer_load(&t, handle, idx, Arg::Undef)?
            };
            let lo = self.fb().extract_value(r, &[0])?;
            let hi = self.fb().extract_value(r, &[1])?;
            return self.joined(lo, hi, s);
        }
        let t = [Ty::Scalar(leaf::mem_op_scalar(s))];
        let r = if self.options.shader_model.minor >= 2 {
            self.e
                .raw_buffer_load(&t, handle, idx, Arg::Undef, 1u8, u32::from(s.width))?
        } else {
            self.e.buffer_load(&t, handle, idx, Arg::Undef)?
        };
        Ok(self.fb().extract_value(r, &[0])?)
    }

    /// Whether a scalar of `s` goes to and from raw buffers as two 32-bit halves: 64-bit
    /// overloads of `RawBufferLoad`/`RawBufferStore` need shader model 6.3.
    fn split_64(&self, s: Scalar) -> bool {
        s.width == 8 && self.options.shader_model.minor < 3
    }

    /// The low and high 32 bits of a 64-bit scalar (`SplitDouble` for a double).
    fn halves(&mut self, v: crate::Value, s: Scalar) -> Result<(crate::Value, crate::Value)> {
        if s.kind == ScalarKind::Float {
            let r = self.e.split_double(&[], v)?;
            return Ok((
                self.fb().extract_value(r, &[0])?,
                self.fb().extract_value(r, &[1])?,
            ));
        }
        let i32t = self.int_ty(32);
        let i64t = self.int_ty(64);
        let k = self.cint(i64t, 32)?;
        let lo = self.fb().cast(CastOp::Trunc, v, i32t)?;
        let hi = self.fb().lshr(v, k)?;
        Ok((lo, self.fb().cast(CastOp::Trunc, hi, i32t)?))
    }

    /// A 64-bit scalar from its halves (`MakeDouble` for a double).
    fn joined(&mut self, lo: crate::Value, hi: crate::Value, s: Scalar) -> Result<crate::Value> {
        if s.kind == ScalarKind::Float {
            return Ok(self.e.make_double(&[], lo, hi)?);
        }
        let i64t = self.int_ty(64);
        let k = self.cint(i64t, 32)?;
        let lo = self.fb().cast(CastOp::ZExt, lo, i64t)?;
        let hi = self.fb().cast(CastOp::ZExt, hi, i64t)?;
        let hi = self.fb().shl(hi, k)?;
        Ok(self.fb().or(hi, lo)?)
    }

    /// One scalar of a constant buffer at byte offset `at`: the row's `cbufferLoadLegacy`,
    /// then the component (chosen by `select` when the offset is dynamic).
    fn cbuffer_scalar(&mut self, handle: crate::Value, at: Off, s: Scalar) -> Result<crate::Value> {
        // A row holds 4 32-bit, 2 64-bit or (16-bit types being native) 8 16-bit values.
        let slot = u32::from(s.width);
        let t = [Ty::Scalar(leaf::op_scalar(s))];
        match at.d {
            None => {
                let row = self.e.cbuffer_load_legacy(&t, handle, at.c / 16)?;
                Ok(self.fb().extract_value(row, &[(at.c % 16) / slot])?)
            }
            Some(_) => {
                let total = self.off_value(at)?;
                let four = self.i32c(4)?;
                let rowi = self.fb().lshr(total, four)?;
                let row = self.e.cbuffer_load_legacy(&t, handle, rowi)?;
                let per = 16 / slot;
                let sh = self.i32c(i64::from(slot.trailing_zeros()))?;
                let comp = self.fb().lshr(total, sh)?;
                let mask = self.i32c(i64::from(per - 1))?;
                let comp = self.fb().and(comp, mask)?;
                let mut out = self.fb().extract_value(row, &[0])?;
                for k in 1..per {
                    let v = self.fb().extract_value(row, &[k])?;
                    let kc = self.i32c(i64::from(k))?;
                    let c = self.fb().icmp(IntPredicate::Eq, comp, kc)?;
                    out = self.fb().select(c, v, out)?;
                }
                Ok(out)
            }
        }
    }

    /// `arrayLength`: the buffer's byte size (DXIL.rst "GetDimensions" of a raw buffer)
    /// less the runtime-sized array's offset, over its stride.
    pub fn array_length(&mut self, h: naga::Handle<naga::Expression>) -> Result<crate::Value> {
        let p = self.pointer(h)?;
        let ty = self.pointee(h)?;
        let Ptr::Buf {
            handle,
            off,
            uniform: false,
        } = p
        else {
            return Err(Error::unsupported(
                "Expression::ArrayLength",
                "not a storage buffer",
            ));
        };
        let TypeInner::Array { stride, .. } = ty else {
            return Err(Error::new(
                ErrorKind::Invalid,
                "Expression::ArrayLength",
                "not an array",
            ));
        };
        let dims = self.e.get_dimensions(&[], handle, Arg::Undef)?;
        let bytes = self.fb().extract_value(dims, &[0])?;
        let base = self.off_value(off)?;
        let rest = self.fb().sub(bytes, base)?;
        let st = self.i32c(i64::from(stride.max(1)))?;
        Ok(self.fb().udiv(rest, st)?)
    }
}

/// The error of reaching a global naga's analysis found unused.
pub fn unused() -> Error {
    Error::new(
        ErrorKind::Invalid,
        "GlobalVariable",
        "a global naga's analysis found unused by the entry point is accessed",
    )
}

/// Per-group leaf counts of one element of a vector, matrix or array.
fn elem_counts(gctx: naga::proc::GlobalCtx, ty: &TypeInner) -> Result<leaf::Counts> {
    let mut c = [0; leaf::GROUPS];
    match *ty {
        TypeInner::Vector { scalar, .. } => c[leaf::group(scalar)] = 1,
        TypeInner::Matrix { rows, scalar, .. } => c[leaf::group(scalar)] = rows as u32,
        TypeInner::Array { base, .. } => c = leaf::counts(gctx, &gctx.types[base].inner)?,
        ref other => {
            return Err(Error::unsupported(
                format!("access into `{}`", crate::error::type_name(gctx, other)),
                "not a composite",
            ))
        }
    }
    Ok(c)
}
