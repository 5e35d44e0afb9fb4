//! Operations of the experimental table (shader model 6.10) the reference validator
//! accepts: the 9-element vectors of triangle positions and the LinAlg matrix operations.
//!
//! Matrices are `%dx.types.LinAlgMatrixC<c>M<m>N<n>U<u>S<s>`: component type `c` (9
//! `float`, 4 `i32`), `m` x `n`, use `u` (0 A, 1 B, 2 accumulator) and scope `s` (0 thread,
//! 1 wave); the overloads of an operation with several positions are listed in the order
//! of its `$x0`, `$x1`, ... types, as the function names spell them
//! (`dx.op.linAlgMatrixMultiply.mC9M4N4U2S1.mC9M4N4U0S1.mC9M4N4U1S1`).

use super::model::{Arg::*, Comp, OpCase, Res, ResClass, ResKind};

const SM610: (u32, u32) = (6, 10);

/// A wave-scope 4x4 `float` A matrix.
const A: &str = "%dx.types.LinAlgMatrixC9M4N4U0S1";
/// A wave-scope 4x4 `float` B matrix.
const B: &str = "%dx.types.LinAlgMatrixC9M4N4U1S1";
/// A wave-scope 4x4 `float` accumulator.
const ACC: &str = "%dx.types.LinAlgMatrixC9M4N4U2S1";
/// A thread-scope 4x4 `float` A matrix (matrix-vector products).
const A_THREAD: &str = "%dx.types.LinAlgMatrixC9M4N4U0S0";
/// A thread-scope 4x4 `float` accumulator (outer products).
const ACC_THREAD: &str = "%dx.types.LinAlgMatrixC9M4N4U2S0";
const F4: &str = "<4 x float>";

/// `ByteAddressBuffer` at t0.
const SRV: &[Res] = &[Res::new(ResClass::Srv, ResKind::RawBuffer, Comp::U32, 1, 0)];
/// `RWByteAddressBuffer` at u0.
const UAV: &[Res] = &[Res::new(ResClass::Uav, ResKind::RawBuffer, Comp::U32, 1, 0)];

/// Memory operands of descriptor loads and stores: offset 0, stride 16, layout 1
/// (column major), alignment 128.
const AT: [super::Arg; 4] = [Int(0), Int(16), Int(1), Int(128)];

