//! Operand orders LLVM 3.7 walks: `User::operands()` of instructions and constants,
//! `MDNode::operands()` of each metadata node kind (DXC `DebugInfoMetadata.cpp`), and
//! `Type::subtypes()`.

use dxil_ir::{
    Body, ConstKind, InstKind, Metadata, MetadataData as M, Pools, Type, TypeData, ValueRef,
};

/// An operand in LLVM's operand order: a value or a basic block (label typed).
#[derive(Clone, Copy)]
pub(crate) enum Op {
    V(ValueRef),
    B,
}

/// Calls `f` on the operands of an instruction in LLVM 3.7's `User::operands()` order,
/// stopping at the first error.
#[inline]
pub(crate) fn llvm_operands<E, F: FnMut(Op) -> Result<(), E>>(
    body: &Body,
    kind: &InstKind,
    mut f: F,
) -> Result<(), E> {
    use InstKind as I;
    // Generic rather than `&mut dyn FnMut`: an indirect call per operand cost more than
    // the work the callers do with it.
    match kind {
        I::Call { callee, args, .. } => {
            for a in body.values(*args) {
                f(Op::V(*a))?;
            }
            f(Op::V(*callee))
        }
        I::Select {
            cond,
            if_true,
            if_false,
        } => {
            f(Op::V(*cond))?;
            f(Op::V(*if_true))?;
            f(Op::V(*if_false))
        }
        I::Store { ptr, value, .. } => {
            f(Op::V(*value))?;
            f(Op::V(*ptr))
        }
        I::Invoke { callee, args, .. } => {
            for a in body.values(*args) {
                f(Op::V(*a))?;
            }
            f(Op::B)?;
            f(Op::B)?;
            f(Op::V(*callee))
        }
        I::Br { .. } => f(Op::B),
        I::CondBr { cond, .. } => {
            f(Op::V(*cond))?;
            f(Op::B)?;
            f(Op::B)
        }
        I::Switch { cond, cases, .. } => {
            f(Op::V(*cond))?;
            f(Op::B)?;
            for (c, _) in body.list(*cases) {
                f(Op::V(*c))?;
                f(Op::B)?;
            }
            Ok(())
        }
        I::IndirectBr { addr, dests, .. } => {
            f(Op::V(*addr))?;
            for _ in body.list(*dests) {
                f(Op::B)?;
            }
            Ok(())
        }
        other => {
            // The error kept apart from the success path: a `Result` rewritten per operand
            // went through memory in pieces the loads after it had to wait for.
            let mut err = None;
            other.for_each_operand(&body.pool, |x| {
                if err.is_none() {
                    if let Err(e) = f(Op::V(*x)) {
                        err = Some(e);
                    }
                }
            });
            match err {
                None => Ok(()),
                Some(e) => Err(e),
            }
        }
    }
}

