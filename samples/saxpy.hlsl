// y = a * x + y, the HLSL form of samples/saxpy.wgsl (same registers, so samples/saxpy.yaml
// runs it): the shader of the README's "first hour", compiled by `dxil dxc` with no DXC.
cbuffer Params : register(b0) {
    float a;
};
ByteAddressBuffer x : register(t1);
RWByteAddressBuffer y : register(u2);

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint n;
    y.GetDimensions(n);
    uint at = id.x * 4;
    if (at < n) {
        y.Store(at, a * x.Load<float>(at) + y.Load<float>(at));
    }
}
