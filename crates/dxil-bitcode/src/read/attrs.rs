//! PARAMATTR_GROUP_BLOCK and PARAMATTR_BLOCK (LLVM 3.7 `parseAttributeGroupBlock`,
//! `parseAttributeBlock`).

use dxil_ir::{Attribute, AttributeGroup, AttributeList};

use super::cursor::Cursor;
use super::values::State;
use super::{op, op32, K};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// Words an attribute group or list takes in DXC's modules, about the fewest.
const WORDS_PER_ENTRY: u64 = 2;

/// Reads PARAMATTR_GROUP_BLOCK (`group = true`) or PARAMATTR_BLOCK.
pub(crate) fn read_attrs(cur: &mut Cursor<'_>, st: &mut State, group: bool) -> Result<()> {
    let id = if group {
        PARAMATTR_GROUP_BLOCK_ID
    } else {
        PARAMATTR_BLOCK_ID
    };
    let prev = cur.enter(id)?;
    // Room for the records the block's length holds at the rate of DXC's (bounded by the bits
    // present).
    let words = u64::from(cur.r.block_len_words()).min(cur.bits_left() / 32);
    let room = usize::try_from(words / WORDS_PER_ENTRY).unwrap_or(0);
    if group {
        st.m.attribute_groups.reserve(room);
    } else {
        st.m.attribute_lists.reserve(room);
    }
    while let Some(code) = cur.next_record()? {
        let ops = &cur.rec.ops;
        let r = match (group, code) {
            (true, PARAMATTR_GRP_CODE_ENTRY) => {
                group_entry(ops).map(|g| st.m.attribute_groups.push(g))
            }
            (false, PARAMATTR_CODE_ENTRY) => super::map_ops(ops, |g| {
                u32::try_from(g).map_err(|_| ErrorKind::InvalidRecord("group id"))
            })
            .map(|groups| st.m.attribute_lists.push(AttributeList { groups })),
            (_, 1) if !group => Err(ErrorKind::Unsupported("pre-3.3 PARAMATTR_CODE_ENTRY_OLD")),
            (_, other) => Err(ErrorKind::UnexpectedRecord(other)),
        };
        r.map_err(|k| cur.err(k))?;
    }
    cur.leave(prev);
    Ok(())
}

/// PARAMATTR_GRP_CODE_ENTRY: [grpid, paramidx, (kind, attr...)...].
fn group_entry(ops: &[u64]) -> K<AttributeGroup> {
    let id = op32(ops, 0)?;
    let index = op32(ops, 1)?;
    let mut attrs = Vec::with_capacity(count_attrs(ops));
    let mut i = 2;
    while i < ops.len() {
        let kind = op(ops, i)?;
        i += 1;
        match kind {
            0 => {
                attrs.push(Attribute::Enum(op32(ops, i)?));
                i += 1;
            }
            1 => {
                attrs.push(Attribute::Int(op32(ops, i)?, op(ops, i + 1)?));
                i += 2;
            }
            3 | 4 => {
                let key = c_string(ops, &mut i)?;
                let value = if kind == 4 {
                    Some(c_string(ops, &mut i)?)
                } else {
                    None
                };
                attrs.push(Attribute::String { key, value });
            }
            _ => return Err(ErrorKind::InvalidRecord("unknown attribute encoding")),
        }
    }
    Ok(AttributeGroup { id, index, attrs })
}

/// How many attributes the operands of a group entry hold (those before a malformed one).
fn count_attrs(ops: &[u64]) -> usize {
    let mut n = 0;
    let mut i = 2;
    while let Some(&kind) = ops.get(i) {
        let strings = match kind {
            0 => {
                i += 2;
                0
            }
            1 => {
                i += 3;
                0
            }
            3 => 1,
            4 => 2,
            _ => break,
        };
        if strings > 0 {
            i += 1;
            for _ in 0..strings {
                match ops.get(i..).and_then(|r| r.iter().position(|&c| c == 0)) {
                    Some(len) => i += len + 1,
                    None => return n,
                }
            }
        }
        n += 1;
    }
    n
}

/// A NUL-terminated string starting at `*i`; leaves `*i` after the NUL.
fn c_string(ops: &[u64], i: &mut usize) -> K<String> {
    let rest = ops.get(*i..).unwrap_or(&[]);
    let len = rest
        .iter()
        .position(|&c| c == 0)
        .ok_or(ErrorKind::InvalidRecord(
            "attribute string not NUL-terminated",
        ))?;
    let s = super::string(&rest[..len])?;
    *i += len + 1;
    Ok(s)
}
