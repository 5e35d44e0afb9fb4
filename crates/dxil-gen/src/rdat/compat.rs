//! Per-function shader compatibility (DXC `DxilModule::ComputeShaderCompatInfo`): the shader
//! flags a function's own code needs, its minimum shader model and the shader stages it
//! can run in, merged from callees (validator 1.8+) and adjusted for the entry kind.
//!
//! - Flags: the per-instruction scan of [`crate::compute_flags`] on the function alone,
//!   plus (entries) the signature-derived flags; the module's native low precision option.
//! - Minimum shader model and stage mask: from each `dx.op` call (the op database's
//!   stages and shader model, translated forms allowed), with the reference's extra rules
//!   for barriers, 64-bit atomics and older validators.
//! - Entries: mask limited to their kind; minimum model raised for wave size ranges, ray,
//!   mesh/amplification and node kinds, derivatives in compute/mesh/amplification, and by
//!   feature flags.

use dxil_ir::{ConstKind, InstKind, Module, TypeData, ValueRef};
use dxil_ops::{DxCall, DxOp};

use crate::compute_flags::{scan_function, Scan, TypeClasses};
use crate::flags::{bit, RawFlags};
use crate::signature::ValVer;
use crate::source::Source;

use super::props::{FnProps, KIND_LIBRARY};

/// One function's compatibility facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compat {
    /// Shader flags.
    pub flags: RawFlags,
    /// Minimum shader model (major, minor).
    pub min: (u32, u32),
    /// Compatible stages: bit `1 << ShaderKind`.
    pub mask: u32,
}

impl Default for Compat {
    fn default() -> Self {
        Compat {
            flags: RawFlags(0),
            min: (6, 0),
            mask: 0xffff,
        }
    }
}

impl Compat {
    fn merge(&mut self, other: &Compat) -> bool {
        let before = *self;
        self.min = self.min.max(other.min);
        self.mask &= other.mask;
        self.flags.0 |= other.flags.0;
        *self != before
    }
}

const fn sflag(kind: u32) -> u32 {
    1 << kind
}
const PIXEL: u32 = 0;
const GEOMETRY: u32 = 2;
const HULL: u32 = 3;
const DOMAIN: u32 = 4;
const COMPUTE: u32 = 5;
const LIBRARY: u32 = 6;
const RAYGEN: u32 = 7;
const MESH: u32 = 13;
const AMPLIFICATION: u32 = 14;
const NODE: u32 = 15;
const VERTEX: u32 = 1;

fn const_int(m: &Module, v: Option<&ValueRef>) -> Option<i64> {
    match v? {
        ValueRef::Const(c) => match &m.constant(*c)?.kind {
            ConstKind::Int(i) => Some(*i),
            ConstKind::Null => Some(0),
            _ => None,
        },
        _ => None,
    }
}

/// Whether `callee` is a declared `dx.op.*` function.
pub fn is_dxil_op(m: &Module, callee: &ValueRef) -> bool {
    dxil_ops::is_dx_op_callee(m, *callee)
        && matches!(callee, ValueRef::Function(g) if m.functions.get(*g).is_some_and(|f| f.body.is_none()))
}

/// The memory type flags of a `BarrierByMemoryType`, with "all memory" reduced by `drop`.
fn masked_memory(flags: u32, drop: u32) -> u32 {
    if flags == 0xf {
        flags & !drop
    } else {
        flags
    }
}

