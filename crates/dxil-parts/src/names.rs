//! Enumerations used by the parts, with the spec's names and values. `SemanticKind` and
//! `SigPointKind` come from `dxil-ops` (generated from `dxil-db.json`).
//!
//! DXIL.rst, sections "Signature element record" (SemanticKind, ComponentType,
//! InterpolationMode) and "Shader Properties and Capabilities" (tessellator, primitive and
//! topology enums); the container-level encodings (`SystemValue`, `SigComponentType`,
//! `MinPrecision`) are the values the signature parts store.
//! Structs keep the raw stored numbers (so unknown values round-trip); these enums name them.

macro_rules! named_enum {
    // With `as module`: also the stored values as constants in `module`, for matching raw
    // numbers read from the input (which may name no enumerator).
    ($(#[$m:meta])* $name:ident : $repr:ty as $raw:ident { $($(#[$vm:meta])* $var:ident = $val:expr),* $(,)? }) => {
        named_enum!($(#[$m])* $name : $repr { $($(#[$vm])* $var = $val),* });
        #[doc = concat!("The stored values of [`", stringify!($name), "`], by the enumerators' names, for matching raw numbers.")]
        #[allow(non_upper_case_globals)]
        pub mod $raw {
            $(
                #[doc = concat!("`", stringify!($name), "::", stringify!($var), "`.")]
                pub const $var: u32 = $val;
            )*
        }
    };
    ($(#[$m:meta])* $name:ident : $repr:ty { $($(#[$vm:meta])* $var:ident = $val:expr),* $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        #[repr($repr)]
        pub enum $name {
            $(
                #[doc = concat!("`", stringify!($var), "` (", stringify!($val), ").")]
                $(#[$vm])*
                $var = $val
            ),*
        }
        impl $name {
            /// The enumerator with stored value `v`, if there is one.
            pub fn from_raw(v: u32) -> Option<Self> {
                match v { $(x if x == $val => Some($name::$var),)* _ => None }
            }
            /// The spec's name of the enumerator.
            pub fn name(self) -> &'static str {
                match self { $($name::$var => stringify!($var)),* }
            }
            /// The stored value.
            pub fn raw(self) -> u32 { self as u32 }
        }
    };
}

pub use dxil_ops::{SemanticKind, SigPointKind};

/// The canonical semantic name of a system value (`SV_Position`), `None` for
/// `Arbitrary` and `Invalid` (the names the module signature prints).
pub fn sv_semantic_name(kind: SemanticKind) -> Option<&'static str> {
    use SemanticKind::*;
    Some(match kind {
        Arbitrary | Invalid => return None,
        VertexID => "SV_VertexID",
        InstanceID => "SV_InstanceID",
        Position => "SV_Position",
        RenderTargetArrayIndex => "SV_RenderTargetArrayIndex",
        ViewPortArrayIndex => "SV_ViewportArrayIndex",
        ClipDistance => "SV_ClipDistance",
        CullDistance => "SV_CullDistance",
        OutputControlPointID => "SV_OutputControlPointID",
        DomainLocation => "SV_DomainLocation",
        PrimitiveID => "SV_PrimitiveID",
        GSInstanceID => "SV_GSInstanceID",
        SampleIndex => "SV_SampleIndex",
        IsFrontFace => "SV_IsFrontFace",
        Coverage => "SV_Coverage",
        InnerCoverage => "SV_InnerCoverage",
        Target => "SV_Target",
        Depth => "SV_Depth",
        DepthLessEqual => "SV_DepthLessEqual",
        DepthGreaterEqual => "SV_DepthGreaterEqual",
        StencilRef => "SV_StencilRef",
        DispatchThreadID => "SV_DispatchThreadID",
        GroupID => "SV_GroupID",
        GroupIndex => "SV_GroupIndex",
        GroupThreadID => "SV_GroupThreadID",
        TessFactor => "SV_TessFactor",
        InsideTessFactor => "SV_InsideTessFactor",
        ViewID => "SV_ViewID",
        Barycentrics => "SV_Barycentrics",
        ShadingRate => "SV_ShadingRate",
        CullPrimitive => "SV_CullPrimitive",
        StartVertexLocation => "SV_StartVertexLocation",
        StartInstanceLocation => "SV_StartInstanceLocation",
    })
}

named_enum!(
    /// DXIL `InterpolationMode` (DXIL.rst "Signature element record").
    InterpolationMode: u8 {
        Undefined = 0, Constant = 1, Linear = 2, LinearCentroid = 3, LinearNoperspective = 4,
        LinearNoperspectiveCentroid = 5, LinearSample = 6, LinearNoperspectiveSample = 7,
        Invalid = 8,
    }
);

impl InterpolationMode {
    /// The HLSL spelling the disassembly prints (`nointerpolation`, `noperspective centroid`).
    pub fn hlsl_name(self) -> &'static str {
        use InterpolationMode::*;
        match self {
            Undefined => "",
            Constant => "nointerpolation",
            Linear => "linear",
            LinearCentroid => "centroid",
            LinearNoperspective => "noperspective",
            LinearNoperspectiveCentroid => "noperspective centroid",
            LinearSample => "sample",
            LinearNoperspectiveSample => "noperspective sample",
            Invalid => "invalid",
        }
    }
}

named_enum!(
    /// DXIL `ComponentType` (DXIL.rst "Signature element record").
    ComponentType: u8 as component_type {
        Invalid = 0, I1 = 1, I16 = 2, U16 = 3, I32 = 4, U32 = 5, I64 = 6, U64 = 7, F16 = 8,
        F32 = 9, F64 = 10, SNormF16 = 11, UNormF16 = 12, SNormF32 = 13, UNormF32 = 14,
        SNormF64 = 15, UNormF64 = 16, PackedS8x32 = 17, PackedU8x32 = 18,
    }
);

impl ComponentType {
    /// `CompType::GetName`: the spelling the disassembly's resource bindings print
    /// (`f32`, `snorm_f16`, `p32i8`).
    pub fn type_name(self) -> &'static str {
        use ComponentType::*;
        match self {
            Invalid => "invalid",
            I1 => "i1",
            I16 => "i16",
            U16 => "u16",
            I32 => "i32",
            U32 => "u32",
            I64 => "i64",
            U64 => "u64",
            F16 => "f16",
            F32 => "f32",
            F64 => "f64",
            SNormF16 => "snorm_f16",
            UNormF16 => "unorm_f16",
            SNormF32 => "snorm_f32",
            UNormF32 => "unorm_f32",
            SNormF64 => "snorm_f64",
            UNormF64 => "unorm_f64",
            PackedS8x32 => "p32i8",
            PackedU8x32 => "p32u8",
        }
    }

    /// The HLSL spelling the header's and reflection's type descriptions use (`float`,
    /// `uint16_t`, `snorm_half`); with `min_precision` (modules without native low
    /// precision) the 16-bit types are the minimum precision ones (`min16float`, `min16ui`).
    pub fn hlsl_name(self, min_precision: bool) -> &'static str {
        use ComponentType::*;
        match self {
            Invalid => "unknown",
            I1 => "bool",
            I16 if min_precision => "min16i",
            I16 => "int16_t",
            U16 if min_precision => "min16ui",
            U16 => "uint16_t",
            I32 => "int",
            U32 => "uint",
            I64 => "int64_t",
            U64 => "uint64_t",
            F16 if min_precision => "min16float",
            F16 => "half",
            F32 => "float",
            F64 => "double",
            SNormF16 if min_precision => "snorm_min16f",
            SNormF16 => "snorm_half",
            UNormF16 if min_precision => "unorm_min16f",
            UNormF16 => "unorm_half",
            SNormF32 => "snorm_float",
            UNormF32 => "unorm_float",
            SNormF64 => "snorm_double",
            UNormF64 => "unorm_double",
            PackedS8x32 => "int8_t_packed",
            PackedU8x32 => "uint8_t_packed",
        }
    }
}

