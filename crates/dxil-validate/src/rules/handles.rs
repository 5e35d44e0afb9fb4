//! Resources and handles as the reference validator sees them (DXIL.rst "Shader Resources",
//! "Resource Handles" and "Annotating handles"): the resource table of the module (the
//! records of the first entry point, with the defaults the metadata loader gives), the
//! properties every handle-producing call stands for, and the checks made while collecting
//! them, which the reference makes when its validation context is built, before any other
//! rule (`INSTR.OPCONSTRANGE` on `createHandle`, `createHandleFromBinding` and
//! `annotateHandle`; in libraries, `INSTR.RESOURCEUSER` and `INSTR.RESOURCEMAPTOSINGLEENTRY`
//! on the uses of resource variables).
//!
//! Other rule groups ask [`resource_from_handle`] (which reports a handle that does not come
//! from a handle-producing call, and a `reordercoherent` handle before SM 6.9) and
//! [`ResState::props`] (which does not report).

use std::collections::HashMap;

use dxil_ir::CheckedModule;
use dxil_ir::{
    Body, CastOp, ConstKind, Function, Global, Inst, InstData, InstKind, Type, TypeData, ValueRef,
};
use dxil_module::md::Md;
use dxil_module::model::{Resource, ResourceClass, ResourceProperty};
use dxil_ops::ValidationRule as R;

use crate::context::Ctx;
use crate::util;
use crate::util::comp;

/// Resource kinds (`DXIL::ResourceKind`, DXIL.rst "Resource kinds") as the raw numbers the
/// rules compare with, since hostile metadata may hold any value; the values are
/// `ResourceKind`'s.
pub(crate) mod kind {
    use dxil_parts::names::ResourceKind as K;

    pub use dxil_parts::names::resource_kind::*;

    /// `IsAnyTexture`: the texture kinds, feedback textures excluded.
    pub fn is_any_texture(k: u32) -> bool {
        K::from_raw(k).is_some_and(K::is_texture)
    }

    /// Coordinates an access of this kind takes (`GetNumCoords`); 0 for kinds outside the
    /// table.
    pub fn num_coords(k: u32) -> usize {
        const T: [usize; 19] = [0, 1, 2, 2, 3, 3, 2, 3, 3, 4, 1, 1, 2, 0, 0, 1, 0, 2, 3];
        crate::util::table_entry(&T, k, 0)
    }

    /// Coordinates `CalculateLOD` takes (`GetNumDimensionsForCalcLOD`).
    pub fn num_lod_coords(k: u32) -> usize {
        const T: [usize; 19] = [0, 1, 2, 2, 3, 3, 1, 2, 2, 3, 1, 1, 2, 0, 0, 1, 0, 2, 2];
        crate::util::table_entry(&T, k, 0)
    }

    /// Texel offsets an access of this kind takes (`GetNumOffsets`).
    pub fn num_offsets(k: u32) -> usize {
        const T: [usize; 19] = [0, 1, 2, 2, 3, 0, 1, 2, 2, 0, 0, 0, 0, 0, 0, 1, 0, 2, 2];
        crate::util::table_entry(&T, k, 0)
    }
}

/// A handle's resource properties (`DxilResourceProperties`, DXIL.rst "Annotating
/// handles"): the two dwords of `%dx.types.ResourceProperties`, compared as a whole.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Props {
    /// Kind (byte 0), alignment, UAV, ROV, globally coherent, comparison sampler or
    /// counter (byte 1), reorder coherent (byte 2).
    pub d0: u32,
    /// Kind-dependent: component type, count and sample count of typed resources; the
    /// stride of structured buffers; the feedback type; the constant buffer size.
    pub d1: u32,
}

impl Props {
    /// The resource kind (byte 0).
    pub fn kind(self) -> u32 {
        self.d0 & 0xff
    }

    /// A UAV (bit 12).
    pub fn is_uav(self) -> bool {
        self.d0 & (1 << 12) != 0
    }

    /// A comparison sampler, or a UAV with a counter (bit 15).
    pub fn cmp_or_counter(self) -> bool {
        self.d0 & (1 << 15) != 0
    }

    /// `reordercoherent` (bit 16).
    pub fn reorder_coherent(self) -> bool {
        self.d0 & (1 << 16) != 0
    }

    /// The component type of a typed resource (byte 0 of the second dword).
    pub fn comp_type(self) -> u32 {
        self.d1 & 0xff
    }

    /// The class the kind and the UAV bit give (`getResourceClass`); `None` (the spec's
    /// `Invalid`) for a handle that stands for no resource.
    pub fn class(self) -> Option<ResourceClass> {
        match self.kind() {
            kind::Invalid => None,
            kind::CBuffer => Some(ResourceClass::CBuffer),
            kind::Sampler => Some(ResourceClass::Sampler),
            _ if self.is_uav() => Some(ResourceClass::UAV),
            _ => Some(ResourceClass::SRV),
        }
    }
}

