//! Entry signatures (`ValidateEntrySignatures`; DXIL.rst "HLSL signatures and semantics",
//! "Signature packing", "Validation Rules" META.* and SM.* on signatures): each element's
//! semantic, type, interpolation, rows and place at its signature point, the elements of a
//! signature against each other (semantic indices, system values once, clip/cull limits,
//! the packing constraints), and the per-stage rules (pixel shader outputs and depth, GS
//! output size, no signatures in compute and ray tracing shaders, mesh shader limits).

use dxil_container::ShaderKind;
use dxil_gen::sigpoint::SignatureKind;
use dxil_ir::{Function, TypeData};
use dxil_module::model::Property;
use dxil_ops::{SemanticInterpretationKind as Interp, ValidationRule as R};

use crate::context::Ctx;
use crate::util::{self, comp};

use super::sig_model::{
    interp, sem, semantic_by_name, semantic_name, Element, Entry, SigState, Signature, Status,
};
use dxil_gen::pack::{Allocator, Conflict, DataWidth, Shape, REGISTERS};

/// Output streams of a geometry shader.
const STREAMS: usize = 4;
/// GS: output vertices times output scalars (`kMaxGSOutputTotalScalars`).
const MAX_GS_OUTPUT_TOTAL_SCALARS: u32 = 1024;
/// Mesh shader signature rows: vertex, primitive, both.
const MAX_MS_VSIG_ROWS: u32 = 32;
const MAX_MS_PSIG_ROWS: u32 = 32;
const MAX_MS_TOTAL_SIG_ROWS: u32 = 32;
/// Mesh shader output bytes, and output plus payload bytes.
const MAX_MS_OUTPUT_TOTAL_BYTES: u32 = 1024 * 32;
const MAX_MS_INPUT_OUTPUT_TOTAL_BYTES: u32 = 1024 * 47;

/// `ValidateEntrySignatures`: every entry, in function order.
pub(crate) fn validate(ctx: &mut Ctx) {
    let mut st = SigState::take(ctx);
    // Ends the function walk's coverage bookkeeping before the signatures are read.
    super::sig_ops::coverage_pass(ctx, &mut st);
    let use_min_precision = st.use_min_precision;
    for e in &mut st.entries {
        entry(ctx, e, use_min_precision);
    }
    st.put(ctx);
}

fn entry(ctx: &mut Ctx, e: &mut Entry, use_min_precision: bool) {
    let f = e.function;
    if e.is_ray() {
        return ray_entry(ctx, e);
    }
    match e.kind {
        ShaderKind::Pixel => no_interp_mode(ctx, e.output()),
        ShaderKind::Vertex => no_interp_mode(ctx, e.input()),
        _ => {}
    }
    if e.kind == ShaderKind::Mesh {
        for el in &e.patch().elements {
            if el.mode != interp::CONSTANT {
                ctx.error(R::SmConstantInterpMode, &[el.name]);
            }
        }
    } else {
        no_interp_mode(ctx, e.patch());
    }
    for sig in &e.sigs {
        signature(ctx, sig, &mut e.status, use_min_precision);
    }
    match e.kind {
        ShaderKind::Pixel => pixel(ctx, e, f),
        ShaderKind::Geometry => {
            let max_vertices = e.declared(|p| match p {
                Property::GsState(s) => Some(s.max_vertex_count),
                _ => None,
            });
            let scalars = e.output().elements.iter().fold(0u32, |n, el| {
                n.wrapping_add(el.rows().wrapping_mul(el.cols()))
            });
            let total = max_vertices.wrapping_mul(scalars);
            if total > MAX_GS_OUTPUT_TOTAL_SCALARS {
                let args = [
                    max_vertices.to_string(),
                    scalars.to_string(),
                    total.to_string(),
                    MAX_GS_OUTPUT_TOTAL_SCALARS.to_string(),
                ];
                ctx.fn_error(
                    f,
                    R::SmGSTotalOutputVertexDataRange,
                    &[&args[0], &args[1], &args[2], &args[3]],
                );
            }
        }
        ShaderKind::Compute if e.sigs.iter().any(|s| !s.elements.is_empty()) => {
            ctx.fn_error(f, R::SmCSNoSignatures, &[]);
        }
        ShaderKind::Mesh => mesh(ctx, e, f),
        _ => {}
    }
}

