//! The control-flow graph of a body: successors from the terminators, predecessors with
//! one entry per edge (as a phi has one incoming per edge), reverse post-order, and the
//! dominator tree (Cooper, Harvey and Kennedy, "A Simple, Fast Dominance Algorithm").

use dxil_ir::{Block, Body, InstKind};

/// The terminator of `b` (`None` for a block that does not end with one).
pub(crate) fn terminator(body: &Body, b: Block) -> Option<&InstKind> {
    let last = *body.blocks.get(b)?.insts.last()?;
    let kind = &body.insts.get(last)?.kind;
    kind.is_terminator().then_some(kind)
}

/// Pushes the successors of a terminator onto `out`, one per edge, in operand order.
pub(crate) fn successors(body: &Body, kind: &InstKind, out: &mut Vec<Block>) {
    match *kind {
        InstKind::Br { target } => out.push(target),
        InstKind::CondBr {
            if_true, if_false, ..
        } => {
            out.push(if_true);
            out.push(if_false);
        }
        InstKind::Switch { default, cases, .. } => {
            out.push(default);
            if let Some(cases) = body.pool.get(cases) {
                out.extend(cases.iter().map(|&(_, b)| b));
            }
        }
        InstKind::IndirectBr { dests, .. } => {
            if let Some(dests) = body.pool.get(dests) {
                out.extend_from_slice(dests);
            }
        }
        InstKind::Invoke { normal, unwind, .. } => {
            out.push(normal);
            out.push(unwind);
        }
        _ => {}
    }
}

/// The successors of `b`, one per edge.
pub(crate) fn block_successors(body: &Body, b: Block) -> Vec<Block> {
    let mut out = Vec::new();
    if let Some(t) = terminator(body, b) {
        successors(body, t, &mut out);
    }
    out
}

/// The predecessors of every block, one entry per edge, from the blocks not marked dead.
pub(crate) fn predecessors(body: &Body, dead: &[bool]) -> Vec<Vec<Block>> {
    let mut preds = vec![Vec::new(); body.blocks.len()];
    let mut succ = Vec::new();
    for b in body.blocks.ids() {
        if dead.get(b.index()).copied().unwrap_or(false) {
            continue;
        }
        succ.clear();
        if let Some(t) = terminator(body, b) {
            successors(body, t, &mut succ);
        }
        for &s in &succ {
            if let Some(p) = preds.get_mut(s.index()) {
                p.push(b);
            }
        }
    }
    preds
}

/// The blocks reachable from the entry (block 0), in reverse post-order; iterative.
pub(crate) fn reverse_post_order(body: &Body) -> Vec<Block> {
    let n = body.blocks.len();
    let mut order = Vec::with_capacity(n);
    let Some(entry) = body.blocks.id_of(0) else {
        return order;
    };
    let mut seen = vec![false; n];
    // (block, its successors, next successor to visit)
    let mut stack: Vec<(Block, Vec<Block>, usize)> = Vec::new();
    seen[0] = true;
    stack.push((entry, block_successors(body, entry), 0));
    while let Some(top) = stack.last_mut() {
        if let Some(&s) = top.1.get(top.2) {
            top.2 += 1;
            if s.index() < n && !seen[s.index()] {
                seen[s.index()] = true;
                let succ = block_successors(body, s);
                stack.push((s, succ, 0));
            }
        } else {
            order.push(top.0);
            stack.pop();
        }
    }
    order.reverse();
    order
}

/// The dominator tree of the blocks in `rpo` (reverse post-order from the entry): the
/// immediate dominator of each block (`None` for the entry and unreachable blocks).
pub(crate) fn immediate_dominators(
    rpo: &[Block],
    preds: &[Vec<Block>],
    n: usize,
) -> Vec<Option<Block>> {
    const NONE: usize = usize::MAX;
    let mut number = vec![NONE; n];
    for (k, b) in rpo.iter().enumerate() {
        number[b.index()] = k;
    }
    // idom by rpo number.
    let mut idom = vec![NONE; rpo.len()];
    if rpo.is_empty() {
        return vec![None; n];
    }
    idom[0] = 0;
    let mut changed = true;
    while changed {
        changed = false;
        for k in 1..rpo.len() {
            let b = rpo[k];
            let mut new = NONE;
            for p in &preds[b.index()] {
                let q = number.get(p.index()).copied().unwrap_or(NONE);
                if q == NONE || idom[q] == NONE {
                    continue;
                }
                new = if new == NONE {
                    q
                } else {
                    intersect(&idom, q, new)
                };
            }
            if new != NONE && idom[k] != new {
                idom[k] = new;
                changed = true;
            }
        }
    }
    let mut out = vec![None; n];
    for (k, &b) in rpo.iter().enumerate().skip(1) {
        if idom[k] != NONE {
            out[b.index()] = Some(rpo[idom[k]]);
        }
    }
    out
}

/// The nearest common dominator of two blocks by reverse post-order number.
fn intersect(idom: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while a > b {
            a = idom[a];
        }
        while b > a {
            b = idom[b];
        }
    }
    a
}
