//! Zero-copy container reader (DXIL.rst "DXIL Container Format"; DXC
//! `DxilContainerHeader`, `DxilPartHeader`).
//!
//! Layout: a 32-byte header (`DXBC` magic, 16-byte digest, version major/minor `u16`,
//! `ContainerSizeInBytes`, `PartCount`), a table of `PartCount` `u32` offsets, and the parts,
//! each a `u32` fourcc, a `u32` size and that many bytes. Every offset and size is checked
//! against the container before a part is exposed.

use crate::bytes::{array16_at, array4_at, u16_at, u32_at};
use crate::digest::{self, Digest, DigestStatus};
use crate::error::{Error, ErrorKind, NotDxilKind, Result};
use crate::fourcc::FourCC;

/// Size of the fixed container header.
pub const HEADER_SIZE: usize = 32;
/// Size of a part header (fourcc + size).
pub const PART_HEADER_SIZE: usize = 8;
/// Largest container the format allows (DXC `DxilContainerMaxSize`).
pub const MAX_CONTAINER_SIZE: u32 = 0x8000_0000;

/// Container format version (`DxilContainerVersion`); DXC writes 1.0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContainerVersion {
    /// Major version.
    pub major: u16,
    /// Minor version.
    pub minor: u16,
}

impl ContainerVersion {
    /// The version DXC writes.
    pub const CURRENT: ContainerVersion = ContainerVersion { major: 1, minor: 0 };
}

/// The fixed container header as read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// Stored digest (bytes 4..20).
    pub digest: Digest,
    /// Format version.
    pub version: ContainerVersion,
    /// `ContainerSizeInBytes`, from the start of the header.
    pub size: u32,
    /// `PartCount`.
    pub part_count: u32,
}

/// One part, borrowed from the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part<'a> {
    /// The part's four-character code.
    pub fourcc: FourCC,
    /// Offset of the part header from the start of the container (from the offset table).
    pub offset: u32,
    /// The part's data (`PartSize` bytes after the part header).
    pub data: &'a [u8],
}

impl Part<'_> {
    /// Offset of the part's data from the start of the container.
    pub fn data_offset(&self) -> u64 {
        u64::from(self.offset) + PART_HEADER_SIZE as u64
    }
}

/// A parsed container borrowing its parts from the input.
#[derive(Clone, Debug)]
pub struct Container<'a> {
    input: &'a [u8],
    header: Header,
    parts: Vec<Part<'a>>,
}

/// Recognizes inputs that are not containers at all, by their first bytes.
pub fn sniff_not_container(input: &[u8]) -> Option<NotDxilKind> {
    match input.get(..4)? {
        [b'B', b'C', 0xC0, 0xDE] => Some(NotDxilKind::RawBitcode),
        [0xDE, 0xC0, 0x17, 0x0B] => Some(NotDxilKind::WrappedBitcode),
        _ => None,
    }
}

impl<'a> Container<'a> {
    /// Parses and validates a container. `input` may be longer than `ContainerSizeInBytes`;
    /// the extra bytes are available as [`Container::trailing`].
    ///
    /// Checks: magic, header length, size field against the input and the offset table,
    /// every part offset (after the table, part header inside the container) and every part
    /// size (data inside the container). Parts may leave gaps or appear in any order.
    pub fn parse(input: &'a [u8]) -> Result<Self> {
        if let Some(kind) = sniff_not_container(input) {
            return Err(Error::new(ErrorKind::NotDxil(kind), 0));
        }
        if let Some(found) = array4_at(input, 0) {
            if found != FourCC::CONTAINER.to_bytes() {
                return Err(Error::new(ErrorKind::BadMagic { found }, 0));
            }
        }
        let (Some(digest), Some(major), Some(minor), Some(size), Some(part_count)) = (
            array16_at(input, 4),
            u16_at(input, 20),
            u16_at(input, 22),
            u32_at(input, 24),
            u32_at(input, 28),
        ) else {
            return Err(Error::new(
                ErrorKind::TruncatedHeader { have: input.len() },
                input.len() as u64,
            ));
        };
        let table_end = HEADER_SIZE as u64 + 4 * u64::from(part_count);
        if (size as usize) > input.len() {
            return Err(Error::new(
                ErrorKind::SizeExceedsInput {
                    size,
                    have: input.len(),
                },
                24,
            ));
        }
        if (size as usize) < HEADER_SIZE {
            return Err(Error::new(
                ErrorKind::SizeTooSmall {
                    size,
                    need: HEADER_SIZE as u64,
                },
                24,
            ));
        }
        if table_end > u64::from(size) {
            return Err(Error::new(
                ErrorKind::PartTableOutOfBounds { count: part_count },
                28,
            ));
        }
        let container = input.get(..size as usize).unwrap_or(input);
        // The table fits in the container, so this allocation is bounded by the input.
        let mut parts = Vec::with_capacity(part_count as usize);
        for index in 0..part_count {
            let entry_at = HEADER_SIZE + 4 * index as usize;
            let offset = u32_at(container, entry_at).ok_or_else(|| {
                Error::new(
                    ErrorKind::PartTableOutOfBounds { count: part_count },
                    entry_at as u64,
                )
            })?;
            parts.push(read_part(container, index, offset, table_end, entry_at)?);
        }
        Ok(Container {
            input,
            header: Header {
                digest: Digest(digest),
                version: ContainerVersion { major, minor },
                size,
                part_count,
            },
            parts,
        })
    }

