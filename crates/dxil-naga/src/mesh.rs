//! Task (amplification) and mesh shaders (DXIL.rst operations 168 to 173:
//! `SetMeshOutputCounts`, `EmitIndices`, `GetMeshPayload`, `StoreVertexOutput`,
//! `StorePrimitiveOutput`, `DispatchMesh`), with naga's semantics as its HLSL back end
//! writes them: the entry function runs to one exit; a task shader then syncs the group and
//! every thread calls `DispatchMesh` with the size it returned and the payload; a mesh
//! shader syncs the group, sets the output counts from its output variable and copies that
//! variable's vertices and primitives to the outputs, the group's threads taking turns.
//!
//! The payload is one struct of the per-group arrays this back end keeps every variable in
//! ([`crate::leaf::GROUPS`]): group-shared memory of the task shader, the pointer
//! `GetMeshPayload` gives in the mesh shader. Both shaders of a pipeline come from the same
//! naga type, so they agree on its layout.

use dxil_builder::{ElementDesc, ShaderBuilder, Signature};
use dxil_ir::{IntPredicate, Type, TypeData};
use dxil_ops::Ty;
use dxil_parts::names::{ComponentType, InterpolationMode, MeshOutputTopology};
use naga::{Binding, BuiltIn, Scalar, ScalarKind, ShaderStage, TypeInner};

use crate::error::{Error, ErrorKind, Result};
use crate::leaf::{self, GROUPS};
use crate::lower::{GlobalSlot, Idx, Lowerer, Ptr};
use crate::Value;

/// The name of the payload's struct type (and so of the operations' overload): one that no
/// struct the module's constant buffers describe takes (those are `struct.NAME`,
/// `hostlayout.NAME` or an identifier), so that a uniform holding a struct named `Payload`
/// does not take it first.
const PAYLOAD_STRUCT: &str = "dxil.payload";
/// `Barrier` mode: sync the group and fence group-shared memory (DXIL.rst "Barrier").
const SYNC_GROUP_SHARED: u32 = 1 | 8;
/// Direct3D's most threads in a mesh or amplification shader's group (DXIL.rst
/// "SM.THREADGROUPCHANNELRANGE" and the total the validators check with it).
pub const MAX_THREADS: u32 = 128;
/// Direct3D's largest task payload in bytes (DXIL.rst "SM.AMPLIFICATIONSHADERPAYLOADSIZE").
pub const MAX_PAYLOAD_BYTES: u32 = 16384;
/// Direct3D's most vertices and most primitives a mesh shader outputs (DXIL.rst
/// "SM.MESHSHADERMAXVERTEXCOUNT", "SM.MESHSHADERMAXPRIMITIVECOUNT").
const MAX_OUTPUT_COUNT: u32 = 256;
/// The cap naga's HLSL back end puts on the per-dimension dispatch limit: 2^22, the most
/// mesh groups Direct3D launches from one `DispatchMesh`.
const MAX_GROUPS_PER_DIM: u32 = 1 << 22;

/// Per group: the field of the payload struct holding the group's array, and the array type.
pub type Fields = [Option<(u32, Type)>; GROUPS];

/// The task payload: its memory variable, the struct type of its arrays, the field of each
/// group's array, and in a task shader the group-shared global holding it.
#[derive(Clone, Debug)]
pub struct Payload {
    /// The memory variable the payload global lowers to.
    pub var: usize,
    /// The struct of per-group arrays.
    pub ty: Type,
    /// Per group: the field index and the array type.
    pub fields: Fields,
    /// The group-shared global (task shaders); mesh shaders ask `GetMeshPayload`.
    pub global: Option<Value>,
}

/// The struct type of a payload of naga type `ty`: one array per group its leaves use, in
/// group order. Returns the type, the fields and the payload's size in bytes.
pub fn payload_struct(
    sb: &mut ShaderBuilder,
    gctx: naga::proc::GlobalCtx,
    ty: &TypeInner,
) -> Result<(Type, Fields, u32)> {
    let counts = leaf::counts(gctx, ty)?;
    let mut fields = [None; GROUPS];
    let mut elems = Vec::new();
    for (g, &n) in counts.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let elem = leaf::group_ty(sb.module(), g)?;
        let arr = sb.module().ty(TypeData::Array {
            len: u64::from(n),
            elem,
        })?;
        fields[g] = Some((elems.len() as u32, arr));
        elems.push(arr);
    }
    let mb = sb.module();
    let st = mb.struct_named(PAYLOAD_STRUCT);
    mb.set_struct_body(st, &elems, false)?;
    let size = dxil_module::layout::DataLayout::of(mb.module())
        .type_alloc_size(mb.module(), st)
        .and_then(|s| u32::try_from(s).ok())
        .ok_or_else(|| Error::new(ErrorKind::Builder, "task payload", "no size"))?;
    Ok((st, fields, size))
}

