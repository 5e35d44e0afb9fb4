//! Functions (`ValidateFunction`, `ValidateFunctionBody`): the declaration of each function
//! (entry parameters and return type, node inputs, resources in signatures, attributes,
//! attached metadata) and one walk over every instruction of every defined function, in
//! module order. A declaration goes to the external-function rules, which check each of its
//! calls and hand the `dx.op` calls that pass to each rule group ([`dx_op`]); in a body,
//! calls to `dx.op.*` functions pass the opcode gate here (an immediate, a known opcode, an
//! experimental opcode only in an experimental shader model, a function that is one of the
//! operation's); every other instruction goes through the LLVM instruction rules
//! (`rules/instr.rs`).

use dxil_container::ShaderKind;
use dxil_ir::{
    Attribute, Body, Function, FunctionData, Inst, InstData, InstKind, Type, TypeData, ValueRef,
};
use dxil_module::layout::DataLayout;
use dxil_ops::{op_info, DxCall, OpInfo, OpTable, ValidationRule as R, CORE_OPS};

use super::externals::{self, State};
use super::ops;

use super::inst_md::{self, Kind as MdKind, Kinds};
use super::instr::{self, InstrRules, LazyUsers};
use super::props::{Entries, FnProps};
use super::types::TypeCheck;
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

/// The walk's view of the module, computed once.
struct Walk {
    entries: Entries,
    kinds: Kinds,
    rules: InstrRules,
    /// `kEnableMinPrecision` in the module's flags: precise instructions are checked.
    min_precision_present: bool,
}

/// `ValidateFunction` for every function, in module order.
pub(crate) fn validate(ctx: &mut Ctx) {
    let m = ctx.m;
    let entries = Entries::new(ctx);
    let sm = ctx
        .md
        .shader_model
        .as_ref()
        .map_or((0, 0), |s| (s.major, s.minor));
    let kind = ctx.md.shader_kind();
    let is_lib = entries.is_lib;
    let use_min_precision = entries.use_min_precision();
    let mut walk = Walk {
        kinds: Kinds::new(m),
        rules: InstrRules {
            types: TypeCheck::new(is_lib, sm >= (6, 9), use_min_precision),
            layout: DataLayout::of(m),
            lib_ms_as: matches!(
                kind,
                Some(ShaderKind::Library | ShaderKind::Mesh | ShaderKind::Amplification)
            ),
            is_lib,
            sm66: sm >= (6, 6),
            sm69: sm >= (6, 9),
            use_min_precision,
            noreturn_ops: Default::default(),
        },
        min_precision_present: entries.min_precision_present(),
        entries,
    };
    let Some(mut st) = State::new(ctx) else {
        return;
    };
    for (f, data) in m.functions.iter_with_ids() {
        match &data.body {
            None => {
                // A declaration: the external function rules check the `dx.op` functions
                // and their calls; intrinsics have nothing more to check.
                externals::validate(ctx, &mut st, f);
                let name = util::llvm_name(m, &data.common);
                if name.starts_with("llvm.") || externals::is_dxil_function(m, f) {
                    continue;
                }
            }
            Some(body) => {
                entry_declaration(ctx, &walk.entries, f, data, body);
                function_body(ctx, &mut walk, &st, f, body);
            }
        }
        if resource_in_signature(ctx, f, data) {
            continue;
        }
        if !is_lib {
            function_attributes(ctx, f, data);
        }
        for &(_, md) in &data.attachments {
            ctx.meta_error(R::MetaUsed, md);
        }
    }
    externals::added_functions(ctx, &st);
}

