//! PARAMATTR_GROUP_BLOCK, PARAMATTR_BLOCK and TYPE_BLOCK_ID_NEW (LLVM 3.7
//! `WriteAttributeGroupTable`, `WriteAttributeTable`, `WriteTypeTable`).

use std::sync::OnceLock;

use dxil_bitstream::AbbrevOp;
use dxil_bitstream::AbbrevOp::{Array, Char6, Fixed, Literal, Vbr};
use dxil_ir::{Attribute, Module, Type, TypeData};

use super::abbrevs::{define_set, SetByWidth};
use super::numbering::Numbering;
use super::pack::{emit_bytes, emit_type, ByteRecord, Elem, TypeAbbrevs};
use super::{char_classes, log2_ceil, Fields, Out};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// Attribute groups, one PARAMATTR_GRP_CODE_ENTRY each, in `order` (IR group ids),
/// renumbered 1, 2, ...
pub fn write_attribute_groups(
    out: &mut Out,
    m: &Module,
    order: &[u32],
    nb: &Numbering,
) -> Result<()> {
    if order.is_empty() {
        return Ok(());
    }
    let prev = out.enter(PARAMATTR_GROUP_BLOCK_ID, 3)?;
    for &gid in order {
        let g = m
            .attribute_groups
            .iter()
            .find(|g| g.id == gid)
            .ok_or_else(|| out.err(ErrorKind::InvalidRecord("attribute group id")))?;
        let id = nb.attr_group(gid).map_err(|k| out.err(k))?;
        out.rec.push(id);
        out.rec.push(u64::from(g.index));
        for a in &g.attrs {
            match a {
                Attribute::Enum(k) => out.rec.extend([0, u64::from(*k)]),
                Attribute::Int(k, v) => out.rec.extend([1, u64::from(*k), *v]),
                Attribute::String { key, value } => {
                    out.rec.push(if value.is_some() { 4 } else { 3 });
                    out.rec.extend(key.bytes().map(u64::from));
                    out.rec.push(0);
                    if let Some(v) = value {
                        out.rec.extend(v.bytes().map(u64::from));
                        out.rec.push(0);
                    }
                }
            }
        }
        out.emit(PARAMATTR_GRP_CODE_ENTRY, 0)?;
    }
    out.exit(prev)
}

/// Attribute lists, one PARAMATTR_CODE_ENTRY each, in `order` (IR list indexes).
pub fn write_attribute_lists(
    out: &mut Out,
    m: &Module,
    order: &[u32],
    nb: &Numbering,
) -> Result<()> {
    if order.is_empty() {
        return Ok(());
    }
    let prev = out.enter(PARAMATTR_BLOCK_ID, 3)?;
    for &l in order {
        let list = m
            .attribute_lists
            .get(l as usize)
            .ok_or_else(|| out.err(ErrorKind::InvalidRecord("attribute list id")))?;
        for &g in list.groups.iter() {
            let id = nb.attr_group(g).map_err(|k| out.err(k))?;
            out.rec.push(id);
        }
        out.emit(PARAMATTR_CODE_ENTRY, 0)?;
    }
    out.exit(prev)
}

static TYPE_ABBREVS: SetByWidth = [const { OnceLock::new() }; 65];

/// The type block's abbreviations for type ids of `tb` bits: pointer, function, literal
/// struct, struct name, named struct, array.
fn type_abbrevs(tb: u8) -> [Vec<AbbrevOp>; 6] {
    let lit = |c: u32| Literal(c.into());
    [
        vec![lit(TYPE_CODE_POINTER), Fixed(tb), Literal(0)],
        vec![lit(TYPE_CODE_FUNCTION), Fixed(1), Array, Fixed(tb)],
        vec![lit(TYPE_CODE_STRUCT_ANON), Fixed(1), Array, Fixed(tb)],
        vec![lit(TYPE_CODE_STRUCT_NAME), Array, Char6],
        vec![lit(TYPE_CODE_STRUCT_NAMED), Fixed(1), Array, Fixed(tb)],
        vec![lit(TYPE_CODE_ARRAY), Vbr(8), Fixed(tb)],
    ]
}

