//! The top level and MODULE_BLOCK (LLVM 3.7 `parseModule`).

use dxil_bitstream::{Entry, ReaderBuffers, BLOCKINFO_BLOCK_ID};
use dxil_ir::{
    decode_linkage, Alias, AliasData, CheckedModule, Function, FunctionData, Global, GlobalCommon,
    GlobalValue, GlobalVar, Type, TypeData, ValueRef,
};

use super::attrs::read_attrs;
use super::constants::read_constants;
use super::cursor::Cursor;
use super::function::read_function;
use super::metadata::read_metadata;
use super::symtab::{read_symtab, read_uselists};
use super::types::read_types;
use super::values::{State, StateScratch};
use super::{flag, name, op, op32, string, K};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// A module-level reference resolved once all module values are known.
enum Deferred {
    Init(Global, u64),
    Aliasee(Alias, u64),
    Prologue(Function, u64),
    Prefix(Function, u64),
    Personality(Function, u64),
}

struct ModState {
    st: State,
    deferred: Vec<Deferred>,
    /// Functions with bodies, in record order; bodies are matched to them in order.
    bodies: Vec<Function>,
    next_body: usize,
}

/// Reads an LLVM 3.7 bitcode module (the bitcode of a DXIL or ILDB part, starting with
/// `BC` 0xC0DE, or wrapped in the 0x0B17C0DE header).
///
/// Every record is decoded into the IR; anything not understood is an error naming the block,
/// the record code and the bit offset. A program that reads many modules reads them faster
/// through one [`Decoder`]. This function keeps only the bitstream reader's small buffers per
/// thread (a whole decoder kept per thread was measured slower: its large tables, alive
/// between unrelated callers' allocations, fragment the heap).
pub fn read_module(bitcode: &[u8]) -> Result<CheckedModule> {
    // The bitstream reader's buffers are small and hold what modules from one writer share
    // (their BLOCKINFO block and abbreviation definitions, decoded once): keep them per
    // thread. The value and type tables, which are large, are not kept.
    let mut decoder = Decoder::new();
    if let Some((bufs, ops)) = KEPT_BITSTREAM.take() {
        decoder.bufs = bufs;
        decoder.ops = ops;
    }
    let r = decoder.read_module(bitcode);
    // The operand vector is as long as the longest record read (a long string or list):
    // kept at most at the size ordinary records need, so that it holds no memory the
    // caller's work on the module could use.
    decoder.ops.shrink_to(KEPT_OPS);
    let kept = decoder.bufs.footprint() + decoder.ops.capacity() * 8;
    if kept <= MAX_KEPT_BYTES {
        KEPT_BITSTREAM.set(Some((decoder.bufs, decoder.ops)));
    }
    r
}

/// Most record operands whose room [`read_module`] keeps for the thread's next call.
const KEPT_OPS: usize = 1024;

/// Largest reader buffers [`read_module`] keeps for the thread's next call.
const MAX_KEPT_BYTES: usize = 256 << 10;

thread_local! {
    static KEPT_BITSTREAM: std::cell::Cell<Option<(ReaderBuffers, Vec<u64>)>> =
        const { std::cell::Cell::new(None) };
}

/// A module reader that keeps its working memory between modules: the bitstream reader's
/// scopes and abbreviation pools, the record operand vector, the value and type tables, and
/// the decoded BLOCKINFO block (modules from one writer share it, so it is decoded once).
/// What it returns is the same as [`read_module`]'s.
///
/// ```
/// # let bitcode = dxil_bitcode::write_module(&dxil_ir::build::ModuleBuilder::new().finish()?)?;
/// let mut decoder = dxil_bitcode::Decoder::new();
/// for bc in [&bitcode, &bitcode] {
///     let module = decoder.read_module(bc)?;
///     assert!(module.functions.is_empty());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Decoder {
    bufs: ReaderBuffers,
    ops: Vec<u64>,
    scratch: Scratch,
}

