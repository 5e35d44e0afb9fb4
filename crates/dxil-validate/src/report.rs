//! What validation found: diagnostics in the order the reference emits them, printed as the
//! reference validator (`dxv`) prints them.

use std::fmt;

use dxil_ops::ValidationRule;

/// How bad a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Severity {
    /// The container is invalid.
    Error,
    /// Reported, but the container stays valid (e.g. a stale digest).
    Warning,
}

impl Severity {
    /// `error` or `warning`, as printed.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error or warning.
    pub severity: Severity,
    /// The rule broken (`None` for what the reference reports outside its rule table, such as
    /// unreadable bitcode).
    pub rule: Option<ValidationRule>,
    /// The message with its arguments filled in, as the reference formats it.
    pub message: String,
    /// The function the diagnostic is reported on (`Function: NAME: error: ...`), as its raw
    /// name.
    pub function: Option<String>,
    /// Lines printed after the diagnostic: `at '%3 = ...' in block '#0' of function 'main'.`
    /// for an instruction, and the reference's extra notes.
    pub notes: Vec<String>,
}

impl Diagnostic {
    /// The rule code as the reference's rule table names it (`INSTR.OPCONST`), if any.
    pub fn rule_code(&self) -> Option<&'static str> {
        self.rule.map(|r| r.info().code())
    }
}

impl fmt::Display for Diagnostic {
    /// The diagnostic's lines as `dxv` prints them, notes included, without a final newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(name) = &self.function {
            write!(f, "Function: {name}: ")?;
        }
        write!(f, "{}: {}", self.severity.as_str(), self.message)?;
        for note in &self.notes {
            write!(f, "\nnote: {note}")?;
        }
        Ok(())
    }
}

/// The result of validating one container or module.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Every diagnostic, in the order found.
    pub diagnostics: Vec<Diagnostic>,
}

impl Report {
    /// True when no diagnostic is an error: the reference would accept the input.
    pub fn is_valid(&self) -> bool {
        !self
            .diagnostics
            .iter()
            .any(|d| d.severity == Severity::Error)
    }

    /// The errors.
    pub fn errors(&self) -> impl Iterator<Item = &Diagnostic> {
        self.diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
    }

    /// Whether some error is of `rule`.
    pub fn has(&self, rule: ValidationRule) -> bool {
        self.errors().any(|d| d.rule == Some(rule))
    }
}

impl fmt::Display for Report {
    /// What `dxv` prints: one block per diagnostic, then `Validation succeeded.` or
    /// `Validation failed.`, each line ending in a newline.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in &self.diagnostics {
            writeln!(f, "{d}")?;
        }
        if self.is_valid() {
            writeln!(f, "Validation succeeded.")
        } else {
            writeln!(f, "Validation failed.")
        }
    }
}
