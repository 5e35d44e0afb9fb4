//! The back end's error: what could not be written, the naga construct it came from and,
//! where naga has one, the construct's span in the source.

use naga::Span;

/// Why a module could not be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// A construct DXIL (or this back end) cannot express.
    Unsupported,
    /// The options do not fit the module (an unknown entry point, a missing binding).
    Options,
    /// The module is not what naga's validator accepts.
    Invalid,
    /// The DXIL builder refused what was built (a bug of this back end).
    Builder,
}

/// A failure to write a module: its kind, the construct (`Expression::ImageSample`,
/// `MathFunction::Modf`, ...), a message and the construct's span when naga recorded one.
#[derive(Clone, Debug, thiserror::Error)]
#[error("{construct}: {message}")]
pub struct Error {
    kind: ErrorKind,
    construct: String,
    message: String,
    span: Span,
}

impl Error {
    /// A new error about `construct`.
    pub fn new(kind: ErrorKind, construct: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            kind,
            construct: construct.into(),
            message: message.into(),
            span: Span::UNDEFINED,
        }
    }

    /// A construct this back end cannot express.
    pub fn unsupported(construct: impl Into<String>, message: impl Into<String>) -> Self {
        Self::new(ErrorKind::Unsupported, construct, message)
    }

    /// The same error at `span`, unless it already has a span (the innermost one wins).
    pub fn at(mut self, span: Span) -> Self {
        if !self.span.is_defined() {
            self.span = span;
        }
        self
    }

    /// The kind of failure.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The naga construct that could not be written.
    pub fn construct(&self) -> &str {
        &self.construct
    }

    /// What went wrong.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// Where the construct is in the source (`Span::UNDEFINED` when naga has no span).
    pub fn span(&self) -> Span {
        self.span
    }
}

impl From<dxil_builder::Error> for Error {
    fn from(e: dxil_builder::Error) -> Self {
        Error::new(ErrorKind::Builder, "DXIL builder", e.to_string())
    }
}

impl From<dxil_ir::build::BuildError> for Error {
    fn from(e: dxil_ir::build::BuildError) -> Self {
        Error::new(ErrorKind::Builder, "IR builder", e.to_string())
    }
}

/// This crate's result.
pub type Result<T, E = Error> = core::result::Result<T, E>;
