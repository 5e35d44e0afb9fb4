//! The writer: the mirror of [`crate::Reader`] (BitCodeFormat.rst, "Bitstream Format").
//!
//! Bits are accumulated least significant first in a 64-bit word and flushed as little-endian
//! bytes (the stream's 32-bit words, two at a time); block length words are back-patched at
//! END_BLOCK. An abbreviated record is checked against its abbreviation while it is written:
//! a mismatch rewinds the output to where the record began, so a refused record leaves no
//! bits behind.

use std::sync::Arc;

mod abbrev_set;
mod vbr;
mod words;
pub use abbrev_set::AbbrevSet;
pub use words::Words;

use crate::abbrev::{Abbrev, AbbrevOp};
use crate::bits::{MAX_FIXED_WIDTH, MAX_VBR_WIDTH};
use crate::error::{Error, ErrorKind, Result};
use crate::reader::{BITCODE_MAGIC, BLOCKINFO_CODE_SETBID};
use crate::record::{DEFINE_ABBREV, END_BLOCK, ENTER_SUBBLOCK, UNABBREV_RECORD};
use crate::{char6, BLOCKINFO_BLOCK_ID, MAX_ABBREVS, MAX_BLOCKINFO_ENTRIES, MAX_DEPTH};

#[derive(Debug)]
struct Scope {
    block_id: Option<u32>,
    abbrev_width: u32,
    /// Byte index of the block's length word.
    len_at: usize,
    /// The BLOCKINFO entry this block took its first abbreviations from (an index into
    /// `Writer::blockinfo`) and how many it had when the block was entered: BLOCKINFO lists
    /// only grow, so that prefix is what the block sees, without a copy.
    inherited: Option<(usize, usize)>,
    /// Where the abbreviations defined in the block itself (ids after the inherited ones)
    /// start in `Writer::local`.
    local_at: usize,
    setbid: Option<u32>,
}

impl Scope {
    fn inherited_len(&self) -> usize {
        self.inherited.map_or(0, |(_, n)| n)
    }
}

/// The output bits, apart from the block state so that a record can be emitted while the
/// abbreviation describing it is borrowed from the scope.
#[derive(Debug)]
struct Bits {
    buf: Vec<u8>,
    /// Pending bits, least significant first; `nacc` < 64 of them.
    acc: u64,
    nacc: u32,
}

/// Where the output stood before a record, to rewind to when the record is refused.
#[derive(Clone, Copy)]
struct Mark {
    len: usize,
    acc: u64,
    nacc: u32,
}

impl Bits {
    /// Emits bits without checks (`value` fits in `width` <= 64).
    #[inline]
    fn emit_bits(&mut self, value: u64, width: u32) {
        let n = self.nacc;
        self.acc |= value << n;
        let total = n + width;
        if total < 64 {
            self.nacc = total;
            return;
        }
        self.buf.extend_from_slice(&self.acc.to_le_bytes());
        // The bits of `value` that did not fit (none when the word was empty: then
        // `width` was 64).
        self.acc = if n == 0 { 0 } else { value >> (64 - n) };
        self.nacc = total - 64;
    }

    /// Emits a VBR (`width` 2..=32). The chunks are gathered in a register and emitted
    /// together (two calls at most, for values above 2^58 in 6-bit chunks).
    #[inline(always)]
    fn emit_vbr_unchecked(&mut self, value: u64, width: u32) {
        if value < 1u64 << (width - 1) {
            self.emit_bits(value, width);
        } else {
            self.emit_vbr_chunks(value, width);
        }
    }

    /// A VBR of more than one chunk (kept out of line: most values take one).
    #[inline(never)]
    fn emit_vbr_chunks(&mut self, mut value: u64, width: u32) {
        if width == 6 {
            let [(a, an), (b, bn)] = vbr::vbr6_long(value);
            self.emit_bits(a, an);
            if bn != 0 {
                self.emit_bits(b, bn);
            }
            return;
        }
        if width == 8 && value < vbr::VBR8_SPREAD_LIMIT {
            let (bits, n) = vbr::vbr8_spread(value);
            self.emit_bits(bits, n);
            return;
        }
        let data = width - 1;
        let hi = 1u64 << data;
        let mask = hi - 1;
        if value >> (2 * data) == 0 {
            // Two chunks (a byte in 6-bit chunks, as in the metadata kind names).
            let two = ((value & mask) | hi) | (value >> data) << width;
            self.emit_bits(two, 2 * width);
            return;
        }
        // Continuation chunks gathered in a register, flushed before the next would not fit.
        let (mut out, mut pos) = (0u64, 0u32);
        while value >= hi {
            out |= ((value & mask) | hi) << pos;
            pos += width;
            value >>= data;
            if pos + width > 64 {
                self.emit_bits(out, pos);
                (out, pos) = (0, 0);
            }
        }
        self.emit_bits(out | value << pos, pos + width);
    }

    /// Emits 64 bits of each of `full`, then the low `tail_bits` (0..=64) of `tail`: bits
    /// encoded beforehand, shifted into place with one reservation for all.
    fn emit_words(&mut self, full: &[u64], tail: u64, tail_bits: u32) {
        let (acc, n) = (self.acc, self.nacc);
        self.buf.reserve(full.len() * 8);
        let mut acc = acc;
        for &x in full {
            self.buf.extend_from_slice(&(acc | x << n).to_le_bytes());
            // The bits of `x` that did not fit (none when the word was empty).
            acc = if n == 0 { 0 } else { x >> (64 - n) };
        }
        self.acc = acc;
        if tail_bits != 0 {
            let tail = if tail_bits >= 64 {
                tail
            } else {
                tail & ((1u64 << tail_bits) - 1)
            };
            self.emit_bits(tail, tail_bits.min(64));
        }
    }

    /// Emits whole 64-bit words given as their little-endian bytes (`bytes.len()` a multiple
    /// of 8): copied as they are when the output stands at a 32-bit boundary (bits encoded
    /// beforehand for the start of a block), shifted into place otherwise.
    fn emit_word_bytes(&mut self, bytes: &[u8]) {
        if self.nacc.is_multiple_of(32) {
            if self.nacc == 32 {
                self.buf.extend_from_slice(&(self.acc as u32).to_le_bytes());
                (self.acc, self.nacc) = (0, 0);
            }
            self.buf.extend_from_slice(bytes);
            return;
        }
        self.acc = shift_words_in(&mut self.buf, self.acc, self.nacc, bytes);
    }

