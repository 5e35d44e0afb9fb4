// Every subgroup operation on floats and integers, quad operations, subgroup built-ins.
@group(0) @binding(0) var<storage, read_write> out: array<f32>;
@group(0) @binding(1) var<storage, read_write> iout: array<i32>;
@compute @workgroup_size(64)
fn main(@builtin(subgroup_invocation_id) lane: u32, @builtin(subgroup_size) size: u32, @builtin(local_invocation_index) li: u32, @builtin(num_subgroups) ns: u32, @builtin(subgroup_id) sid: u32) {
    let f = out[li];
    let i = iout[li];
    subgroupBarrier();
    let e = lane == 0u;  // subgroupElect is not in naga 30's WGSL
    let any = subgroupAny(f > 0.0);
    out[li] = subgroupAdd(f) + subgroupMul(f) + subgroupMin(f) + subgroupMax(f) + subgroupExclusiveAdd(f) + subgroupInclusiveMul(f) + subgroupBroadcastFirst(f) + subgroupBroadcast(f, 1u) + subgroupShuffle(f, lane ^ 1u) + subgroupShuffleXor(f, 2u) + subgroupShuffleUp(f, 1u) + quadSwapY(f) + quadSwapDiagonal(f) + quadBroadcast(f, 2u) + f32(e) + f32(any);
    iout[li] = subgroupAnd(i) + subgroupOr(i) + subgroupXor(i) + subgroupMin(i) + subgroupMax(i) + subgroupAdd(i) + i32(ns + sid + size) + i32(subgroupBallot(i > 0).y);
}