/// One resource record as the reference's module loader reads it: raw numbers, defaults
/// filled in (element stride 4, or 1 for raw buffers), the variable with the SM 6.6+
/// bitcast that carries the HLSL type taken apart.
#[derive(Clone, Debug)]
pub(crate) struct Res {
    /// The list it is in.
    pub class: ResourceClass,
    /// Its position in that list (what `createHandle`'s range id names).
    pub index: u32,
    pub id: u32,
    pub name: String,
    pub space: u32,
    pub lower_bound: u32,
    pub range_size: u32,
    /// SRV/UAV shape, `CBuffer`/`TBuffer` for constant buffers, `Sampler` for samplers.
    pub kind: u32,
    pub sample_count: u32,
    pub globally_coherent: bool,
    pub reorder_coherent: bool,
    pub has_counter: bool,
    pub rov: bool,
    pub comp_type: u32,
    pub stride: u32,
    pub feedback_type: u32,
    /// Constant buffer size in bytes.
    pub size: u32,
    /// Sampler mode (`SamplerKind`: 0 default, 1 comparison, 2 mono, 3 invalid).
    pub sampler_kind: u32,
    /// The variable (a global, `undef`, or another constant).
    pub symbol: Option<ValueRef>,
    /// The HLSL type: the variable's pointer type, or the type of the bitcast around it.
    pub hlsl_ty: Option<Type>,
}

impl Res {
    fn from_record(r: &Resource, index: u32) -> Res {
        let b = &r.base;
        let kind = match r.class {
            ResourceClass::CBuffer => {
                // The `IsTBuffer` tag (0) turns a constant buffer record into a tbuffer.
                let tbuffer = r.properties.iter().flatten().any(|p| {
                    matches!(p, ResourceProperty::Other(0, Md::Int { value, .. }) if *value & 1 != 0)
                });
                if tbuffer {
                    kind::TBuffer
                } else {
                    kind::CBuffer
                }
            }
            ResourceClass::Sampler => kind::Sampler,
            _ => r.shape_or_size,
        };
        let mut res = Res {
            class: r.class,
            index,
            id: b.id,
            name: b.name.clone(),
            space: b.space,
            lower_bound: b.lower_bound,
            range_size: b.range_size,
            kind,
            sample_count: r.sample_count,
            globally_coherent: r.globally_coherent,
            reorder_coherent: false,
            has_counter: r.has_counter,
            rov: r.rasterizer_ordered,
            comp_type: comp::Invalid,
            stride: if kind == kind::RawBuffer { 1 } else { 4 },
            feedback_type: 0,
            size: 0,
            sampler_kind: 0,
            symbol: None,
            hlsl_ty: None,
        };
        match r.class {
            ResourceClass::CBuffer => res.size = r.shape_or_size,
            ResourceClass::Sampler => res.sampler_kind = r.shape_or_size,
            ResourceClass::SRV | ResourceClass::UAV => {
                for p in r.properties.iter().flatten() {
                    match p {
                        ResourceProperty::ElementType(t) => res.comp_type = *t,
                        ResourceProperty::ElementStride(s) => res.stride = *s,
                        ResourceProperty::SamplerFeedbackKind(f) => res.feedback_type = *f,
                        ResourceProperty::ReorderCoherent(c) => res.reorder_coherent = *c,
                        _ => {}
                    }
                }
            }
        }
        if let Md::Value { ty, value } = &b.symbol {
            res.symbol = Some(*value);
            res.hlsl_ty = Some(*ty);
        }
        res
    }

    /// The last register of the range (`GetUpperBound`: `u32::MAX` when unbounded).
    pub fn upper_bound(&self) -> u32 {
        if self.range_size == u32::MAX {
            u32::MAX
        } else {
            self.lower_bound
                .wrapping_add(self.range_size)
                .wrapping_sub(1)
        }
    }

    /// The kind as the properties of a handle to this resource carry it.
    fn props(&self, m: &CheckedModule) -> Props {
        let k = self.kind & 0xff;
        let mut p = Props::default();
        match self.class {
            ResourceClass::SRV | ResourceClass::UAV => {
                p.d0 = k;
                if self.class == ResourceClass::UAV {
                    p.d0 |= 1 << 12;
                    p.d0 |= u32::from(self.rov) << 13;
                    p.d0 |= u32::from(self.globally_coherent) << 14;
                    p.d0 |= u32::from(self.has_counter) << 15;
                    p.d0 |= u32::from(self.reorder_coherent) << 16;
                }
                match self.kind {
                    kind::FeedbackTexture2D | kind::FeedbackTexture2DArray => {
                        p.d1 = self.feedback_type;
                    }
                    kind::StructuredBuffer => p.d1 = self.stride,
                    kind::TypedBuffer | kind::Texture1D..=kind::TextureCubeArray => {
                        let count = self
                            .ret_type(m)
                            .map_or(0, |t| component_count(m, t, &mut 256) & 0xff);
                        p.d1 = (self.comp_type & 0xff)
                            | (count << 8)
                            | ((self.sample_count & 0xff) << 16);
                    }
                    _ => {}
                }
            }
            ResourceClass::Sampler => {
                p.d0 = match self.sampler_kind {
                    1 => kind::Sampler | (1 << 15),
                    3 => kind::Invalid,
                    _ => kind::Sampler,
                };
            }
            ResourceClass::CBuffer => {
                p.d0 = k;
                p.d1 = self.size;
            }
        }
        p
    }

