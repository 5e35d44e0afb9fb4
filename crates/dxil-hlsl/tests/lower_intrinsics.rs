//! Intrinsics and texture methods through the whole compiler: each shader is compiled by
//! `dxil_hlsl::compile::compile`, checked by the project's validator, and run on the CPU
//! executor against buffers and hand-made textures; the results are compared with values
//! worked out here from each intrinsic's definition (DXC's expansion of it).

use dxil_exec::{
    AddressMode, Binding, Bindings, ComparisonFunc, ComponentFormat, Dims, Dispatch, ElementFormat,
    Filter, Program, Resource, ResourceClass, ResourceKind, SamplerDesc,
};
use dxil_hlsl::compile::{compile, Options};
use dxil_hlsl::pp::{MemoryLoader, Target};

/// `source` compiled for `profile` (with `-enable-16bit-types` when `native16`): the
/// container, or the rendered diagnostics.
fn build(source: &str, profile: &str, native16: bool) -> Result<Vec<u8>, String> {
    let mut opts = Options::default();
    opts.pp.target = Target::parse(profile);
    opts.pp.enable_16bit_types = native16;
    let out = compile("test.hlsl", source, &opts, &mut MemoryLoader::default());
    let rendered = out.render();
    out.container.ok_or(rendered)
}

/// Compiles, validates and runs `source` once (one group) with `bindings`.
fn run(source: &str, profile: &str, bindings: Vec<Binding>) -> Bindings {
    let bytes = build(source, profile, false).unwrap_or_else(|e| panic!("{e}"));
    let report = dxil_validate::validate_container(&bytes, &Default::default());
    assert!(report.is_valid(), "validation failed:\n{report}");
    let bitcode = dxil_test_support::container::dxil_bitcode(&bytes).expect("a DXIL part");
    let module = dxil_bitcode::read_module(bitcode).expect("readable bitcode");
    let program = Program::compile(&module, None).expect("executable");
    let mut b = Bindings { bindings };
    let d = Dispatch {
        groups: [1, 1, 1],
        ..Dispatch::default()
    };
    program
        .dispatch(&mut b, &d, &mut std::io::sink())
        .expect("dispatch");
    b
}

fn bind(class: ResourceClass, register: u32, resource: Resource) -> Binding {
    Binding {
        class,
        space: 0,
        register,
        heap_index: None,
        resource,
    }
}

/// A structured buffer UAV of `n` 4-byte elements at `u<reg>`.
fn out_buffer(reg: u32, n: usize) -> Binding {
    let mut r = Resource::buffer(ResourceKind::StructuredBuffer, vec![0; 4 * n]);
    r.stride = 4;
    bind(ResourceClass::UAV, reg, r)
}

fn words(b: &Bindings, k: usize) -> Vec<u32> {
    b.bindings[k]
        .resource
        .data
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

fn floats(b: &Bindings, k: usize) -> Vec<f32> {
    words(b, k).into_iter().map(f32::from_bits).collect()
}

fn close(got: &[f32], want: &[f32]) {
    assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let tol = 1e-4 * w.abs().max(1.0);
        assert!((g - w).abs() <= tol, "element {i}: got {g}, want {w}");
    }
}