impl Decoder {
    /// A decoder with nothing allocated yet.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    /// Reads one module, as [`read_module`] does.
    pub fn read_module(&mut self, bitcode: &[u8]) -> Result<CheckedModule> {
        let bufs = std::mem::take(&mut self.bufs);
        let ops = std::mem::take(&mut self.ops);
        let mut cur = Cursor::with_buffers(bitcode, bufs, ops)?;
        let mut ms = ModState {
            st: State::with_scratch(std::mem::take(&mut self.scratch.state)),
            deferred: std::mem::take(&mut self.scratch.deferred),
            bodies: std::mem::take(&mut self.scratch.bodies),
            next_body: 0,
        };
        // Names are about a sixth of a part's bytes, ten to a kilobyte, across the corpus:
        // room for a fifth and twelve keeps most pools from growing (bounded by the input).
        let len = bitcode.len();
        ms.st.names.reserve(len / 80, len / 5);
        let r = read_top(&mut cur, &mut ms);
        let (m, state) = ms.st.into_parts();
        self.scratch = Scratch {
            state,
            deferred: ms.deferred,
            bodies: ms.bodies,
        };
        (self.bufs, self.ops) = cur.into_buffers();
        // Every id was range-checked as its record was read, and every forward reference
        // resolved or refused when its block ended (`read_top`).
        r.map(|()| CheckedModule::proven_by_maker(m))
    }
}

/// The reader's tables, emptied, kept for the next module.
#[derive(Default)]
struct Scratch {
    state: StateScratch,
    deferred: Vec<Deferred>,
    bodies: Vec<Function>,
}

fn read_top(cur: &mut Cursor<'_>, ms: &mut ModState) -> Result<()> {
    ms.deferred.clear();
    ms.bodies.clear();
    let mut seen_module = false;
    loop {
        match cur.next()? {
            Entry::EndOfStream => break,
            Entry::SubBlock { block_id } if block_id == BLOCKINFO_BLOCK_ID => {
                cur.r.read_blockinfo_block().map_err(|e| cur.wrap(e))?
            }
            Entry::SubBlock { block_id } if block_id == MODULE_BLOCK_ID && !seen_module => {
                seen_module = true;
                read_module_block(cur, ms)?;
            }
            Entry::SubBlock { block_id } => {
                return Err(cur.err(ErrorKind::UnexpectedBlock(block_id)))
            }
            Entry::Record { .. } | Entry::EndBlock => {
                return Err(cur.err(ErrorKind::Malformed("record at top level")))
            }
        }
    }
    if !seen_module {
        return Err(cur.err(ErrorKind::Malformed("no MODULE_BLOCK")));
    }
    ms.st.check_block_addresses().map_err(|k| cur.err(k))?;
    let m = &mut ms.st.m;
    m.names = ms.st.names.take_names();
    // Room reserved from the input's length and not used, given back where it is large.
    m.pools.trim();
    m.metadata.trim();
    m.constants.trim();
    trim_vec(&mut m.module_constants);
    for body in m.functions.iter_mut().filter_map(|f| f.body.as_mut()) {
        // Reserved from the function block's length.
        body.insts.trim();
        trim_vec(&mut body.constants);
    }
    // Every id is range-checked as its record is read and every forward reference is
    // resolved or refused when its block ends, so the module already passes
    // `Module::check_ids`; the whole-module pass would cost ~5% of decoding. Builds with
    // debug assertions (tests, fuzzing) run it to keep that claim proven.
    if cfg!(debug_assertions) {
        ms.st
            .m
            .check_ids()
            .map_err(|e| cur.err(ErrorKind::InvalidId(e)))?;
    }
    Ok(())
}

/// Gives back a vector's room when it is large and mostly unused (as the IR's `trim`).
fn trim_vec<T>(v: &mut Vec<T>) {
    let slack = (v.capacity() - v.len()) * std::mem::size_of::<T>();
    if slack > 4096 && slack * 4 > v.capacity() * std::mem::size_of::<T>() {
        v.shrink_to_fit();
    }
}

