//! The parser state shared by the module, type, value, function and metadata parsers, and
//! the token helpers.

use std::collections::HashMap;

use dxil_ir::build::{BuildError, ModuleBuilder};
use dxil_ir::{
    Alias, Attribute, Const, ConstData, Function, Global, GlobalValue, Inst, Metadata,
    MetadataData, Module, SecondaryMap, Type, TypeData, ValueRef,
};

use crate::diag::Diagnostic;
use crate::lexer::{unescape, Kind, Tok};

/// Nesting cap for types, constants and metadata written inline.
pub const MAX_DEPTH: u32 = 128;
/// Errors collected before the parser gives up.
pub const MAX_ERRORS: usize = 20;
/// Tag of placeholder ids (forward references resolved at the end of a function or module).
pub const FWD: u32 = 0x8000_0000;

/// A parse error (the message and span go into a [`Diagnostic`]).
pub type PResult<T> = Result<T, Diagnostic>;

/// Attributes written on a function or call, resolved once `attributes #N` groups are known.
#[derive(Clone, Debug, Default)]
pub struct AttrSpec {
    /// Return value attributes.
    pub ret: Vec<Attribute>,
    /// Parameter attributes by position.
    pub params: Vec<Vec<Attribute>>,
    /// Function attributes written inline.
    pub func: Vec<Attribute>,
    /// `#N` groups referenced (with the offset of the reference).
    pub groups: Vec<(u32, usize)>,
}

/// Where an attribute list goes.
#[derive(Clone, Copy, Debug)]
pub enum AttrSite {
    /// A function's list.
    Function(Function),
    /// A call or invoke.
    Inst(Function, Inst),
}

/// A metadata operand of a call or attachment, resolved at the end (function-local value
/// wrappers take ids after the module's metadata).
#[derive(Clone, Copy, Debug)]
pub enum MdUse {
    /// A module-level metadata id (already final).
    Module(Metadata),
    /// Function-local wrapper number `k` of function `f`.
    Local(usize, u32),
}

/// The parser.
pub struct Parser<'s> {
    pub src: &'s str,
    pub toks: Vec<Tok>,
    pub pos: usize,
    /// The module under construction: types, constants, metadata, kinds, attributes and
    /// section names are interned through it.
    pub b: ModuleBuilder,
    pub errors: Vec<Diagnostic>,
    pub depth: u32,
    // types
    pub named_types: HashMap<String, (Type, Option<usize>)>,
    pub numbered_types: HashMap<u32, (Type, Option<usize>)>,
    // global values (from the prescan)
    pub global_names: HashMap<Vec<u8>, GlobalValue>,
    pub global_numbers: HashMap<u32, GlobalValue>,
    pub defined_globals: SecondaryMap<Global, bool>,
    pub defined_functions: SecondaryMap<Function, bool>,
    pub defined_aliases: SecondaryMap<Alias, bool>,
    /// Deferred checks: value, type the text gave it, offset.
    pub global_type_checks: Vec<(ValueRef, Type, usize)>,
    // metadata
    pub md_numbers: HashMap<u32, (Metadata, bool, usize)>,
    /// Metadata kinds by name, with provisional ids in first-use order: the builder numbers
    /// kinds in registration order, which the text fixes only once every attachment list is
    /// seen (`build_kinds` registers them then and renumbers the attachments).
    pub kinds: HashMap<String, u32>,
    /// Kind order constraints seen in attachment lists (earlier, later).
    pub kind_edges: Vec<(u32, u32)>,
    // attributes
    pub attr_groups: HashMap<u32, Vec<Attribute>>,
    pub attr_specs: Vec<(AttrSite, AttrSpec)>,
    /// Function-local metadata per function: (type, value) list.
    pub local_md: Vec<Vec<(Type, ValueRef)>>,
    /// Metadata uses by calls: (function, inst, arg position, use).
    pub md_args: Vec<(Function, Inst, usize, MdUse)>,
    /// `!dbg` references: (function, inst, metadata, offset).
    pub dbg_refs: Vec<(Function, Inst, Metadata, usize)>,
}

