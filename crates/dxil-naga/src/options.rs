//! The back end's options, shaped like naga's HLSL back end's (`naga::back::hlsl::Options`
//! and `PipelineOptions`) where the concepts are the same, so a caller of that back end
//! (wgpu's Direct3D 12 path) switches with little code.

use std::collections::BTreeMap;

/// A shader model, `6.minor` (DXIL exists from 6.0 on).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ShaderModel {
    /// Always 6.
    pub major: u32,
    /// 0 to 9.
    pub minor: u32,
}

impl ShaderModel {
    /// Shader model 6.0.
    pub const V6_0: ShaderModel = ShaderModel { major: 6, minor: 0 };
    /// Shader model 6.2: raw buffer loads of any scalar type, 16-bit types.
    pub const V6_2: ShaderModel = ShaderModel { major: 6, minor: 2 };
    /// Shader model 6.5: inline ray queries, mesh and amplification shaders.
    pub const V6_5: ShaderModel = ShaderModel { major: 6, minor: 5 };
    /// Shader model 6.6: handles from bindings, 64-bit atomics on typed resources.
    pub const V6_6: ShaderModel = ShaderModel { major: 6, minor: 6 };

    /// Parses `6.x` (also `6_x`).
    pub fn parse(text: &str) -> Option<ShaderModel> {
        let (major, minor) = text.split_once(['.', '_'])?;
        let (major, minor) = (major.parse().ok()?, minor.parse().ok()?);
        (major == 6 && minor <= 9).then_some(ShaderModel { major, minor })
    }
}

impl Default for ShaderModel {
    fn default() -> Self {
        ShaderModel::V6_2
    }
}

impl std::fmt::Display for ShaderModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}.{}", self.major, self.minor)
    }
}

/// Where a resource binding lands in Direct3D: register space and register (naga's HLSL
/// `BindTarget`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BindTarget {
    /// Register space.
    pub space: u8,
    /// Register (`b`, `t` or `u` by the resource's class). For a sampler, the index of its
    /// heap index in its bind group's sampler index buffer
    /// ([`Options::sampler_buffer_binding_map`]), as naga's HLSL back end reads it.
    pub register: u32,
    /// For a binding array: the size to declare, in place of its type's (as naga's HLSL back
    /// end does). An unsized binding array without one is an unbounded range.
    pub binding_array_size: Option<u32>,
    /// A storage buffer bound with a dynamic offset: the index of its offset in its
    /// group's offsets buffer ([`Options::dynamic_storage_buffer_offsets_targets`]).
    pub dynamic_storage_buffer_offsets_index: Option<u32>,
}

/// Where a bind group's dynamic storage buffer offsets live: a constant buffer of `size`
/// `u32`s (naga's HLSL `OffsetsBindTarget`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct OffsetsBindTarget {
    /// Register space.
    pub space: u8,
    /// Register (`b`).
    pub register: u32,
    /// How many offsets.
    pub size: u32,
}

/// The most mesh workgroups one task workgroup may launch (naga's `TaskDispatchLimits`):
/// a task shader asking for more launches none, as naga's HLSL back end guards
/// `DispatchMesh`, since launching more is undefined behaviour on some devices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TaskDispatchLimits {
    /// The most workgroups along each dimension (capped at 2^22, the most Direct3D launches
    /// from one `DispatchMesh`).
    pub max_mesh_workgroups_per_dim: u32,
    /// The most workgroups in all.
    pub max_mesh_workgroups_total: u32,
}

/// naga's group/binding pairs to Direct3D targets.
pub type BindingMap = BTreeMap<naga::ResourceBinding, BindTarget>;

/// The sampler heap size Direct3D 12 guarantees for a shader-visible heap
/// (`D3D12_MAX_SHADER_VISIBLE_SAMPLER_HEAP_SIZE`): naga's HLSL back end declares each heap as
/// an array of this many samplers, and wgpu's root signature gives each a table of exactly
/// this many descriptors, which a shader's range must fit inside.
pub const SAMPLER_HEAP_SIZE: u32 = 2048;

