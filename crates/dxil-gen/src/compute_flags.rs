//! Computing an entry's shader flags from the module (DXIL.rst "Shader Properties and
//! Capabilities"; the rules are facts of the reference's flag collection):
//!
//! - Per instruction of every defined function (calls count only when they call a
//!   `dx.op.*` function): `double` results/operands set Doubles (and double extensions
//!   for `fdiv`, int/float casts and `Fma`); `half`/`i16` set low precision; `i64` sets
//!   Int64Ops (and 64-bit group shared atomics for `cmpxchg`/`atomicrmw`); pointers into
//!   address space 3 set RequiresGroup. `extractelement`/`insertelement` count only for
//!   RequiresGroup.
//! - Per operation: wave and sampler feedback operations by their database flags; named
//!   operations for tiled resources, MSAD, inner coverage, ViewID, raytracing tier 1.1,
//!   barycentrics, derivatives, descriptor heap indexing, advanced texture operations,
//!   extended command info, typed UAV loads of several components, writeable MSAA
//!   textures (annotated UAV handles of 2D MS kinds).
//! - From the signatures (libraries: of every entry with a shader kind): viewport/render
//!   target array index, stencil ref, inner coverage, shading rate, barycentrics;
//!   derivatives in mesh/amplification entries (libraries: in the entry function or a
//!   function it calls). 64-bit atomics through handles not annotated from a binding or library
//!   resource set AtomicInt64OnHeapResource.
//! - Module level: ROVs, 64 UAVs, UAVs at every stage, raw and structured buffers.
//! - Validator gates: derivatives and RequiresGroup from 1.8, sampler feedback from 1.9,
//!   barycentrics from 1.6, every typed UAV load below 1.1.
//! - Options the module records only in the flags themselves are kept from the recorded
//!   flags: DisableOptimizations, DisableMathRefactoring, ForceEarlyDepthStencil,
//!   AllResourcesBound, UseNativeLowPrecision, ResMayNotAlias.

use dxil_container::ShaderKind;
use dxil_ir::{ConstKind, InstKind, Module, TypeData, ValueRef};
use dxil_module::model::{Property, Resource, ResourceClass};
use dxil_ops::{DxCall, DxOp, OpFlags};

use crate::flags::{bit, RawFlags};
use crate::signature::ValVer;
use crate::source::Source;

/// Bits kept from the recorded flags (module options).
pub const OPTION_BITS: u64 = (1 << bit::DISABLE_OPTIMIZATIONS)
    | (1 << bit::DISABLE_MATH_REFACTORING)
    | (1 << bit::FORCE_EARLY_DEPTH_STENCIL)
    | (1 << bit::ALL_RESOURCES_BOUND)
    | (1 << bit::USE_NATIVE_LOW_PRECISION)
    | (1 << bit::RES_MAY_NOT_ALIAS);

#[derive(Default)]
pub(crate) struct Scan {
    pub(crate) double: bool,
    pub(crate) double_ext: bool,
    pub(crate) int64: bool,
    pub(crate) low16: bool,
    pub(crate) wave: bool,
    pub(crate) feedback: bool,
    pub(crate) tiled: bool,
    pub(crate) lod_clamp: bool,
    pub(crate) msad: bool,
    pub(crate) inner_coverage: bool,
    pub(crate) view_id: bool,
    pub(crate) rt11: bool,
    pub(crate) barycentrics: bool,
    pub(crate) atomic64_group_shared: bool,
    pub(crate) atomic64_typed: bool,
    pub(crate) derivatives: bool,
    pub(crate) res_heap: bool,
    pub(crate) sampler_heap: bool,
    pub(crate) advanced_tex: bool,
    pub(crate) cmp_grad_bias: bool,
    pub(crate) extended_cmd: bool,
    pub(crate) requires_group: bool,
    pub(crate) typed_uav_loads: bool,
    pub(crate) writeable_msaa: bool,
    pub(crate) atomic64_heap: bool,
    pub(crate) msaa_uav_used: bool,
}

