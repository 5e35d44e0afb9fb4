//! The signature part of the entries' shader state (DXIL.rst "Hull Shader", "Domain
//! Shader"): the tessellation factors the domain needs in the patch constant signature, and
//! hull shaders without a body (pass-through hull shaders), which copy their control
//! points.

use dxil_container::ShaderKind;
use dxil_ops::ValidationRule as R;

use crate::context::Ctx;

use super::sig_model::{sem, Entry, SigState};

/// HS output control points times their scalars (`kMaxHSOutputControlPointsTotalScalars`).
const MAX_HS_OUTPUT_CONTROL_POINTS_TOTAL_SCALARS: u32 = 3968;

/// For every entry in function order: the tessellation factors of hull and domain
/// shaders (`CheckPatchConstantSemantic`), then the pass-through hull shader rules
/// (`ValidatePassThruHS`).
pub(crate) fn validate(ctx: &mut Ctx) {
    let st = SigState::take(ctx);
    for e in &st.entries {
        if matches!(e.kind, ShaderKind::Hull | ShaderKind::Domain) {
            tess_factors(ctx, e);
        }
        pass_through(ctx, e);
    }
    st.put(ctx);
}

/// The edge and inside tessellation factors of the domain: rows per domain, one column;
/// hull shaders must declare them.
fn tess_factors(ctx: &mut Ctx, e: &Entry) {
    let f = e.function;
    let is_hull = e.kind == ShaderKind::Hull;
    let domain = e.domain();
    let (name, edges, inside) = match domain {
        1 => ("IsoLine", 2, 0),
        2 => ("Tri", 3, 1),
        3 => ("Quad", 4, 2),
        _ => return,
    };
    let (mut found_edge, mut found_inside) = (false, false);
    for el in &e.patch().elements {
        let (rule, expected) = match el.kind {
            sem::TESS_FACTOR => {
                found_edge = true;
                (R::SmTessFactorSizeMatchDomain, edges)
            }
            sem::INSIDE_TESS_FACTOR => {
                found_inside = true;
                (R::SmInsideTessFactorSizeMatchDomain, inside)
            }
            _ => continue,
        };
        if el.rows() != expected || el.cols() > 1 {
            let args = [
                el.rows().to_string(),
                el.cols().to_string(),
                expected.to_string(),
            ];
            ctx.fn_error(f, rule, &[&args[0], &args[1], name, &args[2]]);
        }
    }
    if is_hull {
        if !found_edge {
            ctx.fn_error(f, R::SmTessFactorForDomain, &[]);
        }
        // An isoline has no inside factor.
        if !found_inside && domain != 1 {
            ctx.fn_error(f, R::SmTessFactorForDomain, &[]);
        }
    }
}

/// An entry function without a body must be a hull shader passing its control points
/// through: as many output as input control points, and room for the copied outputs.
fn pass_through(ctx: &mut Ctx, e: &Entry) {
    let f = e.function;
    let declared = ctx.m.functions.get(f).is_some_and(|d| d.body.is_none());
    if !declared {
        return;
    }
    if e.kind != ShaderKind::Hull {
        ctx.fn_error(f, R::MetaEntryFunction, &[]);
        return;
    }
    let (inputs, outputs, _) = e.hs();
    if inputs < outputs {
        ctx.fn_error(f, R::SmHullPassThruControlPointCountMatch, &[]);
    }
    let scalars = e.output().elements.iter().fold(0u32, |n, el| {
        n.wrapping_add(el.rows().wrapping_mul(el.cols()))
    });
    if scalars.wrapping_mul(outputs) > MAX_HS_OUTPUT_CONTROL_POINTS_TOTAL_SCALARS {
        ctx.fn_error(f, R::SmOutputControlPointsTotalScalars, &[]);
    }
}
