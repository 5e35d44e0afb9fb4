// Storage textures of the formats wgpu allows with features (8- and 16-bit one- and
// two-channel, packed, 16-bit normalized, r64uint).
@group(0) @binding(0) var a0: texture_storage_2d<r8unorm, read_write>;
@group(0) @binding(1) var a1: texture_storage_2d<r8snorm, write>;
@group(0) @binding(2) var a2: texture_storage_2d<r8uint, read_write>;
@group(0) @binding(3) var a3: texture_storage_2d<r8sint, read_write>;
@group(0) @binding(4) var a4: texture_storage_2d<rg8unorm, read_write>;
@group(0) @binding(5) var a5: texture_storage_2d<rg8snorm, write>;
@group(0) @binding(6) var a6: texture_storage_2d<rg8uint, read_write>;
@group(0) @binding(7) var a7: texture_storage_2d<rg8sint, read_write>;
@group(0) @binding(8) var a8: texture_storage_2d<r16uint, read_write>;
@group(0) @binding(9) var a9: texture_storage_2d<r16sint, read_write>;
@group(0) @binding(10) var a10: texture_storage_2d<r16float, read_write>;
@group(0) @binding(11) var a11: texture_storage_2d<rg16uint, read_write>;
@group(0) @binding(12) var a12: texture_storage_2d<rg16sint, read_write>;
@group(0) @binding(13) var a13: texture_storage_2d<rg16float, read_write>;
@group(0) @binding(14) var a14: texture_storage_2d<rgb10a2uint, read_write>;
@group(0) @binding(15) var a15: texture_storage_2d<rgb10a2unorm, read_write>;
@group(0) @binding(16) var a16: texture_storage_2d<rg11b10ufloat, read_write>;
@group(0) @binding(17) var a17: texture_storage_2d<r16unorm, read_write>;
@group(0) @binding(18) var a18: texture_storage_2d<r16snorm, read_write>;
@group(0) @binding(19) var a19: texture_storage_2d<rg16unorm, read_write>;
@group(0) @binding(20) var a20: texture_storage_2d<rg16snorm, read_write>;
@group(0) @binding(21) var a21: texture_storage_2d<rgba16unorm, read_write>;
@group(0) @binding(22) var a22: texture_storage_2d<rgba16snorm, read_write>;
@group(0) @binding(23) var a23: texture_storage_2d<r64uint, read_write>;
@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let c = id.xy;
    textureStore(a0, c, textureLoad(a0, c));
    textureStore(a1, c, vec4<f32>(0.5));
    textureStore(a2, c, textureLoad(a2, c));
    textureStore(a3, c, textureLoad(a3, c));
    textureStore(a4, c, textureLoad(a4, c));
    textureStore(a5, c, vec4<f32>(0.5));
    textureStore(a6, c, textureLoad(a6, c));
    textureStore(a7, c, textureLoad(a7, c));
    textureStore(a8, c, textureLoad(a8, c));
    textureStore(a9, c, textureLoad(a9, c));
    textureStore(a10, c, textureLoad(a10, c));
    textureStore(a11, c, textureLoad(a11, c));
    textureStore(a12, c, textureLoad(a12, c));
    textureStore(a13, c, textureLoad(a13, c));
    textureStore(a14, c, textureLoad(a14, c));
    textureStore(a15, c, textureLoad(a15, c));
    textureStore(a16, c, textureLoad(a16, c));
    textureStore(a17, c, textureLoad(a17, c));
    textureStore(a18, c, textureLoad(a18, c));
    textureStore(a19, c, textureLoad(a19, c));
    textureStore(a20, c, textureLoad(a20, c));
    textureStore(a21, c, textureLoad(a21, c));
    textureStore(a22, c, textureLoad(a22, c));
    textureStore(a23, c, textureLoad(a23, c));
}
