//! The module as LLVM 3.7 prints it (`AssemblyWriter::printModule`): target lines, struct
//! types, globals, aliases, functions, attribute groups, named metadata, metadata nodes.

use dxil_ir::{TypeData, ValueRef};

use crate::attrs::write_attrs;
use crate::function::{write_linkage, write_visibility_dll};
use crate::names::{write_escaped, write_metadata_identifier, write_name};
use crate::printer::Printer;
use crate::slots::NodeRef;
use crate::types::push_u64;

impl Printer<'_> {
    /// Prints the whole module.
    pub fn print_module(&mut self) {
        let m = self.m;
        if let Some(dl) = m.name_of(m.datalayout).filter(|s| !s.is_empty()) {
            self.out.push_str("target datalayout = \"");
            self.out.push_str(dl);
            self.out.push_str("\"\n");
        }
        if let Some(t) = m.name_of(m.triple).filter(|s| !s.is_empty()) {
            self.out.push_str("target triple = \"");
            self.out.push_str(t);
            self.out.push_str("\"\n");
        }
        if let Some(asm) = m.asm.as_deref().filter(|s| !s.is_empty()) {
            self.out.push('\n');
            let mut rest = asm;
            loop {
                let (front, tail) = match rest.find('\n') {
                    Some(p) => (&rest[..p], &rest[p + 1..]),
                    None => (rest, ""),
                };
                self.out.push_str("module asm \"");
                write_escaped(self.out, front.as_bytes());
                self.out.push_str("\"\n");
                rest = tail;
                if rest.is_empty() {
                    break;
                }
            }
        }
        self.print_type_identities();
        if !m.globals.is_empty() {
            self.out.push('\n');
        }
        for g in m.globals.ids() {
            self.print_global(g);
            self.out.push('\n');
        }
        if !m.aliases.is_empty() {
            self.out.push('\n');
        }
        for a in m.aliases.ids() {
            self.print_alias(a);
        }
        for f in m.functions.ids() {
            self.print_function(f);
        }
        if !self.slots.attr_sets.is_empty() {
            self.out.push('\n');
            for i in 0..self.slots.attr_sets.len() {
                self.out.push_str("attributes #");
                push_u64(self.out, i as u64);
                self.out.push_str(" = { ");
                let set = std::mem::take(&mut self.slots.attr_sets[i]);
                write_attrs(self.out, &set, true);
                self.slots.attr_sets[i] = set;
                self.out.push_str(" }\n");
            }
        }
        if !m.named_metadata.is_empty() {
            self.out.push('\n');
        }
        for nm in &m.named_metadata {
            self.out.push('!');
            write_metadata_identifier(self.out, m.name_str(nm.name).as_bytes());
            self.out.push_str(" = !{");
            for (i, &md) in m.list(nm.operands).iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.write_node_ref(NodeRef::Arena(md));
            }
            self.out.push_str("}\n");
        }
        if !self.slots.order.is_empty() {
            self.out.push('\n');
            for i in 0..self.slots.order.len() {
                let n = self.slots.order[i];
                self.out.push('!');
                push_u64(self.out, i as u64);
                self.out.push_str(" = ");
                self.write_node_body(n);
                self.out.push('\n');
            }
        }
    }

    fn print_type_identities(&mut self) {
        let m = self.m;
        if self.types.named.is_empty() && self.types.numbered.is_empty() {
            return;
        }
        self.out.push('\n');
        for i in 0..self.types.numbered.len() {
            let ty = self.types.numbered[i];
            self.out.push('%');
            push_u64(self.out, i as u64);
            self.out.push_str(" = type ");
            self.types.write_struct_body(m, self.out, ty);
            self.out.push('\n');
        }
        for i in 0..self.types.named.len() {
            let ty = self.types.named[i];
            if let Some(TypeData::Struct(st)) = m.ty(ty) {
                write_name(self.out, Some('%'), st.name.as_deref().unwrap_or(""));
            }
            self.out.push_str(" = type ");
            self.types.write_struct_body(m, self.out, ty);
            self.out.push('\n');
        }
    }

    fn print_global(&mut self, id: dxil_ir::Global) {
        let m = self.m;
        let Some(g) = m.globals.get(id) else {
            return;
        };
        self.write_value(ValueRef::Global(id), 0);
        self.out.push_str(" = ");
        let linkage = dxil_ir::decode_linkage(u64::from(g.common.linkage));
        if g.initializer.is_none() && linkage == Some(dxil_ir::Linkage::External) {
            self.out.push_str("external ");
        }
        write_linkage(self.out, g.common.linkage);
        write_visibility_dll(self.out, g.common.visibility, g.common.dll_storage);
        self.out.push_str(match g.common.thread_local {
            1 => "thread_local ",
            2 => "thread_local(localdynamic) ",
            3 => "thread_local(initialexec) ",
            4 => "thread_local(localexec) ",
            _ => "",
        });
        if g.common.unnamed_addr {
            self.out.push_str("unnamed_addr ");
        }
        if g.addrspace != 0 {
            self.out.push_str("addrspace(");
            push_u64(self.out, u64::from(g.addrspace));
            self.out.push_str(") ");
        }
        if g.externally_initialized {
            self.out.push_str("externally_initialized ");
        }
        self.out.push_str(if g.is_constant {
            "constant "
        } else {
            "global "
        });
        self.write_type(g.value_ty);
        if let Some(init) = g.initializer {
            self.out.push(' ');
            self.write_value(init, 0);
        }
        if g.section != 0 {
            if let Some(&s) = m.section_names.get(g.section as usize - 1) {
                self.out.push_str(", section \"");
                write_escaped(self.out, m.name_str(s).as_bytes());
                self.out.push('"');
            }
        }
        if g.common.comdat != 0 {
            self.write_comdat(g.common.comdat, m.name_of(g.common.name), true);
        }
        if g.align_log2p1 != 0 && g.align_log2p1 < 64 {
            self.out.push_str(", align ");
            push_u64(self.out, 1u64 << (g.align_log2p1 - 1));
        }
    }

    fn print_alias(&mut self, id: dxil_ir::Alias) {
        let m = self.m;
        let Some(a) = m.aliases.get(id) else {
            return;
        };
        self.write_value(ValueRef::Alias(id), 0);
        self.out.push_str(" = ");
        write_linkage(self.out, a.common.linkage);
        write_visibility_dll(self.out, a.common.visibility, a.common.dll_storage);
        self.out.push_str(match a.common.thread_local {
            1 => "thread_local ",
            2 => "thread_local(localdynamic) ",
            3 => "thread_local(initialexec) ",
            4 => "thread_local(localexec) ",
            _ => "",
        });
        if a.common.unnamed_addr {
            self.out.push_str("unnamed_addr ");
        }
        self.out.push_str("alias ");
        let is_ce = match a.aliasee {
            ValueRef::Const(c) => m.constant(c).is_some_and(|d| {
                !matches!(
                    d.kind,
                    dxil_ir::ConstKind::Null
                        | dxil_ir::ConstKind::Undef
                        | dxil_ir::ConstKind::Int(_)
                        | dxil_ir::ConstKind::Float(_)
                        | dxil_ir::ConstKind::Aggregate(_)
                        | dxil_ir::ConstKind::Data(_)
                )
            }),
            _ => false,
        };
        if is_ce {
            self.write_value(a.aliasee, 0);
        } else {
            self.write_typed_value(a.aliasee, 0);
        }
        self.out.push('\n');
    }
}
