//! Builds the shader of an [`OpCase`] through the builder's public API: the resources,
//! signatures and stage state on the [`ShaderBuilder`], the handles and special values with
//! [`EntryBuilder`] calls, the call under test as the typed [`DxOp`] of the case's
//! operands, then a zero stored to every output (the rules of
//! `dxil_test_support::op_cases`).

mod values;

use dxil_builder::{ElementDesc, EntryBuilder, ResourceDesc, ResourceId, ShaderBuilder, Signature};
use dxil_container::ShaderKind;
use dxil_ir::build::Value;
use dxil_ir::TypeData;
use dxil_module::model::{
    AsState, DsState, GsState, MsState, NodeId, NodeIoProperty, NodeRecordProperty, Property,
};
use dxil_ops::{DxOp, LowPrecision, OpInfo, Scalar, Ty};
use dxil_parts::names::{ComponentType, InterpolationMode, ResourceKind};
use dxil_test_support::op_cases::{Comp, Node, NodeIo, OpCase, Prop, Res, ResClass, SigElem};
use std::collections::BTreeMap;

/// Errors of the builder, the IR builder and the case itself.
pub type R<T> = Result<T, Box<dyn std::error::Error>>;

/// The container of `case`'s shader.
pub fn build(case: &OpCase) -> R<Vec<u8>> {
    let info = dxil_ops::op_info(case.opcode).ok_or("not an operation")?;
    let kind = ShaderKind::from_shader_model_name(case.stage)
        .ok_or_else(|| format!("unknown stage {:?}", case.stage))?;
    let mut sb = ShaderBuilder::new(kind, case.model.0, case.model.1)?;
    let native = case.props.contains(&Prop::NativeLowPrecision);
    sb.native_low_precision(native);
    let mut ids = Vec::new();
    for (i, r) in case.resources.iter().enumerate() {
        ids.push(sb.resource(resource_desc(i, r)?)?);
    }
    for (sig, list) in [
        (Signature::Input, case.inputs),
        (Signature::Output, case.outputs),
        (Signature::PatchConstant, case.patch),
    ] {
        for e in list {
            sb.element(sig, element(e)?);
        }
    }
    if case.stage == "lib" || case.overload.contains("%struct.") {
        user_structs(&mut sb)?;
    }
    let overloads = overloads(&mut sb, case, info, &ids)?;
    let low = if native {
        LowPrecision::Native
    } else {
        LowPrecision::Minimum
    };
    // The type of each operand after the opcode, for inputs and special values.
    let mut params = info.function_signature(&overloads, low)?.params;
    params.remove(0);
    let mut cx = Ctx {
        case,
        ids,
        descs: case
            .resources
            .iter()
            .enumerate()
            .map(|(i, r)| resource_desc(i, r))
            .collect::<R<_>>()?,
        params,
        overloads,
        groupshared: None,
        resource: None,
        handles: BTreeMap::new(),
        specials: BTreeMap::new(),
    };
    cx.module_values(&mut sb)?;
    stage_state(&mut sb, case)?;
    let in_patch = case.props.contains(&Prop::InPatchConstantFunction);
    if case.stage == "hs" {
        let mut pc = sb.function("patch_constant")?;
        if in_patch {
            cx.call(&mut pc)?;
        }
        for (id, e) in case.patch.iter().enumerate() {
            store_zero(&mut pc, Store::PatchConstant, id, e)?;
        }
        pc.ret()?;
        let f = pc.function();
        pc.finish()?;
        cx.handles.clear();
        cx.specials.clear();
        for p in case.props {
            if let Prop::Hull(input, output, domain, part, topo, max) = *p {
                sb.hs_state(f, input, output, domain, part, topo, max)?;
            }
        }
    }
    let mut e = if case.stage == "lib" {
        lib_entry(&mut sb, case)?
    } else {
        sb.entry("main")?
    };
    if case.stage == "ms" && case.opcode != 168 {
        // Mesh outputs are written only after the counts are set.
        e.set_mesh_output_counts(&[], 3, 1)?;
    }
    if !in_patch {
        cx.call(&mut e)?;
    }
    let store = if case.stage == "ms" {
        Store::Vertex
    } else {
        Store::Output
    };
    for (id, el) in case.outputs.iter().enumerate() {
        store_zero(&mut e, store, id, el)?;
    }
    if case.stage == "ms" {
        for (id, el) in case.patch.iter().enumerate() {
            store_zero(&mut e, Store::Primitive, id, el)?;
        }
    }
    e.ret()?;
    e.finish()?;
    Ok(sb.finish()?)
}

