// A uniform struct's members as reflection and the disassembly show them: vectors and
// scalars, a matrix, an array, a nested struct, an array of structs, and a matrix whose
// columns are 8 bytes apart (one float2 per column, as naga's HLSL back end declares it).
// RUN: (dxil compile %s --shader-model 6.2 -o %t/u.dxil >%t/log 2>&1 || (cat %t/log; false)) && dxil reflect %t/u.dxil
// RUN: dxil dis %t/u.dxil | sed -n '/Buffer Definitions/,/Resource Bindings/p'
// RUN: dxil val %t/u.dxil

struct Inner { a: vec2<f32>, b: u32 }
struct Light { dir: vec4<f32>, power: f32 }
struct Params {
  tint: vec4<f32>,
  scale: f32,
  view: mat4x4<f32>,
  weights: array<vec4<f32>, 3>,
  inner: Inner,
  lights: array<Light, 2>,
  uv: mat2x2<f32>,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(1)
fn main() {
  let p = params;
  out[0] = p.tint * p.scale + p.view[3] + p.weights[2] + vec4(p.inner.a, f32(p.inner.b), 0.0)
    + p.lights[1].dir * p.lights[1].power + vec4(p.uv[0], p.uv[1]);
}
