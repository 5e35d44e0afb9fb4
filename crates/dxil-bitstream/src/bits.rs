//! Bit-level cursor over a byte slice: fixed-width fields, VBR and alignment
//! (BitCodeFormat.rst, "Bitstream Format": fixed width integers, variable width integers).

use crate::error::{Error, ErrorKind, Result};

/// Largest chunk width accepted for a VBR field (LLVM's limit).
pub const MAX_VBR_WIDTH: u32 = 32;
/// Largest width accepted for a fixed field.
pub const MAX_FIXED_WIDTH: u32 = 64;

/// A read cursor over `bytes`, bit-addressed, least significant bit first.
#[derive(Clone, Debug)]
pub(crate) struct BitCursor<'a> {
    bytes: &'a [u8],
    pos: u64,
    len_bits: u64,
}

impl<'a> BitCursor<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        BitCursor {
            bytes,
            pos: 0,
            len_bits: (bytes.len() as u64).saturating_mul(8),
        }
    }

    #[inline]
    pub(crate) fn pos(&self) -> u64 {
        self.pos
    }

    #[inline]
    pub(crate) fn len_bits(&self) -> u64 {
        self.len_bits
    }

    #[inline]
    pub(crate) fn bits_left(&self) -> u64 {
        self.len_bits - self.pos
    }

    pub(crate) fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    pub(crate) fn err(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.pos)
    }

    /// Moves to bit `pos`, which must be within the buffer.
    pub(crate) fn seek(&mut self, pos: u64, what: &'static str) -> Result<()> {
        if pos > self.len_bits {
            return Err(self.err(ErrorKind::Truncated(what)));
        }
        self.pos = pos;
        Ok(())
    }

    /// Loads up to 8 bytes starting at byte `byte` as a little-endian word (zero padded).
    #[inline]
    fn load(&self, byte: usize) -> u64 {
        match self.bytes.get(byte..byte.saturating_add(8)) {
            Some(s) => {
                let mut a = [0u8; 8];
                a.copy_from_slice(s);
                u64::from_le_bytes(a)
            }
            None => {
                let mut a = [0u8; 8];
                if let Some(tail) = self.bytes.get(byte..) {
                    for (d, s) in a.iter_mut().zip(tail) {
                        *d = *s;
                    }
                }
                u64::from_le_bytes(a)
            }
        }
    }

    /// Reads a `width`-bit fixed field (0..=64 bits; 0 reads 0).
    #[inline]
    pub(crate) fn read(&mut self, width: u32, what: &'static str) -> Result<u64> {
        if width == 0 {
            return Ok(0);
        }
        if width > 56 {
            let lo = self.read(32, what)?;
            let hi = self.read(width - 32, what)?;
            return Ok(lo | (hi << 32));
        }
        if u64::from(width) > self.bits_left() {
            return Err(self.err(ErrorKind::Truncated(what)));
        }
        let byte = (self.pos / 8) as usize;
        let shift = (self.pos % 8) as u32;
        let word = self.load(byte) >> shift;
        self.pos += u64::from(width);
        Ok(word & ((1u64 << width) - 1))
    }

    /// Reads a VBR field with `width`-bit chunks (2..=32), capped at 64 bits of value.
    #[inline]
    pub(crate) fn read_vbr(&mut self, width: u32, what: &'static str) -> Result<u64> {
        debug_assert!((2..=MAX_VBR_WIDTH).contains(&width));
        let hi_bit = 1u64 << (width - 1);
        let mask = hi_bit - 1;
        // Fast path: the whole value lies in the 56 bits loaded from one unaligned word.
        if self.bits_left() >= 64 {
            let shift = (self.pos % 8) as u32;
            let mut word = self.load((self.pos / 8) as usize) >> shift;
            let avail = 64 - shift;
            let mut used = 0;
            let mut value = 0u64;
            let mut vshift = 0;
            while used + width <= avail {
                let piece = word & ((hi_bit << 1) - 1);
                value |= (piece & mask) << vshift;
                used += width;
                if piece & hi_bit == 0 {
                    self.pos += u64::from(used);
                    return Ok(value);
                }
                word >>= width;
                vshift += width - 1;
            }
        }
        self.read_vbr_slow(width, what)
    }

    /// Chunk-by-chunk VBR decoding, used near the end of the input and for long values.
    fn read_vbr_slow(&mut self, width: u32, what: &'static str) -> Result<u64> {
        let start = self.pos;
        let hi_bit = 1u64 << (width - 1);
        let mask = hi_bit - 1;
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            let piece = self.read(width, what)?;
            let data = piece & mask;
            if shift >= 64 || (shift > 0 && (data >> (64 - shift)) != 0) {
                return Err(Error::new(ErrorKind::VbrOverflow, start));
            }
            value |= data << shift;
            if piece & hi_bit == 0 {
                return Ok(value);
            }
            shift += width - 1;
        }
    }

    /// Reads a VBR field that must fit in 32 bits.
    pub(crate) fn read_vbr32(&mut self, width: u32, what: &'static str) -> Result<u32> {
        let start = self.pos;
        let v = self.read_vbr(width, what)?;
        u32::try_from(v).map_err(|_| Error::new(ErrorKind::OutOfRange(what), start))
    }

    /// Skips to the next multiple of 32 bits.
    pub(crate) fn align32(&mut self) -> Result<()> {
        let p = self.pos.div_ceil(32) * 32;
        self.seek(p, "alignment padding")
    }
}
