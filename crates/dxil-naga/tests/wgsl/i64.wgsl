// 64-bit integers: arithmetic, shifts, bit counts, extractBits/insertBits, conversions.
@group(0) @binding(0) var<storage, read_write> d: array<i64>;
@group(0) @binding(1) var<storage, read_write> u: array<u64>;
@group(0) @binding(2) var<uniform> k: vec4<u32>;
@compute @workgroup_size(1)
fn main() {
    let a = d[0];
    let b = d[1];
    d[2] = a / b + a % b + (a << k.x) + (a >> k.y) + abs(a) + min(a, b) + max(a, b) + clamp(a, b, 7li) + sign(a);
    d[3] = i64(countOneBits(a)) + i64(reverseBits(a)) + i64(firstTrailingBit(a)) + i64(firstLeadingBit(a)) + countLeadingZeros(a) + countTrailingZeros(a);
    let x = u[0];
    let y = u[1];
    u[2] = x / y + x % y + (x ^ y) + (x & ~y) + (x | y) + u64(x < y) + countOneBits(x) + firstLeadingBit(x) + u64(f32(x)) + u64(a);
    d[4] = -a * b - i64(vec2<i64>(a, b).y);
}
@compute @workgroup_size(1)
fn bits() {
    let a = d[0];
    let x = u[0];
    d[5] = extractBits(a, 3u, 40u) + insertBits(a, -1li, 60u, 9u) + extractBits(vec2<i64>(a), 1u, 70u).y;
    u[5] = extractBits(x, 33u, 31u) + insertBits(x, 5lu, 3u, 50u) + insertBits(vec3<u64>(x), vec3<u64>(2lu), 0u, 64u).z;
}
