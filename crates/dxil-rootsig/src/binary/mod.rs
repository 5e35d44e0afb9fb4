//! The RTS0 part: the binary root signature that a DXContainer stores.
//!
//! Layout (little-endian `u32` fields throughout; facts from D3D12's serialized root signature
//! and DXC's `DxilRootSignatureSerializer`): a 24-byte header (`Version`, `NumParameters`,
//! `RootParametersOffset`, `NumStaticSamplers`, `StaticSamplersOffset`, `Flags`), an array of
//! 12-byte parameter headers (`ParameterType`, `ShaderVisibility`, `PayloadOffset`), each
//! parameter's payload, then the static samplers. Offsets count from the start of the part.

mod read;
mod write;

pub use read::{read, read_with_layout, Layout};
pub use write::write;

/// Size of the RTS0 header.
pub const HEADER_SIZE: u32 = 24;
/// Size of one root parameter header.
pub const PARAMETER_HEADER_SIZE: u32 = 12;
/// Size of a descriptor table payload header (`NumDescriptorRanges`, `DescriptorRangesOffset`).
pub const TABLE_HEADER_SIZE: u32 = 8;
/// Size of a root constants payload.
pub const CONSTANTS_SIZE: u32 = 12;

use crate::model::Version;

/// Size of a root descriptor payload in a version (1.0 has no flags field).
pub fn descriptor_size(version: Version) -> u32 {
    if version == Version::V1_0 {
        8
    } else {
        12
    }
}

/// Size of a descriptor range in a version (1.0 has no flags field).
pub fn range_size(version: Version) -> u32 {
    if version == Version::V1_0 {
        20
    } else {
        24
    }
}

/// Size of a static sampler in a version (1.2 adds a flags field).
pub fn sampler_size(version: Version) -> u32 {
    if version == Version::V1_2 {
        56
    } else {
        52
    }
}
