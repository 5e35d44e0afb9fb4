//! FUNCTION_BLOCK (LLVM 3.7 `parseFunctionBody`): blocks, instructions, debug locations,
//! and the body's constants, metadata, symbol table, attachments and use lists.

use dxil_bitstream::Entry;
use dxil_ir::*;

use super::constants::read_constants;
use super::cursor::Cursor;
use super::metadata::{read_metadata, MdFixup};
use super::symtab::{read_symtab, read_uselists};
use super::values::{State, TY_LABEL, TY_METADATA, TY_VOID};
use super::{decode_signed, flag, op, op32, K};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// Forward references are parked as `Arg(FWD_BASE + k)` until the body is complete
/// (function types have fewer than 2^24 parameters, so real arguments never reach it).
const FWD_BASE: u32 = 1 << 31;

/// State of the body being read.
struct Fn {
    body: Body,
    /// The DECLAREBLOCKS count; blocks are created as their first instruction arrives, so
    /// memory follows the content rather than the declared count.
    declared: usize,
    cur_block: usize,
    /// The first instruction of the current block (its instructions are the ones pushed
    /// since).
    block_start: usize,
    last_loc: Option<DebugLoc>,
    /// Forward references: (absolute value id, expected type).
    fwd: Vec<(u32, Type)>,
    /// The instructions that hold a forward reference, in order (an instruction is listed
    /// once per reference).
    fwd_insts: Vec<u32>,
    md_fixups: Vec<MdFixup>,
    fn_attachments: Vec<(u32, Metadata)>,
    /// Signatures of the callee types met, direct-mapped by type index.
    sigs: [Option<Sig>; SIG_SLOTS],
    /// GEP result pointer types met, `(pointee, address space) -> pointer`, direct-mapped by
    /// the pointee's index (a body's GEPs reach a few types over and over).
    gep_ptrs: [Option<(Type, u32, Type)>; SIG_SLOTS],
    /// The last vector compare: operand type and result type.
    bool_vec: Option<(Type, Type)>,
    /// The function block's length in bits, capped by the bytes present.
    bits: u64,
}

/// Too many elements for an operand list (the pool holds at most 2^32 of a type).
const POOL_FULL: ErrorKind = ErrorKind::InvalidRecord("too many operands in the function");

/// Reads the body of function `f`.
pub(crate) fn read_function(cur: &mut Cursor<'_>, st: &mut State, f: Function) -> Result<()> {
    let prev = cur.enter(FUNCTION_BLOCK_ID)?;
    // The block's length, capped by the bytes present, bounds what its records can hold.
    let bits = (u64::from(cur.r.block_len_words()) * 32).min(cur.bits_left());
    let fn_ty =
        st.m.functions
            .get(f)
            .map(|x| x.fn_ty)
            .ok_or_else(|| cur.err(ErrorKind::Malformed("body for an unknown function")))?;
    let n_params = match st.td(fn_ty) {
        TypeData::Function { params, .. } => params.len(),
        _ => return Err(cur.err(ErrorKind::TypeMismatch("function of a non-function type"))),
    };
    let values_start = st.values.len();
    st.local_md.clear();
    let mut fs = Fn {
        body: body_for(bits),
        declared: 0,
        cur_block: 0,
        block_start: 0,
        last_loc: None,
        fwd: Vec::new(),
        fwd_insts: Vec::new(),
        md_fixups: Vec::new(),
        fn_attachments: Vec::new(),
        sigs: [None; SIG_SLOTS],
        gep_ptrs: [None; SIG_SLOTS],
        bool_vec: None,
        bits,
    };
    // The parameter types are read from the type table while the values grow (no copy).
    let State { m, values, .. } = &mut *st;
    if let Some(TypeData::Function { params, .. }) = m.types.get(fn_ty) {
        fs.body.args.reserve(n_params);
        values.reserve(n_params);
        for &ty in params.iter() {
            let a = fs.body.args.push(ArgData { ty, name: None });
            values.push((ValueRef::Arg(a), ty));
        }
    }
    loop {
        match cur.next()? {
            Entry::EndBlock => break,
            Entry::EndOfStream => return Err(cur.truncated()),
            Entry::SubBlock { block_id } => match block_id {
                CONSTANTS_BLOCK_ID => read_constants(cur, st, &mut fs.body.constants)?,
                METADATA_BLOCK_ID => read_metadata(cur, st, true, &mut fs.md_fixups)?,
                VALUE_SYMTAB_BLOCK_ID => read_symtab(cur, st, Some(&mut fs.body))?,
                METADATA_ATTACHMENT_ID => read_attachments(cur, st, &mut fs)?,
                USELIST_BLOCK_ID => read_uselists(cur, &mut fs.body.uselists)?,
                other => return Err(cur.err(ErrorKind::UnexpectedBlock(other))),
            },
            Entry::Record { .. } => {
                let code = cur.rec.code;
                let r = record(st, &mut fs, code, &cur.rec.ops, cur);
                r.map_err(|k| cur.err(k))?;
            }
        }
    }
    if fs.declared == 0 || fs.cur_block != fs.declared || fs.body.blocks.len() != fs.declared {
        return Err(cur.err(ErrorKind::Malformed(
            "function body ends before its last block is terminated",
        )));
    }
    resolve_forward(st, &mut fs).map_err(|k| cur.err(k))?;
    fs.body.local_metadata = std::mem::take(&mut st.local_md);
    let Fn {
        body,
        fn_attachments,
        ..
    } = fs;
    if let Some(func) = st.m.functions.get_mut(f) {
        func.body = Some(body);
        func.attachments = fn_attachments;
    }
    st.values.truncate(values_start);
    st.local_md.clear();
    cur.leave(prev);
    Ok(())
}

/// Bits of a function block per instruction, value operand, and (value, block) pair or
/// aggregate index, below which few bodies of DXC's output go (the corpus: 5% of bodies
/// spend under 43 bits per instruction and under 25 per value operand, with the block's
/// constants, metadata and symbol table counted in). Reserving by them makes most bodies
/// allocate each vector once; a body denser than that grows it as a vector does.
const BITS_PER_INST: u64 = 40;
const BITS_PER_VALUE: u64 = 24;
const BITS_PER_RARE: u64 = 160;

