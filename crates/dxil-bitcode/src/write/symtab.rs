//! VALUE_SYMTAB_BLOCK (LLVM 3.7 `WriteValueSymbolTable` with DXC's change: entries sorted
//! by name) and USELIST_BLOCK (records kept as data).

use dxil_ir::{Body, Module, UseList, ValueRef};

use super::abbrevs::*;
use super::numbering::Numbering;
use super::pack::{emit_bytes, ByteRecord, Elem};
use super::{char_classes, Fields, Out};
use crate::codes::*;
use crate::error::Result;
use dxil_bitstream::char6;

/// One symbol: name, id, basic block or value, and its sort key.
struct Sym<'a> {
    /// The name's first 16 bytes, big-endian, zero-padded: most names differ there, so
    /// most comparisons are one integer comparison.
    key: u128,
    name: &'a [u8],
    id: u64,
    block: bool,
}

impl<'a> Sym<'a> {
    #[inline]
    fn new(name: &'a [u8], id: u64, block: bool) -> Self {
        let mut head = [0u8; 16];
        let n = name.len().min(16);
        head[..n].copy_from_slice(&name[..n]);
        Sym {
            key: u128::from_be_bytes(head),
            name,
            id,
            block,
        }
    }
}

fn write_syms(out: &mut Out, syms: &mut [Sym<'_>]) -> Result<()> {
    if syms.is_empty() {
        return Ok(());
    }
    // DXC sorts the table by name (byte order) so the output does not depend on hashing.
    // The keys order as the names do where they differ (a shorter name's padding sorts
    // below any byte but 0, and a tie falls back to the names); the sort is stable, so
    // equal names keep their order.
    syms.sort_by(|a, b| a.key.cmp(&b.key).then_with(|| a.name.cmp(b.name)));
    let prev = out.enter(VALUE_SYMTAB_BLOCK_ID, super::abbrevs::ABBREV_ID_WIDTH)?;
    for s in syms.iter() {
        let (char6, seven) = char_classes(s.name);
        if char6 {
            // BLOCKINFO's char6 layouts (4-bit abbreviation ids, the code a literal, the id
            // a vbr8, the name an array), packed here: most names are char6.
            let abbrev = if s.block { VST_BBENTRY_6 } else { VST_ENTRY_6 };
            let w = &mut out.w;
            let mut f = Fields::new(abbrev);
            f.vbr(w, s.id, 8);
            f.vbr(w, s.name.len() as u64, 6);
            f.bytes(w, s.name, 6, |b| u64::from(char6::CODES[usize::from(b)]));
            f.finish(w);
            continue;
        }
        // The 8-bit layout writes the code in 3 bits, the 7-bit one as a literal.
        let (code, abbrev, code_bits, elem) = if seven && !s.block {
            (VST_CODE_ENTRY, VST_ENTRY_7, 0, Elem::Fixed7)
        } else if s.block {
            (VST_CODE_BBENTRY, VST_ENTRY_8, 3, Elem::Fixed8)
        } else {
            (VST_CODE_ENTRY, VST_ENTRY_8, 3, Elem::Fixed8)
        };
        let layout = ByteRecord {
            width: 4,
            code_bits,
            head: true,
            elem,
        };
        out.rec.push(s.id);
        emit_bytes(out, code, abbrev, layout, s.name)?;
    }
    out.exit(prev)
}

/// The module symbol table: every named global variable, function and alias.
pub fn write_module_symtab(out: &mut Out, m: &Module, nb: &Numbering) -> Result<()> {
    let mut syms = Vec::with_capacity(m.globals.len() + m.functions.len() + m.aliases.len());
    let named = m
        .globals
        .iter_with_ids()
        .map(|(i, g)| (ValueRef::Global(i), &g.common))
        .chain(
            m.functions
                .iter_with_ids()
                .map(|(i, f)| (ValueRef::Function(i), &f.common)),
        )
        .chain(
            m.aliases
                .iter_with_ids()
                .map(|(i, a)| (ValueRef::Alias(i), &a.common)),
        );
    for (v, c) in named {
        if let Some(name) = m.name_of(c.name).filter(|n| !n.is_empty()) {
            let id = nb.value(v).map_err(|k| out.err(k))?;
            syms.push(Sym::new(name.as_bytes(), u64::from(id), false));
        }
    }
    write_syms(out, &mut syms)
}

/// A body's symbol table: named arguments, instructions and blocks.
pub fn write_body_symtab(out: &mut Out, m: &Module, body: &Body, nb: &Numbering) -> Result<()> {
    let mut syms = Vec::new();
    for (i, a) in body.args.iter_with_ids() {
        if let Some(name) = m.name_of(a.name).filter(|n| !n.is_empty()) {
            let id = nb.value(ValueRef::Arg(i)).map_err(|k| out.err(k))?;
            syms.push(Sym::new(name.as_bytes(), u64::from(id), false));
        }
    }
    for (i, inst) in body.insts.iter_with_ids() {
        if let Some(name) = m.name_of(inst.name()).filter(|n| !n.is_empty()) {
            let id = nb.value(ValueRef::Inst(i)).map_err(|k| out.err(k))?;
            syms.push(Sym::new(name.as_bytes(), u64::from(id), false));
        }
    }
    for (i, b) in body.blocks.iter().enumerate() {
        if let Some(name) = m.name_of(b.name).filter(|n| !n.is_empty()) {
            syms.push(Sym::new(name.as_bytes(), i as u64, true));
        }
    }
    write_syms(out, &mut syms)
}

/// A use-list block with the records as kept.
pub fn write_uselists(out: &mut Out, lists: &[UseList]) -> Result<()> {
    if lists.is_empty() {
        return Ok(());
    }
    let prev = out.enter(USELIST_BLOCK_ID, 3)?;
    for l in lists {
        out.rec.extend(l.indexes.iter().copied());
        out.rec.push(l.id);
        let code = if l.is_block {
            USELIST_CODE_BB
        } else {
            USELIST_CODE_DEFAULT
        };
        out.emit(code, 0)?;
    }
    out.exit(prev)
}
