//! The lexer of one file: line splices removed, comments as whitespace, the text cut into
//! preprocessing tokens and line ends (C++ [lex.phases] 1 to 3, as clang does them).

/// What the lexer found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RawKind {
    Ident,
    Number,
    Char,
    Str,
    Punct,
    Other,
    /// A `'` or `"` literal with no closing quote on its line (an error only where the
    /// preprocessor does not skip it).
    Unterminated,
    /// The end of a line.
    Newline,
}

/// A token of the cleaned text (`lo..hi`), with [`super::token`] flags.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RawTok {
    pub kind: RawKind,
    pub flags: u8,
    pub lo: u32,
    pub hi: u32,
}

/// One file cut into tokens.
#[derive(Debug)]
pub(crate) struct Lexed {
    /// The text with line splices (backslash, line break) removed.
    pub clean: String,
    /// `(offset in clean, bytes removed up to there)` for each splice, in order.
    splices: Vec<(u32, u32)>,
    pub toks: Vec<RawTok>,
    /// Offsets (in `clean`) of `/*` comments with no `*/`.
    pub unterminated_comment: Option<u32>,
}

impl Lexed {
    /// The offset in the original text of `clean_off`.
    pub fn original(&self, clean_off: u32) -> u32 {
        let i = self.splices.partition_point(|&(at, _)| at <= clean_off);
        clean_off + if i == 0 { 0 } else { self.splices[i - 1].1 }
    }

    pub fn text(&self, t: &RawTok) -> &str {
        &self.clean[t.lo as usize..t.hi as usize]
    }
}

/// Punctuators, longest first within each first character.
const PUNCTS: &[&str] = &[
    "...", "<<=", ">>=", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "*=",
    "/=", "%=", "+=", "-=", "&=", "^=", "|=", "##", "::", "[", "]", "(", ")", "{", "}", ".", "&",
    "*", "+", "-", "~", "!", "/", "%", "<", ">", "^", "|", "?", ":", ";", "=", ",", "#",
];

fn remove_splices(text: &str) -> (String, Vec<(u32, u32)>) {
    if !text.contains('\\') {
        return (text.to_string(), Vec::new());
    }
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut splices = Vec::new();
    let mut removed = 0u32;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            // A backslash, optional horizontal space (clang accepts it, with a warning), then a
            // line break.
            let mut j = i + 1;
            while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                j += 1;
            }
            let brk = if b.get(j) == Some(&b'\n') {
                Some(1)
            } else if b.get(j) == Some(&b'\r') && b.get(j + 1) == Some(&b'\n') {
                Some(2)
            } else {
                None
            };
            if let Some(n) = brk {
                removed += (j + n - i) as u32;
                i = j + n;
                splices.push((out.len() as u32, removed));
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    // Only ASCII bytes were removed, so the rest is still UTF-8.
    (String::from_utf8(out).unwrap_or_default(), splices)
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_' || c == b'$'
}

fn is_ident_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_' || c == b'$'
}

