//! The container digest: the DXBC checksum over bytes 20 to `ContainerSizeInBytes`
//! (DXIL.rst "DXIL Container Format"; algorithm: hlsl-specs INF-0004, Appendix 1, and its
//! "Reserved Static Hash Values" for the sentinels).

use std::fmt;

use crate::error::Result;
use crate::md5::dxbc_checksum;

/// Byte offset of the digest in the container header.
pub const DIGEST_OFFSET: usize = 4;
/// First byte covered by the digest (the container version field).
pub const DIGEST_START: usize = 20;

/// A 16-byte digest (container digest or shader hash). Prints as 32 lowercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Digest(pub [u8; 16]);

impl Digest {
    /// All zero: the container was not signed (for example built with `-Vd`).
    pub const UNSIGNED: Digest = Digest([0; 16]);
    /// `BYPASS` sentinel: run without hash validation (INF-0004).
    pub const BYPASS: Digest = Digest([1; 16]);
    /// `PREVIEW` sentinel: validated for a pre-release shader model (INF-0004).
    pub const PREVIEW: Digest = Digest([2; 16]);

    /// Which sentinel this digest is, if any.
    pub fn sentinel(self) -> Option<DigestStatus> {
        match self {
            Digest::UNSIGNED => Some(DigestStatus::Unsigned),
            Digest::BYPASS => Some(DigestStatus::Bypass),
            Digest::PREVIEW => Some(DigestStatus::Preview),
            _ => None,
        }
    }
}

impl fmt::Display for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|b| write!(f, "{b:02x}"))
    }
}

impl fmt::Debug for Digest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digest({self})")
    }
}

/// How a stored digest relates to the one computed from the bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DigestStatus {
    /// Stored digest equals the computed one.
    Matches,
    /// Stored digest is a real value but not the computed one (the container was edited).
    Differs,
    /// All-zero digest (not signed).
    Unsigned,
    /// The `BYPASS` sentinel.
    Bypass,
    /// The `PREVIEW` sentinel.
    Preview,
}

impl DigestStatus {
    /// Compares a stored digest against the computed one.
    pub fn of(stored: Digest, computed: Digest) -> Self {
        if stored == computed {
            DigestStatus::Matches
        } else {
            stored.sentinel().unwrap_or(DigestStatus::Differs)
        }
    }

    /// The one-word name printed by the CLI.
    pub fn word(self) -> &'static str {
        match self {
            DigestStatus::Matches => "matches",
            DigestStatus::Differs => "differs",
            DigestStatus::Unsigned => "unsigned",
            DigestStatus::Bypass => "bypass",
            DigestStatus::Preview => "preview",
        }
    }
}

impl fmt::Display for DigestStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Computes the digest of a container image (`container` is exactly the container's bytes,
/// `ContainerSizeInBytes` long). Images shorter than the header hash as if empty past byte 20.
pub fn compute(container: &[u8]) -> Digest {
    Digest(dxbc_checksum(container.get(DIGEST_START..).unwrap_or(&[])))
}

/// Recomputes and stores the digest of the container in `buf` in place; returns it.
///
/// The container is validated first (see [`crate::Container::parse`]); bytes past
/// `ContainerSizeInBytes` are left alone and not hashed.
pub fn update_in_place(buf: &mut [u8]) -> Result<Digest> {
    let size = crate::Container::parse(buf)?.bytes().len();
    let digest = compute(buf.get(..size).unwrap_or(&[]));
    if let Some(field) = buf.get_mut(DIGEST_OFFSET..DIGEST_START) {
        field.copy_from_slice(&digest.0);
    }
    Ok(digest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentinels_are_named() {
        assert_eq!(Digest::UNSIGNED.sentinel(), Some(DigestStatus::Unsigned));
        assert_eq!(Digest([1; 16]).sentinel(), Some(DigestStatus::Bypass));
        assert_eq!(Digest([2; 16]).sentinel(), Some(DigestStatus::Preview));
        assert_eq!(Digest([3; 16]).sentinel(), None);
        let d = Digest([0xab; 16]);
        assert_eq!(DigestStatus::of(d, d), DigestStatus::Matches);
        assert_eq!(DigestStatus::of(d, Digest([0; 16])), DigestStatus::Differs);
        assert_eq!(DigestStatus::of(Digest::PREVIEW, d), DigestStatus::Preview);
        assert_eq!(d.to_string(), "ab".repeat(16));
    }
}
