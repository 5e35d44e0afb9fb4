//! The top level and MODULE_BLOCK (LLVM 3.7 `WriteModule`, `WriteModuleInfo`).

use std::sync::OnceLock;

use dxil_bitstream::AbbrevOp::{Fixed, Literal, Vbr};
use dxil_ir::{GlobalCommon, Module, ValueRef};

use super::abbrevs::{define, write_blockinfo};
use super::constants::write_constants;
use super::enumerate::{compute, Enumerated, Orders, Proven};
use super::function::write_function;
use super::metadata::{write_kinds, write_module_metadata};
use super::numbering::Numbering;
use super::options::WriteOptions;
use super::scratch::Scratch;
use super::symtab::{write_module_symtab, write_uselists};
use super::types::{tid, write_attribute_groups, write_attribute_lists, write_types};
use super::{filled, log2_ceil, Out};
use crate::codes::*;
use crate::error::{Error, ErrorKind, Result};
use dxil_bitstream::Words;

/// Writes the whole module into `bytes` (`orders`: already computed for `options`), with
/// the writer and buffers of `out` and `s`.
pub fn write(
    p: Proven<'_>,
    options: WriteOptions,
    orders: Option<Enumerated>,
    out: &mut Out,
    s: &mut Scratch,
    bytes: &mut Vec<u8>,
) -> Result<()> {
    out.w.reset();
    out.rec.clear();
    out.block = "top level";
    let orders = match orders {
        Some(o) => o,
        None => compute(p, options.preserve_use_list_order, s).map_err(|k| out.err(k))?,
    };
    let Enumerated {
        orders,
        type_ids,
        md_ids,
        metadata_ty,
        inst_ids,
    } = orders;
    let m = p.module();
    let mut nb = Numbering::new(m, &orders, type_ids, md_ids, metadata_ty, inst_ids, s)
        .map_err(|k| out.err(k))?;
    write_blocks(out, m, &orders, &mut nb)?;
    let block = out.block;
    out.w.finish_into(bytes).map_err(|e| {
        Error::new(
            ErrorKind::Bitstream(e.kind().clone()),
            block,
            None,
            e.bit_offset(),
        )
    })?;
    s.recycle_orders(orders);
    nb.recycle(s);
    Ok(())
}

/// MODULE_BLOCK and everything in it.
fn write_blocks(out: &mut Out, m: &Module, orders: &Orders, nb: &mut Numbering) -> Result<()> {
    let prev = out.enter(MODULE_BLOCK_ID, 3)?;
    out.emit_ops(MODULE_CODE_VERSION, &[1])?;
    write_blockinfo(out, orders.types.len())?;
    write_attribute_groups(out, m, &orders.attribute_groups, nb)?;
    write_attribute_lists(out, m, &orders.attribute_lists, nb)?;
    write_types(out, m, &orders.types, nb)?;
    for &(kind, name) in &m.comdats {
        let name = m.name_str(name);
        out.rec.extend([kind, name.len() as u64]);
        out.emit_bytes(MODULE_CODE_COMDAT, 0, name.as_bytes())?;
    }
    write_module_info(out, m, nb)?;
    if !orders.module_constants.is_empty() {
        let first = nb.module_values - orders.module_constants.len() as u32;
        write_constants(out, m, None, nb, &orders.module_constants, first)?;
    }
    write_module_metadata(out, m, &orders.module_metadata, nb)?;
    write_kinds(out, m)?;
    write_module_symtab(out, m, nb)?;
    write_uselists(out, &m.uselists)?;
    // Each body's instruction numbers follow the previous bodies' (as the enumeration
    // gave them).
    let mut inst_base = 0;
    for (f, bo) in m.functions.iter().zip(&orders.bodies) {
        if let Some(body) = &f.body {
            write_function(out, m, f, body, bo, nb, inst_base)?;
            inst_base += body.insts.len();
        }
    }
    out.exit(prev)
}

fn string_record(out: &mut Out, code: u32, s: &str) -> Result<()> {
    out.emit_bytes(code, 0, s.as_bytes())
}