    /// The element type of a texture or typed buffer (`GetRetType`): the first field of the
    /// HLSL struct, arrays of resources looked through. `None` where the reference would
    /// not find a struct.
    pub fn ret_type(&self, m: &CheckedModule) -> Option<Type> {
        let mut ty = pointee(m, self.hlsl_ty?)?;
        let mut depth = 0;
        while let TypeData::Array { elem, .. } = m.ty(ty) {
            ty = *elem;
            depth += 1;
            if depth > 64 {
                return None;
            }
        }
        match m.ty(ty) {
            TypeData::Struct(s) => s.elems.first().copied(),
            _ => None,
        }
    }
}

/// The pointee of a pointer type.
pub(crate) fn pointee(m: &CheckedModule, ty: Type) -> Option<Type> {
    match m.ty(ty) {
        TypeData::Pointer { pointee, .. } => Some(*pointee),
        _ => None,
    }
}

/// `GetResourceComponentCount`: the scalars of a resource element type (at most a few in
/// any real resource; a hostile type made of shared structs stops counting after a
/// budget of visited types).
fn component_count(m: &CheckedModule, ty: Type, budget: &mut u32) -> u32 {
    if *budget == 0 {
        return 0;
    }
    *budget -= 1;
    match m.ty(ty) {
        TypeData::Array { len, elem } => {
            (*len as u32).wrapping_mul(component_count(m, *elem, budget))
        }
        TypeData::Struct(s) => s
            .elems
            .iter()
            .fold(0u32, |n, &e| n.wrapping_add(component_count(m, e, budget))),
        TypeData::Vector { len, .. } => *len as u32,
        _ => 1,
    }
}

/// A value as the lib-profile propagation tracks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Val {
    Global(Global),
    Const(dxil_ir::Const),
    Inst(Function, Inst),
    /// A global variable or alias whose initializer or aliasee uses the value.
    Other,
}

/// What the module's resources and handles are, built once before the rules run.
#[derive(Default)]
pub(crate) struct ResState {
    /// Every resource: SRVs, UAVs, constant buffers, samplers, each list in order.
    pub res: Vec<Res>,
    /// The shader model is a library.
    pub is_lib: bool,
    /// Properties of each handle-producing call (`ResPropMap`).
    handles: HashMap<(Function, Inst), Props>,
    /// The range id of each `createHandle` call (`HandleResIndexMap`).
    range_ids: HashMap<(Function, Inst), u32>,
    /// Increment or decrement, by range id, of the first `bufferUpdateCounter` seen
    /// (`UavCounterIncMap`).
    pub counter_dirs: HashMap<u32, bool>,
    /// Instruction users, for the rules that follow a result to its uses.
    pub users: super::resource_ops::Users,
}

impl ResState {
    /// The resources of one class, in list order.
    pub fn of(&self, class: ResourceClass) -> impl Iterator<Item = &Res> {
        self.res.iter().filter(move |r| r.class == class)
    }

    /// The properties `handle` (an instruction of `f`) stands for (`GetResourceFromVal`);
    /// all zero (class `Invalid`) for anything else.
    pub fn props(&self, f: Function, handle: ValueRef) -> Props {
        match handle {
            ValueRef::Inst(i) => self.handles.get(&(f, i)).copied().unwrap_or_default(),
            _ => Props::default(),
        }
    }

    /// The range id of the `createHandle` call `handle`.
    pub fn range_id(&self, f: Function, handle: ValueRef) -> Option<u32> {
        match handle {
            ValueRef::Inst(i) => self.range_ids.get(&(f, i)).copied(),
            _ => None,
        }
    }
}

/// The shader model is `major.minor` or later.
pub(crate) fn sm_at_least(ctx: &Ctx, major: u32, minor: u32) -> bool {
    ctx.md
        .shader_model
        .as_ref()
        .is_some_and(|sm| (sm.major, sm.minor) >= (major, minor))
}

/// The shader model kind (`ps`, `lib`, ...).
pub(crate) fn sm_kind<'a>(ctx: &'a Ctx) -> &'a str {
    ctx.md
        .shader_model
        .as_ref()
        .map_or("", |sm| sm.kind.as_str())
}