impl<'s> Parser<'s> {
    /// A parser over `src`.
    pub fn new(src: &'s str) -> Parser<'s> {
        let toks = crate::lexer::lex(src);
        Parser {
            src,
            toks,
            pos: 0,
            b: ModuleBuilder::new(),
            errors: Vec::new(),
            depth: 0,
            named_types: HashMap::new(),
            numbered_types: HashMap::new(),
            global_names: HashMap::new(),
            global_numbers: HashMap::new(),
            defined_globals: SecondaryMap::new(),
            defined_functions: SecondaryMap::new(),
            defined_aliases: SecondaryMap::new(),
            global_type_checks: Vec::new(),
            md_numbers: HashMap::new(),
            kinds: HashMap::new(),
            kind_edges: Vec::new(),
            attr_groups: HashMap::new(),
            attr_specs: Vec::new(),
            local_md: Vec::new(),
            md_args: Vec::new(),
            dbg_refs: Vec::new(),
        }
    }

    // ---- tokens ----

    pub fn tok(&self) -> Tok {
        self.toks
            .get(self.pos)
            .copied()
            .or_else(|| self.toks.last().copied())
            .unwrap_or(Tok {
                kind: Kind::Eof,
                start: 0,
                end: 0,
                line_start: true,
            })
    }

    pub fn peek(&self, k: usize) -> Tok {
        self.toks
            .get(self.pos + k)
            .copied()
            .unwrap_or_else(|| self.tok_eof())
    }

    fn tok_eof(&self) -> Tok {
        self.toks.last().copied().unwrap_or(Tok {
            kind: Kind::Eof,
            start: 0,
            end: 0,
            line_start: true,
        })
    }

    pub fn kind(&self) -> Kind {
        self.tok().kind
    }

    pub fn bump(&mut self) -> Tok {
        let t = self.tok();
        if self.pos < self.toks.len().saturating_sub(1) {
            self.pos += 1;
        }
        t
    }

    pub fn text(&self, t: Tok) -> &'s str {
        self.src.get(t.start as usize..t.end as usize).unwrap_or("")
    }

    pub fn is_word(&self, w: &str) -> bool {
        let t = self.tok();
        t.kind == Kind::Word && self.text(t) == w
    }

    pub fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn eat(&mut self, k: Kind) -> bool {
        if self.kind() == k {
            self.bump();
            true
        } else {
            false
        }
    }

