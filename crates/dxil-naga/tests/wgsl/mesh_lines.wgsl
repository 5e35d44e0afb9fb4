// Mesh shaders without a task shader: lines, the view index, an early return from the thread that writes
// everything, a loop over the outputs, an empty mesh shader, a task shader returning
// different sizes from different threads.
enable wgpu_mesh_shader;

struct Vertex {
    @builtin(position) position: vec4<f32>,
    @location(0) @interpolate(perspective, sample) weight: f32,
}

struct Line {
    @builtin(line_indices) indices: vec2<u32>,
    @per_primitive @location(1) @interpolate(flat) kind: i32,
}

struct LineOut {
    @builtin(vertex_count) vertex_count: u32,
    @builtin(vertices) vertices: array<Vertex, 8>,
    @builtin(primitive_count) primitive_count: u32,
    @builtin(primitives) primitives: array<Line, 4>,
}

var<workgroup> lines: LineOut;

@mesh(lines) @workgroup_size(2, 2)
fn ms_lines(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wg: vec3<u32>, @builtin(view_index) view: u32) {
    if lid.x != 0u || lid.y != 0u {
        return;
    }
    lines.vertex_count = 8u;
    lines.primitive_count = 4u;
    for (var i = 0u; i < 8u; i++) {
        lines.vertices[i].position = vec4<f32>(f32(i), f32(wg.y), f32(view), 1.0);
        lines.vertices[i].weight = f32(i) / 8.0;
    }
    for (var p = 0u; p < 4u; p++) {
        lines.primitives[p].indices = vec2<u32>(2u * p, 2u * p + 1u);
        lines.primitives[p].kind = i32(p) - 2;
    }
}

@mesh(lines) @workgroup_size(1)
fn ms_empty() {}

struct Small {
    value: u32,
}

var<task_payload> small: Small;

@task @payload(small) @workgroup_size(2)
fn ts_divergent(@builtin(local_invocation_index) li: u32) -> @builtin(mesh_task_size) vec3<u32> {
    if li == 0u {
        small.value = 7u;
        return vec3<u32>(1u, 1u, 1u);
    }
    return vec3<u32>(2u, 2u, 2u);
}

@mesh(lines) @payload(small) @workgroup_size(1)
fn ms_small() {
    lines.vertex_count = 2u;
    lines.primitive_count = 1u;
    lines.vertices[0].position = vec4<f32>(f32(small.value), 0.0, 0.0, 1.0);
    lines.vertices[1].position = vec4<f32>(0.0, 1.0, 0.0, 1.0);
    lines.primitives[0].indices = vec2<u32>(0u, 1u);
}
