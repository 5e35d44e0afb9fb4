//! FileCheck, for the checks the offload-test-suite writes (LLVM's FileCheck documentation):
//! `CHECK`, `CHECK-NEXT`, `CHECK-SAME`, `CHECK-NOT`, `CHECK-LABEL` and `CHECK-EMPTY` under
//! any prefix, literal text with runs of spaces and tabs matching any run, and `{{regex}}`
//! blocks in a small regular-expression syntax (literals, `.`, classes `[...]`, the escapes
//! `\d \w \s` and their negations, the quantifiers `* + ?`). Anything else (`CHECK-DAG`,
//! `CHECK-COUNT`, `[[VAR]]` variables, regex groups and alternation) is refused by name.

/// A check line's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Plain,
    Next,
    Same,
    Not,
    Label,
    Empty,
}

/// One atom of a compiled pattern.
#[derive(Clone, Debug, PartialEq)]
enum Atom {
    Char(char),
    /// A run of one or more spaces or tabs (whitespace in a pattern matches any run).
    Space,
    Any,
    Class {
        ranges: Vec<(char, char)>,
        negated: bool,
    },
}

/// An atom and how often it may repeat.
#[derive(Clone, Debug, PartialEq)]
struct Piece {
    atom: Atom,
    min: usize,
    max: usize,
}

/// One check of a check file.
#[derive(Clone, Debug)]
struct Check {
    kind: Kind,
    pattern: Vec<Piece>,
    line: usize,
    text: String,
}

/// Why the checks do not hold (or cannot be read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckFailure {
    /// The line of the check file.
    pub line: usize,
    /// What went wrong.
    pub message: String,
}

impl std::fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "check line {}: {}", self.line, self.message)
    }
}

/// Checks `input` against the checks with `prefixes` in `check_file`. No check at all is
/// an error, as in FileCheck.
pub fn filecheck(check_file: &str, prefixes: &[&str], input: &str) -> Result<(), CheckFailure> {
    let checks = parse_checks(check_file, prefixes)?;
    if checks.is_empty() {
        return Err(CheckFailure {
            line: 0,
            message: format!("no check strings found with prefix {}", prefixes.join(", ")),
        });
    }
    run(&checks, input)
}

fn parse_checks(file: &str, prefixes: &[&str]) -> Result<Vec<Check>, CheckFailure> {
    let mut out = Vec::new();
    for (n, line) in file.lines().enumerate() {
        let line_no = n + 1;
        for prefix in prefixes {
            let Some((kind, rest)) = find_directive(line, prefix, line_no)? else {
                continue;
            };
            let text = rest.trim().to_string();
            if kind != Kind::Empty && text.is_empty() {
                return Err(CheckFailure {
                    line: line_no,
                    message: "empty check pattern".into(),
                });
            }
            let pattern = compile(&text).map_err(|m| CheckFailure {
                line: line_no,
                message: m,
            })?;
            out.push(Check {
                kind,
                pattern,
                line: line_no,
                text,
            });
            break;
        }
    }
    Ok(out)
}

/// The directive of `prefix` on `line`, with the text after its colon.
fn find_directive<'a>(
    line: &'a str,
    prefix: &str,
    line_no: usize,
) -> Result<Option<(Kind, &'a str)>, CheckFailure> {
    let mut from = 0;
    while let Some(at) = line[from..].find(prefix).map(|i| i + from) {
        from = at + prefix.len();
        let before = line[..at].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '-') {
            continue;
        }
        let rest = &line[at + prefix.len()..];
        let Some(colon) = rest.find(':') else {
            continue;
        };
        let suffix = &rest[..colon];
        let kind = match suffix {
            "" => Kind::Plain,
            "-NEXT" => Kind::Next,
            "-SAME" => Kind::Same,
            "-NOT" => Kind::Not,
            "-LABEL" => Kind::Label,
            "-EMPTY" => Kind::Empty,
            "-DAG" => return Err(unsupported(line_no, "CHECK-DAG")),
            s if s.starts_with("-COUNT-") => return Err(unsupported(line_no, "CHECK-COUNT")),
            _ => continue,
        };
        return Ok(Some((kind, &rest[colon + 1..])));
    }
    Ok(None)
}

fn unsupported(line: usize, what: &str) -> CheckFailure {
    CheckFailure {
        line,
        message: format!("unsupported FileCheck syntax: {what}"),
    }
}

/// Compiles a pattern: literal text with `{{regex}}` blocks.
fn compile(text: &str) -> Result<Vec<Piece>, String> {
    if text.contains("[[") {
        return Err("unsupported FileCheck syntax: [[...]] variables".into());
    }
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix("{{") {
            let end = r.find("}}").ok_or("unterminated {{ in pattern")?;
            regex(&r[..end], &mut out)?;
            rest = &r[end + 2..];
        } else {
            let end = rest.find("{{").unwrap_or(rest.len());
            for c in rest[..end].chars() {
                if c == ' ' || c == '\t' {
                    if out.last().map(|p: &Piece| &p.atom) != Some(&Atom::Space) {
                        out.push(Piece {
                            atom: Atom::Space,
                            min: 1,
                            max: 1,
                        });
                    }
                } else {
                    out.push(Piece {
                        atom: Atom::Char(c),
                        min: 1,
                        max: 1,
                    });
                }
            }
            rest = &rest[end..];
        }
    }
    Ok(out)
}

