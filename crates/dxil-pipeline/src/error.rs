//! The pipeline reader's error: a message and the YAML line it concerns.

use std::fmt;

/// A malformed or unsupported pipeline, at a line of its YAML (1-based; 0 when the problem
/// is not at one place, such as a missing top-level key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PipelineError {
    /// The line (1-based), 0 when it concerns the whole document.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl PipelineError {
    pub(crate) fn new(line: usize, message: String) -> Self {
        PipelineError { line, message }
    }
}

impl fmt::Display for PipelineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for PipelineError {}
