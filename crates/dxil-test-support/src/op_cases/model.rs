//! The shape of an operation case: what a shader needs around one `dx.op.*` call for the
//! reference validator to accept it, as plain data a builder can rebuild the shader from.

/// A component type (DXIL.rst "Component Type"; the numbers are the metadata codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comp {
    /// `i1`.
    I1 = 1,
    /// 16-bit signed integer.
    I16 = 2,
    /// 16-bit unsigned integer.
    U16 = 3,
    /// 32-bit signed integer.
    I32 = 4,
    /// 32-bit unsigned integer.
    U32 = 5,
    /// 64-bit signed integer.
    I64 = 6,
    /// 64-bit unsigned integer.
    U64 = 7,
    /// `half`.
    F16 = 8,
    /// `float`.
    F32 = 9,
    /// `double`.
    F64 = 10,
}

impl Comp {
    /// The LLVM scalar type of the component.
    pub const fn llvm(self) -> &'static str {
        match self {
            Comp::I1 => "i1",
            Comp::I16 | Comp::U16 => "i16",
            Comp::I32 | Comp::U32 => "i32",
            Comp::I64 | Comp::U64 => "i64",
            Comp::F16 => "half",
            Comp::F32 => "float",
            Comp::F64 => "double",
        }
    }
}

/// Resource class (DXIL.rst "Resource Classes"; the numbers are `dx.resources` list
/// positions and the `resourceClass` operand of `CreateHandle`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResClass {
    /// Shader resource view (`t` register).
    Srv = 0,
    /// Unordered access view (`u` register).
    Uav = 1,
    /// Constant buffer (`b` register).
    CBuffer = 2,
    /// Sampler (`s` register).
    Sampler = 3,
}

/// Resource kind (DXIL.rst "Resource Kinds"; the numbers are the metadata codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResKind {
    /// `Texture1D`.
    Texture1D = 1,
    /// `Texture2D`.
    Texture2D = 2,
    /// `Texture2DMS`.
    Texture2DMS = 3,
    /// `Texture3D`.
    Texture3D = 4,
    /// `TextureCube`.
    TextureCube = 5,
    /// `Texture1DArray`.
    Texture1DArray = 6,
    /// `Texture2DArray`.
    Texture2DArray = 7,
    /// `Texture2DMSArray`.
    Texture2DMSArray = 8,
    /// `TextureCubeArray`.
    TextureCubeArray = 9,
    /// `Buffer<T>`.
    TypedBuffer = 10,
    /// `ByteAddressBuffer`.
    RawBuffer = 11,
    /// `StructuredBuffer<T>`.
    StructuredBuffer = 12,
    /// `cbuffer`.
    CBuffer = 13,
    /// `SamplerState` / `SamplerComparisonState`.
    Sampler = 14,
    /// `tbuffer`.
    TBuffer = 15,
    /// `RaytracingAccelerationStructure`.
    RTAccelerationStructure = 16,
    /// `FeedbackTexture2D`.
    FeedbackTexture2D = 17,
    /// `FeedbackTexture2DArray`.
    FeedbackTexture2DArray = 18,
}

/// One resource binding of the shader, a range of one register.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Res {
    /// Class.
    pub class: ResClass,
    /// Kind.
    pub kind: ResKind,
    /// Element component type of typed resources (textures, typed buffers) and of
    /// acceleration structures (`I32`); ignored otherwise.
    pub comp: Comp,
    /// Components per element of typed resources (1..=4).
    pub count: u32,
    /// Structured buffers: the stride in bytes. Constant buffers: the size in bytes.
    /// Feedback textures: the sampler feedback type (0 MinMip, 1 MipRegionUsed). Else 0.
    pub size: u32,
    /// UAVs: has a hidden counter. Samplers: a comparison sampler.
    pub flag: bool,
    /// Register space.
    pub space: u32,
    /// Register (lower bound of the one-register range).
    pub register: u32,
}

/// One element of a signature (DXIL.rst "Signature Elements"). The semantic kind follows
/// from the name (`SV_Position` is Position, a name without `SV_` is Arbitrary); the
/// semantic indexes are `0..rows`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SigElem {
    /// Semantic name.
    pub semantic: &'static str,
    /// Component type.
    pub comp: Comp,
    /// Interpolation mode (0 undefined, 1 constant, 2 linear, 4 linear noperspective, ...).
    pub interp: u32,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u32,
    /// Packed start row; -1 for system values that are not packed (`SV_Depth`, ...).
    pub row: i32,
    /// Packed start column; -1 when not packed.
    pub col: i32,
}

