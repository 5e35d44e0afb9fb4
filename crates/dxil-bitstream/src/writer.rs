//! The writer: the mirror of [`crate::Reader`] (BitCodeFormat.rst, "Bitstream Format").
//!
//! Bits are accumulated least significant first and flushed as little-endian 32-bit words;
//! block length words are back-patched at END_BLOCK.

use std::sync::Arc;

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
    abbrevs: Vec<Arc<Abbrev>>,
    setbid: Option<u32>,
}

/// The output bits, apart from the block state so that a record can be emitted while the
/// abbreviation describing it is borrowed from the scope.
#[derive(Debug)]
struct Bits {
    buf: Vec<u8>,
    acc: u64,
    nacc: u32,
}

impl Bits {
    /// Emits bits without checks (`value` fits in `width` <= 64).
    #[inline]
    fn emit_bits(&mut self, value: u64, width: u32) {
        if width > 32 {
            self.emit_bits(value & 0xffff_ffff, 32);
            self.emit_bits(value >> 32, width - 32);
            return;
        }
        self.acc |= value << self.nacc;
        self.nacc += width;
        if self.nacc >= 32 {
            self.buf.extend_from_slice(&(self.acc as u32).to_le_bytes());
            self.acc >>= 32;
            self.nacc -= 32;
        }
    }

    #[inline]
    fn emit_vbr_unchecked(&mut self, mut value: u64, width: u32) {
        let hi = 1u64 << (width - 1);
        let mask = hi - 1;
        while value > mask {
            self.emit_bits((value & mask) | hi, width);
            value >>= width - 1;
        }
        self.emit_bits(value, width);
    }

    /// Pads with zero bits to a multiple of 32 bits.
    fn align32(&mut self) {
        if self.nacc > 0 {
            self.emit_bits(0, 32 - self.nacc);
        }
    }

    /// Emits one already checked scalar value.
    #[inline]
    fn emit_scalar(&mut self, op: AbbrevOp, v: u64) {
        match op {
            AbbrevOp::Literal(_) | AbbrevOp::Array | AbbrevOp::Blob => {}
            AbbrevOp::Fixed(w) => self.emit_bits(v, u32::from(w)),
            AbbrevOp::Vbr(0) => {}
            AbbrevOp::Vbr(w) => self.emit_vbr_unchecked(v, u32::from(w)),
            AbbrevOp::Char6 => self.emit_bits(u64::from(char6::encode(v).unwrap_or(0)), 6),
        }
    }
}

/// Builds a bitstream in memory.
#[derive(Debug)]
pub struct Writer {
    bits: Bits,
    scopes: Vec<Scope>,
    blockinfo: Vec<(u32, Vec<Arc<Abbrev>>)>,
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
            scopes: vec![Scope {
                block_id: None,
                abbrev_width: 2,
                len_at: 0,
                abbrevs: Vec::new(),
                setbid: None,
            }],
            blockinfo: Vec::new(),
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

    #[inline]
    fn emit_bits(&mut self, value: u64, width: u32) {
        self.bits.emit_bits(value, width);
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
        let abbrevs = self
            .blockinfo
            .iter()
            .find(|(id, _)| *id == block_id)
            .map(|(_, v)| v.clone())
            .unwrap_or_default();
        self.scopes.push(Scope {
            block_id: Some(block_id),
            abbrev_width,
            len_at,
            abbrevs,
            setbid: None,
        });
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
        let words = (self.bits.buf.len() - scope.len_at - 4) / 4;
        let words =
            u32::try_from(words).map_err(|_| self.err(ErrorKind::OutOfRange("block length")))?;
        self.bits.buf[scope.len_at..scope.len_at + 4].copy_from_slice(&words.to_le_bytes());
        Ok(())
    }

