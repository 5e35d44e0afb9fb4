//! Types as the executor lays them out: scalar kinds, register leaves (an aggregate takes one
//! slot per scalar, in order) and memory layout (LangRef "Type System"; sizes and natural
//! alignment as DXIL's data layout gives them for the types DXC keeps in memory).

use dxil_ir::{CheckedModule, Type, TypeData};

use crate::code::Ty;
use crate::error::{Result, UnsupportedCause};

/// Nesting deeper than this is refused (types come from the input).
const MAX_DEPTH: u32 = 32;
/// Leaves of one value beyond this are refused.
const MAX_LEAVES: usize = 1 << 16;
/// Type visits of one walk beyond this are refused.
const MAX_VISITS: u32 = 1 << 18;

fn unsupported(what: String) -> crate::Error {
    UnsupportedCause::Construct(what).into()
}

/// The scalar kind of `ty`, or `None` for aggregates, `void` and other non-scalars.
pub(crate) fn scalar(m: &CheckedModule, ty: Type) -> Result<Option<Ty>> {
    Ok(match m.ty(ty) {
        TypeData::Int(1) => Some(Ty::I1),
        TypeData::Int(8) => Some(Ty::I8),
        TypeData::Int(16) => Some(Ty::I16),
        TypeData::Int(32) => Some(Ty::I32),
        TypeData::Int(64) => Some(Ty::I64),
        TypeData::Int(b) => return Err(unsupported(format!("integer type i{b}"))),
        TypeData::Half => Some(Ty::F16),
        TypeData::Float => Some(Ty::F32),
        TypeData::Double => Some(Ty::F64),
        TypeData::Pointer { .. } => Some(Ty::Ptr),
        _ => None,
    })
}

/// The scalar kind of `ty`, which must be a scalar.
pub(crate) fn scalar_of(m: &CheckedModule, ty: Type) -> Result<Ty> {
    scalar(m, ty)?.ok_or_else(|| {
        unsupported(format!(
            "a non-scalar type (%{}) where a scalar is needed",
            ty.as_u32()
        ))
    })
}

/// The scalar leaves of `ty` in register order, each with its byte offset in memory.
pub(crate) fn leaves(m: &CheckedModule, ty: Type, out: &mut Vec<(Ty, u32)>) -> Result<()> {
    let mut visits = 0;
    walk(m, ty, 0, 0, out, &mut visits)
}

/// Counts a visit of a type; input can nest types so that a walk would take exponential
/// time, so walks stop after this many.
fn visit(visits: &mut u32) -> Result<()> {
    *visits += 1;
    if *visits > MAX_VISITS {
        return Err(unsupported("a type too large to lay out".into()));
    }
    Ok(())
}

fn walk(
    m: &CheckedModule,
    ty: Type,
    base: u32,
    depth: u32,
    out: &mut Vec<(Ty, u32)>,
    visits: &mut u32,
) -> Result<()> {
    visit(visits)?;
    if depth > MAX_DEPTH {
        return Err(unsupported("types nested deeper than 32".into()));
    }
    if out.len() > MAX_LEAVES {
        return Err(unsupported("a value of more than 65536 scalars".into()));
    }
    if let Some(s) = scalar(m, ty)? {
        out.push((s, base));
        return Ok(());
    }
    match m.ty(ty) {
        TypeData::Array { len, elem } | TypeData::Vector { len, elem } => {
            let (size, _) = layout(m, *elem)?;
            if *len as usize > MAX_LEAVES {
                return Err(unsupported(format!("an aggregate of {len} elements")));
            }
            for i in 0..*len as u32 {
                walk(
                    m,
                    *elem,
                    base.wrapping_add(i.wrapping_mul(size)),
                    depth + 1,
                    out,
                    visits,
                )?;
            }
            Ok(())
        }
        TypeData::Struct(s) => {
            let offs = field_offsets(m, &s.elems, s.packed)?;
            for (e, o) in s.elems.iter().zip(offs) {
                walk(m, *e, base.wrapping_add(o), depth + 1, out, visits)?;
            }
            Ok(())
        }
        TypeData::Void => Ok(()),
        other => Err(unsupported(format!("values of type {other:?}"))),
    }
}

/// Number of slots a value of `ty` takes.
pub(crate) fn width(m: &CheckedModule, ty: Type) -> Result<u32> {
    let mut v = Vec::new();
    leaves(m, ty, &mut v)?;
    Ok(v.len() as u32)
}

/// Size and alignment in bytes.
pub(crate) fn layout(m: &CheckedModule, ty: Type) -> Result<(u32, u32)> {
    let mut visits = 0;
    layout_at(m, ty, 0, &mut visits)
}

fn layout_at(m: &CheckedModule, ty: Type, depth: u32, visits: &mut u32) -> Result<(u32, u32)> {
    visit(visits)?;
    if depth > MAX_DEPTH {
        return Err(unsupported("types nested deeper than 32".into()));
    }
    if let Some(s) = scalar(m, ty)? {
        return Ok((s.bytes(), s.bytes()));
    }
    let too_big = || unsupported("a type larger than 4 GiB".to_string());
    match m.ty(ty) {
        TypeData::Array { len, elem } | TypeData::Vector { len, elem } => {
            let (size, align) = layout_at(m, *elem, depth + 1, visits)?;
            let total = u64::from(size) * *len;
            Ok((u32::try_from(total).map_err(|_| too_big())?, align))
        }
        TypeData::Struct(s) => {
            let mut off: u64 = 0;
            let mut max_align = 1;
            for e in s.elems.iter() {
                let (size, align) = layout_at(m, *e, depth + 1, visits)?;
                let align = if s.packed { 1 } else { align.max(1) };
                off = off
                    .div_ceil(u64::from(align))
                    .saturating_mul(u64::from(align))
                    .saturating_add(u64::from(size));
                max_align = max_align.max(align);
            }
            let off = off
                .div_ceil(u64::from(max_align))
                .saturating_mul(u64::from(max_align));
            Ok((u32::try_from(off).map_err(|_| too_big())?, max_align))
        }
        TypeData::Void => Ok((0, 1)),
        other => Err(unsupported(format!("values of type {other:?} in memory"))),
    }
}

/// Byte offsets of a struct's fields.
pub(crate) fn field_offsets(m: &CheckedModule, elems: &[Type], packed: bool) -> Result<Vec<u32>> {
    let mut out = Vec::with_capacity(elems.len());
    let mut off: u32 = 0;
    for e in elems {
        let (size, align) = layout(m, *e)?;
        let align = if packed { 1 } else { align.max(1) };
        off = off
            .div_ceil(align)
            .checked_mul(align)
            .ok_or_else(|| unsupported("a struct larger than 4 GiB".into()))?;
        out.push(off);
        off = off.saturating_add(size);
    }
    Ok(out)
}
