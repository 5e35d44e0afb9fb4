//! Function bodies (`ValidateFunctionBody`): one walk over every instruction of every defined
//! function. Calls to `dx.op.*` functions pass the opcode gate here (an immediate, a known
//! opcode, an experimental opcode only in an experimental shader model, a function that is
//! one of the operation's) and are then decoded once and handed to each rule group.

use dxil_ir::{Body, Function, Inst, InstData, InstKind, ValueRef};
use dxil_ops::{op_info, DxCall, ValidationRule as R, CORE_OPS};

use crate::context::Ctx;
use crate::rules::entry;
use crate::util;

/// An instruction and where it is.
#[allow(dead_code)]
pub(crate) struct Site<'m> {
    /// Its function.
    pub f: Function,
    /// The function's body.
    pub body: &'m Body,
    /// The instruction.
    pub inst: Inst,
    /// Its data.
    pub data: &'m InstData,
    /// Index of its block in the function.
    pub block: usize,
}

/// `ValidateFunction` for every function with a body, in module order.
pub(crate) fn validate(ctx: &mut Ctx) {
    let m = ctx.m;
    let entries = entry::EntryMap::new(ctx);
    for (f, data) in m.functions.iter_with_ids() {
        let Some(body) = &data.body else { continue };
        entry::function_checks(ctx, f, &entries);
        for (block, inst, data) in util::insts(body) {
            let site = Site {
                f,
                body,
                inst,
                data,
                block,
            };
            if let Some(call) = dx_op_call(ctx, &site) {
                dx_op(ctx, &site, &call);
            }
        }
    }
}

/// The opcode gate for a call to a `dx.op.*` declaration, then the decoded call (`None` when
/// the call is not one, or the gate reported it).
fn dx_op_call(ctx: &mut Ctx, site: &Site) -> Option<DxCall> {
    let m = ctx.m;
    let InstKind::Call { callee, args, .. } = &site.data.kind else {
        return None;
    };
    let ValueRef::Function(callee_fn) = *callee else {
        return None;
    };
    let callee_data = m.functions.get(callee_fn)?;
    if callee_data.body.is_some() || !dxil_ops::is_dx_op_callee(m, *callee) {
        return None;
    }
    let Some(opcode) = args.first().and_then(|&a| util::const_uint(m, a)) else {
        ctx.inst_error(
            site.f,
            site.inst,
            R::InstrOpConst,
            &["Opcode", "DXIL operation"],
        );
        return None;
    };
    let Some(info) = u32::try_from(opcode).ok().and_then(op_info) else {
        let count = CORE_OPS.len().to_string();
        ctx.inst_error(
            site.f,
            site.inst,
            R::InstrIllegalDXILOpCode,
            &[&count, &opcode.to_string()],
        );
        return None;
    };
    if opcode >> 16 != 0 && !ctx.is_prerelease_shader_model() {
        ctx.inst_error(site.f, site.inst, R::InstrExpDXILOpCodeRequiresExpSM, &[]);
        return None;
    }
    if dxil_ops::check_function(m, info, callee_fn).is_err() {
        let name = callee_data.common.name.as_deref().unwrap_or("");
        ctx.inst_error(
            site.f,
            site.inst,
            R::InstrIllegalDXILOpFunction,
            &[name, info.name()],
        );
        return None;
    }
    // A call the decoder refuses after the gate (operand types against the declaration)
    // is the declaration's fault, which the external-function rules report.
    dxil_ops::decode_call(m, site.body, site.data)
        .ok()
        .flatten()
}

/// Every rule group's checks of one decoded `dx.op` call.
fn dx_op(_ctx: &mut Ctx, _site: &Site, _call: &DxCall) {}
