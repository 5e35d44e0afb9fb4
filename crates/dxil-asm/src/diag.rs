//! Diagnostics: a message at a byte span of the source, rendered rustc style
//! (`file:line:column`, the source line, the span underlined).

use std::fmt;

/// One error found in the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// What went wrong.
    pub message: String,
    /// Byte offset of the offending text.
    pub offset: usize,
    /// Length in bytes of the offending text (at least 1 when rendered).
    pub len: usize,
}

/// The errors of one parse, with the source needed to render them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostics {
    /// File name shown in the rendering.
    pub file: String,
    /// The errors, in the order found.
    pub errors: Vec<Diagnostic>,
    /// 1-based (line, column) of each error, in bytes.
    pub positions: Vec<(usize, usize)>,
    rendered: String,
}

/// 1-based line and byte column of `offset` in `src`.
pub fn line_col(src: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(src.len());
    let before = &src.as_bytes()[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    (line, offset - start + 1)
}

impl Diagnostics {
    /// Renders `errors` against `src`.
    pub fn new(file: &str, src: &str, errors: Vec<Diagnostic>) -> Diagnostics {
        let mut rendered = String::new();
        let mut positions = Vec::with_capacity(errors.len());
        for e in &errors {
            let (line, col) = line_col(src, e.offset);
            positions.push((line, col));
            let off = e.offset.min(src.len());
            let start = src.as_bytes()[..off]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |p| p + 1);
            let end = src.as_bytes()[off..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(src.len(), |p| off + p);
            let text = String::from_utf8_lossy(&src.as_bytes()[start..end]);
            let text: String = text.chars().take(200).collect();
            let num = line.to_string();
            let pad = " ".repeat(num.len());
            let under_start = text
                .char_indices()
                .take_while(|(i, _)| *i < col - 1)
                .count();
            let room = text.chars().count().saturating_sub(under_start).max(1);
            let width = e.len.clamp(1, room);
            rendered.push_str(&format!(
                "error: {}\n{pad}--> {file}:{line}:{col}\n{pad} |\n{num} | {text}\n{pad} | {}{}\n",
                e.message,
                " ".repeat(under_start),
                "^".repeat(width)
            ));
        }
        Diagnostics {
            file: file.to_string(),
            errors,
            positions,
            rendered,
        }
    }
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rendered.trim_end())
    }
}

impl std::error::Error for Diagnostics {}
