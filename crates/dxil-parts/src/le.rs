//! Little-endian cursor over a part's bytes (reading) and a byte sink (writing).

use crate::error::{Error, ErrorKind, Result};

/// A bounds-checked little-endian reader; every read names the field it reads.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    /// A reader at the start of `data`.
    pub fn new(data: &'a [u8]) -> Self {
        Reader { data, pos: 0 }
    }
    /// Current byte offset.
    pub fn pos(&self) -> usize {
        self.pos
    }
    /// Bytes left.
    pub fn remaining(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }
    /// Reads `n` bytes.
    pub fn bytes(&mut self, n: usize, what: &'static str) -> Result<&'a [u8]> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.data.len())
            .ok_or_else(|| Error::new(ErrorKind::Truncated(what), self.pos))?;
        let s = self
            .data
            .get(self.pos..end)
            .ok_or_else(|| Error::new(ErrorKind::Truncated(what), self.pos))?;
        self.pos = end;
        Ok(s)
    }
    /// Reads every byte left.
    pub fn rest(&mut self) -> &'a [u8] {
        let s = self.data.get(self.pos..).unwrap_or(&[]);
        self.pos = self.data.len();
        s
    }
    /// Reads a `u8`.
    pub fn u8(&mut self, what: &'static str) -> Result<u8> {
        Ok(self.bytes(1, what)?[0])
    }
    /// Reads a little-endian `u16`.
    pub fn u16(&mut self, what: &'static str) -> Result<u16> {
        let b = self.bytes(2, what)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }
    /// Reads a little-endian `u32`.
    pub fn u32(&mut self, what: &'static str) -> Result<u32> {
        let b = self.bytes(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }
    /// Reads `count` little-endian `u32`s, checking the length before allocating.
    pub fn u32_array(&mut self, count: usize, what: &'static str) -> Result<Vec<u32>> {
        let n = count
            .checked_mul(4)
            .ok_or_else(|| Error::new(ErrorKind::Truncated(what), self.pos))?;
        let b = self.bytes(n, what)?;
        Ok(b.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

/// Appends little-endian values to a byte vector.
pub trait Sink {
    /// Appends a `u16`.
    fn put_u16(&mut self, v: u16);
    /// Appends a `u32`.
    fn put_u32(&mut self, v: u32);
    /// Appends `u32`s.
    fn put_u32s(&mut self, v: &[u32]);
}

impl Sink for Vec<u8> {
    fn put_u16(&mut self, v: u16) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_u32(&mut self, v: u32) {
        self.extend_from_slice(&v.to_le_bytes());
    }
    fn put_u32s(&mut self, v: &[u32]) {
        for &x in v {
            self.put_u32(x);
        }
    }
}

/// Reads the NUL-terminated string starting at `offset` of `table`.
pub fn c_str(table: &[u8], offset: usize) -> Option<&str> {
    let tail = table.get(offset..)?;
    let end = tail.iter().position(|&b| b == 0)?;
    std::str::from_utf8(tail.get(..end)?).ok()
}
