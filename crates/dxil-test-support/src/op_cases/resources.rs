//! Resource operations: handles, constant buffers, buffers, textures, sampling, gathers,
//! atomics, sampler feedback. Implicit-derivative sampling is shown in a pixel shader, the
//! rest in a compute shader.

use super::model::{Arg::*, Comp, OpCase, Res, ResClass as C, ResKind as K};

const F: super::Arg = Float(1.0);
const I: super::Arg = Int(1);
const Z: super::Arg = Int(0);
const FZ: super::Arg = Float(0.0);
const U: super::Arg = Undef;
const H0: super::Arg = Handle(0);
const H1: super::Arg = Handle(1);
const H2: super::Arg = Handle(2);
const SM60: (u32, u32) = (6, 0);

/// `Texture2D<float4>` at t0.
pub const TEX2D: Res = Res::new(C::Srv, K::Texture2D, Comp::F32, 4, 0);
/// `SamplerState` at s0.
pub const SAMPLER: Res = Res::new(C::Sampler, K::Sampler, Comp::F32, 0, 0);
const SAMPLER_CMP: Res = SAMPLER.flagged();
const TEX_SAMPLER: &[Res] = &[TEX2D, SAMPLER];
const TEX_SAMPLER_CMP: &[Res] = &[TEX2D, SAMPLER_CMP];
const CBUF: &[Res] = &[Res::new(C::CBuffer, K::CBuffer, Comp::F32, 0, 0).size(16)];
const BUF: &[Res] = &[Res::new(C::Srv, K::TypedBuffer, Comp::F32, 4, 0)];
const RW_BUF: &[Res] = &[Res::new(C::Uav, K::TypedBuffer, Comp::F32, 4, 0)];
const RW_BUF_U32: &[Res] = &[Res::new(C::Uav, K::TypedBuffer, Comp::U32, 1, 0)];
const RW_TEX2D: &[Res] = &[Res::new(C::Uav, K::Texture2D, Comp::F32, 4, 0)];
const RW_TEX2DMS: &[Res] = &[Res::new(C::Uav, K::Texture2DMS, Comp::F32, 4, 0)];
const TEX2DMS: &[Res] = &[Res::new(C::Srv, K::Texture2DMS, Comp::F32, 4, 0)];
const TEX2D_U32: &[Res] = &[Res::new(C::Srv, K::Texture2D, Comp::U32, 1, 0), SAMPLER];
const RAW: &[Res] = &[Res::new(C::Srv, K::RawBuffer, Comp::U32, 0, 0)];
const RW_RAW: &[Res] = &[Res::new(C::Uav, K::RawBuffer, Comp::U32, 0, 0)];
const COUNTER: &[Res] = &[Res::new(C::Uav, K::StructuredBuffer, Comp::U32, 0, 0)
    .size(4)
    .flagged()];
const FEEDBACK: &[Res] = &[
    Res::new(C::Uav, K::FeedbackTexture2D, Comp::U32, 0, 0),
    TEX2D,
    SAMPLER,
];