fn read_module_block(cur: &mut Cursor<'_>, ms: &mut ModState) -> Result<()> {
    let prev = cur.enter(MODULE_BLOCK_ID)?;
    loop {
        match cur.next()? {
            Entry::EndBlock => break,
            Entry::EndOfStream => return Err(cur.truncated()),
            Entry::SubBlock { block_id } => match block_id {
                BLOCKINFO_BLOCK_ID => cur.r.read_blockinfo_block().map_err(|e| cur.wrap(e))?,
                PARAMATTR_BLOCK_ID => read_attrs(cur, &mut ms.st, false)?,
                PARAMATTR_GROUP_BLOCK_ID => read_attrs(cur, &mut ms.st, true)?,
                TYPE_BLOCK_ID_NEW => read_types(cur, &mut ms.st)?,
                CONSTANTS_BLOCK_ID => {
                    let mut order = std::mem::take(&mut ms.st.m.module_constants);
                    let r = read_constants(cur, &mut ms.st, &mut order);
                    ms.st.m.module_constants = order;
                    r?;
                }
                METADATA_BLOCK_ID => read_metadata(cur, &mut ms.st, false, &mut Vec::new())?,
                VALUE_SYMTAB_BLOCK_ID => read_symtab(cur, &mut ms.st, None)?,
                USELIST_BLOCK_ID => {
                    let mut lists = std::mem::take(&mut ms.st.m.uselists);
                    let r = read_uselists(cur, &mut lists);
                    ms.st.m.uselists = lists;
                    r?;
                }
                FUNCTION_BLOCK_ID => {
                    let f = *ms.bodies.get(ms.next_body).ok_or_else(|| {
                        cur.err(ErrorKind::Malformed(
                            "more function bodies than definitions",
                        ))
                    })?;
                    ms.next_body += 1;
                    ms.st.seen_body = true;
                    read_function(cur, &mut ms.st, f)?;
                }
                other => return Err(cur.err(ErrorKind::UnexpectedBlock(other))),
            },
            Entry::Record { .. } => {
                let code = cur.rec.code;
                let r = module_record(ms, code, &cur.rec.ops);
                r.map_err(|k| cur.err(k))?;
            }
        }
    }
    if ms.next_body != ms.bodies.len() {
        return Err(cur.err(ErrorKind::Malformed("function definition without a body")));
    }
    resolve_deferred(ms).map_err(|k| cur.err(k))?;
    cur.leave(prev);
    Ok(())
}

fn resolve_deferred(ms: &mut ModState) -> K<()> {
    let st = &mut ms.st;
    for d in ms.deferred.drain(..) {
        let id = match d {
            Deferred::Init(_, id)
            | Deferred::Aliasee(_, id)
            | Deferred::Prologue(_, id)
            | Deferred::Prefix(_, id)
            | Deferred::Personality(_, id) => id,
        };
        let v = st.values.get(id as usize).ok_or(ErrorKind::BadValue(id))?.0;
        let missing = ErrorKind::Malformed("dangling global value");
        match d {
            Deferred::Init(g, _) => st.m.globals.get_mut(g).ok_or(missing)?.initializer = Some(v),
            Deferred::Aliasee(a, _) => st.m.aliases.get_mut(a).ok_or(missing)?.aliasee = v,
            Deferred::Prologue(f, _) => {
                st.m.functions.get_mut(f).ok_or(missing)?.prologue = Some(v)
            }
            Deferred::Prefix(f, _) => st.m.functions.get_mut(f).ok_or(missing)?.prefix = Some(v),
            Deferred::Personality(f, _) => {
                st.m.functions.get_mut(f).ok_or(missing)?.personality = Some(v)
            }
        }
    }
    Ok(())
}

fn small<T: TryFrom<u64>>(v: u64, max: u64, what: &'static str) -> K<T> {
    if v > max {
        return Err(ErrorKind::InvalidRecord(what));
    }
    T::try_from(v).map_err(|_| ErrorKind::InvalidRecord(what))
}

fn linkage(v: u64) -> K<u8> {
    decode_linkage(v).ok_or(ErrorKind::InvalidRecord("unknown linkage"))?;
    small(v, 19, "linkage")
}

/// LLVM 3.7 `parseAlignmentValue`: exponent + 1, at most 2^29.
fn align(v: u64) -> K<u8> {
    small(v, 30, "alignment exceeds 2^29")
}

