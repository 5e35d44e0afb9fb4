//! Texture operations end to end: an HLSL compute shader compiled by the reference compiler
//! (`dxc`, at test time; nothing it makes is kept) runs against hand-made textures of every
//! kind the suite's pipelines cannot describe (1D, 1D arrays, 2D arrays, 3D, cubes, cube
//! arrays, typed UAV textures), and each result is checked against a value derived by hand
//! from D3D's sampling rules.

use dxil_exec::{
    AddressMode, Binding, Bindings, ComparisonFunc, ComponentFormat, Dims, Dispatch, ElementFormat,
    Filter, Program, Resource, ResourceClass, ResourceKind, SamplerDesc,
};

const SHADER: &str = r#"
Texture1D<float> T1 : register(t0);
Texture1DArray<float> T1A : register(t1);
Texture2DArray<float> T2A : register(t2);
Texture3D<float> T3 : register(t3);
TextureCube<float> TC : register(t4);
TextureCubeArray<float> TCA : register(t5);
Texture2D<float2> T2 : register(t6);
Texture2D<float> D : register(t7);
SamplerState Lin : register(s0);
SamplerState Pt : register(s1);
SamplerComparisonState Cmp : register(s2);
RWStructuredBuffer<float> Out : register(u0);
RWTexture2DArray<float> W2A : register(u1);
RWTexture3D<uint> W3 : register(u2);
RWTexture1D<float4> W1 : register(u3);

[numthreads(1, 1, 1)]
void main() {
  uint i = 0;
  Out[i++] = T1.Load(int2(2, 0));
  Out[i++] = T1.Load(int2(1, 1));
  Out[i++] = T1.SampleLevel(Lin, 0.25, 0);
  Out[i++] = T1.SampleLevel(Lin, 0.5, 1);
  Out[i++] = T1A.Load(int3(1, 1, 0));
  Out[i++] = T1A.SampleLevel(Pt, float2(0.75, 1.0), 0);
  Out[i++] = T2A.SampleLevel(Lin, float3(0.5, 0.5, 1.0), 0);
  Out[i++] = T2A.Load(int4(0, 1, 1, 0));
  Out[i++] = T3.Load(int4(1, 0, 1, 0));
  Out[i++] = T3.SampleLevel(Lin, float3(0.5, 0.5, 0.5), 0);
  Out[i++] = TC.SampleLevel(Pt, float3(0, -1, 0.2), 0);
  Out[i++] = TC.SampleLevel(Pt, float3(-0.3, 0.1, -2), 0);
  Out[i++] = TCA.SampleLevel(Pt, float4(1, 0.5, 0.5, 1), 0);
  float4 g = T2.Gather(Pt, float2(0.5, 0.5));
  Out[i++] = g.x; Out[i++] = g.y; Out[i++] = g.z; Out[i++] = g.w;
  Out[i++] = T2.GatherGreen(Pt, float2(0.5, 0.5)).x;
  Out[i++] = D.SampleCmpLevelZero(Cmp, float2(0.5, 0.5), 0.5);
  uint w, h, e, m;
  T2A.GetDimensions(0, w, h, e, m);
  Out[i++] = w; Out[i++] = h; Out[i++] = e; Out[i++] = m;
  T1.GetDimensions(1, w, m);
  Out[i++] = w; Out[i++] = m;
  T3.GetDimensions(0, w, h, e, m);
  Out[i++] = e;
  TCA.GetDimensions(0, w, h, e, m);
  Out[i++] = e;
  W2A[uint3(1, 0, 1)] = 9.0;
  W3[uint3(1, 1, 1)] = 77;
  W1[1] = float4(1.0, 0.5, -3.0, 2.0);
}
"#;

/// What `Out` must hold, in the shader's order.
const EXPECTED: [f32; 27] = [
    2.0,  // T1 texel 2
    11.0, // T1 mip 1 texel 1
    0.5,  // between texels 0 and 1
    10.5, // mip 1, between its two texels
    3.0,  // T1A slice 1 texel 1
    3.0,  // the same, point sampled
    5.5,  // T2A slice 1, the average of its four texels
    6.0,  // T2A slice 1 (0, 1)
    5.0,  // T3 (1, 0, 1)
    3.5,  // T3 centre: the average of all eight
    3.0,  // -Y face
    5.0,  // -Z face
    6.0,  // cube 1, +X face
    2.0, 3.0, 1.0, 0.0,  // gather red: (0,1), (1,1), (1,0), (0,0)
    12.0, // gather green, (0,1)
    0.5,  // two of four texels pass 0.5 < texel
    2.0, 2.0, 2.0, 1.0, // T2A dimensions
    2.0, 2.0, // T1 mip 1 width, levels
    2.0, // T3 depth
    2.0, // TCA cubes
];