    /// Emits each byte of `bytes` as an 8-bit field, after the low `width` bits of `head`
    /// (`width` <= 64; the bits above it are dropped): a word of bytes at a time.
    fn emit_head_and_bytes8(&mut self, head: u64, width: u32, bytes: &[u8]) {
        let (mut acc, mut nacc) = (self.acc, self.nacc);
        let head = if width >= 64 {
            head
        } else {
            head & ((1u64 << width) - 1)
        };
        push_bits(&mut self.buf, &mut acc, &mut nacc, head, width.min(64));
        let whole = bytes.len() & !7;
        if whole >= 64 {
            acc = shift_words_in(&mut self.buf, acc, nacc, &bytes[..whole]);
        } else {
            // Most strings are short: a few words, each one field, without a copy call.
            for w in bytes[..whole].chunks_exact(8) {
                push_bits(&mut self.buf, &mut acc, &mut nacc, le_word(w), 64);
            }
        }
        let rest = &bytes[whole..];
        if !rest.is_empty() {
            let r = rest.len();
            let word = if bytes.len() >= 8 {
                // The last eight bytes, those already written shifted out.
                le_word(&bytes[bytes.len() - 8..]) >> (8 * (8 - r))
            } else {
                rest.iter().rev().fold(0u64, |w, &b| w << 8 | u64::from(b))
            };
            push_bits(&mut self.buf, &mut acc, &mut nacc, word, 8 * r as u32);
        }
        (self.acc, self.nacc) = (acc, nacc);
    }

    /// Emits `vals` as VBRs of `width` (2..=32). Values of one or two chunks (most operands)
    /// go straight into the accumulator, kept in registers for the whole run.
    fn emit_vbr_run(&mut self, vals: &[u64], width: u32) {
        if width == 6 {
            self.emit_vbr6_run(vals);
            return;
        }
        let data = width - 1;
        let hi = 1u64 << data;
        let mask = hi - 1;
        let (mut acc, mut nacc) = (self.acc, self.nacc);
        for &v in vals {
            let (bits, n) = if v < hi {
                (v, width)
            } else if v >> (2 * data) == 0 {
                (((v & mask) | hi) | (v >> data) << width, 2 * width)
            } else {
                (self.acc, self.nacc) = (acc, nacc);
                self.emit_vbr_chunks(v, width);
                (acc, nacc) = (self.acc, self.nacc);
                continue;
            };
            push_bits(&mut self.buf, &mut acc, &mut nacc, bits, n);
        }
        (self.acc, self.nacc) = (acc, nacc);
    }

    /// [`Bits::emit_vbr_run`] in 6-bit chunks (unabbreviated operands, most arrays): each
    /// value one shift and OR into the accumulator kept in registers.
    #[inline(always)]
    fn emit_vbr6_run(&mut self, vals: &[u64]) {
        let (mut acc, mut nacc) = (self.acc, self.nacc);
        // Four at a time: four one-chunk values (most flags, counts and relative operand
        // ids) are one field of 24 bits; otherwise two pairs.
        let mut quads = vals.chunks_exact(4);
        for q in quads.by_ref() {
            let (a, b, c, d) = (q[0], q[1], q[2], q[3]);
            if (a | b | c | d) < 32 {
                let field = a | b << 6 | c << 12 | d << 18;
                push_bits(&mut self.buf, &mut acc, &mut nacc, field, 24);
            } else {
                push_vbr6_pair(&mut self.buf, &mut acc, &mut nacc, a, b);
                push_vbr6_pair(&mut self.buf, &mut acc, &mut nacc, c, d);
            }
        }
        let rest = quads.remainder();
        let mut pairs = rest.chunks_exact(2);
        for p in pairs.by_ref() {
            push_vbr6_pair(&mut self.buf, &mut acc, &mut nacc, p[0], p[1]);
        }
        if let [v] = *pairs.remainder() {
            push_vbr6(&mut self.buf, &mut acc, &mut nacc, v);
        }
        (self.acc, self.nacc) = (acc, nacc);
    }

    /// Emits `bytes` as VBRs of `width` (5..=32: a byte takes one or two chunks), packed
    /// into a register and emitted a word at a time.
    fn emit_vbr_bytes(&mut self, bytes: &[u8], width: u32) {
        if width == 6 {
            self.emit_vbr6_bytes(bytes);
            return;
        }
        let data = width - 1;
        let hi = 1u64 << data;
        let mask = hi - 1;
        // A byte takes at most `2 * width` bits: this many always fit in one register.
        let per = (64 / (2 * width)) as usize;
        for chunk in bytes.chunks(per) {
            let (mut out, mut pos) = (0u64, 0u32);
            for &b in chunk {
                let v = u64::from(b);
                let (bits, n) = if v < hi {
                    (v, width)
                } else {
                    (((v & mask) | hi) | (v >> data) << width, 2 * width)
                };
                out |= bits << pos;
                pos += n;
            }
            self.emit_bits(out, pos);
        }
    }

    /// [`Bits::emit_vbr_bytes`] in 6-bit chunks (the unabbreviated string records): each
    /// byte's encoding from a table, straight into the accumulator kept in registers.
    fn emit_vbr6_bytes(&mut self, bytes: &[u8]) {
        let (mut acc, mut nacc) = (self.acc, self.nacc);
        for &b in bytes {
            let bits = u64::from(VBR6_BYTE[usize::from(b)]);
            let n = if b < 32 { 6 } else { 12 };
            push_bits(&mut self.buf, &mut acc, &mut nacc, bits, n);
        }
        (self.acc, self.nacc) = (acc, nacc);
    }

    /// Emits `bytes` as fixed fields of `width` (1..=32; each byte fits), packed into a
    /// register and emitted a word at a time.
    fn emit_fixed_bytes(&mut self, bytes: &[u8], width: u32) {
        if width == 8 {
            // Eight-bit fields are the bytes themselves, least significant first.
            let mut words = bytes.chunks_exact(8);
            for w in words.by_ref() {
                let mut b = [0u8; 8];
                b.copy_from_slice(w);
                self.emit_bits(u64::from_le_bytes(b), 64);
            }
            let rest = words.remainder();
            let mut b = [0u8; 8];
            b[..rest.len()].copy_from_slice(rest);
            self.emit_bits(u64::from_le_bytes(b), 8 * rest.len() as u32);
            return;
        }
        let per = (64 / width) as usize;
        for chunk in bytes.chunks(per) {
            let mut out = 0u64;
            for (i, &b) in chunk.iter().enumerate() {
                out |= u64::from(b) << (i as u32 * width);
            }
            self.emit_bits(out, chunk.len() as u32 * width);
        }
    }

    /// Emits `vals` as fixed fields of `width` (1..=32) straight into the accumulator, kept
    /// in registers for the whole run. Returns the bits of the values above `width`, ORed:
    /// nonzero when one did not fit (the caller then rewinds what was emitted).
    fn emit_fixed_run(&mut self, vals: &[u64], width: u32) -> u64 {
        let (mut acc, mut nacc) = (self.acc, self.nacc);
        let mut over = 0;
        for &v in vals {
            over |= v >> width;
            acc |= v << nacc;
            let total = nacc + width;
            if total < 64 {
                nacc = total;
                continue;
            }
            self.buf.extend_from_slice(&acc.to_le_bytes());
            acc = if nacc == 0 { 0 } else { v >> (64 - nacc) };
            nacc = total - 64;
        }
        (self.acc, self.nacc) = (acc, nacc);
        over
    }