/// A bind group whose samplers are read through the heap (naga's HLSL
/// `SamplerIndexBufferKey`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SamplerIndexBufferKey {
    /// The bind group.
    pub group: u32,
}

/// Where the two sampler heaps live (naga's HLSL `SamplerHeapBindTargets`): every sampler
/// of the module is read from one of them, `SamplerState heap[2048]` for standard samplers
/// and `SamplerComparisonState heap[2048]` for comparison samplers, at the index its bind
/// group's index buffer holds ([`Options::sampler_buffer_binding_map`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SamplerHeapBindTargets {
    /// The standard samplers' heap (naga's default: `s0`, space 0).
    pub standard_samplers: BindTarget,
    /// The comparison samplers' heap (naga's default: `s0`, space 1).
    pub comparison_samplers: BindTarget,
}

impl Default for SamplerHeapBindTargets {
    fn default() -> Self {
        let at = |space| BindTarget {
            space,
            register: 0,
            binding_array_size: None,
            dynamic_storage_buffer_offsets_index: None,
        };
        SamplerHeapBindTargets {
            standard_samplers: at(0),
            comparison_samplers: at(1),
        }
    }
}

/// Per bind group: where its sampler index buffer (a `StructuredBuffer<uint>` of heap
/// indices) lives (naga's HLSL `SamplerIndexBufferBindingMap`).
pub type SamplerIndexBufferBindingMap = BTreeMap<SamplerIndexBufferKey, BindTarget>;

/// Where an external texture's parts live (naga's HLSL `ExternalTextureBindTarget`): three
/// `Texture2D<float4>` planes (RGBA; or Y and interleaved CbCr; or Y, Cb and Cr) and a
/// constant buffer of naga's `NagaExternalTextureParams` saying how to combine them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ExternalTextureBindTarget {
    /// The planes' targets (`t` registers).
    pub planes: [BindTarget; 3],
    /// The parameters' constant buffer (a `b` register).
    pub params: BindTarget,
}

/// naga's group/binding pairs of external textures to their targets (naga's HLSL
/// `ExternalTextureBindingMap`).
pub type ExternalTextureBindingMap = BTreeMap<naga::ResourceBinding, ExternalTextureBindTarget>;

