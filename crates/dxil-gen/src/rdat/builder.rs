//! The `RDAT` writer's building blocks (DXC `DxilRDATBuilder`, `DxilRDATParts.h`): a string
//! buffer, index arrays, raw bytes and record tables, each deduplicating what it stores, and
//! the final layout.
//!
//! Layout: `u32 Version` (0x10), `u32 PartCount`, `u32 offsets[PartCount]`; each non-empty
//! sub-part is `u32 Type`, `u32 Size` (padded to 4 bytes with zeros) and its data. Record
//! tables are `u32 RecordCount`, `u32 RecordStride` and the records.

use std::collections::HashMap;

use crate::error::{ErrorKind, Result};

/// A reference to nothing (`RDAT_NULL_REF`).
pub const NULL_REF: u32 = u32::MAX;

fn too_big() -> crate::Error {
    ErrorKind::OutOfRange("RDAT size").into()
}

fn to_u32(n: usize) -> Result<u32> {
    u32::try_from(n).map_err(|_| too_big())
}

/// The string buffer: NUL-terminated strings, the empty string first (offset 0).
#[derive(Debug)]
pub struct Strings {
    map: HashMap<Vec<u8>, u32>,
    data: Vec<u8>,
}

impl Default for Strings {
    fn default() -> Self {
        let mut s = Strings {
            map: HashMap::new(),
            data: Vec::new(),
        };
        // The empty string sits at offset 0; inserting it cannot fail.
        s.map.insert(Vec::new(), 0);
        s.data.push(0);
        s
    }
}

impl Strings {
    /// The offset of `s`, inserting it when new.
    pub fn insert(&mut self, s: &[u8]) -> Result<u32> {
        if let Some(&o) = self.map.get(s) {
            return Ok(o);
        }
        let o = to_u32(self.data.len())?;
        self.data.extend_from_slice(s);
        self.data.push(0);
        self.map.insert(s.to_vec(), o);
        Ok(o)
    }
}

/// Index arrays: `u32 count` then `count` values; identical arrays are shared.
#[derive(Debug, Default)]
pub struct IndexArrays {
    map: HashMap<Vec<u32>, u32>,
    data: Vec<u32>,
}

impl IndexArrays {
    /// The offset (in `u32` units) of the array `values`, inserting it when new.
    pub fn insert(&mut self, values: &[u32]) -> Result<u32> {
        if let Some(&o) = self.map.get(values) {
            return Ok(o);
        }
        let o = to_u32(self.data.len())?;
        self.data.push(to_u32(values.len())?);
        self.data.extend_from_slice(values);
        self.map.insert(values.to_vec(), o);
        Ok(o)
    }
}

/// Raw bytes: byte strings stored back to back; identical ones are shared.
#[derive(Debug, Default)]
pub struct RawBytes {
    map: HashMap<Vec<u8>, u32>,
    data: Vec<u8>,
}

impl RawBytes {
    /// The offset of `bytes`, inserting them when new.
    pub fn insert(&mut self, bytes: &[u8]) -> Result<u32> {
        if let Some(&o) = self.map.get(bytes) {
            return Ok(o);
        }
        let o = to_u32(self.data.len())?;
        self.data.extend_from_slice(bytes);
        self.map.insert(bytes.to_vec(), o);
        Ok(o)
    }
}

/// A record table of one sub-part type with a fixed stride.
#[derive(Debug)]
pub struct Table {
    /// Sub-part type.
    pub kind: u32,
    /// Record stride in bytes.
    pub stride: usize,
    dedup: bool,
    map: HashMap<Vec<u8>, u32>,
    rows: Vec<u8>,
    count: u32,
}

impl Table {
    /// An empty table.
    pub fn new(kind: u32, stride: usize, dedup: bool) -> Self {
        Table {
            kind,
            stride,
            dedup,
            map: HashMap::new(),
            rows: Vec::new(),
            count: 0,
        }
    }

    /// Inserts a record (its first `stride` bytes, zero-padded) and gives its index; with
    /// deduplication an identical record gives the earlier index.
    pub fn insert(&mut self, record: &[u8]) -> Result<u32> {
        let mut row = record.get(..self.stride).unwrap_or(record).to_vec();
        row.resize(self.stride, 0);
        if self.dedup {
            if let Some(&i) = self.map.get(&row) {
                return Ok(i);
            }
        }
        let i = self.count;
        self.count = self.count.checked_add(1).ok_or_else(too_big)?;
        self.rows.extend_from_slice(&row);
        self.map.entry(row).or_insert(i);
        Ok(i)
    }

    fn data(&self) -> Result<Vec<u8>> {
        if self.count == 0 {
            return Ok(Vec::new());
        }
        let mut out = Vec::with_capacity(8 + self.rows.len());
        out.extend_from_slice(&self.count.to_le_bytes());
        out.extend_from_slice(&to_u32(self.stride)?.to_le_bytes());
        out.extend_from_slice(&self.rows);
        Ok(out)
    }
}

/// One sub-part slot in the order the writer adds them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Slot {
    /// The string buffer (type 1).
    Strings,
    /// The index arrays (type 2).
    Indices,
    /// The raw bytes (type 5).
    Raw,
    /// A record table: index into [`Builder::tables`].
    Table(usize),
}

/// Sub-part type of the string buffer.
pub const STRING_BUFFER: u32 = 1;
/// Sub-part type of the index arrays.
pub const INDEX_ARRAYS: u32 = 2;
/// Sub-part type of the raw bytes.
pub const RAW_BYTES: u32 = 5;

