//! Errors of part generation: what is missing or malformed in the module, or an error of
//! a lower layer (with its own position).

/// What went wrong.
#[derive(Debug, thiserror::Error)]
pub enum ErrorKind {
    /// The module lacks metadata the part needs.
    #[error("missing {0}")]
    Missing(&'static str),
    /// A metadata value is out of the range the part can hold.
    #[error("{0} out of range")]
    OutOfRange(&'static str),
    /// The container layer failed.
    #[error("container: {0}")]
    Container(#[from] dxil_container::Error),
    /// The typed parts layer failed.
    #[error("part: {0}")]
    Part(#[from] dxil_parts::Error),
    /// The metadata layer failed.
    #[error("metadata: {0}")]
    Module(#[from] dxil_module::Error),
    /// The bitcode reader failed.
    #[error("bitcode: {0}")]
    Bitcode(#[from] dxil_bitcode::Error),
}

/// An error of part generation (boxed: small to return).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct Error(Box<ErrorKind>);

impl Error {
    /// The kind of error.
    pub fn kind(&self) -> &ErrorKind {
        &self.0
    }
}

impl<T: Into<ErrorKind>> From<T> for Error {
    fn from(k: T) -> Self {
        Error(Box::new(k.into()))
    }
}

/// Result of part generation.
pub type Result<T> = std::result::Result<T, Error>;
