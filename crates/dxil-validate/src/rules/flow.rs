//! Control flow (`ValidateFlowControl`; DXIL.rst "Control-flow Restrictions", "Recursion",
//! work-graph record handles): the control flow graph is reducible, no function is reached
//! again from itself, every loop can exit, and a node record handle is not used after
//! `OutputComplete` has completed it.

use std::collections::{HashMap, HashSet};

use dxil_ir::{Body, CheckedModule, Function, Inst, InstKind, ValueRef};
use dxil_ops::ValidationRule as R;

use super::cfg::{top_level_loops, Cfg, DomTree, Users};
use super::props::Entries;
use crate::context::Ctx;
use crate::util;

/// `ValidateFlowControl`.
pub(crate) fn validate(ctx: &mut Ctx) {
    let m = ctx.m;
    if !module_reducible(m) {
        ctx.error(R::FlowReducible, &[]);
        return;
    }
    call_graph(ctx);
    for (f, data) in m.functions.iter_with_ids() {
        let Some(body) = &data.body else { continue };
        if body.blocks.is_empty() {
            continue;
        }
        let cfg = Cfg::new(body);
        let dt = DomTree::new(&cfg);
        for l in top_level_loops(&cfg, &dt) {
            let mut inside = vec![false; cfg.len()];
            for &b in &l.blocks {
                inside[b as usize] = true;
            }
            let exits = l
                .blocks
                .iter()
                .any(|&b| cfg.succs[b as usize].iter().any(|&s| !inside[s as usize]));
            if !exits {
                ctx.fn_error(f, R::FlowDeadLoop, &[]);
            }
        }
        completed_handles(ctx, f, body, &cfg, &dt);
    }
}

/// `IsReducible` over the module as the reference runs it: a function pass whose verdict is
/// reset for each defined function, so the module's verdict is the last defined function's.
fn module_reducible(m: &CheckedModule) -> bool {
    m.functions
        .iter()
        .filter_map(|f| f.body.as_ref())
        .rfind(|b| !b.blocks.is_empty())
        .is_none_or(reducible)
}

/// T1/T2 reduction: remove self edges, merge a block into its only predecessor, drop blocks
/// without predecessors (but the entry); the graph is reducible when one block remains.
fn reducible(body: &Body) -> bool {
    let cfg = Cfg::new(body);
    let n = cfg.len();
    let mut succ: Vec<HashSet<u32>> = cfg
        .succs
        .iter()
        .map(|s| s.iter().copied().collect())
        .collect();
    let mut pred: Vec<HashSet<u32>> = cfg
        .preds
        .iter()
        .map(|p| p.iter().copied().collect())
        .collect();
    let mut alive = vec![true; n];
    let mut live = n;
    let mut work: Vec<u32> = (0..n as u32).rev().collect();
    let mut queued = vec![true; n];
    while let Some(x) = work.pop() {
        let x = x as usize;
        queued[x] = false;
        if !alive[x] {
            continue;
        }
        let mut changed: Vec<u32> = Vec::new();
        if succ[x].remove(&(x as u32)) {
            // T1: a self edge.
            pred[x].remove(&(x as u32));
            changed.push(x as u32);
        } else if pred[x].len() == 1 {
            // T2: the only predecessor absorbs the block.
            let Some(&p) = pred[x].iter().next() else {
                continue;
            };
            succ[p as usize].remove(&(x as u32));
            let succs: Vec<u32> = succ[x].drain().collect();
            for s in succs {
                pred[s as usize].remove(&(x as u32));
                succ[p as usize].insert(s);
                pred[s as usize].insert(p);
                changed.push(s);
            }
            alive[x] = false;
            live -= 1;
            changed.push(p);
        } else if pred[x].is_empty() && x != 0 {
            // Unreachable: dropped.
            let succs: Vec<u32> = succ[x].drain().collect();
            for s in succs {
                pred[s as usize].remove(&(x as u32));
                changed.push(s);
            }
            alive[x] = false;
            live -= 1;
        }
        for c in changed {
            if alive[c as usize] && !queued[c as usize] {
                queued[c as usize] = true;
                work.push(c);
            }
        }
    }
    live <= 1
}

