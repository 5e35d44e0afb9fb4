//! `VERS`: the compiler version that built the container (DXC `DxilCompilerVersion`).
//!
//! ```text
//! u16 Major, u16 Minor, u32 VersionFlags, u32 CommitCount,
//! u32 VersionStringListSizeInBytes, then that many bytes: up to two NUL-terminated strings
//! (commit SHA, custom version string), then 0-3 zero bytes to a 4-byte boundary.
//! ```

use crate::bytes::{u16_at, u32_at};
use crate::container::Container;
use crate::error::{Error, ErrorKind, Result};
use crate::fourcc::FourCC;

/// Size of the fixed part of `VERS`.
pub const COMPILER_VERSION_HEADER_SIZE: usize = 16;

/// The `VERS` part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CompilerVersion<'a> {
    /// Major version.
    pub major: u16,
    /// Minor version.
    pub minor: u16,
    /// `VersionFlags` (`DxcVersionInfoFlags`: see [`CompilerVersion::FLAG_DEBUG`]).
    pub flags: u32,
    /// Commit count of the compiler build.
    pub commit_count: u32,
    /// First string: the commit SHA.
    pub commit_sha: &'a str,
    /// Second string: the custom version string (e.g. `1.9.0.15466`), empty if absent.
    pub version_string: &'a str,
}

impl<'a> CompilerVersion<'a> {
    /// `DxcVersionInfoFlags_Debug`.
    pub const FLAG_DEBUG: u32 = 1;
    /// `DxcVersionInfoFlags_Internal`.
    pub const FLAG_INTERNAL: u32 = 2;

    /// Reads the part data.
    pub fn parse(data: &'a [u8], data_offset: u64) -> Result<Self> {
        let (Some(major), Some(minor), Some(flags), Some(commit_count), Some(list_len)) = (
            u16_at(data, 0),
            u16_at(data, 2),
            u32_at(data, 4),
            u32_at(data, 8),
            u32_at(data, 12),
        ) else {
            return Err(Error::new(
                ErrorKind::PartTooShort {
                    fourcc: FourCC::VERS,
                    need: COMPILER_VERSION_HEADER_SIZE as u64,
                    have: data.len(),
                },
                data_offset,
            ));
        };
        let start = COMPILER_VERSION_HEADER_SIZE;
        let list = start
            .checked_add(list_len as usize)
            .and_then(|end| data.get(start..end))
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::PartTooShort {
                        fourcc: FourCC::VERS,
                        need: start as u64 + u64::from(list_len),
                        have: data.len(),
                    },
                    data_offset + 12,
                )
            })?;
        let at = data_offset + start as u64;
        let bad = |what| Error::new(ErrorKind::BadVersionStrings(what), at);
        let mut strings = list.split(|&b| b == 0);
        let first = strings.next().unwrap_or(&[]);
        let second = strings.next();
        if second.is_none() && !list.is_empty() {
            return Err(bad("commit string is not NUL-terminated"));
        }
        let rest = strings.next();
        let second = second.unwrap_or(&[]);
        if rest.is_none() && !second.is_empty() {
            return Err(bad("version string is not NUL-terminated"));
        }
        let commit_sha =
            std::str::from_utf8(first).map_err(|_| bad("commit string is not UTF-8"))?;
        let version_string =
            std::str::from_utf8(second).map_err(|_| bad("version string is not UTF-8"))?;
        Ok(CompilerVersion {
            major,
            minor,
            flags,
            commit_count,
            commit_sha,
            version_string,
        })
    }
}

impl Container<'_> {
    /// The `VERS` part, if present.
    pub fn compiler_version(&self) -> Result<Option<CompilerVersion<'_>>> {
        self.part(FourCC::VERS)
            .map(|p| CompilerVersion::parse(p.data, p.data_offset()))
            .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(strings: &[u8]) -> Vec<u8> {
        let mut d = vec![1, 0, 10, 0, 0, 0, 0, 0, 0x5a, 0x15, 0, 0];
        d.extend_from_slice(&(strings.len() as u32).to_le_bytes());
        d.extend_from_slice(strings);
        d.resize(d.len().div_ceil(4) * 4, 0);
        d
    }

    #[test]
    fn reads_both_strings() {
        let d = part(b"9a3e225d\x001.9.0.15466\x00");
        let v = CompilerVersion::parse(&d, 0).unwrap();
        assert_eq!((v.major, v.minor, v.commit_count), (1, 10, 5466));
        assert_eq!(v.commit_sha, "9a3e225d");
        assert_eq!(v.version_string, "1.9.0.15466");
    }

    #[test]
    fn rejects_unterminated_and_overlong() {
        assert!(CompilerVersion::parse(&part(b"abc"), 0).is_err());
        assert!(CompilerVersion::parse(&part(b"abc\0def"), 0).is_err());
        let mut d = part(b"a\0b\0");
        d[12] = 200;
        assert!(CompilerVersion::parse(&d, 0).is_err());
        let d = part(b"a\0");
        let ok = CompilerVersion::parse(&d, 0).unwrap();
        assert_eq!((ok.commit_sha, ok.version_string), ("a", ""));
    }
}
