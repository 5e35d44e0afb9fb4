@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32, @builtin(local_invocation_index) li: u32) {
    let b = subgroupBallot(lane % 2u == 0u);
    let s = subgroupAdd(lane);
    let e = subgroupExclusiveMul(lane + 1u);
    let i = subgroupInclusiveAdd(lane);
    let m = subgroupMax(lane);
    let a = subgroupAll(lane < size);
    let x = subgroupXor(lane);
    let f = subgroupBroadcastFirst(lane);
    let br = subgroupBroadcast(lane, 3u);
    let sh = subgroupShuffleDown(lane, 1u);
    let q = quadSwapX(lane);
    let qb = quadBroadcast(lane, 1u);
    out[li] = b.x + s + e + i + m + u32(a) + x + f + br + sh + q + qb;
}