    /// Pads with zero bits to a multiple of 32 bits, and flushes them: nothing stays pending.
    fn align32(&mut self) {
        let r = self.nacc % 32;
        if r != 0 {
            self.emit_bits(0, 32 - r);
        }
        if self.nacc == 32 {
            self.buf.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc = 0;
            self.nacc = 0;
        }
    }

    fn mark(&self) -> Mark {
        Mark {
            len: self.buf.len(),
            acc: self.acc,
            nacc: self.nacc,
        }
    }

    /// Rewinds to `m`: bits only ever append, so the bytes before it are untouched.
    fn rewind(&mut self, m: Mark) {
        self.buf.truncate(m.len);
        self.acc = m.acc;
        self.nacc = m.nacc;
    }

    /// Emits one scalar field, checking that `v` can be written with `op`. Inline: a call
    /// per field cost more than the field (its result travels through memory).
    #[inline(always)]
    fn emit_checked(&mut self, op: AbbrevOp, v: u64) -> std::result::Result<(), &'static str> {
        match op {
            AbbrevOp::Literal(l) => {
                if l != v {
                    return Err("value differs from the literal");
                }
            }
            AbbrevOp::Fixed(w) => {
                if w < 64 && v >> w != 0 {
                    return Err("value too wide for fixed field");
                }
                self.emit_bits(v, u32::from(w));
            }
            AbbrevOp::Vbr(0) => {
                if v != 0 {
                    return Err("nonzero value for a VBR(0) field");
                }
            }
            AbbrevOp::Vbr(w) => self.emit_vbr_unchecked(v, u32::from(w)),
            AbbrevOp::Char6 => match char6::encode(v) {
                Some(c) => self.emit_bits(u64::from(c), 6),
                None => return Err("value is not a char6 character"),
            },
            // Not scalar positions ([`Abbrev::new`] keeps them out).
            AbbrevOp::Array | AbbrevOp::Blob => {}
        }
        Ok(())
    }

    /// Emits the fields of an abbreviated record after its abbreviation id, checking each
    /// against `aops`. On error the caller rewinds.
    fn emit_fields(
        &mut self,
        aops: &[AbbrevOp],
        code: u32,
        ops: &[u64],
        blob: Option<&[u8]>,
    ) -> std::result::Result<(), &'static str> {
        let Some((&first, rest)) = aops.split_first() else {
            return Err("abbreviation has no operands");
        };
        self.emit_checked(first, u64::from(code))?;
        let mut vals = ops;
        let mut saw_blob = false;
        for (i, &op) in rest.iter().enumerate() {
            match op {
                AbbrevOp::Array => {
                    let elt = rest.get(i + 1).copied().unwrap_or(AbbrevOp::Array);
                    self.emit_vbr_unchecked(vals.len() as u64, 6);
                    self.emit_array(elt, vals)?;
                    vals = &[];
                    break;
                }
                AbbrevOp::Blob => {
                    saw_blob = true;
                    if let Some(b) = blob {
                        self.emit_vbr_unchecked(b.len() as u64, 6);
                        self.align32();
                        self.buf.extend_from_slice(b);
                        let pad = self.buf.len().wrapping_neg() & 3;
                        self.buf.extend_from_slice(&[0; 3][..pad]);
                    }
                    break;
                }
                op => {
                    let (&v, tail) = vals.split_first().ok_or("too few operands")?;
                    self.emit_checked(op, v)?;
                    vals = tail;
                }
            }
        }
        if !vals.is_empty() {
            return Err("too many operands");
        }
        if saw_blob != blob.is_some() {
            return Err("blob presence differs from the abbreviation");
        }
        Ok(())
    }

    /// [`Bits::emit_fields`] for a record whose operands are `head` then one per byte of
    /// `tail` (strings and names: the bytes are not widened to operands first). No blob.
    fn emit_fields_bytes(
        &mut self,
        aops: &[AbbrevOp],
        code: u32,
        head: &[u64],
        tail: &[u8],
    ) -> std::result::Result<(), &'static str> {
        let Some((&first, rest)) = aops.split_first() else {
            return Err("abbreviation has no operands");
        };
        self.emit_checked(first, u64::from(code))?;
        let (mut head, mut tail) = (head, tail);
        for (i, &op) in rest.iter().enumerate() {
            match op {
                AbbrevOp::Array => {
                    let elt = rest.get(i + 1).copied().unwrap_or(AbbrevOp::Array);
                    self.emit_vbr_unchecked((head.len() + tail.len()) as u64, 6);
                    self.emit_array(elt, head)?;
                    self.emit_array_bytes(elt, tail)?;
                    (head, tail) = (&[], &[]);
                    break;
                }
                AbbrevOp::Blob => return Err("blob presence differs from the abbreviation"),
                op => {
                    let v = if let Some((&v, rest)) = head.split_first() {
                        head = rest;
                        v
                    } else {
                        let (&b, rest) = tail.split_first().ok_or("too few operands")?;
                        tail = rest;
                        u64::from(b)
                    };
                    self.emit_checked(op, v)?;
                }
            }
        }
        if !head.is_empty() || !tail.is_empty() {
            return Err("too many operands");
        }
        Ok(())
    }

    /// [`Bits::emit_array`] over bytes.
    fn emit_array_bytes(
        &mut self,
        elt: AbbrevOp,
        bytes: &[u8],
    ) -> std::result::Result<(), &'static str> {
        match elt {
            AbbrevOp::Fixed(w) if (1..=32).contains(&w) => {
                if w < 8 && bytes.iter().any(|&b| b >> w != 0) {
                    return Err("value too wide for fixed field");
                }
                self.emit_fixed_bytes(bytes, u32::from(w));
            }
            AbbrevOp::Vbr(w) if w >= 5 => self.emit_vbr_bytes(bytes, u32::from(w)),
            AbbrevOp::Char6 => {
                // Encoded and checked in one pass (a refused byte has all bits set); the
                // caller rewinds what was emitted when one is refused.
                let mut bad = 0u8;
                for chunk in bytes.chunks(10) {
                    let mut out = 0u64;
                    for (i, &b) in chunk.iter().enumerate() {
                        let c = char6::CODES[usize::from(b)];
                        bad |= c;
                        out |= u64::from(c) << (6 * i);
                    }
                    self.emit_bits(out & ((1 << (6 * chunk.len())) - 1), 6 * chunk.len() as u32);
                }
                if bad == char6::NOT_CHAR6 {
                    return Err("value is not a char6 character");
                }
            }
            other => {
                for &b in bytes {
                    self.emit_checked(other, u64::from(b))?;
                }
            }
        }
        Ok(())
    }

    /// The elements of an array field, one loop per element encoding.
    fn emit_array(&mut self, elt: AbbrevOp, vals: &[u64]) -> std::result::Result<(), &'static str> {
        match elt {
            AbbrevOp::Fixed(w) => {
                let w32 = u32::from(w);
                if (1..=32).contains(&w32) {
                    if self.emit_fixed_run(vals, w32) != 0 {
                        return Err("value too wide for fixed field");
                    }
                } else {
                    if w < 64 && vals.iter().any(|&v| v >> w != 0) {
                        return Err("value too wide for fixed field");
                    }
                    for &v in vals {
                        self.emit_bits(v, w32);
                    }
                }
            }
            AbbrevOp::Vbr(w) if w > 1 => self.emit_vbr_run(vals, u32::from(w)),
            AbbrevOp::Char6 => {
                for chunk in vals.chunks(10) {
                    let mut out = 0u64;
                    for (i, &v) in chunk.iter().enumerate() {
                        let c = char6::encode(v).ok_or("value is not a char6 character")?;
                        out |= u64::from(c) << (6 * i);
                    }
                    self.emit_bits(out, 6 * chunk.len() as u32);
                }
            }
            other => {
                for &v in vals {
                    self.emit_checked(other, v)?;
                }
            }
        }
        Ok(())
    }
}

