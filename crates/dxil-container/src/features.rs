//! `SFI0`: shader feature info, one little-endian `u64` of flags (DXC `DxilShaderFeatureInfo`;
//! bit names from DXC `DxilConstants.h`, `ShaderFeatureInfo_*` and `OptFeatureInfo_*`, with
//! the description the disassembly prints for each).

use crate::bytes::u64_at;
use crate::container::Container;
use crate::error::{exact_size, Error, ErrorKind, Result};
use crate::fourcc::FourCC;

/// One named `SFI0` bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Feature {
    /// The bit (a single set bit).
    pub bit: u64,
    /// DXC's identifier for it (`ShaderFeatureInfo_Doubles`).
    pub name: &'static str,
    /// The text the disassembly's feature notes print for it.
    pub description: &'static str,
}

impl Feature {
    /// Whether the bit is an optional feature flag (bit [`FeatureInfo::OPT_SHIFT`] and up)
    /// rather than a required feature.
    pub fn is_optional(&self) -> bool {
        self.bit >> FeatureInfo::OPT_SHIFT != 0
    }
}

/// Every named `SFI0` bit, lowest bit first.
pub const FEATURES: &[Feature] = &[
    Feature {
        bit: 0x0001,
        name: "ShaderFeatureInfo_Doubles",
        description: "Double-precision floating point",
    },
    Feature {
        bit: 0x0002,
        name: "ShaderFeatureInfo_ComputeShadersPlusRawAndStructuredBuffersViaShader4X",
        description: "Raw and Structured buffers",
    },
    Feature {
        bit: 0x0004,
        name: "ShaderFeatureInfo_UAVsAtEveryStage",
        description: "UAVs at every shader stage",
    },
    Feature {
        bit: 0x0008,
        name: "ShaderFeatureInfo_64UAVs",
        description: "64 UAV slots",
    },
    Feature {
        bit: 0x0010,
        name: "ShaderFeatureInfo_MinimumPrecision",
        description: "Minimum-precision data types",
    },
    Feature {
        bit: 0x0020,
        name: "ShaderFeatureInfo_11_1_DoubleExtensions",
        description: "Double-precision extensions for 11.1",
    },
    Feature {
        bit: 0x0040,
        name: "ShaderFeatureInfo_11_1_ShaderExtensions",
        description: "Shader extensions for 11.1",
    },
    Feature {
        bit: 0x0080,
        name: "ShaderFeatureInfo_LEVEL9ComparisonFiltering",
        description: "Comparison filtering for feature level 9",
    },
    Feature {
        bit: 0x0100,
        name: "ShaderFeatureInfo_TiledResources",
        description: "Tiled resources",
    },
    Feature {
        bit: 0x0200,
        name: "ShaderFeatureInfo_StencilRef",
        description: "PS Output Stencil Ref",
    },
    Feature {
        bit: 0x0400,
        name: "ShaderFeatureInfo_InnerCoverage",
        description: "PS Inner Coverage",
    },
    Feature {
        bit: 0x0800,
        name: "ShaderFeatureInfo_TypedUAVLoadAdditionalFormats",
        description: "Typed UAV Load Additional Formats",
    },
    Feature {
        bit: 0x1000,
        name: "ShaderFeatureInfo_ROVs",
        description: "Raster Ordered UAVs",
    },
    Feature {
        bit: 0x2000,
        name: "ShaderFeatureInfo_ViewportAndRTArrayIndexFromAnyShaderFeedingRasterizer",
        description:
            "SV_RenderTargetArrayIndex or SV_ViewportArrayIndex from any shader feeding rasterizer",
    },
    Feature {
        bit: 0x4000,
        name: "ShaderFeatureInfo_WaveOps",
        description: "Wave level operations",
    },
    Feature {
        bit: 0x8000,
        name: "ShaderFeatureInfo_Int64Ops",
        description: "64-Bit integer",
    },
    Feature {
        bit: 0x1_0000,
        name: "ShaderFeatureInfo_ViewID",
        description: "View Instancing",
    },
    Feature {
        bit: 0x2_0000,
        name: "ShaderFeatureInfo_Barycentrics",
        description: "Barycentrics",
    },
    Feature {
        bit: 0x4_0000,
        name: "ShaderFeatureInfo_NativeLowPrecision",
        description: "Use native low precision",
    },
    Feature {
        bit: 0x8_0000,
        name: "ShaderFeatureInfo_ShadingRate",
        description: "Shading Rate",
    },
    Feature {
        bit: 0x10_0000,
        name: "ShaderFeatureInfo_Raytracing_Tier_1_1",
        description: "Raytracing tier 1.1 features",
    },
    Feature {
        bit: 0x20_0000,
        name: "ShaderFeatureInfo_SamplerFeedback",
        description: "Sampler feedback",
    },
    Feature {
        bit: 0x40_0000,
        name: "ShaderFeatureInfo_AtomicInt64OnTypedResource",
        description: "64-bit Atomics on Typed Resources",
    },
    Feature {
        bit: 0x80_0000,
        name: "ShaderFeatureInfo_AtomicInt64OnGroupShared",
        description: "64-bit Atomics on Group Shared",
    },
    Feature {
        bit: 0x100_0000,
        name: "ShaderFeatureInfo_DerivativesInMeshAndAmpShaders",
        description: "Derivatives in mesh and amplification shaders",
    },
    Feature {
        bit: 0x200_0000,
        name: "ShaderFeatureInfo_ResourceDescriptorHeapIndexing",
        description: "Resource descriptor heap indexing",
    },
    Feature {
        bit: 0x400_0000,
        name: "ShaderFeatureInfo_SamplerDescriptorHeapIndexing",
        description: "Sampler descriptor heap indexing",
    },
    Feature {
        bit: 0x800_0000,
        name: "ShaderFeatureInfo_Reserved",
        description: "Wave Matrix",
    },
    Feature {
        bit: 0x1000_0000,
        name: "ShaderFeatureInfo_AtomicInt64OnHeapResource",
        description: "64-bit Atomics on Heap Resources",
    },
    Feature {
        bit: 0x2000_0000,
        name: "ShaderFeatureInfo_AdvancedTextureOps",
        description: "Advanced Texture Ops",
    },
    Feature {
        bit: 0x4000_0000,
        name: "ShaderFeatureInfo_WriteableMSAATextures",
        description: "Writeable MSAA Textures",
    },
    Feature {
        bit: 0x8000_0000,
        name: "ShaderFeatureInfo_SampleCmpGradientOrBias",
        description: "SampleCmp with gradient or bias",
    },
    Feature {
        bit: 0x1_0000_0000,
        name: "ShaderFeatureInfo_ExtendedCommandInfo",
        description: "Extended command info",
    },
    Feature {
        bit: 0x100_0000_0000,
        name: "OptFeatureInfo_UsesDerivatives",
        description: "Function uses derivatives",
    },
    Feature {
        bit: 0x200_0000_0000,
        name: "OptFeatureInfo_RequiresGroup",
        description: "Function requires visible group",
    },
];