/// `ValidateCallGraph`: no function reachable from the entry (every externally visible
/// function for a library) calls itself, directly or not; the patch constant function of a
/// hull shader likewise.
fn call_graph(ctx: &mut Ctx) {
    let m = ctx.m;
    let entries = Entries::new(ctx);
    // Call edges in instruction order, to defined and declared functions alike (LLVM's call
    // graph; intrinsics are left out and declarations call no further).
    let mut callees: HashMap<Function, Vec<Function>> = HashMap::new();
    for (f, data) in m.functions.iter_with_ids() {
        let Some(body) = &data.body else { continue };
        let list = callees.entry(f).or_default();
        for block in body.blocks.iter() {
            for &i in &block.insts {
                if let Some(InstKind::Call {
                    callee: ValueRef::Function(c),
                    ..
                }) = body.inst(i).map(|d| &d.kind)
                {
                    let intrinsic = m
                        .functions
                        .get(*c)
                        .and_then(|d| m.name_of(d.common.name))
                        .is_some_and(|n| n.starts_with("llvm."));
                    if !intrinsic {
                        list.push(*c);
                    }
                }
            }
        }
    }
    // Without an entry function the reference starts from the external calling node too.
    let from_all = entries.is_lib || entries.entry.is_none();
    let roots: Vec<Function> = if from_all {
        roots_all(m)
    } else {
        entries.entry.into_iter().collect()
    };
    if let Some(r) = recursion(&callees, &roots, from_all) {
        ctx.fn_error(r, R::FlowNoRecursion, &[]);
    }
    if ctx.md.shader_kind() == Some(dxil_container::ShaderKind::Hull) {
        let found = match entries.entry_patch_constant {
            Some(pc) => recursion(&callees, &[pc], false),
            None => recursion(&callees, &roots_all(m), true),
        };
        if let Some(r) = found {
            ctx.fn_error(r, R::FlowNoRecursion, &[]);
        }
    }
}

/// The callees of LLVM's external calling node: every function not of local linkage, in
/// module order.
fn roots_all(m: &CheckedModule) -> Vec<Function> {
    m.functions
        .iter_with_ids()
        .filter(|(_, d)| {
            !matches!(
                dxil_ir::decode_linkage(u64::from(d.common.linkage)),
                Some(dxil_ir::Linkage::Internal | dxil_ir::Linkage::Private)
            )
        })
        .map(|(f, _)| f)
        .collect()
}

/// The reference's depth-first walk (`CalculateCallDepth`): the first callee met again on
/// the current call path. The start is not on the path itself (a cycle through it is found
/// one call later); a library starts from a node that calls every root.
fn recursion(
    callees: &HashMap<Function, Vec<Function>>,
    roots: &[Function],
    virtual_root: bool,
) -> Option<Function> {
    // Functions whose calls were all explored without finding a cycle: exploring them again
    // finds none either.
    let mut done: HashSet<Function> = HashSet::new();
    let mut on_path: HashSet<Function> = HashSet::new();
    // A function the call graph has no node for calls no defined function.
    let callees_of = |f: &Function| callees.get(f).map_or(&[][..], Vec::as_slice);
    let start_children: &[Function] = if virtual_root {
        roots
    } else {
        roots.first().map_or(&[][..], callees_of)
    };
    for &child in start_children {
        if !on_path.insert(child) {
            return Some(child);
        }
        if !done.contains(&child) {
            // Iterative DFS: (function, next callee index).
            let mut stack: Vec<(Function, usize)> = vec![(child, 0)];
            while let Some(&mut (f, ref mut next)) = stack.last_mut() {
                let list = callees_of(&f);
                if let Some(&c) = list.get(*next) {
                    *next += 1;
                    if !on_path.insert(c) {
                        return Some(c);
                    }
                    if done.contains(&c) {
                        on_path.remove(&c);
                        continue;
                    }
                    stack.push((c, 0));
                } else {
                    stack.pop();
                    done.insert(f);
                    on_path.remove(&f);
                }
            }
        } else {
            on_path.remove(&child);
        }
    }
    None
}