/// Cuts `text` into tokens.
pub(crate) fn lex(text: &str) -> Lexed {
    use super::token::{LEADING_SPACE, LINE_START};
    let (clean, splices) = remove_splices(text);
    let b = clean.as_bytes();
    let mut toks = Vec::with_capacity(b.len() / 4);
    let mut unterminated_comment = None;
    let mut flags = LINE_START;
    let mut i = 0usize;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let kind = match c {
            b'\n' => {
                toks.push(RawTok {
                    kind: RawKind::Newline,
                    flags: 0,
                    lo: i as u32,
                    hi: i as u32 + 1,
                });
                i += 1;
                flags = LINE_START;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                flags |= LEADING_SPACE;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                flags |= LEADING_SPACE;
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                match clean[i + 2..].find("*/") {
                    Some(p) => i += 2 + p + 2,
                    None => {
                        unterminated_comment = Some(i as u32);
                        i = b.len();
                    }
                }
                flags |= LEADING_SPACE;
                continue;
            }
            b'0'..=b'9' => {
                i = number_end(b, i);
                RawKind::Number
            }
            b'.' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                i = number_end(b, i);
                RawKind::Number
            }
            b'"' | b'\'' => {
                let (end, ok) = literal_end(b, i);
                i = end;
                match (ok, c) {
                    (false, _) => RawKind::Unterminated,
                    (true, b'"') => RawKind::Str,
                    _ => RawKind::Char,
                }
            }
            c if is_ident_start(c) => {
                while i < b.len() && is_ident_continue(b[i]) {
                    i += 1;
                }
                // Encoding prefixes of literals: L"", u"", U"", u8"".
                let word = &clean[start..i];
                if matches!(word, "L" | "u" | "U" | "u8") && matches!(b.get(i), Some(b'"' | b'\''))
                {
                    let q = b[i];
                    let (end, ok) = literal_end(b, i);
                    i = end;
                    match (ok, q) {
                        (false, _) => RawKind::Unterminated,
                        (true, b'"') => RawKind::Str,
                        _ => RawKind::Char,
                    }
                } else {
                    RawKind::Ident
                }
            }
            _ => match PUNCTS.iter().find(|p| clean[i..].starts_with(**p)) {
                Some(p) => {
                    i += p.len();
                    RawKind::Punct
                }
                None => {
                    // One character (UTF-8 sequences whole).
                    i += clean[i..].chars().next().map_or(1, char::len_utf8);
                    RawKind::Other
                }
            },
        };
        toks.push(RawTok {
            kind,
            flags,
            lo: start as u32,
            hi: i as u32,
        });
        flags = 0;
    }
    Lexed {
        clean,
        splices,
        toks,
        unterminated_comment,
    }
}

/// End of the pp-number starting at `i` ([lex.ppnumber]: digits, letters, `_`, `.`, and a sign
/// after an exponent letter).
fn number_end(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() {
        let c = b[i];
        let sign = matches!(c, b'+' | b'-') && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P');
        if !(sign || c.is_ascii_alphanumeric() || c == b'_' || c == b'.') {
            break;
        }
        i += 1;
    }
    i
}

/// End of the literal whose quote is at `i`, and whether it was closed before the line end.
fn literal_end(b: &[u8], i: usize) -> (usize, bool) {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' if j + 1 < b.len() && b[j + 1] != b'\n' => j += 2,
            b'\n' => return (j, false),
            c if c == q => return (j + 1, true),
            _ => j += 1,
        }
    }
    (j, false)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(s: &str) -> Vec<(RawKind, String)> {
        let l = lex(s);
        l.toks
            .iter()
            .map(|t| (t.kind, l.text(t).to_string()))
            .collect()
    }

    #[test]
    fn splices_and_comments() {
        let l = lex("a\\\nb /* x\ny */ c // d\ne");
        let t: Vec<_> = l.toks.iter().map(|t| l.text(t)).collect();
        assert_eq!(t, ["ab", "c", "\n", "e"]);
        // `c`: the splice (2 bytes) before it is gone from the clean text.
        assert_eq!((l.toks[1].lo, l.original(l.toks[1].lo)), (13, 15));
    }

    #[test]
    fn numbers_and_puncts() {
        use RawKind::*;
        assert_eq!(
            kinds("1.5e-3f+x>>=.5 a...b ##"),
            [
                (Number, "1.5e-3f".into()),
                (Punct, "+".into()),
                (Ident, "x".into()),
                (Punct, ">>=".into()),
                (Number, ".5".into()),
                (Ident, "a".into()),
                (Punct, "...".into()),
                (Ident, "b".into()),
                (Punct, "##".into()),
            ]
        );
    }

    #[test]
    fn literals() {
        use RawKind::*;
        assert_eq!(
            kinds(r#""a\"b" 'c' L"w" "open"#),
            [
                (Str, r#""a\"b""#.into()),
                (Char, "'c'".into()),
                (Str, "L\"w\"".into()),
                (Unterminated, "\"open".into()),
            ]
        );
    }
}
