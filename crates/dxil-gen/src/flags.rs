//! Shader flags (`dx.entryPoints` property tag 0, DXC `ShaderFlags`): bit positions and the
//! `SFI0` feature info they imply (DXIL.rst "Shader Properties and Capabilities"; bit
//! order and the feature mapping are facts of the reference's `DxilShaderFlags`).

/// Raw shader flag bits, lowest first.
pub mod bit {
    #![allow(missing_docs)]
    pub const DISABLE_OPTIMIZATIONS: u32 = 0;
    pub const DISABLE_MATH_REFACTORING: u32 = 1;
    pub const ENABLE_DOUBLE_PRECISION: u32 = 2;
    pub const FORCE_EARLY_DEPTH_STENCIL: u32 = 3;
    pub const ENABLE_RAW_AND_STRUCTURED_BUFFERS: u32 = 4;
    pub const LOW_PRECISION_PRESENT: u32 = 5;
    pub const ENABLE_DOUBLE_EXTENSIONS: u32 = 6;
    pub const ENABLE_MSAD: u32 = 7;
    pub const ALL_RESOURCES_BOUND: u32 = 8;
    pub const VIEWPORT_AND_RT_ARRAY_INDEX: u32 = 9;
    pub const INNER_COVERAGE: u32 = 10;
    pub const STENCIL_REF: u32 = 11;
    pub const TILED_RESOURCES: u32 = 12;
    pub const UAV_LOAD_ADDITIONAL_FORMATS: u32 = 13;
    pub const LEVEL9_COMPARISON_FILTERING: u32 = 14;
    pub const UAVS_64: u32 = 15;
    pub const UAVS_AT_EVERY_STAGE: u32 = 16;
    pub const CS_RAW_AND_STRUCTURED_VIA_SHADER_4X: u32 = 17;
    pub const ROVS: u32 = 18;
    pub const WAVE_OPS: u32 = 19;
    pub const INT64_OPS: u32 = 20;
    pub const VIEW_ID: u32 = 21;
    pub const BARYCENTRICS: u32 = 22;
    pub const USE_NATIVE_LOW_PRECISION: u32 = 23;
    pub const SHADING_RATE: u32 = 24;
    pub const RAYTRACING_TIER_1_1: u32 = 25;
    pub const SAMPLER_FEEDBACK: u32 = 26;
    pub const ATOMIC_INT64_ON_TYPED_RESOURCE: u32 = 27;
    pub const ATOMIC_INT64_ON_GROUP_SHARED: u32 = 28;
    pub const DERIVATIVES_IN_MESH_AND_AMP_SHADERS: u32 = 29;
    pub const RESOURCE_DESCRIPTOR_HEAP_INDEXING: u32 = 30;
    pub const SAMPLER_DESCRIPTOR_HEAP_INDEXING: u32 = 31;
    pub const ATOMIC_INT64_ON_HEAP_RESOURCE: u32 = 32;
    pub const RES_MAY_NOT_ALIAS: u32 = 33;
    pub const ADVANCED_TEXTURE_OPS: u32 = 34;
    pub const WRITEABLE_MSAA_TEXTURES: u32 = 35;
    pub const RESERVED: u32 = 36;
    pub const SAMPLE_CMP_GRADIENT_OR_BIAS: u32 = 37;
    pub const EXTENDED_COMMAND_INFO: u32 = 38;
    pub const USES_DERIVATIVES: u32 = 39;
    pub const REQUIRES_GROUP: u32 = 40;
}

/// Raw shader flags as stored in `dx.entryPoints`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct RawFlags(pub u64);

/// (shader flag bit, `SFI0` bit) pairs that carry over one to one.
const FEATURE_MAP: &[(u32, u64)] = &[
    (bit::ENABLE_DOUBLE_PRECISION, 0x1),
    (bit::ENABLE_DOUBLE_EXTENSIONS, 0x20),
    (bit::WAVE_OPS, 0x4000),
    (bit::INT64_OPS, 0x8000),
    (bit::ROVS, 0x1000),
    (bit::VIEWPORT_AND_RT_ARRAY_INDEX, 0x2000),
    (bit::INNER_COVERAGE, 0x400),
    (bit::STENCIL_REF, 0x200),
    (bit::TILED_RESOURCES, 0x100),
    (bit::ENABLE_MSAD, 0x40),
    (bit::CS_RAW_AND_STRUCTURED_VIA_SHADER_4X, 0x2),
    (bit::UAVS_AT_EVERY_STAGE, 0x4),
    (bit::UAVS_64, 0x8),
    (bit::LEVEL9_COMPARISON_FILTERING, 0x80),
    (bit::UAV_LOAD_ADDITIONAL_FORMATS, 0x800),
    (bit::VIEW_ID, 0x1_0000),
    (bit::BARYCENTRICS, 0x2_0000),
    (bit::SHADING_RATE, 0x8_0000),
    (bit::RAYTRACING_TIER_1_1, 0x10_0000),
    (bit::SAMPLER_FEEDBACK, 0x20_0000),
    (bit::ATOMIC_INT64_ON_TYPED_RESOURCE, 0x40_0000),
    (bit::ATOMIC_INT64_ON_GROUP_SHARED, 0x80_0000),
    (bit::DERIVATIVES_IN_MESH_AND_AMP_SHADERS, 0x100_0000),
    (bit::RESOURCE_DESCRIPTOR_HEAP_INDEXING, 0x200_0000),
    (bit::SAMPLER_DESCRIPTOR_HEAP_INDEXING, 0x400_0000),
    (bit::ATOMIC_INT64_ON_HEAP_RESOURCE, 0x1000_0000),
    (bit::ADVANCED_TEXTURE_OPS, 0x2000_0000),
    (bit::WRITEABLE_MSAA_TEXTURES, 0x4000_0000),
    (bit::SAMPLE_CMP_GRADIENT_OR_BIAS, 0x8000_0000),
    (bit::EXTENDED_COMMAND_INFO, 0x1_0000_0000),
    (bit::USES_DERIVATIVES, 0x100_0000_0000),
    (bit::REQUIRES_GROUP, 0x200_0000_0000),
];

impl RawFlags {
    /// Whether bit `b` is set.
    pub fn has(self, b: u32) -> bool {
        b < 64 && self.0 & (1 << b) != 0
    }

    /// Sets or clears bit `b`.
    pub fn set(&mut self, b: u32, on: bool) {
        if b < 64 {
            if on {
                self.0 |= 1 << b;
            } else {
                self.0 &= !(1 << b);
            }
        }
    }

    /// The module uses minimum precision (the native low precision bit is clear).
    pub fn use_min_precision(self) -> bool {
        !self.has(bit::USE_NATIVE_LOW_PRECISION)
    }

    /// The `SFI0` feature flags these shader flags imply.
    pub fn feature_info(self) -> u64 {
        let mut f = 0;
        for &(b, feature) in FEATURE_MAP {
            if self.has(b) {
                f |= feature;
            }
        }
        if self.has(bit::LOW_PRECISION_PRESENT) {
            f |= if self.has(bit::USE_NATIVE_LOW_PRECISION) {
                0x4_0000
            } else {
                0x10
            };
        }
        f
    }
}
