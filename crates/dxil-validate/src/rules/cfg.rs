//! Control-flow facts of one function body the flow and memory rules need, computed as LLVM
//! computes them (LangRef "Terminator Instructions"; DXIL.rst "Control-flow Restrictions"):
//! successors in terminator order, dominators of the blocks reachable from the entry,
//! instruction dominance, natural loops, and the users of each instruction.

use dxil_ir::{Arg, Body, Inst, InstKind, SecondaryMap, ValueRef};

const NONE: u32 = u32::MAX;

/// Successors, predecessors and instruction positions of a body.
pub(crate) struct Cfg {
    /// Successors of each block, in the order the terminator names them (with repeats).
    pub succs: Vec<Vec<u32>>,
    /// Predecessors of each block (one entry per edge).
    pub preds: Vec<Vec<u32>>,
    /// Block and position of each instruction; none when in no block.
    pos: SecondaryMap<Inst, Option<(u32, u32)>>,
}

/// The blocks a terminator branches to, in LLVM's successor order.
pub(crate) fn successors(body: &Body, kind: &InstKind, mut f: impl FnMut(u32)) {
    match kind {
        InstKind::Br { target } => f(target.as_u32()),
        InstKind::CondBr {
            if_true, if_false, ..
        } => {
            f(if_true.as_u32());
            f(if_false.as_u32());
        }
        InstKind::Switch { default, cases, .. } => {
            f(default.as_u32());
            for (_, b) in body.list(*cases) {
                f(b.as_u32());
            }
        }
        InstKind::IndirectBr { dests, .. } => {
            for b in body.list(*dests) {
                f(b.as_u32());
            }
        }
        InstKind::Invoke { normal, unwind, .. } => {
            f(normal.as_u32());
            f(unwind.as_u32());
        }
        _ => {}
    }
}

impl Cfg {
    pub fn new(body: &Body) -> Cfg {
        let n = body.blocks.len();
        let mut succs = vec![Vec::new(); n];
        let mut preds = vec![Vec::new(); n];
        let mut pos = SecondaryMap::filled(body.insts.len(), None);
        for (b, block) in body.blocks.iter().enumerate() {
            for (i, &inst) in block.insts.iter().enumerate() {
                if let Some(p) = pos.get_mut(inst) {
                    *p = Some((b as u32, i as u32));
                }
            }
            // The block's terminator is its last instruction.
            let Some(last) = block.insts.last().and_then(|&i| body.inst(i)) else {
                continue;
            };
            successors(body, &last.kind, |s| {
                if (s as usize) < n {
                    succs[b].push(s);
                    preds[s as usize].push(b as u32);
                }
            });
        }
        Cfg { succs, preds, pos }
    }

    /// Number of blocks.
    pub fn len(&self) -> usize {
        self.succs.len()
    }

    /// Block and index of `inst` within it.
    pub fn pos(&self, inst: Inst) -> Option<(u32, u32)> {
        self.pos[inst]
    }
}

/// The dominator tree of the blocks reachable from the entry (block 0).
pub(crate) struct DomTree {
    /// Pre- and post-order numbers in the tree: `a` dominates `b` iff `a`'s interval holds
    /// `b`'s.
    tin: Vec<u32>,
    tout: Vec<u32>,
    /// Blocks in reverse post-order.
    pub rpo: Vec<u32>,
}

impl DomTree {
    /// Cooper, Harvey and Kennedy's iterative algorithm over the reverse post-order.
    pub fn new(cfg: &Cfg) -> DomTree {
        let n = cfg.len();
        let mut rpo = Vec::with_capacity(n);
        let mut order = vec![NONE; n];
        if n > 0 {
            // Iterative post-order from the entry.
            let mut visited = vec![false; n];
            let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
            visited[0] = true;
            while let Some(&mut (b, ref mut next)) = stack.last_mut() {
                if let Some(&s) = cfg.succs[b as usize].get(*next) {
                    *next += 1;
                    if !visited[s as usize] {
                        visited[s as usize] = true;
                        stack.push((s, 0));
                    }
                } else {
                    rpo.push(b);
                    stack.pop();
                }
            }
            rpo.reverse();
            for (i, &b) in rpo.iter().enumerate() {
                order[b as usize] = i as u32;
            }
        }
        let mut idom = vec![NONE; n];
        if n > 0 {
            idom[0] = 0;
            let mut changed = true;
            while changed {
                changed = false;
                for &b in rpo.iter().skip(1) {
                    let mut new = NONE;
                    for &p in &cfg.preds[b as usize] {
                        if idom[p as usize] == NONE {
                            continue;
                        }
                        new = if new == NONE {
                            p
                        } else {
                            intersect(&idom, &order, p, new)
                        };
                    }
                    if new != NONE && idom[b as usize] != new {
                        idom[b as usize] = new;
                        changed = true;
                    }
                }
            }
        }
        // Tree intervals.
        let mut children = vec![Vec::new(); n];
        for &b in rpo.iter().skip(1) {
            let d = idom[b as usize];
            if d != NONE {
                children[d as usize].push(b);
            }
        }
        let mut tin = vec![NONE; n];
        let mut tout = vec![NONE; n];
        if n > 0 {
            let mut clock = 0u32;
            let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
            tin[0] = clock;
            clock += 1;
            while let Some(&mut (b, ref mut next)) = stack.last_mut() {
                if let Some(&c) = children[b as usize].get(*next) {
                    *next += 1;
                    tin[c as usize] = clock;
                    clock += 1;
                    stack.push((c, 0));
                } else {
                    tout[b as usize] = clock;
                    clock += 1;
                    stack.pop();
                }
            }
        }
        DomTree { tin, tout, rpo }
    }

