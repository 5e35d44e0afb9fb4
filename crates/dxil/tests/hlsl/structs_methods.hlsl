// args: -T cs_6_0
// Structs with methods, inheritance, out and inout parameters, matrices and swizzles.
struct Base { float x; float getX() { return x * 2; } };
struct D : Base { float3 v; float sum() { return x + v.x + v.y + v.z + getX(); } };
void split(float4 f, out float2 lo, inout float2 hi) { lo = f.xy; hi += f.zw; }
RWStructuredBuffer<float4> o : register(u0);
StructuredBuffer<float4> a : register(t0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    D d;
    d.x = a[id.x].w;
    d.v = a[id.x].xyz;
    float2 lo, hi = 1;
    split(a[id.x + 1], lo, hi);
    float2x2 m = float2x2(lo, hi);
    float2 r = mul(m, lo) + m[1] + m._m01;
    o[id.x] = float4(r, d.sum(), dot(d.v, float3(1, 2, 3)));
}
