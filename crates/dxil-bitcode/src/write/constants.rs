//! CONSTANTS_BLOCK (LLVM 3.7 `WriteConstants`): module constants (with the module-only
//! abbreviations) and function constants.

use std::sync::OnceLock;

use dxil_bitstream::AbbrevOp;
use dxil_bitstream::AbbrevOp::{Array, Char6, Fixed, Literal};
use dxil_ir::{Body, Const, ConstKind, Module, TypeData, ValueRef};

use super::abbrevs::*;
use super::numbering::Numbering;
use super::pack::emit_constant;
use super::types::tid;
use super::{char_classes, emit_signed, log2_ceil, Fields, Out};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

static MODULE_ABBREVS: SetByWidth = [const { OnceLock::new() }; 65];

/// The module constants block's abbreviations for value ids of `vb` bits: aggregate,
/// string, 7-bit and char6 C strings.
fn module_abbrevs(vb: u8) -> [Vec<AbbrevOp>; 4] {
    let lit = |c: u32| Literal(u64::from(c));
    [
        vec![lit(CST_CODE_AGGREGATE), Array, Fixed(vb)],
        vec![lit(CST_CODE_STRING), Array, Fixed(8)],
        vec![lit(CST_CODE_CSTRING), Array, Fixed(7)],
        vec![lit(CST_CODE_CSTRING), Array, Char6],
    ]
}

/// Writes one constants block holding `order` (value ids `first..first + order.len()`);
/// `body` is `None` for the module block.
pub fn write_constants(
    out: &mut Out,
    m: &Module,
    body: Option<&Body>,
    nb: &Numbering,
    order: &[Const],
    first: u32,
) -> Result<()> {
    let prev = out.enter(CONSTANTS_BLOCK_ID, super::abbrevs::ABBREV_ID_WIDTH)?;
    let global = body.is_none();
    let (tb, mut vb) = (nb.type_bits, 0);
    if global {
        let last = u64::from(first) + order.len() as u64;
        vb = log2_ceil(last + 1);
        define_set(out, &MODULE_ABBREVS, vb, 4, module_abbrevs)?;
    }
    // SETTYPE and INTEGER records (BLOCKINFO's layouts) are packed here when the type id
    // fits its field, as it does in a table of this size.
    let packable = (1..=32).contains(&tb);
    let mut last_ty = None;
    for &c in order {
        let data = &m.constants[c];
        if last_ty != Some(data.ty) {
            last_ty = Some(data.ty);
            let t = tid(out, nb, data.ty)?;
            if packable && t >> tb == 0 {
                let mut f = Fields::new(CST_SETTYPE);
                f.put(&mut out.w, t, tb);
                f.finish(&mut out.w);
            } else {
                out.rec.push(t);
                emit_constant(out, CST_CODE_SETTYPE, CST_SETTYPE, tb, 0)?;
            }
        }
        if let ConstKind::Int(v) = data.kind {
            if v != 0 {
                let mut f = Fields::new(CST_INTEGER);
                f.vbr(&mut out.w, emit_signed(v), 8);
                f.finish(&mut out.w);
                continue;
            }
        }
        let (code, abbrev) = constant(out, m, body, nb, data.ty, &data.kind, global)?;
        if abbrev == 0 {
            out.emit(code, 0)?;
        } else {
            emit_constant(out, code, abbrev, tb, u32::from(vb))?;
        }
    }
    out.exit(prev)
}

fn vid(out: &Out, nb: &Numbering, v: ValueRef) -> Result<u64> {
    nb.value(v).map(u64::from).map_err(|k| out.err(k))
}

fn vty(out: &Out, m: &Module, body: Option<&Body>, nb: &Numbering, v: ValueRef) -> Result<u64> {
    let t = match v {
        ValueRef::Metadata(_) => nb.metadata_ty,
        _ => m.value_type(body, v),
    }
    .ok_or_else(|| out.err(ErrorKind::TypeMismatch("operand without a type")))?;
    tid(out, nb, t)
}