    /// Whether block `b` is reachable from the entry.
    pub fn reachable(&self, b: u32) -> bool {
        self.tin.get(b as usize).is_some_and(|&t| t != NONE)
    }

    /// Whether block `a` dominates block `b` (both reachable; a block dominates itself).
    pub fn dominates(&self, a: u32, b: u32) -> bool {
        if !self.reachable(a) || !self.reachable(b) {
            return false;
        }
        let (a, b) = (a as usize, b as usize);
        self.tin[a] <= self.tin[b] && self.tout[b] <= self.tout[a]
    }

    /// LLVM's `DominatorTree::dominates(Instruction *Def, Instruction *User)`: a use in an
    /// unreachable block is dominated by anything, an unreachable definition dominates
    /// nothing, an instruction does not dominate itself, a phi use is dominated by a
    /// definition in a strictly dominating block, and within a block the earlier one
    /// dominates.
    pub fn inst_dominates(&self, cfg: &Cfg, body: &Body, def: Inst, user: Inst) -> bool {
        let (Some((db, di)), Some((ub, ui))) = (cfg.pos(def), cfg.pos(user)) else {
            return false;
        };
        if !self.reachable(ub) {
            return true;
        }
        if !self.reachable(db) {
            return false;
        }
        if def == user {
            return false;
        }
        let user_is_phi = matches!(body.inst(user).map(|d| &d.kind), Some(InstKind::Phi { .. }));
        let def_is_invoke = matches!(
            body.inst(def).map(|d| &d.kind),
            Some(InstKind::Invoke { .. })
        );
        if user_is_phi || def_is_invoke {
            return db != ub && self.dominates(db, ub);
        }
        if db != ub {
            return self.dominates(db, ub);
        }
        di < ui
    }
}

fn intersect(idom: &[u32], order: &[u32], mut a: u32, mut b: u32) -> u32 {
    while a != b {
        while order[a as usize] > order[b as usize] {
            a = idom[a as usize];
        }
        while order[b as usize] > order[a as usize] {
            b = idom[b as usize];
        }
    }
    a
}

/// A natural loop: its header and blocks (nested loops included).
pub(crate) struct Loop {
    pub header: u32,
    pub blocks: Vec<u32>,
}

/// The outermost natural loops of the reachable blocks (`LoopInfo`'s top-level loops), in
/// the order of their headers in a reverse post-order walk.
pub(crate) fn top_level_loops(cfg: &Cfg, dt: &DomTree) -> Vec<Loop> {
    let n = cfg.len();
    // For each header (a block some reachable block branches back to and that dominates
    // it), the blocks that reach a latch without passing the header.
    let mut in_loop_of = vec![NONE; n];
    let mut loops: Vec<Loop> = Vec::new();
    let mut mark = vec![NONE; n];
    // Inner loops first (post-order) so that an outer walk can skip to their headers is not
    // needed: a walk over predecessors simply collects every block, nested or not.
    for &h in dt.rpo.iter() {
        let latches: Vec<u32> = cfg.preds[h as usize]
            .iter()
            .copied()
            .filter(|&p| dt.reachable(p) && dt.dominates(h, p))
            .collect();
        if latches.is_empty() {
            continue;
        }
        let id = loops.len() as u32;
        let mut blocks = vec![h];
        mark[h as usize] = id;
        let mut work = latches;
        while let Some(b) = work.pop() {
            if mark[b as usize] == id {
                continue;
            }
            mark[b as usize] = id;
            blocks.push(b);
            for &p in &cfg.preds[b as usize] {
                if dt.reachable(p) && mark[p as usize] != id {
                    work.push(p);
                }
            }
        }
        for &b in &blocks {
            if b != h && in_loop_of[b as usize] == NONE {
                in_loop_of[b as usize] = id;
            }
        }
        loops.push(Loop { header: h, blocks });
    }
    // A loop is outermost when its header lies in no other loop; headers met earlier in
    // reverse post-order enclose the later ones of their bodies.
    loops
        .into_iter()
        .filter(|l| in_loop_of[l.header as usize] == NONE)
        .collect()
}

