//! The editable container and its writer (the mirror of [`crate::container`]).
//!
//! A [`ContainerBuf`] made from a parsed [`Container`] remembers the input image. As long as
//! no part is added, replaced or removed, [`ContainerBuf::to_bytes`] reproduces that image
//! byte for byte (offsets, gaps, padding, part order, trailing bytes), with only the header's
//! digest and version fields written from the model. After an edit the container is laid out
//! the way DXC writes it: offset table, then parts back to back in order.

use std::borrow::Cow;

use crate::container::{
    Container, ContainerVersion, HEADER_SIZE, MAX_CONTAINER_SIZE, PART_HEADER_SIZE,
};
use crate::digest::{self, Digest, DIGEST_OFFSET, DIGEST_START};
use crate::error::{Error, ErrorKind, Result};
use crate::fourcc::FourCC;

/// An owned or borrowed part in an editable container.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartBuf<'a> {
    /// The part's four-character code.
    pub fourcc: FourCC,
    /// The part's data.
    pub data: Cow<'a, [u8]>,
}

/// An editable container. Parts borrow from the input until replaced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContainerBuf<'a> {
    /// Digest written to the header (see [`ContainerBuf::to_bytes_with_digest`]).
    pub digest: Digest,
    /// Version written to the header.
    pub version: ContainerVersion,
    parts: Vec<PartBuf<'a>>,
    /// The input image while the part list is unchanged.
    original: Option<&'a [u8]>,
}

impl Default for ContainerBuf<'_> {
    fn default() -> Self {
        ContainerBuf::new()
    }
}

impl<'a> ContainerBuf<'a> {
    /// An empty container: version 1.0, unsigned digest, no parts.
    pub fn new() -> Self {
        ContainerBuf {
            digest: Digest::UNSIGNED,
            version: ContainerVersion::CURRENT,
            parts: Vec::new(),
            original: None,
        }
    }

    /// An editable copy of a parsed container that writes back identically until edited.
    pub fn from_container(c: &Container<'a>) -> Self {
        ContainerBuf {
            digest: c.header().digest,
            version: c.header().version,
            parts: c
                .parts()
                .iter()
                .map(|p| PartBuf {
                    fourcc: p.fourcc,
                    data: Cow::Borrowed(p.data),
                })
                .collect(),
            original: Some(c.input()),
        }
    }

    /// The parts in order.
    pub fn parts(&self) -> &[PartBuf<'a>] {
        &self.parts
    }

    /// The first part with this fourcc.
    pub fn part(&self, fourcc: FourCC) -> Option<&PartBuf<'a>> {
        self.parts.iter().find(|p| p.fourcc == fourcc)
    }

    /// True while the input's layout will be reproduced.
    pub fn keeps_input_layout(&self) -> bool {
        self.original.is_some()
    }

    /// Appends a part.
    pub fn add_part(&mut self, fourcc: FourCC, data: impl Into<Cow<'a, [u8]>>) {
        self.insert_part(self.parts.len(), fourcc, data);
    }

    /// Inserts a part at `index` (clamped to the part count).
    pub fn insert_part(&mut self, index: usize, fourcc: FourCC, data: impl Into<Cow<'a, [u8]>>) {
        let index = index.min(self.parts.len());
        self.parts.insert(
            index,
            PartBuf {
                fourcc,
                data: data.into(),
            },
        );
        self.original = None;
    }

    /// Replaces the data of the first part with this fourcc.
    pub fn replace_part(&mut self, fourcc: FourCC, data: impl Into<Cow<'a, [u8]>>) -> Result<()> {
        let part = self
            .parts
            .iter_mut()
            .find(|p| p.fourcc == fourcc)
            .ok_or_else(|| Error::new(ErrorKind::NoSuchPart(fourcc), 0))?;
        let data = data.into();
        if part.data != data {
            part.data = data;
            self.original = None;
        }
        Ok(())
    }

    /// Removes the first part with this fourcc and returns it.
    pub fn remove_part(&mut self, fourcc: FourCC) -> Option<PartBuf<'a>> {
        let index = self.parts.iter().position(|p| p.fourcc == fourcc)?;
        self.original = None;
        Some(self.parts.remove(index))
    }

    /// Serializes the container with the stored [`ContainerBuf::digest`].
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        let mut out = match self.original {
            Some(image) => image.to_vec(),
            None => self.layout()?,
        };
        if let Some(field) = out.get_mut(DIGEST_OFFSET..DIGEST_START) {
            field.copy_from_slice(&self.digest.0);
        }
        if let Some(field) = out.get_mut(DIGEST_START..DIGEST_START + 4) {
            field[..2].copy_from_slice(&self.version.major.to_le_bytes());
            field[2..].copy_from_slice(&self.version.minor.to_le_bytes());
        }
        Ok(out)
    }

    /// Serializes the container with its digest computed over the written bytes; the new
    /// digest is also stored in `self`.
    pub fn to_bytes_with_digest(&mut self) -> Result<Vec<u8>> {
        let mut out = self.to_bytes()?;
        self.digest = digest::update_in_place(&mut out)?;
        Ok(out)
    }

    /// Packed layout: header, offset table, parts back to back.
    fn layout(&self) -> Result<Vec<u8>> {
        let table_end = HEADER_SIZE as u64 + 4 * self.parts.len() as u64;
        let size = self.parts.iter().fold(table_end, |acc, p| {
            acc + PART_HEADER_SIZE as u64 + p.data.len() as u64
        });
        let too_large = || {
            Error::new(
                ErrorKind::TooLarge {
                    size,
                    limit: u64::from(MAX_CONTAINER_SIZE),
                },
                0,
            )
        };
        if size > u64::from(MAX_CONTAINER_SIZE) {
            return Err(too_large());
        }
        // Every value below is bounded by `size`, which fits in a u32.
        let mut out = Vec::with_capacity(size as usize);
        out.extend_from_slice(&FourCC::CONTAINER.to_bytes());
        out.extend_from_slice(&[0; 16 + 4]);
        out.extend_from_slice(&(size as u32).to_le_bytes());
        out.extend_from_slice(&(self.parts.len() as u32).to_le_bytes());
        let mut offset = table_end;
        for p in &self.parts {
            out.extend_from_slice(&(offset as u32).to_le_bytes());
            offset += PART_HEADER_SIZE as u64 + p.data.len() as u64;
        }
        for p in &self.parts {
            out.extend_from_slice(&p.fourcc.0.to_le_bytes());
            out.extend_from_slice(&(p.data.len() as u32).to_le_bytes());
            out.extend_from_slice(&p.data);
        }
        Ok(out)
    }
}

