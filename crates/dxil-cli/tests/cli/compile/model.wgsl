// Without --shader-model each entry point gets the lowest shader model it needs: 6.0 for a
// plain compute shader, 6.1 for @builtin(barycentric), 6.6 for 64-bit atomics. A model
// given too low is refused, naming the construct and the model it needs; a higher one is
// used as given.
// RUN: dxil compile %s --out-dir %t 2>&1 | sed -E "s/[0-9]+ bytes/N bytes/"
// RUN: dxil val %t/*.dxil
// RUN: dxil compile %s --entry count --shader-model 6.2 -o %t/low.dxil
// RUN: dxil compile %s --entry count --shader-model 6.7 -o %t/high.dxil 2>&1 | sed -E "s/[0-9]+ bytes/N bytes/"
// RUN: dxil compile %s --entry count --shader-model 7.0 -o %t/bad.dxil
@group(0) @binding(0) var<storage, read_write> counter: atomic<u64>;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(1)
fn count() {
    atomicAdd(&counter, 1lu);
}

@compute @workgroup_size(64)
fn plain(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = id.x;
}

@fragment
fn shade(@builtin(barycentric) b: vec3<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(b, 1.0);
}
