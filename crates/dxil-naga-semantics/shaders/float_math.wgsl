// The float built-ins WGSL bounds by ULPs rather than requiring them correctly rounded,
// the tighter ones (the trigonometric and hyperbolic functions are in `float_trig.wgsl`, with
// their looser bounds): `/`, `%`, sqrt, inverseSqrt, exp, exp2, log, log2, pow, length,
// distance, normalize, dot, fma, degrees, radians, and modf/frexp/ldexp (exact). Each
// argument is kept inside the function's domain (no NaN) and its results finite.

@group(0) @binding(0) var<storage, read> f: array<vec4<f32>>;
@group(0) @binding(1) var<storage, read_write> out: array<array<f32, 24>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    let x = f[i];
    // Positive arguments between 0.1 and 8.1.
    let p = abs(x) + 0.1;
    var r: array<f32, 24>;
    r[0] = x.x / x.y;
    r[1] = sqrt(p.x);
    r[2] = inverseSqrt(p.y);
    r[3] = exp(x.z);
    r[4] = exp2(x.w);
    r[5] = log(p.z);
    r[6] = log2(p.w);
    r[7] = pow(p.x, x.y * 0.5);
    r[8] = length(x);
    r[9] = distance(x.xy, x.zw);
    let n = normalize(x.xyz);
    r[10] = n.x;
    r[11] = n.y;
    r[12] = fma(x.x, x.y, x.z);
    r[13] = degrees(x.x);
    r[14] = radians(x.y);
    let m = modf(x.z);
    r[15] = m.fract + m.whole * 1000.0;
    let fe = frexp(x.w);
    r[16] = fe.fract * 100.0 + f32(fe.exp);
    r[17] = ldexp(x.x, i32(i % 20u) - 10);
    r[18] = x.z % x.w;
    r[19] = dot(x, x.wzyx);
    r[20] = sign(x.y) * abs(x.z) / (abs(x.w) + 1.0);
    r[21] = 1.0 / p.z;
    r[22] = exp(-p.w) * 100.0;
    r[23] = log(p.x * p.y);
    out[i] = r;
}
