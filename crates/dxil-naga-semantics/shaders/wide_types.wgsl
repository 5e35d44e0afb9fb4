// 64-bit integers and floats (lavapipe has both): wrapping arithmetic, division by zero and
// `i64::MIN / -1` (the same rules as for 32 bits), shifts modulo 64, conversions between
// widths, and f64 `+ - *` (exact) and `/` (2.5 ULP). f64 rounding and roots are in
// double_math.wgsl.

@group(0) @binding(0) var<storage, read> a: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read> f: array<vec2<f64>>;
@group(0) @binding(2) var<storage, read_write> ints: array<array<i64, 16>>;
@group(0) @binding(3) var<storage, read_write> floats: array<array<f64, 8>>;

fn edge(k: u32) -> i64 {
    var s = array<i64, 6>(0li, 1li, -1li, -9223372036854775807li - 1li, 9223372036854775807li, 64li);
    return s[k % 6u];
}

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = a[i];
    let x = select(bitcast<i64>(u64(v.x) | (u64(v.y) << 32u)), edge(i / 2u), (i & 1u) == 0u);
    let y = select(bitcast<i64>(u64(v.z) | (u64(v.w) << 32u)), edge(i), (i & 2u) == 0u);
    let ux = bitcast<u64>(x);
    let uy = bitcast<u64>(y);
    var r: array<i64, 16>;
    r[0] = x / y;
    r[1] = x % y;
    r[2] = bitcast<i64>(ux / uy);
    r[3] = bitcast<i64>(ux % uy);
    r[4] = x * y + x - y;
    r[5] = x << u32(uy);
    r[6] = x >> u32(uy);
    r[7] = bitcast<i64>(ux >> u32(uy));
    r[8] = i64(i32(x)) + bitcast<i64>(u64(u32(ux >> 7u)));
    r[9] = clamp(x, min(y, 5li), max(y, 5li));
    r[10] = abs(x) ^ -y;
    r[11] = select(0li, 1li, x < y) + select(0li, 2li, ux < uy);
    r[12] = i64(f[i].x * 1e12lf);
    r[13] = bitcast<i64>(u64(abs(f[i].y) * 1e15lf));
    r[14] = max(x, y) - bitcast<i64>(min(ux, uy));
    r[15] = i64(countOneBits(ux));
    ints[i] = r;
    let g = f[i];
    var h: array<f64, 8>;
    h[0] = g.x + g.y;
    h[1] = g.x * g.y;
    h[2] = g.x - g.y * 2.0lf;
    h[3] = g.x / (abs(g.y) + 1.0lf);
    h[4] = f64(x >> 20u);
    h[5] = abs(g.x) + sign(g.y);
    h[6] = f64(f32(g.x));
    h[7] = min(g.x, g.y) + max(g.x, g.y) * 0.5lf;
    floats[i] = h;
}
