//! [`ShaderBuilder`]: one shader of a stage, or a library of entries, built over the IR
//! builder. It holds what becomes DXIL metadata (DXIL.rst "Metadata": shader model,
//! resources, entry points with signatures and properties) and hands out [`EntryBuilder`]s
//! for the functions; [`ShaderBuilder::finish`] gives a container ready for Direct3D.

use dxil_container::ShaderKind;
use dxil_ir::build::{FunctionOptions, GlobalOptions, ModuleBuilder, ModuleCapacity, Value};
use dxil_ir::{Linkage, Type, TypeData};
use dxil_module::md::Md;
use dxil_module::model::{
    AsState, DsState, GsState, HsState, MsState, Property, ResourceClass, Subobject,
};
use dxil_module::shader_flags::bit;
use dxil_ops::{LowPrecision, Ty};

use crate::annotation::{StructDesc, StructType, Structs};
use crate::entry::EntryBuilder;
use crate::error::{Error, ErrorKind, Result};
use crate::finish::{finish, EntryMeta, ShaderMeta};
use crate::ops::OpContext;
use crate::resource::ResourceDesc;
use crate::signature::ElementDesc;

/// DXIL's data layout (DXIL.rst "DXIL Data Layout").
pub const DATA_LAYOUT: &str =
    "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64";
/// DXIL's target triple.
pub const TRIPLE: &str = "dxil-ms-dx";
/// `%dx.types.ResBind`'s and `createHandleFromBinding`'s first shader model (6.6).
pub(crate) const SM_6_6: (u32, u32) = (6, 6);
/// The newest shader model's minor version: 6.10, the model of the database's experimental
/// operation table.
const MAX_MINOR: u32 = 10;

/// A resource declared on a [`ShaderBuilder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ResourceId(pub(crate) u32);

/// Which signature an element belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signature {
    /// Inputs (`loadInput`).
    Input,
    /// Outputs (`storeOutput`; mesh shaders: vertex outputs).
    Output,
    /// Hull shader patch constant outputs, domain shader patch constant inputs, mesh shader
    /// primitive outputs.
    PatchConstant,
}

/// The lowest shader model a kind exists in.
fn min_model(kind: ShaderKind) -> (u32, u32) {
    match kind {
        ShaderKind::Mesh | ShaderKind::Amplification => (6, 5),
        ShaderKind::Library => (6, 3),
        _ => (6, 0),
    }
}

/// What the metadata of one entry gathers while it is built.
struct EntryState {
    name: String,
    function: Value,
    kind: ShaderKind,
    signatures: [Vec<ElementDesc>; 3],
    properties: Vec<Property>,
}

/// Builds one DXIL shader: a stage of a shader model (`vs_6_0`, `cs_6_6`, ...) with one
/// entry, or a library (`lib_6_3`+) with any number of ray tracing or node entries.
///
/// ```
/// use dxil_builder::{ResourceDesc, ShaderBuilder};
/// use dxil_container::ShaderKind;
/// use dxil_ops::{DxOp, Scalar, Ty};
///
/// let mut sb = ShaderBuilder::new(ShaderKind::Compute, 6, 0)?;
/// let out = sb.resource(ResourceDesc::rw_typed_buffer(
///     "Out",
///     dxil_parts::names::ComponentType::U32,
///     1,
/// ))?;
/// sb.num_threads(64, 1, 1);
/// let mut e = sb.entry("main")?;
/// let h = e.handle(out, 0u32, false)?;
/// let tid = e.op(DxOp::ThreadId { component: 0u32.into() }, &[Ty::Scalar(Scalar::I32)])?;
/// e.op(
///     DxOp::BufferStore {
///         uav: h.into(), coord0: tid.into(), coord1: dxil_builder::Arg::Undef,
///         value0: tid.into(), value1: tid.into(), value2: tid.into(), value3: tid.into(),
///         mask: 15u8.into(),
///     },
///     &[Ty::Scalar(Scalar::I32)],
/// )?;
/// e.ret()?;
/// e.finish()?;
/// let container = sb.finish()?;
/// assert_eq!(&container[..4], b"DXBC");
/// # std::fs::write(std::env::temp_dir().join("dxil-builder-doc.dxil"), &container).unwrap();
/// # Ok::<(), dxil_builder::Error>(())
/// ```
pub struct ShaderBuilder {
    mb: ModuleBuilder,
    cx: Context,
}