/// An empty body with room for the instructions and value operands a function block of
/// `bits` bits typically holds: a bound proportional to the bytes present, never a count the
/// input declares.
fn body_for(bits: u64) -> Body {
    let n = |per: u64| usize::try_from(bits / per).unwrap_or(usize::MAX);
    let mut body = Body::default();
    body.insts.reserve(n(BITS_PER_INST));
    body.pool.reserve::<ValueRef>(n(BITS_PER_VALUE));
    body
}

/// Before the first list of a type most bodies do without (phi and switch edges, aggregate
/// indices): room for what the function block typically holds of it.
fn reserve_rare<T: PoolItem>(fs: &mut Fn) {
    if fs.body.pool.count::<T>() == 0 {
        let n = usize::try_from(fs.bits / BITS_PER_RARE).unwrap_or(usize::MAX);
        fs.body.pool.reserve::<T>(n);
    }
}

/// Replaces the parked forward references by the values they name.
fn resolve_forward(st: &mut State, fs: &mut Fn) -> K<()> {
    for fix in std::mem::take(&mut fs.md_fixups) {
        let (v, ty) = st
            .value(fix.value_id)
            .ok_or(ErrorKind::BadValue(fix.value_id))?;
        if ty != fix.ty {
            return Err(ErrorKind::TypeMismatch("forward metadata value type"));
        }
        if let Some(MetadataData::Value { value, .. }) = st.m.metadata.get_mut(fix.md) {
            *value = v;
        }
    }
    if fs.fwd.is_empty() {
        return Ok(());
    }
    let mut result = Ok(());
    let body = &mut fs.body;
    let mut last = None;
    for &at in &fs.fwd_insts {
        if last == Some(at) {
            continue;
        }
        last = Some(at);
        let Some(inst) = body.insts.as_mut_slice().get_mut(at as usize) else {
            return Err(ErrorKind::Malformed("dangling forward reference"));
        };
        inst.kind.for_each_operand_mut(&mut body.pool, |v| {
            if let ValueRef::Arg(a) = *v {
                let a = a.as_u32();
                if a >= FWD_BASE {
                    let Some(&(id, ty)) = fs.fwd.get((a - FWD_BASE) as usize) else {
                        result = Err(ErrorKind::Malformed("dangling forward reference"));
                        return;
                    };
                    match st.value(u64::from(id)) {
                        Some((real, real_ty)) if real_ty == ty => *v = real,
                        Some(_) => result = Err(ErrorKind::TypeMismatch("forward reference type")),
                        None => result = Err(ErrorKind::BadValue(u64::from(id))),
                    }
                }
            }
        });
        result.clone()?;
    }
    Ok(())
}

/// Operand decoding for one instruction record.
struct Ops<'r> {
    ops: &'r [u64],
    i: usize,
    /// The value number the instruction would get (LLVM `NextValueNo`).
    inst_num: u32,
    relative: bool,
}

impl Ops<'_> {
    #[inline(always)]
    fn next(&mut self) -> K<u64> {
        let v = op(self.ops, self.i)?;
        self.i += 1;
        Ok(v)
    }

    #[inline(always)]
    fn done(&self) -> bool {
        self.i >= self.ops.len()
    }

    #[inline(always)]
    fn rest(&self) -> &[u64] {
        self.ops.get(self.i..).unwrap_or(&[])
    }

    #[inline(always)]
    fn abs(&self, raw: u64) -> u32 {
        if self.relative {
            self.inst_num.wrapping_sub(raw as u32)
        } else {
            raw as u32
        }
    }

    #[inline(always)]
    fn ty(&mut self, st: &State) -> K<Type> {
        let t = self.next()?;
        st.ty(t)
    }

    #[inline(always)]
    fn block(&mut self, fs: &Fn) -> K<Block> {
        let b = self.next()?;
        check_block(fs, b)
    }

    /// A value and, for forward references, its type (LLVM `getValueTypePair`).
    #[inline(always)]
    fn value_type(&mut self, st: &State, fs: &mut Fn) -> K<(ValueRef, Type)> {
        let raw = self.next()?;
        let id = self.abs(raw);
        // The values defined are the ids below `inst_num`: any other is a forward reference.
        match st.value(u64::from(id)) {
            Some(vt) => Ok(vt),
            None => self.forward_type(st, fs, id),
        }
    }

    /// The rest of [`Ops::value_type`] for an id not defined yet: its type follows.
    #[cold]
    #[inline(never)]
    fn forward_type(&mut self, st: &State, fs: &mut Fn, id: u32) -> K<(ValueRef, Type)> {
        let ty = self.ty(st)?;
        Ok((resolve(st, fs, id, ty)?, ty))
    }

    /// A value of known type (LLVM `popValue`).
    #[inline(always)]
    fn value(&mut self, st: &State, fs: &mut Fn, ty: Type) -> K<ValueRef> {
        let raw = self.next()?;
        let id = self.abs(raw);
        resolve(st, fs, id, ty)
    }

    /// A value given by a sign-rotated relative id (phi operands).
    #[inline(always)]
    fn value_signed(&mut self, st: &State, fs: &mut Fn, ty: Type) -> K<ValueRef> {
        let raw = decode_signed(self.next()?) as u64;
        let id = self.abs(raw);
        resolve(st, fs, id, ty)
    }
}

fn check_block(fs: &Fn, b: u64) -> K<Block> {
    // Blocks are made as their first instruction arrives: the bound is the declared count.
    Block::checked(b, fs.declared).map_err(|_| ErrorKind::BadBlock(b))
}

/// The value with absolute id `id` and type `ty`: metadata for `metadata`-typed operands,
/// a defined value (type-checked), or a parked forward reference.
#[inline(always)]
fn resolve(st: &State, fs: &mut Fn, id: u32, ty: Type) -> K<ValueRef> {
    if st.flags(ty) & TY_METADATA != 0 {
        return st.md(u64::from(id)).map(ValueRef::Metadata);
    }
    resolve_value(st, fs, id, ty)
}

