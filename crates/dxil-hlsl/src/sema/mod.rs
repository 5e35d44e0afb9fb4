//! Semantic analysis, first layer: every written type resolved to a [`Ty`] (built-in names,
//! structs, typedefs, enums, namespaces, template parameters, array lengths and template
//! arguments evaluated as constants), with clang's messages for what does not name a type.
//!
//! ```
//! use dxil_hlsl::pp::{preprocess, MemoryLoader, Options};
//!
//! let src = "struct S { float2 a[3]; };\nstatic const uint N = 2 * 2;\nRWStructuredBuffer<S> b[N];\n";
//! let pp = preprocess("a.hlsl", src, &Options::default(), &mut MemoryLoader::default());
//! let parsed = dxil_hlsl::parse::parse(&pp);
//! let a = dxil_hlsl::sema::analyze(&parsed);
//! assert!(!a.diagnostics.has_errors(), "{}", a.diagnostics.render(&pp.sources));
//! assert_eq!(a.structs.len(), 1);
//! ```

mod builtins;
mod consts;
pub mod intrinsics;
pub mod ty;

use std::collections::HashMap;

use crate::ast::{
    Annotation, Ast, DeclId, DeclKind, ExprKind, Path, StmtId, StmtKind, TemplateArg, TypeExprKind,
    TypeId,
};
use crate::diag::{Diagnostic, Diagnostics};
use crate::parse::Parsed;
use crate::pp::token::{Interner, Sym};
pub use ty::{Object, Scalar, Ty, TyId, Types};

/// A struct or class: its fields' names and types.
#[derive(Clone, Debug)]
pub struct StructInfo {
    /// Name (`None` when anonymous).
    pub name: Option<Sym>,
    /// The declaration.
    pub decl: DeclId,
    /// Base types.
    pub bases: Vec<TyId>,
    /// Fields in order.
    pub fields: Vec<(Sym, TyId)>,
}

/// An enum: its enumerators' values.
#[derive(Clone, Debug)]
pub struct EnumInfo {
    /// Name (`None` when anonymous).
    pub name: Option<Sym>,
    /// The declaration.
    pub decl: DeclId,
    /// Enumerators and their values.
    pub values: Vec<(Sym, i64)>,
}

/// What the analysis found.
#[derive(Clone, Debug, Default)]
pub struct Analysis {
    /// Every type made.
    pub types: Types,
    /// Structs, by the index in [`Ty::Struct`].
    pub structs: Vec<StructInfo>,
    /// Enums, by the index in [`Ty::Enum`].
    pub enums: Vec<EnumInfo>,
    /// The type of each written type of the tree that resolved.
    pub resolved: HashMap<TypeId, TyId>,
    /// What each name expression of the tree refers to.
    pub names: HashMap<crate::ast::ExprId, Resolution>,
    /// The values of integer `static const` variables.
    pub consts: HashMap<DeclId, i64>,
    /// Errors and warnings.
    pub diagnostics: Diagnostics,
}

impl Analysis {
    /// The value of an integer constant expression of `ast` (literals, enumerators,
    /// `static const` integers, arithmetic).
    pub fn eval_const(&self, ast: &Ast, e: crate::ast::ExprId) -> Option<i64> {
        consts::eval(ast, e, &|x| match self.names.get(&x)? {
            Resolution::Const(v) => Some(*v),
            Resolution::Decl(d) => self.consts.get(d).copied(),
            _ => None,
        })
    }
}

/// What a name stands for in a scope.
#[derive(Clone, Copy, Debug)]
enum Entry {
    Type(TyId),
    /// An integer constant: an enumerator, or a `static const` variable (its declaration).
    Const(i64, Option<DeclId>),
    /// A template value parameter (not yet known).
    ValueParam,
    /// A variable, parameter, field or `cbuffer` member.
    Value(DeclId),
    /// A function or method (its overloads are in `Resolver::functions`).
    Function,
    /// An object HLSL declares (`ResourceDescriptorHeap`).
    Builtin(Sym),
}

