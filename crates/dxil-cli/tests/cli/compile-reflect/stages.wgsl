// The signatures' used components: the vertex shader reads two of its position's three
// components and writes every output; the fragment shader reads two components of the
// color, one of the coordinates and not the position.
// RUN: (dxil compile %s --entry vs --shader-model 6.2 -o %t/vs.dxil >%t/log 2>&1 || (cat %t/log; false)) && dxil reflect %t/vs.dxil
// RUN: dxil dis %t/vs.dxil | sed -n '/shader hash/q;/Input signature/,$p'
// RUN: (dxil compile %s --entry fs --shader-model 6.2 -o %t/fs.dxil >%t/log 2>&1 || (cat %t/log; false)) && dxil reflect %t/fs.dxil
// RUN: dxil dis %t/fs.dxil | sed -n '/shader hash/q;/Input signature/,$p'
// RUN: dxil val %t/vs.dxil %t/fs.dxil

struct VOut {
  @builtin(position) pos: vec4<f32>,
  @location(0) color: vec4<f32>,
  @location(1) uv: vec2<f32>,
}

@vertex
fn vs(@location(0) p: vec3<f32>, @location(1) c: vec4<f32>) -> VOut {
  return VOut(vec4(p.xy, 0.0, 1.0), c, p.xy);
}

@fragment
fn fs(v: VOut) -> @location(0) vec4<f32> {
  return vec4(v.color.xy, v.uv.x, 1.0);
}
