// Workgroup memory and atomics without races in what is stored: a tree reduction in
// workgroup memory across barriers, `workgroupUniformLoad`, workgroup and storage atomics
// whose final values do not depend on the order of the operations (add, min, max, and, or,
// xor, and a compare-exchange loop), and a zero-initialized workgroup array.

@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> sums: array<u32>;
@group(0) @binding(2) var<storage, read_write> counters: array<atomic<u32>, 8>;
@group(0) @binding(3) var<storage, read_write> signed: array<atomic<i32>, 4>;

const N: u32 = 64u;
var<workgroup> tile: array<u32, N>;
var<workgroup> untouched: array<u32, 8>;
var<workgroup> shared_max: atomic<u32>;
var<workgroup> bins: array<atomic<u32>, 4>;
var<workgroup> flag: u32;

@compute @workgroup_size(64)
fn main(
    @builtin(local_invocation_index) li: u32,
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(workgroup_id) wg: vec3<u32>,
    @builtin(num_workgroups) groups: vec3<u32>,
) {
    let x = a[gid.x];
    tile[li] = x;
    if li == 0u {
        flag = x % 5u;
    }
    atomicMax(&shared_max, x >> 4u);
    atomicAdd(&bins[x % 4u], 1u);
    workgroupBarrier();
    for (var stride = N / 2u; stride > 0u; stride /= 2u) {
        if li < stride {
            tile[li] += tile[li + stride];
        }
        workgroupBarrier();
    }
    let f = workgroupUniformLoad(&flag);
    if li == 0u {
        let base = wg.x * 8u;
        sums[base] = tile[0];
        sums[base + 1u] = atomicLoad(&shared_max);
        sums[base + 2u] = atomicLoad(&bins[0]) | (atomicLoad(&bins[1]) << 8u)
            | (atomicLoad(&bins[2]) << 16u) | (atomicLoad(&bins[3]) << 24u);
        sums[base + 3u] = f;
        sums[base + 4u] = untouched[x % 8u] + 7u;
        sums[base + 5u] = groups.x * 100u + groups.y * 10u + groups.z;
    }
    atomicAdd(&counters[0], x);
    atomicSub(&counters[1], x >> 3u);
    atomicMax(&counters[2], x);
    atomicMin(&counters[3], x);
    atomicAnd(&counters[4], x | 0x0f0f0f0fu);
    atomicOr(&counters[5], x & 0x10204080u);
    atomicXor(&counters[6], x);
    // Add by compare-exchange, retried until it lands: the sum is the same in any order.
    var old = atomicLoad(&counters[7]);
    loop {
        let r = atomicCompareExchangeWeak(&counters[7], old, old + (x & 0xffu));
        if r.exchanged {
            break;
        }
        old = r.old_value;
    }
    let s = bitcast<i32>(x);
    atomicMax(&signed[0], s);
    atomicMin(&signed[1], s);
    atomicAdd(&signed[2], s >> 8u);
    atomicExchange(&signed[3], 5);
}
