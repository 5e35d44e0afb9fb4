//! The crate's error type: a kind, a message and the position where reading stopped.

use std::fmt;

/// What kind of problem an [`Error`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// RTS0 bytes end before a structure does.
    Truncated,
    /// An offset or count in an RTS0 blob points outside the blob.
    BadOffset,
    /// An RTS0 version other than 1 (1.0), 2 (1.1) or 3 (1.2).
    UnsupportedVersion,
    /// A root parameter type other than table, constants, CBV, SRV or UAV.
    UnknownParameterType,
    /// Root signature text that the grammar does not accept.
    Syntax,
    /// A well-formed root signature that breaks a rule the reference enforces.
    Validation,
    /// A `dx.rootsignatures` metadata tree that does not have the documented shape.
    Metadata,
    /// A model that the text form cannot express (NaN, unnamed enum value, ...).
    Unprintable,
    /// An input that is neither a container holding `RTS0` nor a raw `RTS0` blob.
    NotRootSignature,
}

/// Where an [`Error`] happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Position {
    /// No position applies (for example a validation error on a model built in memory).
    None,
    /// A byte offset into binary input.
    Offset(u64),
    /// A 1-based line and column in text input.
    Text {
        /// 1-based line.
        line: u32,
        /// 1-based column (in bytes).
        column: u32,
    },
}

/// An error from reading, parsing, validating or printing a root signature.
///
/// Printed as `message (at offset 0x1a4)` for binary input and `line:column: message` for text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error(Box<Inner>);

#[derive(Clone, Debug, PartialEq, Eq)]
struct Inner {
    kind: ErrorKind,
    message: String,
    position: Position,
}

impl Error {
    /// Builds an error.
    pub fn new(kind: ErrorKind, message: impl Into<String>, position: Position) -> Self {
        Error(Box::new(Inner {
            kind,
            message: message.into(),
            position,
        }))
    }

    /// An error at a byte offset.
    pub fn at_offset(kind: ErrorKind, message: impl Into<String>, offset: u64) -> Self {
        Self::new(kind, message, Position::Offset(offset))
    }

    /// What kind of error this is.
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }

    /// The message without the position.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// Where the error happened.
    pub fn position(&self) -> Position {
        self.0.position
    }

    /// The same error at another position (used to attach a text location to a validation error).
    pub fn with_position(mut self, position: Position) -> Self {
        self.0.position = position;
        self
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.position {
            Position::None => f.write_str(&self.0.message),
            Position::Offset(o) => write!(f, "{} (at offset {o:#x})", self.0.message),
            Position::Text { line, column } => write!(f, "{line}:{column}: {}", self.0.message),
        }
    }
}

impl std::error::Error for Error {}

/// Result alias for this crate.
pub type Result<T> = std::result::Result<T, Error>;
