//! Metadata (LangRef "Metadata", "Specialized Metadata Nodes"): named metadata, numbered
//! nodes (`distinct` too), strings, value wrappers, inline nodes, `DI*` records with named
//! fields, and the metadata arguments of calls.

use std::collections::HashMap;
use std::sync::OnceLock;

use dxil_ir::{self as ir, MdRange, MdRef, Metadata, MetadataData as M, ValueRef, WordRange};

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
    /// The elements of a `DIExpression`.
    elements: Option<Box<[u64]>>,
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
        if let Err(e) = self.b.define_md(id, data) {
            return self.build_err(e);
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
        self.b
            .named_metadata(&name, &operands)
            .or_else(|e| self.build_err(e))
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
                    operands: self.b.md_list(&ops),
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
                Ok(Some(self.push_md(data)?))
            }
            _ => {
                let mut fs = FnState::default();
                let (ty, v) = self.parse_typed_value(&mut fs)?;
                Ok(Some(self.md_value(ty, v)?))
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
                    return Ok(MdUse::Module(self.md_value(ty, v)?));
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
            return Ok(Fields {
                list,
                elements: None,
            });
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
        Ok(Fields {
            list,
            elements: None,
        })
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
        // `DIExpression` lists its elements without field names.
        let f = if name == ir::DIExpression::NAME {
            Fields {
                list: Vec::new(),
                elements: Some(self.parse_expression_elements()?),
            }
        } else {
            self.parse_fields()?
        };
        let mut used = vec![false; f.list.len()];
        let mut g = Getter {
            p: self,
            f: &f,
            used: &mut used,
            t,
            record: name,
        };
        let r = match g.build_di(name, distinct)? {
            Some(r) => r,
            None => return self.err_at(t, format!("unknown metadata record `!{name}`")),
        };
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

    fn parse_expression_elements(&mut self) -> PResult<Box<[u64]>> {
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
        Ok(elements.into_boxed_slice())
    }
}

/// `Getter::build_di(name, distinct)`: the DI record named `name` from the parsed fields
/// (`None` for an unknown name).
macro_rules! di_parser {
    ($(
        $variant:ident($ty:ident) $code:literal $name:literal
            ops($min:literal ..= $max:expr) zero[$($z:literal),*] {
            $( $field:ident: $kind:ident[$idx:literal] $text:literal $show:ident $(($default:expr))? ),* $(,)?
        }
    )*) => {
        impl Getter<'_, '_, '_> {
            fn build_di(&mut self, name: &str, distinct: bool) -> PResult<Option<M>> {
                Ok(Some(match name {
                    $(
                        $name => {
                            let record = ir::$ty {
                                distinct,
                                $( $field: self.$kind($text, None $( .or(Some($default)) )?)?, )*
                            };
                            M::$variant(self.p.b.md_record(record))
                        }
                    )*
                    _ => return Ok(None),
                }))
            }
        }
    };
}

dxil_ir::for_each_di_record!(di_parser);

/// Takes the fields of one DI record by name. The methods named after the kinds of
/// [`dxil_ir::for_each_di_record!`] take the text name and the list's default.
struct Getter<'a, 'p, 's> {
    p: &'a mut Parser<'s>,
    f: &'p Fields,
    used: &'p mut [bool],
    t: crate::lexer::Tok,
    record: &'p str,
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

    fn md(&mut self, name: &str, _: Option<()>) -> PResult<MdRef> {
        match self.take(name) {
            None | Some(Fv::Null) => Ok(None),
            Some(Fv::Md(m)) => Ok(Some(m)),
            Some(Fv::Str(s)) => Ok(Some(self.p.md_string(s))),
            _ => self.bad(name, "metadata"),
        }
    }

    fn string(&mut self, name: &str, _: Option<()>) -> PResult<MdRef> {
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

    fn flag(&mut self, name: &str, default: Option<bool>) -> PResult<bool> {
        self.b_or(name, default.unwrap_or(false))
    }

    fn uint(&mut self, name: &str, default: Option<u64>) -> PResult<u64> {
        self.u_or(name, default.unwrap_or(0))
    }

    fn tag(&mut self, name: &str, default: Option<u64>) -> PResult<u64> {
        self.uint(name, default)
    }

    fn generic_tag(&mut self, name: &str, default: Option<u64>) -> PResult<u64> {
        self.uint(name, default)
    }

    fn flags(&mut self, name: &str, default: Option<u64>) -> PResult<u64> {
        self.uint(name, default)
    }

    fn lang(&mut self, name: &str, default: Option<u64>) -> PResult<u64> {
        self.uint(name, default)
    }

    fn encoding(&mut self, name: &str, default: Option<u64>) -> PResult<u64> {
        self.uint(name, default)
    }

    fn virtuality(&mut self, name: &str, default: Option<u64>) -> PResult<u64> {
        self.uint(name, default)
    }

    fn int(&mut self, name: &str, _: Option<i64>) -> PResult<i64> {
        self.i(name)
    }

    fn sint(&mut self, name: &str, _: Option<i64>) -> PResult<i64> {
        self.i(name)
    }

    fn md_required(&mut self, name: &str, _: Option<()>) -> PResult<Metadata> {
        match self.md(name, None)? {
            Some(m) => Ok(m),
            None => {
                let t = self.t;
                let record = self.record;
                self.p.err_at(t, format!("!{record} needs a {name}"))
            }
        }
    }

    fn opt_uint(&mut self, name: &str, default: Option<u64>) -> PResult<Option<u64>> {
        self.uint(name, default).map(Some)
    }

    /// The field has no text form: never taken, so writing it is an unknown field.
    fn obsolete(&mut self, _: &str, _: Option<()>) -> PResult<Option<u64>> {
        Ok(None)
    }

    /// The operands of the node given, shared with it in the module's pools.
    fn md_list(&mut self, name: &str, _: Option<()>) -> PResult<MdRange> {
        Ok(match self.take(name) {
            Some(Fv::Md(m)) => match self.p.m().md(m) {
                Some(M::Node { operands, .. }) => *operands,
                _ => MdRange::EMPTY,
            },
            _ => MdRange::EMPTY,
        })
    }

    fn elements(&mut self, _: &str, _: Option<()>) -> PResult<WordRange> {
        let elements = self.f.elements.as_deref().unwrap_or_default();
        Ok(self.p.b.md_words(elements))
    }
}
