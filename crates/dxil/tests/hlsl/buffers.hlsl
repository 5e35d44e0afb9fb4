// args: -T cs_6_0
// Typed, raw and structured buffers; arrays in elements indexed at run time; a constant
// buffer with arrays; 64-bit values as pairs before shader model 6.3.
struct E { uint n; float f[3]; uint64_t w; };
cbuffer C : register(b0) { float4 k[4]; uint sel; };
RWBuffer<float2> t : register(u0);
RWByteAddressBuffer r : register(u1);
RWStructuredBuffer<E> s : register(u2);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    E e = s[i];
    e.f[i % 3] += k[(i + sel) % 4].y;
    e.w += r.Load(i * 4);
    s[i] = e;
    t[i] = float2(e.f[0], k[sel % 4][i % 4]);
    r.Store2(16 + i * 8, uint2(e.n, asuint(e.f[2])));
}