/// What the call under test is made from, and the values made for it in one function.
pub struct Ctx<'c> {
    case: &'c OpCase,
    ids: Vec<ResourceId>,
    descs: Vec<ResourceDesc>,
    /// Types of the operands after the opcode.
    params: Vec<Ty>,
    overloads: Vec<Ty>,
    groupshared: Option<Value>,
    /// A library's resource 0 global.
    resource: Option<Value>,
    handles: BTreeMap<usize, Value>,
    specials: BTreeMap<&'static str, Value>,
}

impl Ctx<'_> {
    /// The call under test: each operand made, then the typed operation.
    fn call(&mut self, e: &mut EntryBuilder<'_>) -> R<Value> {
        let mut args = Vec::with_capacity(self.case.args.len());
        for (i, a) in self.case.args.iter().enumerate() {
            let ty = self
                .params
                .get(i)
                .cloned()
                .ok_or("more operands than the operation takes")?;
            args.push(self.arg(e, a, &ty)?);
        }
        let op = DxOp::from_args(self.case.opcode, &args).ok_or_else(|| {
            format!(
                "{} operands do not fit opcode {}",
                args.len(),
                self.case.opcode
            )
        })?;
        Ok(e.op(op, &self.overloads)?)
    }
}

/// The case's overloads as the builder takes them: none for `void`, a pointer for the
/// user-defined-type overloads, then the types of the further positions.
fn overloads(
    sb: &mut ShaderBuilder,
    case: &OpCase,
    info: &'static OpInfo,
    ids: &[ResourceId],
) -> R<Vec<Ty>> {
    let ty = match case.overload {
        "void" => return Ok(Vec::new()),
        s if s.starts_with("%res.") => {
            // A library resource's own type: the pointee of its global.
            let i: usize = s["%res.".len()..].parse()?;
            let id = *ids.get(i).ok_or("no such resource")?;
            let g = sb.resource_global(id).ok_or("not a library resource")?;
            let m = sb.module().module();
            let ptr = g.ty().ok_or("global without a type")?;
            let pointee = match m.ty(ptr) {
                Some(TypeData::Pointer { pointee, .. }) => *pointee,
                _ => return Err("global is not a pointer".into()),
            };
            Ty::from_ir(m, pointee).ok_or("resource type not describable")?
        }
        s => parse_ty(s)?,
    };
    let udt = dxil_ops::OverloadSet::parse(info.overloads().split(',').next().unwrap_or(""));
    let mut all = vec![match ty {
        Ty::Struct(n) if udt.allows_udt() && !udt.allows_object() => {
            Ty::Pointer(Box::new(Ty::Struct(n)), 0)
        }
        t => t,
    }];
    for s in case.more_overloads {
        all.push(parse_ty(s)?);
    }
    Ok(all)
}

/// An LLVM type spelling of the cases: scalars, `<N x scalar>`, `%name`, with an optional
/// `addrspace(N)*`.
fn parse_ty(s: &str) -> R<Ty> {
    if let Some(inner) = s.strip_suffix('*') {
        let (base, space) = match inner.split_once(" addrspace(") {
            Some((b, rest)) => (b, rest.trim_end_matches(')').parse()?),
            None => (inner, 0),
        };
        return Ok(Ty::Pointer(Box::new(parse_ty(base)?), space));
    }
    if let Some(name) = s.strip_prefix('%') {
        return Ok(Ty::Struct(name.to_string()));
    }
    if let Some(inner) = s.strip_prefix('<').and_then(|t| t.strip_suffix('>')) {
        let (n, elt) = inner.split_once(" x ").ok_or("bad vector type")?;
        let Ty::Scalar(e) = parse_ty(elt)? else {
            return Err("vector of a non-scalar".into());
        };
        return Ok(Ty::Vector(n.parse()?, e));
    }
    Ok(Ty::Scalar(scalar(s)?))
}

fn scalar(s: &str) -> R<Scalar> {
    Ok(match s {
        "half" => Scalar::Half,
        "float" => Scalar::Float,
        "double" => Scalar::Double,
        "i1" => Scalar::I1,
        "i8" => Scalar::I8,
        "i16" => Scalar::I16,
        "i32" => Scalar::I32,
        "i64" => Scalar::I64,
        other => return Err(format!("unknown type {other:?}").into()),
    })
}

/// `%struct.Payload = type { i32 }` and `%struct.Attr = type { <2 x float> }`.
fn user_structs(sb: &mut ShaderBuilder) -> R<()> {
    let mb = sb.module();
    let i32t = mb.int(32);
    let f32t = mb.float();
    let v2 = mb.ty(TypeData::Vector { len: 2, elem: f32t })?;
    let payload = mb.struct_named("struct.Payload");
    mb.set_struct_body(payload, &[i32t], false)?;
    let attr = mb.struct_named("struct.Attr");
    mb.set_struct_body(attr, &[v2], false)?;
    Ok(())
}

