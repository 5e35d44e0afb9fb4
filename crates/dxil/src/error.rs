//! The one public error of the front door: what failed, where in the user's file, and the
//! layer's own error as its source.

use std::fmt;

/// Where in the user's input an error was found.
///
/// Offsets count from the start of the file the user gave: an error inside a part or inside
/// the bitcode of a program part is moved by where that part (and its bitcode) lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// A byte offset.
    Byte(u64),
    /// A bit offset (LLVM bitstreams are read bit by bit); printed as `byte.bit`.
    Bit(u64),
    /// A position in text, both 1-based.
    Text {
        /// Line number.
        line: usize,
        /// Column number (in characters).
        column: usize,
    },
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Location::Byte(b) => write!(f, "offset {b:#x}"),
            Location::Bit(b) => write!(f, "offset {:#x}.{}", b / 8, b % 8),
            Location::Text { line, column } => write!(f, "{line}:{column}"),
        }
    }
}

/// Which layer refused the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The input is none of the forms this crate reads (container, program part, bitcode,
    /// text), or not the form the entry point needs.
    Input,
    /// The DXContainer is malformed or lacks a part the operation needs.
    Container,
    /// A typed part (`PSV0`, `ISG1`, `RDAT`, ...) is malformed.
    Part,
    /// The LLVM bitcode of a program part does not decode, or the writer refused a module.
    Bitcode,
    /// The module's DXIL metadata is malformed.
    Metadata,
    /// The text does not parse.
    Text,
    /// Parts could not be generated from the module, or the container not assembled.
    Generate,
    /// A root signature is malformed or invalid.
    RootSignature,
    /// The executor refused a shader or stopped running it, or two shaders held against
    /// each other cannot be compared (stages, resources or thread groups differ).
    Execute,
}

type Source = Box<dyn std::error::Error + Send + Sync + 'static>;

/// An error of any entry point of this crate: a kind, a message, the [`Location`] in the
/// user's file where it has one, and the layer's error as [`std::error::Error::source`].
///
/// Prints as `<message> (at offset 0x..)`, `<message> (at offset 0x1a4.3)` for a bit in
/// bitcode, or for text the layer's own `file:line:column` rendering with the line
/// underlined. Boxed so that `Result<T, Error>` stays one pointer wide.
pub struct Error(Box<Inner>);

struct Inner {
    kind: ErrorKind,
    message: String,
    location: Option<Location>,
    source: Option<Source>,
}

impl Error {
    /// An error of `kind` with `message` and no location.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error(Box::new(Inner {
            kind,
            message: message.into(),
            location: None,
            source: None,
        }))
    }

    /// The same error found at `location`.
    pub fn at(mut self, location: Location) -> Self {
        self.0.location = Some(location);
        self
    }

    /// The same error caused by `source`.
    pub(crate) fn caused_by(mut self, source: impl Into<Source>) -> Self {
        self.0.source = Some(source.into());
        self
    }

    /// Which layer refused the input.
    pub fn kind(&self) -> ErrorKind {
        self.0.kind
    }

    /// What went wrong, without the location.
    pub fn message(&self) -> &str {
        &self.0.message
    }

    /// Where in the user's input, when the error has a place.
    pub fn location(&self) -> Option<Location> {
        self.0.location
    }

    /// The byte offset from the start of the input (a bit location gives its byte).
    pub fn offset(&self) -> Option<u64> {
        match self.0.location? {
            Location::Byte(b) => Some(b),
            Location::Bit(b) => Some(b / 8),
            Location::Text { .. } => None,
        }
    }

    /// A container error; its offset already counts from the start of the input.
    pub(crate) fn container(e: dxil_container::Error) -> Self {
        Error::new(ErrorKind::Container, e.kind().to_string())
            .at(Location::Byte(e.offset()))
            .caused_by(e)
    }

    /// A bitcode error in bitcode that starts `base` bytes into the input.
    pub(crate) fn bitcode(e: dxil_bitcode::Error, base: u64, what: &str) -> Self {
        let message = if what.is_empty() {
            e.message()
        } else {
            format!("{what}: {}", e.message())
        };
        Error::new(ErrorKind::Bitcode, message)
            .at(Location::Bit(base * 8 + e.bit_offset()))
            .caused_by(e)
    }

    /// A metadata error (it names its node and field; metadata has no byte position).
    pub(crate) fn metadata(e: dxil_module::Error) -> Self {
        Error::new(ErrorKind::Metadata, format!("metadata: {e}")).caused_by(e)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)?;
        match self.0.location {
            // Text errors render their own `file:line:column` and underline.
            Some(Location::Text { .. }) | None => Ok(()),
            Some(at) => write!(f, " (at {at})"),
        }
    }
}

impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Error({:?}: {self})", self.0.kind)
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0
            .source
            .as_deref()
            .map(|s| s as &(dyn std::error::Error + 'static))
    }
}

/// The result of the entry points of this crate.
pub type Result<T> = std::result::Result<T, Error>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_locations_print_as_byte_dot_bit() {
        let e = Error::new(ErrorKind::Bitcode, "bad").at(Location::Bit(0x1a4 * 8 + 3));
        assert_eq!(e.to_string(), "bad (at offset 0x1a4.3)");
        assert_eq!(e.offset(), Some(0x1a4));
    }

    #[test]
    fn byte_locations_print_in_hex() {
        let e = Error::new(ErrorKind::Container, "short").at(Location::Byte(16));
        assert_eq!(e.to_string(), "short (at offset 0x10)");
    }
}
