//! The auto-upgrade LLVM applies to a module as it reads it, where it changes what the
//! reference validator sees: scalar TBAA tags become struct-path tags (LLVM 3.7
//! `UpgradeInstWithTBAATag`). DXIL writers emit struct-path tags, so the module is copied only
//! when an old-style tag is attached somewhere.

use std::borrow::Cow;

use dxil_ir::{
    CheckedModule, ConstData, ConstKind, Metadata, MetadataData, Module, TypeData, ValueRef,
};

/// The module with its scalar TBAA tags upgraded: borrowed as it is when it has none.
pub(crate) fn upgrade(m: &CheckedModule) -> Cow<'_, CheckedModule> {
    let tbaa: Vec<u32> = m
        .metadata_kinds
        .iter()
        .filter(|k| k.name == "tbaa")
        .map(|k| k.id)
        .collect();
    if tbaa.is_empty()
        || !m
            .functions
            .iter()
            .any(|f| has_old_tag(m, f.body.as_ref(), &tbaa))
    {
        return Cow::Borrowed(m);
    }
    let mut out = Module::clone(m);
    let mut upgraded: Vec<(Metadata, Metadata)> = Vec::new();
    for fi in 0..out.functions.len() {
        let Some(body) = out.functions.as_slice()[fi].body.as_ref() else {
            continue;
        };
        // (instruction index, attachment index, old tag)
        let mut sites: Vec<(usize, usize, Metadata)> = Vec::new();
        for (ii, data) in body.insts.iter().enumerate() {
            for (ai, &(kind, md)) in data.attachments().iter().enumerate() {
                if tbaa.contains(&kind) && is_old_tag(&out, md) {
                    sites.push((ii, ai, md));
                }
            }
        }
        for (ii, ai, old) in sites {
            let new = match upgraded.iter().find(|(o, _)| *o == old) {
                Some(&(_, n)) => n,
                None => {
                    let n = upgrade_tag(&mut out, old);
                    upgraded.push((old, n));
                    n
                }
            };
            if let Some(body) = out.functions.as_mut_slice()[fi].body.as_mut() {
                if let Some(a) = body.insts.as_mut_slice()[ii].attachments_mut().get_mut(ai) {
                    a.1 = new;
                }
            }
        }
    }
    // Every id the upgrade stores is one of the checked module's or one it just pushed
    // (the new nodes, the `i64` type, its zero and that zero's wrapper).
    Cow::Owned(CheckedModule::proven_by_maker(out))
}

fn has_old_tag(m: &Module, body: Option<&dxil_ir::Body>, tbaa: &[u32]) -> bool {
    body.is_some_and(|b| {
        b.insts.iter().any(|d| {
            d.attachments()
                .iter()
                .any(|&(k, md)| tbaa.contains(&k) && is_old_tag(m, md))
        })
    })
}

/// The operands of a node; a string or value wrapper has none (and is no tag).
fn operands(m: &Module, md: Metadata) -> &[Option<Metadata>] {
    match m.md(md) {
        Some(MetadataData::Node { operands, .. }) => m.list(*operands),
        _ => &[],
    }
}

/// A scalar tag: a node whose first operand is not a node, or with fewer than three
/// operands (an empty node is left alone: LLVM would read past its end).
fn is_old_tag(m: &Module, md: Metadata) -> bool {
    let o = operands(m, md);
    if o.is_empty() {
        return false;
    }
    let first_is_node = o[0]
        .and_then(|x| m.md(x))
        .is_some_and(|d| !matches!(d, MetadataData::String(_) | MetadataData::Value { .. }));
    !(first_is_node && o.len() >= 3)
}

/// `!{S, S, i64 0, flag}` with `S = !{name, parent}` for a three-operand tag, `!{tag, tag,
/// i64 0}` otherwise; nodes are unique by content, as LLVM keeps them.
fn upgrade_tag(m: &mut Module, old: Metadata) -> Metadata {
    let o: Vec<Option<Metadata>> = operands(m, old).to_vec();
    let zero = zero_i64(m);
    if o.len() == 3 {
        let s = node(m, vec![o[0], o[1]]);
        node(m, vec![Some(s), Some(s), Some(zero), o[2]])
    } else {
        node(m, vec![Some(old), Some(old), Some(zero)])
    }
}

/// The uniqued node with these operands.
fn node(m: &mut Module, operands: Vec<Option<Metadata>>) -> Metadata {
    let existing = m.metadata.iter_with_ids().find_map(|(id, d)| match d {
        MetadataData::Node {
            distinct: false,
            operands: o,
        } if m.list(*o) == operands => Some(id),
        _ => None,
    });
    existing.unwrap_or_else(|| {
        let operands = m.pools.push(&operands);
        m.metadata.push(MetadataData::Node {
            distinct: false,
            operands,
        })
    })
}

/// `i64 0` as metadata.
fn zero_i64(m: &mut Module) -> Metadata {
    let ty = m
        .find_type(&TypeData::Int(64))
        .unwrap_or_else(|| m.types.push(TypeData::Int(64)));
    let is_zero =
        |d: &ConstData| d.ty == ty && matches!(d.kind, ConstKind::Int(0) | ConstKind::Null);
    let found = m
        .constants
        .iter_with_ids()
        .find_map(|(id, d)| is_zero(d).then_some(id));
    let c = match found {
        Some(c) => c,
        None => m.constants.push(ConstData {
            ty,
            kind: ConstKind::Int(0),
        }),
    };
    let existing = m.metadata.iter_with_ids().find_map(|(id, d)| match d {
        MetadataData::Value {
            value: ValueRef::Const(x),
            ..
        } if *x == c => Some(id),
        _ => None,
    });
    existing.unwrap_or_else(|| {
        m.metadata.push(MetadataData::Value {
            ty,
            value: ValueRef::Const(c),
        })
    })
}
