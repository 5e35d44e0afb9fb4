// workgroupUniformLoad, integer division by zero, dot4I8Packed/dot4U8Packed, packing,
// quantizeToF16, bit functions, atomicCompareExchangeWeak.
var<workgroup> shared_v: u32;
var<workgroup> arr: array<f32, 4>;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<storage, read_write> iout: array<i32>;
@group(0) @binding(2) var<storage, read_write> fout: array<f32>;
@group(0) @binding(3) var<storage, read_write> counter: atomic<u32>;
@group(0) @binding(4) var<storage, read_write> icounter: atomic<i32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) li: u32) {
    if li == 0u { shared_v = 7u; arr[1] = 2.0; }
    let v = workgroupUniformLoad(&shared_v);
    let a = workgroupUniformLoad(&arr);
    let x = out[li];
    let y = iout[li];
    // division by zero and overflow
    out[li] = x / (x - x) + x % (x & 0u) + v;
    iout[li] = y / (y - y) + y % (y & 0) + (-2147483647 - 1) / select(1, -1, y > 0) + (y % -1);
    // dot4I8Packed, dot4U8Packed, pack/unpack
    iout[li + 1u] = dot4I8Packed(x, x + 1u);
    out[li + 1u] = dot4U8Packed(x, x + 1u) + pack4x8snorm(vec4<f32>(a[1])) + pack4x8unorm(unpack4x8snorm(x)) + pack4xI8(vec4<i32>(y)) + pack4xU8(vec4<u32>(x)) + pack4xI8Clamp(unpack4xI8(x)) + pack4xU8Clamp(unpack4xU8(x)) + pack2x16float(unpack2x16float(x)) + pack2x16snorm(unpack2x16snorm(x)) + pack2x16unorm(unpack2x16unorm(x));
    fout[li] = quantizeToF16(fout[li]) + quantizeToF16(vec2<f32>(a[0])).y + unpack4x8unorm(x).w;
    // bit functions
    out[li + 2u] = countLeadingZeros(x) + firstLeadingBit(x) + extractBits(x, 3u, 5u) + insertBits(x, 5u, 3u, 5u) + countTrailingZeros(x) + firstTrailingBit(x);
    iout[li + 2u] = countLeadingZeros(y) + firstLeadingBit(y) + extractBits(y, 3u, 5u) + insertBits(y, 5, 3u, 5u) + dot(vec2<i32>(y), vec2<i32>(3));
    let ve = extractBits(vec3<u32>(x), 1u, 7u);
    out[li + 3u] = ve.z + insertBits(vec2<u32>(x), vec2<u32>(1u), 4u, 4u).y;
    // atomics
    let r = atomicCompareExchangeWeak(&counter, x, v);
    let ri = atomicCompareExchangeWeak(&icounter, y, 3);
    out[li + 4u] = r.old_value + u32(r.exchanged) + u32(ri.old_value) + u32(ri.exchanged) + atomicSub(&counter, 1u) + atomicXor(&counter, 3u);
}
