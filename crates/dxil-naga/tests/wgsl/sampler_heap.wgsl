// Samplers through the sampler heap (naga's HLSL back end's, for wgpu's Direct3D 12): single
// samplers and comparison samplers of two bind groups, binding arrays of samplers indexed by
// a constant, a uniform and a non-uniform value, and a sampler passed to a function.
enable wgpu_binding_array;
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var d: texture_depth_2d;
@group(0) @binding(2) var s: sampler;
@group(0) @binding(3) var sc: sampler_comparison;
@group(1) @binding(0) var s1: sampler;
@group(1) @binding(1) var samplers: binding_array<sampler, 4>;
@group(1) @binding(2) var comparisons: binding_array<sampler_comparison>;
@group(1) @binding(3) var<uniform> pick: u32;

fn sample_with(smp: sampler, uv: vec2<f32>) -> vec4<f32> {
    return textureSampleLevel(t, smp, uv, 0.0);
}

struct In { @location(0) @interpolate(flat) index: u32, @location(1) uv: vec2<f32> }

@fragment
fn fs_main(in: In) -> @location(0) vec4<f32> {
    var r = textureSample(t, s, in.uv);
    r += sample_with(s1, in.uv);
    r += textureSample(t, samplers[2], in.uv);
    r += textureSample(t, samplers[pick], in.uv);
    r += textureSample(t, samplers[in.index], in.uv);
    r.x += textureSampleCompare(d, sc, in.uv, 0.5);
    r.y += textureSampleCompare(d, comparisons[in.index], in.uv, 0.5);
    r.z += textureSampleCompareLevel(d, comparisons[1], in.uv, 0.5);
    return r;
}

@group(0) @binding(4) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(4)
fn cs_main(@builtin(local_invocation_index) li: u32) {
    let uv = vec2<f32>(f32(li) * 0.25, 0.5);
    out[li] = textureSampleLevel(t, samplers[li], uv, 0.0) + sample_with(s, uv);
}