fn ty_is(m: &Module, ty: Option<dxil_ir::Type>, f: impl Fn(&TypeData) -> bool) -> bool {
    ty.and_then(|t| m.ty(t)).is_some_and(f)
}

fn const_int(m: &Module, v: &ValueRef) -> Option<i64> {
    match v {
        ValueRef::Const(c) => match &m.constant(*c)?.kind {
            ConstKind::Int(i) => Some(*i),
            ConstKind::Null => Some(0),
            _ => None,
        },
        _ => None,
    }
}

fn is_const(v: &ValueRef) -> bool {
    matches!(v, ValueRef::Const(_))
}

/// The resource properties of an `annotateHandle` call's props constant:
/// (kind, is UAV, component count).
fn annotate_props(m: &Module, v: &ValueRef) -> Option<(u32, bool, u32)> {
    let ValueRef::Const(c) = v else { return None };
    let words: Vec<u64> = match &m.constant(*c)?.kind {
        ConstKind::Aggregate(vals) => vals
            .iter()
            .map(|x| const_int(m, x).unwrap_or(0) as u64)
            .collect(),
        ConstKind::Data(d) => d.to_vec(),
        ConstKind::Null => vec![0, 0],
        _ => return None,
    };
    let w0 = *words.first()? as u32;
    let w1 = words.get(1).copied().unwrap_or(0) as u32;
    Some((w0 & 0xff, w0 & (1 << 12) != 0, (w1 >> 8) & 0xff))
}

/// Whether function `start` or a function it calls (directly or not) is in `targets`.
fn reaches(m: &Module, start: usize, targets: &[bool]) -> bool {
    let mut seen = vec![false; m.functions.len()];
    let mut stack = vec![start];
    while let Some(f) = stack.pop() {
        if targets.get(f).copied().unwrap_or(false) {
            return true;
        }
        let Some(slot) = seen.get_mut(f) else {
            continue;
        };
        if std::mem::replace(slot, true) {
            continue;
        }
        let Some(body) = m.functions.as_slice().get(f).and_then(|d| d.body.as_ref()) else {
            continue;
        };
        for inst in &body.insts {
            if let InstKind::Call {
                callee: ValueRef::Function(g),
                ..
            } = &inst.kind
            {
                stack.push(g.index());
            }
        }
    }
    false
}

/// Follows phi (first incoming) and select (true value) chains to a call, as the
/// reference does when looking for the call that created a handle.
fn find_call(body: &dxil_ir::Body, mut v: ValueRef) -> Option<&dxil_ir::InstData> {
    for _ in 0..64 {
        let ValueRef::Inst(i) = v else { return None };
        let inst = body.inst(i)?;
        v = match &inst.kind {
            InstKind::Call { .. } => return Some(inst),
            InstKind::Phi { incoming } => incoming.first()?.0,
            InstKind::Select { if_true, .. } => *if_true,
            _ => return None,
        };
    }
    None
}

/// An integer constant, following phi (first incoming) and select (true value) chains.
fn constant_through(m: &Module, body: &dxil_ir::Body, mut v: ValueRef) -> Option<i64> {
    for _ in 0..64 {
        if let Some(c) = const_int(m, &v) {
            return Some(c);
        }
        let ValueRef::Inst(i) = v else { return None };
        v = match &body.inst(i)?.kind {
            InstKind::Phi { incoming } => incoming.first()?.0,
            InstKind::Select { if_true, .. } => *if_true,
            _ => return None,
        };
    }
    None
}