/// The name the reference gives a resource in its messages (`GetResourceName`): the
/// record's name, or, when names were stripped, its class, id, kind and binding
/// (`U0: TypedBuffer (u5[2] space1)`).
pub(crate) fn res_name(r: &Res) -> String {
    if !r.name.is_empty() {
        return r.name.clone();
    }
    let (id_prefix, bind_prefix) = (r.class.id_prefix(), r.class.bind_prefix());
    // The spec's names, as the reference prints them here; `invalid` for 0 and unknown values.
    let kind = match dxil_parts::names::ResourceKind::from_raw(r.kind) {
        Some(dxil_parts::names::ResourceKind::Invalid) | None => "invalid",
        Some(k) => k.name(),
    };
    let mut s = format!("{id_prefix}{}: {kind}", r.id);
    if r.lower_bound != u32::MAX {
        s.push_str(&format!(" ({bind_prefix}{}", r.lower_bound));
        if r.range_size == u32::MAX {
            s.push_str("[unbounded]");
        } else if r.range_size != 1 {
            s.push_str(&format!("[{}]", r.range_size));
        }
        if r.space != 0 {
            s.push_str(&format!(" space{}", r.space));
        }
        s.push(')');
    } else {
        s.push_str(" (no bind location)");
    }
    s
}

/// `error: <rule text> '<resource>'` (`EmitResourceError`, `EmitResourceFormatError`).
pub(crate) fn res_error(ctx: &mut Ctx, r: &Res, rule: R, args: &[&str]) {
    let text = format!(
        "{} '{}'",
        crate::context::format_rule(rule, args),
        res_name(r)
    );
    ctx.error_text(Some(rule), text);
}

/// Reads the resource table and the handles of the module, reporting what the reference
/// reports while building its validation context.
pub(crate) fn build(ctx: &mut Ctx) {
    let m = ctx.m;
    let sm66 = sm_at_least(ctx, 6, 6);
    let mut state = ResState {
        is_lib: sm_kind(ctx) == "lib",
        ..ResState::default()
    };
    // The module's resources are the records of the first entry point.
    if let Some(lists) = ctx
        .md
        .entry_points
        .as_ref()
        .and_then(|e| e.first())
        .and_then(|e| e.resources.as_ref())
    {
        for class in ResourceClass::ALL {
            for (i, r) in lists.of(class).iter().enumerate() {
                let mut res = Res::from_record(r, i as u32);
                strip_type_bitcast(m, &mut res, sm66);
                state.res.push(res);
            }
        }
    }
    ctx.res = state;

    let calls = HandleCalls::collect(m);
    if ctx.res.is_lib {
        propagate_lib(ctx);
    } else {
        for &(f, inst) in calls.create_handle.iter().rev() {
            create_handle(ctx, f, inst);
        }
    }
    for &(f, inst) in calls.from_binding.iter().rev() {
        create_handle_from_binding(ctx, f, inst);
    }
    for &(f, inst) in calls.annotate.iter().rev() {
        annotate_handle(ctx, f, inst);
    }
}

/// SM 6.6+ variables are handles; the record keeps the HLSL type as a bitcast around the
/// variable, which the loader takes apart.
fn strip_type_bitcast(m: &CheckedModule, res: &mut Res, sm66: bool) {
    if !sm66 {
        return;
    }
    let Some(ValueRef::Const(c)) = res.symbol else {
        return;
    };
    if let ConstKind::Cast {
        op: CastOp::BitCast,
        value,
    } = &m.constant(c).kind
    {
        res.symbol = Some(*value);
    }
}

/// The calls to the handle-producing functions the reference scans, in program order.
#[derive(Default)]
struct HandleCalls {
    create_handle: Vec<(Function, Inst)>,
    from_binding: Vec<(Function, Inst)>,
    annotate: Vec<(Function, Inst)>,
}

