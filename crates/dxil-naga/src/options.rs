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
    /// Register (`b`, `t`, `u` or `s` by the resource's class).
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
    /// Per bind group: where the byte offsets of its dynamically offset storage buffers live
    /// (added to every access of such a buffer).
    pub dynamic_storage_buffer_offsets_targets: BTreeMap<u32, OffsetsBindTarget>,
    /// Workgroup variables start zeroed (WGSL's rule), as naga's HLSL back end polyfills.
    pub zero_initialize_workgroup_memory: bool,
    /// Dynamic indices into fixed-size arrays, vectors and matrices are clamped into range
    /// (WGSL's "restrict" bounds-check policy).
    pub restrict_indexing: bool,
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
            dynamic_storage_buffer_offsets_targets: BTreeMap::new(),
            zero_initialize_workgroup_memory: true,
            restrict_indexing: true,
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
}

/// Which entry point to write (naga's HLSL `PipelineOptions`); a container holds one, so
/// `None` is accepted only for a module with a single entry point.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PipelineOptions {
    /// The stage and name of the entry point.
    pub entry_point: Option<(naga::ShaderStage, String)>,
}
