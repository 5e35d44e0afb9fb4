//! Computing a module's shader flags (DXIL.rst "Shader Properties and Capabilities"; the
//! rules are facts of the reference's flag collection, `ShaderFlags::CollectShaderFlags` per
//! function and `DxilModule::CollectShaderFlagsForModule`):
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
//!   textures and UAV use (handles created for UAVs). 64-bit atomics through handles not
//!   annotated from a binding or library resource set AtomicInt64OnHeapResource.
//! - Per entry function, from its signatures: viewport/render target array index, stencil
//!   ref, inner coverage, shading rate, barycentrics.
//! - The functions' flags are merged into their callers (validator 1.8+), adjusted for the
//!   entry kinds ([`crate::rdat::compat`]) and combined; derivatives in a mesh or
//!   amplification shader model set their bit; then the module level: ROVs, 64 UAVs, UAVs at
//!   every stage, raw and structured buffers.
//! - Validator gates: derivatives and RequiresGroup from 1.8, sampler feedback from 1.9,
//!   barycentrics from 1.6, every typed UAV load below 1.1.
//! - [`compute_flags`] (the flags the parts are written from) keeps the options a module
//!   records only in the flags themselves: DisableOptimizations, DisableMathRefactoring,
//!   ForceEarlyDepthStencil, AllResourcesBound, UseNativeLowPrecision, ResMayNotAlias.

use dxil_container::ShaderKind;
use dxil_ir::{ConstKind, InstKind, Module, TypeData, ValueRef};
use dxil_module::model::{Property, Resource, ResourceClass};
use dxil_ops::{DxCall, DxOp, OpFlags};

use crate::flags::{bit, RawFlags};
use crate::rdat::compat::Compat;
use crate::rdat::props::{entry_function, FnProps, KIND_LIBRARY};
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
    /// A handle to a UAV is created (annotated, or created from a UAV record or global).
    pub(crate) uses_uav: bool,
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
        ConstKind::Aggregate(vals) => m
            .list(*vals)
            .iter()
            .map(|x| const_int(m, x).unwrap_or(0) as u64)
            .collect(),
        ConstKind::Data(d) => m.list(*d).to_vec(),
        ConstKind::Null => vec![0, 0],
        _ => return None,
    };
    let w0 = *words.first()? as u32;
    let w1 = words.get(1).copied().unwrap_or(0) as u32;
    Some((w0 & 0xff, w0 & (1 << 12) != 0, (w1 >> 8) & 0xff))
}

