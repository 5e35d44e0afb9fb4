//! Resources as the executor sees them: memory with a view (how the shader addresses it) and
//! a binding (class, space, register), the way a Direct3D 12 root signature and descriptor
//! heap present them to a shader (LLVM's "DXIL Resource Handling", "resource binding"; DXIL.rst "Shader
//! Resources").

/// The register class a resource is bound in, and how a view addresses its memory: DXIL's
/// own `ResourceClass` and `ResourceKind` (typed buffers hold elements of
/// [`Resource::format`], raw buffers bytes at 4-byte aligned addresses, structured buffers
/// elements of [`Resource::stride`] bytes, constant buffers 16-byte rows, samplers a
/// [`Resource::sampler`]). [`has_view`] tells the kinds the executor can run.
pub use dxil_parts::names::{ComponentType, ResourceClass, ResourceKind};

/// Whether the executor has a view of `kind`: not of `Invalid`, `TBuffer`, ray-tracing
/// acceleration structures or feedback textures.
pub fn has_view(kind: ResourceKind) -> bool {
    !matches!(
        kind,
        ResourceKind::Invalid
            | ResourceKind::TBuffer
            | ResourceKind::RTAccelerationStructure
            | ResourceKind::FeedbackTexture2D
            | ResourceKind::FeedbackTexture2DArray
    )
}

/// How one component of a typed view sits in memory: a DXGI format's component (the suite's
/// buffer `Format`, less its print-only variants: `Bool` is `UInt32` in memory, `HexN` is
/// `UIntN`). Not DXIL's [`ComponentType`], which names the type a shader sees and leaves
/// the width of normalised formats to the bound view; [`ComponentFormat::of_type`] maps one
/// to the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComponentFormat {
    /// IEEE half.
    Float16,
    /// IEEE single.
    Float32,
    /// IEEE double.
    Float64,
    /// Signed 16-bit.
    Int16,
    /// Signed 32-bit.
    Int32,
    /// Signed 64-bit.
    Int64,
    /// Unsigned 16-bit.
    UInt16,
    /// Unsigned 32-bit.
    UInt32,
    /// Unsigned 64-bit.
    UInt64,
    /// Unsigned normalised 8-bit (`R8G8B8A8_UNORM` and kin).
    UNorm8,
    /// Signed normalised 8-bit.
    SNorm8,
    /// Unsigned normalised 16-bit.
    UNorm16,
    /// Signed normalised 16-bit.
    SNorm16,
}

impl ComponentFormat {
    /// The memory format of a typed element of DXIL component type `t`; `None` for the
    /// types whose width the view decides (normalised floats), `I1` and packed types.
    pub fn of_type(t: ComponentType) -> Option<ComponentFormat> {
        Some(match t {
            ComponentType::F16 => ComponentFormat::Float16,
            ComponentType::F32 => ComponentFormat::Float32,
            ComponentType::F64 => ComponentFormat::Float64,
            ComponentType::I16 => ComponentFormat::Int16,
            ComponentType::I32 => ComponentFormat::Int32,
            ComponentType::I64 => ComponentFormat::Int64,
            ComponentType::U16 => ComponentFormat::UInt16,
            ComponentType::U32 => ComponentFormat::UInt32,
            ComponentType::U64 => ComponentFormat::UInt64,
            _ => return None,
        })
    }

    /// Bytes one component takes in memory.
    pub fn size(self) -> u32 {
        match self {
            ComponentFormat::UNorm8 | ComponentFormat::SNorm8 => 1,
            ComponentFormat::Float16
            | ComponentFormat::Int16
            | ComponentFormat::UInt16
            | ComponentFormat::UNorm16
            | ComponentFormat::SNorm16 => 2,
            ComponentFormat::Float32 | ComponentFormat::Int32 | ComponentFormat::UInt32 => 4,
            ComponentFormat::Float64 | ComponentFormat::Int64 | ComponentFormat::UInt64 => 8,
        }
    }
}

/// The element format of a typed view (a DXGI format such as `R32G32B32A32_FLOAT`, given as
/// its component type and channel count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ElementFormat {
    /// Component type.
    pub component: ComponentFormat,
    /// Channels, 1 to 4.
    pub channels: u8,
}

impl ElementFormat {
    /// Bytes one element takes.
    pub fn size(self) -> u32 {
        self.component.size() * u32::from(self.channels)
    }
}

/// Texture dimensions (texels of mip 0) and subresource counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Dims {
    /// Width in texels.
    pub width: u32,
    /// Height in texels (1 for 1D).
    pub height: u32,
    /// Depth in texels (3D; 1 otherwise).
    pub depth: u32,
    /// Array slices (6 per cube; 1 when not an array).
    pub array_size: u32,
    /// Mip levels (at least 1).
    pub mip_levels: u32,
    /// Samples per texel (multisampled; 1 otherwise).
    pub sample_count: u32,
}