impl<'a> Container<'a> {
    /// An editable copy (see [`ContainerBuf::from_container`]).
    pub fn to_buf(&self) -> ContainerBuf<'a> {
        ContainerBuf::from_container(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_parse_edit() {
        let mut b = ContainerBuf::new();
        b.add_part(FourCC::SFI0, vec![1, 0, 0, 0, 0, 0, 0, 0]);
        b.add_part(FourCC::RTS0, &b"abcd"[..]);
        let bytes = b.to_bytes_with_digest().unwrap();
        let c = Container::parse(&bytes).unwrap();
        assert!(c.is_packed());
        assert_eq!(c.digest_status(), crate::DigestStatus::Matches);
        assert_eq!(c.parts().len(), 2);
        assert_eq!(c.part(FourCC::RTS0).unwrap().data, b"abcd");

        let mut e = c.to_buf();
        assert_eq!(e.to_bytes().unwrap(), bytes);
        e.replace_part(FourCC::RTS0, &b"abcdefgh"[..]).unwrap();
        e.remove_part(FourCC::SFI0).unwrap();
        assert!(e.replace_part(FourCC::DXIL, vec![]).is_err());
        let edited = e.to_bytes().unwrap();
        let c2 = Container::parse(&edited).unwrap();
        assert_eq!(c2.parts().len(), 1);
        assert_eq!(c2.parts()[0].offset, 36);
        assert_eq!(c2.parts()[0].data, b"abcdefgh");
        assert_eq!(c2.header().size as usize, edited.len());
        assert_eq!(c2.digest_status(), crate::DigestStatus::Differs);
    }

    #[test]
    fn unchanged_replace_keeps_layout() {
        let mut b = ContainerBuf::new();
        b.add_part(FourCC::HASH, vec![0; 20]);
        let mut bytes = b.to_bytes().unwrap();
        // Add a gap after the table by hand: move the part 4 bytes on.
        bytes.splice(36..36, [0xee; 4]);
        bytes[32..36].copy_from_slice(&40u32.to_le_bytes());
        let size = bytes.len() as u32;
        bytes[24..28].copy_from_slice(&size.to_le_bytes());
        let c = Container::parse(&bytes).unwrap();
        assert!(!c.is_packed());
        let mut e = c.to_buf();
        e.replace_part(FourCC::HASH, vec![0; 20]).unwrap();
        assert!(e.keeps_input_layout());
        assert_eq!(e.to_bytes().unwrap(), bytes);
    }
}
