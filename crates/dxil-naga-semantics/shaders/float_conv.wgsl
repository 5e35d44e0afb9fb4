// Conversions and the correctly rounded float operations. Float to integer conversion
// truncates and saturates (to the extremes representable in both types: 2147483520 for
// i32, 4294967040 for u32), integer to float rounds, and floor, ceil, round (half to even),
// trunc, fract, abs, sign, min, max (no NaN), clamp, step, saturate, select and `+ - *`
// are exact in WGSL. No value reaches infinity (WGSL lets an implementation assume none).

@group(0) @binding(0) var<storage, read> f: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read> a: array<vec4<i32>>;
@group(0) @binding(2) var<storage, read_write> ints: array<array<i32, 16>>;
@group(0) @binding(3) var<storage, read_write> floats: array<array<f32, 28>>;

fn scale(k: u32) -> f32 {
    var s = array<f32, 8>(1.0, 1e9, -1e9, 3e9, 5e9, -3e9, 0.5, 1e30);
    return s[k % 8u];
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let x = f[i];
    let n = a[i];
    let big = x * scale(i);
    var r: array<i32, 16>;
    r[0] = i32(big.x);
    r[1] = bitcast<i32>(u32(big.y));
    r[2] = i32(x.z);
    r[3] = bitcast<i32>(u32(x.w));
    r[4] = i32(big.z * 4.0);
    r[5] = bitcast<i32>(u32(-big.w));
    r[6] = i32(round(x.x * 3.0));
    r[7] = i32(floor(x.y)) + i32(ceil(x.z)) * 100;
    let iv = vec4<i32>(big);
    let uv = vec4<u32>(big);
    r[8] = iv.x ^ iv.y ^ iv.z ^ iv.w;
    r[9] = bitcast<i32>(uv.x + uv.y + uv.z + uv.w);
    r[10] = i32(f32(n.x) == f32(n.y));
    r[11] = i32(x.x < x.y) | (i32(x.z >= x.w) << 1u) | (i32(x.x == x.x) << 2u);
    r[12] = bitcast<i32>(x.x);
    r[13] = bitcast<i32>(bitcast<u32>(-x.y));
    r[14] = i32(bool(x.z)) + i32(select(0.0, 1.0, x.w > 0.0));
    r[15] = i32(trunc(x.w * 1000.0));
    ints[i] = r;
    var g: array<f32, 28>;
    g[0] = f32(n.x);
    g[1] = f32(bitcast<u32>(n.y));
    g[2] = floor(x.x);
    g[3] = ceil(x.y);
    g[4] = round(x.z * 2.0 + 0.5);
    g[5] = round(x.w);
    g[6] = trunc(x.x);
    g[7] = fract(x.y);
    g[8] = abs(x.z);
    g[9] = sign(x.w);
    g[10] = min(x.x, x.y);
    g[11] = max(x.z, x.w);
    g[12] = clamp(x.x, min(x.y, x.z), max(x.y, x.z));
    g[13] = step(x.y, x.w);
    g[14] = saturate(x.z);
    g[15] = x.x + x.y;
    g[16] = x.z - x.w;
    g[17] = x.x * x.w;
    g[18] = -x.y;
    g[19] = select(x.x, x.y, n.z > n.w);
    g[20] = f32(n.z >> 8u) * 0.25;
    g[21] = round(f32(i32(x.x * 8.0)) * 0.5 + 0.5);
    g[22] = x.x * 2.0 - x.y;
    g[23] = f32(u32(x.y * 1e6) % 1000u);
    g[24] = f32(iv.x);
    g[25] = f32(uv.y);
    g[26] = fract(-x.z);
    g[27] = f32(n.w >> 31u);
    floats[i] = g;
}
