//! Diagnostics as clang prints them: `file:line:col: error: message`, the source line and a
//! caret under the column, then the notes the same way.

use std::fmt::Write as _;

use crate::source::{Loc, SourceMap};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Stops the compilation.
    Error,
    /// Reported; the compilation goes on (an error under `-WX`).
    Warning,
    /// Explains the diagnostic before it.
    Note,
}

impl Level {
    fn word(self) -> &'static str {
        match self {
            Level::Error => "error",
            Level::Warning => "warning",
            Level::Note => "note",
        }
    }
}

/// One message, at a place in the source (or about the whole input).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// Error, warning or note.
    pub level: Level,
    /// Where; `None` for a problem with no place (an option, a missing main file).
    pub loc: Option<Loc>,
    /// The message, without the level.
    pub message: String,
    /// Notes printed after it (where a macro was defined, an earlier declaration).
    pub notes: Vec<Diagnostic>,
    /// The warning group that controls it (`macro-redefined`), printed as `[-Wmacro-redefined]`.
    pub flag: Option<&'static str>,
}

impl Diagnostic {
    /// An error at `loc`.
    pub fn error(loc: Loc, message: impl Into<String>) -> Self {
        Self::new(Level::Error, Some(loc), message)
    }

    /// A warning at `loc`.
    pub fn warning(loc: Loc, message: impl Into<String>) -> Self {
        Self::new(Level::Warning, Some(loc), message)
    }

    /// A diagnostic of any level.
    pub fn new(level: Level, loc: Option<Loc>, message: impl Into<String>) -> Self {
        Diagnostic {
            level,
            loc,
            message: message.into(),
            notes: Vec::new(),
            flag: None,
        }
    }

    /// Names the warning group that controls it.
    pub fn with_flag(mut self, flag: &'static str) -> Self {
        self.flag = Some(flag);
        self
    }

    /// Adds a note at `loc`.
    pub fn with_note(mut self, loc: Loc, message: impl Into<String>) -> Self {
        self.notes.push(Self::new(Level::Note, Some(loc), message));
        self
    }

    fn render_into(&self, map: &SourceMap, out: &mut String) {
        match self.loc {
            Some(loc) => {
                let f = map.file(loc.file);
                let (line, col) = f.line_col(loc.offset);
                let _ = write!(
                    out,
                    "{}:{line}:{col}: {}: {}",
                    f.name(),
                    self.level.word(),
                    self.message
                );
                match self.flag {
                    Some(flag) => {
                        let _ = writeln!(out, " [-W{flag}]");
                    }
                    None => out.push('\n'),
                }
                let text = f.line_text(line);
                out.push_str(text);
                out.push('\n');
                // Tabs stay tabs so the caret lines up however the terminal sets them.
                for c in text.bytes().take(col as usize - 1) {
                    out.push(if c == b'\t' { '\t' } else { ' ' });
                }
                out.push_str("^\n");
            }
            None => {
                let _ = writeln!(out, "{}: {}", self.level.word(), self.message);
            }
        }
        for n in &self.notes {
            n.render_into(map, out);
        }
    }
}

/// The diagnostics of one compilation, in the order they were found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diagnostics {
    list: Vec<Diagnostic>,
}

/// Errors kept before the front end stops reporting more (clang's `-ferror-limit` default).
pub const ERROR_LIMIT: usize = 20;

impl Diagnostics {
    /// Adds one.
    pub fn push(&mut self, d: Diagnostic) {
        self.list.push(d);
    }

    /// Drops those after the first `n` (a parse tried and abandoned).
    pub(crate) fn truncate(&mut self, n: usize) {
        self.list.truncate(n);
    }

    /// The same without warnings (`-no-warnings`).
    pub fn without_warnings(mut self) -> Self {
        self.list.retain(|d| d.level != Level::Warning);
        self
    }

    /// The same with every warning made an error (`-WX`).
    pub fn warnings_as_errors(mut self) -> Self {
        for d in &mut self.list {
            if d.level == Level::Warning {
                d.level = Level::Error;
            }
        }
        self
    }

    /// Whether any is an error.
    pub fn has_errors(&self) -> bool {
        self.list.iter().any(|d| d.level == Level::Error)
    }

    /// How many errors.
    pub fn error_count(&self) -> usize {
        self.list.iter().filter(|d| d.level == Level::Error).count()
    }

    /// All of them.
    pub fn iter(&self) -> impl Iterator<Item = &Diagnostic> {
        self.list.iter()
    }

    /// How many.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// The text clang prints for them, with the summary line (`1 error generated.`).
    pub fn render(&self, map: &SourceMap) -> String {
        let mut out = String::new();
        for d in &self.list {
            d.render_into(map, &mut out);
        }
        let (w, e) = (
            self.list
                .iter()
                .filter(|d| d.level == Level::Warning)
                .count(),
            self.error_count(),
        );
        let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
        match (w, e) {
            (0, 0) => {}
            (w, 0) => {
                let _ = writeln!(out, "{} generated.", plural(w, "warning"));
            }
            (0, e) => {
                let _ = writeln!(out, "{} generated.", plural(e, "error"));
            }
            (w, e) => {
                let _ = writeln!(
                    out,
                    "{} and {} generated.",
                    plural(w, "warning"),
                    plural(e, "error")
                );
            }
        }
        out
    }
}
