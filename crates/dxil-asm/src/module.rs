//! The module level (LangRef "Module Structure"): target lines, type definitions, globals,
//! aliases, function declarations and definitions, attribute groups, metadata definitions.
//! A prescan gives every global value its index first, so references may precede definitions.

use dxil_ir::{
    attr_kind_name, AliasData, ArgData, Attribute, Body, CallingConv, FunctionData, GlobalCommon,
    GlobalValue, GlobalVar, Linkage, Name, SecondaryMap, Type, TypeData, ValueRef,
};

use crate::lexer::Kind;
use crate::parser::{AttrSite, AttrSpec, PResult, Parser};
use crate::values::{FnState, LocalDef, LocalKey};

/// The ATTR_KIND code of an attribute keyword.
pub fn attr_code(w: &str) -> Option<u32> {
    (1..=45).find(|&c| attr_kind_name(c) == Some(w))
}

fn linkage_of(w: &str) -> Option<Linkage> {
    Some(match w {
        "private" => Linkage::Private,
        "internal" => Linkage::Internal,
        "available_externally" => Linkage::AvailableExternally,
        "linkonce" => Linkage::LinkOnceAny,
        "weak" => Linkage::WeakAny,
        "common" => Linkage::Common,
        "appending" => Linkage::Appending,
        "extern_weak" => Linkage::ExternalWeak,
        "linkonce_odr" => Linkage::LinkOnceOdr,
        "weak_odr" => Linkage::WeakOdr,
        "external" => Linkage::External,
        _ => return None,
    })
}

/// What a global value's line gives before its type: the name, the linkage and the keywords
/// after it; [`Prefix::common`] makes the record's shared fields once the type is known.
#[derive(Default)]
struct Prefix {
    name: Option<Name>,
    linkage: u8,
    visibility: u8,
    dll_storage: u8,
    thread_local: u8,
    unnamed_addr: bool,
}

impl Prefix {
    fn common(self, ty: Type) -> GlobalCommon {
        GlobalCommon {
            name: self.name,
            linkage: self.linkage,
            visibility: self.visibility,
            dll_storage: self.dll_storage,
            thread_local: self.thread_local,
            unnamed_addr: self.unnamed_addr,
            ..GlobalCommon::new(ty)
        }
    }
}

