//! Errors of the metadata model: what was wrong, in which node (`!12`) and which field.

use std::fmt;

/// What is wrong with the metadata.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ErrorKind {
    /// A node has fewer operands than the record needs.
    MissingField,
    /// The operand is not of the expected form (`expected`: what the record needs).
    Expected(&'static str),
    /// A value is out of range for its field.
    OutOfRange(u64),
    /// The metadata graph is too deep or too large to expand.
    TooComplex,
    /// The IR builder refused what was written (its message).
    Build(String),
}

/// A metadata error: the kind, the node (`!N`, when the operand lies in a numbered node),
/// the field (named after the spec's record field) and the operand index.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct Error {
    /// What is wrong.
    pub kind: ErrorKind,
    /// The node's metadata id.
    pub node: Option<u32>,
    /// The record and field, e.g. `signature element.name`.
    pub field: &'static str,
    /// The operand index inside the node.
    pub operand: Option<usize>,
}

impl Error {
    /// An error in `field` of node `node` at operand `operand`.
    pub fn new(
        kind: ErrorKind,
        node: Option<u32>,
        field: &'static str,
        operand: Option<usize>,
    ) -> Self {
        Error {
            kind,
            node,
            field,
            operand,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::MissingField => write!(f, "missing {}", self.field)?,
            ErrorKind::Expected(what) => write!(f, "{}: expected {what}", self.field)?,
            ErrorKind::OutOfRange(v) => write!(f, "{}: value {v} out of range", self.field)?,
            ErrorKind::TooComplex => {
                write!(f, "{}: metadata graph too deep or too large", self.field)?
            }
            ErrorKind::Build(message) => write!(f, "{}: {message}", self.field)?,
        }
        match (self.node, self.operand) {
            (Some(n), Some(i)) => write!(f, " (in !{n}, operand {i})"),
            (Some(n), None) => write!(f, " (in !{n})"),
            (None, Some(i)) => write!(f, " (operand {i})"),
            (None, None) => Ok(()),
        }
    }
}

/// Result alias.
pub type Result<T> = std::result::Result<T, Error>;
