//! CONSTANTS_BLOCK (LLVM 3.7 `parseConstants`): module constants and function constants.

use dxil_ir::{
    BinOp, Block, CastOp, Const, ConstData, ConstKind, Pools, Predicate, Type, TypeData, ValueRef,
};

use super::cursor::Cursor;
use super::values::State;
use super::{decode_signed, op, op32, K};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// Value-id resolution inside one constants block: earlier values directly, later ids as the
/// constants this block will define (checked when the block ends).
struct Ids {
    base_value: u64,
    arena_base: usize,
    max_forward: Option<u64>,
    /// The position in the block of the constant being read.
    at: u64,
    /// A constant has named itself or a later one: only then can the block have a cycle.
    forward: bool,
}

impl Ids {
    fn get(&mut self, st: &State, id: u64) -> K<ValueRef> {
        if id < self.base_value {
            return st.value(id).map(|v| v.0).ok_or(ErrorKind::BadValue(id));
        }
        let off = id - self.base_value;
        // May refer forward in the block: checked against the block's length at its end.
        let idx = off
            .checked_add(self.arena_base as u64)
            .and_then(|i| Const::checked(i, usize::MAX).ok())
            .ok_or(ErrorKind::BadValue(id))?;
        self.max_forward = Some(self.max_forward.map_or(off, |m| m.max(off)));
        self.forward |= off >= self.at;
        Ok(ValueRef::Const(idx))
    }
}

/// Reads a constants block (the module's, or a function body's). Returns the ids of the
/// constants read, in order.
pub(crate) fn read_constants(
    cur: &mut Cursor<'_>,
    st: &mut State,
    order: &mut Vec<Const>,
) -> Result<()> {
    let prev = cur.enter(CONSTANTS_BLOCK_ID)?;
    // Room for the block's constants from its length: DXC's blocks hold one or two
    // constants a word (their records are abbreviated, a few bits each), their aggregates
    // one operand a word or fewer; bounded by the bits the input holds. Room not used is
    // given back when the module is read.
    let words = u64::from(cur.r.block_len_words()).min(cur.bits_left() / 32) as usize;
    let room = 2 * words;
    st.m.constants.reserve(room);
    order.reserve(room);
    st.values.reserve(room);
    // The lists go straight into the module's pools, held apart from the module while the
    // records that fill them read its tables.
    let mut pools = std::mem::take(&mut st.m.pools);
    pools.reserve::<ValueRef>(words);
    let r = read_block(cur, st, &mut pools, order);
    st.m.pools = pools;
    r?;
    cur.leave(prev);
    Ok(())
}

/// The error for a pool that would hold more than `u32::MAX` entries.
fn pool_full() -> ErrorKind {
    ErrorKind::InvalidRecord("too many constant operands")
}

fn read_block(
    cur: &mut Cursor<'_>,
    st: &mut State,
    pools: &mut Pools,
    order: &mut Vec<Const>,
) -> Result<()> {
    let mut ids = Ids {
        base_value: st.value_count() as u64,
        arena_base: st.m.constants.len(),
        max_forward: None,
        at: 0,
        forward: false,
    };
    let mut cur_ty: Option<Type> = None;
    let mut count = 0u64;
    while let Some(code) = cur.next_record()? {
        let ops = &cur.rec.ops;
        if code == CST_CODE_SETTYPE {
            let t = op(ops, 0).and_then(|t| st.ty(t)).map_err(|k| cur.err(k))?;
            if matches!(
                st.td(t),
                TypeData::Void | TypeData::Label | TypeData::Function { .. }
            ) {
                return Err(cur.err(ErrorKind::TypeMismatch("invalid constant type")));
            }
            cur_ty = Some(t);
            continue;
        }
        let ty = match cur_ty {
            Some(t) => t,
            // LLVM starts with i32 as the current type.
            None => st.find(&TypeData::Int(32), "i32").map_err(|k| cur.err(k))?,
        };
        ids.at = count;
        let kind = constant(st, pools, &mut ids, code, ty, ops).map_err(|k| cur.err(k))?;
        let id =
            st.m.constants
                .next_id()
                .ok_or_else(|| cur.err(ErrorKind::InvalidRecord("too many constants")))?;
        if matches!(kind, ConstKind::BlockAddress { .. }) {
            st.block_addresses.push(id);
        }
        st.m.constants.push(ConstData { ty, kind });
        order.push(id);
        // A body's constants follow the module's values in the one table.
        st.values.push((ValueRef::Const(id), ty));
        count += 1;
    }
    if let Some(m) = ids.max_forward {
        if m >= count {
            return Err(cur.err(ErrorKind::BadValue(ids.base_value.saturating_add(m))));
        }
    }
    let (base, count) = (ids.arena_base, count as usize);
    // Constants that name only earlier ones have no cycle: the search is for the rest.
    if ids.forward && super::acyclic::constants_have_cycle(&st.m.constants, pools, base, count) {
        return Err(cur.err(ErrorKind::Malformed("constant refers to itself")));
    }
    Ok(())
}

