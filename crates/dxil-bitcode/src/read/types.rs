//! TYPE_BLOCK_ID_NEW (LLVM 3.7 `parseTypeTableBody`).

use dxil_ir::{StructType, Type, TypeData};

use super::cursor::Cursor;
use super::values::State;
use super::{op, op32, string, K};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// Most parameters of a function type / elements of a struct (keeps placeholder ids free).
const MAX_MEMBERS: usize = 1 << 24;

/// Fewest bits a type record takes in DXC's type blocks (an abbreviated pointer or integer):
/// the room made for the count TYPE_CODE_NUMENTRY declares is capped at what the block's bits
/// can hold at this rate.
const MIN_BITS_PER_TYPE: u64 = 4;

/// What the type records say of the ids they name, for the checks when the block ends.
#[derive(Default)]
struct Refs {
    /// The block's length in bits, capped by the bits present (bounds the room made for the
    /// count TYPE_CODE_NUMENTRY declares).
    block_bits: u64,
    /// The largest type id named (a forward reference may name any id).
    max: Option<u64>,
    /// A type names itself or a later type: only then can the table have a cycle.
    forward: bool,
}

impl Refs {
    /// A type id named by the type being defined, entry `at` of the table (may refer
    /// forward: checked against the table's length when the block ends).
    fn ty(&mut self, at: usize, id: u64) -> K<Type> {
        self.note(at, id);
        fwd_ty(id)
    }

    fn note(&mut self, at: usize, id: u64) {
        self.max = Some(self.max.map_or(id, |m| m.max(id)));
        self.forward |= id >= at as u64;
    }
}

/// Reads the type table.
pub(crate) fn read_types(cur: &mut Cursor<'_>, st: &mut State) -> Result<()> {
    if !st.m.types.is_empty() {
        return Err(cur.err(ErrorKind::Malformed("second TYPE_BLOCK")));
    }
    let prev = cur.enter(TYPE_BLOCK_ID_NEW)?;
    let mut refs = Refs {
        block_bits: u64::from(cur.r.block_len_words()).saturating_mul(32),
        ..Refs::default()
    };
    refs.block_bits = refs.block_bits.min(cur.bits_left());
    let mut pending_name: Option<String> = None;
    while let Some(code) = cur.next_record()? {
        let ops = &cur.rec.ops;
        let r = type_record(st, &mut refs, code, ops, &mut pending_name);
        r.map_err(|k| cur.err(k))?;
    }
    // Every referenced type id must exist (forward references are allowed inside the block).
    if refs.max.is_some_and(|m| m >= st.m.types.len() as u64) {
        return Err(cur.err(ErrorKind::Malformed("type refers to an undefined type id")));
    }
    if pending_name.is_some() {
        return Err(cur.err(ErrorKind::Malformed("STRUCT_NAME without a struct")));
    }
    // A table whose types name only earlier types has no cycle: the search is for the rest.
    if refs.forward && super::acyclic::types_have_bad_cycle(&st.m.types) {
        return Err(cur.err(ErrorKind::Malformed(
            "recursive type not broken by an identified struct",
        )));
    }
    st.index_types();
    cur.leave(prev);
    Ok(())
}

/// A type id inside the type block (may refer forward: checked against the table's length
/// when the block ends).
fn fwd_ty(id: u64) -> K<Type> {
    Type::checked(id, u32::MAX as usize).map_err(|_| ErrorKind::BadType(id))
}

fn type_list(refs: &mut Refs, at: usize, ops: &[u64]) -> K<Box<[Type]>> {
    if ops.len() > MAX_MEMBERS {
        return Err(ErrorKind::InvalidRecord("too many members"));
    }
    if let Some(&max) = ops.iter().max() {
        refs.note(at, max);
    }
    super::map_ops(ops, fwd_ty)
}

