//! Tokenizer for root signature text, with the reference's token rules.
//!
//! Facts (from the reference's behaviour): only spaces are skipped; `,` `(` `)` `=` `|` are
//! single-character tokens, and so are tab and newline (which no rule accepts); numbers are an
//! optional sign, digits, an optional fraction, an optional exponent and an optional `f`
//! suffix; a number with `.`, an exponent or `f` is a float, which must lie within
//! `[-FLT_MAX, FLT_MAX]` when read as a double (so `3.4028235e38` is refused); other numbers are
//! `u32` (or `i32` with a leading `-`); `t`/`s`/`u`/`b` followed by a digit is a register whose
//! number is the leading digits after the letter; keywords are ASCII case-insensitive; a token
//! is at most 127 characters; any other character starts an unknown token that runs to the end
//! of the input.

use crate::text::keywords;

/// Longest token, in bytes.
const MAX_TOKEN: usize = 127;

/// What a token is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Tok {
    /// End of input.
    Eol,
    /// `,`
    Comma,
    /// `(`
    LParen,
    /// `)`
    RParen,
    /// `=`
    Eq,
    /// `|`
    Or,
    /// A non-negative integer.
    U32(u32),
    /// A negative (or `-0`) integer.
    I32(i32),
    /// A float literal.
    Float(f32),
    /// A register: the letter and the number.
    Reg(u8, u32),
    /// A keyword, by its canonical spelling.
    Kw(&'static str),
    /// Anything else.
    Unknown,
}

/// A token and where it starts.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Token<'a> {
    pub tok: Tok,
    pub text: &'a [u8],
    pub start: usize,
}

impl Token<'_> {
    /// The token's text for messages.
    pub fn show(&self) -> String {
        String::from_utf8_lossy(self.text).into_owned()
    }
}

/// Splits the whole input into tokens, ending with exactly one [`Tok::Eol`].
pub(crate) fn tokenize(src: &[u8]) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut pos = 0;
    loop {
        while src.get(pos) == Some(&b' ') {
            pos += 1;
        }
        let start = pos;
        let (end, tok) = scan(src, pos);
        pos = end;
        let text = src.get(start..end).unwrap_or(&[]);
        let eol = tok == Tok::Eol;
        out.push(Token { tok, text, start });
        if eol {
            return out;
        }
    }
}

fn is_separator(c: u8) -> bool {
    matches!(c, b',' | b'=' | b'|' | b'(' | b')' | b' ' | b'\t' | b'\n')
}

/// Scans one token at `pos`; returns its end and kind.
fn scan(src: &[u8], pos: usize) -> (usize, Tok) {
    let at = |i: usize| src.get(i).copied().unwrap_or(0);
    let Some(&c) = src.get(pos) else {
        return (pos, Tok::Eol);
    };
    if is_separator(c) {
        let tok = match c {
            b',' => Tok::Comma,
            b'(' => Tok::LParen,
            b')' => Tok::RParen,
            b'=' => Tok::Eq,
            b'|' => Tok::Or,
            _ => Tok::Unknown,
        };
        return (pos + 1, tok);
    }
    let mut i = pos;
    let len = |i: usize| i - pos;
    if c.is_ascii_digit() || matches!(c, b'+' | b'-' | b'.') {
        let mut is_float = false;
        if matches!(c, b'+' | b'-') {
            i += 1;
        }
        let mut seen_digit = false;
        while at(i).is_ascii_digit() && len(i) < MAX_TOKEN {
            i += 1;
            seen_digit = true;
        }
        if at(i) == b'.' {
            is_float = true;
            i += 1;
            if !seen_digit && !at(i).is_ascii_digit() {
                return (i, Tok::Unknown);
            }
            while at(i).is_ascii_digit() && len(i) < MAX_TOKEN {
                i += 1;
                seen_digit = true;
            }
        }
        if !seen_digit {
            return (i, Tok::Unknown);
        }
        if matches!(at(i), b'e' | b'E') {
            is_float = true;
            i += 1;
            if matches!(at(i), b'+' | b'-') {
                i += 1;
            }
            if !at(i).is_ascii_digit() {
                return (i, Tok::Unknown);
            }
            while at(i).is_ascii_digit() && len(i) < MAX_TOKEN {
                i += 1;
            }
        }
        if matches!(at(i), b'f' | b'F') {
            is_float = true;
            i += 1;
        }
        let text = src.get(pos..i).unwrap_or(&[]);
        let tok = if is_float {
            to_float(text).map_or(Tok::Unknown, Tok::Float)
        } else if c == b'-' {
            let n = atoi(text);
            i32::try_from(n).map_or(Tok::Unknown, Tok::I32)
        } else {
            let n = atoi(text);
            u32::try_from(n).map_or(Tok::Unknown, Tok::U32)
        };
        return (i, tok);
    }
    if c.is_ascii_alphabetic() || c == b'_' {
        while (at(i).is_ascii_alphanumeric() || at(i) == b'_') && len(i) < MAX_TOKEN {
            i += 1;
        }
        let text = src.get(pos..i).unwrap_or(&[]);
        return (i, classify_word(text));
    }
    // Anything else: the rest of the input (up to the length limit) is one unknown token. A
    // NUL byte there reads as the end of the input, as it does for the reference.
    let end = src.len().min(pos + MAX_TOKEN);
    if c == 0 {
        return (end, Tok::Eol);
    }
    (end, Tok::Unknown)
}

