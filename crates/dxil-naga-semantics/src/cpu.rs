//! The run under test: the module through dxil-naga to a DXIL container, run on the
//! project's CPU executor with the same buffers.

use dxil_exec::{Binding, Bindings, Dispatch, Program, Resource, ResourceClass, ResourceKind};
use dxil_naga::{BindTarget, Options, PipelineOptions, ShaderModel};

use crate::buffers::{Access, Buffer};

/// Where naga's special constants (`num_workgroups`) are bound: a space no WGSL group
/// reaches in these shaders.
const SPECIAL: BindTarget = BindTarget {
    space: 255,
    register: 0,
    binding_array_size: None,
    dynamic_storage_buffer_offsets_index: None,
};

/// Instructions a dispatch may run before it is stopped as endless (per thread; these
/// shaders need a few million at most).
const BUDGET: u64 = 1 << 30;

/// The options the back end is given: shader model 6.6 (64-bit atomics), each binding at
/// space `group`, register `binding` of its class (the back end's fallback for a binding
/// missing from the map, which is how [`run`] binds them), WGSL's zeroed workgroup memory
/// and clamped indices as wgpu asks of naga.
pub fn options() -> Options {
    Options {
        shader_model: ShaderModel::V6_6,
        fake_missing_bindings: true,
        special_constants_binding: Some(SPECIAL),
        zero_initialize_workgroup_memory: true,
        restrict_indexing: true,
        ..Options::default()
    }
}

/// The container dxil-naga writes for `entry`; `Err` with the back end's message.
pub fn write(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    entry: &str,
) -> Result<Vec<u8>, String> {
    let pipeline = PipelineOptions {
        entry_point: Some((naga::ShaderStage::Compute, entry.to_string())),
    };
    dxil_naga::write(module, info, &options(), &pipeline).map_err(|e| e.to_string())
}

/// Runs `container` over `groups` with `buffers` (and the group count as naga's special
/// constants); the contents of every buffer after the dispatch, in `buffers`' order.
pub fn run(
    container: &[u8],
    buffers: &[Buffer],
    groups: [u32; 3],
    wave_size: Option<u32>,
) -> Result<Vec<Vec<u8>>, String> {
    let c = dxil_container::Container::parse(container).map_err(|e| format!("container: {e}"))?;
    let part = c.program().map_err(|e| format!("program part: {e}"))?;
    let ir = dxil_bitcode::read_module(part.bitcode).map_err(|e| format!("bitcode: {e}"))?;
    let program = Program::compile(&ir, None).map_err(|e| format!("executor: {e}"))?;
    let mut bindings = Bindings {
        bindings: buffers
            .iter()
            .map(|b| {
                let (class, view) = match b.access {
                    Access::Uniform => (ResourceClass::CBuffer, ResourceKind::CBuffer),
                    Access::ReadOnly => (ResourceClass::SRV, ResourceKind::RawBuffer),
                    Access::ReadWrite => (ResourceClass::UAV, ResourceKind::RawBuffer),
                };
                Binding {
                    class,
                    space: b.binding.group,
                    register: b.binding.binding,
                    heap_index: None,
                    resource: Resource::buffer(view, b.data.clone()),
                }
            })
            .collect(),
    };
    let mut special: Vec<u8> = groups.iter().flat_map(|g| g.to_le_bytes()).collect();
    special.resize(16, 0);
    bindings.bindings.push(Binding {
        class: ResourceClass::CBuffer,
        space: u32::from(SPECIAL.space),
        register: SPECIAL.register,
        heap_index: None,
        resource: Resource::buffer(ResourceKind::CBuffer, special),
    });
    let dispatch = Dispatch {
        groups,
        wave_size,
        budget: BUDGET,
        ..Dispatch::default()
    };
    program
        .dispatch(&mut bindings, &dispatch, &mut std::io::sink())
        .map_err(|e| format!("dispatch: {e}"))?;
    Ok(bindings
        .bindings
        .into_iter()
        .take(buffers.len())
        .map(|b| b.resource.data)
        .collect())
}