/// Minimum shader model and stage mask of one `dx.op` call, from its opcode's `info`; the
/// extra rules that read operands need the `call` decoded. A library (`translation`) may
/// use an operation from the model it can be translated down to.
fn op_requirements(
    m: &Module,
    info: Option<&dxil_ops::OpInfo>,
    call: Option<&DxCall>,
    ty_i64: bool,
    val: ValVer,
    translation: bool,
) -> ((u32, u32), u32) {
    let mut min = (6, 0);
    let mut mask = 0xffff;
    let Some(info) = info else {
        return (min, mask);
    };
    let sm = match info.shader_model_translated {
        Some(translated) if translation => translated,
        _ => info.shader_model,
    };
    min = (u32::from(sm.0), u32::from(sm.1));
    if info.stages.0 != 0 {
        mask = info.stages.0;
    }
    // Opcodes are `i32` constants, so flag words read as their bits.
    let c = |v: ValueRef| const_int(m, Some(&v)).map(|v| v as u32);
    // Sample, SampleBias, SampleCmp, CalculateLOD and the four derivatives.
    let derivative = matches!(info.opcode, 60 | 61 | 64 | 81 | 83..=86);
    if val < (1, 8) && derivative {
        mask &= !(sflag(COMPUTE) | sflag(AMPLIFICATION) | sflag(MESH));
        return (min, mask);
    }
    if val < (1, 5) {
        if info.flags.contains(dxil_ops::OpFlags::WAVE) {
            mask = sflag(MESH) - 1;
        }
        return (min, mask);
    }
    let Some(call) = call else {
        return (min, mask);
    };
    // Barriers: (memory type flags of BarrierByMemoryType, semantic flags, legacy mode).
    let barrier = match call.op {
        DxOp::Barrier { barrier_mode } => Some((None, None, c(barrier_mode))),
        DxOp::BarrierByMemoryType {
            memory_type_flags,
            semantic_flags,
        } => Some((Some(c(memory_type_flags)), c(semantic_flags), None)),
        DxOp::BarrierByMemoryHandle { semantic_flags, .. }
        | DxOp::BarrierByNodeRecordHandle { semantic_flags, .. } => {
            Some((None, c(semantic_flags), None))
        }
        _ => None,
    };
    if let Some((memory, sem, mode)) = barrier {
        if let Some(memory) = memory {
            if translation && translate_barrier_invalid(memory, sem) {
                min = (6, 8);
            }
        }
        let by_type_or_handle = matches!(
            call.op,
            DxOp::BarrierByMemoryType { .. } | DxOp::BarrierByMemoryHandle { .. }
        );
        if by_type_or_handle && sem.is_some_and(|s| s & 8 != 0) {
            return ((6, 9), mask & (sflag(LIBRARY) | sflag(RAYGEN)));
        }
        let memory = memory.flatten();
        let node = matches!(call.op, DxOp::BarrierByNodeRecordHandle { .. })
            || memory.is_some_and(|f| masked_memory(f, 0xc) & 0xc != 0);
        if node {
            return (min, mask & (sflag(LIBRARY) | sflag(NODE)));
        }
        let group = match call.op {
            DxOp::Barrier { .. } => mode.is_some_and(|mode| mode != 2),
            _ => {
                memory.is_some_and(|f| masked_memory(f, 2) & 2 != 0)
                    || sem.is_some_and(|s| s & 3 != 0)
            }
        };
        if group {
            mask &=
                sflag(LIBRARY) | sflag(COMPUTE) | sflag(AMPLIFICATION) | sflag(MESH) | sflag(NODE);
        }
    } else if matches!(
        call.op,
        DxOp::AtomicBinOp { .. } | DxOp::AtomicCompareExchange { .. }
    ) {
        if ty_i64 {
            min = (6, 6);
        }
    } else if translation
        && val == (1, 6)
        && matches!(
            call.op,
            DxOp::AnnotateHandle { .. } | DxOp::CreateHandleFromBinding { .. }
        )
    {
        min = (6, 6);
    }
    (min, mask)
}

/// Whether a `BarrierByMemoryType` has no legacy barrier mode.
fn translate_barrier_invalid(memory: Option<u32>, semantic: Option<u32>) -> bool {
    let memory = memory.unwrap_or(0);
    let semantic = semantic.unwrap_or(0);
    if semantic & !7 != 0 {
        return true;
    }
    let memory = masked_memory(memory, !3);
    if memory & !3 != 0 {
        return true;
    }
    let mut mode = 0;
    if memory & 2 != 0 {
        mode |= 8;
    }
    if memory & 1 != 0 {
        if semantic & 4 != 0 {
            mode |= 2;
        } else if semantic & 2 != 0 {
            mode |= 4;
        }
    }
    if semantic & 1 != 0 {
        mode |= 1;
    }
    mode == 0
}

