//! Shader Execution Reordering (shader model 6.9): the `HitObject_*` operations and
//! `MaybeReorderThread` (`INSTR.UNDEFHITOBJECT`, `INSTR.MAYREORDERTHREADUNDEFCOHERENCEHINTPARAM`,
//! and the `INSTR.NOREADINGUNINITIALIZED`, `INSTR.OPCONST`, `INSTR.OPERANDRANGE`,
//! `INSTR.PARAMMULTIPLE`, `INSTR.RESOURCEKINDFORTRACERAY` checks of their operands).
//!
//! This file also holds the dispatcher of the operation families whose own checks live in
//! `hit_object.rs`, `ray_query.rs` and `linalg.rs`.

use dxil_ir::ValueRef;
use dxil_ops::{DxCall, DxOp, ValidationRule as R};
use dxil_parts::names::ResourceKind;

use super::function::Site;
use super::handle_props;
use super::linalg::call_args;
use super::{linalg, ray_query};
use crate::context::Ctx;
use crate::util;

/// The family-specific checks of one decoded `dx.op` call (the hit object, ray query and
/// LinAlg cases of the reference's per-operation switch); other operations are left alone.
pub(crate) fn dx_op(ctx: &mut Ctx, site: &Site, call: &DxCall) {
    hit_object(ctx, site, call);
    ray_query::dx_op(ctx, site, call);
    linalg::dx_op(ctx, site, call);
}

fn hit_object(ctx: &mut Ctx, site: &Site, call: &DxCall) {
    let m = ctx.m;
    let undef = |v: ValueRef| util::is_undef(m, v);
    let error =
        |ctx: &mut Ctx, rule: R, args: &[&str]| ctx.inst_error(site.f, site.inst, rule, args);
    match call.op {
        DxOp::MaybeReorderThread {
            hit_object,
            coherence_hint,
            num_coherence_hint_bits_from_lsb: num_bits,
        } => {
            if undef(hit_object) {
                error(ctx, R::InstrUndefHitObject, &[]);
            }
            if undef(num_bits) {
                error(ctx, R::InstrMayReorderThreadUndefCoherenceHintParam, &[]);
            }
            // The hint itself is read only when some of its bits are asked for.
            let has_hint = util::const_uint(m, num_bits).is_some_and(|n| n != 0);
            if has_hint && undef(coherence_hint) {
                error(ctx, R::InstrMayReorderThreadUndefCoherenceHintParam, &[]);
            }
        }
        DxOp::HitObject_MakeMiss {
            ray_flags,
            miss_shader_index,
            ..
        } if undef(ray_flags) || undef(miss_shader_index) => {
            error(ctx, R::InstrNoReadingUninitialized, &[]);
        }
        DxOp::HitObject_LoadLocalRootTableConstant { hit_object, offset } => {
            if undef(hit_object) {
                error(ctx, R::InstrUndefHitObject, &[]);
            }
            if undef(offset) {
                error(ctx, R::InstrNoReadingUninitialized, &[]);
            }
            // Root table constants are 32-bit words.
            if let Some(offset) = util::const_uint(m, offset) {
                if offset % 4 != 0 {
                    error(
                        ctx,
                        R::InstrParamMultiple,
                        &["offset", "4", &offset.to_string()],
                    );
                }
            }
        }
        DxOp::HitObject_SetShaderTableIndex {
            hit_object,
            shader_table_index,
        } => {
            if undef(hit_object) {
                error(ctx, R::InstrUndefHitObject, &[]);
            }
            if undef(shader_table_index) {
                error(ctx, R::InstrNoReadingUninitialized, &[]);
            }
        }
        DxOp::HitObject_GeometryIndex { hit_object }
        | DxOp::HitObject_HitKind { hit_object }
        | DxOp::HitObject_InstanceID { hit_object }
        | DxOp::HitObject_InstanceIndex { hit_object }
        | DxOp::HitObject_IsHit { hit_object }
        | DxOp::HitObject_IsMiss { hit_object }
        | DxOp::HitObject_IsNop { hit_object }
        | DxOp::HitObject_PrimitiveIndex { hit_object }
        | DxOp::HitObject_RayFlags { hit_object }
        | DxOp::HitObject_RayTCurrent { hit_object }
        | DxOp::HitObject_RayTMin { hit_object }
        | DxOp::HitObject_ShaderTableIndex { hit_object }
        | DxOp::HitObject_ClusterID { hit_object }
        | DxOp::HitObject_TriangleObjectPosition { hit_object }
            if undef(hit_object) =>
        {
            error(ctx, R::InstrUndefHitObject, &[]);
        }
        DxOp::HitObject_ObjectRayDirection {
            hit_object,
            component,
        }
        | DxOp::HitObject_ObjectRayOrigin {
            hit_object,
            component,
        }
        | DxOp::HitObject_WorldRayDirection {
            hit_object,
            component,
        }
        | DxOp::HitObject_WorldRayOrigin {
            hit_object,
            component,
        } => {
            if undef(hit_object) {
                error(ctx, R::InstrUndefHitObject, &[]);
            }
            // A ray's origin or direction has three components.
            immediate_in_range(ctx, site, call, component, "component", 2);
        }
        DxOp::HitObject_WorldToObject3x4 {
            hit_object,
            row,
            col,
        }
        | DxOp::HitObject_ObjectToWorld3x4 {
            hit_object,
            row,
            col,
        } => {
            if undef(hit_object) {
                error(ctx, R::InstrUndefHitObject, &[]);
            }
            immediate_in_range(ctx, site, call, row, "row", 2);
            immediate_in_range(ctx, site, call, col, "column", 3);
        }
        DxOp::HitObject_FromRayQuery { .. } | DxOp::HitObject_FromRayQueryWithAttrs { .. } => {
            for &arg in call_args(site).iter().skip(1) {
                if undef(arg) {
                    error(ctx, R::InstrNoReadingUninitialized, &[]);
                }
            }
        }
        DxOp::HitObject_Invoke {
            hit_object,
            payload,
        } => {
            if undef(hit_object) {
                error(ctx, R::InstrUndefHitObject, &[]);
            }
            if undef(payload) {
                error(ctx, R::InstrNoReadingUninitialized, &[]);
            }
        }
        DxOp::HitObject_TraceRay {
            acceleration_structure,
            ..
        } => {
            let props = handle_props::props_of(ctx, site.f, acceleration_structure);
            if props.is_none_or(|p| p.kind != ResourceKind::RTAccelerationStructure.raw()) {
                error(ctx, R::InstrResourceKindForTraceRay, &[]);
            }
            // Every operand after the acceleration structure, the payload included.
            for &arg in call_args(site).iter().skip(2) {
                if undef(arg) {
                    error(ctx, R::InstrNoReadingUninitialized, &[]);
                }
            }
        }
        _ => {}
    }
}

/// An immediate operand within `0..=max` (`ValidateConstantRangeUnsigned`), named in the
/// message with the operation.
fn immediate_in_range(
    ctx: &mut Ctx,
    site: &Site,
    call: &DxCall,
    v: ValueRef,
    name: &str,
    max: u64,
) {
    match util::const_uint(ctx.m, v) {
        None => ctx.inst_error(site.f, site.inst, R::InstrOpConst, &[name, call.op.name()]),
        Some(value) if value > max => {
            let range = format!("0~{max}");
            ctx.inst_error(
                site.f,
                site.inst,
                R::InstrOperandRange,
                &[name, &range, &value.to_string()],
            );
        }
        Some(_) => {}
    }
}
