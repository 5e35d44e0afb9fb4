//! Errors of the module reader: a kind, the block and record being read, and a bit offset.

use std::fmt;

/// What went wrong while reading a module.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The bitstream layer failed (bad abbreviation, truncation, ...).
    #[error("{0}")]
    Bitstream(dxil_bitstream::ErrorKind),
    /// A record code the reader does not know in this block.
    #[error("unexpected record code {0}")]
    UnexpectedRecord(u32),
    /// A sub-block the reader does not expect here.
    #[error("unexpected sub-block {0}")]
    UnexpectedBlock(u32),
    /// A record with the wrong shape (too few operands, bad flag, ...).
    #[error("invalid record: {0}")]
    InvalidRecord(&'static str),
    /// A type id outside the type table, or of the wrong kind.
    #[error("invalid type id {0}")]
    BadType(u64),
    /// A type that does not fit where it is used.
    #[error("type mismatch: {0}")]
    TypeMismatch(&'static str),
    /// A value id that names no value.
    #[error("invalid value id {0}")]
    BadValue(u64),
    /// A metadata id that names no metadata.
    #[error("invalid metadata id {0}")]
    BadMetadata(u64),
    /// A basic block number outside the function.
    #[error("invalid basic block {0}")]
    BadBlock(u64),
    /// A derived type (pointer, vector, struct) that the type table lacks.
    #[error("type table lacks {0}")]
    MissingType(&'static str),
    /// Valid LLVM, but not handled by this reader (e.g. pre-3.7 record forms).
    #[error("unsupported: {0}")]
    Unsupported(&'static str),
    /// Something required is missing or out of order.
    #[error("malformed module: {0}")]
    Malformed(&'static str),
    /// A string that is not UTF-8 where a name is expected.
    #[error("name is not UTF-8")]
    NotUtf8,
    /// The module read holds an id that names nothing (found by [`dxil_ir::check`] after
    /// the last record).
    #[error("{0}")]
    InvalidId(dxil_ir::IdError),
}

/// A module reader error. Prints like
/// `unexpected record code 7 in FUNCTION_BLOCK (at bit 0x1a4)`.
#[derive(Clone, PartialEq, Eq)]
pub struct Error(Box<Inner>);

#[derive(Clone, PartialEq, Eq)]
struct Inner {
    kind: ErrorKind,
    block: &'static str,
    code: Option<u32>,
    bit: u64,
}

impl Error {
    /// Creates an error.
    pub fn new(kind: ErrorKind, block: &'static str, code: Option<u32>, bit: u64) -> Self {
        Error(Box::new(Inner {
            kind,
            block,
            code,
            bit,
        }))
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }

    /// The block being read (`MODULE_BLOCK`, `FUNCTION_BLOCK`, ...).
    pub fn block(&self) -> &'static str {
        self.0.block
    }

    /// The record code being read, if any.
    pub fn record_code(&self) -> Option<u32> {
        self.0.code
    }

    /// Bit offset from the start of the bitcode.
    pub fn bit_offset(&self) -> u64 {
        self.0.bit
    }
}

impl Error {
    /// What went wrong and where in the module (block, record code), without the bit
    /// offset: for callers that place the error in a file of their own.
    pub fn message(&self) -> String {
        let i = &self.0;
        match (&i.kind, i.code) {
            (ErrorKind::UnexpectedRecord(_), _) | (_, None) => format!("{} in {}", i.kind, i.block),
            (kind, Some(code)) => format!("{kind} (record code {code} in {})", i.block),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (at bit 0x{:x})", self.message(), self.0.bit)
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl std::error::Error for Error {}

/// Result of the module reader.
pub type Result<T> = std::result::Result<T, Error>;
