// Packing built-ins: 8-bit and 16-bit snorm/unorm (WGSL's formulas: floor(0.5 + 255 * e)
// and the like after clamping), 16-bit floats (inputs exactly representable in f16, since
// WGSL leaves the rounding of inexact ones to the implementation), the integer packs with
// and without clamping, and the packed dot products.

@group(0) @binding(0) var<storage, read> f: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> a: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read_write> words: array<array<u32, 16>>;
@group(0) @binding(3) var<storage, read_write> floats: array<array<vec4<f32>, 6>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    // Inputs in [-8, 8): scaled into and a little past the normalized ranges.
    let e = f[i] * 0.15;
    let v = a[i];
    let h = round(f[i] * 64.0) / 64.0;
    var w: array<u32, 16>;
    w[0] = pack4x8snorm(e);
    w[1] = pack4x8unorm(e);
    w[2] = pack2x16snorm(e.xy);
    w[3] = pack2x16unorm(e.zw);
    w[4] = pack2x16float(h.xy);
    w[5] = pack4xI8(bitcast<vec4<i32>>(v));
    w[6] = pack4xU8(v);
    w[7] = pack4xI8Clamp(bitcast<vec4<i32>>(v) >> vec4(24u));
    w[8] = pack4xU8Clamp(v >> vec4(23u));
    w[9] = bitcast<u32>(dot4I8Packed(v.x, v.y));
    w[10] = dot4U8Packed(v.z, v.w);
    w[11] = bitcast<u32>(dot4I8Packed(v.x, v.x));
    w[12] = dot4U8Packed(0xffffffffu, v.w);
    w[13] = bitcast<u32>(unpack4xI8(v.x).y) ^ unpack4xU8(v.y).z;
    let r = unpack4xI8(v.z);
    w[14] = bitcast<u32>(r.x + r.y * 7 + r.z * 49 + r.w * 343);
    w[15] = pack2x16float(unpack2x16float(v.w & 0x3bff3bffu));
    words[i] = w;
    var g: array<vec4<f32>, 6>;
    g[0] = unpack4x8snorm(v.x);
    g[1] = unpack4x8unorm(v.y);
    g[2] = vec4(unpack2x16snorm(v.z), unpack2x16unorm(v.w));
    // Exponent bits masked so the halves are normal numbers below 2.
    g[3] = vec4(unpack2x16float(v.x & 0x3bff3bffu), unpack2x16float(w[4]));
    g[4] = unpack4x8snorm(pack4x8snorm(e));
    g[5] = unpack4x8unorm(pack4x8unorm(e));
    floats[i] = g;
}