/// The whole runtime data being built.
#[derive(Debug, Default)]
pub struct Builder {
    /// Strings.
    pub strings: Strings,
    /// Index arrays.
    pub indices: IndexArrays,
    /// Raw bytes.
    pub raw: RawBytes,
    /// Record tables.
    pub tables: Vec<Table>,
    /// Sub-parts in writing order.
    pub order: Vec<Slot>,
}

impl Builder {
    /// Adds a record table (writing order is the order of adding) and gives its index.
    pub fn add_table(&mut self, kind: u32, stride: usize, dedup: bool) -> usize {
        self.tables.push(Table::new(kind, stride, dedup));
        let i = self.tables.len() - 1;
        self.order.push(Slot::Table(i));
        i
    }

    /// The table of sub-part type `kind`, if added.
    pub fn table(&mut self, kind: u32) -> Option<&mut Table> {
        self.tables.iter_mut().find(|t| t.kind == kind)
    }

    /// Whether a table of sub-part type `kind` was added.
    pub fn has_table(&self, kind: u32) -> bool {
        self.tables.iter().any(|t| t.kind == kind)
    }

    /// Inserts a record into the table of type `kind`.
    pub fn insert(&mut self, kind: u32, record: &[u8]) -> Result<u32> {
        self.table(kind)
            .ok_or(ErrorKind::Missing("RDAT record table"))?
            .insert(record)
    }

    /// The final bytes: header, offsets, non-empty sub-parts padded to 4 bytes.
    pub fn finish(&self) -> Result<Vec<u8>> {
        let mut parts: Vec<(u32, Vec<u8>)> = Vec::new();
        for slot in &self.order {
            let (kind, data) = match *slot {
                Slot::Strings => (STRING_BUFFER, self.strings.data.clone()),
                Slot::Indices => (
                    INDEX_ARRAYS,
                    self.indices
                        .data
                        .iter()
                        .flat_map(|v| v.to_le_bytes())
                        .collect(),
                ),
                Slot::Raw => (RAW_BYTES, self.raw.data.clone()),
                Slot::Table(i) => match self.tables.get(i) {
                    Some(t) => (t.kind, t.data()?),
                    None => continue,
                },
            };
            if !data.is_empty() {
                parts.push((kind, data));
            }
        }
        let mut out = Vec::new();
        out.extend_from_slice(&0x10u32.to_le_bytes());
        out.extend_from_slice(&to_u32(parts.len())?.to_le_bytes());
        let mut at = 8 + 4 * parts.len();
        for (_, d) in &parts {
            out.extend_from_slice(&to_u32(at)?.to_le_bytes());
            at += 8 + d.len().div_ceil(4) * 4;
        }
        for (kind, d) in &parts {
            let padded = d.len().div_ceil(4) * 4;
            out.extend_from_slice(&kind.to_le_bytes());
            out.extend_from_slice(&to_u32(padded)?.to_le_bytes());
            out.extend_from_slice(d);
            out.resize(out.len() + padded - d.len(), 0);
        }
        Ok(out)
    }
}

/// A little-endian record being assembled field by field.
#[derive(Debug, Default)]
pub struct Record(pub Vec<u8>);

impl Record {
    /// Appends a `u32`.
    pub fn u32(mut self, v: u32) -> Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    /// Appends a `u16`.
    pub fn u16(mut self, v: u16) -> Self {
        self.0.extend_from_slice(&v.to_le_bytes());
        self
    }
    /// Appends a byte.
    pub fn u8(mut self, v: u8) -> Self {
        self.0.push(v);
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_start_empty_and_share() {
        let mut s = Strings::default();
        assert_eq!(s.insert(b"").unwrap(), 0);
        assert_eq!(s.insert(b"ab").unwrap(), 1);
        assert_eq!(s.insert(b"c").unwrap(), 4);
        assert_eq!(s.insert(b"ab").unwrap(), 1);
        assert_eq!(s.data, b"\0ab\0c\0");
    }

    #[test]
    fn index_arrays_share_equal_arrays() {
        let mut a = IndexArrays::default();
        assert_eq!(a.insert(&[1, 2]).unwrap(), 0);
        assert_eq!(a.insert(&[]).unwrap(), 3);
        assert_eq!(a.insert(&[1, 2]).unwrap(), 0);
        assert_eq!(a.data, vec![2, 1, 2, 0]);
    }

    #[test]
    fn tables_deduplicate_only_when_asked() {
        let mut on = Table::new(3, 4, true);
        let mut off = Table::new(3, 4, false);
        for t in [&mut on, &mut off] {
            t.insert(&[1, 0, 0, 0]).unwrap();
            t.insert(&[1, 0, 0, 0]).unwrap();
        }
        assert_eq!(on.count, 1);
        assert_eq!(off.count, 2);
        // Short records are zero-padded to the stride.
        assert_eq!(on.insert(&[1]).unwrap(), 0);
    }

    #[test]
    fn finish_pads_and_leaves_out_empty_parts() {
        let mut b = Builder::default();
        b.order.push(Slot::Strings);
        b.add_table(3, 8, true);
        b.order.push(Slot::Indices);
        b.strings.insert(b"x").unwrap();
        let out = b.finish().unwrap();
        let r = dxil_parts::rdat::Rdat::parse(&out).unwrap();
        assert_eq!(r.parts.len(), 1);
        assert_eq!(r.parts[0].kind, STRING_BUFFER);
        assert_eq!(r.parts[0].data, b"\0x\0\0");
        assert_eq!(r.write().unwrap(), out);
    }
}