/// The operation overload of a pointer to the payload in address space `space`.
fn payload_overload(space: u32) -> [Ty; 1] {
    [Ty::Pointer(
        Box::new(Ty::Struct(PAYLOAD_STRUCT.into())),
        space,
    )]
}

/// What one member of a mesh shader's vertex or primitive output struct becomes.
#[derive(Clone, Debug)]
pub enum Role {
    /// A signature element: its id, components and naga scalar.
    Element {
        /// Signature element id.
        sig: u32,
        /// Components.
        cols: u8,
        /// naga's scalar.
        scalar: Scalar,
    },
    /// The primitive's vertex indices (`EmitIndices`): 2 or 3 of them.
    Indices,
    /// Dropped: `point_size`, which Direct3D has no output for (as for vertex shaders).
    Dropped,
}

/// The outputs of a mesh shader.
#[derive(Clone, Debug)]
pub struct MeshPlan {
    /// The output variable.
    pub output: naga::Handle<naga::GlobalVariable>,
    /// Members of the output variable's struct: vertex count, vertices, primitive count,
    /// primitives.
    pub vertex_count: u32,
    /// See `vertex_count`.
    pub vertices: u32,
    /// See `vertex_count`.
    pub primitive_count: u32,
    /// See `vertex_count`.
    pub primitives: u32,
    /// Per member of the vertex struct: its role.
    pub vertex_roles: Vec<Role>,
    /// Per member of the primitive struct: its role.
    pub primitive_roles: Vec<Role>,
    /// The largest counts.
    pub max_vertices: u32,
    /// See `max_vertices`.
    pub max_primitives: u32,
}

/// The member of a struct bound to built-in `bi`.
fn member_of(members: &[naga::StructMember], bi: BuiltIn, what: &str) -> Result<u32> {
    members
        .iter()
        .position(|m| m.binding == Some(Binding::BuiltIn(bi)))
        .map(|i| i as u32)
        .ok_or_else(|| {
            Error::new(
                ErrorKind::Invalid,
                what.to_string(),
                format!("no member bound to {}", crate::error::variant_name(&bi)),
            )
        })
}

/// The members of a struct type.
fn struct_members<'m>(
    module: &'m naga::Module,
    ty: naga::Handle<naga::Type>,
    what: &str,
) -> Result<&'m [naga::StructMember]> {
    match module.types[ty].inner {
        TypeInner::Struct { ref members, .. } => Ok(members),
        _ => Err(Error::new(
            ErrorKind::Invalid,
            what.to_string(),
            "not a struct",
        )),
    }
}

