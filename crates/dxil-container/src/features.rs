//! `SFI0`: shader feature info, one little-endian `u64` of flags (DXC `DxilShaderFeatureInfo`;
//! bit names from DXC `DxilConstants.h`, `ShaderFeatureInfo_*` and `OptFeatureInfo_*`).

use crate::bytes::u64_at;
use crate::container::Container;
use crate::error::{Error, ErrorKind, Result};
use crate::fourcc::FourCC;

/// Every named `SFI0` bit with the name DXC gives it.
pub const FEATURE_NAMES: &[(u64, &str)] = &[
    (0x0001, "ShaderFeatureInfo_Doubles"),
    (
        0x0002,
        "ShaderFeatureInfo_ComputeShadersPlusRawAndStructuredBuffersViaShader4X",
    ),
    (0x0004, "ShaderFeatureInfo_UAVsAtEveryStage"),
    (0x0008, "ShaderFeatureInfo_64UAVs"),
    (0x0010, "ShaderFeatureInfo_MinimumPrecision"),
    (0x0020, "ShaderFeatureInfo_11_1_DoubleExtensions"),
    (0x0040, "ShaderFeatureInfo_11_1_ShaderExtensions"),
    (0x0080, "ShaderFeatureInfo_LEVEL9ComparisonFiltering"),
    (0x0100, "ShaderFeatureInfo_TiledResources"),
    (0x0200, "ShaderFeatureInfo_StencilRef"),
    (0x0400, "ShaderFeatureInfo_InnerCoverage"),
    (0x0800, "ShaderFeatureInfo_TypedUAVLoadAdditionalFormats"),
    (0x1000, "ShaderFeatureInfo_ROVs"),
    (
        0x2000,
        "ShaderFeatureInfo_ViewportAndRTArrayIndexFromAnyShaderFeedingRasterizer",
    ),
    (0x4000, "ShaderFeatureInfo_WaveOps"),
    (0x8000, "ShaderFeatureInfo_Int64Ops"),
    (0x1_0000, "ShaderFeatureInfo_ViewID"),
    (0x2_0000, "ShaderFeatureInfo_Barycentrics"),
    (0x4_0000, "ShaderFeatureInfo_NativeLowPrecision"),
    (0x8_0000, "ShaderFeatureInfo_ShadingRate"),
    (0x10_0000, "ShaderFeatureInfo_Raytracing_Tier_1_1"),
    (0x20_0000, "ShaderFeatureInfo_SamplerFeedback"),
    (0x40_0000, "ShaderFeatureInfo_AtomicInt64OnTypedResource"),
    (0x80_0000, "ShaderFeatureInfo_AtomicInt64OnGroupShared"),
    (
        0x100_0000,
        "ShaderFeatureInfo_DerivativesInMeshAndAmpShaders",
    ),
    (
        0x200_0000,
        "ShaderFeatureInfo_ResourceDescriptorHeapIndexing",
    ),
    (
        0x400_0000,
        "ShaderFeatureInfo_SamplerDescriptorHeapIndexing",
    ),
    (0x800_0000, "ShaderFeatureInfo_Reserved"),
    (0x1000_0000, "ShaderFeatureInfo_AtomicInt64OnHeapResource"),
    (0x2000_0000, "ShaderFeatureInfo_AdvancedTextureOps"),
    (0x4000_0000, "ShaderFeatureInfo_WriteableMSAATextures"),
    (0x8000_0000, "ShaderFeatureInfo_SampleCmpGradientOrBias"),
    (0x1_0000_0000, "ShaderFeatureInfo_ExtendedCommandInfo"),
    (0x100_0000_0000, "OptFeatureInfo_UsesDerivatives"),
    (0x200_0000_0000, "OptFeatureInfo_RequiresGroup"),
];

/// The `SFI0` part's flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FeatureInfo(pub u64);

impl FeatureInfo {
    /// Reads the part data (exactly 8 bytes; longer data is accepted, the rest ignored).
    pub fn parse(data: &[u8], data_offset: u64) -> Result<Self> {
        u64_at(data, 0).map(FeatureInfo).ok_or_else(|| {
            Error::new(
                ErrorKind::PartTooShort {
                    fourcc: FourCC::SFI0,
                    need: 8,
                    have: data.len(),
                },
                data_offset,
            )
        })
    }

    /// DXC names of the set bits that have one, lowest bit first.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        FEATURE_NAMES
            .iter()
            .filter(move |(bit, _)| self.0 & bit != 0)
            .map(|(_, name)| *name)
    }

    /// Set bits without a name (not defined by the newest DXC we know).
    pub fn unknown_bits(self) -> u64 {
        let known = FEATURE_NAMES.iter().fold(0u64, |acc, (bit, _)| acc | bit);
        self.0 & !known
    }
}

impl Container<'_> {
    /// The `SFI0` part's flags, if present.
    pub fn feature_info(&self) -> Result<Option<FeatureInfo>> {
        self.part(FourCC::SFI0)
            .map(|p| FeatureInfo::parse(p.data, p.data_offset()))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_single_distinct_bits() {
        let mut seen = 0u64;
        for (bit, _) in FEATURE_NAMES {
            assert_eq!(bit.count_ones(), 1);
            assert_eq!(seen & bit, 0);
            seen |= bit;
        }
        let f = FeatureInfo(0x1 | 0x4000 | 0x8_0000_0000);
        assert_eq!(
            f.names().collect::<Vec<_>>(),
            ["ShaderFeatureInfo_Doubles", "ShaderFeatureInfo_WaveOps"]
        );
        assert_eq!(f.unknown_bits(), 0x8_0000_0000);
        assert!(FeatureInfo::parse(&[0; 7], 0).is_err());
    }
}