/// The flags of one function alone (DXC `ShaderFlags::CollectShaderFlags`).
fn function_flags(
    src: &Source<'_>,
    classes: &TypeClasses,
    f: &dxil_ir::FunctionData,
    props: Option<&FnProps<'_>>,
) -> RawFlags {
    let val = src.validator();
    let mut s = Scan::default();
    scan_function(src, classes, f, &mut s);
    let mut flags = RawFlags(0);
    // Module options, as the module records them.
    let recorded = src.recorded_flags();
    for b in [
        bit::USE_NATIVE_LOW_PRECISION,
        bit::DISABLE_OPTIMIZATIONS,
        bit::ALL_RESOURCES_BOUND,
    ] {
        flags.set(b, recorded.has(b));
    }
    let mut vp_rt = false;
    let mut stencil = false;
    let mut shading_rate = false;
    let mut deriv_mesh_amp = false;
    if let Some(p) = props {
        let check_in = p.kind == GEOMETRY || (val >= (1, 4) && matches!(p.kind, DOMAIN | HULL));
        let check_out = matches!(p.kind, VERTEX | DOMAIN | HULL);
        for e in p.signature(0) {
            match e.semantic_kind {
                4 | 5 => vp_rt |= check_in,
                29 => shading_rate = true,
                28 => s.barycentrics = true,
                _ => {}
            }
        }
        for e in p.signature(1) {
            match e.semantic_kind {
                4 | 5 => vp_rt |= check_out,
                20 => stencil |= p.kind == PIXEL,
                15 => s.inner_coverage |= p.kind == PIXEL,
                29 => shading_rate = true,
                _ => {}
            }
        }
        deriv_mesh_amp = s.derivatives && p.is_mesh_or_amp();
    }
    if s.derivatives && val < (1, 8) {
        // Older validators had no derivative bit, and marked mesh and amplification
        // derivatives only in a mesh or amplification shader model.
        s.derivatives = false;
        deriv_mesh_amp &= matches!(
            src.kind,
            dxil_container::ShaderKind::Mesh | dxil_container::ShaderKind::Amplification
        );
    }
    if val < (1, 8) {
        s.requires_group = false;
    }
    if val < (1, 9) {
        s.feedback = false;
    }
    let writeable_msaa = if val < (1, 8) {
        s.writeable_msaa
            || src.resources().is_some_and(|r| {
                r.of(dxil_module::model::ResourceClass::UAV)
                    .iter()
                    .any(|u| matches!(u.shape_or_size, 3 | 8))
            })
    } else {
        s.writeable_msaa || s.msaa_uav_used
    };
    let bits = [
        (bit::ENABLE_DOUBLE_PRECISION, s.double),
        (bit::STENCIL_REF, stencil),
        (bit::INNER_COVERAGE, s.inner_coverage),
        (bit::INT64_OPS, s.int64),
        (bit::LOW_PRECISION_PRESENT, s.low16),
        (bit::ENABLE_DOUBLE_EXTENSIONS, s.double_ext),
        (bit::WAVE_OPS, s.wave),
        (
            bit::TILED_RESOURCES,
            s.tiled || (val >= (1, 8) && s.lod_clamp),
        ),
        (bit::ENABLE_MSAD, s.msad),
        (bit::UAV_LOAD_ADDITIONAL_FORMATS, s.typed_uav_loads),
        (bit::VIEW_ID, s.view_id),
        (bit::VIEWPORT_AND_RT_ARRAY_INDEX, vp_rt),
        (bit::SHADING_RATE, shading_rate),
        (bit::BARYCENTRICS, val >= (1, 6) && s.barycentrics),
        (bit::SAMPLER_FEEDBACK, s.feedback),
        (bit::RAYTRACING_TIER_1_1, s.rt11),
        (bit::ATOMIC_INT64_ON_TYPED_RESOURCE, s.atomic64_typed),
        (bit::ATOMIC_INT64_ON_GROUP_SHARED, s.atomic64_group_shared),
        (bit::DERIVATIVES_IN_MESH_AND_AMP_SHADERS, deriv_mesh_amp),
        (bit::RESOURCE_DESCRIPTOR_HEAP_INDEXING, s.res_heap),
        (bit::SAMPLER_DESCRIPTOR_HEAP_INDEXING, s.sampler_heap),
        (bit::ATOMIC_INT64_ON_HEAP_RESOURCE, s.atomic64_heap),
        (bit::ADVANCED_TEXTURE_OPS, s.advanced_tex),
        (bit::WRITEABLE_MSAA_TEXTURES, writeable_msaa),
        (bit::SAMPLE_CMP_GRADIENT_OR_BIAS, s.cmp_grad_bias),
        (bit::EXTENDED_COMMAND_INFO, s.extended_cmd),
        // Set from DXIL 1.7 when the function uses a UAV (validators before 1.8: when the
        // module has one) and the module does not say resources may alias (recorded flags
        // of 0 leave the option at its default: they may not).
        (
            bit::RES_MAY_NOT_ALIAS,
            // DXIL version 0.x counts as the latest, as the reference compares versions.
            (src.dxil_version().0 == 0 || src.dxil_version() >= (1, 7))
                && (recorded.0 == 0 || recorded.has(bit::RES_MAY_NOT_ALIAS))
                && (s.uses_uav || (val < (1, 8) && !uavs_empty(src))),
        ),
        (bit::USES_DERIVATIVES, s.derivatives),
        (bit::REQUIRES_GROUP, s.requires_group),
    ];
    for (b, on) in bits {
        flags.set(b, on);
    }
    flags
}