/// Calls `f` on the operands of a metadata node in LLVM operand order
/// (`MDNode::operands()`), nulls skipped. A callback rather than a list: the enumeration
/// keeps only the operands not yet numbered.
#[inline(always)]
pub(crate) fn md_operands(pools: &Pools, d: &M, mut f: impl FnMut(Metadata)) {
    let mut p = |x: &Option<Metadata>| {
        if let Some(x) = *x {
            f(x)
        }
    };
    match d {
        M::String(_) | M::Value { .. } | M::Subrange(_) | M::Expression(_) => {}
        M::Node { operands, .. } => pools.list(*operands).iter().for_each(p),
        M::Location(n) => {
            p(&Some(n.scope));
            p(&n.inlined_at);
        }
        M::GenericDebug(n) => {
            let Some(n) = pools.one(*n) else { return };
            p(&n.header);
            pools.list(n.operands).iter().for_each(p);
        }
        M::Enumerator(n) => p(&n.name),
        M::BasicType(n) => {
            if let Some(n) = pools.one(*n) {
                p(&n.name);
            }
        }
        M::File(n) => {
            p(&n.filename);
            p(&n.directory);
        }
        M::DerivedType(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [n.file, n.scope, n.name, n.base_type, n.extra_data] {
                p(&x);
            }
        }
        M::CompositeType(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [
                n.file,
                n.scope,
                n.name,
                n.base_type,
                n.elements,
                n.vtable_holder,
                n.template_params,
                n.identifier,
            ] {
                p(&x);
            }
        }
        M::SubroutineType(n) => p(&n.types),
        M::CompileUnit(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [
                n.file,
                n.producer,
                n.flags,
                n.split_debug_filename,
                n.enums,
                n.retained_types,
                n.subprograms,
                n.globals,
                n.imports,
            ] {
                p(&x);
            }
        }
        M::Subprogram(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [
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
            ] {
                p(&x);
            }
        }
        M::LexicalBlock(n) => {
            let Some(n) = pools.one(*n) else { return };
            p(&n.file);
            p(&n.scope);
        }
        M::LexicalBlockFile(n) => {
            p(&n.file);
            p(&n.scope);
        }
        M::Namespace(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [n.file, n.scope, n.name] {
                p(&x);
            }
        }
        M::TemplateTypeParameter(n) => {
            p(&n.name);
            p(&n.ty);
        }
        M::TemplateValueParameter(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [n.name, n.ty, n.value] {
                p(&x);
            }
        }
        M::GlobalVariable(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [
                n.scope,
                n.name,
                n.file,
                n.ty,
                n.name,
                n.linkage_name,
                n.variable,
                n.static_data_member_declaration,
            ] {
                p(&x);
            }
        }
        M::LocalVariable(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [n.scope, n.name, n.file, n.ty] {
                p(&x);
            }
        }
        M::ObjCProperty(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [n.name, n.file, n.getter, n.setter, n.ty] {
                p(&x);
            }
        }
        M::ImportedEntity(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [n.scope, n.entity, n.name] {
                p(&x);
            }
        }
        M::Module(n) => {
            let Some(n) = pools.one(*n) else { return };
            for x in [
                n.scope,
                n.name,
                n.configuration_macros,
                n.include_path,
                n.isysroot,
            ] {
                p(&x);
            }
        }
    }
}

/// The `i`-th value operand of a constant (the order of [`ConstKind::for_each_operand`]).
#[inline]
pub(crate) fn const_operand(pools: &Pools, k: &ConstKind, i: usize) -> Option<ValueRef> {
    use ConstKind as C;
    let pick = |ops: &[ValueRef]| ops.get(i).copied();
    match k {
        C::Aggregate(ops) | C::Gep { operands: ops, .. } => pools.list(*ops).get(i).copied(),
        C::Cast { value, .. } => pick(&[*value]),
        C::Binary { lhs, rhs, .. } | C::Cmp { lhs, rhs, .. } => pick(&[*lhs, *rhs]),
        C::Select {
            cond,
            if_true,
            if_false,
        } => pick(&[*cond, *if_true, *if_false]),
        C::ExtractElement { vector, index } => pick(&[*vector, *index]),
        C::InsertElement {
            vector,
            element,
            index,
        } => pick(&[*vector, *element, *index]),
        C::ShuffleVector { a, b, mask, .. } => pick(&[*a, *b, *mask]),
        _ => None,
    }
}

/// The `i`-th subtype of a type (`Type::subtypes()`).
#[inline]
pub(crate) fn subtype(t: &TypeData, i: usize) -> Option<Type> {
    match t {
        TypeData::Pointer { pointee, .. } => (i == 0).then_some(*pointee),
        TypeData::Array { elem, .. } | TypeData::Vector { elem, .. } => (i == 0).then_some(*elem),
        TypeData::Struct(s) => s.elems.get(i).copied(),
        TypeData::Function { ret, params, .. } => match i {
            0 => Some(*ret),
            _ => params.get(i - 1).copied(),
        },
        _ => None,
    }
}
