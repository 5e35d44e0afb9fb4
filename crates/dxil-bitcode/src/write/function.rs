//! FUNCTION_BLOCK (LLVM 3.7 `WriteFunction`, `WriteInstruction`): DECLAREBLOCKS, the
//! body's constants and local metadata, instructions with relative operand ids (and the
//! type of forward references), debug locations, the symbol table, attachments and use
//! lists.

use dxil_ir::{
    Body, DebugLoc, FunctionData, InstData, InstKind, Module, Type, TypeData, ValueList, ValueRef,
};

use super::abbrevs::*;
use super::constants::write_constants;
use super::enumerate::BodyOrders;
use super::metadata::{write_attachments, write_local_metadata};
use super::numbering::Numbering;
use super::pack::emit_function;
use super::symtab::{write_body_symtab, write_uselists};
use super::{emit_signed, Fields, Out};
use crate::codes::*;
use crate::error::{ErrorKind, Result};

/// Writes the body of `f`.
pub fn write_function(
    out: &mut Out,
    m: &Module,
    f: &FunctionData,
    body: &Body,
    orders: &BodyOrders,
    nb: &mut Numbering,
    inst_base: usize,
) -> Result<()> {
    let prev = out.enter(FUNCTION_BLOCK_ID, super::abbrevs::ABBREV_ID_WIDTH)?;
    let first_inst = nb
        .enter_body(body, orders, inst_base)
        .map_err(|k| out.err(k))?;
    out.emit_ops(FUNC_CODE_DECLAREBLOCKS, &[body.blocks.len() as u64])?;
    if !orders.constants.is_empty() {
        let first = first_inst - orders.constants.len() as u32;
        write_constants(out, m, Some(body), nb, &orders.constants, first)?;
    }
    write_local_metadata(out, m, &orders.local_metadata, nb)?;
    let mut w = InstWriter {
        m,
        body,
        nb,
        inst_id: first_inst,
        tb: nb.type_bits,
    };
    let mut last_loc: Option<DebugLoc> = None;
    let mut needs_attachments = !f.attachments.is_empty();
    for b in &body.blocks {
        for &i in &b.insts {
            let inst = body
                .inst(i)
                .ok_or_else(|| out.err(ErrorKind::Malformed("dangling instruction")))?;
            w.write(out, inst)?;
            if inst.ty.is_some() {
                w.inst_id += 1;
            }
            needs_attachments |= !inst.attachments().is_empty();
            let Some(loc) = inst.debug_loc() else {
                continue;
            };
            if last_loc == Some(loc) {
                out.emit_ops(FUNC_CODE_DEBUG_LOC_AGAIN, &[])?;
                continue;
            }
            let scope = w.nb.md_or_null(loc.scope).map_err(|k| out.err(k))?;
            let inlined = w.nb.md_or_null(loc.inlined_at).map_err(|k| out.err(k))?;
            let ops = [u64::from(loc.line), u64::from(loc.col), scope, inlined];
            out.emit_ops(FUNC_CODE_DEBUG_LOC, &ops)?;
            last_loc = Some(loc);
        }
    }
    write_body_symtab(out, m, body, nb)?;
    if needs_attachments {
        write_attachments(out, f, body, nb)?;
    }
    write_uselists(out, &body.uselists)?;
    nb.leave_body();
    out.exit(prev)
}

struct InstWriter<'a> {
    m: &'a Module,
    body: &'a Body,
    nb: &'a Numbering,
    /// Value id the current instruction would get (LLVM `InstID`).
    inst_id: u32,
    /// Bits of a type id in the abbreviations.
    tb: u32,
}

type K<T> = std::result::Result<T, ErrorKind>;

/// `v` as a VBR of `width`-bit chunks when it takes at most two: (bits, bit count).
#[inline(always)]
fn vbr2(v: u64, width: u32) -> Option<(u64, u32)> {
    let data = width - 1;
    if v >> data == 0 {
        Some((v, width))
    } else if v >> (2 * data) == 0 {
        let hi = 1u64 << data;
        Some((((v & (hi - 1)) | hi) | (v >> data) << width, 2 * width))
    } else {
        None
    }
}

/// Fields gathered least significant first, at most 64 bits (the short records of the
/// BLOCKINFO function abbreviations, written as one field).
struct Word {
    bits: u64,
    n: u32,
}