fn uavs_empty(src: &Source<'_>) -> bool {
    src.resources()
        .is_none_or(|r| r.of(dxil_module::model::ResourceClass::UAV).is_empty())
}

/// Raises the minimum model for feature flags (validator 1.8+ rules).
fn raise_for_flags(flags: RawFlags, min: &mut (u32, u32)) {
    let h = |b| flags.has(b);
    let need = if h(bit::SAMPLE_CMP_GRADIENT_OR_BIAS) || h(bit::EXTENDED_COMMAND_INFO) {
        (6, 8)
    } else if h(bit::ADVANCED_TEXTURE_OPS) || h(bit::WRITEABLE_MSAA_TEXTURES) {
        (6, 7)
    } else if h(bit::ATOMIC_INT64_ON_TYPED_RESOURCE)
        || h(bit::ATOMIC_INT64_ON_GROUP_SHARED)
        || h(bit::ATOMIC_INT64_ON_HEAP_RESOURCE)
        || h(bit::RESOURCE_DESCRIPTOR_HEAP_INDEXING)
        || h(bit::SAMPLER_DESCRIPTOR_HEAP_INDEXING)
    {
        (6, 6)
    } else if h(bit::RAYTRACING_TIER_1_1) || h(bit::SAMPLER_FEEDBACK) {
        (6, 5)
    } else if h(bit::SHADING_RATE) {
        (6, 4)
    } else if h(bit::LOW_PRECISION_PRESENT) && h(bit::USE_NATIVE_LOW_PRECISION) {
        (6, 2)
    } else if h(bit::VIEW_ID) || h(bit::BARYCENTRICS) {
        (6, 1)
    } else {
        (6, 0)
    };
    *min = (*min).max(need);
}

