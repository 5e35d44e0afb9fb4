// Two entry points: --entry picks one, --out-dir writes each; -o alone is refused.
// RUN: dxil compile %s --entry double --quiet -o %t/double.dxil && dxil val %t/double.dxil
// RUN: dxil compile %s -o %t/out.dxil
// RUN: dxil compile %s --quiet --out-dir %t/d && ls %t/d && dxil val %t/d/*.dxil
// RUN: dxil compile %s --entry nope -o %t/out.dxil
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn double(@builtin(global_invocation_id) id: vec3<u32>) {
    if id.x < arrayLength(&data) { data[id.x] = data[id.x] * 2u; }
}

@vertex
fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    return vec4<f32>(f32(i), 0.0, 0.0, 1.0);
}
