//! Shader flags (`dx.entryPoints` property tag 0, DXC `ShaderFlags`): bit positions and the
//! `SFI0` feature info they imply (DXIL.rst "Shader Properties and Capabilities"; bit
//! order and the feature mapping are facts of the reference's `DxilShaderFlags`).

pub use dxil_module::shader_flags::bit;

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
