//! Local variables straight to SSA form while the code is emitted, after Braun et al.,
//! "Simple and Efficient Construction of Static Single Assignment Form" (CC 2013): each
//! scalar of a local is a variable; a read looks for the variable's definition in its
//! block, then in its predecessors, placing a `phi` where several definitions meet. A
//! block whose predecessors are not all known yet (a loop header before its back edges)
//! is not *sealed*: reads there get a placeholder, made a `phi` (or the one value every
//! predecessor gives) when the block is sealed. No `alloca`, no later mem2reg.

use std::collections::HashMap;

use dxil_ir::build::{FunctionBuilder, Value};
use dxil_ir::{Block, Type};

use super::LowerResult;

/// One scalar of a local variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Var(pub u32);

#[derive(Default)]
struct BlockState {
    preds: Vec<Block>,
    sealed: bool,
    /// Placeholders read before the block was sealed: (variable, placeholder).
    incomplete: Vec<(Var, Value)>,
}

/// The variables' definitions per block and the blocks' predecessors.
#[derive(Default)]
pub(crate) struct Ssa {
    types: Vec<Type>,
    defs: HashMap<(Var, Block), Value>,
    blocks: HashMap<Block, BlockState>,
}

impl Ssa {
    /// A new variable of IR type `ty`.
    pub fn var(&mut self, ty: Type) -> Var {
        self.types.push(ty);
        Var(self.types.len() as u32 - 1)
    }

    /// A block whose predecessors will be added, not sealed.
    pub fn open(&mut self, b: Block) {
        self.blocks.entry(b).or_default();
    }

    /// `from` branches to `to`.
    pub fn edge(&mut self, from: Block, to: Block) {
        self.blocks.entry(to).or_default().preds.push(from);
    }

    /// The predecessors of `b` known so far.
    pub fn preds(&self, b: Block) -> &[Block] {
        self.blocks.get(&b).map_or(&[], |s| &s.preds)
    }

    /// Defines `v` in `b`.
    pub fn write(&mut self, v: Var, b: Block, value: Value) {
        self.defs.insert((v, b), value);
    }

    /// The value of `v` at the end of `b` (at the current point when `b` is the block being
    /// emitted); `undef` where no definition reaches.
    pub fn read(&mut self, fb: &mut FunctionBuilder<'_>, v: Var, b: Block) -> LowerResult<Value> {
        // Walk up single-predecessor chains without recursion.
        let mut chain = Vec::new();
        let mut at = b;
        let found = loop {
            if let Some(&d) = self.defs.get(&(v, at)) {
                break d;
            }
            let st = self.blocks.entry(at).or_default();
            if !st.sealed {
                let ty = self.types[v.0 as usize];
                let ph = fb.forward(ty)?;
                self.blocks.entry(at).or_default().incomplete.push((v, ph));
                self.defs.insert((v, at), ph);
                break ph;
            }
            match st.preds.len() {
                0 => {
                    let ty = self.types[v.0 as usize];
                    let u = fb.module().const_undef(ty)?;
                    break u;
                }
                1 => {
                    chain.push(at);
                    at = st.preds[0];
                }
                _ => {
                    let ty = self.types[v.0 as usize];
                    let ph = fb.forward(ty)?;
                    // Defined first so that reads through loops end at it.
                    self.defs.insert((v, at), ph);
                    let value = self.join(fb, v, at, ph)?;
                    self.defs.insert((v, at), value);
                    break value;
                }
            }
        };
        for c in chain {
            self.defs.insert((v, c), found);
        }
        Ok(found)
    }

    /// The value of `v` where `b`'s predecessors meet: a `phi` at the start of `b`, or the
    /// one value all of them give (then no `phi`); `ph` is bound to it.
    fn join(
        &mut self,
        fb: &mut FunctionBuilder<'_>,
        v: Var,
        b: Block,
        ph: Value,
    ) -> LowerResult<Value> {
        let preds = self
            .blocks
            .get(&b)
            .map(|s| s.preds.clone())
            .unwrap_or_default();
        let mut incoming = Vec::with_capacity(preds.len());
        for p in preds {
            let x = self.read(fb, v, p)?;
            incoming.push((x, p));
        }
        let mut same = None;
        let mut trivial = true;
        for &(x, _) in &incoming {
            if x == ph || Some(x) == same {
                continue;
            }
            if same.is_some() {
                trivial = false;
                break;
            }
            same = Some(x);
        }
        let value = match (trivial, same) {
            (true, Some(x)) => x,
            (true, None) => {
                let ty = self.types[v.0 as usize];
                fb.module().const_undef(ty)?
            }
            _ => {
                let ty = self.types[v.0 as usize];
                fb.phi_at_start(b, ty, &incoming)?
            }
        };
        fb.resolve(ph, value)?;
        Ok(value)
    }

    /// Every predecessor of `b` is known: its placeholders become `phi`s.
    pub fn seal(&mut self, fb: &mut FunctionBuilder<'_>, b: Block) -> LowerResult<()> {
        let st = self.blocks.entry(b).or_default();
        if st.sealed {
            return Ok(());
        }
        st.sealed = true;
        let pending = std::mem::take(&mut st.incomplete);
        for (v, ph) in pending {
            let value = self.join(fb, v, b, ph)?;
            // Later reads in `b` see the value, not the placeholder.
            if self.defs.get(&(v, b)) == Some(&ph) {
                self.defs.insert((v, b), value);
            }
        }
        Ok(())
    }
}