/// Compiles a regular expression in the small syntax this module reads.
fn regex(re: &str, out: &mut Vec<Piece>) -> Result<(), String> {
    let mut chars = re.chars().peekable();
    while let Some(c) = chars.next() {
        let atom = match c {
            '.' => Atom::Any,
            '\\' => match chars.next().ok_or("regex ends in '\\'")? {
                'd' => class(&[('0', '9')], false),
                'D' => class(&[('0', '9')], true),
                'w' => class(&[('a', 'z'), ('A', 'Z'), ('0', '9'), ('_', '_')], false),
                'W' => class(&[('a', 'z'), ('A', 'Z'), ('0', '9'), ('_', '_')], true),
                's' => class(&[(' ', ' '), ('\t', '\t')], false),
                'S' => class(&[(' ', ' '), ('\t', '\t')], true),
                e if e.is_ascii_alphanumeric() => {
                    return Err(format!("unsupported regex escape '\\{e}'"))
                }
                e => Atom::Char(e),
            },
            '[' => {
                let negated = chars.peek() == Some(&'^');
                if negated {
                    chars.next();
                }
                let mut ranges = Vec::new();
                let mut first = true;
                loop {
                    let c = chars.next().ok_or("unterminated '[' in regex")?;
                    if c == ']' && !first {
                        break;
                    }
                    first = false;
                    let lo = if c == '\\' {
                        chars.next().ok_or("regex ends in '\\'")?
                    } else {
                        c
                    };
                    if chars.peek() == Some(&'-') {
                        chars.next();
                        match chars.next().ok_or("unterminated '[' in regex")? {
                            ']' => {
                                ranges.push((lo, lo));
                                ranges.push(('-', '-'));
                                break;
                            }
                            hi => ranges.push((lo, hi)),
                        }
                    } else {
                        ranges.push((lo, lo));
                    }
                }
                Atom::Class { ranges, negated }
            }
            '*' | '+' | '?' => return Err(format!("'{c}' repeats nothing in regex '{re}'")),
            '(' | ')' | '|' | '{' | '}' | '^' | '$' => {
                return Err(format!("unsupported regex syntax '{c}' in '{re}'"))
            }
            c => Atom::Char(c),
        };
        let (min, max) = match chars.peek() {
            Some('*') => (0, usize::MAX),
            Some('+') => (1, usize::MAX),
            Some('?') => (0, 1),
            _ => (1, 1),
        };
        if (min, max) != (1, 1) {
            chars.next();
        }
        out.push(Piece { atom, min, max });
    }
    Ok(())
}

fn class(ranges: &[(char, char)], negated: bool) -> Atom {
    Atom::Class {
        ranges: ranges.to_vec(),
        negated,
    }
}

fn atom_matches(atom: &Atom, c: char) -> bool {
    match atom {
        Atom::Char(x) => *x == c,
        Atom::Space => c == ' ' || c == '\t',
        Atom::Any => true,
        Atom::Class { ranges, negated } => {
            ranges.iter().any(|(lo, hi)| (*lo..=*hi).contains(&c)) != *negated
        }
    }
}

/// The end of the longest match of `pattern` at the start of `text` (chars of one line).
/// Backtracking depth is the pattern's length, which the check file bounds.
fn match_at(pattern: &[Piece], text: &[char]) -> Option<usize> {
    let Some((p, rest)) = pattern.split_first() else {
        return Some(0);
    };
    // A run of whitespace in the pattern takes the whole run in the text.
    if p.atom == Atom::Space {
        let n = text
            .iter()
            .take_while(|c| **c == ' ' || **c == '\t')
            .count();
        return if n == 0 {
            None
        } else {
            match_at(rest, &text[n..]).map(|e| e + n)
        };
    }
    let mut n = 0;
    while n < p.max && n < text.len() && atom_matches(&p.atom, text[n]) {
        n += 1;
    }
    loop {
        if n < p.min {
            return None;
        }
        if let Some(e) = match_at(rest, &text[n..]) {
            return Some(n + e);
        }
        if n == 0 {
            return None;
        }
        n -= 1;
    }
}

/// The first match of `pattern` in `line` from char `from`: (start, end) in chars.
fn find_in_line(pattern: &[Piece], line: &[char], from: usize) -> Option<(usize, usize)> {
    (from..=line.len()).find_map(|s| match_at(pattern, &line[s..]).map(|e| (s, s + e)))
}

/// A position in the input: line index and char column.
type Pos = (usize, usize);