/// The parameters and return type of entry and patch constant functions, and the inputs of
/// node shaders.
fn entry_declaration(
    ctx: &mut Ctx,
    entries: &Entries,
    f: Function,
    data: &FunctionData,
    body: &Body,
) {
    let m = ctx.m;
    let name = ctx.function_name(f);
    let props = entries.of(f);
    let mut kind = ShaderKind::Library;
    let mut udt_args = 0usize;
    let is_shader = match props {
        Some(p) => {
            kind = p.kind;
            match kind {
                ShaderKind::AnyHit | ShaderKind::ClosestHit => udt_args = 2,
                ShaderKind::Miss | ShaderKind::Callable => udt_args = 1,
                ShaderKind::Compute if p.is_node() => {
                    ctx.fn_error(f, R::MetaComputeWithNode, &[&name]);
                }
                _ => {}
            }
            true
        }
        None => entries.patch_constant.contains(&f),
    };
    let (ret, params) = match m.ty(data.fn_ty) {
        TypeData::Function { ret, params, .. } => (Some(*ret), &params[..]),
        _ => (None, &[][..]),
    };
    if is_shader && udt_args == 0 && !params.is_empty() {
        ctx.fn_error(f, R::FlowFunctionCall, &[&name]);
    }
    if is_shader && !ret.is_some_and(|r| matches!(m.ty(r), TypeData::Void)) {
        ctx.fn_error(f, R::DeclShaderReturnVoid, &[&name]);
    }
    // An argument is printed by name, or by its position when it has none.
    let arg_name = |i: usize| -> String {
        match body.args.as_slice().get(i).and_then(|a| m.name_of(a.name)) {
            Some(name) if !name.is_empty() => name.to_string(),
            _ => i.to_string(),
        }
    };
    for (i, &param) in params.iter().enumerate() {
        let mut ty = param;
        if let TypeData::Pointer { pointee, .. } = m.ty(ty) {
            ty = *pointee;
        }
        if udt_args > 0 {
            let is_struct = matches!(m.ty(ty), TypeData::Struct(_));
            if i >= udt_args {
                ctx.fn_error(f, R::DeclExtraArgs, &[&arg_name(i), &name]);
            } else if !is_struct {
                let rule = match kind {
                    ShaderKind::Callable => R::DeclParamStruct,
                    _ if i == 0 => R::DeclPayloadStruct,
                    _ => R::DeclAttrStruct,
                };
                ctx.fn_error(f, rule, &[&arg_name(i), &name]);
            }
            continue;
        }
        let ty = instr::strip_arrays(m, ty);
        if matches!(m.ty(ty), TypeData::Struct(_)) && !entries.is_lib {
            ctx.fn_error(f, R::DeclFnFlattenParam, &[&arg_name(i), &name]);
            break;
        }
    }
    if params.len() < udt_args && kind != ShaderKind::Node {
        let first = if kind == ShaderKind::Callable {
            "params"
        } else {
            "payload"
        };
        for missing in [first, "attributes"]
            .iter()
            .take(udt_args)
            .skip(params.len())
        {
            ctx.fn_error(
                f,
                R::DeclShaderMissingArg,
                &[kind.profile_prefix(), &name, missing],
            );
        }
    }
    if let Some(p) = props.filter(|p| p.is_node()) {
        node_inputs(ctx, f, &name, p);
    }
}

/// `ValidateNodeInputRecord`: one input at most, of the record type the launch type takes
/// (DXIL.rst "Node Shaders").
fn node_inputs(ctx: &mut Ctx, f: Function, name: &str, p: &FnProps) {
    if p.input_flags.len() > 1 {
        let count = p.input_flags.len().to_string();
        ctx.fn_error(f, R::DeclMultipleNodeInputs, &[name, &count]);
    }
    // NodeIOFlags: Input 0x1, EmptyRecord 0x8, record granularity in 0x60.
    const INPUT: u32 = 0x1;
    const EMPTY: u32 = 0x8;
    const GRANULARITY: u32 = 0x60;
    let (expected, launch, valid) = match p.launch_type {
        1 => (0x60, "broadcasting", "{RW}DispatchNodeInputRecord"),
        2 => (
            0x40,
            "coalescing",
            "{RW}GroupNodeInputRecords or EmptyNodeInput",
        ),
        3 => (0x20, "thread", "{RW}ThreadNodeInputRecord"),
        _ => return,
    };
    for &flags in &p.input_flags {
        if flags & GRANULARITY == expected {
            continue;
        }
        // An empty input may have been added for a node without one.
        if flags & EMPTY != 0 && flags & INPUT != 0 {
            continue;
        }
        ctx.fn_error(f, R::DeclNodeLaunchInputType, &[launch, name, valid]);
    }
}

/// `ContainsHLSLObjectType`: `ty` (through pointers and arrays) is or holds a resource, a
/// `dx.types.*` struct or another HLSL object.
fn contains_hlsl_object(m: &dxil_ir::CheckedModule, ty: Type, depth: u32) -> bool {
    if depth > 64 {
        return false;
    }
    let mut ty = ty;
    for _ in 0..64 {
        match m.ty(ty) {
            TypeData::Pointer { pointee, .. } => ty = *pointee,
            _ => break,
        }
    }
    ty = instr::strip_arrays(m, ty);
    let TypeData::Struct(st) = m.ty(ty) else {
        return false;
    };
    if let Some(name) = st.name.as_deref().filter(|n| !n.is_empty()) {
        if name.starts_with("dx.types.") || is_hlsl_object_name(name) {
            return true;
        }
    }
    st.elems
        .iter()
        .any(|&e| contains_hlsl_object(m, e, depth + 1))
}

