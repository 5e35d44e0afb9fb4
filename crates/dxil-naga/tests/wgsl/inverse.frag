#version 450
// Matrix inverses (GLSL's inverse(), which WGSL lacks).
layout(location = 0) in vec4 a;
layout(location = 0) out vec4 o;
void main() {
    mat2 m2 = inverse(mat2(a.x, a.y, a.z, a.w));
    mat3 m3 = inverse(mat3(a.xyz, a.yzw, a.zwx));
    mat4 m4 = inverse(mat4(a, a.yzwx, a.zwxy, a.wxyz + 1.0));
    o = vec4(m2[0], m3[1].xy) + m4[2];
}
