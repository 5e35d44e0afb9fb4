// args: -T cs_6_6
// Structs holding resources, arrays of resources, resource variables assigned on
// different paths, ConstantBuffer<T>, static locals.
struct T { float4 c; uint n; };
struct R { RWStructuredBuffer<uint> buf; StructuredBuffer<uint> src; };
R rs : register(u1);
RWStructuredBuffer<uint> arr[3] : register(u4);
ConstantBuffer<T> cb : register(b0);
uint next() { static uint c = 7; c = c * 3 + 1; return c; }
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    RWStructuredBuffer<uint> b = arr[0];
    if (id.x & 1) b = arr[2];
    b[id.x] = rs.src[id.x] + cb.n + next();
    rs.buf[id.x] = next() + (uint)cb.c.y;
}
