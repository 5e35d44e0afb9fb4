//! Inline ray tracing (`RayQuery`): the flags of `AllocateRayQuery`/`AllocateRayQuery2`
//! (`DECL.ALLOCATERAYQUERYFLAGSARECONST`, `DECL.ALLOCATERAYQUERY2FLAGSARECONST`,
//! `DECL.ALLOWOPACITYMICROMAPSEXPECTEDGIVENFORCEOMM2STATE`) and the ray query handle of the
//! clustered-geometry and triangle-position queries (`INSTR.NOREADINGUNINITIALIZED`).

use dxil_ir::ValueRef;
use dxil_ops::{DxCall, DxOp, ValidationRule as R};

use super::function::Site;
use crate::context::Ctx;
use crate::util;

/// `RAY_FLAG_FORCE_OMM_2_STATE` (`RayFlag::ForceOMM2State`).
const RAY_FLAG_FORCE_OMM_2_STATE: i64 = 0x400;
/// `RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS` (`RayQueryFlag::AllowOpacityMicromaps`).
const RAY_QUERY_FLAG_ALLOW_OPACITY_MICROMAPS: i64 = 1;

/// The ray query checks of one decoded `dx.op` call; other operations are left alone.
pub(crate) fn dx_op(ctx: &mut Ctx, site: &Site, call: &DxCall) {
    let m = ctx.m;
    match call.op {
        // The flags select the query's fixed behaviour: any constant, `undef` included.
        DxOp::AllocateRayQuery { const_ray_flags } if !is_constant(const_ray_flags) => {
            ctx.inst_error(site.f, site.inst, R::DeclAllocateRayQueryFlagsAreConst, &[]);
        }
        DxOp::AllocateRayQuery2 {
            const_ray_flags,
            const_ray_query_flags,
        } => {
            if !is_constant(const_ray_flags) || !is_constant(const_ray_query_flags) {
                ctx.inst_error(
                    site.f,
                    site.inst,
                    R::DeclAllocateRayQuery2FlagsAreConst,
                    &[],
                );
                return;
            }
            // Forcing opacity micromaps to two states needs the query to allow them. Flags
            // that are constants but no integers (`undef`) give no bits to test.
            let (Some(ray), Some(query)) = (
                util::const_int(m, const_ray_flags),
                util::const_int(m, const_ray_query_flags),
            ) else {
                return;
            };
            if ray & RAY_FLAG_FORCE_OMM_2_STATE != 0
                && query & RAY_QUERY_FLAG_ALLOW_OPACITY_MICROMAPS == 0
            {
                ctx.inst_error(
                    site.f,
                    site.inst,
                    R::DeclAllowOpacityMicromapsExpectedGivenForceOMM2State,
                    &[],
                );
            }
        }
        DxOp::RayQuery_CandidateClusterID { ray_query_handle }
        | DxOp::RayQuery_CommittedClusterID { ray_query_handle }
        | DxOp::RayQuery_CandidateTriangleObjectPosition { ray_query_handle }
        | DxOp::RayQuery_CommittedTriangleObjectPosition { ray_query_handle }
            if util::is_undef(m, ray_query_handle) =>
        {
            ctx.inst_error(site.f, site.inst, R::InstrNoReadingUninitialized, &[]);
        }
        _ => {}
    }
}

/// An LLVM `Constant`: a constant, or a global value (functions and globals are constants).
fn is_constant(v: ValueRef) -> bool {
    !matches!(
        v,
        ValueRef::Inst(_) | ValueRef::Arg(_) | ValueRef::Metadata(_)
    )
}
