//! Macro expansion (C++ [cpp.replace], [cpp.rescan]) the way clang does it: each expansion is
//! a context of tokens read before the file; a macro is disabled while its context is open,
//! and an identifier naming a disabled macro is marked never to expand.

use std::rc::Rc;

use super::macros::Body;
use super::token::{Sym, Token, TokenKind, LEADING_SPACE, LINE_START, NO_EXPAND};
use super::{lex, Pp, MAX_TOKENS};
use crate::diag::Diagnostic;

/// Deepest nesting of macro arguments expanded before substitution.
pub const MAX_ARG_NESTING: u32 = 200;

/// An open expansion: tokens still to read, and the macro it disables.
#[derive(Debug)]
struct Ctx {
    toks: Vec<Token>,
    pos: usize,
    disables: Option<Sym>,
    /// The end of an argument expanded on its own: reading stops here.
    barrier: bool,
}

/// The expansion state of a preprocessor.
#[derive(Debug, Default)]
pub(crate) struct Expander {
    ctxs: Vec<Ctx>,
    nesting: u32,
    /// Tokens made by substitutions so far (bounded by a multiple of [`MAX_TOKENS`]).
    produced: usize,
    /// Whitespace flags of a macro that expanded to nothing, for the token after it.
    pending_flags: u8,
}

impl Expander {
    fn disabled(&self, sym: Sym) -> bool {
        self.ctxs.iter().any(|c| c.disables == Some(sym))
    }
}

/// A token, or the end of what may be read (a barrier, or the end of the files).
enum Next {
    Tok(Token),
    End,
}

