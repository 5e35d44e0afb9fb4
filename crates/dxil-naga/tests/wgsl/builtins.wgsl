// Vertex and fragment built-ins: clip distances, barycentrics, primitive and sample
// indices, subgroup built-ins in a fragment shader.
enable clip_distances;
struct VOut {
    @builtin(position) pos: vec4<f32>,
    @builtin(clip_distances) clip: array<f32, 2>,
    @location(0) color: vec3<f32>,
    @location(1) @interpolate(flat) id: u32,
}

@vertex
fn vs(@builtin(vertex_index) v: u32, @builtin(instance_index) i: u32) -> VOut {
    let p = vec4<f32>(f32(v & 1u), f32(v >> 1u), 0.0, 1.0);
    return VOut(p, array<f32, 2>(p.x, p.y), vec3<f32>(p.xy, 1.0), i);
}

struct FIn {
    @builtin(position) pos: vec4<f32>,
    @location(0) color: vec3<f32>,
    @location(1) @interpolate(flat) id: u32,
}

@fragment
fn fs(
    in: FIn,
    @builtin(sample_index) s: u32,
    @builtin(subgroup_size) size: u32,
    @builtin(subgroup_invocation_id) lane: u32,
) -> @location(0) vec4<f32> {
    return vec4<f32>(in.color, f32(s + in.id + size + lane));
}