/// Small fields gathered least significant first (`n` <= 64 bits) before they are emitted.
struct Fields {
    bits: u64,
    n: u32,
}

impl Fields {
    /// A field of `width` bits (1..=64) holding `v`.
    #[inline(always)]
    fn put(&mut self, out: &mut Bits, v: u64, width: u32) {
        if self.n + width >= 64 {
            out.emit_bits(self.bits, self.n);
            (self.bits, self.n) = (0, 0);
        }
        self.bits |= v << self.n;
        self.n += width;
    }

    /// A VBR field (`width` 2..=32).
    #[inline(always)]
    fn vbr(&mut self, out: &mut Bits, v: u64, width: u32) {
        if v >> (width - 1) == 0 {
            self.put(out, v, width);
        } else {
            out.emit_bits(self.bits, self.n);
            (self.bits, self.n) = (0, 0);
            out.emit_vbr_chunks(v, width);
        }
    }
}

/// The VBR6 encoding of every byte (one chunk below 32, two from 32).
static VBR6_BYTE: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut b = 0;
    while b < 256 {
        t[b] = if b < 32 {
            b as u16
        } else {
            ((b & 31) | 32 | (b >> 5) << 6) as u16
        };
        b += 1;
    }
    t
};

/// The VBR6 encoding of `v` (below 1024: one or two chunks) and its width.
#[inline(always)]
fn vbr6_small(v: u64) -> (u64, u32) {
    if v < 32 {
        (v, 6)
    } else {
        ((v & 31) | 32 | (v >> 5) << 6, 12)
    }
}

/// Builds a bitstream in memory.
#[derive(Debug)]
pub struct Writer {
    bits: Bits,
    scopes: Vec<Scope>,
    /// BLOCKINFO abbreviations by block id. A list is shared with the [`BlockInfo`] it came
    /// from until a DEFINE_ABBREV adds to it.
    blockinfo: Vec<(u32, Arc<Vec<Arc<Abbrev>>>)>,
    /// The abbreviations the open blocks defined themselves, outermost block first (one
    /// list for all, not one allocation per block).
    local: Vec<Arc<Abbrev>>,
    /// The innermost scope's abbreviation id width and whether it is BLOCKINFO, kept apart
    /// from `scopes` for the per-record paths.
    width: u32,
    in_blockinfo: bool,
    /// Whether a record can take the short unabbreviated path: inside a block other than
    /// BLOCKINFO (whose records are tracked), with an abbreviation id width of at most 16
    /// (so a header and two short operands fit one 64-bit field).
    plain: bool,
}

impl Default for Writer {
    fn default() -> Self {
        Self::new()
    }
}

impl Writer {
    /// A writer whose output starts with the `BC` 0xC0DE magic; top-level abbrev width 2.
    pub fn new() -> Self {
        Self::with_capacity(0)
    }

    /// Like [`Writer::new`], reserving `bytes` of output.
    pub fn with_capacity(bytes: usize) -> Self {
        let mut buf = Vec::with_capacity(bytes.max(4));
        buf.extend_from_slice(&BITCODE_MAGIC);
        Writer {
            bits: Bits {
                buf,
                acc: 0,
                nacc: 0,
            },
            scopes: {
                // The top level and LLVM's deepest nesting (module, function, a block inside).
                let mut v = Vec::with_capacity(4);
                v.push(Scope {
                    block_id: None,
                    abbrev_width: 2,
                    len_at: 0,
                    inherited: None,
                    local_at: 0,
                    setbid: None,
                });
                v
            },
            blockinfo: Vec::new(),
            local: Vec::new(),
            width: 2,
            in_blockinfo: false,
            plain: false,
        }
    }

    /// Current bit offset from the start of the output.
    pub fn bit_offset(&self) -> u64 {
        self.bits.buf.len() as u64 * 8 + u64::from(self.bits.nacc)
    }

    /// Number of open blocks.
    pub fn depth(&self) -> usize {
        self.scopes.len() - 1
    }