/// The users of each instruction and argument of a body, in program order, one entry per use
/// (as LLVM's use lists hold them).
pub(crate) struct Users {
    insts: SecondaryMap<Inst, Vec<Inst>>,
    args: SecondaryMap<Arg, Vec<Inst>>,
}

impl Users {
    pub fn new(body: &Body) -> Users {
        let mut insts = SecondaryMap::filled(body.insts.len(), Vec::new());
        let mut args = SecondaryMap::filled(body.args.len(), Vec::new());
        for block in body.blocks.iter() {
            for &i in &block.insts {
                let Some(data) = body.inst(i) else { continue };
                data.kind.for_each_operand(&body.pool, |v| match *v {
                    ValueRef::Inst(d) => {
                        if let Some(u) = insts.get_mut(d) {
                            u.push(i);
                        }
                    }
                    ValueRef::Arg(a) => {
                        if let Some(u) = args.get_mut(a) {
                            u.push(i);
                        }
                    }
                    _ => {}
                });
            }
        }
        Users { insts, args }
    }

    /// The instructions using `v` (an instruction or argument of the body), once per use, in
    /// program order.
    pub fn of(&self, v: ValueRef) -> &[Inst] {
        match v {
            ValueRef::Inst(i) => &self.insts[i],
            ValueRef::Arg(a) => &self.args[a],
            _ => &[],
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use dxil_ir::{Block, BlockData, Const, InstData};

    /// A body whose block `i` branches to `edges[i]` (returns when empty). Its condition and
    /// its type are ids of a module the test does not build (only the edges are looked at).
    pub(crate) fn body(edges: &[&[u32]]) -> Body {
        let mut b = Body::default();
        // Branches name later blocks, as a reader of a body declaring them all would.
        let block = |t: u32| Block::checked(u64::from(t), edges.len()).unwrap();
        for succ in edges.iter() {
            let cond = ValueRef::Const(Const::checked(0, 1).unwrap());
            let kind = match succ {
                [] => InstKind::Ret { value: None },
                [t] => InstKind::Br { target: block(*t) },
                [t, f] => InstKind::CondBr {
                    cond,
                    if_true: block(*t),
                    if_false: block(*f),
                },
                [d, rest @ ..] => InstKind::Switch {
                    cond_ty: dxil_ir::Type::checked(0, 1).unwrap(),
                    cond,
                    default: block(*d),
                    cases: b.push_list(rest.iter().map(|&s| (cond, block(s)))),
                },
            };
            let inst = b.insts.push(InstData::new(kind, None));
            b.blocks.push(BlockData {
                name: None,
                insts: vec![inst],
            });
        }
        b
    }

    #[test]
    fn dominators_of_a_diamond_and_unreachable_blocks() {
        let b = body(&[&[1, 2], &[3], &[3], &[], &[3]]);
        let cfg = Cfg::new(&b);
        let dt = DomTree::new(&cfg);
        assert!(dt.dominates(0, 3));
        assert!(!dt.dominates(1, 3));
        assert!(!dt.dominates(2, 3));
        assert!(!dt.reachable(4));
        assert!(!dt.dominates(4, 3));
    }

    #[test]
    fn outermost_loops_hold_their_inner_loops() {
        // 0 -> 1 (outer header) -> 2 (inner header) -> 2 | 3 -> 1 | 4 (exit)
        let b = body(&[&[1], &[2], &[2, 3], &[1, 4], &[]]);
        let cfg = Cfg::new(&b);
        let dt = DomTree::new(&cfg);
        let loops = top_level_loops(&cfg, &dt);
        assert_eq!(loops.len(), 1);
        let mut blocks = loops[0].blocks.clone();
        blocks.sort();
        assert_eq!(blocks, vec![1, 2, 3]);
    }

    #[test]
    fn users_are_listed_once_per_use() {
        let mut b = body(&[&[]]);
        let v = ValueRef::Inst(b.insts.id_of(0).unwrap());
        let add = b.insts.push(InstData::new(
            InstKind::Binary {
                op: dxil_ir::BinOp::Add,
                lhs: v,
                rhs: v,
                flags: 0,
            },
            None,
        ));
        b.blocks.as_mut_slice()[0].insts.insert(0, add);
        let users = Users::new(&b);
        assert_eq!(users.of(v), &[add, add]);
    }
}