fn type_record(
    st: &mut State,
    refs: &mut Refs,
    code: u32,
    ops: &[u64],
    pending_name: &mut Option<String>,
) -> K<()> {
    let at = st.m.types.len();
    let data = match code {
        TYPE_CODE_NUMENTRY => {
            let n = op(ops, 0)?;
            st.m.type_count_hint = Some(n);
            if at == 0 {
                let room = n.min(refs.block_bits / MIN_BITS_PER_TYPE);
                st.m.types.reserve(usize::try_from(room).unwrap_or(0));
            }
            return Ok(());
        }
        TYPE_CODE_STRUCT_NAME => {
            *pending_name = Some(string(ops)?);
            return Ok(());
        }
        TYPE_CODE_VOID => TypeData::Void,
        TYPE_CODE_HALF => TypeData::Half,
        TYPE_CODE_FLOAT => TypeData::Float,
        TYPE_CODE_DOUBLE => TypeData::Double,
        TYPE_CODE_X86_FP80 => TypeData::X86Fp80,
        TYPE_CODE_FP128 => TypeData::Fp128,
        TYPE_CODE_PPC_FP128 => TypeData::PpcFp128,
        TYPE_CODE_LABEL => TypeData::Label,
        TYPE_CODE_METADATA => TypeData::Metadata,
        TYPE_CODE_X86_MMX => TypeData::X86Mmx,
        TYPE_CODE_INTEGER => {
            let bits = op32(ops, 0)?;
            if !(1..(1 << 23)).contains(&bits) {
                return Err(ErrorKind::InvalidRecord("integer width out of range"));
            }
            TypeData::Int(bits)
        }
        TYPE_CODE_POINTER => {
            let addrspace = if ops.len() > 1 { op32(ops, 1)? } else { 0 };
            TypeData::Pointer {
                pointee: refs.ty(at, op(ops, 0)?)?,
                addrspace,
            }
        }
        TYPE_CODE_ARRAY | TYPE_CODE_VECTOR => {
            let len = op(ops, 0)?;
            let elem = refs.ty(at, op(ops, 1)?)?;
            if code == TYPE_CODE_ARRAY {
                TypeData::Array { len, elem }
            } else {
                if len == 0 {
                    return Err(ErrorKind::InvalidRecord("vector of length 0"));
                }
                TypeData::Vector { len, elem }
            }
        }
        TYPE_CODE_FUNCTION => {
            let vararg = super::flag(ops, 0)?;
            let ret = refs.ty(at, op(ops, 1)?)?;
            TypeData::Function {
                ret,
                params: type_list(refs, at, ops.get(2..).unwrap_or(&[]))?,
                vararg,
            }
        }
        TYPE_CODE_STRUCT_ANON | TYPE_CODE_STRUCT_NAMED => {
            let packed = super::flag(ops, 0)?;
            let elems = type_list(refs, at, ops.get(1..).unwrap_or(&[]))?;
            let identified = code == TYPE_CODE_STRUCT_NAMED;
            let name = if identified {
                pending_name.take()
            } else {
                None
            };
            TypeData::Struct(StructType {
                name,
                identified,
                packed,
                opaque: false,
                elems,
            })
        }
        TYPE_CODE_OPAQUE => TypeData::Struct(StructType {
            name: pending_name.take(),
            identified: true,
            packed: false,
            opaque: true,
            elems: Box::new([]),
        }),
        TYPE_CODE_FUNCTION_OLD => {
            return Err(ErrorKind::Unsupported("pre-3.7 TYPE_CODE_FUNCTION_OLD"))
        }
        other => return Err(ErrorKind::UnexpectedRecord(other)),
    };
    if pending_name.is_some() && !matches!(data, TypeData::Struct(_)) {
        return Err(ErrorKind::Malformed("STRUCT_NAME not followed by a struct"));
    }
    if st.m.types.len() >= u32::MAX as usize - 1 {
        return Err(ErrorKind::InvalidRecord("too many types"));
    }
    st.m.types.push(data);
    Ok(())
}
