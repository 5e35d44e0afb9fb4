// r64uint storage textures (SM 6.6): 64-bit texture atomics, 64-bit texel loads and stores.
@group(0) @binding(0) var img: texture_storage_2d<r64uint, atomic>;
@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    textureAtomicMax(img, id.xy, 5lu);
    textureAtomicMin(img, id.xy, 3lu);
}

@compute @workgroup_size(1)
fn load_store(@builtin(global_invocation_id) id: vec3<u32>) {
    let v = textureLoad(img, id.xy);
    textureStore(img, id.yx, v + vec4<u64>(1lu));
}