/// What a name in an expression refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution {
    /// A variable, parameter, field, `cbuffer` member or `static const`.
    Decl(DeclId),
    /// An enumerator or a template value parameter's value.
    Const(i64),
    /// A template value parameter.
    TemplateValue,
    /// The overloads of a function or method.
    Functions(Vec<DeclId>),
    /// A name that is called and declared nowhere: an intrinsic (`sin`, `WaveActiveSum`), to
    /// be matched against the intrinsic table.
    Intrinsic(Sym),
    /// A type named as a value (`E` of `E::A` when the whole is not found).
    Type(TyId),
    /// An object HLSL declares (`ResourceDescriptorHeap`), or a built-in type's static
    /// method (`dx::HitObject::MakeNop`).
    Builtin(Sym),
}

struct Resolver<'a> {
    ast: &'a Ast,
    int: &'a Interner,
    out: Analysis,
    /// Names by qualified spelling (`ns::S`), at file and namespace scope.
    global: HashMap<String, Entry>,
    /// The namespaces around the current declaration, outermost first.
    ns: Vec<String>,
    /// Block, function and template scopes, innermost last.
    locals: Vec<HashMap<Sym, Entry>>,
    /// The type of each struct declaration.
    records: HashMap<DeclId, TyId>,
    /// The structs around the current declaration (names), outermost first.
    record_path: Vec<String>,
    /// Function overloads by qualified name (`ns::f`, `S::method`).
    functions: HashMap<String, Vec<DeclId>>,
    /// Tokens of each written type, for locations.
    tok_loc: &'a dyn Fn(u32) -> Option<crate::source::Loc>,
    /// `-enable-16bit-types`: `int16_t`, `uint16_t` and `float16_t` exist.
    native16: bool,
}

/// Resolves the types of `parsed`.
pub fn analyze(parsed: &Parsed) -> Analysis {
    analyze_with_locations(parsed, &|_| None)
}

/// [`analyze`], placing diagnostics with `loc` (token index to location).
pub fn analyze_with_locations(
    parsed: &Parsed,
    loc: &dyn Fn(u32) -> Option<crate::source::Loc>,
) -> Analysis {
    analyze_for(parsed, loc, true)
}

/// [`analyze_with_locations`] for a compilation with or without `-enable-16bit-types`
/// (without, the explicitly 16-bit type names do not exist, as in DXC).
pub fn analyze_for(
    parsed: &Parsed,
    loc: &dyn Fn(u32) -> Option<crate::source::Loc>,
    native16: bool,
) -> Analysis {
    let mut r = Resolver {
        native16,
        ast: &parsed.ast,
        int: &parsed.interner,
        out: Analysis::default(),
        global: HashMap::new(),
        ns: Vec::new(),
        locals: Vec::new(),
        records: HashMap::new(),
        functions: HashMap::new(),
        record_path: Vec::new(),
        tok_loc: loc,
    };
    r.predeclare();
    for &d in &parsed.ast.items {
        r.decl(d);
    }
    r.out
}