    #[cold]
    #[inline(never)]
    fn err(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.bit_offset())
    }

    fn top(&self) -> &Scope {
        self.scopes
            .last()
            .unwrap_or_else(|| unreachable!("top-level scope is never popped"))
    }

    /// Emits `value` in a `width`-bit fixed field (0..=64; the value must fit).
    pub fn emit(&mut self, value: u64, width: u32) -> Result<()> {
        if width > MAX_FIXED_WIDTH || (width < 64 && value >> width != 0) {
            return Err(self.err(ErrorKind::OutOfRange("fixed field value")));
        }
        self.emit_bits(value, width);
        Ok(())
    }

    /// Emits the low `width` bits of `value` (`width` above 64 counts as 64), unchecked: for
    /// a caller that packs the fields of a record it defined the abbreviation of into one
    /// word. Bits above `width` are dropped, so a wrong value cannot disturb what follows.
    #[inline]
    pub fn emit_masked(&mut self, value: u64, width: u32) {
        let width = width.min(64);
        let value = if width == 64 {
            value
        } else {
            value & ((1u64 << width) - 1)
        };
        self.emit_bits(value, width);
    }

    #[inline]
    fn emit_bits(&mut self, value: u64, width: u32) {
        self.bits.emit_bits(value, width);
    }

    /// Emits the low `width` bits of `head` (as [`Writer::emit_masked`]), then each byte of
    /// `bytes` as an 8-bit fixed field: the fields of a record whose abbreviation the caller
    /// defined, ending with an array of 8-bit elements (a string), a word at a time.
    pub fn emit_masked_and_bytes(&mut self, head: u64, width: u32, bytes: &[u8]) {
        self.bits.emit_head_and_bytes8(head, width, bytes);
    }

    /// Emits `words` (the last holding `tail_bits` bits, 1..=64; the others 64): bits
    /// encoded beforehand, such as records that are the same in every stream. Bits of the
    /// last word above `tail_bits` are dropped.
    pub fn emit_words(&mut self, words: &[u64], tail_bits: u32) {
        if let Some((last, full)) = words.split_last() {
            self.bits.emit_words(full, *last, tail_bits);
        }
    }

    /// Emits `value` as a VBR with `width`-bit chunks (2..=32).
    pub fn emit_vbr(&mut self, value: u64, width: u32) -> Result<()> {
        if !(2..=MAX_VBR_WIDTH).contains(&width) {
            return Err(self.err(ErrorKind::OutOfRange("VBR width")));
        }
        self.emit_vbr_unchecked(value, width);
        Ok(())
    }

    #[inline]
    fn emit_vbr_unchecked(&mut self, value: u64, width: u32) {
        self.bits.emit_vbr_unchecked(value, width);
    }

    /// Pads with zero bits to a multiple of 32 bits.
    pub fn align32(&mut self) {
        self.bits.align32();
    }

    /// Opens a block with the given ID and abbreviation ID width (1..=32), applying the
    /// abbreviations registered through BLOCKINFO for that ID.
    pub fn enter_block(&mut self, block_id: u32, abbrev_width: u32) -> Result<()> {
        if self.depth() >= MAX_DEPTH {
            return Err(self.err(ErrorKind::TooDeep(MAX_DEPTH)));
        }
        if abbrev_width == 0 || abbrev_width > MAX_VBR_WIDTH {
            return Err(self.err(ErrorKind::InvalidBlock("abbreviation id width")));
        }
        let w = self.top().abbrev_width;
        self.emit_bits(u64::from(ENTER_SUBBLOCK), w);
        self.emit_vbr_unchecked(u64::from(block_id), 8);
        self.emit_vbr_unchecked(u64::from(abbrev_width), 4);
        self.align32();
        let len_at = self.bits.buf.len();
        self.emit_bits(0, 32);
        let inherited = self
            .blockinfo
            .iter()
            .position(|(id, _)| *id == block_id)
            .map(|i| (i, self.blockinfo[i].1.len()));
        self.scopes.push(Scope {
            block_id: Some(block_id),
            abbrev_width,
            len_at,
            inherited,
            local_at: self.local.len(),
            setbid: None,
        });
        self.width = abbrev_width;
        self.in_blockinfo = block_id == BLOCKINFO_BLOCK_ID;
        self.plain = !self.in_blockinfo && abbrev_width <= 16;
        Ok(())
    }

    /// Closes the innermost block: END_BLOCK, alignment, and its length word patched.
    pub fn exit_block(&mut self) -> Result<()> {
        if self.depth() == 0 {
            return Err(self.err(ErrorKind::AtTopLevel("END_BLOCK")));
        }
        let w = self.top().abbrev_width;
        self.emit_bits(u64::from(END_BLOCK), w);
        self.align32();
        let Some(scope) = self.scopes.pop() else {
            return Err(self.err(ErrorKind::AtTopLevel("END_BLOCK")));
        };
        self.local.truncate(scope.local_at);
        let top = self.top();
        (self.width, self.in_blockinfo) =
            (top.abbrev_width, top.block_id == Some(BLOCKINFO_BLOCK_ID));
        self.plain = self.scopes.len() > 1 && !self.in_blockinfo && self.width <= 16;
        let words = (self.bits.buf.len() - scope.len_at - 4) / 4;
        let words =
            u32::try_from(words).map_err(|_| self.err(ErrorKind::OutOfRange("block length")))?;
        self.bits.buf[scope.len_at..scope.len_at + 4].copy_from_slice(&words.to_le_bytes());
        Ok(())
    }

    /// Emits a DEFINE_ABBREV record. In a block it defines the next abbreviation ID (returned);
    /// inside BLOCKINFO it registers the abbreviation for the block named by the last SETBID
    /// (returning the ID it will have in such blocks).
    /// The abbreviation may be shared (`Arc<Abbrev>`): a writer that defines the same ones in
    /// every stream builds them once.
    pub fn define_abbrev(&mut self, abbrev: impl Into<Arc<Abbrev>>) -> Result<u32> {
        let abbrev = abbrev.into();
        if self.depth() == 0 {
            return Err(self.err(ErrorKind::AtTopLevel("DEFINE_ABBREV")));
        }
        // Refuse before writing anything.
        let scope = self.top();
        let target = if scope.block_id == Some(BLOCKINFO_BLOCK_ID) {
            let bid = scope.setbid.ok_or_else(|| {
                self.err(ErrorKind::InvalidBlockInfo("DEFINE_ABBREV before SETBID"))
            })?;
            let known = self.blockinfo.iter().find(|(id, _)| *id == bid);
            if known.is_none() && self.blockinfo.len() >= MAX_BLOCKINFO_ENTRIES {
                return Err(self.err(ErrorKind::TooManyBlockInfo(MAX_BLOCKINFO_ENTRIES)));
            }
            known.map_or(0, |(_, v)| v.len())
        } else {
            scope.inherited_len() + (self.local.len() - scope.local_at)
        };
        if target >= MAX_ABBREVS {
            return Err(self.err(ErrorKind::TooManyAbbrevs(MAX_ABBREVS)));
        }
        // The fields gathered in a register, emitted a word at a time.
        let mut f = Fields {
            bits: u64::from(DEFINE_ABBREV),
            n: self.width,
        };
        f.vbr(&mut self.bits, abbrev.ops().len() as u64, 5);
        for op in abbrev.ops() {
            match *op {
                AbbrevOp::Literal(v) => {
                    f.put(&mut self.bits, 1, 1);
                    f.vbr(&mut self.bits, v, 8);
                }
                other => {
                    // The flag (0) and the 3-bit encoding.
                    f.put(&mut self.bits, other.encoding().unwrap_or(0) << 1, 4);
                    if let AbbrevOp::Fixed(n) | AbbrevOp::Vbr(n) = other {
                        f.vbr(&mut self.bits, u64::from(n), 5);
                    }
                }
            }
        }
        self.bits.emit_bits(f.bits, f.n);
        self.register(abbrev)
    }

    fn register(&mut self, abbrev: Arc<Abbrev>) -> Result<u32> {
        let scope = self.top();
        let (list, before) = if scope.block_id == Some(BLOCKINFO_BLOCK_ID) {
            let bid = scope.setbid.ok_or_else(|| {
                self.err(ErrorKind::InvalidBlockInfo("DEFINE_ABBREV before SETBID"))
            })?;
            let idx = match self.blockinfo.iter().position(|(id, _)| *id == bid) {
                Some(i) => i,
                None => {
                    if self.blockinfo.len() >= MAX_BLOCKINFO_ENTRIES {
                        return Err(self.err(ErrorKind::TooManyBlockInfo(MAX_BLOCKINFO_ENTRIES)));
                    }
                    self.blockinfo.push((bid, Arc::default()));
                    self.blockinfo.len() - 1
                }
            };
            (Arc::make_mut(&mut self.blockinfo[idx].1), 0)
        } else {
            let before = scope.inherited_len();
            let own = self.local.len() - scope.local_at;
            if before + own >= MAX_ABBREVS {
                return Err(self.err(ErrorKind::TooManyAbbrevs(MAX_ABBREVS)));
            }
            if self.local.capacity() == 0 {
                // LLVM's writer defines at most six in one block.
                self.local.reserve(8);
            }
            self.local.push(abbrev);
            return Ok((before + own + 1) as u32 + 3);
        };
        if before + list.len() >= MAX_ABBREVS {
            let e = ErrorKind::TooManyAbbrevs(MAX_ABBREVS);
            return Err(self.err(e));
        }
        list.push(abbrev);
        Ok((before + list.len()) as u32 + 3)
    }

    /// Inside BLOCKINFO: emits SETBID (unabbreviated) if `block_id` is not already selected,
    /// then defines `abbrev` for that block. Returns its ID in such blocks.
    pub fn blockinfo_abbrev(
        &mut self,
        block_id: u32,
        abbrev: impl Into<Arc<Abbrev>>,
    ) -> Result<u32> {
        if self.top().block_id != Some(BLOCKINFO_BLOCK_ID) {
            return Err(self.err(ErrorKind::Misuse("blockinfo_abbrev outside BLOCKINFO")));
        }
        if self.top().setbid != Some(block_id) {
            self.write_unabbrev(BLOCKINFO_CODE_SETBID, &[u64::from(block_id)])?;
        }
        self.define_abbrev(abbrev)
    }

    #[inline]
    fn note_record(&mut self, code: u32, ops: &[u64]) {
        if self.in_blockinfo {
            self.note_blockinfo_record(code, ops);
        }
    }

    #[cold]
    fn note_blockinfo_record(&mut self, code: u32, ops: &[u64]) {
        let n = self.scopes.len() - 1;
        let scope = &mut self.scopes[n];
        if scope.block_id == Some(BLOCKINFO_BLOCK_ID) && code == BLOCKINFO_CODE_SETBID {
            if let Some(&v) = ops.first() {
                scope.setbid = u32::try_from(v).ok();
            }
        }
    }

    /// Emits an unabbreviated record: code, operand count and operands as vbr6.
    ///
    /// Inline: records of at most two operands below 1024 with a code below 32 (most of
    /// them) are one field, built in registers at the caller; the others take the general
    /// path, out of line.
    #[inline]
    pub fn write_unabbrev(&mut self, code: u32, ops: &[u64]) -> Result<()> {
        if self.plain && code < 32 {
            let w = self.width;
            // UNABBREV_RECORD, the code and the count (one chunk each), at most 16 + 12 bits;
            // two operands of at most two chunks add 24.
            let head = u64::from(UNABBREV_RECORD) | u64::from(code) << w;
            match *ops {
                [] => {
                    self.bits.emit_bits(head, w + 12);
                    return Ok(());
                }
                [a] if a < 1024 => {
                    let (x, n) = vbr6_small(a);
                    self.bits
                        .emit_bits(head | 1 << (w + 6) | x << (w + 12), w + 12 + n);
                    return Ok(());
                }
                [a, b] if (a | b) < 1024 => {
                    let (x, n) = vbr6_small(a);
                    let (y, m) = vbr6_small(b);
                    let bits = head | 2 << (w + 6) | (x | y << n) << (w + 12);
                    self.bits.emit_bits(bits, w + 12 + n + m);
                    return Ok(());
                }
                _ => {}
            }
        }
        self.write_unabbrev_long(code, ops)
    }

    /// [`Writer::write_unabbrev`] of any record (out of line).
    #[inline(never)]
    fn write_unabbrev_long(&mut self, code: u32, ops: &[u64]) -> Result<()> {
        if self.depth() == 0 {
            return Err(self.err(ErrorKind::AtTopLevel("record")));
        }
        self.unabbrev_header(code, ops.len());
        self.bits.emit_vbr6_run(ops);
        self.note_record(code, ops);
        Ok(())
    }

    /// [`Writer::write_unabbrev`] of one operand per item, `op(item)`, computed while the
    /// record is written (no operand list is built first). When `op` refuses an item the
    /// output is rewound to where the record began and its error is returned inside `Ok`;
    /// the outer error is the writer's own (a record at the top level or in BLOCKINFO,
    /// whose records this path does not track).
    #[inline]
    pub fn write_unabbrev_map<T: Copy, E>(
        &mut self,
        code: u32,
        items: &[T],
        op: impl FnMut(T) -> std::result::Result<u64, E>,
    ) -> Result<std::result::Result<(), E>> {
        self.write_unabbrev_head_map(code, &[], items, op)
    }

    /// [`Writer::write_unabbrev_map`] of the operands `head` followed by one operand per
    /// item, `op(item)` (a call record: its fixed operands, then its arguments). When `op`
    /// refuses an item, the bits already written for the record are taken back, as by
    /// [`Writer::write_unabbrev_map`].
    pub fn write_unabbrev_head_map<T: Copy, E>(
        &mut self,
        code: u32,
        head: &[u64],
        items: &[T],
        mut op: impl FnMut(T) -> std::result::Result<u64, E>,
    ) -> Result<std::result::Result<(), E>> {
        if !self.plain {
            self.check_mapped()?;
        }
        let mark = self.bits.mark();
        self.unabbrev_header(code, head.len() + items.len());
        let bits = &mut self.bits;
        let (mut acc, mut nacc) = (bits.acc, bits.nacc);
        for &v in head {
            push_vbr6(&mut bits.buf, &mut acc, &mut nacc, v);
        }
        for &x in items {
            let v = match op(x) {
                Ok(v) => v,
                Err(e) => {
                    bits.rewind(mark);
                    return Ok(Err(e));
                }
            };
            push_vbr6(&mut bits.buf, &mut acc, &mut nacc, v);
        }
        (bits.acc, bits.nacc) = (acc, nacc);
        Ok(Ok(()))
    }

    /// Where a mapped record cannot be written: at the top level, or in BLOCKINFO (whose
    /// records this path does not track). Other blocks pass (a wide abbreviation id width
    /// only rules out the inline path).
    #[cold]
    #[inline(never)]
    fn check_mapped(&self) -> Result<()> {
        if self.depth() == 0 {
            return Err(self.err(ErrorKind::AtTopLevel("record")));
        }
        if self.in_blockinfo {
            return Err(self.err(ErrorKind::Misuse("mapped record in BLOCKINFO")));
        }
        Ok(())
    }

    /// UNABBREV_RECORD, the code and the operand count; in one field when the code and
    /// count take at most two chunks each (nearly every record: call records have code 34).
    #[inline(always)]
    fn unabbrev_header(&mut self, code: u32, len: usize) {
        let w = self.width;
        let (code, len) = (u64::from(code), len as u64);
        if code < 32 && len < 32 {
            // The common case: one chunk each, at most 32 + 12 bits.
            let bits = u64::from(UNABBREV_RECORD) | code << w | len << (w + 6);
            self.emit_bits(bits, w + 12);
        } else if code < 1024 && len < 1024 {
            let (c, cn) = vbr6_small(code);
            let (l, ln) = vbr6_small(len);
            // At most 32 + 12 + 12 bits.
            let bits = u64::from(UNABBREV_RECORD) | c << w | l << (w + cn);
            self.emit_bits(bits, w + cn + ln);
        } else {
            self.unabbrev_header_long(code, len);
        }
    }

    #[inline(never)]
    fn unabbrev_header_long(&mut self, code: u64, len: u64) {
        self.emit_bits(u64::from(UNABBREV_RECORD), self.width);
        self.emit_vbr_unchecked(code, 6);
        self.emit_vbr_unchecked(len, 6);
    }

    /// [`Writer::write_unabbrev`] of the operands `head` followed by one operand per byte of
    /// `tail` (a string or name record), without widening the bytes first.
    pub fn write_unabbrev_bytes(&mut self, code: u32, head: &[u64], tail: &[u8]) -> Result<()> {
        if self.depth() == 0 {
            return Err(self.err(ErrorKind::AtTopLevel("record")));
        }
        self.unabbrev_header(code, head.len() + tail.len());
        self.bits.emit_vbr6_run(head);
        self.bits.emit_vbr_bytes(tail, 6);
        self.note_record_bytes(code, head, tail);
        Ok(())
    }

    /// [`Writer::write_abbrev`] (no blob) of the operands `head` followed by one operand per
    /// byte of `tail`, without widening the bytes first.
    pub fn write_abbrev_bytes(
        &mut self,
        abbrev_id: u32,
        code: u32,
        head: &[u64],
        tail: &[u8],
    ) -> Result<()> {
        self.emit_abbreviated(abbrev_id, |bits, ops| {
            bits.emit_fields_bytes(ops, code, head, tail)
        })?;
        self.note_record_bytes(code, head, tail);
        Ok(())
    }

    #[inline]
    fn note_record_bytes(&mut self, code: u32, head: &[u64], tail: &[u8]) {
        if !self.in_blockinfo {
            return;
        }
        match (head.first(), tail.first()) {
            (Some(_), _) => self.note_record(code, head),
            (None, Some(&b)) => self.note_record(code, &[u64::from(b)]),
            (None, None) => self.note_record(code, &[]),
        }
    }

    /// Emits a record with abbreviation `abbrev_id` (4 and up). `ops` follow the reader's
    /// convention (literals other than the code included, array elements appended); `blob` is
    /// required exactly when the abbreviation ends with a blob.
    pub fn write_abbrev(
        &mut self,
        abbrev_id: u32,
        code: u32,
        ops: &[u64],
        blob: Option<&[u8]>,
    ) -> Result<()> {
        self.emit_abbreviated(abbrev_id, |bits, abbrev_ops| {
            bits.emit_fields(abbrev_ops, code, ops, blob)
        })?;
        self.note_record(code, ops);
        Ok(())
    }

    /// Emits abbreviation id `abbrev_id` and the fields `emit` writes with its operands; on a
    /// mismatch (or an id wider than the block's) the output is wound back to where the
    /// record began.
    fn emit_abbreviated(
        &mut self,
        abbrev_id: u32,
        emit: impl FnOnce(&mut Bits, &[AbbrevOp]) -> std::result::Result<(), &'static str>,
    ) -> Result<()> {
        if self.depth() == 0 {
            return Err(self.err(ErrorKind::AtTopLevel("record")));
        }
        let w = self.width;
        // The abbreviation stays borrowed from the scope while the bits are written.
        let Writer {
            bits,
            scopes,
            blockinfo,
            local,
            ..
        } = self;
        let Some(abbrev) = scopes
            .last()
            .and_then(|s| scope_abbrev(s, blockinfo, local, abbrev_id))
        else {
            return Err(self.err(ErrorKind::UndefinedAbbrev(abbrev_id)));
        };
        let too_wide = w < 32 && abbrev_id >> w != 0;
        let mark = bits.mark();
        if !too_wide {
            bits.emit_bits(u64::from(abbrev_id), w);
        }
        let r = emit(bits, abbrev.ops());
        if r.is_err() || too_wide {
            bits.rewind(mark);
        }
        if let Err(m) = r {
            return Err(self.err(ErrorKind::AbbrevMismatch(m)));
        }
        if too_wide {
            return Err(self.err(ErrorKind::OutOfRange(
                "abbreviation id wider than the block's",
            )));
        }
        Ok(())
    }

    /// Emits `rec` with the abbreviation ID it records (3 = unabbreviated).
    pub fn write_record(&mut self, rec: &crate::Record<'_>) -> Result<()> {
        if rec.abbrev_id == UNABBREV_RECORD {
            if rec.blob.is_some() {
                return Err(self.err(ErrorKind::AbbrevMismatch("blob in an unabbreviated record")));
            }
            self.write_unabbrev(rec.code, &rec.ops)
        } else {
            self.write_abbrev(rec.abbrev_id, rec.code, &rec.ops, rec.blob)
        }
    }

    /// Ends the stream (all blocks must be closed) and returns the bytes.
    pub fn finish(mut self) -> Result<Vec<u8>> {
        if self.depth() != 0 {
            return Err(self.err(ErrorKind::Misuse("finish with open blocks")));
        }
        self.align32();
        Ok(self.bits.buf)
    }

    /// Ends the stream like [`Writer::finish`], copying the bytes into `out` (replacing what
    /// it held), and keeps the writer's buffers for [`Writer::reset`].
    pub fn finish_into(&mut self, out: &mut Vec<u8>) -> Result<()> {
        if self.depth() != 0 {
            return Err(self.err(ErrorKind::Misuse("finish with open blocks")));
        }
        self.align32();
        out.clear();
        out.extend_from_slice(&self.bits.buf);
        Ok(())
    }

    /// Starts a new stream as [`Writer::new`] does, keeping the capacity of the output
    /// buffer and of the block and abbreviation lists: a writer used for many streams
    /// allocates only while a stream is larger than every one before it.
    pub fn reset(&mut self) {
        self.bits.buf.clear();
        self.bits.buf.extend_from_slice(&BITCODE_MAGIC);
        self.bits.acc = 0;
        self.bits.nacc = 0;
        self.scopes.truncate(1);
        self.blockinfo.clear();
        self.local.clear();
        self.width = 2;
        self.in_blockinfo = false;
        self.plain = false;
    }
}