/// [`resolve`] for an operand whose type is not `metadata`.
#[inline(always)]
fn resolve_value(st: &State, fs: &mut Fn, id: u32, ty: Type) -> K<ValueRef> {
    match st.value(u64::from(id)) {
        Some((v, vty)) if vty == ty => Ok(v),
        Some(_) => Err(ErrorKind::TypeMismatch("operand type")),
        None => park(fs, id, ty),
    }
}

/// A placeholder for the value `id` of type `ty`, defined later in the body.
#[cold]
#[inline(never)]
fn park(fs: &mut Fn, id: u32, ty: Type) -> K<ValueRef> {
    park_in(&mut fs.fwd, &mut fs.fwd_insts, fs.body.insts.len(), id, ty)
}

/// [`park`] given the lists of forward references, and the index of the instruction being
/// read.
#[cold]
#[inline(never)]
fn park_in(
    fwd: &mut Vec<(u32, Type)>,
    fwd_insts: &mut Vec<u32>,
    inst: usize,
    id: u32,
    ty: Type,
) -> K<ValueRef> {
    if fwd.len() >= (u32::MAX - FWD_BASE) as usize {
        return Err(ErrorKind::InvalidRecord("too many forward references"));
    }
    // The instruction being read gets the next index (a body has fewer than 2^32).
    let inst =
        u32::try_from(inst).map_err(|_| ErrorKind::InvalidRecord("too many instructions"))?;
    fwd_insts.push(inst);
    let k = fwd.len() as u32;
    fwd.push((id, ty));
    // A placeholder above every real argument, bounded by the references parked so
    // far; `resolve_forward` replaces each one before the body is stored.
    let parked = FWD_BASE as usize + fwd.len();
    let placeholder = Arg::checked(u64::from(FWD_BASE + k), parked)
        .map_err(|_| ErrorKind::InvalidRecord("too many forward references"))?;
    Ok(ValueRef::Arg(placeholder))
}

fn atomic_ordering(v: u64) -> K<Ordering> {
    Ordering::from_code(v).ok_or(ErrorKind::InvalidRecord("atomic ordering"))
}

fn scope(v: u64) -> K<SyncScope> {
    SyncScope::from_code(v).ok_or(ErrorKind::InvalidRecord("synchronization scope"))
}

fn align(v: u64) -> K<u8> {
    if v <= 30 {
        Ok(v as u8)
    } else {
        Err(ErrorKind::InvalidRecord("alignment exceeds 2^29"))
    }
}

#[inline]
fn i1(st: &State) -> K<Type> {
    // What `st.find(&TypeData::Int(1), "i1")` answers, without building the key.
    st.i1.expand().ok_or(ErrorKind::MissingType("i1"))
}

/// `i1`, or `<N x i1>` for a vector operand (compare results); `last` keeps the last vector
/// operand type and its result.
fn bool_like(st: &State, operand: Type, last: &mut Option<(Type, Type)>) -> K<Type> {
    let b = i1(st)?;
    match *st.td(operand) {
        TypeData::Vector { len, .. } => match *last {
            Some((o, r)) if o == operand => Ok(r),
            _ => {
                let r = st.find(&TypeData::Vector { len, elem: b }, "<N x i1>")?;
                *last = Some((operand, r));
                Ok(r)
            }
        },
        _ => Ok(b),
    }
}

fn end(o: &Ops<'_>) -> K<()> {
    if o.done() {
        Ok(())
    } else {
        Err(ErrorKind::InvalidRecord("extra operands"))
    }
}

