#version 450
// GLSL's double functions: isnan/isinf, mod, normalize, faceforward, ldexp, inverse.
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Data { dvec4 v[]; } data;
layout(std430, binding = 1) buffer Flags { int f[]; } flags;
void main() {
    dvec4 a = data.v[0];
    dvec4 b = data.v[1];
    data.v[2] = dvec4(length(a), distance(a, b), dot(a, b), mod(a.x, b.x));
    data.v[3] = normalize(a);
    data.v[5] = faceforward(a, b, a);
    data.v[9] = ldexp(a, ivec4(3, -2000, 5, 1100));
    data.v[10] = roundEven(a) + round(b) + inversesqrt(a) + fract(b) + mod(a, b);
    data.v[11] = clamp(a, b, b + 1.0) + mix(a, b, 0.25) + step(a, b) + smoothstep(a, b, b) + sign(a) + abs(b) + fma(a, b, a);
    flags.f[0] = int(isnan(a.x)) + 2 * int(isinf(a.y));
    data.v[12] = dvec4(determinant(dmat2(a.xy, b.xy)), inverse(dmat2(a.xy, b.xy))[0], 0.0);
}