/// Follows phi (first incoming) and select (true value) chains to a call, as the
/// reference does when looking for the call that created a handle.
fn find_call(body: &dxil_ir::Body, mut v: ValueRef) -> Option<&dxil_ir::InstData> {
    for _ in 0..64 {
        let ValueRef::Inst(i) = v else { return None };
        let inst = body.inst(i)?;
        v = match &inst.kind {
            InstKind::Call { .. } => return Some(inst),
            InstKind::Phi { incoming } => body.list(*incoming).first()?.0,
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
            InstKind::Phi { incoming } => body.list(*incoming).first()?.0,
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

/// The operation of a `dx.op` call with its operands by position, as the reference's flag
/// collection reads them: by opcode, without checking the callee's name or the operand
/// types (an invalid call still counts); a call without a constant opcode or with the wrong
/// number of operands reads as none.
pub(crate) fn decoded(
    m: &Module,
    body: &dxil_ir::Body,
    inst: &dxil_ir::InstData,
) -> Option<DxCall> {
    let opcode = dxil_ops::call_opcode(m, body, inst)?;
    let InstKind::Call {
        callee: ValueRef::Function(callee),
        args,
        ..
    } = &inst.kind
    else {
        return None;
    };
    Some(DxCall {
        op: DxOp::from_args(opcode, body.values(*args).get(1..)?)?,
        overloads: [None; dxil_ops::MAX_OVERLOADS],
        callee: *callee,
    })
}

fn is_typed_kind(kind: u32) -> bool {
    (1..=10).contains(&kind)
}

/// The properties (kind, is UAV, component count) of the resource a handle-creating
/// operation refers to, as the reference's flag collection reads them: an `annotateHandle`'s
/// props constant, the UAV record a `createHandle` names by its range id, or the UAV whose
/// global a `createHandleForLib` loads. Other handles (SRV records, descriptor heaps) read as
/// no properties, which the flags only ever test for a UAV.
fn created_props(src: &Source<'_>, body: &dxil_ir::Body, op: &DxOp) -> Option<(u32, bool, u32)> {
    let m = src.module;
    match *op {
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
        DxOp::CreateHandleForLib { resource } => {
            let ValueRef::Inst(i) = resource else {
                return None;
            };
            let InstKind::Load { ptr, .. } = body.inst(i)?.kind else {
                return None;
            };
            let r = uavs(src).iter().find(|r| {
                matches!(r.base.symbol, dxil_module::md::Md::Value { value, .. } if value == ptr)
            })?;
            Some((r.shape_or_size, true, symbol_components(m, &r.base.symbol)))
        }
        _ => None,
    }
}

/// What the scan asks of a type, one bit each: `double`, `half`, `i16`, `i64`, a pointer
/// into group shared memory (address space 3).
const CLASS_DOUBLE: u8 = 1;
const CLASS_HALF: u8 = 2;
const CLASS_I16: u8 = 4;
const CLASS_I64: u8 = 8;
const CLASS_GROUP_PTR: u8 = 16;

/// The scan's classes of every type of a module, indexed by type id, and of every
/// constant, indexed by constant id: worked out once per module rather than for each
/// operand of each instruction.
pub(crate) struct TypeClasses {
    types: Vec<u8>,
    constants: Vec<u8>,
}

impl TypeClasses {
    pub(crate) fn of(m: &Module) -> Self {
        let types: Vec<u8> = m
            .types
            .iter()
            .map(|d| match d {
                TypeData::Double => CLASS_DOUBLE,
                TypeData::Half => CLASS_HALF,
                TypeData::Int(16) => CLASS_I16,
                TypeData::Int(64) => CLASS_I64,
                TypeData::Pointer { addrspace: 3, .. } => CLASS_GROUP_PTR,
                _ => 0,
            })
            .collect();
        let class = |t: dxil_ir::Type| types.get(t.index()).copied().unwrap_or(0);
        let constants = m.constants.iter().map(|c| class(c.ty)).collect();
        TypeClasses { types, constants }
    }

    fn of_type(&self, t: Option<dxil_ir::Type>) -> u8 {
        t.and_then(|t| self.types.get(t.index()).copied())
            .unwrap_or(0)
    }

    /// The class of an operand's type; `insts` holds the classes of the body's results.
    /// Metadata operands have the `metadata` type, which is in no class (and whose id would
    /// take a search of the type table).
    fn of_value(&self, m: &Module, body: &dxil_ir::Body, insts: &[u8], v: ValueRef) -> u8 {
        match v {
            ValueRef::Inst(i) => insts.get(i.index()).copied().unwrap_or(0),
            ValueRef::Const(c) => self.constants.get(c.index()).copied().unwrap_or(0),
            ValueRef::Metadata(_) => 0,
            v => self.of_type(m.value_type(Some(body), v)),
        }
    }
}

pub(crate) fn scan_function(
    src: &Source<'_>,
    classes: &TypeClasses,
    f: &dxil_ir::FunctionData,
    s: &mut Scan,
) {
    let m = src.module;
    let Some(body) = &f.body else { return };
    let val = src.validator();
    let back_compat_uav_loads = val == (1, 0);
    let is_dxil_op = |callee: &ValueRef| dxil_ops::is_dx_op_callee(m, *callee);
    // The classes of the instructions' results, which operands name most often: one dense
    // pass instead of a look at each operand's instruction record.
    let results: Vec<u8> = body.insts.iter().map(|i| classes.of_type(i.ty)).collect();
    for (inst, &own) in body.insts.iter().zip(&results) {
        if let InstKind::Call { callee, .. } = &inst.kind {
            if !is_dxil_op(callee) {
                continue;
            }
        }
        s.requires_group |= own & CLASS_GROUP_PTR != 0;
        if matches!(
            inst.kind,
            InstKind::ExtractElement { .. } | InstKind::InsertElement { .. }
        ) {
            continue;
        }
        let mut all = own;
        inst.kind.for_each_operand(&body.pool, |op| {
            all |= classes.of_value(m, body, &results, *op)
        });
        s.requires_group |= all & CLASS_GROUP_PTR != 0;
        let double = all & CLASS_DOUBLE != 0;
        let half = all & CLASS_HALF != 0;
        let i16 = all & CLASS_I16 != 0;
        let i64 = all & CLASS_I64 != 0;
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
        // Wave and feedback operations count by opcode alone.
        let Some(info) = dxil_ops::call_opcode(m, body, inst).and_then(dxil_ops::op_info) else {
            continue;
        };
        if info.flags.contains(OpFlags::WAVE) {
            s.wave = true;
        }
        if info.flags.contains(OpFlags::FEEDBACK) {
            s.feedback = true;
        }
        let Some(call) = decoded(m, body, inst) else {
            continue;
        };
        let nonconst = |offsets: [ValueRef; 3]| offsets.iter().any(|a| !is_const(a));
        let clamped = |c: ValueRef| match c {
            ValueRef::Const(k) => match m.constant(k).map(|d| &d.kind) {
                Some(ConstKind::Float(bits)) => *bits & 0x7fff_ffff_ffff_ffff != 0,
                Some(ConstKind::Undef) | Some(ConstKind::Null) => false,
                _ => true,
            },
            _ => true,
        };
        // The properties of the resource a handle refers to.
        let handle_props = |h: ValueRef| -> Option<(u32, bool, u32)> {
            created_props(src, body, &decoded(m, body, find_call(body, h)?)?.op)
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
            DxOp::AnnotateHandle { .. }
            | DxOp::CreateHandle { .. }
            | DxOp::CreateHandleForLib { .. } => {
                if let Some((kind, true, _)) = created_props(src, body, &call.op) {
                    s.uses_uav = true;
                    s.msaa_uav_used |= matches!(kind, 3 | 8);
                }
            }
            _ => {}
        }
    }
}

fn uavs<'a>(src: &'a Source<'_>) -> &'a [Resource] {
    src.resources()
        .map_or(&[][..], |r| r.of(ResourceClass::UAV))
}

/// The entry properties of each function, indexed like `module.functions`, as the reference
/// loads them into its entry map: a stage's one entry, every library entry after the module
/// entry; the kind is the shader kind property's, else the shader model's (a library entry
/// without one keeps the library kind). A function named by two entries keeps the last.
pub fn entry_props<'a>(src: &'a Source<'_>) -> Vec<Option<FnProps<'a>>> {
    let mut props: Vec<Option<FnProps<'a>>> = vec![None; src.module.functions.len()];
    let library = src.kind == ShaderKind::Library;
    let entries = src.meta.entry_points.as_deref().unwrap_or(&[]);
    let chosen = if library {
        entries.get(1..).unwrap_or(&[])
    } else {
        entries.get(..1).unwrap_or(&[])
    };
    for e in chosen {
        let Some(slot) = entry_function(e).and_then(|f| props.get_mut(f)) else {
            continue;
        };
        let mut p = FnProps::of(e);
        let tagged = e
            .properties
            .iter()
            .flatten()
            .any(|p| matches!(p, Property::ShaderKind(_)));
        if !tagged {
            p.kind = if library {
                KIND_LIBRARY
            } else {
                src.kind.raw()
            };
        }
        *slot = Some(p);
    }
    props
}

/// Whether the module's own subobjects (`dx.subobjects`) call for raytracing tier 1.1.
pub fn module_requires_rt11(src: &Source<'_>) -> bool {
    let list: Vec<_> = src
        .meta
        .subobjects
        .iter()
        .flatten()
        .filter_map(dxil_module::model::Subobject::to_part)
        .collect();
    crate::rdat::requires_rt11(&list)
}

/// The module's shader flags from its functions' compatibility facts (the reference's
/// `CollectShaderFlagsForModule`): every defined function's flags combined, derivatives in
/// a mesh or amplification shader model marked, the per-function bits (derivatives, group)
/// cleared, then the flags the resource lists imply (ROVs, 64 UAVs, UAVs at every stage,
/// raw and structured buffers).
pub fn module_flags(src: &Source<'_>, compat: &[Option<Compat>]) -> RawFlags {
    let mut flags = RawFlags(0);
    for c in compat.iter().flatten() {
        flags.0 |= c.flags.0;
    }
    if flags.has(bit::USES_DERIVATIVES)
        && matches!(src.kind, ShaderKind::Mesh | ShaderKind::Amplification)
    {
        flags.set(bit::DERIVATIVES_IN_MESH_AND_AMP_SHADERS, true);
    }
    flags.set(bit::USES_DERIVATIVES, false);
    flags.set(bit::REQUIRES_GROUP, false);
    resource_flags(src, &mut flags);
    flags
}

/// The flags of the resource lists (module level in the reference).
fn resource_flags(src: &Source<'_>, flags: &mut RawFlags) {
    let val: ValVer = src.validator();
    let kind = src.kind;
    let uav_list = uavs(src);
    let mut num_uavs = 0u32;
    let mut raw_structured = false;
    let mut rov = false;
    for u in uav_list {
        // Sizes above 8 count as 9: enough to pass the limit without overflowing.
        num_uavs = num_uavs.saturating_add(u.base.range_size.min(9));
        rov |= u.rasterizer_ordered;
        raw_structured |= matches!(u.shape_or_size, 11 | 12);
    }
    if let Some(r) = src.resources() {
        raw_structured |= r
            .of(ResourceClass::SRV)
            .iter()
            .any(|r| matches!(r.shape_or_size, 11 | 12));
    }
    if rov {
        flags.set(bit::ROVS, true);
    }
    // Validators before 1.6 counted records, not registers.
    let many = if val < (1, 6) {
        uav_list.len() > 8
    } else {
        num_uavs > 8
    };
    flags.set(bit::UAVS_64, many);
    // Before 1.8 every stage but compute and pixel shaders set it; from 1.8 only the
    // graphics stages where it matters.
    let every_stage = if val < (1, 8) {
        num_uavs != 0 && !matches!(kind, ShaderKind::Compute | ShaderKind::Pixel)
    } else {
        num_uavs != 0
            && matches!(
                kind,
                ShaderKind::Vertex | ShaderKind::Hull | ShaderKind::Domain | ShaderKind::Geometry
            )
    };
    if every_stage {
        flags.set(bit::UAVS_AT_EVERY_STAGE, true);
    }
    flags.set(bit::ENABLE_RAW_AND_STRUCTURED_BUFFERS, raw_structured);
    flags.set(
        bit::CS_RAW_AND_STRUCTURED_VIA_SHADER_4X,
        raw_structured && src.shader_model().0 == 4 && kind == ShaderKind::Compute,
    );
}

/// The module's shader flags as the reference's validator computes them
/// ([`module_flags`] over [`crate::rdat::compat::compute`] with [`entry_props`]).
pub fn collect_module_flags(src: &Source<'_>) -> RawFlags {
    let props = entry_props(src);
    let compat = crate::rdat::compat::compute(src, &props, module_requires_rt11(src));
    module_flags(src, &compat)
}

/// Computes the entry's shader flags from the module ([`collect_module_flags`]); module
/// options are taken from `recorded` ([`OPTION_BITS`]), and a raytracing tier 1.1 bit
/// recorded by a validator from 1.5 to 1.7 (which set it from subobjects the final module
/// no longer has) is kept.
pub fn compute_flags(src: &Source<'_>, recorded: RawFlags) -> RawFlags {
    let mut flags = collect_module_flags(src);
    let val = src.validator();
    if ((1, 5)..(1, 8)).contains(&val) && recorded.has(bit::RAYTRACING_TIER_1_1) {
        flags.set(bit::RAYTRACING_TIER_1_1, true);
    }
    RawFlags((flags.0 & !OPTION_BITS) | (recorded.0 & OPTION_BITS))
}
