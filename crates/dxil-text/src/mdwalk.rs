//! The operands of a metadata node in LLVM 3.7's in-memory order (the `Ops[]` layout of each
//! `DI*` class in `DebugInfoMetadata.cpp`), which decides slot numbering and type discovery.

use dxil_ir::{Metadata, MetadataData as M, Module, ValueRef};

/// One operand of a node.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MdOperand {
    /// `null`.
    Null,
    /// Another node.
    Node(Metadata),
    /// A string.
    String(Metadata),
    /// A value wrapper.
    Value(ValueRef),
}

/// Classifies a nullable reference.
pub fn classify(m: &Module, r: Option<Metadata>) -> MdOperand {
    match r {
        None => MdOperand::Null,
        Some(id) => match m.md(id) {
            Some(M::String(_)) => MdOperand::String(id),
            Some(M::Value { value, .. }) => MdOperand::Value(*value),
            Some(_) => MdOperand::Node(id),
            None => MdOperand::Null,
        },
    }
}

/// Appends the operands of node `md` in LLVM's operand order to `out`.
pub fn md_operands_into(m: &Module, md: Metadata, out: &mut Vec<MdOperand>) {
    let Some(data) = m.md(md) else {
        return;
    };
    let fixed: [Option<Metadata>; 11];
    let refs: &[Option<Metadata>] = match data {
        M::String(_) | M::Value { .. } => return,
        M::Node { operands, .. } => m.list(*operands),
        M::Location(n) => {
            fixed = pad([Some(n.scope), n.inlined_at]);
            let len = if n.inlined_at.is_some() { 2 } else { 1 };
            &fixed[..len]
        }
        M::GenericDebug(n) => {
            let Some(n) = m.record(n) else { return };
            out.push(classify(m, n.header));
            m.list(n.operands)
        }
        M::Subrange(_) | M::Expression(_) => &[],
        M::Enumerator(n) => {
            fixed = pad([n.name]);
            &fixed[..1]
        }
        M::BasicType(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([None, None, n.name]);
            &fixed[..3]
        }
        M::File(n) => {
            fixed = pad([n.filename, n.directory]);
            &fixed[..2]
        }
        M::DerivedType(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([n.file, n.scope, n.name, n.base_type, n.extra_data]);
            &fixed[..5]
        }
        M::CompositeType(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([
                n.file,
                n.scope,
                n.name,
                n.base_type,
                n.elements,
                n.vtable_holder,
                n.template_params,
                n.identifier,
            ]);
            &fixed[..8]
        }
        M::SubroutineType(n) => {
            fixed = pad([None, None, None, None, n.types, None, None, None]);
            &fixed[..8]
        }
        M::CompileUnit(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([
                n.file,
                n.producer,
                n.flags,
                n.split_debug_filename,
                n.enums,
                n.retained_types,
                n.subprograms,
                n.globals,
                n.imports,
            ]);
            &fixed[..9]
        }
        M::Subprogram(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = [
                n.file,
                n.scope,
                n.name,
                n.name,
                n.linkage_name,
                n.ty,
                n.containing_type,
                n.function,
                n.template_params,
                n.declaration,
                n.variables,
            ];
            &fixed[..11]
        }
        M::LexicalBlock(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([n.file, n.scope]);
            &fixed[..2]
        }
        M::LexicalBlockFile(n) => {
            fixed = pad([n.file, n.scope]);
            &fixed[..2]
        }
        M::Namespace(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([n.file, n.scope, n.name]);
            &fixed[..3]
        }
        M::TemplateTypeParameter(n) => {
            fixed = pad([n.name, n.ty]);
            &fixed[..2]
        }
        M::TemplateValueParameter(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([n.name, n.ty, n.value]);
            &fixed[..3]
        }
        M::GlobalVariable(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([
                n.scope,
                n.name,
                n.file,
                n.ty,
                n.name,
                n.linkage_name,
                n.variable,
                n.static_data_member_declaration,
            ]);
            &fixed[..8]
        }
        M::LocalVariable(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([n.scope, n.name, n.file, n.ty]);
            &fixed[..4]
        }
        M::ObjCProperty(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([n.name, n.file, n.getter, n.setter, n.ty]);
            &fixed[..5]
        }
        M::ImportedEntity(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([n.scope, n.entity, n.name]);
            &fixed[..3]
        }
        M::Module(n) => {
            let Some(n) = m.record(n) else { return };
            fixed = pad([
                n.scope,
                n.name,
                n.configuration_macros,
                n.include_path,
                n.isysroot,
            ]);
            &fixed[..5]
        }
    };
    out.extend(refs.iter().map(|&r| classify(m, r)));
}

/// Pads a short operand list to the longest layout.
fn pad<const N: usize>(a: [Option<Metadata>; N]) -> [Option<Metadata>; 11] {
    let mut o = [None; 11];
    o[..N].copy_from_slice(&a);
    o
}

/// Whether `md` is a node (not a string or value wrapper).
pub fn is_node(m: &Module, md: Metadata) -> bool {
    matches!(m.md(md), Some(d) if !matches!(d, M::String(_) | M::Value { .. }))
}