/// Declares the vertex and primitive outputs of mesh entry point `ep` and its state (entry
/// property tag 9, `kDxilMSStateTag`, which DXIL.rst does not describe; the reference
/// records thread group size, largest counts, topology and payload size).
pub fn declare(
    sb: &mut ShaderBuilder,
    module: &naga::Module,
    ep: &naga::EntryPoint,
    payload_size: u32,
) -> Result<MeshPlan> {
    let info = ep.mesh_info.as_ref().ok_or_else(|| {
        Error::new(
            ErrorKind::Invalid,
            format!("mesh entry point `{}`", ep.name),
            "no mesh stage information",
        )
    })?;
    let out_span = module.global_variables.get_span(info.output_variable);
    let topology = match info.topology {
        naga::MeshOutputTopology::Lines => MeshOutputTopology::Line,
        naga::MeshOutputTopology::Triangles => MeshOutputTopology::Triangle,
        naga::MeshOutputTopology::Points => {
            return Err(Error::unsupported(
                format!("point output of mesh entry point `{}`", ep.name),
                "DXIL mesh shaders output lines or triangles only",
            )
            .at(module.types.get_span(info.primitive_output_type)))
        }
    };
    if info.max_vertices_override.is_some() || info.max_primitives_override.is_some() {
        return Err(Error::unsupported(
            format!("mesh entry point `{}`", ep.name),
            "output counts set by pipeline-overridable constants (process the overrides first)",
        )
        .at(out_span));
    }
    for (count, what) in [
        (info.max_vertices, "vertices"),
        (info.max_primitives, "primitives"),
    ] {
        if count > MAX_OUTPUT_COUNT {
            return Err(Error::unsupported(
                format!("{count} {what} of mesh entry point `{}`", ep.name),
                format!("Direct3D mesh shaders output at most {MAX_OUTPUT_COUNT} {what}"),
            )
            .at(out_span));
        }
    }
    let out_var = &module.global_variables[info.output_variable];
    let what = format!("mesh output `{}`", out_var.name.as_deref().unwrap_or("?"));
    let members = struct_members(module, out_var.ty, &what).map_err(|e| e.at(out_span))?;
    let mut roles = [Vec::new(), Vec::new()];
    for (primitive, ty) in [
        (false, info.vertex_output_type),
        (true, info.primitive_output_type),
    ] {
        let span = module.types.get_span(ty);
        for m in struct_members(module, ty, &what).map_err(|e| e.at(span))? {
            let role = output_role(sb, module, m, primitive).map_err(|e| e.at(span))?;
            roles[usize::from(primitive)].push(role);
        }
    }
    let [x, y, z] = ep.workgroup_size;
    sb.ms_state(dxil_module::model::MsState {
        num_threads: vec![x, y, z],
        max_vertex_count: info.max_vertices,
        max_primitive_count: info.max_primitives,
        output_topology: topology.raw(),
        payload_size_in_bytes: payload_size,
    });
    let [vertex_roles, primitive_roles] = roles;
    let member = |bi| member_of(members, bi, &what).map_err(|e| e.at(out_span));
    Ok(MeshPlan {
        output: info.output_variable,
        vertex_count: member(BuiltIn::VertexCount)?,
        vertices: member(BuiltIn::Vertices)?,
        primitive_count: member(BuiltIn::PrimitiveCount)?,
        primitives: member(BuiltIn::Primitives)?,
        vertex_roles,
        primitive_roles,
        max_vertices: info.max_vertices,
        max_primitives: info.max_primitives,
    })
}

/// The role of one member of a vertex (`primitive` false) or primitive output struct, its
/// signature element declared. Vertex outputs are interpolated as a fragment shader reads
/// them; per-primitive values are constant across the primitive, as the reference records
/// every primitive output (`nointerpolation`).
fn output_role(
    sb: &mut ShaderBuilder,
    module: &naga::Module,
    m: &naga::StructMember,
    primitive: bool,
) -> Result<Role> {
    let ty = &module.types[m.ty].inner;
    let name = m.name.as_deref().unwrap_or("?");
    let binding = m.binding.as_ref().ok_or_else(|| {
        Error::unsupported(
            format!("mesh output member `{name}`"),
            "a member without a binding",
        )
    })?;
    if let Binding::BuiltIn(BuiltIn::TriangleIndices | BuiltIn::LineIndices) = *binding {
        return Ok(Role::Indices);
    }
    if let Binding::BuiltIn(BuiltIn::PointSize) = *binding {
        return Ok(Role::Dropped);
    }
    let (scalar, cols) = crate::io::shape(module.to_ctx(), ty)?;
    let constant = InterpolationMode::Constant;
    let desc = match (binding.clone(), primitive) {
        (Binding::BuiltIn(BuiltIn::Position { .. }), false) => {
            ElementDesc::float4("SV_Position").interpolation(InterpolationMode::LinearNoperspective)
        }
        (Binding::BuiltIn(BuiltIn::ClipDistances), false) => {
            ElementDesc::new("SV_ClipDistance", ComponentType::F32, cols)
                .interpolation(InterpolationMode::Linear)
        }
        (Binding::BuiltIn(BuiltIn::CullDistance), false) => {
            ElementDesc::new("SV_CullDistance", ComponentType::F32, cols)
                .interpolation(InterpolationMode::Linear)
        }
        (Binding::BuiltIn(BuiltIn::CullPrimitive), true) => {
            ElementDesc::new("SV_CullPrimitive", ComponentType::I1, 1).interpolation(constant)
        }
        (Binding::BuiltIn(BuiltIn::PrimitiveIndex), true) => {
            ElementDesc::new("SV_PrimitiveID", ComponentType::U32, 1).interpolation(constant)
        }
        (Binding::BuiltIn(bi), _) => {
            let which = if primitive { "primitive" } else { "vertex" };
            return Err(Error::unsupported(
                format!(
                    "built-in {} {which} output of a mesh shader (member `{name}`)",
                    crate::error::variant_name(&bi)
                ),
                "not supported by this back end yet",
            ));
        }
        (
            Binding::Location {
                location,
                interpolation,
                sampling,
                per_primitive,
                ..
            },
            _,
        ) => ElementDesc::new("LOC", crate::io::component(scalar)?, cols)
            .index(location)
            .interpolation(crate::io::interpolation(
                ShaderStage::Mesh,
                scalar,
                interpolation,
                sampling,
                per_primitive || primitive,
            )),
    };
    let sig = if primitive {
        sb.element(Signature::PatchConstant, desc)
    } else {
        sb.output(desc)
    };
    Ok(Role::Element { sig, cols, scalar })
}

