// A task shader filling a payload (vectors, an array, a count, a flag) from several threads
// and launching mesh groups; a mesh shader writing two triangles per group from the payload
// with per-vertex outputs (position, interpolated and flat locations, clip distances) and
// per-primitive outputs (culling, primitive id, per-primitive locations), one vertex per
// thread; a fragment shader reading the per-primitive values.
enable wgpu_mesh_shader;
enable clip_distances;
enable primitive_index;

struct Payload {
    tint: vec4<f32>,
    offsets: array<vec2<f32>, 4>,
    count: u32,
    visible: bool,
}

var<task_payload> payload: Payload;
var<workgroup> votes: atomic<u32>;
@group(0) @binding(0) var<storage, read> scales: array<f32>;

@task @payload(payload) @workgroup_size(4)
fn ts_main(@builtin(local_invocation_index) li: u32, @builtin(workgroup_id) wg: vec3<u32>) -> @builtin(mesh_task_size) vec3<u32> {
    payload.offsets[li] = vec2<f32>(f32(li) * 0.5, scales[wg.x]);
    atomicAdd(&votes, li);
    workgroupBarrier();
    if li != 0u {
        return vec3<u32>(2u, 1u, 1u);
    }
    payload.tint = vec4<f32>(1.0, 0.5, 0.25, 1.0);
    payload.count = atomicLoad(&votes);
    payload.visible = (wg.x & 1u) == 0u;
    return vec3<u32>(2u, 1u, 1u);
}

struct Vertex {
    @builtin(position) position: vec4<f32>,
    @location(0) color: vec4<f32>,
    @location(1) @interpolate(flat) id: u32,
    @location(2) @interpolate(linear, centroid) uv: vec2<f32>,
    @builtin(clip_distances) clip: array<f32, 2>,
}

struct Primitive {
    @builtin(triangle_indices) indices: vec3<u32>,
    @builtin(cull_primitive) cull: bool,
    @builtin(primitive_index) id: u32,
    @per_primitive @location(3) normal: vec3<f32>,
    @per_primitive @location(4) @interpolate(flat) layer: u32,
}

struct MeshOut {
    @builtin(vertices) vertices: array<Vertex, 6>,
    @builtin(primitives) primitives: array<Primitive, 2>,
    @builtin(vertex_count) vertex_count: u32,
    @builtin(primitive_count) primitive_count: u32,
}

var<workgroup> mesh_out: MeshOut;

@mesh(mesh_out) @payload(payload) @workgroup_size(6)
fn ms_main(@builtin(local_invocation_index) li: u32, @builtin(global_invocation_id) gid: vec3<u32>) {
    if li == 0u {
        mesh_out.vertex_count = 6u;
        mesh_out.primitive_count = 2u;
    }
    let tri = li / 3u;
    let corner = li % 3u;
    let o = payload.offsets[tri];
    mesh_out.vertices[li].position = vec4<f32>(o.x + f32(corner), o.y, 0.0, 1.0);
    mesh_out.vertices[li].color = payload.tint * f32(corner + 1u);
    mesh_out.vertices[li].id = gid.x;
    mesh_out.vertices[li].uv = vec2<f32>(f32(corner & 1u), f32(corner >> 1u));
    mesh_out.vertices[li].clip = array<f32, 2>(1.0, o.y);
    if corner == 0u {
        mesh_out.primitives[tri].indices = vec3<u32>(li, li + 1u, li + 2u);
        mesh_out.primitives[tri].cull = !payload.visible || tri >= payload.count;
        mesh_out.primitives[tri].id = tri;
        mesh_out.primitives[tri].normal = normalize(vec3<f32>(o, 1.0));
        mesh_out.primitives[tri].layer = tri + payload.count;
    }
}

struct PrimitiveIn {
    @per_primitive @location(3) normal: vec3<f32>,
    @per_primitive @location(4) @interpolate(flat) layer: u32,
}

@fragment
fn fs_main(@location(0) color: vec4<f32>, @location(1) @interpolate(flat) id: u32, primitive: PrimitiveIn) -> @location(0) vec4<f32> {
    return color * vec4<f32>(primitive.normal, f32(primitive.layer + id));
}
