//! Preprocessed text as `dxc -P` writes it (clang's `-E` printer in DXC's configuration):
//! `#line` markers at changes of file and at line jumps of more than eight lines, blank lines
//! for smaller jumps, the first token of a line indented to its column, a space between two
//! tokens where the source had one or where the two would otherwise read as one token,
//! pragmas on lines of their own.

use super::token::{Token, TokenKind, LEADING_SPACE, LINE_START};
use super::{FileChange, Output};

/// The printer's state, as clang's `PrintPPOutputPPCallbacks` keeps it.
struct Printer<'a> {
    out: &'a Output,
    s: String,
    /// The line the output is on (lines written so far, as the source counts them).
    line: u32,
    file: String,
    emitted_tokens: bool,
    emitted_directive: bool,
    initialized: bool,
    main_entered: bool,
}

impl Printer<'_> {
    fn start_new_line_if_needed(&mut self, count: bool) {
        if self.emitted_tokens || self.emitted_directive {
            self.s.push('\n');
            self.emitted_tokens = false;
            self.emitted_directive = false;
            if count {
                self.line = self.line.wrapping_add(1);
            }
        }
    }

    fn write_line_info(&mut self, line: u32) {
        self.start_new_line_if_needed(false);
        let name = self.file.replace('\\', "\\\\").replace('"', "\\\"");
        self.s.push_str(&format!("#line {line} \"{name}\"\n"));
    }

    /// Moves the output to `line`: up to eight line ends, else a marker; `false` when it is
    /// on that line already.
    fn move_to_line(&mut self, line: u32) -> bool {
        let jump = line.wrapping_sub(self.line);
        if jump <= 8 {
            if jump == 0 {
                return false;
            }
            for _ in 0..jump {
                self.s.push('\n');
            }
        } else {
            self.write_line_info(line);
        }
        self.line = line;
        true
    }

    fn file_changed(&mut self, c: &FileChange) {
        if let Some(from) = c.from {
            let (line, _) = self.out.presumed(from);
            self.move_to_line(line);
        }
        let (line, name) = self.out.presumed(c.loc);
        self.line = line;
        self.file = name.to_string();
        if !self.initialized {
            self.write_line_info(line);
            self.initialized = true;
        }
        if c.enter && !self.main_entered {
            self.main_entered = true;
            return;
        }
        self.write_line_info(line);
    }

    fn first_on_line(&mut self, t: &Token) -> bool {
        let (line, _) = self.out.presumed(t.loc);
        if !self.move_to_line(line) {
            return false;
        }
        let mut col = self.out.sources.file(t.loc.file).line_col(t.loc.offset).1;
        if col == 1 && t.has(LEADING_SPACE) {
            col = 2;
        }
        if col <= 1 && t.kind == TokenKind::Punct && self.out.text(t) == "#" {
            self.s.push(' ');
        }
        for _ in 1..col {
            self.s.push(' ');
        }
        true
    }
}

/// The text `dxc -P` writes for `out`.
pub fn print(out: &Output) -> String {
    let mut p = Printer {
        out,
        s: String::new(),
        line: 0,
        file: String::new(),
        emitted_tokens: false,
        emitted_directive: false,
        initialized: false,
        main_entered: false,
    };
    let mut changes = out.file_changes.iter().peekable();
    let mut in_pragma = false;
    let (mut prev, mut prev2): (Option<&Token>, Option<&Token>) = (None, None);
    for (i, t) in out.tokens.iter().enumerate() {
        while let Some(c) = changes.next_if(|c| c.before_token <= i) {
            p.file_changed(c);
        }
        match t.kind {
            TokenKind::Pragma => {
                p.start_new_line_if_needed(true);
                let (line, _) = out.presumed(t.loc);
                p.move_to_line(line);
                p.s.push_str("#pragma");
                in_pragma = true;
                continue;
            }
            TokenKind::PragmaEnd => {
                in_pragma = false;
                p.emitted_directive = true;
                continue;
            }
            _ => {}
        }
        if in_pragma {
            if t.has(LEADING_SPACE) {
                p.s.push(' ');
            }
            p.s.push_str(out.text(t));
            continue;
        }
        if p.emitted_directive {
            p.start_new_line_if_needed(true);
            let (line, _) = out.presumed(t.loc);
            p.move_to_line(line);
        }
        if t.has(LINE_START) && p.first_on_line(t) {
        } else if t.has(LEADING_SPACE)
            || (p.emitted_tokens && prev.is_some_and(|a| avoid_concatenation(out, prev2, a, t)))
        {
            p.s.push(' ');
        }
        p.s.push_str(out.text(t));
        p.emitted_tokens = true;
        prev2 = prev;
        prev = Some(t);
    }
    for c in changes {
        p.file_changed(c);
    }
    p.s.push('\n');
    p.s
}

/// Whether `b` written right after `a` would read as a different token sequence (clang's
/// `TokenConcatenation::AvoidConcatenation`): never when they were adjacent in the source.
fn avoid_concatenation(out: &Output, a2: Option<&Token>, a: &Token, b: &Token) -> bool {
    let (ta, tb) = (out.text(a), out.text(b));
    if a.spelling.file == b.spelling.file
        && a.spelling.offset as usize + ta.len() == b.spelling.offset as usize
    {
        return false;
    }
    let first = tb.chars().next().unwrap_or(' ');
    if matches!(
        ta,
        "&" | "+" | "-" | "/" | "<" | ">" | "|" | "%" | "*" | "!" | "<<" | ">>" | "^" | "="
    ) && a.kind == TokenKind::Punct
        && matches!(tb, "=" | "==")
    {
        return true;
    }
    let is_prefix = |s: &str| matches!(s, "L" | "u" | "U" | "u8");
    match a.kind {
        TokenKind::Str | TokenKind::Char => b.kind == TokenKind::Ident,
        TokenKind::Ident => match b.kind {
            TokenKind::Number => first != '.',
            TokenKind::Ident => true,
            TokenKind::Str | TokenKind::Char => is_prefix(ta) || tb.starts_with(['L', 'u', 'U']),
            _ => false,
        },
        TokenKind::Number => {
            first.is_ascii_alphanumeric() || matches!(first, '_' | '.' | '+' | '-')
        }
        TokenKind::Punct => match ta {
            "." => {
                (first == '.' && a2.is_some_and(|p| out.text(p) == "."))
                    || first.is_ascii_digit()
                    || first == '*'
            }
            "&" => first == '&',
            "+" => first == '+',
            "-" => first == '-' || first == '>',
            "/" => first == '*' || first == '/',
            "<" => matches!(first, '<' | ':' | '%'),
            ">" => first == '>',
            "|" => first == '|',
            "%" => matches!(first, '>' | ':'),
            ":" => matches!(first, '>' | ':'),
            "#" => matches!(first, '#' | '@' | '%'),
            "->" => first == '*',
            _ => false,
        },
        _ => false,
    }
}