#[inline(always)]
fn record(st: &mut State, fs: &mut Fn, code: u32, ops: &[u64], cur: &Cursor<'_>) -> K<()> {
    let mut o = Ops {
        ops,
        i: 0,
        inst_num: u32::try_from(st.value_count())
            .map_err(|_| ErrorKind::InvalidRecord("too many values"))?,
        relative: st.relative_ids,
    };
    match code {
        FUNC_CODE_DECLAREBLOCKS => {
            let n = o.next()?;
            if n == 0 || fs.declared != 0 {
                return Err(ErrorKind::InvalidRecord("DECLAREBLOCKS"));
            }
            // Every block holds at least one record of at least two bits.
            if n > cur.bits_left() / 2 {
                return Err(ErrorKind::InvalidRecord("more blocks than bits left"));
            }
            fs.declared = n as usize;
            // Blocks are made as their first instruction arrives; room for the declared
            // count, bounded by the function block's bits (a block holds at least one
            // record, and the few bits of a terminator alone are no body a writer makes).
            let cap = usize::try_from(fs.bits / 16).unwrap_or(usize::MAX);
            fs.body.blocks.reserve(fs.declared.min(cap));
            Ok(())
        }
        FUNC_CODE_DEBUG_LOC => {
            let inst =
                last_inst(fs).ok_or(ErrorKind::Malformed("DEBUG_LOC before any instruction"))?;
            let line = u32::try_from(o.next()?).map_err(|_| ErrorKind::InvalidRecord("line"))?;
            let col = u32::try_from(o.next()?).map_err(|_| ErrorKind::InvalidRecord("column"))?;
            let scope = st.md_or_null(o.next()?)?;
            let inlined_at = st.md_or_null(o.next()?)?;
            let loc = DebugLoc {
                line,
                col,
                scope,
                inlined_at,
            };
            fs.last_loc = Some(loc);
            if let Some(i) = fs.body.insts.get_mut(inst) {
                i.set_debug_loc(Some(loc));
            }
            Ok(())
        }
        FUNC_CODE_DEBUG_LOC_AGAIN => {
            let inst = last_inst(fs).ok_or(ErrorKind::Malformed(
                "DEBUG_LOC_AGAIN before any instruction",
            ))?;
            if let Some(i) = fs.body.insts.get_mut(inst) {
                i.set_debug_loc(fs.last_loc);
            }
            Ok(())
        }
        FUNC_CODE_INST_BINOP => {
            let (lhs, lt) = o.value_type(st, fs)?;
            let rhs = o.value(st, fs, lt)?;
            let opc = o.next()?;
            let op = BinOp::from_code(opc, st.is_fp(lt))
                .ok_or(ErrorKind::InvalidRecord("binary opcode"))?;
            let flags = if o.done() { 0 } else { o.next()? };
            end(&o)?;
            push_inst_inline(
                st,
                fs,
                InstKind::Binary {
                    op,
                    lhs,
                    rhs,
                    flags,
                },
                Some(lt),
            )
        }
        FUNC_CODE_INST_CAST => {
            let (value, _) = o.value_type(st, fs)?;
            let dest = o.ty(st)?;
            let op = CastOp::from_code(o.next()?).ok_or(ErrorKind::InvalidRecord("cast opcode"))?;
            end(&o)?;
            push_inst_inline(st, fs, InstKind::Cast { op, value }, Some(dest))
        }
        FUNC_CODE_INST_GEP => {
            let inbounds = flag(ops, 0)?;
            o.i = 1;
            let source_ty = o.ty(st)?;
            let start = fs.body.start_list();
            let mut walk = GepWalk::new(source_ty);
            while !o.done() {
                let (v, t) = o.value_type(st, fs)?;
                fs.body.pool.push_item(v);
                walk.step(st, v, t);
            }
            let operands = fs.body.pool.close(start).ok_or(POOL_FULL)?;
            let ty = walk.result(st, &mut fs.gep_ptrs)?;
            push_inst_inline(
                st,
                fs,
                InstKind::Gep {
                    inbounds,
                    source_ty,
                    operands,
                },
                Some(ty),
            )
        }
        FUNC_CODE_INST_VSELECT => {
            let (if_true, t) = o.value_type(st, fs)?;
            let if_false = o.value(st, fs, t)?;
            let (cond, _) = o.value_type(st, fs)?;
            end(&o)?;
            push_inst(
                st,
                fs,
                InstKind::Select {
                    cond,
                    if_true,
                    if_false,
                },
                Some(t),
            )
        }
        FUNC_CODE_INST_EXTRACTELT => {
            let (vector, vt) = o.value_type(st, fs)?;
            let (index, _) = o.value_type(st, fs)?;
            end(&o)?;
            let elem = match *st.td(vt) {
                TypeData::Vector { elem, .. } => elem,
                _ => return Err(ErrorKind::TypeMismatch("extractelement of a non-vector")),
            };
            push_inst(
                st,
                fs,
                InstKind::ExtractElement { vector, index },
                Some(elem),
            )
        }
        FUNC_CODE_INST_INSERTELT => {
            let (vector, vt) = o.value_type(st, fs)?;
            let elem = match *st.td(vt) {
                TypeData::Vector { elem, .. } => elem,
                _ => return Err(ErrorKind::TypeMismatch("insertelement into a non-vector")),
            };
            let element = o.value(st, fs, elem)?;
            let (index, _) = o.value_type(st, fs)?;
            end(&o)?;
            push_inst(
                st,
                fs,
                InstKind::InsertElement {
                    vector,
                    element,
                    index,
                },
                Some(vt),
            )
        }
        FUNC_CODE_INST_SHUFFLEVEC => {
            let (a, vt) = o.value_type(st, fs)?;
            let b = o.value(st, fs, vt)?;
            let (mask, mt) = o.value_type(st, fs)?;
            end(&o)?;
            let (TypeData::Vector { elem, .. }, TypeData::Vector { len, .. }) =
                (st.td(vt), st.td(mt))
            else {
                return Err(ErrorKind::TypeMismatch("shufflevector of non-vectors"));
            };
            let rt = st.find(
                &TypeData::Vector {
                    len: *len,
                    elem: *elem,
                },
                "the shufflevector result vector type",
            )?;
            push_inst(st, fs, InstKind::ShuffleVector { a, b, mask }, Some(rt))
        }
        FUNC_CODE_INST_CMP | FUNC_CODE_INST_CMP2 => {
            let (lhs, lt) = o.value_type(st, fs)?;
            let rhs = o.value(st, fs, lt)?;
            let predicate =
                Predicate::from_code(o.next()?).ok_or(ErrorKind::InvalidRecord("predicate"))?;
            let flags = if o.done() { 0 } else { o.next()? };
            end(&o)?;
            let rt = bool_like(st, lt, &mut fs.bool_vec)?;
            push_inst_inline(
                st,
                fs,
                InstKind::Cmp {
                    predicate,
                    lhs,
                    rhs,
                    flags,
                },
                Some(rt),
            )
        }
        FUNC_CODE_INST_RET => {
            let value = if o.done() {
                None
            } else {
                Some(o.value_type(st, fs)?.0)
            };
            if !o.done() {
                return Err(ErrorKind::Unsupported("ret with several values"));
            }
            push_inst(st, fs, InstKind::Ret { value }, None)
        }
        FUNC_CODE_INST_BR => {
            let target = o.block(fs)?;
            if o.done() {
                push_inst(st, fs, InstKind::Br { target }, None)
            } else {
                let if_false = o.block(fs)?;
                let b = i1(st)?;
                let cond = o.value(st, fs, b)?;
                end(&o)?;
                push_inst(
                    st,
                    fs,
                    InstKind::CondBr {
                        cond,
                        if_true: target,
                        if_false,
                    },
                    None,
                )
            }
        }
        FUNC_CODE_INST_SWITCH => {
            if op(ops, 0)? >> 16 == 0x4B5 {
                return Err(ErrorKind::Unsupported("SWITCH with case ranges"));
            }
            let cond_ty = o.ty(st)?;
            let cond = o.value(st, fs, cond_ty)?;
            let default = o.block(fs)?;
            if o.rest().len() & 1 != 0 {
                return Err(ErrorKind::InvalidRecord(
                    "switch case without a destination",
                ));
            }
            reserve_rare::<(ValueRef, Block)>(fs);
            let start = fs.body.start_list();
            while !o.done() {
                let id = o.next()?;
                let v = match st.value(id) {
                    Some((v @ ValueRef::Const(_), t)) if t == cond_ty => v,
                    _ => return Err(ErrorKind::BadValue(id)),
                };
                let b = o.block(fs)?;
                fs.body.pool.push_item((v, b));
            }
            push_inst(
                st,
                fs,
                InstKind::Switch {
                    cond_ty,
                    cond,
                    default,
                    cases: fs.body.pool.close(start).ok_or(POOL_FULL)?,
                },
                None,
            )
        }
        FUNC_CODE_INST_INDIRECTBR => {
            let addr_ty = o.ty(st)?;
            let addr = o.value(st, fs, addr_ty)?;
            let start = fs.body.start_list();
            while !o.done() {
                let b = o.block(fs)?;
                fs.body.pool.push_item(b);
            }
            push_inst(
                st,
                fs,
                InstKind::IndirectBr {
                    addr_ty,
                    addr,
                    dests: fs.body.pool.close(start).ok_or(POOL_FULL)?,
                },
                None,
            )
        }
        FUNC_CODE_INST_INVOKE => {
            let attributes = attr_list(st, o.next()?)?;
            let cc_field = o.next()?;
            let normal = o.block(fs)?;
            let unwind = o.block(fs)?;
            let explicit = if cc_field >> 13 & 1 == 1 {
                Some(o.ty(st)?)
            } else {
                None
            };
            let (fn_ty, callee, args, ret) = call_operands(st, fs, &mut o, explicit)?;
            push_inst(
                st,
                fs,
                InstKind::Invoke {
                    attributes,
                    cc_field,
                    normal,
                    unwind,
                    fn_ty,
                    callee,
                    args,
                },
                ret,
            )
        }
        FUNC_CODE_INST_CALL => {
            let attributes = attr_list(st, o.next()?)?;
            let cc_field = o.next()?;
            let explicit = if cc_field >> 15 & 1 == 1 {
                Some(o.ty(st)?)
            } else {
                None
            };
            let (fn_ty, callee, args, ret) = call_operands(st, fs, &mut o, explicit)?;
            push_inst_inline(
                st,
                fs,
                InstKind::Call {
                    attributes,
                    cc_field,
                    fn_ty,
                    callee,
                    args,
                },
                ret,
            )
        }
        FUNC_CODE_INST_RESUME => {
            let (value, _) = o.value_type(st, fs)?;
            end(&o)?;
            push_inst(st, fs, InstKind::Resume { value }, None)
        }
        FUNC_CODE_INST_UNREACHABLE => push_inst(st, fs, InstKind::Unreachable, None),
        FUNC_CODE_INST_PHI => {
            let ty = o.ty(st)?;
            if o.rest().len() & 1 != 0 {
                return Err(ErrorKind::InvalidRecord("phi operand without a block"));
            }
            reserve_rare::<(ValueRef, Block)>(fs);
            let start = fs.body.start_list();
            while !o.done() {
                let v = o.value_signed(st, fs, ty)?;
                let b = o.block(fs)?;
                fs.body.pool.push_item((v, b));
            }
            push_inst(
                st,
                fs,
                InstKind::Phi {
                    incoming: fs.body.pool.close(start).ok_or(POOL_FULL)?,
                },
                Some(ty),
            )
        }
        FUNC_CODE_INST_LANDINGPAD => {
            let ty = o.ty(st)?;
            let cleanup = flag(ops, 1)?;
            o.i = 2;
            let n = o.next()?;
            let start = fs.body.start_list();
            for _ in 0..n {
                let kind = o.next()?;
                if kind > 1 {
                    return Err(ErrorKind::InvalidRecord("landingpad clause kind"));
                }
                let v = o.value_type(st, fs)?.0;
                fs.body.pool.push_item((kind as u8, v));
            }
            end(&o)?;
            push_inst(
                st,
                fs,
                InstKind::LandingPad {
                    cleanup,
                    clauses: fs.body.pool.close(start).ok_or(POOL_FULL)?,
                },
                Some(ty),
            )
        }
        FUNC_CODE_INST_ALLOCA => {
            if ops.len() != 4 {
                return Err(ErrorKind::InvalidRecord("ALLOCA needs 4 operands"));
            }
            let inst_ty = st.ty(ops[0])?;
            let size_ty = st.ty(ops[1])?;
            let align_field = ops[3];
            align(align_field & !(3 << 5))?;
            let (allocated_ty, result) = if align_field & (1 << 6) != 0 {
                (inst_ty, st.pointer_to(inst_ty, 0)?)
            } else {
                match *st.td(inst_ty) {
                    TypeData::Pointer { pointee, .. } => (pointee, inst_ty),
                    _ => return Err(ErrorKind::TypeMismatch("old-style alloca type")),
                }
            };
            let id = u32::try_from(ops[2]).map_err(|_| ErrorKind::BadValue(ops[2]))?;
            let size = resolve(st, fs, id, size_ty)?;
            push_inst(
                st,
                fs,
                InstKind::Alloca {
                    allocated_ty,
                    size_ty,
                    size,
                    align_field,
                },
                Some(result),
            )
        }
        FUNC_CODE_INST_LOAD | FUNC_CODE_INST_LOADATOMIC => {
            let (ptr, pt) = o.value_type(st, fs)?;
            let atomic_fields = if code == FUNC_CODE_INST_LOADATOMIC {
                2
            } else {
                0
            };
            let ty = if o.rest().len() == 3 + atomic_fields {
                o.ty(st)?
            } else if o.rest().len() == 2 + atomic_fields {
                st.element(pt)?
            } else {
                return Err(ErrorKind::InvalidRecord("LOAD operand count"));
            };
            let align_log2p1 = align(o.next()?)?;
            let volatile = flag(ops, o.i)?;
            o.i += 1;
            let atomic = if atomic_fields != 0 {
                Some(Atomic {
                    ordering: atomic_ordering(o.next()?)?,
                    scope: scope(o.next()?)?,
                })
            } else {
                None
            };
            push_inst_inline(
                st,
                fs,
                InstKind::Load {
                    ptr,
                    align_log2p1,
                    volatile,
                    atomic,
                },
                Some(ty),
            )
        }
        FUNC_CODE_INST_STORE | FUNC_CODE_INST_STOREATOMIC => {
            let (ptr, _) = o.value_type(st, fs)?;
            let (value, _) = o.value_type(st, fs)?;
            let atomic_fields = if code == FUNC_CODE_INST_STOREATOMIC {
                2
            } else {
                0
            };
            if o.rest().len() != 2 + atomic_fields {
                return Err(ErrorKind::InvalidRecord("STORE operand count"));
            }
            let align_log2p1 = align(o.next()?)?;
            let volatile = flag(ops, o.i)?;
            o.i += 1;
            let atomic = if atomic_fields != 0 {
                Some(Atomic {
                    ordering: atomic_ordering(o.next()?)?,
                    scope: scope(o.next()?)?,
                })
            } else {
                None
            };
            push_inst_inline(
                st,
                fs,
                InstKind::Store {
                    ptr,
                    value,
                    align_log2p1,
                    volatile,
                    atomic,
                },
                None,
            )
        }
        FUNC_CODE_INST_CMPXCHG => {
            let (ptr, _) = o.value_type(st, fs)?;
            let (cmp, ct) = o.value_type(st, fs)?;
            let new = o.value(st, fs, ct)?;
            if o.rest().len() != 5 {
                return Err(ErrorKind::Unsupported(
                    "CMPXCHG without failure ordering and weak",
                ));
            }
            let volatile = flag(ops, o.i)?;
            o.i += 1;
            let success = atomic_ordering(o.next()?)?;
            let sc = scope(o.next()?)?;
            let failure = atomic_ordering(o.next()?)?;
            let weak = flag(ops, o.i)?;
            let b = i1(st)?;
            let rt = st.find(
                &TypeData::Struct(StructType {
                    elems: Box::new([ct, b]),
                    ..StructType::default()
                }),
                "the cmpxchg result struct",
            )?;
            push_inst(
                st,
                fs,
                InstKind::CmpXchg {
                    ptr,
                    cmp,
                    new,
                    volatile,
                    success,
                    scope: sc,
                    failure,
                    weak,
                },
                Some(rt),
            )
        }
        FUNC_CODE_INST_ATOMICRMW => {
            let (ptr, pt) = o.value_type(st, fs)?;
            let vt = st.element(pt)?;
            let value = o.value(st, fs, vt)?;
            if o.rest().len() != 4 {
                return Err(ErrorKind::InvalidRecord("ATOMICRMW operand count"));
            }
            let rmw = RmwOp::from_code(o.next()?)
                .ok_or(ErrorKind::InvalidRecord("atomicrmw operation"))?;
            let volatile = flag(ops, o.i)?;
            o.i += 1;
            push_inst(
                st,
                fs,
                InstKind::AtomicRmw {
                    ptr,
                    value,
                    op: rmw,
                    volatile,
                    ordering: atomic_ordering(o.next()?)?,
                    scope: scope(o.next()?)?,
                },
                Some(vt),
            )
        }
        FUNC_CODE_INST_FENCE => {
            if ops.len() != 2 {
                return Err(ErrorKind::InvalidRecord("FENCE needs 2 operands"));
            }
            push_inst(
                st,
                fs,
                InstKind::Fence {
                    ordering: atomic_ordering(ops[0])?,
                    scope: scope(ops[1])?,
                },
                None,
            )
        }
        FUNC_CODE_INST_VAARG => {
            let valist_ty = o.ty(st)?;
            let valist = o.value(st, fs, valist_ty)?;
            let ty = o.ty(st)?;
            end(&o)?;
            push_inst(st, fs, InstKind::VaArg { valist_ty, valist }, Some(ty))
        }
        FUNC_CODE_INST_EXTRACTVAL => {
            let (aggregate, at) = o.value_type(st, fs)?;
            let (indices, t) = index_list(st, fs, o.rest(), at)?;
            push_inst_inline(
                st,
                fs,
                InstKind::ExtractValue { aggregate, indices },
                Some(t),
            )
        }
        FUNC_CODE_INST_INSERTVAL => {
            let (aggregate, at) = o.value_type(st, fs)?;
            let (value, _) = o.value_type(st, fs)?;
            let (indices, _) = index_list(st, fs, o.rest(), at)?;
            push_inst(
                st,
                fs,
                InstKind::InsertValue {
                    aggregate,
                    value,
                    indices,
                },
                Some(at),
            )
        }
        4 | 5 | 24 | 30 | 37 | 40 | 42 => Err(ErrorKind::Unsupported("pre-3.7 instruction record")),
        other => Err(ErrorKind::UnexpectedRecord(other)),
    }
}