impl Lowerer<'_, '_> {
    /// Points the payload's memory variable at the fields of the payload: the task
    /// shader's group-shared global, or what `GetMeshPayload` gives a mesh shader.
    pub fn bind_payload(&mut self) -> Result<()> {
        let Some(p) = self.payload.clone() else {
            return Ok(());
        };
        let base = match p.global {
            Some(g) => g,
            None => self.e.get_mesh_payload(&payload_overload(0))?,
        };
        let zero = self.i32c(0)?;
        for (g, field) in p.fields.iter().enumerate() {
            let Some((k, arr)) = *field else { continue };
            let k = self.i32c(i64::from(k))?;
            let ptr = self.fb().gep(true, p.ty, base, &[zero, k])?;
            if let Some(var) = self.mem.get_mut(p.var) {
                var.arrays[g] = Some((ptr, arr));
            }
        }
        Ok(())
    }

    /// The end of a task or mesh entry point, where its returns meet.
    pub fn stage_epilogue(&mut self) -> Result<()> {
        let ret = self.frame.ret.take().unwrap_or_default();
        let stage = self.ep.stage;
        let Some(leaves) = self.merge_returns(ret)? else {
            return Err(Error::unsupported(
                format!("{stage:?} entry point `{}`", self.ep.name),
                "no path through it returns",
            ));
        };
        self.e.barrier(&[], SYNC_GROUP_SHARED)?;
        match stage {
            ShaderStage::Task => self.dispatch_mesh(&leaves)?,
            _ => self.write_mesh_outputs()?,
        }
        self.fb().ret(None)?;
        self.frame.terminated = true;
        Ok(())
    }