impl Resolver<'_> {
    /// The names HLSL declares before the shader's first line.
    fn predeclare(&mut self) {
        let uint = self.out.types.intern(Ty::Scalar(Scalar::U32));
        for name in builtins::UINT_TYPEDEFS {
            self.global.insert((*name).to_string(), Entry::Type(uint));
        }
        for (name, value) in builtins::UINT_CONSTANTS {
            self.global
                .insert((*name).to_string(), Entry::Const(*value, None));
        }
        for name in builtins::GLOBAL_OBJECTS {
            if let Some(sym) = self.int.get(name) {
                self.global.insert((*name).to_string(), Entry::Builtin(sym));
            }
        }
    }

    fn error(&mut self, tok: u32, message: String) {
        // As the parser: past the limit, further errors are not reported.
        if self.out.diagnostics.error_count() >= crate::diag::ERROR_LIMIT {
            return;
        }
        let d = match (self.tok_loc)(tok) {
            Some(l) => Diagnostic::error(l, message),
            None => Diagnostic::new(crate::diag::Level::Error, None, message),
        };
        self.out.diagnostics.push(d);
    }

    fn name(&self, s: Sym) -> &str {
        self.int.str(s)
    }

    fn qualified(&self, name: &str) -> String {
        let mut q = self.ns.join("::");
        if !q.is_empty() {
            q.push_str("::");
        }
        q.push_str(name);
        q
    }

    fn define(&mut self, name: Sym, e: Entry) {
        if let Some(scope) = self.locals.last_mut() {
            scope.insert(name, e);
            // Types and constants declared in a struct are also reached from outside as
            // `S::Inner`, `S::K`.
            if matches!(e, Entry::Type(_) | Entry::Const(..)) && !self.record_path.is_empty() {
                let q = format!("{}::{}", self.record_path.join("::"), self.int.str(name));
                let q = self.qualified(&q);
                self.global.insert(q, e);
            }
        } else {
            let q = self.qualified(self.int.str(name));
            self.global.insert(q, e);
        }
    }

    /// Looks a name up: local scopes inside out, then the enclosing namespaces inside out.
    fn lookup(&self, path: &Path) -> Option<Entry> {
        let joined: Vec<&str> = path.parts.iter().map(|n| self.name(n.sym)).collect();
        if path.parts.len() == 1 && !path.global {
            for scope in self.locals.iter().rev() {
                if let Some(&e) = scope.get(&path.parts[0].sym) {
                    return Some(e);
                }
            }
        }
        let tail = joined.join("::");
        if !path.global {
            for depth in (1..=self.ns.len()).rev() {
                let q = format!("{}::{tail}", self.ns[..depth].join("::"));
                if let Some(&e) = self.global.get(&q) {
                    return Some(e);
                }
            }
        }
        self.global.get(&tail).copied()
    }

    fn decl(&mut self, d: DeclId) {
        let ast = self.ast;
        match &ast.decl(d).kind {
            DeclKind::Var(v) => {
                for a in &v.attrs {
                    for &e in &a.args {
                        self.expr(e);
                    }
                }
                let ty = self.resolve(v.ty);
                // The name is in scope from its declarator on (`int a = a;` reads itself).
                self.define(v.name.sym, Entry::Value(d));
                for a in &v.annotations {
                    if let Annotation::BitField(e) = a {
                        self.expr(*e);
                    }
                }
                if let Some(init) = v.init {
                    self.expr(init);
                }
                // A `static const` integer with a constant value is usable in array sizes.
                if let (Some(ty), Some(init)) = (ty, v.init) {
                    let integral = matches!(self.out.types.get(ty), Ty::Scalar(s) if !s.is_float() && s != Scalar::Bool);
                    let constant = v.mods.has(crate::ast::Modifiers::STATIC)
                        || self.ast.ty(v.ty).quals.has(crate::ast::TypeQuals::CONST);
                    if integral && constant {
                        if let Some(value) = self.eval(init) {
                            self.define(v.name.sym, Entry::Const(value, Some(d)));
                            self.out.consts.insert(d, value);
                        }
                    }
                }
            }
            DeclKind::Function(f) => {
                let q = f
                    .name
                    .parts
                    .iter()
                    .map(|n| self.name(n.sym))
                    .collect::<Vec<_>>()
                    .join("::");
                let q = self.qualified(&q);
                self.functions.entry(q).or_default().push(d);
                if f.name.parts.len() == 1 {
                    self.define(f.name.last().sym, Entry::Function);
                }
                for a in &f.attrs {
                    for &e in &a.args {
                        self.expr(e);
                    }
                }
                self.locals.push(HashMap::new());
                // An out-of-line method (`S::f`) sees its struct's members.
                if f.name.parts.len() > 1 {
                    let owner = Path {
                        parts: f.name.parts[..f.name.parts.len() - 1].to_vec(),
                        global: f.name.global,
                    };
                    if let Some(Entry::Type(t)) = self.lookup(&owner) {
                        if let Ty::Struct(i) = self.out.types.get(t) {
                            let decl = self.out.structs[i as usize].decl;
                            self.members_in_scope(decl);
                        }
                    }
                }
                if let Some(params) = &f.template {
                    self.template_params(params);
                }
                self.resolve(f.ret);
                for &p in &f.params {
                    self.decl(p);
                }
                if let Some(body) = f.body {
                    self.stmt(body);
                }
                self.locals.pop();
            }
            DeclKind::Record(rec) => {
                let index = self.out.structs.len() as u32;
                let ty = self.out.types.intern(Ty::Struct(index));
                self.records.insert(d, ty);
                self.out.structs.push(StructInfo {
                    name: rec.name.map(|n| n.sym),
                    decl: d,
                    bases: Vec::new(),
                    fields: Vec::new(),
                });
                if let Some(n) = rec.name {
                    self.define(n.sym, Entry::Type(ty));
                }
                self.locals.push(HashMap::new());
                if let Some(params) = &rec.template {
                    self.template_params(params);
                }
                let bases: Vec<TyId> = rec.bases.iter().filter_map(|&b| self.resolve(b)).collect();
                for &b in &bases {
                    if let Ty::Struct(i) = self.out.types.get(b) {
                        let decl = self.out.structs[i as usize].decl;
                        self.members_in_scope(decl);
                    }
                }
                // Methods see every member, declared before or after them.
                self.members_in_scope(d);
                let mut fields = Vec::new();
                let named = rec.name.map(|n| self.name(n.sym).to_string());
                if let Some(n) = &named {
                    self.record_path.push(n.clone());
                }
                for &m in &rec.members {
                    self.decl(m);
                    if let DeclKind::Var(v) = &ast.decl(m).kind {
                        if let Some(&t) = self.out.resolved.get(&v.ty) {
                            if !v.mods.has(crate::ast::Modifiers::STATIC) {
                                fields.push((v.name.sym, t));
                            }
                        }
                    }
                }
                if named.is_some() {
                    self.record_path.pop();
                }
                self.locals.pop();
                let info = &mut self.out.structs[index as usize];
                info.bases = bases;
                info.fields = fields;
            }
            DeclKind::Buffer { members, .. } => {
                for &m in members {
                    self.decl(m);
                }
            }
            DeclKind::Typedef { template, ty, name } => {
                self.locals.push(HashMap::new());
                if let Some(params) = template {
                    self.template_params(params);
                }
                let t = self.resolve(*ty);
                self.locals.pop();
                if let Some(t) = t {
                    self.define(name.sym, Entry::Type(t));
                }
            }
            DeclKind::Namespace { name, items } => {
                let n = self.name(name.sym).to_string();
                self.ns.push(n);
                for &i in items {
                    self.decl(i);
                }
                self.ns.pop();
            }
            DeclKind::Enum {
                name,
                base,
                variants,
                scoped,
            } => {
                if let Some(b) = base {
                    self.resolve(*b);
                }
                let index = self.out.enums.len() as u32;
                let ty = self.out.types.intern(Ty::Enum(index));
                if let Some(n) = name {
                    self.define(n.sym, Entry::Type(ty));
                }
                let mut values = Vec::new();
                let mut next = 0i64;
                for (n, v) in variants {
                    let value = match v {
                        Some(e) => self.eval(*e).unwrap_or_else(|| {
                            let tok = self.ast.expr(*e).span.start;
                            self.error(
                                tok,
                                "expression is not an integral constant expression".into(),
                            );
                            next
                        }),
                        None => next,
                    };
                    next = value.wrapping_add(1);
                    values.push((n.sym, value));
                    // Unscoped enumerators are names of the enclosing scope; scoped ones
                    // are reached as `E::A`.
                    if *scoped {
                        if let Some(en) = name {
                            let q = self.qualified(&format!(
                                "{}::{}",
                                self.name(en.sym),
                                self.name(n.sym)
                            ));
                            self.global.insert(q, Entry::Const(value, None));
                        }
                    } else {
                        self.define(n.sym, Entry::Const(value, None));
                        if let Some(en) = name {
                            let q = self.qualified(&format!(
                                "{}::{}",
                                self.name(en.sym),
                                self.name(n.sym)
                            ));
                            self.global.insert(q, Entry::Const(value, None));
                        }
                    }
                }
                self.out.enums.push(EnumInfo {
                    name: name.map(|n| n.sym),
                    decl: d,
                    values,
                });
            }
            DeclKind::Using { path, namespace } => {
                if !namespace {
                    if let Some(e) = self.lookup(path) {
                        self.define(path.last().sym, e);
                    }
                }
            }
            DeclKind::Pragma | DeclKind::Empty => {}
        }
    }

    /// Puts the fields and methods of the struct declared by `decl` (and its bases') in the
    /// innermost scope.
    fn members_in_scope(&mut self, decl: DeclId) {
        let ast = self.ast;
        let DeclKind::Record(rec) = &ast.decl(decl).kind else {
            return;
        };
        for &m in &rec.members {
            match &ast.decl(m).kind {
                DeclKind::Var(v) => self.define(v.name.sym, Entry::Value(m)),
                DeclKind::Function(f) => {
                    let owner = rec
                        .name
                        .map_or(String::new(), |n| self.name(n.sym).to_string());
                    let q = self.qualified(&format!("{owner}::{}", self.name(f.name.last().sym)));
                    let list = self.functions.entry(q).or_default();
                    if !list.contains(&m) {
                        list.push(m);
                    }
                    self.define(f.name.last().sym, Entry::Function);
                }
                _ => {}
            }
        }
    }

    fn template_params(&mut self, params: &[crate::ast::TemplateParam]) {
        for p in params {
            match p.value_ty {
                None => {
                    let t = self.out.types.intern(Ty::Param(p.name.sym));
                    self.define(p.name.sym, Entry::Type(t));
                }
                Some(vt) => {
                    self.resolve(vt);
                    self.define(p.name.sym, Entry::ValueParam);
                }
            }
        }
    }

    fn stmt(&mut self, s: StmtId) {
        let ast = self.ast;
        let st = ast.stmt(s);
        for a in &st.attrs {
            for &e in &a.args {
                self.expr(e);
            }
        }
        match &st.kind {
            StmtKind::Block(list) => {
                self.locals.push(HashMap::new());
                for &x in list {
                    self.stmt(x);
                }
                self.locals.pop();
            }
            StmtKind::Decl(ids) => {
                for &d in ids {
                    self.decl(d);
                }
            }
            StmtKind::Expr(e) | StmtKind::Case(e) => self.expr(*e),
            StmtKind::Return(e) => {
                if let Some(e) = e {
                    self.expr(*e);
                }
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                self.expr(*cond);
                self.stmt(*then);
                if let Some(o) = otherwise {
                    self.stmt(*o);
                }
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                self.locals.push(HashMap::new());
                if let Some(i) = init {
                    self.stmt(*i);
                }
                for e in [cond, step].into_iter().flatten() {
                    self.expr(*e);
                }
                self.stmt(*body);
                self.locals.pop();
            }
            StmtKind::While { cond, body } | StmtKind::DoWhile { body, cond } => {
                self.expr(*cond);
                self.stmt(*body);
            }
            StmtKind::Switch { cond, body } => {
                self.expr(*cond);
                self.stmt(*body);
            }
            StmtKind::Default
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Discard
            | StmtKind::Empty => {}
        }
    }

    /// Resolves the types written inside an expression (casts, constructors, template
    /// arguments, `sizeof`).
    fn expr(&mut self, e: crate::ast::ExprId) {
        let ast = self.ast;
        match &ast.expr(e).kind {
            ExprKind::Cast { ty, operand } => {
                self.resolve(*ty);
                self.expr(*operand);
            }
            ExprKind::Construct { ty, args } => {
                self.resolve(*ty);
                for &a in args {
                    self.expr(a);
                }
            }
            ExprKind::SizeOf(arg) => match arg {
                TemplateArg::Type(t) => {
                    self.resolve(*t);
                }
                TemplateArg::Expr(x) => self.expr(*x),
            },
            ExprKind::Call {
                callee,
                template_args,
                args,
            } => {
                match &ast.expr(*callee).kind {
                    ExprKind::Name(p) => self.name_expr(*callee, p, true),
                    _ => self.expr(*callee),
                }
                for a in template_args.iter().flatten() {
                    match a {
                        TemplateArg::Type(t) => {
                            self.resolve(*t);
                        }
                        TemplateArg::Expr(x) => self.expr(*x),
                    }
                }
                for &a in args {
                    self.expr(a);
                }
            }
            ExprKind::Unary { operand, .. } => self.expr(*operand),
            ExprKind::Binary { lhs, rhs, .. } | ExprKind::Assign { lhs, rhs, .. } => {
                self.expr(*lhs);
                self.expr(*rhs);
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                self.expr(*cond);
                self.expr(*then);
                self.expr(*otherwise);
            }
            ExprKind::Member { base, .. } => self.expr(*base),
            ExprKind::Index { base, index } => {
                self.expr(*base);
                self.expr(*index);
            }
            ExprKind::InitList(items) => {
                for &i in items {
                    self.expr(i);
                }
            }
            ExprKind::Name(p) => self.name_expr(e, p, false),
            ExprKind::Int { .. } | ExprKind::Float(_) | ExprKind::Bool(_) | ExprKind::Str(_) => {}
        }
    }

    /// Resolves a name in an expression; `called`: it is a call's callee (an undeclared
    /// name is then an intrinsic's).
    fn name_expr(&mut self, e: crate::ast::ExprId, p: &Path, called: bool) {
        let r = match self.lookup(p) {
            Some(Entry::Value(d)) => Resolution::Decl(d),
            Some(Entry::Const(_, Some(d))) => Resolution::Decl(d),
            Some(Entry::Const(v, None)) => Resolution::Const(v),
            Some(Entry::ValueParam) => Resolution::TemplateValue,
            Some(Entry::Type(t)) => Resolution::Type(t),
            Some(Entry::Builtin(sym)) => Resolution::Builtin(sym),
            Some(Entry::Function) | None if self.function_overloads(p).is_some() => {
                Resolution::Functions(self.function_overloads(p).unwrap_or_default())
            }
            _ if called && p.parts.len() == 1 => Resolution::Intrinsic(p.last().sym),
            // DXC's own namespace of intrinsics: `dx::MaybeReorderThread(...)`.
            _ if called && p.parts.len() == 2 && self.name(p.parts[0].sym) == "dx" => {
                Resolution::Intrinsic(p.last().sym)
            }
            // A static member of a struct: `S::count`.
            _ if p.parts.len() >= 2 && self.static_member(p).is_some() => {
                Resolution::Decl(self.static_member(p).unwrap_or_else(|| unreachable!()))
            }
            // A built-in type's static method: `dx::HitObject::MakeMiss(...)`.
            _ if called
                && p.parts.len() >= 2
                && crate::parse::names::is_builtin_type(
                    self.name(p.parts[p.parts.len() - 2].sym),
                ) =>
            {
                Resolution::Builtin(p.last().sym)
            }
            _ if self.name(p.last().sym) == "this" => return,
            _ => {
                let name = p
                    .parts
                    .iter()
                    .map(|n| self.name(n.sym))
                    .collect::<Vec<_>>()
                    .join("::");
                self.error(
                    p.last().tok,
                    format!("use of undeclared identifier '{name}'"),
                );
                return;
            }
        };
        self.out.names.insert(e, r);
    }

    /// The member declaration `S::m` names (`p` with a struct before its last part).
    fn static_member(&self, p: &Path) -> Option<DeclId> {
        let owner = Path {
            parts: p.parts[..p.parts.len() - 1].to_vec(),
            global: p.global,
        };
        let Some(Entry::Type(t)) = self.lookup(&owner) else {
            return None;
        };
        let Ty::Struct(i) = self.out.types.get(t) else {
            return None;
        };
        let DeclKind::Record(rec) = &self.ast.decl(self.out.structs[i as usize].decl).kind else {
            return None;
        };
        let want = p.last().sym;
        rec.members
            .iter()
            .copied()
            .find(|&m| match &self.ast.decl(m).kind {
                DeclKind::Var(v) => v.name.sym == want,
                _ => false,
            })
    }

    /// The overloads of the function `p` names, searched like other names.
    fn function_overloads(&self, p: &Path) -> Option<Vec<DeclId>> {
        let tail = p
            .parts
            .iter()
            .map(|n| self.name(n.sym))
            .collect::<Vec<_>>()
            .join("::");
        if !p.global {
            for depth in (0..=self.ns.len()).rev() {
                let q = if depth == 0 {
                    tail.clone()
                } else {
                    format!("{}::{tail}", self.ns[..depth].join("::"))
                };
                if let Some(list) = self.functions.get(&q) {
                    return Some(list.clone());
                }
            }
            // A method called inside its struct: `Entry::Function` was found in a scope.
            let suffix = format!("::{tail}");
            let mut found: Vec<DeclId> = self
                .functions
                .iter()
                .filter(|(k, _)| k.ends_with(&suffix))
                .flat_map(|(_, v)| v.iter().copied())
                .collect();
            if !found.is_empty() {
                found.sort();
                return Some(found);
            }
            return None;
        }
        self.functions.get(&tail).cloned()
    }

    /// The type written at `t`, or `None` after an error.
    fn resolve(&mut self, t: TypeId) -> Option<TyId> {
        let r = self.resolve_inner(t);
        if let Some(ty) = r {
            self.out.resolved.insert(t, ty);
        }
        r
    }

    fn resolve_inner(&mut self, t: TypeId) -> Option<TyId> {
        let ast = self.ast;
        let te = ast.ty(t);
        match &te.kind {
            TypeExprKind::Record(d) => self.records.get(d).copied(),
            TypeExprKind::CInt { unsigned, of } => {
                let base = match of {
                    None => Ty::Scalar(Scalar::I32),
                    Some(o) => {
                        let id = self.resolve(*o)?;
                        self.out.types.get(id)
                    }
                };
                let flip = |s: Scalar| match (s, unsigned) {
                    (Scalar::I32 | Scalar::U32, true) => Scalar::U32,
                    (Scalar::I32 | Scalar::U32, false) => Scalar::I32,
                    (Scalar::I16 | Scalar::U16, true) => Scalar::U16,
                    (Scalar::I16 | Scalar::U16, false) => Scalar::I16,
                    (Scalar::I64 | Scalar::U64, true) => Scalar::U64,
                    (Scalar::I64 | Scalar::U64, false) => Scalar::I64,
                    (s, _) => s,
                };
                let ty = match base {
                    Ty::Scalar(s) => Ty::Scalar(flip(s)),
                    Ty::Vector(s, n) => Ty::Vector(flip(s), n),
                    Ty::Matrix(s, r, c) => Ty::Matrix(flip(s), r, c),
                    other => other,
                };
                Some(self.out.types.intern(ty))
            }
            TypeExprKind::Array { elem, len } => {
                let e = self.resolve(*elem)?;
                let ty = match len {
                    None => Ty::UnsizedArray(e),
                    Some(l) => {
                        self.expr(*l);
                        match self.eval(*l) {
                            Some(n) if n > 0 && n <= i64::from(u32::MAX) => Ty::Array(e, n as u32),
                            Some(_) => {
                                let tok = ast.expr(*l).span.start;
                                self.error(tok, "array dimension must be positive".into());
                                return None;
                            }
                            // A size from a template value parameter is known at
                            // instantiation.
                            None if self.mentions_value_param(*l) => Ty::UnsizedArray(e),
                            None => {
                                let tok = ast.expr(*l).span.start;
                                self.error(
                                    tok,
                                    "array dimension is not an integer constant expression".into(),
                                );
                                return None;
                            }
                        }
                    }
                };
                Some(self.out.types.intern(ty))
            }
            TypeExprKind::Named { path, args } => {
                let last = self.name(path.last().sym).to_string();
                if let Some(e) = self.lookup(path) {
                    return match e {
                        Entry::Type(ty) => {
                            if let Some(args) = args {
                                self.template_arg_types(args);
                            }
                            Some(ty)
                        }
                        Entry::Const(..)
                        | Entry::ValueParam
                        | Entry::Value(_)
                        | Entry::Function
                        | Entry::Builtin(_) => {
                            self.error(path.last().tok, format!("'{last}' does not name a type"));
                            None
                        }
                    };
                }
                let builtin_path = path.parts.len() == 1
                    || (path.parts.len() == 2 && self.name(path.parts[0].sym) == "dx");
                let sixteen = ["int16_t", "uint16_t", "float16_t"].iter().any(|p| {
                    last.strip_prefix(p)
                        .is_some_and(|t| t.chars().all(|c| c.is_ascii_digit() || c == 'x'))
                });
                if builtin_path && sixteen && !self.native16 {
                    self.error(path.last().tok, format!("unknown type name '{last}'"));
                    return None;
                }
                if builtin_path && crate::parse::names::is_builtin_type(&last) {
                    return self.builtin(path.last().sym, &last, args.as_deref(), path.last().tok);
                }
                self.error(path.last().tok, format!("unknown type name '{last}'"));
                None
            }
        }
    }

    fn template_arg_types(
        &mut self,
        args: &[TemplateArg],
    ) -> Vec<Option<Result<TyId, Option<i64>>>> {
        args.iter()
            .map(|a| match a {
                TemplateArg::Type(t) => self.resolve(*t).map(Ok),
                TemplateArg::Expr(e) => {
                    self.expr(*e);
                    Some(Err(self.eval(*e)))
                }
            })
            .collect()
    }

    /// A built-in type with its template arguments.
    fn builtin(
        &mut self,
        sym: Sym,
        name: &str,
        args: Option<&[TemplateArg]>,
        tok: u32,
    ) -> Option<TyId> {
        let args = args.map(|a| self.template_arg_types(a)).unwrap_or_default();
        let scalar_of =
            |r: &Resolver<'_>, a: Option<&Option<Result<TyId, Option<i64>>>>| -> Option<Scalar> {
                match a? {
                    Some(Ok(t)) => match r.out.types.get(*t) {
                        Ty::Scalar(s) => Some(s),
                        _ => None,
                    },
                    _ => None,
                }
            };
        let count = |a: Option<&Option<Result<TyId, Option<i64>>>>| -> Option<i64> {
            match a? {
                Some(Err(v)) => *v,
                _ => None,
            }
        };
        match name {
            "vector" if !args.is_empty() => {
                let s = scalar_of(self, args.first());
                let n = count(args.get(1));
                match (s, n) {
                    (Some(s), Some(n)) if (1..=1024).contains(&n) => {
                        Some(self.out.types.intern(Ty::Vector(s, n as u16)))
                    }
                    // Template parameters: known at instantiation.
                    _ if args
                        .iter()
                        .any(|a| a.is_none() || matches!(a, Some(Err(None))))
                        || s.is_none() =>
                    {
                        Some(self.out.types.intern(Ty::Param(sym)))
                    }
                    _ => {
                        self.error(tok, "invalid vector element count".into());
                        None
                    }
                }
            }
            "matrix" if !args.is_empty() => {
                let s = scalar_of(self, args.first());
                match (s, count(args.get(1)), count(args.get(2))) {
                    (Some(s), Some(r), Some(c)) if (1..=4).contains(&r) && (1..=4).contains(&c) => {
                        Some(self.out.types.intern(Ty::Matrix(s, r as u8, c as u8)))
                    }
                    _ => Some(self.out.types.intern(Ty::Param(sym))),
                }
            }
            _ => {
                if let Some(t) = ty::builtin_numeric(name) {
                    return Some(self.out.types.intern(t));
                }
                let elem = match args.first() {
                    Some(Some(Ok(t))) => Some(*t),
                    _ => None,
                };
                let mut consts = [None, None];
                for (i, a) in args.iter().skip(1).take(2).enumerate() {
                    if let Some(Err(v)) = a {
                        consts[i] = *v;
                    }
                }
                // Typed buffers and textures default to `float4` elements.
                let elem = elem.or_else(|| {
                    let defaulted = name.starts_with("Texture")
                        || name.starts_with("RWTexture")
                        || name == "Buffer"
                        || name == "RWBuffer";
                    defaulted.then(|| self.out.types.intern(Ty::Vector(Scalar::F32, 4)))
                });
                Some(self.out.types.intern(Ty::Object(Object {
                    name: sym,
                    elem,
                    consts,
                })))
            }
        }
    }

    fn mentions_value_param(&self, e: crate::ast::ExprId) -> bool {
        match &self.ast.expr(e).kind {
            ExprKind::Name(p) => matches!(self.lookup(p), Some(Entry::ValueParam)),
            ExprKind::Call { args, .. } => args.iter().any(|&a| self.mentions_value_param(a)),
            ExprKind::Binary { lhs, rhs, .. } => {
                self.mentions_value_param(*lhs) || self.mentions_value_param(*rhs)
            }
            ExprKind::Unary { operand, .. } | ExprKind::Cast { operand, .. } => {
                self.mentions_value_param(*operand)
            }
            _ => false,
        }
    }

    /// The value of a constant integer expression.
    fn eval(&self, e: crate::ast::ExprId) -> Option<i64> {
        consts::eval(self.ast, e, &|x| match &self.ast.expr(x).kind {
            ExprKind::Name(p) => match self.lookup(p) {
                Some(Entry::Const(v, _)) => Some(v),
                _ => None,
            },
            _ => None,
        })
    }
}
