//! `#if` expressions (C++ [cpp.cond]): integer constant expressions in the preprocessor's
//! 64-bit signed and unsigned arithmetic, after `defined` and macros were replaced.

/// A value: 64 bits and whether the arithmetic is unsigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Value {
    pub bits: u64,
    pub unsigned: bool,
}

impl Value {
    fn int(v: i64) -> Value {
        Value {
            bits: v as u64,
            unsigned: false,
        }
    }
    fn truth(self) -> bool {
        self.bits != 0
    }
}

/// A token as the evaluator sees it: its spelling and where it is (an index the caller maps
/// to a location).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ETok<'a> {
    pub text: &'a str,
    pub kind: super::token::TokenKind,
    pub at: usize,
}

/// An error: the message and the index of the token it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct EvalError {
    pub message: String,
    pub at: usize,
}

/// Deepest nesting of parentheses and unary operators evaluated.
const MAX_DEPTH: u32 = 256;

struct Eval<'a, 'b> {
    toks: &'b [ETok<'a>],
    pos: usize,
    end_at: usize,
    depth: u32,
}

/// Evaluates `toks` (the `#if` line after expansion); `end_at` is the index reported for an
/// error at the end of the line.
pub(crate) fn evaluate(toks: &[ETok<'_>], end_at: usize) -> Result<bool, EvalError> {
    let mut e = Eval {
        toks,
        pos: 0,
        end_at,
        depth: 0,
    };
    if toks.is_empty() {
        return Err(EvalError {
            message: "#if with no expression".into(),
            at: end_at,
        });
    }
    let v = e.comma(true)?;
    if let Some(t) = e.peek() {
        return Err(EvalError {
            message: format!(
                "token is not a valid binary operator in a preprocessor subexpression: '{}'",
                t.text
            ),
            at: t.at,
        });
    }
    Ok(v.truth())
}

fn binary_prec(op: &str) -> Option<u8> {
    Some(match op {
        "*" | "/" | "%" => 10,
        "+" | "-" => 9,
        "<<" | ">>" => 8,
        "<" | ">" | "<=" | ">=" => 7,
        "==" | "!=" => 6,
        "&" => 5,
        "^" => 4,
        "|" => 3,
        "&&" => 2,
        "||" => 1,
        _ => return None,
    })
}

impl<'a> Eval<'a, '_> {
    fn peek(&self) -> Option<ETok<'a>> {
        self.toks.get(self.pos).copied()
    }

    fn at(&self) -> usize {
        self.peek().map_or(self.end_at, |t| t.at)
    }

    fn err<T>(&self, message: impl Into<String>) -> Result<T, EvalError> {
        Err(EvalError {
            message: message.into(),
            at: self.at(),
        })
    }

    fn is_punct(&self, p: &str) -> bool {
        self.peek()
            .is_some_and(|t| t.kind == super::token::TokenKind::Punct && t.text == p)
    }

    fn comma(&mut self, live: bool) -> Result<Value, EvalError> {
        let mut v = self.conditional(live)?;
        while self.is_punct(",") {
            self.pos += 1;
            v = self.conditional(live)?;
        }
        Ok(v)
    }

    fn conditional(&mut self, live: bool) -> Result<Value, EvalError> {
        let c = self.binary(0, live)?;
        if !self.is_punct("?") {
            return Ok(c);
        }
        self.pos += 1;
        let a = self.comma(live && c.truth())?;
        if !self.is_punct(":") {
            return self.err("expected ':' in preprocessor expression");
        }
        self.pos += 1;
        let b = self.conditional(live && !c.truth())?;
        let unsigned = a.unsigned || b.unsigned;
        let bits = if c.truth() { a.bits } else { b.bits };
        Ok(Value { bits, unsigned })
    }

    fn binary(&mut self, min: u8, live: bool) -> Result<Value, EvalError> {
        let mut lhs = self.unary(live)?;
        while let Some(t) = self.peek() {
            if t.kind != super::token::TokenKind::Punct {
                break;
            }
            let Some(prec) = binary_prec(t.text) else {
                break;
            };
            if prec <= min {
                break;
            }
            self.pos += 1;
            let rhs_live = match t.text {
                "&&" => live && lhs.truth(),
                "||" => live && !lhs.truth(),
                _ => live,
            };
            let rhs = self.binary(prec, rhs_live)?;
            lhs = apply(t.text, lhs, rhs, live).map_err(|m| EvalError {
                message: m.into(),
                at: t.at,
            })?;
        }
        Ok(lhs)
    }

    fn unary(&mut self, live: bool) -> Result<Value, EvalError> {
        let Some(t) = self.peek() else {
            return self.err("expected value in expression");
        };
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err("preprocessor expression nested too deeply");
        }
        let r = self.unary_inner(t, live);
        self.depth -= 1;
        r
    }

    fn unary_inner(&mut self, t: ETok<'a>, live: bool) -> Result<Value, EvalError> {
        use super::token::TokenKind as K;
        self.pos += 1;
        match (t.kind, t.text) {
            (K::Punct, "(") => {
                let v = self.comma(live)?;
                if !self.is_punct(")") {
                    return self.err("expected ')' in preprocessor expression");
                }
                self.pos += 1;
                Ok(v)
            }
            (K::Punct, "+") => self.unary(live),
            (K::Punct, "-") => {
                let v = self.unary(live)?;
                Ok(Value {
                    bits: v.bits.wrapping_neg(),
                    unsigned: v.unsigned,
                })
            }
            (K::Punct, "~") => {
                let v = self.unary(live)?;
                Ok(Value {
                    bits: !v.bits,
                    unsigned: v.unsigned,
                })
            }
            (K::Punct, "!") => {
                let v = self.unary(live)?;
                Ok(Value::int(i64::from(!v.truth())))
            }
            (K::Number, s) => parse_int(s).map_err(|m| EvalError {
                message: m,
                at: t.at,
            }),
            (K::Char, s) => parse_char(s).map_err(|m| EvalError {
                message: m,
                at: t.at,
            }),
            // C++: `true` and `false` keep their values; any other identifier left after
            // expansion is 0.
            (K::Ident, "true") => Ok(Value::int(1)),
            (K::Ident, _) => Ok(Value::int(0)),
            _ => {
                self.pos -= 1;
                self.err(format!(
                    "invalid token at start of a preprocessor expression: '{}'",
                    t.text
                ))
            }
        }
    }
}

