// Texture queries: dimensions (with a level), levels, layers, samples.
@group(0) @binding(0) var t: texture_2d<f32>;
@group(0) @binding(1) var ta: texture_2d_array<f32>;
@group(0) @binding(2) var tc: texture_cube<f32>;
@group(0) @binding(3) var tca: texture_cube_array<f32>;
@group(0) @binding(4) var t3: texture_3d<f32>;
@group(0) @binding(5) var t1: texture_1d<f32>;
@group(0) @binding(6) var ms: texture_multisampled_2d<f32>;
@group(0) @binding(7) var dms: texture_depth_multisampled_2d;
@group(0) @binding(8) var da: texture_depth_2d_array;
@group(0) @binding(9) var st: texture_storage_2d_array<r32float, write>;
@group(0) @binding(10) var st3: texture_storage_3d<r32float, read>;
@group(0) @binding(11) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(1)
fn main() {
    out[0] = textureDimensions(t).x + textureDimensions(t, 1).y + textureNumLevels(t);
    out[1] = textureDimensions(ta).x + textureNumLayers(ta) + textureNumLevels(ta);
    out[2] = textureDimensions(tc).x + textureDimensions(tc, 2).y + textureNumLevels(tc);
    out[3] = textureDimensions(tca).x + textureNumLayers(tca) + textureNumLevels(tca);
    out[4] = textureDimensions(t3).z + textureNumLevels(t3) + textureDimensions(t1) + textureNumLevels(t1);
    out[5] = textureDimensions(ms).x + textureNumSamples(ms) + textureNumSamples(dms) + textureDimensions(dms).y;
    out[6] = textureNumLayers(da) + textureDimensions(da, 1).x + textureNumLevels(da);
    out[7] = textureDimensions(st).x + textureNumLayers(st) + textureDimensions(st3).z;
}