fn module_record(ms: &mut ModState, code: u32, ops: &[u64]) -> K<()> {
    let st = &mut ms.st;
    match code {
        MODULE_CODE_VERSION => {
            let v = op(ops, 0)?;
            if v > 1 {
                return Err(ErrorKind::Unsupported("module version above 1"));
            }
            st.m.version = v;
            st.relative_ids = v >= 1;
        }
        MODULE_CODE_TRIPLE => st.m.triple = Some(name(&mut st.names, ops)?),
        MODULE_CODE_DATALAYOUT => st.m.datalayout = Some(name(&mut st.names, ops)?),
        MODULE_CODE_ASM => st.m.asm = Some(string(ops)?),
        MODULE_CODE_SECTIONNAME => {
            let n = name(&mut st.names, ops)?;
            st.m.section_names.push(n);
        }
        MODULE_CODE_DEPLIB => {
            let n = name(&mut st.names, ops)?;
            st.m.deplibs.push(n);
        }
        MODULE_CODE_GCNAME => {
            let n = name(&mut st.names, ops)?;
            st.m.gc_names.push(n);
        }
        MODULE_CODE_COMDAT => {
            let kind = op(ops, 0)?;
            let len = usize::try_from(op(ops, 1)?).unwrap_or(usize::MAX);
            let n = ops
                .get(2..2usize.saturating_add(len))
                .ok_or(ErrorKind::InvalidRecord("comdat name"))?;
            let n = name(&mut st.names, n)?;
            st.m.comdats.push((kind, n));
        }
        MODULE_CODE_GLOBALVAR => global_var(ms, ops)?,
        MODULE_CODE_FUNCTION => function(ms, ops)?,
        MODULE_CODE_ALIAS => alias(ms, ops)?,
        other => return Err(ErrorKind::UnexpectedRecord(other)),
    }
    Ok(())
}

fn common_tail(st: &State, c: &mut GlobalCommon, ops: &[u64], at: [Option<usize>; 5]) -> K<()> {
    let [vis, tls, unnamed, dll, comdat] = at;
    if let Some(v) = vis.and_then(|i| ops.get(i)) {
        c.visibility = small(*v, 2, "visibility")?;
    }
    if let Some(v) = tls.and_then(|i| ops.get(i)) {
        c.thread_local = small(*v, 4, "thread-local mode")?;
    }
    if let Some(i) = unnamed.filter(|&i| i < ops.len()) {
        c.unnamed_addr = flag(ops, i)?;
    }
    if let Some(v) = dll.and_then(|i| ops.get(i)) {
        c.dll_storage = small(*v, 2, "DLL storage class")?;
    }
    if let Some(v) = comdat.and_then(|i| ops.get(i)) {
        c.comdat = small(*v, st.m.comdats.len() as u64, "comdat id")?;
    }
    Ok(())
}

/// Room made for functions when the first is read: a DXIL module declares the `dx.op`
/// functions it calls, a dozen or fewer, and defines one or a few.
const FUNCTIONS_ROOM: usize = 16;

/// Room made for global values (functions, variables, aliases) when the first is read.
const GLOBALS_ROOM: usize = 32;

fn push_global_value(st: &mut State, g: GlobalValue, ty: Type) -> K<()> {
    if st.values.len() >= (u32::MAX / 2) as usize {
        return Err(ErrorKind::InvalidRecord("too many values"));
    }
    if st.m.global_values.is_empty() {
        st.m.global_values.reserve(GLOBALS_ROOM);
    }
    st.m.global_values.push(g);
    st.values.push((ValueRef::from(g), ty));
    Ok(())
}

fn global_var(ms: &mut ModState, ops: &[u64]) -> K<()> {
    let st = &mut ms.st;
    if ops.len() < 6 {
        return Err(ErrorKind::InvalidRecord("GLOBALVAR needs 6 operands"));
    }
    let ty = st.ty(ops[0])?;
    let bits = ops[1];
    let explicit_type = bits & 2 != 0;
    let (value_ty, addrspace, ptr_ty) = if explicit_type {
        let a = u32::try_from(bits >> 2).map_err(|_| ErrorKind::InvalidRecord("addrspace"))?;
        (ty, a, st.pointer_to(ty, a)?)
    } else {
        match *st.td(ty) {
            TypeData::Pointer { pointee, addrspace } => (pointee, addrspace, ty),
            _ => return Err(ErrorKind::TypeMismatch("global of a non-pointer type")),
        }
    };
    let section = small(ops[5], st.m.section_names.len() as u64, "section id")?;
    let mut common = GlobalCommon {
        linkage: linkage(ops[3])?,
        ..GlobalCommon::new(ptr_ty)
    };
    common_tail(
        st,
        &mut common,
        ops,
        [Some(6), Some(7), Some(8), Some(10), Some(11)],
    )?;
    let externally_initialized = ops.len() > 9 && flag(ops, 9)?;
    let g =
        st.m.globals
            .next_id()
            .ok_or(ErrorKind::InvalidRecord("globals"))?;
    if ops[2] != 0 {
        ms.deferred.push(Deferred::Init(g, ops[2] - 1));
    }
    st.m.globals.push(GlobalVar {
        common,
        value_ty,
        addrspace,
        is_constant: bits & 1 != 0,
        explicit_type,
        initializer: None,
        align_log2p1: align(ops[4])?,
        section,
        externally_initialized,
        record_len: ops.len().min(255) as u8,
    });
    push_global_value(st, GlobalValue::Global(g), ptr_ty)
}