fn classify_word(text: &[u8]) -> Tok {
    if let (Some(&c), Some(d)) = (text.first(), text.get(1)) {
        if d.is_ascii_digit() && matches!(c, b't' | b's' | b'u' | b'b') {
            if let Ok(n) = u32::try_from(atoi(text.get(1..).unwrap_or(&[]))) {
                return Tok::Reg(c, n);
            }
        }
    }
    keywords::lookup(text).map_or(Tok::Unknown, Tok::Kw)
}

/// `atoll`: optional sign, then leading digits; saturates instead of overflowing.
fn atoi(text: &[u8]) -> i64 {
    let (neg, digits) = match text.first() {
        Some(b'-') => (true, text.get(1..).unwrap_or(&[])),
        Some(b'+') => (false, text.get(1..).unwrap_or(&[])),
        _ => (false, text),
    };
    let mut n: i64 = 0;
    for &d in digits.iter().take_while(|d| d.is_ascii_digit()) {
        n = n.saturating_mul(10).saturating_add(i64::from(d - b'0'));
    }
    if neg {
        -n
    } else {
        n
    }
}

/// `strtod` then the reference's range check, then rounding to `float`.
fn to_float(text: &[u8]) -> Option<f32> {
    let body = match text.last() {
        Some(b'f' | b'F') => text.get(..text.len() - 1)?,
        _ => text,
    };
    let s = std::str::from_utf8(body).ok()?;
    let s = s.strip_prefix('+').unwrap_or(s);
    let v: f64 = s.parse().ok()?;
    // strtod reports ERANGE on overflow and on underflow to a subnormal or zero double.
    let nonzero_digits = body
        .iter()
        .take_while(|c| !matches!(c, b'e' | b'E'))
        .any(|c| (b'1'..=b'9').contains(c));
    if v.is_infinite() || (v.abs() < f64::MIN_POSITIVE && nonzero_digits) {
        return None;
    }
    if v > f64::from(f32::MAX) || v < -f64::from(f32::MAX) {
        return None;
    }
    Some(v as f32)
}

/// Whether `text` reads back as exactly `value` through the float rule above.
pub(crate) fn float_reads_as(text: &str, value: f32) -> bool {
    matches!(scan(text.as_bytes(), 0), (end, Tok::Float(v)) if end == text.len() && v.to_bits() == value.to_bits())
}

/// 1-based line and column of a byte offset.
pub(crate) fn line_col(src: &[u8], offset: usize) -> (u32, u32) {
    let before = src.get(..offset).unwrap_or(src);
    let line = before.iter().filter(|&&c| c == b'\n').count() + 1;
    let col = before.iter().rev().take_while(|&&c| c != b'\n').count() + 1;
    (
        u32::try_from(line).unwrap_or(u32::MAX),
        u32::try_from(col).unwrap_or(u32::MAX),
    )
}
