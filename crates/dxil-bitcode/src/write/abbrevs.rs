//! Abbreviations: the BLOCKINFO block LLVM 3.7's writer emits (`WriteBlockInfo`) and the
//! ids the standard abbreviations get in each block.

use std::sync::{Arc, OnceLock};

use dxil_bitstream::{Abbrev, AbbrevOp, AbbrevSet, BlockInfo};

use super::{log2_ceil, Out};
use crate::codes::*;
use crate::error::Result;

/// The abbreviation id width LLVM 3.7's writer opens the type, constants, function and
/// value symbol table blocks with (the records `pack` writes assume it).
pub const ABBREV_ID_WIDTH: u32 = 4;

/// VALUE_SYMTAB_BLOCK: 8-bit entries (code in a 3-bit field).
pub const VST_ENTRY_8: u32 = 4;
/// VALUE_SYMTAB_BLOCK: 7-bit VST_ENTRY.
pub const VST_ENTRY_7: u32 = 5;
/// VALUE_SYMTAB_BLOCK: char6 VST_ENTRY.
pub const VST_ENTRY_6: u32 = 6;
/// VALUE_SYMTAB_BLOCK: char6 VST_BBENTRY.
pub const VST_BBENTRY_6: u32 = 7;

/// CONSTANTS_BLOCK: SETTYPE.
pub const CST_SETTYPE: u32 = 4;
/// CONSTANTS_BLOCK: INTEGER.
pub const CST_INTEGER: u32 = 5;
/// CONSTANTS_BLOCK: CE_CAST.
pub const CST_CE_CAST: u32 = 6;
// Id 7 is CST_CODE_NULL, defined but never used by the writer.
/// CONSTANTS_BLOCK (module only): AGGREGATE.
pub const CST_AGGREGATE: u32 = 8;
/// CONSTANTS_BLOCK (module only): STRING, 8-bit.
pub const CST_STRING8: u32 = 9;
/// CONSTANTS_BLOCK (module only): CSTRING, 7-bit.
pub const CST_CSTRING7: u32 = 10;
/// CONSTANTS_BLOCK (module only): CSTRING, char6.
pub const CST_CSTRING6: u32 = 11;

/// FUNCTION_BLOCK: INST_LOAD.
pub const FN_LOAD: u32 = 4;
/// FUNCTION_BLOCK: INST_BINOP.
pub const FN_BINOP: u32 = 5;
/// FUNCTION_BLOCK: INST_BINOP with flags.
pub const FN_BINOP_FLAGS: u32 = 6;
/// FUNCTION_BLOCK: INST_CAST.
pub const FN_CAST: u32 = 7;
/// FUNCTION_BLOCK: INST_RET without a value.
pub const FN_RET_VOID: u32 = 8;
/// FUNCTION_BLOCK: INST_RET with a value.
pub const FN_RET_VAL: u32 = 9;
/// FUNCTION_BLOCK: INST_UNREACHABLE.
pub const FN_UNREACHABLE: u32 = 10;
/// FUNCTION_BLOCK: INST_GEP.
pub const FN_GEP: u32 = 11;

use AbbrevOp::{Array, Char6, Fixed, Literal, Vbr};

/// Builds an abbreviation from operands known to be valid.
pub fn abbrev(ops: &[AbbrevOp]) -> Abbrev {
    // The operand lists in this module are all valid; a failure would be a bug here, so
    // fall back to a one-literal abbreviation rather than panicking.
    Abbrev::new(ops.to_vec()).unwrap_or_else(|_| {
        Abbrev::new(vec![Literal(0)]).unwrap_or_else(|_| unreachable!("literal abbreviation"))
    })
}

/// Defines `ops` as the next abbreviation of the current block.
pub fn define(out: &mut Out, ops: &[AbbrevOp]) -> Result<u32> {
    out.w.define_abbrev(abbrev(ops)).map_err(|e| out.bs(e))
}

/// Defines a shared abbreviation as the next of the current block (no copy of it).
pub fn define_shared(out: &mut Out, a: &Arc<Abbrev>) -> Result<u32> {
    out.w.define_abbrev(Arc::clone(a)).map_err(|e| out.bs(e))
}

/// Abbreviations that depend on one field width, built once per process per width (the
/// writer defines the same few in every module).
pub type ByWidth<const N: usize> = [OnceLock<[Arc<Abbrev>; N]>; 65];

/// The abbreviations `ops(width)` from `table`, built on first use.
pub fn by_width<const N: usize>(
    table: &'static ByWidth<N>,
    width: u8,
    ops: fn(u8) -> [Vec<AbbrevOp>; N],
) -> &'static [Arc<Abbrev>; N] {
    let w = width.min(64);
    table[usize::from(w)].get_or_init(|| ops(w).map(|o| Arc::new(abbrev(&o))))
}

