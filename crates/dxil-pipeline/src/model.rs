//! The pipeline description of LLVM's offload-test-suite (`include/Support/Pipeline.h`):
//! shaders, CPU-side buffers, samplers, descriptor sets, dispatch size and the `Results`
//! rules, as this executor keeps them.

pub use dxil_exec::resource::{AddressMode, ComparisonFunc, Filter};

/// How a buffer's values are written in the YAML and printed after a run (`DataFormat`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum DataFormat {
    Hex8,
    Hex16,
    Hex32,
    Hex64,
    UInt16,
    UInt32,
    UInt64,
    Int16,
    Int32,
    Int64,
    Float16,
    Float32,
    Float64,
    Depth32,
    Bool,
}

impl DataFormat {
    /// Every format and its YAML name.
    pub const ALL: [(DataFormat, &'static str); 15] = [
        (DataFormat::Hex8, "Hex8"),
        (DataFormat::Hex16, "Hex16"),
        (DataFormat::Hex32, "Hex32"),
        (DataFormat::Hex64, "Hex64"),
        (DataFormat::UInt16, "UInt16"),
        (DataFormat::UInt32, "UInt32"),
        (DataFormat::UInt64, "UInt64"),
        (DataFormat::Int16, "Int16"),
        (DataFormat::Int32, "Int32"),
        (DataFormat::Int64, "Int64"),
        (DataFormat::Float16, "Float16"),
        (DataFormat::Float32, "Float32"),
        (DataFormat::Float64, "Float64"),
        (DataFormat::Depth32, "Depth32"),
        (DataFormat::Bool, "Bool"),
    ];

    /// The YAML name.
    pub fn name(self) -> &'static str {
        DataFormat::ALL
            .iter()
            .find(|(f, _)| *f == self)
            .map_or("", |(_, n)| n)
    }

    /// Bytes one value takes (`Bool` is 4, as HLSL stores it).
    pub fn size(self) -> u32 {
        match self {
            DataFormat::Hex8 => 1,
            DataFormat::Hex16 | DataFormat::UInt16 | DataFormat::Int16 | DataFormat::Float16 => 2,
            DataFormat::Hex32
            | DataFormat::UInt32
            | DataFormat::Int32
            | DataFormat::Float32
            | DataFormat::Depth32
            | DataFormat::Bool => 4,
            DataFormat::Hex64 | DataFormat::UInt64 | DataFormat::Int64 | DataFormat::Float64 => 8,
        }
    }

    /// Whether the float rules (`BufferFloatULP`, `BufferFloatEpsilon`) accept it.
    pub fn is_float(self) -> bool {
        matches!(
            self,
            DataFormat::Float16 | DataFormat::Float32 | DataFormat::Float64
        )
    }
}

/// Texture dimensions of a buffer used as an image (`OutputProps`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutputProps {
    /// Height in texels.
    pub height: u32,
    /// Width in texels.
    pub width: u32,
    /// Depth in texels.
    pub depth: u32,
    /// Mip levels (default 1).
    pub mip_levels: u32,
}

/// A CPU-side buffer (`CPUBuffer`): its values, one block per array element.
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    /// Its name, which resources and results refer to.
    pub name: String,
    /// How its values are written and printed.
    pub format: DataFormat,
    /// Values per element (default 1).
    pub channels: u32,
    /// Bytes per structured element, 0 when not given.
    pub stride: u32,
    /// Blocks (resource arrays), default 1.
    pub array_size: u32,
    /// The bytes: `array_size` blocks of equal size.
    pub data: Vec<Vec<u8>>,
    /// Image dimensions, when given.
    pub output_props: Option<OutputProps>,
    /// Hidden counters read back after a run (one per block), printed as `Counter`.
    pub counters: Vec<u32>,
    /// The YAML line of its entry.
    pub line: usize,
}

impl Buffer {
    /// Bytes per element: the stride when given, else the format's size times the channels.
    pub fn element_size(&self) -> u32 {
        if self.stride > 0 {
            self.stride
        } else {
            self.format.size() * self.channels
        }
    }

    /// Bytes per block.
    pub fn size(&self) -> usize {
        self.data.first().map_or(0, Vec::len)
    }
}

