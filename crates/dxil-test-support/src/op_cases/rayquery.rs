//! Inline ray tracing (`RayQuery`) in a compute shader: every query operation works on
//! the handle `AllocateRayQuery` returns ([`Special`]`("rayquery")`).

use super::model::{Arg::*, Comp, OpCase, Res, ResClass as C, ResKind as K};

const F: super::Arg = Float(1.0);
const Z: super::Arg = Int(0);
const Q: super::Arg = Special("rayquery");
const SM65: (u32, u32) = (6, 5);
const RTAS: &[Res] = &[Res::new(
    C::Srv,
    K::RTAccelerationStructure,
    Comp::I32,
    0,
    0,
)];

/// The cases of this group.
pub const CASES: &[OpCase] = &[
    // No constant ray flags.
    OpCase::cs(178, SM65, "void", &[Z]),
    // Ray flags 0, instance mask 0xff, origin, tMin, direction, tMax.
    OpCase::cs(
        179,
        SM65,
        "void",
        &[Q, Handle(0), Z, Int(255), F, F, F, F, F, F, F, F],
    )
    .res(RTAS),
    OpCase::cs(180, SM65, "i1", &[Q]),
    OpCase::cs(181, SM65, "void", &[Q]),
    OpCase::cs(182, SM65, "void", &[Q]),
    OpCase::cs(183, SM65, "void", &[Q, F]),
    OpCase::cs(184, SM65, "i32", &[Q]),
    OpCase::cs(185, SM65, "i32", &[Q]),
    // Row 0, column 0 of the 3x4 matrix.
    OpCase::cs(186, SM65, "float", &[Q, Z, Z]),
    OpCase::cs(187, SM65, "float", &[Q, Z, Z]),
    OpCase::cs(188, SM65, "float", &[Q, Z, Z]),
    OpCase::cs(189, SM65, "float", &[Q, Z, Z]),
    OpCase::cs(190, SM65, "i1", &[Q]),
    OpCase::cs(191, SM65, "i1", &[Q]),
    OpCase::cs(192, SM65, "i1", &[Q]),
    // Component 0.
    OpCase::cs(193, SM65, "float", &[Q, Z]),
    OpCase::cs(194, SM65, "float", &[Q, Z]),
    OpCase::cs(195, SM65, "i32", &[Q]),
    OpCase::cs(196, SM65, "float", &[Q, Z]),
    OpCase::cs(197, SM65, "float", &[Q, Z]),
    OpCase::cs(198, SM65, "float", &[Q]),
    OpCase::cs(199, SM65, "float", &[Q]),
    OpCase::cs(200, SM65, "float", &[Q]),
    OpCase::cs(201, SM65, "i32", &[Q]),
    OpCase::cs(202, SM65, "i32", &[Q]),
    OpCase::cs(203, SM65, "i32", &[Q]),
    OpCase::cs(204, SM65, "i32", &[Q]),
    OpCase::cs(205, SM65, "float", &[Q, Z]),
    OpCase::cs(206, SM65, "float", &[Q, Z]),
    OpCase::cs(207, SM65, "i32", &[Q]),
    OpCase::cs(208, SM65, "i32", &[Q]),
    OpCase::cs(209, SM65, "i32", &[Q]),
    OpCase::cs(210, SM65, "i32", &[Q]),
    OpCase::cs(211, SM65, "float", &[Q, Z]),
    OpCase::cs(212, SM65, "float", &[Q, Z]),
    OpCase::cs(214, SM65, "i32", &[Q]),
    OpCase::cs(215, SM65, "i32", &[Q]),
    // Constant ray flags 0, ray query flags 0.
    OpCase::cs(258, (6, 9), "void", &[Z, Z]),
];
