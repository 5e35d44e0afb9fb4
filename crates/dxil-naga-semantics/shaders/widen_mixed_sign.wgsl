// Widening to 64 bits across signedness keeps the value: `i64(u32)` zero-extends (a u32
// with its top bit set stays positive) and `u64(i32)` sign-extends (a negative i32 wraps
// modulo 2^64), as naga's constant evaluator computes them. Same-signedness widenings are
// alongside for contrast.

@group(0) @binding(0) var<storage, read> a: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read_write> out: array<array<i64, 4>>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let u = a[i].x | select(0u, 0x80000000u, (i & 1u) == 0u);
    let s = bitcast<i32>(a[i].y) | select(0, -2147483647 - 1, (i & 2u) == 0u);
    var r: array<i64, 4>;
    r[0] = i64(u);
    r[1] = bitcast<i64>(u64(s));
    r[2] = bitcast<i64>(u64(u));
    r[3] = i64(s);
    out[i] = r;
}