/// A BLOCKINFO block encoded once, for a writer that emits the same one in every stream
/// (LLVM's writer emits a fixed BLOCKINFO per module): its abbreviations by block id, and
/// the encoded block from its first word after the length through END_BLOCK. The contents
/// start at a 32-bit boundary in any stream, so the encoding does not depend on where the
/// block is written.
#[derive(Debug, Clone)]
pub struct BlockInfo {
    entries: Vec<(u32, Arc<Abbrev>)>,
    /// The abbreviations per block id, in the order the ids first appear.
    lists: Vec<(u32, Arc<Vec<Arc<Abbrev>>>)>,
    /// Abbreviation id width the block is encoded with.
    width: u32,
    /// The words after the length word, END_BLOCK and padding included.
    words: Vec<u8>,
}

impl BlockInfo {
    /// Encodes a BLOCKINFO block (abbreviation id width `width`) defining `entries` in
    /// order, each for the block id it names (a SETBID record before each change of id).
    pub fn new(entries: Vec<(u32, Arc<Abbrev>)>, width: u32) -> Result<BlockInfo> {
        let mut w = Writer::new();
        w.enter_block(BLOCKINFO_BLOCK_ID, width)?;
        let len_at = w.top().len_at;
        for (block, a) in &entries {
            w.blockinfo_abbrev(*block, Arc::clone(a))?;
        }
        w.exit_block()?;
        let words = w.bits.buf[len_at + 4..].to_vec();
        Ok(BlockInfo {
            entries,
            lists: w.blockinfo,
            width,
            words,
        })
    }

