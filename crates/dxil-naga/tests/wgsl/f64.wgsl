// f64 arithmetic and math (naga's WGSL f64): rounding, sqrt, ldexp, frexp, modf and % are
// built in software, DXIL having no double overloads for them.
@group(0) @binding(0) var<storage, read_write> d: array<f64>;
@compute @workgroup_size(1)
fn main() {
    let x = d[0];
    let y = d[1];
    let v = vec3<f64>(x, y, x + y);
    d[2] = x % y + floor(x) + ceil(y) + round(x) + trunc(y) + fract(x) + sqrt(y) + inverseSqrt(x);
    d[3] = length(v) + distance(v, v.zyx) + dot(v, v) + normalize(v).y + refract(v, v.yzx, x).z;
    d[4] = ldexp(x, i32(y)) + modf(x).fract + frexp(y).fract + f64(frexp(y).exp);
    d[5] = clamp(x, y, 2.0lf) + mix(x, y, 0.5lf) + step(x, y) + smoothstep(x, y, 0.5lf) + sign(x) + abs(y) + fma(x, y, x) + saturate(x);
    d[6] = determinant(mat2x2<f64>(x, y, y, x)) + faceForward(v, v, v).x + select(x, y, x < y) + min(x, y) + max(x, y);
    d[7] = f64(i32(x)) + f64(u32(y)) + f64(f32(x)) + f64(i64(y)) + f64(u64(x));
}
