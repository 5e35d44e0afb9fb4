//! naga types as lists of scalar leaves. DXIL has no vectors or aggregates in registers
//! (DXIL.rst, "Vectors" and "Aggregate types" are scalarised), so every value this back end
//! holds is a list of scalars: a vector's components, a matrix's columns one after the
//! other, an array's elements, a struct's members.

use dxil_ir::build::ModuleBuilder;
use dxil_ir::{Type, TypeData};
use naga::proc::GlobalCtx;
use naga::{ArraySize, Scalar, ScalarKind, TypeInner};

use crate::error::{Error, Result};

/// The number of memory groups: a variable in memory is one array per group (`half`,
/// `float`, `double`, `i16`, `i32` (also bools), `i64`).
pub const GROUPS: usize = 6;

/// Per-group counts of leaves.
pub type Counts = [u32; GROUPS];

/// The memory group of a scalar.
pub fn group(s: Scalar) -> usize {
    match (s.kind, s.width) {
        (ScalarKind::Float, 2) => 0,
        (ScalarKind::Float, 8) => 2,
        (ScalarKind::Float, _) => 1,
        (ScalarKind::Bool, _) => 4,
        (_, 2) => 3,
        (_, 8) => 5,
        _ => 4,
    }
}

/// The register type of a scalar (`i1` for a bool).
pub fn reg_ty(mb: &mut ModuleBuilder, s: Scalar) -> Result<Type> {
    Ok(match (s.kind, s.width) {
        (ScalarKind::Bool, _) => mb.int(1),
        (ScalarKind::Float, 2) => mb.ty(TypeData::Half)?,
        (ScalarKind::Float, 4) => mb.float(),
        (ScalarKind::Float, 8) => mb.ty(TypeData::Double)?,
        (ScalarKind::Sint | ScalarKind::Uint, w @ (2 | 4 | 8)) => mb.int(u32::from(w) * 8),
        _ => {
            return Err(Error::unsupported(
                format!("`{}`", crate::error::scalar_name(s)),
                "no DXIL scalar type",
            ))
        }
    })
}

/// The memory type of a group.
pub fn group_ty(mb: &mut ModuleBuilder, g: usize) -> Result<Type> {
    Ok(match g {
        0 => mb.ty(TypeData::Half)?,
        1 => mb.float(),
        2 => mb.ty(TypeData::Double)?,
        3 => mb.int(16),
        5 => mb.int(64),
        _ => mb.int(32),
    })
}

/// The DXIL operation overload of a scalar in registers.
pub fn op_scalar(s: Scalar) -> dxil_ops::Scalar {
    use dxil_ops::Scalar as S;
    match (s.kind, s.width) {
        (ScalarKind::Bool, _) => S::I1,
        (ScalarKind::Float, 2) => S::Half,
        (ScalarKind::Float, 8) => S::Double,
        (ScalarKind::Float, _) => S::Float,
        (_, 2) => S::I16,
        (_, 8) => S::I64,
        _ => S::I32,
    }
}

/// The DXIL operation overload of a scalar in memory (bools are `i32` there).
pub fn mem_op_scalar(s: Scalar) -> dxil_ops::Scalar {
    match s.kind {
        ScalarKind::Bool => dxil_ops::Scalar::I32,
        _ => op_scalar(s),
    }
}

/// The element count of a fixed-size array. An array sized by an override has its length
/// once the overrides are processed (`naga::back::pipeline_constants::process_overrides`
/// gives the override its value and leaves the array type pending on it).
pub fn array_len(gctx: GlobalCtx, size: ArraySize, what: &str) -> Result<u32> {
    match size {
        ArraySize::Constant(n) => Ok(n.get()),
        ArraySize::Pending(_) => match size.resolve(gctx) {
            Ok(naga::proc::IndexableLength::Known(n)) => Ok(n),
            _ => Err(Error::unsupported(
                what,
                "an array sized by an override without a value (process the overrides first)",
            )),
        },
        ArraySize::Dynamic => Err(Error::unsupported(
            what,
            "a runtime-sized array outside a storage buffer",
        )),
    }
}

