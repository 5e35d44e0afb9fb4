//! VALUE_SYMTAB_BLOCK (LLVM 3.7 `parseValueSymbolTable`) and USELIST_BLOCK
//! (`parseUseLists`, kept as data).

use dxil_ir::{Body, UseList, ValueRef, VstEntry};

use super::cursor::Cursor;
use super::values::State;
use super::{op, K};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// Words a symbol table entry takes in DXC's modules, about the fewest (a value id, a length
/// and a name's characters).
const WORDS_PER_ENTRY: u64 = 2;

/// Reads a value symbol table: the module's (`body` = None) or a function's.
pub(crate) fn read_symtab(
    cur: &mut Cursor<'_>,
    st: &mut State,
    mut body: Option<&mut Body>,
) -> Result<()> {
    let prev = cur.enter(VALUE_SYMTAB_BLOCK_ID)?;
    // Room for the entries the block's length holds at the rate of DXC's (bounded by the bits
    // present).
    let words = u64::from(cur.r.block_len_words()).min(cur.bits_left() / 32);
    let room = usize::try_from(words / WORDS_PER_ENTRY).unwrap_or(0);
    match body.as_deref_mut() {
        Some(b) => b.symtab.reserve(room),
        None => st.m.symtab.reserve(room),
    }
    while let Some(code) = cur.next_record()? {
        let r = entry(st, body.as_deref_mut(), code, &cur.rec.ops);
        r.map_err(|k| cur.err(k))?;
    }
    cur.leave(prev);
    Ok(())
}

fn entry(st: &mut State, body: Option<&mut Body>, code: u32, ops: &[u64]) -> K<()> {
    let id = op(ops, 0)?;
    let name = super::name(&mut st.names, ops.get(1..).unwrap_or(&[]))?;
    match (code, body) {
        (VST_CODE_ENTRY, None) => {
            let (v, _) = st.value(id).ok_or(ErrorKind::BadValue(id))?;
            let slot = match v {
                ValueRef::Global(g) => st.m.globals.get_mut(g).map(|x| &mut x.common),
                ValueRef::Function(f) => st.m.functions.get_mut(f).map(|x| &mut x.common),
                ValueRef::Alias(a) => st.m.aliases.get_mut(a).map(|x| &mut x.common),
                _ => None,
            };
            let common = slot.ok_or(ErrorKind::InvalidRecord("name for a non-global value"))?;
            common.name = Some(name);
            st.m.symtab.push(VstEntry::Value(v));
        }
        (VST_CODE_ENTRY, Some(body)) => {
            let (v, _) = st.value(id).ok_or(ErrorKind::BadValue(id))?;
            let named = match v {
                ValueRef::Arg(a) => body.args.get_mut(a).map(|x| x.name = Some(name)),
                ValueRef::Inst(i) => body.insts.get_mut(i).map(|x| x.set_name(Some(name))),
                _ => None,
            };
            named.ok_or(ErrorKind::InvalidRecord("name for a non-local value"))?;
            body.symtab.push(VstEntry::Value(v));
        }
        (VST_CODE_BBENTRY, Some(body)) => {
            let b = usize::try_from(id)
                .ok()
                .and_then(|i| body.blocks.id_of(i))
                .ok_or(ErrorKind::BadBlock(id))?;
            body.blocks[b].name = Some(name);
            body.symtab.push(VstEntry::Block(b));
        }
        (other, _) => return Err(ErrorKind::UnexpectedRecord(other)),
    }
    Ok(())
}

/// Reads a use-list block into `out`.
pub(crate) fn read_uselists(cur: &mut Cursor<'_>, out: &mut Vec<UseList>) -> Result<()> {
    let prev = cur.enter(USELIST_BLOCK_ID)?;
    while let Some(code) = cur.next_record()? {
        let ops = &cur.rec.ops;
        if code != USELIST_CODE_DEFAULT && code != USELIST_CODE_BB {
            return Err(cur.err(ErrorKind::UnexpectedRecord(code)));
        }
        let Some((&id, indexes)) = ops.split_last().filter(|_| ops.len() >= 3) else {
            return Err(cur.err(ErrorKind::InvalidRecord("use list shorter than 3")));
        };
        out.push(UseList {
            is_block: code == USELIST_CODE_BB,
            indexes: indexes.into(),
            id,
        });
    }
    cur.leave(prev);
    Ok(())
}
