// Module-scope values: overrides at their defaults (applied by wgpu and by the test before
// dxil-naga, as pipeline constants), one sizing a workgroup array, `const` arrays indexed at
// run time, private variables with initializers, 64-bit integers and doubles in workgroup
// memory, dynamic writes into a private array of structs, and pointers to function and
// private variables passed to a helper.

override SCALE: f32 = 1.5;
override COUNT: u32 = 24u;
@id(7) override FLAG: bool = true;

const PRIMES = array<u32, 8>(2u, 3u, 5u, 7u, 11u, 13u, 17u, 19u);
const OFFSETS = array<vec2<i32>, 4>(vec2(1, 0), vec2(0, -1), vec2(-1, 0), vec2(0, 1));

struct Pair {
    a: u32,
    b: vec2<u32>,
}

var<private> counter: u32 = 5u;
var<private> pairs: array<Pair, 3> = array<Pair, 3>(Pair(1u, vec2(2u, 3u)), Pair(4u, vec2(5u, 6u)), Pair(7u, vec2(8u, 9u)));
var<workgroup> wide: array<i64, COUNT>;
var<workgroup> dbl: array<f64, 8>;

@group(0) @binding(0) var<storage, read> a: array<vec2<u32>>;
@group(0) @binding(1) var<storage, read_write> out: array<array<u32, 12>>;
@group(0) @binding(2) var<storage, read_write> floats: array<vec2<f32>>;

fn add_to(p: ptr<function, u32>, q: ptr<private, u32>, by: u32) {
    *p = *p * 3u + by;
    *q += by;
}

@compute @workgroup_size(24)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) li: u32) {
    let i = gid.x;
    let v = a[i];
    // u32 to i64 through u64: wgpu sign-extends `i64(u32)` (see widen_mixed_sign.wgsl).
    wide[li] = bitcast<i64>(u64(v.x)) * i64(bitcast<i32>(v.y));
    if li < 8u {
        dbl[li] = f64(v.x & 0xffffu) * 0.5lf;
    }
    workgroupBarrier();
    var r: array<u32, 12>;
    r[0] = PRIMES[v.x % 8u];
    let o = OFFSETS[v.y % 4u];
    r[1] = bitcast<u32>(o.x * 10 + o.y);
    var local = array<u32, 3>(v.x, v.y, 1u);
    // Pointers to whole variables: naga 30's SPIR-V writer panics on a pointer argument to
    // an array element or a struct member, so wgpu cannot run those.
    var x = local[v.x % 3u];
    add_to(&x, &counter, 4u);
    local[v.x % 3u] = x;
    pairs[v.y % 3u].a += x & 7u;
    r[2] = local[0] ^ local[1] ^ local[2];
    r[3] = counter;
    r[4] = pairs[0].a + pairs[1].a * 100u + pairs[2].a * 10000u + pairs[v.y % 3u].b[v.x % 2u];
    let w = wide[(li + 1u) % COUNT];
    r[5] = u32(w);
    r[6] = u32(w >> 32u);
    r[7] = select(0u, 1u, FLAG) + COUNT * 2u;
    r[8] = u32(dbl[v.y % 8u]);
    r[9] = pairs[v.x % 3u].a;
    r[10] = PRIMES[(v.x >> 3u) % 8u] * PRIMES[li % 8u];
    r[11] = li;
    out[i] = r;
    floats[i] = vec2(f32(v.x & 0xffu) * SCALE, f32(dbl[li % 8u]));
}
