enable f16;
// f16 math, conversions and matrices.
@group(0) @binding(0) var<storage, read_write> data: array<vec4<f16>>;
@group(0) @binding(1) var<storage, read_write> words: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let x = data[id.x];
    let y = data[id.x + 1u];
    var r = floor(x) + ceil(y) + round(x) + fract(y) + sqrt(x) + inverseSqrt(y) + exp(x) + log(y) + sin(x) + pow(x, y) + clamp(x, y, y + 1.0h) + mix(x, y, vec4<f16>(0.5h)) + fma(x, y, x) + abs(x) + sign(y) + step(x, y) + smoothstep(x, y, x) + min(x, y) + max(x, y) + saturate(x) + ldexp(x, vec4<i32>(2));
    r += vec4<f16>(dot(x, y)) + vec4<f16>(length(x)) + normalize(y) + modf(x).whole + frexp(y).fract + vec4<f16>(frexp(y).exp);
    r += vec4<f16>(vec4<f32>(x)) + vec4<f16>(vec4<i32>(y)) + vec4<f16>(vec4<u32>(x)) + vec4<f16>(vec4<f16>(vec4<f32>(1.0)));
    data[id.x] = r;
    words[id.x] = pack2x16float(vec2<f32>(x.xy));
    let m = mat2x2<f16>(x.xy, y.zw) * x.xy;
    data[id.x + 2u] = vec4<f16>(m, transpose(mat2x2<f16>(x.xy, y.xy))[0]);
}