/// DXIL's target triple.
const DXIL_TRIPLE: &str = "dxil-ms-dx";

/// DXIL's data layouts: 32-bit minimum precision, then native 16-bit types.
const DXIL_LAYOUTS: [&str; 2] = [
    "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64",
    "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64",
];

/// The TRIPLE and DATALAYOUT records of a DXIL module (nearly every module has one of
/// these pairs), encoded once per process; `None` for any other pair.
fn target_words(triple: Option<&str>, layout: Option<&str>) -> Option<&'static Words> {
    static WORDS: [OnceLock<Option<Words>>; 2] = [const { OnceLock::new() }; 2];
    if triple != Some(DXIL_TRIPLE) {
        return None;
    }
    let i = DXIL_LAYOUTS.iter().position(|&l| Some(l) == layout)?;
    WORDS[i]
        .get_or_init(|| {
            Words::encode(MODULE_BLOCK_ID, 3, |w| {
                w.write_unabbrev_bytes(MODULE_CODE_TRIPLE, &[], DXIL_TRIPLE.as_bytes())?;
                w.write_unabbrev_bytes(MODULE_CODE_DATALAYOUT, &[], DXIL_LAYOUTS[i].as_bytes())
            })
            .ok()
        })
        .as_ref()
}

/// True when a global needs the long GLOBALVAR form.
fn has_extras(c: &GlobalCommon, externally_initialized: bool) -> bool {
    c.thread_local != 0
        || c.visibility != 0
        || c.unnamed_addr
        || externally_initialized
        || c.dll_storage != 0
        || c.comdat != 0
}

#[inline]
fn value_plus_one(out: &Out, nb: &Numbering, v: Option<ValueRef>) -> Result<u64> {
    match v {
        None => Ok(0),
        Some(v) => Ok(u64::from(nb.value(v).map_err(|k| out.err(k))?) + 1),
    }
}

/// The table that numbers a module's `names` section (or GC) names by first use, indexed
/// by name id, 0 while unused; none (no allocation) when there are no names, as in most
/// modules.
fn name_numbers(names: usize) -> Vec<u32> {
    if names == 0 {
        Vec::new()
    } else {
        filled(names + 1, 0)
    }
}

/// The number of name `id` in `numbers` (0: none; ids were checked where first met).
fn number(numbers: &[u32], id: u32) -> u64 {
    u64::from(numbers.get(id as usize).copied().unwrap_or(0))
}

