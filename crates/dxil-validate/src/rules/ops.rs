//! Per-operation rules of `dx.op` calls (`ValidateDxilOperationCallInProfile` and what
//! `ValidateFunctionBody` checks of the mesh and amplification operations; DXIL.rst
//! "Operations", "Barrier", "Derivatives", "Mesh shader", "Amplification shader", "Work
//! graphs"): immediate math inputs, derivatives before shader model 6.6 in compute-like
//! stages, barrier modes and flags per stage, the thread ids a node's launch type provides,
//! 16-bit special-float tests, and where `SetMeshOutputCounts`, `GetMeshPayload` and
//! `DispatchMesh` may be and what payload sizes they carry.
//!
//! The resource, signature, hit object, ray query and LinAlg operations have rule files of
//! their own.

use dxil_container::ShaderKind;
use dxil_ir::{
    Body, CheckedModule, ConstKind, Function, Inst, InstKind, TypeData, ValueRef, ValueType,
};
use dxil_module::layout::DataLayout;
use dxil_ops::{DxCall, DxOp, OpCode, OpInfo, ValidationRule as R};

use super::entry_kinds::{EntryKinds, LAUNCH_BROADCASTING, LAUNCH_COALESCING, LAUNCH_THREAD};
use super::function::Site;
use crate::context::Ctx;
use crate::util;

/// Largest mesh or amplification payload, in bytes (`kMaxMSASPayloadBytes`).
const MAX_PAYLOAD_BYTES: u64 = 16384;

/// `BarrierMode` bits of `Barrier` (DXIL.rst "Barrier").
mod mode {
    pub const UAV_FENCE_GLOBAL: u64 = 0x2;
    pub const UAV_FENCE_THREAD_GROUP: u64 = 0x4;
    pub const TGSM_FENCE: u64 = 0x8;
}

/// `MemoryTypeFlag` bits of `BarrierByMemoryType`.
mod memory {
    pub const ALL: u64 = 0xF;
    pub const VALID_MASK: u64 = 0xF;
    /// Node input and output memory.
    pub const NODE_FLAGS: u64 = 0x4 | 0x8;
    /// Group shared memory.
    pub const GROUP_FLAGS: u64 = 0x2;
}

/// `BarrierSemanticFlag` bits.
mod semantic {
    /// Group sync, group scope and device scope: all there was before DXIL 1.9.
    pub const LEGACY_FLAGS: u64 = 0x7;
    /// With reorder scope (DXIL 1.9).
    pub const VALID_MASK: u64 = 0xF;
    /// Group sync and group scope.
    pub const GROUP_FLAGS: u64 = 0x1 | 0x2;
}

