// Binding arrays of every kind: unbounded textures, samplers, comparison samplers, depth
// textures, storage textures, storage and uniform buffers, indexed non-uniformly.
enable wgpu_binding_array;
struct Words { w: array<u32> }
struct U { v: vec4<u32> }
@group(0) @binding(100) var textures: binding_array<texture_2d<f32>>;
@group(0) @binding(10) var samplers: binding_array<sampler, 4>;
@group(0) @binding(20) var<storage, read_write> rw: binding_array<Words, 3>;
@group(0) @binding(30) var<uniform> ub: binding_array<U, 2>;
@group(0) @binding(40) var stores: binding_array<texture_storage_2d<rgba8unorm, write>, 2>;
@group(0) @binding(50) var cmps: binding_array<sampler_comparison, 2>;
@group(0) @binding(60) var depths: binding_array<texture_depth_2d, 2>;
@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let i = id.x;
    let t = textureSampleLevel(textures[i], samplers[i % 4u], vec2<f32>(0.5), 0.0);
    let u = textureLoad(textures[ub[i % 2u].v.x], vec2<u32>(id.xy), 0);
    rw[i % 3u].w[i] = u32(t.x + u.y) + arrayLength(&rw[i % 3u].w);
    textureStore(stores[i % 2u], vec2<u32>(id.xy), t);
    let d = textureSampleCompareLevel(depths[i % 2u], cmps[i % 2u], vec2<f32>(0.5), 0.5);
    rw[0].w[0] = u32(d) + textureDimensions(textures[i]).x + textureNumLevels(textures[i + 1u]);
}