impl Pp<'_> {
    fn next_unexpanded(&mut self, depth: usize) -> Next {
        loop {
            if let Some(c) = self.exp.ctxs.last_mut() {
                if let Some(&t) = c.toks.get(c.pos) {
                    c.pos += 1;
                    return Next::Tok(t);
                }
                if c.barrier {
                    return Next::End;
                }
                self.exp.ctxs.pop();
                continue;
            }
            return match self.next_file_token(depth) {
                Some(t) => Next::Tok(t),
                None => Next::End,
            };
        }
    }

    fn push_back(&mut self, t: Token) {
        self.exp.ctxs.push(Ctx {
            toks: vec![t],
            pos: 0,
            disables: None,
            barrier: false,
        });
    }

    /// The next token with macros expanded, or `None` at the end of the files (of the file at
    /// `depth`) or of the argument being expanded.
    pub(crate) fn next_expanded(&mut self, depth: usize) -> Option<Token> {
        loop {
            let mut t = match self.next_unexpanded(depth) {
                Next::Tok(t) => t,
                Next::End => return None,
            };
            if self.exp.pending_flags != 0 {
                t.flags |= self.exp.pending_flags;
                self.exp.pending_flags = 0;
            }
            if t.kind != TokenKind::Ident || t.has(NO_EXPAND) {
                return Some(t);
            }
            let Some(m) = self.macros.get(&t.sym) else {
                return Some(t);
            };
            if self.exp.disabled(t.sym) {
                t.flags |= NO_EXPAND;
                return Some(t);
            }
            let (params, variadic, body) = (m.params.clone(), m.variadic, m.body.clone());
            let args = match &params {
                None => Vec::new(),
                Some(ps) => {
                    let next = self.next_unexpanded(depth);
                    match next {
                        Next::Tok(p) if p.sym == self.kw.lparen && p.kind == TokenKind::Punct => {}
                        Next::Tok(p) => {
                            // Not an invocation: the name stays, the token read is next.
                            self.push_back(p);
                            return Some(t);
                        }
                        Next::End => return Some(t),
                    }
                    match self.collect_args(t, ps.len(), variadic, depth) {
                        Some(a) => a,
                        None => continue,
                    }
                }
            };
            let toks = match body {
                Body::Tokens(b) => self.substitute(&t, params.as_deref(), variadic, &b, &args),
                Body::Line => {
                    let line = self.presumed_line(t.loc);
                    vec![self.synth(&t, TokenKind::Number, &line.to_string())]
                }
                Body::File => {
                    let name = self.presumed_name(t.loc);
                    let s = format!("\"{}\"", name.replace('\\', "\\\\").replace('"', "\\\""));
                    vec![self.synth(&t, TokenKind::Str, &s)]
                }
                Body::Counter => {
                    let n = self.counter;
                    self.counter += 1;
                    vec![self.synth(&t, TokenKind::Number, &n.to_string())]
                }
                Body::IncludeLevel => {
                    let n = self.include_level();
                    vec![self.synth(&t, TokenKind::Number, &n.to_string())]
                }
            };
            self.exp.produced += toks.len();
            if self.exp.produced > 4 * MAX_TOKENS {
                self.too_many(t.loc);
                return None;
            }
            if toks.is_empty() {
                self.exp.pending_flags |= t.flags & (LEADING_SPACE | LINE_START);
            }
            self.exp.ctxs.push(Ctx {
                toks,
                pos: 0,
                disables: Some(t.sym),
                barrier: false,
            });
        }
    }

    /// A token made by the preprocessor in place of `at`.
    fn synth(&mut self, at: &Token, kind: TokenKind, text: &str) -> Token {
        Token {
            kind,
            flags: at.flags & (LEADING_SPACE | LINE_START),
            sym: self.int.intern(text),
            loc: at.loc,
            spelling: at.loc,
        }
    }

    /// Reads the arguments of an invocation of `name` after its `(`; `None` after an error.
    fn collect_args(
        &mut self,
        name: Token,
        nparams: usize,
        variadic: bool,
        depth: usize,
    ) -> Option<Vec<Vec<Token>>> {
        let mut args: Vec<Vec<Token>> = vec![Vec::new()];
        let mut nest = 0usize;
        loop {
            let mut a = match self.next_unexpanded(depth) {
                Next::Tok(a) => a,
                Next::End => {
                    let m = "unterminated function-like macro invocation";
                    self.diags.push(Diagnostic::error(name.loc, m));
                    return None;
                }
            };
            if a.kind == TokenKind::Punct {
                if a.sym == self.kw.lparen {
                    nest += 1;
                } else if a.sym == self.kw.rparen {
                    if nest == 0 {
                        break;
                    }
                    nest -= 1;
                } else if a.sym == self.kw.comma
                    && nest == 0
                    && !(variadic && args.len() == nparams)
                {
                    args.push(Vec::new());
                    continue;
                }
            }
            if a.kind == TokenKind::Ident
                && self.exp.disabled(a.sym)
                && self.macros.contains_key(&a.sym)
            {
                a.flags |= NO_EXPAND;
            }
            let n: usize = args.iter().map(Vec::len).sum();
            if n >= MAX_TOKENS {
                self.too_many(a.loc);
                return None;
            }
            args.last_mut().unwrap_or_else(|| unreachable!()).push(a);
        }
        if nparams == 0 && args.len() == 1 && args[0].is_empty() {
            args.clear();
        }
        if variadic && args.len() + 1 == nparams {
            // The variadic argument left out entirely (a GNU extension clang accepts).
            args.push(Vec::new());
        }
        if args.len() != nparams {
            let m = if args.len() > nparams {
                "too many arguments provided to function-like macro invocation"
            } else {
                "too few arguments provided to function-like macro invocation"
            };
            self.diags.push(Diagnostic::error(name.loc, m));
            return None;
        }
        Some(args)
    }

    /// Expands `toks` on their own (an argument before substitution, an `#if` line).
    pub(crate) fn expand_list(&mut self, toks: Vec<Token>) -> Vec<Token> {
        if self.exp.nesting >= MAX_ARG_NESTING {
            if let Some(t) = toks.first() {
                self.diags.push(Diagnostic::error(
                    t.loc,
                    "macro arguments nested too deeply",
                ));
            }
            self.fatal = true;
            return Vec::new();
        }
        self.exp.nesting += 1;
        let base = self.exp.ctxs.len();
        self.exp.ctxs.push(Ctx {
            toks,
            pos: 0,
            disables: None,
            barrier: true,
        });
        let mut out = Vec::new();
        while let Some(t) = self.next_expanded(usize::MAX) {
            if out.len() >= MAX_TOKENS {
                self.too_many(t.loc);
                break;
            }
            out.push(t);
        }
        self.exp.ctxs.truncate(base);
        self.exp.pending_flags = 0;
        self.exp.nesting -= 1;
        out
    }

    /// The replacement list of an invocation with its arguments substituted, `#` and `##`
    /// done ([cpp.subst], [cpp.stringize], [cpp.concat]).
    fn substitute(
        &mut self,
        name: &Token,
        params: Option<&[Sym]>,
        variadic: bool,
        body: &Rc<[Token]>,
        args: &[Vec<Token>],
    ) -> Vec<Token> {
        let param = |s: Sym| params.and_then(|p| p.iter().position(|&x| x == s));
        let is_va = |i: usize| variadic && params.is_some_and(|p| i + 1 == p.len());
        let mut expanded: Vec<Option<Vec<Token>>> = vec![None; args.len()];
        let mut out: Vec<Token> = Vec::with_capacity(body.len());
        // The operand before a `##` was an empty argument (a placemarker).
        let mut lhs_empty = false;
        let mut i = 0;
        while i < body.len() {
            let t = body[i];
            if t.kind == TokenKind::Punct && t.sym == self.kw.hashhash {
                i += 1;
                let Some(&r) = body.get(i) else { break };
                let rhs: Vec<Token> = if params.is_some() && r.sym == self.kw.hash {
                    i += 1;
                    match body.get(i).and_then(|p| param(p.sym)) {
                        Some(p) => {
                            i += 1;
                            vec![self.stringize(&r, &args[p])]
                        }
                        None => vec![r],
                    }
                } else if let Some(p) = (r.kind == TokenKind::Ident).then(|| param(r.sym)).flatten()
                {
                    i += 1;
                    // GNU: `, ## __VA_ARGS__` drops the comma when there are no variadic
                    // arguments.
                    if is_va(p) && out.last().is_some_and(|c| c.sym == self.kw.comma) && !lhs_empty
                    {
                        if args[p].is_empty() {
                            out.pop();
                        } else {
                            out.extend(args[p].iter().copied());
                        }
                        lhs_empty = false;
                        continue;
                    }
                    args[p].clone()
                } else {
                    i += 1;
                    vec![r]
                };
                if rhs.is_empty() {
                    continue;
                }
                if lhs_empty || out.is_empty() {
                    out.extend(rhs);
                    lhs_empty = false;
                    continue;
                }
                let lhs = out.pop().unwrap_or_else(|| unreachable!());
                match self.paste(&lhs, &rhs[0], name.loc) {
                    Some(p) => out.push(p),
                    None => {
                        out.push(lhs);
                        out.push(rhs[0]);
                    }
                }
                out.extend(rhs[1..].iter().copied());
                continue;
            }
            if params.is_some() && t.sym == self.kw.hash && t.kind == TokenKind::Punct {
                if let Some(p) = body.get(i + 1).and_then(|n| param(n.sym)) {
                    out.push(self.stringize(&t, &args[p]));
                    lhs_empty = false;
                    i += 2;
                    continue;
                }
            }
            if let Some(p) = (t.kind == TokenKind::Ident).then(|| param(t.sym)).flatten() {
                let before_paste = body
                    .get(i + 1)
                    .is_some_and(|n| n.kind == TokenKind::Punct && n.sym == self.kw.hashhash);
                let toks = if before_paste {
                    args[p].clone()
                } else {
                    if expanded[p].is_none() {
                        expanded[p] = Some(self.expand_list(args[p].clone()));
                    }
                    expanded[p].clone().unwrap_or_default()
                };
                lhs_empty = toks.is_empty();
                let first = out.len();
                out.extend(toks);
                if let Some(f) = out.get_mut(first) {
                    f.flags = (f.flags & !(LEADING_SPACE | LINE_START)) | (t.flags & LEADING_SPACE);
                }
                i += 1;
                continue;
            }
            out.push(t);
            lhs_empty = false;
            i += 1;
        }
        for o in &mut out {
            o.loc = name.loc;
            o.flags &= !LINE_START;
        }
        if let Some(f) = out.first_mut() {
            f.flags = (f.flags & !LEADING_SPACE) | (name.flags & (LEADING_SPACE | LINE_START));
        }
        out
    }

    /// `#x`: the argument's spelling as a string literal.
    fn stringize(&mut self, hash: &Token, arg: &[Token]) -> Token {
        let mut s = String::from("\"");
        for (i, t) in arg.iter().enumerate() {
            if i > 0 && t.flags & (LEADING_SPACE | LINE_START) != 0 {
                s.push(' ');
            }
            let text = self.int.str(t.sym);
            if matches!(t.kind, TokenKind::Str | TokenKind::Char) {
                for c in text.chars() {
                    if c == '"' || c == '\\' {
                        s.push('\\');
                    }
                    s.push(c);
                }
            } else {
                s.push_str(text);
            }
        }
        s.push('"');
        Token {
            kind: TokenKind::Str,
            flags: hash.flags,
            sym: self.int.intern(&s),
            loc: hash.loc,
            spelling: hash.loc,
        }
    }

    /// `a ## b`: one token spelled as both, or `None` (with an error at `at`, the invocation)
    /// when the spelling is not one token.
    fn paste(&mut self, a: &Token, b: &Token, at: crate::source::Loc) -> Option<Token> {
        let text = format!("{}{}", self.int.str(a.sym), self.int.str(b.sym));
        let l = lex::lex(&text);
        let one = l.toks.len() == 1 && l.toks[0].lo == 0 && l.toks[0].hi as usize == text.len();
        let kind = match l.toks.first().map(|t| t.kind) {
            Some(lex::RawKind::Ident) => TokenKind::Ident,
            Some(lex::RawKind::Number) => TokenKind::Number,
            Some(lex::RawKind::Str) => TokenKind::Str,
            Some(lex::RawKind::Char) => TokenKind::Char,
            Some(lex::RawKind::Punct) => TokenKind::Punct,
            _ => TokenKind::Other,
        };
        if !one || kind == TokenKind::Other {
            self.diags.push(Diagnostic::error(
                at,
                format!("pasting formed '{text}', an invalid preprocessing token"),
            ));
            return None;
        }
        Some(Token {
            kind,
            flags: a.flags,
            sym: self.int.intern(&text),
            loc: a.loc,
            spelling: a.spelling,
        })
    }
}
