//! Function bodies (`ValidateFunction`, `ValidateFunctionBody`): every function in module
//! order; a declaration goes to the external-function rules, which check each of its calls
//! and hand the `dx.op` calls that pass to each rule group ([`dx_op`]); a body is walked once,
//! and calls to `dx.op.*` functions pass the opcode gate here (an immediate, a known opcode,
//! an experimental opcode only in an experimental shader model, a function that is one of
//! the operation's).

use dxil_ir::{Body, Function, Inst, InstData, InstKind, ValueRef};
use dxil_ops::{op_info, DxCall, OpInfo, OpTable, ValidationRule as R, CORE_OPS};

use super::externals::{self, State};
use super::ops;
use crate::context::Ctx;
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

/// `ValidateFunction` for every function, in module order.
pub(crate) fn validate(ctx: &mut Ctx) {
    let m = ctx.m;
    let Some(mut st) = State::new(ctx) else {
        return;
    };
    for (f, data) in m.functions.iter_with_ids() {
        let Some(body) = &data.body else {
            externals::validate(ctx, &mut st, f);
            continue;
        };
        let mut mesh = ops::MeshCalls::default();
        for (block, inst, data) in util::insts(body) {
            let site = Site {
                f,
                body,
                inst,
                data,
                block,
            };
            if let Some(info) = dx_op_call(ctx, &st, &site) {
                ops::count_call(ctx, &site, info, &mut mesh);
            }
        }
        ops::mesh_and_amplification(ctx, &st.kinds, f, body, &mesh);
    }
    externals::added_functions(ctx, &st);
}

/// The opcode gate for a call to a `dx.op.*` declaration: the operation, or `None` when the
/// call is not one or the gate reported it.
fn dx_op_call(ctx: &mut Ctx, st: &State, site: &Site) -> Option<&'static OpInfo> {
    let m = ctx.m;
    let InstKind::Call { callee, args, .. } = &site.data.kind else {
        return None;
    };
    let ValueRef::Function(callee_fn) = *callee else {
        return None;
    };
    let callee_data = m.functions.get(callee_fn)?;
    if callee_data.body.is_some() || !externals::is_dxil_function(m, callee_fn) {
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
    // The reference holds the opcode in 32 bits.
    let opcode = opcode as u32;
    let Some(info) = op_info(opcode) else {
        let count = CORE_OPS.len().to_string();
        ctx.inst_error(
            site.f,
            site.inst,
            R::InstrIllegalDXILOpCode,
            &[&count, &opcode.to_string()],
        );
        return None;
    };
    if info.table != OpTable::Core && !ctx.is_prerelease_shader_model() {
        ctx.inst_error(site.f, site.inst, R::InstrExpDXILOpCodeRequiresExpSM, &[]);
        return None;
    }
    // One of the operation's functions: in the reference's table for the operation's class,
    // as it stands when this body is walked.
    if !st.ops.is_function_of(info, callee_fn) {
        let name = callee_data.common.name.as_deref().unwrap_or("");
        ctx.inst_error(
            site.f,
            site.inst,
            R::InstrIllegalDXILOpFunction,
            &[name, info.name()],
        );
        return None;
    }
    Some(info)
}

/// Every rule group's checks of one `dx.op` call that passed the declaration checks (called
/// by the external-function rules, in their order).
pub(crate) fn dx_op(ctx: &mut Ctx, st: &State, site: &Site, call: &DxCall) {
    ops::validate_call(ctx, &st.kinds, site, call);
}