    /// The header fields.
    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The parts in offset-table order.
    pub fn parts(&self) -> &[Part<'a>] {
        &self.parts
    }

    /// The first part with this fourcc.
    pub fn part(&self, fourcc: FourCC) -> Option<&Part<'a>> {
        self.parts.iter().find(|p| p.fourcc == fourcc)
    }

    /// The first part with this fourcc, or a [`ErrorKind::MissingPart`] error.
    pub fn require(&self, fourcc: FourCC) -> Result<&Part<'a>> {
        self.part(fourcc)
            .ok_or_else(|| Error::new(ErrorKind::MissingPart(fourcc), 28))
    }

    /// The container's bytes (`ContainerSizeInBytes` long).
    pub fn bytes(&self) -> &'a [u8] {
        self.input
            .get(..self.header.size as usize)
            .unwrap_or(self.input)
    }

    /// Bytes of the input past `ContainerSizeInBytes` (usually empty).
    pub fn trailing(&self) -> &'a [u8] {
        self.input.get(self.header.size as usize..).unwrap_or(&[])
    }

    /// The whole input this container was parsed from.
    pub fn input(&self) -> &'a [u8] {
        self.input
    }

    /// True when parts follow the offset table back to back in table order and end exactly
    /// at the container size (the layout DXC writes and checks).
    pub fn is_packed(&self) -> bool {
        let mut next = HEADER_SIZE as u64 + 4 * self.parts.len() as u64;
        for p in &self.parts {
            if u64::from(p.offset) != next {
                return false;
            }
            next = p.data_offset() + p.data.len() as u64;
        }
        next == u64::from(self.header.size)
    }

    /// If the container has no `DXIL` part, what it is instead (SM4/5 DXBC, root signature
    /// only, or just lacking the part).
    pub fn not_dxil(&self) -> Option<NotDxilKind> {
        if self.part(FourCC::DXIL).is_some() {
            return None;
        }
        if self.parts.iter().any(|p| p.fourcc.is_dxbc_bytecode_era()) {
            Some(NotDxilKind::DxbcShaderModel5)
        } else if !self.parts.is_empty() && self.parts.iter().all(|p| p.fourcc == FourCC::RTS0) {
            Some(NotDxilKind::RootSignatureOnly)
        } else {
            Some(NotDxilKind::NoDxilPart)
        }
    }

    /// The `DXIL` part, or an error naming what the input is instead.
    pub fn dxil_part(&self) -> Result<&Part<'a>> {
        match self.not_dxil() {
            None => self.require(FourCC::DXIL),
            Some(kind) => Err(Error::new(ErrorKind::NotDxil(kind), 0)),
        }
    }

    /// The digest computed from the container bytes.
    pub fn computed_digest(&self) -> Digest {
        digest::compute(self.bytes())
    }

    /// How the stored digest relates to the computed one.
    pub fn digest_status(&self) -> DigestStatus {
        DigestStatus::of(self.header.digest, self.computed_digest())
    }
}