impl Word {
    #[inline(always)]
    fn new(abbrev: u32) -> Self {
        Word {
            bits: u64::from(abbrev),
            n: ABBREV_ID_WIDTH,
        }
    }

    #[inline(always)]
    fn put(mut self, v: u64, width: u32) -> Self {
        self.bits |= v << self.n;
        self.n += width;
        self
    }

    #[inline(always)]
    fn vbr(self, v: (u64, u32)) -> Self {
        self.put(v.0, v.1)
    }

    #[inline(always)]
    fn emit(self, out: &mut Out) {
        out.rec.clear();
        out.w.emit_masked(self.bits, self.n);
    }
}

impl InstWriter<'_> {
    #[inline(always)]
    fn id(&self, v: ValueRef) -> K<u32> {
        self.nb.value(v)
    }

    /// `pushValue`: the relative id.
    #[inline(always)]
    fn rel(&self, v: ValueRef) -> K<u64> {
        Ok(u64::from(self.inst_id.wrapping_sub(self.id(v)?)))
    }

    #[inline(always)]
    fn ty(&self, t: Type) -> K<u64> {
        self.nb.ty(t)
    }

    /// The type id of a forward reference's value.
    #[cold]
    #[inline(never)]
    fn fwd_ty(&self, v: ValueRef) -> K<u64> {
        let t = match v {
            ValueRef::Metadata(_) => self.nb.metadata_ty,
            _ => self.m.value_type(Some(self.body), v),
        }
        .ok_or(ErrorKind::TypeMismatch("operand without a type"))?;
        self.ty(t)
    }

    /// `PushValueAndType`: the relative id, plus the type for a forward reference. Returns
    /// true when the type was written.
    #[inline(always)]
    fn push_vt(&self, rec: &mut Vec<u64>, v: ValueRef) -> K<bool> {
        let id = self.id(v)?;
        rec.push(u64::from(self.inst_id.wrapping_sub(id)));
        if id >= self.inst_id {
            rec.push(self.fwd_ty(v)?);
            return Ok(true);
        }
        Ok(false)
    }

    /// `pushValue`: the relative id only.
    #[inline(always)]
    fn push_v(&self, rec: &mut Vec<u64>, v: ValueRef) -> K<()> {
        rec.push(self.rel(v)?);
        Ok(())
    }

    /// `pushValueSigned`: the relative id as a signed VBR value.
    #[inline]
    fn push_signed(&self, rec: &mut Vec<u64>, v: ValueRef) -> K<()> {
        let id = self.id(v)?;
        let diff = i64::from(self.inst_id as i32) - i64::from(id as i32);
        rec.push(emit_signed(diff));
        Ok(())
    }

    #[inline(always)]
    fn push_ty(&self, rec: &mut Vec<u64>, t: Type) -> K<()> {
        rec.push(self.ty(t)?);
        Ok(())
    }

    #[inline]
    fn result_ty(&self, inst: &InstData) -> K<Type> {
        inst.ty
            .ok_or(ErrorKind::TypeMismatch("instruction without a result type"))
    }

    /// Writes one instruction record.
    #[inline]
    fn write(&mut self, out: &mut Out, inst: &InstData) -> Result<()> {
        // The short abbreviated records, packed in one field when their operands are
        // backward references of at most two VBR chunks (nearly always).
        let tb = self.tb;
        let word = match inst.kind {
            InstKind::Load {
                ptr,
                align_log2p1,
                volatile,
                atomic: None,
            } if tb <= 32 => self.load_word(inst, ptr, align_log2p1, volatile),
            InstKind::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => self.binop_word(op.code(), lhs, rhs, flags),
            InstKind::Cast { op, value } if tb <= 32 => self.cast_word(inst, op.code(), value),
            InstKind::Ret { value: None } => Some(Word::new(FN_RET_VOID)),
            InstKind::Ret { value: Some(v) } => self.ret_word(v),
            InstKind::Unreachable => Some(Word::new(FN_UNREACHABLE)),
            // The commonest record of all: straight to its own path.
            InstKind::Call {
                attributes,
                cc_field,
                fn_ty,
                callee,
                args,
            } => return self.write_call(out, attributes, cc_field, fn_ty, callee, args),
            _ => None,
        };
        if let Some(word) = word {
            word.emit(out);
            return Ok(());
        }
        match self.ops(&mut out.rec, inst) {
            Ok((code, 0)) => out.emit(code, 0),
            Ok((FUNC_CODE_INST_GEP, FN_GEP)) if self.pack_gep(out) => Ok(()),
            Ok((code, abbrev)) => emit_function(out, code, abbrev, self.tb),
            Err(k) => Err(out.err(k)),
        }
    }

    /// Packs the GEP record in `out.rec` ([inbounds, type, operands...]) with its
    /// abbreviation and clears it; false (nothing written) when a field does not fit.
    #[inline(never)]
    fn pack_gep(&self, out: &mut Out) -> bool {
        let tb = self.tb;
        let &[inbounds, ty, ref ops @ ..] = &out.rec[..] else {
            return false;
        };
        if inbounds > 1 || tb > 32 || ty >> tb != 0 {
            return false;
        }
        let w = &mut out.w;
        let mut f = Fields::new(FN_GEP);
        f.put(w, inbounds, 1);
        f.put(w, ty, tb);
        f.vbr(w, ops.len() as u64, 6);
        for &v in ops {
            f.vbr(w, v, 6);
        }
        f.finish(w);
        out.rec.clear();
        true
    }

    /// A backward reference's relative id as a VBR6 of at most two chunks.
    #[inline(always)]
    fn back6(&self, v: ValueRef) -> Option<(u64, u32)> {
        let id = self.id(v).ok()?;
        if id >= self.inst_id {
            return None;
        }
        vbr2(u64::from(self.inst_id - id), 6)
    }

    #[inline(always)]
    fn load_word(&self, inst: &InstData, ptr: ValueRef, align: u8, vol: bool) -> Option<Word> {
        let op = self.back6(ptr)?;
        let ty = self.ty(inst.ty?).ok()?;
        let align = vbr2(u64::from(align), 4)?;
        (ty >> self.tb == 0).then(|| {
            Word::new(FN_LOAD)
                .vbr(op)
                .put(ty, self.tb)
                .vbr(align)
                .put(u64::from(vol), 1)
        })
    }

    #[inline(always)]
    fn binop_word(&self, opc: u64, lhs: ValueRef, rhs: ValueRef, flags: u64) -> Option<Word> {
        let a = self.back6(lhs)?;
        let b = vbr2(self.rel(rhs).ok()?, 6)?;
        if opc >= 16 {
            return None;
        }
        match flags {
            0 => Some(Word::new(FN_BINOP).vbr(a).vbr(b).put(opc, 4)),
            1..=127 => Some(
                Word::new(FN_BINOP_FLAGS)
                    .vbr(a)
                    .vbr(b)
                    .put(opc, 4)
                    .put(flags, 7),
            ),
            _ => None,
        }
    }

    #[inline(always)]
    fn cast_word(&self, inst: &InstData, opc: u64, value: ValueRef) -> Option<Word> {
        let v = self.back6(value)?;
        let ty = self.ty(inst.ty?).ok()?;
        (opc < 16 && ty >> self.tb == 0)
            .then(|| Word::new(FN_CAST).vbr(v).put(ty, self.tb).put(opc, 4))
    }

    #[inline(always)]
    fn ret_word(&self, v: ValueRef) -> Option<Word> {
        Some(Word::new(FN_RET_VAL).vbr(self.back6(v)?))
    }

    /// Fills `rec` with an instruction's operands; returns (code, abbreviation).
    fn ops(&self, rec: &mut Vec<u64>, inst: &InstData) -> K<(u32, u32)> {
        let body = self.body;
        Ok(match inst.kind {
            InstKind::Cast { op, value } => {
                let fwd = self.push_vt(rec, value)?;
                let t = self.result_ty(inst)?;
                self.push_ty(rec, t)?;
                rec.push(op.code());
                (FUNC_CODE_INST_CAST, if fwd { 0 } else { FN_CAST })
            }
            InstKind::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => {
                let fwd = self.push_vt(rec, lhs)?;
                self.push_v(rec, rhs)?;
                rec.push(op.code());
                let mut abbrev = if fwd { 0 } else { FN_BINOP };
                if flags != 0 {
                    rec.push(flags);
                    if abbrev != 0 {
                        abbrev = if flags < 128 { FN_BINOP_FLAGS } else { 0 };
                    }
                }
                (FUNC_CODE_INST_BINOP, abbrev)
            }
            InstKind::Gep {
                inbounds,
                source_ty,
                operands,
            } => {
                let operands = body.list(operands);
                rec.reserve(2 + operands.len());
                rec.push(u64::from(inbounds));
                self.push_ty(rec, source_ty)?;
                for &v in operands {
                    self.push_vt(rec, v)?;
                }
                (FUNC_CODE_INST_GEP, FN_GEP)
            }
            InstKind::ExtractValue { aggregate, indices } => {
                self.push_vt(rec, aggregate)?;
                rec.extend(body.list(indices).iter().map(|&i| u64::from(i)));
                (FUNC_CODE_INST_EXTRACTVAL, 0)
            }
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => {
                self.push_vt(rec, aggregate)?;
                self.push_vt(rec, value)?;
                rec.extend(body.list(indices).iter().map(|&i| u64::from(i)));
                (FUNC_CODE_INST_INSERTVAL, 0)
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                self.push_vt(rec, if_true)?;
                self.push_v(rec, if_false)?;
                self.push_vt(rec, cond)?;
                (FUNC_CODE_INST_VSELECT, 0)
            }
            InstKind::ExtractElement { vector, index } => {
                self.push_vt(rec, vector)?;
                self.push_vt(rec, index)?;
                (FUNC_CODE_INST_EXTRACTELT, 0)
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                self.push_vt(rec, vector)?;
                self.push_v(rec, element)?;
                self.push_vt(rec, index)?;
                (FUNC_CODE_INST_INSERTELT, 0)
            }
            InstKind::ShuffleVector { a, b, mask } => {
                self.push_vt(rec, a)?;
                self.push_v(rec, b)?;
                self.push_v(rec, mask)?;
                (FUNC_CODE_INST_SHUFFLEVEC, 0)
            }
            InstKind::Cmp {
                predicate,
                lhs,
                rhs,
                flags,
            } => {
                self.push_vt(rec, lhs)?;
                self.push_v(rec, rhs)?;
                rec.push(predicate.code());
                if flags != 0 {
                    rec.push(flags);
                }
                (FUNC_CODE_INST_CMP2, 0)
            }
            InstKind::Ret { value: None } => (FUNC_CODE_INST_RET, FN_RET_VOID),
            InstKind::Ret { value: Some(v) } => {
                let fwd = self.push_vt(rec, v)?;
                (FUNC_CODE_INST_RET, if fwd { 0 } else { FN_RET_VAL })
            }
            InstKind::Br { target } => {
                rec.push(u64::from(target.as_u32()));
                (FUNC_CODE_INST_BR, 0)
            }
            InstKind::CondBr {
                cond,
                if_true,
                if_false,
            } => {
                rec.extend_from_slice(&[u64::from(if_true.as_u32()), u64::from(if_false.as_u32())]);
                self.push_v(rec, cond)?;
                (FUNC_CODE_INST_BR, 0)
            }
            InstKind::Switch {
                cond_ty,
                cond,
                default,
                cases,
            } => {
                let cases = body.list(cases);
                rec.reserve(3 + 2 * cases.len());
                self.push_ty(rec, cond_ty)?;
                self.push_v(rec, cond)?;
                rec.push(u64::from(default.as_u32()));
                for &(v, b) in cases {
                    let id = self.id(v)?;
                    rec.extend_from_slice(&[u64::from(id), u64::from(b.as_u32())]);
                }
                (FUNC_CODE_INST_SWITCH, 0)
            }
            InstKind::IndirectBr {
                addr_ty,
                addr,
                dests,
            } => {
                self.push_ty(rec, addr_ty)?;
                self.push_v(rec, addr)?;
                rec.extend(body.list(dests).iter().map(|b| u64::from(b.as_u32())));
                (FUNC_CODE_INST_INDIRECTBR, 0)
            }
            InstKind::Invoke {
                attributes,
                cc_field,
                normal,
                unwind,
                fn_ty,
                callee,
                args,
            } => {
                let attrs = self.nb.attr_list(attributes)?;
                rec.extend_from_slice(&[
                    attrs,
                    cc_field,
                    u64::from(normal.as_u32()),
                    u64::from(unwind.as_u32()),
                ]);
                if cc_field >> 13 & 1 == 1 {
                    self.push_ty(rec, fn_ty)?;
                }
                self.push_vt(rec, callee)?;
                self.call_args(rec, fn_ty, body.values(args))?;
                (FUNC_CODE_INST_INVOKE, 0)
            }
            InstKind::Resume { value } => {
                self.push_vt(rec, value)?;
                (FUNC_CODE_INST_RESUME, 0)
            }
            InstKind::Unreachable => (FUNC_CODE_INST_UNREACHABLE, FN_UNREACHABLE),
            InstKind::Phi { incoming } => {
                let incoming = body.list(incoming);
                rec.reserve(1 + 2 * incoming.len());
                let t = self.result_ty(inst)?;
                self.push_ty(rec, t)?;
                for &(v, b) in incoming {
                    self.push_signed(rec, v)?;
                    rec.push(u64::from(b.as_u32()));
                }
                (FUNC_CODE_INST_PHI, 0)
            }
            InstKind::LandingPad { cleanup, clauses } => {
                let t = self.result_ty(inst)?;
                self.push_ty(rec, t)?;
                rec.extend_from_slice(&[u64::from(cleanup), clauses.len() as u64]);
                for &(kind, v) in body.list(clauses) {
                    rec.push(u64::from(kind));
                    self.push_vt(rec, v)?;
                }
                (FUNC_CODE_INST_LANDINGPAD, 0)
            }
            InstKind::Alloca {
                allocated_ty,
                size_ty,
                size,
                align_field,
            } => {
                // Without the explicit-type bit the record names the result (pointer) type.
                let first = if align_field & (1 << 6) != 0 {
                    allocated_ty
                } else {
                    self.result_ty(inst)?
                };
                self.push_ty(rec, first)?;
                self.push_ty(rec, size_ty)?;
                let id = self.id(size)?;
                rec.extend_from_slice(&[u64::from(id), align_field]);
                (FUNC_CODE_INST_ALLOCA, 0)
            }
            InstKind::Load {
                ptr,
                align_log2p1,
                volatile,
                atomic,
            } => {
                let fwd = self.push_vt(rec, ptr)?;
                let t = self.result_ty(inst)?;
                self.push_ty(rec, t)?;
                rec.extend_from_slice(&[u64::from(align_log2p1), u64::from(volatile)]);
                match atomic {
                    Some(a) => {
                        rec.extend_from_slice(&[a.ordering.code(), a.scope.code()]);
                        (FUNC_CODE_INST_LOADATOMIC, 0)
                    }
                    None => (FUNC_CODE_INST_LOAD, if fwd { 0 } else { FN_LOAD }),
                }
            }
            InstKind::Store {
                ptr,
                value,
                align_log2p1,
                volatile,
                atomic,
            } => {
                self.push_vt(rec, ptr)?;
                self.push_vt(rec, value)?;
                rec.extend_from_slice(&[u64::from(align_log2p1), u64::from(volatile)]);
                match atomic {
                    Some(a) => {
                        rec.extend_from_slice(&[a.ordering.code(), a.scope.code()]);
                        (FUNC_CODE_INST_STOREATOMIC, 0)
                    }
                    None => (FUNC_CODE_INST_STORE, 0),
                }
            }
            InstKind::CmpXchg {
                ptr,
                cmp,
                new,
                volatile,
                success,
                scope,
                failure,
                weak,
            } => {
                self.push_vt(rec, ptr)?;
                self.push_vt(rec, cmp)?;
                self.push_v(rec, new)?;
                rec.extend_from_slice(&[
                    u64::from(volatile),
                    success.code(),
                    scope.code(),
                    failure.code(),
                    u64::from(weak),
                ]);
                (FUNC_CODE_INST_CMPXCHG, 0)
            }
            InstKind::AtomicRmw {
                ptr,
                value,
                op,
                volatile,
                ordering,
                scope,
            } => {
                self.push_vt(rec, ptr)?;
                self.push_v(rec, value)?;
                rec.extend_from_slice(&[
                    op.code(),
                    u64::from(volatile),
                    ordering.code(),
                    scope.code(),
                ]);
                (FUNC_CODE_INST_ATOMICRMW, 0)
            }
            InstKind::Fence { ordering, scope } => {
                rec.extend_from_slice(&[ordering.code(), scope.code()]);
                (FUNC_CODE_INST_FENCE, 0)
            }
            InstKind::Call {
                attributes,
                cc_field,
                fn_ty,
                callee,
                args,
            } => {
                self.call_ops(rec, attributes, cc_field, fn_ty, callee, args)?;
                (FUNC_CODE_INST_CALL, 0)
            }
            InstKind::VaArg { valist_ty, valist } => {
                self.push_ty(rec, valist_ty)?;
                self.push_v(rec, valist)?;
                let t = self.result_ty(inst)?;
                self.push_ty(rec, t)?;
                (FUNC_CODE_INST_VAARG, 0)
            }
        })
    }

    /// Writes a call record. Its fixed operands are gathered first, then the arguments
    /// are numbered while the record is written (the writer takes back what it wrote when
    /// one is refused, so an error is reported where the record begins, as before). Calls
    /// with varargs or `label` parameters take the general path.
    #[inline(never)]
    fn write_call(
        &self,
        out: &mut Out,
        attributes: u32,
        cc_field: u64,
        fn_ty: Type,
        callee: ValueRef,
        args: ValueList,
    ) -> Result<()> {
        let argv = self.body.values(args);
        let simple = !self.nb.label_params
            && matches!(self.m.ty(fn_ty), Some(TypeData::Function { params, .. })
                if argv.len() <= params.len());
        if !simple {
            return match self.call_ops(&mut out.rec, attributes, cc_field, fn_ty, callee, args) {
                Ok(()) => out.emit(FUNC_CODE_INST_CALL, 0),
                Err(k) => Err(out.err(k)),
            };
        }
        // attributes, cc, the explicit function type, the callee and its type when it is
        // a forward reference.
        let mut head = [0u64; 5];
        let mut n = 2;
        let fixed = (|| {
            head[0] = self.nb.attr_list(attributes)?;
            head[1] = cc_field;
            if cc_field >> 15 & 1 == 1 {
                head[n] = self.ty(fn_ty)?;
                n += 1;
            }
            let id = self.id(callee)?;
            head[n] = u64::from(self.inst_id.wrapping_sub(id));
            n += 1;
            if id >= self.inst_id {
                head[n] = self.fwd_ty(callee)?;
                n += 1;
            }
            Ok(())
        })();
        if let Err(k) = fixed {
            return Err(out.err(k));
        }
        let inst_id = self.inst_id;
        let nb = self.nb;
        out.w
            .write_unabbrev_head_map(FUNC_CODE_INST_CALL, &head[..n], argv, |v| {
                nb.value(v).map(|id| u64::from(inst_id.wrapping_sub(id)))
            })
            .map_err(|e| out.bs(e))?
            .map_err(|k| out.err(k))
    }

    /// A call record's operands.
    #[inline(never)]
    fn call_ops(
        &self,
        rec: &mut Vec<u64>,
        attributes: u32,
        cc_field: u64,
        fn_ty: Type,
        callee: ValueRef,
        args: ValueList,
    ) -> K<()> {
        let args = self.body.values(args);
        rec.reserve(4 + args.len());
        let attrs = self.nb.attr_list(attributes)?;
        rec.extend_from_slice(&[attrs, cc_field]);
        if cc_field >> 15 & 1 == 1 {
            self.push_ty(rec, fn_ty)?;
        }
        self.push_vt(rec, callee)?;
        self.call_args(rec, fn_ty, args)
    }

    /// Fixed arguments as relative ids (labels absolute), varargs with their types.
    #[inline(always)]
    fn call_args(&self, rec: &mut Vec<u64>, fn_ty: Type, args: &[ValueRef]) -> K<()> {
        let Some(TypeData::Function { params, .. }) = self.m.ty(fn_ty) else {
            return Err(ErrorKind::TypeMismatch("callee is not a function"));
        };
        if !self.nb.label_params {
            let fixed = params.len().min(args.len());
            let (fixed, var) = args.split_at(fixed);
            rec.reserve(args.len());
            for &v in fixed {
                self.push_v(rec, v)?;
            }
            for &v in var {
                self.push_vt(rec, v)?;
            }
            return Ok(());
        }
        for (k, &v) in args.iter().enumerate() {
            match params.get(k) {
                Some(&p) if matches!(self.m.ty(p), Some(TypeData::Label)) => {
                    rec.push(u64::from(self.id(v)?));
                }
                Some(_) => self.push_v(rec, v)?,
                None => {
                    self.push_vt(rec, v)?;
                }
            }
        }
        Ok(())
    }
}
