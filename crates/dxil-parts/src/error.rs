//! Errors of the part readers and writers: a kind and a byte offset inside the part.

use std::fmt;

/// What went wrong while reading or writing a part.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ErrorKind {
    /// The part ends before a field that must be present.
    #[error("truncated {0}")]
    Truncated(&'static str),
    /// A field holds a value the format does not allow.
    #[error("invalid {0}")]
    Invalid(&'static str),
    /// An offset points outside the region it must point into.
    #[error("{0} out of range")]
    OutOfRange(&'static str),
    /// A part that `dxil-container` reads (`HASH`, `SFI0`) is malformed.
    #[error("{0}")]
    Container(dxil_container::ErrorKind),
    /// The typed model is inconsistent and cannot be written.
    #[error("inconsistent model: {0}")]
    Inconsistent(&'static str),
}

/// A part read/write error: a kind and the byte offset (inside the part) where it was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error(Box<Inner>);

#[derive(Debug, Clone, PartialEq, Eq)]
struct Inner {
    kind: ErrorKind,
    offset: usize,
    part: Option<[u8; 4]>,
}

impl Error {
    /// Makes an error of `kind` found at byte `offset`.
    pub fn new(kind: ErrorKind, offset: usize) -> Self {
        Error(Box::new(Inner {
            kind,
            offset,
            part: None,
        }))
    }
    /// The same error, found in the part `fourcc` (so a caller that knows where the part
    /// lies can place the offset in its file).
    pub fn in_part(mut self, fourcc: [u8; 4]) -> Self {
        self.0.part = Some(fourcc);
        self
    }
    /// The part the error was found in, when the reader said.
    pub fn part(&self) -> Option<[u8; 4]> {
        self.0.part
    }
    /// The kind of error.
    pub fn kind(&self) -> &ErrorKind {
        &self.0.kind
    }
    /// The byte offset inside the part.
    pub fn offset(&self) -> usize {
        self.0.offset
    }
}

impl From<dxil_container::Error> for Error {
    /// Keeps the kind and the offset; container readers called on part data count from its
    /// start, as this crate does.
    fn from(e: dxil_container::Error) -> Self {
        let offset = usize::try_from(e.offset()).unwrap_or(usize::MAX);
        Error::new(ErrorKind::Container(e.kind().clone()), offset)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(part) = self.0.part {
            write!(f, "{} part: ", String::from_utf8_lossy(&part))?;
        }
        write!(f, "{} (at offset {:#x})", self.0.kind, self.0.offset)
    }
}

impl std::error::Error for Error {}

/// Result type of this crate.
pub type Result<T> = std::result::Result<T, Error>;