fn floats(values: impl IntoIterator<Item = f32>) -> Vec<u8> {
    values.into_iter().flat_map(f32::to_le_bytes).collect()
}

fn texture(
    view: ResourceKind,
    component: ComponentFormat,
    channels: u8,
    dims: [u32; 5],
    data: Vec<u8>,
) -> Resource {
    let mut r = Resource::buffer(view, data);
    r.format = Some(ElementFormat {
        component,
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

fn sampler(filter: Filter, address: AddressMode, comparison: Option<ComparisonFunc>) -> Resource {
    let mut r = Resource::buffer(ResourceKind::Sampler, Vec::new());
    r.sampler = Some(SamplerDesc {
        min_filter: filter,
        mag_filter: filter,
        mip_filter: Filter::Point,
        address: [address; 3],
        comparison,
        ..SamplerDesc::default()
    });
    r
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

fn bindings() -> Bindings {
    use ComponentFormat::{Float32, UInt32, UNorm8};
    use ResourceClass::{Sampler, SRV, UAV};
    let f32s = |n: u32| floats((0..n).map(|v| v as f32));
    let t1 = floats([0.0, 1.0, 2.0, 3.0, 10.0, 11.0]);
    let rg = floats([0.0, 10.0, 1.0, 11.0, 2.0, 12.0, 3.0, 13.0]);
    let bindings = vec![
        bind(
            SRV,
            0,
            texture(ResourceKind::Texture1D, Float32, 1, [4, 1, 1, 1, 2], t1),
        ),
        bind(
            SRV,
            1,
            texture(
                ResourceKind::Texture1DArray,
                Float32,
                1,
                [2, 1, 1, 2, 1],
                f32s(4),
            ),
        ),
        bind(
            SRV,
            2,
            texture(
                ResourceKind::Texture2DArray,
                Float32,
                1,
                [2, 2, 1, 2, 1],
                f32s(8),
            ),
        ),
        bind(
            SRV,
            3,
            texture(
                ResourceKind::Texture3D,
                Float32,
                1,
                [2, 2, 2, 1, 1],
                f32s(8),
            ),
        ),
        bind(
            SRV,
            4,
            texture(
                ResourceKind::TextureCube,
                Float32,
                1,
                [1, 1, 1, 6, 1],
                f32s(6),
            ),
        ),
        bind(
            SRV,
            5,
            texture(
                ResourceKind::TextureCubeArray,
                Float32,
                1,
                [1, 1, 1, 12, 1],
                f32s(12),
            ),
        ),
        bind(
            SRV,
            6,
            texture(ResourceKind::Texture2D, Float32, 2, [2, 2, 1, 1, 1], rg),
        ),
        bind(
            SRV,
            7,
            texture(
                ResourceKind::Texture2D,
                Float32,
                1,
                [2, 2, 1, 1, 1],
                floats([0.2, 0.8, 0.2, 0.8]),
            ),
        ),
        bind(
            Sampler,
            0,
            sampler(Filter::Linear, AddressMode::Clamp, None),
        ),
        bind(Sampler, 1, sampler(Filter::Point, AddressMode::Wrap, None)),
        bind(
            Sampler,
            2,
            sampler(
                Filter::Linear,
                AddressMode::Clamp,
                Some(ComparisonFunc::Less),
            ),
        ),
        bind(UAV, 0, {
            let mut r =
                Resource::buffer(ResourceKind::StructuredBuffer, vec![0; 4 * EXPECTED.len()]);
            r.stride = 4;
            r
        }),
        bind(
            UAV,
            1,
            texture(
                ResourceKind::Texture2DArray,
                Float32,
                1,
                [2, 2, 1, 2, 1],
                vec![0; 32],
            ),
        ),
        bind(
            UAV,
            2,
            texture(
                ResourceKind::Texture3D,
                UInt32,
                1,
                [2, 2, 2, 1, 1],
                vec![0; 32],
            ),
        ),
        bind(
            UAV,
            3,
            texture(
                ResourceKind::Texture1D,
                UNorm8,
                4,
                [2, 1, 1, 1, 1],
                vec![0; 8],
            ),
        ),
    ];
    Bindings { bindings }
}

#[test]
fn every_texture_kind_loads_samples_gathers_and_stores() {
    let Some(module) = compile_hlsl(SHADER, "cs_6_5") else {
        return;
    };
    let program = Program::compile(&module, None).unwrap();
    let mut b = bindings();
    program
        .dispatch(&mut b, &Dispatch::default(), &mut std::io::sink())
        .unwrap();
    let data = |i: usize| &b.bindings[i].resource.data;
    let out: Vec<f32> = data(11)
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    assert_eq!(out, EXPECTED);
    // Slice 1, texel (1, 0) of the array; texel (1, 1, 1) of the volume; texel 1 of the
    // RGBA8 UNORM line, converted with D3D's rounding and clamping.
    assert_eq!(data(12)[20..24], 9.0f32.to_le_bytes());
    assert_eq!(data(13)[28..32], 77u32.to_le_bytes());
    assert_eq!(data(14)[4..8], [255, 128, 0, 255]);
}

#[test]
fn static_samplers_come_from_the_root_signature() {
    let shader = r#"
#define RS "StaticSampler(s1, space = 2, filter = FILTER_MIN_MAG_LINEAR_MIP_POINT, addressU = TEXTURE_ADDRESS_MIRROR, maxLOD = 3.0), StaticSampler(s0, filter = FILTER_COMPARISON_MIN_MAG_MIP_POINT, comparisonFunc = COMPARISON_GREATER)"
[RootSignature(RS)]
[numthreads(1, 1, 1)]
void main() {}
"#;
    let Some(bytes) = dxil_test_support::compile_hlsl(shader, "cs_6_0", &[]) else {
        return;
    };
    let statics = dxil_exec::texture::static_samplers(&bytes).unwrap();
    assert_eq!(statics.len(), 2);
    let s1 = statics.iter().find(|b| b.register == 1).unwrap();
    assert_eq!((s1.class, s1.space), (ResourceClass::Sampler, 2));
    let d = s1.resource.sampler.unwrap();
    assert_eq!(
        (d.min_filter, d.mip_filter),
        (Filter::Linear, Filter::Point)
    );
    assert_eq!(
        (d.address[0], d.address[1], d.max_lod),
        (AddressMode::Mirror, AddressMode::Wrap, 3.0)
    );
    let s0 = statics.iter().find(|b| b.register == 0).unwrap();
    assert_eq!(
        s0.resource.sampler.unwrap().comparison,
        Some(ComparisonFunc::Greater)
    );
}

/// `shader` compiled for `target` by the reference compiler, as a module; `None` when it is
/// absent.
fn compile_hlsl(shader: &str, target: &str) -> Option<dxil_ir::CheckedModule> {
    let bytes = dxil_test_support::compile_hlsl(shader, target, &[])?;
    Some(dxil::read_module(&bytes).unwrap())
}

#[test]
fn writable_multisampled_textures_store_and_load_one_sample() {
    let shader = r#"
RWTexture2DMS<float, 4> M : register(u0);
RWStructuredBuffer<float> Out : register(u1);
[numthreads(1, 1, 1)]
void main() {
  M.sample[2][uint2(1, 0)] = 5.0;
  M.sample[7][uint2(1, 0)] = 6.0;
  Out[0] = M.Load(int2(1, 0), 2);
  Out[1] = M.Load(int2(1, 0), 1);
}
"#;
    let Some(module) = compile_hlsl(shader, "cs_6_8") else {
        return;
    };
    let mut ms = texture(
        ResourceKind::Texture2DMS,
        ComponentFormat::Float32,
        1,
        [2, 1, 1, 1, 1],
        vec![0; 32],
    );
    ms.dims.sample_count = 4;
    let mut b = Bindings {
        bindings: vec![
            bind(ResourceClass::UAV, 0, ms),
            bind(ResourceClass::UAV, 1, {
                let mut r = Resource::buffer(ResourceKind::StructuredBuffer, vec![0xff; 8]);
                r.stride = 4;
                r
            }),
        ],
    };
    let program = Program::compile(&module, None).unwrap();
    program
        .dispatch(&mut b, &Dispatch::default(), &mut std::io::sink())
        .unwrap();
    // Texel 1 holds samples 0..4 after texel 0's four; sample 7 does not exist.
    let mut want = vec![0u8; 32];
    want[24..28].copy_from_slice(&5.0f32.to_le_bytes());
    assert_eq!(b.bindings[0].resource.data, want);
    assert_eq!(b.bindings[1].resource.data, floats([5.0, 0.0]));
}

#[test]
fn sample_cmp_grad_and_bias_compare_then_filter() {
    let shader = r#"
Texture2D<float> D : register(t0);
SamplerComparisonState Cmp : register(s0);
RWStructuredBuffer<float> Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  if (i == 0) {
    Out[0] = D.SampleCmpGrad(Cmp, float2(0.5, 0.5), 0.5, float2(1, 0), float2(0, 1));
  }
  Out[1] = D.SampleCmpBias(Cmp, float2(0.5, 0.5), 0.5, 1.0);
}
"#;
    let Some(module) = compile_hlsl(shader, "cs_6_8") else {
        return;
    };
    let depth = floats([0.2, 0.8, 0.2, 0.8]);
    let mut cmp = sampler(
        Filter::Linear,
        AddressMode::Clamp,
        Some(ComparisonFunc::Less),
    );
    if let Some(s) = cmp.sampler.as_mut() {
        s.min_filter = Filter::Point;
    }
    let mut b = Bindings {
        bindings: vec![
            bind(
                ResourceClass::SRV,
                0,
                texture(
                    ResourceKind::Texture2D,
                    ComponentFormat::Float32,
                    1,
                    [2, 2, 1, 1, 1],
                    depth,
                ),
            ),
            bind(ResourceClass::Sampler, 0, cmp),
            bind(ResourceClass::UAV, 0, {
                let mut r = Resource::buffer(ResourceKind::StructuredBuffer, vec![0; 8]);
                r.stride = 4;
                r
            }),
        ],
    };
    let program = Program::compile(&module, None).unwrap();
    program
        .dispatch(&mut b, &Dispatch::default(), &mut std::io::sink())
        .unwrap();
    let out = &b.bindings[2].resource.data;
    // The gradients minify: the point min filter takes texel (1, 1), 0.8, which 0.5 < passes.
    assert_eq!(out[0..4], 1.0f32.to_le_bytes());
    // The quad's coordinates agree, so the LOD is -inf even with the bias: the linear mag
    // filter blends two passing texels of four.
    assert_eq!(out[4..8], 0.5f32.to_le_bytes());
}

#[test]
fn gather_raw_returns_whole_elements_of_unsigned_views() {
    let shader = r#"
Texture2D<uint> T : register(t0);
Texture2D<uint> P : register(t1);
SamplerState S : register(s0);
RWStructuredBuffer<uint4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = T.GatherRaw(S, float2(0.5, 0.5));
  Out[1] = P.GatherRaw(S, float2(0.5, 0.5));
}
"#;
    let Some(module) = compile_hlsl(shader, "cs_6_7") else {
        return;
    };
    let u32s = |v: [u32; 4]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let pairs: Vec<u8> = (0u16..4)
        .flat_map(|i| [i, 0x100 + i])
        .flat_map(u16::to_le_bytes)
        .collect();
    let mut b = Bindings {
        bindings: vec![
            bind(
                ResourceClass::SRV,
                0,
                texture(
                    ResourceKind::Texture2D,
                    ComponentFormat::UInt32,
                    1,
                    [2, 2, 1, 1, 1],
                    u32s([10, 11, 12, 13]),
                ),
            ),
            bind(
                ResourceClass::SRV,
                1,
                texture(
                    ResourceKind::Texture2D,
                    ComponentFormat::UInt16,
                    2,
                    [2, 2, 1, 1, 1],
                    pairs,
                ),
            ),
            bind(
                ResourceClass::Sampler,
                0,
                sampler(Filter::Point, AddressMode::Clamp, None),
            ),
            bind(ResourceClass::UAV, 0, {
                let mut r = Resource::buffer(ResourceKind::StructuredBuffer, vec![0; 32]);
                r.stride = 16;
                r
            }),
        ],
    };
    let program = Program::compile(&module, None).unwrap();
    program
        .dispatch(&mut b, &Dispatch::default(), &mut std::io::sink())
        .unwrap();
    let packed = |i: u32| i | (0x100 + i) << 16;
    let mut want = u32s([12, 13, 11, 10]);
    want.extend(u32s([packed(2), packed(3), packed(1), packed(0)]));
    assert_eq!(b.bindings[3].resource.data, want);
}

#[test]
fn sample_positions_follow_the_standard_pattern() {
    let shader = r#"
Texture2DMS<float, 4> M : register(t0);
RWStructuredBuffer<float2> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = M.GetSamplePosition(1);
  Out[1] = M.GetSamplePosition(9);
}
"#;
    let Some(module) = compile_hlsl(shader, "cs_6_5") else {
        return;
    };
    let mut ms = texture(
        ResourceKind::Texture2DMS,
        ComponentFormat::Float32,
        1,
        [1, 1, 1, 1, 1],
        vec![0; 16],
    );
    ms.dims.sample_count = 4;
    let mut b = Bindings {
        bindings: vec![
            bind(ResourceClass::SRV, 0, ms),
            bind(ResourceClass::UAV, 0, {
                let mut r = Resource::buffer(ResourceKind::StructuredBuffer, vec![0xff; 16]);
                r.stride = 8;
                r
            }),
        ],
    };
    let program = Program::compile(&module, None).unwrap();
    program
        .dispatch(&mut b, &Dispatch::default(), &mut std::io::sink())
        .unwrap();
    // Sample 1 of the 4-sample pattern is (6, -2) sixteenths; sample 9 does not exist.
    assert_eq!(
        b.bindings[1].resource.data,
        floats([0.375, -0.125, 0.0, 0.0])
    );
}
