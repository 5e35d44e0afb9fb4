// args: -T cs_6_2 -enable-16bit-types
// Conversions and promotions: literals, 16-bit and 64-bit types, bool, vector splats and
// truncation, integer division and shifts, float-to-int saturation.
RWStructuredBuffer<uint4> o : register(u0);
StructuredBuffer<float4> a : register(t0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 f = a[id.x];
    half2 h = (half2)f.xy;
    int16_t s = (int16_t)f.z;
    int64_t w = (int64_t)f.w * 3000000000;
    uint q = (uint)(-f.x) / 3u + ((int)f.y >> 2) + (uint)(s % 5);
    bool3 b = f.xyz > 0.5;
    float3 t = f;
    o[id.x] = uint4(q, asuint((float)h.x + h.y), (uint)(w >> 7), (uint)(b.x + b.y * 2 + b.z * 4) + (uint)t.z);
}
