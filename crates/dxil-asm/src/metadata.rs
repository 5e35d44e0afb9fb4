//! Metadata (LangRef "Metadata", "Specialized Metadata Nodes"): named metadata, numbered
//! nodes (`distinct` too), strings, value wrappers, inline nodes, `DI*` records with named
//! fields, and the metadata arguments of calls.

use std::collections::HashMap;
use std::sync::OnceLock;

use dxil_ir::{self as ir, MdRef, Metadata, MetadataData as M, ValueRef};

use crate::lexer::Kind;
use crate::parser::{MdUse, PResult, Parser};
use crate::values::{is_fwd, FnState};

/// DWARF names to values (tags, encodings, languages, virtualities, operations).
fn dwarf_names() -> &'static HashMap<&'static str, u64> {
    static MAP: OnceLock<HashMap<&'static str, u64>> = OnceLock::new();
    MAP.get_or_init(|| {
        use dxil_text::dwarf;
        let mut m = HashMap::new();
        for v in 0..0x1_0000u64 {
            for f in [
                dwarf::tag_name as fn(u64) -> Option<&'static str>,
                dwarf::language_name,
            ] {
                if let Some(n) = f(v) {
                    m.entry(n).or_insert(v);
                }
            }
        }
        for v in 0..0x100u64 {
            for f in [
                dwarf::attribute_encoding_name as fn(u64) -> Option<&'static str>,
                dwarf::virtuality_name,
                dwarf::operation_name,
            ] {
                if let Some(n) = f(v) {
                    m.entry(n).or_insert(v);
                }
            }
        }
        m
    })
}

fn di_flag(w: &str) -> Option<u64> {
    Some(match w {
        "DIFlagZero" => 0,
        "DIFlagPrivate" => 1,
        "DIFlagProtected" => 2,
        "DIFlagPublic" => 3,
        "DIFlagFwdDecl" => 1 << 2,
        "DIFlagAppleBlock" => 1 << 3,
        "DIFlagBlockByrefStruct" => 1 << 4,
        "DIFlagVirtual" => 1 << 5,
        "DIFlagArtificial" => 1 << 6,
        "DIFlagExplicit" => 1 << 7,
        "DIFlagPrototyped" => 1 << 8,
        "DIFlagObjcClassComplete" => 1 << 9,
        "DIFlagObjectPointer" => 1 << 10,
        "DIFlagVector" => 1 << 11,
        "DIFlagStaticMember" => 1 << 12,
        "DIFlagLValueReference" => 1 << 13,
        "DIFlagRValueReference" => 1 << 14,
        _ => return None,
    })
}

/// A parsed `name: value` field of a `DI*` record.
#[derive(Clone, Debug)]
enum Fv {
    Null,
    Md(Metadata),
    Str(Vec<u8>),
    Int(i128),
    Bool(bool),
}

struct Fields {
    list: Vec<(String, Fv, usize)>,
}