#[test]
fn expanded_float_intrinsics() {
    let src = r#"
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  // Through a buffer read so that nothing folds.
  float one = Out[0] + 1.0;
  uint i = 0;
  Out[i++] = atan2(one, -one);
  Out[i++] = atan2(-one, -one);
  Out[i++] = atan2(one, 0.0 * one);
  Out[i++] = degrees(one * 3.14159265);
  Out[i++] = radians(180.0 * one);
  Out[i++] = fmod(7.5 * one, 2.0);
  Out[i++] = fmod(-7.5 * one, 2.0);
  Out[i++] = ldexp(1.5 * one, 3.0);
  int e;
  float m = frexp(12.0 * one, e);
  Out[i++] = m;
  Out[i++] = e;
  float ip;
  Out[i++] = modf(-2.75 * one, ip);
  Out[i++] = ip;
  float3 r = reflect(float3(1, -1, 0) * one, float3(0, 1, 0));
  Out[i++] = r.x; Out[i++] = r.y; Out[i++] = r.z;
  float2 rf = refract(float2(0.6, -0.8) * one, float2(0, 1), 1.0);
  Out[i++] = rf.x; Out[i++] = rf.y;
  Out[i++] = smoothstep(0.0, 2.0, 0.5 * one);
  float2 ff = faceforward(float2(1, 2) * one, float2(0, 1), float2(0, 1));
  Out[i++] = ff.x; Out[i++] = ff.y;
  float s, c;
  sincos(0.5 * one, s, c);
  Out[i++] = s; Out[i++] = c;
  float3x3 M = float3x3(2, 0, 1, 1, 3, 0, 0, 1, 4) * one;
  Out[i++] = determinant(M);
  Out[i++] = determinant(float2x2(1, 2, 3, 4) * one);
  // Literal arguments take the parameter's type: float here, not int.
  Out[i++] = max(one, 2) + lerp(0, 1, 0.25 * one);
}
"#;
    let b = run(src, "cs_6_0", vec![out_buffer(0, 32)]);
    let pi = std::f32::consts::PI;
    let (s, c) = 0.5f32.sin_cos();
    let want = [
        3.0 * pi / 4.0,
        -3.0 * pi / 4.0,
        pi / 2.0,
        180.0,
        pi,
        1.5,
        -1.5,
        12.0,
        0.75,
        4.0,
        -0.75,
        -2.0,
        1.0,
        1.0,
        0.0,
        0.6,
        -0.8,
        0.15625,
        // dot(i, ng) = 1 >= 0: -n.
        -1.0,
        -2.0,
        s,
        c,
        // 2*(3*4-0*1) - 0*(1*4-0*0) + 1*(1*1-3*0)
        25.0,
        -2.0,
        2.25,
    ];
    close(&floats(&b, 0)[..want.len()], &want);
}

#[test]
fn integer_and_packing_intrinsics() {
    let src = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  uint z = Out[0];
  uint i = 0;
  uint2 s = AddUint64(uint2(0xffffffff, 1) + z, uint2(2, 3));
  Out[i++] = s.x; Out[i++] = s.y;
  int4 b = D3DCOLORtoUBYTE4(float4(1.0, 0.5, 0.0, 0.25) + z);
  Out[i++] = b.x; Out[i++] = b.y; Out[i++] = b.z; Out[i++] = b.w;
  uint lo, hi;
  asuint(2.0 + (double)z, lo, hi);
  Out[i++] = lo; Out[i++] = hi;
  Out[i++] = pack_u8(uint4(1, 2, 3, 0x104) + z);
  Out[i++] = pack_clamp_s8(int4(-200, 5, 300, -1) + (int)z);
  int4 u = unpack_s8s32(0x80ff7f01 + z);
  Out[i++] = u.x; Out[i++] = u.y; Out[i++] = u.z; Out[i++] = u.w;
  Out[i++] = dot4add_u8packed(0x01020304 + z, 0x01010101, 10);
  Out[i++] = dot4add_i8packed(0xff020304 + z, 0x01010101, 10);
  Out[i++] = firstbithigh(0x00f0u + z) + 100 * firstbitlow(0x00f0u + z);
  Out[i++] = countbits(0xff00ff00u + z);
}
"#;
    let b = run(src, "cs_6_6", vec![out_buffer(0, 32)]);
    let want: [u32; 18] = [
        1,
        5,
        // zyxw of floor(c * 255.001953)
        0,
        127,
        255,
        63,
        0,
        0x4000_0000,
        0x0403_0201,
        0xff7f_0580,
        1,
        127,
        -1i32 as u32,
        -128i32 as u32,
        20,
        // -1 + 2 + 3 + 4 + 10
        18,
        7 + 100 * 4,
        16,
    ];
    assert_eq!(&words(&b, 0)[..want.len()], &want);
}

fn texture(view: ResourceKind, channels: u8, dims: [u32; 5], data: &[f32]) -> Resource {
    let mut r = Resource::buffer(view, data.iter().flat_map(|v| v.to_le_bytes()).collect());
    r.format = Some(ElementFormat {
        component: ComponentFormat::Float32,
        channels,
    });
    r.dims = Dims {
        width: dims[0],
        height: dims[1],
        depth: dims[2],
        array_size: dims[3],
        mip_levels: dims[4],
        sample_count: 1,
    };
    r
}

fn sampler(filter: Filter, comparison: Option<ComparisonFunc>) -> Resource {
    let mut r = Resource::buffer(ResourceKind::Sampler, Vec::new());
    r.sampler = Some(SamplerDesc {
        min_filter: filter,
        mag_filter: filter,
        mip_filter: Filter::Point,
        address: [AddressMode::Clamp; 3],
        comparison,
        ..SamplerDesc::default()
    });
    r
}

