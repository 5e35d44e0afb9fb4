//! The operations that read and write signatures (`ValidateSignatureDxilOp`; DXIL.rst
//! "Shader Input/Output" and the operations of each stage): the element an operation names
//! exists, its row and column are in range (the column an immediate), the operation runs in
//! an entry (or its patch constant function) of a stage that has it, and what the walk
//! learns for later rules: the output columns written, coverage and view id reads.

use dxil_container::ShaderKind;
use dxil_ir::ValueRef;
use dxil_ops::{DxCall, DxOp, ValidationRule as R};

use crate::context::Ctx;
use crate::util;

use super::function::Site;
use super::sig_model::{interp, sem, Element, Entry, SigCall, SigState};
use dxil_gen::sigpoint::SignatureKind;

/// Input vertices of each GS input primitive (`InputPrimitive`; 0 for those without).
const PRIMITIVE_VERTICES: [i32; 41] = [
    0, 1, 2, 3, 0, 0, 4, 6, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20,
    21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 0,
];

/// Index of the input, output and patch constant signatures in [`Entry::sigs`].
const INPUT: usize = 0;
const OUTPUT: usize = 1;
const PATCH: usize = 2;

/// One decoded `dx.op` call: the signature operations are checked, the others ignored.
pub(crate) fn call(ctx: &mut Ctx, site: &Site, call: &DxCall) {
    use DxOp::*;
    if !matches!(
        call.op,
        LoadInput { .. }
            | DomainLocation { .. }
            | StoreOutput { .. }
            | StoreVertexOutput { .. }
            | StorePrimitiveOutput { .. }
            | OutputControlPointID { .. }
            | LoadOutputControlPoint { .. }
            | StorePatchConstant { .. }
            | Coverage { .. }
            | InnerCoverage { .. }
            | ViewID { .. }
            | EvalCentroid { .. }
            | EvalSampleIndex { .. }
            | EvalSnapped { .. }
            | AttributeAtVertex { .. }
            | EmitStream { .. }
            | EmitThenCutStream { .. }
            | CutStream { .. }
    ) {
        return;
    }
    let mut st = SigState::take(ctx);
    if in_profile(ctx, &st, site, call) {
        check(ctx, &mut st, site, call);
    }
    st.put(ctx);
}

/// Whether the operation exists in the calling function's stage and shader model: the
/// reference checks signature operations only then (the opcode rules report the others).
fn in_profile(ctx: &Ctx, st: &SigState, site: &Site, call: &DxCall) -> bool {
    let Some(sm) = ctx.md.shader_model.as_ref() else {
        return false;
    };
    let kind = if st.is_lib {
        match st.by_function.get(&site.f) {
            Some(&i) => st.entries[i].kind,
            None if st.patch_constant.contains_key(&site.f) => ShaderKind::Hull,
            None => ShaderKind::Library,
        }
    } else {
        match st.module_kind {
            Some(k) => k,
            None => return false,
        }
    };
    let info = call.op.info();
    let (major, minor) = info.shader_model;
    (sm.major, sm.minor) >= (u32::from(major), u32::from(minor)) && info.stages.allows(kind)
}