/// The shader's state apart from the module, so an [`EntryBuilder`] can borrow both.
pub(crate) struct Context {
    pub(crate) kind: ShaderKind,
    pub(crate) model: (u32, u32),
    pub(crate) validator: (u32, u32),
    pub(crate) resources: Vec<(ResourceDesc, Md)>,
    /// Libraries: the global of each resource range.
    pub(crate) globals: Vec<Option<Value>>,
    entries: Vec<EntryState>,
    /// Signatures and properties set on the builder before (or after) the entry of a
    /// non-library shader.
    pub(crate) pending: ([Vec<ElementDesc>; 3], Vec<Property>),
    pub(crate) native_low_precision: bool,
    /// Pixel shaders: depth and stencil tests run before the shader (`[earlydepthstencil]`).
    pub(crate) force_early_depth_stencil: bool,
    pub(crate) root_signature: Option<Vec<u8>>,
    pub(crate) subobjects: Vec<Subobject>,
    /// The `dx.op` functions resolved so far in this shader's module.
    pub(crate) resolved_ops: crate::ops::Resolved,
    /// Annotated structs (`dx.typeAnnotations`).
    structs: Structs,
}

impl ShaderBuilder {
    /// A shader of `kind` and shader model `major.minor`.
    pub fn new(kind: ShaderKind, major: u32, minor: u32) -> Result<Self> {
        if ShaderKind::from_shader_model_name(kind.profile_prefix()) != Some(kind) {
            return Err(Error::new(
                ErrorKind::Property,
                format!(
                    "{} shaders are library entries: build a Library and add them with entry_of_kind",
                    kind.name()
                ),
            ));
        }
        if major != 6 || minor > MAX_MINOR || (major, minor) < min_model(kind) {
            return Err(Error::new(
                ErrorKind::Property,
                format!(
                    "shader model {major}.{minor} does not have {} shaders (DXIL is 6.0 to 6.{MAX_MINOR})",
                    kind.name()
                ),
            ));
        }
        let mut mb = ModuleBuilder::new();
        // Room for what a small shader holds (types, constants, metadata, dx.op
        // declarations), so that its tables do not grow from empty by doubling, copying
        // every entry each time; a larger one grows past it as before.
        mb.reserve(&ModuleCapacity {
            types: 32,
            constants: 64,
            metadata: 64,
            globals: 4,
            functions: 12,
            named_metadata: 8,
            ..ModuleCapacity::default()
        });
        mb.set_triple(TRIPLE);
        mb.set_datalayout(DATA_LAYOUT);
        Ok(ShaderBuilder {
            mb,
            cx: Context {
                kind,
                model: (major, minor),
                validator: (1, minor.max(8)),
                resources: Vec::new(),
                globals: Vec::new(),
                entries: Vec::new(),
                pending: Default::default(),
                native_low_precision: false,
                force_early_depth_stencil: false,
                root_signature: None,
                subobjects: Vec::new(),
                resolved_ops: Default::default(),
                structs: Structs::default(),
            },
        })
    }

    /// The IR builder: types, constants, globals and helper functions.
    pub fn module(&mut self) -> &mut ModuleBuilder {
        &mut self.mb
    }

    /// Uses native 16-bit types (the `-enable-16bit-types` mode, shader model 6.2+) instead
    /// of minimum precision.
    pub fn native_low_precision(&mut self, on: bool) {
        self.cx.native_low_precision = on;
    }

