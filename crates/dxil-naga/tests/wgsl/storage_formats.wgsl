// Storage textures of the WebGPU formats: loads and stores.
@group(0) @binding(0) var t0: texture_storage_2d<rgba8unorm, read_write>;
@group(0) @binding(1) var t1: texture_storage_2d<rgba8snorm, write>;
@group(0) @binding(2) var t2: texture_storage_2d<rgba8uint, read_write>;
@group(0) @binding(3) var t3: texture_storage_2d<rgba8sint, read_write>;
@group(0) @binding(4) var t4: texture_storage_2d<rgba16uint, read_write>;
@group(0) @binding(5) var t5: texture_storage_2d<rgba16sint, read_write>;
@group(0) @binding(6) var t6: texture_storage_2d<rgba16float, read_write>;
@group(0) @binding(7) var t7: texture_storage_2d<r32uint, read_write>;
@group(0) @binding(8) var t8: texture_storage_2d<r32sint, read_write>;
@group(0) @binding(9) var t9: texture_storage_2d<r32float, read_write>;
@group(0) @binding(10) var t10: texture_storage_2d<rg32uint, read_write>;
@group(0) @binding(11) var t11: texture_storage_2d<rg32sint, read_write>;
@group(0) @binding(12) var t12: texture_storage_2d<rg32float, read_write>;
@group(0) @binding(13) var t13: texture_storage_2d<rgba32uint, read_write>;
@group(0) @binding(14) var t14: texture_storage_2d<rgba32sint, read_write>;
@group(0) @binding(15) var t15: texture_storage_2d<rgba32float, read_write>;
@group(0) @binding(16) var t16: texture_storage_2d<bgra8unorm, write>;
@group(0) @binding(17) var t17: texture_storage_1d<r32float, read_write>;
@group(0) @binding(18) var t18: texture_storage_3d<rgba16float, read_write>;
@group(0) @binding(19) var t19: texture_storage_2d_array<r32uint, read>;
@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let c = id.xy;
    textureStore(t0, c, textureLoad(t0, c));
    textureStore(t1, c, vec4<f32>(0.5));
    textureStore(t2, c, textureLoad(t2, c));
    textureStore(t3, c, textureLoad(t3, c));
    textureStore(t4, c, textureLoad(t4, c));
    textureStore(t5, c, textureLoad(t5, c));
    textureStore(t6, c, textureLoad(t6, c));
    textureStore(t7, c, textureLoad(t7, c) + textureLoad(t19, c, 1));
    textureStore(t8, c, textureLoad(t8, c));
    textureStore(t9, c, textureLoad(t9, c));
    textureStore(t10, c, textureLoad(t10, c));
    textureStore(t11, c, textureLoad(t11, c));
    textureStore(t12, c, textureLoad(t12, c));
    textureStore(t13, c, textureLoad(t13, c));
    textureStore(t14, c, textureLoad(t14, c));
    textureStore(t15, c, textureLoad(t15, c));
    textureStore(t16, c, vec4<f32>(1.0));
    textureStore(t17, id.x, textureLoad(t17, id.x));
    textureStore(t18, id, textureLoad(t18, id));
}
