//! The state the passes share over one body (replacements, removed instructions and blocks)
//! and the end of a run: operands point at what replaced them, blocks and instructions are
//! renumbered in program order.

use dxil_ir::{Block, Body, ConstKind, Inst, InstData, InstKind, Module, ValueRef};

use crate::effects::{Effect, Effects};
use crate::uses::Uses;
use crate::{OptError, Result, Stats};

/// How many times the passes run over a body at most; each round is linear, and a round
/// that changes nothing ends the run.
const MAX_ROUNDS: usize = 8;

/// The ids a run gave the instructions and blocks it kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Renumbering {
    /// For each instruction id before, the id after (`None`: removed).
    pub insts: Vec<Option<Inst>>,
    /// For each block before, the block after (`None`: removed).
    pub blocks: Vec<Option<Block>>,
    /// What the run removed.
    pub stats: Stats,
}

impl Renumbering {
    /// The id instruction `i` has now (`None`: removed, or not an id of the body).
    pub fn inst(&self, i: Inst) -> Option<Inst> {
        self.insts.get(i.index()).copied().flatten()
    }

    /// The id block `b` has now (`None`: removed, or not a block of the body).
    pub fn block(&self, b: Block) -> Option<Block> {
        self.blocks.get(b.index()).copied().flatten()
    }
}

/// Runs the passes over `body`, a body of `m` (which may hold it or not), until they change
/// nothing. Calls are pure as `effects` says; `outside` counts the uses of global values
/// outside this body (the last use of one stays); the instructions in `pinned` (wrapped by
/// function-local metadata) are kept and never replaced. Returns `None` when nothing
/// changed; else the renumbering, which the caller applies to whatever else names the
/// body's instructions or blocks. On an error the body is left as it was.
pub fn optimize_body(
    m: &Module,
    effects: &Effects,
    outside: &Uses,
    body: &mut Body,
    pinned: &[Inst],
) -> Result<Option<Renumbering>> {
    let mut w = Work::new(m, effects, outside, body.clone(), pinned)?;
    for _ in 0..MAX_ROUNDS {
        let before = w.changes;
        w.simplify_cfg()?;
        w.simplify_phis();
        w.simplify_insts();
        w.cse();
        w.dce();
        if w.changes == before {
            break;
        }
    }
    if w.changes == 0 {
        return Ok(None);
    }
    let (new_body, renumbering) = w.finish()?;
    *body = new_body;
    Ok(Some(renumbering))
}

/// One body under optimization.
pub(crate) struct Work<'a> {
    pub(crate) m: &'a Module,
    pub(crate) effects: &'a Effects,
    /// Uses of global values outside this body.
    pub(crate) outside: &'a Uses,
    pub(crate) body: Body,
    /// Blocks removed (their instruction lists are empty).
    pub(crate) dead: Vec<bool>,
    /// Instructions removed from their blocks.
    pub(crate) removed: Vec<bool>,
    /// What each replaced instruction's uses now name.
    pub(crate) repl: Vec<Option<ValueRef>>,
    /// Instructions to keep as they are.
    pub(crate) pinned: Vec<bool>,
    /// `blockaddress` constants name this body's blocks by number: the blocks stay.
    pub(crate) blocks_fixed: bool,
    pub(crate) stats: Stats,
    /// Changes made so far (a round that adds none ends the run).
    pub(crate) changes: usize,
}

impl<'a> Work<'a> {
    fn new(
        m: &'a Module,
        effects: &'a Effects,
        outside: &'a Uses,
        body: Body,
        pinned: &[Inst],
    ) -> Result<Self> {
        check_body(&body)?;
        let n = body.insts.len();
        let mut pin = vec![false; n];
        for i in pinned {
            if let Some(p) = pin.get_mut(i.index()) {
                *p = true;
            }
        }
        let blocks_fixed = m
            .constants
            .iter()
            .any(|c| matches!(c.kind, ConstKind::BlockAddress { .. }));
        Ok(Work {
            m,
            effects,
            outside,
            dead: vec![false; body.blocks.len()],
            removed: vec![false; n],
            repl: vec![None; n],
            pinned: pin,
            blocks_fixed,
            body,
            stats: Stats::default(),
            changes: 0,
        })
    }

    /// What `v` names now, through the replacements made so far.
    pub(crate) fn resolve(&self, v: ValueRef) -> ValueRef {
        resolve(&self.repl, v)
    }

    /// Replaces every use of instruction `i` by `v` and removes `i` (nothing when `v` is
    /// `i` itself or `i` is pinned). Returns whether it did.
    pub(crate) fn replace(&mut self, i: Inst, v: ValueRef) -> bool {
        let v = self.resolve(v);
        if v == ValueRef::Inst(i) || self.pinned[i.index()] || self.removed[i.index()] {
            return false;
        }
        self.repl[i.index()] = Some(v);
        self.kill(i);
        true
    }

    /// Marks `i` removed (its block's list drops it at the next [`Work::purge`]).
    pub(crate) fn kill(&mut self, i: Inst) {
        if !self.removed[i.index()] {
            self.removed[i.index()] = true;
            self.stats.removed += 1;
            self.changes += 1;
        }
    }