    /// Forces depth and stencil tests before a pixel shader runs (HLSL `[earlydepthstencil]`,
    /// the `ForceEarlyDepthStencil` shader flag of DXIL.rst "Shader Flags").
    pub fn force_early_depth_stencil(&mut self, on: bool) {
        self.cx.force_early_depth_stencil = on;
    }

    /// Sets `dx.valver`, the validator version the parts are written for (default 1.8, or
    /// 1.N for shader model 6.N above 6.8).
    pub fn validator_version(&mut self, major: u32, minor: u32) {
        self.cx.validator = (major, minor);
    }

    /// Adds a signature element of the (single) entry; returns its element id, the
    /// `inputSigId`/`outputSigId` the I/O operations take.
    pub fn element(&mut self, sig: Signature, e: ElementDesc) -> u32 {
        let list = &mut self.cx.pending.0[sig as usize];
        list.push(e);
        (list.len() - 1) as u32
    }

    /// Adds an input element (see [`ShaderBuilder::element`]).
    pub fn input(&mut self, e: ElementDesc) -> u32 {
        self.element(Signature::Input, e)
    }

    /// Adds an output element (see [`ShaderBuilder::element`]).
    pub fn output(&mut self, e: ElementDesc) -> u32 {
        self.element(Signature::Output, e)
    }

    /// Adds an entry property.
    pub fn property(&mut self, p: Property) {
        self.cx.pending.1.push(p);
    }

    /// `[numthreads(x, y, z)]` of a compute shader (mesh and amplification shaders take it
    /// in their state).
    pub fn num_threads(&mut self, x: u32, y: u32, z: u32) {
        self.property(Property::NumThreads(vec![x, y, z]));
    }

    /// Geometry shader state.
    pub fn gs_state(&mut self, s: GsState) {
        self.property(Property::GsState(s));
    }

    /// Domain shader state.
    pub fn ds_state(&mut self, s: DsState) {
        self.property(Property::DsState(s));
    }

    /// Mesh shader state.
    pub fn ms_state(&mut self, s: MsState) {
        self.property(Property::MsState(s));
    }

    /// Amplification shader state.
    pub fn as_state(&mut self, s: AsState) {
        self.property(Property::AsState(s));
    }

    /// Hull shader state; `patch_constant_function` is a function of this module
    /// (`void ()`), built with [`ShaderBuilder::function`].
    #[allow(clippy::too_many_arguments)]
    pub fn hs_state(
        &mut self,
        patch_constant_function: Value,
        input_control_points: u32,
        output_control_points: u32,
        domain: u32,
        partitioning: u32,
        output_primitive: u32,
        max_tess_factor: f32,
    ) -> Result<()> {
        let f = self.function_md(patch_constant_function)?;
        self.property(Property::HsState(HsState {
            patch_constant_function: f,
            input_control_points,
            output_control_points,
            domain,
            partitioning,
            output_primitive,
            max_tess_factor_bits: max_tess_factor.to_bits(),
        }));
        Ok(())
    }

    /// Adds a state subobject of a library (`dx.subobjects`, and the `RDAT` subobject
    /// table): hit groups, shader and pipeline configurations, root signatures and their
    /// associations.
    pub fn subobject(&mut self, subobject: Subobject) -> Result<()> {
        if self.cx.kind != ShaderKind::Library {
            return Err(Error::new(
                ErrorKind::Property,
                "subobjects belong to libraries",
            ));
        }
        if subobject.to_part().is_none() {
            return Err(Error::new(
                ErrorKind::Property,
                format!(
                    "subobject `{}`: unknown kind {}",
                    subobject.name, subobject.kind
                ),
            ));
        }
        if self.cx.subobjects.iter().any(|s| s.name == subobject.name) {
            return Err(Error::new(
                ErrorKind::Property,
                format!("subobject `{}` is defined twice", subobject.name),
            ));
        }
        self.cx.subobjects.push(subobject);
        Ok(())
    }