    /// The abbreviations by block id, in definition order.
    pub fn entries(&self) -> &[(u32, Arc<Abbrev>)] {
        &self.entries
    }
}

impl Writer {
    /// Writes `info` as a BLOCKINFO block: the same bits as entering the block and defining
    /// its abbreviations one by one, and the same abbreviations registered, without encoding
    /// them again.
    pub fn write_blockinfo(&mut self, info: &BlockInfo) -> Result<()> {
        if self.depth() >= MAX_DEPTH {
            return Err(self.err(ErrorKind::TooDeep(MAX_DEPTH)));
        }
        // Refuse before writing anything: what registering would refuse.
        let mut added = 0;
        for (block, list) in &info.lists {
            let known = self.blockinfo.iter().find(|(id, _)| id == block);
            added += usize::from(known.is_none());
            if known.map_or(0, |(_, v)| v.len()) + list.len() > MAX_ABBREVS {
                return Err(self.err(ErrorKind::TooManyAbbrevs(MAX_ABBREVS)));
            }
        }
        if self.blockinfo.len() + added > MAX_BLOCKINFO_ENTRIES {
            return Err(self.err(ErrorKind::TooManyBlockInfo(MAX_BLOCKINFO_ENTRIES)));
        }
        let w = self.top().abbrev_width;
        self.emit_bits(u64::from(ENTER_SUBBLOCK), w);
        self.emit_vbr_unchecked(u64::from(BLOCKINFO_BLOCK_ID), 8);
        self.emit_vbr_unchecked(u64::from(info.width), 4);
        self.align32();
        let n = (info.words.len() / 4) as u32;
        self.bits.buf.extend_from_slice(&n.to_le_bytes());
        self.bits.buf.extend_from_slice(&info.words);
        for (block, list) in &info.lists {
            match self.blockinfo.iter_mut().find(|(id, _)| id == block) {
                Some((_, v)) => Arc::make_mut(v).extend(list.iter().cloned()),
                // The common case (the stream's first BLOCKINFO): the list is shared.
                None => self.blockinfo.push((*block, Arc::clone(list))),
            }
        }
        Ok(())
    }
}

