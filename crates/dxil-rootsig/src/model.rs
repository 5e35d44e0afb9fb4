//! The in-memory root signature: what `D3D12_VERSIONED_ROOT_SIGNATURE_DESC` describes, for
//! versions 1.0, 1.1 and 1.2.
//!
//! One model serves every version. Flags that a version cannot store take that version's
//! implied value: in 1.0 root descriptors are `DATA_VOLATILE` and descriptor ranges are
//! `DESCRIPTORS_VOLATILE | DATA_VOLATILE` (samplers: `DESCRIPTORS_VOLATILE`), which is how
//! D3D12 and the reference up-convert 1.0; static sampler flags exist only in 1.2 and are 0
//! before it. In 1.1 and 1.2, omitted flags are 0 (the runtime's default behaviour).

use crate::enums::{
    AddressMode, BorderColor, ComparisonFunc, DescriptorFlags, Filter, RangeFlags, RangeType,
    RootFlags, SamplerFlags, ShaderVisibility,
};

/// `numDescriptors = unbounded` (and `UINT_MAX` in the binary).
pub const UNBOUNDED: u32 = u32::MAX;
/// `offset = DESCRIPTOR_RANGE_OFFSET_APPEND`.
pub const OFFSET_APPEND: u32 = u32::MAX;
/// The largest finite `float`, the default `maxLOD`.
pub const FLOAT32_MAX: f32 = f32::MAX;

/// A root signature version (the RTS0 `Version` field: 1, 2 or 3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Version {
    /// Version 1.0 (`rootsig_1_0`): no descriptor or range flags.
    V1_0,
    /// Version 1.1 (`rootsig_1_1`): root descriptor and descriptor range flags.
    V1_1,
    /// Version 1.2: static sampler flags.
    V1_2,
}

impl Version {
    /// Every version, oldest first.
    pub const ALL: [Version; 3] = [Version::V1_0, Version::V1_1, Version::V1_2];

    /// The RTS0 `Version` field value.
    pub fn code(self) -> u32 {
        match self {
            Version::V1_0 => 1,
            Version::V1_1 => 2,
            Version::V1_2 => 3,
        }
    }

    /// The version with an RTS0 `Version` field value.
    pub fn from_code(code: u32) -> Option<Version> {
        match code {
            1 => Some(Version::V1_0),
            2 => Some(Version::V1_1),
            3 => Some(Version::V1_2),
            _ => None,
        }
    }

    /// Parses `1.0`, `1.1`, `1.2` or a profile name `rootsig_1_0` ...
    pub fn parse(s: &str) -> Option<Version> {
        match s.trim_start_matches("rootsig_").replace('_', ".").as_str() {
            "1.0" | "1" => Some(Version::V1_0),
            "1.1" => Some(Version::V1_1),
            "1.2" => Some(Version::V1_2),
            _ => None,
        }
    }

    /// `1.0`, `1.1` or `1.2`.
    pub fn as_str(self) -> &'static str {
        match self {
            Version::V1_0 => "1.0",
            Version::V1_1 => "1.1",
            Version::V1_2 => "1.2",
        }
    }
}

impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A whole root signature.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RootSignature {
    /// The version it is stored and validated as.
    pub version: Version,
    /// Root signature flags.
    pub flags: RootFlags,
    /// Root parameters, in slot order.
    pub parameters: Vec<RootParameter>,
    /// Static samplers, in order.
    pub static_samplers: Vec<StaticSampler>,
}

/// One root parameter and the stages that see it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct RootParameter {
    /// Which stages see this parameter.
    pub visibility: ShaderVisibility,
    /// What the parameter is.
    pub kind: ParameterKind,
}

/// The payload of a root parameter (`D3D12_ROOT_PARAMETER_TYPE` and its union member).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub enum ParameterKind {
    /// `DescriptorTable(...)` (type 0).
    DescriptorTable(Vec<DescriptorRange>),
    /// `RootConstants(...)` (type 1).
    Constants(RootConstants),
    /// `CBV(...)` (type 2).
    Cbv(RootDescriptor),
    /// `SRV(...)` (type 3).
    Srv(RootDescriptor),
    /// `UAV(...)` (type 4).
    Uav(RootDescriptor),
}