fn constant(
    st: &State,
    pools: &mut Pools,
    ids: &mut Ids,
    code: u32,
    ty: Type,
    ops: &[u64],
) -> K<ConstKind> {
    Ok(match code {
        CST_CODE_NULL => ConstKind::Null,
        CST_CODE_UNDEF => ConstKind::Undef,
        CST_CODE_INTEGER => match st.td(ty) {
            TypeData::Int(bits) if *bits <= 64 => ConstKind::Int(decode_signed(op(ops, 0)?)),
            _ => {
                return Err(ErrorKind::TypeMismatch(
                    "INTEGER constant of a non-i1..i64 type",
                ))
            }
        },
        CST_CODE_WIDE_INTEGER => match st.td(ty) {
            TypeData::Int(bits) if *bits > 64 && !ops.is_empty() => {
                let words = ops.iter().map(|&w| Ok(decode_signed(w) as u64));
                ConstKind::WideInt(pools.try_collect(words, pool_full)?)
            }
            _ => return Err(ErrorKind::TypeMismatch("WIDE_INTEGER constant")),
        },
        CST_CODE_FLOAT => match st.td(ty) {
            TypeData::Half | TypeData::Float | TypeData::Double => ConstKind::Float(op(ops, 0)?),
            TypeData::X86Fp80 | TypeData::Fp128 | TypeData::PpcFp128 => {
                ConstKind::FloatWide([op(ops, 0)?, op(ops, 1)?])
            }
            _ => return Err(ErrorKind::TypeMismatch("FLOAT constant of a non-FP type")),
        },
        CST_CODE_AGGREGATE => {
            if !matches!(
                st.td(ty),
                TypeData::Struct(_) | TypeData::Array { .. } | TypeData::Vector { .. }
            ) {
                return Err(ErrorKind::TypeMismatch(
                    "AGGREGATE constant of a non-aggregate",
                ));
            }
            let values = ops.iter().map(|&v| ids.get(st, v));
            ConstKind::Aggregate(pools.try_collect(values, pool_full)?)
        }
        CST_CODE_STRING => ConstKind::String(super::pool_bytes(pools, ops, pool_full)?),
        CST_CODE_CSTRING => ConstKind::CString(super::pool_bytes(pools, ops, pool_full)?),
        CST_CODE_DATA => {
            // Only arrays and vectors of i8/i16/i32/i64, float and double are stored as data
            // in LLVM 3.7 (`ConstantDataSequential::isElementTypeCompatible`); its reader
            // refuses any other element type.
            let elem = match st.td(ty) {
                TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => *elem,
                _ => {
                    return Err(ErrorKind::TypeMismatch(
                        "DATA constant of a non-sequential type",
                    ))
                }
            };
            if !matches!(
                st.td(elem),
                TypeData::Int(8 | 16 | 32 | 64) | TypeData::Float | TypeData::Double
            ) {
                return Err(ErrorKind::TypeMismatch(
                    "DATA constant whose elements are not i8/i16/i32/i64/float/double",
                ));
            }
            ConstKind::Data(pools.try_push(ops).ok_or_else(pool_full)?)
        }
        CST_CODE_CE_BINOP => {
            let op_code = op(ops, 0)?;
            let bin = BinOp::from_code(op_code, st.is_fp(ty))
                .ok_or(ErrorKind::InvalidRecord("unknown binary opcode"))?;
            ConstKind::Binary {
                op: bin,
                lhs: ids.get(st, op(ops, 1)?)?,
                rhs: ids.get(st, op(ops, 2)?)?,
                flags: if ops.len() > 3 { op(ops, 3)? } else { 0 },
            }
        }
        CST_CODE_CE_CAST => {
            let cast = CastOp::from_code(op(ops, 0)?)
                .ok_or(ErrorKind::InvalidRecord("unknown cast opcode"))?;
            st.ty(op(ops, 1)?)?;
            ConstKind::Cast {
                op: cast,
                value: ids.get(st, op(ops, 2)?)?,
            }
        }
        CST_CODE_CE_GEP | CST_CODE_CE_INBOUNDS_GEP => {
            let mut i = 0;
            let source_ty = if ops.len() & 1 == 1 {
                i = 1;
                Some(st.ty(op(ops, 0)?)?)
            } else {
                None
            };
            let pairs = ops.get(i..).unwrap_or(&[]);
            let operands = pairs.chunks_exact(2).map(|pair| {
                st.ty(pair[0])?;
                ids.get(st, pair[1])
            });
            let operands = pools.try_collect(operands, pool_full)?;
            if operands.is_empty() {
                return Err(ErrorKind::InvalidRecord("GEP without operands"));
            }
            ConstKind::Gep {
                inbounds: code == CST_CODE_CE_INBOUNDS_GEP,
                source_ty,
                operands,
            }
        }
        CST_CODE_CE_SELECT => ConstKind::Select {
            cond: ids.get(st, op(ops, 0)?)?,
            if_true: ids.get(st, op(ops, 1)?)?,
            if_false: ids.get(st, op(ops, 2)?)?,
        },
        CST_CODE_CE_EXTRACTELT => {
            st.ty(op(ops, 0)?)?;
            let vector = ids.get(st, op(ops, 1)?)?;
            let index = match ops.len() {
                3 => ids.get(st, op(ops, 2)?)?,
                _ => {
                    st.ty(op(ops, 2)?)?;
                    ids.get(st, op(ops, 3)?)?
                }
            };
            ConstKind::ExtractElement { vector, index }
        }
        CST_CODE_CE_INSERTELT => {
            let vector = ids.get(st, op(ops, 0)?)?;
            let element = ids.get(st, op(ops, 1)?)?;
            let index = match ops.len() {
                3 => ids.get(st, op(ops, 2)?)?,
                _ => {
                    st.ty(op(ops, 2)?)?;
                    ids.get(st, op(ops, 3)?)?
                }
            };
            ConstKind::InsertElement {
                vector,
                element,
                index,
            }
        }
        CST_CODE_CE_SHUFFLEVEC => ConstKind::ShuffleVector {
            a: ids.get(st, op(ops, 0)?)?,
            b: ids.get(st, op(ops, 1)?)?,
            mask: ids.get(st, op(ops, 2)?)?,
            operand_ty: None,
        },
        CST_CODE_CE_SHUFVEC_EX => ConstKind::ShuffleVector {
            operand_ty: Some(st.ty(op(ops, 0)?)?),
            a: ids.get(st, op(ops, 1)?)?,
            b: ids.get(st, op(ops, 2)?)?,
            mask: ids.get(st, op(ops, 3)?)?,
        },
        CST_CODE_CE_CMP => {
            st.ty(op(ops, 0)?)?;
            ConstKind::Cmp {
                lhs: ids.get(st, op(ops, 1)?)?,
                rhs: ids.get(st, op(ops, 2)?)?,
                predicate: Predicate::from_code(op(ops, 3)?)
                    .ok_or(ErrorKind::InvalidRecord("predicate"))?,
            }
        }
        CST_CODE_BLOCKADDRESS => {
            st.ty(op(ops, 0)?)?;
            let f = match ids.get(st, op(ops, 1)?)? {
                ValueRef::Function(f) => f,
                _ => return Err(ErrorKind::TypeMismatch("blockaddress of a non-function")),
            };
            // The function's body may come later: the block is checked against it when the
            // module ends (`State::block_addresses`).
            let block = Block::checked(u64::from(op32(ops, 2)?), usize::MAX)
                .map_err(|_| ErrorKind::InvalidRecord("operand exceeds 32 bits"))?;
            ConstKind::BlockAddress { function: f, block }
        }
        CST_CODE_INLINEASM => {
            let flags = op(ops, 0)?;
            let asm_len = usize::try_from(op(ops, 1)?).unwrap_or(usize::MAX);
            let asm = ops
                .get(2..2usize.saturating_add(asm_len))
                .ok_or(ErrorKind::InvalidRecord("inline asm string"))?;
            let at = 2 + asm_len;
            let c_len = usize::try_from(op(ops, at)?).unwrap_or(usize::MAX);
            let cons = ops
                .get(at + 1..(at + 1).saturating_add(c_len))
                .ok_or(ErrorKind::InvalidRecord("inline asm constraints"))?;
            ConstKind::InlineAsm {
                flags,
                asm: super::pool_bytes(pools, asm, pool_full)?,
                constraints: super::pool_bytes(pools, cons, pool_full)?,
            }
        }
        18 => return Err(ErrorKind::Unsupported("pre-3.6 CST_CODE_INLINEASM_OLD")),
        other => return Err(ErrorKind::UnexpectedRecord(other)),
    })
}
