//! The lexer: LLVM 3.7 assembly tokens (LangRef "Identifiers", "Comments"; `LLLexer`).
//! `;` comments run to the end of the line and are dropped.

/// Token kinds. Names and strings are kept as byte ranges of the source.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// End of input.
    Eof,
    /// `%name` / `%"name"`.
    LocalVar,
    /// `%N`.
    LocalId,
    /// `@name` / `@"name"`.
    GlobalVar,
    /// `@N`.
    GlobalId,
    /// `!name` (metadata name or attachment kind).
    MetaVar,
    /// `!N`.
    MetaId,
    /// `#N`.
    AttrGrp,
    /// `$name` (comdat).
    ComdatVar,
    /// `name:` / `"name":` / `N:`.
    Label,
    /// `"..."`.
    Str,
    /// `c"..."`.
    CStr,
    /// An integer literal (optionally negative).
    Int,
    /// A floating-point literal (decimal or `0x` forms).
    Float,
    /// `iN`.
    IntType,
    /// A keyword or bare word.
    Word,
    /// `=`.
    Eq,
    /// `,`.
    Comma,
    /// `*`.
    Star,
    /// `[`.
    LBracket,
    /// `]`.
    RBracket,
    /// `{`.
    LBrace,
    /// `}`.
    RBrace,
    /// `(`.
    LParen,
    /// `)`.
    RParen,
    /// `<`.
    Less,
    /// `>`.
    Greater,
    /// `!` alone (before `{`, `"` or a record name).
    Bang,
    /// `:`.
    Colon,
    /// `|`.
    Bar,
    /// `...`.
    Dots,
    /// Anything else (reported by the parser).
    Error,
}

/// One token: its kind and byte span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tok {
    /// The kind.
    pub kind: Kind,
    /// Start byte offset.
    pub start: u32,
    /// End byte offset (exclusive).
    pub end: u32,
    /// First token on its line.
    pub line_start: bool,
}

fn is_ident(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'$' | b'.' | b'_')
}

