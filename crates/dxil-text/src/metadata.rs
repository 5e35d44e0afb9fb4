//! Metadata as LLVM 3.7 prints it (`WriteMDNodeBodyInternal`, `writeMDTuple`, the
//! `writeDI*` field printers; LangRef "Metadata", "Specialized Metadata Nodes"): field order,
//! and which fields are left out when zero, empty or null.

use dxil_ir::{Metadata, MetadataData as M};

use crate::dwarf;
use crate::names::write_escaped;
use crate::printer::Printer;
use crate::slots::NodeRef;
use crate::types::{push_i64, push_u64};

/// Field printer for `!DIxxx(...)`: a separator before every field but the first.
struct Fields<'a, 'm> {
    p: &'a mut Printer<'m>,
    first: bool,
}

impl<'a, 'm> Fields<'a, 'm> {
    fn new(p: &'a mut Printer<'m>, head: &str) -> Self {
        p.out.push_str(head);
        Fields { p, first: true }
    }

    fn sep(&mut self, name: &str) {
        if !self.first {
            self.p.out.push_str(", ");
        }
        self.first = false;
        self.p.out.push_str(name);
        self.p.out.push_str(": ");
    }

    fn tag(&mut self, tag: u64) {
        self.sep("tag");
        match dwarf::tag_name(tag) {
            Some(n) => self.p.out.push_str(n),
            None => push_u64(self.p.out, tag),
        }
    }

    fn string(&mut self, name: &str, s: Option<Metadata>, skip_empty: bool) {
        let bytes: &[u8] = match s.and_then(|id| self.p.m.md(id)) {
            Some(M::String(b)) => b,
            _ => &[],
        };
        if skip_empty && bytes.is_empty() {
            return;
        }
        self.sep(name);
        self.p.out.push('"');
        write_escaped(self.p.out, bytes);
        self.p.out.push('"');
    }

    fn md(&mut self, name: &str, r: Option<Metadata>, skip_null: bool) {
        if skip_null && r.is_none() {
            return;
        }
        self.sep(name);
        match r {
            None => self.p.out.push_str("null"),
            Some(id) => self.p.write_md_operand(id),
        }
    }

    fn uint(&mut self, name: &str, v: u64, skip_zero: bool) {
        if skip_zero && v == 0 {
            return;
        }
        self.sep(name);
        push_u64(self.p.out, v);
    }

    fn int(&mut self, name: &str, v: i64, skip_zero: bool) {
        if skip_zero && v == 0 {
            return;
        }
        self.sep(name);
        push_i64(self.p.out, v);
    }

    fn boolean(&mut self, name: &str, v: bool) {
        self.sep(name);
        self.p.out.push_str(if v { "true" } else { "false" });
    }

    fn flags(&mut self, name: &str, v: u64) {
        if v == 0 {
            return;
        }
        self.sep(name);
        dwarf::write_di_flags(self.p.out, v);
    }

    fn dwarf_enum(&mut self, name: &str, v: u64, f: fn(u64) -> Option<&'static str>) {
        if v == 0 {
            return;
        }
        self.sep(name);
        match f(v) {
            Some(s) => self.p.out.push_str(s),
            None => push_u64(self.p.out, v),
        }
    }

    fn end(self) {
        self.p.out.push(')');
    }
}

