// Loops with continuing blocks and break-if, switches, workgroup atomics and memory,
// integer division by zero, function calls returning from several places.
var<workgroup> counter: atomic<u32>;
var<workgroup> tile: array<vec2<f32>, 16>;
var<private> seed: u32 = 7u;
@group(0) @binding(0) var<storage, read_write> out: array<i32>;
@group(0) @binding(1) var<uniform> params: vec4<i32>;

fn pick(x: i32) -> i32 {
    if x < 0 { return -x; }
    switch x {
        case 0, 1: { return 10; }
        case 2: { return 20 / params.y; }
        default: { }
    }
    return x % params.z;
}

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) li: u32, @builtin(global_invocation_id) gid: vec3<u32>) {
    atomicAdd(&counter, 1u);
    tile[li] = vec2<f32>(f32(li), 1.0);
    workgroupBarrier();
    var acc = 0;
    var i = 0;
    loop {
        if i == 3 { i++; continue; }
        acc += pick(i - 2) + i32(tile[(li + u32(i)) % 16u].x);
        continuing {
            i++;
            break if i >= params.x;
        }
    }
    seed = seed * 1103515245u + 12345u;
    let m = mat2x2<f32>(1.0, 2.0, 3.0, 4.0) * vec2<f32>(tile[li]);
    out[gid.x] = acc / params.w + i32(atomicLoad(&counter)) + i32(m.y) + i32(seed & 1u);
}