/// The rules of one `dx.op` call that passed the declaration checks.
pub(crate) fn validate_call(ctx: &mut Ctx, kinds: &EntryKinds, site: &Site, call: &DxCall) {
    let Some(stage) = kinds.stage_of(site.f) else {
        return;
    };
    // Compute, mesh, amplification and node shaders have thread groups; library code may
    // end up in any stage, so the group rules leave it alone.
    let cs_like = matches!(
        stage,
        ShaderKind::Compute | ShaderKind::Mesh | ShaderKind::Amplification | ShaderKind::Node
    );
    let lib_fn = stage == ShaderKind::Library;
    match call.op {
        DxOp::Asin { value } => infinite_input(ctx, site, value, R::InstrNoIndefiniteAsin),
        DxOp::Acos { value } => infinite_input(ctx, site, value, R::InstrNoIndefiniteAcos),
        DxOp::Log { value } => infinite_input(ctx, site, value, R::InstrNoIndefiniteLog),
        DxOp::DerivFineX { value }
        | DxOp::DerivFineY { value }
        | DxOp::DerivCoarseX { value }
        | DxOp::DerivCoarseY { value } => {
            infinite_input(ctx, site, value, R::InstrNoIndefiniteDsxy);
            derivative(ctx, kinds, site);
        }
        DxOp::Barrier { barrier_mode } => {
            let Some(mode) = util::const_uint(ctx.m, barrier_mode) else {
                return ctx.inst_error(site.f, site.inst, R::InstrOpConst, &["Mode", "Barrier"]);
            };
            let mode = mode & 0xffff_ffff;
            if cs_like || lib_fn {
                let global = mode & mode::UAV_FENCE_GLOBAL != 0;
                let group_uav = mode & mode::UAV_FENCE_THREAD_GROUP != 0;
                let tgsm = mode & mode::TGSM_FENCE != 0;
                if global && group_uav {
                    ctx.inst_error(site.f, site.inst, R::InstrBarrierModeUselessUGroup, &[]);
                }
                if !global && !tgsm && !group_uav {
                    ctx.inst_error(site.f, site.inst, R::InstrBarrierModeNoMemory, &[]);
                }
            } else if mode != mode::UAV_FENCE_GLOBAL {
                ctx.inst_error(site.f, site.inst, R::InstrBarrierModeForNonCS, &[]);
            }
        }
        DxOp::BarrierByMemoryType {
            memory_type_flags,
            semantic_flags,
        } => {
            let name = "BarrierByMemoryType";
            flag_arg(
                ctx,
                site,
                memory_type_flags,
                memory::VALID_MASK,
                "memory type",
                name,
            );
            flag_arg(
                ctx,
                site,
                semantic_flags,
                semantic_mask(kinds),
                "semantic",
                name,
            );
            let memory_flags = util::const_uint(ctx.m, memory_type_flags);
            let semantic_flags = util::const_uint(ctx.m, semantic_flags);
            // `ALL_MEMORY` covers node memory without asking for it.
            let requires_node = memory_flags.is_some_and(|f| {
                let f = if f & 0xffff_ffff == memory::ALL {
                    f & !memory::NODE_FLAGS
                } else {
                    f
                };
                f & memory::NODE_FLAGS != 0
            });
            let requires_group = memory_flags.is_some_and(|f| {
                let f = if f & 0xffff_ffff == memory::ALL {
                    f & !memory::GROUP_FLAGS
                } else {
                    f
                };
                f & memory::GROUP_FLAGS != 0
            }) || semantic_flags
                .is_some_and(|f| f & semantic::GROUP_FLAGS != 0);
            barrier_stage(
                ctx,
                site,
                stage,
                cs_like,
                lib_fn,
                requires_node,
                requires_group,
            );
        }
        DxOp::BarrierByMemoryHandle { semantic_flags, .. }
        | DxOp::BarrierByNodeRecordHandle { semantic_flags, .. } => {
            let by_record = matches!(call.op, DxOp::BarrierByNodeRecordHandle { .. });
            let name = if by_record {
                "barrierByNodeRecordHandle"
            } else {
                "barrierByMemoryHandle"
            };
            flag_arg(
                ctx,
                site,
                semantic_flags,
                semantic_mask(kinds),
                "semantic",
                name,
            );
            let requires_group = util::const_uint(ctx.m, semantic_flags)
                .is_some_and(|f| f & semantic::GROUP_FLAGS != 0);
            barrier_stage(ctx, site, stage, cs_like, lib_fn, by_record, requires_group);
        }
        DxOp::ThreadId { .. } => {
            launch_id(ctx, kinds, site, call, stage, "SV_DispatchThreadID", false)
        }
        DxOp::GroupId { .. } => launch_id(ctx, kinds, site, call, stage, "SV_GroupId", false),
        DxOp::ThreadIdInGroup { .. } => {
            launch_id(ctx, kinds, site, call, stage, "SV_GroupThreadID", true)
        }
        DxOp::FlattenedThreadIdInGroup {} => {
            launch_id(ctx, kinds, site, call, stage, "SV_GroupIndex", true)
        }
        // Half overloads of the special-float tests came with shader model 6.9.
        DxOp::IsNaN { value }
        | DxOp::IsInf { value }
        | DxOp::IsFinite { value }
        | DxOp::IsNormal { value }
            if !kinds.sm_at_least(6, 9) && is_half_typed(ctx.m, site.body, value) =>
        {
            ctx.inst_error(site.f, site.inst, R::SmIsSpecialFloat, &[]);
        }
        _ => {}
    }
}

/// `INSTR.NOINDEFINITE*`: an immediate input that is infinite.
fn infinite_input(ctx: &mut Ctx, site: &Site, value: ValueRef, rule: R) {
    if is_infinite(ctx.m, value) {
        ctx.inst_error(site.f, site.inst, rule, &[]);
    }
}

/// Whether `v` is a floating-point constant that is an infinity.
fn is_infinite(m: &CheckedModule, v: ValueRef) -> bool {
    let ValueRef::Const(c) = v else { return false };
    let data = m.constant(c);
    let ConstKind::Float(bits) = data.kind else {
        return false;
    };
    match m.ty(data.ty) {
        TypeData::Half => bits & 0x7fff == 0x7c00,
        TypeData::Float => bits & 0x7fff_ffff == 0x7f80_0000,
        TypeData::Double => bits & 0x7fff_ffff_ffff_ffff == 0x7ff0_0000_0000_0000,
        _ => false,
    }
}

