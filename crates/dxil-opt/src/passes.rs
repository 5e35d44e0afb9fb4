//! The passes: CFG simplification, trivial phis, instruction simplification, common
//! subexpressions over the dominator tree, dead code.

use dxil_ir::{
    BinOp, Block, CastOp, ConstKind, Inst, InstKind, Predicate, Type, TypeData, ValueRef,
};

use crate::cfg::{
    block_successors, immediate_dominators, predecessors, reverse_post_order, terminator,
};
use crate::effects::Effect;
use crate::func::{for_each_block_mut, Work};
use crate::uses::inst_refs;
use crate::Result;
use dxil_ir::FastMap;

impl Work<'_> {
    /// Constant and one-target conditional branches, unreachable blocks, blocks merged into
    /// their only predecessor, empty forwarding blocks.
    pub(crate) fn simplify_cfg(&mut self) -> Result<()> {
        if self.blocks_fixed {
            return Ok(());
        }
        self.fold_branches();
        self.remove_unreachable();
        self.merge_blocks();
        self.bypass_empty_blocks();
        self.purge();
        Ok(())
    }

    /// `br i1 true, %a, %b` becomes `br %a`; `br %c, %a, %a` becomes `br %a`; the edge that
    /// goes leaves the phis of its target.
    fn fold_branches(&mut self) {
        for b in self.live_blocks() {
            let Some(&t) = self.body.blocks[b].insts.last() else {
                continue;
            };
            let InstKind::CondBr {
                cond,
                if_true,
                if_false,
            } = self.body.insts[t].kind
            else {
                continue;
            };
            let (keep, drop) = if if_true == if_false {
                (if_true, if_false)
            } else {
                match self.const_int(self.resolve(cond)) {
                    Some(v) if v & 1 != 0 => (if_true, if_false),
                    Some(_) => (if_false, if_true),
                    None => continue,
                }
            };
            self.remove_phi_edges(drop, b, false);
            self.body.insts[t].kind = InstKind::Br { target: keep };
            self.changes += 1;
        }
    }

    /// Removes the blocks the entry does not reach (keeping those that hold a pinned
    /// instruction), with their edges out of the phis of the blocks that stay.
    fn remove_unreachable(&mut self) {
        let n = self.body.blocks.len();
        let mut reachable = vec![false; n];
        for b in reverse_post_order(&self.body) {
            reachable[b.index()] = true;
        }
        if self.live_blocks().iter().all(|b| reachable[b.index()]) {
            return;
        }
        // Uses of global values in the blocks that stay: a block holding the last use of
        // one stays too.
        let mut cache = FastMap::default();
        let mut kept: FastMap<ValueRef, u32> = FastMap::default();
        for b in self
            .live_blocks()
            .into_iter()
            .filter(|b| reachable[b.index()])
        {
            for &i in &self.body.blocks[b].insts {
                for g in inst_refs(self.m, &self.body, &self.body.insts[i].kind, &mut cache) {
                    *kept.entry(g).or_insert(0) += 1;
                }
            }
        }
        for b in self.live_blocks() {
            if reachable[b.index()] {
                continue;
            }
            let insts = &self.body.blocks[b].insts;
            let last_use = insts.iter().any(|&i| {
                inst_refs(self.m, &self.body, &self.body.insts[i].kind, &mut cache)
                    .iter()
                    .any(|g| self.outside.of(*g) + kept.get(g).copied().unwrap_or(0) == 0)
            });
            if last_use || insts.iter().any(|i| self.pinned[i.index()]) {
                continue;
            }
            let mut succ = block_successors(&self.body, b);
            succ.sort_unstable();
            succ.dedup();
            for s in succ {
                if !self.dead[s.index()] && s != b {
                    self.remove_phi_edges(s, b, true);
                }
            }
            for i in std::mem::take(&mut self.body.blocks[b].insts) {
                self.kill(i);
            }
            self.dead[b.index()] = true;
            self.changes += 1;
        }
    }

    /// A block that is the only successor of its only predecessor joins it.
    fn merge_blocks(&mut self) {
        let mut preds = predecessors(&self.body, &self.dead);
        for b in self.body.blocks.ids() {
            loop {
                if self.dead[b.index()] {
                    break;
                }
                let Some(InstKind::Br { target: s }) = terminator(&self.body, b).copied() else {
                    break;
                };
                if s == b || s.index() == 0 || self.dead[s.index()] || preds[s.index()] != [b] {
                    break;
                }
                let phis = self.phis(s);
                let mut values = Vec::with_capacity(phis.len());
                for &p in &phis {
                    let InstKind::Phi { incoming } = self.body.insts[p].kind else {
                        continue;
                    };
                    match self.body.pool.list(incoming) {
                        [(v, from)] if *from == b && !self.pinned[p.index()] => {
                            values.push((p, *v))
                        }
                        _ => break,
                    }
                }
                if values.len() != phis.len() {
                    break;
                }
                for (p, v) in values {
                    self.replace(p, v);
                }
                // The branch goes; the successor's instructions follow the predecessor's.
                if let Some(br) = self.body.blocks[b].insts.pop() {
                    self.kill(br);
                }
                let moved = std::mem::take(&mut self.body.blocks[s].insts);
                let removed = &self.removed;
                self.body.blocks[b]
                    .insts
                    .extend(moved.into_iter().filter(|i| !removed[i.index()]));
                self.dead[s.index()] = true;
                preds[s.index()].clear();
                self.changes += 1;
                let mut succ = block_successors(&self.body, b);
                succ.sort_unstable();
                succ.dedup();
                for t in succ {
                    for p in preds[t.index()].iter_mut().filter(|p| **p == s) {
                        *p = b;
                    }
                    self.rename_phi_edges(t, s, b);
                }
            }
        }
    }

    /// In the phis of `to`, edges from `old` come from `new`.
    fn rename_phi_edges(&mut self, to: Block, old: Block, new: Block) {
        for p in self.phis(to) {
            let InstKind::Phi { incoming } = self.body.insts[p].kind else {
                continue;
            };
            for (_, b) in self.body.pool.list_mut(incoming) {
                if *b == old {
                    *b = new;
                }
            }
        }
    }

    /// An empty block (`br %s` alone) is bypassed: its predecessors branch to `%s`, whose
    /// phis take the value the block gave from each of them. A predecessor that already
    /// branches to `%s` keeps its edge through the block when `%s` has phis (the values
    /// could differ).
    fn bypass_empty_blocks(&mut self) {
        let mut preds = predecessors(&self.body, &self.dead);
        for f in self.body.blocks.ids().skip(1) {
            if self.dead[f.index()] {
                continue;
            }
            let &[t] = self.body.blocks[f].insts.as_slice() else {
                continue;
            };
            let InstKind::Br { target: s } = self.body.insts[t].kind else {
                continue;
            };
            if s == f || self.dead[s.index()] || self.pinned[t.index()] {
                continue;
            }
            let from = preds[f.index()].clone();
            if from.is_empty() {
                continue;
            }
            let redirectable = from.iter().all(|&p| {
                matches!(
                    terminator(&self.body, p),
                    Some(InstKind::Br { .. } | InstKind::CondBr { .. } | InstKind::Switch { .. })
                )
            });
            if !redirectable {
                continue;
            }
            let phis = self.phis(s);
            if !phis.is_empty() && from.iter().any(|p| preds[s.index()].contains(p)) {
                continue;
            }
            // The phis of `s`: the edge from `f` becomes one edge per predecessor edge of `f`.
            for p in phis {
                let InstKind::Phi { incoming } = self.body.insts[p].kind else {
                    continue;
                };
                let edges = self.body.pool.list(incoming);
                let mut new = Vec::with_capacity(edges.len() + from.len());
                let mut moved = false;
                for &(v, b) in edges {
                    if b == f && !moved {
                        moved = true;
                        new.extend(from.iter().map(|&p| (v, p)));
                    } else {
                        new.push((v, b));
                    }
                }
                let list = self.body.pool.push(new);
                self.body.insts[p].kind = InstKind::Phi { incoming: list };
            }
            let mut distinct = from.clone();
            distinct.sort_unstable();
            distinct.dedup();
            for &p in &distinct {
                let Some(&term) = self.body.blocks[p].insts.last() else {
                    continue;
                };
                let body = &mut self.body;
                for_each_block_mut(&mut body.insts[term].kind, &mut body.pool, |b| {
                    if *b == f {
                        *b = s;
                    }
                });
            }
            let ps = &mut preds[s.index()];
            if let Some(k) = ps.iter().position(|&p| p == f) {
                ps.remove(k);
            }
            ps.extend_from_slice(&from);
            // Blocks `f` led to (only `s`) now have the predecessors of `f`; `f` has none.
            preds[f.index()].clear();
            self.body.blocks[f].insts.clear();
            self.kill(t);
            self.dead[f.index()] = true;
            self.changes += 1;
        }
    }

    /// Phis whose incomings are one value (besides the phi itself) become that value; a
    /// worklist revisits the phis that used a replaced one.
    pub(crate) fn simplify_phis(&mut self) {
        let mut all = Vec::new();
        for b in self.live_blocks() {
            all.extend(self.phis(b));
        }
        let mut users: FastMap<Inst, Vec<Inst>> = FastMap::default();
        for &p in &all {
            let InstKind::Phi { incoming } = self.body.insts[p].kind else {
                continue;
            };
            for &(v, _) in self.body.pool.list(incoming) {
                if let ValueRef::Inst(q) = self.resolve(v) {
                    if q != p {
                        users.entry(q).or_default().push(p);
                    }
                }
            }
        }
        let mut work = all;
        while let Some(p) = work.pop() {
            if self.removed[p.index()] {
                continue;
            }
            let InstKind::Phi { incoming } = self.body.insts[p].kind else {
                continue;
            };
            let mut only = None;
            let mut trivial = true;
            for &(v, _) in self.body.pool.list(incoming) {
                let v = self.resolve(v);
                if v == ValueRef::Inst(p) || Some(v) == only {
                    continue;
                }
                if only.is_some() {
                    trivial = false;
                    break;
                }
                only = Some(v);
            }
            let Some(v) = only.filter(|_| trivial) else {
                continue;
            };
            if self.replace(p, v) {
                if let Some(u) = users.remove(&p) {
                    work.extend(u);
                }
            }
        }
        self.purge();
    }

    /// `select` of equal values or on a constant, integer identities, `bitcast` to the same
    /// type.
    pub(crate) fn simplify_insts(&mut self) {
        for b in self.live_blocks() {
            for k in 0..self.body.blocks[b].insts.len() {
                let i = self.body.blocks[b].insts[k];
                if self.removed[i.index()] || self.pinned[i.index()] {
                    continue;
                }
                if let Some(v) = self.simplified(i) {
                    self.replace(i, v);
                }
            }
        }
        self.purge();
    }

    /// The value instruction `i` always equals, when simpler.
    fn simplified(&self, i: Inst) -> Option<ValueRef> {
        let inst = &self.body.insts[i];
        match inst.kind {
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => {
                let (t, f) = (self.resolve(if_true), self.resolve(if_false));
                if t == f {
                    return Some(t);
                }
                match self.const_int(self.resolve(cond)) {
                    Some(c) if c & 1 != 0 => Some(t),
                    Some(_) => Some(f),
                    None => None,
                }
            }
            InstKind::Binary { op, lhs, rhs, .. } => {
                let (l, r) = (self.resolve(lhs), self.resolve(rhs));
                let bits = match inst.ty.and_then(|t| self.m.ty(t)) {
                    Some(TypeData::Int(bits)) => *bits,
                    // Vectors: only a `zeroinitializer` operand is an identity here.
                    _ => 0,
                };
                let (lc, rc) = (self.const_int(l), self.const_int(r));
                let one = |c: Option<i64>| bits > 1 && c == Some(1);
                let ones = |c: Option<i64>| (1..=64).contains(&bits) && c == Some(-1);
                use BinOp::*;
                match op {
                    Add | Or | Xor if lc == Some(0) => Some(r),
                    Add | Sub | Or | Xor | Shl | LShr | AShr if rc == Some(0) => Some(l),
                    Mul if one(lc) => Some(r),
                    Mul | UDiv | SDiv if one(rc) => Some(l),
                    And if ones(lc) => Some(r),
                    And if ones(rc) => Some(l),
                    And | Or if l == r => Some(l),
                    // Exact in IEEE arithmetic, signed zeros and NaNs included: `x * 1`,
                    // `x / 1`, `x + -0`, `x - +0`.
                    FMul if self.float_is(l, inst.ty, FloatConst::One) => Some(r),
                    FMul | FDiv if self.float_is(r, inst.ty, FloatConst::One) => Some(l),
                    FAdd if self.float_is(l, inst.ty, FloatConst::NegZero) => Some(r),
                    FAdd if self.float_is(r, inst.ty, FloatConst::NegZero) => Some(l),
                    FSub if self.float_is(r, inst.ty, FloatConst::PosZero) => Some(l),
                    _ => None,
                }
            }
            InstKind::Cast {
                op: CastOp::BitCast,
                value,
            } => {
                let v = self.resolve(value);
                (self.m.value_type(Some(&self.body), v) == inst.ty && inst.ty.is_some())
                    .then_some(v)
            }
            _ => None,
        }
    }

    /// Whether `v` is the scalar floating-point constant `which` of type `ty`.
    fn float_is(&self, v: ValueRef, ty: Option<Type>, which: FloatConst) -> bool {
        let ValueRef::Const(c) = v else {
            return false;
        };
        let Some(data) = self.m.constant(c) else {
            return false;
        };
        let bits = match data.kind {
            ConstKind::Float(b) => b,
            ConstKind::Null => 0,
            _ => return false,
        };
        // (1.0, -0.0) per type.
        let (one, neg_zero) = match ty.and_then(|t| self.m.ty(t)) {
            Some(TypeData::Half) => (0x3c00, 0x8000),
            Some(TypeData::Float) => (0x3f80_0000, 0x8000_0000),
            Some(TypeData::Double) => (0x3ff0_0000_0000_0000, 0x8000_0000_0000_0000),
            _ => return false,
        };
        bits == match which {
            FloatConst::One => one,
            FloatConst::NegZero => neg_zero,
            FloatConst::PosZero => 0,
        }
    }

    /// Common subexpressions over the dominator tree, in preorder with a scoped table (a
    /// child's entries go when it is left). Loads and `readonly` calls match only within
    /// one memory generation: a new one starts at each instruction that may write and at
    /// each block with several predecessors (LLVM's EarlyCSE).
    pub(crate) fn cse(&mut self) {
        let n = self.body.blocks.len();
        let rpo = reverse_post_order(&self.body);
        if rpo.is_empty() {
            return;
        }
        let preds = predecessors(&self.body, &self.dead);
        let idom = immediate_dominators(&rpo, &preds, n);
        let mut children: Vec<Vec<Block>> = vec![Vec::new(); n];
        for &b in &rpo {
            if let Some(d) = idom[b.index()] {
                children[d.index()].push(b);
            }
        }
        let mut table: FastMap<Key, (Inst, u64)> = FastMap::default();
        let mut undo: Vec<(Key, Option<(Inst, u64)>)> = Vec::new();
        let mut fresh = 0u64;
        // (block, next child, undo length on entry, generation at the block's end)
        let mut stack: Vec<(Block, usize, usize, u64)> = Vec::new();
        let enter = |w: &mut Self,
                     b: Block,
                     start_gen: u64,
                     table: &mut FastMap<Key, (Inst, u64)>,
                     undo: &mut Vec<(Key, Option<(Inst, u64)>)>,
                     fresh: &mut u64| {
            let mut gen = if preds[b.index()].len() == 1 {
                start_gen
            } else {
                *fresh += 1;
                *fresh
            };
            for k in 0..w.body.blocks[b].insts.len() {
                let i = w.body.blocks[b].insts[k];
                if w.removed[i.index()] {
                    continue;
                }
                if w.writes(&w.body.insts[i].kind) {
                    *fresh += 1;
                    gen = *fresh;
                    continue;
                }
                let Some((key, memory)) = w.key(i) else {
                    continue;
                };
                let want = if memory { gen } else { 0 };
                match table.get(&key) {
                    Some(&(j, g)) if g == want && !w.pinned[i.index()] => {
                        w.replace(i, ValueRef::Inst(j));
                    }
                    prev => {
                        let prev = prev.copied();
                        table.insert(key.clone(), (i, want));
                        undo.push((key, prev));
                    }
                }
            }
            gen
        };
        let entry = rpo[0];
        let g = enter(self, entry, 0, &mut table, &mut undo, &mut fresh);
        stack.push((entry, 0, 0, g));
        while let Some(top) = stack.last_mut() {
            let (b, next, mark, gen) = *top;
            if let Some(&c) = children[b.index()].get(next) {
                top.1 += 1;
                let mark_c = undo.len();
                let g = enter(self, c, gen, &mut table, &mut undo, &mut fresh);
                stack.push((c, 0, mark_c, g));
            } else {
                while undo.len() > mark {
                    if let Some((key, prev)) = undo.pop() {
                        match prev {
                            Some(p) => table.insert(key, p),
                            None => table.remove(&key),
                        };
                    }
                }
                stack.pop();
            }
        }
        self.purge();
    }

    /// Whether an instruction may write memory or otherwise order what follows.
    fn writes(&self, kind: &InstKind) -> bool {
        match *kind {
            InstKind::Store { .. }
            | InstKind::CmpXchg { .. }
            | InstKind::AtomicRmw { .. }
            | InstKind::Fence { .. }
            | InstKind::VaArg { .. }
            | InstKind::LandingPad { .. }
            | InstKind::Invoke { .. } => true,
            InstKind::Load {
                volatile, atomic, ..
            } => volatile || atomic.is_some(),
            InstKind::Call { callee, .. } => self.call_effect(callee) == Effect::Writes,
            _ => false,
        }
    }

    /// The table key of an instruction CSE may merge, and whether it reads memory.
    fn key(&self, i: Inst) -> Option<(Key, bool)> {
        let inst = &self.body.insts[i];
        let ty = inst.ty?;
        let r = |v: ValueRef| self.resolve(v);
        let mut memory = false;
        let (kind, ops) = match inst.kind {
            InstKind::Binary {
                op,
                lhs,
                rhs,
                flags,
            } => {
                let (mut a, mut b) = (r(lhs), r(rhs));
                let commutative = matches!(
                    op,
                    BinOp::Add
                        | BinOp::FAdd
                        | BinOp::Mul
                        | BinOp::FMul
                        | BinOp::And
                        | BinOp::Or
                        | BinOp::Xor
                );
                if commutative && rank(b) < rank(a) {
                    core::mem::swap(&mut a, &mut b);
                }
                (KeyKind::Binary(op, flags), vec![a, b])
            }
            InstKind::Cast { op, value } => (KeyKind::Cast(op), vec![r(value)]),
            InstKind::Gep {
                inbounds,
                source_ty,
                operands,
            } => (
                KeyKind::Gep(inbounds, source_ty),
                self.body
                    .pool
                    .list(operands)
                    .iter()
                    .map(|&v| r(v))
                    .collect(),
            ),
            InstKind::Select {
                cond,
                if_true,
                if_false,
            } => (KeyKind::Select, vec![r(cond), r(if_true), r(if_false)]),
            InstKind::ExtractElement { vector, index } => {
                (KeyKind::ExtractElement, vec![r(vector), r(index)])
            }
            InstKind::InsertElement {
                vector,
                element,
                index,
            } => (
                KeyKind::InsertElement,
                vec![r(vector), r(element), r(index)],
            ),
            InstKind::ShuffleVector { a, b, mask } => {
                (KeyKind::ShuffleVector, vec![r(a), r(b), r(mask)])
            }
            InstKind::Cmp {
                predicate,
                lhs,
                rhs,
                flags,
            } => (KeyKind::Cmp(predicate, flags), vec![r(lhs), r(rhs)]),
            InstKind::ExtractValue { aggregate, indices } => (
                KeyKind::ExtractValue(self.body.pool.list(indices).to_vec()),
                vec![r(aggregate)],
            ),
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => (
                KeyKind::InsertValue(self.body.pool.list(indices).to_vec()),
                vec![r(aggregate), r(value)],
            ),
            InstKind::Load {
                ptr,
                align_log2p1,
                volatile: false,
                atomic: None,
            } => {
                memory = true;
                (KeyKind::Load(align_log2p1), vec![r(ptr)])
            }
            InstKind::Call {
                attributes,
                cc_field,
                fn_ty,
                callee,
                args,
            } => {
                match self.call_effect(callee) {
                    Effect::ReadNone => {}
                    Effect::ReadOnly => memory = true,
                    Effect::Writes => return None,
                }
                let mut ops = Vec::with_capacity(args.len() + 1);
                ops.push(r(callee));
                ops.extend(self.body.pool.list(args).iter().map(|&v| r(v)));
                (KeyKind::Call(attributes, cc_field, fn_ty), ops)
            }
            _ => return None,
        };
        Some((Key { kind, ty, ops }, memory))
    }

    /// Removes what no side effect needs: marks live the instructions that must stay and,
    /// through their operands, what they use; the rest goes (cycles of phis included). An
    /// instruction that is the last use of a global value stays (see [`crate::uses`]).
    pub(crate) fn dce(&mut self) {
        self.sweep();
        let n = self.body.insts.len();
        let mut live = vec![false; n];
        let mut inside: FastMap<ValueRef, u32> = FastMap::default();
        let mut cache = FastMap::default();
        let mut work = Vec::new();
        let blocks = self.live_blocks();
        for &b in &blocks {
            for &i in &self.body.blocks[b].insts {
                if self.removed[i.index()] {
                    continue;
                }
                if self.pinned[i.index()] || !self.removable(&self.body.insts[i].kind) {
                    live[i.index()] = true;
                    work.push(i);
                }
            }
        }
        let propagate = |w: &Self,
                         work: &mut Vec<Inst>,
                         live: &mut Vec<bool>,
                         inside: &mut FastMap<ValueRef, u32>,
                         cache: &mut FastMap<ValueRef, Vec<ValueRef>>| {
            while let Some(i) = work.pop() {
                let kind = &w.body.insts[i].kind;
                for g in inst_refs(w.m, &w.body, kind, cache) {
                    *inside.entry(g).or_insert(0) += 1;
                }
                kind.for_each_operand(&w.body.pool, |v| {
                    if let ValueRef::Inst(j) = v {
                        if let Some(l) = live.get_mut(j.index()) {
                            if !*l {
                                *l = true;
                                work.push(*j);
                            }
                        }
                    }
                });
            }
        };
        propagate(self, &mut work, &mut live, &mut inside, &mut cache);
        for &b in &blocks {
            for k in 0..self.body.blocks[b].insts.len() {
                let i = self.body.blocks[b].insts[k];
                if live[i.index()] || self.removed[i.index()] {
                    continue;
                }
                let refs = inst_refs(self.m, &self.body, &self.body.insts[i].kind, &mut cache);
                let last = refs
                    .iter()
                    .any(|g| self.outside.of(*g) + inside.get(g).copied().unwrap_or(0) == 0);
                if last {
                    live[i.index()] = true;
                    work.push(i);
                    propagate(self, &mut work, &mut live, &mut inside, &mut cache);
                }
            }
        }
        for &b in &blocks {
            for k in 0..self.body.blocks[b].insts.len() {
                let i = self.body.blocks[b].insts[k];
                if !live[i.index()] {
                    self.kill(i);
                }
            }
        }
        self.purge();
    }
}

/// The floating-point constants the identities name.
#[derive(Clone, Copy)]
enum FloatConst {
    One,
    NegZero,
    PosZero,
}

/// A total order on values, to put the operands of commutative operations in one order.
fn rank(v: ValueRef) -> (u8, usize) {
    match v {
        ValueRef::Global(g) => (0, g.index()),
        ValueRef::Function(f) => (1, f.index()),
        ValueRef::Alias(a) => (2, a.index()),
        ValueRef::Const(c) => (3, c.index()),
        ValueRef::Arg(a) => (4, a.index()),
        ValueRef::Inst(i) => (5, i.index()),
        ValueRef::Metadata(m) => (6, m.index()),
    }
}

/// What makes two instructions compute the same value, besides their operands and type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum KeyKind {
    Binary(BinOp, u64),
    Cast(CastOp),
    Gep(bool, Type),
    Select,
    ExtractElement,
    InsertElement,
    ShuffleVector,
    Cmp(Predicate, u64),
    ExtractValue(Vec<u32>),
    InsertValue(Vec<u32>),
    Load(u8),
    Call(u32, u64, Type),
}

/// An instruction as CSE compares it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Key {
    kind: KeyKind,
    ty: Type,
    ops: Vec<ValueRef>,
}
