//! The parser: preprocessed tokens to an [`Ast`], with clang's messages for what it cannot
//! read. HLSL's grammar is C++'s declarations, statements and expressions without pointers,
//! with attributes, semantics, `register`/`packoffset` annotations, `cbuffer` blocks and
//! built-in templates; whether a name is a type decides between a declaration and an
//! expression, so the parser keeps the type names declared so far (as clang's does).
//!
//! ```
//! use dxil_hlsl::pp::{preprocess, MemoryLoader, Options};
//!
//! let src = "RWBuffer<uint> b;\n[numthreads(8, 1, 1)]\nvoid main(uint i : SV_DispatchThreadID) { b[i] = i * 2; }\n";
//! let pp = preprocess("a.hlsl", src, &Options::default(), &mut MemoryLoader::default());
//! let parsed = dxil_hlsl::parse::parse(&pp);
//! assert!(!parsed.diagnostics.has_errors(), "{}", parsed.diagnostics.render(&pp.sources));
//! assert_eq!(parsed.ast.items.len(), 2);
//! ```

mod decl;
mod expr;
pub mod names;
mod stmt;

use std::collections::HashSet;

use crate::ast::{Ast, Name, Path, Span};
use crate::diag::{Diagnostic, Diagnostics, ERROR_LIMIT};
use crate::pp::token::{Sym, Token, TokenKind};
use crate::pp::Output;

/// Deepest nesting of brackets, statements and expressions (clang's limit).
pub const MAX_NESTING: u32 = 256;

/// A parsed translation unit and what the parser reported.
#[derive(Clone, Debug)]
pub struct Parsed {
    /// The tree.
    pub ast: Ast,
    /// The spellings of its names: the preprocessor's, and the names the parser made
    /// (the swizzle of `1.xxx`).
    pub interner: crate::pp::token::Interner,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

/// Parses the tokens of `pp`.
pub fn parse(pp: &Output) -> Parsed {
    let mut p = Parser {
        toks: &pp.tokens,
        pp,
        interner: pp.interner.clone(),
        pos: 0,
        ast: Ast::default(),
        diags: Diagnostics::default(),
        types: HashSet::new(),
        templates: HashSet::new(),
        depth: 0,
        stop: false,
        no_gt: false,
        no_template_call_at: HashSet::new(),
    };
    p.translation_unit();
    Parsed {
        ast: p.ast,
        interner: p.interner,
        diagnostics: p.diags,
    }
}

/// A parse failure already reported; the caller recovers.
#[derive(Debug)]
pub(crate) struct Reported;

pub(crate) type PResult<T> = Result<T, Reported>;

pub(crate) struct Parser<'a> {
    toks: &'a [Token],
    pp: &'a Output,
    pub(crate) interner: crate::pp::token::Interner,
    pos: usize,
    pub(crate) ast: Ast,
    diags: Diagnostics,
    /// Names declared as types (structs, typedefs, enums, template type parameters).
    types: HashSet<Sym>,
    /// Names declared as templates (user struct and alias templates).
    templates: HashSet<Sym>,
    depth: u32,
    /// The error limit was reached.
    stop: bool,
    /// Inside template arguments: `>` closes the list and is no operator.
    pub(crate) no_gt: bool,
    /// Tokens (`<`) where template arguments of a call were tried and are not there.
    pub(crate) no_template_call_at: HashSet<usize>,
}

