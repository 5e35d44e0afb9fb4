// args: -T cs_6_5
// HLSL 2021: && || and ?: on scalars run only the operand chosen (wave operations).
RWStructuredBuffer<uint> o : register(u0);
[numthreads(16, 1, 1)]
void main(uint3 id : SV_GroupThreadID) {
    uint a = id.x < 5 ? WaveActiveSum(id.x) : 100;
    bool b = id.x > 3 && WaveActiveCountBits(true) > 2;
    bool c = id.x == 0 || WaveActiveAnyTrue(id.x == 9);
    o[id.x] = a + (b ? 10 : 0) + (c ? 1000 : 0);
}