/// Ray tracing shaders have no signatures, and their payload and attribute arguments fit
/// the sizes their properties declare.
fn ray_entry(ctx: &mut Ctx, e: &Entry) {
    let f = e.function;
    let name = ctx.function_name(f);
    if e.sigs.iter().any(|s| !s.elements.is_empty()) {
        ctx.fn_error(f, R::SmRayShaderSignatures, &[&name]);
    }
    let m = ctx.m;
    let params: &[dxil_ir::Type] = match m.ty(m.function(f).fn_ty) {
        TypeData::Function { params, .. } => params,
        _ => &[],
    };
    let layout = dxil_module::layout::DataLayout::of(m);
    let size = |i: usize| -> u32 {
        let Some(&ty) = params.get(i) else { return 0 };
        let ty = match m.ty(ty) {
            TypeData::Pointer { pointee, .. } => *pointee,
            _ => ty,
        };
        layout
            .type_alloc_size(m, ty)
            .map_or(0, util::saturating_u32)
    };
    let (payload, attributes) = match e.kind {
        ShaderKind::AnyHit | ShaderKind::ClosestHit => (size(0), size(1)),
        ShaderKind::Miss | ShaderKind::Callable => (size(0), 0),
        _ => (0, 0),
    };
    let declared_payload = e.declared(|p| match p {
        Property::RayPayloadSize(s) => Some(*s),
        _ => None,
    });
    let declared_attributes = e.declared(|p| match p {
        Property::RayAttribSize(s) => Some(*s),
        _ => None,
    });
    if declared_payload < payload {
        let what = if e.kind == ShaderKind::Callable {
            "params"
        } else {
            "payload"
        };
        ctx.fn_error(f, R::SmRayShaderPayloadSize, &[&name, what]);
    }
    if declared_attributes < attributes {
        ctx.fn_error(f, R::SmRayShaderPayloadSize, &[&name, "attribute"]);
    }
}

/// Signatures whose interpolation mode must stay undefined: vertex shader inputs, pixel
/// shader outputs, patch constants.
fn no_interp_mode(ctx: &mut Ctx, sig: &Signature) {
    for el in &sig.elements {
        if el.mode != interp::UNDEFINED {
            ctx.error(R::SmNoInterpMode, &[el.name]);
        }
    }
}

/// Pixel shaders: the input position's interpolation when a conservative depth is written
/// without sample frequency, and the allowed output semantics.
fn pixel(ctx: &mut Ctx, e: &Entry, f: Function) {
    let mut super_sampling = false;
    let mut position: Option<&Element> = None;
    for el in &e.input().elements {
        if el.kind == sem::SAMPLE_INDEX {
            super_sampling = true;
            continue;
        }
        if matches!(
            el.mode,
            interp::LINEAR_SAMPLE | interp::LINEAR_NOPERSPECTIVE_SAMPLE
        ) {
            super_sampling = true;
        }
        if el.kind == sem::POSITION {
            position = Some(el);
        }
    }
    let depth = e
        .output()
        .elements
        .iter()
        .find(|el| {
            matches!(
                el.kind,
                sem::DEPTH | sem::DEPTH_LESS_EQUAL | sem::DEPTH_GREATER_EQUAL
            )
        })
        .map(|el| el.kind);
    if !super_sampling
        && matches!(
            depth,
            Some(sem::DEPTH_LESS_EQUAL | sem::DEPTH_GREATER_EQUAL)
        )
    {
        if let Some(p) = position {
            if !matches!(
                p.mode,
                interp::UNDEFINED
                    | interp::LINEAR_NOPERSPECTIVE_CENTROID
                    | interp::LINEAR_NOPERSPECTIVE_SAMPLE
            ) {
                ctx.fn_error(f, R::SmPSConsistentInterp, &[p.name]);
            }
        }
    }
    for el in &e.output().elements {
        if !matches!(
            el.kind,
            sem::TARGET
                | sem::COVERAGE
                | sem::DEPTH
                | sem::DEPTH_GREATER_EQUAL
                | sem::DEPTH_LESS_EQUAL
                | sem::STENCIL_REF
        ) {
            ctx.fn_error(f, R::SmPSOutputSemantic, &[el.name]);
        }
    }
}