impl Parser<'_> {
    /// `!N = ...`.
    pub fn parse_metadata_definition(&mut self) -> PResult<()> {
        let t = self.bump();
        let n = self.id_of(t)?;
        self.expect(Kind::Eq, "`=`")?;
        let id = self.md_number(n, t.start as usize);
        if self.md_numbers.get(&n).is_some_and(|e| e.1) {
            return self.err_at(t, format!("metadata `!{n}` redefined"));
        }
        let distinct = self.eat_word("distinct");
        let data = self.parse_md_node_body(distinct)?;
        if let Some(slot) = self.m.metadata.get_mut(id.index()) {
            *slot = data;
        }
        if let Some(e) = self.md_numbers.get_mut(&n) {
            e.1 = true;
        }
        Ok(())
    }

    /// `!name = !{!0, ...}`.
    pub fn parse_named_metadata(&mut self) -> PResult<()> {
        let t = self.bump();
        let name = String::from_utf8_lossy(&self.name_of(t)).into_owned();
        self.expect(Kind::Eq, "`=`")?;
        self.expect(Kind::Bang, "`!`")?;
        self.expect(Kind::LBrace, "`{`")?;
        let mut operands = Vec::new();
        if !self.eat(Kind::RBrace) {
            loop {
                let mt = self.expect(Kind::MetaId, "`!N`")?;
                let n = self.id_of(mt)?;
                operands.push(self.md_number(n, mt.start as usize));
                if !self.eat(Kind::Comma) {
                    break;
                }
            }
            self.expect(Kind::RBrace, "`}`")?;
        }
        self.m
            .named_metadata
            .push(ir::NamedMetadata { name, operands });
        Ok(())
    }

    /// `!{...}` or `!DIxxx(...)`.
    fn parse_md_node_body(&mut self, distinct: bool) -> PResult<M> {
        self.enter()?;
        let r = self.parse_md_node_body_inner(distinct);
        self.leave();
        r
    }

    fn parse_md_node_body_inner(&mut self, distinct: bool) -> PResult<M> {
        let t = self.tok();
        match t.kind {
            Kind::Bang if self.peek(1).kind == Kind::LBrace => {
                self.bump();
                self.bump();
                let mut ops = Vec::new();
                if !self.eat(Kind::RBrace) {
                    loop {
                        ops.push(self.parse_md_operand()?);
                        if !self.eat(Kind::Comma) {
                            break;
                        }
                    }
                    self.expect(Kind::RBrace, "`}`")?;
                }
                Ok(M::Node {
                    distinct,
                    operands: ops.into_boxed_slice(),
                })
            }
            Kind::MetaVar if self.peek(1).kind == Kind::LParen => {
                self.bump();
                let name = self.text(t)[1..].to_string();
                self.parse_di_record(&name, distinct, t)
            }
            _ => self.err("expected `!{` or a `!DI...` record"),
        }
    }

    /// One operand of `!{...}`: `null`, `!N`, `!"..."`, an inline node, or `T value`.
    fn parse_md_operand(&mut self) -> PResult<MdRef> {
        let t = self.tok();
        match t.kind {
            Kind::Word if self.text(t) == "null" => {
                self.bump();
                Ok(None)
            }
            Kind::MetaId => {
                self.bump();
                let n = self.id_of(t)?;
                Ok(Some(self.md_number(n, t.start as usize)))
            }
            Kind::Bang if self.peek(1).kind == Kind::Str => {
                self.bump();
                let s = self.bump();
                Ok(Some(self.md_string(self.string_value(s))))
            }
            Kind::Bang | Kind::MetaVar => {
                let data = self.parse_md_node_body(false)?;
                Ok(Some(self.push_md(data)))
            }
            _ => {
                let mut fs = FnState::default();
                let (ty, v) = self.parse_typed_value(&mut fs)?;
                Ok(Some(self.md_value(ty, v)))
            }
        }
    }

    /// The operand after `metadata` in a call.
    pub fn parse_md_arg(&mut self, fs: &mut FnState, findex: usize) -> PResult<MdUse> {
        let t = self.tok();
        match t.kind {
            Kind::MetaId | Kind::Bang | Kind::MetaVar => match self.parse_md_operand()? {
                Some(m) => Ok(MdUse::Module(m)),
                None => self.err_at(t, "`null` is not a metadata argument"),
            },
            Kind::Word if self.text(t) == "null" => self.err("`null` is not a metadata argument"),
            _ => {
                let (ty, v) = self.parse_typed_value(fs)?;
                let local = matches!(v, ValueRef::Arg(_) | ValueRef::Inst(_)) || is_fwd(v);
                if !local {
                    return Ok(MdUse::Module(self.md_value(ty, v)));
                }
                let list = match self.local_md.get_mut(findex) {
                    Some(l) => l,
                    None => return self.err_at(t, "metadata argument outside a function"),
                };
                let k = match list.iter().position(|e| *e == (ty, v)) {
                    Some(k) => k,
                    None => {
                        list.push((ty, v));
                        list.len() - 1
                    }
                };
                Ok(MdUse::Local(findex, k as u32))
            }
        }
    }

    fn parse_fields(&mut self) -> PResult<Fields> {
        self.expect(Kind::LParen, "`(`")?;
        let mut list = Vec::new();
        if self.eat(Kind::RParen) {
            return Ok(Fields { list });
        }
        loop {
            let nt = self.tok();
            if nt.kind != Kind::Label {
                return self.err("expected `field:`");
            }
            self.bump();
            let name = self.text(nt).trim_end_matches(':').to_string();
            let v = self.parse_field_value()?;
            list.push((name, v, nt.start as usize));
            if !self.eat(Kind::Comma) {
                break;
            }
        }
        self.expect(Kind::RParen, "`)`")?;
        Ok(Fields { list })
    }

    fn parse_field_value(&mut self) -> PResult<Fv> {
        let t = self.tok();
        match t.kind {
            Kind::Word => {
                let w = self.text(t);
                match w {
                    "null" => {
                        self.bump();
                        Ok(Fv::Null)
                    }
                    "true" | "false" => {
                        self.bump();
                        Ok(Fv::Bool(w == "true"))
                    }
                    _ if w.starts_with("DIFlag") => {
                        let mut acc = 0u64;
                        loop {
                            let ft = self.bump();
                            let fw = self.text(ft);
                            let v = match ft.kind {
                                Kind::Word => di_flag(fw),
                                Kind::Int => fw.parse().ok(),
                                _ => None,
                            };
                            match v {
                                Some(v) => acc |= v,
                                None => return self.err_at(ft, "unknown DI flag"),
                            }
                            if !self.eat(Kind::Bar) {
                                break;
                            }
                        }
                        Ok(Fv::Int(i128::from(acc)))
                    }
                    _ if w.starts_with("DW_") => match dwarf_names().get(w) {
                        Some(&v) => {
                            self.bump();
                            Ok(Fv::Int(i128::from(v)))
                        }
                        None => self.err_at(t, format!("unknown DWARF name `{w}`")),
                    },
                    _ => match self.parse_md_operand()? {
                        None => Ok(Fv::Null),
                        Some(m) => Ok(Fv::Md(m)),
                    },
                }
            }
            Kind::Int => {
                self.bump();
                match self.text(t).parse::<i128>() {
                    Ok(v) if v >= i128::from(i64::MIN) && v <= i128::from(u64::MAX) => {
                        Ok(Fv::Int(v))
                    }
                    _ => self.err_at(t, "integer out of range"),
                }
            }
            Kind::Str => {
                self.bump();
                Ok(Fv::Str(self.string_value(t)))
            }
            _ => match self.parse_md_operand()? {
                None => Ok(Fv::Null),
                Some(m) => Ok(Fv::Md(m)),
            },
        }
    }

    fn parse_di_record(&mut self, name: &str, distinct: bool, t: crate::lexer::Tok) -> PResult<M> {
        if name == "DIExpression" {
            self.expect(Kind::LParen, "`(`")?;
            let mut elements = Vec::new();
            if !self.eat(Kind::RParen) {
                loop {
                    let et = self.bump();
                    let v = match et.kind {
                        Kind::Int => self.text(et).parse::<u64>().ok(),
                        Kind::Word => dwarf_names().get(self.text(et)).copied(),
                        _ => None,
                    };
                    match v {
                        Some(v) => elements.push(v),
                        None => return self.err_at(et, "expected a DWARF operation or integer"),
                    }
                    if !self.eat(Kind::Comma) {
                        break;
                    }
                }
                self.expect(Kind::RParen, "`)`")?;
            }
            return Ok(M::Expression(ir::DIExpression {
                distinct,
                elements: elements.into_boxed_slice(),
            }));
        }
        let f = self.parse_fields()?;
        let mut used = vec![false; f.list.len()];
        let r = self.build_di(name, distinct, &f, &mut used, t);
        let r = r?;
        if let Some(i) = used.iter().position(|u| !u) {
            let (n, _, off) = &f.list[i];
            return Err(crate::diag::Diagnostic {
                message: format!("unknown field `{n}` in !{name}"),
                offset: *off,
                len: n.len(),
            });
        }
        Ok(r)
    }

    fn build_di(
        &mut self,
        name: &str,
        distinct: bool,
        f: &Fields,
        used: &mut [bool],
        t: crate::lexer::Tok,
    ) -> PResult<M> {
        let mut g = Getter {
            p: self,
            f,
            used,
            t,
        };
        Ok(match name {
            "DILocation" => {
                let scope = g.md("scope")?;
                let Some(scope) = scope else {
                    return g.p.err_at(t, "!DILocation needs a scope");
                };
                M::Location(ir::DILocation {
                    distinct,
                    line: g.u("line")?,
                    column: g.u("column")?,
                    scope,
                    inlined_at: g.md("inlinedAt")?,
                })
            }
            "GenericDINode" => {
                let tag = g.u("tag")?;
                let header = g.string("header")?;
                let ops = match g.take("operands") {
                    Some(Fv::Md(m)) => match g.p.m.md(m) {
                        Some(M::Node { operands, .. }) => operands.clone(),
                        _ => Box::new([]),
                    },
                    _ => Box::new([]),
                };
                M::GenericDebug(ir::GenericDINode {
                    distinct,
                    tag,
                    header,
                    operands: ops,
                })
            }
            "DISubrange" => M::Subrange(ir::DISubrange {
                distinct,
                count: g.i("count")?,
                lower_bound: g.i("lowerBound")?,
            }),
            "DIEnumerator" => M::Enumerator(ir::DIEnumerator {
                distinct,
                name: g.string("name")?,
                value: g.i("value")?,
            }),
            "DIBasicType" => M::BasicType(ir::DIBasicType {
                distinct,
                tag: g.u_or("tag", 0x24)?,
                name: g.string("name")?,
                size: g.u("size")?,
                align: g.u("align")?,
                encoding: g.u("encoding")?,
            }),
            "DIFile" => M::File(ir::DIFile {
                distinct,
                filename: g.string("filename")?,
                directory: g.string("directory")?,
            }),
            "DIDerivedType" => M::DerivedType(ir::DIDerivedType {
                distinct,
                tag: g.u("tag")?,
                name: g.string("name")?,
                file: g.md("file")?,
                line: g.u("line")?,
                scope: g.md("scope")?,
                base_type: g.md("baseType")?,
                size: g.u("size")?,
                align: g.u("align")?,
                offset: g.u("offset")?,
                flags: g.u("flags")?,
                extra_data: g.md("extraData")?,
            }),
            "DICompositeType" => M::CompositeType(ir::DICompositeType {
                distinct,
                tag: g.u("tag")?,
                name: g.string("name")?,
                file: g.md("file")?,
                line: g.u("line")?,
                scope: g.md("scope")?,
                base_type: g.md("baseType")?,
                size: g.u("size")?,
                align: g.u("align")?,
                offset: g.u("offset")?,
                flags: g.u("flags")?,
                elements: g.md("elements")?,
                runtime_lang: g.u("runtimeLang")?,
                vtable_holder: g.md("vtableHolder")?,
                template_params: g.md("templateParams")?,
                identifier: g.string("identifier")?,
            }),
            "DISubroutineType" => M::SubroutineType(ir::DISubroutineType {
                distinct,
                flags: g.u("flags")?,
                types: g.md("types")?,
            }),
            "DICompileUnit" => M::CompileUnit(ir::DICompileUnit {
                distinct,
                language: g.u("language")?,
                file: g.md("file")?,
                producer: g.string("producer")?,
                is_optimized: g.b("isOptimized")?,
                flags: g.string("flags")?,
                runtime_version: g.u("runtimeVersion")?,
                split_debug_filename: g.string("splitDebugFilename")?,
                emission_kind: g.u("emissionKind")?,
                enums: g.md("enums")?,
                retained_types: g.md("retainedTypes")?,
                subprograms: g.md("subprograms")?,
                globals: g.md("globals")?,
                imports: g.md("imports")?,
                dwo_id: Some(g.u("dwoId")?),
            }),
            "DISubprogram" => M::Subprogram(ir::DISubprogram {
                distinct,
                scope: g.md("scope")?,
                name: g.string("name")?,
                linkage_name: g.string("linkageName")?,
                file: g.md("file")?,
                line: g.u("line")?,
                ty: g.md("type")?,
                is_local: g.b("isLocal")?,
                is_definition: g.b_or("isDefinition", true)?,
                scope_line: g.u("scopeLine")?,
                containing_type: g.md("containingType")?,
                virtuality: g.u("virtuality")?,
                virtual_index: g.u("virtualIndex")?,
                flags: g.u("flags")?,
                is_optimized: g.b("isOptimized")?,
                function: g.md("function")?,
                template_params: g.md("templateParams")?,
                declaration: g.md("declaration")?,
                variables: g.md("variables")?,
            }),
            "DILexicalBlock" => M::LexicalBlock(ir::DILexicalBlock {
                distinct,
                scope: g.md("scope")?,
                file: g.md("file")?,
                line: g.u("line")?,
                column: g.u("column")?,
            }),
            "DILexicalBlockFile" => M::LexicalBlockFile(ir::DILexicalBlockFile {
                distinct,
                scope: g.md("scope")?,
                file: g.md("file")?,
                discriminator: g.u("discriminator")?,
            }),
            "DINamespace" => M::Namespace(ir::DINamespace {
                distinct,
                scope: g.md("scope")?,
                file: g.md("file")?,
                name: g.string("name")?,
                line: g.u("line")?,
            }),
            "DITemplateTypeParameter" => M::TemplateTypeParameter(ir::DITemplateTypeParameter {
                distinct,
                name: g.string("name")?,
                ty: g.md("type")?,
            }),
            "DITemplateValueParameter" => M::TemplateValueParameter(ir::DITemplateValueParameter {
                distinct,
                tag: g.u_or("tag", 0x30)?,
                name: g.string("name")?,
                ty: g.md("type")?,
                value: g.md("value")?,
            }),
            "DIGlobalVariable" => M::GlobalVariable(ir::DIGlobalVariable {
                distinct,
                scope: g.md("scope")?,
                name: g.string("name")?,
                linkage_name: g.string("linkageName")?,
                file: g.md("file")?,
                line: g.u("line")?,
                ty: g.md("type")?,
                is_local: g.b("isLocal")?,
                is_definition: g.b_or("isDefinition", true)?,
                variable: g.md("variable")?,
                static_data_member_declaration: g.md("declaration")?,
            }),
            "DILocalVariable" => M::LocalVariable(ir::DILocalVariable {
                distinct,
                tag: g.u("tag")?,
                scope: g.md("scope")?,
                name: g.string("name")?,
                file: g.md("file")?,
                line: g.u("line")?,
                ty: g.md("type")?,
                arg: g.u("arg")?,
                flags: g.u("flags")?,
                obsolete_inlined_at: None,
            }),
            "DIObjCProperty" => M::ObjCProperty(ir::DIObjCProperty {
                distinct,
                name: g.string("name")?,
                file: g.md("file")?,
                line: g.u("line")?,
                setter: g.string("setter")?,
                getter: g.string("getter")?,
                attributes: g.u("attributes")?,
                ty: g.md("type")?,
            }),
            "DIImportedEntity" => M::ImportedEntity(ir::DIImportedEntity {
                distinct,
                tag: g.u("tag")?,
                scope: g.md("scope")?,
                entity: g.md("entity")?,
                line: g.u("line")?,
                name: g.string("name")?,
            }),
            "DIModule" => M::Module(ir::DIModule {
                distinct,
                scope: g.md("scope")?,
                name: g.string("name")?,
                configuration_macros: g.string("configMacros")?,
                include_path: g.string("includePath")?,
                isysroot: g.string("isysroot")?,
            }),
            _ => return self.err_at(t, format!("unknown metadata record `!{name}`")),
        })
    }
}

