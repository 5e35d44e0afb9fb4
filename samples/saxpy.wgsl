// y = a * x + y over two storage buffers, `a` from a uniform buffer: the shader of the
// README's "first hour".
struct Params {
    a: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read> x: array<f32>;
@group(0) @binding(2) var<storage, read_write> y: array<f32>;

@compute @workgroup_size(4)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    if i < arrayLength(&y) {
        y[i] = params.a * x[i] + y[i];
    }
}