/// The builder's description of resource `i`.
fn resource_desc(i: usize, r: &Res) -> R<ResourceDesc> {
    let name = format!("res{i}");
    let kind = ResourceKind::from_raw(r.kind as u32).ok_or("unknown resource kind")?;
    let comp = ComponentType::from_raw(r.comp as u32).ok_or("unknown component type")?;
    let count = r.count as u8;
    let srv = r.class == ResClass::Srv;
    let d = match (r.class, kind) {
        (ResClass::CBuffer, _) => ResourceDesc::cbuffer(&name, r.size),
        (ResClass::Sampler, _) => ResourceDesc::sampler(&name, r.flag),
        (_, ResourceKind::RTAccelerationStructure) => ResourceDesc::acceleration_structure(&name),
        (_, ResourceKind::FeedbackTexture2D | ResourceKind::FeedbackTexture2DArray) => {
            ResourceDesc::feedback_texture(&name, kind, r.size)
        }
        (_, ResourceKind::StructuredBuffer) if srv => {
            ResourceDesc::structured_buffer(&name, r.size)
        }
        (_, ResourceKind::StructuredBuffer) => ResourceDesc::rw_structured_buffer(&name, r.size),
        (_, ResourceKind::RawBuffer) if srv => ResourceDesc::byte_address_buffer(&name),
        (_, ResourceKind::RawBuffer) => ResourceDesc::rw_byte_address_buffer(&name),
        (_, ResourceKind::TypedBuffer) if srv => ResourceDesc::typed_buffer(&name, comp, count),
        (_, ResourceKind::TypedBuffer) => ResourceDesc::rw_typed_buffer(&name, comp, count),
        (_, ResourceKind::TBuffer) => return Err("no case binds a tbuffer".into()),
        (_, k) if srv => ResourceDesc::texture(&name, k, comp, count),
        (_, k) => ResourceDesc::rw_texture(&name, k, comp, count),
    };
    let d = if r.flag && r.class == ResClass::Uav {
        d.with_counter()
    } else {
        d
    };
    Ok(d.at(r.space, r.register))
}

/// The builder's description of a signature element.
fn element(e: &SigElem) -> R<ElementDesc> {
    let comp = ComponentType::from_raw(e.comp as u32).ok_or("unknown component type")?;
    let interp = InterpolationMode::from_raw(e.interp).ok_or("unknown interpolation mode")?;
    Ok(ElementDesc::new(e.semantic, comp, e.cols as u8)
        .rows(e.rows)
        .interpolation(interp))
}

/// The stage's state, besides the hull shader's (which needs its patch constant function).
fn stage_state(sb: &mut ShaderBuilder, case: &OpCase) -> R<()> {
    let threads = case.props.iter().find_map(|p| match *p {
        Prop::NumThreads(x, y, z) => Some(vec![x, y, z]),
        _ => None,
    });
    for p in case.props {
        match *p {
            // Mesh and amplification shaders take it in their state, library entries in
            // their own properties.
            Prop::NumThreads(x, y, z) if !matches!(case.stage, "ms" | "as" | "lib") => {
                sb.num_threads(x, y, z)
            }
            Prop::Geometry(input, max, streams, topo, inst) => sb.gs_state(GsState {
                input_primitive: input,
                max_vertex_count: max,
                active_stream_mask: streams,
                output_topology: topo,
                instance_count: inst,
            }),
            Prop::Domain(domain, cps) => sb.ds_state(DsState {
                domain,
                input_control_points: cps,
            }),
            Prop::Mesh(verts, prims, topo, payload) => sb.ms_state(MsState {
                num_threads: threads.clone().ok_or("mesh state needs numthreads")?,
                max_vertex_count: verts,
                max_primitive_count: prims,
                output_topology: topo,
                payload_size_in_bytes: payload,
            }),
            Prop::Amplification(payload) => sb.as_state(AsState {
                num_threads: threads
                    .clone()
                    .ok_or("amplification state needs numthreads")?,
                payload_size_in_bytes: payload,
            }),
            _ => {}
        }
    }
    Ok(())
}

