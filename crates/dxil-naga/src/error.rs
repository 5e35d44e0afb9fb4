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
/// `MathFunction::Modf`, ...), a message, the construct's span when naga recorded one, and
/// for a module the options do not fit, the [`Options`](crate::Options) field to set.
#[derive(Clone, Debug)]
pub struct Error {
    kind: ErrorKind,
    construct: String,
    message: String,
    span: Span,
    option: Option<&'static str>,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.construct, self.message)?;
        match self.option {
            Some(field) => write!(f, " (set `Options::{field}`)"),
            None => Ok(()),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// A new error about `construct`.
    pub fn new(kind: ErrorKind, construct: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            kind,
            construct: construct.into(),
            message: message.into(),
            span: Span::UNDEFINED,
            option: None,
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

    /// The same error, naming the [`Options`](crate::Options) field (`"shader_model"`,
    /// `"special_constants_binding"`, `"immediates_target"`) whose value would let the module
    /// be written.
    pub fn for_option(mut self, field: &'static str) -> Self {
        self.option = Some(field);
        self
    }

    /// The [`Options`](crate::Options) field to set, when setting one would let the module
    /// be written.
    pub fn option(&self) -> Option<&'static str> {
        self.option
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

/// The name of a naga enum value's variant (`Binary`, `Exchange`), without its fields:
/// messages name constructs, not their Rust debug form.
pub(crate) fn variant_name(value: &impl std::fmt::Debug) -> String {
    let s = format!("{value:?}");
    s.split([' ', '(', '{']).next().unwrap_or("?").to_string()
}

/// A type as WGSL writes it (`vec4<f32>`, `array<u32, 4>`), for messages.
pub(crate) fn type_name(gctx: naga::proc::GlobalCtx, inner: &naga::TypeInner) -> String {
    use naga::common::wgsl::TypeContext;
    let mut s = String::new();
    match gctx.write_type_inner(inner, &mut s) {
        Ok(()) => s,
        Err(_) => variant_name(inner),
    }
}

/// A scalar type as WGSL writes it (`f32`, `i64`), for messages.
pub(crate) fn scalar_name(s: naga::Scalar) -> String {
    naga::common::wgsl::TryToWgsl::to_wgsl_for_diagnostics(s)
}

/// This crate's result.
pub type Result<T, E = Error> = core::result::Result<T, E>;