/// The cases of this group.
pub const CASES: &[OpCase] = &[
    OpCase::cs(0x8000_0000, SM610, "void", &[]),
    OpCase::cs(0x8000_0001, SM610, "void", &[]),
    OpCase::cs(0x8000_0002, SM610, "void", &[]),
    OpCase::new(0x8000_0003, "lib", SM610, "void", &[]).entry("closesthit"),
    OpCase::cs(0x8000_0004, SM610, "i32", &[Special("rayquery")]),
    OpCase::cs(0x8000_0005, SM610, "i32", &[Special("rayquery")]),
    OpCase::new(0x8000_0006, "lib", SM610, "i32", &[Special("hitobject")]).entry("raygeneration"),
    OpCase::new(0x8000_0007, "lib", SM610, "float", &[]).entry("closesthit"),
    OpCase::cs(0x8000_0008, SM610, "float", &[Special("rayquery")]),
    OpCase::cs(0x8000_0009, SM610, "float", &[Special("rayquery")]),
    OpCase::new(0x8000_000A, "lib", SM610, "float", &[Special("hitobject")]).entry("raygeneration"),
    // LinAlgMatrixMultiplyAccumulate: result, A, B, C.
    OpCase::cs(
        0x8000_000B,
        SM610,
        ACC,
        &[Special("matrix"), Special("matrix"), Special("matrix")],
    )
    .more_overloads(&[A, B, ACC]),
    // LinAlgFillMatrix: result, value.
    OpCase::cs(0x8000_000C, SM610, A, &[Int(0)]).more_overloads(&["i32"]),
    // LinAlgCopyConvertMatrix: an `i32` matrix from a `float` one, not transposed.
    OpCase::cs(
        0x8000_000D,
        SM610,
        "%dx.types.LinAlgMatrixC4M4N4U0S1",
        &[Special("matrix"), Int(0)],
    )
    .more_overloads(&[A]),
    OpCase::cs(
        0x8000_000E,
        SM610,
        A,
        &[Handle(0), AT[0], AT[1], AT[2], AT[3]],
    )
    .res(SRV),
    // LinAlgMatrixLoadFromMemory: result, element type of the group shared memory.
    OpCase::cs(
        0x8000_000F,
        SM610,
        B,
        &[Special("groupshared"), Int(0), Int(16), Int(1)],
    )
    .more_overloads(&["float"]),
    OpCase::cs(0x8000_0010, SM610, A, &[Special("matrix")]),
    OpCase::cs(0x8000_0011, SM610, B, &[Special("matrix"), Int(0)]),
    // LinAlgMatrixGetElement: element type, matrix.
    OpCase::cs(0x8000_0012, SM610, "float", &[Special("matrix"), Int(0)]).more_overloads(&[A]),
    // LinAlgMatrixSetElement: result, matrix, element type.
    OpCase::cs(
        0x8000_0013,
        SM610,
        B,
        &[Special("matrix"), Int(0), Float(1.0)],
    )
    .more_overloads(&[B, "float"]),
    OpCase::cs(
        0x8000_0014,
        SM610,
        B,
        &[Special("matrix"), Handle(0), AT[0], AT[1], AT[2], AT[3]],
    )
    .res(UAV),
    // LinAlgMatrixStoreToMemory: matrix, element type of the group shared memory.
    OpCase::cs(
        0x8000_0015,
        SM610,
        B,
        &[
            Special("matrix"),
            Special("groupshared"),
            Int(0),
            Int(16),
            Int(1),
        ],
    )
    .more_overloads(&["float"]),
    OpCase::cs(0x8000_0016, SM610, "void", &[]),
    // LinAlgMatrixMultiply: result, A, B.
    OpCase::cs(
        0x8000_0017,
        SM610,
        ACC,
        &[Special("matrix"), Special("matrix")],
    )
    .more_overloads(&[A, B]),
    // LinAlgMatrixAccumulate: result, left, right.
    OpCase::cs(
        0x8000_0018,
        SM610,
        ACC,
        &[Special("matrix"), Special("matrix")],
    )
    .more_overloads(&[ACC, A]),
    // LinAlgMatVecMul: result vector, matrix, input vector; signed output, input
    // interpreted as `float` (component type 9).
    OpCase::cs(
        0x8000_0019,
        SM610,
        F4,
        &[Special("loadedmatrix"), Int(1), Float(1.0), Int(9)],
    )
    .more_overloads(&[A_THREAD, F4])
    .res(SRV),
    // LinAlgMatVecMulAdd: result vector, matrix, input vector, bias vector.
    OpCase::cs(
        0x8000_001A,
        SM610,
        F4,
        &[
            Special("loadedmatrix"),
            Int(1),
            Float(1.0),
            Int(9),
            Float(0.0),
        ],
    )
    .more_overloads(&[A_THREAD, F4, F4])
    .res(SRV),
    OpCase::cs(
        0x8000_001B,
        SM610,
        ACC,
        &[Special("matrix"), Handle(0), AT[0], AT[1], AT[2], AT[3]],
    )
    .res(UAV),
    // LinAlgMatrixAccumulateToMemory: matrix, element type of the group shared memory;
    // target component type 9 (`float`).
    OpCase::cs(
        0x8000_001C,
        SM610,
        ACC,
        &[
            Special("matrix"),
            Special("groupshared"),
            Int(9),
            Int(0),
            Int(16),
            Int(1),
        ],
    )
    .more_overloads(&["float"]),
    // LinAlgMatrixOuterProduct: result, the two vectors.
    OpCase::cs(0x8000_001D, SM610, ACC_THREAD, &[Float(1.0), Float(2.0)]).more_overloads(&[F4, F4]),
    // LinAlgConvert: result vector, input vector; `float` (9) to `float` (9).
    OpCase::cs(0x8000_001E, SM610, F4, &[Float(1.0), Int(9), Int(9)]).more_overloads(&[F4]),
    // LinAlgVectorAccumulateToDescriptor: offset 0, alignment 64, the vector.
    OpCase::cs(
        0x8000_001F,
        SM610,
        F4,
        &[Handle(0), Int(0), Int(64), Float(1.0)],
    )
    .res(UAV),
    OpCase::cs(0x8000_0021, SM610, "void", &[]),
    OpCase::cs(0x8000_0022, SM610, "void", &[]),
];