    /// Drops removed instructions from the block lists.
    pub(crate) fn purge(&mut self) {
        let removed = &self.removed;
        for b in self.body.blocks.iter_mut() {
            b.insts.retain(|i| !removed[i.index()]);
        }
    }

    /// Points every operand of the kept instructions at what replaced it.
    pub(crate) fn sweep(&mut self) {
        let repl = &self.repl;
        let body = &mut self.body;
        for b in body.blocks.iter() {
            for &i in &b.insts {
                body.insts[i]
                    .kind
                    .for_each_operand_mut(&mut body.pool, |v| *v = resolve(repl, *v));
            }
        }
    }

    /// The integer value of a constant operand (`null` is 0).
    pub(crate) fn const_int(&self, v: ValueRef) -> Option<i64> {
        match v {
            ValueRef::Const(c) => match self.m.constant(c)?.kind {
                ConstKind::Int(x) => Some(x),
                ConstKind::Null => Some(0),
                _ => None,
            },
            _ => None,
        }
    }

    /// What calling `callee` may do.
    pub(crate) fn call_effect(&self, callee: ValueRef) -> Effect {
        match callee {
            ValueRef::Function(f) => self.effects.of(f),
            _ => Effect::Writes,
        }
    }

    /// Whether an instruction whose result nothing uses can go.
    pub(crate) fn removable(&self, kind: &InstKind) -> bool {
        match *kind {
            InstKind::Binary { .. }
            | InstKind::Cast { .. }
            | InstKind::Gep { .. }
            | InstKind::Select { .. }
            | InstKind::ExtractElement { .. }
            | InstKind::InsertElement { .. }
            | InstKind::ShuffleVector { .. }
            | InstKind::Cmp { .. }
            | InstKind::Phi { .. }
            | InstKind::Alloca { .. }
            | InstKind::ExtractValue { .. }
            | InstKind::InsertValue { .. } => true,
            InstKind::Load {
                volatile, atomic, ..
            } => !volatile && atomic.is_none(),
            InstKind::Call { callee, .. } => self.call_effect(callee) != Effect::Writes,
            _ => false,
        }
    }

    /// The blocks not removed.
    pub(crate) fn live_blocks(&self) -> Vec<Block> {
        self.body
            .blocks
            .ids()
            .filter(|b| !self.dead[b.index()])
            .collect()
    }

    /// Removes edges from `from` out of the phis at the start of `to`: the first one (`all`
    /// false: one edge of several between the blocks goes) or all of them.
    pub(crate) fn remove_phi_edges(&mut self, to: Block, from: Block, all: bool) {
        let phis = self.phis(to);
        for p in phis {
            let InstKind::Phi { incoming } = self.body.insts[p].kind else {
                continue;
            };
            let edges = self.body.pool.list(incoming);
            let mut kept = Vec::with_capacity(edges.len());
            let mut dropped = false;
            for &(v, b) in edges {
                if b == from && (all || !dropped) {
                    dropped = true;
                } else {
                    kept.push((v, b));
                }
            }
            if dropped {
                let list = self.body.pool.push(kept);
                self.body.insts[p].kind = InstKind::Phi { incoming: list };
                self.changes += 1;
            }
        }
    }

    /// The phis at the start of `b`.
    pub(crate) fn phis(&self, b: Block) -> Vec<Inst> {
        self.body.blocks[b]
            .insts
            .iter()
            .copied()
            .take_while(|&i| matches!(self.body.insts[i].kind, InstKind::Phi { .. }))
            .filter(|i| !self.removed[i.index()])
            .collect()
    }

    /// The kept body, renumbered: blocks in layout order without the removed ones,
    /// instructions in program order.
    fn finish(mut self) -> Result<(Body, Renumbering)> {
        self.purge();
        self.sweep();
        if self.dead.first().copied().unwrap_or(false) {
            return Err(OptError::new("the entry block was removed"));
        }
        let dead = &self.dead;
        let block_map = self.body.blocks.retain_renumbered(|b, _| !dead[b.index()]);
        let n = self.body.insts.len();
        let mut inst_map: Vec<Option<Inst>> = vec![None; n];
        let mut next = 0usize;
        for b in self.body.blocks.iter() {
            for &i in &b.insts {
                if inst_map[i.index()].is_some() {
                    return Err(OptError::new(format!("{i} is in two blocks")));
                }
                inst_map[i.index()] = self.body.insts.id_of(next);
                next += 1;
            }
        }
        let mut old: Vec<Option<InstData>> = std::mem::take(&mut self.body.insts)
            .into_iter()
            .map(Some)
            .collect();
        let order: Vec<Inst> = self
            .body
            .blocks
            .iter()
            .flat_map(|b| b.insts.iter().copied())
            .collect();
        let pool = &mut self.body.pool;
        for &i in &order {
            let Some(mut data) = old[i.index()].take() else {
                return Err(OptError::new(format!("{i} is in two blocks")));
            };
            let mut bad = None;
            data.kind.for_each_operand_mut(pool, |v| {
                if let ValueRef::Inst(x) = v {
                    match inst_map[x.index()] {
                        Some(n) => *x = n,
                        None => bad = Some(*x),
                    }
                }
            });
            if let Some(x) = bad {
                return Err(OptError::new(format!(
                    "{i} uses {x}, which no kept block defines"
                )));
            }
            let mut bad = None;
            for_each_block_mut(&mut data.kind, pool, |b| match block_map[b.index()] {
                Some(n) => *b = n,
                None => bad = Some(*b),
            });
            if let Some(b) = bad {
                return Err(OptError::new(format!("{i} names {b}, which was removed")));
            }
            self.body.insts.push(data);
        }
        for b in self.body.blocks.iter_mut() {
            for i in b.insts.iter_mut() {
                if let Some(n) = inst_map[i.index()] {
                    *i = n;
                }
            }
        }
        self.stats.blocks_removed = block_map.iter().filter(|b| b.is_none()).count();
        Ok((
            self.body,
            Renumbering {
                insts: inst_map,
                blocks: block_map,
                stats: self.stats,
            },
        ))
    }
}

