// 64-bit atomics (SM 6.6) on storage buffers and workgroup memory, compare-exchange.
@group(0) @binding(0) var<storage, read_write> c: array<atomic<u64>>;
@group(0) @binding(1) var<storage, read_write> s: array<atomic<i64>>;
var<workgroup> w: atomic<u64>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
    let v = u64(li);
    atomicMax(&c[0], v);
    atomicMin(&c[1], v);
    let o = atomicAdd(&c[2], v + 1lu);
    atomicStore(&c[3], o);
    atomicMax(&s[0], -i64(li));
    let x = atomicExchange(&s[1], 5li);
    let r = atomicCompareExchangeWeak(&c[4], 0lu, v);
    atomicAdd(&w, 1lu);
    workgroupBarrier();
    atomicOr(&c[5], atomicLoad(&w) + select(0lu, 1lu, r.exchanged) + u64(x));
}
