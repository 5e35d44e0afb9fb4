//! Shader flags (`dx.entryPoints` property tag 0, DXC `ShaderFlags`): the bit positions,
//! for every layer that reads or computes them (header, reflection, container generation).
//! Bit order is a fact of the reference's `DxilShaderFlags`.

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

/// The mask of shader flag bit `bit` (a position from [`bit`]).
pub const fn mask(bit: u32) -> u64 {
    1 << bit
}

/// Each bit's name, lowest bit first, separated by spaces: the reference's
/// `DxilShaderFlags` member names without their `m_b` prefix (one string, so the table
/// costs no load-time relocations).
const NAMES: &str = "DisableOptimizations DisableMathRefactoring EnableDoublePrecision \
    ForceEarlyDepthStencil EnableRawAndStructuredBuffers LowPrecisionPresent \
    EnableDoubleExtensions EnableMSAD AllResourcesBound ViewportAndRTArrayIndex \
    InnerCoverage StencilRef TiledResources UAVLoadAdditionalFormats \
    Level9ComparisonFiltering 64UAVs UAVsAtEveryStage CSRawAndStructuredViaShader4X ROVS \
    WaveOps Int64Ops ViewID Barycentrics UseNativeLowPrecision ShadingRate \
    RaytracingTier1_1 SamplerFeedback AtomicInt64OnTypedResource AtomicInt64OnGroupShared \
    DerivativesInMeshAndAmpShaders ResourceDescriptorHeapIndexing \
    SamplerDescriptorHeapIndexing AtomicInt64OnHeapResource ResMayNotAlias \
    AdvancedTextureOps WriteableMSAATextures Reserved SampleCmpGradientOrBias \
    ExtendedCommandInfo UsesDerivatives RequiresGroup";

/// The name of shader flag bit `bit` (a position from [`bit`]), `None` past the last
/// defined bit.
pub fn name(bit: u32) -> Option<&'static str> {
    NAMES.split(' ').filter(|s| !s.is_empty()).nth(bit as usize)
}

/// The flags as `0x10 (EnableRawAndStructuredBuffers)`: the hex value, then the name of
/// each set bit, lowest first (`bit 45` for a bit no flag names; `none` for 0).
pub fn describe(flags: u64) -> String {
    let mut names = Vec::new();
    for b in 0..64 {
        if flags & mask(b) != 0 {
            names.push(name(b).map_or_else(|| format!("bit {b}"), str::to_string));
        }
    }
    if names.is_empty() {
        names.push("none".to_string());
    }
    format!("{flags:#x} ({})", names.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bit_position_has_its_name() {
        assert_eq!(
            name(bit::DISABLE_OPTIMIZATIONS),
            Some("DisableOptimizations")
        );
        assert_eq!(
            name(bit::ENABLE_RAW_AND_STRUCTURED_BUFFERS),
            Some("EnableRawAndStructuredBuffers")
        );
        assert_eq!(name(bit::UAVS_64), Some("64UAVs"));
        assert_eq!(name(bit::RES_MAY_NOT_ALIAS), Some("ResMayNotAlias"));
        assert_eq!(name(bit::REQUIRES_GROUP), Some("RequiresGroup"));
        assert_eq!(name(bit::REQUIRES_GROUP + 1), None);
    }

    #[test]
    fn describe_names_each_set_bit() {
        assert_eq!(describe(0x10), "0x10 (EnableRawAndStructuredBuffers)");
        assert_eq!(
            describe(mask(bit::WAVE_OPS) | mask(bit::INT64_OPS)),
            "0x180000 (WaveOps, Int64Ops)"
        );
        assert_eq!(describe(0), "0x0 (none)");
        assert_eq!(describe(1 << 45), "0x200000000000 (bit 45)");
    }
}
