//! Constants materialised as slot values at compile time (LangRef "Constants", "Constant
//! Expressions"): scalars, aggregates and data arrays as their leaves, `undef` as 0, global
//! addresses as pointers, and the constant expressions DXC writes (casts and
//! `getelementptr` into globals).

use std::collections::HashMap;

use dxil_ir::{CheckedModule, ConstKind, Global, Type, TypeData, ValueRef};

use crate::code::Ty;
use crate::compile::types::{self, field_offsets, layout};
use crate::error::{Result, UnsupportedCause};
use crate::interp::alu;

/// Constant expressions nested deeper than this are refused.
const MAX_DEPTH: u32 = 64;

/// Evaluates constant `v` of type `ty` into its leaves, appended to `out`.
pub(crate) fn eval(
    m: &CheckedModule,
    globals: &HashMap<Global, u64>,
    v: ValueRef,
    out: &mut Vec<u64>,
) -> Result<()> {
    let mut visits = 0;
    eval_at(m, globals, v, out, 0, &mut visits)
}

/// Constants visited by one evaluation beyond this are refused (shared operands could make
/// a walk exponential).
const MAX_VISITS: u32 = 1 << 18;

fn unsupported(what: String) -> crate::Error {
    UnsupportedCause::Construct(what).into()
}

fn eval_at(
    m: &CheckedModule,
    globals: &HashMap<Global, u64>,
    v: ValueRef,
    out: &mut Vec<u64>,
    depth: u32,
    visits: &mut u32,
) -> Result<()> {
    *visits += 1;
    if *visits > MAX_VISITS || out.len() > 1 << 20 {
        return Err(unsupported("a constant too large to evaluate".into()));
    }
    if depth > MAX_DEPTH {
        return Err(unsupported(
            "constant expressions nested deeper than 64".into(),
        ));
    }
    let c = match v {
        ValueRef::Const(c) => c,
        ValueRef::Global(g) => {
            let a = globals
                .get(&g)
                .ok_or_else(|| unsupported(format!("a reference to global @{}", g.as_u32())))?;
            out.push(*a);
            return Ok(());
        }
        other => return Err(unsupported(format!("constant operand {other:?}"))),
    };
    let data = m.constant(c);
    let ty = data.ty;
    match &data.kind {
        ConstKind::Null | ConstKind::Undef => {
            let w = types::width(m, ty)?;
            out.extend(std::iter::repeat_n(0, w as usize));
        }
        ConstKind::Int(i) => {
            let s = types::scalar_of(m, ty)?;
            out.push((*i as u64) & s.mask());
        }
        ConstKind::Float(bits) => out.push(*bits),
        ConstKind::Aggregate(ops) => {
            for op in m.list(*ops) {
                eval_at(m, globals, *op, out, depth + 1, visits)?;
            }
        }
        ConstKind::Data(words) => {
            let elem = match m.ty(ty) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                _ => return Err(unsupported("a data constant that is not an array".into())),
            };
            let s = types::scalar_of(m, elem)?;
            out.extend(m.list(*words).iter().map(|w| w & s.mask()));
        }
        ConstKind::String(b) | ConstKind::CString(b) => {
            out.extend(m.bytes(*b).iter().map(|x| u64::from(*x)));
            if matches!(data.kind, ConstKind::CString(_)) {
                out.push(0);
            }
        }
        ConstKind::Cast { op, value } => {
            let mut inner = Vec::new();
            eval_at(m, globals, *value, &mut inner, depth + 1, visits)?;
            let [x] = inner[..] else {
                return Err(unsupported("a cast of an aggregate constant".into()));
            };
            let from = types::scalar_of(m, const_type(m, *value)?)?;
            let to = types::scalar_of(m, ty)?;
            out.push(alu::cast(*op, from, to, x));
        }
        ConstKind::Gep {
            source_ty,
            operands,
            ..
        } => {
            let (base, idx) = m
                .list(*operands)
                .split_first()
                .ok_or_else(|| unsupported("an empty getelementptr constant".into()))?;
            let mut b = Vec::new();
            eval_at(m, globals, *base, &mut b, depth + 1, visits)?;
            let mut addr = scalar_leaf(&b)? as i64;
            let src = match source_ty {
                Some(t) => *t,
                None => pointee(m, const_type(m, *base)?)?,
            };
            let mut indices = Vec::with_capacity(idx.len());
            for i in idx.iter() {
                let mut v = Vec::new();
                eval_at(m, globals, *i, &mut v, depth + 1, visits)?;
                let bits = types::scalar_of(m, const_type(m, *i)?)?.bits();
                indices.push(GepIndex::Const(alu::sext(scalar_leaf(&v)?, bits)));
            }
            let mut terms = Vec::new();
            addr = addr.wrapping_add(gep_offset(m, src, &indices, &mut terms)?);
            out.push((addr as u64) & Ty::Ptr.mask());
        }
        ConstKind::Binary { op, lhs, rhs, .. } => {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            eval_at(m, globals, *lhs, &mut a, depth + 1, visits)?;
            eval_at(m, globals, *rhs, &mut b, depth + 1, visits)?;
            let s = types::scalar_of(m, ty)?;
            let k = *op;
            out.push(alu::bin(k, s, scalar_leaf(&a)?, scalar_leaf(&b)?));
        }
        other => return Err(unsupported(format!("constant {other:?}"))),
    }
    Ok(())
}