fn apply(op: &str, a: Value, b: Value, live: bool) -> Result<Value, &'static str> {
    // The usual arithmetic conversions: unsigned if either side is (not for shifts' count).
    let unsigned = a.unsigned || b.unsigned;
    let (x, y) = (a.bits, b.bits);
    let (sx, sy) = (x as i64, y as i64);
    let int = |v: bool| Value::int(i64::from(v));
    let val = |bits: u64| Value { bits, unsigned };
    Ok(match op {
        "*" => val(x.wrapping_mul(y)),
        "/" | "%" => {
            if y == 0 {
                if live {
                    return Err(if op == "/" {
                        "division by zero in preprocessor expression"
                    } else {
                        "remainder by zero in preprocessor expression"
                    });
                }
                val(0)
            } else if unsigned {
                val(if op == "/" { x / y } else { x % y })
            } else {
                val(if op == "/" {
                    sx.wrapping_div(sy) as u64
                } else {
                    sx.wrapping_rem(sy) as u64
                })
            }
        }
        "+" => val(x.wrapping_add(y)),
        "-" => val(x.wrapping_sub(y)),
        "<<" | ">>" => {
            let n = if b.unsigned || sy >= 0 {
                y.min(64) as u32
            } else {
                64
            };
            let bits = match (op, a.unsigned) {
                ("<<", _) => x.checked_shl(n).unwrap_or(0),
                (_, true) => x.checked_shr(n).unwrap_or(0),
                _ => (sx.checked_shr(n).unwrap_or(if sx < 0 { -1 } else { 0 })) as u64,
            };
            Value {
                bits,
                unsigned: a.unsigned,
            }
        }
        "<" | ">" | "<=" | ">=" => {
            let o = if unsigned { x.cmp(&y) } else { sx.cmp(&sy) };
            int(match op {
                "<" => o.is_lt(),
                ">" => o.is_gt(),
                "<=" => o.is_le(),
                _ => o.is_ge(),
            })
        }
        "==" => int(x == y),
        "!=" => int(x != y),
        "&" => val(x & y),
        "^" => val(x ^ y),
        "|" => val(x | y),
        "&&" => int(a.truth() && b.truth()),
        "||" => int(a.truth() || b.truth()),
        _ => return Err("unknown operator"),
    })
}

