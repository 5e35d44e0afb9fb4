//! FUNCTION_BLOCK (LLVM 3.7 `WriteFunction`, `WriteInstruction`): DECLAREBLOCKS, the
//! body's constants and local metadata, instructions with relative operand ids (and the
//! type of forward references), debug locations, the symbol table, attachments and use
//! lists.

use dxil_ir::{Body, DebugLoc, FunctionData, InstData, InstKind, Module, Type, TypeData, ValueRef};

use super::abbrevs::*;
use super::constants::write_constants;
use super::enumerate::BodyOrders;
use super::metadata::{write_attachments, write_local_metadata};
use super::numbering::Numbering;
use super::pack::emit_function;
use super::symtab::{write_body_symtab, write_uselists};
use super::types::tid;
use super::{emit_signed, Out};
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
            out.rec
                .extend([u64::from(loc.line), u64::from(loc.col), scope, inlined]);
            out.emit(FUNC_CODE_DEBUG_LOC, 0)?;
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

impl InstWriter<'_> {
    #[inline(always)]
    fn id(&self, out: &Out, v: ValueRef) -> Result<u32> {
        self.nb.value(v).map_err(|k| out.err(k))
    }

    #[inline(always)]
    fn ty(&self, out: &Out, t: Type) -> Result<u64> {
        tid(out, self.nb, t)
    }

    #[inline(always)]
    fn value_ty(&self, out: &Out, v: ValueRef) -> Result<Type> {
        match v {
            ValueRef::Metadata(_) => self.nb.metadata_ty,
            _ => self.m.value_type(Some(self.body), v),
        }
        .ok_or_else(|| out.err(ErrorKind::TypeMismatch("operand without a type")))
    }

    /// `PushValueAndType`: the relative id, plus the type for a forward reference. Returns
    /// true when the type was written.
    #[inline(always)]
    fn push_vt(&self, out: &mut Out, v: ValueRef) -> Result<bool> {
        let id = self.id(out, v)?;
        out.rec.push(u64::from(self.inst_id.wrapping_sub(id)));
        if id >= self.inst_id {
            let t = self.value_ty(out, v)?;
            let t = self.ty(out, t)?;
            out.rec.push(t);
            return Ok(true);
        }
        Ok(false)
    }

    /// `pushValue`: the relative id only.
    #[inline(always)]
    fn push_v(&self, out: &mut Out, v: ValueRef) -> Result<()> {
        let id = self.id(out, v)?;
        out.rec.push(u64::from(self.inst_id.wrapping_sub(id)));
        Ok(())
    }

    /// `pushValueSigned`: the relative id as a signed VBR value.
    #[inline]
    fn push_signed(&self, out: &mut Out, v: ValueRef) -> Result<()> {
        let id = self.id(out, v)?;
        let diff = i64::from(self.inst_id as i32) - i64::from(id as i32);
        out.rec.push(emit_signed(diff));
        Ok(())
    }

    #[inline(always)]
    fn push_ty(&self, out: &mut Out, t: Type) -> Result<()> {
        let t = self.ty(out, t)?;
        out.rec.push(t);
        Ok(())
    }

    #[inline]
    fn result_ty(&self, out: &Out, inst: &InstData) -> Result<Type> {
        inst.ty
            .ok_or_else(|| out.err(ErrorKind::TypeMismatch("instruction without a result type")))
    }

    /// Writes one instruction record.
    fn write(&mut self, out: &mut Out, inst: &InstData) -> Result<()> {
        let body = self.body;
        let (code, abbrev) = match &inst.kind {
            InstKind::Cast { op, value } => {
                let fwd = self.push_vt(out, *value)?;
                let t = self.result_ty(out, inst)?;
                self.push_ty(out, t)?;
                out.rec.push(op.code());
                (FUNC_CODE_INST_CAST, if fwd { 0 } else { FN_CAST })
            }
            InstKind::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => {
                let fwd = self.push_vt(out, *lhs)?;
                self.push_v(out, *rhs)?;
                out.rec.push(op.code());
                let mut abbrev = if fwd { 0 } else { FN_BINOP };
                if *flags != 0 {
                    out.rec.push(*flags);
                    if abbrev != 0 {
                        abbrev = if *flags < 128 { FN_BINOP_FLAGS } else { 0 };
                    }
                }
                (FUNC_CODE_INST_BINOP, abbrev)
            }
            InstKind::Gep {
                inbounds,
                source_ty,
                operands,
            } => {
                out.rec.push(u64::from(*inbounds));
                self.push_ty(out, *source_ty)?;
                for &v in body.list(*operands).iter() {
                    self.push_vt(out, v)?;
                }
                (FUNC_CODE_INST_GEP, FN_GEP)
            }
            InstKind::ExtractValue { aggregate, indices } => {
                self.push_vt(out, *aggregate)?;
                out.rec
                    .extend(body.list(*indices).iter().map(|&i| u64::from(i)));
                (FUNC_CODE_INST_EXTRACTVAL, 0)
            }
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => {
                self.push_vt(out, *aggregate)?;
                self.push_vt(out, *value)?;
                out.rec
                    .extend(body.list(*indices).iter().map(|&i| u64::from(i)));
                (FUNC_CODE_INST_INSERTVAL, 0)
            }
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                self.push_vt(out, *if_true)?;
                self.push_v(out, *if_false)?;
                self.push_vt(out, *cond)?;
                (FUNC_CODE_INST_VSELECT, 0)
            }
            InstKind::ExtractElement { vector, index } => {
                self.push_vt(out, *vector)?;
                self.push_vt(out, *index)?;
                (FUNC_CODE_INST_EXTRACTELT, 0)
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => {
                self.push_vt(out, *vector)?;
                self.push_v(out, *element)?;
                self.push_vt(out, *index)?;
                (FUNC_CODE_INST_INSERTELT, 0)
            }
            InstKind::ShuffleVector { a, b, mask } => {
                self.push_vt(out, *a)?;
                self.push_v(out, *b)?;
                self.push_v(out, *mask)?;
                (FUNC_CODE_INST_SHUFFLEVEC, 0)
            }
            InstKind::Cmp {
                predicate,
                lhs,
                rhs,
                flags,
            } => {
                self.push_vt(out, *lhs)?;
                self.push_v(out, *rhs)?;
                out.rec.push(predicate.code());
                if *flags != 0 {
                    out.rec.push(*flags);
                }
                (FUNC_CODE_INST_CMP2, 0)
            }
            InstKind::Ret { value: None } => (FUNC_CODE_INST_RET, FN_RET_VOID),
            InstKind::Ret { value: Some(v) } => {
                let fwd = self.push_vt(out, *v)?;
                (FUNC_CODE_INST_RET, if fwd { 0 } else { FN_RET_VAL })
            }
            InstKind::Br { target } => {
                out.rec.push(u64::from(target.as_u32()));
                (FUNC_CODE_INST_BR, 0)
            }
            InstKind::CondBr {
                cond,
                if_true,
                if_false,
            } => {
                out.rec
                    .extend([u64::from(if_true.as_u32()), u64::from(if_false.as_u32())]);
                self.push_v(out, *cond)?;
                (FUNC_CODE_INST_BR, 0)
            }
            InstKind::Switch {
                cond_ty,
                cond,
                default,
                cases,
            } => {
                self.push_ty(out, *cond_ty)?;
                self.push_v(out, *cond)?;
                out.rec.push(u64::from(default.as_u32()));
                for &(v, b) in body.list(*cases).iter() {
                    let id = self.id(out, v)?;
                    out.rec.extend([u64::from(id), u64::from(b.as_u32())]);
                }
                (FUNC_CODE_INST_SWITCH, 0)
            }
            InstKind::IndirectBr {
                addr_ty,
                addr,
                dests,
            } => {
                self.push_ty(out, *addr_ty)?;
                self.push_v(out, *addr)?;
                out.rec
                    .extend(body.list(*dests).iter().map(|b| u64::from(b.as_u32())));
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
                let attrs = self.nb.attr_list(*attributes).map_err(|k| out.err(k))?;
                out.rec.extend([
                    attrs,
                    *cc_field,
                    u64::from(normal.as_u32()),
                    u64::from(unwind.as_u32()),
                ]);
                if cc_field >> 13 & 1 == 1 {
                    self.push_ty(out, *fn_ty)?;
                }
                self.push_vt(out, *callee)?;
                self.call_args(out, *fn_ty, body.values(*args))?;
                (FUNC_CODE_INST_INVOKE, 0)
            }
            InstKind::Resume { value } => {
                self.push_vt(out, *value)?;
                (FUNC_CODE_INST_RESUME, 0)
            }
            InstKind::Unreachable => (FUNC_CODE_INST_UNREACHABLE, FN_UNREACHABLE),
            InstKind::Phi { incoming } => {
                let t = self.result_ty(out, inst)?;
                self.push_ty(out, t)?;
                for &(v, b) in body.list(*incoming).iter() {
                    self.push_signed(out, v)?;
                    out.rec.push(u64::from(b.as_u32()));
                }
                (FUNC_CODE_INST_PHI, 0)
            }
            InstKind::LandingPad { cleanup, clauses } => {
                let t = self.result_ty(out, inst)?;
                self.push_ty(out, t)?;
                out.rec.extend([u64::from(*cleanup), clauses.len() as u64]);
                for &(kind, v) in body.list(*clauses).iter() {
                    out.rec.push(u64::from(kind));
                    self.push_vt(out, v)?;
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
                    *allocated_ty
                } else {
                    self.result_ty(out, inst)?
                };
                self.push_ty(out, first)?;
                self.push_ty(out, *size_ty)?;
                let id = self.id(out, *size)?;
                out.rec.extend([u64::from(id), *align_field]);
                (FUNC_CODE_INST_ALLOCA, 0)
            }
            InstKind::Load {
                ptr,
                align_log2p1,
                volatile,
                atomic,
            } => {
                let fwd = self.push_vt(out, *ptr)?;
                let t = self.result_ty(out, inst)?;
                self.push_ty(out, t)?;
                out.rec
                    .extend([u64::from(*align_log2p1), u64::from(*volatile)]);
                match atomic {
                    Some(a) => {
                        out.rec.extend([a.ordering.code(), a.scope.code()]);
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
                self.push_vt(out, *ptr)?;
                self.push_vt(out, *value)?;
                out.rec
                    .extend([u64::from(*align_log2p1), u64::from(*volatile)]);
                match atomic {
                    Some(a) => {
                        out.rec.extend([a.ordering.code(), a.scope.code()]);
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
                self.push_vt(out, *ptr)?;
                self.push_vt(out, *cmp)?;
                self.push_v(out, *new)?;
                out.rec.extend([
                    u64::from(*volatile),
                    success.code(),
                    scope.code(),
                    failure.code(),
                    u64::from(*weak),
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
                self.push_vt(out, *ptr)?;
                self.push_v(out, *value)?;
                out.rec.extend([
                    op.code(),
                    u64::from(*volatile),
                    ordering.code(),
                    scope.code(),
                ]);
                (FUNC_CODE_INST_ATOMICRMW, 0)
            }
            InstKind::Fence { ordering, scope } => {
                out.rec.extend([ordering.code(), scope.code()]);
                (FUNC_CODE_INST_FENCE, 0)
            }
            InstKind::Call {
                attributes,
                cc_field,
                fn_ty,
                callee,
                args,
            } => {
                let attrs = self.nb.attr_list(*attributes).map_err(|k| out.err(k))?;
                out.rec.extend([attrs, *cc_field]);
                if cc_field >> 15 & 1 == 1 {
                    self.push_ty(out, *fn_ty)?;
                }
                self.push_vt(out, *callee)?;
                self.call_args(out, *fn_ty, body.values(*args))?;
                (FUNC_CODE_INST_CALL, 0)
            }
            InstKind::VaArg { valist_ty, valist } => {
                self.push_ty(out, *valist_ty)?;
                self.push_v(out, *valist)?;
                let t = self.result_ty(out, inst)?;
                self.push_ty(out, t)?;
                (FUNC_CODE_INST_VAARG, 0)
            }
        };
        if abbrev == 0 {
            out.emit(code, 0)
        } else {
            emit_function(out, code, abbrev, self.tb)
        }
    }

    /// Fixed arguments as relative ids (labels absolute), varargs with their types.
    fn call_args(&self, out: &mut Out, fn_ty: Type, args: &[ValueRef]) -> Result<()> {
        let Some(TypeData::Function { params, .. }) = self.m.ty(fn_ty) else {
            return Err(out.err(ErrorKind::TypeMismatch("callee is not a function")));
        };
        if !self.nb.label_params {
            let fixed = params.len().min(args.len());
            for &v in &args[..fixed] {
                self.push_v(out, v)?;
            }
            for &v in &args[fixed..] {
                self.push_vt(out, v)?;
            }
            return Ok(());
        }
        for (k, &v) in args.iter().enumerate() {
            match params.get(k) {
                Some(&p) if matches!(self.m.ty(p), Some(TypeData::Label)) => {
                    let id = self.id(out, v)?;
                    out.rec.push(u64::from(id));
                }
                Some(_) => self.push_v(out, v)?,
                None => {
                    self.push_vt(out, v)?;
                }
            }
        }
        Ok(())
    }
}
