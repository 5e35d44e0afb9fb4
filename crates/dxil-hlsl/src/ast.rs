//! The syntax tree of an HLSL translation unit, as the parser builds it: declarations,
//! statements, expressions and written types in arenas of their own, referred to by typed
//! ids, every node with the span of tokens it was parsed from. Names are interned spellings
//! ([`Sym`]); meaning (which declaration a name refers to, types of expressions) is the
//! analysis's job, not the tree's.

use crate::pp::token::Sym;

macro_rules! ids {
    ($($(#[$m:meta])* $name:ident;)*) => {$(
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(u32);
        impl $name {
            /// The position in its arena.
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    )*};
}

ids! {
    /// An expression in [`Ast::exprs`].
    ExprId;
    /// A statement in [`Ast::stmts`].
    StmtId;
    /// A written type in [`Ast::types`].
    TypeId;
    /// A declaration in [`Ast::decls`].
    DeclId;
}

/// Tokens `start..end` of the preprocessed token stream.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Span {
    /// First token.
    pub start: u32,
    /// One past the last token.
    pub end: u32,
}

/// A name as written, with where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Name {
    /// Spelling.
    pub sym: Sym,
    /// Token index.
    pub tok: u32,
}

/// A possibly qualified name: `a::b::c` (one part for a plain name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Path {
    /// The parts, outermost first; `global` when it started with `::`.
    pub parts: Vec<Name>,
    /// Written with a leading `::`.
    pub global: bool,
}

impl Path {
    /// The last part.
    pub fn last(&self) -> Name {
        self.parts[self.parts.len() - 1]
    }
}

/// An attribute: `[numthreads(8, 8, 1)]`, `[unroll]`, `[[vk::binding(0)]]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Attribute {
    /// Name (with its namespace for `[[ns::name]]`).
    pub name: Path,
    /// Arguments.
    pub args: Vec<ExprId>,
    /// Where.
    pub span: Span,
}

/// Type qualifiers and modifiers written with a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct TypeQuals(pub u16);

impl TypeQuals {
    /// `const`.
    pub const CONST: u16 = 1;
    /// `row_major`.
    pub const ROW_MAJOR: u16 = 2;
    /// `column_major`.
    pub const COLUMN_MAJOR: u16 = 4;
    /// `snorm`.
    pub const SNORM: u16 = 8;
    /// `unorm`.
    pub const UNORM: u16 = 16;
    /// `volatile`.
    pub const VOLATILE: u16 = 32;
    /// Whether `q` is set.
    pub fn has(self, q: u16) -> bool {
        self.0 & q != 0
    }
}

/// A written type.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeExprKind {
    /// A named type with optional template arguments: `float4`, `vector<float, 3>`,
    /// `RWStructuredBuffer<S>`, `ns::S`.
    Named {
        /// The name.
        path: Path,
        /// `<...>` arguments, when written.
        args: Option<Vec<TemplateArg>>,
    },
    /// The struct declared where the type is written (`struct { int a; } x;`).
    Record(DeclId),
    /// C's spellings `unsigned int`, `unsigned`, `signed int`, `signed`: HLSL's `uint`
    /// (`true`) or `int`.
    CInt {
        /// `unsigned`.
        unsigned: bool,
        /// The type it modifies (`unsigned int2`), when not `int` alone.
        of: Option<TypeId>,
    },
    /// An array of the element type: `T[len]` (`None`: `T[]`).
    Array {
        /// Element type.
        elem: TypeId,
        /// Length expression.
        len: Option<ExprId>,
    },
}

/// A written type and its qualifiers.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeExpr {
    /// What type.
    pub kind: TypeExprKind,
    /// Qualifiers written with it.
    pub quals: TypeQuals,
    /// Where.
    pub span: Span,
}

/// A template argument.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TemplateArg {
    /// A type.
    Type(TypeId),
    /// A constant expression.
    Expr(ExprId),
}

/// Storage classes and parameter and interpolation modifiers of a declaration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Modifiers(pub u32);

