//! A YAML document as a tree of nodes that remember their line, built from the events of
//! `saphyr-parser` (YAML 1.2). The pipeline reader walks this tree so that every error it
//! reports can name the line of the offending node.

use saphyr_parser::{Event, Parser, ScalarStyle};

use crate::error::PipelineError;

/// Nesting deeper than this is refused: the suite's pipelines nest six levels at most, and a
/// cap keeps hostile input from deepening the walk without bound.
const MAX_DEPTH: usize = 64;

/// One node and the line (1-based) it starts on.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Node {
    pub line: usize,
    pub value: Value,
}

/// What a node holds.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    /// A scalar's text; `plain` when it was unquoted (only plain scalars can be `null`).
    Scalar { text: String, plain: bool },
    /// A sequence.
    Seq(Vec<Node>),
    /// A mapping, in document order.
    Map(Vec<(Node, Node)>),
}

impl Node {
    /// A short name of the node's kind, for error messages.
    pub fn kind(&self) -> &'static str {
        match self.value {
            Value::Scalar { .. } => "a scalar",
            Value::Seq(_) => "a sequence",
            Value::Map(_) => "a mapping",
        }
    }

    /// The scalar's text, or an error naming `what` was expected.
    pub fn scalar(&self, what: &str) -> Result<&str, PipelineError> {
        match &self.value {
            Value::Scalar { text, .. } => Ok(text),
            _ => Err(PipelineError::new(
                self.line,
                format!("expected {what}, found {}", self.kind()),
            )),
        }
    }

    /// The sequence's items, or an error naming `what` was expected.
    pub fn seq(&self, what: &str) -> Result<&[Node], PipelineError> {
        match &self.value {
            Value::Seq(items) => Ok(items),
            _ => Err(PipelineError::new(
                self.line,
                format!("expected {what} (a sequence), found {}", self.kind()),
            )),
        }
    }

    /// The mapping's entries, or an error naming `what` was expected.
    pub fn map(&self, what: &str) -> Result<&[(Node, Node)], PipelineError> {
        match &self.value {
            Value::Map(entries) => Ok(entries),
            _ => Err(PipelineError::new(
                self.line,
                format!("expected {what} (a mapping), found {}", self.kind()),
            )),
        }
    }
}

/// Parses the first document of `text`. An empty stream is an error: a pipeline needs keys.
pub(crate) fn parse(text: &str) -> Result<Node, PipelineError> {
    let text = indent_flow_lines(text);
    let mut parser = Parser::new_from_str(&text);
    // Containers under construction: (line, items or entries, a pending key).
    let mut stack: Vec<Building> = Vec::new();
    let mut done: Option<Node> = None;
    while done.is_none() {
        let (event, span) = match parser.next_event() {
            None => break,
            Some(Ok(e)) => e,
            Some(Err(e)) => {
                return Err(PipelineError::new(e.marker().line(), e.info().to_string()));
            }
        };
        let line = span.start.line();
        let node = match event {
            Event::StreamEnd => break,
            Event::Nothing | Event::StreamStart | Event::DocumentStart(_) | Event::DocumentEnd => {
                continue
            }
            Event::Alias(_) => {
                return Err(PipelineError::new(line, "aliases are not supported".into()));
            }
            Event::Scalar(text, style, _, _) => Node {
                line,
                value: Value::Scalar {
                    text: text.into_owned(),
                    plain: style == ScalarStyle::Plain,
                },
            },
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                if stack.len() >= MAX_DEPTH {
                    return Err(PipelineError::new(
                        line,
                        format!("nesting deeper than {MAX_DEPTH} levels"),
                    ));
                }
                let map = matches!(event, Event::MappingStart(..));
                stack.push(Building {
                    line,
                    map,
                    items: Vec::new(),
                    entries: Vec::new(),
                    key: None,
                });
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                let Some(b) = stack.pop() else {
                    return Err(PipelineError::new(line, "unbalanced collection end".into()));
                };
                let value = if b.map {
                    Value::Map(b.entries)
                } else {
                    Value::Seq(b.items)
                };
                Node {
                    line: b.line,
                    value,
                }
            }
        };
        match stack.last_mut() {
            None => done = Some(node),
            Some(b) if b.map => match b.key.take() {
                None => b.key = Some(node),
                Some(k) => b.entries.push((k, node)),
            },
            Some(b) => b.items.push(node),
        }
    }
    done.ok_or_else(|| PipelineError::new(1, "the document is empty".into()))
}