/// `SM.OPCODEININVALIDFUNCTION` for derivatives: compute, mesh and amplification shader
/// models take them from 6.6 on (the shader model's kind decides; library functions are
/// judged where they are called).
pub(crate) fn derivative(ctx: &mut Ctx, kinds: &EntryKinds, site: &Site) {
    let compute_like = matches!(
        kinds.sm_kind,
        Some(ShaderKind::Compute | ShaderKind::Mesh | ShaderKind::Amplification)
    );
    if compute_like && !kinds.sm_at_least(6, 6) {
        ctx.inst_error(
            site.f,
            site.inst,
            R::SmOpcodeInInvalidFunction,
            &["Derivatives in CS/MS/AS", "Shader Model 6.6+"],
        );
    }
}

/// The semantic flags the shader model's DXIL version knows: reorder scope from DXIL 1.9
/// (shader model 6.9).
fn semantic_mask(kinds: &EntryKinds) -> u64 {
    if kinds.sm_at_least(6, 9) {
        semantic::VALID_MASK
    } else {
        semantic::LEGACY_FLAGS
    }
}

/// A barrier's flag operand: an immediate with no bit outside `valid`.
fn flag_arg(ctx: &mut Ctx, site: &Site, v: ValueRef, valid: u64, what: &str, op: &str) {
    match util::const_uint(ctx.m, v) {
        Some(flags) => {
            if flags & !valid & 0xffff_ffff != 0 {
                ctx.inst_error(site.f, site.inst, R::InstrBarrierFlagInvalid, &[what, op]);
            }
        }
        None => ctx.inst_error(
            site.f,
            site.inst,
            R::InstrBarrierNonConstantFlagArgument,
            &[],
        ),
    }
}

/// Node memory only in node shaders; group memory or group sync only where there is a
/// group. Library code is judged where it is called.
fn barrier_stage(
    ctx: &mut Ctx,
    site: &Site,
    stage: ShaderKind,
    cs_like: bool,
    lib_fn: bool,
    requires_node: bool,
    requires_group: bool,
) {
    if !lib_fn && stage != ShaderKind::Node && requires_node {
        ctx.inst_error(site.f, site.inst, R::InstrBarrierRequiresNode, &[]);
    }
    if !cs_like && !lib_fn && requires_group {
        ctx.inst_error(site.f, site.inst, R::InstrBarrierModeForNonCS, &[]);
    }
}

/// `INSTR.SVCONFLICTINGLAUNCHMODE`: in a node shader, the dispatch thread and group ids
/// exist only for broadcasting launch; the ids within a group also for coalescing launch.
fn launch_id(
    ctx: &mut Ctx,
    kinds: &EntryKinds,
    site: &Site,
    call: &DxCall,
    stage: ShaderKind,
    semantic: &str,
    in_group: bool,
) {
    if stage != ShaderKind::Node {
        return;
    }
    let launch = kinds.entry(site.f).map_or(0, |p| p.launch_type);
    if launch == LAUNCH_BROADCASTING || (in_group && launch == LAUNCH_COALESCING) {
        return;
    }
    let launch_name = match launch {
        LAUNCH_COALESCING => "Coalescing",
        LAUNCH_THREAD => "Thread",
        _ => "Invalid",
    };
    let op_name = call.op.name();
    ctx.inst_error(
        site.f,
        site.inst,
        R::InstrSVConflictingLaunchMode,
        &[op_name, semantic, launch_name],
    );
}

/// Whether `v`'s type is `half` or a vector of `half`.
fn is_half_typed(m: &CheckedModule, body: &Body, v: ValueRef) -> bool {
    let ValueType::Typed(t) = m.value_type(Some(body), v) else {
        return false;
    };
    match m.ty(t) {
        TypeData::Half => true,
        TypeData::Vector { elem, .. } => matches!(m.ty(*elem), TypeData::Half),
        _ => false,
    }
}

/// The calls `ValidateFunctionBody` keeps for the mesh and amplification rules: the one
/// `SetMeshOutputCounts`, `GetMeshPayload` and `DispatchMesh` of a function (a second is an
/// error).
#[derive(Default)]
pub(crate) struct MeshCalls {
    set_mesh_output_counts: Option<(usize, Inst)>,
    get_mesh_payload: Option<Inst>,
    dispatch_mesh: Option<(usize, Inst)>,
}