fn find(pattern: &[Piece], lines: &[Vec<char>], from: Pos, until: Pos) -> Option<(Pos, Pos)> {
    let last = lines.len().min(until.0 + 1);
    for (l, line) in lines.iter().enumerate().take(last).skip(from.0) {
        let start = if l == from.0 { from.1 } else { 0 };
        if let Some((s, e)) = find_in_line(pattern, line, start) {
            if (l, e) > until {
                return None;
            }
            return Some(((l, s), (l, e)));
        }
    }
    None
}

fn run(checks: &[Check], input: &str) -> Result<(), CheckFailure> {
    let lines: Vec<Vec<char>> = input.lines().map(|l| l.chars().collect()).collect();
    let end: Pos = (lines.len(), 0);
    let mut pos: Pos = (0, 0);
    // The end of the previous positive match (for NEXT, SAME and EMPTY).
    let mut last: Option<Pos> = None;
    let mut nots: Vec<&Check> = Vec::new();
    let fail = |c: &Check, m: &str| CheckFailure {
        line: c.line,
        message: format!("{m}: {}", c.text),
    };
    for c in checks {
        if c.kind == Kind::Not {
            nots.push(c);
            continue;
        }
        let found = if c.kind == Kind::Empty {
            let next = last.map_or(0, |p| p.0 + 1);
            if lines.get(next).is_some_and(|l| l.is_empty()) {
                Some(((next, 0), (next, 0)))
            } else {
                return Err(fail(c, "CHECK-EMPTY: the next line is not empty"));
            }
        } else {
            find(&c.pattern, &lines, pos, end)
        };
        let Some((start, stop)) = found else {
            return Err(fail(c, "expected string not found in input"));
        };
        match (c.kind, last) {
            (Kind::Next, Some(l)) if start.0 != l.0 + 1 => {
                return Err(fail(
                    c,
                    &format!(
                        "CHECK-NEXT: found on line {}, not on the line after line {}",
                        start.0 + 1,
                        l.0 + 1
                    ),
                ));
            }
            (Kind::Same, Some(l)) if start.0 != l.0 => {
                return Err(fail(
                    c,
                    &format!(
                        "CHECK-SAME: found on line {}, not on line {}",
                        start.0 + 1,
                        l.0 + 1
                    ),
                ));
            }
            (Kind::Next | Kind::Same, None) => {
                return Err(fail(
                    c,
                    "found a CHECK-NEXT or CHECK-SAME without a previous match",
                ));
            }
            _ => {}
        }
        for n in nots.drain(..) {
            if let Some((s, _)) = find(&n.pattern, &lines, pos, start) {
                return Err(fail(
                    n,
                    &format!("CHECK-NOT: excluded string found on line {}", s.0 + 1),
                ));
            }
        }
        pos = stop;
        last = Some(stop);
    }
    for n in nots {
        if let Some((s, _)) = find(&n.pattern, &lines, pos, end) {
            return Err(fail(
                n,
                &format!("CHECK-NOT: excluded string found on line {}", s.0 + 1),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const OUT: &str = "---\nBuffers:\n  - Name:            Out1\n    Data:            [ 4, 16, 36, 64 ]\n  - Name:            Out2\n\n    Data:            [ 2.718 ]\n";

    fn check(c: &str) -> Result<(), CheckFailure> {
        filecheck(c, &["CHECK"], OUT)
    }

    #[test]
    fn plain_label_next_same() {
        check("# CHECK-LABEL: Name: Out1\n# CHECK: Data: [ 4, 16, 36, 64 ]\n").unwrap();
        check("# CHECK: Name: Out1\n# CHECK-NEXT: Data:\n# CHECK-SAME: 36, 64 ]\n").unwrap();
        assert!(check("# CHECK: Name: Out1\n# CHECK-NEXT: Name: Out2\n").is_err());
        assert!(check("# CHECK: Name: Out2\n# CHECK: [ 4, 16").is_err());
        check("# CHECK: Name: Out2\n# CHECK-EMPTY:\n# CHECK-NEXT: Data:\n").unwrap();
    }

    #[test]
    fn not_and_regex() {
        check("# CHECK: Out1\n# CHECK-NOT: 0x5A\n# CHECK: Out2\n").unwrap();
        assert!(check("# CHECK: Out1\n# CHECK-NOT: 36\n# CHECK: Out2\n").is_err());
        assert!(check("# CHECK-NOT: Out3\n# CHECK-NOT: nan\n").is_ok());
        check("# CHECK: Data: [ {{2.718}} ]\n").unwrap();
        check("# CHECK: Data: [ {{2\\.7[0-9]+}} ]\n").unwrap();
        assert!(check("# CHECK: Data: [ {{3.14.*}} ]\n").is_err());
        assert!(check("# CHECK: {{(a|b)}}\n").is_err());
        assert!(check("# CHECK: [[X:a]]\n").is_err());
        assert!(check("# CHECK-DAG: a\n").is_err());
        assert!(check("# nothing\n").is_err());
        assert!(filecheck("# OBJ: Name: Out1\n", &["OBJ"], OUT).is_ok());
    }
}
