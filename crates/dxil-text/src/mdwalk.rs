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

/// The operands of node `md` in LLVM's operand order (empty for strings and values).
pub fn md_operands(m: &Module, md: Metadata) -> Vec<MdOperand> {
    let Some(data) = m.md(md) else {
        return Vec::new();
    };
    let refs: Vec<Option<Metadata>> = match data {
        M::String(_) | M::Value { .. } => return Vec::new(),
        M::Node { operands, .. } => operands.to_vec(),
        M::Location(n) => {
            let mut v = vec![Some(n.scope)];
            if n.inlined_at.is_some() {
                v.push(n.inlined_at);
            }
            v
        }
        M::GenericDebug(n) => {
            let mut v = vec![n.header];
            v.extend(n.operands.iter().copied());
            v
        }
        M::Subrange(_) | M::Expression(_) => Vec::new(),
        M::Enumerator(n) => vec![n.name],
        M::BasicType(n) => vec![None, None, n.name],
        M::File(n) => vec![n.filename, n.directory],
        M::DerivedType(n) => vec![n.file, n.scope, n.name, n.base_type, n.extra_data],
        M::CompositeType(n) => vec![
            n.file,
            n.scope,
            n.name,
            n.base_type,
            n.elements,
            n.vtable_holder,
            n.template_params,
            n.identifier,
        ],
        M::SubroutineType(n) => vec![None, None, None, None, n.types, None, None, None],
        M::CompileUnit(n) => vec![
            n.file,
            n.producer,
            n.flags,
            n.split_debug_filename,
            n.enums,
            n.retained_types,
            n.subprograms,
            n.globals,
            n.imports,
        ],
        M::Subprogram(n) => vec![
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
        ],
        M::LexicalBlock(n) => vec![n.file, n.scope],
        M::LexicalBlockFile(n) => vec![n.file, n.scope],
        M::Namespace(n) => vec![n.file, n.scope, n.name],
        M::TemplateTypeParameter(n) => vec![n.name, n.ty],
        M::TemplateValueParameter(n) => vec![n.name, n.ty, n.value],
        M::GlobalVariable(n) => vec![
            n.scope,
            n.name,
            n.file,
            n.ty,
            n.name,
            n.linkage_name,
            n.variable,
            n.static_data_member_declaration,
        ],
        M::LocalVariable(n) => vec![n.scope, n.name, n.file, n.ty],
        M::ObjCProperty(n) => vec![n.name, n.file, n.getter, n.setter, n.ty],
        M::ImportedEntity(n) => vec![n.scope, n.entity, n.name],
        M::Module(n) => vec![
            n.scope,
            n.name,
            n.configuration_macros,
            n.include_path,
            n.isysroot,
        ],
    };
    refs.into_iter().map(|r| classify(m, r)).collect()
}

/// Whether `md` is a node (not a string or value wrapper).
pub fn is_node(m: &Module, md: Metadata) -> bool {
    matches!(m.md(md), Some(d) if !matches!(d, M::String(_) | M::Value { .. }))
}
