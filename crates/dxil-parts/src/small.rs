//! Small fixed-layout parts: `HASH` (shader hash), `SFI0` (feature info), `ILDN` (debug
//! name), and the program header at the start of `DXIL`/`ILDB` (for the shader kind).

use crate::error::{Error, ErrorKind, Result};
use crate::le::{Reader, Sink};
use dxil_container::ShaderKind;

/// `HASH`: `u32` flags (bit 0: the hash includes the source) and a 16-byte digest.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ShaderHash {
    /// Flags (`1`: includes source).
    pub flags: u32,
    /// The MD5 digest.
    pub digest: [u8; 16],
}

impl ShaderHash {
    /// Flag: the hash covers the source too.
    pub const INCLUDES_SOURCE: u32 = 1;
    /// Size of the part.
    pub const SIZE: usize = 20;

    /// Parses the part; it must be exactly 20 bytes.
    pub fn parse(data: &[u8]) -> Result<Self> {
        let mut r = Reader::new(data);
        let flags = r.u32("hash flags")?;
        let mut digest = [0u8; 16];
        digest.copy_from_slice(r.bytes(16, "hash digest")?);
        if r.remaining() != 0 {
            return Err(Error::new(ErrorKind::Invalid("hash part size"), r.pos()));
        }
        Ok(ShaderHash { flags, digest })
    }
    /// Serializes the part.
    pub fn write(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(Self::SIZE);
        out.put_u32(self.flags);
        out.extend_from_slice(&self.digest);
        out
    }
}

/// `SFI0`: the 64-bit shader feature flags.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FeatureInfo {
    /// Feature flags (bits 0-32: required features; bits 40 and up: optional feature flags).
    pub flags: u64,
}

impl FeatureInfo {
    /// Bit where the optional feature flags start.
    pub const OPT_SHIFT: u32 = 40;

    /// Parses the part; it must be exactly 8 bytes.
    pub fn parse(data: &[u8]) -> Result<Self> {
        let mut r = Reader::new(data);
        let flags = r.u64("feature flags")?;
        if r.remaining() != 0 {
            return Err(Error::new(ErrorKind::Invalid("feature info size"), r.pos()));
        }
        Ok(FeatureInfo { flags })
    }
    /// Serializes the part.
    pub fn write(&self) -> Vec<u8> {
        self.flags.to_le_bytes().to_vec()
    }
}

/// `ILDN`: `u16` flags, `u16` name length, the name, a NUL, and zero padding to 4 bytes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DebugName {
    /// Flags (reserved, zero).
    pub flags: u16,
    /// The name bytes (UTF-8 in practice), without the NUL.
    pub name: Vec<u8>,
    /// The bytes after the NUL, as stored (zero padding).
    pub padding: Vec<u8>,
}

impl DebugName {
    /// Parses the part.
    pub fn parse(data: &[u8]) -> Result<Self> {
        let mut r = Reader::new(data);
        let flags = r.u16("debug name flags")?;
        let len = r.u16("debug name length")?;
        let name = r.bytes(len as usize, "debug name")?.to_vec();
        let at = r.pos();
        if r.u8("debug name terminator")? != 0 {
            return Err(Error::new(ErrorKind::Invalid("debug name terminator"), at));
        }
        Ok(DebugName {
            flags,
            name,
            padding: r.rest().to_vec(),
        })
    }
    /// Serializes the part.
    pub fn write(&self) -> Result<Vec<u8>> {
        let len = u16::try_from(self.name.len())
            .map_err(|_| Error::new(ErrorKind::Inconsistent("debug name too long"), 2))?;
        let mut out = Vec::new();
        out.put_u16(self.flags);
        out.put_u16(len);
        out.extend_from_slice(&self.name);
        out.push(0);
        out.extend_from_slice(&self.padding);
        Ok(out)
    }
}

/// The shader kind in a `DXIL`/`ILDB` program header (`ProgramVersion >> 16`), raw.
pub fn program_shader_kind(program: &[u8]) -> Result<u16> {
    let v = Reader::new(program).u32("program version")?;
    Ok((v >> 16) as u16)
}

/// The shader kind in a program header, if it names one.
pub fn program_kind(program: &[u8]) -> Result<Option<ShaderKind>> {
    Ok(ShaderKind::from_raw(program_shader_kind(program)? as u32))
}