/// The instruction read last.
fn last_inst(fs: &Fn) -> Option<Inst> {
    let n = fs.body.insts.len();
    fs.body.insts.id_of(n.checked_sub(1)?)
}

/// Appends an instruction (called at the end of each arm with the kind built there, so that
/// no value merging the variants is assembled at a join).
#[inline(never)]
fn push_inst(st: &mut State, fs: &mut Fn, kind: InstKind, ty: Option<Type>) -> K<()> {
    push_inst_inline(st, fs, kind, ty)
}

/// [`push_inst`] inlined, for the arms of the most frequent records (the kind is then built
/// in place and its terminator test folds away).
#[inline(always)]
fn push_inst_inline(st: &mut State, fs: &mut Fn, kind: InstKind, ty: Option<Type>) -> K<()> {
    // `cur_block` passes the last block made only when that block ended with a terminator.
    if fs.cur_block == fs.body.blocks.len() {
        start_block(fs)?;
    }
    let ty = ty.filter(|&t| st.flags(t) & TY_VOID == 0);
    let terminator = kind.is_terminator();
    let id = fs
        .body
        .insts
        .try_push(InstData::new(kind, ty))
        .ok_or(ErrorKind::InvalidRecord("too many instructions"))?;
    if let Some(t) = ty {
        st.values.push((ValueRef::Inst(id), t));
    }
    if terminator {
        end_block(st, fs);
    }
    Ok(())
}