impl ParameterKind {
    /// The RTS0 `ParameterType` value.
    pub fn type_code(&self) -> u32 {
        match self {
            ParameterKind::DescriptorTable(_) => 0,
            ParameterKind::Constants(_) => 1,
            ParameterKind::Cbv(_) => 2,
            ParameterKind::Srv(_) => 3,
            ParameterKind::Uav(_) => 4,
        }
    }

    /// The range type a root descriptor binds (None for tables and constants).
    pub fn descriptor_range_type(&self) -> Option<RangeType> {
        match self {
            ParameterKind::Cbv(_) => Some(RangeType::CBV),
            ParameterKind::Srv(_) => Some(RangeType::SRV),
            ParameterKind::Uav(_) => Some(RangeType::UAV),
            _ => None,
        }
    }
}

/// `RootConstants(num32BitConstants = N, bR, space = S)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RootConstants {
    /// The `b` register.
    pub register: u32,
    /// The register space.
    pub space: u32,
    /// How many 32-bit values.
    pub num_32bit_values: u32,
}

/// `CBV(bR)`, `SRV(tR)` or `UAV(uR)` as a root descriptor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RootDescriptor {
    /// The register number.
    pub register: u32,
    /// The register space.
    pub space: u32,
    /// Flags (1.0: always the implied `DATA_VOLATILE`).
    pub flags: DescriptorFlags,
}

/// One range in a descriptor table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DescriptorRange {
    /// SRV, UAV, CBV or Sampler (any value read from a binary is kept).
    pub range_type: RangeType,
    /// How many descriptors, or [`UNBOUNDED`].
    pub num_descriptors: u32,
    /// The first register.
    pub base_register: u32,
    /// The register space.
    pub space: u32,
    /// Flags (1.0: always the implied volatile flags).
    pub flags: RangeFlags,
    /// Offset from the table start, or [`OFFSET_APPEND`].
    pub offset: u32,
}

/// `StaticSampler(...)`: every field of `D3D12_STATIC_SAMPLER_DESC1`.
#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct StaticSampler {
    /// Filtering.
    pub filter: Filter,
    /// Addressing in U.
    pub address_u: AddressMode,
    /// Addressing in V.
    pub address_v: AddressMode,
    /// Addressing in W.
    pub address_w: AddressMode,
    /// Mip LOD bias.
    pub mip_lod_bias: f32,
    /// Maximum anisotropy.
    pub max_anisotropy: u32,
    /// Comparison function.
    pub comparison_func: ComparisonFunc,
    /// Border color.
    pub border_color: BorderColor,
    /// Minimum LOD.
    pub min_lod: f32,
    /// Maximum LOD.
    pub max_lod: f32,
    /// The `s` register.
    pub register: u32,
    /// The register space.
    pub space: u32,
    /// Which stages see the sampler.
    pub visibility: ShaderVisibility,
    /// Sampler flags (1.2 only; 0 before).
    pub flags: SamplerFlags,
}

/// Samplers compare floats by bit pattern so that every value (NaN included) round-trips.
impl PartialEq for StaticSampler {
    fn eq(&self, o: &Self) -> bool {
        self.filter == o.filter
            && self.address_u == o.address_u
            && self.address_v == o.address_v
            && self.address_w == o.address_w
            && self.mip_lod_bias.to_bits() == o.mip_lod_bias.to_bits()
            && self.max_anisotropy == o.max_anisotropy
            && self.comparison_func == o.comparison_func
            && self.border_color == o.border_color
            && self.min_lod.to_bits() == o.min_lod.to_bits()
            && self.max_lod.to_bits() == o.max_lod.to_bits()
            && self.register == o.register
            && self.space == o.space
            && self.visibility == o.visibility
            && self.flags == o.flags
    }
}

