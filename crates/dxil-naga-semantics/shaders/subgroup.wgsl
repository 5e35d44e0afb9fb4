// Subgroup operations at the adapter's subgroup size (the executor is run at the same wave
// size): reductions, scans, ballots, broadcasts and shuffles, over integers only (a float
// reduction's order is the implementation's).

@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<array<u32, 12>>;

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(subgroup_invocation_id) lane: u32,
    @builtin(subgroup_size) size: u32,
) {
    let x = a[gid.x];
    var r: array<u32, 12>;
    r[0] = subgroupAdd(x);
    r[1] = subgroupExclusiveAdd(x);
    r[2] = subgroupInclusiveAdd(x & 0xffu);
    r[3] = subgroupMax(x);
    r[4] = subgroupMin(x);
    r[5] = subgroupAnd(x) ^ subgroupOr(x) ^ subgroupXor(x);
    let b = subgroupBallot((x & 1u) == 1u);
    r[6] = b.x;
    r[7] = subgroupBroadcast(x, 3u);
    r[8] = subgroupBroadcastFirst(x + lane);
    r[9] = subgroupShuffle(x, (lane + 1u) % size);
    r[10] = select(0u, 1u, subgroupAll(x > 3u)) | select(0u, 2u, subgroupAny(x == 0u));
    r[11] = size * 100u + lane;
    out[gid.x] = r;
}