/// Makes the block the next instruction starts.
#[inline(never)]
fn start_block(fs: &mut Fn) -> K<()> {
    if fs.cur_block >= fs.declared {
        return Err(ErrorKind::Malformed(
            "instruction outside any declared block",
        ));
    }
    fs.body.blocks.push(BlockData::default());
    fs.block_start = fs.body.insts.len();
    Ok(())
}

/// Gives the current block its instructions (those pushed since it started, at their exact
/// count), and moves to the next.
#[inline(never)]
fn end_block(st: &mut State, fs: &mut Fn) {
    let n = fs.body.insts.len();
    if st.inst_ids.len() < n {
        let from = st.inst_ids.len();
        let insts = &fs.body.insts;
        st.inst_ids.extend((from..n).filter_map(|i| insts.id_of(i)));
    }
    let list = st
        .inst_ids
        .get(fs.block_start..n)
        .map_or_else(Vec::new, <[Inst]>::to_vec);
    if let Some(block) = fs.body.blocks.as_mut_slice().get_mut(fs.cur_block) {
        block.insts = list;
    }
    fs.cur_block += 1;
}

fn attr_list(st: &State, v: u64) -> K<u32> {
    if v <= st.m.attribute_lists.len() as u64 {
        Ok(v as u32)
    } else {
        Err(ErrorKind::InvalidRecord("attribute list id"))
    }
}

