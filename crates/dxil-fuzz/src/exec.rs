//! Fuzz target for the executor: the first bytes choose a dispatch (groups, wave size), the
//! rest is a module (container, program part, bitcode or text). Every resource the module
//! declares is bound to small zeroed memory, and a small instruction budget stops endless
//! loops: compiling and dispatching must end without a panic or a hang; errors are fine.

use dxil_exec::{
    Binding, Bindings, ComponentType, Dims, Dispatch, ElementFormat, Program, Resource,
    ResourceClass, SamplerDesc, ViewKind,
};
use dxil_module::model::ResourceClass as Rc;
use dxil_parts::names::ResourceKind as K;

fn view(kind: Option<K>) -> ViewKind {
    match kind {
        Some(K::TypedBuffer) => ViewKind::TypedBuffer,
        Some(K::RawBuffer) => ViewKind::RawBuffer,
        Some(K::StructuredBuffer) => ViewKind::StructuredBuffer,
        Some(K::CBuffer) => ViewKind::ConstantBuffer,
        Some(K::Sampler) => ViewKind::Sampler,
        Some(K::Texture1D) => ViewKind::Texture1D,
        Some(K::Texture3D) => ViewKind::Texture3D,
        _ => ViewKind::Texture2D,
    }
}

/// The body of the `exec` fuzz target: see the module's documentation.
pub fn run(data: &[u8]) {
    let Some((head, module)) = data.split_first_chunk::<4>() else {
        return;
    };
    let Ok(m) = dxil::read_module(module) else {
        return;
    };
    let Ok(program) = Program::compile(&m, None) else {
        return;
    };
    let Ok(meta) = dxil_module::DxilMetadata::read(&m) else {
        return;
    };
    let mut bindings = Bindings::default();
    for (class, r) in meta.resources.iter().flat_map(|l| l.in_binding_order()) {
        let class = match class {
            Rc::SRV => ResourceClass::Srv,
            Rc::UAV => ResourceClass::Uav,
            Rc::CBuffer => ResourceClass::Cbv,
            Rc::Sampler => ResourceClass::Sampler,
        };
        for i in 0..r.base.range_size.min(4) {
            let mut res = Resource::buffer(view(r.kind()), vec![0; 256]);
            res.format = Some(ElementFormat {
                component: ComponentType::UInt32,
                channels: 1,
            });
            res.stride = r.element_stride().unwrap_or(4);
            res.dims = Dims {
                width: 4,
                height: 4,
                depth: 1,
                array_size: 1,
                mip_levels: 1,
                sample_count: 1,
            };
            res.sampler = Some(SamplerDesc::default());
            let register = r.base.lower_bound.saturating_add(i);
            bindings.bindings.push(Binding {
                class,
                space: r.base.space,
                register,
                heap_index: Some(i),
                resource: res,
            });
        }
    }
    let dispatch = Dispatch {
        groups: [u32::from(head[0] % 3) + 1, u32::from(head[1] % 2) + 1, 1],
        wave_size: [None, Some(4), Some(32), Some(128)]
            .get(usize::from(head[2] % 4))
            .copied()
            .flatten(),
        budget: 1 << 16,
        trace: (head[3] & 1 == 1).then_some([0, 0, 0]),
    };
    let _ = program.dispatch(&mut bindings, &dispatch, &mut std::io::sink());
}