/// Mesh shaders: signature rows and output sizes.
fn mesh(ctx: &mut Ctx, e: &Entry, f: Function) {
    let name = ctx.function_name(f);
    let vertex_rows = e.output().row_count();
    let primitive_rows = e.patch().row_count();
    if vertex_rows > MAX_MS_VSIG_ROWS {
        ctx.fn_error(
            f,
            R::SmMeshVSigRowCount,
            &[&name, &MAX_MS_VSIG_ROWS.to_string()],
        );
    }
    if primitive_rows > MAX_MS_PSIG_ROWS {
        ctx.fn_error(
            f,
            R::SmMeshPSigRowCount,
            &[&name, &MAX_MS_PSIG_ROWS.to_string()],
        );
    }
    if vertex_rows.wrapping_add(primitive_rows) > MAX_MS_TOTAL_SIG_ROWS {
        ctx.fn_error(
            f,
            R::SmMeshTotalSigRowCount,
            &[&name, &MAX_MS_TOTAL_SIG_ROWS.to_string()],
        );
    }
    let (max_vertices, max_primitives, payload) = e.declared(|p| match p {
        Property::MsState(s) => Some((
            s.max_vertex_count,
            s.max_primitive_count,
            s.payload_size_in_bytes,
        )),
        _ => None,
    });
    let align32 = |n: u32| n.wrapping_add(31) & !31;
    let scalars = |sig: &Signature, count: u32| {
        sig.elements.iter().fold(0u32, |n, el| {
            n.wrapping_add(el.rows().wrapping_mul(el.cols()).wrapping_mul(count))
        })
    };
    let total = scalars(e.output(), align32(max_vertices))
        .wrapping_add(scalars(e.patch(), align32(max_primitives)));
    // Every attribute scalar takes 4 bytes.
    let bytes = total.wrapping_mul(4);
    if bytes > MAX_MS_OUTPUT_TOTAL_BYTES {
        ctx.fn_error(
            f,
            R::SmMeshShaderOutputSize,
            &[&name, &MAX_MS_OUTPUT_TOTAL_BYTES.to_string()],
        );
    }
    if bytes.wrapping_add(payload) > MAX_MS_INPUT_OUTPUT_TOTAL_BYTES {
        ctx.fn_error(
            f,
            R::SmMeshShaderInOutSize,
            &[&name, &MAX_MS_INPUT_OUTPUT_TOTAL_BYTES.to_string()],
        );
    }
}