/// The value of a constant that evaluated to the leaves `leaves`, where a scalar is needed
/// (an address, an index, an operand of a constant expression, a `switch` case, an
/// `alloca` count): a constant of a scalar type has exactly one leaf; an aggregate or an
/// empty constant is refused.
pub(crate) fn scalar_leaf(leaves: &[u64]) -> Result<u64> {
    match leaves {
        [x] => Ok(*x),
        _ => Err(unsupported(format!(
            "a constant of {} scalars where one scalar is needed",
            leaves.len()
        ))),
    }
}

/// The type of `v`, an operand of a constant expression that [`eval`] accepted (a constant
/// or a global: the only operands it evaluates).
fn const_type(m: &CheckedModule, v: ValueRef) -> Result<Type> {
    match v {
        ValueRef::Const(c) => Ok(m.constant(c).ty),
        ValueRef::Global(g) => Ok(m.global(g).common.ty),
        other => Err(unsupported(format!("constant operand {other:?}"))),
    }
}

/// The pointee of a `getelementptr` base of type `ty`.
fn pointee(m: &CheckedModule, ty: Type) -> Result<Type> {
    match m.ty(ty) {
        TypeData::Pointer { pointee, .. } => Ok(*pointee),
        _ => Err(unsupported("getelementptr over a non-pointer".into())),
    }
}

/// One index of a `getelementptr`.
#[derive(Clone, Copy, Debug)]
pub(crate) enum GepIndex {
    /// A constant index (sign-extended from its type).
    Const(i64),
    /// An index known only at run time: it adds a term of its own.
    Dynamic,
}

/// The byte offset `getelementptr` adds over source type `src` for its constant `indices`;
/// each dynamic index is pushed to `terms` as (position, stride). Struct indices must be
/// constant (LangRef).
pub(crate) fn gep_offset(
    m: &CheckedModule,
    src: Type,
    indices: &[GepIndex],
    terms: &mut Vec<(usize, i64)>,
) -> Result<i64> {
    let mut off: i64 = 0;
    let mut cur = src;
    for (pos, &index) in indices.iter().enumerate() {
        if pos == 0 {
            let (size, _) = layout(m, src)?;
            match index {
                GepIndex::Dynamic => terms.push((0, i64::from(size))),
                GepIndex::Const(c) => off = off.wrapping_add(c.wrapping_mul(i64::from(size))),
            }
            continue;
        }
        match m.ty(cur) {
            TypeData::Struct(s) => {
                let GepIndex::Const(c) = index else {
                    return Err(unsupported(
                        "a variable struct index in getelementptr".into(),
                    ));
                };
                let offs = field_offsets(m, &s.elems, s.packed)?;
                let i = usize::try_from(c)
                    .ok()
                    .filter(|&i| i < s.elems.len())
                    .ok_or_else(|| {
                        unsupported(format!("struct index {c} out of range in getelementptr"))
                    })?;
                off = off.wrapping_add(i64::from(offs[i]));
                cur = s.elems[i];
            }
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => {
                let (size, _) = layout(m, *elem)?;
                match index {
                    GepIndex::Dynamic => terms.push((pos, i64::from(size))),
                    GepIndex::Const(c) => off = off.wrapping_add(c.wrapping_mul(i64::from(size))),
                }
                cur = *elem;
            }
            _ => return Err(unsupported("getelementptr into a scalar".into())),
        }
    }
    Ok(off)
}

/// Writes constant `v` (of type `ty`) into `mem` at `base` as the memory layout has it.
pub(crate) fn store_init(
    m: &CheckedModule,
    globals: &HashMap<Global, u64>,
    ty: Type,
    v: ValueRef,
    mem: &mut [u8],
    base: usize,
) -> Result<()> {
    let mut leaves = Vec::new();
    types::leaves(m, ty, &mut leaves)?;
    let mut vals = Vec::new();
    eval(m, globals, v, &mut vals)?;
    for ((t, off), val) in leaves.iter().zip(vals) {
        crate::interp::mem::write(mem, base + *off as usize, *t, val);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_scalar_constant_has_exactly_one_leaf() {
        assert_eq!(scalar_leaf(&[5]).unwrap(), 5);
        for leaves in [&[][..], &[1, 2][..]] {
            let e = scalar_leaf(leaves).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "unsupported: a constant of {} scalars where one scalar is needed",
                    leaves.len()
                )
            );
        }
    }
}