/// The type table (`order`), with its six local abbreviations.
pub fn write_types(out: &mut Out, m: &Module, order: &[Type], nb: &Numbering) -> Result<()> {
    let prev = out.enter(TYPE_BLOCK_ID_NEW, super::abbrevs::ABBREV_ID_WIDTH)?;
    let tb = log2_ceil(order.len() as u64 + 1);
    let ptr = define_set(out, &TYPE_ABBREVS, tb, 4, type_abbrevs)?;
    let [func, anon, name, named_abbrev, array] = [1, 2, 3, 4, 5].map(|i| ptr + i);
    let ids = TypeAbbrevs {
        ptr,
        func,
        anon,
        named: named_abbrev,
        array,
    };
    let tbits = u32::from(tb);
    // The records of the block's own abbreviations are packed here (their layout is
    // known) when every type id fits its field, as it does in a table of this size.
    let packable = (1..=32).contains(&tbits);
    out.rec.push(order.len() as u64);
    out.emit(TYPE_CODE_NUMENTRY, 0)?;
    for &ti in order {
        let t = m
            .ty(ti)
            .ok_or_else(|| out.err(ErrorKind::BadType(u64::from(ti.as_u32()))))?;
        let (code, abbrev) = match t {
            TypeData::Void => (TYPE_CODE_VOID, 0),
            TypeData::Half => (TYPE_CODE_HALF, 0),
            TypeData::Float => (TYPE_CODE_FLOAT, 0),
            TypeData::Double => (TYPE_CODE_DOUBLE, 0),
            TypeData::X86Fp80 => (TYPE_CODE_X86_FP80, 0),
            TypeData::Fp128 => (TYPE_CODE_FP128, 0),
            TypeData::PpcFp128 => (TYPE_CODE_PPC_FP128, 0),
            TypeData::Label => (TYPE_CODE_LABEL, 0),
            TypeData::Metadata => (TYPE_CODE_METADATA, 0),
            TypeData::X86Mmx => (TYPE_CODE_X86_MMX, 0),
            TypeData::Int(bits) => {
                out.rec.push(u64::from(*bits));
                (TYPE_CODE_INTEGER, 0)
            }
            TypeData::Pointer { pointee, addrspace } => {
                let p = tid(out, nb, *pointee)?;
                if *addrspace == 0 && packable && p >> tbits == 0 {
                    let mut f = Fields::new(ptr);
                    f.put(&mut out.w, p, tbits);
                    f.finish(&mut out.w);
                    continue;
                }
                out.rec.extend_from_slice(&[p, u64::from(*addrspace)]);
                (TYPE_CODE_POINTER, if *addrspace == 0 { ptr } else { 0 })
            }
            TypeData::Function {
                ret,
                params,
                vararg,
            } => {
                out.rec.reserve(2 + params.len());
                let r = tid(out, nb, *ret)?;
                out.rec.extend_from_slice(&[u64::from(*vararg), r]);
                for &p in params.iter() {
                    let p = tid(out, nb, p)?;
                    out.rec.push(p);
                }
                (TYPE_CODE_FUNCTION, func)
            }
            TypeData::Struct(s) => {
                // The element ids are checked before the name is written (an error names
                // the struct record's position); they wait in the spare buffer meanwhile.
                let mut elems = std::mem::take(&mut out.spare);
                elems.clear();
                elems.reserve(1 + s.elems.len());
                elems.push(u64::from(s.packed));
                for &e in s.elems.iter() {
                    match nb.ty(e) {
                        Ok(id) => elems.push(id),
                        Err(k) => {
                            out.spare = elems;
                            return Err(out.err(k));
                        }
                    }
                }
                let r = if !s.identified {
                    Ok((TYPE_CODE_STRUCT_ANON, anon))
                } else {
                    let named = match s.name.as_deref().filter(|n| !n.is_empty()) {
                        Some(n) if char_classes(n.as_bytes()).0 => {
                            let layout = ByteRecord {
                                width: 4,
                                code_bits: 0,
                                head: false,
                                elem: Elem::Char6,
                            };
                            emit_bytes(out, TYPE_CODE_STRUCT_NAME, name, layout, n.as_bytes())
                        }
                        Some(n) => out.emit_bytes(TYPE_CODE_STRUCT_NAME, 0, n.as_bytes()),
                        None => Ok(()),
                    };
                    named.map(|()| {
                        if s.opaque {
                            (TYPE_CODE_OPAQUE, 0)
                        } else {
                            (TYPE_CODE_STRUCT_NAMED, named_abbrev)
                        }
                    })
                };
                // The record buffer is empty here (the name record cleared it).
                out.spare = std::mem::replace(&mut out.rec, elems);
                r?
            }
            TypeData::Array { len, elem } => {
                let e = tid(out, nb, *elem)?;
                if packable && e >> tbits == 0 {
                    let mut f = Fields::new(array);
                    f.vbr(&mut out.w, *len, 8);
                    f.put(&mut out.w, e, tbits);
                    f.finish(&mut out.w);
                    continue;
                }
                out.rec.extend_from_slice(&[*len, e]);
                (TYPE_CODE_ARRAY, array)
            }
            TypeData::Vector { len, elem } => {
                let e = tid(out, nb, *elem)?;
                out.rec.extend_from_slice(&[*len, e]);
                (TYPE_CODE_VECTOR, 0)
            }
        };
        if abbrev == 0 {
            out.emit(code, 0)?;
        } else if abbrev != ptr && abbrev != array && packable && pack_list(out, abbrev, tbits) {
            // Function and struct records: a flag, then the type ids as an array.
        } else {
            emit_type(out, code, abbrev, &ids, tbits)?;
        }
    }
    out.exit(prev)
}

/// Packs `out.rec` (a flag, then type ids of `tb` bits) as an abbreviated record of a
/// flag and a fixed-width array, and clears it; false (nothing written) when a value does
/// not fit.
fn pack_list(out: &mut Out, abbrev: u32, tb: u32) -> bool {
    let Some((&flag, elems)) = out.rec.split_first() else {
        return false;
    };
    if flag > 1 || elems.iter().fold(0, |a, &e| a | e) >> tb != 0 {
        return false;
    }
    let w = &mut out.w;
    let mut f = Fields::new(abbrev);
    f.put(w, flag, 1);
    f.vbr(w, elems.len() as u64, 6);
    for &e in elems {
        f.put(w, e, tb);
    }
    f.finish(w);
    out.rec.clear();
    true
}

/// A checked type id, with the error placed at the current position.
#[inline(always)]
pub fn tid(out: &Out, nb: &Numbering, t: dxil_ir::Type) -> Result<u64> {
    nb.ty(t).map_err(|k| out.err(k))
}