/// LLVM's YAML reader is more lenient than YAML 1.2 inside flow collections, and the
/// suite's pipelines rely on it in two ways: lines of a collection (`Data: [ 1, 2,` and the
/// lines that go on with it) at any indentation, and empty entries (`1,, 2`: LLVM skips a
/// `,` that follows another). Before parsing, such lines get the indentation of the key
/// that opened the collection plus one, and such commas become spaces; lines keep their
/// numbers, and nothing outside a flow collection changes.
fn indent_flow_lines(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut depth = 0usize;
    let mut opened_at = 0usize;
    // The last character that is not whitespace inside the open collection.
    let mut last = ' ';
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if depth > 0 && indent <= opened_at && !line.trim().is_empty() {
            out.extend(std::iter::repeat_n(' ', opened_at + 1 - indent));
        }
        // The column of the line's first key: past its indentation and any `- `.
        let mut key_col = indent;
        while line[key_col..].starts_with("- ") {
            key_col += 2;
            key_col += line[key_col..].len() - line[key_col..].trim_start_matches(' ').len();
        }
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        let mut first = true;
        let mut comment = false;
        for c in line.chars() {
            let mut emit = c;
            if comment {
                out.push(c);
                continue;
            }
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None => match c {
                    '\'' | '"' if depth > 0 || prev == ' ' => quote = Some(c),
                    '#' if prev == ' ' || prev == '\t' || first => comment = true,
                    '[' | '{' if depth > 0 || first || matches!(prev, ' ' | ':' | '-') => {
                        if depth == 0 {
                            opened_at = key_col;
                        }
                        depth += 1;
                    }
                    ']' | '}' if depth > 0 => depth -= 1,
                    ',' if depth > 0 && matches!(last, ',' | '[') => emit = ' ',
                    _ => {}
                },
            }
            if depth > 0 && !c.is_whitespace() && !comment {
                last = c;
            }
            if !c.is_whitespace() {
                first = false;
            }
            prev = c;
            out.push(emit);
        }
    }
    out
}

struct Building {
    line: usize,
    map: bool,
    items: Vec<Node>,
    entries: Vec<(Node, Node)>,
    key: Option<Node>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_follow_the_text() {
        let n = parse("---\nA: 1\nB:\n  - [ 1, 2 ]\n  - x\n...\n").unwrap();
        let m = n.map("top").unwrap();
        assert_eq!(m[0].0.line, 2);
        assert_eq!(m[1].1.line, 4);
        let items = m[1].1.seq("B").unwrap();
        assert_eq!(items[1].line, 5);
        assert_eq!(items[0].seq("inner").unwrap().len(), 2);
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse("A: 1\nB: [1, 2\nC: 3\n").unwrap_err();
        assert!(e.line >= 2, "{e}");
        let e = parse("A: &x 1\nB: *x\n").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(parse("").is_err());
    }

    #[test]
    fn flow_lines_may_go_back_left() {
        let n = parse("A:\n  - B: [ 1, 2, # two\n    3,,\n  4 ]\n    C: 5\n").unwrap();
        let a = &n.map("top").unwrap()[0].1.seq("A").unwrap()[0];
        let entries = a.map("item").unwrap();
        assert_eq!(entries[0].1.seq("B").unwrap().len(), 4);
        assert_eq!(entries[1].0.line, 5);
    }

    #[test]
    fn deep_nesting_is_refused() {
        let text = "[".repeat(200) + &"]".repeat(200);
        assert!(parse(&text).unwrap_err().message.contains("nesting"));
    }
}
