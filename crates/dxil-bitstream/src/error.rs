//! Errors of the bitstream layer: a kind and the bit offset where it was detected.

use std::fmt;

/// What went wrong while reading or writing a bitstream.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input does not start with the `BC` 0xC0DE magic (or the 0x0B17C0DE wrapper).
    #[error("bad bitcode magic")]
    BadMagic,
    /// The bitcode wrapper header points outside the buffer.
    #[error("bitcode wrapper offset/size out of range")]
    BadWrapper,
    /// A field needed more bits than are left.
    #[error("truncated bitstream: {0}")]
    Truncated(&'static str),
    /// A VBR value does not fit in 64 bits.
    #[error("VBR value overflows 64 bits")]
    VbrOverflow,
    /// A value does not fit the field it is stored in.
    #[error("value out of range: {0}")]
    OutOfRange(&'static str),
    /// An abbreviation ID not defined in the current block.
    #[error("undefined abbreviation id {0}")]
    UndefinedAbbrev(u32),
    /// A malformed DEFINE_ABBREV record.
    #[error("invalid abbreviation definition: {0}")]
    InvalidAbbrev(&'static str),
    /// An abbreviation ID width or block length that cannot be valid.
    #[error("invalid block header: {0}")]
    InvalidBlock(&'static str),
    /// Blocks nested deeper than [`crate::MAX_DEPTH`].
    #[error("blocks nested deeper than {0}")]
    TooDeep(usize),
    /// More abbreviations than [`crate::MAX_ABBREVS`] in one block or BLOCKINFO entry.
    #[error("more than {0} abbreviations in one block")]
    TooManyAbbrevs(usize),
    /// More BLOCKINFO entries than [`crate::MAX_BLOCKINFO_ENTRIES`].
    #[error("more than {0} BLOCKINFO entries")]
    TooManyBlockInfo(usize),
    /// An operand count larger than the bits left could hold.
    #[error("record length {0} exceeds the bits left")]
    RecordTooLong(u64),
    /// An END_BLOCK where the block's length word says the block does not end.
    #[error("block ends at bit 0x{found:x} but its length word says 0x{expected:x}")]
    BlockLengthMismatch {
        /// Bit where the length word says the block ends.
        expected: u64,
        /// Bit where END_BLOCK (aligned) ends it.
        found: u64,
    },
    /// A record, DEFINE_ABBREV or END_BLOCK outside any block.
    #[error("{0} at top level")]
    AtTopLevel(&'static str),
    /// Malformed BLOCKINFO contents.
    #[error("invalid BLOCKINFO block: {0}")]
    InvalidBlockInfo(&'static str),
    /// The caller used the API out of order (e.g. `enter_block` without a pending sub-block).
    #[error("API misuse: {0}")]
    Misuse(&'static str),
    /// Writing formatted output (the dump) failed.
    #[error("writing output failed")]
    Output,
    /// A record does not match the abbreviation used to write it.
    #[error("record does not match its abbreviation: {0}")]
    AbbrevMismatch(&'static str),
}

/// A bitstream error: a kind plus the bit offset where it was detected.
///
/// Prints as `<what> (at bit 0x1a4)`. Boxed so that `Result<T>` stays one word wide.
#[derive(Clone, PartialEq, Eq)]
pub struct Error(Box<Inner>);

#[derive(Clone, PartialEq, Eq)]
struct Inner {
    kind: ErrorKind,
    bit: u64,
}

impl Error {
    /// Creates an error of `kind` detected at bit `bit`.
    pub fn new(kind: ErrorKind, bit: u64) -> Self {
        Error(Box::new(Inner { kind, bit }))
    }
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }
    /// Bit offset (from the start of the bitcode, after any wrapper) where it was detected.
    pub fn bit_offset(&self) -> u64 {
        self.0.bit
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at bit 0x{:x})", self.0.kind, self.0.bit)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Error {}

/// Result of bitstream operations.
pub type Result<T> = std::result::Result<T, Error>;
