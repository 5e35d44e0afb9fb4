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
            let under_start = text
                .char_indices()
                .take_while(|(i, _)| *i < col - 1)
                .count();
            let (shown, under_start, visible) = window(&text, under_start);
            let num = line.to_string();
            let pad = " ".repeat(num.len());
            let room = visible.saturating_sub(under_start).max(1);
            let width = e.len.clamp(1, room);
            rendered.push_str(&format!(
                "error: {}\n{pad}--> {file}:{line}:{col}\n{pad} |\n{num} | {shown}\n{pad} | {}{}\n",
                shorten_quotes(&e.message),
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

/// Characters of a source line shown around the error's column when the line is longer.
const WINDOW: usize = 80;
/// Characters of a quoted piece of input kept in a message.
const QUOTE: usize = 40;

/// The part of `line` shown under the error (`WINDOW` characters around character
/// `at`, `...` where it is cut), where `at` falls in it, and where the line's characters
/// end in it (before a closing `...`).
fn window(line: &str, at: usize) -> (String, usize, usize) {
    let chars = line.chars().count();
    if chars <= WINDOW + WINDOW / 4 {
        return (line.to_string(), at, chars);
    }
    let first = at
        .saturating_sub(WINDOW / 2)
        .min(chars.saturating_sub(WINDOW));
    let last = (first + WINDOW).min(chars);
    let mut shown = String::new();
    if first > 0 {
        shown.push_str("...");
    }
    shown.extend(line.chars().skip(first).take(last - first));
    let lead = if first > 0 { 3 } else { 0 };
    let visible = lead + last - first;
    if last < chars {
        shown.push_str("...");
    }
    (shown, at.min(last) - first + lead, visible)
}

/// `message` with each backquoted piece longer than `QUOTE` characters cut to its start
/// and `...` (messages quote the input's tokens, which may be megabytes long).
fn shorten_quotes(message: &str) -> String {
    let pieces: Vec<&str> = message.split('`').collect();
    if pieces.len() < 3 {
        return message.to_string();
    }
    let mut out = String::with_capacity(message.len().min(1024));
    for (i, piece) in pieces.iter().enumerate() {
        if i > 0 {
            out.push('`');
        }
        // Odd pieces lie between backquotes (the last one only when closed).
        let quoted = i % 2 == 1 && i + 1 < pieces.len();
        if quoted && piece.chars().count() > QUOTE {
            out.extend(piece.chars().take(QUOTE));
            out.push_str("...");
        } else {
            out.push_str(piece);
        }
    }
    out
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rendered.trim_end())
    }
}

impl std::error::Error for Diagnostics {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_show_a_window_with_the_caret_under_the_column() {
        let src = format!("{}BAD{}\n", "a".repeat(5000), "b".repeat(5000));
        let d = Diagnostic {
            message: format!("unknown `{}`", "x".repeat(4000)),
            offset: 5000,
            len: 3,
        };
        let r = Diagnostics::new("f.ll", &src, vec![d]).to_string();
        let lines: Vec<&str> = r.lines().collect();
        assert_eq!(lines[0], format!("error: unknown `{}...`", "x".repeat(40)));
        assert_eq!(lines[1], " --> f.ll:1:5001");
        let shown = lines[3].strip_prefix("1 | ").unwrap();
        let caret = lines[4].strip_prefix("  | ").unwrap();
        assert!(
            shown.starts_with("...") && shown.ends_with("..."),
            "{shown}"
        );
        assert_eq!(shown.len(), WINDOW + 6);
        let at = caret.find('^').unwrap();
        assert_eq!(&shown[at..at + 3], "BAD");
        assert_eq!(caret.trim_start(), "^^^");
        // A token running past the window is underlined up to the closing `...`.
        let d = Diagnostic {
            message: "x".into(),
            offset: 10,
            len: 9000,
        };
        let r = Diagnostics::new("f.ll", &src, vec![d]).to_string();
        let caret = r.lines().nth(4).unwrap().strip_prefix("  | ").unwrap();
        assert_eq!(caret.trim_start().len(), WINDOW - 10);
    }

    #[test]
    fn short_lines_and_messages_stay_whole() {
        let d = Diagnostic {
            message: "expected `,` here".into(),
            offset: 4,
            len: 1,
        };
        let r = Diagnostics::new("f.ll", "abc def\n", vec![d]).to_string();
        assert_eq!(
            r,
            "error: expected `,` here\n --> f.ll:1:5\n  |\n1 | abc def\n  |     ^"
        );
        assert_eq!(shorten_quotes("a `b"), "a `b");
    }
}