fn check(ctx: &mut Ctx, st: &mut SigState, site: &Site, call: &DxCall) {
    use DxOp::*;
    let m = ctx.m;
    let (f, inst) = (site.f, site.inst);
    let (index, is_patch_constant) = match st.by_function.get(&f) {
        Some(&i) => (i, false),
        None => match st.patch_constant.get(&f).and_then(|hulls| hulls.first()) {
            Some(&i) => (i, true),
            None => {
                ctx.inst_error(f, inst, R::InstrSignatureOperationNotInEntry, &[]);
                return;
            }
        },
    };
    let mut record = SigCall {
        order: (call.callee.as_u32(), st.calls.len() as u32),
        f,
        inst,
        entry: index,
        coverage: false,
        inner_coverage: false,
        checked: true,
    };
    match call.op {
        LoadInput {
            input_sig_id,
            row_index,
            col_index,
            gs_vertex_axis,
        } => {
            let e = &mut st.entries[index];
            access(ctx, site, e, INPUT, input_sig_id, row_index, col_index);
            let used = !util::is_undef(m, gs_vertex_axis);
            if matches!(e.kind, ShaderKind::Vertex | ShaderKind::Pixel) {
                if used {
                    ctx.inst_error(f, inst, R::SmOperand, &[]);
                    record.checked = false;
                }
            } else if let Some(vertex) = util::const_int(m, gs_vertex_axis) {
                let vertex = vertex as i32;
                let high = match e.kind {
                    ShaderKind::Geometry => {
                        let primitive = e.declared(|p| match p {
                            dxil_module::model::Property::GsState(s) => Some(s.input_primitive),
                            _ => None,
                        });
                        util::table_entry(&PRIMITIVE_VERTICES, primitive, 0)
                    }
                    ShaderKind::Domain => e.ds().0 as i32,
                    ShaderKind::Hull => e.hs().0 as i32,
                    _ => {
                        ctx.inst_error(
                            f,
                            inst,
                            R::SmOpcodeInInvalidFunction,
                            &["LoadInput", "VS/HS/DS/GS/PS"],
                        );
                        0
                    }
                };
                if vertex < 0 || vertex >= high {
                    let range = format!("0~{high}");
                    ctx.inst_error(
                        f,
                        inst,
                        R::InstrOperandRange,
                        &["VertexID", &range, &vertex.to_string()],
                    );
                }
            }
        }
        DomainLocation { component } => match util::const_uint(m, component) {
            None => ctx.inst_error(f, inst, R::InstrOpConst, &["Col", "DomainLocation"]),
            Some(col) => {
                // Components of the domain location: isoline 3, tri 3, quad 2.
                let size = match st.entries[index].kind {
                    ShaderKind::Hull | ShaderKind::Domain => match st.entries[index].domain() {
                        1 | 2 => 3,
                        3 => 2,
                        _ => 0,
                    },
                    _ => 0,
                };
                if col as u32 >= size {
                    ctx.inst_error(f, inst, R::SmDomainLocationIdxOOB, &[]);
                }
            }
        },
        StoreOutput {
            output_sig_id,
            row_index,
            col_index,
            ..
        }
        | StoreVertexOutput {
            output_sig_id,
            row_index,
            col_index,
            ..
        } => {
            access(
                ctx,
                site,
                &mut st.entries[index],
                OUTPUT,
                output_sig_id,
                row_index,
                col_index,
            );
        }
        StorePrimitiveOutput {
            output_sig_id,
            row_index,
            col_index,
            ..
        } => {
            access(
                ctx,
                site,
                &mut st.entries[index],
                PATCH,
                output_sig_id,
                row_index,
                col_index,
            );
        }
        // The control point id exists in the hull shader's own function only.
        OutputControlPointID {}
            if st.entries[index].kind != ShaderKind::Hull || is_patch_constant =>
        {
            ctx.inst_error(
                f,
                inst,
                R::SmOpcodeInInvalidFunction,
                &["OutputControlPointID", "hull function"],
            );
        }
        LoadOutputControlPoint {
            input_sig_id,
            row,
            col,
            ..
        } => {
            // Control point outputs are read by the patch constant function only.
            if st.reachable(m, f) {
                ctx.inst_error(
                    f,
                    inst,
                    R::SmOpcodeInInvalidFunction,
                    &["LoadOutputControlPoint", "PatchConstant function"],
                );
            }
            access(
                ctx,
                site,
                &mut st.entries[index],
                OUTPUT,
                input_sig_id,
                row,
                col,
            );
        }
        StorePatchConstant {
            output_sig_id,
            row,
            col,
            ..
        } => {
            if !is_patch_constant {
                ctx.inst_error(
                    f,
                    inst,
                    R::SmOpcodeInInvalidFunction,
                    &["StorePatchConstant", "PatchConstant function"],
                );
            } else {
                // Every hull shader sharing the function gets the store.
                // A patch constant function no hull shader names stores for none.
                let hulls = st.patch_constant.get(&f).cloned();
                for h in hulls.into_iter().flatten() {
                    access(
                        ctx,
                        site,
                        &mut st.entries[h],
                        PATCH,
                        output_sig_id,
                        row,
                        col,
                    );
                }
            }
        }
        Coverage {} => {
            st.entries[index].status.coverage = true;
            record.coverage = true;
        }
        InnerCoverage {} => {
            st.entries[index].status.inner_coverage = true;
            record.inner_coverage = true;
        }
        ViewID {} => st.entries[index].status.view_id = true,
        EvalCentroid {
            input_sig_id,
            input_row_index,
            input_col_index,
        }
        | EvalSampleIndex {
            input_sig_id,
            input_row_index,
            input_col_index,
            ..
        }
        | EvalSnapped {
            input_sig_id,
            input_row_index,
            input_col_index,
            ..
        } => {
            let e = &mut st.entries[index];
            if let Some(id) = access(
                ctx,
                site,
                e,
                INPUT,
                input_sig_id,
                input_row_index,
                input_col_index,
            ) {
                let el = &e.sigs[INPUT].elements[id];
                if !interp::is_linear(el.mode) {
                    ctx.inst_error(f, inst, R::InstrEvalInterpolationMode, &[el.name]);
                }
                if el.kind == sem::POSITION {
                    let sm = ctx
                        .md
                        .shader_model
                        .as_ref()
                        .map(|s| format!("{}_{}_{}", s.kind, s.major, s.minor))
                        .unwrap_or_default();
                    ctx.inst_error(f, inst, R::InstrCannotPullPosition, &[&sm]);
                }
            }
        }
        AttributeAtVertex {
            input_sig_id,
            input_row_index,
            input_col_index,
            ..
        } => {
            let e = &mut st.entries[index];
            if let Some(id) = access(
                ctx,
                site,
                e,
                INPUT,
                input_sig_id,
                input_row_index,
                input_col_index,
            ) {
                let el = &e.sigs[INPUT].elements[id];
                if el.mode != interp::CONSTANT {
                    ctx.inst_error(
                        f,
                        inst,
                        R::InstrAttributeAtVertexNoInterpolation,
                        &[el.name],
                    );
                }
            }
        }
        EmitStream { stream_id } | EmitThenCutStream { stream_id } | CutStream { stream_id } => {
            stream(ctx, site, &st.entries[index], stream_id);
        }
        _ => {}
    }
    st.calls.push(record);
}