/// The indices of an extractvalue or insertvalue into `agg`, and the member type they reach.
/// Every index is read before the first type error is reported, in index order.
fn index_list(st: &State, fs: &mut Fn, ops: &[u64], agg: Type) -> K<(IndexList, Type)> {
    if ops.is_empty() {
        return Err(ErrorKind::InvalidRecord("aggregate access without indices"));
    }
    reserve_rare::<u32>(fs);
    let body = &mut fs.body;
    let start = body.start_list();
    let mut t = Ok(agg);
    for &i in ops {
        let i = u32::try_from(i).map_err(|_| ErrorKind::InvalidRecord("aggregate index"))?;
        body.pool.push_item(i);
        if let Ok(ty) = t {
            t = aggregate_member(st, ty, i);
        }
    }
    let list = body.pool.close(start).ok_or(POOL_FULL)?;
    Ok((list, t?))
}

/// The member of aggregate `t` at index `i` (a struct field or an array element).
#[inline]
fn aggregate_member(st: &State, t: Type, i: u32) -> K<Type> {
    match st.td(t) {
        TypeData::Struct(s) => s
            .elems
            .get(i as usize)
            .copied()
            .ok_or(ErrorKind::InvalidRecord("struct index out of range")),
        TypeData::Array { elem, .. } => Ok(*elem),
        _ => Err(ErrorKind::TypeMismatch(
            "aggregate index into a non-aggregate",
        )),
    }
}

type CallParts = (Type, ValueRef, ValueList, Option<Type>);

/// Slots of the callee signature and GEP pointer caches ([`Fn::sigs`], [`Fn::gep_ptrs`]).
const SIG_SLOTS: usize = 16;

/// What a call needs of its callee's type, kept for the next call through the same type
/// (DXIL calls a few `dx.op.*` functions over and over).
#[derive(Clone, Copy)]
struct Sig {
    /// The callee's (pointer) type, the key.
    callee_ty: Type,
    fn_ty: Type,
    ret: Type,
    vararg: bool,
    /// No parameter is `label` or `metadata`: every fixed argument is a value of the
    /// parameter's type.
    plain: bool,
}

/// The signature of a callee of type `ct`, checked against the explicit function type.
#[inline(never)]
fn signature(st: &State, ct: Type, explicit: Option<Type>) -> K<Sig> {
    let pointee = match *st.td(ct) {
        TypeData::Pointer { pointee, .. } => pointee,
        _ => return Err(ErrorKind::TypeMismatch("callee is not a pointer")),
    };
    if explicit.is_some_and(|e| e != pointee) {
        return Err(ErrorKind::TypeMismatch(
            "explicit call type differs from the callee's",
        ));
    }
    match st.td(pointee) {
        TypeData::Function {
            ret,
            params,
            vararg,
        } => Ok(Sig {
            callee_ty: ct,
            fn_ty: pointee,
            ret: *ret,
            vararg: *vararg,
            plain: params
                .iter()
                .all(|&p| st.flags(p) & (TY_LABEL | TY_METADATA) == 0),
        }),
        _ => Err(ErrorKind::TypeMismatch("callee is not a function")),
    }
}

/// Callee and arguments of a call or invoke (after the fixed fields).
#[inline(always)]
fn call_operands(st: &State, fs: &mut Fn, o: &mut Ops<'_>, explicit: Option<Type>) -> K<CallParts> {
    let (callee, ct) = o.value_type(st, fs)?;
    let slot = ct.index() % SIG_SLOTS;
    let sig = match fs.sigs[slot] {
        Some(s) if s.callee_ty == ct => {
            if explicit.is_some_and(|e| e != s.fn_ty) {
                return Err(ErrorKind::TypeMismatch(
                    "explicit call type differs from the callee's",
                ));
            }
            s
        }
        _ => {
            let s = signature(st, ct, explicit)?;
            fs.sigs[slot] = Some(s);
            s
        }
    };
    let params: &[Type] = match st.td(sig.fn_ty) {
        TypeData::Function { params, .. } => params,
        _ => &[],
    };
    let fixed = match o.rest().get(..params.len()) {
        Some(fixed) => fixed,
        None => return Err(ErrorKind::InvalidRecord("too few call arguments")),
    };
    let start = fs.body.start_list();
    if sig.plain {
        fs.body.pool.reserve::<ValueRef>(fixed.len());
        for (&p, &raw) in params.iter().zip(fixed) {
            let id = o.abs(raw);
            let v = resolve_value(st, fs, id, p)?;
            fs.body.pool.push_item(v);
        }
    } else {
        fs.body.pool.reserve::<ValueRef>(fixed.len());
        for (&p, &raw) in params.iter().zip(fixed) {
            let id = o.abs(raw);
            let flags = st.flags(p);
            let v = if flags & (TY_LABEL | TY_METADATA) == 0 {
                resolve_value(st, fs, id, p)?
            } else if flags & TY_LABEL != 0 {
                return Err(ErrorKind::Unsupported("label-typed call arguments"));
            } else {
                ValueRef::Metadata(st.md(u64::from(id))?)
            };
            fs.body.pool.push_item(v);
        }
    }
    o.i += fixed.len();
    if sig.vararg {
        while !o.done() {
            let v = o.value_type(st, fs)?.0;
            fs.body.pool.push_item(v);
        }
    }
    end(o)?;
    let args = fs.body.pool.close(start).ok_or(POOL_FULL)?;
    Ok((sig.fn_ty, callee, args, Some(sig.ret)))
}

