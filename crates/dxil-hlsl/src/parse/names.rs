//! The type names HLSL has without a declaration: scalars and their vector and matrix forms
//! (`float4`, `min16int2x3`, `uint64_t3`), and the built-in object types (resources,
//! samplers, streams, patches, ray tracing and work graph records).

/// Scalar type names (DXC's `HLSLScalarType` spellings).
const SCALARS: &[&str] = &[
    "bool",
    "int",
    "uint",
    "dword",
    "half",
    "float",
    "double",
    "min16float",
    "min10float",
    "min16int",
    "min12int",
    "min16uint",
    "int16_t",
    "uint16_t",
    "int32_t",
    "uint32_t",
    "int64_t",
    "uint64_t",
    "float16_t",
    "float32_t",
    "float64_t",
    "int8_t4_packed",
    "uint8_t4_packed",
];

/// Object types and templates.
const OBJECTS: &[&str] = &[
    "void",
    "vector",
    "matrix",
    "string",
    "Buffer",
    "RWBuffer",
    "StructuredBuffer",
    "RWStructuredBuffer",
    "AppendStructuredBuffer",
    "ConsumeStructuredBuffer",
    "ByteAddressBuffer",
    "RWByteAddressBuffer",
    "Texture1D",
    "Texture1DArray",
    "Texture2D",
    "Texture2DArray",
    "Texture2DMS",
    "Texture2DMSArray",
    "Texture3D",
    "TextureCube",
    "TextureCubeArray",
    "RWTexture1D",
    "RWTexture1DArray",
    "RWTexture2D",
    "RWTexture2DArray",
    "RWTexture2DMS",
    "RWTexture2DMSArray",
    "RWTexture3D",
    "RasterizerOrderedBuffer",
    "RasterizerOrderedByteAddressBuffer",
    "RasterizerOrderedStructuredBuffer",
    "RasterizerOrderedTexture1D",
    "RasterizerOrderedTexture1DArray",
    "RasterizerOrderedTexture2D",
    "RasterizerOrderedTexture2DArray",
    "RasterizerOrderedTexture3D",
    "FeedbackTexture2D",
    "FeedbackTexture2DArray",
    "SamplerState",
    "SamplerComparisonState",
    "sampler",
    "sampler1D",
    "sampler2D",
    "sampler3D",
    "samplerCUBE",
    "sampler_state",
    "texture",
    "Texture",
    "ConstantBuffer",
    "TextureBuffer",
    "InputPatch",
    "OutputPatch",
    "PointStream",
    "LineStream",
    "TriangleStream",
    "RaytracingAccelerationStructure",
    "RayDesc",
    "BuiltInTriangleIntersectionAttributes",
    "RayQuery",
    "HitObject",
    "BuiltInTrianglePositions",
    "SubobjectToExportsAssociation",
    "StateObjectConfig",
    "GlobalRootSignature",
    "LocalRootSignature",
    "RaytracingShaderConfig",
    "RaytracingPipelineConfig",
    "RaytracingPipelineConfig1",
    "TriangleHitGroup",
    "ProceduralPrimitiveHitGroup",
    "DispatchNodeInputRecord",
    "RWDispatchNodeInputRecord",
    "GroupNodeInputRecords",
    "RWGroupNodeInputRecords",
    "ThreadNodeInputRecord",
    "RWThreadNodeInputRecord",
    "EmptyNodeInput",
    "NodeOutput",
    "NodeOutputArray",
    "EmptyNodeOutput",
    "EmptyNodeOutputArray",
    "GroupNodeOutputRecords",
    "ThreadNodeOutputRecords",
    "NodeOutputRecords",
    "VkBufferPointer",
];

/// Whether `name` is a type without any declaration.
pub fn is_builtin_type(name: &str) -> bool {
    if OBJECTS.contains(&name) || SCALARS.contains(&name) {
        return true;
    }
    // `<scalar><N>` and `<scalar><R>x<C>` with sizes 1..4.
    let digits = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x');
    let tail = &name[digits.len()..];
    if digits.is_empty() || tail.is_empty() || !SCALARS.contains(&digits) {
        return false;
    }
    let dim = |s: &str| matches!(s, "1" | "2" | "3" | "4");
    match tail.split_once('x') {
        None => dim(tail),
        Some((r, c)) => dim(r) && dim(c),
    }
}

/// Whether `name` is a scalar, vector or matrix type or `void`: a keyword that cannot name
/// a variable (the object types' names, `vector`, `texture`, `sampler`..., can).
pub fn is_keyword_type(name: &str) -> bool {
    name == "void" || (is_builtin_type(name) && !OBJECTS.contains(&name))
}

/// Whether the built-in type `name` takes template arguments (`vector<...>`, `Buffer<...>`).
pub fn takes_template_args(name: &str) -> bool {
    OBJECTS.contains(&name)
        && !matches!(
            name,
            "void"
                | "string"
                | "SamplerState"
                | "SamplerComparisonState"
                | "sampler"
                | "ByteAddressBuffer"
                | "RWByteAddressBuffer"
                | "RasterizerOrderedByteAddressBuffer"
                | "RaytracingAccelerationStructure"
                | "RayDesc"
                | "BuiltInTriangleIntersectionAttributes"
                | "HitObject"
                | "EmptyNodeInput"
                | "EmptyNodeOutput"
                | "EmptyNodeOutputArray"
        )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vector_and_matrix_forms() {
        for t in [
            "float4",
            "min16int2x3",
            "uint64_t3",
            "bool1x1",
            "RWBuffer",
            "half",
        ] {
            assert!(is_builtin_type(t), "{t}");
        }
        for t in ["float5", "float4x", "x4", "Foo", "float0", "int4x5"] {
            assert!(!is_builtin_type(t), "{t}");
        }
    }
}
