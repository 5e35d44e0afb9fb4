// Uniform buffer layout as WGSL lays it out, which a constant buffer's 16-byte rows do not
// match on their own: matrices with 8-byte columns (mat2x2, mat3x2, mat4x2), a vec3
// followed by a scalar in its last four bytes, an array of matrices, nested structs at
// 16-byte aligned offsets, and dynamic indices into all of them.

struct Inner {
    s: f32,
    v: vec2<f32>,
}

struct Uniforms {
    m22: mat2x2<f32>,
    m32: mat3x2<f32>,
    m42: mat4x2<f32>,
    v3: vec3<f32>,
    tail: f32,
    mats: array<mat2x2<f32>, 3>,
    inner: Inner,
    u2: vec2<u32>,
    m23: mat2x3<f32>,
    last: u32,
}

@group(0) @binding(0) var<uniform> u: Uniforms;
@group(0) @binding(1) var<storage, read> a: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<array<f32, 24>>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let k = a[i];
    var r: array<f32, 24>;
    r[0] = u.m22[k % 2u][(k >> 1u) % 2u];
    r[1] = u.m32[k % 3u][(k >> 2u) % 2u];
    r[2] = u.m42[k % 4u].y;
    r[3] = u.m42[3u].x;
    r[4] = u.v3[k % 3u];
    r[5] = u.tail;
    r[6] = u.mats[k % 3u][(k >> 3u) % 2u][(k >> 5u) % 2u];
    r[7] = u.inner.s;
    r[8] = u.inner.v[k % 2u];
    r[9] = f32(u.u2[k % 2u] & 0xffffu);
    r[10] = u.m23[k % 2u][(k >> 1u) % 3u];
    r[11] = f32(u.last & 0xffffu);
    let c = u.m32 * vec3(1.0, 2.0, 4.0);
    r[12] = c.x;
    r[13] = c.y;
    let d = u.m42[1];
    r[14] = d.x - d.y;
    let m = u.mats[2];
    r[15] = m[0].x + m[1].y * 2.0;
    let inner = u.inner;
    r[16] = inner.v.y;
    r[17] = u.m22[1].x;
    r[18] = u.m32[2].y;
    r[19] = u.m23[1].z;
    r[20] = u.v3.z;
    r[21] = f32(i);
    r[22] = u.mats[0][1].y;
    r[23] = u.inner.v.x;
    out[i] = r;
}