impl<'a> Parser<'a> {
    pub(crate) fn text_at_index(&self, i: usize) -> &'a str {
        self.text_at(i)
    }

    fn text_at(&self, i: usize) -> &'a str {
        self.toks.get(i).map_or("", |t| self.pp.interner.str(t.sym))
    }

    /// The spelling of the current token (`""` at the end).
    pub(crate) fn text(&self) -> &'a str {
        self.text_at(self.pos)
    }

    pub(crate) fn peek_text(&self, n: usize) -> &'a str {
        self.text_at(self.pos + n)
    }

    pub(crate) fn kind(&self) -> Option<TokenKind> {
        self.toks.get(self.pos).map(|t| t.kind)
    }

    pub(crate) fn kind_at(&self, n: usize) -> Option<TokenKind> {
        self.toks.get(self.pos + n).map(|t| t.kind)
    }

    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// Whether the current token is the punctuator `p`.
    pub(crate) fn is(&self, p: &str) -> bool {
        self.kind() == Some(TokenKind::Punct) && self.text() == p
    }

    pub(crate) fn is_at(&self, n: usize, p: &str) -> bool {
        self.kind_at(n) == Some(TokenKind::Punct) && self.peek_text(n) == p
    }

    /// Whether the current token is the identifier or keyword `w`.
    pub(crate) fn is_word(&self, w: &str) -> bool {
        self.kind() == Some(TokenKind::Ident) && self.text() == w
    }

    pub(crate) fn bump(&mut self) -> usize {
        let at = self.pos;
        if self.pos < self.toks.len() {
            self.pos += 1;
        }
        at
    }

    pub(crate) fn eat(&mut self, p: &str) -> bool {
        if self.is(p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn span_from(&self, start: usize) -> Span {
        Span {
            start: start as u32,
            end: self.pos.max(start) as u32,
        }
    }

    /// Reports an error at the current token (at the last one at the end of input).
    pub(crate) fn error(&mut self, message: impl Into<String>) -> Reported {
        let i = self.pos.min(self.toks.len().saturating_sub(1));
        self.error_at(i, message)
    }

    pub(crate) fn error_at(&mut self, tok: usize, message: impl Into<String>) -> Reported {
        if self.diags.error_count() >= ERROR_LIMIT {
            self.stop = true;
            return Reported;
        }
        match self.toks.get(tok) {
            Some(t) => self.diags.push(Diagnostic::error(t.loc, message)),
            None => self
                .diags
                .push(Diagnostic::new(crate::diag::Level::Error, None, message)),
        }
        if self.diags.error_count() >= ERROR_LIMIT {
            self.stop = true;
        }
        Reported
    }

    /// Expects the punctuator `p`: `expected 'p' <after>` otherwise.
    pub(crate) fn expect(&mut self, p: &str, after: &str) -> PResult<()> {
        if self.eat(p) {
            return Ok(());
        }
        let msg = if after.is_empty() {
            format!("expected '{p}'")
        } else {
            format!("expected '{p}' {after}")
        };
        // clang points after the previous token for a missing ';'.
        Err(self.error(msg))
    }

    pub(crate) fn ident(&mut self, what: &str) -> PResult<Name> {
        if self.kind() == Some(TokenKind::Ident) && !is_reserved(self.text()) {
            let tok = self.bump();
            return Ok(Name {
                sym: self.toks[tok].sym,
                tok: tok as u32,
            });
        }
        Err(self.error(format!("expected {what}")))
    }

    /// A name with optional `::` qualification.
    pub(crate) fn path(&mut self) -> PResult<Path> {
        let global = self.eat("::");
        let mut parts = vec![self.ident("identifier")?];
        while self.is("::") && self.kind_at(1) == Some(TokenKind::Ident) {
            self.bump();
            parts.push(self.ident("identifier")?);
        }
        Ok(Path { parts, global })
    }

    /// Enters one level of nesting; an error past [`MAX_NESTING`].
    pub(crate) fn nest(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            self.stop = true;
            return Err(self.error(format!(
                "bracket nesting level exceeded maximum of {MAX_NESTING}"
            )));
        }
        Ok(())
    }

    pub(crate) fn unnest(&mut self) {
        self.depth -= 1;
    }

    /// Whether the name at `n` tokens ahead is a type (built in or declared); a qualified
    /// name (`dx::HitObject`, `ns::S`) by its last part.
    pub(crate) fn is_type_name_at(&self, n: usize) -> bool {
        let mut n = n;
        while self.kind_at(n) == Some(TokenKind::Ident)
            && self.is_at(n + 1, "::")
            && self.kind_at(n + 2) == Some(TokenKind::Ident)
        {
            n += 2;
        }
        self.is_simple_type_name_at(n)
    }

    fn is_simple_type_name_at(&self, n: usize) -> bool {
        match self.toks.get(self.pos + n) {
            Some(t) if t.kind == TokenKind::Ident => {
                let s = self.pp.interner.str(t.sym);
                names::is_builtin_type(s)
                    || self.types.contains(&t.sym)
                    || matches!(s, "unsigned" | "signed")
            }
            _ => false,
        }
    }

    /// Whether the type name at `n` (the last part of a qualified one) takes template
    /// arguments.
    pub(crate) fn is_template_at(&self, n: usize) -> bool {
        let mut n = n;
        while self.kind_at(n) == Some(TokenKind::Ident)
            && self.is_at(n + 1, "::")
            && self.kind_at(n + 2) == Some(TokenKind::Ident)
        {
            n += 2;
        }
        match self.toks.get(self.pos + n) {
            Some(t) if t.kind == TokenKind::Ident => {
                names::takes_template_args(self.pp.interner.str(t.sym))
                    || self.templates.contains(&t.sym)
            }
            _ => false,
        }
    }

    pub(crate) fn declare_type(&mut self, name: Sym) {
        self.types.insert(name);
    }

    pub(crate) fn declare_template(&mut self, name: Sym) {
        self.types.insert(name);
        self.templates.insert(name);
    }

    /// Skips to the end of the current declaration or statement: past a `;` or a balanced
    /// `}` at this level, or up to an unbalanced `}`.
    pub(crate) fn recover(&mut self) {
        let mut depth = 0i32;
        while !self.at_end() {
            if self.is("{") || self.is("(") || self.is("[") {
                depth += 1;
            } else if self.is(")") || self.is("]") {
                depth -= 1;
            } else if self.is("}") {
                if depth <= 0 {
                    return;
                }
                depth -= 1;
                if depth == 0 {
                    self.bump();
                    if self.is(";") {
                        self.bump();
                    }
                    return;
                }
            } else if self.is(";") && depth <= 0 {
                self.bump();
                return;
            }
            self.bump();
        }
    }
}

/// Words that cannot name a variable or function.
pub(crate) fn is_reserved(s: &str) -> bool {
    matches!(
        s,
        "if" | "else"
            | "for"
            | "while"
            | "do"
            | "switch"
            | "case"
            | "default"
            | "break"
            | "continue"
            | "return"
            | "discard"
            | "struct"
            | "class"
            | "interface"
            | "cbuffer"
            | "tbuffer"
            | "typedef"
            | "namespace"
            | "enum"
            | "template"
            | "typename"
            | "true"
            | "false"
            | "const"
            | "static"
            | "groupshared"
            | "uniform"
            | "extern"
            | "sizeof"
            | "using"
            | "inout"
            | "row_major"
            | "column_major"
            | "volatile"
    )
}
