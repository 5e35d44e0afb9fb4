//! The builder's error: a kind and a message naming the instruction and the operand.

use core::fmt;

/// What class of misuse a [`BuildError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuildErrorKind {
    /// An operand or a definition has the wrong type (LangRef's typing rules).
    Type,
    /// A value of another function was used (arguments and instructions are local).
    Foreign,
    /// A call or a function type got the wrong number of arguments.
    Arity,
    /// A name (module symbol, local symbol, named struct) is already taken.
    Duplicate,
    /// Something defined once was defined again (a struct body, a function body, an
    /// initializer, a distinct node).
    Redefinition,
    /// A block was left without a terminator, or an instruction follows one.
    Terminator,
    /// An id that names nothing in this builder, or a forward reference never resolved.
    Dangling,
    /// The IR holds something the builder cannot express (a raw field LLVM 3.7 never writes).
    Unsupported,
}

/// A builder error: small (one box), with a kind and a message such as
/// `add: operand 2 has type float, expected i32`.
#[derive(Clone, PartialEq, Eq)]
pub struct BuildError(Box<Inner>);

#[derive(Clone, PartialEq, Eq)]
struct Inner {
    kind: BuildErrorKind,
    message: String,
}

impl BuildError {
    /// An error of `kind` with `message`.
    #[cold]
    pub fn new(kind: BuildErrorKind, message: impl Into<String>) -> Self {
        Self::boxed(kind, message.into())
    }

    /// Errors are rare: marked cold (and kept out of line), the paths that make them are
    /// laid out apart from the checked paths, which keeps those dense.
    #[cold]
    #[inline(never)]
    fn boxed(kind: BuildErrorKind, message: String) -> Self {
        BuildError(Box::new(Inner { kind, message }))
    }

    /// The class of misuse.
    pub fn kind(&self) -> BuildErrorKind {
        self.0.kind
    }

    /// The message (names the instruction or entity and the operand).
    pub fn message(&self) -> &str {
        &self.0.message
    }
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.message)
    }
}

impl fmt::Debug for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "BuildError({:?}: {})", self.0.kind, self.0.message)
    }
}

impl std::error::Error for BuildError {}

/// Result of a builder call.
pub type BuildResult<T> = Result<T, BuildError>;

/// Shorthand for a [`BuildErrorKind::Type`] error.
#[cold]
pub(crate) fn type_err(message: impl Into<String>) -> BuildError {
    BuildError::new(BuildErrorKind::Type, message)
}
