//! Expressions, by C++'s precedence: comma, assignment, conditional, the binary levels,
//! casts and unary operators, postfix (members and swizzles, indexing, calls), primaries
//! (literals, names, constructors such as `float3(...)`, parentheses, `{...}` lists).

use super::{PResult, Parser};
use crate::ast::{BinaryOp, Expr, ExprId, ExprKind, UnaryOp};
use crate::pp::token::TokenKind;

/// Tokens [`Parser::is_cast`] looks through for the end of a type's template arguments.
const MAX_CAST_SCAN: usize = 256;

/// Binary operators of one precedence level (higher binds tighter), comma and assignment
/// aside.
fn binary_op(s: &str) -> Option<(u8, BinaryOp)> {
    use BinaryOp::*;
    Some(match s {
        "*" => (10, Mul),
        "/" => (10, Div),
        "%" => (10, Rem),
        "+" => (9, Add),
        "-" => (9, Sub),
        "<<" => (8, Shl),
        ">>" => (8, Shr),
        "<" => (7, Lt),
        ">" => (7, Gt),
        "<=" => (7, Le),
        ">=" => (7, Ge),
        "==" => (6, Eq),
        "!=" => (6, Ne),
        "&" => (5, BitAnd),
        "^" => (4, BitXor),
        "|" => (3, BitOr),
        "&&" => (2, And),
        "||" => (1, Or),
        _ => return None,
    })
}

fn assign_op(s: &str) -> Option<Option<BinaryOp>> {
    use BinaryOp::*;
    Some(match s {
        "=" => None,
        "*=" => Some(Mul),
        "/=" => Some(Div),
        "%=" => Some(Rem),
        "+=" => Some(Add),
        "-=" => Some(Sub),
        "<<=" => Some(Shl),
        ">>=" => Some(Shr),
        "&=" => Some(BitAnd),
        "^=" => Some(BitXor),
        "|=" => Some(BitOr),
        _ => return None,
    })
}