impl HandleCalls {
    /// The reference finds these calls as the users of `dx.op.createHandle`,
    /// `dx.op.createHandleFromBinding` and `dx.op.annotateHandle` (the function names of
    /// operations without overloads) and walks them in use-list order, the reverse of
    /// program order.
    fn collect(m: &CheckedModule) -> HandleCalls {
        let mut which = HashMap::new();
        for (f, data) in m.functions.iter_with_ids() {
            let slot = match m.name_of(data.common.name) {
                Some("dx.op.createHandle") => 0u8,
                Some("dx.op.createHandleFromBinding") => 1,
                Some("dx.op.annotateHandle") => 2,
                _ => continue,
            };
            if data.body.is_none() {
                which.insert(f, slot);
            }
        }
        let mut out = HandleCalls::default();
        if which.is_empty() {
            return out;
        }
        // The last call to each function (the head of its use list).
        let mut last: HashMap<Function, Option<u64>> = HashMap::new();
        for (f, data) in m.functions.iter_with_ids() {
            let Some(body) = &data.body else { continue };
            for (_, inst, d) in util::insts(body) {
                let InstKind::Call {
                    callee: ValueRef::Function(callee),
                    args,
                    ..
                } = &d.kind
                else {
                    continue;
                };
                let list = match which.get(callee) {
                    Some(0) => &mut out.create_handle,
                    Some(1) => &mut out.from_binding,
                    Some(2) => &mut out.annotate,
                    _ => continue,
                };
                list.push((f, inst));
                last.insert(
                    *callee,
                    body.values(*args)
                        .first()
                        .and_then(|&a| util::const_uint(m, a)),
                );
            }
        }
        // The reference knows a function as an operation's by the opcode its last call
        // passes: a function whose last call names another operation is not scanned.
        let registered = |list: &mut Vec<(Function, Inst)>, opcode: dxil_ops::OpCode| {
            let Some(info) = dxil_ops::op_info(opcode as u32) else {
                return list.clear();
            };
            list.retain(|&(f, inst)| {
                let callee = body_of(m, f)
                    .and_then(|b| b.inst(inst))
                    .and_then(|d| match &d.kind {
                        InstKind::Call {
                            callee: ValueRef::Function(c),
                            ..
                        } => Some(*c),
                        _ => None,
                    });
                callee.is_some_and(|c| {
                    last.get(&c).copied().flatten() == Some(opcode as u64)
                        && dxil_ops::check_function(m, info, c).is_ok()
                })
            });
        };
        registered(&mut out.create_handle, dxil_ops::OpCode::CreateHandle);
        registered(
            &mut out.from_binding,
            dxil_ops::OpCode::CreateHandleFromBinding,
        );
        registered(&mut out.annotate, dxil_ops::OpCode::AnnotateHandle);
        out
    }
}

/// The call arguments of `inst` (opcode first).
fn call_args(body: &Body, inst: Inst) -> Option<&[ValueRef]> {
    match &body.insts[inst].kind {
        InstKind::Call { args, .. } => Some(body.values(*args)),
        _ => None,
    }
}

/// The body of `f` (`None` for a declaration).
fn body_of(m: &CheckedModule, f: Function) -> Option<&Body> {
    m.body(f).map(|b| b.body())
}

/// `createHandle(class, rangeId, index, nonUniform)` before SM 6.6: class and range id
/// constant and naming a record, a constant index inside the range (any index for an array
/// of resources, only a constant one otherwise).
fn create_handle(ctx: &mut Ctx, f: Function, inst: Inst) {
    let m = ctx.m;
    let Some(body) = body_of(m, f) else { return };
    let Some(args) = call_args(body, inst) else {
        return;
    };
    let (Some(&class_v), Some(&range_v), Some(&index_v)) = (args.get(1), args.get(2), args.get(3))
    else {
        return;
    };
    let range_error = |ctx: &mut Ctx| ctx.inst_error(f, inst, R::InstrOpConstRange, &[]);
    let (Some(class), Some(range)) = (util::const_uint(m, class_v), util::const_uint(m, range_v))
    else {
        return range_error(ctx);
    };
    // The class is read as an 8-bit value, the range id as a 32-bit one.
    let Some(class) = ResourceClass::from_raw(u32::from(class as u8)) else {
        return range_error(ctx);
    };
    let range = range as u32;
    let Some(res) = ctx.res.of(class).nth(range as usize) else {
        return range_error(ctx);
    };
    let is_array = res
        .hlsl_ty
        .and_then(|t| pointee(m, t))
        .is_some_and(|t| matches!(m.ty(t), TypeData::Array { .. }));
    let index = util::const_uint(m, index_v).map(|v| v as u32);
    if index.is_none() && !is_array {
        return range_error(ctx);
    }
    if let Some(index) = index {
        if index < res.lower_bound || index > res.upper_bound() {
            return range_error(ctx);
        }
    }
    let props = res.props(m);
    ctx.res.range_ids.insert((f, inst), range);
    ctx.res.handles.insert((f, inst), props);
}

/// `createHandleFromBinding(bind, index, nonUniform)`: a constant binding of a known class,
/// a constant index inside its range. The handle itself carries no properties until it is
/// annotated.
fn create_handle_from_binding(ctx: &mut Ctx, f: Function, inst: Inst) {
    let m = ctx.m;
    let Some(body) = body_of(m, f) else { return };
    let Some(args) = call_args(body, inst) else {
        return;
    };
    let (Some(&bind), Some(&index)) = (args.get(1), args.get(2)) else {
        return;
    };
    let ValueRef::Const(c) = bind else {
        return ctx.inst_error(f, inst, R::InstrOpConstRange, &[]);
    };
    let Some((lower, upper, class)) = binding_of(m, c) else {
        return ctx.inst_error(f, inst, R::InstrOpConstRange, &[]);
    };
    if class > 3 {
        return ctx.inst_error(f, inst, R::InstrOpConstRange, &[]);
    }
    if let Some(index) = util::const_uint(m, index) {
        let index = index as u32;
        if index < lower || index > upper {
            ctx.inst_error(f, inst, R::InstrOpConstRange, &[]);
        }
    }
}