macro_rules! modifiers {
    ($($(#[$m:meta])* $name:ident = $bit:expr, $kw:literal;)*) => {
        impl Modifiers {
            $($(#[$m])* pub const $name: u32 = 1 << $bit;)*
            /// The modifier a keyword spells.
            pub fn from_keyword(kw: &str) -> Option<u32> {
                Some(match kw {
                    $($kw => Self::$name,)*
                    _ => return None,
                })
            }
        }
    };
}

modifiers! {
    /// `static`.
    STATIC = 0, "static";
    /// `groupshared`.
    GROUPSHARED = 1, "groupshared";
    /// `uniform`.
    UNIFORM = 2, "uniform";
    /// `extern`.
    EXTERN = 3, "extern";
    /// `precise`.
    PRECISE = 4, "precise";
    /// `shared`.
    SHARED = 5, "shared";
    /// `in`.
    IN = 6, "in";
    /// `out`.
    OUT = 7, "out";
    /// `inout`.
    INOUT = 8, "inout";
    /// `nointerpolation`.
    NOINTERPOLATION = 9, "nointerpolation";
    /// `linear`.
    LINEAR = 10, "linear";
    /// `centroid`.
    CENTROID = 11, "centroid";
    /// `noperspective`.
    NOPERSPECTIVE = 12, "noperspective";
    /// `sample`.
    SAMPLE = 13, "sample";
    /// `inline`.
    INLINE = 14, "inline";
    /// `export`.
    EXPORT = 15, "export";
    /// `globallycoherent`.
    GLOBALLYCOHERENT = 16, "globallycoherent";
    /// `point` (geometry shader input).
    POINT = 17, "point";
    /// `line`.
    LINE = 18, "line";
    /// `triangle`.
    TRIANGLE = 19, "triangle";
    /// `lineadj`.
    LINEADJ = 20, "lineadj";
    /// `triangleadj`.
    TRIANGLEADJ = 21, "triangleadj";
    /// `vertices` (mesh shader output).
    VERTICES = 22, "vertices";
    /// `primitives`.
    PRIMITIVES = 23, "primitives";
    /// `indices`.
    INDICES = 24, "indices";
    /// `payload`.
    PAYLOAD = 25, "payload";
    /// `reordercoherent`.
    REORDERCOHERENT = 26, "reordercoherent";
}

impl Modifiers {
    /// Whether `m` is set.
    pub fn has(self, m: u32) -> bool {
        self.0 & m != 0
    }
}

/// What follows a declarator's `:`: a semantic, `register(...)` or `packoffset(...)`.
#[derive(Clone, Debug, PartialEq)]
pub enum Annotation {
    /// `: SV_Target0`.
    Semantic(Name),
    /// `: register(t0, space1)` (the optional shader profile first).
    Register {
        /// `register(ps_5_0, ...)`'s profile.
        profile: Option<Name>,
        /// `t0`.
        slot: Name,
        /// `space1`.
        space: Option<Name>,
    },
    /// `: packoffset(c1.y)`.
    PackOffset {
        /// `c1`.
        reg: Name,
        /// `y`.
        component: Option<Name>,
    },
    /// `: 7` on a field: a bit-field's width.
    BitField(ExprId),
    /// `: read(caller, closesthit)` / `: write(...)` on a ray payload field.
    PayloadAccess {
        /// `write` (else `read`).
        write: bool,
        /// The stages named.
        stages: Vec<Name>,
    },
}

/// A variable, field or parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    /// Attributes before it.
    pub attrs: Vec<Attribute>,
    /// Storage and modifiers.
    pub mods: Modifiers,
    /// Type (arrays from the declarator included).
    pub ty: TypeId,
    /// Name.
    pub name: Name,
    /// Semantic, register and packoffset annotations.
    pub annotations: Vec<Annotation>,
    /// Initializer.
    pub init: Option<ExprId>,
}

/// A template parameter: `typename T`, `class T`, `uint N`.
#[derive(Clone, Debug, PartialEq)]
pub struct TemplateParam {
    /// Name.
    pub name: Name,
    /// `None` for a type parameter; the type of a value parameter.
    pub value_ty: Option<TypeId>,
    /// Default.
    pub default: Option<TemplateArg>,
}

/// A function, method or out-of-line method definition.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionDecl {
    /// Attributes (`[numthreads(...)]`, `[shader("compute")]`).
    pub attrs: Vec<Attribute>,
    /// Modifiers (`static`, `inline`, `export`, `precise`).
    pub mods: Modifiers,
    /// `template<...>` parameters.
    pub template: Option<Vec<TemplateParam>>,
    /// Return type.
    pub ret: TypeId,
    /// Name (`S::f` for an out-of-line method).
    pub name: Path,
    /// Parameters.
    pub params: Vec<DeclId>,
    /// The return value's semantic.
    pub annotations: Vec<Annotation>,
    /// The body (`None` for a declaration).
    pub body: Option<StmtId>,
}

/// `struct`, `class` or `interface`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordKind {
    /// `struct`.
    Struct,
    /// `class`.
    Class,
    /// `interface`.
    Interface,
}

/// A struct, class or interface.
#[derive(Clone, Debug, PartialEq)]
pub struct RecordDecl {
    /// Keyword.
    pub kind: RecordKind,
    /// `template<...>` parameters.
    pub template: Option<Vec<TemplateParam>>,
    /// Name (`None` for an anonymous struct).
    pub name: Option<Name>,
    /// Base types.
    pub bases: Vec<TypeId>,
    /// Fields, methods, nested types.
    pub members: Vec<DeclId>,
}

/// A declaration.
#[derive(Clone, Debug, PartialEq)]
pub enum DeclKind {
    /// A variable, field or parameter.
    Var(VarDecl),
    /// A function or method.
    Function(FunctionDecl),
    /// A struct, class or interface.
    Record(RecordDecl),
    /// `cbuffer`/`tbuffer`.
    Buffer {
        /// `tbuffer`.
        tbuffer: bool,
        /// Name.
        name: Name,
        /// `register(...)`.
        annotations: Vec<Annotation>,
        /// Members.
        members: Vec<DeclId>,
    },
    /// `typedef T name;` or `using name = T;`.
    Typedef {
        /// Template parameters of `template<...> using`.
        template: Option<Vec<TemplateParam>>,
        /// The type.
        ty: TypeId,
        /// The new name.
        name: Name,
    },
    /// `namespace n { ... }`.
    Namespace {
        /// Name.
        name: Name,
        /// Contents.
        items: Vec<DeclId>,
    },
    /// `enum` / `enum class`.
    Enum {
        /// `enum class`/`enum struct`.
        scoped: bool,
        /// Name.
        name: Option<Name>,
        /// Underlying type.
        base: Option<TypeId>,
        /// Enumerators and their values.
        variants: Vec<(Name, Option<ExprId>)>,
    },
    /// `using ns::name;` or `using namespace ns;`.
    Using {
        /// What is brought in.
        path: Path,
        /// `using namespace`.
        namespace: bool,
    },
    /// `#pragma` tokens between `Pragma` and `PragmaEnd` (their span).
    Pragma,
    /// A `;` alone.
    Empty,
}

/// A declaration and its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Decl {
    /// What it declares.
    pub kind: DeclKind,
    /// Where.
    pub span: Span,
}