/// `ValidateSignature`: each element, then the elements against each other, per GS stream.
fn signature(ctx: &mut Ctx, sig: &Signature, status: &mut Status, use_min_precision: bool) {
    let mut allocators: [Allocator; STREAMS] = std::array::from_fn(|_| Allocator::new(REGISTERS));
    let mut used_kinds: [Vec<u32>; STREAMS] = Default::default();
    let mut indices: [Vec<(String, Vec<u32>)>; STREAMS] = Default::default();
    let mut clip_cull_rows: [Vec<u32>; STREAMS] = Default::default();
    let mut clip_cull_components = [0u32; STREAMS];
    let is_output = sig.is_output();
    let is_gs = ctx.md.shader_kind() == Some(ShaderKind::Geometry);
    let mut targets = 0u32;
    let mut depth_seen = false;
    let mut barycentrics = 0u32;
    let mut prev_bary_mode: Option<u8> = None;
    for el in &sig.elements {
        element(ctx, el);
        let stream = if is_output && is_gs && (el.stream() as usize) < STREAMS {
            el.stream() as usize
        } else {
            0
        };
        // A semantic index may appear once per name (case-insensitively).
        let upper = el.name.to_ascii_uppercase();
        let at = match indices[stream].iter().position(|(n, _)| *n == upper) {
            Some(at) => at,
            None => {
                indices[stream].push((upper, Vec::new()));
                indices[stream].len() - 1
            }
        };
        for &i in el.indices {
            let set = &mut indices[stream][at].1;
            if set.contains(&i) {
                ctx.error(R::MetaNoSemanticOverlap, &[el.name, &i.to_string()]);
                return;
            }
            set.push(i);
        }
        if el.kind == sem::TARGET {
            let start = el.start_row() as u32;
            if start.wrapping_add(el.rows()) <= 8 {
                let mask = 1u32
                    .wrapping_shl(el.rows())
                    .wrapping_sub(1)
                    .wrapping_shl(start);
                if targets & mask != 0 {
                    ctx.error(
                        R::MetaNoSemanticOverlap,
                        &["SV_Target", &el.start_row().to_string()],
                    );
                }
                targets |= mask;
            }
            if el.rows() > 1 {
                ctx.error(R::SmNoPSOutputIdx, &[el.name]);
            }
            continue;
        }
        if el.kind == sem::INVALID {
            continue;
        }
        match el.kind {
            sem::ARBITRARY => {}
            sem::CLIP_DISTANCE | sem::CULL_DISTANCE => {
                // At most 8 components in 2 registers, clip and cull together.
                let rows = &mut clip_cull_rows[stream];
                for r in 0..el.rows() {
                    let row = (el.start_row() as u32).wrapping_add(r);
                    if !rows.contains(&row) {
                        rows.push(row);
                    }
                }
                if rows.len() > 2 {
                    ctx.error(R::MetaClipCullMaxRows, &[el.name]);
                }
                clip_cull_components[stream] = clip_cull_components[stream].wrapping_add(el.cols());
                if clip_cull_components[stream] > 8 {
                    ctx.error(R::MetaClipCullMaxComponents, &[el.name]);
                }
            }
            sem::DEPTH | sem::DEPTH_LESS_EQUAL | sem::DEPTH_GREATER_EQUAL => {
                if depth_seen {
                    ctx.error(R::SmPSMultipleDepthSemantic, &[el.name]);
                }
                depth_seen = true;
            }
            sem::BARYCENTRICS => {
                // Up to two, one with and one without perspective.
                barycentrics += 1;
                if barycentrics > 2 {
                    ctx.error(R::MetaBarycentricsTwoPerspectives, &[el.name]);
                } else {
                    if let Some(prev) = prev_bary_mode {
                        if interp::is_no_perspective(el.mode) == interp::is_no_perspective(prev) {
                            ctx.error(R::MetaBarycentricsTwoPerspectives, &[el.name]);
                        }
                    }
                    prev_bary_mode = Some(el.mode);
                }
            }
            kind => {
                if used_kinds[stream].contains(&kind) {
                    ctx.error(R::MetaDuplicateSysValue, &[semantic_name(kind)]);
                } else {
                    used_kinds[stream].push(kind);
                }
            }
        }
        overlap(ctx, el, &mut allocators[stream], use_min_precision);
        if is_output && el.kind == sem::POSITION {
            if let Some(p) = status.has_position.get_mut(el.stream() as usize) {
                *p = true;
            }
        }
    }
    // A pixel shader reading the view id needs a free component for it in its input.
    if status.view_id && sig.is_input() && ctx.md.shader_kind() == Some(ShaderKind::Pixel) {
        let view_id = Shape {
            interpretation: Interp::SGV,
            interpolation: interp::CONSTANT,
            width: DataWidth::Undefined,
            rows: 1,
            cols: 1,
        };
        if allocators[0].pack(&view_id, 0, REGISTERS, 0).is_none() {
            ctx.error(R::SmViewIDNeedsSlot, &[]);
        }
    }
}

/// `ValidateSignatureOverlap`: a placed element against those placed before it.
fn overlap(ctx: &mut Ctx, el: &Element, alloc: &mut Allocator, use_min_precision: bool) {
    if !el.is_allocated()
        || matches!(
            el.interp,
            Interp::NA | Interp::NotInSig | Interp::Invalid | Interp::NotPacked | Interp::Shadow
        )
    {
        return;
    }
    let shape = Shape {
        interpretation: el.interp,
        interpolation: el.mode,
        width: DataWidth::of(el.comp, use_min_precision),
        rows: el.rows(),
        cols: el.cols(),
    };
    let (row, col) = (el.start_row() as u32, el.start_col() as u32);
    let mut conflict = alloc.row_conflict(&shape, row);
    if matches!(conflict, None | Some(Conflict::InsufficientFreeComponents)) {
        conflict = alloc.col_conflict(&shape, row, col);
    }
    let rule = match conflict {
        None => return alloc.place(&shape, row, col),
        Some(Conflict::Indexed | Conflict::IndexedTessFactor) => R::MetaSignatureIndexConflict,
        Some(Conflict::InterpolationMode) => R::MetaInterpModeInOneRow,
        // The column check always follows a lack of room, so it never stands.
        Some(Conflict::InsufficientFreeComponents) => return,
        Some(Conflict::Overlap) => R::MetaSignatureOverlap,
        Some(Conflict::ComponentOrder) => R::MetaSignatureIllegalComponentOrder,
        Some(Conflict::Fit) => R::MetaSignatureOutOfRange,
        Some(Conflict::DataWidth) => R::MetaSignatureDataWidth,
    };
    let args = [
        el.start_row().to_string(),
        el.start_col().to_string(),
        el.rows().to_string(),
        el.cols().to_string(),
    ];
    ctx.error(rule, &[el.name, &args[0], &args[1], &args[2], &args[3]]);
}