/// What `v` names through the replacements `repl` (chains end within `repl.len()` steps:
/// each replacement names an instruction not replaced when it was made).
pub(crate) fn resolve(repl: &[Option<ValueRef>], mut v: ValueRef) -> ValueRef {
    for _ in 0..=repl.len() {
        match v {
            ValueRef::Inst(i) => match repl.get(i.index()).copied().flatten() {
                Some(w) => v = w,
                None => return v,
            },
            _ => return v,
        }
    }
    v
}

/// Calls `f` on every block an instruction names (branch targets, phi predecessors).
pub(crate) fn for_each_block_mut(
    kind: &mut InstKind,
    pool: &mut dxil_ir::OperandPool,
    mut f: impl FnMut(&mut Block),
) {
    match kind {
        InstKind::Br { target } => f(target),
        InstKind::CondBr {
            if_true, if_false, ..
        } => {
            f(if_true);
            f(if_false);
        }
        InstKind::Switch { default, cases, .. } => {
            f(default);
            for (_, b) in pool.list_mut(*cases) {
                f(b);
            }
        }
        InstKind::IndirectBr { dests, .. } => {
            for b in pool.list_mut(*dests) {
                f(b);
            }
        }
        InstKind::Invoke { normal, unwind, .. } => {
            f(normal);
            f(unwind);
        }
        InstKind::Phi { incoming } => {
            for (_, b) in pool.list_mut(*incoming) {
                f(b);
            }
        }
        _ => {}
    }
}

/// The shape the passes rely on: every block ends with its only terminator, phis come
/// first, and every instruction, block and operand list named exists.
fn check_body(body: &Body) -> Result<()> {
    let n = body.insts.len();
    let nb = body.blocks.len();
    let mut seen = vec![false; n];
    for (b, data) in body.blocks.iter_with_ids() {
        let Some((&last, rest)) = data.insts.split_last() else {
            return Err(OptError::new(format!("{b} is empty")));
        };
        let mut phis_done = false;
        for &i in data.insts.iter() {
            let Some(inst) = body.insts.get(i) else {
                return Err(OptError::new(format!(
                    "{b} lists {i}, which does not exist"
                )));
            };
            if std::mem::replace(&mut seen[i.index()], true) {
                return Err(OptError::new(format!("{i} is listed twice")));
            }
            if let Some(at) = inst.kind.dangling_list(&body.pool) {
                return Err(OptError::new(format!(
                    "{i} has an operand list at {at} past the pool"
                )));
            }
            let is_phi = matches!(inst.kind, InstKind::Phi { .. });
            if is_phi && phis_done {
                return Err(OptError::new(format!(
                    "{i}: a phi after other instructions in {b}"
                )));
            }
            phis_done |= !is_phi;
        }
        if rest.iter().any(|&i| body.insts[i].kind.is_terminator())
            || !body.insts[last].kind.is_terminator()
        {
            return Err(OptError::new(format!(
                "{b} does not end with its only terminator"
            )));
        }
    }
    let mut bad = None;
    for (i, inst) in body.insts.iter_with_ids() {
        // Instructions in no block are dropped unread.
        if !seen[i.index()] {
            continue;
        }
        inst.kind.for_each_operand(&body.pool, |v| {
            if let ValueRef::Inst(x) = v {
                if x.index() >= n {
                    bad = Some(format!("{i} uses {x}, which does not exist"));
                }
            }
        });
        let mut succ = Vec::new();
        crate::cfg::successors(body, &inst.kind, &mut succ);
        if let InstKind::Phi { incoming } = inst.kind {
            succ.extend(body.pool.list(incoming).iter().map(|&(_, b)| b));
        }
        if let Some(b) = succ.iter().find(|b| b.index() >= nb) {
            bad = Some(format!("{i} names {b}, which does not exist"));
        }
    }
    match bad {
        Some(m) => Err(OptError::new(m)),
        None => Ok(()),
    }
}
