//! Generic re-encoder: reads every block, abbreviation definition and record and writes them
//! back with the same abbreviation IDs, widths and order. For a stream written by LLVM the
//! output is byte-identical, which checks the reader and writer against each other.

use crate::error::Result;
use crate::{Entry, RawEntry, Reader, Record, Writer};

/// Re-encodes `bitcode` (any wrapper is dropped) block by block and record by record.
pub fn reencode(bitcode: &[u8]) -> Result<Vec<u8>> {
    let mut w = Writer::with_capacity(bitcode.len());
    let mut out = Vec::new();
    reencode_into(bitcode, &mut w, &mut out)?;
    Ok(out)
}

/// [`reencode`] through `w` (reset first, so it may have written other streams) into `out`.
pub fn reencode_into(bitcode: &[u8], w: &mut Writer, out: &mut Vec<u8>) -> Result<()> {
    w.reset();
    let mut r = Reader::new(bitcode)?;
    let mut rec = Record::new();
    loop {
        match r.next_raw()? {
            RawEntry::DefineAbbrev(a) => {
                w.define_abbrev((*a).clone())?;
            }
            RawEntry::Entry(Entry::SubBlock { block_id }) => {
                r.enter_block()?;
                w.enter_block(block_id, r.abbrev_width())?;
            }
            RawEntry::Entry(Entry::EndBlock) => w.exit_block()?,
            RawEntry::Entry(Entry::Record { abbrev_id }) => {
                r.read_record(abbrev_id, &mut rec)?;
                w.write_record(&rec)?;
            }
            RawEntry::Entry(Entry::EndOfStream) => return w.finish_into(out),
        }
    }
}