/// The compatibility of every defined function (`None` for declarations), indexed like
/// `module.functions`. `props[i]` are function `i`'s entry properties; `rt11_subobjects`
/// says the subobjects call for raytracing tier 1.1.
pub fn compute(
    src: &Source<'_>,
    props: &[Option<FnProps<'_>>],
    rt11_subobjects: bool,
) -> Vec<Option<Compat>> {
    let m = src.module;
    let val = src.validator();
    let dxil15 = val >= (1, 5);
    let dxil18 = val >= (1, 8);
    let library = src.kind == dxil_container::ShaderKind::Library;
    let dxr11_all = dxil15 && !dxil18 && rt11_subobjects;
    let prop = |i: usize| props.get(i).and_then(Option::as_ref);
    let classes = TypeClasses::of(m);
    let mut out: Vec<Option<Compat>> = m
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| {
            f.body.as_ref()?;
            let mut c = Compat {
                flags: function_flags(src, &classes, f, prop(i)),
                ..Compat::default()
            };
            if dxr11_all {
                c.flags.set(bit::RAYTRACING_TIER_1_1, true);
            }
            Some(c)
        })
        .collect();
    // Call edges (caller, callee) between defined functions, and dx.op requirements.
    let mut edges = Vec::new();
    for (i, f) in m.functions.iter().enumerate() {
        let Some(body) = &f.body else { continue };
        for inst in &body.insts {
            let InstKind::Call { callee, .. } = &inst.kind else {
                continue;
            };
            let ValueRef::Function(g) = callee else {
                continue;
            };
            if is_dxil_op(m, callee) {
                let i64 = matches!(inst.ty.and_then(|t| m.ty(t)), Some(TypeData::Int(64)));
                let info = dxil_ops::call_opcode(m, body, inst).and_then(dxil_ops::op_info);
                let call = crate::compute_flags::decoded(m, body, inst);
                let (min, mask) = op_requirements(m, info, call.as_ref(), i64, val, library);
                if let Some(Some(c)) = out.get_mut(i) {
                    c.min = c.min.max(min);
                    c.mask &= mask;
                }
            } else if m.functions.get(*g).is_some_and(|d| d.body.is_some()) {
                edges.push((i, g.index()));
            }
        }
    }
    if dxil18 {
        // Merge callees into callers until nothing changes (each round moves facts one
        // call deeper; a chain is at most as long as the function list).
        for _ in 0..=m.functions.len() {
            let mut changed = false;
            for &(caller, callee) in &edges {
                let Some(Some(c)) = out.get(callee).copied() else {
                    continue;
                };
                if let Some(Some(dst)) = out.get_mut(caller) {
                    changed |= dst.merge(&c);
                }
            }
            if !changed {
                break;
            }
        }
    }
    // Kinds the validator knows: up to callable (1.4), amplification (1.5-1.7), node.
    let valid_mask: u32 = if !dxil15 {
        (1 << 13) - 1
    } else if !dxil18 {
        (1 << 15) - 1
    } else {
        (1 << 16) - 1
    };
    for (i, slot) in out.iter_mut().enumerate() {
        let Some(c) = slot else { continue };
        let p = prop(i);
        let kind = p.map_or(KIND_LIBRARY, |p| p.kind);
        if kind == KIND_LIBRARY {
            c.mask &= valid_mask;
        } else {
            c.mask &= 1u32.checked_shl(kind).unwrap_or(0);
        }
        if dxil18 {
            if let Some(p) = p {
                if c.flags.has(bit::USES_DERIVATIVES) {
                    if p.kind == COMPUTE {
                        c.min = c.min.max((6, 6));
                    } else if p.is_mesh_or_amp() {
                        c.flags.set(bit::DERIVATIVES_IN_MESH_AND_AMP_SHADERS, true);
                        c.min = c.min.max((6, 6));
                    }
                }
                if p.wave_size.0 != 0 {
                    c.min = c.min.max(if p.wave_size.1 != 0 { (6, 8) } else { (6, 6) });
                }
                if p.is_mesh_or_amp() {
                    c.min = c.min.max((6, 5));
                } else if (7..=12).contains(&p.kind) {
                    c.min = c.min.max((6, 3));
                } else if p.kind == NODE {
                    c.min = c.min.max((6, 8));
                }
            }
            raise_for_flags(c.flags, &mut c.min);
        } else if c.flags.has(bit::USE_NATIVE_LOW_PRECISION)
            && c.flags.has(bit::LOW_PRECISION_PRESENT)
        {
            c.min = c.min.max((6, 2));
        } else if c.flags.has(bit::BARYCENTRICS) || c.flags.has(bit::VIEW_ID) {
            c.min = c.min.max((6, 1));
        }
    }
    out
}