/// Components of a typed resource's element: the first field of the symbol's struct type
/// (arrays of resources looked through; a vector's length, else 1).
fn symbol_components(m: &Module, symbol: &dxil_module::md::Md) -> u32 {
    let dxil_module::md::Md::Value { ty, .. } = symbol else {
        return 0;
    };
    let mut t = *ty;
    if let Some(TypeData::Pointer { pointee, .. }) = m.ty(t) {
        t = *pointee;
    }
    // Resource arrays: the element type.
    for _ in 0..8 {
        match m.ty(t) {
            Some(TypeData::Array { elem, .. }) => t = *elem,
            _ => break,
        }
    }
    let Some(TypeData::Struct(st)) = m.ty(t) else {
        return 0;
    };
    match st.elems.first().and_then(|e| m.ty(*e)) {
        Some(TypeData::Vector { len, .. }) => *len as u32,
        Some(_) => 1,
        None => 0,
    }
}

/// Whether a handle is an annotated binding or library resource (not a descriptor heap
/// handle): the reference records 64-bit atomics on those in the resource instead.
fn bound_resource(m: &Module, body: &dxil_ir::Body, h: Option<&ValueRef>) -> bool {
    let op_of = |inst: &dxil_ir::InstData| decoded(m, body, inst).map(|c| c.op);
    let Some(DxOp::AnnotateHandle { res, .. }) =
        h.and_then(|h| find_call(body, *h)).and_then(op_of)
    else {
        return false;
    };
    matches!(
        find_call(body, res).and_then(op_of),
        Some(DxOp::CreateHandleFromBinding { .. } | DxOp::CreateHandleForLib { .. })
    )
}

/// The typed operation of a valid `dx.op` call.
fn decoded(m: &Module, body: &dxil_ir::Body, inst: &dxil_ir::InstData) -> Option<DxCall> {
    dxil_ops::decode_call(m, body, inst).ok().flatten()
}

fn is_typed_kind(kind: u32) -> bool {
    (1..=10).contains(&kind)
}