/// Splits `src` into tokens (the last is `Eof`). Inputs longer than `u32::MAX` bytes are cut.
pub fn lex(src: &str) -> Vec<Tok> {
    let s = src.as_bytes();
    let n = s.len().min(u32::MAX as usize - 1);
    let mut out = Vec::with_capacity(n / 4 + 1);
    let mut i = 0usize;
    let mut line_start = true;
    while i < n {
        let c = s[i];
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b';' {
            while i < n && s[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        let kind = lex_one(s, n, &mut i);
        if i == start {
            i += 1;
        }
        out.push(Tok {
            kind,
            start: start as u32,
            end: i as u32,
            line_start,
        });
        line_start = false;
    }
    out.push(Tok {
        kind: Kind::Eof,
        start: n as u32,
        end: n as u32,
        line_start: true,
    });
    out
}

fn skip_string(s: &[u8], n: usize, i: &mut usize) -> bool {
    // at opening quote
    *i += 1;
    while *i < n {
        if s[*i] == b'"' {
            *i += 1;
            return true;
        }
        *i += 1;
    }
    false
}

fn lex_one(s: &[u8], n: usize, i: &mut usize) -> Kind {
    let c = s[*i];
    let at = |k: usize| -> u8 {
        if k < n {
            s[k]
        } else {
            0
        }
    };
    match c {
        b'=' => {
            *i += 1;
            Kind::Eq
        }
        b',' => {
            *i += 1;
            Kind::Comma
        }
        b'*' => {
            *i += 1;
            Kind::Star
        }
        b'[' => {
            *i += 1;
            Kind::LBracket
        }
        b']' => {
            *i += 1;
            Kind::RBracket
        }
        b'{' => {
            *i += 1;
            Kind::LBrace
        }
        b'}' => {
            *i += 1;
            Kind::RBrace
        }
        b'(' => {
            *i += 1;
            Kind::LParen
        }
        b')' => {
            *i += 1;
            Kind::RParen
        }
        b'<' => {
            *i += 1;
            Kind::Less
        }
        b'>' => {
            *i += 1;
            Kind::Greater
        }
        b':' => {
            *i += 1;
            Kind::Colon
        }
        b'|' => {
            *i += 1;
            Kind::Bar
        }
        b'.' if at(*i + 1) == b'.' && at(*i + 2) == b'.' => {
            *i += 3;
            Kind::Dots
        }
        b'"' => {
            if !skip_string(s, n, i) {
                return Kind::Error;
            }
            if at(*i) == b':' {
                *i += 1;
                Kind::Label
            } else {
                Kind::Str
            }
        }
        b'%' | b'@' | b'!' | b'$' | b'#' => {
            let local = c == b'%';
            *i += 1;
            if (c == b'%' || c == b'@' || c == b'$') && at(*i) == b'"' {
                if !skip_string(s, n, i) {
                    return Kind::Error;
                }
                return match c {
                    b'%' => Kind::LocalVar,
                    b'@' => Kind::GlobalVar,
                    _ => Kind::ComdatVar,
                };
            }
            if c == b'#' {
                let st = *i;
                while *i < n && s[*i].is_ascii_digit() {
                    *i += 1;
                }
                return if *i > st { Kind::AttrGrp } else { Kind::Error };
            }
            let st = *i;
            if c == b'!' {
                // metadata names may contain `\XX` escapes
                while *i < n && (is_ident(s[*i]) || s[*i] == b'\\') {
                    *i += 1;
                }
            } else {
                while *i < n && is_ident(s[*i]) {
                    *i += 1;
                }
            }
            if *i == st {
                return if c == b'!' { Kind::Bang } else { Kind::Error };
            }
            let all_digits = s[st..*i].iter().all(|b| b.is_ascii_digit());
            match (c, all_digits) {
                (b'%', true) => Kind::LocalId,
                (b'%', false) => Kind::LocalVar,
                (b'@', true) => Kind::GlobalId,
                (b'@', false) => Kind::GlobalVar,
                (b'!', true) => Kind::MetaId,
                (b'!', false) => {
                    let _ = local;
                    Kind::MetaVar
                }
                _ => Kind::ComdatVar,
            }
        }
        b'c' if at(*i + 1) == b'"' => {
            *i += 1;
            if skip_string(s, n, i) {
                Kind::CStr
            } else {
                Kind::Error
            }
        }
        b'0' if at(*i + 1) == b'x' => {
            *i += 2;
            if matches!(at(*i), b'K' | b'L' | b'M' | b'H') {
                *i += 1;
            }
            while *i < n && s[*i].is_ascii_hexdigit() {
                *i += 1;
            }
            Kind::Float
        }
        b'-' | b'+' | b'0'..=b'9' => {
            let st = *i;
            *i += 1;
            while *i < n && s[*i].is_ascii_digit() {
                *i += 1;
            }
            if at(*i) == b':' && c.is_ascii_digit() {
                *i += 1;
                return Kind::Label;
            }
            let mut float = false;
            if at(*i) == b'.' {
                float = true;
                *i += 1;
                while *i < n && s[*i].is_ascii_digit() {
                    *i += 1;
                }
            }
            if matches!(at(*i), b'e' | b'E')
                && (at(*i + 1).is_ascii_digit()
                    || (matches!(at(*i + 1), b'+' | b'-') && at(*i + 2).is_ascii_digit()))
            {
                float = true;
                *i += 2;
                while *i < n && s[*i].is_ascii_digit() {
                    *i += 1;
                }
            }
            if *i - st == 1 && !c.is_ascii_digit() {
                // a lone sign: a word such as `-` is not valid
                return Kind::Error;
            }
            if float {
                Kind::Float
            } else {
                Kind::Int
            }
        }
        _ if is_ident(c) => {
            let st = *i;
            while *i < n && is_ident(s[*i]) {
                *i += 1;
            }
            if at(*i) == b':' {
                *i += 1;
                return Kind::Label;
            }
            let w = &s[st..*i];
            if w.len() > 1 && w[0] == b'i' && w[1..].iter().all(|b| b.is_ascii_digit()) {
                Kind::IntType
            } else {
                Kind::Word
            }
        }
        _ => {
            // one UTF-8 character
            *i += 1;
            while *i < n && (s[*i] & 0xC0) == 0x80 {
                *i += 1;
            }
            Kind::Error
        }
    }
}

/// Decodes a quoted string's body (`\\` and `\XX` escapes).
pub fn unescape(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len());
    let mut i = 0;
    while i < body.len() {
        let b = body[i];
        if b == b'\\' {
            if body.get(i + 1) == Some(&b'\\') {
                out.push(b'\\');
                i += 2;
                continue;
            }
            let h = |x: Option<&u8>| x.and_then(|c| (*c as char).to_digit(16));
            if let (Some(a), Some(c)) = (h(body.get(i + 1)), h(body.get(i + 2))) {
                out.push((a * 16 + c) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<Kind> {
        lex(s).into_iter().map(|t| t.kind).collect()
    }

    #[test]
    fn basic_tokens() {
        use Kind::*;
        assert_eq!(
            kinds("%1 = add i32 %x, -5 ; comment\nentry: !dbg !12 #0 0x3FF0 1.0e+00 c\"a\""),
            vec![
                LocalId, Eq, Word, IntType, LocalVar, Comma, Int, Label, MetaVar, MetaId, AttrGrp,
                Float, Float, CStr, Eof
            ]
        );
        assert_eq!(
            kinds("!{ !\"x\" }"),
            vec![Bang, LBrace, Bang, Str, RBrace, Eof]
        );
        assert_eq!(unescape(b"a\\5Cb\\00"), b"a\\b\0".to_vec());
    }
}