impl StaticSampler {
    /// A sampler on register `s{register}` with the text form's defaults: anisotropic, wrap,
    /// 16x, `COMPARISON_LESS_EQUAL`, opaque white, LOD range [0, `FLT_MAX`].
    pub fn new(register: u32) -> Self {
        StaticSampler {
            filter: Filter::ANISOTROPIC,
            address_u: AddressMode::WRAP,
            address_v: AddressMode::WRAP,
            address_w: AddressMode::WRAP,
            mip_lod_bias: 0.0,
            max_anisotropy: 16,
            comparison_func: ComparisonFunc::LESS_EQUAL,
            border_color: BorderColor::OPAQUE_WHITE,
            min_lod: 0.0,
            max_lod: FLOAT32_MAX,
            register,
            space: 0,
            visibility: ShaderVisibility::ALL,
            flags: SamplerFlags::NONE,
        }
    }
}

impl DescriptorFlags {
    /// The flags a root descriptor has when none are written: 1.0 implies `DATA_VOLATILE`.
    pub fn default_for(version: Version) -> Self {
        match version {
            Version::V1_0 => DescriptorFlags::DATA_VOLATILE,
            _ => DescriptorFlags::NONE,
        }
    }
}

impl RangeFlags {
    /// The flags a range has when none are written: 1.0 implies `DESCRIPTORS_VOLATILE` plus,
    /// for ranges that point at data (not samplers), `DATA_VOLATILE`.
    pub fn default_for(version: Version, range_type: RangeType) -> Self {
        match version {
            Version::V1_0 if range_type == RangeType::SAMPLER => RangeFlags::DESCRIPTORS_VOLATILE,
            Version::V1_0 => {
                RangeFlags(RangeFlags::DESCRIPTORS_VOLATILE.0 | RangeFlags::DATA_VOLATILE.0)
            }
            _ => RangeFlags::NONE,
        }
    }
}

impl DescriptorRange {
    /// A range with the given type, count and base register; space 0, appended, default flags.
    pub fn new(version: Version, range_type: RangeType, num_descriptors: u32, base: u32) -> Self {
        DescriptorRange {
            range_type,
            num_descriptors,
            base_register: base,
            space: 0,
            flags: RangeFlags::default_for(version, range_type),
            offset: OFFSET_APPEND,
        }
    }
}

impl RootSignature {
    /// An empty root signature of a version.
    pub fn new(version: Version) -> Self {
        RootSignature {
            version,
            flags: RootFlags::NONE,
            parameters: Vec::new(),
            static_samplers: Vec::new(),
        }
    }

    /// The same root signature stored as another version.
    ///
    /// Going down to 1.0 replaces descriptor and range flags by 1.0's implied flags; going
    /// below 1.2 clears sampler flags. Going up keeps every flag (1.0's implied volatile flags
    /// become explicit), as the reference's conversion does.
    pub fn converted(&self, version: Version) -> RootSignature {
        let mut out = self.clone();
        out.version = version;
        if version == Version::V1_0 {
            for p in &mut out.parameters {
                match &mut p.kind {
                    ParameterKind::DescriptorTable(ranges) => {
                        for r in ranges {
                            r.flags = RangeFlags::default_for(version, r.range_type);
                        }
                    }
                    ParameterKind::Cbv(d) | ParameterKind::Srv(d) | ParameterKind::Uav(d) => {
                        d.flags = DescriptorFlags::default_for(version);
                    }
                    ParameterKind::Constants(_) => {}
                }
            }
        }
        if version < Version::V1_2 {
            for s in &mut out.static_samplers {
                s.flags = SamplerFlags::NONE;
            }
        }
        out
    }

    /// Root signature cost in DWORDs (D3D12: constants 1 per value, root descriptors 2,
    /// tables 1); the runtime's budget is 64.
    pub fn dword_cost(&self) -> u64 {
        self.parameters
            .iter()
            .map(|p| match &p.kind {
                ParameterKind::DescriptorTable(_) => 1,
                ParameterKind::Constants(c) => u64::from(c.num_32bit_values),
                _ => 2,
            })
            .sum()
    }
}

/// The D3D12 limit on root signature size in DWORDs.
pub const MAX_DWORDS: u64 = 64;
