//! Stage-specific operations: pixel (discard, derivatives, evaluation, coverage), vertex,
//! geometry, hull, domain, mesh and amplification shaders, with the signatures and stage
//! state each needs.

use super::model::{Arg::*, Comp, OpCase, Prop, SigElem};

const F: super::Arg = Float(1.0);
const Z: super::Arg = Int(0);
const SM60: (u32, u32) = (6, 0);

const fn sig(
    semantic: &'static str,
    comp: Comp,
    interp: u32,
    rows: u32,
    cols: u32,
    row: i32,
    col: i32,
) -> SigElem {
    SigElem {
        semantic,
        comp,
        interp,
        rows,
        cols,
        row,
        col,
    }
}

/// `float4 SV_Position`, linear noperspective.
const POS: SigElem = sig("SV_Position", Comp::F32, 4, 1, 4, 0, 0);
const POS_SIG: &[SigElem] = &[POS];
/// `float A`, linear.
const LINEAR: &[SigElem] = &[sig("A", Comp::F32, 2, 1, 1, 0, 0)];
/// `float A`, nointerpolation.
const CONSTANT: &[SigElem] = &[sig("A", Comp::F32, 1, 1, 1, 0, 0)];
const SAMPLE_INDEX: &[SigElem] = &[sig("SV_SampleIndex", Comp::U32, 1, 1, 1, -1, -1)];
const VS_IN: &[SigElem] = &[sig("POSITION", Comp::F32, 0, 1, 4, 0, 0)];
const GS_PRIM: &[SigElem] = &[POS, sig("SV_PrimitiveID", Comp::U32, 0, 1, 1, -1, -1)];
/// Triangle tessellation factors.
const TESS: &[SigElem] = &[
    sig("SV_TessFactor", Comp::F32, 0, 3, 1, 0, 3),
    sig("SV_InsideTessFactor", Comp::F32, 0, 1, 1, 3, 0),
];
/// Point in, one vertex out, stream 0, point list, one instance.
const GS: &[Prop] = &[Prop::Geometry(1, 1, 1, 1, 1)];
/// Three control points in and out, triangles, integer partitioning, clockwise triangles,
/// factors up to 64.
const HS: &[Prop] = &[Prop::Hull(3, 3, 2, 1, 3, 64.0)];
const HS_PC: &[Prop] = &[
    Prop::Hull(3, 3, 2, 1, 3, 64.0),
    Prop::InPatchConstantFunction,
];
/// Triangles of three control points.
const DS: &[Prop] = &[Prop::Domain(2, 3)];
/// Three vertices, one triangle, no payload.
const MS: &[Prop] = &[Prop::NumThreads(1, 1, 1), Prop::Mesh(3, 1, 2, 0)];
const MS_PAYLOAD: &[Prop] = &[Prop::NumThreads(1, 1, 1), Prop::Mesh(3, 1, 2, 4)];
const MS_PRIM: &[SigElem] = &[sig("A", Comp::U32, 1, 1, 1, 0, 0)];
/// A four-byte payload.
const AS: &[Prop] = &[Prop::NumThreads(1, 1, 1), Prop::Amplification(4)];

