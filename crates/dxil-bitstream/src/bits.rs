//! Bit-level cursor over a byte slice: fixed-width fields, VBR and alignment
//! (BitCodeFormat.rst, "Bitstream Format": fixed width integers, variable width integers).
//!
//! The cursor caches up to 64 bits of the input in a word (least significant bit first), so
//! most fields are one compare, shift and mask.

use crate::error::{Error, ErrorKind, Result};

/// Largest chunk width accepted for a VBR field (LLVM's limit).
pub const MAX_VBR_WIDTH: u32 = 32;
/// Largest width accepted for a fixed field.
pub const MAX_FIXED_WIDTH: u32 = 64;

/// Bits a refill guarantees while at least 8 bytes of input remain.
const REFILL_BITS: u32 = 56;

/// For each VBR chunk width (index), the continuation bits of the chunks that fit in a word.
const CONTINUATION: [u64; MAX_VBR_WIDTH as usize + 1] = continuation_masks();

const fn continuation_masks() -> [u64; MAX_VBR_WIDTH as usize + 1] {
    let mut masks = [0u64; MAX_VBR_WIDTH as usize + 1];
    let mut w = 2;
    while w <= MAX_VBR_WIDTH {
        let mut top = w - 1;
        while top < 64 {
            masks[w as usize] |= 1 << top;
            top += w;
        }
        w += 1;
    }
    masks
}

/// A read cursor over `bytes`, bit-addressed, least significant bit first.
#[derive(Clone, Debug)]
pub(crate) struct BitCursor<'a> {
    bytes: &'a [u8],
    len_bits: u64,
    /// Next byte to load into `word`.
    next_byte: usize,
    /// Unread bits, lowest first; only the low `avail` bits are meaningful (the rest are 0).
    word: u64,
    avail: u32,
}

impl<'a> BitCursor<'a> {
    pub(crate) fn new(bytes: &'a [u8]) -> Self {
        BitCursor {
            bytes,
            len_bits: (bytes.len() as u64).saturating_mul(8),
            next_byte: 0,
            word: 0,
            avail: 0,
        }
    }

    /// Current bit position.
    #[inline]
    pub(crate) fn pos(&self) -> u64 {
        self.next_byte as u64 * 8 - u64::from(self.avail)
    }

    #[inline]
    pub(crate) fn len_bits(&self) -> u64 {
        self.len_bits
    }

    #[inline]
    pub(crate) fn bits_left(&self) -> u64 {
        self.len_bits - self.pos()
    }