/// The stream of an emit or cut: an immediate naming a stream the GS state declares.
fn stream(ctx: &mut Ctx, site: &Site, e: &Entry, id: ValueRef) {
    let (f, inst) = (site.f, site.inst);
    if e.kind != ShaderKind::Geometry {
        ctx.inst_error(
            f,
            inst,
            R::SmOpcodeInInvalidFunction,
            &["Emit/CutStream", "Geometry shader"],
        );
        return;
    }
    let (Some(signed), Some(value)) = (util::const_int(ctx.m, id), util::const_uint(ctx.m, id))
    else {
        ctx.inst_error(f, inst, R::InstrOpConst, &["StreamID", "Emit/CutStream"]);
        return;
    };
    let value = value as u32 as i32;
    if signed < 0 || value >= 4 {
        ctx.inst_error(
            f,
            inst,
            R::InstrOperandRange,
            &["StreamID", "0~4", &value.to_string()],
        );
        return;
    }
    let mask = e.stream_mask();
    if mask & (1 << value) == 0 {
        let range: String = (0..4)
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| format!("{i} "))
            .collect();
        ctx.inst_error(
            f,
            inst,
            R::InstrOperandRange,
            &["StreamID", &range, &value.to_string()],
        );
    }
}

/// `ValidateSignatureAccess`: the element `id` names in signature `which` of `e`, its row
/// and column; records the column written. The element's index when it exists.
fn access(
    ctx: &mut Ctx,
    site: &Site,
    e: &mut Entry,
    which: usize,
    id: ValueRef,
    row: ValueRef,
    col: ValueRef,
) -> Option<usize> {
    let m = ctx.m;
    let (f, inst) = (site.f, site.inst);
    let Some(index) = util::const_uint(m, id) else {
        ctx.inst_error(
            f,
            inst,
            R::InstrOpConst,
            &["SignatureID", "LoadInput/StoreOutput"],
        );
        return None;
    };
    let index = index as u32 as usize;
    let sig_is_output = e.sigs[which].is_output();
    let Some(el) = e.sigs[which].elements.get(index) else {
        ctx.inst_error(f, inst, R::InstrOpConstRange, &[]);
        return None;
    };
    let col = row_col(ctx, site, el, &mut e.status, row, col);
    if sig_is_output && el.kind == sem::POSITION {
        if let Some(mask) = e.status.position_mask.get_mut(el.stream() as usize) {
            *mask |= 1u32.wrapping_shl(col);
        }
    }
    Some(index)
}

