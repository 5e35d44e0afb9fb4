//! `RDAT`: runtime data (libraries). The container level (a header, part offsets, typed
//! sub-parts) reads and writes byte-exact; the subobject table has a typed view.
//!
//! Layout (DXC `DxilRuntimeReflection.h`): `u32 Version` (0x10), `u32 PartCount`,
//! `u32 offsets[PartCount]` (from the start of the part); each sub-part is `u32 Type`,
//! `u32 Size` and `Size` bytes. Types: 1 string buffer, 2 index arrays, 3 resource table,
//! 4 function table, 5 raw bytes, 6 subobject table, 7.. node and signature tables. Record
//! tables start with `u32 RecordCount`, `u32 RecordStride`.

mod subobjects;

pub use subobjects::{HitGroupType, Subobject, SubobjectData, SubobjectKind};

use crate::error::{Error, ErrorKind, Result};
use crate::le::{c_str, Reader, Sink};

/// Sub-part type: string buffer.
pub const STRING_BUFFER: u32 = 1;
/// Sub-part type: index arrays.
pub const INDEX_ARRAYS: u32 = 2;
/// Sub-part type: raw bytes.
pub const RAW_BYTES: u32 = 5;
/// Sub-part type: subobject table.
pub const SUBOBJECT_TABLE: u32 = 6;
/// The only version the reference writes and reads.
pub const VERSION_10: u32 = 0x10;

/// One sub-part.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RdatPart {
    /// Bytes between the end of the previous structure and this sub-part's header.
    pub lead: Vec<u8>,
    /// Sub-part type.
    pub kind: u32,
    /// The sub-part's data.
    pub data: Vec<u8>,
}

/// A parsed `RDAT` part.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rdat {
    /// Version (0x10).
    pub version: u32,
    /// Sub-parts in offset-table order (offsets must increase).
    pub parts: Vec<RdatPart>,
    /// Bytes after the last sub-part.
    pub trailing: Vec<u8>,
}

impl Rdat {
    /// Parses the part. Versions below 0x10 are rejected, as the reference does.
    pub fn parse(data: &[u8]) -> Result<Self> {
        let mut r = Reader::new(data);
        let version = r.u32("RDAT version")?;
        if version < VERSION_10 {
            return Err(Error::new(ErrorKind::Invalid("RDAT version"), 0));
        }
        let count = r.u32("RDAT part count")?;
        let offsets = {
            let n = (count as usize)
                .checked_mul(4)
                .filter(|&n| n <= r.remaining())
                .ok_or_else(|| Error::new(ErrorKind::Truncated("RDAT offsets"), r.pos()))?;
            r.u32_array(n / 4, "RDAT offsets")?
        };
        let mut parts = Vec::with_capacity(offsets.len());
        let mut end = r.pos();
        for (i, &off) in offsets.iter().enumerate() {
            let off = off as usize;
            if off < end {
                return Err(Error::new(
                    ErrorKind::Invalid("RDAT part offset (overlap or out of order)"),
                    8 + 4 * i,
                ));
            }
            let lead = data
                .get(end..off)
                .ok_or_else(|| Error::new(ErrorKind::OutOfRange("RDAT part offset"), 8 + 4 * i))?
                .to_vec();
            let mut p = Reader::new(data.get(off..).unwrap_or(&[]));
            let kind = p
                .u32("RDAT part header")
                .map_err(|_| Error::new(ErrorKind::Truncated("RDAT part header"), off))?;
            let size = p
                .u32("RDAT part header")
                .map_err(|_| Error::new(ErrorKind::Truncated("RDAT part header"), off + 4))?;
            let body = p
                .bytes(size as usize, "RDAT part")
                .map_err(|_| Error::new(ErrorKind::Truncated("RDAT part"), off + 8))?;
            end = off + 8 + body.len();
            parts.push(RdatPart {
                lead,
                kind,
                data: body.to_vec(),
            });
        }
        Ok(Rdat {
            version,
            parts,
            trailing: data.get(end..).unwrap_or(&[]).to_vec(),
        })
    }

    /// Serializes the part; for a parsed part this gives back the stored bytes.
    pub fn write(&self) -> Result<Vec<u8>> {
        let too_big = || Error::new(ErrorKind::Inconsistent("RDAT too large"), 0);
        let count = u32::try_from(self.parts.len()).map_err(|_| too_big())?;
        let mut offsets = Vec::with_capacity(self.parts.len());
        let mut at = 8 + 4 * self.parts.len();
        for p in &self.parts {
            at += p.lead.len();
            offsets.push(u32::try_from(at).map_err(|_| too_big())?);
            at += 8 + p.data.len();
        }
        let mut out = Vec::with_capacity(at + self.trailing.len());
        out.put_u32(self.version);
        out.put_u32(count);
        out.put_u32s(&offsets);
        for p in &self.parts {
            out.extend_from_slice(&p.lead);
            out.put_u32(p.kind);
            out.put_u32(u32::try_from(p.data.len()).map_err(|_| too_big())?);
            out.extend_from_slice(&p.data);
        }
        out.extend_from_slice(&self.trailing);
        Ok(out)
    }

    /// The data of the first sub-part of `kind`.
    pub fn part(&self, kind: u32) -> Option<&[u8]> {
        self.parts
            .iter()
            .find(|p| p.kind == kind)
            .map(|p| &p.data[..])
    }

    /// A string from the string buffer.
    pub fn string(&self, offset: u32) -> Option<&str> {
        c_str(self.part(STRING_BUFFER)?, offset as usize)
    }

    /// Row `index` of the index arrays: `table[index]` values following it.
    pub fn index_row(&self, index: u32) -> Option<Vec<u32>> {
        let t = self.part(INDEX_ARRAYS)?;
        let words: Vec<u32> = t
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        let i = index as usize;
        let n = *words.get(i)? as usize;
        words
            .get(i + 1..i.checked_add(1)?.checked_add(n)?)
            .map(<[u32]>::to_vec)
    }

    /// `size` bytes at `offset` of the raw bytes sub-part.
    pub fn raw_bytes(&self, offset: u32, size: u32) -> Option<&[u8]> {
        let t = self.part(RAW_BYTES)?;
        t.get(offset as usize..(offset as usize).checked_add(size as usize)?)
    }
}