#[test]
fn texture_methods() {
    let src = r#"
Texture1D<float> T1 : register(t0);
Texture2D<float2> T2 : register(t1);
Texture2D<float> D : register(t2);
SamplerState Lin : register(s0);
SamplerState Pt : register(s1);
SamplerComparisonState Cmp : register(s2);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  uint i = 0;
  Out[i++] = T1.Load(int2(2, 0));
  Out[i++] = T1.Load(int2(1, 1));
  Out[i++] = T1.Load(int2(0, 0), 3);
  Out[i++] = T1.SampleLevel(Lin, 0.25, 0);
  Out[i++] = T1.SampleLevel(Lin, 0.5, 1);
  Out[i++] = T1.SampleGrad(Pt, 0.6, 0.0, 0.0);
  Out[i++] = T2.Load(int3(1, 0, 0)).y;
  float4 g = T2.Gather(Pt, float2(0.5, 0.5));
  Out[i++] = g.x; Out[i++] = g.y; Out[i++] = g.z; Out[i++] = g.w;
  Out[i++] = T2.GatherGreen(Pt, float2(0.5, 0.5)).x;
  Out[i++] = D.SampleCmpLevelZero(Cmp, float2(0.5, 0.5), 0.5);
  Out[i++] = D.GatherCmp(Cmp, float2(0.5, 0.5), 0.5).y;
  uint w, m;
  T1.GetDimensions(1, w, m);
  Out[i++] = w; Out[i++] = m;
  float fw, fh;
  T2.GetDimensions(fw, fh);
  Out[i++] = fw + 10 * fh;
}
"#;
    use ResourceClass::{Sampler, SRV};
    let bindings = vec![
        bind(
            SRV,
            0,
            texture(
                ResourceKind::Texture1D,
                1,
                [4, 1, 1, 1, 2],
                &[0.0, 1.0, 2.0, 3.0, 10.0, 11.0],
            ),
        ),
        bind(
            SRV,
            1,
            texture(
                ResourceKind::Texture2D,
                2,
                [2, 2, 1, 1, 1],
                &[0.0, 10.0, 1.0, 11.0, 2.0, 12.0, 3.0, 13.0],
            ),
        ),
        bind(
            SRV,
            2,
            texture(
                ResourceKind::Texture2D,
                1,
                [2, 2, 1, 1, 1],
                &[0.2, 0.8, 0.2, 0.8],
            ),
        ),
        bind(Sampler, 0, sampler(Filter::Linear, None)),
        bind(Sampler, 1, sampler(Filter::Point, None)),
        bind(
            Sampler,
            2,
            sampler(Filter::Linear, Some(ComparisonFunc::Less)),
        ),
        out_buffer(0, 32),
    ];
    let b = run(src, "cs_6_0", bindings);
    let want = [
        2.0,  // texel 2
        11.0, // mip 1 texel 1
        3.0,  // texel 0 offset by 3
        0.5,  // between texels 0 and 1
        10.5, // mip 1, between its two texels
        2.0,  // point sampled at 0.6: texel 2
        11.0, // (1, 0) green
        2.0, 3.0, 1.0, 0.0,  // gather red: (0,1), (1,1), (1,0), (0,0)
        12.0, // gather green, (0,1)
        0.5,  // two of four texels pass 0.5 < texel
        1.0,  // (1,1): 0.5 < 0.8
        2.0, 2.0,  // mip 1 width, levels
        22.0, // 2 + 10 * 2
    ];
    close(&floats(&b, 6)[..want.len()], &want);
}

#[test]
fn no_matching_overload_is_reported() {
    let src = r#"
struct S { float a; };
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  S s = (S)0;
  Out[0] = sin(s);
}
"#;
    let e = build(src, "cs_6_0", false).expect_err("sin of a struct must not compile");
    assert!(e.contains("no matching function for call to 'sin'"), "{e}");
}

#[test]
fn half_special_floats_before_6_9_test_the_bits() {
    let src = r#"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  half z = (half)Out[0];
  half inf = (half)1.0 / z;
  half nan = z / z;
  Out[0] = isinf(inf) + 2 * isnan(nan) + 4 * isfinite(z) + 8 * isnan(inf);
}
"#;
    let bytes = build(src, "cs_6_5", true).unwrap_or_else(|e| panic!("{e}"));
    let report = dxil_validate::validate_container(&bytes, &Default::default());
    assert!(report.is_valid(), "validation failed:\n{report}");
}
