// f16 (lavapipe has it): `+ - *` correctly rounded in f16, conversions to and from f32 and
// integers (f32 inputs exactly representable in f16, since WGSL leaves the rounding of
// inexact ones to the implementation), f16 in storage, vectors of f16.
enable f16;

@group(0) @binding(0) var<storage, read> h: array<vec4<f16>>;
@group(0) @binding(1) var<storage, read> f: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> out: array<array<f16, 12>>;
@group(0) @binding(3) var<storage, read_write> wide: array<vec4<f32>>;
@group(0) @binding(4) var<storage, read_write> ints: array<vec4<i32>>;

@compute @workgroup_size(32)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let x = h[i];
    let e = round(f[i] * 16.0) / 16.0;
    var r: array<f16, 12>;
    r[0] = x.x + x.y;
    r[1] = x.z - x.w;
    r[2] = x.x * x.z;
    r[3] = f16(e.x);
    r[4] = -x.y;
    r[5] = abs(x.w);
    r[6] = floor(x.x) + ceil(x.y);
    r[7] = min(x.z, x.w);
    r[8] = max(x.x, x.y);
    r[9] = f16(i32(e.y * 4.0));
    r[10] = select(x.z, x.w, x.x < x.y);
    r[11] = fract(x.z);
    out[i] = r;
    wide[i] = vec4<f32>(x) * 2.0;
    ints[i] = vec4<i32>(x * 100.0h);
}
