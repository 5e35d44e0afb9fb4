//! What the back end's shaders compute, run on the project's CPU executor: WGSL's own rules
//! (integer division by zero gives the dividend, `i32::MIN / -1` gives `i32::MIN`, shifts
//! take the count modulo the width), workgroup memory across a barrier, loops, uniforms, a
//! workgroup array sized by an override.

use dxil_exec::{Binding, Bindings, Dispatch, Program, Resource, ResourceClass, ViewKind};
use dxil_naga::front::{self, Language};
use dxil_naga::{Options, PipelineOptions};

const SHADER: &str = r#"
struct Params { scale: i32, bias: i32 }
@group(0) @binding(0) var<storage, read> input: array<i32>;
@group(0) @binding(1) var<storage, read_write> output: array<i32>;
@group(0) @binding(2) var<uniform> params: Params;
var<workgroup> tile: array<i32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32, @builtin(global_invocation_id) id: vec3<u32>) {
    tile[li] = input[id.x];
    workgroupBarrier();
    var acc = 0;
    for (var k = 0u; k <= li; k++) {
        acc += tile[k];
    }
    let q = acc / (i32(li) - 3);
    let r = acc % (i32(li) - 3);
    let m = i32(-2147483647 - 1) / select(1, -1, li == 5u);
    output[id.x * 4u] = q * params.scale + params.bias;
    output[id.x * 4u + 1u] = r;
    output[id.x * 4u + 2u] = m;
    output[id.x * 4u + 3u] = acc << (li + 30u);
}
"#;

/// The same computation by WGSL's rules, for thread `id` of a group of 64.
fn expected(input: &[i32], id: usize, scale: i32, bias: i32) -> [i32; 4] {
    let group = id / 64 * 64;
    let li = id % 64;
    let acc = input[group..=group + li]
        .iter()
        .fold(0i32, |a, &v| a.wrapping_add(v));
    let d = li as i32 - 3;
    let (q, r) = if d == 0 {
        (acc, 0)
    } else {
        (acc.wrapping_div(d), acc.wrapping_rem(d))
    };
    // i32::MIN / -1 (thread 5) overflows: WGSL gives the dividend, as i32::MIN / 1 does.
    let m = i32::MIN;
    let shift = (li as u32 + 30) % 32;
    [
        q.wrapping_mul(scale).wrapping_add(bias),
        r,
        m,
        acc.wrapping_shl(shift),
    ]
}

fn binding(class: ResourceClass, register: u32, view: ViewKind, data: Vec<u8>) -> Binding {
    Binding {
        class,
        space: 0,
        register,
        heap_index: None,
        resource: Resource::buffer(view, data),
    }
}

#[test]
fn compute_shader_computes_what_wgsl_says() {
    let module = front::parse(Language::Wgsl, SHADER.as_bytes(), "runs.wgsl").expect("parse");
    let info = front::validate(&module, Some(SHADER), "runs.wgsl").expect("validate");
    let container = dxil_naga::write(
        &module,
        &info,
        &Options::default(),
        &PipelineOptions::default(),
    )
    .expect("the back end writes it");
    let ir = dxil_exec_module(&container);
    let program = Program::compile(&ir, None).expect("the executor compiles it");

    let groups = 2;
    let n = 64 * groups;
    let input: Vec<i32> = (0..n as i32).map(|i| i * 7 - 300).collect();
    let (scale, bias) = (3i32, -11i32);
    let mut uniforms = [scale.to_le_bytes(), bias.to_le_bytes()].concat();
    uniforms.resize(16, 0);
    let mut bindings = Bindings {
        bindings: vec![
            binding(
                ResourceClass::Srv,
                0,
                ViewKind::RawBuffer,
                input.iter().flat_map(|v| v.to_le_bytes()).collect(),
            ),
            binding(ResourceClass::Uav, 1, ViewKind::RawBuffer, vec![0; n * 16]),
            binding(ResourceClass::Cbv, 2, ViewKind::ConstantBuffer, uniforms),
        ],
    };
    let dispatch = Dispatch {
        groups: [groups as u32, 1, 1],
        ..Dispatch::default()
    };
    program
        .dispatch(&mut bindings, &dispatch, &mut std::io::sink())
        .expect("the dispatch runs");
    let out: Vec<i32> = bindings.bindings[1]
        .resource
        .data
        .chunks_exact(4)
        .map(|c| i32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    for id in 0..n {
        assert_eq!(
            out[id * 4..id * 4 + 4],
            expected(&input, id, scale, bias),
            "thread {id}"
        );
    }
}

/// The container's module, read as the executor reads it.
fn dxil_exec_module(container: &[u8]) -> dxil_ir::Module {
    let c = dxil_container::Container::parse(container).expect("a container");
    let program = c.program().expect("a program part");
    dxil_bitcode::read_module(program.bitcode).expect("its bitcode")
}

/// A workgroup array sized by an override: once the overrides are processed (as wgpu does
/// before calling a back end) the array type still names the override, whose value gives
/// its length; dynamic indices into it are clamped to that length.
#[test]
fn override_sized_workgroup_array() {
    let src = "override N: u32 = 6u;\n\
               var<workgroup> tile: array<u32, N>;\n\
               @group(0) @binding(0) var<storage, read_write> out: array<u32>;\n\
               @compute @workgroup_size(8)\n\
               fn main(@builtin(local_invocation_index) li: u32) {\n\
                   if li < N { tile[li] = li * 10u + 1u; }\n\
                   workgroupBarrier();\n\
                   out[li] = tile[li] + N * 1000u;\n\
               }\n";
    let module = front::parse(Language::Wgsl, src.as_bytes(), "override.wgsl").expect("parse");
    let info = front::validate(&module, Some(src), "override.wgsl").expect("validate");
    let (module, info) = naga::back::pipeline_constants::process_overrides(
        &module,
        &info,
        Some((naga::ShaderStage::Compute, "main")),
        &Default::default(),
    )
    .expect("the override has a default");
    let container = dxil_naga::write(
        &module,
        &info,
        &Options::default(),
        &PipelineOptions::default(),
    )
    .expect("the back end writes it");
    let program =
        Program::compile(&dxil_exec_module(&container), None).expect("the executor compiles it");
    let mut bindings = Bindings {
        bindings: vec![binding(
            ResourceClass::Uav,
            0,
            ViewKind::RawBuffer,
            vec![0; 32],
        )],
    };
    program
        .dispatch(&mut bindings, &Dispatch::default(), &mut std::io::sink())
        .expect("the dispatch runs");
    let out: Vec<u32> = bindings.bindings[0]
        .resource
        .data
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    // Threads 6 and 7 index past the end: clamped to the last element, 51.
    assert_eq!(out, [6001, 6011, 6021, 6031, 6041, 6051, 6051, 6051]);
}