/// How a module is written (naga's HLSL `Options`, the parts DXIL shares).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// The shader model to write.
    pub shader_model: ShaderModel,
    /// Group/binding to space/register.
    pub binding_map: BindingMap,
    /// A binding missing from `binding_map` goes to space `group`, register `binding`
    /// instead of failing.
    pub fake_missing_bindings: bool,
    /// Where naga's special constants live (`first_vertex`, `first_instance`, `other`:
    /// three `u32`s the host writes): added to `vertex_index` and `instance_index`, and the
    /// source of `num_workgroups`, as naga's HLSL back end reads them.
    pub special_constants_binding: Option<BindTarget>,
    /// Where immediates (push constants) live: a constant buffer the root signature fills
    /// with root constants.
    pub immediates_target: Option<BindTarget>,
    /// Where the standard and comparison sampler heaps live. Every sampler is read from a
    /// heap: `@group(g) @binding(b)` is `heap[indexBuffer_g[r]]` where `r` is the binding's
    /// target register (for a binding array, element `i` is `heap[indexBuffer_g[r + i]]`).
    pub sampler_heap_target: SamplerHeapBindTargets,
    /// Per bind group: where its sampler index buffer lives. A group missing here goes to
    /// register `group` of space 255 when [`Options::fake_missing_bindings`] allows.
    pub sampler_buffer_binding_map: SamplerIndexBufferBindingMap,
    /// Per bind group: where the byte offsets of its dynamically offset storage buffers live
    /// (added to every access of such a buffer).
    pub dynamic_storage_buffer_offsets_targets: BTreeMap<u32, OffsetsBindTarget>,
    /// Where each external texture's planes and parameters live. A binding missing here
    /// goes to register `binding` of space `group` for all four parts when
    /// [`Options::fake_missing_bindings`] allows (planes bound at one register are one
    /// resource).
    pub external_texture_binding_map: ExternalTextureBindingMap,
    /// Workgroup variables start zeroed (WGSL's rule), as naga's HLSL back end polyfills.
    pub zero_initialize_workgroup_memory: bool,
    /// Dynamic indices into fixed-size arrays, vectors and matrices are clamped into range
    /// (WGSL's "restrict" bounds-check policy).
    pub restrict_indexing: bool,
    /// Every loop counts its iterations in 64 bits and leaves after 2^64 of them, as naga's
    /// HLSL back end writes it, so that no compiler downstream (the driver's, which may
    /// delete a loop it can prove endless and free of side effects) can assume a loop
    /// never ends.
    pub force_loop_bounding: bool,
    /// Task shaders launch no mesh workgroups when they ask for more than these limits.
    pub task_dispatch_limits: Option<TaskDispatchLimits>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            shader_model: ShaderModel::default(),
            binding_map: BindingMap::new(),
            fake_missing_bindings: true,
            special_constants_binding: None,
            immediates_target: None,
            sampler_heap_target: SamplerHeapBindTargets::default(),
            sampler_buffer_binding_map: SamplerIndexBufferBindingMap::new(),
            dynamic_storage_buffer_offsets_targets: BTreeMap::new(),
            external_texture_binding_map: ExternalTextureBindingMap::new(),
            zero_initialize_workgroup_memory: true,
            restrict_indexing: true,
            force_loop_bounding: true,
            task_dispatch_limits: None,
        }
    }
}

impl Options {
    /// The target of `binding`: the map's, else the fake one when allowed.
    pub fn resolve(&self, binding: &naga::ResourceBinding) -> Option<BindTarget> {
        match self.binding_map.get(binding) {
            Some(t) => Some(*t),
            None if self.fake_missing_bindings => Some(BindTarget {
                space: binding.group.min(255) as u8,
                register: binding.binding,
                binding_array_size: None,
                dynamic_storage_buffer_offsets_index: None,
            }),
            None => None,
        }
    }

    /// Where group `group`'s sampler index buffer lives: the map's, else naga's fake one
    /// (register `group` of space 255) when allowed.
    pub fn resolve_sampler_buffer(&self, group: u32) -> Option<BindTarget> {
        match self
            .sampler_buffer_binding_map
            .get(&SamplerIndexBufferKey { group })
        {
            Some(t) => Some(*t),
            None if self.fake_missing_bindings => Some(BindTarget {
                space: u8::MAX,
                register: group,
                binding_array_size: None,
                dynamic_storage_buffer_offsets_index: None,
            }),
            None => None,
        }
    }

    /// Where external texture `binding`'s parts live: the map's, else the fake target
    /// (register `binding` of space `group` for each part) when allowed.
    pub fn resolve_external_texture(
        &self,
        binding: &naga::ResourceBinding,
    ) -> Option<ExternalTextureBindTarget> {
        match self.external_texture_binding_map.get(binding) {
            Some(t) => Some(*t),
            None if self.fake_missing_bindings => {
                let fake = BindTarget {
                    space: binding.group.min(255) as u8,
                    register: binding.binding,
                    binding_array_size: None,
                    dynamic_storage_buffer_offsets_index: None,
                };
                Some(ExternalTextureBindTarget {
                    planes: [fake; 3],
                    params: fake,
                })
            }
            None => None,
        }
    }
}

/// Which entry point to write (naga's HLSL `PipelineOptions`); a container holds one, so
/// `None` is accepted only for a module with a single entry point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PipelineOptions {
    /// The stage and name of the entry point.
    pub entry_point: Option<(naga::ShaderStage, String)>,
}
