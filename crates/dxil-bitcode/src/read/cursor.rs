//! The bitstream cursor of the module reader: the bitstream [`Reader`], one reused
//! [`Record`], and what is needed to place errors (block, record code, bit offset).

use dxil_bitstream::{Entry, Reader, ReaderBuffers, Record};

use crate::codes::block_name;
use crate::error::{Error, ErrorKind, Result};

/// Reader plus error context.
pub(crate) struct Cursor<'a> {
    pub r: Reader<'a>,
    pub rec: Record<'a>,
    /// Name of the block being read.
    pub block: &'static str,
    /// Code of the record being handled (cleared when a new entry is read).
    pub code: Option<u32>,
    /// Bit offset where the current record's body starts.
    pub rec_bit: u64,
}

impl<'a> Cursor<'a> {
    /// A cursor over `bitcode` reusing the allocations of an earlier one
    /// ([`Cursor::into_buffers`]).
    pub fn with_buffers(bitcode: &'a [u8], bufs: ReaderBuffers, ops: Vec<u64>) -> Result<Self> {
        let r = Reader::with_buffers(bitcode, bufs).map_err(|e| bs_err(e, "bitcode"))?;
        Ok(Cursor {
            r,
            rec: Record {
                ops,
                ..Record::new()
            },
            block: "top level",
            code: None,
            rec_bit: 0,
        })
    }

    /// The allocations of the reader and of the record operands.
    pub fn into_buffers(self) -> (ReaderBuffers, Vec<u64>) {
        (self.r.into_buffers(), self.rec.ops)
    }

    /// An error of `kind` at the current record.
    pub fn err(&self, kind: ErrorKind) -> Error {
        Error::new(kind, self.block, self.code, self.rec_bit)
    }

    /// Wraps a bitstream error with the current block.
    pub fn wrap(&self, e: dxil_bitstream::Error) -> Error {
        bs_err(e, self.block)
    }

    /// The next entry of the current block; after `Entry::Record` the record is read, its
    /// operands in `self.rec`.
    #[inline]
    pub fn next(&mut self) -> Result<Entry> {
        self.code = None;
        let e = self
            .r
            .advance(&mut self.rec)
            .map_err(|e| bs_err(e, self.block))?;
        if let Entry::Record { .. } = e {
            self.rec_bit = self.r.record_bit();
            self.code = Some(self.rec.code);
        } else {
            self.rec_bit = self.r.bit_offset();
        }
        Ok(e)
    }

    /// The next record of a block that holds records only: its code (operands in
    /// `self.rec`), or `None` at the block's end. A sub-block or the end of the stream is an
    /// error.
    #[inline]
    pub fn next_record(&mut self) -> Result<Option<u32>> {
        match self.next()? {
            Entry::EndBlock => Ok(None),
            Entry::EndOfStream => Err(self.truncated()),
            Entry::SubBlock { block_id } => Err(self.err(ErrorKind::UnexpectedBlock(block_id))),
            Entry::Record { .. } => Ok(Some(self.rec.code)),
        }
    }

    /// Enters the pending sub-block `id`; returns the enclosing block's name for [`Self::leave`].
    pub fn enter(&mut self, id: u32) -> Result<&'static str> {
        self.r.enter_block().map_err(|e| bs_err(e, self.block))?;
        let prev = self.block;
        self.block = block_name(id);
        self.code = None;
        Ok(prev)
    }

    /// Restores the enclosing block's name after its sub-block's END_BLOCK.
    pub fn leave(&mut self, prev: &'static str) {
        self.block = prev;
        self.code = None;
    }

    /// Bits left in the whole buffer (an upper bound for any count read from the input).
    pub fn bits_left(&self) -> u64 {
        (self.r.bytes().len() as u64)
            .saturating_mul(8)
            .saturating_sub(self.r.bit_offset())
    }

    /// Error for an END_OF_STREAM inside a block.
    pub fn truncated(&self) -> Error {
        self.err(ErrorKind::Malformed("stream ends inside a block"))
    }
}

fn bs_err(e: dxil_bitstream::Error, block: &'static str) -> Error {
    Error::new(
        ErrorKind::Bitstream(e.kind().clone()),
        block,
        None,
        e.bit_offset(),
    )
}
