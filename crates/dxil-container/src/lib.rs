//! DXContainer: the file format that wraps DXIL shaders (DXIL.rst "DXIL Container Format").
//!
//! - [`Container::parse`] reads a container without copying: parts borrow the input, and
//!   every offset and size is checked first.
//! - Typed views: [`Program`] (`DXIL`, `ILDB`, `STAT`), [`ShaderHash`] (`HASH`),
//!   [`FeatureInfo`] (`SFI0`), [`CompilerVersion`] (`VERS`). Other parts stay bytes.
//! - [`ContainerBuf`] edits (add, replace, remove parts) and writes; unedited, it writes the
//!   input back byte for byte.
//! - [`digest`]: the container digest (DXBC checksum) and its sentinels; [`md5`]: the MD5
//!   core shared by the digest and the `HASH` part.
//!
//! ```
//! use dxil_container::{ContainerBuf, Container, FourCC, DigestStatus};
//! let mut b = ContainerBuf::new();
//! b.add_part(FourCC::SFI0, vec![0; 8]);
//! let bytes = b.to_bytes_with_digest()?;
//! let c = Container::parse(&bytes)?;
//! assert_eq!(c.digest_status(), DigestStatus::Matches);
//! assert_eq!(c.feature_info()?.map(|f| f.0), Some(0));
//! # Ok::<(), dxil_container::Error>(())
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod bytes;
mod compiler_version;
mod container;
pub mod digest;
mod error;
mod features;
mod fourcc;
pub mod md5;
mod program;
mod shader_hash;
mod write;

pub use compiler_version::{CompilerVersion, COMPILER_VERSION_HEADER_SIZE};
pub use container::{
    sniff_not_container, Container, ContainerVersion, Header, Part, HEADER_SIZE,
    MAX_CONTAINER_SIZE, PART_HEADER_SIZE,
};
pub use digest::{Digest, DigestStatus};
pub use error::{Error, ErrorKind, NotDxilKind, Result};
pub use features::{Feature, FeatureInfo, FEATURES};
pub use fourcc::FourCC;
pub use program::{
    build_program_part, DxilVersion, Program, ProgramVersion, ShaderKind, BITCODE_HEADER_OFFSET,
    PROGRAM_HEADER_SIZE,
};
pub use shader_hash::{ShaderHash, ShaderHashCheck, SHADER_HASH_SIZE};
pub use write::{ContainerBuf, PartBuf};