/// Reads and checks the part at table entry `index`.
fn read_part<'a>(
    container: &'a [u8],
    index: u32,
    offset: u32,
    table_end: u64,
    entry_at: usize,
) -> Result<Part<'a>> {
    let size = container.len() as u64;
    let start = u64::from(offset);
    if start < table_end || start > size {
        return Err(Error::new(
            ErrorKind::PartOffsetOutOfBounds {
                index,
                part_offset: offset,
            },
            entry_at as u64,
        ));
    }
    let at = offset as usize;
    let (Some(fourcc), Some(part_size)) = (u32_at(container, at), u32_at(container, at + 4)) else {
        return Err(Error::new(ErrorKind::TruncatedPartHeader { index }, start));
    };
    let fourcc = FourCC(fourcc);
    let data_start = at + PART_HEADER_SIZE;
    let data = data_start
        .checked_add(part_size as usize)
        .and_then(|end| container.get(data_start..end))
        .ok_or_else(|| {
            Error::new(
                ErrorKind::PartDataOutOfBounds {
                    index,
                    fourcc,
                    size: part_size,
                },
                start + 4,
            )
        })?;
    Ok(Part {
        fourcc,
        offset,
        data,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::write::ContainerBuf;

    fn container(parts: &[(FourCC, &[u8])]) -> Vec<u8> {
        let mut b = ContainerBuf::new();
        for (cc, data) in parts {
            b.add_part(*cc, data.to_vec());
        }
        b.to_bytes().unwrap()
    }

    #[test]
    fn names_what_is_not_dxil() {
        let sm5 = container(&[
            (FourCC::RDEF, b"x"),
            (FourCC::ISGN, b""),
            (FourCC::SHEX, b""),
        ]);
        let c = Container::parse(&sm5).unwrap();
        assert_eq!(c.not_dxil(), Some(NotDxilKind::DxbcShaderModel5));
        let e = c.program().unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::NotDxil(NotDxilKind::DxbcShaderModel5));
        assert_eq!(
            e.to_string(),
            "DXBC SM4/SM5 container without a DXIL part (at offset 0x0)"
        );
        let rs = container(&[(FourCC::RTS0, b"abcd")]);
        assert_eq!(
            Container::parse(&rs).unwrap().not_dxil(),
            Some(NotDxilKind::RootSignatureOnly)
        );
        let empty = container(&[]);
        assert_eq!(
            Container::parse(&empty).unwrap().not_dxil(),
            Some(NotDxilKind::NoDxilPart)
        );
        let e = Container::parse(b"BC\xC0\xDE\x35\x14").unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::NotDxil(NotDxilKind::RawBitcode));
        let e = Container::parse(b"\xDE\xC0\x17\x0B\0\0\0\0").unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::NotDxil(NotDxilKind::WrappedBitcode));
    }

    #[test]
    fn every_offset_and_size_is_checked() {
        let good = container(&[(FourCC::SFI0, &[0; 8]), (FourCC::HASH, &[0; 20])]);
        let set = |at: usize, v: u32| {
            let mut b = good.clone();
            b[at..at + 4].copy_from_slice(&v.to_le_bytes());
            Container::parse(&b).unwrap_err()
        };
        let kind = |e: Error| e.kind().clone();
        assert!(matches!(kind(set(0, 0)), ErrorKind::BadMagic { .. }));
        assert!(matches!(
            kind(set(24, 1000)),
            ErrorKind::SizeExceedsInput { .. }
        ));
        assert!(matches!(kind(set(24, 8)), ErrorKind::SizeTooSmall { .. }));
        assert!(matches!(
            kind(set(28, u32::MAX)),
            ErrorKind::PartTableOutOfBounds { .. }
        ));
        assert!(matches!(
            kind(set(32, 4)),
            ErrorKind::PartOffsetOutOfBounds { index: 0, .. }
        ));
        assert!(matches!(
            kind(set(36, u32::MAX)),
            ErrorKind::PartOffsetOutOfBounds { index: 1, .. }
        ));
        let last = good.len() as u32 - 4;
        assert!(matches!(
            kind(set(36, last)),
            ErrorKind::TruncatedPartHeader { index: 1 }
        ));
        let e = set(44, u32::MAX);
        assert!(matches!(
            e.kind(),
            ErrorKind::PartDataOutOfBounds { index: 0, .. }
        ));
        assert_eq!(e.offset(), 44);
        assert_eq!(
            Container::parse(&good[..20]).unwrap_err().to_string(),
            "truncated container header: need 32 bytes, have 20 (at offset 0x14)"
        );
    }

    #[test]
    fn trailing_bytes_are_kept_apart() {
        let mut b = container(&[(FourCC::SFI0, &[0; 8])]);
        let size = b.len();
        b.extend_from_slice(b"tail");
        let c = Container::parse(&b).unwrap();
        assert_eq!(c.bytes().len(), size);
        assert_eq!(c.trailing(), b"tail");
        assert_eq!(c.to_buf().to_bytes().unwrap(), b);
    }
}
