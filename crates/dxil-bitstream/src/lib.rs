//! LLVM bitstream container format (spec: LLVM's "LLVM Bitcode File Format"): a zero-copy
//! cursor [`Reader`], a [`Writer`], abbreviations, BLOCKINFO, an `llvm-bcanalyzer -dump` style
//! printer ([`dump`]) and a generic re-encoder ([`reencode`]) that proves the layer is exact.
//!
//! API notes for users of the reader:
//! - [`Reader::next`] hides DEFINE_ABBREV records; [`Reader::next_raw`] reports them too.
//! - A BLOCKINFO block may be read whole with [`Reader::read_blockinfo_block`], or entered with
//!   [`Reader::enter_block`] and walked like any block: DEFINE_ABBREV records inside it register
//!   for the block named by the last SETBID record.
//! - Every BLOCKINFO block is applied (LLVM 3.7 ignores all but the first; DXIL has one).
//! - VBR abbreviation operands of width 1 are rejected (they carry no data bits); fixed and VBR
//!   width 0 read the value 0 as LLVM does.
//! - At END_BLOCK the aligned position must equal the end given by the block's length word.
//! - Bit offsets (in errors and [`Reader::bit_offset`]) count from the `BC` magic; for input in
//!   the 0x0B17C0DE wrapper, from the start of the wrapped bitcode.
//! - Hostile input: nesting is capped at [`MAX_DEPTH`], abbreviations per block at
//!   [`MAX_ABBREVS`], BLOCKINFO entries at [`MAX_BLOCKINFO_ENTRIES`], operands per
//!   abbreviation at [`MAX_ABBREV_OPS`]; record, array and blob lengths are checked against the
//!   bits left in the enclosing block before anything is reserved; VBR values are capped at 64
//!   bits. At top level, up to 31 zero bits of padding end the stream.
//!
//! The [`Writer`] mirrors the reader (same operand convention: literal operands other than the
//! code are included in `ops`, array elements appended, the blob apart) and checks every record
//! against its abbreviation.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod abbrev;
pub mod bcdump;
mod bits;
pub mod char6;
mod error;
mod reader;
mod record;
mod reencode;
mod writer;

pub use abbrev::{Abbrev, AbbrevOp, MAX_ABBREV_OPS};
pub use bcdump::{dump, DumpOptions};
pub use bits::{MAX_FIXED_WIDTH, MAX_VBR_WIDTH};
pub use error::{Error, ErrorKind, Result};
pub use reader::{
    Reader, ReaderBuffers, BITCODE_MAGIC, BLOCKINFO_CODE_BLOCKNAME, BLOCKINFO_CODE_SETBID,
    BLOCKINFO_CODE_SETRECORDNAME, WRAPPER_MAGIC,
};
pub use record::{
    Entry, RawEntry, Record, DEFINE_ABBREV, END_BLOCK, ENTER_SUBBLOCK, FIRST_APPLICATION_ABBREV,
    UNABBREV_RECORD,
};
pub use reencode::{reencode, reencode_into};
pub use writer::{AbbrevSet, BlockInfo, Words, Writer};

/// Block ID of the standard BLOCKINFO block.
pub const BLOCKINFO_BLOCK_ID: u32 = 0;
/// Deepest block nesting accepted by the reader.
pub const MAX_DEPTH: usize = 64;
/// Most abbreviations usable in one block (including those from BLOCKINFO), and most
/// registered for one block ID in BLOCKINFO. LLVM 3.7 writes fewer than 20 per block; the cap
/// bounds the cost of entering a block (BLOCKINFO abbreviations are shared into it).
pub const MAX_ABBREVS: usize = 1024;
/// Most block IDs that BLOCKINFO may describe.
pub const MAX_BLOCKINFO_ENTRIES: usize = 1024;