/// Abbreviation sets that depend on one field width, encoded once per process per width.
pub type SetByWidth = [OnceLock<Option<AbbrevSet>>; 65];

/// Defines the abbreviations `ops(width)` as the next of the current block (abbreviation
/// id width `block_width`), from their encoding in `table` (made on first use); returns
/// the id of the first.
pub fn define_set<const N: usize>(
    out: &mut Out,
    table: &'static SetByWidth,
    width: u8,
    block_width: u32,
    ops: fn(u8) -> [Vec<AbbrevOp>; N],
) -> Result<u32> {
    let w = width.min(64);
    let set = table[usize::from(w)].get_or_init(|| {
        let list = ops(w).iter().map(|o| Arc::new(abbrev(o))).collect();
        AbbrevSet::new(list, block_width).ok()
    });
    match set {
        Some(set) => out.w.define_abbrev_set(set).map_err(|e| out.bs(e)),
        // Not reached (the operands are valid); defined the long way, the error is placed.
        None => {
            let mut first = None;
            for o in ops(w) {
                let id = define(out, &o)?;
                first.get_or_insert(id);
            }
            Ok(first.unwrap_or(0))
        }
    }
}

/// The BLOCKINFO block per type-id width, encoded once per process: it depends on nothing
/// else, and every module written with that width shares it.
static BLOCKINFO: [OnceLock<Option<BlockInfo>>; 65] = [const { OnceLock::new() }; 65];

/// Writes the BLOCKINFO block (LLVM 3.7 `WriteBlockInfo`); `type_count` is the number of
/// types in the table.
pub fn write_blockinfo(out: &mut Out, type_count: usize) -> Result<()> {
    let tb = log2_ceil(type_count as u64 + 1);
    let info = BLOCKINFO[usize::from(tb).min(64)]
        .get_or_init(|| BlockInfo::new(blockinfo_table(tb), 2).ok())
        .as_ref();
    match info {
        Some(info) => out.w.write_blockinfo(info).map_err(|e| out.bs(e)),
        // Not reached (the table is valid); written the long way, the error is placed.
        None => {
            let prev = out.enter(dxil_bitstream::BLOCKINFO_BLOCK_ID, 2)?;
            for (block, a) in blockinfo_table(tb) {
                out.w.blockinfo_abbrev(block, a).map_err(|e| out.bs(e))?;
            }
            out.exit(prev)
        }
    }
}

/// The abbreviations `WriteBlockInfo` registers, by block, for type ids of `tb` bits.
fn blockinfo_table(tb: u8) -> Vec<(u32, Arc<Abbrev>)> {
    let v = VALUE_SYMTAB_BLOCK_ID;
    let c = CONSTANTS_BLOCK_ID;
    let f = FUNCTION_BLOCK_ID;
    let lit = |x: u32| Literal(u64::from(x));
    let table: [(u32, &[AbbrevOp]); 16] = [
        (v, &[Fixed(3), Vbr(8), Array, Fixed(8)]),
        (v, &[lit(VST_CODE_ENTRY), Vbr(8), Array, Fixed(7)]),
        (v, &[lit(VST_CODE_ENTRY), Vbr(8), Array, Char6]),
        (v, &[lit(VST_CODE_BBENTRY), Vbr(8), Array, Char6]),
        (c, &[lit(CST_CODE_SETTYPE), Fixed(tb)]),
        (c, &[lit(CST_CODE_INTEGER), Vbr(8)]),
        (c, &[lit(CST_CODE_CE_CAST), Fixed(4), Fixed(tb), Vbr(8)]),
        (c, &[lit(CST_CODE_NULL)]),
        (
            f,
            &[
                lit(FUNC_CODE_INST_LOAD),
                Vbr(6),
                Fixed(tb),
                Vbr(4),
                Fixed(1),
            ],
        ),
        (f, &[lit(FUNC_CODE_INST_BINOP), Vbr(6), Vbr(6), Fixed(4)]),
        (
            f,
            &[
                lit(FUNC_CODE_INST_BINOP),
                Vbr(6),
                Vbr(6),
                Fixed(4),
                Fixed(7),
            ],
        ),
        (f, &[lit(FUNC_CODE_INST_CAST), Vbr(6), Fixed(tb), Fixed(4)]),
        (f, &[lit(FUNC_CODE_INST_RET)]),
        (f, &[lit(FUNC_CODE_INST_RET), Vbr(6)]),
        (f, &[lit(FUNC_CODE_INST_UNREACHABLE)]),
        (
            f,
            &[lit(FUNC_CODE_INST_GEP), Fixed(1), Fixed(tb), Array, Vbr(6)],
        ),
    ];
    table
        .iter()
        .map(|&(block, ops)| (block, Arc::new(abbrev(ops))))
        .collect()
}