named_enum!(
    /// The system value a signature part stores per element (the D3D_NAME encoding).
    SystemValue: u32 {
        Undefined = 0, Position = 1, ClipDistance = 2, CullDistance = 3,
        RenderTargetArrayIndex = 4, ViewPortArrayIndex = 5, VertexID = 6, PrimitiveID = 7,
        InstanceID = 8, IsFrontFace = 9, SampleIndex = 10, FinalQuadEdgeTessfactor = 11,
        FinalQuadInsideTessfactor = 12, FinalTriEdgeTessfactor = 13,
        FinalTriInsideTessfactor = 14, FinalLineDetailTessfactor = 15,
        FinalLineDensityTessfactor = 16, Barycentrics = 23, ShadingRate = 24,
        CullPrimitive = 25, Target = 64, Depth = 65, Coverage = 66, DepthGE = 67, DepthLE = 68,
        StencilRef = 69, InnerCoverage = 70,
    }
);

named_enum!(
    /// The component type a signature part (and PSV0 element) stores.
    SigComponentType: u32 {
        Unknown = 0, UInt32 = 1, SInt32 = 2, Float32 = 3, UInt16 = 4, SInt16 = 5, Float16 = 6,
        UInt64 = 7, SInt64 = 8, Float64 = 9,
    }
);