/// The range and class of a `%dx.types.ResBind` constant: `{lower, upper, space, class}`,
/// each truncated to its field width; zero for `zeroinitializer` (and for `undef`, which
/// the reference does not expect). `None` (an invalid class) for a struct of another shape.
fn binding_of(m: &CheckedModule, c: dxil_ir::Const) -> Option<(u32, u32, u32)> {
    let data = m.constant(c);
    let TypeData::Struct(st) = m.ty(data.ty) else {
        return None;
    };
    if st.elems.len() != 4 {
        return None;
    }
    match &data.kind {
        ConstKind::Aggregate(ops) if ops.len() == 4 => {
            let ops = m.list(*ops);
            let field = |i: usize| util::field_uint(m, ops[i]);
            Some((field(0) as u32, field(1) as u32, u32::from(field(3) as u8)))
        }
        _ => Some((0, 0, 0)),
    }
}

/// `annotateHandle(res, props)`: the properties constant must name a resource kind; the
/// call then stands for those properties.
fn annotate_handle(ctx: &mut Ctx, f: Function, inst: Inst) {
    let m = ctx.m;
    let Some(body) = body_of(m, f) else { return };
    let Some(args) = call_args(body, inst) else {
        return;
    };
    let Some(&props) = args.get(2) else { return };
    let props = props_constant(m, props);
    if props.kind() == kind::Invalid {
        return ctx.inst_error(f, inst, R::InstrOpConstRange, &[]);
    }
    ctx.res.handles.insert((f, inst), props);
}

/// The two dwords of a `%dx.types.ResourceProperties` constant (zero for
/// `zeroinitializer`, and for what is not a two-field struct constant).
fn props_constant(m: &CheckedModule, v: ValueRef) -> Props {
    let ValueRef::Const(c) = v else {
        return Props::default();
    };
    let data = m.constant(c);
    let TypeData::Struct(st) = m.ty(data.ty) else {
        return Props::default();
    };
    if st.elems.len() != 2 {
        return Props::default();
    }
    match &data.kind {
        ConstKind::Aggregate(ops) if ops.len() == 2 => Props {
            d0: util::field_uint(m, m.list(*ops)[0]) as u32,
            d1: util::field_uint(m, m.list(*ops)[1]) as u32,
        },
        _ => Props::default(),
    }
}

/// Library resources are variables: starting from each record's variable, the values
/// reached through GEPs and loads take the resource's properties, and so do the
/// `createHandleForLib` calls they feed. Any other use (a store, a select, a phi, a call
/// argument) is `INSTR.RESOURCEUSER`; a value reached from two records with different
/// properties is `INSTR.RESOURCEMAPTOSINGLEENTRY`. Records are walked constant buffers,
/// UAVs, SRVs, samplers, as the reference does.
fn propagate_lib(ctx: &mut Ctx) {
    let m = ctx.m;
    let uses = Uses::build(m);
    let mut seen: HashMap<Val, Props> = HashMap::new();
    let order = [
        ResourceClass::CBuffer,
        ResourceClass::UAV,
        ResourceClass::SRV,
        ResourceClass::Sampler,
    ];
    let records: Vec<usize> = order
        .iter()
        .flat_map(|&c| {
            let res = &ctx.res.res;
            (0..res.len()).filter(move |&i| res[i].class == c)
        })
        .collect();
    for i in records {
        let res = ctx.res.res[i].clone();
        let Some(start) = res.symbol.and_then(val_of_global) else {
            continue;
        };
        let props = res.props(m);
        // Depth-first over the users, as the reference recurses: each user's subtree is
        // done before the next user.
        let mut stack: Vec<(&[Val], usize)> = Vec::new();
        if visit(ctx, &mut seen, &res, props, start) {
            stack.push((uses.of(start), 0));
        }
        while let Some(top) = stack.last_mut() {
            let (list, next) = *top;
            let Some(&user) = list.get(next) else {
                stack.pop();
                continue;
            };
            top.1 += 1;
            match user_kind(m, user) {
                UserKind::Follow => {
                    if visit(ctx, &mut seen, &res, props, user) {
                        stack.push((uses.of(user), 0));
                    }
                }
                UserKind::HandleForLib(f, inst) => {
                    ctx.res.handles.insert((f, inst), props);
                }
                UserKind::OtherCall => {}
                UserKind::UnusedBitcast if uses.of(user).is_empty() => {}
                UserKind::UnusedBitcast | UserKind::Bad => {
                    res_error(ctx, &res, R::InstrResourceUser, &[]);
                }
            }
        }
    }
}

