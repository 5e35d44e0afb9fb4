//! Small parts: `ILDN` (debug name), and the program header at the start of `DXIL`/`ILDB`
//! (for the shader kind). `HASH` and `SFI0` are `dxil-container`'s `ShaderHash` and
//! `FeatureInfo`.

use crate::error::{Error, ErrorKind, Result};
use crate::le::{Reader, Sink};
use dxil_container::{ProgramVersion, ShaderKind};

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
    Ok(ProgramVersion(v).kind_raw())
}

/// The shader kind in a program header, if it names one.
pub fn program_kind(program: &[u8]) -> Result<Option<ShaderKind>> {
    Ok(ShaderKind::from_raw(program_shader_kind(program)? as u32))
}