    /// Emits a DEFINE_ABBREV record. In a block it defines the next abbreviation ID (returned);
    /// inside BLOCKINFO it registers the abbreviation for the block named by the last SETBID
    /// (returning the ID it will have in such blocks).
    pub fn define_abbrev(&mut self, abbrev: Abbrev) -> Result<u32> {
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
            scope.abbrevs.len()
        };
        if target >= MAX_ABBREVS {
            return Err(self.err(ErrorKind::TooManyAbbrevs(MAX_ABBREVS)));
        }
        let w = self.top().abbrev_width;
        self.emit_bits(u64::from(DEFINE_ABBREV), w);
        self.emit_vbr_unchecked(abbrev.ops().len() as u64, 5);
        for op in abbrev.ops() {
            match *op {
                AbbrevOp::Literal(v) => {
                    self.emit_bits(1, 1);
                    self.emit_vbr_unchecked(v, 8);
                }
                other => {
                    self.emit_bits(0, 1);
                    self.emit_bits(other.encoding().unwrap_or(0), 3);
                    if let AbbrevOp::Fixed(n) | AbbrevOp::Vbr(n) = other {
                        self.emit_vbr_unchecked(u64::from(n), 5);
                    }
                }
            }
        }
        self.register(Arc::new(abbrev))
    }

    fn register(&mut self, abbrev: Arc<Abbrev>) -> Result<u32> {
        let scope = self.top();
        let list = if scope.block_id == Some(BLOCKINFO_BLOCK_ID) {
            let bid = scope.setbid.ok_or_else(|| {
                self.err(ErrorKind::InvalidBlockInfo("DEFINE_ABBREV before SETBID"))
            })?;
            let idx = match self.blockinfo.iter().position(|(id, _)| *id == bid) {
                Some(i) => i,
                None => {
                    if self.blockinfo.len() >= MAX_BLOCKINFO_ENTRIES {
                        return Err(self.err(ErrorKind::TooManyBlockInfo(MAX_BLOCKINFO_ENTRIES)));
                    }
                    self.blockinfo.push((bid, Vec::new()));
                    self.blockinfo.len() - 1
                }
            };
            &mut self.blockinfo[idx].1
        } else {
            let n = self.scopes.len() - 1;
            &mut self.scopes[n].abbrevs
        };
        if list.len() >= MAX_ABBREVS {
            let e = ErrorKind::TooManyAbbrevs(MAX_ABBREVS);
            return Err(self.err(e));
        }
        list.push(abbrev);
        Ok(list.len() as u32 + 3)
    }

    /// Inside BLOCKINFO: emits SETBID (unabbreviated) if `block_id` is not already selected,
    /// then defines `abbrev` for that block. Returns its ID in such blocks.
    pub fn blockinfo_abbrev(&mut self, block_id: u32, abbrev: Abbrev) -> Result<u32> {
        if self.top().block_id != Some(BLOCKINFO_BLOCK_ID) {
            return Err(self.err(ErrorKind::Misuse("blockinfo_abbrev outside BLOCKINFO")));
        }
        if self.top().setbid != Some(block_id) {
            self.write_unabbrev(BLOCKINFO_CODE_SETBID, &[u64::from(block_id)])?;
        }
        self.define_abbrev(abbrev)
    }

    fn note_record(&mut self, code: u32, ops: &[u64]) {
        let n = self.scopes.len() - 1;
        let scope = &mut self.scopes[n];
        if scope.block_id == Some(BLOCKINFO_BLOCK_ID) && code == BLOCKINFO_CODE_SETBID {
            if let Some(&v) = ops.first() {
                scope.setbid = u32::try_from(v).ok();
            }
        }
    }

    /// Emits an unabbreviated record: code, operand count and operands as vbr6.
    pub fn write_unabbrev(&mut self, code: u32, ops: &[u64]) -> Result<()> {
        if self.depth() == 0 {
            return Err(self.err(ErrorKind::AtTopLevel("record")));
        }
        let w = self.top().abbrev_width;
        self.emit_bits(u64::from(UNABBREV_RECORD), w);
        self.emit_vbr_unchecked(u64::from(code), 6);
        self.emit_vbr_unchecked(ops.len() as u64, 6);
        for &op in ops {
            self.emit_vbr_unchecked(op, 6);
        }
        self.note_record(code, ops);
        Ok(())
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
        if self.depth() == 0 {
            return Err(self.err(ErrorKind::AtTopLevel("record")));
        }
        let w = self.top().abbrev_width;
        let Some(abbrev) = abbrev_id
            .checked_sub(4)
            .and_then(|i| self.top().abbrevs.get(i as usize))
        else {
            return Err(self.err(ErrorKind::UndefinedAbbrev(abbrev_id)));
        };
        if let Err(m) = check_fields(abbrev.ops(), code, ops, blob) {
            return Err(self.err(ErrorKind::AbbrevMismatch(m)));
        }
        if w < 32 && abbrev_id >> w != 0 {
            return Err(self.err(ErrorKind::OutOfRange(
                "abbreviation id wider than the block's",
            )));
        }
        // The abbreviation stays borrowed from the scope while the bits are written.
        let Writer { bits, scopes, .. } = self;
        let aops = scopes
            .last()
            .and_then(|s| s.abbrevs.get((abbrev_id - 4) as usize))
            .map_or(&[][..], |a| a.ops());
        bits.emit_bits(u64::from(abbrev_id), w);
        if let Some(&first) = aops.first() {
            bits.emit_scalar(first, u64::from(code));
        }
        let mut vals = ops.iter();
        let mut i = 1;
        while i < aops.len() {
            match aops[i] {
                AbbrevOp::Array => {
                    let elt = aops[i + 1];
                    let rest = vals.as_slice();
                    bits.emit_vbr_unchecked(rest.len() as u64, 6);
                    for &v in rest {
                        bits.emit_scalar(elt, v);
                    }
                    break;
                }
                AbbrevOp::Blob => {
                    let b = blob.unwrap_or(&[]);
                    bits.emit_vbr_unchecked(b.len() as u64, 6);
                    bits.align32();
                    bits.buf.extend_from_slice(b);
                    while bits.buf.len() & 3 != 0 {
                        bits.buf.push(0);
                    }
                    break;
                }
                op => {
                    let v = vals.next().copied().unwrap_or(0);
                    bits.emit_scalar(op, v);
                }
            }
            i += 1;
        }
        self.note_record(code, ops);
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
}