/// `ValidateSignatureElement`: one element at its point.
fn element(ctx: &mut Ctx, el: &Element) {
    let name = el.name;
    if name.is_empty() || name.len() > 64 {
        ctx.error(R::MetaSemanticLen, &[name]);
    }
    if el.kind > sem::ARBITRARY && el.kind < sem::INVALID && semantic_by_name(name) != el.kind {
        ctx.error(R::MetaSemaKindMatchesName, &[name, semantic_name(el.kind)]);
    }
    let (width, is_float, is_int, is_bool) = match el.comp {
        comp::U64 | comp::I64 => (64, false, true, false),
        comp::U32 | comp::I32 => (32, false, true, false),
        comp::U16 | comp::I16 => (16, false, true, false),
        comp::I1 => (1, false, false, true),
        comp::F64 | comp::SNormF64 | comp::UNormF64 => (64, true, false, false),
        comp::F32 | comp::SNormF32 | comp::UNormF32 => (32, true, false, false),
        comp::F16 | comp::SNormF16 | comp::UNormF16 => (16, true, false, false),
        _ => {
            ctx.error(R::MetaSignatureCompType, &[name]);
            (0, false, false, false)
        }
    };
    if (is_int || is_bool) && interp::is_linear(el.mode) {
        ctx.error(R::MetaIntegerInterpMode, &[name]);
    }
    // Elements of no meaning at the point are not in the signature; those the packer leaves
    // alone have no place.
    let allowed = !matches!(el.interp, Interp::NA | Interp::NotInSig | Interp::Invalid);
    let should_allocate = allowed && !matches!(el.interp, Interp::NotPacked | Interp::Shadow);
    let io = match el.signature() {
        Some(SignatureKind::Input) => "Input",
        Some(SignatureKind::Output) => "Output",
        _ => "PatchConstant",
    };
    if !allowed {
        let stage = ctx.md.shader_model.as_ref().map_or("", |s| s.kind.as_str());
        ctx.error(R::SmSemantic, &[name, stage, io]);
    } else if should_allocate && !el.is_allocated() {
        ctx.error(R::MetaSemanticShouldBeAllocated, &[io, name]);
    } else if !should_allocate && el.is_allocated() {
        ctx.error(R::MetaSemanticShouldNotBeAllocated, &[io, name]);
    }
    let sem_name = semantic_name(el.kind);
    let cols = el.cols();
    let type_error = |ctx: &mut Ctx, ty: &str| ctx.error(R::MetaSemanticCompType, &[sem_name, ty]);
    let (mut clip_cull, mut tess_factor, mut barycentric) = (false, false, false);
    match el.kind {
        sem::DEPTH | sem::DEPTH_GREATER_EQUAL | sem::DEPTH_LESS_EQUAL => {
            if !is_float || width > 32 || cols != 1 {
                type_error(ctx, "float");
            }
        }
        sem::COVERAGE | sem::INNER_COVERAGE | sem::OUTPUT_CONTROL_POINT_ID => {
            if el.comp != comp::U32 || cols != 1 {
                type_error(ctx, "uint");
            }
        }
        sem::POSITION => {
            if !is_float || width > 32 || cols != 4 {
                type_error(ctx, "float4");
            }
        }
        sem::TARGET => {
            if width > 32 {
                type_error(ctx, "float/int/uint");
            }
        }
        sem::CLIP_DISTANCE | sem::CULL_DISTANCE => {
            clip_cull = true;
            if !is_float || width > 32 {
                type_error(ctx, "float");
            }
        }
        sem::IS_FRONT_FACE => {
            if !(is_int && width == 32) || cols != 1 {
                type_error(ctx, "uint");
            }
        }
        sem::RENDER_TARGET_ARRAY_INDEX
        | sem::VIEWPORT_ARRAY_INDEX
        | sem::VERTEX_ID
        | sem::PRIMITIVE_ID
        | sem::INSTANCE_ID
        | sem::GS_INSTANCE_ID
        | sem::SAMPLE_INDEX
        | sem::STENCIL_REF
        | sem::SHADING_RATE => {
            if !matches!(el.comp, comp::U32 | comp::U16) || cols != 1 {
                type_error(ctx, "uint");
            }
        }
        sem::CULL_PRIMITIVE => {
            if !(is_bool && width == 1) || cols != 1 {
                type_error(ctx, "bool");
            }
        }
        sem::TESS_FACTOR | sem::INSIDE_TESS_FACTOR => {
            tess_factor = true;
            if !is_float || width > 32 {
                type_error(ctx, "float");
            }
        }
        sem::ARBITRARY | sem::DOMAIN_LOCATION | sem::INVALID => {}
        sem::BARYCENTRICS => {
            barycentric = true;
            if !is_float || width > 32 {
                type_error(ctx, "float");
            }
            if !interp::is_linear(el.mode) {
                ctx.error(R::MetaBarycentricsInterpolation, &[name]);
            }
            if cols != 3 {
                ctx.error(R::MetaBarycentricsFloat3, &[name]);
            }
        }
        _ => ctx.error(R::MetaSemaKindValid, &[name]),
    }
    let is_gs = ctx.md.shader_kind() == Some(ShaderKind::Geometry);
    let stream = el.stream();
    if is_gs && el.signature() == Some(SignatureKind::Output) {
        if stream >= STREAMS as u32 {
            ctx.error(
                R::SmStreamIndexRange,
                &[&stream.to_string(), &(STREAMS - 1).to_string()],
            );
        }
    } else if stream > 0 {
        ctx.error(R::SmStreamIndexRange, &[&stream.to_string(), "0"]);
    }
    if is_gs && stream != 0 && module_stream_topology(ctx) != 1 {
        ctx.error(R::SmMultiStreamMustBePoint, &[name]);
    }
    if el.kind == sem::TARGET {
        // A target's semantic index is its row, from column 0, below render target 8.
        let mut row = el.start_row() as u32;
        for &i in el.indices {
            if row != i {
                ctx.error(R::SmPSTargetIndexMatchesRow, &[name]);
            }
            row = row.wrapping_add(1);
        }
        if el.start_col() != 0 {
            ctx.error(R::SmPSTargetCol0, &[name]);
        }
        if (el.start_row() as u32).wrapping_add(el.rows()) > 8 {
            ctx.error(R::MetaSemanticIndexMax, &["SV_Target", "7"]);
        }
    } else if allowed && el.kind != sem::ARBITRARY {
        if barycentric {
            if el.start_index > 1 {
                ctx.error(R::MetaSemanticIndexMax, &[sem_name, "1"]);
            }
        } else if !clip_cull && el.start_index > 0 {
            ctx.error(R::MetaSemanticIndexMax, &[sem_name, "0"]);
        }
        if !tess_factor && !clip_cull && el.rows() > 1 {
            ctx.error(R::MetaSystemValueRows, &[name]);
        }
    }
    // Computed in 32 bits as the reference does: a negative start column wraps.
    let start_col = if el.is_allocated() {
        el.start_col() as u32
    } else {
        0
    };
    if cols.wrapping_add(start_col) > 4 {
        let size = el.rows().wrapping_sub(1).wrapping_mul(4).wrapping_add(cols);
        let args = [
            el.start_row().to_string(),
            el.start_col().to_string(),
            size.to_string(),
        ];
        ctx.error(
            R::MetaSignatureOutOfRange,
            &[name, &args[0], &args[1], &args[2]],
        );
    }
    if el.mode == interp::INVALID {
        ctx.error(R::MetaInterpModeValid, &[name]);
    }
}

/// The module's GS output topology: the state's topology when a stream is active.
fn module_stream_topology(ctx: &Ctx) -> u32 {
    let Some(ep) = ctx.md.entry_points.as_ref().and_then(|e| e.first()) else {
        return 0;
    };
    ep.properties
        .iter()
        .flatten()
        .find_map(|p| match p {
            Property::GsState(s) if s.active_stream_mask & 0xf != 0 => Some(s.output_topology),
            _ => None,
        })
        .unwrap_or(0)
}