/// `IsHLSLObjectType` by the struct's name: resources, samplers, stream outputs, node
/// records and outputs, hit objects and matrices.
fn is_hlsl_object_name(name: &str) -> bool {
    if name.starts_with("dx.types.wave_t") || name == "dx.types.Handle" {
        return true;
    }
    if name.ends_with("_slice_type") {
        return false;
    }
    let n = util::without_prefix(name, "class.");
    let n = util::without_prefix(n, "struct.");
    if is_resource_name(n) {
        return true;
    }
    if ["TriangleStream<", "PointStream<", "LineStream<"]
        .iter()
        .any(|p| n.starts_with(p))
    {
        return true;
    }
    // Node records, outputs and output arrays (the reference strips `struct.` only).
    let s = util::without_prefix(name, "struct.");
    let node = [
        "GroupNodeOutputRecords<",
        "ThreadNodeOutputRecords<",
        "DispatchNodeInputRecord<",
        "RWDispatchNodeInputRecord<",
        "GroupNodeInputRecords<",
        "RWGroupNodeInputRecords<",
        "ThreadNodeInputRecord<",
        "RWThreadNodeInputRecord<",
        "NodeOutput<",
        "NodeOutputArray<",
    ]
    .iter()
    .any(|p| s.starts_with(p))
        || ["EmptyNodeInput", "EmptyNodeOutput", "EmptyNodeOutputArray"].contains(&s);
    node || name == "dx.types.HitObject" || name.starts_with("dx.types.LinAlgMatrix")
}

/// `IsHLSLResourceType` on a name without its `class.`/`struct.` prefix.
fn is_resource_name(n: &str) -> bool {
    if matches!(
        n,
        "SamplerState" | "SamplerComparisonState" | "RaytracingAccelerationStructure"
    ) {
        return true;
    }
    let prefixed = [
        "AppendStructuredBuffer<",
        "ConsumeStructuredBuffer<",
        "ConstantBuffer<",
        "TextureBuffer<",
    ];
    if prefixed.iter().any(|p| n.starts_with(p)) {
        return true;
    }
    if let Some(rest) = n.strip_prefix("FeedbackTexture2D") {
        let rest = util::without_prefix(rest, "Array");
        return rest.starts_with('<');
    }
    let n = util::without_prefix(n, "RasterizerOrdered");
    let n = util::without_prefix(n, "RW");
    if n == "ByteAddressBuffer" || n.starts_with("Buffer<") || n.starts_with("StructuredBuffer<") {
        return true;
    }
    if let Some(t) = n.strip_prefix("Texture") {
        return [
            "1D<",
            "1DArray<",
            "2D<",
            "2DArray<",
            "3D<",
            "Cube<",
            "CubeArray<",
            "2DMS<",
            "2DMSArray<",
        ]
        .iter()
        .any(|p| t.starts_with(p));
    }
    false
}

/// `DECL.RESOURCEINFNSIG`: no resource in a function's return type or parameters; true when
/// reported (the reference checks nothing more of the function then).
fn resource_in_signature(ctx: &mut Ctx, f: Function, data: &FunctionData) -> bool {
    let m = ctx.m;
    let TypeData::Function { ret, params, .. } = m.ty(data.fn_ty) else {
        return false;
    };
    if std::iter::once(ret)
        .chain(params.iter())
        .any(|&t| contains_hlsl_object(m, t, 0))
    {
        let name = ctx.function_name(f);
        ctx.fn_error(f, R::DeclResourceInFnSig, &[&name]);
        return true;
    }
    false
}

/// `ValidateFunctionAttribute`: the only string attributes a shader's functions may carry
/// are `fp32-denorm-mode` (`any`, `ftz` or `preserve`) and `waveops-include-helper-lanes`.
fn function_attributes(ctx: &mut Ctx, f: Function, data: &FunctionData) {
    let m = ctx.m;
    let Some(list) = (data.attributes as usize)
        .checked_sub(1)
        .and_then(|i| m.attribute_lists.get(i))
    else {
        return;
    };
    let mut strings: Vec<(&str, &str)> = Vec::new();
    for gid in list.groups.iter() {
        for g in m
            .attribute_groups
            .iter()
            .filter(|g| g.id == *gid && g.index == u32::MAX)
        {
            for a in &g.attrs {
                if let Attribute::String { key, value } = a {
                    strings.push((key, value.as_deref().unwrap_or("")));
                }
            }
        }
    }
    if strings.is_empty() {
        return;
    }
    // LLVM keeps one attribute per key, string attributes sorted by key.
    strings.sort();
    strings.dedup_by(|a, b| a.0 == b.0);
    let name = ctx.function_name(f);
    if let Some(&(key, value)) = strings.iter().find(|(k, _)| *k == "fp32-denorm-mode") {
        if !matches!(value, "any" | "ftz" | "preserve") {
            ctx.fn_error(f, R::DeclFnAttribute, &[&name, key, value]);
        }
    }
    for &(key, value) in &strings {
        if key != "fp32-denorm-mode" && key != "waveops-include-helper-lanes" {
            ctx.fn_error(f, R::DeclFnAttribute, &[&name, key, value]);
        }
    }
}