pub(crate) fn scan_function(src: &Source<'_>, f: &dxil_ir::FunctionData, s: &mut Scan) {
    let m = src.module;
    let Some(body) = &f.body else { return };
    let val = src.validator();
    let back_compat_uav_loads = val == (1, 0);
    let is_dxil_op = |callee: &ValueRef| dxil_ops::is_dx_op_callee(m, *callee);
    let vty = |v: &ValueRef| m.value_type(Some(body), *v);
    for inst in &body.insts {
        if let InstKind::Call { callee, .. } = &inst.kind {
            if !is_dxil_op(callee) {
                continue;
            }
        }
        let group_ptr = |t: Option<dxil_ir::Type>| {
            ty_is(m, t, |d| {
                matches!(d, TypeData::Pointer { addrspace: 3, .. })
            })
        };
        s.requires_group |= group_ptr(inst.ty);
        if matches!(
            inst.kind,
            InstKind::ExtractElement { .. } | InstKind::InsertElement { .. }
        ) {
            continue;
        }
        let mut double = ty_is(m, inst.ty, |d| matches!(d, TypeData::Double));
        let mut half = ty_is(m, inst.ty, |d| matches!(d, TypeData::Half));
        let mut i16 = ty_is(m, inst.ty, |d| matches!(d, TypeData::Int(16)));
        let mut i64 = ty_is(m, inst.ty, |d| matches!(d, TypeData::Int(64)));
        inst.kind.for_each_operand(|op| {
            let t = vty(op);
            double |= ty_is(m, t, |d| matches!(d, TypeData::Double));
            half |= ty_is(m, t, |d| matches!(d, TypeData::Half));
            i16 |= ty_is(m, t, |d| matches!(d, TypeData::Int(16)));
            i64 |= ty_is(m, t, |d| matches!(d, TypeData::Int(64)));
            s.requires_group |= group_ptr(t);
        });
        if double {
            s.double = true;
            if let InstKind::Binary { op, .. } = &inst.kind {
                s.double_ext |= matches!(op, dxil_ir::BinOp::FDiv);
            }
            if let InstKind::Cast { op, .. } = &inst.kind {
                s.double_ext |= matches!(
                    op,
                    dxil_ir::CastOp::UiToFp
                        | dxil_ir::CastOp::SiToFp
                        | dxil_ir::CastOp::FpToUi
                        | dxil_ir::CastOp::FpToSi
                );
            }
        }
        if i64 {
            s.int64 = true;
            s.atomic64_group_shared |= matches!(
                inst.kind,
                InstKind::CmpXchg { .. } | InstKind::AtomicRmw { .. }
            );
        }
        s.low16 |= half || i16;
        let Some(call) = decoded(m, body, inst) else {
            continue;
        };
        let info = call.op.info();
        if info.flags.contains(OpFlags::WAVE) {
            s.wave = true;
        }
        if info.flags.contains(OpFlags::FEEDBACK) {
            s.feedback = true;
        }
        let nonconst = |offsets: [ValueRef; 3]| offsets.iter().any(|a| !is_const(a));
        let clamped = |c: ValueRef| match c {
            ValueRef::Const(k) => match m.constant(k).map(|d| &d.kind) {
                Some(ConstKind::Float(bits)) => *bits & 0x7fff_ffff_ffff_ffff != 0,
                Some(ConstKind::Undef) | Some(ConstKind::Null) => false,
                _ => true,
            },
            _ => true,
        };
        // The properties of the resource a handle refers to: from an annotateHandle
        // call's props constant, or from the UAV record a createHandle call names.
        let handle_props = |h: ValueRef| -> Option<(u32, bool, u32)> {
            match decoded(m, body, find_call(body, h)?)?.op {
                DxOp::AnnotateHandle { props, .. } => annotate_props(m, &props),
                DxOp::CreateHandle {
                    resource_class,
                    range_id,
                    ..
                } => {
                    if const_int(m, &resource_class)? != 1 {
                        return None;
                    }
                    let range = constant_through(m, body, range_id)?;
                    let r = uavs(src).iter().find(|r| i64::from(r.base.id) == range)?;
                    Some((r.shape_or_size, true, symbol_components(m, &r.base.symbol)))
                }
                _ => None,
            }
        };
        let typed_uav_load = |srv: ValueRef, s: &mut Scan| {
            if let Some((kind, uav, comps)) = handle_props(srv) {
                if uav && (back_compat_uav_loads || (is_typed_kind(kind) && comps > 1)) {
                    s.typed_uav_loads = true;
                }
            }
        };
        let atomic = |handle: ValueRef, s: &mut Scan| {
            let typed = i64 && handle_props(handle).is_some_and(|(k, _, _)| is_typed_kind(k));
            s.atomic64_typed |= typed;
            s.atomic64_heap |= i64 && !bound_resource(m, body, Some(&handle));
        };
        let semantic_group = |sem: ValueRef| const_int(m, &sem).is_some_and(|v| v & 0x3 != 0);
        match call.op {
            DxOp::CheckAccessFullyMapped { .. } => s.tiled = true,
            DxOp::Msad { .. } => s.msad = true,
            DxOp::TextureLoad {
                srv,
                offset0,
                offset1,
                offset2,
                ..
            } => {
                if nonconst([offset0, offset1, offset2]) {
                    s.advanced_tex = true;
                }
                typed_uav_load(srv, s);
            }
            DxOp::BufferLoad { srv, .. } => typed_uav_load(srv, s),
            DxOp::Fma { .. } => s.double_ext |= double,
            DxOp::InnerCoverage {} => s.inner_coverage = true,
            DxOp::ViewID {} => s.view_id = true,
            DxOp::AllocateRayQuery { .. }
            | DxOp::AllocateRayQuery2 { .. }
            | DxOp::GeometryIndex {} => s.rt11 = true,
            DxOp::AttributeAtVertex { .. } => s.barycentrics = true,
            DxOp::AtomicBinOp { handle, .. } | DxOp::AtomicCompareExchange { handle, .. } => {
                atomic(handle, s)
            }
            DxOp::SampleLevel {
                offset0,
                offset1,
                offset2,
                ..
            }
            | DxOp::SampleCmpLevelZero {
                offset0,
                offset1,
                offset2,
                ..
            } => s.advanced_tex |= nonconst([offset0, offset1, offset2]),
            DxOp::SampleGrad {
                offset0,
                offset1,
                offset2,
                clamp,
                ..
            }
            | DxOp::SampleCmpGrad {
                offset0,
                offset1,
                offset2,
                clamp,
                ..
            } => {
                s.advanced_tex |= nonconst([offset0, offset1, offset2]);
                s.lod_clamp |= clamped(clamp);
                s.cmp_grad_bias = matches!(call.op, DxOp::SampleCmpGrad { .. });
            }
            DxOp::Sample {
                offset0,
                offset1,
                offset2,
                clamp,
                ..
            }
            | DxOp::SampleBias {
                offset0,
                offset1,
                offset2,
                clamp,
                ..
            }
            | DxOp::SampleCmp {
                offset0,
                offset1,
                offset2,
                clamp,
                ..
            }
            | DxOp::SampleCmpBias {
                offset0,
                offset1,
                offset2,
                clamp,
                ..
            } => {
                s.advanced_tex |= nonconst([offset0, offset1, offset2]);
                s.lod_clamp |= clamped(clamp);
                s.cmp_grad_bias = matches!(call.op, DxOp::SampleCmpBias { .. });
                s.derivatives = true;
            }
            DxOp::DerivFineX { .. }
            | DxOp::DerivFineY { .. }
            | DxOp::DerivCoarseX { .. }
            | DxOp::DerivCoarseY { .. }
            | DxOp::CalculateLOD { .. } => s.derivatives = true,
            DxOp::CreateHandleFromHeap { sampler_heap, .. } => {
                if const_int(m, &sampler_heap).is_some_and(|v| v != 0) {
                    s.sampler_heap = true;
                } else {
                    s.res_heap = true;
                }
            }
            DxOp::TextureStoreSample { .. } => {
                s.writeable_msaa = true;
                s.advanced_tex = true;
            }
            DxOp::SampleCmpLevel { .. } | DxOp::TextureGatherRaw { .. } => s.advanced_tex = true,
            DxOp::StartVertexLocation {} | DxOp::StartInstanceLocation {} => s.extended_cmd = true,
            DxOp::Barrier { barrier_mode } => {
                let mode = const_int(m, &barrier_mode);
                s.requires_group |= mode.is_some_and(|mode| mode != 2);
            }
            DxOp::BarrierByMemoryType {
                memory_type_flags,
                semantic_flags,
            } => {
                let mem = const_int(m, &memory_type_flags);
                // All memory (0xf) is reduced to the kinds that need no group; otherwise
                // group shared memory (2) or a group semantic (sync, scope) needs one.
                s.requires_group |= mem
                    .is_some_and(|v| (if v == 0xf { v & !2 } else { v }) & 2 != 0)
                    || semantic_group(semantic_flags);
            }
            DxOp::BarrierByMemoryHandle { semantic_flags, .. }
            | DxOp::BarrierByNodeRecordHandle { semantic_flags, .. } => {
                s.requires_group |= semantic_group(semantic_flags);
            }
            DxOp::GetGroupWaveIndex {} | DxOp::GetGroupWaveCount {} => s.requires_group = true,
            DxOp::AnnotateHandle { props, .. } => {
                let props = annotate_props(m, &props);
                s.msaa_uav_used |= props.is_some_and(|(k, uav, _)| uav && matches!(k, 3 | 8));
            }
            _ => {}
        }
    }
}