/// Marks `v` as standing for `props`; false when it was reached before (reporting a
/// different resource's properties).
fn visit(ctx: &mut Ctx, seen: &mut HashMap<Val, Props>, res: &Res, props: Props, v: Val) -> bool {
    match seen.get(&v) {
        Some(&before) => {
            if before != props {
                res_error(ctx, res, R::InstrResourceMapToSingleEntry, &[]);
            }
            false
        }
        None => {
            seen.insert(v, props);
            true
        }
    }
}

fn val_of_global(v: ValueRef) -> Option<Val> {
    match v {
        ValueRef::Global(g) => Some(Val::Global(g)),
        ValueRef::Const(c) => Some(Val::Const(c)),
        _ => None,
    }
}

enum UserKind {
    /// A GEP (instruction or constant expression) or a load: its users are followed.
    Follow,
    /// A `createHandleForLib` call.
    HandleForLib(Function, Inst),
    /// Another call: propagation stops there.
    OtherCall,
    /// A bitcast, allowed when nothing uses it.
    UnusedBitcast,
    /// Anything else.
    Bad,
}

fn user_kind(m: &CheckedModule, user: Val) -> UserKind {
    match user {
        Val::Const(c) => match &m.constant(c).kind {
            ConstKind::Gep { .. } => UserKind::Follow,
            ConstKind::Cast {
                op: CastOp::BitCast,
                ..
            } => UserKind::UnusedBitcast,
            _ => UserKind::Bad,
        },
        Val::Inst(f, i) => {
            let Some(body) = body_of(m, f) else {
                return UserKind::Bad;
            };
            let d = &body.insts[i];
            match &d.kind {
                InstKind::Gep { .. } | InstKind::Load { .. } => UserKind::Follow,
                InstKind::Cast {
                    op: CastOp::BitCast,
                    ..
                } => UserKind::UnusedBitcast,
                InstKind::Call { .. } if is_create_handle_for_lib(m, body, d) => {
                    UserKind::HandleForLib(f, i)
                }
                InstKind::Call { .. } => UserKind::OtherCall,
                _ => UserKind::Bad,
            }
        }
        Val::Global(_) | Val::Other => UserKind::Bad,
    }
}

/// A call to a `dx.op.*` function with opcode 160 (`CreateHandleForLib`) and its one operand.
fn is_create_handle_for_lib(m: &CheckedModule, body: &Body, d: &InstData) -> bool {
    let InstKind::Call { callee, args, .. } = &d.kind else {
        return false;
    };
    let args = body.values(*args);
    dxil_ops::is_dx_op_callee(m, *callee)
        && args.len() == 2
        && util::const_uint(m, args[0]) == Some(dxil_ops::OpCode::CreateHandleForLib as u64)
}

/// The users of the values the library propagation may reach: globals, constants, and the
/// GEP, load and bitcast instructions, each use listed once per operand slot, in program
/// order.
struct Uses {
    map: HashMap<Val, Vec<Val>>,
}

impl Uses {
    fn build(m: &CheckedModule) -> Uses {
        let mut map: HashMap<Val, Vec<Val>> = HashMap::new();
        let key = |v: ValueRef| match v {
            ValueRef::Global(g) => Some(Val::Global(g)),
            ValueRef::Const(c) => Some(Val::Const(c)),
            _ => None,
        };
        for (c, data) in m.constants.iter_with_ids() {
            data.kind.for_each_operand(&m.pools, |op| {
                if let Some(k) = key(op) {
                    map.entry(k).or_default().push(Val::Const(c));
                }
            });
        }
        for g in m.globals.iter() {
            if let Some(k) = g.initializer.and_then(key) {
                map.entry(k).or_default().push(Val::Other);
            }
        }
        for a in m.aliases.iter() {
            if let Some(k) = key(a.aliasee) {
                map.entry(k).or_default().push(Val::Other);
            }
        }
        for (f, data) in m.functions.iter_with_ids() {
            let Some(body) = &data.body else { continue };
            for (_, inst, d) in util::insts(body) {
                d.kind.for_each_operand(&body.pool, |&op| {
                    let k = match op {
                        ValueRef::Inst(i) => {
                            let followed = body.inst(i).is_some_and(|o| {
                                matches!(
                                    o.kind,
                                    InstKind::Gep { .. }
                                        | InstKind::Load { .. }
                                        | InstKind::Cast {
                                            op: CastOp::BitCast,
                                            ..
                                        }
                                )
                            });
                            if !followed {
                                return;
                            }
                            Val::Inst(f, i)
                        }
                        other => match key(other) {
                            Some(k) => k,
                            None => return,
                        },
                    };
                    map.entry(k).or_default().push(Val::Inst(f, inst));
                });
            }
        }
        Uses { map }
    }

    fn of(&self, v: Val) -> &[Val] {
        self.map.get(&v).map_or(&[], |l| l.as_slice())
    }
}