/// Checks that `code`, `ops` and `blob` can be written with abbreviation `aops`.
fn check_fields(
    aops: &[AbbrevOp],
    code: u32,
    ops: &[u64],
    blob: Option<&[u8]>,
) -> std::result::Result<(), &'static str> {
    check_scalar(aops[0], u64::from(code))?;
    let mut vals = ops.iter();
    let mut saw_blob = false;
    let mut i = 1;
    while i < aops.len() {
        match aops[i] {
            AbbrevOp::Array => {
                let elt = aops[i + 1];
                for &v in vals.by_ref() {
                    check_scalar(elt, v)?;
                }
                break;
            }
            AbbrevOp::Blob => {
                saw_blob = true;
                break;
            }
            op => {
                let v = vals.next().ok_or("too few operands")?;
                check_scalar(op, *v)?;
            }
        }
        i += 1;
    }
    if vals.next().is_some() {
        return Err("too many operands");
    }
    if saw_blob != blob.is_some() {
        return Err("blob presence differs from the abbreviation");
    }
    Ok(())
}

fn check_scalar(op: AbbrevOp, v: u64) -> std::result::Result<(), &'static str> {
    match op {
        AbbrevOp::Literal(l) if l != v => Err("value differs from the literal"),
        AbbrevOp::Fixed(w) if w < 64 && v >> w != 0 => Err("value too wide for fixed field"),
        AbbrevOp::Vbr(0) if v != 0 => Err("nonzero value for a VBR(0) field"),
        AbbrevOp::Char6 if char6::encode(v).is_none() => Err("value is not a char6 character"),
        _ => Ok(()),
    }
}
