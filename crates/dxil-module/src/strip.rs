//! Debug-info stripping, as the reference does before it writes the `DXIL` part of a shader
//! built with debug info (the full module goes to `ILDB`): LLVM 3.7's `StripDebugInfo`
//! (calls to `llvm.dbg.declare` / `llvm.dbg.value` and their declarations, named metadata
//! `llvm.dbg.*`, every instruction's debug location) followed by DXC's
//! `DxilModule::StripDebugRelatedCode` (the `dx.source.*` and `dx.binding.table` named
//! metadata, and the `Dwarf Version` / `Debug Info Version` module flags; the remaining flags
//! are added again, so `llvm.module.flags` moves to the end of the named metadata).
//!
//! Metadata, types and attribute lists that only the removed parts used are left in the
//! arenas; the bitcode writer only writes what is reachable, as LLVM's value enumerator does.
//! Use-list orders are dropped: the reference writes the stripped module without them.

use dxil_ir::{Function, GlobalValue, InstKind, MetadataData, Module, ValueRef, VstEntry};

use crate::error::{Error, ErrorKind, Result};

/// The debug intrinsics whose calls and declarations are removed.
const DEBUG_INTRINSICS: [&str; 2] = ["llvm.dbg.declare", "llvm.dbg.value"];

/// Named metadata DXC removes with the debug info (`StripShaderSourcesAndCompileOptions`).
const DXIL_DEBUG_NAMED: [&str; 5] = [
    "dx.source.contents",
    "dx.source.defines",
    "dx.source.mainFileName",
    "dx.source.args",
    "dx.binding.table",
];

/// Module flags DXC removes (`StripDebugRelatedCode`).
const DEBUG_FLAGS: [&[u8]; 2] = [b"Dwarf Version", b"Debug Info Version"];

/// The reference's `HasDebugInfoOrLineNumbers`: a named metadata `llvm.dbg.*`, or a nonzero
/// `Debug Info Version` module flag.
pub fn has_debug_info(m: &Module) -> bool {
    m.named_metadata
        .iter()
        .any(|n| m.name_str(n.name).starts_with("llvm.dbg."))
        || module_flag_int(m, b"Debug Info Version").is_some_and(|v| v != 0)
}

/// The key of a module flag node `!{i32 behavior, !"key", value}`.
fn flag_key(m: &Module, node: dxil_ir::Metadata) -> Option<&[u8]> {
    let MetadataData::Node { operands, .. } = m.metadata.get(node)? else {
        return None;
    };
    match m.metadata.get(m.list(*operands).get(1).copied()??)? {
        MetadataData::String(s) => Some(m.bytes(*s)),
        _ => None,
    }
}

/// The integer value of module flag `key`, when it is a constant integer.
fn module_flag_int(m: &Module, key: &[u8]) -> Option<i64> {
    let flags = m.find_named_metadata("llvm.module.flags")?;
    let node = *m
        .list(flags.operands)
        .iter()
        .find(|&&n| flag_key(m, n) == Some(key))?;
    let MetadataData::Node { operands, .. } = m.metadata.get(node)? else {
        return None;
    };
    let MetadataData::Value {
        value: ValueRef::Const(c),
        ..
    } = m.metadata.get(m.list(*operands).get(2).copied()??)?
    else {
        return None;
    };
    match m.constant(*c)?.kind {
        dxil_ir::ConstKind::Int(v) => Some(v),
        dxil_ir::ConstKind::Null => Some(0),
        _ => None,
    }
}

/// Strips the debug info from `m` (see the module docs). Returns whether anything changed.
/// Fails, leaving `m` unchanged, when a debug intrinsic is used other than as a callee.
pub fn strip_debug_info(m: &mut Module) -> Result<bool> {
    let removed: Vec<bool> = m
        .functions
        .iter()
        .map(|f| {
            f.body.is_none()
                && m.name_of(f.common.name)
                    .is_some_and(|n| DEBUG_INTRINSICS.contains(&n))
        })
        .collect();
    check_only_called(m, &removed)?;
    let mut changed = removed.iter().any(|&r| r);

    // Calls to the intrinsics go; every debug location goes.
    for f in &mut m.functions {
        let Some(body) = f.body.as_mut() else {
            continue;
        };
        let keep: Vec<bool> = body
            .insts
            .iter()
            .map(|i| !matches!(&i.kind, InstKind::Call { callee: ValueRef::Function(c), .. } if removed.get(c.index()).copied().unwrap_or(false)))
            .collect();
        if keep.iter().any(|&k| !k) {
            changed = true;
            compact_insts(body, &keep, &mut m.metadata);
        }
        for inst in &mut body.insts {
            if inst.debug_loc().is_some() {
                inst.set_debug_loc(None);
                changed = true;
            }
        }
        if !body.uselists.is_empty() {
            body.uselists.clear();
            changed = true;
        }
    }
    if changed {
        remove_functions(m, &removed);
    }

    // Named metadata.
    let before = m.named_metadata.len();
    let names = &m.names;
    m.named_metadata.retain(|n| {
        let name = names.get(n.name).unwrap_or("");
        !name.starts_with("llvm.dbg.") && !DXIL_DEBUG_NAMED.contains(&name)
    });
    changed |= m.named_metadata.len() != before;
    if let Some(pos) = m
        .named_metadata
        .iter()
        .position(|n| m.name_str(n.name) == "llvm.module.flags")
    {
        let mut flags = m.named_metadata.remove(pos);
        let count = flags.operands.len();
        let kept: Vec<_> = m
            .list(flags.operands)
            .iter()
            .copied()
            .filter(|&n| !flag_key(m, n).is_some_and(|k| DEBUG_FLAGS.contains(&k)))
            .collect();
        if kept.len() != count {
            flags.operands = m.pools.push(&kept);
            changed = true;
        }
        if !flags.operands.is_empty() {
            changed |= pos != m.named_metadata.len();
            m.named_metadata.push(flags);
        } else {
            changed = true;
        }
    }
    if !m.uselists.is_empty() {
        m.uselists.clear();
        changed = true;
    }
    Ok(changed)
}