    /// A root signature in HLSL attribute syntax, compiled into the `RTS0` part.
    pub fn root_signature(&mut self, text: &str) -> Result<()> {
        let bytes = dxil_rootsig::compile_to_rts0(text, dxil_rootsig::Version::V1_1)
            .map_err(|e| Error::new(ErrorKind::RootSignature, e.to_string()))?;
        self.cx.root_signature = Some(bytes);
        Ok(())
    }

    /// Declares an annotated struct (see [`crate::annotation`]): a named LLVM struct in the
    /// reference's host layout, and its annotation in `dx.typeAnnotations` (member names,
    /// offsets, component types, matrix shapes). The structs a member holds are declared
    /// first; the same description again gives the same struct. The members are checked
    /// as the validator checks a constant buffer's (each inside the struct, arrays on
    /// 16-byte rows, none overlapping), here and again when the shader is finished (16-bit
    /// components take 2 bytes with [`ShaderBuilder::native_low_precision`], else 4).
    pub fn struct_type(&mut self, desc: &StructDesc) -> Result<StructType> {
        self.cx
            .structs
            .declare(&mut self.mb, desc, self.cx.native_low_precision)
    }

    /// Declares a resource range; its record goes to `dx.resources`, its handles come from
    /// [`EntryBuilder::handle`].
    pub fn resource(&mut self, desc: ResourceDesc) -> Result<ResourceId> {
        desc.check()?;
        let b = desc.binding;
        for (other, _) in &self.cx.resources {
            let same_space = other.class == desc.class && other.binding.space == b.space;
            let overlap = other.binding.lower_bound <= b.upper_bound()
                && b.lower_bound <= other.binding.upper_bound();
            if same_space && overlap {
                return Err(Error::new(
                    ErrorKind::Resource,
                    format!(
                        "resource `{}` ({}) overlaps `{}` ({}) in space {}",
                        desc.name,
                        desc.registers(),
                        other.name,
                        other.registers(),
                        b.space
                    ),
                ));
            }
        }
        let symbol = self.resource_symbol(&desc)?;
        self.cx.resources.push((desc, symbol));
        Ok(ResourceId((self.cx.resources.len() - 1) as u32))
    }

    /// A library's global of resource range `res`: what a library function loads and
    /// passes to `createHandleForLib` (see [`EntryBuilder::handle`]). `None` outside
    /// libraries.
    pub fn resource_global(&self, res: ResourceId) -> Option<Value> {
        self.cx.globals.get(res.0 as usize).copied().flatten()
    }

