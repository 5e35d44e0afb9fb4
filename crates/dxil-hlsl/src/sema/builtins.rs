//! Names HLSL declares before the first line of a shader (DXC's `AddRaytracingConstants`,
//! `AddSamplerFeedbackConstants`, `AddBarrierConstants`): `static const uint` constants
//! with the values of the DXIL enums they stand for, the `typedef uint` names of their
//! pseudo-enums, and the descriptor heap objects.

/// `typedef uint NAME;` for each pseudo-enum.
pub(crate) const UINT_TYPEDEFS: &[&str] = &[
    "RAY_FLAG",
    "RAYQUERY_FLAG",
    "COMMITTED_STATUS",
    "CANDIDATE_TYPE",
    "MEMORY_TYPE_FLAG",
    "BARRIER_SEMANTIC_FLAG",
];

/// `static const uint NAME = VALUE;` (values of DXIL's `RayFlag`, `RayQueryFlag`,
/// `CommittedStatus`, `CandidateType`, `HitKind`, `StateObjectFlags`,
/// `RaytracingPipelineFlags`, `SamplerFeedbackType`, `MemoryTypeFlag`,
/// `BarrierSemanticFlag`).
pub(crate) const UINT_CONSTANTS: &[(&str, i64)] = &[
    ("RAY_FLAG_NONE", 0x00),
    ("RAY_FLAG_FORCE_OPAQUE", 0x01),
    ("RAY_FLAG_FORCE_NON_OPAQUE", 0x02),
    ("RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH", 0x04),
    ("RAY_FLAG_SKIP_CLOSEST_HIT_SHADER", 0x08),
    ("RAY_FLAG_CULL_BACK_FACING_TRIANGLES", 0x10),
    ("RAY_FLAG_CULL_FRONT_FACING_TRIANGLES", 0x20),
    ("RAY_FLAG_CULL_OPAQUE", 0x40),
    ("RAY_FLAG_CULL_NON_OPAQUE", 0x80),
    ("RAY_FLAG_SKIP_TRIANGLES", 0x100),
    ("RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES", 0x200),
    ("RAY_FLAG_FORCE_OMM_2_STATE", 0x400),
    ("RAYQUERY_FLAG_NONE", 0),
    ("RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS", 1),
    ("COMMITTED_NOTHING", 0),
    ("COMMITTED_TRIANGLE_HIT", 1),
    ("COMMITTED_PROCEDURAL_PRIMITIVE_HIT", 2),
    ("CANDIDATE_NON_OPAQUE_TRIANGLE", 0),
    ("CANDIDATE_PROCEDURAL_PRIMITIVE", 1),
    ("HIT_KIND_NONE", 0x00),
    ("HIT_KIND_TRIANGLE_FRONT_FACE", 0xFE),
    ("HIT_KIND_TRIANGLE_BACK_FACE", 0xFF),
    ("CLUSTER_ID_INVALID", 0xFFFF_FFFF),
    (
        "STATE_OBJECT_FLAGS_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITONS",
        0x1,
    ),
    (
        "STATE_OBJECT_FLAGS_ALLOW_EXTERNAL_DEPENDENCIES_ON_LOCAL_DEFINITIONS",
        0x2,
    ),
    (
        "STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITONS",
        0x1,
    ),
    (
        "STATE_OBJECT_FLAG_ALLOW_EXTERNAL_DEPENDENCIES_ON_LOCAL_DEFINITIONS",
        0x2,
    ),
    ("STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS", 0x4),
    ("RAYTRACING_PIPELINE_FLAG_NONE", 0x0),
    ("RAYTRACING_PIPELINE_FLAG_SKIP_TRIANGLES", 0x100),
    ("RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES", 0x200),
    ("RAYTRACING_PIPELINE_FLAG_ALLOW_OPACITY_MICROMAPS", 0x400),
    ("SAMPLER_FEEDBACK_MIN_MIP", 0),
    ("SAMPLER_FEEDBACK_MIP_REGION_USED", 1),
    ("UAV_MEMORY", 0x1),
    ("GROUP_SHARED_MEMORY", 0x2),
    ("NODE_INPUT_MEMORY", 0x4),
    ("NODE_OUTPUT_MEMORY", 0x8),
    ("ALL_MEMORY", 0xF),
    ("GROUP_SYNC", 0x1),
    ("GROUP_SCOPE", 0x2),
    ("DEVICE_SCOPE", 0x4),
    ("REORDER_SCOPE", 0x8),
];

/// Objects every shader can name: the SM 6.6 descriptor heaps.
pub(crate) const GLOBAL_OBJECTS: &[&str] = &["ResourceDescriptorHeap", "SamplerDescriptorHeap"];
