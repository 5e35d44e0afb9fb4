//! For every DXIL operation, a minimal use the reference validator accepts, as data
//! independent of any builder: the stage and shader model, the resources, signatures and
//! properties the shader needs, and the operands of the call ([`OpCase`]). Operations no
//! case covers are listed with the reason in [`op_gaps`].
//!
//! A shader for a case is one entry function that creates the handles of the case's
//! resources, makes the [`Arg::Special`] values it uses, calls the operation once with the
//! case's operands and returns; `dxil-asm`'s `tests/op_cases.rs` renders it as DXIL text
//! and asks the reference validator. What every such shader also does, whatever the
//! operation:
//!
//! - stores 0 to every component of every output element after the call (the validator
//!   wants each output written): `StoreOutput`; mesh shaders `StoreVertexOutput` and
//!   `StorePrimitiveOutput` of vertex/primitive 0; hull shaders store their patch
//!   constants in the patch constant function;
//! - in mesh shaders, calls `SetMeshOutputCounts(3, 1)` first (unless that is the case);
//! - records the shader flags the module's contents imply (module entry for libraries);
//! - library entries are named `main`; hit entries take `(%struct.Payload*,
//!   %struct.Attr*)`, miss and callable entries `(%struct.Payload*)`, with payload size 4
//!   and attribute size 8 in their properties and `dx.typeAnnotations` for the parameters;
//! - node entries ([`Node`]) record their launch type, node id `("main", 0)`, local root
//!   arguments table index -1, a 1x1x1 dispatch grid when broadcasting, the max recursion
//!   depth when given, and their input and outputs (record types of the given size,
//!   alignment 4; outputs named `("output", i)`);
//! - records each LinAlg matrix type it uses in `dx.targetTypes`, in first-use order:
//!   `!{%dx.types.LinAlgMatrixC<c>M<m>N<n>U<u>S<s> undef, i32 c, i32 m, i32 n, i32 u, i32 s}`
//!   (component type, rows, columns, use, scope; the validator wants the record for every
//!   matrix operand).

mod basic;
mod experimental;
mod gaps;
mod model;
mod node;
mod rayquery;
mod raytracing;
mod resources;
mod stages;

pub use model::{Arg, Comp, Node, NodeIo, OpCase, Prop, Res, ResClass, ResKind, SigElem, CS1};

/// The names [`Arg::Special`] uses, with what each one stands for.
pub const SPECIALS: &[(&str, &str)] = &[
    (
        "status",
        "the status (element 4) of a BufferLoad of resources[0], a typed buffer of float4",
    ),
    (
        "binding",
        "CreateHandleFromBinding of resources[0], not annotated",
    ),
    (
        "properties",
        "the ResourceProperties constant of resources[0]",
    ),
    ("resbind", "the ResBind constant of resources[0]"),
    (
        "rayquery",
        "the result of AllocateRayQuery with constant ray flags 0",
    ),
    ("hitobject", "the result of HitObject_MakeNop"),
    (
        "resource",
        "a library's resource 0: the load of its global variable @res0 (type %res.0)",
    ),
    (
        "payload",
        "the entry's payload parameter; in a ray generation entry, an alloca of %struct.Payload",
    ),
    (
        "attributes",
        "the hit entry's attribute parameter; elsewhere, an alloca of %struct.Attr",
    ),
    (
        "nodeinputraw",
        "CreateNodeInputRecordHandle of the node's input (metadata index 0), not annotated",
    ),
    (
        "nodeinput",
        "nodeinputraw annotated with the input's NodeRecordInfo (flags, record size)",
    ),
    (
        "recordinfo",
        "the NodeRecordInfo constant of the node's input: its flags and record size",
    ),
    (
        "nodeoutputraw",
        "CreateNodeOutputHandle of the node's output 0, not annotated",
    ),
    (
        "nodeoutput",
        "nodeoutputraw annotated with the output's NodeInfo (flags, record size)",
    ),
    (
        "nodeinfo",
        "the NodeInfo constant of the node's output 0: its flags and record size",
    ),
    (
        "outputrecords",
        "AllocateNodeOutputRecords of one record per thread of nodeoutput, annotated with \
         the NodeRecordInfo of thread records (the output's flags | 0x20, record size)",
    ),
    (
        "groupshared",
        "a group shared global of the operand's pointee type (`%struct.Payload = type { i32 }`, \
         `float`)",
    ),
    (
        "register",
        "an alloca of `float`: a `float*` (`pf32`) register",
    ),
    (
        "matrix",
        "LinAlgFillMatrix of i32 0 at the operand's matrix type (`%dx.types.LinAlgMatrix*`), \
         one for each such operand",
    ),
    (
        "loadedmatrix",
        "LinAlgMatrixLoadFromDescriptor at the operand's matrix type from resources[0] \
         (offset 0, stride 0, layout 0, alignment 128): thread-scope matrices, which \
         LinAlgFillMatrix may not return",
    ),
];

/// Every case, in opcode order within each group.
pub fn op_cases() -> impl Iterator<Item = &'static OpCase> {
    basic::CASES
        .iter()
        .chain(resources::CASES)
        .chain(rayquery::CASES)
        .chain(stages::CASES)
        .chain(raytracing::CASES)
        .chain(node::CASES)
        .chain(experimental::CASES)
}

/// Operations without a case, with the reason.
pub fn op_gaps() -> &'static [(u32, &'static str)] {
    gaps::GAPS
}