    /// `DispatchMesh` with the returned group counts (none past the options' limits) and
    /// the payload.
    fn dispatch_mesh(&mut self, size: &[Value]) -> Result<()> {
        let [mut x, mut y, mut z] = <[Value; 3]>::try_from(size).map_err(|_| {
            Error::new(
                ErrorKind::Invalid,
                "task shader result",
                "not three group counts",
            )
        })?;
        if let Some(limits) = self.options.task_dispatch_limits {
            let over = self.over_limits(x, y, z, limits)?;
            let zero = self.i32c(0)?;
            x = self.fb().select(over, zero, x)?;
            y = self.fb().select(over, zero, y)?;
            z = self.fb().select(over, zero, z)?;
        }
        let payload = self
            .payload
            .as_ref()
            .and_then(|p| p.global)
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::Invalid,
                    format!("task entry point `{}`", self.ep.name),
                    "no task payload",
                )
            })?;
        self.e
            .dispatch_mesh(&payload_overload(3), x, y, z, payload)?;
        Ok(())
    }

    /// Whether counts `x`, `y`, `z` exceed the limits, in 32-bit arithmetic (a 64-bit
    /// product would need the device's 64-bit integer support): `x * y` overflows when
    /// `x > 0xffffffff / y`, and `x * y * z > total` when `x * y > total / z`.
    fn over_limits(
        &mut self,
        x: Value,
        y: Value,
        z: Value,
        limits: crate::TaskDispatchLimits,
    ) -> Result<Value> {
        let per = self.i32c(i64::from(
            limits.max_mesh_workgroups_per_dim.min(MAX_GROUPS_PER_DIM),
        ))?;
        let mut over = self.fb().icmp(IntPredicate::Ugt, x, per)?;
        for d in [y, z] {
            let o = self.fb().icmp(IntPredicate::Ugt, d, per)?;
            over = self.fb().or(over, o)?;
        }
        let one = self.i32c(1)?;
        let zero = self.i32c(0)?;
        let all = self.i32c(i64::from(u32::MAX))?;
        let y1 = self.e.umax(&[], y, one)?;
        let xy_max = self.fb().udiv(all, y1)?;
        let xy_over = self.fb().icmp(IntPredicate::Ugt, x, xy_max)?;
        over = self.fb().or(over, xy_over)?;
        let xy = self.fb().mul(x, y)?;
        let total = self.i32c(i64::from(limits.max_mesh_workgroups_total))?;
        let z1 = self.e.umax(&[], z, one)?;
        let xy_most = self.fb().udiv(total, z1)?;
        let big = self.fb().icmp(IntPredicate::Ugt, xy, xy_most)?;
        let z_used = self.fb().icmp(IntPredicate::Ne, z, zero)?;
        let total_over = self.fb().and(big, z_used)?;
        Ok(self.fb().or(over, total_over)?)
    }

    /// Sets the output counts from the output variable (clamped to the declared largest
    /// counts: more is undefined behaviour in Direct3D) and copies its vertices and
    /// primitives to the outputs, thread `i` of the group taking elements `i`, `i + n`, ...
    /// of a group of `n` threads.
    fn write_mesh_outputs(&mut self) -> Result<()> {
        let plan = self
            .mesh
            .clone()
            .ok_or_else(|| Error::new(ErrorKind::Invalid, "mesh entry point", "no output plan"))?;
        let module = self.module;
        let gv = &module.global_variables[plan.output];
        let out_ty = &module.types[gv.ty].inner;
        let Some(GlobalSlot::Mem(var)) = self.globals.get(plan.output.index()).cloned() else {
            return Err(Error::new(
                ErrorKind::Invalid,
                "mesh output variable",
                "not in group-shared memory",
            ));
        };
        let base = Ptr::Mem {
            var,
            offs: Default::default(),
        };
        let u32_ty = TypeInner::Scalar(Scalar::U32);
        let mut counts = [None; 2];
        for (slot, (member, max)) in counts.iter_mut().zip([
            (plan.vertex_count, plan.max_vertices),
            (plan.primitive_count, plan.max_primitives),
        ]) {
            let p = self.step(base.clone(), out_ty, Idx::Const(member))?;
            let v = self.load(&p, &u32_ty)?;
            let v = v
                .first()
                .copied()
                .ok_or_else(|| Error::new(ErrorKind::Invalid, "mesh output count", "no value"))?;
            let most = self.i32c(i64::from(max))?;
            *slot = Some(self.e.umin(&[], v, most)?);
        }
        let [Some(vc), Some(pc)] = counts else {
            return Err(Error::new(
                ErrorKind::Invalid,
                "mesh output count",
                "no value",
            ));
        };
        self.e.set_mesh_output_counts(&[], vc, pc)?;
        let i32o = [Ty::Scalar(dxil_ops::Scalar::I32)];
        let first = self.e.flattened_thread_id_in_group(&i32o)?;
        let [x, y, z] = self.ep.workgroup_size;
        let threads = self.i32c(i64::from(x) * i64::from(y) * i64::from(z))?;
        let members = match *out_ty {
            TypeInner::Struct { ref members, .. } => members,
            _ => {
                return Err(Error::new(
                    ErrorKind::Invalid,
                    "mesh output variable",
                    "not a struct",
                ))
            }
        };
        for (primitive, array_member, count, roles) in [
            (false, plan.vertices, vc, &plan.vertex_roles),
            (true, plan.primitives, pc, &plan.primitive_roles),
        ] {
            let array_ty = &module.types[members[array_member as usize].ty].inner;
            let TypeInner::Array { base: elem_ty, .. } = *array_ty else {
                return Err(Error::new(
                    ErrorKind::Invalid,
                    "mesh output variable",
                    "vertices or primitives not an array",
                ));
            };
            let elem_inner = &module.types[elem_ty].inner;
            let elem_members = match *elem_inner {
                TypeInner::Struct { ref members, .. } => members,
                _ => {
                    return Err(Error::new(
                        ErrorKind::Invalid,
                        "mesh output variable",
                        "a vertex or primitive not a struct",
                    ))
                }
            };
            let (i, body, exit) = self.strided_begin(first, count)?;
            let array = self.step(base.clone(), out_ty, Idx::Const(array_member))?;
            let elem = self.step(array, array_ty, Idx::Dyn(i))?;
            for (k, role) in roles.iter().enumerate() {
                if matches!(role, Role::Dropped) {
                    continue;
                }
                let member = elem_members.get(k).ok_or_else(|| {
                    Error::new(
                        ErrorKind::Invalid,
                        "mesh output",
                        "the output array's element is not the declared output type",
                    )
                })?;
                let m_ty = &module.types[member.ty].inner;
                let p = self.step(elem.clone(), elem_inner, Idx::Const(k as u32))?;
                let vals = self.load(&p, m_ty)?;
                match *role {
                    Role::Indices => {
                        // A line's third index is unused; the reference passes 0.
                        let third = match vals.get(2) {
                            Some(&v) => v,
                            None => self.i32c(0)?,
                        };
                        let (a, b) = (crate::lower::leaf(&vals, 0)?, crate::lower::leaf(&vals, 1)?);
                        self.e.emit_indices(&[], i, a, b, third)?;
                    }
                    Role::Element { sig, cols, scalar } => {
                        let t = [Ty::Scalar(leaf::mem_op_scalar(scalar))];
                        for c in 0..cols {
                            let mut v = crate::lower::leaf(&vals, usize::from(c))?;
                            if scalar.kind == ScalarKind::Bool {
                                // Booleans are stored as `i32` (the reference's
                                // `SV_CullPrimitive` store).
                                let i32t = self.int_ty(32);
                                v = self.fb().cast(dxil_ir::CastOp::ZExt, v, i32t)?;
                            }
                            if primitive {
                                self.e.store_primitive_output(&t, sig, 0u32, c, v, i)?;
                            } else {
                                self.e.store_vertex_output(&t, sig, 0u32, c, v, i)?;
                            }
                        }
                    }
                    Role::Dropped => {}
                }
            }
            self.strided_end(i, body, exit, threads, count)?;
        }
        Ok(())
    }

    /// The head of `for (i = first; i < count; i += step)`: the index and the loop's body
    /// and exit blocks, positioned in the body.
    fn strided_begin(
        &mut self,
        first: Value,
        count: Value,
    ) -> Result<(Value, dxil_ir::Block, dxil_ir::Block)> {
        let pre = self
            .fb()
            .current_block()
            .ok_or_else(|| Error::new(ErrorKind::Builder, "mesh outputs", "no block"))?;
        let body = self.fb().add_block(None)?;
        let exit = self.fb().add_block(None)?;
        let go = self.fb().icmp(IntPredicate::Ult, first, count)?;
        self.fb().cond_br(go, body, exit)?;
        self.fb().position_at_end(body)?;
        let i32t = self.int_ty(32);
        let i = self.fb().phi(i32t, &[(first, pre)])?;
        Ok((i, body, exit))
    }

    /// The latch of a loop [`Lowerer::strided_begin`] opened: `i += step`, again while
    /// `i < count`, then positioned at the exit.
    fn strided_end(
        &mut self,
        i: Value,
        body: dxil_ir::Block,
        exit: dxil_ir::Block,
        step: Value,
        count: Value,
    ) -> Result<()> {
        let latch = self
            .fb()
            .current_block()
            .ok_or_else(|| Error::new(ErrorKind::Builder, "mesh outputs", "no block"))?;
        let next = self.fb().add(i, step)?;
        self.fb().add_incoming(i, next, latch)?;
        let more = self.fb().icmp(IntPredicate::Ult, next, count)?;
        self.fb().cond_br(more, body, exit)?;
        self.fb().position_at_end(exit)?;
        Ok(())
    }
}
