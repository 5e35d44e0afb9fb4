// Integer arithmetic WGSL defines for every operand: `/` by zero gives the dividend and `%`
// by zero gives 0, `i32::MIN / -1` gives `i32::MIN` and `i32::MIN % -1` gives 0, `+ - *`
// and negation wrap, shift counts are taken modulo the width, `clamp` is `min(max(..))`.
// Half the operands come from a table of edge values, half from the random input.

@group(0) @binding(0) var<storage, read> a: array<vec4<i32>>;
@group(0) @binding(1) var<storage, read_write> out: array<array<i32, 40>>;

fn edge(k: u32) -> i32 {
    var s = array<i32, 8>(0, 1, -1, -2147483647 - 1, 2147483647, 31, 32, -33);
    return s[k % 8u];
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = a[i];
    let x = select(v.x, edge(i / 8u), (i & 1u) == 0u);
    let y = select(v.y, edge(i), (i & 2u) == 0u);
    let z = select(v.z, edge(i / 3u), (i & 4u) == 0u);
    let u = bitcast<u32>(x);
    let w = bitcast<u32>(y);
    let t = bitcast<u32>(z);
    var r: array<i32, 40>;
    r[0] = x / y;
    r[1] = x % y;
    r[2] = bitcast<i32>(u / w);
    r[3] = bitcast<i32>(u % w);
    r[4] = x + y;
    r[5] = x - y;
    r[6] = x * y;
    r[7] = -x;
    r[8] = abs(x);
    r[9] = x << w;
    r[10] = x >> w;
    r[11] = bitcast<i32>(u >> w);
    r[12] = bitcast<i32>(u << (w & 7u));
    r[13] = clamp(x, min(y, z), max(y, z));
    r[14] = bitcast<i32>(clamp(u, min(w, t), max(w, t)));
    r[15] = select(x, y, x < y);
    r[16] = i32(x < y) | (i32(u < w) << 1u) | (i32(x == y) << 2u) | (i32(u >= w) << 3u)
        | (i32(x <= z) << 4u) | (i32(x != z) << 5u) | (i32(u > t) << 6u);
    r[17] = min(x, y);
    r[18] = max(x, y);
    r[19] = bitcast<i32>(min(u, w));
    r[20] = bitcast<i32>(max(u, w));
    r[21] = ~x;
    r[22] = x & y;
    r[23] = x | y;
    r[24] = x ^ y;
    r[25] = sign(x);
    r[26] = dot(vec2(x, y), vec2(z, v.w));
    r[27] = bitcast<i32>(dot(vec3(u, w, t), vec3(t, u, w)));
    let q = vec4(x, y, z, v.w) / vec4(y, z, v.w, x);
    let m = vec4(x, y, z, v.w) % vec4(y, z, v.w, x);
    r[28] = q.x ^ q.y ^ q.z ^ q.w;
    r[29] = m.x + m.y + m.z + m.w;
    var acc = x;
    acc += y;
    acc *= z;
    acc -= v.w;
    acc /= y;
    acc %= z;
    acc <<= t;
    acc >>= w;
    r[30] = acc;
    r[31] = i32(x == 0 || y / x > 2) + i32(x != 0 && y % x == 0) * 2;
    r[32] = bitcast<i32>(0u - u);
    r[33] = i32(u) / 7;
    r[34] = x / -1;
    r[35] = x % 16;
    r[36] = bitcast<i32>(u / 10u);
    r[37] = i32(bool(x)) + i32(!bool(y)) * 2;
    r[38] = i32(u32(x) > 0x80000000u);
    r[39] = (x * 3) / 4 - (y >> 1u);
    out[i] = r;
}