/// Refuses a module where a function to remove is referenced other than as a call's callee.
fn check_only_called(m: &Module, removed: &[bool]) -> Result<()> {
    let is_removed = |v: &ValueRef| matches!(v, ValueRef::Function(f) if removed.get(f.index()).copied().unwrap_or(false));
    let err = || {
        Error::new(
            ErrorKind::Expected("a debug intrinsic used only as the callee of calls"),
            None,
            "llvm.dbg.declare / llvm.dbg.value",
            None,
        )
    };
    let mut bad = false;
    for c in &m.constants {
        c.kind.for_each_operand(&m.pools, |v| bad |= is_removed(&v));
        if let dxil_ir::ConstKind::BlockAddress { function, .. } = c.kind {
            bad |= removed.get(function.index()).copied().unwrap_or(false);
        }
    }
    for md in &m.metadata {
        if let MetadataData::Value { value, .. } = md {
            bad |= is_removed(value);
        }
    }
    for a in &m.aliases {
        bad |= is_removed(&a.aliasee);
    }
    for f in &m.functions {
        for v in [&f.prologue, &f.prefix, &f.personality]
            .into_iter()
            .flatten()
        {
            bad |= is_removed(v);
        }
        let Some(body) = &f.body else { continue };
        for inst in &body.insts {
            // A call may name a removed intrinsic as its callee, and nowhere else.
            let mut refs = 0usize;
            inst.kind
                .for_each_operand(&body.pool, |v| refs += usize::from(is_removed(v)));
            let allowed = usize::from(
                matches!(&inst.kind, InstKind::Call { callee, .. } if is_removed(callee)),
            );
            bad |= refs > allowed;
        }
    }
    if bad {
        Err(err())
    } else {
        Ok(())
    }
}

/// Drops the instructions whose `keep` is false from `body` (none of them may have a value
/// in use: the calls removed here return `void`), renumbering the rest.
fn compact_insts(body: &mut dxil_ir::Body, keep: &[bool], metadata: &mut [MetadataData]) {
    let map = body
        .insts
        .retain_renumbered(|i, _| keep.get(i.index()).copied().unwrap_or(true));
    let remap = |v: &mut ValueRef| {
        if let ValueRef::Inst(i) = v {
            if let Some(Some(n)) = map.get(i.index()) {
                *i = *n;
            }
        }
    };
    for inst in &mut body.insts {
        inst.kind.for_each_operand_mut(&mut body.pool, remap);
    }
    for b in &mut body.blocks {
        b.insts
            .retain(|i| matches!(map.get(i.index()), Some(Some(_))));
        for i in &mut b.insts {
            if let Some(Some(n)) = map.get(i.index()) {
                *i = *n;
            }
        }
    }
    for e in &mut body.symtab {
        if let VstEntry::Value(v) = e {
            remap(v);
        }
    }
    // Function-local value wrappers name this body's instructions.
    for md in &body.local_metadata {
        if let Some(MetadataData::Value { value, .. }) = metadata.get_mut(md.index()) {
            remap(value);
        }
    }
}

/// Removes the functions marked in `removed` (declarations no longer used) and renumbers
/// every reference to the others.
fn remove_functions(m: &mut Module, removed: &[bool]) {
    let map = m
        .functions
        .retain_renumbered(|f, _| !removed.get(f.index()).copied().unwrap_or(false));
    let new_id = |f: Function| map.get(f.index()).copied().flatten();
    let remap = |v: &mut ValueRef| {
        if let ValueRef::Function(f) = v {
            if let Some(n) = new_id(*f) {
                *f = n;
            }
        }
    };
    m.global_values.retain_mut(|g| match g {
        GlobalValue::Function(f) => match new_id(*f) {
            Some(n) => {
                *f = n;
                true
            }
            None => false,
        },
        _ => true,
    });
    m.symtab.retain_mut(|e| match e {
        VstEntry::Value(ValueRef::Function(f)) => match new_id(*f) {
            Some(n) => {
                *f = n;
                true
            }
            None => false,
        },
        _ => true,
    });
    for c in &mut m.constants {
        c.kind.for_each_operand_mut(&mut m.pools, remap);
        if let dxil_ir::ConstKind::BlockAddress { function, .. } = &mut c.kind {
            if let Some(n) = new_id(*function) {
                *function = n;
            }
        }
    }
    for md in &mut m.metadata {
        if let MetadataData::Value { value, .. } = md {
            remap(value);
        }
    }
    for a in &mut m.aliases {
        remap(&mut a.aliasee);
    }
    for f in &mut m.functions {
        for v in [&mut f.prologue, &mut f.prefix, &mut f.personality]
            .into_iter()
            .flatten()
        {
            remap(v);
        }
        if let Some(body) = f.body.as_mut() {
            for inst in &mut body.insts {
                inst.kind.for_each_operand_mut(&mut body.pool, remap);
            }
        }
    }
}