    /// The record's symbol: `undef` of a pointer to a struct named after the resource, as
    /// the reference leaves it once globals are gone.
    fn resource_symbol(&mut self, desc: &ResourceDesc) -> Result<Md> {
        let mb = &mut self.mb;
        if self.cx.kind == ShaderKind::Library {
            // Library functions find their resources through these globals: a handle is
            // loaded from one and passed to `createHandleForLib`.
            let handle = crate::types::ir_type(mb, &Ty::Struct("dx.types.Handle".into()))?;
            let opts = GlobalOptions {
                is_constant: true,
                align: 4,
                ..GlobalOptions::default()
            };
            let name = if desc.name.is_empty() {
                format!("dxil.resource.{}", self.cx.resources.len())
            } else {
                desc.name.clone()
            };
            let g = mb.add_global(Some(&name), handle, &opts)?;
            let ty = g
                .ty()
                .ok_or_else(|| Error::new(ErrorKind::Ir, "a global without a type"))?;
            self.cx.globals.push(Some(g));
            return Ok(Md::Value {
                ty,
                value: g.value_ref(),
            });
        }
        self.cx.globals.push(None);
        let st = match desc.layout {
            Some(layout) => layout.ty(),
            None => {
                let name = format!("dxil.resource.{}", self.cx.resources.len());
                let st = mb.struct_named(&name);
                // A typed resource's struct holds its element (`<4 x float>`): readers
                // take the element's components from it, as from DXC's class types.
                let elem = match desc.element {
                    crate::resource::Element::Typed(ct, n) => {
                        let s = if desc.wide {
                            mb.int(64)
                        } else {
                            crate::types::component_scalar_type(mb, ct)?
                        };
                        if n > 1 {
                            mb.ty(TypeData::Vector {
                                len: u64::from(n),
                                elem: s,
                            })
                            .map_err(Error::ir)?
                        } else {
                            s
                        }
                    }
                    _ => mb.int(32),
                };
                mb.set_struct_body(st, &[elem], false).map_err(Error::ir)?;
                st
            }
        };
        // A range of constant buffers points to an array of their structs (the validator
        // wants a struct as the element, SM.CBUFFERTEMPLATETYPEMUSTBESTRUCT); unbounded,
        // the array's length is u32::MAX as the reference writes it. Other ranges point to
        // arrays too (of length 0 when unbounded, as the reference writes them): before
        // shader model 6.6 the validator accepts `createHandle` at a dynamic index only
        // into a range whose symbol is an array.
        let range = desc.binding.range_size;
        let pointee = if range != 1 {
            let len = match (desc.class, range) {
                (ResourceClass::CBuffer, _) => u64::from(range),
                (_, u32::MAX) => 0,
                _ => u64::from(range),
            };
            mb.ty(TypeData::Array { len, elem: st })
                .map_err(Error::ir)?
        } else {
            st
        };
        let ptr = mb.pointer(pointee, 0).map_err(Error::ir)?;
        let undef = mb.const_undef(ptr).map_err(Error::ir)?;
        Ok(Md::Value {
            ty: ptr,
            value: undef.value_ref(),
        })
    }

    /// A group-shared variable (`addrspace(3)`) of type `ty`.
    pub fn group_shared(&mut self, name: &str, ty: Type) -> Result<Value> {
        let opts = GlobalOptions {
            addrspace: 3,
            align: 4,
            ..GlobalOptions::default()
        };
        self.mb.add_global(Some(name), ty, &opts).map_err(Error::ir)
    }

    fn function_md(&self, f: Value) -> Result<Md> {
        let Some(func) = f.function() else {
            return Err(Error::new(ErrorKind::Property, "expected a function"));
        };
        let ty = self.mb.module().functions[func].common.ty;
        Ok(Md::Value {
            ty,
            value: f.value_ref(),
        })
    }