struct Getter<'a, 'p, 's> {
    p: &'a mut Parser<'s>,
    f: &'p Fields,
    used: &'p mut [bool],
    t: crate::lexer::Tok,
}

impl Getter<'_, '_, '_> {
    fn take(&mut self, name: &str) -> Option<Fv> {
        let i = self.f.list.iter().position(|(n, _, _)| n == name)?;
        if let Some(u) = self.used.get_mut(i) {
            *u = true;
        }
        self.f.list.get(i).map(|x| x.1.clone())
    }

    fn bad<T>(&self, name: &str, what: &str) -> PResult<T> {
        let off = self
            .f
            .list
            .iter()
            .find(|(n, _, _)| n == name)
            .map_or(self.t.start as usize, |x| x.2);
        Err(crate::diag::Diagnostic {
            message: format!("field `{name}` expects {what}"),
            offset: off,
            len: name.len(),
        })
    }

    fn md(&mut self, name: &str) -> PResult<MdRef> {
        match self.take(name) {
            None | Some(Fv::Null) => Ok(None),
            Some(Fv::Md(m)) => Ok(Some(m)),
            Some(Fv::Str(s)) => Ok(Some(self.p.md_string(s))),
            _ => self.bad(name, "metadata"),
        }
    }

    fn string(&mut self, name: &str) -> PResult<MdRef> {
        match self.take(name) {
            None | Some(Fv::Null) => Ok(None),
            Some(Fv::Str(s)) if s.is_empty() => Ok(None),
            Some(Fv::Str(s)) => Ok(Some(self.p.md_string(s))),
            Some(Fv::Md(m)) => Ok(Some(m)),
            _ => self.bad(name, "a string"),
        }
    }

    fn u_or(&mut self, name: &str, default: u64) -> PResult<u64> {
        match self.take(name) {
            None => Ok(default),
            Some(Fv::Int(v)) if v >= 0 && v <= i128::from(u64::MAX) => Ok(v as u64),
            Some(Fv::Int(v)) if v < 0 => Ok(v as i64 as u64),
            _ => self.bad(name, "an unsigned integer"),
        }
    }

    fn u(&mut self, name: &str) -> PResult<u64> {
        self.u_or(name, 0)
    }

    fn i(&mut self, name: &str) -> PResult<i64> {
        match self.take(name) {
            None => Ok(0),
            Some(Fv::Int(v)) => Ok(v as i64),
            _ => self.bad(name, "an integer"),
        }
    }

    fn b_or(&mut self, name: &str, default: bool) -> PResult<bool> {
        match self.take(name) {
            None => Ok(default),
            Some(Fv::Bool(b)) => Ok(b),
            _ => self.bad(name, "`true` or `false`"),
        }
    }

    fn b(&mut self, name: &str) -> PResult<bool> {
        self.b_or(name, false)
    }
}