named_enum!(
    /// The minimum precision a signature part stores per element.
    MinPrecision: u32 {
        Default = 0, Float16 = 1, Float2_8 = 2, Reserved = 3, SInt16 = 4, UInt16 = 5,
        Any16 = 0xf0, Any10 = 0xf1,
    }
);

named_enum!(
    /// DXIL `TessellatorDomain`.
    TessellatorDomain: u32 { Undefined = 0, IsoLine = 1, Tri = 2, Quad = 3 }
);

named_enum!(
    /// DXIL `TessellatorOutputPrimitive`.
    TessellatorOutputPrimitive: u32 {
        Undefined = 0, Point = 1, Line = 2, TriangleCW = 3, TriangleCCW = 4,
    }
);

named_enum!(
    /// DXIL `PrimitiveTopology` (geometry shader output topology).
    PrimitiveTopology: u32 { Undefined = 0, PointList = 1, LineList = 2, LineStrip = 3,
        TriangleList = 4, TriangleStrip = 5 }
);

named_enum!(
    /// DXIL `MeshOutputTopology`.
    MeshOutputTopology: u32 { Undefined = 0, Line = 1, Triangle = 2 }
);

named_enum!(
    /// PSV0 resource type of a binding record.
    PsvResourceType: u32 {
        Invalid = 0, Sampler = 1, CBV = 2, SRVTyped = 3, SRVRaw = 4, SRVStructured = 5,
        UAVTyped = 6, UAVRaw = 7, UAVStructured = 8, UAVStructuredWithCounter = 9,
    }
);

named_enum!(
    /// DXIL `ResourceClass` (DXIL.rst "Shader Resources"): the list of `dx.resources` a
    /// record is in (the stored value is its position there, and the class operand of
    /// `createHandle`), and the register class it binds in.
    #[derive(serde::Serialize)]
    ResourceClass: u8 { SRV = 0, UAV = 1, CBuffer = 2, Sampler = 3 }
);

impl ResourceClass {
    /// Every class, in the order of the lists of `dx.resources`.
    pub const ALL: [ResourceClass; 4] = [
        ResourceClass::SRV,
        ResourceClass::UAV,
        ResourceClass::CBuffer,
        ResourceClass::Sampler,
    ];

    /// The order the reference lists bindings in (PSV0 and RDAT resource tables, the
    /// header's resource bindings): constant buffers, samplers, SRVs, UAVs.
    pub const BINDING_ORDER: [ResourceClass; 4] = [
        ResourceClass::CBuffer,
        ResourceClass::Sampler,
        ResourceClass::SRV,
        ResourceClass::UAV,
    ];

    /// The register letter HLSL binds the class with (`t`, `u`, `b`, `s`).
    pub fn register_letter(self) -> char {
        match self {
            ResourceClass::SRV => 't',
            ResourceClass::UAV => 'u',
            ResourceClass::CBuffer => 'b',
            ResourceClass::Sampler => 's',
        }
    }

    /// The prefix of a resource's id in the disassembly's resource bindings and the
    /// validator's messages (`T0`, `U1`, `CB0`, `S0`).
    pub fn id_prefix(self) -> &'static str {
        match self {
            ResourceClass::SRV => "T",
            ResourceClass::UAV => "U",
            ResourceClass::CBuffer => "CB",
            ResourceClass::Sampler => "S",
        }
    }

    /// The prefix of a binding there (`t0`, `u1`, `cb0`, `s0`).
    pub fn bind_prefix(self) -> &'static str {
        match self {
            ResourceClass::SRV => "t",
            ResourceClass::UAV => "u",
            ResourceClass::CBuffer => "cb",
            ResourceClass::Sampler => "s",
        }
    }

    /// The type column of the disassembly's resource bindings (`texture`, `UAV`,
    /// `cbuffer`, `sampler`).
    pub fn binding_type_name(self) -> &'static str {
        match self {
            ResourceClass::SRV => "texture",
            ResourceClass::UAV => "UAV",
            ResourceClass::CBuffer => "cbuffer",
            ResourceClass::Sampler => "sampler",
        }
    }
}