/// Counts a call that passed the opcode gate of the function walk.
pub(crate) fn count_call(ctx: &mut Ctx, site: &Site, info: &OpInfo, calls: &mut MeshCalls) {
    let at = (site.block, site.inst);
    if info.opcode == OpCode::SetMeshOutputCounts as u32 {
        if calls.set_mesh_output_counts.is_some() {
            ctx.inst_error(site.f, site.inst, R::InstrMultipleSetMeshOutputCounts, &[]);
        }
        calls.set_mesh_output_counts = Some(at);
    } else if info.opcode == OpCode::GetMeshPayload as u32 {
        if calls.get_mesh_payload.is_some() {
            ctx.inst_error(site.f, site.inst, R::InstrMultipleGetMeshPayload, &[]);
        }
        calls.get_mesh_payload = Some(site.inst);
    } else if info.opcode == OpCode::DispatchMesh as u32 {
        if calls.dispatch_mesh.is_some() {
            ctx.inst_error(site.f, site.inst, R::InstrNotOnceDispatchMesh, &[]);
        }
        calls.dispatch_mesh = Some(at);
    }
}

/// `ValidateMsIntrinsics` and `ValidateAsIntrinsics`, after function `f`'s body.
pub(crate) fn mesh_and_amplification(
    ctx: &mut Ctx,
    kinds: &EntryKinds,
    f: Function,
    body: &Body,
    calls: &MeshCalls,
) {
    match kinds.entry(f).map(|p| (p.kind, *p)) {
        Some((ShaderKind::Mesh, props)) => mesh(ctx, f, body, calls, props.ms_payload_size),
        Some((ShaderKind::Amplification, props)) => {
            amplification(ctx, f, body, calls, props.as_payload_size)
        }
        _ => {}
    }
}

/// A mesh shader sets its output counts before (dominating) any vertex, primitive or index
/// output, and declares at least the payload it reads.
fn mesh(ctx: &mut Ctx, f: Function, body: &Body, calls: &MeshCalls, declared: u32) {
    let m = ctx.m;
    let cfg = Cfg::new(body);
    // Blocks reachable from the entry without passing the block of SetMeshOutputCounts: the
    // ones it does not dominate.
    let undominated = calls
        .set_mesh_output_counts
        .map(|(b, _)| cfg.reachable_avoiding(Some(b)));
    for (b, block) in body.blocks.iter().enumerate() {
        let mut found_in_block = false;
        for &inst in &block.insts {
            let Some(data) = body.inst(inst) else {
                continue;
            };
            let InstKind::Call {
                callee: ValueRef::Function(callee),
                args,
                ..
            } = &data.kind
            else {
                continue;
            };
            if !super::externals::is_dxil_function(m, *callee)
                || m.functions.get(*callee).is_none_or(|c| c.body.is_some())
            {
                continue;
            }
            if calls.set_mesh_output_counts.is_some_and(|(_, i)| i == inst) {
                found_in_block = true;
            }
            let Some(opcode) = body
                .values(*args)
                .first()
                .and_then(|&a| util::const_uint(m, a))
            else {
                continue;
            };
            let opcode = opcode as u32;
            let is_output = opcode == OpCode::StoreVertexOutput as u32
                || opcode == OpCode::StorePrimitiveOutput as u32
                || opcode == OpCode::EmitIndices as u32;
            if !is_output {
                continue;
            }
            match (&calls.set_mesh_output_counts, &undominated) {
                (None, _) | (_, None) => {
                    ctx.inst_error(f, inst, R::InstrMissingSetMeshOutputCounts, &[])
                }
                (Some((set_block, _)), Some(undominated)) => {
                    if !found_in_block && *set_block != b && undominated[b] {
                        ctx.inst_error(f, inst, R::InstrNonDominatingSetMeshOutputCounts, &[]);
                    }
                }
            }
        }
    }
    if let Some(payload) = calls.get_mesh_payload {
        let Some(size) = body
            .inst(payload)
            .and_then(|d| d.ty)
            .and_then(|t| pointee_struct_size(m, t))
        else {
            return;
        };
        let name = ctx.function_name(f);
        if u64::from(declared) < size {
            let args = [name.as_str(), &size.to_string(), &declared.to_string()];
            ctx.fn_error(f, R::SmMeshShaderPayloadSizeDeclared, &args);
        }
        if u64::from(declared) > MAX_PAYLOAD_BYTES {
            let args = [
                name.as_str(),
                &declared.to_string(),
                &MAX_PAYLOAD_BYTES.to_string(),
            ];
            ctx.fn_error(f, R::SmMeshShaderPayloadSize, &args);
        }
    }
}