/// `ValidateFunctionBody`: every instruction of `body`, then each block's control flow hint.
fn function_body(ctx: &mut Ctx, walk: &mut Walk, st: &State, f: Function, body: &Body) {
    let m = ctx.m;
    let mut users = LazyUsers::new(body);
    let mut mesh = ops::MeshCalls::default();
    for (block_index, block) in body.blocks.iter().enumerate() {
        for (at, &inst) in block.insts.iter().enumerate() {
            let Some(data) = body.inst(inst) else {
                continue;
            };
            let mut precise_md = None;
            for &(kind, md) in data.attachments() {
                match walk.kinds.of(kind) {
                    MdKind::Dbg | MdKind::Allowed => {}
                    MdKind::Precise => precise_md = Some(md),
                    MdKind::ControlFlowHints => {
                        if !data.kind.is_terminator() {
                            ctx.inst_error(f, inst, R::MetaControlFlowHintNotOnControlFlow, &[]);
                        }
                    }
                    MdKind::Loop => inst_md::loop_md(ctx, md, 0),
                    MdKind::Tbaa => inst_md::tbaa_md(ctx, md, 0),
                    MdKind::NonUniform => {
                        let is_gep = matches!(data.kind, InstKind::Gep { .. });
                        inst_md::nonuniform_md(ctx, md, is_gep, walk.rules.is_lib);
                    }
                    MdKind::Other => ctx.meta_error(R::MetaUsed, md),
                }
            }
            if !walk.rules.check_allowed(ctx, f, body, &block.insts, at) {
                continue;
            }
            // Instructions marked precise may not take min precision values.
            if walk.min_precision_present {
                if let Some(md) = precise_md {
                    if inst_md::is_precise(ctx, md) {
                        let mut min_precision = false;
                        data.kind.for_each_operand(&body.pool, |&op| {
                            let ty = m.value_type(Some(body), op).ty().map(|t| m.ty(t));
                            min_precision |= matches!(ty, Some(TypeData::Int(16) | TypeData::Half));
                        });
                        if min_precision {
                            ctx.inst_error(f, inst, R::InstrMinPrecisionNotPrecise, &[]);
                        }
                    }
                }
            }
            if let InstKind::Call { callee, .. } = &data.kind {
                // Calls are checked by the rules of what they call: the DXIL operations
                // here, other declarations by the external function rules.
                let is_op = match *callee {
                    ValueRef::Function(c) => {
                        m.functions.get(c).is_some_and(|d| d.body.is_none())
                            && externals::is_dxil_function(m, c)
                    }
                    _ => false,
                };
                if is_op {
                    let site = Site {
                        f,
                        body,
                        inst,
                        data,
                        block: block_index,
                    };
                    if let Some(info) = dx_op_call(ctx, st, &site) {
                        ops::count_call(ctx, &site, info, &mut mesh);
                    }
                }
                continue;
            }
            walk.rules.check(ctx, f, body, inst, data, &mut users);
        }
        // The block's control flow hint, on its terminator.
        let Some(term) = block.insts.last().and_then(|&i| body.inst(i)) else {
            continue;
        };
        if !term.kind.is_terminator() {
            continue;
        }
        for &(kind, md) in term.attachments() {
            if walk.kinds.of(kind) == MdKind::ControlFlowHints {
                let is_switch = matches!(term.kind, InstKind::Switch { .. });
                inst_md::control_flow_hint(ctx, md, is_switch);
            }
        }
    }
    ops::mesh_and_amplification(ctx, &st.kinds, f, body, &mesh);
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
    let Some(opcode) = (site.body.values(*args).first()).and_then(|&a| util::const_uint(m, a))
    else {
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
        let name = util::llvm_name(m, &callee_data.common);
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
/// by the external-function rules, in their order). Operands the database marks constant
/// need not be constants here: the reference checks constness per operation, with each
/// rule's own message, and for some not at all.
pub(crate) fn dx_op(ctx: &mut Ctx, st: &State, site: &Site, call: &DxCall) {
    // Handle operands first, as the reference checks them before anything else.
    super::resource_ops::dx_op(ctx, site, call);
    ops::validate_call(ctx, &st.kinds, site, call);
    super::hit_object::dx_op(ctx, site, call);
    super::sig_ops::call(ctx, site, call);
}
