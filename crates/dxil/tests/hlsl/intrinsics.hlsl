// args: -T cs_6_0
// ulp: 1
// Math intrinsics as DXC expands them (DXC contracts and reassociates: within one unit in
// the last place).
RWStructuredBuffer<float4> o : register(u0);
StructuredBuffer<float4> a : register(t0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float4 v = a[id.x];
    float4 r;
    r.x = pow(abs(v.x), 0.5) + exp(v.y / 64) + log(abs(v.z) + 1);
    r.y = lerp(v.x, v.y, saturate(v.z)) + smoothstep(-1, 1, v.w) + fmod(v.x, 3);
    r.z = length(v.xyz) + distance(v.xy, v.zw) + normalize(v).x + atan2(v.y, v.x);
    r.w = (float)(countbits(asuint(v.x)) + firstbithigh(asuint(v.y)) + reversebits(asuint(v.z))) + sign(v.w) + clamp(v.x, -1, 1);
    o[id.x] = r;
}
