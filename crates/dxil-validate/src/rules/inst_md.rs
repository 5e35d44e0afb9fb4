//! Metadata attached to instructions (`ValidateInstructionMetadata`, `IsPrecise`,
//! `ValidateControlFlowHint`; DXIL.rst "Metadata", `META.*`): only the kinds DXIL gives a
//! meaning to may be attached, each in its documented shape.

use dxil_ir::{CheckedModule, ConstKind, Metadata, MetadataData, TypeData, ValueRef};
use dxil_ops::ValidationRule as R;

use crate::context::Ctx;
use crate::util;

/// The attachment kinds the rules tell apart, by their names in the module's kind table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// `dbg`: the debug location, not an attachment for these rules.
    Dbg,
    ControlFlowHints,
    Precise,
    Loop,
    Tbaa,
    /// `range`, `noalias`, `alias.scope`: checked elsewhere or allowed.
    Allowed,
    NonUniform,
    /// Anything else: not used by DXIL.
    Other,
}

/// The kind table of a module: kind id to [`Kind`].
pub(crate) struct Kinds {
    map: std::collections::HashMap<u32, Kind>,
}

impl Kinds {
    pub fn new(m: &CheckedModule) -> Kinds {
        let map = m
            .metadata_kinds
            .iter()
            .map(|k| {
                let kind = match &*k.name {
                    "dbg" => Kind::Dbg,
                    "dx.controlflow.hints" => Kind::ControlFlowHints,
                    "dx.precise" => Kind::Precise,
                    "llvm.loop" => Kind::Loop,
                    "tbaa" => Kind::Tbaa,
                    "range" | "noalias" | "alias.scope" => Kind::Allowed,
                    "dx.nonuniform" => Kind::NonUniform,
                    _ => Kind::Other,
                };
                (k.id, kind)
            })
            .rev()
            .collect();
        Kinds { map }
    }

    pub fn of(&self, id: u32) -> Kind {
        match self.map.get(&id) {
            Some(&kind) => kind,
            // A kind id the table does not name is no kind DXIL gives a meaning to.
            None => Kind::Other,
        }
    }
}

/// The operands of an attached node. LLVM attaches only nodes; a string or value wrapper
/// attached (which LLVM's reader refuses) reads as a node without operands, which every
/// rule here reports as malformed.
fn attached_node_operands(m: &CheckedModule, md: Metadata) -> &[Option<Metadata>] {
    match m.md(md) {
        MetadataData::Node { operands, .. } => m.list(*operands),
        _ => &[],
    }
}

/// Whether `md` is an `MDNode` (any node, debug info included; not a string or a value;
/// not a null operand).
fn is_node(m: &CheckedModule, md: Option<Metadata>) -> bool {
    md.is_some_and(|md| {
        !matches!(
            m.md(md),
            MetadataData::String(_) | MetadataData::Value { .. }
        )
    })
}

fn is_string(m: &CheckedModule, md: Option<Metadata>) -> bool {
    md.is_some_and(|md| matches!(m.md(md), MetadataData::String(_)))
}

/// A constant wrapped as metadata (`ConstantAsMetadata`): its value.
fn as_constant(m: &CheckedModule, md: Option<Metadata>) -> Option<ValueRef> {
    match m.md(md?) {
        MetadataData::Value { value, .. } => match value {
            ValueRef::Arg(_) | ValueRef::Inst(_) | ValueRef::Metadata(_) => None,
            v => Some(*v),
        },
        _ => None,
    }
}

/// The value of an integer constant (`ConstantInt`), zero-extended.
fn constant_int(m: &CheckedModule, v: ValueRef) -> Option<u64> {
    let ValueRef::Const(c) = v else { return None };
    let data = m.constant(c);
    let TypeData::Int(bits) = m.ty(data.ty) else {
        return None;
    };
    let mask = if *bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    match &data.kind {
        ConstKind::Int(v) => Some(*v as u64 & mask),
        ConstKind::Null => Some(0),
        ConstKind::WideInt(words) => Some(util::wide_int_low_word(m.list(*words))),
        _ => None,
    }
}

/// `GetNodeOperandAsInt`: operand `i` of `node` as an integer, reporting a malformed node.
pub(crate) fn node_operand_int(ctx: &mut Ctx, node: Metadata, i: usize) -> Option<u64> {
    let m = ctx.m;
    let ops = attached_node_operands(m, node);
    let value = ops
        .get(i)
        .and_then(|&op| as_constant(m, op))
        .and_then(|v| constant_int(m, v));
    if value.is_none() {
        ctx.meta_error(R::MetaWellFormed, node);
    }
    value
}

/// `IsPrecise`: the instruction carries `dx.precise` with value 1; a malformed node or
/// another value than 0 is reported.
pub(crate) fn is_precise(ctx: &mut Ctx, md: Metadata) -> bool {
    let m = ctx.m;
    if attached_node_operands(m, md).len() != 1 {
        ctx.meta_error(R::MetaWellFormed, md);
        return false;
    }
    match node_operand_int(ctx, md, 0) {
        Some(1) => true,
        Some(0) | None => false,
        Some(_) => {
            ctx.meta_error(R::MetaValueRange, md);
            false
        }
    }
}