    pub(crate) fn bytes(&self) -> &'a [u8] {
        self.bytes
    }

    pub(crate) fn err(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.pos())
    }

    /// Moves to bit `pos`, which must be within the buffer.
    pub(crate) fn seek(&mut self, pos: u64, what: &'static str) -> Result<()> {
        if pos > self.len_bits {
            return Err(self.err(ErrorKind::Truncated(what)));
        }
        self.next_byte = (pos / 8) as usize;
        self.word = 0;
        self.avail = 0;
        let skip = (pos % 8) as u32;
        if skip > 0 {
            self.refill();
            self.word >>= skip;
            self.avail -= skip;
        }
        Ok(())
    }

    /// Tops the word up: to 56..=63 bits when 8 bytes remain (one unaligned load), else with
    /// every byte left. Bits above `avail` are then the bits of the bytes that follow, which
    /// the next load puts in the same places again.
    #[inline(always)]
    fn refill(&mut self) {
        let b = self.next_byte;
        match self.bytes.get(b..b.wrapping_add(8)) {
            Some(s) if self.avail < 64 => {
                let mut a = [0u8; 8];
                a.copy_from_slice(s);
                self.word |= u64::from_le_bytes(a) << self.avail;
                let taken = (63 - self.avail) >> 3;
                self.next_byte = b + taken as usize;
                self.avail += taken * 8;
            }
            _ => self.refill_tail(),
        }
    }

    /// The last (fewer than 8) bytes.
    #[cold]
    fn refill_tail(&mut self) {
        let tail = self.bytes.get(self.next_byte..).unwrap_or(&[]);
        let room = ((64 - self.avail) / 8) as usize;
        for &byte in tail.iter().take(room) {
            self.word |= u64::from(byte) << self.avail;
            self.avail += 8;
            self.next_byte += 1;
        }
    }

    /// Reads a `width`-bit fixed field (0..=64 bits; 0 reads 0).
    #[inline]
    pub(crate) fn read(&mut self, width: u32, what: &'static str) -> Result<u64> {
        debug_assert!(width <= 64);
        if width > self.avail {
            self.refill();
            if width > self.avail {
                return self.read_split(width, what);
            }
        }
        if width == 64 {
            let v = self.word;
            self.word = 0;
            self.avail = 0;
            return Ok(v);
        }
        let v = self.word & ((1u64 << width) - 1);
        self.word >>= width;
        self.avail -= width;
        Ok(v)
    }

    /// A field wider than one refill (57..=64 bits), or one past the end of the input.
    #[cold]
    fn read_split(&mut self, width: u32, what: &'static str) -> Result<u64> {
        if u64::from(width) > self.bits_left() {
            return Err(self.err(ErrorKind::Truncated(what)));
        }
        let lo = self.read(32, what)?;
        let hi = self.read(width - 32, what)?;
        Ok(lo | (hi << 32))
    }

    /// Reads a VBR field with `width`-bit chunks (2..=32), capped at 64 bits of value.
    #[inline(always)]
    pub(crate) fn read_vbr(&mut self, width: u32, what: &'static str) -> Result<u64> {
        debug_assert!((2..=MAX_VBR_WIDTH).contains(&width));
        // One chunk (most fields) from the cached bits, refilled only when the chunk is not
        // all there: a refill per field would cost more than most fields.
        if self.avail < width {
            self.refill();
        }
        let hi_bit = 1u64 << (width - 1);
        let first = self.word & ((hi_bit << 1) - 1);
        if first & hi_bit == 0 && width <= self.avail {
            self.word >>= width;
            self.avail -= width;
            return Ok(first);
        }
        // Two chunks (the next most common), if cached.
        let second = (self.word >> width) & ((hi_bit << 1) - 1);
        if second & hi_bit == 0 && 2 * width <= self.avail {
            self.word >>= 2 * width;
            self.avail -= 2 * width;
            return Ok((first & (hi_bit - 1)) | (second << (width - 1)));
        }
        self.read_vbr_long(width, what)
    }

    /// A VBR of several chunks.
    #[inline(never)]
    fn read_vbr_long(&mut self, width: u32, what: &'static str) -> Result<u64> {
        if self.avail < REFILL_BITS {
            self.refill();
        }
        // The chunks' continuation bits are at fixed places in the word: the lowest clear one
        // among the cached chunks ends the value (at most 63 bits of chunks, so fewer than 63
        // bits of value: no overflow).
        let whole = (self.avail / width) * width;
        let cached = if whole >= 64 {
            u64::MAX
        } else {
            (1u64 << whole) - 1
        };
        let ends = !self.word & CONTINUATION[width as usize] & cached;
        if ends == 0 {
            return self.read_vbr_slow(width, what);
        }
        let used = ends.trailing_zeros() + 1;
        let data = (1u64 << (width - 1)) - 1;
        let (mut word, mut value, mut shift, mut done) = (self.word, 0u64, 0u32, 0u32);
        while done < used {
            value |= (word & data) << shift;
            word >>= width;
            shift += width - 1;
            done += width;
        }
        self.word = word;
        self.avail -= used;
        Ok(value)
    }

    /// A VBR longer than the cached bits: chunk by chunk, with the overflow check.
    #[cold]
    fn read_vbr_slow(&mut self, width: u32, what: &'static str) -> Result<u64> {
        let start = self.pos();
        let hi_bit = 1u64 << (width - 1);
        let mut value = 0u64;
        let mut shift = 0u32;
        loop {
            let piece = self.read(width, what)?;
            let data = piece & (hi_bit - 1);
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
    #[inline(always)]
    pub(crate) fn read_vbr32(&mut self, width: u32, what: &'static str) -> Result<u32> {
        let start = self.pos();
        let v = self.read_vbr(width, what)?;
        u32::try_from(v).map_err(|_| Error::new(ErrorKind::OutOfRange(what), start))
    }

    /// Reads `n` VBR values of `width`-bit chunks into `out` (the operands of an
    /// unabbreviated record, or the elements of a VBR array); the caller has bounded `n` by
    /// the bits left. The loop keeps the cursor in locals (through `&mut self` each field
    /// update is a store) and takes values of one or two chunks without leaving the word.
    #[inline]
    pub(crate) fn read_vbr_into(
        &mut self,
        width: u32,
        n: usize,
        out: &mut Vec<u64>,
        what: &'static str,
    ) -> Result<()> {
        debug_assert!((2..=MAX_VBR_WIDTH).contains(&width));
        // Reserved, then pushed: zero-filling the slots first costs a memset call per record.
        out.reserve(n);
        let hi_bit = 1u64 << (width - 1);
        let chunk = (hi_bit << 1) - 1;
        let (mut word, mut avail) = (self.word, self.avail);
        for _ in 0..n {
            if avail < 2 * width {
                self.word = word;
                self.avail = avail;
                self.refill();
                word = self.word;
                avail = self.avail;
            }
            if avail >= 2 * width {
                let piece = word & chunk;
                if piece & hi_bit == 0 {
                    word >>= width;
                    avail -= width;
                    out.push(piece);
                    continue;
                }
                let second = (word >> width) & chunk;
                if second & hi_bit == 0 {
                    word >>= 2 * width;
                    avail -= 2 * width;
                    out.push((piece & (hi_bit - 1)) | (second << (width - 1)));
                    continue;
                }
            }
            self.word = word;
            self.avail = avail;
            out.push(self.read_vbr(width, what)?);
            word = self.word;
            avail = self.avail;
        }
        self.word = word;
        self.avail = avail;
        Ok(())
    }

    /// Reads `n` fixed fields of `width` bits (1..=32) into `out`, each passed through `map`
    /// (char6 decoding). The caller has checked that `n * width` bits are left in the input,
    /// so no field can run past its end: the elements go straight into `out` (an exact-size
    /// extend, no per-element capacity check), and a field that could not be read (never,
    /// given that check) would read as 0 rather than fail.
    #[inline]
    pub(crate) fn read_fixed_into(
        &mut self,
        width: u32,
        n: usize,
        out: &mut Vec<u64>,
        map: impl Fn(u64) -> u64,
    ) {
        debug_assert!((1..=32).contains(&width));
        debug_assert!(n as u64 * u64::from(width) <= self.bits_left());
        let mask = (1u64 << width) - 1;
        let mut left = n;
        while left > 0 {
            if self.avail < REFILL_BITS {
                self.refill();
            }
            // As many fields as the cached bits hold, in one exact-size extend.
            let k = ((self.avail / width) as usize).min(left);
            if k == 0 {
                out.push(map(self.read(width, "fixed field").unwrap_or(0)));
                left -= 1;
                continue;
            }
            let mut word = self.word;
            out.extend((0..k).map(|_| {
                let v = word & mask;
                word >>= width;
                map(v)
            }));
            self.word = word;
            self.avail -= k as u32 * width;
            left -= k;
        }
    }

    /// The next cached bits (at least 56 while 8 bytes of input remain) and how many there
    /// are; bits above the count are meaningless. Reads nothing.
    #[inline]
    pub(crate) fn peek(&mut self) -> (u64, u32) {
        if self.avail < REFILL_BITS {
            self.refill();
        }
        (self.word, self.avail)
    }

    /// Like [`BitCursor::peek`], refilling only when fewer than `n` bits are cached.
    #[inline]
    pub(crate) fn peek_at_least(&mut self, n: u32) -> (u64, u32) {
        if self.avail < n {
            self.refill();
        }
        (self.word, self.avail)
    }

    /// Skips `n` bits that [`BitCursor::peek`] returned (n < 64, at most its count).
    #[inline]
    pub(crate) fn skip_peeked(&mut self, n: u32) {
        debug_assert!(n < 64 && n <= self.avail);
        self.word >>= n;
        self.avail -= n;
    }

    /// Skips to the next multiple of 32 bits.
    pub(crate) fn align32(&mut self) -> Result<()> {
        let pad = ((32 - self.pos() % 32) % 32) as u32;
        if pad == 0 {
            return Ok(());
        }
        self.read(pad, "alignment padding").map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every width at every starting offset, across word boundaries and at the very end.
    #[test]
    fn fixed_reads_at_every_offset() {
        let bytes: Vec<u8> = (0..24u8).map(|i| i.wrapping_mul(37) ^ 0xa5).collect();
        let bit = |i: u64| (bytes[(i / 8) as usize] >> (i % 8)) & 1;
        for start in 0..=(bytes.len() as u64 * 8) {
            for width in 0..=64u32 {
                let mut c = BitCursor::new(&bytes);
                c.seek(start, "test").unwrap();
                let r = c.read(width, "test");
                if start + u64::from(width) > bytes.len() as u64 * 8 {
                    assert!(r.is_err());
                    continue;
                }
                let expected =
                    (0..u64::from(width)).fold(0u64, |v, k| v | (u64::from(bit(start + k)) << k));
                assert_eq!(r.unwrap(), expected, "start {start} width {width}");
                assert_eq!(c.pos(), start + u64::from(width));
                // A second read continues where the first stopped.
                if let Ok(v) = c.read(3, "test") {
                    let p = start + u64::from(width);
                    let e = (0..3).fold(0u64, |v, k| v | (u64::from(bit(p + k)) << k));
                    assert_eq!(v, e);
                }
            }
        }
    }

    #[test]
    fn vbr_reads_and_overflow() {
        // 0x7ff in vbr4 (3 data bits per chunk): 4 chunks 1111 1111 1111 0011 -> 0b11_111_111_111.
        let bytes = [0xff, 0x3f, 0, 0];
        let mut c = BitCursor::new(&bytes);
        assert_eq!(c.read_vbr(4, "t").unwrap(), 0x7ff);
        assert_eq!(c.pos(), 16);
        // 65 all-ones vbr2 chunks carry 65 data bits: more than 64.
        let ones = [0xffu8; 32];
        let mut c = BitCursor::new(&ones);
        assert_eq!(
            c.read_vbr(2, "t").unwrap_err().kind(),
            &ErrorKind::VbrOverflow
        );
    }

    /// VBR values of every chunk count, for every width, at every bit alignment, as written by
    /// the writer.
    #[test]
    fn vbr_values_written_by_the_writer_read_back() {
        let mut values = vec![0u64, 1, u64::MAX, u64::MAX - 1, 1 << 63];
        for k in 0..64 {
            values.extend([1u64 << k, (1u64 << k) - 1, (1u64 << k) + 1]);
        }
        for width in 2..=MAX_VBR_WIDTH {
            for lead in 0..64u32 {
                let mut w = crate::Writer::new();
                w.emit(0, lead).unwrap();
                for &v in &values {
                    w.emit_vbr(v, width).unwrap();
                }
                let bytes = w.finish().unwrap();
                let mut c = BitCursor::new(&bytes);
                c.seek(32 + u64::from(lead), "test").unwrap();
                for &v in &values {
                    assert_eq!(
                        c.read_vbr(width, "test").unwrap(),
                        v,
                        "width {width} lead {lead}"
                    );
                }
            }
        }
    }
}
