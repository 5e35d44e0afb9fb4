// args: -T cs_6_0
// Group-shared arrays of structs and vectors, components chosen at run time, barriers
// and interlocked operations.
struct P { float2 a; uint b; };
groupshared P g[16];
groupshared uint4 h;
RWStructuredBuffer<uint4> o : register(u0);
[numthreads(16, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
    if (id.x < 4) h[id.x] = 0;
    g[id.x].a = float2(id.x, id.x * 2);
    g[id.x].b = id.x;
    GroupMemoryBarrierWithGroupSync();
    InterlockedAdd(h[id.x % 4], g[15 - id.x].b);
    GroupMemoryBarrierWithGroupSync();
    o[id.x] = uint4(h[id.x % 4], asuint(g[(id.x + 1) % 16].a), id.x);
}