/// Triple, data layout, asm, sections, GC names, the global variable abbreviation, then
/// GLOBALVAR, FUNCTION and ALIAS records.
fn write_module_info(out: &mut Out, m: &Module, nb: &Numbering) -> Result<()> {
    let (triple, layout) = (m.name_of(m.triple), m.name_of(m.datalayout));
    if let Some(words) = target_words(triple, layout) {
        out.w.emit_encoded(words);
    } else {
        if let Some(t) = triple.filter(|t| !t.is_empty()) {
            string_record(out, MODULE_CODE_TRIPLE, t)?;
        }
        if let Some(d) = layout.filter(|d| !d.is_empty()) {
            string_record(out, MODULE_CODE_DATALAYOUT, d)?;
        }
    }
    if let Some(a) = m.asm.as_deref().filter(|a| !a.is_empty()) {
        string_record(out, MODULE_CODE_ASM, a)?;
    }
    // Section and GC names are numbered by first use: globals, then functions (a
    // function's section before its GC name); unused names are not written.
    let mut sections = name_numbers(m.section_names.len());
    let mut gcs = name_numbers(m.gc_names.len());
    let (mut n_sections, mut n_gcs) = (0u32, 0u32);
    let uses = m
        .globals
        .iter()
        .map(|g| (g.section, 0))
        .chain(m.functions.iter().map(|f| (f.section, f.gc)));
    for (section, gc) in uses {
        let bad = || ErrorKind::InvalidRecord("section or GC name id");
        if section != 0 {
            let slot = sections
                .get_mut(section as usize)
                .ok_or_else(|| out.err(bad()))?;
            if *slot == 0 {
                n_sections += 1;
                *slot = n_sections;
                let name = m.name_str(m.section_names[section as usize - 1]);
                string_record(out, MODULE_CODE_SECTIONNAME, name)?;
            }
        }
        if gc != 0 {
            let slot = gcs.get_mut(gc as usize).ok_or_else(|| out.err(bad()))?;
            if *slot == 0 {
                n_gcs += 1;
                *slot = n_gcs;
                let name = m.name_str(m.gc_names[gc as usize - 1]);
                string_record(out, MODULE_CODE_GCNAME, name)?;
            }
        }
    }
    for &d in &m.deplibs {
        string_record(out, MODULE_CODE_DEPLIB, m.name_str(d))?;
    }
    let mut simple = 0;
    if !m.globals.is_empty() {
        let max_align = m
            .globals
            .iter()
            .map(|g| g.align_log2p1)
            .chain(m.functions.iter().map(|f| f.align_log2p1))
            .max()
            .unwrap_or(0);
        let mut max_ty = 0;
        for g in &m.globals {
            max_ty = max_ty.max(tid(out, nb, g.value_ty)?);
        }
        let align_op = if max_align == 0 {
            Literal(0)
        } else {
            Fixed(log2_ceil(u64::from(max_align) + 1))
        };
        let section_op = if n_sections == 0 {
            Literal(0)
        } else {
            Fixed(log2_ceil(u64::from(n_sections) + 1))
        };
        simple = define(
            out,
            &[
                Literal(MODULE_CODE_GLOBALVAR.into()),
                Fixed(log2_ceil(max_ty + 1)),
                Vbr(6),
                Vbr(6),
                Fixed(5),
                align_op,
                section_op,
            ],
        )?;
    }
    for g in &m.globals {
        let c = &g.common;
        let ty = tid(out, nb, g.value_ty)?;
        let init = value_plus_one(out, nb, g.initializer)?;
        out.rec.extend([
            ty,
            u64::from(g.addrspace) << 2 | 2 | u64::from(g.is_constant),
            init,
            u64::from(c.linkage),
            u64::from(g.align_log2p1),
            number(&sections, g.section),
        ]);
        let abbrev = if has_extras(c, g.externally_initialized) {
            out.rec.extend([
                u64::from(c.visibility),
                u64::from(c.thread_local),
                u64::from(c.unnamed_addr),
                u64::from(g.externally_initialized),
                u64::from(c.dll_storage),
                u64::from(c.comdat),
            ]);
            0
        } else {
            simple
        };
        out.emit(MODULE_CODE_GLOBALVAR, abbrev)?;
    }
    for f in &m.functions {
        let c = &f.common;
        let ty = tid(out, nb, f.fn_ty)?;
        let prologue = value_plus_one(out, nb, f.prologue)?;
        let prefix = value_plus_one(out, nb, f.prefix)?;
        let personality = value_plus_one(out, nb, f.personality)?;
        let attrs = nb.attr_list(f.attributes).map_err(|k| out.err(k))?;
        // Written from the stack: no copy through the record buffer.
        let ops = [
            ty,
            u64::from(f.calling_conv),
            u64::from(f.body.is_none()),
            u64::from(c.linkage),
            attrs,
            u64::from(f.align_log2p1),
            number(&sections, f.section),
            u64::from(c.visibility),
            number(&gcs, f.gc),
            u64::from(c.unnamed_addr),
            prologue,
            u64::from(c.dll_storage),
            u64::from(c.comdat),
            prefix,
            personality,
        ];
        out.emit_ops(MODULE_CODE_FUNCTION, &ops)?;
    }
    for a in &m.aliases {
        let c = &a.common;
        let ty = tid(out, nb, c.ty)?;
        let aliasee = u64::from(nb.value(a.aliasee).map_err(|k| out.err(k))?);
        out.rec.extend([
            ty,
            aliasee,
            u64::from(c.linkage),
            u64::from(c.visibility),
            u64::from(c.dll_storage),
            u64::from(c.thread_local),
            u64::from(c.unnamed_addr),
        ]);
        out.emit(MODULE_CODE_ALIAS, 0)?;
    }
    Ok(())
}