fn uavs<'a>(src: &'a Source<'_>) -> &'a [Resource] {
    src.meta
        .resources
        .as_ref()
        .map_or(&[][..], |r| r.of(ResourceClass::UAV))
}

/// Computes the entry's shader flags from the module; module options are taken from
/// `recorded` ([`OPTION_BITS`]).
pub fn compute_flags(src: &Source<'_>, recorded: RawFlags) -> RawFlags {
    let val: ValVer = src.validator();
    let mut s = Scan::default();
    // Functions whose own code computes derivatives.
    let mut deriv_functions = vec![false; src.module.functions.len()];
    for (i, f) in src.module.functions.iter().enumerate() {
        let before = s.derivatives;
        s.derivatives = false;
        scan_function(src, f, &mut s);
        deriv_functions[i] = s.derivatives;
        s.derivatives |= before;
    }
    let kind = src.kind;
    let mut flags = RawFlags(recorded.0 & OPTION_BITS);
    // Signatures: the entry's, or (libraries) those of every entry with a shader kind.
    let mut vp_rt = false;
    let mut stencil = false;
    let mut shading_rate = false;
    let mesh_amp = matches!(kind, ShaderKind::Mesh | ShaderKind::Amplification);
    let mut lib_deriv_mesh_amp = false;
    let empty = Vec::new();
    for entry in src.meta.entry_points.iter().flatten() {
        let entry_kind = if kind == ShaderKind::Library {
            let k = entry.properties.iter().flatten().find_map(|p| match p {
                Property::ShaderKind(k) => ShaderKind::from_raw(*k),
                _ => None,
            });
            match k {
                Some(k) => k,
                None => continue,
            }
        } else {
            kind
        };
        let reached_derivatives = match &entry.function {
            dxil_module::md::Md::Value {
                value: ValueRef::Function(f),
                ..
            } => reaches(src.module, f.index(), &deriv_functions),
            _ => false,
        };
        lib_deriv_mesh_amp |= kind == ShaderKind::Library
            && reached_derivatives
            && matches!(entry_kind, ShaderKind::Mesh | ShaderKind::Amplification);
        let sigs = entry.signatures.as_ref();
        let input = sigs.and_then(|s| s.input.as_ref()).unwrap_or(&empty);
        let output = sigs.and_then(|s| s.output.as_ref()).unwrap_or(&empty);
        let check_in_rt = entry_kind == ShaderKind::Geometry
            || (val >= (1, 4) && matches!(entry_kind, ShaderKind::Domain | ShaderKind::Hull));
        let check_out_rt = matches!(
            entry_kind,
            ShaderKind::Vertex | ShaderKind::Domain | ShaderKind::Hull
        );
        for e in input {
            match e.semantic_kind {
                4 | 5 => vp_rt |= check_in_rt,
                29 => shading_rate = true,
                28 => s.barycentrics = true,
                _ => {}
            }
        }
        for e in output {
            match e.semantic_kind {
                4 | 5 => vp_rt |= check_out_rt,
                20 => stencil |= entry_kind == ShaderKind::Pixel,
                15 => s.inner_coverage |= entry_kind == ShaderKind::Pixel,
                29 => shading_rate = true,
                _ => {}
            }
        }
        if kind != ShaderKind::Library {
            break;
        }
    }
    let mut deriv_mesh_amp = (s.derivatives && mesh_amp) || (lib_deriv_mesh_amp && val >= (1, 8));
    if s.derivatives && val < (1, 8) {
        s.derivatives = false;
    }
    if val < (1, 8) {
        s.requires_group = false;
    }
    if val < (1, 9) {
        s.feedback = false;
    }
    if s.derivatives && matches!(kind, ShaderKind::Mesh | ShaderKind::Amplification) {
        deriv_mesh_amp = true;
    }
    let set = |f: &mut RawFlags, b: u32, on: bool| f.set(b, on);
    set(&mut flags, bit::ENABLE_DOUBLE_PRECISION, s.double);
    set(&mut flags, bit::STENCIL_REF, stencil);
    set(&mut flags, bit::INNER_COVERAGE, s.inner_coverage);
    set(&mut flags, bit::INT64_OPS, s.int64);
    set(&mut flags, bit::LOW_PRECISION_PRESENT, s.low16);
    set(&mut flags, bit::ENABLE_DOUBLE_EXTENSIONS, s.double_ext);
    set(&mut flags, bit::WAVE_OPS, s.wave);
    set(
        &mut flags,
        bit::TILED_RESOURCES,
        s.tiled || (val >= (1, 8) && s.lod_clamp),
    );
    set(&mut flags, bit::ENABLE_MSAD, s.msad);
    set(
        &mut flags,
        bit::UAV_LOAD_ADDITIONAL_FORMATS,
        s.typed_uav_loads,
    );
    set(&mut flags, bit::VIEW_ID, s.view_id);
    set(&mut flags, bit::VIEWPORT_AND_RT_ARRAY_INDEX, vp_rt);
    set(&mut flags, bit::SHADING_RATE, shading_rate);
    set(
        &mut flags,
        bit::BARYCENTRICS,
        val >= (1, 6) && s.barycentrics,
    );
    set(&mut flags, bit::SAMPLER_FEEDBACK, s.feedback);
    set(&mut flags, bit::RAYTRACING_TIER_1_1, s.rt11);
    set(
        &mut flags,
        bit::ATOMIC_INT64_ON_TYPED_RESOURCE,
        s.atomic64_typed,
    );
    set(
        &mut flags,
        bit::ATOMIC_INT64_ON_GROUP_SHARED,
        s.atomic64_group_shared,
    );
    set(
        &mut flags,
        bit::ATOMIC_INT64_ON_HEAP_RESOURCE,
        s.atomic64_heap,
    );
    set(
        &mut flags,
        bit::DERIVATIVES_IN_MESH_AND_AMP_SHADERS,
        deriv_mesh_amp,
    );
    set(
        &mut flags,
        bit::RESOURCE_DESCRIPTOR_HEAP_INDEXING,
        s.res_heap,
    );
    set(
        &mut flags,
        bit::SAMPLER_DESCRIPTOR_HEAP_INDEXING,
        s.sampler_heap,
    );
    set(&mut flags, bit::ADVANCED_TEXTURE_OPS, s.advanced_tex);
    set(
        &mut flags,
        bit::SAMPLE_CMP_GRADIENT_OR_BIAS,
        s.cmp_grad_bias,
    );
    set(&mut flags, bit::EXTENDED_COMMAND_INFO, s.extended_cmd);
    // Module level (the per-function derivative and group bits are cleared).
    let uav_list = uavs(src);
    let writeable_msaa = if val < (1, 8) {
        s.writeable_msaa || uav_list.iter().any(|r| matches!(r.shape_or_size, 3 | 8))
    } else {
        s.writeable_msaa || s.msaa_uav_used
    };
    set(&mut flags, bit::WRITEABLE_MSAA_TEXTURES, writeable_msaa);
    let mut num_uavs = 0u32;
    let mut raw_structured = false;
    let mut rov = false;
    for u in uav_list {
        num_uavs += u.base.range_size.min(9);
        rov |= u.rasterizer_ordered;
        raw_structured |= matches!(u.shape_or_size, 11 | 12);
    }
    if let Some(r) = &src.meta.resources {
        raw_structured |= r
            .of(ResourceClass::SRV)
            .iter()
            .any(|r| matches!(r.shape_or_size, 11 | 12));
    }
    set(&mut flags, bit::ROVS, rov);
    let many = if val < (1, 6) {
        uav_list.len() > 8
    } else {
        num_uavs > 8
    };
    set(&mut flags, bit::UAVS_64, many);
    let every_stage = if val < (1, 8) {
        num_uavs != 0 && !matches!(kind, ShaderKind::Compute | ShaderKind::Pixel)
    } else {
        num_uavs != 0
            && matches!(
                kind,
                ShaderKind::Vertex | ShaderKind::Hull | ShaderKind::Domain | ShaderKind::Geometry
            )
    };
    set(&mut flags, bit::UAVS_AT_EVERY_STAGE, every_stage);
    set(
        &mut flags,
        bit::ENABLE_RAW_AND_STRUCTURED_BUFFERS,
        raw_structured,
    );
    set(
        &mut flags,
        bit::CS_RAW_AND_STRUCTURED_VIA_SHADER_4X,
        raw_structured && src.shader_model().0 == 4 && kind == ShaderKind::Compute,
    );
    flags
}