impl Dims {
    /// One `width` by `height` plane: one slice, one mip level, one sample.
    pub fn plane(width: u32, height: u32) -> Dims {
        Dims {
            width,
            height,
            depth: 1,
            array_size: 1,
            mip_levels: 1,
            sample_count: 1,
        }
    }
}

/// Texture filtering (D3D12_FILTER, per stage).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Filter {
    /// Nearest texel.
    #[default]
    Point,
    /// Linear interpolation.
    Linear,
}

/// Texture addressing outside [0, 1] (D3D12_TEXTURE_ADDRESS_MODE).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum AddressMode {
    /// Repeat.
    Wrap,
    /// Repeat, flipping every other tile.
    Mirror,
    /// Clamp to the edge texel.
    #[default]
    Clamp,
    /// Outside is the border colour.
    Border,
    /// Mirror once, then clamp.
    MirrorOnce,
}

/// Comparison function of a comparison sampler (D3D12_COMPARISON_FUNC).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComparisonFunc {
    /// Never passes.
    Never,
    /// `ref < texel`.
    Less,
    /// `ref == texel`.
    Equal,
    /// `ref <= texel`.
    LessEqual,
    /// `ref > texel`.
    Greater,
    /// `ref != texel`.
    NotEqual,
    /// `ref >= texel`.
    GreaterEqual,
    /// Always passes.
    Always,
}

/// A sampler (D3D12_SAMPLER_DESC).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SamplerDesc {
    /// Minification filter.
    pub min_filter: Filter,
    /// Magnification filter.
    pub mag_filter: Filter,
    /// Filter between mip levels.
    pub mip_filter: Filter,
    /// Addressing in u, v, w.
    pub address: [AddressMode; 3],
    /// Added to the computed level of detail.
    pub mip_lod_bias: f32,
    /// Comparison samplers: the function (`SampleCmp*`, `GatherCmp*`).
    pub comparison: Option<ComparisonFunc>,
    /// Border colour for [`AddressMode::Border`].
    pub border_color: [f32; 4],
    /// Lowest mip level used.
    pub min_lod: f32,
    /// Highest mip level used.
    pub max_lod: f32,
}

impl Default for SamplerDesc {
    fn default() -> Self {
        SamplerDesc {
            min_filter: Filter::Linear,
            mag_filter: Filter::Linear,
            mip_filter: Filter::Linear,
            address: [AddressMode::Clamp; 3],
            mip_lod_bias: 0.0,
            comparison: None,
            border_color: [0.0; 4],
            min_lod: 0.0,
            max_lod: f32::MAX,
        }
    }
}

/// One resource: its memory and how views of it address that memory.
#[derive(Clone, Debug, PartialEq)]
pub struct Resource {
    /// How the shader addresses it.
    pub view: ResourceKind,
    /// The bytes (buffers: in order; textures: mip 0 of slice 0, then mip 1 ..., then the
    /// next slice, rows tightly packed).
    pub data: Vec<u8>,
    /// Typed buffers and textures: the element format.
    pub format: Option<ElementFormat>,
    /// Structured buffers: bytes per element.
    pub stride: u32,
    /// Textures: dimensions.
    pub dims: Dims,
    /// UAVs with a hidden counter (`IncrementCounter`/`DecrementCounter`, append/consume):
    /// its value.
    pub counter: Option<u32>,
    /// Samplers: the description.
    pub sampler: Option<SamplerDesc>,
}

impl Resource {
    /// A buffer view over `data`, without format, stride or counter.
    pub fn buffer(view: ResourceKind, data: Vec<u8>) -> Self {
        Resource {
            view,
            data,
            format: None,
            stride: 0,
            dims: Dims::default(),
            counter: None,
            sampler: None,
        }
    }
}

/// Where a resource is bound: register class, space and register. Arrays of resources bind
/// consecutive registers, one [`Binding`] each.
#[derive(Clone, Debug, PartialEq)]
pub struct Binding {
    /// Register class.
    pub class: ResourceClass,
    /// Register space.
    pub space: u32,
    /// Register.
    pub register: u32,
    /// SM 6.6 descriptor heap index (`ResourceDescriptorHeap[i]` /
    /// `SamplerDescriptorHeap[i]`), when the resource is also placed in the heap.
    pub heap_index: Option<u32>,
    /// The resource.
    pub resource: Resource,
}

/// Everything bound for a dispatch. The executor writes UAVs in place, so the caller reads
/// results back from here.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bindings {
    /// The bound resources.
    pub bindings: Vec<Binding>,
}

impl Bindings {
    /// The binding at (class, space, register), if any.
    pub fn find(&self, class: ResourceClass, space: u32, register: u32) -> Option<usize> {
        self.bindings
            .iter()
            .position(|b| b.class == class && b.space == space && b.register == register)
    }

    /// The binding placed at `index` in the descriptor heap of `class`'s kind (samplers
    /// have a heap of their own).
    pub fn find_in_heap(&self, sampler_heap: bool, index: u32) -> Option<usize> {
        self.bindings.iter().position(|b| {
            (b.class == ResourceClass::Sampler) == sampler_heap && b.heap_index == Some(index)
        })
    }
}