/// A property of the entry point (`dx.entryPoints` properties) or of the module.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Prop {
    /// `numthreads(x, y, z)` of compute, mesh, amplification and node shaders.
    NumThreads(u32, u32, u32),
    /// Geometry shader state: input primitive, max vertex count, active stream mask,
    /// output topology, instance count (DXIL.rst codes).
    Geometry(u32, u32, u32, u32, u32),
    /// Domain shader state: domain (1 isoline, 2 tri, 3 quad), input control points.
    Domain(u32, u32),
    /// Hull shader state: input control points, output control points, domain,
    /// partitioning, output topology, max tessellation factor. The patch constant
    /// function stores nothing.
    Hull(u32, u32, u32, u32, u32, f32),
    /// Mesh shader state: max vertices, max primitives, output topology (1 line,
    /// 2 triangle), payload size in bytes.
    Mesh(u32, u32, u32, u32),
    /// Amplification shader state: payload size in bytes.
    Amplification(u32),
    /// The call is made in the hull shader's patch constant function, not the entry.
    InPatchConstantFunction,
    /// 16-bit types are native (`-enable-16bit-types`, shader flag
    /// UseNativeLowPrecision).
    NativeLowPrecision,
}

/// One operand of the call, after the opcode, in the database's order.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Arg {
    /// An integer constant of the operand's type (`i1`: 0 false, else true).
    Int(i64),
    /// A floating-point constant of the operand's type.
    Float(f64),
    /// `undef` of the operand's type.
    Undef,
    /// The handle of `resources[i]`: `CreateHandle` below shader model 6.6,
    /// `CreateHandleFromBinding` and `AnnotateHandle` from 6.6.
    Handle(usize),
    /// A value the shader reads, not a constant: `ThreadId(0)` in compute-like stages,
    /// `LoadInput` of the first input's first component elsewhere; converted to the
    /// operand's type.
    Input,
    /// A value made by other operations, by name (see [`crate::op_cases::SPECIALS`]).
    Special(&'static str),
}

/// A minimal valid use of one operation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct OpCase {
    /// Opcode (table id in the high 16 bits).
    pub opcode: u32,
    /// Shader kind as `dx.shaderModel` spells it: `cs`, `ps`, `vs`, `gs`, `hs`, `ds`,
    /// `ms`, `as` or `lib`.
    pub stage: &'static str,
    /// For `lib`: the entry's shader kind (`raygeneration`, `closesthit`, `anyhit`, `miss`,
    /// `intersection`, `callable`, `node`); empty otherwise.
    pub entry: &'static str,
    /// Shader model (major, minor); the DXIL version is 1.minor.
    pub model: (u32, u32),
    /// LLVM spelling of the overload type (`float`, `i32`, `half`, ...), `void` for
    /// operations without overloads. Operations with several overload positions (`$x0`,
    /// `$x1`, ...) take this one first.
    pub overload: &'static str,
    /// The overload types of the positions after the first, in order (empty for
    /// operations with one position).
    pub more_overloads: &'static [&'static str],
    /// Resources, bound in this order; [`Arg::Handle`] indexes them.
    pub resources: &'static [Res],
    /// Input signature.
    pub inputs: &'static [SigElem],
    /// Output signature.
    pub outputs: &'static [SigElem],
    /// Patch constant signature (hull and domain shaders); primitive output signature
    /// (mesh shaders).
    pub patch: &'static [SigElem],
    /// Entry and module properties.
    pub props: &'static [Prop],
    /// Operands after the opcode.
    pub args: &'static [Arg],
    /// For a `node` library entry: its launch, input and outputs.
    pub node: Option<Node>,
}

/// A work graph node entry (a `lib` entry of kind `node`, DXIL.rst "Shader Properties and
/// Capabilities", node shaders): named `main`, node id `("main", 0)`, no local root
/// arguments table, `numthreads` from the case's properties.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Node {
    /// `NodeLaunchType`: 1 broadcasting (with a 1x1x1 dispatch grid), 2 coalescing, 3 thread.
    pub launch: u32,
    /// The input, if any (metadata index 0).
    pub input: Option<NodeIo>,
    /// The outputs, in metadata index order; output `i` is named `("output", i)`.
    pub outputs: &'static [NodeIo],
    /// Max recursion depth; 0 when not given.
    pub max_recursion: u32,
}

