//! Entries and records returned by the reader (BitCodeFormat.rst, "Data Records").

/// Builtin abbreviation ID: END_BLOCK.
pub const END_BLOCK: u32 = 0;
/// Builtin abbreviation ID: ENTER_SUBBLOCK.
pub const ENTER_SUBBLOCK: u32 = 1;
/// Builtin abbreviation ID: DEFINE_ABBREV.
pub const DEFINE_ABBREV: u32 = 2;
/// Builtin abbreviation ID: UNABBREV_RECORD.
pub const UNABBREV_RECORD: u32 = 3;
/// First application-defined abbreviation ID.
pub const FIRST_APPLICATION_ABBREV: u32 = 4;

/// The next item in the current block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Entry {
    /// ENTER_SUBBLOCK was read; call `enter_block`, `skip_block` or `read_blockinfo_block`.
    SubBlock {
        /// The sub-block's ID.
        block_id: u32,
    },
    /// END_BLOCK was read; the reader is back in the enclosing block.
    EndBlock,
    /// A data record follows; call `read_record` with this ID.
    Record {
        /// UNABBREV_RECORD (3) or an application abbreviation ID (4 and up).
        abbrev_id: u32,
    },
    /// The end of the top-level stream (only after the last top-level block).
    EndOfStream,
}

/// Like [`Entry`], but also reports DEFINE_ABBREV records (already registered when returned).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RawEntry {
    /// Any other entry.
    Entry(Entry),
    /// A DEFINE_ABBREV record was read and registered (in the current block, or, inside
    /// BLOCKINFO, for the block named by the last SETBID).
    DefineAbbrev(std::sync::Arc<crate::Abbrev>),
}

/// A data record: its code, operands, optional blob, and the abbreviation it was read with.
///
/// Operands follow LLVM's convention: for an abbreviated record, literal operands (other than
/// the code) are included, array elements are appended in order, and a blob is kept apart.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Record<'a> {
    /// Record code.
    pub code: u32,
    /// Operands (not including the code).
    pub ops: Vec<u64>,
    /// Blob operand, borrowed from the input.
    pub blob: Option<&'a [u8]>,
    /// UNABBREV_RECORD (3) or the abbreviation ID used.
    pub abbrev_id: u32,
}

impl Record<'_> {
    /// An empty record, to be filled by `Reader::read_record`.
    pub fn new() -> Self {
        Self::default()
    }
}