/// The result type of a GEP (LLVM `GetElementPtrInst::getGEPReturnType`), worked out
/// operand by operand as they are read. A type error is kept for the end: every operand is
/// read first (a record that fails to read reports that), then the first type error is
/// reported in operand order.
struct GepWalk {
    source: Type,
    /// Operands seen.
    n: usize,
    /// The type the indices reached so far.
    t: Type,
    addrspace: u32,
    /// The vector length of a vector base or index.
    vec_len: Option<u64>,
    err: Option<ErrorKind>,
}

impl GepWalk {
    fn new(source: Type) -> Self {
        GepWalk {
            source,
            n: 0,
            t: source,
            addrspace: 0,
            vec_len: None,
            err: None,
        }
    }

    /// Takes operand `v` of type `ty`.
    #[inline]
    fn step(&mut self, st: &State, v: ValueRef, ty: Type) {
        let k = self.n;
        self.n += 1;
        if self.err.is_some() {
            return;
        }
        if k == 0 {
            let scalar_ptr = match *st.td(ty) {
                TypeData::Vector { len, elem } => {
                    self.vec_len = Some(len);
                    elem
                }
                _ => ty,
            };
            match *st.td(scalar_ptr) {
                TypeData::Pointer { pointee, addrspace } if pointee == self.source => {
                    self.addrspace = addrspace;
                }
                TypeData::Pointer { .. } => {
                    self.err = Some(ErrorKind::TypeMismatch(
                        "GEP source type differs from the pointee",
                    ));
                }
                _ => self.err = Some(ErrorKind::TypeMismatch("GEP base is not a pointer")),
            }
            return;
        }
        if let TypeData::Vector { len, .. } = *st.td(ty) {
            self.vec_len = Some(len);
        }
        // The first index steps over the pointer; the others go into the type.
        if k == 1 {
            return;
        }
        let next = match st.td(self.t) {
            TypeData::Struct(_) => st.const_index(v).and_then(|i| st.member(self.t, i)),
            TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => Ok(*elem),
            _ => Err(ErrorKind::TypeMismatch("GEP index into a non-aggregate")),
        };
        match next {
            Ok(t) => self.t = t,
            Err(e) => self.err = Some(e),
        }
    }

    /// The result type, or the first error met; `ptrs` caches pointer types found.
    fn result(self, st: &State, ptrs: &mut [Option<(Type, u32, Type)>; SIG_SLOTS]) -> K<Type> {
        if self.n == 0 {
            return Err(ErrorKind::InvalidRecord("GEP without a base"));
        }
        if let Some(e) = self.err {
            return Err(e);
        }
        let slot = self.t.index() % SIG_SLOTS;
        let p = match ptrs[slot] {
            Some((t, a, p)) if t == self.t && a == self.addrspace => p,
            _ => {
                let p = st.pointer_to(self.t, self.addrspace)?;
                ptrs[slot] = Some((self.t, self.addrspace, p));
                p
            }
        };
        match self.vec_len {
            Some(len) => st.find(&TypeData::Vector { len, elem: p }, "a vector of pointers"),
            None => Ok(p),
        }
    }
}

/// METADATA_ATTACHMENT block: [inst, (kind, node)...] or [(kind, node)...] for the function.
fn read_attachments(cur: &mut Cursor<'_>, st: &mut State, fs: &mut Fn) -> Result<()> {
    let prev = cur.enter(METADATA_ATTACHMENT_ID)?;
    fs.body.has_attachment_block = true;
    while let Some(code) = cur.next_record()? {
        if code != METADATA_ATTACHMENT {
            return Err(cur.err(ErrorKind::UnexpectedRecord(code)));
        }
        let r = attachment(st, fs, &cur.rec.ops);
        r.map_err(|k| cur.err(k))?;
    }
    cur.leave(prev);
    Ok(())
}

fn attachment(st: &State, fs: &mut Fn, ops: &[u64]) -> K<()> {
    let (target, pairs) = if ops.len() & 1 == 1 {
        (Some(op32(ops, 0)?), ops.get(1..).unwrap_or(&[]))
    } else {
        (None, ops)
    };
    let mut list = Vec::with_capacity(pairs.len() / 2);
    for pair in pairs.chunks_exact(2) {
        let kind = u32::try_from(pair[0]).map_err(|_| ErrorKind::InvalidRecord("kind id"))?;
        if !super::metadata::kind_defined(st, kind) {
            return Err(ErrorKind::InvalidRecord("unknown metadata kind"));
        }
        list.push((kind, st.md(pair[1])?));
    }
    match target {
        None => fs.fn_attachments.extend(list),
        Some(i) => {
            let inst = fs.body.insts.as_mut_slice().get_mut(i as usize).ok_or(
                ErrorKind::InvalidRecord("attachment to an unknown instruction"),
            )?;
            for (kind, md) in list {
                inst.push_attachment(kind, md);
            }
        }
    }
    Ok(())
}
