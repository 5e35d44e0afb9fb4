// Values of composite type: structs copied whole and member by member, arrays of structs
// copied and indexed dynamically, vectors indexed dynamically and swizzled, matrices
// multiplied, transposed and indexed (inputs rounded to small integers, so every product
// and sum is exact and the order of a dot product does not matter), a runtime-sized array
// in a struct and its `arrayLength`.

struct Item {
    a: vec3<f32>,
    b: u32,
    m: mat2x3<f32>,
}

struct Tail {
    count: atomic<u32>,
    pad: vec3<u32>,
    items: array<vec2<i32>>,
}

@group(0) @binding(0) var<storage, read> f: array<mat4x4<f32>>;
@group(0) @binding(1) var<storage, read> a: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read_write> items: array<Item>;
@group(0) @binding(3) var<storage, read_write> mats: array<mat4x4<f32>>;
@group(0) @binding(4) var<storage, read_write> tail: Tail;
@group(0) @binding(5) var<uniform> u: Item;

fn make(x: vec4<f32>, k: u32) -> Item {
    var it: Item;
    it.a = x.xyz;
    it.b = k;
    it.m = mat2x3<f32>(x.wzy, x.xxw);
    return it;
}

@compute @workgroup_size(16)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let m = mat4x4<f32>(round(f[i][0]), round(f[i][1]), round(f[i][2]), round(f[i][3]));
    let v = a[i];
    var list = array<Item, 4>(make(m[0], 1u), make(m[1], 2u), make(m[2], 3u), u);
    let pick = list[v.x % 4u];
    var copy = list;
    copy[v.y % 4u] = list[(v.y + 1u) % 4u];
    copy[v.y % 4u].m[v.z % 2u].y = 100.0;
    items[i * 2u] = pick;
    items[i * 2u + 1u] = copy[v.y % 4u];
    let col = m[v.z % 4u];
    let idx = v.w % 4u;
    var w = col;
    w[idx] = col[(idx + 1u) % 4u] + col.wzyx[idx];
    let t = transpose(m);
    mats[i * 4u] = m * t;
    mats[i * 4u + 1u] = mat4x4<f32>(m * w, w * m, t * col, vec4(dot(w, col), w.yzx));
    mats[i * 4u + 2u] = m + t - m * 2.0;
    let m3 = mat3x3<f32>(m[0].xyz, m[1].xyz, m[2].xyz);
    let m23 = mat2x3<f32>(m[3].xyz, m[0].zyx);
    let p = m3 * m23;
    mats[i * 4u + 3u] = mat4x4<f32>(vec4(p[0], 0.0), vec4(p[1], 1.0), vec4(mat2x3<f32>(round(u.m[0]), round(u.m[1])) * w.xy, f32(u.b)), vec4(u.a * 2.0, -1.0));
    let n = arrayLength(&tail.items);
    atomicAdd(&tail.count, n);
    let at = (v.x % n + i) % n;
    if i < 16u {
        tail.items[i] = vec2(i32(n), bitcast<i32>(v.y)) + tail.items[at % 16u + 16u];
    }
}