/// `ValidateSignatureRowCol`: the row when it is an immediate, the column (an immediate);
/// returns the column (0 when not an immediate).
fn row_col(
    ctx: &mut Ctx,
    site: &Site,
    el: &Element,
    status: &mut super::sig_model::Status,
    row: ValueRef,
    col: ValueRef,
) -> u32 {
    let m = ctx.m;
    let (f, inst) = (site.f, site.inst);
    if let Some(r) = util::const_uint(m, row) {
        let r = r as u32;
        if r >= el.rows() {
            let range = format!("0~{}", el.rows());
            ctx.inst_error(
                f,
                inst,
                R::InstrOperandRange,
                &["Row", &range, &r.to_string()],
            );
        }
    }
    let Some(c) = util::const_uint(m, col) else {
        ctx.inst_error(f, inst, R::InstrOpConst, &["Col", "LoadInput/StoreOutput"]);
        return 0;
    };
    let c = c as u32;
    // The column may equal the column count: the reference's bound.
    if c > el.cols() {
        let range = format!("0~{}", el.cols());
        ctx.inst_error(
            f,
            inst,
            R::InstrOperandRange,
            &["Col", &range, &c.to_string()],
        );
    } else {
        let bit = 1u32.wrapping_shl(c);
        match el.signature() {
            Some(SignatureKind::Output) => {
                if let Some(w) = status.output_cols.get_mut(el.id) {
                    *w |= bit;
                }
            }
            Some(SignatureKind::PatchConstOrPrim) => {
                if let Some(w) = status.patch_cols.get_mut(el.id) {
                    *w |= bit;
                }
            }
            _ => {}
        }
    }
    c
}

/// Coverage and inner coverage are exclusive: once an entry has read both, every signature
/// operation the reference checks afterwards reports it. The reference visits the calls by
/// callee declaration, then in program order; the walk recorded them in program order.
pub(crate) fn coverage_pass(ctx: &mut Ctx, st: &mut SigState) {
    if !st.calls.iter().any(|c| c.inner_coverage) || !st.calls.iter().any(|c| c.coverage) {
        return;
    }
    let mut calls: Vec<&SigCall> = st.calls.iter().collect();
    calls.sort_by_key(|c| c.order);
    let mut flags = vec![(false, false); st.entries.len()];
    for c in calls {
        let Some(fl) = flags.get_mut(c.entry) else {
            continue;
        };
        fl.0 |= c.coverage;
        fl.1 |= c.inner_coverage;
        if c.checked && fl.0 && fl.1 {
            ctx.inst_error(c.f, c.inst, R::SmPSCoverageAndInnerCoverage, &[]);
        }
    }
}
