//! Constants materialised as slot values at compile time (LangRef "Constants", "Constant
//! Expressions"): scalars, aggregates and data arrays as their leaves, `undef` as 0, global
//! addresses as pointers, and the constant expressions DXC writes (casts and
//! `getelementptr` into globals).

use std::collections::HashMap;

use dxil_ir::{ConstKind, Global, Module, Type, TypeData, ValueRef};

use crate::code::Ty;
use crate::compile::types::{self, field_offsets, layout};
use crate::error::{ErrorKind, Result};
use crate::interp::alu;

/// Constant expressions nested deeper than this are refused.
const MAX_DEPTH: u32 = 64;

/// Evaluates constant `v` of type `ty` into its leaves, appended to `out`.
pub(crate) fn eval(
    m: &Module,
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
    ErrorKind::Unsupported(what).into()
}

fn eval_at(
    m: &Module,
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
    let data = m
        .constant(c)
        .ok_or_else(|| ErrorKind::Input(format!("constant {} is not in the table", c.as_u32())))?;
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
            for op in ops.iter() {
                eval_at(m, globals, *op, out, depth + 1, visits)?;
            }
        }
        ConstKind::Data(words) => {
            let elem = match m.ty(ty) {
                Some(TypeData::Array { elem, .. } | TypeData::Vector { elem, .. }) => *elem,
                _ => return Err(unsupported("a data constant that is not an array".into())),
            };
            let s = types::scalar_of(m, elem)?;
            out.extend(words.iter().map(|w| w & s.mask()));
        }
        ConstKind::String(b) | ConstKind::CString(b) => {
            out.extend(b.iter().map(|x| u64::from(*x)));
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
            let from_ty = m
                .value_type(None, *value)
                .ok_or_else(|| unsupported("a cast constant of unknown type".into()))?;
            let from = types::scalar_of(m, from_ty)?;
            let to = types::scalar_of(m, ty)?;
            out.push(alu::cast(*op, from, to, x));
        }
        ConstKind::Gep {
            source_ty,
            operands,
            ..
        } => {
            let (base, idx) = operands
                .split_first()
                .ok_or_else(|| unsupported("an empty getelementptr constant".into()))?;
            let mut b = Vec::new();
            eval_at(m, globals, *base, &mut b, depth + 1, visits)?;
            let mut addr = *b.first().unwrap_or(&0) as i64;
            let src = match source_ty {
                Some(t) => *t,
                None => pointee(m, m.value_type(None, *base))?,
            };
            let mut consts = Vec::with_capacity(idx.len());
            for i in idx.iter() {
                let mut v = Vec::new();
                eval_at(m, globals, *i, &mut v, depth + 1, visits)?;
                let ity = m
                    .value_type(None, *i)
                    .map(|t| types::scalar_of(m, t))
                    .transpose()?;
                let bits = ity.map_or(32, Ty::bits);
                consts.push(alu::sext(*v.first().unwrap_or(&0), bits));
            }
            let mut terms = Vec::new();
            addr = addr.wrapping_add(gep_offset(m, src, &consts, &mut terms, None)?);
            out.push((addr as u64) & Ty::Ptr.mask());
        }
        ConstKind::Binary { op, lhs, rhs, .. } => {
            let (mut a, mut b) = (Vec::new(), Vec::new());
            eval_at(m, globals, *lhs, &mut a, depth + 1, visits)?;
            eval_at(m, globals, *rhs, &mut b, depth + 1, visits)?;
            let s = types::scalar_of(m, ty)?;
            let k = *op;
            out.push(alu::bin(
                k,
                s,
                a.first().copied().unwrap_or(0),
                b.first().copied().unwrap_or(0),
            ));
        }
        other => return Err(unsupported(format!("constant {other:?}"))),
    }
    Ok(())
}

/// The pointee of pointer type `ty`.
pub(crate) fn pointee(m: &Module, ty: Option<Type>) -> Result<Type> {
    match ty.and_then(|t| m.ty(t)) {
        Some(TypeData::Pointer { pointee, .. }) => Ok(*pointee),
        _ => Err(unsupported("getelementptr over a non-pointer".into())),
    }
}

/// The byte offset `getelementptr` adds over source type `src` for indices: constant ones
/// in `consts` (where `dynamic` is `None` or gives `None` for that position), variable ones
/// pushed to `terms` as (position, stride). Struct indices must be constant (LangRef).
pub(crate) fn gep_offset(
    m: &Module,
    src: Type,
    consts: &[i64],
    terms: &mut Vec<(usize, i64)>,
    dynamic: Option<&[bool]>,
) -> Result<i64> {
    let is_dyn = |i: usize| dynamic.is_some_and(|d| d.get(i).copied().unwrap_or(false));
    let mut off: i64 = 0;
    let mut cur = src;
    for (pos, &c) in consts.iter().enumerate() {
        if pos == 0 {
            let (size, _) = layout(m, src)?;
            if is_dyn(0) {
                terms.push((0, i64::from(size)));
            } else {
                off = off.wrapping_add(c.wrapping_mul(i64::from(size)));
            }
            continue;
        }
        match m.ty(cur) {
            Some(TypeData::Struct(s)) => {
                if is_dyn(pos) {
                    return Err(unsupported(
                        "a variable struct index in getelementptr".into(),
                    ));
                }
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
            Some(TypeData::Array { elem, .. } | TypeData::Vector { elem, .. }) => {
                let (size, _) = layout(m, *elem)?;
                if is_dyn(pos) {
                    terms.push((pos, i64::from(size)));
                } else {
                    off = off.wrapping_add(c.wrapping_mul(i64::from(size)));
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
    m: &Module,
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
