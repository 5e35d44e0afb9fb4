//! Ray tracing in library entries (`lib` with an entry kind): system values, hits,
//! `TraceRay`, `CallShader`, and the shader execution reordering (`HitObject`) operations.
//! Entries with parameters take `inout %struct.Payload* { i32 }` and (hit shaders) `in
//! %struct.Attr* { <2 x float> }`.

use super::model::{Arg::*, Comp, OpCase, Res, ResClass as C, ResKind as K};

const F: super::Arg = Float(1.0);
const Z: super::Arg = Int(0);
const HO: super::Arg = Special("hitobject");
const P: super::Arg = Special("payload");
const A: super::Arg = Special("attributes");
const SM63: (u32, u32) = (6, 3);
const SM69: (u32, u32) = (6, 9);
const RTAS: &[Res] = &[Res::new(
    C::Srv,
    K::RTAccelerationStructure,
    Comp::I32,
    0,
    0,
)];

const fn lib(
    opcode: u32,
    entry: &'static str,
    model: (u32, u32),
    ovl: &'static str,
    args: &'static [super::Arg],
) -> OpCase {
    OpCase::new(opcode, "lib", model, ovl, args).entry(entry)
}

/// The cases of this group.
pub const CASES: &[OpCase] = &[
    lib(141, "closesthit", SM63, "i32", &[]),
    lib(142, "closesthit", SM63, "i32", &[]),
    lib(143, "closesthit", SM63, "i32", &[]),
    lib(144, "closesthit", SM63, "i32", &[]),
    // Component 0.
    lib(145, "raygeneration", SM63, "i32", &[Z]),
    lib(146, "raygeneration", SM63, "i32", &[Z]),
    lib(147, "closesthit", SM63, "float", &[Z]),
    lib(148, "closesthit", SM63, "float", &[Z]),
    lib(149, "closesthit", SM63, "float", &[Z]),
    lib(150, "closesthit", SM63, "float", &[Z]),
    // Row 0, column 0.
    lib(151, "closesthit", SM63, "float", &[Z, Z]),
    lib(152, "closesthit", SM63, "float", &[Z, Z]),
    lib(153, "closesthit", SM63, "float", &[]),
    lib(154, "closesthit", SM63, "float", &[]),
    lib(155, "anyhit", SM63, "void", &[]),
    lib(156, "anyhit", SM63, "void", &[]),
    // Flags 0, mask 0xff, hit group offset 0, geometry multiplier 1, miss 0, the ray.
    lib(
        157,
        "raygeneration",
        SM63,
        "%struct.Payload",
        &[
            Handle(0),
            Z,
            Int(255),
            Z,
            Int(1),
            Z,
            F,
            F,
            F,
            F,
            F,
            F,
            F,
            F,
            P,
        ],
    )
    .res(RTAS),
    // tHit 1, hit kind 0.
    lib(158, "intersection", SM63, "%struct.Attr", &[F, Z, A]),
    // Callable shader 0.
    lib(159, "raygeneration", SM63, "%struct.Payload", &[Z, P]),
    lib(160, "raygeneration", SM63, "%res.0", &[Special("resource")]).res(RTAS),
    lib(161, "closesthit", SM63, "i32", &[]),
    lib(213, "closesthit", (6, 5), "i32", &[]),
    lib(
        262,
        "raygeneration",
        SM69,
        "%struct.Payload",
        &[
            Handle(0),
            Z,
            Int(255),
            Z,
            Int(1),
            Z,
            F,
            F,
            F,
            F,
            F,
            F,
            F,
            F,
            P,
        ],
    )
    .res(RTAS),
    lib(263, "raygeneration", SM69, "void", &[Special("rayquery")]),
    // Hit kind 0.
    lib(
        264,
        "raygeneration",
        SM69,
        "%struct.Attr",
        &[Special("rayquery"), Z, A],
    ),
    // Ray flags 0, miss shader 0, the ray.
    lib(
        265,
        "raygeneration",
        SM69,
        "void",
        &[Z, Z, F, F, F, F, F, F, F, F],
    ),
    lib(266, "raygeneration", SM69, "void", &[]),
    lib(267, "raygeneration", SM69, "%struct.Payload", &[HO, P]),
    // No coherence hint bits.
    lib(268, "raygeneration", SM69, "void", &[HO, Z, Z]),
    lib(269, "raygeneration", SM69, "i1", &[HO]),
    lib(270, "raygeneration", SM69, "i1", &[HO]),
    lib(271, "raygeneration", SM69, "i1", &[HO]),
    lib(272, "raygeneration", SM69, "i32", &[HO]),
    lib(273, "raygeneration", SM69, "float", &[HO]),
    lib(274, "raygeneration", SM69, "float", &[HO]),
    lib(275, "raygeneration", SM69, "float", &[HO, Z]),
    lib(276, "raygeneration", SM69, "float", &[HO, Z]),
    lib(277, "raygeneration", SM69, "float", &[HO, Z]),
    lib(278, "raygeneration", SM69, "float", &[HO, Z]),
    lib(279, "raygeneration", SM69, "float", &[HO, Z, Z]),
    lib(280, "raygeneration", SM69, "float", &[HO, Z, Z]),
    lib(281, "raygeneration", SM69, "i32", &[HO]),
    lib(282, "raygeneration", SM69, "i32", &[HO]),
    lib(283, "raygeneration", SM69, "i32", &[HO]),
    lib(284, "raygeneration", SM69, "i32", &[HO]),
    lib(285, "raygeneration", SM69, "i32", &[HO]),
    lib(286, "raygeneration", SM69, "i32", &[HO]),
    lib(287, "raygeneration", SM69, "void", &[HO, Z]),
    lib(288, "raygeneration", SM69, "void", &[HO, Z]),
    lib(289, "raygeneration", SM69, "%struct.Attr", &[HO, A]),
];