impl Printer<'_> {
    /// Writes a metadata reference as an operand: `!N`, `!"string"`, or `type value` for a
    /// value wrapper.
    pub fn write_md_operand(&mut self, md: Metadata) {
        let m = self.m;
        match m.md(md) {
            Some(M::String(b)) => {
                self.out.push_str("!\"");
                write_escaped(self.out, b);
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
                let mut f = Fields::new(self, "!DILocation(");
                f.uint("line", k.line, false);
                f.uint("column", k.col, true);
                f.md("scope", k.scope, false);
                f.md("inlinedAt", k.inlined_at, true);
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
        if data.is_distinct() {
            self.out.push_str("distinct ");
        }
        match data {
            M::String(_) | M::Value { .. } => self.write_md_operand(id),
            M::Node { operands, .. } => {
                self.out.push_str("!{");
                for (i, op) in operands.iter().enumerate() {
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
            M::Location(n) => {
                let mut f = Fields::new(self, "!DILocation(");
                f.uint("line", n.line, false);
                f.uint("column", n.column, true);
                f.md("scope", Some(n.scope), false);
                f.md("inlinedAt", n.inlined_at, true);
                f.end();
            }
            M::GenericDebug(n) => {
                let mut f = Fields::new(self, "!GenericDINode(");
                f.tag(n.tag);
                f.string("header", n.header, true);
                if !n.operands.is_empty() {
                    f.sep("operands");
                    f.p.out.push('{');
                    for (i, o) in n.operands.iter().enumerate() {
                        if i > 0 {
                            f.p.out.push_str(", ");
                        }
                        match o {
                            None => f.p.out.push_str("null"),
                            Some(o) => f.p.write_md_operand(*o),
                        }
                    }
                    f.p.out.push('}');
                }
                f.end();
            }
            M::Subrange(n) => {
                let mut f = Fields::new(self, "!DISubrange(");
                f.int("count", n.count, false);
                f.int("lowerBound", n.lower_bound, true);
                f.end();
            }
            M::Enumerator(n) => {
                let mut f = Fields::new(self, "!DIEnumerator(");
                f.string("name", n.name, false);
                f.int("value", n.value, false);
                f.end();
            }
            M::BasicType(n) => {
                let mut f = Fields::new(self, "!DIBasicType(");
                if n.tag != 0x24 {
                    f.tag(n.tag);
                }
                f.string("name", n.name, true);
                f.uint("size", n.size, true);
                f.uint("align", n.align, true);
                f.dwarf_enum("encoding", n.encoding, dwarf::attribute_encoding_name);
                f.end();
            }
            M::File(n) => {
                let mut f = Fields::new(self, "!DIFile(");
                f.string("filename", n.filename, false);
                f.string("directory", n.directory, false);
                f.end();
            }
            M::DerivedType(n) => {
                let mut f = Fields::new(self, "!DIDerivedType(");
                f.tag(n.tag);
                f.string("name", n.name, true);
                f.md("scope", n.scope, true);
                f.md("file", n.file, true);
                f.uint("line", n.line, true);
                f.md("baseType", n.base_type, false);
                f.uint("size", n.size, true);
                f.uint("align", n.align, true);
                f.uint("offset", n.offset, true);
                f.flags("flags", n.flags);
                f.md("extraData", n.extra_data, true);
                f.end();
            }
            M::CompositeType(n) => {
                let mut f = Fields::new(self, "!DICompositeType(");
                f.tag(n.tag);
                f.string("name", n.name, true);
                f.md("scope", n.scope, true);
                f.md("file", n.file, true);
                f.uint("line", n.line, true);
                f.md("baseType", n.base_type, true);
                f.uint("size", n.size, true);
                f.uint("align", n.align, true);
                f.uint("offset", n.offset, true);
                f.flags("flags", n.flags);
                f.md("elements", n.elements, true);
                f.dwarf_enum("runtimeLang", n.runtime_lang, dwarf::language_name);
                f.md("vtableHolder", n.vtable_holder, true);
                f.md("templateParams", n.template_params, true);
                f.string("identifier", n.identifier, true);
                f.end();
            }
            M::SubroutineType(n) => {
                let mut f = Fields::new(self, "!DISubroutineType(");
                f.flags("flags", n.flags);
                f.md("types", n.types, false);
                f.end();
            }
            M::CompileUnit(n) => {
                let mut f = Fields::new(self, "!DICompileUnit(");
                f.dwarf_enum("language", n.language, dwarf::language_name);
                f.md("file", n.file, false);
                f.string("producer", n.producer, true);
                f.boolean("isOptimized", n.is_optimized);
                f.string("flags", n.flags, true);
                f.uint("runtimeVersion", n.runtime_version, false);
                f.string("splitDebugFilename", n.split_debug_filename, true);
                f.uint("emissionKind", n.emission_kind, false);
                f.md("enums", n.enums, true);
                f.md("retainedTypes", n.retained_types, true);
                f.md("subprograms", n.subprograms, true);
                f.md("globals", n.globals, true);
                f.md("imports", n.imports, true);
                f.uint("dwoId", n.dwo_id.unwrap_or(0), true);
                f.end();
            }
            M::Subprogram(n) => {
                let mut f = Fields::new(self, "!DISubprogram(");
                f.string("name", n.name, true);
                f.string("linkageName", n.linkage_name, true);
                f.md("scope", n.scope, false);
                f.md("file", n.file, true);
                f.uint("line", n.line, true);
                f.md("type", n.ty, true);
                f.boolean("isLocal", n.is_local);
                f.boolean("isDefinition", n.is_definition);
                f.uint("scopeLine", n.scope_line, true);
                f.md("containingType", n.containing_type, true);
                f.dwarf_enum("virtuality", n.virtuality, dwarf::virtuality_name);
                f.uint("virtualIndex", n.virtual_index, true);
                f.flags("flags", n.flags);
                f.boolean("isOptimized", n.is_optimized);
                f.md("function", n.function, true);
                f.md("templateParams", n.template_params, true);
                f.md("declaration", n.declaration, true);
                f.md("variables", n.variables, true);
                f.end();
            }
            M::LexicalBlock(n) => {
                let mut f = Fields::new(self, "!DILexicalBlock(");
                f.md("scope", n.scope, false);
                f.md("file", n.file, true);
                f.uint("line", n.line, true);
                f.uint("column", n.column, true);
                f.end();
            }
            M::LexicalBlockFile(n) => {
                let mut f = Fields::new(self, "!DILexicalBlockFile(");
                f.md("scope", n.scope, false);
                f.md("file", n.file, true);
                f.uint("discriminator", n.discriminator, false);
                f.end();
            }
            M::Namespace(n) => {
                let mut f = Fields::new(self, "!DINamespace(");
                f.string("name", n.name, true);
                f.md("scope", n.scope, false);
                f.md("file", n.file, true);
                f.uint("line", n.line, true);
                f.end();
            }
            M::TemplateTypeParameter(n) => {
                let mut f = Fields::new(self, "!DITemplateTypeParameter(");
                f.string("name", n.name, true);
                f.md("type", n.ty, false);
                f.end();
            }
            M::TemplateValueParameter(n) => {
                let mut f = Fields::new(self, "!DITemplateValueParameter(");
                if n.tag != 0x30 {
                    f.tag(n.tag);
                }
                f.string("name", n.name, true);
                f.md("type", n.ty, true);
                f.md("value", n.value, false);
                f.end();
            }
            M::GlobalVariable(n) => {
                let mut f = Fields::new(self, "!DIGlobalVariable(");
                f.string("name", n.name, true);
                f.string("linkageName", n.linkage_name, true);
                f.md("scope", n.scope, false);
                f.md("file", n.file, true);
                f.uint("line", n.line, true);
                f.md("type", n.ty, true);
                f.boolean("isLocal", n.is_local);
                f.boolean("isDefinition", n.is_definition);
                f.md("variable", n.variable, true);
                f.md("declaration", n.static_data_member_declaration, true);
                f.end();
            }
            M::LocalVariable(n) => {
                let mut f = Fields::new(self, "!DILocalVariable(");
                f.tag(n.tag);
                f.string("name", n.name, true);
                f.uint("arg", n.arg, n.tag == 0x100);
                f.md("scope", n.scope, false);
                f.md("file", n.file, true);
                f.uint("line", n.line, true);
                f.md("type", n.ty, true);
                f.flags("flags", n.flags);
                f.end();
            }
            M::Expression(n) => {
                self.out.push_str("!DIExpression(");
                dwarf::write_di_expression_elements(self.out, &n.elements);
                self.out.push(')');
            }
            M::ObjCProperty(n) => {
                let mut f = Fields::new(self, "!DIObjCProperty(");
                f.string("name", n.name, true);
                f.md("file", n.file, true);
                f.uint("line", n.line, true);
                f.string("setter", n.setter, true);
                f.string("getter", n.getter, true);
                f.uint("attributes", n.attributes, true);
                f.md("type", n.ty, true);
                f.end();
            }
            M::ImportedEntity(n) => {
                let mut f = Fields::new(self, "!DIImportedEntity(");
                f.tag(n.tag);
                f.string("name", n.name, true);
                f.md("scope", n.scope, false);
                f.md("entity", n.entity, true);
                f.uint("line", n.line, true);
                f.end();
            }
            M::Module(n) => {
                let mut f = Fields::new(self, "!DIModule(");
                f.md("scope", n.scope, false);
                f.string("name", n.name, true);
                f.string("configMacros", n.configuration_macros, true);
                f.string("includePath", n.include_path, true);
                f.string("isysroot", n.isysroot, true);
                f.end();
            }
        }
    }
}