/// An amplification shader calls `DispatchMesh` once, on every path to its end, with a
/// payload no larger than the limit and than it declares.
fn amplification(ctx: &mut Ctx, f: Function, body: &Body, calls: &MeshCalls, declared: u32) {
    let m = ctx.m;
    let name = ctx.function_name(f);
    let Some((dispatch_block, dispatch)) = calls.dispatch_mesh else {
        return ctx.fn_error(f, R::InstrNotOnceDispatchMesh, &[]);
    };
    let Some(data) = body.inst(dispatch) else {
        return;
    };
    let InstKind::Call { fn_ty, args, .. } = &data.kind else {
        return;
    };
    // The reference measures the payload operand's own type here: a pointer.
    if let Some(size) = body
        .values(*args)
        .get(4)
        .and_then(|&p| m.value_type(Some(body), p).ty())
        .and_then(|t| DataLayout::of(m).type_alloc_size(m, t))
    {
        if u64::from(declared) < size {
            let args = [name.as_str(), &size.to_string(), &declared.to_string()];
            ctx.inst_error(
                f,
                dispatch,
                R::SmAmplificationShaderPayloadSizeDeclared,
                &args,
            );
        }
    }
    if u64::from(declared) > MAX_PAYLOAD_BYTES {
        let args = [
            name.as_str(),
            &declared.to_string(),
            &MAX_PAYLOAD_BYTES.to_string(),
        ];
        ctx.inst_error(f, dispatch, R::SmAmplificationShaderPayloadSize, &args);
    }
    let cfg = Cfg::new(body);
    if dispatch_block != 0 && cfg.exit_reachable_avoiding(dispatch_block) {
        ctx.inst_error(f, dispatch, R::InstrNonDominatingDispatchMesh, &[]);
    }
    let payload_ty = match m.ty(*fn_ty) {
        TypeData::Function { params, .. } => params.get(4).copied(),
        _ => None,
    };
    if let Some(size) = payload_ty.and_then(|t| pointee_struct_size(m, t)) {
        if size > MAX_PAYLOAD_BYTES {
            let args = [
                name.as_str(),
                &size.to_string(),
                &MAX_PAYLOAD_BYTES.to_string(),
            ];
            ctx.inst_error(f, dispatch, R::SmAmplificationShaderPayloadSize, &args);
        }
    }
}

/// The allocation size of the struct a pointer type points to.
fn pointee_struct_size(m: &CheckedModule, ptr: dxil_ir::Type) -> Option<u64> {
    let TypeData::Pointer { pointee, .. } = m.ty(ptr) else {
        return None;
    };
    let TypeData::Struct(_) = m.ty(*pointee) else {
        return None;
    };
    DataLayout::of(m).type_alloc_size(m, *pointee)
}

/// The control flow graph of a body: successors of each block by index.
struct Cfg {
    succs: Vec<Vec<usize>>,
}

impl Cfg {
    fn new(body: &Body) -> Cfg {
        let index = |b: dxil_ir::Block| b.index();
        let succs = body
            .blocks
            .iter()
            .map(|block| {
                let Some(last) = block.insts.last().and_then(|&i| body.inst(i)) else {
                    return Vec::new();
                };
                match &last.kind {
                    InstKind::Br { target } => vec![index(*target)],
                    InstKind::CondBr {
                        if_true, if_false, ..
                    } => {
                        vec![index(*if_true), index(*if_false)]
                    }
                    InstKind::Switch { default, cases, .. } => std::iter::once(index(*default))
                        .chain(body.list(*cases).iter().map(|(_, b)| index(*b)))
                        .collect(),
                    InstKind::IndirectBr { dests, .. } => {
                        body.list(*dests).iter().map(|b| index(*b)).collect()
                    }
                    InstKind::Invoke { normal, unwind, .. } => vec![index(*normal), index(*unwind)],
                    _ => Vec::new(),
                }
            })
            .collect();
        Cfg { succs }
    }

    /// Which blocks the entry reaches without passing block `avoid` (`avoid` itself counts
    /// as not reached).
    fn reachable_avoiding(&self, avoid: Option<usize>) -> Vec<bool> {
        let n = self.succs.len();
        let mut seen = vec![false; n];
        if n == 0 || avoid == Some(0) {
            return seen;
        }
        let mut stack = vec![0];
        seen[0] = true;
        while let Some(b) = stack.pop() {
            for &s in &self.succs[b] {
                if s < n && !seen[s] && Some(s) != avoid {
                    seen[s] = true;
                    stack.push(s);
                }
            }
        }
        seen
    }

    /// Whether the entry reaches a block without successors (an exit) without passing block
    /// `avoid`: then `avoid` does not post-dominate the entry.
    fn exit_reachable_avoiding(&self, avoid: usize) -> bool {
        let seen = self.reachable_avoiding(Some(avoid));
        seen.iter()
            .enumerate()
            .any(|(b, &r)| r && self.succs[b].is_empty())
    }
}
