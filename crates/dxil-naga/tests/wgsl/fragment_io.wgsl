// Fragment inputs and outputs: primitive index, sample mask in and out, front facing,
// sample and centroid interpolation, frag depth; dual-source blending.
enable primitive_index;
enable dual_source_blending;
@fragment
fn main(@builtin(primitive_index) p: u32, @builtin(sample_mask) m: u32, @builtin(front_facing) ff: bool, @builtin(position) pos: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4<f32>(f32(p), f32(m), select(0.0, 1.0, ff), pos.w);
}
struct Out { @builtin(frag_depth) d: f32, @builtin(sample_mask) m: u32, @location(0) c: vec4<f32> }
@fragment
fn outs(@location(0) @interpolate(perspective, sample) a: vec4<f32>, @location(1) @interpolate(linear, centroid) b: vec2<f32>) -> Out {
    return Out(a.x, 3u, vec4<f32>(b, a.zw));
}
struct Dual { @location(0) @blend_src(0) a: vec4<f32>, @location(0) @blend_src(1) b: vec4<f32> }
@fragment
fn dual(@location(0) c: vec4<f32>) -> Dual { return Dual(c, c * 0.5); }