    pub fn err_at<T>(&self, t: Tok, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic {
            message: msg.into(),
            offset: t.start as usize,
            len: (t.end - t.start).max(1) as usize,
        })
    }

    pub fn err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        let t = self.tok();
        let found = if t.kind == Kind::Eof {
            "end of input".to_string()
        } else {
            format!("`{}`", self.text(t).chars().take(40).collect::<String>())
        };
        self.err_at(t, format!("{}, found {found}", msg.into()))
    }

    pub fn expect(&mut self, k: Kind, what: &str) -> PResult<Tok> {
        if self.kind() == k {
            Ok(self.bump())
        } else {
            self.err(format!("expected {what}"))
        }
    }

    pub fn expect_word(&mut self, w: &str) -> PResult<()> {
        if self.eat_word(w) {
            Ok(())
        } else {
            self.err(format!("expected `{w}`"))
        }
    }

    pub fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("nesting deeper than {MAX_DEPTH} levels"));
        }
        Ok(())
    }

    pub fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// The bytes of a `"..."` (or `c"..."`) token, unescaped.
    pub fn string_value(&self, t: Tok) -> Vec<u8> {
        let s = self.text(t).as_bytes();
        let s = s.strip_prefix(b"c").unwrap_or(s);
        let s = s.strip_suffix(b":").unwrap_or(s);
        let body = s
            .strip_prefix(b"\"")
            .and_then(|b| b.strip_suffix(b"\""))
            .unwrap_or(s);
        unescape(body)
    }

    /// The name of a `%x`/`@x`/`!x`/`$x`/`x:` token (unescaped when quoted).
    pub fn name_of(&self, t: Tok) -> Vec<u8> {
        let s = self.text(t).as_bytes();
        let s = match t.kind {
            Kind::Label => s.strip_suffix(b":").unwrap_or(s),
            _ => s.get(1..).unwrap_or(&[]),
        };
        if s.first() == Some(&b'"') {
            let body = s
                .strip_prefix(b"\"")
                .and_then(|b| b.strip_suffix(b"\""))
                .unwrap_or(s);
            unescape(body)
        } else if t.kind == Kind::MetaVar {
            unescape(s)
        } else {
            s.to_vec()
        }
    }

    /// The number of a `%N`/`@N`/`!N`/`#N`/`N:` token.
    pub fn id_of(&self, t: Tok) -> PResult<u32> {
        let s = self.text(t);
        let digits = s
            .trim_start_matches(['%', '@', '!', '#'])
            .trim_end_matches(':');
        match digits.parse::<u32>() {
            Ok(v) if v < FWD => Ok(v),
            _ => self.err_at(t, "number too large"),
        }
    }

    pub fn parse_u64(&mut self, what: &str) -> PResult<u64> {
        let t = self.tok();
        if t.kind != Kind::Int {
            return self.err(format!("expected {what}"));
        }
        self.bump();
        match self.text(t).parse::<u64>() {
            Ok(v) => Ok(v),
            Err(_) => self.err_at(t, format!("invalid {what}")),
        }
    }

    pub fn parse_u32(&mut self, what: &str) -> PResult<u32> {
        let t = self.tok();
        let v = self.parse_u64(what)?;
        u32::try_from(v).or_else(|_| self.err_at(t, format!("{what} too large")))
    }

    pub fn record(&mut self, d: Diagnostic) {
        if self.errors.len() < MAX_ERRORS {
            self.errors.push(d);
        }
    }

    // ---- arenas ----

    /// The module under construction.
    pub fn m(&self) -> &Module {
        self.b.module()
    }

    /// A builder error as a diagnostic at the current token.
    pub fn build_err<T>(&self, e: BuildError) -> PResult<T> {
        self.err_at(self.tok(), e.to_string())
    }

    /// The type `data` (the builder rejects what LLVM's type system has no place for).
    pub fn intern_type(&mut self, data: TypeData) -> PResult<Type> {
        self.b.ty(data).or_else(|e| self.build_err(e))
    }

    pub fn ty_data(&self, t: Type) -> Option<&TypeData> {
        self.m().types.get(t)
    }

    pub fn pointer_to(&mut self, t: Type, addrspace: u32) -> PResult<Type> {
        self.b.pointer(t, addrspace).or_else(|e| self.build_err(e))
    }

    /// `iN`; the callers have checked the width against LLVM's range.
    pub fn int_type(&mut self, bits: u32) -> Type {
        self.b.int(bits)
    }

    /// The constant `data` (get-or-insert). The global values an operand names may not be
    /// filled yet; `check_globals` checks their uses once they are.
    pub fn intern_const(&mut self, data: ConstData) -> PResult<Const> {
        let before = self.m().constants.len();
        let v = match self.b.constant_filled_later(data.ty, data.kind) {
            Ok(v) => v,
            Err(e) => return self.build_err(e),
        };
        let ValueRef::Const(c) = v.value_ref() else {
            return self.err("internal: a constant that is not a constant");
        };
        // The module constants keep the order the text first names them in: the bitcode
        // writer infers from it whether the producer kept use-list order.
        if self.m().constants.len() > before {
            self.b.entities().module_constants.push(c);
        }
        Ok(c)
    }

    /// A node or DI record written inline (kept apart from equal ones, as the text gave it).
    pub fn push_md(&mut self, data: MetadataData) -> PResult<Metadata> {
        let md = self.b.reserve_md();
        match self.b.define_md(md, data) {
            Ok(()) => Ok(md),
            Err(e) => self.build_err(e),
        }
    }

    pub fn md_string(&mut self, bytes: Vec<u8>) -> Metadata {
        self.b.md_string(&bytes)
    }

    /// A module-level value as metadata; its global value may not be filled yet.
    pub fn md_value(&mut self, ty: Type, value: ValueRef) -> PResult<Metadata> {
        self.b
            .md_value_filled_later(ty, value)
            .or_else(|e| self.build_err(e))
    }

    /// The arena id of `!N` (reserved until its definition is parsed).
    pub fn md_number(&mut self, n: u32, offset: usize) -> Metadata {
        if let Some(&(m, _, _)) = self.md_numbers.get(&n) {
            return m;
        }
        let id = self.b.reserve_md();
        self.md_numbers.insert(n, (id, false, offset));
        id
    }

    pub fn kind_id(&mut self, name: &str) -> u32 {
        if let Some(&k) = self.kinds.get(name) {
            return k;
        }
        let k = self.kinds.len() as u32;
        self.kinds.insert(name.to_string(), k);
        k
    }
}
