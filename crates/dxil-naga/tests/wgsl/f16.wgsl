// 16-bit floats: native 16-bit types in raw and constant buffers.
enable f16;
@group(0) @binding(0) var<storage, read_write> data: array<f16>;
@group(0) @binding(1) var<uniform> u: vec4<f32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let x = data[id.x];
    data[id.x] = x * 2.0h + f16(u.x) + sqrt(x);
}
struct U { a: f16, b: vec3<f16>, c: vec2<f16> }
@group(0) @binding(2) var<uniform> hu: U;
@compute @workgroup_size(1)
fn halves() {
    data[0] = hu.a + hu.b.y + hu.c.x;
    data[1] = hu.b[u32(data[2])];
}