fn function(ms: &mut ModState, ops: &[u64]) -> K<()> {
    let st = &mut ms.st;
    if ops.len() < 8 {
        return Err(ErrorKind::InvalidRecord("FUNCTION needs 8 operands"));
    }
    let mut fn_ty = st.ty(ops[0])?;
    if let TypeData::Pointer { pointee, .. } = *st.td(fn_ty) {
        fn_ty = pointee;
    }
    if !matches!(st.td(fn_ty), TypeData::Function { .. }) {
        return Err(ErrorKind::TypeMismatch("function of a non-function type"));
    }
    let ptr_ty = st.pointer_to(fn_ty, 0)?;
    let mut common = GlobalCommon {
        linkage: linkage(ops[3])?,
        ..GlobalCommon::new(ptr_ty)
    };
    common_tail(
        st,
        &mut common,
        ops,
        [Some(7), None, Some(9), Some(11), Some(12)],
    )?;
    if st.m.functions.is_empty() {
        st.m.functions.reserve(FUNCTIONS_ROOM);
    }
    let f =
        st.m.functions
            .next_id()
            .ok_or(ErrorKind::InvalidRecord("functions"))?;
    let is_proto = flag(ops, 2)?;
    let gc = match ops.get(8) {
        Some(&v) => small(v, st.m.gc_names.len() as u64, "gc id")?,
        None => 0,
    };
    for (i, mk) in [
        (10, Deferred::Prologue as fn(Function, u64) -> Deferred),
        (13, Deferred::Prefix),
        (14, Deferred::Personality),
    ] {
        if let Some(&v) = ops.get(i).filter(|&&v| v != 0) {
            ms.deferred.push(mk(f, v - 1));
        }
    }
    st.m.functions.push(FunctionData {
        common,
        fn_ty,
        calling_conv: op32(ops, 1)?,
        is_proto,
        attributes: small(
            ops[4],
            st.m.attribute_lists.len() as u64,
            "attribute list id",
        )?,
        align_log2p1: align(ops[5])?,
        section: small(ops[6], st.m.section_names.len() as u64, "section id")?,
        gc,
        prologue: None,
        prefix: None,
        personality: None,
        record_len: ops.len().min(255) as u8,
        attachments: Vec::new(),
        body: None,
    });
    if !is_proto {
        ms.bodies.push(f);
    }
    push_global_value(st, GlobalValue::Function(f), ptr_ty)
}

fn alias(ms: &mut ModState, ops: &[u64]) -> K<()> {
    let st = &mut ms.st;
    if ops.len() < 3 {
        return Err(ErrorKind::InvalidRecord("ALIAS needs 3 operands"));
    }
    let ty = st.ty(ops[0])?;
    if !matches!(st.td(ty), TypeData::Pointer { .. }) {
        return Err(ErrorKind::TypeMismatch("alias of a non-pointer type"));
    }
    let mut common = GlobalCommon {
        linkage: linkage(ops[2])?,
        ..GlobalCommon::new(ty)
    };
    common_tail(
        st,
        &mut common,
        ops,
        [Some(3), Some(5), Some(6), Some(4), None],
    )?;
    let a =
        st.m.aliases
            .next_id()
            .ok_or(ErrorKind::InvalidRecord("aliases"))?;
    ms.deferred.push(Deferred::Aliasee(a, ops[1]));
    st.m.aliases.push(AliasData {
        common,
        // Replaced by the resolved aliasee when the module block ends.
        aliasee: ValueRef::Alias(a),
        record_len: ops.len().min(255) as u8,
    });
    push_global_value(st, GlobalValue::Alias(a), ty)
}