/// A node record handle completed by `OutputComplete` may not be used where that call
/// dominates the use; among several completions of one handle, those dominated by another
/// report nothing themselves.
fn completed_handles(ctx: &mut Ctx, f: Function, body: &Body, cfg: &Cfg, dt: &DomTree) {
    let m = ctx.m;
    // Handle -> completions not dominated by another completion of it, in insertion order.
    let mut handles: Vec<(ValueRef, Vec<Inst>)> = Vec::new();
    for (_, i, data) in util::insts(body) {
        let InstKind::Call {
            callee: ValueRef::Function(c),
            args,
            ..
        } = &data.kind
        else {
            continue;
        };
        if !is_output_complete(m, *c) {
            continue;
        }
        let Some(&handle) = body.values(*args).get(1) else {
            continue;
        };
        match handles.iter_mut().find(|(h, _)| *h == handle) {
            None => handles.push((handle, vec![i])),
            Some((_, set)) => {
                let mut dominated = false;
                let mut k = 0;
                while k < set.len() {
                    if dt.inst_dominates(cfg, body, i, set[k]) {
                        set.remove(k);
                        continue;
                    }
                    if dt.inst_dominates(cfg, body, set[k], i) {
                        dominated = true;
                        break;
                    }
                    k += 1;
                }
                if !dominated {
                    set.push(i);
                }
            }
        }
    }
    if handles.is_empty() {
        return;
    }
    let users = Users::new(body);
    for (handle, completions) in &handles {
        // LLVM lists the newest use first.
        for &u in users.of(*handle).iter().rev() {
            if completions.contains(&u) {
                continue;
            }
            if let Some(&oc) = completions
                .iter()
                .find(|&&oc| dt.inst_dominates(cfg, body, oc, u))
            {
                ctx.inst_error(f, u, R::InstrNodeRecordHandleUseAfterComplete, &[]);
                ctx.inst_note(
                    f,
                    oc,
                    "record handle invalidated by OutputComplete".to_string(),
                );
            }
        }
    }
}

/// A call of the `OutputComplete` function: the reference takes every call of the function
/// its operation table names for it, `dx.op.outputComplete`, whatever opcode the call passes.
fn is_output_complete(m: &CheckedModule, callee: Function) -> bool {
    m.functions.get(callee).is_some_and(|d| {
        d.body.is_none() && m.name_of(d.common.name) == Some("dx.op.outputComplete")
    })
}

#[cfg(test)]
mod tests {
    use super::super::cfg::tests::body;
    use super::*;

    #[test]
    fn reducibility_by_t1_t2() {
        // A diamond and a natural loop reduce; a loop with two entries does not.
        assert!(reducible(&body(&[&[1, 2], &[3], &[3], &[]])));
        assert!(reducible(&body(&[&[1], &[1, 2], &[]])));
        assert!(!reducible(&body(&[&[1, 2], &[2], &[1, 3], &[]])));
        // An unreachable two-block cycle reduces away; an unreachable cycle of three blocks
        // each entered from the other two does not.
        assert!(reducible(&body(&[&[], &[2], &[1]])));
        assert!(!reducible(&body(&[&[], &[2, 3], &[1, 3], &[1, 2]])));
    }

    #[test]
    fn recursion_is_found_one_call_after_the_start() {
        let f = |i| Function::checked(i, 3).unwrap();
        let (main, a, b) = (f(0), f(1), f(2));
        let mut callees = HashMap::new();
        callees.insert(main, vec![a]);
        callees.insert(a, vec![b]);
        callees.insert(b, vec![a]);
        assert_eq!(recursion(&callees, &[main], false), Some(a));
        // A cycle through the start is found at the function after it.
        callees.insert(b, vec![main]);
        assert_eq!(recursion(&callees, &[main], false), Some(a));
        callees.insert(b, vec![]);
        assert_eq!(recursion(&callees, &[main], false), None);
        callees.insert(main, vec![main]);
        assert_eq!(recursion(&callees, &[main], false), Some(main));
    }
}