/// The cases of this group.
pub const CASES: &[OpCase] = &[
    // Input 0, row 0, column 0, no vertex axis.
    OpCase::new(4, "vs", SM60, "float", &[Z, Z, Z, Undef]).ins(VS_IN),
    OpCase::new(5, "vs", SM60, "float", &[Z, Z, Z, F]).outs(POS_SIG),
    OpCase::new(82, "ps", SM60, "void", &[Int(1)]),
    OpCase::new(83, "ps", SM60, "float", &[F]),
    OpCase::new(84, "ps", SM60, "float", &[F]),
    OpCase::new(85, "ps", SM60, "float", &[F]),
    OpCase::new(86, "ps", SM60, "float", &[F]),
    // Input 0 at the pixel centre offset (0, 0), sample 0, centroid.
    OpCase::new(87, "ps", SM60, "float", &[Z, Z, Z, Z, Z]).ins(LINEAR),
    OpCase::new(88, "ps", SM60, "float", &[Z, Z, Z, Z]).ins(LINEAR),
    OpCase::new(89, "ps", SM60, "float", &[Z, Z, Z]).ins(LINEAR),
    OpCase::new(90, "ps", SM60, "i32", &[]).ins(SAMPLE_INDEX),
    OpCase::new(91, "ps", SM60, "i32", &[]),
    OpCase::new(92, "ps", SM60, "i32", &[]),
    // Stream 0.
    OpCase::new(97, "gs", SM60, "void", &[Z])
        .ins(POS_SIG)
        .outs(POS_SIG)
        .props(GS),
    OpCase::new(98, "gs", SM60, "void", &[Z])
        .ins(POS_SIG)
        .outs(POS_SIG)
        .props(GS),
    OpCase::new(99, "gs", SM60, "void", &[Z])
        .ins(POS_SIG)
        .outs(POS_SIG)
        .props(GS),
    OpCase::new(100, "gs", SM60, "i32", &[])
        .ins(POS_SIG)
        .outs(POS_SIG)
        .props(GS),
    // Control point 0, row 0, column 0.
    OpCase::new(103, "hs", SM60, "float", &[Z, Z, Z, Z])
        .ins(POS_SIG)
        .outs(POS_SIG)
        .patch(TESS)
        .props(HS_PC),
    OpCase::new(104, "ds", SM60, "float", &[Z, Z, Z])
        .ins(POS_SIG)
        .outs(POS_SIG)
        .patch(TESS)
        .props(DS),
    // Component 0.
    OpCase::new(105, "ds", SM60, "float", &[Z])
        .ins(POS_SIG)
        .outs(POS_SIG)
        .patch(TESS)
        .props(DS),
    OpCase::new(106, "hs", SM60, "float", &[Z, Z, Z, F])
        .ins(POS_SIG)
        .outs(POS_SIG)
        .patch(TESS)
        .props(HS_PC),
    OpCase::new(107, "hs", SM60, "i32", &[])
        .ins(POS_SIG)
        .outs(POS_SIG)
        .patch(TESS)
        .props(HS),
    OpCase::new(108, "gs", SM60, "i32", &[])
        .ins(GS_PRIM)
        .outs(POS_SIG)
        .props(GS),
    // Attribute 0 of vertex 1.
    OpCase::new(137, "ps", (6, 1), "float", &[Z, Z, Z, Int(1)]).ins(CONSTANT),
    OpCase::new(138, "ps", (6, 1), "i32", &[]),
    OpCase::new(168, "ms", (6, 5), "void", &[Int(3), Int(1)])
        .outs(POS_SIG)
        .props(MS),
    // Triangle 0 of vertices 0, 1, 2.
    OpCase::new(169, "ms", (6, 5), "void", &[Z, Z, Int(1), Int(2)])
        .outs(POS_SIG)
        .props(MS),
    OpCase::new(170, "ms", (6, 5), "%struct.Payload addrspace(6)*", &[])
        .outs(POS_SIG)
        .props(MS_PAYLOAD),
    // Output 0, row 0, column 0 of vertex 0.
    OpCase::new(171, "ms", (6, 5), "float", &[Z, Z, Z, F, Z])
        .outs(POS_SIG)
        .props(MS),
    OpCase::new(172, "ms", (6, 5), "i32", &[Z, Z, Z, Int(1), Z])
        .outs(POS_SIG)
        .patch(MS_PRIM)
        .props(MS),
    // One group.
    OpCase::new(
        173,
        "as",
        (6, 5),
        "%struct.Payload addrspace(3)*",
        &[Int(1), Int(1), Int(1), Special("groupshared")],
    )
    .props(AS),
    OpCase::new(256, "vs", (6, 8), "i32", &[]),
    OpCase::new(257, "vs", (6, 8), "i32", &[]),
];
