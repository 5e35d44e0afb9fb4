// 64-bit integers and doubles in a uniform buffer and in workgroup memory.
struct U { a: i64, b: vec2<u64>, c: f64 }
@group(0) @binding(0) var<uniform> u: U;
@group(0) @binding(1) var<storage, read_write> o: array<u64>;
var<workgroup> w: array<i64, 4>;
@compute @workgroup_size(4)
fn main(@builtin(local_invocation_index) li: u32) {
    w[li] = u.a + i64(li);
    workgroupBarrier();
    o[li] = u.b.y + u64(w[(li + 1u) % 4u]) + u64(u.c);
}
