// Memory layout and partial writes: vec3 elements (stride 16) written one component at a
// time must leave their neighbours alone, matrices with 16-byte columns
// (mat3x3) and 8-byte columns (mat2x2) written whole and by a dynamic column, a uniform
// buffer of arrays with 16-byte strides, a top-level runtime-sized array and its
// arrayLength, bindings in a second group, and pointers to function and private memory
// passed to helper functions.

struct Mats {
    m3: mat3x3<f32>,
    m2: mat2x2<f32>,
    tag: u32,
}

struct Params {
    table: array<vec4<u32>, 4>,
    scale: vec2<f32>,
    shift: u32,
}

@group(0) @binding(0) var<storage, read_write> v3: array<vec3<f32>>;
@group(0) @binding(1) var<storage, read_write> mats: array<Mats>;
@group(0) @binding(2) var<uniform> params: Params;
@group(1) @binding(0) var<storage, read> words: array<u32>;
@group(1) @binding(3) var<storage, read_write> lengths: array<u32, 8>;

var<private> scratch: vec4<u32>;
var<workgroup> tally: array<u32, 16>;

fn bump(p: ptr<function, u32>, by: u32) {
    *p += by;
}

fn twiddle(p: ptr<private, vec4<u32>>, k: u32) {
    (*p)[k % 4u] ^= 0x55u;
    (*p).y += k;
}

@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) li: u32) {
    let i = gid.x;
    let w = words[i];
    // One component of a vec3, chosen at run time; the others keep their input.
    let c = w % 3u;
    v3[i][c] = f32(w >> 8u) * params.scale.x;
    v3[i + 64u].z = params.scale.y;
    // Matrices: a column chosen at run time, then whole.
    mats[i].m3[c] = vec3(params.scale, f32(params.shift));
    mats[i].m2[w & 1u].y = f32(i);
    mats[i + 32u].m2 = mat2x2<f32>(params.scale, params.scale.yx);
    mats[i + 32u].tag = params.table[w % 4u][(w >> 4u) % 4u];
    var acc = 0u;
    for (var k = 0u; k < 4u; k++) {
        bump(&acc, params.table[k].x + params.table[k][w % 4u]);
    }
    scratch = vec4(w);
    twiddle(&scratch, w >> 3u);
    tally[i % 16u] = i;
    workgroupBarrier();
    if i < 8u {
        lengths[i] = arrayLength(&v3) * 1000u + arrayLength(&words) + acc * 7u + scratch.x
            + scratch.y + tally[(li + 1u) % 16u];
    }
    v3[i + 128u] = vec3(v3[i + 200u].x, 1.5, -2.0);
}
