//! The components of each signature element the code reads or writes: the usage mask the
//! signature parts print in their "Used" column (inputs: read; outputs: written, the part
//! storing the complement as never-written) and the mask of components indexed by a
//! dynamic row. The reference computes them once its code is final, from every
//! `loadInput`, `storeOutput`, `loadPatchConstant`, `storePatchConstant`,
//! `storeVertexOutput` and `storePrimitiveOutput` with a constant element id and column
//! (the column's bit; a row that is not a constant also sets it in the dynamic mask),
//! once dead code is gone.

use dxil_container::ShaderKind;
use dxil_ir::{Body, ConstKind, InstKind, Module, ValueRef};
use dxil_module::md::Md;
use dxil_ops::{DxOp, FnAttr, OpCode};

use crate::finish::ShaderMeta;

/// One element's masks, bit `c` for column `c` of the element.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Usage {
    /// Components read (inputs) or written (outputs).
    pub used: u32,
    /// Components accessed at a row that is not a constant.
    pub dynamic: u32,
}

/// The constant integer `v` is, if it is one.
fn constant(module: &Module, v: ValueRef) -> Option<u64> {
    match v {
        ValueRef::Const(c) => match module.constant(c).map(|d| &d.kind) {
            Some(ConstKind::Int(i)) => Some(*i as u64),
            Some(ConstKind::Null) => Some(0),
            _ => None,
        },
        _ => None,
    }
}

/// The operations that read or write a signature element.
const SIGNATURE_OPS: [u32; 6] = [
    OpCode::LoadInput as u32,
    OpCode::StoreOutput as u32,
    OpCode::LoadPatchConstant as u32,
    OpCode::StorePatchConstant as u32,
    OpCode::StoreVertexOutput as u32,
    OpCode::StorePrimitiveOutput as u32,
];

/// The opcode of a call to a `dx.op.*` function.
fn dx_op_opcode(module: &Module, callee: ValueRef, args: &[ValueRef]) -> Option<u32> {
    let ValueRef::Function(f) = callee else {
        return None;
    };
    let name = module.name_of(module.functions.get(f)?.common.name)?;
    if !name.starts_with("dx.op.") {
        return None;
    }
    u32::try_from(constant(module, *args.first()?)?).ok()
}

/// Where a call reads or writes a signature element: (signature, element id, row, column).
type Access = (usize, ValueRef, ValueRef, ValueRef);

/// The signature access of a decoded operation, if it is one.
fn access(op: &DxOp) -> Option<Access> {
    Some(match *op {
        DxOp::LoadInput {
            input_sig_id,
            row_index,
            col_index,
            ..
        } => (0, input_sig_id, row_index, col_index),
        DxOp::StoreOutput {
            output_sig_id,
            row_index,
            col_index,
            ..
        }
        | DxOp::StoreVertexOutput {
            output_sig_id,
            row_index,
            col_index,
            ..
        } => (1, output_sig_id, row_index, col_index),
        DxOp::LoadPatchConstant {
            input_sig_id,
            row,
            col,
        } => (2, input_sig_id, row, col),
        DxOp::StorePatchConstant {
            output_sig_id,
            row,
            col,
            ..
        } => (2, output_sig_id, row, col),
        DxOp::StorePrimitiveOutput {
            output_sig_id,
            row_index,
            col_index,
            ..
        } => (2, output_sig_id, row_index, col_index),
        _ => return None,
    })
}

/// Adds the accesses of `body` to `masks`. A read counts where its value is used: the
/// reference computes the masks after removing dead code, so an input whose value nothing
/// needs is not read. Instructions without side effects (arithmetic, casts, comparisons,
/// aggregates, address computations, loads, calls of `readnone` or `readonly` operations)
/// are live when a live instruction uses them; the rest are live.
fn add_accesses(module: &Module, body: &Body, masks: &mut [Vec<Usage>; 3]) {
    let insts = body.insts.as_slice();
    let mut live = vec![false; insts.len()];
    let mut accesses = Vec::new();
    let mut work = Vec::new();
    for (i, inst) in insts.iter().enumerate() {
        let pure = match &inst.kind {
            InstKind::Binary { .. }
            | InstKind::Cast { .. }
            | InstKind::Gep { .. }
            | InstKind::Select { .. }
            | InstKind::ExtractElement { .. }
            | InstKind::InsertElement { .. }
            | InstKind::ShuffleVector { .. }
            | InstKind::Cmp { .. }
            | InstKind::Phi { .. }
            | InstKind::Alloca { .. }
            | InstKind::ExtractValue { .. }
            | InstKind::InsertValue { .. } => true,
            InstKind::Load { volatile, .. } => !*volatile,
            InstKind::Call { callee, args, .. } => {
                // The operation from its opcode; the call is decoded whole only where it
                // accesses a signature.
                let info =
                    dx_op_opcode(module, *callee, body.values(*args)).and_then(dxil_ops::op_info);
                match info {
                    Some(info) => {
                        if SIGNATURE_OPS.contains(&info.opcode) {
                            if let Ok(Some(call)) = dxil_ops::decode_call(module, body, inst) {
                                if let Some(a) = access(&call.op) {
                                    accesses.push((i, a));
                                }
                            }
                        }
                        matches!(info.fn_attr, FnAttr::ReadNone | FnAttr::ReadOnly)
                    }
                    None => false,
                }
            }
            _ => false,
        };
        if !pure {
            live[i] = true;
            work.push(i);
        }
    }
    while let Some(i) = work.pop() {
        insts[i].kind.for_each_operand(&body.pool, |v| {
            if let ValueRef::Inst(used) = *v {
                if let Some(l) = live.get_mut(used.index()) {
                    if !*l {
                        *l = true;
                        work.push(used.index());
                    }
                }
            }
        });
    }
    for (i, (sig, id, row, col)) in accesses {
        if !live[i] {
            continue;
        }
        let (Some(id), Some(col)) = (constant(module, id), constant(module, col)) else {
            continue;
        };
        let Some(u) = usize::try_from(id)
            .ok()
            .and_then(|id| masks[sig].get_mut(id))
        else {
            continue;
        };
        if col >= 4 {
            continue;
        }
        let bit = 1 << col;
        u.used |= bit;
        if constant(module, row).is_none() {
            u.dynamic |= bit;
        }
    }
}

/// For each entry of `meta`, the masks of its input, output and patch constant (or
/// primitive) signatures' elements, in element order. A stage's signatures are read and
/// written by every function of its module (a hull shader's patch constant function
/// writes the patch constants); a library entry's by its own function.
pub(crate) fn signature_usage(module: &Module, meta: &ShaderMeta) -> Vec<[Vec<Usage>; 3]> {
    let mut out = Vec::with_capacity(meta.entries.len());
    for e in &meta.entries {
        let mut masks: [Vec<Usage>; 3] = Default::default();
        for (m, list) in masks.iter_mut().zip(&e.signatures) {
            *m = vec![Usage::default(); list.len()];
        }
        if masks.iter().all(Vec::is_empty) {
            out.push(masks);
            continue;
        }
        let own = match &e.function {
            Md::Value {
                value: ValueRef::Function(f),
                ..
            } => Some(*f),
            _ => None,
        };
        let bodies = module
            .functions
            .iter_with_ids()
            .filter(|(f, _)| meta.kind != ShaderKind::Library || Some(*f) == own)
            .filter_map(|(_, data)| data.body.as_ref());
        for body in bodies {
            add_accesses(module, body, &mut masks);
        }
        out.push(masks);
    }
    out
}
