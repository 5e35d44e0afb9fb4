//! The modules an input is described from: the printed module and its reflection module
//! (the `STAT` part's module when the container has one), each with its metadata model. The
//! dumpbin header (`dxil-text`) and reflection ([`crate::reflect`]) read them.

use dxil_container::{Container, FourCC, Program};
use dxil_ir::Module;

use crate::model::DxilMetadata;

/// A module and its metadata model.
pub struct ModuleView<'m> {
    /// The IR.
    pub module: &'m Module,
    /// Its DXIL metadata.
    pub metadata: DxilMetadata,
}

impl<'m> ModuleView<'m> {
    /// Reads the metadata of `module`.
    pub fn new(module: &'m Module) -> crate::Result<Self> {
        Ok(ModuleView {
            module,
            metadata: DxilMetadata::read(module)?,
        })
    }

    /// The raw shader flags of the first entry.
    pub fn shader_flags(&self) -> u64 {
        self.metadata
            .entry_points
            .as_ref()
            .and_then(|e| e.first())
            .map_or(0, |e| e.shader_flags())
    }
}

/// HLSL spellings of component types, by `ComponentType` (header and reflection).
pub const HLSL_NAMES: [&str; 19] = [
    "unknown",
    "bool",
    "int16_t",
    "uint16_t",
    "int",
    "uint",
    "int64_t",
    "uint64_t",
    "half",
    "float",
    "double",
    "snorm_half",
    "unorm_half",
    "snorm_float",
    "unorm_float",
    "snorm_double",
    "unorm_double",
    "int8_t_packed",
    "uint8_t_packed",
];
/// HLSL spellings with minimum precision types, by `ComponentType` (modules without native
/// low precision).
pub const HLSL_MIN_NAMES: [&str; 19] = [
    "unknown",
    "bool",
    "min16i",
    "min16ui",
    "int",
    "uint",
    "int64_t",
    "uint64_t",
    "min16float",
    "float",
    "double",
    "snorm_min16f",
    "unorm_min16f",
    "snorm_float",
    "unorm_float",
    "snorm_double",
    "unorm_double",
    "int8_t_packed",
    "uint8_t_packed",
];

/// Why the modules of an input (the printed one, the `STAT` one for reflection) could not be
/// read: the dumpbin header and reflection fail with it.
#[derive(Debug, thiserror::Error)]
pub enum HeaderError {
    /// The container is malformed.
    #[error(transparent)]
    Container(#[from] dxil_container::Error),
    /// A part is malformed.
    #[error(transparent)]
    Part(#[from] dxil_parts::Error),
    /// The `STAT` module does not decode.
    #[error("STAT module: {0}")]
    Bitcode(#[from] dxil_bitcode::Error),
    /// The DXIL metadata is malformed.
    #[error("metadata: {0}")]
    Metadata(#[from] crate::Error),
}

/// The reflection module of a container: the `STAT` part's module, if it has one with a
/// valid program header.
pub fn reflection_module(c: &Container<'_>) -> Result<Option<Module>, HeaderError> {
    let Some(part) = c.part(FourCC::from_bytes(*b"STAT")) else {
        return Ok(None);
    };
    let Ok(p) = Program::parse(part) else {
        return Ok(None);
    };
    Ok(Some(dxil_bitcode::read_module(p.bitcode)?))
}