/// A statement.
#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    /// `{ ... }`.
    Block(Vec<StmtId>),
    /// A declaration (one per declarator; a type declared in a function too).
    Decl(Vec<DeclId>),
    /// `e;`.
    Expr(ExprId),
    /// `if (c) t else e`.
    If {
        /// Condition.
        cond: ExprId,
        /// Then branch.
        then: StmtId,
        /// Else branch.
        otherwise: Option<StmtId>,
    },
    /// `for (init; cond; step) body`.
    For {
        /// Init statement.
        init: Option<StmtId>,
        /// Condition.
        cond: Option<ExprId>,
        /// Step.
        step: Option<ExprId>,
        /// Body.
        body: StmtId,
    },
    /// `while (c) body`.
    While {
        /// Condition.
        cond: ExprId,
        /// Body.
        body: StmtId,
    },
    /// `do body while (c);`.
    DoWhile {
        /// Body.
        body: StmtId,
        /// Condition.
        cond: ExprId,
    },
    /// `switch (c) body`.
    Switch {
        /// Selector.
        cond: ExprId,
        /// Body.
        body: StmtId,
    },
    /// `case v:`.
    Case(ExprId),
    /// `default:`.
    Default,
    /// `break;`.
    Break,
    /// `continue;`.
    Continue,
    /// `return e;`.
    Return(Option<ExprId>),
    /// `discard;`.
    Discard,
    /// `;`.
    Empty,
}

/// A statement, its attributes and span.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// What it does.
    pub kind: StmtKind,
    /// `[unroll]`, `[branch]`...
    pub attrs: Vec<Attribute>,
    /// Where.
    pub span: Span,
}

/// Unary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnaryOp {
    /// `-`.
    Neg,
    /// `+`.
    Plus,
    /// `!`.
    Not,
    /// `~`.
    BitNot,
    /// `++x`.
    PreInc,
    /// `--x`.
    PreDec,
    /// `x++`.
    PostInc,
    /// `x--`.
    PostDec,
}

