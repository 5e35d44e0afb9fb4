//! PARAMATTR_GROUP_BLOCK and PARAMATTR_BLOCK (LLVM 3.7 `parseAttributeGroupBlock`,
//! `parseAttributeBlock`).

use dxil_ir::{Attribute, AttributeGroup, AttributeList};

use super::cursor::Cursor;
use super::values::State;
use super::{op, op32, K};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// Reads PARAMATTR_GROUP_BLOCK (`group = true`) or PARAMATTR_BLOCK.
pub(crate) fn read_attrs(cur: &mut Cursor<'_>, st: &mut State, group: bool) -> Result<()> {
    let id = if group {
        PARAMATTR_GROUP_BLOCK_ID
    } else {
        PARAMATTR_BLOCK_ID
    };
    let prev = cur.enter(id)?;
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
    let mut attrs = Vec::new();
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
