//! Metadata as LLVM 3.7 prints it (`WriteMDNodeBodyInternal`, `writeMDTuple`, the
//! `writeDI*` field printers; LangRef "Metadata", "Specialized Metadata Nodes"): field order,
//! and which fields are left out when zero, empty or null.

use dxil_ir::{DiShow, MdRange, Metadata, MetadataData as M, WordRange, DW_TAG_AUTO_VARIABLE};

use crate::dwarf;
use crate::names::write_escaped;
use crate::printer::Printer;
use crate::slots::NodeRef;
use crate::types::{push_i64, push_u64};

/// Field printer for `!DIxxx(...)`: a separator before every field but the first. Each
/// field method is a kind of [`dxil_ir::for_each_di_record!`]: it takes the text name, the
/// value, when to show it and the list's default.
struct Fields<'a, 'm> {
    p: &'a mut Printer<'m>,
    first: bool,
    /// The record's DWARF tag once printed (`arg` of an auto variable depends on it).
    tag: u64,
}

impl<'a, 'm> Fields<'a, 'm> {
    fn new(p: &'a mut Printer<'m>, head: &str) -> Self {
        p.out.push_str(head);
        Fields {
            p,
            first: true,
            tag: 0,
        }
    }

    fn sep(&mut self, name: &str) {
        if !self.first {
            self.p.out.push_str(", ");
        }
        self.first = false;
        self.p.out.push_str(name);
        self.p.out.push_str(": ");
    }

    /// Whether a number field is left out.
    fn skip_u64(&self, show: DiShow, v: u64, default: Option<u64>) -> bool {
        match show {
            DiShow::Always => false,
            DiShow::Skip => v == default.unwrap_or(0),
            DiShow::SkipIfAutoVariable => v == 0 && self.tag == DW_TAG_AUTO_VARIABLE,
        }
    }

    fn number_or_name(&mut self, name: &str, v: u64, f: fn(u64) -> Option<&'static str>) {
        self.sep(name);
        match f(v) {
            Some(n) => self.p.out.push_str(n),
            None => push_u64(self.p.out, v),
        }
    }

    fn flag(&mut self, name: &str, v: &bool, _: DiShow, _: Option<bool>) {
        self.sep(name);
        self.p.out.push_str(if *v { "true" } else { "false" });
    }

    fn uint(&mut self, name: &str, v: &u64, show: DiShow, default: Option<u64>) {
        if self.skip_u64(show, *v, default) {
            return;
        }
        self.sep(name);
        push_u64(self.p.out, *v);
    }

    fn tag(&mut self, name: &str, v: &u64, show: DiShow, default: Option<u64>) {
        self.tag = *v;
        if !self.skip_u64(show, *v, default) {
            self.number_or_name(name, *v, dwarf::tag_name);
        }
    }

    fn generic_tag(&mut self, name: &str, v: &u64, show: DiShow, default: Option<u64>) {
        self.tag(name, v, show, default);
    }

    fn flags(&mut self, name: &str, v: &u64, show: DiShow, default: Option<u64>) {
        if self.skip_u64(show, *v, default) {
            return;
        }
        self.sep(name);
        dwarf::write_di_flags(self.p.out, *v);
    }

    fn lang(&mut self, name: &str, v: &u64, show: DiShow, default: Option<u64>) {
        if !self.skip_u64(show, *v, default) {
            self.number_or_name(name, *v, dwarf::language_name);
        }
    }

    fn encoding(&mut self, name: &str, v: &u64, show: DiShow, default: Option<u64>) {
        if !self.skip_u64(show, *v, default) {
            self.number_or_name(name, *v, dwarf::attribute_encoding_name);
        }
    }

    fn virtuality(&mut self, name: &str, v: &u64, show: DiShow, default: Option<u64>) {
        if !self.skip_u64(show, *v, default) {
            self.number_or_name(name, *v, dwarf::virtuality_name);
        }
    }

    fn int(&mut self, name: &str, v: &i64, show: DiShow, default: Option<i64>) {
        if show != DiShow::Always && *v == default.unwrap_or(0) {
            return;
        }
        self.sep(name);
        push_i64(self.p.out, *v);
    }

    fn sint(&mut self, name: &str, v: &i64, show: DiShow, default: Option<i64>) {
        self.int(name, v, show, default);
    }

    fn md(&mut self, name: &str, r: &Option<Metadata>, show: DiShow, _: Option<()>) {
        if show != DiShow::Always && r.is_none() {
            return;
        }
        self.sep(name);
        match r {
            None => self.p.out.push_str("null"),
            Some(id) => self.p.write_md_operand(*id),
        }
    }

    fn string(&mut self, name: &str, s: &Option<Metadata>, show: DiShow, _: Option<()>) {
        let m = self.p.m;
        let bytes: &[u8] = match s.and_then(|id| m.md(id)) {
            Some(M::String(b)) => m.bytes(*b),
            _ => &[],
        };
        if show != DiShow::Always && bytes.is_empty() {
            return;
        }
        self.sep(name);
        self.p.out.push('"');
        write_escaped(self.p.out, bytes);
        self.p.out.push('"');
    }

