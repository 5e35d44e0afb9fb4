// Storage texture atomics, storage texture loads and stores, texture queries.
@group(0) @binding(0) var counts: texture_storage_2d<r32uint, atomic>;
@group(0) @binding(1) var img: texture_storage_2d_array<rgba8unorm, read_write>;
@group(0) @binding(2) var depth: texture_depth_2d;
@group(0) @binding(3) var cmp: sampler_comparison;

@compute @workgroup_size(8, 8)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    textureAtomicAdd(counts, vec2<u32>(id.xy), 1u);
    textureAtomicMax(counts, vec2<u32>(id.yx), id.x);
    let c = textureLoad(img, vec2<u32>(id.xy), 1);
    textureStore(img, vec2<u32>(id.xy), 0, c * 0.5);
    let d = textureDimensions(img);
    let layers = textureNumLayers(img);
    let s = textureSampleCompareLevel(depth, cmp, vec2<f32>(d) / 4.0, 0.5);
    textureStore(img, vec2<u32>(0u), i32(layers) - 1, vec4<f32>(s));
}
