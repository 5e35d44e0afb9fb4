// External textures (naga's HLSL back end's planes and parameters): textureLoad with unsigned
// and signed coordinates, textureSampleBaseClampToEdge, textureDimensions, and an external
// texture passed to a function; in a fragment and a compute shader.
@group(0) @binding(0) var video: texture_external;
@group(0) @binding(1) var s: sampler;
@group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;
@group(1) @binding(0) var other: texture_external;

fn fetch(tex: texture_external, at: vec2<u32>) -> vec4<f32> {
    return textureLoad(tex, at) + vec4<f32>(vec2<f32>(textureDimensions(tex)), 0.0, 0.0);
}

@fragment
fn fs_main(@location(0) uv: vec2<f32>) -> @location(0) vec4<f32> {
    return textureSampleBaseClampToEdge(video, s, uv) + fetch(other, vec2<u32>(uv * 8.0));
}

@compute @workgroup_size(8)
fn cs_main(@builtin(local_invocation_index) li: u32) {
    let dims = textureDimensions(video);
    out[li] = textureLoad(video, vec2<i32>(i32(li) - 2, 1)) + fetch(video, dims - vec2<u32>(li));
}