/// Binary operators, including the comma.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinaryOp {
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Rem,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `<<`.
    Shl,
    /// `>>`.
    Shr,
    /// `<`.
    Lt,
    /// `>`.
    Gt,
    /// `<=`.
    Le,
    /// `>=`.
    Ge,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `&`.
    BitAnd,
    /// `^`.
    BitXor,
    /// `|`.
    BitOr,
    /// `&&`.
    And,
    /// `||`.
    Or,
    /// `,`.
    Comma,
}

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub enum ExprKind {
    /// An integer literal.
    Int {
        /// Value.
        value: u64,
        /// A `u` suffix.
        unsigned: bool,
        /// An `l` or `ll` suffix.
        long: bool,
    },
    /// A floating literal as written.
    Float(Sym),
    /// `true`/`false`.
    Bool(bool),
    /// A string literal (adjacent ones joined).
    Str(Vec<Sym>),
    /// A name.
    Name(Path),
    /// A unary operation.
    Unary {
        /// Operator.
        op: UnaryOp,
        /// Operand.
        operand: ExprId,
    },
    /// A binary operation.
    Binary {
        /// Operator.
        op: BinaryOp,
        /// Left.
        lhs: ExprId,
        /// Right.
        rhs: ExprId,
    },
    /// `=` or a compound assignment (`op` is `+` for `+=`).
    Assign {
        /// The operation of a compound assignment.
        op: Option<BinaryOp>,
        /// Target.
        lhs: ExprId,
        /// Value.
        rhs: ExprId,
    },
    /// `c ? a : b`.
    Conditional {
        /// Condition.
        cond: ExprId,
        /// When true.
        then: ExprId,
        /// When false.
        otherwise: ExprId,
    },
    /// `(T)e`.
    Cast {
        /// Target type.
        ty: TypeId,
        /// Operand.
        operand: ExprId,
    },
    /// `T(args)`: a vector, matrix or struct constructor, or a functional cast.
    Construct {
        /// The type.
        ty: TypeId,
        /// Arguments.
        args: Vec<ExprId>,
    },
    /// `f(args)`, `obj.m(args)`, `f<T>(args)`.
    Call {
        /// What is called.
        callee: ExprId,
        /// Explicit template arguments.
        template_args: Option<Vec<TemplateArg>>,
        /// Arguments.
        args: Vec<ExprId>,
    },
    /// `e.name`: a field, method or swizzle.
    Member {
        /// The object.
        base: ExprId,
        /// The member.
        name: Name,
    },
    /// `e[i]`.
    Index {
        /// The indexed value.
        base: ExprId,
        /// The index.
        index: ExprId,
    },
    /// `{ a, b, ... }`.
    InitList(Vec<ExprId>),
    /// `sizeof(T)` or `sizeof e`.
    SizeOf(TemplateArg),
}

/// An expression and its span.
#[derive(Clone, Debug, PartialEq)]
pub struct Expr {
    /// What it computes.
    pub kind: ExprKind,
    /// Where.
    pub span: Span,
}

/// A parsed translation unit.
#[derive(Clone, Debug, Default)]
pub struct Ast {
    /// Expressions.
    pub exprs: Vec<Expr>,
    /// Statements.
    pub stmts: Vec<Stmt>,
    /// Written types.
    pub types: Vec<TypeExpr>,
    /// Declarations.
    pub decls: Vec<Decl>,
    /// The top-level declarations, in order.
    pub items: Vec<DeclId>,
}

macro_rules! arena_access {
    ($($field:ident, $id:ident, $node:ident, $get:ident, $push:ident;)*) => {
        impl Ast {
            $(
                /// The node `id`.
                pub fn $get(&self, id: $id) -> &$node {
                    &self.$field[id.index()]
                }

                /// Adds a node.
                pub(crate) fn $push(&mut self, node: $node) -> $id {
                    let id = $id(self.$field.len() as u32);
                    self.$field.push(node);
                    id
                }
            )*
        }
    };
}

arena_access! {
    exprs, ExprId, Expr, expr, push_expr;
    stmts, StmtId, Stmt, stmt, push_stmt;
    types, TypeId, TypeExpr, ty, push_type;
    decls, DeclId, Decl, decl, push_decl;
}