/// `ValidateLoopMetadata`: `llvm.loop` is a distinct self-referencing node, optionally with
/// one unroll hint (`llvm.loop.unroll.full`, `.disable`, or `.count` with a constant).
pub(crate) fn loop_md(ctx: &mut Ctx, node: Metadata, depth: u32) {
    let m = ctx.m;
    let ops = attached_node_operands(m, node);
    if ops.is_empty() || ops.len() > 2 {
        return ctx.meta_error(R::MetaWellFormed, node);
    }
    if ops[0] != Some(node) {
        return ctx.meta_error(R::MetaWellFormed, node);
    }
    if ops.len() == 1 {
        return;
    }
    let Some(hint) = ops[1].filter(|_| is_node(m, ops[1])) else {
        return ctx.meta_error(R::MetaWellFormed, node);
    };
    let hint_ops = attached_node_operands(m, hint);
    if hint_ops.is_empty() || hint_ops.len() > 2 {
        return ctx.meta_error(R::MetaWellFormed, hint);
    }
    if hint_ops[0] == Some(hint) {
        // A nested loop node; the reference follows it (a cycle would not end there).
        if depth < 64 {
            loop_md(ctx, hint, depth + 1);
        }
        return;
    }
    let name = match hint_ops[0].map(|s| m.md(s)) {
        Some(MetadataData::String(s)) => s,
        _ => return ctx.meta_error(R::MetaWellFormed, hint),
    };
    let name = m.bytes(*name);
    if name != b"llvm.loop.unroll.full"
        && name != b"llvm.loop.unroll.disable"
        && name != b"llvm.loop.unroll.count"
    {
        return ctx.meta_error(R::MetaWellFormed, hint);
    }
    if name == b"llvm.loop.unroll.count" {
        if hint_ops.len() != 2 {
            return ctx.meta_error(R::MetaWellFormed, hint);
        }
        match as_constant(m, hint_ops[1]) {
            None => ctx.meta_error(R::MetaWellFormed, hint),
            Some(v) => {
                if constant_int(m, v).is_none() {
                    if let Some(count) = hint_ops[1] {
                        ctx.meta_error(R::MetaWellFormed, count);
                    }
                }
            }
        }
    }
}

/// `ValidateTBAAMetadata`: a type name, or a node naming its parent (and a constness flag
/// of 0 or 1). Attached tags are struct-path tags by then (the module is upgraded as LLVM
/// reads it, `crate::upgrade`).
pub(crate) fn tbaa_md(ctx: &mut Ctx, node: Metadata, depth: u32) {
    let m = ctx.m;
    let ops = attached_node_operands(m, node);
    match ops.len() {
        1 => {
            if !is_string(m, ops[0]) {
                ctx.meta_error(R::MetaWellFormed, node);
            }
        }
        2 | 3 => {
            match ops[1].filter(|_| is_node(m, ops[1])) {
                None => ctx.meta_error(R::MetaWellFormed, node),
                // The parent chain ends at a root; a cycle would not (the reference would
                // recurse without end), so the walk stops after a bound.
                Some(root) if depth < 64 => tbaa_md(ctx, root, depth + 1),
                Some(_) => {}
            }
            if ops.len() == 3 {
                match as_constant(m, ops[2]) {
                    None => ctx.meta_error(R::MetaWellFormed, node),
                    Some(v) => match constant_int(m, v) {
                        Some(c) if c <= 1 => {}
                        _ => ctx.meta_error(R::MetaWellFormed, node),
                    },
                }
            }
        }
        _ => ctx.meta_error(R::MetaWellFormed, node),
    }
}

/// `ValidateNonUniformMetadata`: `dx.nonuniform` is `!{i32 1}` on a GEP, and only libraries
/// keep it.
pub(crate) fn nonuniform_md(ctx: &mut Ctx, node: Metadata, is_gep: bool, is_lib: bool) {
    let m = ctx.m;
    if !is_lib {
        ctx.meta_error(R::MetaUsed, node);
    }
    if !is_gep {
        ctx.meta_error(R::MetaWellFormed, node);
    }
    if attached_node_operands(m, node).len() != 1 {
        ctx.meta_error(R::MetaWellFormed, node);
    }
    let value = node_operand_int(ctx, node, 0);
    if value.is_none() {
        ctx.meta_error(R::MetaWellFormed, node);
    }
    if value != Some(1) {
        ctx.meta_error(R::MetaValueRange, node);
    }
}

/// `ValidateControlFlowHint`: the hints on a block's terminator (from the third operand on)
/// are known, not both `branch` and `flatten`, and `forcecase` only on a switch.
pub(crate) fn control_flow_hint(ctx: &mut Ctx, node: Metadata, is_switch: bool) {
    let m = ctx.m;
    let count = attached_node_operands(m, node).len();
    if count < 3 {
        return;
    }
    let (mut branch, mut flatten, mut force_case) = (false, false, false);
    for i in 2..count {
        if let Some(v) = node_operand_int(ctx, node, i) {
            match v {
                1 => branch = true,
                2 => flatten = true,
                5 => force_case = true,
                _ => ctx.meta_error(R::MetaInvalidControlFlowHint, node),
            }
        }
    }
    if branch && flatten {
        ctx.meta_error(R::MetaBranchFlatten, node);
    }
    if force_case && !is_switch {
        ctx.meta_error(R::MetaForceCaseOnSwitch, node);
    }
}