/// The cases of this group.
pub const CASES: &[OpCase] = &[
    // SRV class, range 0, register 0, uniform index.
    OpCase::cs(57, SM60, "void", &[Z, Z, Z, Z]).res(RAW),
    // Byte offset 0, alignment 4.
    OpCase::cs(58, SM60, "float", &[H0, Z, Int(4)]).res(CBUF),
    OpCase::cs(59, SM60, "float", &[H0, Z]).res(CBUF),
    // 2D coordinates, zero offsets, no clamp.
    OpCase::new(60, "ps", SM60, "float", &[H0, H1, F, F, U, U, Z, Z, U, U]).res(TEX_SAMPLER),
    OpCase::new(
        61,
        "ps",
        SM60,
        "float",
        &[H0, H1, F, F, U, U, Z, Z, U, FZ, U],
    )
    .res(TEX_SAMPLER),
    OpCase::cs(62, SM60, "float", &[H0, H1, F, F, U, U, Z, Z, U, FZ]).res(TEX_SAMPLER),
    OpCase::cs(
        63,
        SM60,
        "float",
        &[H0, H1, F, F, U, U, Z, Z, U, F, F, U, F, F, U, U],
    )
    .res(TEX_SAMPLER),
    OpCase::new(
        64,
        "ps",
        SM60,
        "float",
        &[H0, H1, F, F, U, U, Z, Z, U, F, U],
    )
    .res(TEX_SAMPLER_CMP),
    OpCase::cs(65, SM60, "float", &[H0, H1, F, F, U, U, Z, Z, U, F]).res(TEX_SAMPLER_CMP),
    // Mip 0, coordinates (0, 0), zero offsets.
    OpCase::cs(66, SM60, "float", &[H0, Z, Z, Z, U, Z, Z, U]).res(&[TEX2D]),
    // Mask 15: every component of a four-component texture.
    OpCase::cs(67, SM60, "float", &[H0, Z, Z, U, F, F, F, F, Int(15)]).res(RW_TEX2D),
    OpCase::cs(68, SM60, "float", &[H0, Z, U]).res(BUF),
    OpCase::cs(69, SM60, "float", &[H0, Z, U, F, F, F, F, Int(15)]).res(RW_BUF),
    // Increment the hidden counter.
    OpCase::cs(70, SM60, "void", &[H0, I]).res(COUNTER),
    OpCase::cs(71, SM60, "i32", &[Special("status")]).res(BUF),
    OpCase::cs(72, SM60, "void", &[H0, Z]).res(&[TEX2D]),
    // Channel 0 (red).
    OpCase::cs(73, SM60, "float", &[H0, H1, F, F, U, U, Z, Z, Z]).res(TEX_SAMPLER),
    OpCase::cs(74, SM60, "float", &[H0, H1, F, F, U, U, Z, Z, Z, F]).res(TEX_SAMPLER_CMP),
    OpCase::cs(75, SM60, "void", &[H0, Z]).res(TEX2DMS),
    OpCase::new(76, "ps", SM60, "void", &[Z]),
    OpCase::new(77, "ps", SM60, "void", &[]),
    // AtomicBinOpCode Add at coordinate 0.
    OpCase::cs(78, SM60, "i32", &[H0, Z, Z, U, U, I]).res(RW_BUF_U32),
    OpCase::cs(79, SM60, "i32", &[H0, Z, U, U, Z, I]).res(RW_BUF_U32),
    // Clamped level of detail.
    OpCase::new(81, "ps", SM60, "float", &[H0, H1, F, F, U, I]).res(TEX_SAMPLER),
    // Mask 1 (x), alignment 4.
    OpCase::cs(139, (6, 2), "i32", &[H0, Z, U, I, Int(4)]).res(RAW),
    OpCase::cs(140, (6, 2), "i32", &[H0, Z, U, I, U, U, U, I, Int(4)]).res(RW_RAW),
    OpCase::new(174, "ps", (6, 5), "void", &[H0, H1, H2, F, F, U, U, U]).res(FEEDBACK),
    OpCase::new(175, "ps", (6, 5), "void", &[H0, H1, H2, F, F, U, U, FZ, U]).res(FEEDBACK),
    OpCase::cs(176, (6, 5), "void", &[H0, H1, H2, F, F, U, U, FZ]).res(FEEDBACK),
    OpCase::cs(
        177,
        (6, 5),
        "void",
        &[H0, H1, H2, F, F, U, U, F, F, U, F, F, U, U],
    )
    .res(FEEDBACK),
    OpCase::cs(
        216,
        (6, 6),
        "void",
        &[Special("binding"), Special("properties")],
    )
    .res(RAW),
    OpCase::cs(217, (6, 6), "void", &[Special("resbind"), Z, Z]).res(RAW),
    // Heap index 0, a resource (not a sampler), uniform.
    OpCase::cs(218, (6, 6), "void", &[Z, Z, Z]),
    OpCase::cs(223, (6, 7), "i32", &[H0, H1, F, F, U, U, Z, Z]).res(TEX2D_U32),
    OpCase::cs(224, (6, 7), "float", &[H0, H1, F, F, U, U, Z, Z, U, F, FZ]).res(TEX_SAMPLER_CMP),
    OpCase::cs(225, (6, 7), "float", &[H0, Z, Z, U, F, F, F, F, Int(15), Z]).res(RW_TEX2DMS),
    // Semantic flags 4: group scope.
    OpCase::cs(245, (6, 8), "void", &[H0, Int(4)]).res(RW_RAW),
    OpCase::cs(
        254,
        (6, 8),
        "float",
        &[H0, H1, F, F, U, U, Z, Z, U, F, F, F, U, F, F, U, U],
    )
    .res(TEX_SAMPLER_CMP),
    OpCase::new(
        255,
        "ps",
        (6, 8),
        "float",
        &[H0, H1, F, F, U, U, Z, Z, U, F, FZ, U],
    )
    .res(TEX_SAMPLER_CMP),
    // Alignment 4.
    OpCase::cs(303, (6, 9), "<4 x float>", &[H0, Z, U, Int(4)]).res(RAW),
    OpCase::cs(304, (6, 9), "<4 x float>", &[H0, Z, U, F, Int(4)]).res(RW_RAW),
    OpCase::cs(309, (6, 9), "<4 x i32>", &[I]),
    OpCase::cs(310, (6, 9), "<4 x i32>", &[I]),
    OpCase::cs(311, (6, 9), "<4 x float>", &[F, F]),
];
