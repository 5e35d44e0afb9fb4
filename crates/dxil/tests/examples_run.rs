//! The builder's compute example, run on the CPU executor: what it computes, not only that
//! it is well formed. Each thread mirrors its group's input through group-shared memory
//! (a barrier between the write and the read) and scales it by a constant-buffer value.

#[path = "../examples/compute.rs"]
mod compute;

use dxil::exec::{Binding, Bindings, Dispatch, Program, Resource, ResourceClass, ResourceKind};

const GROUPS: u32 = 3;
const THREADS: u32 = 64;

fn bind(class: ResourceClass, view: ResourceKind, data: Vec<u8>, stride: u32) -> Binding {
    let mut resource = Resource::buffer(view, data);
    resource.stride = stride;
    Binding {
        class,
        space: 0,
        register: 0,
        heap_index: None,
        resource,
    }
}

#[test]
fn compute_example_computes_the_mirrored_scaled_input() {
    let shaders = compute::shaders().expect("the example builds");
    assert_eq!(shaders.len(), 2, "one shader per shader model");
    let n = (GROUPS * THREADS) as usize;
    let input: Vec<f32> = (0..n).map(|i| i as f32 * 0.5 + 1.0).collect();
    let scale = 3.0f32;
    for (name, bytes) in shaders {
        let module = dxil::read_module(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let program = Program::compile(&module, None).unwrap_or_else(|e| panic!("{name}: {e}"));
        let mut cbuffer = scale.to_le_bytes().to_vec();
        cbuffer.resize(16, 0);
        let mut bindings = Bindings {
            bindings: vec![
                bind(
                    ResourceClass::SRV,
                    ResourceKind::StructuredBuffer,
                    input.iter().flat_map(|v| v.to_le_bytes()).collect(),
                    4,
                ),
                bind(
                    ResourceClass::UAV,
                    ResourceKind::StructuredBuffer,
                    vec![0; n * 4],
                    4,
                ),
                bind(ResourceClass::CBuffer, ResourceKind::CBuffer, cbuffer, 0),
            ],
        };
        let dispatch = Dispatch {
            groups: [GROUPS, 1, 1],
            ..Dispatch::default()
        };
        program
            .dispatch(&mut bindings, &dispatch, &mut std::io::sink())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        let out = &bindings.bindings[1].resource.data;
        for tid in 0..n {
            let group = tid / THREADS as usize;
            let mirrored =
                group * THREADS as usize + (THREADS as usize - 1 - tid % THREADS as usize);
            let got = f32::from_le_bytes(out[tid * 4..tid * 4 + 4].try_into().unwrap());
            assert_eq!(got, input[mirrored] * scale, "{name}: Out[{tid}]");
        }
    }
}