/// True for constants LLVM's `isNullValue` reports (they are written as CST_CODE_NULL).
fn is_null(kind: &ConstKind) -> bool {
    matches!(
        kind,
        ConstKind::Null | ConstKind::Int(0) | ConstKind::Float(0) | ConstKind::FloatWide([0, 0])
    )
}

/// Fills `out.rec` with one constant's operands; returns (code, abbreviation).
fn constant(
    out: &mut Out,
    m: &Module,
    body: Option<&Body>,
    nb: &Numbering,
    ty: dxil_ir::Type,
    kind: &ConstKind,
    global: bool,
) -> Result<(u32, u32)> {
    if is_null(kind) {
        return Ok((CST_CODE_NULL, 0));
    }
    let g = |id: u32| if global { id } else { 0 };
    Ok(match kind {
        ConstKind::Null => (CST_CODE_NULL, 0),
        ConstKind::Undef => (CST_CODE_UNDEF, 0),
        ConstKind::Int(v) => {
            out.rec.push(emit_signed(*v));
            (CST_CODE_INTEGER, CST_INTEGER)
        }
        ConstKind::WideInt(words) => {
            out.rec
                .extend(m.list(*words).iter().map(|&w| emit_signed(w as i64)));
            (CST_CODE_WIDE_INTEGER, 0)
        }
        ConstKind::Float(bits) => {
            out.rec.push(*bits);
            (CST_CODE_FLOAT, 0)
        }
        ConstKind::FloatWide(w) => {
            out.rec.extend(*w);
            (CST_CODE_FLOAT, 0)
        }
        ConstKind::String(bytes) => {
            out.rec
                .extend(m.bytes(*bytes).iter().map(|&b| u64::from(b)));
            (CST_CODE_STRING, g(CST_STRING8))
        }
        ConstKind::CString(bytes) => {
            let bytes = m.bytes(*bytes);
            out.rec.extend(bytes.iter().map(|&b| u64::from(b)));
            let (char6, seven) = char_classes(bytes);
            let abbrev = if char6 {
                g(CST_CSTRING6)
            } else if seven {
                g(CST_CSTRING7)
            } else {
                0
            };
            (CST_CODE_CSTRING, abbrev)
        }
        ConstKind::Data(elems) => {
            // The reader's rule, mirrored: only i8/i16/i32/i64, float and double sequences
            // are data in LLVM 3.7; anything else must be an aggregate.
            let elem = match m.ty(ty) {
                Some(TypeData::Array { elem, .. } | TypeData::Vector { elem, .. }) => *elem,
                _ => {
                    return Err(out.err(ErrorKind::TypeMismatch(
                        "data constant of a non-sequential type",
                    )))
                }
            };
            if !matches!(
                m.ty(elem),
                Some(TypeData::Int(8 | 16 | 32 | 64) | TypeData::Float | TypeData::Double)
            ) {
                return Err(out.err(ErrorKind::TypeMismatch(
                    "data constant whose elements are not i8/i16/i32/i64/float/double",
                )));
            }
            out.rec.extend(m.list(*elems).iter().copied());
            (CST_CODE_DATA, 0)
        }
        ConstKind::Aggregate(ops) => {
            for &v in m.list(*ops) {
                let id = vid(out, nb, v)?;
                out.rec.push(id);
            }
            (CST_CODE_AGGREGATE, g(CST_AGGREGATE))
        }
        ConstKind::Cast { op, value } => {
            let t = vty(out, m, body, nb, *value)?;
            let v = vid(out, nb, *value)?;
            out.rec.extend([op.code(), t, v]);
            (CST_CODE_CE_CAST, CST_CE_CAST)
        }
        ConstKind::Binary {
            op,
            lhs,
            rhs,
            flags,
        } => {
            let l = vid(out, nb, *lhs)?;
            let r = vid(out, nb, *rhs)?;
            out.rec.extend([op.code(), l, r]);
            if *flags != 0 {
                out.rec.push(*flags);
            }
            (CST_CODE_CE_BINOP, 0)
        }
        ConstKind::Gep {
            inbounds,
            source_ty,
            operands,
        } => {
            let src = match source_ty {
                Some(t) => *t,
                None => {
                    let base = m
                        .list(*operands)
                        .first()
                        .and_then(|&b| m.value_type(body, b))
                        .and_then(|t| m.ty(t));
                    match base {
                        Some(TypeData::Pointer { pointee, .. }) => *pointee,
                        _ => return Err(out.err(ErrorKind::TypeMismatch("GEP base"))),
                    }
                }
            };
            let s = tid(out, nb, src)?;
            out.rec.push(s);
            for &v in m.list(*operands) {
                let t = vty(out, m, body, nb, v)?;
                let id = vid(out, nb, v)?;
                out.rec.extend([t, id]);
            }
            let code = if *inbounds {
                CST_CODE_CE_INBOUNDS_GEP
            } else {
                CST_CODE_CE_GEP
            };
            (code, 0)
        }
        ConstKind::Select {
            cond,
            if_true,
            if_false,
        } => {
            for v in [*cond, *if_true, *if_false] {
                let id = vid(out, nb, v)?;
                out.rec.push(id);
            }
            (CST_CODE_CE_SELECT, 0)
        }
        ConstKind::ExtractElement { vector, index } => {
            let vt = vty(out, m, body, nb, *vector)?;
            let v = vid(out, nb, *vector)?;
            let it = vty(out, m, body, nb, *index)?;
            let i = vid(out, nb, *index)?;
            out.rec.extend([vt, v, it, i]);
            (CST_CODE_CE_EXTRACTELT, 0)
        }
        ConstKind::InsertElement {
            vector,
            element,
            index,
        } => {
            let v = vid(out, nb, *vector)?;
            let e = vid(out, nb, *element)?;
            let it = vty(out, m, body, nb, *index)?;
            let i = vid(out, nb, *index)?;
            out.rec.extend([v, e, it, i]);
            (CST_CODE_CE_INSERTELT, 0)
        }
        ConstKind::ShuffleVector { a, b, mask, .. } => {
            let at = m.value_type(body, *a);
            let code = if at == Some(ty) {
                CST_CODE_CE_SHUFFLEVEC
            } else {
                let t = vty(out, m, body, nb, *a)?;
                out.rec.push(t);
                CST_CODE_CE_SHUFVEC_EX
            };
            for v in [*a, *b, *mask] {
                let id = vid(out, nb, v)?;
                out.rec.push(id);
            }
            (code, 0)
        }
        ConstKind::Cmp {
            predicate,
            lhs,
            rhs,
        } => {
            let t = vty(out, m, body, nb, *lhs)?;
            let l = vid(out, nb, *lhs)?;
            let r = vid(out, nb, *rhs)?;
            out.rec.extend([t, l, r, predicate.code()]);
            (CST_CODE_CE_CMP, 0)
        }
        ConstKind::BlockAddress { function, block } => {
            let f = ValueRef::Function(*function);
            let t = vty(out, m, body, nb, f)?;
            let id = vid(out, nb, f)?;
            out.rec.extend([t, id, u64::from(block.as_u32())]);
            (CST_CODE_BLOCKADDRESS, 0)
        }
        ConstKind::InlineAsm {
            flags,
            asm,
            constraints,
        } => {
            let (asm, constraints) = (m.bytes(*asm), m.bytes(*constraints));
            out.rec.push(*flags);
            out.rec.push(asm.len() as u64);
            out.rec.extend(asm.iter().map(|&b| u64::from(b)));
            out.rec.push(constraints.len() as u64);
            out.rec.extend(constraints.iter().map(|&b| u64::from(b)));
            (CST_CODE_INLINEASM, 0)
        }
    })
}
