//! Who uses what: for each defined function, the globals, functions and constants its
//! instructions refer to (directly or through constant expressions), as LLVM's use lists
//! would give them to the reference's `RDAT` writer (`FindUsingFunctions`: an instruction
//! user names its function; a constant user is followed to its own users).

use std::collections::HashSet;

use dxil_ir::{Module, ValueRef};

/// The values each defined function refers to (empty for declarations).
#[derive(Debug)]
pub struct Uses {
    /// Per function (indexed like `module.functions`): referenced globals, functions and
    /// constants.
    pub refs: Vec<HashSet<ValueRef>>,
}

impl Uses {
    /// Collects the references of every defined function.
    pub fn of(m: &Module) -> Self {
        let mut refs = Vec::with_capacity(m.functions.len());
        for f in &m.functions {
            let mut set = HashSet::new();
            if let Some(body) = &f.body {
                let mut stack = Vec::new();
                for inst in &body.insts {
                    inst.kind.for_each_operand(&body.pool, |v| stack.push(*v));
                    // Constants reached from one operand: walked with a visited set, so
                    // shared or repeated subtrees cost one visit.
                    while let Some(v) = stack.pop() {
                        match v {
                            ValueRef::Global(_) | ValueRef::Function(_) | ValueRef::Alias(_) => {
                                set.insert(v);
                            }
                            ValueRef::Const(c) if set.insert(v) => {
                                if let Some(d) = m.constant(c) {
                                    d.kind.for_each_operand(&m.pools, |o| stack.push(o));
                                }
                            }
                            _ => {}
                        }
                    }
                }
            }
            refs.push(set);
        }
        Uses { refs }
    }

    /// The functions (in module order) whose instructions use `v`.
    pub fn users_of(&self, v: ValueRef) -> impl Iterator<Item = usize> + '_ {
        self.refs
            .iter()
            .enumerate()
            .filter(move |(_, s)| s.contains(&v))
            .map(|(i, _)| i)
    }
}
