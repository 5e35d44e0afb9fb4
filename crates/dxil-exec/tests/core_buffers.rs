//! Buffers and widths: typed buffers through their format, constant buffers by row, 16- and
//! 64-bit values, atomics and counters on UAVs, dimensions.

mod core_support;

use core_support::{bytes_u32, compile, uav, words};
use dxil_exec::{
    Binding, Bindings, ComponentFormat, Dispatch, ElementFormat, Program, Resource, ResourceClass,
    ResourceKind,
};

fn run_with(m: &dxil_ir::CheckedModule, groups: [u32; 3], bindings: Vec<Binding>) -> Bindings {
    let p = Program::compile(m, None).unwrap();
    let mut b = Bindings { bindings };
    let d = Dispatch {
        groups,
        ..Dispatch::default()
    };
    p.dispatch(&mut b, &d, &mut std::io::sink()).unwrap();
    b
}

#[test]
fn typed_buffers_convert_through_their_format() {
    let src = r#"
Buffer<float4> In : register(t0);
RWBuffer<float4> Out : register(u0);
[numthreads(2, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
    float4 v = In[tid.x];
    Out[tid.x] = v * 2.0f + float4(0.25f, 0, 0, 0);
}"#;
    let Some(m) = compile(src, "6_0", &[]) else {
        return;
    };
    let mut input = Resource::buffer(
        ResourceKind::TypedBuffer,
        vec![0, 64, 128, 255, 255, 0, 32, 16],
    );
    input.format = Some(ElementFormat {
        component: ComponentFormat::UNorm8,
        channels: 4,
    });
    let mut out = Resource::buffer(ResourceKind::TypedBuffer, vec![0; 16]);
    out.format = Some(ElementFormat {
        component: ComponentFormat::UNorm16,
        channels: 2,
    });
    let b = run_with(
        &m,
        [1, 1, 1],
        vec![
            Binding {
                class: ResourceClass::SRV,
                space: 0,
                register: 0,
                heap_index: None,
                resource: input,
            },
            Binding {
                class: ResourceClass::UAV,
                space: 0,
                register: 0,
                heap_index: None,
                resource: out,
            },
        ],
    );
    let d = &b.bindings[1].resource.data;
    let h = |i: usize| u16::from_le_bytes([d[2 * i], d[2 * i + 1]]);
    // Element 0: (0, 64/255) * 2 + (0.25, 0) -> (0.25, 0.502) as UNORM16.
    assert_eq!(h(0), (0.25f32 * 65535.0 + 0.5) as u16);
    assert_eq!(h(1), ((64.0f32 / 255.0 * 2.0) * 65535.0 + 0.5) as u16);
    // Element 1: (1, 0) * 2 + (0.25, 0) saturates to 1.
    assert_eq!((h(2), h(3)), (65535, 0));
}

#[test]
fn constant_buffers_64_and_16_bit_values() {
    let src = r#"
cbuffer C : register(b0) { uint4 A; double D; uint64_t Q; };
RWByteAddressBuffer Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
    uint64_t q = Q * 3 + (uint64_t)A.y;
    Out.Store<uint64_t>(0, q);
    Out.Store<double>(8, D * 0.5 + 1.0);
    int16_t s = (int16_t)A.x;
    Out.Store<int16_t>(16, s * (int16_t)-3);
    Out.Store<half>(18, (half)A.z);
}"#;
    let Some(m) = compile(src, "6_2", &["-enable-16bit-types"]) else {
        return;
    };
    let mut cb = bytes_u32(&[1000, 7, 5, 0]);
    cb.extend(10.0f64.to_le_bytes());
    cb.extend(0x1_0000_0001u64.to_le_bytes());
    let mut cbv = Resource::buffer(ResourceKind::CBuffer, cb);
    cbv.stride = 0;
    let b = run_with(
        &m,
        [1, 1, 1],
        vec![
            Binding {
                class: ResourceClass::CBuffer,
                space: 0,
                register: 0,
                heap_index: None,
                resource: cbv,
            },
            uav(0, ResourceKind::RawBuffer, 0, vec![0; 24]),
        ],
    );
    let d = &b.bindings[1].resource.data;
    assert_eq!(
        u64::from_le_bytes(d[0..8].try_into().unwrap()),
        0x1_0000_0001 * 3 + 7
    );
    assert_eq!(f64::from_le_bytes(d[8..16].try_into().unwrap()), 6.0);
    assert_eq!(i16::from_le_bytes([d[16], d[17]]), -3000);
    assert_eq!(u16::from_le_bytes([d[18], d[19]]), 0x4500); // 5.0 as half
}

#[test]
fn atomics_counters_and_dimensions() {
    let src = r#"
RWByteAddressBuffer Raw : register(u0);
RWStructuredBuffer<uint> Appended : register(u1);
[numthreads(16, 1, 1)]
void main(uint gi : SV_GroupIndex) {
    uint old;
    Raw.InterlockedAdd(0, gi + 1, old);
    Raw.InterlockedMax(4, gi * 3);
    uint64_t o64;
    Raw.InterlockedAdd64(8, (uint64_t)1 << 33, o64);
    uint n = Appended.IncrementCounter();
    Appended[n] = gi;
    uint count, stride;
    Appended.GetDimensions(count, stride);
    if (gi == 0) Raw.Store(16, count * 100 + stride);
}"#;
    let Some(m) = compile(src, "6_6", &[]) else {
        return;
    };
    let mut appended = Resource::buffer(ResourceKind::StructuredBuffer, vec![0; 64]);
    appended.stride = 4;
    appended.counter = Some(0);
    let b = run_with(
        &m,
        [2, 1, 1],
        vec![
            uav(0, ResourceKind::RawBuffer, 0, vec![0; 20]),
            Binding {
                class: ResourceClass::UAV,
                space: 0,
                register: 1,
                heap_index: None,
                resource: appended,
            },
        ],
    );
    let raw = words(&b.bindings[0].resource.data);
    assert_eq!(raw[0], 2 * (1..=16).sum::<u32>());
    assert_eq!(raw[1], 45);
    assert_eq!(u64::from(raw[2]) | (u64::from(raw[3]) << 32), 32u64 << 33);
    assert_eq!(raw[4], 16 * 100 + 4);
    let app = &b.bindings[1].resource;
    assert_eq!(app.counter, Some(32));
    // The first 16 slots were written by the first group, in counter order; the second
    // group's writes fall past the end and are dropped.
    let mut got = words(&app.data);
    got.sort();
    assert_eq!(got, (0..16).collect::<Vec<u32>>());
}