/// An integer literal with C's suffixes; a value above `i64::MAX` is unsigned.
fn parse_int(s: &str) -> Result<Value, String> {
    let lower = s.to_ascii_lowercase();
    let digits_end = lower.trim_end_matches(['u', 'l']).len();
    let (body, suffix) = lower.split_at(digits_end);
    if !matches!(suffix, "" | "u" | "l" | "ul" | "lu" | "ll" | "ull" | "llu") {
        return Err(format!(
            "invalid suffix '{}' on integer constant",
            &s[digits_end..]
        ));
    }
    let (radix, digits) = if let Some(h) = body.strip_prefix("0x") {
        (16, h)
    } else if let Some(b) = body.strip_prefix("0b") {
        (2, b)
    } else if body.len() > 1 && body.starts_with('0') {
        (8, &body[1..])
    } else {
        (10, body)
    };
    let float = digits.contains('.')
        || (radix != 16 && digits.contains('e'))
        || (radix == 16 && digits.contains('p'));
    if float {
        return Err("floating point literal in preprocessor expression".into());
    }
    if digits.is_empty() {
        return Err(format!("invalid integer constant '{s}'"));
    }
    let v = u64::from_str_radix(digits, radix).map_err(|_| {
        if digits.chars().all(|c| c.is_digit(radix)) {
            "integer literal is too large to be represented in any integer type".to_string()
        } else {
            format!("invalid digit in constant '{s}'")
        }
    })?;
    Ok(Value {
        bits: v,
        unsigned: suffix.contains('u') || v > i64::MAX as u64,
    })
}

/// A character constant: its (last) character's value.
fn parse_char(s: &str) -> Result<Value, String> {
    let inner = s
        .trim_start_matches(['L', 'u', 'U', '8'])
        .trim_start_matches('\'')
        .trim_end_matches('\'');
    let mut chars = inner.chars();
    let v = match chars.next() {
        None => return Err("empty character constant".into()),
        Some('\\') => match chars.next() {
            Some('n') => 10,
            Some('t') => 9,
            Some('r') => 13,
            Some('0') => 0,
            Some('a') => 7,
            Some('b') => 8,
            Some('f') => 12,
            Some('v') => 11,
            Some(c) => c as u64,
            None => return Err("bad escape in character constant".into()),
        },
        Some(c) => c as u64,
    };
    Ok(Value {
        bits: v,
        unsigned: false,
    })
}

#[cfg(test)]
mod tests {
    use super::super::token::TokenKind;
    use super::*;

    fn eval(s: &str) -> Result<bool, EvalError> {
        let l = super::super::lex::lex(s);
        let toks: Vec<ETok<'_>> = l
            .toks
            .iter()
            .enumerate()
            .map(|(i, t)| ETok {
                text: l.text(t),
                kind: match t.kind {
                    super::super::lex::RawKind::Ident => TokenKind::Ident,
                    super::super::lex::RawKind::Number => TokenKind::Number,
                    super::super::lex::RawKind::Char => TokenKind::Char,
                    super::super::lex::RawKind::Punct => TokenKind::Punct,
                    _ => TokenKind::Other,
                },
                at: i,
            })
            .collect();
        let n = toks.len();
        evaluate(&toks, n)
    }

    #[test]
    fn arithmetic() {
        assert_eq!(eval("1 + 2 * 3 == 7"), Ok(true));
        assert_eq!(eval("(1 + 2) * 3 == 7"), Ok(false));
        assert_eq!(eval("-1 < 0"), Ok(true));
        assert_eq!(eval("-1 < 0u"), Ok(false));
        assert_eq!(eval("0x10 == 16 && 010 == 8"), Ok(true));
        assert_eq!(eval("1 ? 2 : 0"), Ok(true));
        assert_eq!(eval("0 && 1 / 0"), Ok(false));
        assert_eq!(eval("'a' == 97"), Ok(true));
        assert_eq!(eval("true && !false"), Ok(true));
        assert_eq!(eval("UNKNOWN"), Ok(false));
        assert!(eval("1 / 0").is_err());
        assert!(eval("1.5").is_err());
        assert!(eval("(1").is_err());
        assert!(eval("").is_err());
        assert!(eval(&"(".repeat(10_000)).is_err());
    }
}
