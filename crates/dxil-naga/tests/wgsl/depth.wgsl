// Early depth tests and conservative depth outputs.
@fragment
@early_depth_test(force)
fn forced(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    return p;
}

@fragment
@early_depth_test(greater_equal)
fn greater(@builtin(position) p: vec4<f32>) -> @builtin(frag_depth) f32 {
    return p.z + 0.1;
}

@fragment
@early_depth_test(less_equal)
fn less(@builtin(position) p: vec4<f32>, @builtin(front_facing) front: bool) -> @builtin(frag_depth) f32 {
    return select(p.z, p.z - 0.1, front);
}