/// How a resource is presented to the shader (`SuiteResourceKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum SuiteResourceKind {
    Buffer,
    StructuredBuffer,
    ByteAddressBuffer,
    Texture2D,
    RWBuffer,
    RWStructuredBuffer,
    RWByteAddressBuffer,
    RWTexture2D,
    ConstantBuffer,
    Sampler,
    SampledTexture2D,
    AccelerationStructure,
}

impl SuiteResourceKind {
    /// Every kind and its YAML name.
    pub const ALL: [(SuiteResourceKind, &'static str); 12] = [
        (SuiteResourceKind::Buffer, "Buffer"),
        (SuiteResourceKind::StructuredBuffer, "StructuredBuffer"),
        (SuiteResourceKind::ByteAddressBuffer, "ByteAddressBuffer"),
        (SuiteResourceKind::Texture2D, "Texture2D"),
        (SuiteResourceKind::RWBuffer, "RWBuffer"),
        (SuiteResourceKind::RWStructuredBuffer, "RWStructuredBuffer"),
        (
            SuiteResourceKind::RWByteAddressBuffer,
            "RWByteAddressBuffer",
        ),
        (SuiteResourceKind::RWTexture2D, "RWTexture2D"),
        (SuiteResourceKind::ConstantBuffer, "ConstantBuffer"),
        (SuiteResourceKind::Sampler, "Sampler"),
        (SuiteResourceKind::SampledTexture2D, "SampledTexture2D"),
        (
            SuiteResourceKind::AccelerationStructure,
            "AccelerationStructure",
        ),
    ];

    /// The YAML name.
    pub fn name(self) -> &'static str {
        SuiteResourceKind::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("", |(_, n)| n)
    }

    /// Whether the shader reads it through its bytes alone (structured, raw, constant).
    pub fn is_raw(self) -> bool {
        matches!(
            self,
            SuiteResourceKind::StructuredBuffer
                | SuiteResourceKind::RWStructuredBuffer
                | SuiteResourceKind::ByteAddressBuffer
                | SuiteResourceKind::RWByteAddressBuffer
                | SuiteResourceKind::ConstantBuffer
        )
    }
}

/// Where a resource is bound for Direct3D (`DirectXBinding`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DxBinding {
    /// Register.
    pub register: u32,
    /// Register space.
    pub space: u32,
}

/// One resource of a descriptor set (`Resource`).
#[derive(Clone, Debug, PartialEq)]
pub struct ResourceDesc {
    /// The buffer, sampler or acceleration structure it refers to.
    pub name: String,
    /// How the shader sees it.
    pub kind: SuiteResourceKind,
    /// Whether a UAV has a hidden counter.
    pub has_counter: bool,
    /// Its Direct3D register binding (exactly one of this and `heap_index`).
    pub binding: Option<DxBinding>,
    /// Its place in the SM 6.6 descriptor heap.
    pub heap_index: Option<u32>,
    /// Its Vulkan binding and counter binding (kept to print the pipeline back).
    pub vulkan: Option<(u32, Option<u32>)>,
    /// The YAML line of its entry.
    pub line: usize,
}

/// The suite's spellings of sampler filters (`FilterMode`).
pub const FILTER_NAMES: [(Filter, &str); 2] =
    [(Filter::Point, "Nearest"), (Filter::Linear, "Linear")];

/// The suite's spellings of address modes (`AddressMode`).
pub const ADDRESS_NAMES: [(AddressMode, &str); 5] = [
    (AddressMode::Clamp, "Clamp"),
    (AddressMode::Wrap, "Repeat"),
    (AddressMode::Mirror, "Mirror"),
    (AddressMode::Border, "Border"),
    (AddressMode::MirrorOnce, "MirrorOnce"),
];

/// The suite's spellings of comparison functions (`CompareFunction`).
pub const COMPARISON_NAMES: [(ComparisonFunc, &str); 8] = [
    (ComparisonFunc::Never, "Never"),
    (ComparisonFunc::Less, "Less"),
    (ComparisonFunc::Equal, "Equal"),
    (ComparisonFunc::LessEqual, "LessEqual"),
    (ComparisonFunc::Greater, "Greater"),
    (ComparisonFunc::NotEqual, "NotEqual"),
    (ComparisonFunc::GreaterEqual, "GreaterEqual"),
    (ComparisonFunc::Always, "Always"),
];

