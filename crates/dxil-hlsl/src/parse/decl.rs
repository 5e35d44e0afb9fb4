//! Declarations: variables, functions, structs, `cbuffer`s, typedefs, namespaces, enums,
//! templates; written types with their qualifiers; attributes and `:` annotations.

use super::{PResult, Parser, Reported};
use crate::ast::{
    Annotation, Attribute, Decl, DeclId, DeclKind, FunctionDecl, Modifiers, Name, Path, RecordDecl,
    RecordKind, TemplateArg, TemplateParam, TypeExpr, TypeExprKind, TypeId, TypeQuals, VarDecl,
};
use crate::pp::token::TokenKind;

/// Where a declaration is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Context {
    /// At file or namespace scope.
    Top,
    /// In a struct.
    Member,
    /// In a `cbuffer`.
    Buffer,
    /// In a function body.
    Local,
}

/// What precedes a declarator: attributes, modifiers, the type.
struct Specifiers {
    attrs: Vec<Attribute>,
    mods: Modifiers,
    template: Option<Vec<TemplateParam>>,
    ty: TypeId,
    start: usize,
}

impl Parser<'_> {
    pub(crate) fn translation_unit(&mut self) {
        while !self.at_end() && !self.stop {
            match self.declaration(Context::Top) {
                Ok(ids) => self.ast.items.extend(ids),
                Err(Reported) => self.recover(),
            }
        }
    }

    fn push_decl(&mut self, kind: DeclKind, start: usize) -> DeclId {
        let span = self.span_from(start);
        self.ast.push_decl(Decl { kind, span })
    }

    /// Attributes: `[name(args)]` and `[[ns::name(args)]]`, any number.
    pub(crate) fn attributes(&mut self) -> PResult<Vec<Attribute>> {
        let mut attrs = Vec::new();
        while self.is("[") {
            let start = self.bump();
            let double = self.eat("[");
            loop {
                let name = self.path()?;
                let args = if self.is("(") {
                    self.arguments()?
                } else {
                    Vec::new()
                };
                attrs.push(Attribute {
                    name,
                    args,
                    span: self.span_from(start),
                });
                if !(double && self.eat(",")) {
                    break;
                }
            }
            self.expect("]", "")?;
            if double {
                self.expect("]", "")?;
            }
        }
        Ok(attrs)
    }

    /// `template <typename T, uint N = 4>`.
    fn template_params(&mut self) -> PResult<Vec<TemplateParam>> {
        self.expect("<", "after 'template'")?;
        let mut params = Vec::new();
        if self.eat(">") {
            return Ok(params);
        }
        loop {
            if self.eat_word("typename") || self.eat_word("class") {
                let name = self.ident("identifier")?;
                self.declare_type(name.sym);
                let default = if self.eat("=") {
                    Some(TemplateArg::Type(self.type_name()?))
                } else {
                    None
                };
                params.push(TemplateParam {
                    name,
                    value_ty: None,
                    default,
                });
            } else {
                let ty = self.type_name()?;
                let name = self.ident("identifier")?;
                let default = if self.eat("=") {
                    let outer = std::mem::replace(&mut self.no_gt, true);
                    let e = self.conditional_expr();
                    self.no_gt = outer;
                    Some(TemplateArg::Expr(e?))
                } else {
                    None
                };
                params.push(TemplateParam {
                    name,
                    value_ty: Some(ty),
                    default,
                });
            }
            if !self.eat(",") {
                break;
            }
        }
        self.expect(">", "")?;
        Ok(params)
    }

    /// Template arguments after a template name's `<` (consumed up to the `>`).
    pub(crate) fn template_args(&mut self) -> PResult<Vec<TemplateArg>> {
        let mut args = Vec::new();
        if self.eat(">") {
            return Ok(args);
        }
        let outer = self.no_gt;
        self.no_gt = true;
        let r = (|| loop {
            if self.starts_type() && !self.type_then_scope() {
                let start = self.pos;
                let t = self.type_name()?;
                args.push(TemplateArg::Type(self.array_suffixes(t, start)?));
            } else {
                args.push(TemplateArg::Expr(self.conditional_expr()?));
            }
            if !self.eat(",") {
                return Ok(());
            }
        })();
        self.no_gt = outer;
        r?;
        // `>>` closing two lists.
        if self.is(">>") {
            return Err(self
                .error("'>>' closing two template argument lists is not supported; write '> >'"));
        }
        self.expect(">", "")?;
        Ok(args)
    }

    /// Whether the type name here is followed by `::` and a name that is not a type
    /// (`E::Value`, `T::value`: an expression).
    pub(crate) fn type_then_scope(&self) -> bool {
        let mut n = 0;
        while self.kind_at(n) == Some(TokenKind::Ident) && self.is_at(n + 1, "::") {
            n += 2;
        }
        n > 0 && !self.is_simple_type_name_at(n)
    }

    /// Whether a type starts here: a type name, a qualifier, or `struct`.
    pub(crate) fn starts_type(&self) -> bool {
        self.is_type_name_at(0)
            || (self.kind() == Some(TokenKind::Ident)
                && matches!(
                    self.text(),
                    "const"
                        | "row_major"
                        | "column_major"
                        | "snorm"
                        | "unorm"
                        | "volatile"
                        | "struct"
                        | "class"
                ))
            || (self.is("::") && self.is_type_name_at(1))
    }

    /// Type qualifiers at the current token.
    fn type_quals(&mut self, quals: &mut TypeQuals) {
        loop {
            let q = match self.text() {
                "const" => TypeQuals::CONST,
                "row_major" => TypeQuals::ROW_MAJOR,
                "column_major" => TypeQuals::COLUMN_MAJOR,
                "snorm" => TypeQuals::SNORM,
                "unorm" => TypeQuals::UNORM,
                "volatile" => TypeQuals::VOLATILE,
                _ => return,
            };
            if self.kind() != Some(TokenKind::Ident) {
                return;
            }
            quals.0 |= q;
            self.bump();
        }
    }

    /// A type as written in a cast, a template argument or a parameter: qualifiers and a
    /// type specifier.
    pub(crate) fn type_name(&mut self) -> PResult<TypeId> {
        let mut quals = TypeQuals::default();
        self.type_quals(&mut quals);
        let ty = self.type_specifier(quals)?;
        Ok(ty)
    }

    /// A named type with its template arguments (`vector<float, 4>`), qualifiers after it.
    fn type_specifier(&mut self, mut quals: TypeQuals) -> PResult<TypeId> {
        let start = self.pos;
        if self.eat_word("struct") || self.eat_word("class") {
            // An elaborated type name: `struct S`.
        }
        if self.kind() != Some(TokenKind::Ident) && !self.is("::") {
            return Err(self.error("expected a type"));
        }
        if self.is_word("unsigned") || self.is_word("signed") {
            // `unsigned int`, `unsigned` (C's spelling of `uint`), `signed int`.
            let unsigned = self.text() == "unsigned";
            self.bump();
            let of = if self.eat_word("int") {
                None
            } else if self.is_type_name_at(0) {
                Some(self.type_specifier(TypeQuals::default())?)
            } else {
                None
            };
            self.type_quals(&mut quals);
            return Ok(self.ast.push_type(TypeExpr {
                kind: TypeExprKind::CInt { unsigned, of },
                quals,
                span: self.span_from(start),
            }));
        }
        let template = self.is_template_at(0) || (self.is("::") && self.is_template_at(1));
        let path = self.path()?;
        let args = if template && self.eat("<") {
            Some(self.template_args()?)
        } else {
            None
        };
        self.type_quals(&mut quals);
        Ok(self.ast.push_type(TypeExpr {
            kind: TypeExprKind::Named { path, args },
            quals,
            span: self.span_from(start),
        }))
    }

    /// `T[a][b]` from the element type and the declarator's brackets.
    fn array_suffixes(&mut self, mut ty: TypeId, start: usize) -> PResult<TypeId> {
        let mut dims = Vec::new();
        while self.eat("[") {
            let len = if self.is("]") {
                None
            } else {
                Some(self.expression()?)
            };
            self.expect("]", "")?;
            dims.push(len);
        }
        // `a[2][3]` is an array of 2 arrays of 3: the last bracket binds first.
        for len in dims.into_iter().rev() {
            let quals = self.ast.ty(ty).quals;
            ty = self.ast.push_type(TypeExpr {
                kind: TypeExprKind::Array { elem: ty, len },
                quals,
                span: self.span_from(start),
            });
        }
        Ok(ty)
    }

    /// `: SV_Position`, `: register(t0, space1)`, `: packoffset(c0.x)`, any number.
    fn annotations(&mut self) -> PResult<Vec<Annotation>> {
        let mut out = Vec::new();
        while self.is(":") && !self.is("::") {
            self.bump();
            if self.is_word("register") && self.is_at(1, "(") {
                self.bump();
                self.bump();
                let first = self.ident("register")?;
                let (profile, slot) = if self.eat(",") && !self.is(")") {
                    let slot = self.ident("register")?;
                    // `register(ps_5_0, t0)` names a profile first, `register(t0, space1)` a space second.
                    let s = self.pp.interner.str(first.sym);
                    if s.contains('_') {
                        (Some(first), slot)
                    } else {
                        self.expect(")", "")?;
                        out.push(Annotation::Register {
                            profile: None,
                            slot: first,
                            space: Some(slot),
                        });
                        continue;
                    }
                } else {
                    (None, first)
                };
                let space = if self.eat(",") {
                    Some(self.ident("register space")?)
                } else {
                    None
                };
                self.expect(")", "")?;
                out.push(Annotation::Register {
                    profile,
                    slot,
                    space,
                });
            } else if self.is_word("packoffset") && self.is_at(1, "(") {
                self.bump();
                self.bump();
                let reg = self.ident("packoffset register")?;
                let component = if self.eat(".") {
                    Some(self.ident("component")?)
                } else {
                    None
                };
                self.expect(")", "")?;
                out.push(Annotation::PackOffset { reg, component });
            } else if (self.is_word("read") || self.is_word("write")) && self.is_at(1, "(") {
                let write = self.text() == "write";
                self.bump();
                self.bump();
                let mut stages = Vec::new();
                while !self.is(")") {
                    stages.push(self.ident("shader stage")?);
                    if !self.eat(",") {
                        break;
                    }
                }
                self.expect(")", "")?;
                out.push(Annotation::PayloadAccess { write, stages });
            } else if self.kind() == Some(TokenKind::Number) {
                out.push(Annotation::BitField(self.conditional_expr()?));
            } else {
                out.push(Annotation::Semantic(self.ident("semantic")?));
            }
        }
        Ok(out)
    }

    /// Storage classes, parameter and interpolation modifiers, and type qualifiers before
    /// a type. A modifier word followed by what ends a declarator is the declarator's name
    /// (`float sample;` has no `sample` modifier).
    fn modifiers(&mut self, mods: &mut Modifiers, quals: &mut TypeQuals) {
        loop {
            self.type_quals(quals);
            if self.kind() != Some(TokenKind::Ident) {
                return;
            }
            let Some(m) = Modifiers::from_keyword(self.text()) else {
                return;
            };
            let next = self.peek_text(1);
            if matches!(next, "=" | ";" | "," | ")" | "[" | ":" | "(" | "." | "") {
                return;
            }
            mods.0 |= m;
            self.bump();
        }
    }

    fn specifiers(&mut self, attrs: Vec<Attribute>, start: usize) -> PResult<Option<Specifiers>> {
        let template = if self.eat_word("template") {
            Some(self.template_params()?)
        } else {
            None
        };
        let mut mods = Modifiers::default();
        let mut quals = TypeQuals::default();
        self.modifiers(&mut mods, &mut quals);
        if self.is_word("struct") || self.is_word("class") || self.is_word("interface") {
            // A record definition (`struct S { ... }`) or an elaborated type (`struct S x`).
            let def = self.is_at(1, "{")
                || self.is_at(1, "[")
                || self.is_at(2, "{")
                || self.is_at(2, ":")
                || (self.is_at(2, ";") && !self.is_at(1, ";"));
            if def {
                return Ok(None);
            }
        }
        let ty = self.type_specifier(quals)?;
        Ok(Some(Specifiers {
            attrs,
            mods,
            template,
            ty,
            start,
        }))
    }

    /// A declaration in `ctx`: one id per declarator (none for a lone `;`).
    pub(crate) fn declaration(&mut self, ctx: Context) -> PResult<Vec<DeclId>> {
        let start = self.pos;
        if self.kind() == Some(TokenKind::Pragma) {
            while !self.at_end() && self.kind() != Some(TokenKind::PragmaEnd) {
                self.bump();
            }
            self.bump();
            return Ok(vec![self.push_decl(DeclKind::Pragma, start)]);
        }
        if self.eat(";") {
            return Ok(vec![self.push_decl(DeclKind::Empty, start)]);
        }
        // Attributes may come before any declaration (`[[vk::binding(0)]] cbuffer ...`).
        let attrs = if self.is("[") {
            self.attributes()?
        } else {
            Vec::new()
        };
        match self.text() {
            "cbuffer" | "tbuffer" if self.kind() == Some(TokenKind::Ident) => {
                return self.buffer().map(|d| vec![d])
            }
            "typedef" if self.kind() == Some(TokenKind::Ident) => return self.typedef(None),
            "using" if self.kind() == Some(TokenKind::Ident) => return self.using(None),
            "namespace" if self.kind() == Some(TokenKind::Ident) => {
                return self.namespace().map(|d| vec![d])
            }
            "enum" if self.kind() == Some(TokenKind::Ident) => {
                let d = self.enumeration()?;
                self.expect(";", "after enum")?;
                return Ok(vec![d]);
            }
            _ => {}
        }
        let Some(spec) = self.specifiers(attrs, start)? else {
            // A record definition, maybe with declarators after it.
            let attrs_template = self.record(start)?;
            return self.after_record(attrs_template, start, ctx);
        };
        if spec.template.is_some() && (self.is_word("using")) {
            return self.using(spec.template);
        }
        self.declarators(spec, ctx)
    }

    fn after_record(
        &mut self,
        record: (DeclId, TypeId),
        start: usize,
        ctx: Context,
    ) -> PResult<Vec<DeclId>> {
        let (decl, ty) = record;
        if self.eat(";") {
            return Ok(vec![decl]);
        }
        let spec = Specifiers {
            attrs: Vec::new(),
            mods: Modifiers::default(),
            template: None,
            ty,
            start,
        };
        let mut ids = vec![decl];
        ids.extend(self.declarators(spec, ctx)?);
        Ok(ids)
    }

    /// `struct S : Base { members }` (the keyword is current); returns the declaration and
    /// a written type naming it.
    fn record(&mut self, start: usize) -> PResult<(DeclId, TypeId)> {
        // Attributes and a template header were read by `specifiers` when present: read them
        // again from the start for the record.
        self.pos = start;
        let _attrs = self.attributes()?;
        let template = if self.eat_word("template") {
            Some(self.template_params()?)
        } else {
            None
        };
        let mut mods = Modifiers::default();
        let mut quals = TypeQuals::default();
        self.modifiers(&mut mods, &mut quals);
        let kind = match self.text() {
            "class" => RecordKind::Class,
            "interface" => RecordKind::Interface,
            _ => RecordKind::Struct,
        };
        self.bump();
        // `struct [raypayload] P`.
        let _record_attrs = if self.is("[") {
            self.attributes()?
        } else {
            Vec::new()
        };
        let name = if self.kind() == Some(TokenKind::Ident) {
            let n = self.ident("struct name")?;
            if template.is_some() {
                self.declare_template(n.sym);
            } else {
                self.declare_type(n.sym);
            }
            Some(n)
        } else {
            None
        };
        let mut bases = Vec::new();
        if self.eat(":") {
            loop {
                let _ = self.eat_word("public")
                    || self.eat_word("private")
                    || self.eat_word("protected");
                bases.push(self.type_name()?);
                if !self.eat(",") {
                    break;
                }
            }
        }
        let mut members = Vec::new();
        if self.eat("{") {
            self.nest()?;
            while !self.is("}") && !self.at_end() && !self.stop {
                if (self.is_word("public") || self.is_word("private") || self.is_word("protected"))
                    && self.is_at(1, ":")
                {
                    self.bump();
                    self.bump();
                    continue;
                }
                match self.declaration(Context::Member) {
                    Ok(ids) => members.extend(ids),
                    Err(Reported) => self.recover(),
                }
            }
            self.unnest();
            self.expect("}", "")?;
        }
        let decl = self.push_decl(
            DeclKind::Record(RecordDecl {
                kind,
                template,
                name,
                bases,
                members,
            }),
            start,
        );
        let ty = self.ast.push_type(TypeExpr {
            kind: TypeExprKind::Record(decl),
            quals,
            span: self.span_from(start),
        });
        Ok((decl, ty))
    }

    /// Declarators after the specifiers: variables (`a = 1, b[2]`), or one function.
    fn declarators(&mut self, spec: Specifiers, ctx: Context) -> PResult<Vec<DeclId>> {
        let mut ids = Vec::new();
        loop {
            let dstart = if ids.is_empty() { spec.start } else { self.pos };
            let name = if self.is_word("operator") {
                self.operator_name()?
            } else if ctx == Context::Member && self.is(":") {
                // An unnamed bit-field (`int : 4;`) pads; it is named by its `:`, which no
                // name lookup can meet.
                Path {
                    parts: vec![Name {
                        sym: self.toks[self.pos].sym,
                        tok: self.pos as u32,
                    }],
                    global: false,
                }
            } else {
                self.path()?
            };
            if self.is("(") {
                if ids.is_empty() {
                    return self.function(spec, name).map(|d| vec![d]);
                }
                return Err(self.error("expected ';' at end of declaration"));
            }
            let ty = self.array_suffixes(spec.ty, dstart)?;
            let annotations = self.annotations()?;
            let init = if self.eat("=") {
                Some(self.initializer()?)
            } else {
                None
            };
            ids.push(self.push_decl(
                DeclKind::Var(VarDecl {
                    attrs: spec.attrs.clone(),
                    mods: spec.mods,
                    ty,
                    name: name.last(),
                    annotations,
                    init,
                }),
                dstart,
            ));
            if !self.eat(",") {
                break;
            }
        }
        let after = match ctx {
            Context::Member | Context::Buffer => "at end of declaration list",
            _ => "at end of declaration",
        };
        if !self.eat(";") {
            let at = self.pos.saturating_sub(1);
            return Err(self.error_at(at, format!("expected ';' {after}")));
        }
        Ok(ids)
    }

    /// `operator+`, `operator[]`, `operator()`, `operator==`: the name is the `operator` token,
    /// the operator's tokens follow it in the span.
    fn operator_name(&mut self) -> PResult<Path> {
        let tok = self.bump();
        if self.eat("(") {
            self.expect(")", "")?;
        } else if self.eat("[") {
            self.expect("]", "")?;
        } else if self.kind() == Some(TokenKind::Punct) {
            self.bump();
        } else {
            return Err(self.error("expected an operator after 'operator'"));
        }
        Ok(Path {
            parts: vec![Name {
                sym: self.toks[tok].sym,
                tok: tok as u32,
            }],
            global: false,
        })
    }

    /// `= e` or `= { ... }`.
    fn initializer(&mut self) -> PResult<crate::ast::ExprId> {
        if self.is("{") {
            self.init_list()
        } else {
            self.assignment_expr()
        }
    }

    /// A function after its name.
    fn function(&mut self, spec: Specifiers, name: Path) -> PResult<DeclId> {
        self.expect("(", "")?;
        let mut params = Vec::new();
        if !(self.is(")") || (self.is_word("void") && self.is_at(1, ")"))) {
            loop {
                params.push(self.parameter()?);
                if !self.eat(",") {
                    break;
                }
            }
        } else {
            self.eat_word("void");
        }
        self.expect(")", "")?;
        // HLSL lets a function return an array: `T f(...)[N]`.
        let ret = if self.is("[") {
            self.array_suffixes(spec.ty, spec.start)?
        } else {
            spec.ty
        };
        // A method's `const`.
        self.eat_word("const");
        let annotations = self.annotations()?;
        let body = if self.is("{") {
            Some(self.block()?)
        } else {
            self.expect(";", "after top level declarator")?;
            None
        };
        Ok(self.push_decl(
            DeclKind::Function(FunctionDecl {
                attrs: spec.attrs,
                mods: spec.mods,
                template: spec.template,
                ret,
                name,
                params,
                annotations,
                body,
            }),
            spec.start,
        ))
    }

    fn parameter(&mut self) -> PResult<DeclId> {
        let start = self.pos;
        let attrs = self.attributes()?;
        let mut mods = Modifiers::default();
        let mut quals = TypeQuals::default();
        self.modifiers(&mut mods, &mut quals);
        let ty = self.type_specifier(quals)?;
        // An unnamed parameter is allowed in a declaration.
        let name = if self.kind() == Some(TokenKind::Ident) {
            self.ident("parameter name")?
        } else {
            Name {
                sym: self.toks[start].sym,
                tok: start as u32,
            }
        };
        let ty = self.array_suffixes(ty, start)?;
        let annotations = self.annotations()?;
        let init = if self.eat("=") {
            Some(self.assignment_expr()?)
        } else {
            None
        };
        Ok(self.push_decl(
            DeclKind::Var(VarDecl {
                attrs,
                mods,
                ty,
                name,
                annotations,
                init,
            }),
            start,
        ))
    }

    fn buffer(&mut self) -> PResult<DeclId> {
        let start = self.pos;
        let tbuffer = self.text() == "tbuffer";
        self.bump();
        let name = self.ident("cbuffer name")?;
        let annotations = self.annotations()?;
        let members = self.braced_declarations(Context::Buffer)?;
        self.eat(";");
        Ok(self.push_decl(
            DeclKind::Buffer {
                tbuffer,
                name,
                annotations,
                members,
            },
            start,
        ))
    }

    fn typedef(&mut self, template: Option<Vec<TemplateParam>>) -> PResult<Vec<DeclId>> {
        let start = self.pos;
        self.bump();
        let mut ids = Vec::new();
        let base = if (self.is_word("struct") || self.is_word("class"))
            && (self.is_at(1, "{") || self.is_at(2, "{") || self.is_at(2, ":"))
        {
            let rstart = self.pos;
            let (decl, ty) = self.record(rstart)?;
            ids.push(decl);
            ty
        } else {
            self.type_name()?
        };
        loop {
            let name = self.ident("typedef name")?;
            let ty = self.array_suffixes(base, start)?;
            self.declare_type(name.sym);
            ids.push(self.push_decl(
                DeclKind::Typedef {
                    template: template.clone(),
                    ty,
                    name,
                },
                start,
            ));
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";", "after typedef")?;
        Ok(ids)
    }

    /// `using N = T;` (after an optional template header).
    fn using(&mut self, template: Option<Vec<TemplateParam>>) -> PResult<Vec<DeclId>> {
        let start = self.pos;
        self.bump();
        if self.eat_word("namespace") || !self.is_at(1, "=") {
            let namespace = self.text_at_prev_is_namespace();
            let path = self.path()?;
            self.expect(";", "after using declaration")?;
            if !namespace {
                self.declare_type(path.last().sym);
            }
            return Ok(vec![
                self.push_decl(DeclKind::Using { path, namespace }, start)
            ]);
        }
        let name = self.ident("alias name")?;
        if template.is_some() {
            self.declare_template(name.sym);
        } else {
            self.declare_type(name.sym);
        }
        self.expect("=", "")?;
        let ty = self.type_name()?;
        let ty = self.array_suffixes(ty, start)?;
        self.expect(";", "after alias declaration")?;
        Ok(vec![self.push_decl(
            DeclKind::Typedef { template, ty, name },
            start,
        )])
    }

    /// Whether the token before the current one is `namespace` (in `using namespace n`).
    fn text_at_prev_is_namespace(&self) -> bool {
        self.pos > 0 && self.text_at_index(self.pos - 1) == "namespace"
    }

    /// `{ declarations }` in `ctx` (a `cbuffer`'s or a namespace's); a declaration that
    /// fails is reported and skipped.
    fn braced_declarations(&mut self, ctx: Context) -> PResult<Vec<DeclId>> {
        self.expect("{", "")?;
        self.nest()?;
        let mut ids = Vec::new();
        while !self.is("}") && !self.at_end() && !self.stop {
            match self.declaration(ctx) {
                Ok(d) => ids.extend(d),
                Err(Reported) => self.recover(),
            }
        }
        self.unnest();
        self.expect("}", "")?;
        Ok(ids)
    }

    fn namespace(&mut self) -> PResult<DeclId> {
        let start = self.pos;
        self.bump();
        let name = self.ident("namespace name")?;
        let items = self.braced_declarations(Context::Top)?;
        Ok(self.push_decl(DeclKind::Namespace { name, items }, start))
    }

    fn enumeration(&mut self) -> PResult<DeclId> {
        let start = self.pos;
        self.bump();
        let scoped = self.eat_word("class") || self.eat_word("struct");
        let name = if self.kind() == Some(TokenKind::Ident) {
            let n = self.ident("enum name")?;
            self.declare_type(n.sym);
            Some(n)
        } else {
            None
        };
        let base = if self.eat(":") {
            Some(self.type_name()?)
        } else {
            None
        };
        self.expect("{", "")?;
        let mut variants = Vec::new();
        while !self.is("}") && !self.at_end() {
            let n = self.ident("enumerator name")?;
            let v = if self.eat("=") {
                Some(self.conditional_expr()?)
            } else {
                None
            };
            variants.push((n, v));
            if !self.eat(",") {
                break;
            }
        }
        self.expect("}", "")?;
        Ok(self.push_decl(
            DeclKind::Enum {
                scoped,
                name,
                base,
                variants,
            },
            start,
        ))
    }
}
