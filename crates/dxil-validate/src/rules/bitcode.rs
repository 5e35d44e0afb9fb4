//! `ValidateBitcode`: the checks of LLVM's module verifier that a module the reader accepts
//! can still fail (LangRef "Well-Formedness", "SSA form"; DXIL.rst "BITCODE.VALID"): blocks
//! end in a terminator, the entry block has no predecessor, phis head their block and list
//! each predecessor once, switch cases are distinct, and every instruction dominates its
//! uses. A failure is reported as `Module bitcode is invalid.` followed by the verifier's
//! text, values printed as LLVM prints them.

use dxil_ir::{Block, Body, CheckedModule, ConstData, Function, Inst, InstKind, ValueRef};
use dxil_ops::ValidationRule as R;
use dxil_text::ValueRequest as V;

use super::cfg::{Cfg, DomTree};
use crate::context::{Ctx, Part};
use crate::util;

/// The verifier's output.
struct Out {
    parts: Vec<Part>,
}

impl Out {
    /// `CheckFailed`: the message, then each value on a line (an instruction indented as in
    /// a module print, anything else as a typed operand).
    fn fail(&mut self, message: &str, values: &[V]) {
        self.parts.push(Part::Text(format!("{message}\n")));
        for &v in values {
            if matches!(v, V::Inst(..)) {
                self.parts.push(Part::Text("  ".to_string()));
            }
            self.parts.push(Part::Value(v));
            self.parts.push(Part::Text("\n".to_string()));
        }
    }
}

/// `ValidateBitcode`.
pub(crate) fn validate(ctx: &mut Ctx) {
    let m = ctx.m;
    let mut out = Out { parts: Vec::new() };
    for (f, data) in m.functions.iter_with_ids() {
        let Some(body) = &data.body else { continue };
        if body.blocks.is_empty() {
            continue;
        }
        function(m, f, util::llvm_name(m, &data.common), body, &mut out);
    }
    if !out.parts.is_empty() {
        ctx.error(R::BitcodeValid, &[]);
        ctx.error_parts(Some(R::BitcodeValid), out.parts);
    }
}

/// The operands of an instruction in LLVM's operand order (a call's callee last, a select's
/// condition first, a store's value before its pointer).
fn for_each_llvm_operand(body: &Body, kind: &InstKind, mut f: impl FnMut(usize, ValueRef)) {
    let mut n = 0usize;
    let mut g = |v: ValueRef| {
        f(n, v);
        n += 1;
    };
    match kind {
        InstKind::Select {
            cond,
            if_true,
            if_false,
        } => {
            g(*cond);
            g(*if_true);
            g(*if_false);
        }
        InstKind::Store { ptr, value, .. } => {
            g(*value);
            g(*ptr);
        }
        InstKind::Call { callee, args, .. } => {
            for &a in body.values(*args) {
                g(a);
            }
            g(*callee);
        }
        InstKind::Invoke { callee, args, .. } => {
            for &a in body.values(*args) {
                g(a);
            }
            g(*callee);
        }
        k => k.for_each_operand(&body.pool, |v| g(*v)),
    }
}

fn function(m: &CheckedModule, f: Function, name: &str, body: &Body, out: &mut Out) {
    // Every block ends in a terminator (checked before anything else; the function is not
    // looked at further without).
    for (b, block) in body.blocks.iter_with_ids() {
        let last = block.insts.last().and_then(|&i| body.inst(i));
        if !last.is_some_and(|d| d.kind.is_terminator()) {
            out.fail(
                &format!("Basic Block in function '{name}' does not have terminator!"),
                &[V::Block(f, b)],
            );
            return;
        }
    }
    let cfg = Cfg::new(body);
    let dt = DomTree::new(&cfg);
    if let (false, Some(entry)) = (cfg.preds[0].is_empty(), body.blocks.id_of(0)) {
        out.fail(
            "Entry block to function must not have predecessors!",
            &[V::Block(f, entry)],
        );
    }
    for ((b, block), bid) in body.blocks.iter().enumerate().zip(body.blocks.ids()) {
        phis_of_block(m, f, body, &cfg, b, &block.insts, out);
        for (at, &inst) in block.insts.iter().enumerate() {
            let Some(data) = body.inst(inst) else {
                continue;
            };
            match &data.kind {
                InstKind::Phi { .. } => {
                    let first = at == 0
                        || block
                            .insts
                            .get(at - 1)
                            .and_then(|&p| body.inst(p))
                            .is_some_and(|d| matches!(d.kind, InstKind::Phi { .. }));
                    if !first {
                        out.fail(
                            "PHI nodes not grouped at top of basic block!",
                            &[V::Inst(f, inst), V::Block(f, bid)],
                        );
                        continue;
                    }
                }
                InstKind::Switch { cases, .. } => {
                    let mut seen: Vec<&ConstData> = Vec::new();
                    let mut dup = None;
                    for &(v, _) in body.list(*cases) {
                        let ValueRef::Const(c) = v else { continue };
                        let cd = m.constant(c);
                        if seen.contains(&cd) {
                            dup = Some(v);
                            break;
                        }
                        seen.push(cd);
                    }
                    if let Some(v) = dup {
                        out.fail(
                            "Duplicate integer as switch case",
                            &[V::Inst(f, inst), V::Operand(f, v)],
                        );
                        continue;
                    }
                }
                _ => {}
            }
            instruction(f, body, &cfg, &dt, b as u32, at, inst, out);
        }
    }
}

