// The trigonometric and hyperbolic built-ins and their inverses, and the functions WGSL
// defines by a formula (mix, smoothstep, reflect, refract, faceForward, cross): WGSL bounds
// sin and cos by an absolute error of 2^-11, atan and atan2 by 4096 ULP, and the rest
// inherit from those and from exp and log. Arguments stay inside each function's domain.

@group(0) @binding(0) var<storage, read> f: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> out: array<array<f32, 20>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let x = f[i];
    let p = abs(x) + 0.1;
    // Arguments in [-1, 1).
    let u = x * 0.125;
    // Sine and cosine are bounded on [-pi, pi].
    let a = x * 0.39;
    var r: array<f32, 20>;
    r[0] = sin(a.x);
    r[1] = cos(a.y);
    r[2] = tan(u.z);
    r[3] = asin(u.w);
    r[4] = acos(u.x);
    r[5] = atan(x.y);
    r[6] = atan2(x.z, x.w);
    r[7] = sinh(u.x);
    r[8] = cosh(u.y);
    r[9] = tanh(x.z);
    r[10] = asinh(x.w);
    r[11] = acosh(p.x + 1.0);
    r[12] = atanh(u.y * 0.9);
    r[13] = mix(x.x, x.y, u.z);
    r[14] = smoothstep(-2.0, 3.0, x.w);
    let n = normalize(x.xyz);
    r[15] = reflect(x.xyz, n).x;
    r[16] = refract(n, normalize(x.wzy), 0.7).y;
    r[17] = faceForward(x.xyz, x.wzy, x.yxw).z;
    r[18] = cross(x.xyz, x.wzy).y;
    r[19] = sin(a.z) * cos(a.w);
    out[i] = r;
}