/// A library entry `main` of the case's kind: hit entries take the payload and the
/// attributes, miss and callable entries the payload.
fn lib_entry<'s>(sb: &'s mut ShaderBuilder, case: &OpCase) -> R<EntryBuilder<'s>> {
    if let Some(node) = &case.node {
        let props = node_properties(node, case);
        return Ok(sb.entry_of_kind("main", ShaderKind::Node, &[], props)?);
    }
    let (kind, n) = match case.entry {
        "raygeneration" => (ShaderKind::RayGeneration, 0),
        "intersection" => (ShaderKind::Intersection, 0),
        "anyhit" => (ShaderKind::AnyHit, 2),
        "closesthit" => (ShaderKind::ClosestHit, 2),
        "miss" => (ShaderKind::Miss, 1),
        "callable" => (ShaderKind::Callable, 1),
        other => return Err(format!("unknown library entry kind {other:?}").into()),
    };
    let mb = sb.module();
    let payload = mb.struct_named("struct.Payload");
    let attr = mb.struct_named("struct.Attr");
    let params = [mb.pointer(payload, 0)?, mb.pointer(attr, 0)?];
    let mut props = Vec::new();
    if n >= 1 {
        props.push(Property::RayPayloadSize(4));
    }
    if n == 2 {
        props.push(Property::RayAttribSize(8));
    }
    Ok(sb.entry_of_kind("main", kind, &params[..n], props)?)
}

/// A node entry's properties: launch type, node id, no local root arguments table, a
/// 1x1x1 dispatch grid when broadcasting, the max recursion depth, input, outputs and
/// `numthreads`.
fn node_properties(node: &Node, case: &OpCase) -> Vec<Property> {
    let mut props = vec![
        Property::NodeLaunchType(node.launch),
        Property::NodeId(NodeId {
            name: "main".into(),
            index: 0,
        }),
        Property::NodeLocalRootArgumentsTableIndex(u32::MAX),
    ];
    if node.launch == BROADCASTING {
        props.push(Property::NodeDispatchGrid(vec![1, 1, 1]));
    }
    if node.max_recursion != 0 {
        props.push(Property::NodeMaxRecursionDepth(node.max_recursion));
    }
    if let Some(input) = &node.input {
        props.push(Property::NodeInputs(vec![node_io(input, None)]));
    }
    if !node.outputs.is_empty() {
        let outputs = node.outputs.iter().enumerate();
        props.push(Property::NodeOutputs(
            outputs.map(|(i, o)| node_io(o, Some(i as u32))).collect(),
        ));
    }
    for p in case.props {
        if let Prop::NumThreads(x, y, z) = *p {
            props.push(Property::NumThreads(vec![x, y, z]));
        }
    }
    props
}

/// `NodeLaunchType::Broadcasting`.
const BROADCASTING: u32 = 1;

/// One node input (no `output` index) or output.
fn node_io(io: &NodeIo, output: Option<u32>) -> dxil_module::model::NodeIo {
    let mut properties = vec![NodeIoProperty::Flags(io.flags)];
    if io.record_size != 0 {
        properties.push(NodeIoProperty::RecordType(vec![
            NodeRecordProperty::Size(io.record_size),
            NodeRecordProperty::Alignment(4),
        ]));
    }
    if io.max_records != 0 {
        properties.push(NodeIoProperty::MaxRecords(io.max_records));
    }
    if io.array_size != 0 {
        properties.push(NodeIoProperty::OutputArraySize(io.array_size));
    }
    if let Some(index) = output {
        properties.push(NodeIoProperty::OutputId(NodeId {
            name: "output".into(),
            index,
        }));
    }
    dxil_module::model::NodeIo { properties }
}

/// Where a zero is stored: `storeOutput`, `storePatchConstant`, or the mesh shader's
/// `storeVertexOutput` / `storePrimitiveOutput` of vertex or primitive 0.
#[derive(Clone, Copy, PartialEq)]
enum Store {
    Output,
    PatchConstant,
    Vertex,
    Primitive,
}

/// Stores 0 to every component of output element `id`, through the named methods.
fn store_zero(e: &mut EntryBuilder<'_>, store: Store, id: usize, el: &SigElem) -> R<()> {
    use dxil_builder::Arg;
    let (ty, zero) = match el.comp {
        Comp::F16 => (Scalar::Half, Arg::Float(0.0)),
        Comp::F32 => (Scalar::Float, Arg::Float(0.0)),
        Comp::F64 => (Scalar::Double, Arg::Float(0.0)),
        Comp::I1 => (Scalar::I1, Arg::Int(0)),
        Comp::I16 | Comp::U16 => (Scalar::I16, Arg::Int(0)),
        Comp::I32 | Comp::U32 => (Scalar::I32, Arg::Int(0)),
        Comp::I64 | Comp::U64 => (Scalar::I64, Arg::Int(0)),
    };
    let o = [Ty::Scalar(ty)];
    let id = id as u32;
    for row in 0..el.rows {
        for col in 0..el.cols as u8 {
            match store {
                Store::Output => e.store_output(&o, id, row, col, zero)?,
                Store::PatchConstant => e.store_patch_constant(&o, id, row, col, zero)?,
                Store::Vertex => e.store_vertex_output(&o, id, row, col, zero, 0u32)?,
                Store::Primitive => e.store_primitive_output(&o, id, row, col, zero, 0u32)?,
            };
        }
    }
    Ok(())
}