    /// A `void ()` function with internal linkage (a hull shader's patch constant function):
    /// the builder of its body.
    pub fn function(&mut self, name: &str) -> Result<EntryBuilder<'_>> {
        let stage = self.cx.kind;
        self.define(name, stage, Linkage::Internal)
    }

    fn define(
        &mut self,
        name: &str,
        stage: ShaderKind,
        linkage: Linkage,
    ) -> Result<EntryBuilder<'_>> {
        self.define_with(name, stage, linkage, &[])
    }

    fn define_with(
        &mut self,
        name: &str,
        stage: ShaderKind,
        linkage: Linkage,
        params: &[Type],
    ) -> Result<EntryBuilder<'_>> {
        let void = self.mb.void();
        let fn_ty = self.mb.function_type(void, params, false)?;
        let opts = FunctionOptions {
            linkage,
            ..FunctionOptions::default()
        };
        let f = self
            .mb
            .declare_function(Some(name), fn_ty, &opts)
            .map_err(Error::ir)?;
        let func = f
            .function()
            .ok_or_else(|| Error::new(ErrorKind::Ir, "not a function"))?;
        let cx = OpContext {
            stage,
            model: self.cx.model,
            low_precision: if self.cx.native_low_precision {
                LowPrecision::Native
            } else {
                LowPrecision::Minimum
            },
        };
        let mut fb = self.mb.define_function(func).map_err(Error::ir)?;
        let block = fb.add_block(None).map_err(Error::ir)?;
        fb.position_at_end(block).map_err(Error::ir)?;
        Ok(EntryBuilder {
            fb,
            cx,
            shader: &mut self.cx,
            function: f,
        })
    }

    /// The entry function (`void ()`) of a non-library shader.
    pub fn entry(&mut self, name: &str) -> Result<EntryBuilder<'_>> {
        if self.cx.kind == ShaderKind::Library {
            return Err(Error::new(
                ErrorKind::Property,
                "a library's entries have kinds: use entry_of_kind",
            ));
        }
        if !self.cx.entries.is_empty() {
            return Err(Error::new(
                ErrorKind::Property,
                format!("a {} shader has one entry", self.cx.kind.name()),
            ));
        }
        let stage = self.cx.kind;
        let e = self.define(name, stage, Linkage::External)?;
        let function = e.function;
        e.shader.entries.push(EntryState {
            name: name.to_string(),
            function,
            kind: stage,
            signatures: Default::default(),
            properties: Vec::new(),
        });
        Ok(e)
    }

    /// An entry of a library: a function of shader kind `kind` (`RayGeneration`, `Miss`,
    /// `ClosestHit`, `AnyHit`, `Intersection`, `Callable`, `Node`, or a stage kind) with
    /// parameters `params` (ray tracing payload and attribute pointers) and the properties
    /// the kind needs (payload and attribute sizes, node properties). The entry's shader
    /// kind property is added here.
    pub fn entry_of_kind(
        &mut self,
        name: &str,
        kind: ShaderKind,
        params: &[Type],
        properties: Vec<Property>,
    ) -> Result<EntryBuilder<'_>> {
        if self.cx.kind != ShaderKind::Library {
            return Err(Error::new(
                ErrorKind::Property,
                "entries with their own kinds belong to libraries",
            ));
        }
        if kind == ShaderKind::Library || kind == ShaderKind::Invalid {
            return Err(Error::new(
                ErrorKind::Property,
                format!("a library entry cannot be of kind {}", kind.name()),
            ));
        }
        let e = self.define_with(name, kind, Linkage::External, params)?;
        let function = e.function;
        let mut props = vec![Property::ShaderKind(kind as u32)];
        props.extend(properties);
        e.shader.entries.push(EntryState {
            name: name.to_string(),
            function,
            kind,
            signatures: Default::default(),
            properties: props,
        });
        Ok(e)
    }

    /// Runs the optimizer over every finished function body (dead code, common
    /// subexpressions, trivial phis, CFG simplification: see [`dxil_opt`]). Calls are pure
    /// as the `dx.op` declarations' attributes say; declarations stay (the last call of
    /// each is kept), so the functions resolved so far stay valid. Call it after the last
    /// function is finished: [`ShaderBuilder::finish`] then computes the shader flags from
    /// the code that remains.
    pub fn optimize(&mut self) -> Result<dxil_opt::Stats> {
        dxil_opt::optimize_builder(&mut self.mb)
            .map_err(|e| Error::new(ErrorKind::Ir, format!("optimizer: {e}")))
    }

    /// Finishes the module and writes the container: metadata, packed signatures, computed
    /// shader flags, every part, the digest.
    pub fn finish(self) -> Result<Vec<u8>> {
        let ShaderBuilder { mut mb, mut cx } = self;
        if cx.entries.is_empty() && cx.kind != ShaderKind::Library {
            return Err(Error::new(ErrorKind::Property, "the shader has no entry"));
        }
        let (sigs, props) = std::mem::take(&mut cx.pending);
        if let Some(e) = cx.entries.first_mut() {
            if cx.kind != ShaderKind::Library {
                e.signatures = sigs;
                e.properties.extend(props);
            }
        }
        check_properties(&cx)?;
        cx.structs.check(cx.native_low_precision)?;
        let structs = cx.structs.annotations(&mut mb)?;
        let target_types = target_types(&mut mb)?;
        let mut entries = Vec::with_capacity(cx.entries.len());
        for e in cx.entries {
            let ty = (e.function.function())
                .and_then(|f| mb.module().functions.get(f))
                .map(|f| f.common.ty)
                .ok_or_else(|| Error::new(ErrorKind::Ir, "entry function vanished"))?;
            entries.push(EntryMeta {
                function: Md::Value {
                    ty,
                    value: e.function.value_ref(),
                },
                name: e.name,
                signatures: e.signatures,
                properties: e.properties,
                kind: e.kind,
            });
        }
        let meta = ShaderMeta {
            kind: cx.kind,
            model: cx.model,
            validator: cx.validator,
            resources: cx.resources,
            entries,
            option_flags: if cx.native_low_precision {
                1 << bit::USE_NATIVE_LOW_PRECISION
            } else {
                0
            } | if cx.force_early_depth_stencil {
                1 << bit::FORCE_EARLY_DEPTH_STENCIL
            } else {
                0
            },
            root_signature: cx.root_signature,
            subobjects: cx.subobjects,
            target_types,
            structs,
        };
        finish(mb, &meta)
    }
}

