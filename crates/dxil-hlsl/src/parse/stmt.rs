//! Statements: blocks, declarations, expressions, `if`/`for`/`while`/`do`/`switch` with
//! their attributes (`[unroll]`, `[branch]`...), jumps, `discard`.

use super::decl::Context;
use super::{PResult, Parser, Reported};
use crate::ast::{Stmt, StmtId, StmtKind};
use crate::pp::token::TokenKind;

impl Parser<'_> {
    fn push_stmt(
        &mut self,
        kind: StmtKind,
        attrs: Vec<crate::ast::Attribute>,
        start: usize,
    ) -> StmtId {
        let span = self.span_from(start);
        self.ast.push_stmt(Stmt { kind, attrs, span })
    }

    /// `{ statements }`.
    pub(crate) fn block(&mut self) -> PResult<StmtId> {
        let start = self.pos;
        self.expect("{", "")?;
        self.nest()?;
        let mut stmts = Vec::new();
        while !self.is("}") && !self.at_end() && !self.stop {
            match self.statement() {
                Ok(s) => stmts.push(s),
                Err(Reported) => self.recover(),
            }
        }
        self.unnest();
        self.expect("}", "")?;
        Ok(self.push_stmt(StmtKind::Block(stmts), Vec::new(), start))
    }

    /// Whether a declaration starts here (rather than an expression).
    fn starts_declaration(&self) -> bool {
        if self.kind() == Some(TokenKind::Pragma) {
            return true;
        }
        if self.kind() != Some(TokenKind::Ident) && !self.is("::") {
            return false;
        }
        let w = self.text();
        if matches!(
            w,
            "static"
                | "const"
                | "groupshared"
                | "uniform"
                | "extern"
                | "precise"
                | "struct"
                | "class"
                | "typedef"
                | "using"
                | "enum"
                | "row_major"
                | "column_major"
                | "snorm"
                | "unorm"
                | "volatile"
                | "template"
                | "interface"
                | "globallycoherent"
        ) {
            return true;
        }
        if self.is_type_name_at(0) && !self.type_then_scope() {
            // `float4(1, 2, 3, 4).x;` constructs, `texture = t;` assigns to a variable named
            // like a type; `float4 v;`, `vector<int, 2> v;`, `ns::S s;` declare.
            let mut n = 0;
            while self.is_at(n + 1, "::") {
                n += 2;
            }
            n += 1;
            if self.is_at(n, "<") {
                return true;
            }
            return self.kind_at(n) == Some(TokenKind::Ident);
        }
        // `Unknown name;`: two names in a row only start a declaration.
        self.kind_at(1) == Some(TokenKind::Ident) && !super::is_reserved(w)
    }

    pub(crate) fn statement(&mut self) -> PResult<StmtId> {
        let start = self.pos;
        let attrs = if self.is("[") {
            self.attributes()?
        } else {
            Vec::new()
        };
        self.nest()?;
        let r = self.statement_inner(attrs, start);
        self.unnest();
        r
    }

    fn condition(&mut self, after: &str) -> PResult<crate::ast::ExprId> {
        self.expect("(", &format!("after '{after}'"))?;
        let c = self.expression()?;
        self.expect(")", "")?;
        Ok(c)
    }

    fn statement_inner(
        &mut self,
        attrs: Vec<crate::ast::Attribute>,
        start: usize,
    ) -> PResult<StmtId> {
        if self.is("{") {
            let b = self.block()?;
            if !attrs.is_empty() {
                self.ast.stmts[b.index()].attrs = attrs;
            }
            return Ok(b);
        }
        if self.eat(";") {
            return Ok(self.push_stmt(StmtKind::Empty, attrs, start));
        }
        let kw = if self.kind() == Some(TokenKind::Ident) {
            self.text()
        } else {
            ""
        };
        let kind = match kw {
            "if" => {
                self.bump();
                let cond = self.condition("if")?;
                let then = self.statement()?;
                let otherwise = if self.eat_word("else") {
                    Some(self.statement()?)
                } else {
                    None
                };
                StmtKind::If {
                    cond,
                    then,
                    otherwise,
                }
            }
            "for" => {
                self.bump();
                self.expect("(", "after 'for'")?;
                let init = if self.is(";") {
                    self.bump();
                    None
                } else {
                    Some(self.simple_statement()?)
                };
                let cond = if self.is(";") {
                    None
                } else {
                    Some(self.expression()?)
                };
                self.expect(";", "in 'for' statement specifier")?;
                let step = if self.is(")") {
                    None
                } else {
                    Some(self.expression()?)
                };
                self.expect(")", "")?;
                let body = self.statement()?;
                StmtKind::For {
                    init,
                    cond,
                    step,
                    body,
                }
            }
            "while" => {
                self.bump();
                let cond = self.condition("while")?;
                let body = self.statement()?;
                StmtKind::While { cond, body }
            }
            "do" => {
                self.bump();
                let body = self.statement()?;
                if !self.eat_word("while") {
                    return Err(self.error("expected 'while' in do/while loop"));
                }
                let cond = self.condition("while")?;
                self.expect(";", "after do/while statement")?;
                StmtKind::DoWhile { body, cond }
            }
            "switch" => {
                self.bump();
                let cond = self.condition("switch")?;
                let body = self.statement()?;
                StmtKind::Switch { cond, body }
            }
            "case" => {
                self.bump();
                let v = self.conditional_expr()?;
                self.expect(":", "after 'case'")?;
                StmtKind::Case(v)
            }
            "default" if self.is_at(1, ":") => {
                self.bump();
                self.bump();
                StmtKind::Default
            }
            "break" | "continue" | "discard" => {
                self.bump();
                let what = match kw {
                    "break" => StmtKind::Break,
                    "continue" => StmtKind::Continue,
                    _ => StmtKind::Discard,
                };
                self.expect(";", &format!("after {kw} statement"))?;
                what
            }
            "return" => {
                self.bump();
                let v = if self.is(";") {
                    None
                } else {
                    Some(self.expression()?)
                };
                self.expect(";", "after return statement")?;
                StmtKind::Return(v)
            }
            _ => {
                let s = self.simple_statement()?;
                if !attrs.is_empty() {
                    self.ast.stmts[s.index()].attrs = attrs;
                }
                return Ok(s);
            }
        };
        Ok(self.push_stmt(kind, attrs, start))
    }

    /// A declaration or an expression statement, with its `;`.
    fn simple_statement(&mut self) -> PResult<StmtId> {
        let start = self.pos;
        if self.starts_declaration() {
            let ids = self.declaration(Context::Local)?;
            return Ok(self.push_stmt(StmtKind::Decl(ids), Vec::new(), start));
        }
        let e = self.expression()?;
        if !self.eat(";") {
            let at = self.pos.saturating_sub(1);
            return Err(self.error_at(at, "expected ';' after expression"));
        }
        Ok(self.push_stmt(StmtKind::Expr(e), Vec::new(), start))
    }
}