/// `visitBasicBlock`: the phis of a block have one entry per predecessor edge, in agreement
/// with the predecessors, and one value per predecessor.
fn phis_of_block(
    m: &CheckedModule,
    f: Function,
    body: &Body,
    cfg: &Cfg,
    b: usize,
    insts: &[Inst],
    out: &mut Out,
) {
    let mut preds = cfg.preds[b].clone();
    preds.sort_unstable();
    for &inst in insts {
        let Some(InstKind::Phi { incoming }) = body.inst(inst).map(|d| &d.kind) else {
            break;
        };
        let incoming = body.list(*incoming);
        if incoming.is_empty() {
            out.fail(
                "PHI nodes must have at least one entry.  If the block is dead, the PHI should be removed!",
                &[V::Inst(f, inst)],
            );
            return;
        }
        if incoming.len() != preds.len() {
            out.fail(
                "PHINode should have one entry for each predecessor of its parent basic block!",
                &[V::Inst(f, inst)],
            );
            return;
        }
        let mut values: Vec<(Block, ValueRef)> =
            incoming.iter().map(|&(v, blk)| (blk, v)).collect();
        values.sort_by_key(|&(blk, _)| blk);
        for i in 0..values.len() {
            if i > 0
                && values[i].0 == values[i - 1].0
                && !same_value(m, values[i].1, values[i - 1].1)
            {
                out.fail(
                    "PHI node has multiple entries for the same basic block with different incoming values!",
                    &[
                        V::Inst(f, inst),
                        V::Block(f, values[i].0),
                        V::Operand(f, values[i].1),
                        V::Operand(f, values[i - 1].1),
                    ],
                );
                return;
            }
            if values[i].0.as_u32() != preds[i] {
                // The predecessor's number comes from the body's own blocks.
                let pred = body.blocks.id_of(preds[i] as usize);
                let mut at = vec![V::Inst(f, inst), V::Block(f, values[i].0)];
                at.extend(pred.map(|p| V::Block(f, p)));
                out.fail("PHI node entries do not match predecessors!", &at);
                return;
            }
        }
    }
}

/// Whether two operands are one LLVM value (constants are unique by type and content).
fn same_value(m: &CheckedModule, a: ValueRef, b: ValueRef) -> bool {
    match (a, b) {
        (ValueRef::Const(x), ValueRef::Const(y)) => x == y || m.constant(x) == m.constant(y),
        _ => a == b,
    }
}

/// `visitInstruction`: no instruction but a phi uses itself (in reachable code), and each
/// instruction operand dominates its use.
#[allow(clippy::too_many_arguments)]
fn instruction(
    f: Function,
    body: &Body,
    cfg: &Cfg,
    dt: &DomTree,
    b: u32,
    at: usize,
    inst: Inst,
    out: &mut Out,
) {
    let Some(data) = body.inst(inst) else { return };
    let is_phi = matches!(data.kind, InstKind::Phi { .. });
    if !is_phi && dt.reachable(b) {
        let mut self_use = false;
        data.kind
            .for_each_operand(&body.pool, |v| self_use |= *v == ValueRef::Inst(inst));
        if self_use {
            out.fail(
                "Only PHI nodes may reference their own value!",
                &[V::Inst(f, inst)],
            );
            return;
        }
    }
    let incoming = match &data.kind {
        InstKind::Phi { incoming } => Some(body.list(*incoming)),
        _ => None,
    };
    let mut failed = None;
    for_each_llvm_operand(body, &data.kind, |n, v| {
        if failed.is_some() {
            return;
        }
        let ValueRef::Inst(def) = v else { return };
        let Some((db, di)) = cfg.pos(def) else { return };
        // Earlier in the same block: dominated.
        if db == b && (di as usize) < at {
            return;
        }
        // A phi uses its value at the end of the incoming block.
        let use_block = match incoming {
            Some(inc) => match inc.get(n) {
                Some(&(_, blk)) => blk.as_u32(),
                None => return,
            },
            None => b,
        };
        let dominated = if !dt.reachable(use_block) {
            true
        } else if !dt.reachable(db) {
            false
        } else if db != use_block {
            dt.dominates(db, use_block)
        } else if is_phi {
            true
        } else {
            (di as usize) < at
        };
        if !dominated {
            failed = Some(def);
        }
    });
    if let Some(def) = failed {
        out.fail(
            "Instruction does not dominate all uses!",
            &[V::Inst(f, def), V::Inst(f, inst)],
        );
    }
}
