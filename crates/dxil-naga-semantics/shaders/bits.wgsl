// Bit functions on every value: countOneBits, reverseBits, countLeading/TrailingZeros,
// firstLeadingBit (for i32: the first bit differing from the sign, -1 for 0 and -1),
// firstTrailingBit (-1 / 0xffffffff for 0), extractBits and insertBits with offsets and
// counts past the width (WGSL clamps them: o = min(offset, 32), c = min(count, 32 - o)).

@group(0) @binding(0) var<storage, read> a: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read_write> out: array<array<u32, 32>>;

fn edge(k: u32) -> u32 {
    var s = array<u32, 8>(0u, 1u, 0xffffffffu, 0x80000000u, 0x7fffffffu, 0x00010000u, 0xf0u, 0xfffffffeu);
    return s[k % 8u];
}

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = a[i];
    let x = select(v.x, edge(i / 2u), (i & 1u) == 0u);
    let s = bitcast<i32>(x);
    // Offsets and counts mostly in range, sometimes past it.
    let off = v.y % 40u;
    let cnt = v.z % 40u;
    var r: array<u32, 32>;
    r[0] = countOneBits(x);
    r[1] = reverseBits(x);
    r[2] = countLeadingZeros(x);
    r[3] = countTrailingZeros(x);
    r[4] = firstLeadingBit(x);
    r[5] = bitcast<u32>(firstLeadingBit(s));
    r[6] = firstTrailingBit(x);
    r[7] = bitcast<u32>(firstTrailingBit(s));
    r[8] = extractBits(x, off, cnt);
    r[9] = bitcast<u32>(extractBits(s, off, cnt));
    r[10] = insertBits(x, v.w, off, cnt);
    r[11] = bitcast<u32>(insertBits(s, bitcast<i32>(v.w), off, cnt));
    r[12] = extractBits(x, off % 32u, 32u - off % 32u);
    r[13] = bitcast<u32>(extractBits(s, 0u, cnt % 33u));
    r[14] = insertBits(x, v.w, 0u, 32u);
    r[15] = bitcast<u32>(countOneBits(s));
    r[16] = bitcast<u32>(reverseBits(s));
    r[17] = bitcast<u32>(countLeadingZeros(s));
    r[18] = bitcast<u32>(countTrailingZeros(s));
    let vv = vec4(x, v.y, v.z, v.w);
    let c = countOneBits(vv);
    r[19] = c.x + c.y * 33u + c.z * 33u * 33u;
    let f = firstLeadingBit(bitcast<vec4<i32>>(vv));
    r[20] = bitcast<u32>(f.x ^ f.y ^ f.z ^ f.w);
    r[21] = dot(reverseBits(vv), vec4(1u, 3u, 5u, 7u));
    r[22] = extractBits(x, 31u, 1u) | (bitcast<u32>(extractBits(s, 31u, 1u)) << 1u);
    r[23] = insertBits(0u, 0xffffffffu, off % 33u, 1u);
    out[i] = r;
}