    fn md_required(&mut self, name: &str, r: &Metadata, show: DiShow, _: Option<()>) {
        self.md(name, &Some(*r), show, None);
    }

    fn opt_uint(&mut self, name: &str, v: &Option<u64>, show: DiShow, default: Option<u64>) {
        self.uint(name, &v.unwrap_or(0), show, default);
    }

    /// Not printed: the field has no text form.
    fn obsolete(&mut self, _: &str, _: &Option<u64>, _: DiShow, _: Option<()>) {}

    fn md_list(&mut self, name: &str, v: &MdRange, show: DiShow, _: Option<()>) {
        let v = self.p.m.list(*v);
        if show != DiShow::Always && v.is_empty() {
            return;
        }
        self.sep(name);
        self.p.out.push('{');
        for (i, o) in v.iter().enumerate() {
            if i > 0 {
                self.p.out.push_str(", ");
            }
            match o {
                None => self.p.out.push_str("null"),
                Some(o) => self.p.write_md_operand(*o),
            }
        }
        self.p.out.push('}');
    }

    /// The elements of a `DIExpression`, written without a field name.
    fn elements(&mut self, _: &str, v: &WordRange, _: DiShow, _: Option<()>) {
        dwarf::write_di_expression_elements(self.p.out, self.p.m.list(*v));
    }

    fn end(self) {
        self.p.out.push(')');
    }
}

/// `Printer::write_di`: the body of a DI record, `!DIxxx(...)`; nothing for other metadata.
macro_rules! di_printer {
    ($(
        $variant:ident($ty:ident) $code:literal $name:literal
            ops($min:literal ..= $max:expr) zero[$($z:literal),*] {
            $( $field:ident: $kind:ident[$idx:literal] $text:literal $show:ident $(($default:expr))? ),* $(,)?
        }
    )*) => {
        impl Printer<'_> {
            fn write_di(&mut self, data: &M) {
                match data {
                    $(
                        M::$variant(n) => {
                            let Some(n) = self.m.record(n) else {
                                self.out.push_str("<badref>");
                                return;
                            };
                            let mut f = Fields::new(self, concat!("!", $name, "("));
                            $(
                                let default = None $( .or(Some($default)) )?;
                                f.$kind($text, &n.$field, DiShow::$show, default);
                            )*
                            f.end();
                        }
                    )*
                    _ => {}
                }
            }
        }
    };
}

dxil_ir::for_each_di_record!(di_printer);

impl Printer<'_> {
    /// Writes a metadata reference as an operand: `!N`, `!"string"`, or `type value` for a
    /// value wrapper.
    pub fn write_md_operand(&mut self, md: Metadata) {
        let m = self.m;
        match m.md(md) {
            Some(M::String(b)) => {
                self.out.push_str("!\"");
                write_escaped(self.out, m.bytes(*b));
                self.out.push('"');
            }
            Some(M::Value { ty, value }) => {
                self.write_type(*ty);
                self.out.push(' ');
                self.write_value(*value, 0);
            }
            Some(_) => self.write_node_ref(NodeRef::Arena(md)),
            None => self.out.push_str("<badref>"),
        }
    }

    /// Writes `!N` for a numbered node.
    pub fn write_node_ref(&mut self, n: NodeRef) {
        match self.slots.md_slot(n) {
            Some(s) => {
                self.out.push('!');
                push_u64(self.out, u64::from(s));
            }
            None => self.out.push_str("<badref>"),
        }
    }

    /// Writes a node's body (`distinct !{...}`, `!DILocation(...)`).
    pub fn write_node_body(&mut self, n: NodeRef) {
        let id = match n {
            NodeRef::Loc(i) => {
                let Some(k) = self.slots.locs.get(i as usize).copied() else {
                    return;
                };
                // Built from a debug location, whose scope may be missing; printed with
                // the fields of a `DILocation` record.
                let mut f = Fields::new(self, "!DILocation(");
                f.uint("line", &k.line, DiShow::Always, None);
                f.uint("column", &k.col, DiShow::Skip, None);
                f.md("scope", &k.scope, DiShow::Always, None);
                f.md("inlinedAt", &k.inlined_at, DiShow::Skip, None);
                f.end();
                return;
            }
            NodeRef::Arena(id) => id,
        };
        let m = self.m;
        let Some(data) = m.md(id) else {
            self.out.push_str("<badref>");
            return;
        };
        if data.is_distinct(&m.pools) {
            self.out.push_str("distinct ");
        }
        match data {
            M::String(_) | M::Value { .. } => self.write_md_operand(id),
            M::Node { operands, .. } => {
                self.out.push_str("!{");
                for (i, op) in m.list(*operands).iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    match op {
                        None => self.out.push_str("null"),
                        Some(o) => self.write_md_operand(*o),
                    }
                }
                self.out.push('}');
            }
            _ => self.write_di(data),
        }
    }
}
