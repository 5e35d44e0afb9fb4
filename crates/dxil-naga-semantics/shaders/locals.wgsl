// Function-scope memory: a large local array written and read at run-time indices (a sort),
// arrays of vectors and matrices indexed dynamically, a 3x3 determinant of whole numbers
// (exact in any evaluation order), and subgroup reductions under divergent control flow
// (only the active invocations take part; integers, so the order does not matter).

@group(0) @binding(0) var<storage, read> a: array<vec4<u32>>;
@group(0) @binding(1) var<storage, read_write> out: array<array<u32, 8>>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let v = a[i];
    var big: array<u32, 64>;
    for (var k = 0u; k < 64u; k++) {
        big[k] = (v.x * (k + 1u) ^ v.y) % 1000u;
    }
    // Insertion sort: every step reads and writes at indices known only at run time.
    for (var k = 1u; k < 64u; k++) {
        let key = big[k];
        var j = k;
        while j > 0u && big[j - 1u] > key {
            big[j] = big[j - 1u];
            j -= 1u;
        }
        big[j] = key;
    }
    var r: array<u32, 8>;
    r[0] = big[0] + big[63] * 1000u;
    r[1] = big[v.z % 64u];
    var cols: array<vec3<i32>, 3>;
    for (var k = 0u; k < 3u; k++) {
        cols[k] = vec3<i32>(vec3(v[k] % 17u, (v[k] >> 5u) % 13u, (v[k] >> 9u) % 11u)) - 6;
    }
    let m = mat3x3<f32>(vec3<f32>(cols[0]), vec3<f32>(cols[1]), vec3<f32>(cols[2]));
    r[2] = bitcast<u32>(i32(determinant(m)));
    var ms: array<mat2x2<f32>, 2>;
    ms[v.w % 2u] = mat2x2<f32>(1.0, 2.0, 3.0, 4.0);
    ms[(v.w + 1u) % 2u][v.x % 2u] = vec2(5.0, 6.0);
    r[3] = u32(ms[0][0].x + ms[0][1].y * 10.0 + ms[1][0].y * 100.0 + ms[1][1].x * 1000.0);
    if (v.x & 3u) != 0u {
        r[4] = subgroupAdd(v.y & 0xffffu);
        r[5] = subgroupMax(v.z);
        r[6] = countOneBits(subgroupBallot(true).x);
    } else {
        r[4] = subgroupMin(v.y);
        r[5] = 0u;
        r[6] = countOneBits(subgroupBallot(true).x) + 100u;
    }
    r[7] = subgroupAdd(1u);
    out[i] = r;
}