/// One node input or output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NodeIo {
    /// `NodeIOFlags`: input 0x1, output 0x2, read-write 0x4, empty record 0x8, node array
    /// 0x10, thread / group / dispatch record 0x20 / 0x40 / 0x60, track read-write input
    /// sharing 0x100.
    pub flags: u32,
    /// Record size in bytes (alignment 4); 0 for empty records, which have no record type.
    pub record_size: u32,
    /// Max records (coalescing inputs and outputs); 0 when not given.
    pub max_records: u32,
    /// Output arrays: the array size; 0 otherwise.
    pub array_size: u32,
}

impl NodeIo {
    /// An input or output with `flags` and a record of `record_size` bytes.
    pub const fn new(flags: u32, record_size: u32) -> NodeIo {
        NodeIo {
            flags,
            record_size,
            max_records: 0,
            array_size: 0,
        }
    }
    /// With at most `n` records.
    pub const fn max_records(mut self, n: u32) -> NodeIo {
        self.max_records = n;
        self
    }
    /// An output array of `n` nodes.
    pub const fn array(mut self, n: u32) -> NodeIo {
        self.array_size = n;
        self
    }
}

/// `numthreads(1, 1, 1)`.
pub const CS1: &[Prop] = &[Prop::NumThreads(1, 1, 1)];

impl OpCase {
    /// A case in `stage` at shader model `model` with no resources, signatures or
    /// properties.
    pub const fn new(
        opcode: u32,
        stage: &'static str,
        model: (u32, u32),
        overload: &'static str,
        args: &'static [Arg],
    ) -> OpCase {
        OpCase {
            opcode,
            stage,
            entry: "",
            model,
            overload,
            more_overloads: &[],
            resources: &[],
            inputs: &[],
            outputs: &[],
            patch: &[],
            props: &[],
            args,
            node: None,
        }
    }
    /// A compute shader case with `numthreads(1, 1, 1)`.
    pub const fn cs(
        opcode: u32,
        model: (u32, u32),
        overload: &'static str,
        args: &'static [Arg],
    ) -> OpCase {
        OpCase::new(opcode, "cs", model, overload, args).props(CS1)
    }
    /// With these overload types after the first (see [`OpCase::more_overloads`]).
    pub const fn more_overloads(mut self, o: &'static [&'static str]) -> OpCase {
        self.more_overloads = o;
        self
    }
    /// The overload type of every position, the first one first.
    pub fn overloads(&self) -> impl Iterator<Item = &'static str> {
        std::iter::once(self.overload).chain(self.more_overloads.iter().copied())
    }
    /// With these resources.
    pub const fn res(mut self, r: &'static [Res]) -> OpCase {
        self.resources = r;
        self
    }
    /// With this input signature.
    pub const fn ins(mut self, s: &'static [SigElem]) -> OpCase {
        self.inputs = s;
        self
    }
    /// With this output signature.
    pub const fn outs(mut self, s: &'static [SigElem]) -> OpCase {
        self.outputs = s;
        self
    }
    /// With this patch constant signature.
    pub const fn patch(mut self, s: &'static [SigElem]) -> OpCase {
        self.patch = s;
        self
    }
    /// With these properties.
    pub const fn props(mut self, p: &'static [Prop]) -> OpCase {
        self.props = p;
        self
    }
    /// A library entry of this kind.
    pub const fn entry(mut self, kind: &'static str) -> OpCase {
        self.entry = kind;
        self
    }
    /// A node entry of a library.
    pub const fn node(mut self, node: Node) -> OpCase {
        self.entry = "node";
        self.node = Some(node);
        self
    }
}

impl Res {
    /// A resource in space 0 at `register`.
    pub const fn new(class: ResClass, kind: ResKind, comp: Comp, count: u32, register: u32) -> Res {
        Res {
            class,
            kind,
            comp,
            count,
            size: 0,
            flag: false,
            space: 0,
            register,
        }
    }
    /// With this stride, size or feedback type (see [`Res::size`]).
    pub const fn size(mut self, size: u32) -> Res {
        self.size = size;
        self
    }
    /// With a counter (UAVs) or as a comparison sampler.
    pub const fn flagged(mut self) -> Res {
        self.flag = true;
        self
    }
}
