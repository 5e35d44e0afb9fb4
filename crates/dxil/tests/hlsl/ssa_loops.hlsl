// args: -T cs_6_0
// Locals through loops, breaks, continues and a switch: SSA values meeting in phis.
RWStructuredBuffer<uint> o : register(u0);
StructuredBuffer<uint> a : register(t0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint s = 0, p = 1;
    for (uint i = 0; i < (a[id.x] & 15); i++) {
        if (i == 3) continue;
        s += i * a[i];
        p = p * 3 + i;
        if (s > 1000) break;
    }
    uint k = 0;
    do { k += 2; } while (k < (s & 7));
    switch (a[id.x] & 3) {
    case 0: s += 1;
    case 1: s *= 2; break;
    case 2: s ^= p; break;
    default: s = ~s;
    }
    o[id.x] = s + p + k;
}