impl Parser<'_> {
    fn push_expr(&mut self, kind: ExprKind, start: usize) -> ExprId {
        let span = self.span_from(start);
        self.ast.push_expr(Expr { kind, span })
    }

    /// A full expression, commas included.
    pub(crate) fn expression(&mut self) -> PResult<ExprId> {
        let start = self.pos;
        let mut e = self.assignment_expr()?;
        while self.eat(",") {
            let rhs = self.assignment_expr()?;
            e = self.push_expr(
                ExprKind::Binary {
                    op: BinaryOp::Comma,
                    lhs: e,
                    rhs,
                },
                start,
            );
        }
        Ok(e)
    }

    pub(crate) fn assignment_expr(&mut self) -> PResult<ExprId> {
        let start = self.pos;
        self.nest()?;
        let r = (|| {
            let lhs = self.conditional_expr()?;
            if self.kind() == Some(TokenKind::Punct) {
                if let Some(op) = assign_op(self.text()) {
                    self.bump();
                    let rhs = self.assignment_expr()?;
                    return Ok(self.push_expr(ExprKind::Assign { op, lhs, rhs }, start));
                }
            }
            Ok(lhs)
        })();
        self.unnest();
        r
    }

    pub(crate) fn conditional_expr(&mut self) -> PResult<ExprId> {
        let start = self.pos;
        let cond = self.binary(0)?;
        if !self.eat("?") {
            return Ok(cond);
        }
        let then = self.expression()?;
        self.expect(":", "")?;
        let otherwise = self.assignment_expr()?;
        Ok(self.push_expr(
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            },
            start,
        ))
    }

    fn binary(&mut self, min: u8) -> PResult<ExprId> {
        let start = self.pos;
        let mut lhs = self.unary()?;
        while self.kind() == Some(TokenKind::Punct) {
            let Some((prec, op)) = binary_op(self.text()) else {
                break;
            };
            if self.no_gt && matches!(op, BinaryOp::Gt | BinaryOp::Shr) {
                break;
            }
            if prec <= min {
                break;
            }
            self.bump();
            self.nest()?;
            let rhs = self.binary(prec);
            self.unnest();
            let rhs = rhs?;
            lhs = self.push_expr(ExprKind::Binary { op, lhs, rhs }, start);
        }
        Ok(lhs)
    }

    fn unary(&mut self) -> PResult<ExprId> {
        let start = self.pos;
        let op = match (self.kind(), self.text()) {
            (Some(TokenKind::Punct), "-") => Some(UnaryOp::Neg),
            (Some(TokenKind::Punct), "+") => Some(UnaryOp::Plus),
            (Some(TokenKind::Punct), "!") => Some(UnaryOp::Not),
            (Some(TokenKind::Punct), "~") => Some(UnaryOp::BitNot),
            (Some(TokenKind::Punct), "++") => Some(UnaryOp::PreInc),
            (Some(TokenKind::Punct), "--") => Some(UnaryOp::PreDec),
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            self.nest()?;
            let operand = self.unary();
            self.unnest();
            let operand = operand?;
            return Ok(self.push_expr(ExprKind::Unary { op, operand }, start));
        }
        if self.is("(") && self.is_cast() {
            self.bump();
            let ty = self.type_name()?;
            let ty = self.cast_array_dims(ty, start)?;
            self.expect(")", "")?;
            self.nest()?;
            let operand = self.unary();
            self.unnest();
            let operand = operand?;
            return Ok(self.push_expr(ExprKind::Cast { ty, operand }, start));
        }
        if self.is_word("sizeof") {
            self.bump();
            let arg = if self.is("(") && self.starts_type_at(1) {
                self.bump();
                let t = self.type_name()?;
                let t = self.cast_array_dims(t, start)?;
                self.expect(")", "")?;
                crate::ast::TemplateArg::Type(t)
            } else {
                crate::ast::TemplateArg::Expr(self.unary()?)
            };
            return Ok(self.push_expr(ExprKind::SizeOf(arg), start));
        }
        self.postfix()
    }

    /// `(float2[2])x`: array dimensions in a cast's type.
    fn cast_array_dims(
        &mut self,
        mut ty: crate::ast::TypeId,
        start: usize,
    ) -> PResult<crate::ast::TypeId> {
        while self.eat("[") {
            let len = Some(self.expression()?);
            self.expect("]", "")?;
            let quals = self.ast.ty(ty).quals;
            ty = self.ast.push_type(crate::ast::TypeExpr {
                kind: crate::ast::TypeExprKind::Array { elem: ty, len },
                quals,
                span: self.span_from(start),
            });
        }
        Ok(ty)
    }

    /// At a type name in an expression: whether a constructor follows (`(` after the name
    /// or its template arguments); otherwise the name is a variable's (`texture = t;`).
    fn type_constructs(&self) -> bool {
        let mut n = usize::from(self.is("::"));
        while self.is_at(n + 1, "::") {
            n += 2;
        }
        n += 1;
        self.is_at(n, "(")
            || (self.is_at(n, "<") && self.is_template_at(n - 1))
            || super::names::is_keyword_type(self.peek_text(n - 1))
    }

    fn starts_type_at(&self, n: usize) -> bool {
        self.is_type_name_at(n)
            || (self.kind_at(n) == Some(TokenKind::Ident)
                && matches!(
                    self.peek_text(n),
                    "const" | "row_major" | "column_major" | "snorm" | "unorm" | "struct"
                ))
    }

    /// At `(`: whether a cast follows (a type, then `)` or array brackets), not a
    /// parenthesized constructor like `(float3(1, 2, 3))`.
    fn is_cast(&self) -> bool {
        if !self.starts_type_at(1) {
            return false;
        }
        // Find the token after the type: skip a name path and balanced template arguments.
        let mut i = 1;
        while self.kind_at(i) == Some(TokenKind::Ident)
            && matches!(
                self.peek_text(i),
                "const" | "row_major" | "column_major" | "snorm" | "unorm" | "struct"
            )
        {
            i += 1;
        }
        i += 1;
        while self.is_at(i, "::") {
            i += 2;
        }
        if self.is_at(i, "<") {
            let mut depth = 0i32;
            loop {
                match self.peek_text(i) {
                    "<" => depth += 1,
                    ">" => {
                        depth -= 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    ">>" => {
                        depth -= 2;
                        if depth <= 0 {
                            i += 1;
                            break;
                        }
                    }
                    "" | ";" | "{" | "}" => return false,
                    _ => {}
                }
                i += 1;
                // No type in a cast is this long: stop before a scan per `(` makes
                // parsing quadratic.
                if i > MAX_CAST_SCAN {
                    return false;
                }
            }
        }
        self.is_at(i, ")") || self.is_at(i, "[")
    }

    fn postfix(&mut self) -> PResult<ExprId> {
        let start = self.pos;
        let mut e = self.primary()?;
        loop {
            if self.eat(".") {
                let name = self.ident("member name")?;
                e = self.push_expr(ExprKind::Member { base: e, name }, start);
                if self.is("<") {
                    if let Some(args) = self.try_template_call_args() {
                        e = self.call(e, Some(args), start)?;
                    }
                }
            } else if self.eat("[") {
                let index = self.expression()?;
                self.expect("]", "")?;
                e = self.push_expr(ExprKind::Index { base: e, index }, start);
            } else if self.is("(") {
                e = self.call(e, None, start)?;
            } else if self.eat("++") {
                e = self.push_expr(
                    ExprKind::Unary {
                        op: UnaryOp::PostInc,
                        operand: e,
                    },
                    start,
                );
            } else if self.eat("--") {
                e = self.push_expr(
                    ExprKind::Unary {
                        op: UnaryOp::PostDec,
                        operand: e,
                    },
                    start,
                );
            } else {
                return Ok(e);
            }
        }
    }

    /// At `<` after a function or method name: template arguments if they are followed by
    /// `(` (then consumed), else nothing is consumed (a comparison follows).
    fn try_template_call_args(&mut self) -> Option<Vec<crate::ast::TemplateArg>> {
        // Each `<` is tried once: `a < b < c ...` would otherwise be tried again inside
        // every attempt, twice as often for each operand.
        if self.no_template_call_at.contains(&self.pos) || !self.closes_soon() {
            return None;
        }
        let save = (
            self.pos,
            self.ast.exprs.len(),
            self.ast.types.len(),
            self.diags.len(),
        );
        self.bump();
        let ok = self.template_args_quiet();
        if let Some(args) = ok {
            if self.is("(") {
                return Some(args);
            }
        }
        self.pos = save.0;
        self.no_template_call_at.insert(save.0);
        self.ast.exprs.truncate(save.1);
        self.ast.types.truncate(save.2);
        self.diags_truncate(save.3);
        None
    }

    /// At `<`: whether a `>` closes it within [`MAX_CAST_SCAN`] tokens (brackets balanced,
    /// no `;`, `{` or `}` between), so that trying template arguments costs little where
    /// there are none (`a < b`).
    fn closes_soon(&self) -> bool {
        let mut depth = 0i32;
        for i in 0..MAX_CAST_SCAN {
            match self.peek_text(i) {
                "<" => depth += 1,
                ">" => {
                    depth -= 1;
                    if depth == 0 {
                        return true;
                    }
                }
                ">>" => {
                    depth -= 2;
                    if depth <= 0 {
                        return true;
                    }
                }
                "" | ";" | "{" | "}" => return false,
                _ => {}
            }
        }
        false
    }

    fn template_args_quiet(&mut self) -> Option<Vec<crate::ast::TemplateArg>> {
        self.template_args().ok()
    }

    fn call(
        &mut self,
        callee: ExprId,
        template_args: Option<Vec<crate::ast::TemplateArg>>,
        start: usize,
    ) -> PResult<ExprId> {
        let args = self.arguments()?;
        Ok(self.push_expr(
            ExprKind::Call {
                callee,
                template_args,
                args,
            },
            start,
        ))
    }

    /// `( a, b, ... )`.
    pub(crate) fn arguments(&mut self) -> PResult<Vec<ExprId>> {
        self.expect("(", "")?;
        let mut args = Vec::new();
        if !self.is(")") {
            loop {
                args.push(self.assignment_expr()?);
                if !self.eat(",") {
                    break;
                }
            }
        }
        self.expect(")", "")?;
        Ok(args)
    }

    /// `{ a, { b, c }, }`.
    pub(crate) fn init_list(&mut self) -> PResult<ExprId> {
        let start = self.pos;
        self.expect("{", "")?;
        self.nest()?;
        let mut items = Vec::new();
        while !self.is("}") && !self.at_end() {
            let item = if self.is("{") {
                self.init_list()
            } else {
                self.assignment_expr()
            };
            match item {
                Ok(i) => items.push(i),
                Err(e) => {
                    self.unnest();
                    return Err(e);
                }
            }
            if !self.eat(",") {
                break;
            }
        }
        self.unnest();
        self.expect("}", "")?;
        Ok(self.push_expr(ExprKind::InitList(items), start))
    }

    fn primary(&mut self) -> PResult<ExprId> {
        let start = self.pos;
        match self.kind() {
            Some(TokenKind::Number) => {
                let tok = self.bump();
                let text = self.pp.interner.str(self.toks[tok].sym);
                // HLSL swizzles literals: `0x04.xxx`, `1.xx` (one preprocessing number).
                if let Some((num, swizzle)) = split_swizzle(text) {
                    let kind = self.number(num, tok)?;
                    let base = self.push_expr(kind, start);
                    let sym = self.interner.intern(swizzle);
                    let name = crate::ast::Name {
                        sym,
                        tok: tok as u32,
                    };
                    return Ok(self.push_expr(ExprKind::Member { base, name }, start));
                }
                let kind = self.number(text, tok)?;
                Ok(self.push_expr(kind, start))
            }
            Some(TokenKind::Str) => {
                let mut parts = Vec::new();
                while self.kind() == Some(TokenKind::Str) {
                    let t = self.bump();
                    parts.push(self.toks[t].sym);
                }
                Ok(self.push_expr(ExprKind::Str(parts), start))
            }
            Some(TokenKind::Ident) if self.text() == "true" || self.text() == "false" => {
                let v = self.text() == "true";
                self.bump();
                Ok(self.push_expr(ExprKind::Bool(v), start))
            }
            Some(TokenKind::Punct) if self.is("(") => {
                self.bump();
                self.nest()?;
                let outer = std::mem::replace(&mut self.no_gt, false);
                let e = self.expression();
                self.no_gt = outer;
                self.unnest();
                let e = e?;
                self.expect(")", "")?;
                Ok(e)
            }
            Some(TokenKind::Punct) if self.is("{") => self.init_list(),
            Some(TokenKind::Ident) | Some(TokenKind::Punct)
                if (self.is_type_name_at(0) || (self.is("::") && self.is_type_name_at(1)))
                    && !self.type_then_scope()
                    && self.type_constructs() =>
            {
                // A constructor or functional cast: `float3(...)`, `vector<int, 2>(...)`.
                let ty = self.type_name()?;
                if !self.is("(") {
                    return Err(
                        self.error("expected '(' for function-style cast or type construction")
                    );
                }
                let args = self.arguments()?;
                Ok(self.push_expr(ExprKind::Construct { ty, args }, start))
            }
            Some(TokenKind::Ident) | Some(TokenKind::Punct)
                if self.kind() == Some(TokenKind::Ident) || self.is("::") =>
            {
                if self.kind() == Some(TokenKind::Ident) && super::is_reserved(self.text()) {
                    return Err(self.error("expected expression"));
                }
                let path = self.path()?;
                let e = self.push_expr(ExprKind::Name(path), start);
                if self.is("<") {
                    if let Some(args) = self.try_template_call_args() {
                        return self.call(e, Some(args), start);
                    }
                }
                Ok(e)
            }
            _ => Err(self.error("expected expression")),
        }
    }

    /// An integer or floating literal.
    fn number(&mut self, text: &str, tok: usize) -> PResult<ExprKind> {
        let lower = text.to_ascii_lowercase();
        if let Some(b) = lower.strip_prefix("0b") {
            let body = b.trim_end_matches(['u', 'l']);
            let suffix = &b[body.len()..];
            return match u64::from_str_radix(body, 2) {
                Ok(value) if !body.is_empty() => Ok(ExprKind::Int {
                    value,
                    unsigned: suffix.contains('u'),
                    long: suffix.contains('l'),
                }),
                _ => Err(self.error_at(tok, format!("invalid digit in binary constant '{text}'"))),
            };
        }
        let hex = lower.starts_with("0x");
        let float = !hex
            && (lower.contains('.')
                || lower.contains('e')
                || lower.ends_with('f')
                || lower.ends_with('h'));
        if float {
            let sym = self.toks[tok].sym;
            return Ok(ExprKind::Float(sym));
        }
        let body = lower.trim_end_matches(['u', 'l']);
        let suffix = &lower[body.len()..];
        let (radix, digits) = if hex {
            (16, &body[2..])
        } else if body.len() > 1 && body.starts_with('0') {
            (8, &body[1..])
        } else {
            (10, body)
        };
        let value = u64::from_str_radix(digits, radix).map_err(|_| {
            if digits.chars().all(|c| c.is_digit(radix)) && !digits.is_empty() {
                self.error_at(
                    tok,
                    "integer literal is too large to be represented in any integer type",
                )
            } else {
                self.error_at(
                    tok,
                    format!(
                        "invalid suffix '{}' on integer constant",
                        &text[body.len().min(text.len())..]
                    ),
                )
            }
        })?;
        if !matches!(suffix, "" | "u" | "l" | "ul" | "lu" | "ll" | "ull" | "llu") {
            return Err(self.error_at(
                tok,
                format!(
                    "invalid suffix '{}' on integer constant",
                    &text[body.len()..]
                ),
            ));
        }
        Ok(ExprKind::Int {
            value,
            unsigned: suffix.contains('u'),
            long: suffix.contains('l'),
        })
    }

    pub(crate) fn diags_truncate(&mut self, n: usize) {
        self.diags.truncate(n);
    }
}

/// `0x04.xxx` -> (`0x04`, `xxx`), `1.xx` -> (`1`, `xx`): a number and a swizzle of `x y z w`
/// or `r g b a` letters after its last `.`.
fn split_swizzle(text: &str) -> Option<(&str, &str)> {
    let (num, sw) = text.rsplit_once('.')?;
    let letters =
        |set: &str| !sw.is_empty() && sw.len() <= 4 && sw.chars().all(|c| set.contains(c));
    if num.is_empty() || !(letters("xyzw") || letters("rgba")) {
        return None;
    }
    // `1.f` is a float with a suffix; `1.e` is no swizzle either.
    Some((num, sw))
}