/// The scalar leaves of a type, in order.
pub fn leaves(gctx: GlobalCtx, ty: &TypeInner, out: &mut Vec<Scalar>) -> Result<()> {
    match *ty {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => out.push(s),
        TypeInner::Vector { size, scalar } => {
            out.extend(std::iter::repeat_n(scalar, size as usize));
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => out.extend(std::iter::repeat_n(
            scalar,
            columns as usize * rows as usize,
        )),
        TypeInner::Array { base, size, .. } => {
            let n = array_len(gctx, size, "array")?;
            let start = out.len();
            leaves(gctx, &gctx.types[base].inner, out)?;
            let one = out.len() - start;
            if one.saturating_mul(n as usize) > 1 << 20 {
                return Err(Error::unsupported("array", "more than 2^20 scalars"));
            }
            for _ in 1..n {
                out.extend_from_within(start..start + one);
            }
        }
        TypeInner::Struct { ref members, .. } => {
            for m in members {
                leaves(gctx, &gctx.types[m.ty].inner, out)?;
            }
        }
        ref other => {
            return Err(Error::unsupported(
                format!("`{}`", crate::error::type_name(gctx, other)),
                "not a value type this back end holds in registers",
            ))
        }
    }
    Ok(())
}

/// The scalar leaves of a type.
pub fn leaves_of(gctx: GlobalCtx, ty: &TypeInner) -> Result<Vec<Scalar>> {
    let mut out = Vec::new();
    leaves(gctx, ty, &mut out)?;
    Ok(out)
}

/// Per-group counts of a type's leaves.
pub fn counts(gctx: GlobalCtx, ty: &TypeInner) -> Result<Counts> {
    let mut c = [0; GROUPS];
    for s in leaves_of(gctx, ty)? {
        c[group(s)] += 1;
    }
    Ok(c)
}

/// The distance between columns of a matrix in a buffer (WGSL "Memory layout": a column is
/// aligned as a vector of its rows, three rows aligned as four).
pub fn column_stride(rows: naga::VectorSize, width: u8) -> u32 {
    let r = if rows as u32 == 2 { 2 } else { 4 };
    r * u32::from(width)
}

/// The leaves of a type in a buffer with their byte offsets (WGSL "Memory layout", as naga
/// records it in struct member offsets and array strides).
pub fn layout(
    gctx: GlobalCtx,
    ty: &TypeInner,
    base: u32,
    out: &mut Vec<(Scalar, u32)>,
) -> Result<()> {
    match *ty {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => out.push((s, base)),
        TypeInner::Vector { size, scalar } => {
            for i in 0..size as u32 {
                out.push((scalar, base.wrapping_add(i * u32::from(scalar.width))));
            }
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => {
            let cs = column_stride(rows, scalar.width);
            for c in 0..columns as u32 {
                for r in 0..rows as u32 {
                    out.push((
                        scalar,
                        base.wrapping_add(c * cs + r * u32::from(scalar.width)),
                    ));
                }
            }
        }
        TypeInner::Array {
            base: elem,
            size,
            stride,
        } => {
            let n = array_len(gctx, size, "array")?;
            if (n as usize).saturating_mul(out.len().max(1)) > 1 << 20 {
                return Err(Error::unsupported("array", "more than 2^20 scalars"));
            }
            for i in 0..n {
                layout(
                    gctx,
                    &gctx.types[elem].inner,
                    base.wrapping_add(i.wrapping_mul(stride)),
                    out,
                )?;
            }
        }
        TypeInner::Struct { ref members, .. } => {
            for m in members {
                layout(
                    gctx,
                    &gctx.types[m.ty].inner,
                    base.wrapping_add(m.offset),
                    out,
                )?;
            }
        }
        ref other => {
            return Err(Error::unsupported(
                format!("`{}`", crate::error::type_name(gctx, other)),
                "not a type a buffer holds",
            ))
        }
    }
    Ok(())
}