/// `GetResourceFromHandle`: the properties of `handle`, an operand of an instruction of
/// `f`. A handle that is not a call result, or a call that produces no known handle, is
/// `INSTR.HANDLENOTFROMCREATEHANDLE` (reported on the handle's own instruction); a
/// `reordercoherent` handle before SM 6.9 is `INSTR.REORDERCOHERENTREQUIRESSM69`.
pub(crate) fn resource_from_handle(
    ctx: &mut Ctx,
    f: Function,
    body: &Body,
    handle: ValueRef,
) -> Props {
    let is_call = match handle {
        ValueRef::Inst(i) => body
            .inst(i)
            .is_some_and(|d| matches!(d.kind, InstKind::Call { .. })),
        _ => false,
    };
    if !is_call {
        match handle {
            ValueRef::Inst(i) => ctx.inst_error(f, i, R::InstrHandleNotFromCreateHandle, &[]),
            _ => ctx.error(R::InstrHandleNotFromCreateHandle, &[]),
        }
        return Props::default();
    }
    let ValueRef::Inst(call) = handle else {
        return Props::default();
    };
    let props = ctx.res.props(f, handle);
    if props.class().is_none() {
        ctx.inst_error(f, call, R::InstrHandleNotFromCreateHandle, &[]);
    }
    if props.reorder_coherent() && !sm_at_least(ctx, 6, 9) {
        ctx.inst_error(f, call, R::InstrReorderCoherentRequiresSM69, &[]);
    }
    props
}

/// `GetResourceKindAndCompTy`: the kind, component type and class of the resource behind
/// `handle` (reporting a bad handle as [`resource_from_handle`] does). Constant buffers and
/// samplers give their own kind; structured buffers, raw buffers and anything but typed
/// resources give no component type (`comp::Invalid`).
pub(crate) fn resource_kind(
    ctx: &mut Ctx,
    f: Function,
    body: &Body,
    handle: ValueRef,
) -> (u32, u32, Option<ResourceClass>) {
    let p = resource_from_handle(ctx, f, body, handle);
    match p.class() {
        Some(ResourceClass::SRV) | Some(ResourceClass::UAV) => {}
        Some(ResourceClass::CBuffer) => {
            return (kind::CBuffer, comp::Invalid, Some(ResourceClass::CBuffer))
        }
        Some(ResourceClass::Sampler) => {
            return (kind::Sampler, comp::Invalid, Some(ResourceClass::Sampler))
        }
        None => return (kind::Invalid, comp::Invalid, None),
    }
    let ct = if p.kind() == kind::StructuredBuffer {
        comp::Invalid
    } else {
        p.comp_type()
    };
    (p.kind(), ct, p.class())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uav(name: &str, lower_bound: u32, range_size: u32, space: u32) -> Res {
        Res {
            class: ResourceClass::UAV,
            index: 0,
            id: 3,
            name: name.to_string(),
            space,
            lower_bound,
            range_size,
            kind: kind::TypedBuffer,
            sample_count: 0,
            globally_coherent: false,
            reorder_coherent: false,
            has_counter: false,
            rov: false,
            comp_type: comp::F32,
            stride: 4,
            feedback_type: 0,
            size: 0,
            sampler_kind: 0,
            symbol: None,
            hlsl_ty: None,
        }
    }

    #[test]
    fn stripped_names_describe_the_binding() {
        assert_eq!(res_name(&uav("buf", 0, 1, 0)), "buf");
        assert_eq!(
            res_name(&uav("", 5, 2, 1)),
            "U3: TypedBuffer (u5[2] space1)"
        );
        assert_eq!(res_name(&uav("", 5, 1, 0)), "U3: TypedBuffer (u5)");
        assert_eq!(
            res_name(&uav("", 0, u32::MAX, 0)),
            "U3: TypedBuffer (u0[unbounded])"
        );
        assert_eq!(
            res_name(&uav("", u32::MAX, 1, 0)),
            "U3: TypedBuffer (no bind location)"
        );
    }

    #[test]
    fn properties_read_as_the_reference_packs_them() {
        // RWByteAddressBuffer, reordercoherent (DXIL.rst "Annotating handles").
        let p = Props { d0: 69643, d1: 0 };
        assert_eq!(p.kind(), kind::RawBuffer);
        assert_eq!(p.class(), Some(ResourceClass::UAV));
        assert!(p.reorder_coherent() && !p.cmp_or_counter());
        // SamplerComparisonState.
        let s = Props { d0: 32782, d1: 0 };
        assert_eq!(s.class(), Some(ResourceClass::Sampler));
        assert!(s.cmp_or_counter());
        assert_eq!(Props::default().class(), None);
        assert_eq!(Props { d0: 2, d1: 1033 }.comp_type(), comp::F32);
    }

    #[test]
    fn kind_tables_stay_in_range() {
        assert_eq!(kind::num_coords(kind::TextureCubeArray), 4);
        assert_eq!(kind::num_offsets(kind::TextureCube), 0);
        assert_eq!(kind::num_lod_coords(kind::TextureCube), 3);
        assert_eq!(kind::num_coords(200), 0);
    }
}