/// The `dx.targetTypes` records of the LinAlg matrix types in the module, in the order the
/// types were made: the type's `undef`, then component type, rows, columns, use and scope
/// (`!{%dx.types.LinAlgMatrixC9M4N4U0S1 undef, i32 9, i32 4, i32 4, i32 0, i32 1}`). The
/// validator reads a matrix operand's shape from this record and refuses one without it.
fn target_types(mb: &mut ModuleBuilder) -> Result<Vec<Md>> {
    let mut matrices = Vec::new();
    for (ty, data) in mb.module().types.iter_with_ids() {
        let TypeData::Struct(st) = data else { continue };
        let Some(name) = st.name.as_deref() else {
            continue;
        };
        if !name.starts_with("dx.types.LinAlgMatrix") {
            continue;
        }
        let shape = crate::types::matrix_shape(name).ok_or_else(|| {
            Error::new(
                ErrorKind::Operand,
                format!("`%{name}` does not spell a matrix shape (C<n>M<n>N<n>U<n>S<n>)"),
            )
        })?;
        matrices.push((ty, shape));
    }
    let mut records = Vec::with_capacity(matrices.len());
    for (ty, shape) in matrices {
        let undef = mb.const_undef(ty).map_err(Error::ir)?;
        let mut fields = vec![Md::Value {
            ty,
            value: undef.value_ref(),
        }];
        fields.extend(shape.map(Md::i32));
        records.push(Md::node(fields));
    }
    Ok(records)
}

/// The properties each stage must have.
fn check_properties(cx: &Context) -> Result<()> {
    for e in &cx.entries {
        let has = |f: fn(&Property) -> bool| e.properties.iter().any(f);
        let need = match e.kind {
            ShaderKind::Compute => {
                (!has(|p| matches!(p, Property::NumThreads(_)))).then_some("numthreads")
            }
            ShaderKind::Geometry => {
                (!has(|p| matches!(p, Property::GsState(_)))).then_some("geometry shader state")
            }
            ShaderKind::Hull => {
                (!has(|p| matches!(p, Property::HsState(_)))).then_some("hull shader state")
            }
            ShaderKind::Domain => {
                (!has(|p| matches!(p, Property::DsState(_)))).then_some("domain shader state")
            }
            ShaderKind::Mesh => {
                (!has(|p| matches!(p, Property::MsState(_)))).then_some("mesh shader state")
            }
            ShaderKind::Amplification => (!has(|p| matches!(p, Property::AsState(_))))
                .then_some("amplification shader state"),
            _ => None,
        };
        if let Some(what) = need {
            return Err(Error::new(
                ErrorKind::Property,
                format!("entry `{}` has no {what}", e.name),
            ));
        }
    }
    Ok(())
}