/// The spelling of `v` in one of the tables above.
pub fn name_of<T: PartialEq>(table: &[(T, &'static str)], v: &T) -> &'static str {
    table.iter().find(|(t, _)| t == v).map_or("", |(_, n)| n)
}

/// A sampler (`YAMLSampler`), with the suite's defaults.
#[derive(Clone, Debug, PartialEq)]
pub struct Sampler {
    /// Its name.
    pub name: String,
    /// Whether it is a comparison sampler.
    pub comparison: bool,
    /// Minification filter (default linear).
    pub min_filter: Filter,
    /// Magnification filter (default linear).
    pub mag_filter: Filter,
    /// Addressing in every direction (default clamp).
    pub address: AddressMode,
    /// Lowest mip level (default 0).
    pub min_lod: f32,
    /// Highest mip level (default `f32::MAX`).
    pub max_lod: f32,
    /// Mip level bias (default 0).
    pub mip_lod_bias: f32,
    /// Comparison function (default never).
    pub comparison_op: ComparisonFunc,
}

/// A `Results` rule (`Rule`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rule {
    /// Byte-for-byte equality.
    BufferExact,
    /// Float values within `ulp` units in the last place.
    BufferFloatUlp {
        /// Tolerance in ULPs.
        ulp: u32,
        /// Absolute tolerance used near zero (0: off).
        zero_tolerance: f64,
    },
    /// Float values within `epsilon` of each other.
    BufferFloatEpsilon {
        /// Tolerance.
        epsilon: f64,
    },
}

/// How expected denormals are compared (`DenormMode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DenormMode {
    /// An expected denormal may come out as a zero of the same sign.
    #[default]
    Any,
    /// Flushed to zero.
    Ftz,
    /// Preserved.
    Preserve,
}

/// One `Results` entry.
#[derive(Clone, Debug, PartialEq)]
pub struct ResultRule {
    /// Its name (`Result`).
    pub name: String,
    /// How to compare.
    pub rule: Rule,
    /// Denormal handling of the float rules.
    pub denorm: DenormMode,
    /// The buffer the run produced.
    pub actual: String,
    /// The buffer holding the expected values.
    pub expected: String,
    /// The YAML line of its entry.
    pub line: usize,
}

/// Shader stages (`Stages`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Stage {
    Compute,
    Vertex,
    Hull,
    Domain,
    Geometry,
    Pixel,
    Amplification,
    Mesh,
    RayGeneration,
    Miss,
    ClosestHit,
    AnyHit,
    Intersection,
    Callable,
}

impl Stage {
    /// Every stage and its YAML name.
    pub const ALL: [(Stage, &'static str); 14] = [
        (Stage::Compute, "Compute"),
        (Stage::Vertex, "Vertex"),
        (Stage::Hull, "Hull"),
        (Stage::Domain, "Domain"),
        (Stage::Geometry, "Geometry"),
        (Stage::Pixel, "Pixel"),
        (Stage::Amplification, "Amplification"),
        (Stage::Mesh, "Mesh"),
        (Stage::RayGeneration, "RayGeneration"),
        (Stage::Miss, "Miss"),
        (Stage::ClosestHit, "ClosestHit"),
        (Stage::AnyHit, "AnyHit"),
        (Stage::Intersection, "Intersection"),
        (Stage::Callable, "Callable"),
    ];

    /// The YAML name.
    pub fn name(self) -> &'static str {
        Stage::ALL
            .iter()
            .find(|(s, _)| *s == self)
            .map_or("", |(_, n)| n)
    }
}

/// A shader of the pipeline.
#[derive(Clone, Debug, PartialEq)]
pub struct Shader {
    /// Its stage.
    pub stage: Stage,
    /// Its entry point.
    pub entry: String,
    /// The YAML line of its entry.
    pub line: usize,
}

/// A group of push-constant bytes (`PushConstantValue`).
#[derive(Clone, Debug, PartialEq)]
pub struct PushConstantValue {
    /// The format its values were written in.
    pub format: DataFormat,
    /// Byte offset in the block.
    pub offset: u32,
    /// The bytes.
    pub data: Vec<u8>,
}