named_enum!(
    /// DXIL `ResourceKind` (DXIL.rst "Shader Resources"; PSV0 binding records of version 2
    /// and later).
    ResourceKind: u32 as resource_kind {
        Invalid = 0, Texture1D = 1, Texture2D = 2, Texture2DMS = 3, Texture3D = 4,
        TextureCube = 5, Texture1DArray = 6, Texture2DArray = 7, Texture2DMSArray = 8,
        TextureCubeArray = 9, TypedBuffer = 10, RawBuffer = 11, StructuredBuffer = 12,
        CBuffer = 13, Sampler = 14, TBuffer = 15, RTAccelerationStructure = 16,
        FeedbackTexture2D = 17, FeedbackTexture2DArray = 18,
    }
);

impl ResourceKind {
    /// The dimension column of the disassembly's resource bindings (`2d`, `2darrayMS`,
    /// `rawbuf`, `fbtex2d`).
    pub fn dim_name(self) -> &'static str {
        use ResourceKind::*;
        match self {
            Invalid => "invalid",
            Texture1D => "1d",
            Texture2D => "2d",
            Texture2DMS => "2dMS",
            Texture3D => "3d",
            TextureCube => "cube",
            Texture1DArray => "1darray",
            Texture2DArray => "2darray",
            Texture2DMSArray => "2darrayMS",
            TextureCubeArray => "cubearray",
            TypedBuffer => "buf",
            RawBuffer => "rawbuf",
            StructuredBuffer => "structbuf",
            CBuffer => "cbuffer",
            Sampler => "sampler",
            TBuffer => "tbuffer",
            RTAccelerationStructure => "ras",
            FeedbackTexture2D => "fbtex2d",
            FeedbackTexture2DArray => "fbtex2darray",
        }
    }

    /// `IsAnyTexture`: the texture kinds, feedback textures excluded.
    pub fn is_texture(self) -> bool {
        (ResourceKind::Texture1D.raw()..=ResourceKind::TextureCubeArray.raw()).contains(&self.raw())
    }
}

/// DXIL `InputPrimitive` spelling as the disassembly prints it (`triangleadj`, `patch5`).
pub fn input_primitive_name(v: u32) -> Option<String> {
    Some(match v {
        1 => "point".into(),
        2 => "line".into(),
        3 => "triangle".into(),
        6 => "lineadj".into(),
        7 => "triangleadj".into(),
        8..=39 => format!("patch{}", v - 7),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resource_classes_are_their_list_positions() {
        for (i, class) in ResourceClass::ALL.into_iter().enumerate() {
            assert_eq!(class.raw() as usize, i);
            assert_eq!(ResourceClass::from_raw(i as u32), Some(class));
        }
        assert_eq!(ResourceClass::from_raw(4), None);
        let mut order = ResourceClass::BINDING_ORDER;
        order.sort_by_key(|c| c.raw());
        assert_eq!(order, ResourceClass::ALL);
        let letters: String = ResourceClass::ALL
            .map(|c| c.register_letter())
            .iter()
            .collect();
        assert_eq!(letters, "tubs");
        assert_eq!(ResourceClass::CBuffer.id_prefix(), "CB");
        assert_eq!(ResourceClass::CBuffer.bind_prefix(), "cb");
    }

    #[test]
    fn textures_are_the_kinds_from_1d_to_cube_arrays() {
        let textures: Vec<u32> = (0..32)
            .filter_map(ResourceKind::from_raw)
            .filter(|k| k.is_texture())
            .map(ResourceKind::raw)
            .collect();
        assert_eq!(textures, (1..=9).collect::<Vec<_>>());
        assert_eq!(ResourceKind::Texture2DMSArray.dim_name(), "2darrayMS");
        assert_eq!(ResourceKind::RTAccelerationStructure.dim_name(), "ras");
    }

    #[test]
    fn component_type_spellings() {
        assert_eq!(ComponentType::SNormF16.type_name(), "snorm_f16");
        assert_eq!(ComponentType::PackedU8x32.type_name(), "p32u8");
        assert_eq!(ComponentType::F16.hlsl_name(false), "half");
        assert_eq!(ComponentType::F16.hlsl_name(true), "min16float");
        assert_eq!(ComponentType::UNormF16.hlsl_name(true), "unorm_min16f");
        assert_eq!(ComponentType::I32.hlsl_name(true), "int");
    }
}