/// Abbreviation `abbrev_id` (4 and up) as `scope` sees it: inherited from BLOCKINFO, then
/// its own.
fn scope_abbrev<'a>(
    scope: &'a Scope,
    blockinfo: &'a [(u32, Arc<Vec<Arc<Abbrev>>>)],
    local: &'a [Arc<Abbrev>],
    abbrev_id: u32,
) -> Option<&'a Abbrev> {
    let i = abbrev_id.checked_sub(4)? as usize;
    match scope.inherited {
        Some((bi, n)) if i < n => blockinfo.get(bi)?.1.get(i).map(|a| &**a),
        _ => local
            .get(scope.local_at + (i - scope.inherited_len()))
            .map(|a| &**a),
    }
}

/// Adds `n` bits (<= 64) to an accumulator `(acc, nacc)` (`nacc` < 64) that a loop keeps in
/// registers: a full word goes to `buf`, and the bits that did not fit carry into the next.
#[inline(always)]
fn push_bits(buf: &mut Vec<u8>, acc: &mut u64, nacc: &mut u32, bits: u64, n: u32) {
    *acc |= bits << *nacc;
    *nacc += n;
    if *nacc >= 64 {
        buf.extend_from_slice(&acc.to_le_bytes());
        *nacc -= 64;
        // The top `nacc` bits of the field did not fit: a shift by 64 - the old `nacc`
        // (1..=64), in two steps so that none is by 64.
        *acc = (bits >> 1) >> (n - *nacc - 1);
    }
}

/// Adds the VBR6 encoding of `v` to an accumulator kept in registers, as [`push_bits`]: one
/// field for values of one or two chunks, the longer ones encoded out of line.
#[inline(always)]
fn push_vbr6(buf: &mut Vec<u8>, acc: &mut u64, nacc: &mut u32, v: u64) {
    if v < 32 {
        push_bits(buf, acc, nacc, v, 6);
    } else if v < 1024 {
        // (v & 31) | 32 | (v >> 5) << 6: the high chunk moved up by one bit.
        push_bits(buf, acc, nacc, v + (v & 0x3e0) + 32, 12);
    } else if v < vbr::VBR6_SPREAD_LIMIT {
        let (bits, n) = vbr::vbr6_mid(v);
        push_bits(buf, acc, nacc, bits, n);
    } else {
        let [(a, an), (b, bn)] = vbr::vbr6_long(v);
        push_bits(buf, acc, nacc, a, an);
        push_bits(buf, acc, nacc, b, bn);
    }
}

/// Two VBR6 values, as [`push_vbr6`]: one field of 12 bits when both take one chunk.
#[inline(always)]
fn push_vbr6_pair(buf: &mut Vec<u8>, acc: &mut u64, nacc: &mut u32, a: u64, b: u64) {
    if (a | b) < 32 {
        push_bits(buf, acc, nacc, a | b << 6, 12);
    } else {
        push_vbr6(buf, acc, nacc, a);
        push_vbr6(buf, acc, nacc, b);
    }
}

/// The 64-bit little-endian word in `b` (eight bytes).
#[inline(always)]
fn le_word(b: &[u8]) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(b);
    u64::from_le_bytes(w)
}

/// Appends the 64-bit words whose little-endian bytes are `bytes` (a multiple of 8 long)
/// after the `nacc` (< 64) pending bits of `acc`, and returns the pending bits after them
/// (still `nacc` of them: each word adds 64). A copy when nothing is pending.
#[inline(always)]
fn shift_words_in(buf: &mut Vec<u8>, acc: u64, nacc: u32, bytes: &[u8]) -> u64 {
    if nacc == 0 {
        buf.extend_from_slice(bytes);
        return acc;
    }
    let mut acc = acc;
    for src in bytes.chunks_exact(8) {
        let x = le_word(src);
        buf.extend_from_slice(&(acc | x << nacc).to_le_bytes());
        acc = x >> (64 - nacc);
    }
    acc
}