impl Parser<'_> {
    /// Gives every global variable, function and alias its index (record order: globals,
    /// functions, aliases, each in text order).
    pub fn prescan(&mut self) {
        let mut depth = 0i64;
        let (mut ng, mut nf, mut na) = (0u32, 0u32, 0u32);
        let mut unnamed = 0u32;
        let mut i = 0;
        let mut pending: Vec<(usize, u8)> = Vec::new();
        while i < self.toks.len() {
            let t = self.toks[i];
            match t.kind {
                Kind::LBrace => depth += 1,
                Kind::RBrace => depth -= 1,
                _ => {}
            }
            // What starts only a top-level entity ends a body left without its `}`; the
            // parser reports that body, and every entity after it is still found.
            if depth > 0 && t.line_start && self.starts_top_level_entity(i) {
                depth = 0;
            }
            if depth == 0 && t.line_start {
                if matches!(t.kind, Kind::GlobalVar | Kind::GlobalId)
                    && self.toks.get(i + 1).map(|x| x.kind) == Some(Kind::Eq)
                {
                    let mut j = i + 2;
                    let mut what = 0u8;
                    while let Some(x) = self.toks.get(j) {
                        if x.line_start || x.kind == Kind::Eof {
                            break;
                        }
                        if x.kind == Kind::Word {
                            match self.text(*x) {
                                "alias" => {
                                    what = 2;
                                    break;
                                }
                                "global" | "constant" => break,
                                _ => {}
                            }
                        }
                        j += 1;
                    }
                    pending.push((i, what));
                } else if t.kind == Kind::Word && matches!(self.text(t), "define" | "declare") {
                    let mut j = i + 1;
                    while let Some(x) = self.toks.get(j) {
                        if matches!(x.kind, Kind::GlobalVar | Kind::GlobalId) {
                            pending.push((j, 1));
                            break;
                        }
                        if x.kind == Kind::Eof || (x.line_start && j > i + 1) {
                            break;
                        }
                        j += 1;
                    }
                }
            }
            i += 1;
        }
        for (ti, what) in pending {
            let t = self.toks[ti];
            // Placeholders, replaced as the definitions are parsed (a definition that fails
            // to parse leaves its placeholder, and the parse reports an error).
            let g = match what {
                0 => {
                    ng += 1;
                    GlobalValue::Global(self.b.reserve_global())
                }
                1 => {
                    nf += 1;
                    GlobalValue::Function(self.b.reserve_function())
                }
                _ => {
                    na += 1;
                    GlobalValue::Alias(self.b.reserve_alias())
                }
            };
            if t.kind == Kind::GlobalId {
                self.global_numbers.entry(unnamed).or_insert(g);
                unnamed += 1;
            } else {
                let name = self.name_of(t);
                self.global_names.entry(name).or_insert(g);
            }
        }
        self.defined_globals = SecondaryMap::filled(ng as usize, false);
        self.defined_functions = SecondaryMap::filled(nf as usize, false);
        self.defined_aliases = SecondaryMap::filled(na as usize, false);
        self.local_md = vec![Vec::new(); nf as usize];
    }

    /// Parses the whole module, recording errors and recovering at the next top-level line.
    pub fn parse_top(&mut self) {
        while self.kind() != Kind::Eof && self.errors.len() < crate::parser::MAX_ERRORS {
            let before = self.pos;
            if let Err(d) = self.parse_entity() {
                self.record(d);
                if self.pos == before {
                    self.bump();
                }
                // Skip to the next line that starts a top-level entity.
                while self.kind() != Kind::Eof && !self.at_top_level_entity() {
                    self.bump();
                }
            }
        }
    }

    /// Whether the current token starts a line with what only a top-level entity starts
    /// with (a global, a metadata definition, `define`, `declare`, `attributes`, `target`):
    /// where recovery resumes, and where a function body missing its `}` is known to end.
    pub(crate) fn at_top_level_entity(&self) -> bool {
        self.starts_top_level_entity(self.pos)
    }

    /// [`Self::at_top_level_entity`] for the token at index `i`.
    fn starts_top_level_entity(&self, i: usize) -> bool {
        let Some(&t) = self.toks.get(i) else {
            return false;
        };
        t.line_start
            && (matches!(
                t.kind,
                Kind::GlobalVar | Kind::GlobalId | Kind::MetaVar | Kind::MetaId
            ) || (t.kind == Kind::Word
                && matches!(self.text(t), "define" | "declare" | "attributes" | "target")))
    }

    fn parse_entity(&mut self) -> PResult<()> {
        let t = self.tok();
        match t.kind {
            Kind::Word => match self.text(t) {
                "target" => {
                    self.bump();
                    let which = self.bump();
                    self.expect(Kind::Eq, "`=`")?;
                    let s = self.expect(Kind::Str, "a string")?;
                    let v = String::from_utf8_lossy(&self.string_value(s)).into_owned();
                    match self.text(which) {
                        "datalayout" => self.b.set_datalayout(&v),
                        "triple" => self.b.set_triple(&v),
                        _ => return self.err_at(which, "expected `datalayout` or `triple`"),
                    }
                    Ok(())
                }
                "module" => {
                    self.bump();
                    self.expect_word("asm")?;
                    let s = self.expect(Kind::Str, "a string")?;
                    let v = String::from_utf8_lossy(&self.string_value(s)).into_owned();
                    // Each `module asm` line adds one line.
                    let mut asm = self.m().asm.clone().unwrap_or_default();
                    if !asm.is_empty() {
                        asm.push('\n');
                    }
                    asm.push_str(&v);
                    self.b.set_asm(&asm);
                    Ok(())
                }
                "declare" | "define" => self.parse_function(),
                "attributes" => self.parse_attribute_group(),
                _ => self.err("expected a top-level entity"),
            },
            Kind::LocalVar | Kind::LocalId => {
                self.bump();
                self.expect(Kind::Eq, "`=`")?;
                self.expect_word("type")?;
                let target = if t.kind == Kind::LocalId {
                    let n = self.id_of(t)?;
                    if self.numbered_types.get(&n).is_some_and(|e| e.1.is_some()) {
                        return self.err_at(t, "type redefined");
                    }
                    self.numbered_struct(n, Some(t.start as usize))
                } else {
                    let name = String::from_utf8_lossy(&self.name_of(t)).into_owned();
                    if self.named_types.get(&name).is_some_and(|e| e.1.is_some()) {
                        return self.err_at(t, "type redefined");
                    }
                    self.named_struct(&name, Some(t.start as usize))
                };
                self.parse_type_definition(target)
            }
            Kind::GlobalVar | Kind::GlobalId => self.parse_global(),
            Kind::MetaVar => self.parse_named_metadata(),
            Kind::MetaId => self.parse_metadata_definition(),
            _ => self.err("expected a top-level entity"),
        }
    }

    fn lookup_global(&self, t: crate::lexer::Tok) -> PResult<GlobalValue> {
        let g = if t.kind == Kind::GlobalId {
            self.global_numbers.get(&self.id_of(t)?).copied()
        } else {
            self.global_names.get(&self.name_of(t)).copied()
        };
        g.ok_or(())
            .or_else(|_| self.err_at(t, "global value not found by the prescan"))
    }

    fn parse_linkage_etc(&mut self, c: &mut Prefix) -> Option<Linkage> {
        let mut linkage = None;
        if let Some(l) = linkage_of(self.text(self.tok())).filter(|_| self.kind() == Kind::Word) {
            self.bump();
            linkage = Some(l);
            c.linkage = l.code();
        }
        loop {
            let w = if self.kind() == Kind::Word {
                self.text(self.tok())
            } else {
                ""
            };
            match w {
                "default" => {}
                "hidden" => c.visibility = 1,
                "protected" => c.visibility = 2,
                "dllimport" => c.dll_storage = 1,
                "dllexport" => c.dll_storage = 2,
                "unnamed_addr" => c.unnamed_addr = true,
                "thread_local" => {
                    self.bump();
                    c.thread_local = 1;
                    if self.kind() == Kind::LParen {
                        self.bump();
                        c.thread_local = match self.text(self.tok()) {
                            "localdynamic" => 2,
                            "initialexec" => 3,
                            "localexec" => 4,
                            _ => 1,
                        };
                        self.bump();
                        let _ = self.eat(Kind::RParen);
                    }
                    continue;
                }
                _ => return linkage,
            }
            self.bump();
        }
    }

    fn parse_global(&mut self) -> PResult<()> {
        let nt = self.bump();
        let g = self.lookup_global(nt)?;
        self.expect(Kind::Eq, "`=`")?;
        let name = (nt.kind == Kind::GlobalVar)
            .then(|| self.b.intern(&String::from_utf8_lossy(&self.name_of(nt))));
        let mut common = Prefix {
            name,
            ..Prefix::default()
        };
        let linkage = self.parse_linkage_etc(&mut common);
        if let GlobalValue::Alias(a) = g {
            self.expect_word("alias")?;
            let mut fs = FnState::default();
            let (ty, aliasee) = if self.kind() == Kind::Word
                && crate::values::cast_op(self.text(self.tok())).is_some()
                || self.is_word("getelementptr")
            {
                // A constant expression carries its own type.
                let t = self.tok();
                let ty = self.peek_ce_type()?;
                let v = self.parse_value(ty, &mut fs)?;
                let _ = t;
                (ty, v)
            } else {
                self.parse_typed_value(&mut fs)?
            };
            if self.defined_aliases.get(a) != Some(&false) {
                return self.err_at(nt, "global value redefined");
            }
            self.defined_aliases[a] = true;
            self.b.entities().aliases[a] = AliasData {
                common: common.common(ty),
                aliasee,
                record_len: 7,
            };
            return Ok(());
        }
        let GlobalValue::Global(gi) = g else {
            return self.err_at(nt, "expected a global variable");
        };
        let mut addrspace = 0;
        let mut externally_initialized = false;
        loop {
            if self.eat_word("addrspace") {
                addrspace = self.parse_addrspace()?;
            } else if self.eat_word("externally_initialized") {
                externally_initialized = true;
            } else {
                break;
            }
        }
        let is_constant = if self.eat_word("constant") {
            true
        } else {
            self.expect_word("global")?;
            false
        };
        let value_ty = self.parse_type()?;
        let declaration = matches!(
            linkage,
            Some(Linkage::External) | Some(Linkage::ExternalWeak)
        );
        let mut fs = FnState::default();
        let initializer = if declaration {
            None
        } else {
            Some(self.parse_value(value_ty, &mut fs)?)
        };
        let mut align_log2p1 = 0;
        let mut section = 0;
        while self.eat(Kind::Comma) {
            if self.eat_word("align") {
                let t = self.tok();
                let a = self.parse_u64("alignment")?;
                if !a.is_power_of_two() {
                    return self.err_at(t, "alignment is not a power of two");
                }
                align_log2p1 = a.trailing_zeros() as u8 + 1;
            } else if self.eat_word("section") {
                let s = self.expect(Kind::Str, "a section name")?;
                section = self.section_index(s);
            } else {
                return self.err("expected `align` or `section`");
            }
        }
        let common = common.common(self.pointer_to(value_ty, addrspace)?);
        let long = common.thread_local != 0
            || common.visibility != 0
            || common.unnamed_addr
            || externally_initialized
            || common.dll_storage != 0;
        if self.defined_globals.get(gi) != Some(&false) {
            return self.err_at(nt, "global value redefined");
        }
        self.defined_globals[gi] = true;
        self.b.entities().globals[gi] = GlobalVar {
            common,
            value_ty,
            addrspace,
            is_constant,
            explicit_type: true,
            initializer,
            align_log2p1,
            section,
            externally_initialized,
            record_len: if long { 12 } else { 6 },
        };
        Ok(())
    }

    /// The type of the constant expression that follows (parsed again by the caller).
    fn peek_ce_type(&mut self) -> PResult<Type> {
        let save = self.pos;
        let bt = self.bump();
        let w = self.text(bt);
        let ty = if w == "getelementptr" {
            self.eat_word("inbounds");
            self.expect(Kind::LParen, "`(`")?;
            let source = self.parse_type()?;
            self.expect(Kind::Comma, "`,`")?;
            let mut fs = FnState::default();
            let mut tys = Vec::new();
            let mut ops = Vec::new();
            loop {
                let (t, v) = self.parse_typed_value(&mut fs)?;
                tys.push(t);
                ops.push(v);
                if !self.eat(Kind::Comma) {
                    break;
                }
            }
            let t = self.tok();
            self.gep_result(source, &tys, &ops)
                .or_else(|m| self.err_at(t, m))?
        } else {
            self.expect(Kind::LParen, "`(`")?;
            let mut fs = FnState::default();
            self.parse_typed_value(&mut fs)?;
            self.expect_word("to")?;
            self.parse_type()?
        };
        self.pos = save;
        Ok(ty)
    }

    fn section_index(&mut self, s: crate::lexer::Tok) -> u32 {
        let name = String::from_utf8_lossy(&self.string_value(s)).into_owned();
        self.b.section_index(&name)
    }

    /// Attributes in a parameter, return or function position. `group` selects the
    /// `attributes #N = { ... }` spelling (`align=4`).
    pub fn parse_attrs(&mut self, out: &mut Vec<Attribute>, group: bool) -> PResult<()> {
        loop {
            let t = self.tok();
            match t.kind {
                Kind::Str => {
                    self.bump();
                    let key = String::from_utf8_lossy(&self.string_value(t)).into_owned();
                    let value = if self.eat(Kind::Eq) {
                        let v = self.expect(Kind::Str, "a string value")?;
                        Some(String::from_utf8_lossy(&self.string_value(v)).into_owned())
                    } else {
                        None
                    };
                    out.push(Attribute::String { key, value });
                }
                Kind::Word => {
                    let w = self.text(t);
                    let Some(code) = attr_code(w) else {
                        return Ok(());
                    };
                    if matches!(
                        w,
                        "align" | "alignstack" | "dereferenceable" | "dereferenceable_or_null"
                    ) {
                        self.bump();
                        let v = if self.eat(Kind::Eq) {
                            self.parse_u64("attribute value")?
                        } else if self.eat(Kind::LParen) {
                            let v = self.parse_u64("attribute value")?;
                            self.expect(Kind::RParen, "`)`")?;
                            v
                        } else if w == "align" && !group {
                            self.parse_u64("alignment")?
                        } else {
                            return self.err("expected an attribute value");
                        };
                        out.push(Attribute::Int(code, v));
                    } else {
                        self.bump();
                        out.push(Attribute::Enum(code));
                    }
                }
                _ => return Ok(()),
            }
        }
    }

    fn parse_attribute_group(&mut self) -> PResult<()> {
        self.bump();
        let t = self.expect(Kind::AttrGrp, "`#N`")?;
        let n = self.id_of(t)?;
        self.expect(Kind::Eq, "`=`")?;
        self.expect(Kind::LBrace, "`{`")?;
        let mut attrs = Vec::new();
        self.parse_attrs(&mut attrs, true)?;
        self.expect(Kind::RBrace, "`}` or an attribute")?;
        if self.attr_groups.insert(n, attrs).is_some() {
            return self.err_at(t, "attribute group redefined");
        }
        Ok(())
    }

    fn parse_function(&mut self) -> PResult<()> {
        let bt = self.bump();
        let is_define = self.text(bt) == "define";
        let mut common = Prefix::default();
        self.parse_linkage_etc(&mut common);
        let mut cc = 0;
        if let Some(c) =
            CallingConv::from_keyword(self.text(self.tok())).filter(|_| self.kind() == Kind::Word)
        {
            self.bump();
            cc = c.code() as u32;
        } else if self.kind() == Kind::Word && self.text(self.tok()).starts_with("cc") {
            let t = self.bump();
            cc = self.text(t)[2..]
                .parse()
                .or_else(|_| self.err_at(t, "invalid calling convention"))?;
        }
        let mut spec = AttrSpec::default();
        self.parse_attrs(&mut spec.ret, false)?;
        let ret = self.parse_type()?;
        let nt = self.tok();
        if !matches!(nt.kind, Kind::GlobalVar | Kind::GlobalId) {
            return self.err("expected a function name");
        }
        self.bump();
        let GlobalValue::Function(fi) = self.lookup_global(nt)? else {
            return self.err_at(nt, "expected a function");
        };
        if nt.kind == Kind::GlobalVar {
            common.name = Some(self.b.intern(&String::from_utf8_lossy(&self.name_of(nt))));
        }
        self.expect(Kind::LParen, "`(`")?;
        let mut params = Vec::new();
        let mut arg_names = Vec::new();
        let mut vararg = false;
        if !self.eat(Kind::RParen) {
            loop {
                if self.eat(Kind::Dots) {
                    vararg = true;
                    break;
                }
                let ty = self.parse_type()?;
                let mut a = Vec::new();
                self.parse_attrs(&mut a, false)?;
                spec.params.push(a);
                params.push(ty);
                let t = self.tok();
                if matches!(t.kind, Kind::LocalVar | Kind::LocalId) {
                    self.bump();
                    arg_names.push(Some(t));
                } else {
                    arg_names.push(None);
                }
                if !self.eat(Kind::Comma) {
                    break;
                }
            }
            self.expect(Kind::RParen, "`)`")?;
        }
        let fn_ty = self.intern_type(TypeData::Function {
            ret,
            params: params.clone().into_boxed_slice(),
            vararg,
        })?;
        let ptr_ty = self.pointer_to(fn_ty, 0)?;
        let mut f = FunctionData {
            calling_conv: cc,
            is_proto: !is_define,
            ..FunctionData::declaration(common.common(ptr_ty), fn_ty, 16)
        };
        // Function attributes and the other trailing fields.
        loop {
            if self.eat_word("unnamed_addr") {
                f.common.unnamed_addr = true;
                continue;
            }
            let t = self.tok();
            if t.kind == Kind::AttrGrp {
                self.bump();
                spec.groups.push((self.id_of(t)?, t.start as usize));
                continue;
            }
            let n = spec.func.len();
            if t.kind == Kind::Str
                || (t.kind == Kind::Word
                    && attr_code(self.text(t)).is_some()
                    && !self.is_word("align"))
            {
                self.parse_attrs(&mut spec.func, false)?;
                if spec.func.len() > n {
                    continue;
                }
            }
            if self.eat_word("section") {
                let s = self.expect(Kind::Str, "a section name")?;
                f.section = self.section_index(s);
            } else if self.eat_word("align") {
                let t = self.tok();
                let a = self.parse_u64("alignment")?;
                if !a.is_power_of_two() {
                    return self.err_at(t, "alignment is not a power of two");
                }
                f.align_log2p1 = a.trailing_zeros() as u8 + 1;
            } else if self.eat_word("gc") {
                let s = self.expect(Kind::Str, "a gc name")?;
                let name = String::from_utf8_lossy(&self.string_value(s)).into_owned();
                f.gc = self.b.gc_index(&name);
            } else if self.is_word("prefix")
                || self.is_word("prologue")
                || self.is_word("personality")
            {
                let bt = self.bump();
                let w = self.text(bt);
                let mut fs = FnState::default();
                let (_, v) = self.parse_typed_value(&mut fs)?;
                match w {
                    "prefix" => f.prefix = Some(v),
                    "prologue" => f.prologue = Some(v),
                    _ => f.personality = Some(v),
                }
            } else if self.kind() == Kind::MetaVar {
                let kt = self.bump();
                let kname = String::from_utf8_lossy(&self.name_of(kt)).into_owned();
                let k = self.kind_id(&kname);
                let mt = self.expect(Kind::MetaId, "`!N`")?;
                let n = self.id_of(mt)?;
                let md = self.md_number(n, mt.start as usize);
                f.attachments.push((k, md));
            } else {
                break;
            }
        }
        let findex = fi.index();
        if self.defined_functions.get(fi) != Some(&false) {
            return self.err_at(nt, "function redefined");
        }
        self.defined_functions[fi] = true;
        if !spec.ret.is_empty()
            || !spec.func.is_empty()
            || !spec.groups.is_empty()
            || spec.params.iter().any(|p| !p.is_empty())
        {
            self.attr_specs.push((AttrSite::Function(fi), spec));
        }
        if !is_define {
            self.b.entities().functions[findex] = f;
            return Ok(());
        }
        // The body.
        let mut fs = FnState {
            active: true,
            ..FnState::default()
        };
        let mut body = Body::default();
        for (&ty, name) in params.iter().zip(&arg_names) {
            let (key, arg_name) = match name {
                Some(t) if t.kind == Kind::LocalVar => {
                    let n = self.name_of(*t);
                    let s = self.b.intern(&String::from_utf8_lossy(&n));
                    (LocalKey::Name(n), Some(s))
                }
                Some(t) => {
                    let n = self.id_of(*t)?;
                    if n != fs.next {
                        return self.err_at(
                            *t,
                            format!("argument expected to be numbered `%{}`", fs.next),
                        );
                    }
                    fs.next += 1;
                    (LocalKey::Num(n), None)
                }
                None => {
                    let n = fs.next;
                    fs.next += 1;
                    (LocalKey::Num(n), None)
                }
            };
            let v = ValueRef::Arg(body.args.push(ArgData { ty, name: arg_name }));
            fs.defs.insert(key, LocalDef::Value(v, Some(ty)));
            fs.arg_types.push(ty);
        }
        self.b.entities().functions[findex] = f;
        self.expect(Kind::LBrace, "`{`")?;
        let r = self.parse_body(&mut fs, &mut body, fi);
        if let Some(func) = self.b.entities().functions.as_mut_slice().get_mut(findex) {
            func.body = Some(body);
        }
        r
    }

    /// Checks the module-level forward references once everything is parsed.
    pub fn check_globals(&mut self) {
        let checks = std::mem::take(&mut self.global_type_checks);
        for (v, ty, off) in checks {
            let actual = match v {
                ValueRef::Global(g) => self.m().globals.get(g).map(|x| x.common.ty),
                ValueRef::Function(f) => self.m().functions.get(f).map(|x| x.common.ty),
                ValueRef::Alias(a) => self.m().aliases.get(a).map(|x| x.common.ty),
                _ => Some(ty),
            };
            if actual != Some(ty) {
                let msg = match actual {
                    None => "global value is never defined".to_string(),
                    Some(a) => format!(
                        "global value has type {}, used as {}",
                        self.type_str(a),
                        self.type_str(ty)
                    ),
                };
                self.record(crate::diag::Diagnostic {
                    message: msg,
                    offset: off,
                    len: 1,
                });
            }
        }
    }
}
