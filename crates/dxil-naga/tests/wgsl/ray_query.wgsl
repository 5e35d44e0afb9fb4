// Inline ray queries (SM 6.5): initialize, proceed, candidate and committed intersections,
// generated and confirmed hits, termination (naga wants the query a local of the function
// that uses it).
enable wgpu_ray_query;
@group(0) @binding(0) var acc: acceleration_structure;
@group(0) @binding(1) var<storage, read_write> out: array<vec4<f32>>;

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    var rq: ray_query;
    let dir = normalize(vec3<f32>(f32(id.x), 1.0, 2.0));
    rayQueryInitialize(&rq, acc, RayDesc(RAY_FLAG_CULL_BACK_FACING, 0xFFu, 0.1, 100.0, vec3<f32>(0.0), dir));
    while rayQueryProceed(&rq) {
        let c = rayQueryGetCandidateIntersection(&rq);
        if c.kind == RAY_QUERY_INTERSECTION_AABB {
            rayQueryGenerateIntersection(&rq, 10.0);
        } else if c.front_face {
            rayQueryConfirmIntersection(&rq);
        } else if c.t > 50.0 {
            rayQueryTerminate(&rq);
        }
    }
    let i = rayQueryGetCommittedIntersection(&rq);
    out[id.x] = vec4<f32>(i.t, f32(i.kind), f32(i.instance_index + i.instance_custom_data + i.geometry_index + i.primitive_index + i.sbt_record_offset), i.barycentrics.x) + i.world_to_object[3].xyzx + i.object_to_world[0].xyzz;
    out[id.x + 1u].x = select(0.0, 1.0, i.front_face);
}
