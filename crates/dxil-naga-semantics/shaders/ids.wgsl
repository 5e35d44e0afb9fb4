// The compute built-ins over a three-dimensional workgroup and grid (this shader is
// dispatched as 2 x 3 x 2 groups, see the test's GRIDS): local_invocation_id,
// local_invocation_index, workgroup_id, global_invocation_id and num_workgroups, each
// invocation writing its own slot.

@group(0) @binding(0) var<storage, read_write> out: array<vec4<u32>>;

@compute @workgroup_size(4, 2, 3)
fn main(
    @builtin(local_invocation_id) lid: vec3<u32>,
    @builtin(local_invocation_index) li: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(num_workgroups) n: vec3<u32>,
) {
    let size = vec3(4u, 2u, 3u);
    let group = wid.x + n.x * (wid.y + n.y * wid.z);
    let slot = group * 24u + li;
    out[slot * 3u] = vec4(lid, li);
    out[slot * 3u + 1u] = vec4(wid, group);
    out[slot * 3u + 2u] = vec4(gid, u32(all(gid == wid * size + lid)) + n.x * 10u + n.y * 100u + n.z * 1000u);
}
