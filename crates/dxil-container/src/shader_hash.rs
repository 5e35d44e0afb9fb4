//! `HASH`: the shader hash, `u32` flags and a 16-byte MD5 (DXC `DxilShaderHash`).
//!
//! Without flags it is the plain MD5 of the `DXIL` part's bitcode (the `BitcodeSize` bytes,
//! not the program header); with `IncludesSource` (`-Zss`) it is the MD5 of the debug
//! module's bitcode, the `ILDB` part's. Checked on every corpus container with a `HASH` part.

use crate::bytes::{array16_at, u32_at};
use crate::container::Container;
use crate::digest::Digest;
use crate::error::{exact_size, Error, ErrorKind, Result};
use crate::fourcc::FourCC;
use crate::md5::md5;

/// Size of the `HASH` part data.
pub const SHADER_HASH_SIZE: usize = 20;

/// The `HASH` part.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ShaderHash {
    /// `DxilShaderHashFlags`.
    pub flags: u32,
    /// The MD5 digest.
    pub digest: Digest,
}

impl ShaderHash {
    /// `DxilShaderHashFlags::IncludesSource`: hashed over the debug module (`-Zss`).
    pub const INCLUDES_SOURCE: u32 = 1;

    /// Reads the part data (20 bytes; longer data is accepted, the rest ignored).
    pub fn parse(data: &[u8], data_offset: u64) -> Result<Self> {
        match (u32_at(data, 0), array16_at(data, 4)) {
            (Some(flags), Some(digest)) => Ok(ShaderHash {
                flags,
                digest: Digest(digest),
            }),
            _ => Err(Error::new(
                ErrorKind::PartTooShort {
                    fourcc: FourCC::HASH,
                    need: SHADER_HASH_SIZE as u64,
                    have: data.len(),
                },
                data_offset,
            )),
        }
    }

    /// Reads the part data, which must be exactly 20 bytes: what parses this way writes back
    /// the same bytes ([`ShaderHash::to_bytes`]).
    pub fn parse_exact(data: &[u8], data_offset: u64) -> Result<Self> {
        let hash = ShaderHash::parse(data, data_offset)?;
        exact_size(FourCC::HASH, data, SHADER_HASH_SIZE, data_offset)?;
        Ok(hash)
    }

    /// True when the hash covers the debug module (`IncludesSource`).
    pub fn includes_source(self) -> bool {
        self.flags & Self::INCLUDES_SOURCE != 0
    }

    /// The part data for this hash.
    pub fn to_bytes(self) -> [u8; SHADER_HASH_SIZE] {
        let mut out = [0u8; SHADER_HASH_SIZE];
        out[..4].copy_from_slice(&self.flags.to_le_bytes());
        out[4..].copy_from_slice(&self.digest.0);
        out
    }
}

/// The result of checking a `HASH` part against the bitcode it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShaderHashCheck {
    /// The stored part.
    pub stored: ShaderHash,
    /// The MD5 computed from the bitcode.
    pub computed: Digest,
    /// The part whose bitcode was hashed (`DXIL`, or `ILDB` with `IncludesSource`).
    pub source: FourCC,
}

impl ShaderHashCheck {
    /// True when the stored digest equals the computed one.
    pub fn matches(&self) -> bool {
        self.stored.digest == self.computed
    }
}

impl Container<'_> {
    /// The `HASH` part, if present.
    pub fn shader_hash(&self) -> Result<Option<ShaderHash>> {
        self.part(FourCC::HASH)
            .map(|p| ShaderHash::parse(p.data, p.data_offset()))
            .transpose()
    }

    /// Computes the shader hash the `HASH` part should hold, given its flags.
    pub fn compute_shader_hash(&self, flags: u32) -> Result<(Digest, FourCC)> {
        let program = if flags & ShaderHash::INCLUDES_SOURCE != 0 {
            self.debug_program()?
                .ok_or_else(|| Error::new(ErrorKind::MissingPart(FourCC::ILDB), 28))?
        } else {
            self.program()?
        };
        Ok((Digest(md5(program.bitcode)), program.fourcc))
    }

    /// Checks the `HASH` part, if present, against the bitcode it covers.
    pub fn verify_shader_hash(&self) -> Result<Option<ShaderHashCheck>> {
        let Some(stored) = self.shader_hash()? else {
            return Ok(None);
        };
        let (computed, source) = self.compute_shader_hash(stored.flags)?;
        Ok(Some(ShaderHashCheck {
            stored,
            computed,
            source,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::program::{build_program_part, DxilVersion, ProgramVersion, ShaderKind};
    use crate::write::ContainerBuf;

    #[test]
    fn includes_source_hashes_the_debug_module() {
        let v = ProgramVersion::new(ShaderKind::Pixel, 6, 0);
        let dxil = build_program_part(v, DxilVersion(0x100), b"BC\xC0\xDEstripped").unwrap();
        let ildb = build_program_part(v, DxilVersion(0x100), b"BC\xC0\xDEwith debug").unwrap();
        for (flags, hashed) in [
            (0, &b"BC\xC0\xDEstripped"[..]),
            (1, b"BC\xC0\xDEwith debug"),
        ] {
            let mut b = ContainerBuf::new();
            b.add_part(FourCC::ILDB, ildb.clone());
            b.add_part(FourCC::DXIL, dxil.clone());
            let stored = ShaderHash {
                flags,
                digest: Digest(md5(hashed)),
            };
            b.add_part(FourCC::HASH, stored.to_bytes().to_vec());
            assert_eq!(ShaderHash::parse_exact(&stored.to_bytes(), 0), Ok(stored));
            assert!(ShaderHash::parse_exact(&[0; 21], 0).is_err());
            assert!(ShaderHash::parse(&[0; 21], 0).is_ok());
            let bytes = b.to_bytes().unwrap();
            let c = Container::parse(&bytes).unwrap();
            let check = c.verify_shader_hash().unwrap().unwrap();
            assert!(check.matches(), "flags {flags}");
            assert_eq!(
                check.source,
                if flags == 0 {
                    FourCC::DXIL
                } else {
                    FourCC::ILDB
                }
            );
            b.remove_part(FourCC::ILDB);
            let bytes = b.to_bytes().unwrap();
            let c = Container::parse(&bytes).unwrap();
            assert_eq!(c.verify_shader_hash().is_err(), flags == 1);
        }
        assert!(ShaderHash::parse(&[0; 19], 0).is_err());
    }
}