/// A push-constant block (`PushConstantBlock`).
#[derive(Clone, Debug, PartialEq)]
pub struct PushConstantBlock {
    /// The stage it is for.
    pub stage: Stage,
    /// Its values.
    pub values: Vec<PushConstantValue>,
    /// The YAML line of its entry.
    pub line: usize,
}

impl PushConstantBlock {
    /// The block's bytes laid out: each value at its offset.
    pub fn content(&self) -> Vec<u8> {
        let size = self
            .values
            .iter()
            .map(|v| v.offset as usize + v.data.len())
            .fold(0, usize::max);
        let mut out = vec![0; size];
        for v in &self.values {
            out[v.offset as usize..v.offset as usize + v.data.len()].copy_from_slice(&v.data);
        }
        out
    }
}

/// A Direct3D root parameter given explicitly (`RuntimeSettings.DirectX.RootParameters`).
#[derive(Clone, Debug, PartialEq)]
pub enum RootParameter {
    /// 32-bit root constants taken from a buffer.
    Constant {
        /// The buffer.
        name: String,
    },
    /// The next descriptor set.
    DescriptorTable,
    /// A root descriptor of a raw resource.
    RootDescriptor {
        /// The buffer.
        name: String,
        /// How the shader sees it.
        kind: SuiteResourceKind,
    },
}

/// A whole pipeline description.
#[derive(Clone, Debug, PartialEq)]
pub struct Pipeline {
    /// The shaders (a compute pipeline has one).
    pub shaders: Vec<Shader>,
    /// The buffers, in document order (the order they print in).
    pub buffers: Vec<Buffer>,
    /// The samplers.
    pub samplers: Vec<Sampler>,
    /// The rules checked after the run.
    pub results: Vec<ResultRule>,
    /// The descriptor sets.
    pub sets: Vec<Vec<ResourceDesc>>,
    /// Push-constant blocks.
    pub push_constants: Vec<PushConstantBlock>,
    /// Explicit Direct3D root parameters (empty: the default layout).
    pub root_parameters: Vec<RootParameter>,
    /// Thread groups to dispatch (default 1, 1, 1).
    pub dispatch: [u32; 3],
    /// Constructs this executor does not run, with their line (ray tracing, rasterisation).
    pub unsupported: Vec<(usize, String)>,
    /// Rasterisation: the vertex buffer, its layout and the render target (`Bindings`).
    pub io: Option<IoBindings>,
    /// Vertices to draw (`DispatchParameters: VertexCount`; default: all the vertex
    /// buffer holds).
    pub vertex_count: Option<u32>,
}

/// One attribute of the vertex layout (`VertexAttributes`).
#[derive(Clone, Debug, PartialEq)]
pub struct VertexAttributeDesc {
    /// Component format.
    pub format: DataFormat,
    /// Components.
    pub channels: u32,
    /// Byte offset within a vertex.
    pub offset: u32,
    /// Semantic name.
    pub name: String,
    /// Its line.
    pub line: usize,
}

impl VertexAttributeDesc {
    /// Bytes it takes (a vertex's stride is the sum of its attributes').
    pub fn size(&self) -> u32 {
        self.format.size() * self.channels
    }
}

/// Rasterisation bindings (`Bindings`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct IoBindings {
    /// The vertex buffer's name.
    pub vertex_buffer: Option<String>,
    /// The vertex layout.
    pub attributes: Vec<VertexAttributeDesc>,
    /// The render target's name.
    pub render_target: Option<String>,
    /// Its line.
    pub line: usize,
}

impl Pipeline {
    /// The buffer called `name`.
    pub fn buffer(&self, name: &str) -> Option<&Buffer> {
        self.buffers.iter().find(|b| b.name == name)
    }

    /// The index of the buffer called `name`.
    pub fn buffer_index(&self, name: &str) -> Option<usize> {
        self.buffers.iter().position(|b| b.name == name)
    }

    /// The sampler called `name`.
    pub fn sampler(&self, name: &str) -> Option<&Sampler> {
        self.samplers.iter().find(|s| s.name == name)
    }
}
