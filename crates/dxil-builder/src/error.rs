//! The builder's error: what was asked that DXIL or the module cannot take, at the call
//! that asked it.

/// What went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorKind {
    /// The IR builder refused an instruction, value or type (ill-typed IR, a value from
    /// another function, an unterminated block).
    Ir,
    /// A `dx.op` call: an operand of the wrong type, a missing constant, an overload the
    /// operation does not have.
    Operand,
    /// The operation is not allowed in this stage or shader model.
    NotAllowed,
    /// A signature element DXIL cannot express.
    Signature,
    /// A resource description DXIL cannot express, or an unknown resource.
    Resource,
    /// A stage property (thread group size, tessellation state, ...) out of range or
    /// missing.
    Property,
    /// Writing the DXIL metadata failed.
    Metadata,
    /// The bitcode writer refused the module.
    Bitcode,
    /// A container part could not be generated.
    Parts,
    /// The root signature text did not compile.
    RootSignature,
}

/// A builder error: its kind and a message naming the call, operand or element.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Error {
    kind: ErrorKind,
    message: String,
}

/// `Result` with the builder's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

impl Error {
    /// An error of `kind` saying `message`.
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> Self {
        Error {
            kind,
            message: message.into(),
        }
    }

    /// What went wrong.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// The message.
    pub fn message(&self) -> &str {
        &self.message
    }

    pub(crate) fn signature(message: String) -> Self {
        Error::new(ErrorKind::Signature, message)
    }

    pub(crate) fn metadata(e: dxil_module::Error) -> Self {
        Error::new(ErrorKind::Metadata, format!("DXIL metadata: {e}"))
    }

    pub(crate) fn bitcode(e: dxil_bitcode::Error) -> Self {
        Error::new(ErrorKind::Bitcode, format!("bitcode writer: {e}"))
    }

    pub(crate) fn parts(e: dxil_gen::Error) -> Self {
        Error::new(ErrorKind::Parts, format!("container parts: {e}"))
    }
}

impl Error {
    pub(crate) fn ir(e: dxil_ir::build::BuildError) -> Self {
        Error::new(ErrorKind::Ir, e.message())
    }
}

impl From<dxil_ir::build::BuildError> for Error {
    fn from(e: dxil_ir::build::BuildError) -> Self {
        Error::ir(e)
    }
}