/// The `SFI0` part's flags.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FeatureInfo(pub u64);

impl FeatureInfo {
    /// Bit where the optional feature flags start (`OptFeatureInfo_*`).
    pub const OPT_SHIFT: u32 = 40;
    /// Size of the part data.
    pub const SIZE: usize = 8;

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

    /// Reads the part data, which must be exactly 8 bytes: what parses this way writes back
    /// the same bytes ([`FeatureInfo::to_bytes`]).
    pub fn parse_exact(data: &[u8], data_offset: u64) -> Result<Self> {
        let info = FeatureInfo::parse(data, data_offset)?;
        exact_size(FourCC::SFI0, data, Self::SIZE, data_offset)?;
        Ok(info)
    }

    /// The part data for these flags.
    pub fn to_bytes(self) -> [u8; Self::SIZE] {
        self.0.to_le_bytes()
    }

    /// The named bits that are set, lowest bit first.
    pub fn features(self) -> impl Iterator<Item = &'static Feature> {
        FEATURES.iter().filter(move |f| self.0 & f.bit != 0)
    }

    /// DXC names of the set bits that have one, lowest bit first.
    pub fn names(self) -> impl Iterator<Item = &'static str> {
        self.features().map(|f| f.name)
    }

    /// Set bits without a name (not defined by the newest DXC we know).
    pub fn unknown_bits(self) -> u64 {
        let known = FEATURES.iter().fold(0u64, |acc, f| acc | f.bit);
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
        for f in FEATURES {
            assert_eq!(f.bit.count_ones(), 1);
            assert!(seen < f.bit, "lowest bit first");
            seen |= f.bit;
        }
        let f = FeatureInfo(0x1 | 0x4000 | 0x8_0000_0000);
        assert_eq!(
            f.names().collect::<Vec<_>>(),
            ["ShaderFeatureInfo_Doubles", "ShaderFeatureInfo_WaveOps"]
        );
        assert_eq!(f.unknown_bits(), 0x8_0000_0000);
        assert!(FeatureInfo::parse(&[0; 7], 0).is_err());
        assert!(FeatureInfo::parse(&[0; 9], 0).is_ok());
        assert!(FeatureInfo::parse_exact(&[0; 9], 0).is_err());
        assert_eq!(FeatureInfo::parse_exact(&f.to_bytes(), 0), Ok(f));
    }
}
