// Sampling: bias, level, gradients, offsets, gathers, comparisons, cube and array forms.
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var ta: texture_2d_array<f32>;
@group(0) @binding(2) var tc: texture_cube<f32>;
@group(0) @binding(3) var tca: texture_cube_array<f32>;
@group(0) @binding(4) var t3: texture_3d<f32>;
@group(0) @binding(5) var t1: texture_1d<f32>;
@group(0) @binding(6) var d: texture_depth_2d;
@group(0) @binding(7) var da: texture_depth_2d_array;
@group(0) @binding(8) var dc: texture_depth_cube;
@group(0) @binding(9) var dca: texture_depth_cube_array;
@group(0) @binding(10) var s: sampler;
@group(0) @binding(11) var sc: sampler_comparison;
@group(0) @binding(12) var ti: texture_2d<u32>;
@group(0) @binding(13) var ms: texture_multisampled_2d<f32>;
@group(0) @binding(14) var dms: texture_depth_multisampled_2d;
@fragment
fn main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    var r = textureSample(t, s, uv);
    r += textureSample(t, s, uv, vec2<i32>(1, -1));
    r += textureSampleBias(t, s, uv, 0.5);
    r += textureSampleBias(ta, s, uv, 2, 0.5, vec2<i32>(1));
    r += textureSampleLevel(t, s, uv, 1.5);
    r += textureSampleLevel(tc, s, vec3<f32>(uv, 1.0), 0.0);
    r += textureSampleLevel(tca, s, vec3<f32>(uv, 1.0), 1, 0.0);
    r += textureSampleGrad(t, s, uv, dpdx(uv), dpdy(uv));
    r += textureSampleGrad(t3, s, vec3<f32>(uv, 0.5), vec3<f32>(0.1), vec3<f32>(0.1), vec3<i32>(1));
    r += textureSample(t1, s, uv.x);
    r += textureGather(1, t, s, uv);
    r += textureGather(0, ta, s, uv, 1, vec2<i32>(1));
    r += textureGather(2, tc, s, vec3<f32>(uv, 1.0));
    r += vec4<f32>(textureGather(3, ti, s, uv));
    r += textureGather(d, s, uv);
    r += textureGatherCompare(d, sc, uv, 0.5);
    r += textureGatherCompare(da, sc, uv, 1, 0.5, vec2<i32>(1));
    r.x += textureSampleCompare(d, sc, uv, 0.5);
    r.x += textureSampleCompare(da, sc, uv, 0, 0.5, vec2<i32>(1));
    r.x += textureSampleCompare(dc, sc, vec3<f32>(uv, 1.0), 0.5);
    r.x += textureSampleCompare(dca, sc, vec3<f32>(uv, 1.0), 2, 0.5);
    r.x += textureSampleCompareLevel(d, sc, uv, 0.5);
    r.x += textureSampleCompareLevel(dc, sc, vec3<f32>(uv, 1.0), 0.5);
    r.x += textureSampleLevel(d, s, uv, 1);
    r += textureSampleBaseClampToEdge(t, s, uv);
    r += textureLoad(ms, vec2<i32>(uv), 3);
    r.x += textureLoad(dms, vec2<i32>(uv), 1);
    r.x += textureLoad(d, vec2<i32>(uv), 0);
    return r;
}
