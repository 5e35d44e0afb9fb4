//! The names a function's local values print with (`%name`, `%N`), for tools that show values
//! of a function the way `dxil dis` shows them (the executor's trace).

use dxil_ir::{Block, Body, Module, Names, ValueRef};

use crate::names::write_name;
use crate::printer::FnSlots;

/// The numbering the module print gives a function's unnamed arguments, blocks and
/// instructions (LLVM's `SlotTracker::processFunction`), made once per function.
pub struct LocalNames<'m> {
    names: &'m Names,
    slots: FnSlots,
}

impl<'m> LocalNames<'m> {
    /// Numbers `body`, a body of `m`.
    pub fn new(m: &'m Module, body: &Body) -> LocalNames<'m> {
        LocalNames {
            names: &m.names,
            slots: FnSlots::new(m, body),
        }
    }

    /// `%name` or `%N` of an argument or an instruction of `body` as the module print writes
    /// it; `None` for other values (constants, globals) and for void instructions.
    pub fn value(&self, body: &Body, v: ValueRef) -> Option<String> {
        let (name, slot) = match v {
            ValueRef::Arg(a) => (
                body.args.get(a)?.name.and_then(|n| self.names.get(n)),
                self.slots.args[a].expand(),
            ),
            ValueRef::Inst(i) => (
                body.inst(i)?.name().and_then(|n| self.names.get(n)),
                self.slots.insts[i].expand(),
            ),
            _ => return None,
        };
        local(name, slot)
    }

    /// The number of an unnamed argument or non-void instruction (`%N`); `None` for named
    /// and void ones and other values.
    pub fn number(&self, v: ValueRef) -> Option<u32> {
        match v {
            ValueRef::Arg(a) => self.slots.args[a].expand(),
            ValueRef::Inst(i) => self.slots.insts[i].expand(),
            _ => None,
        }
    }

    /// The number of an unnamed block (`%N`); `None` for a named one.
    pub fn block_number(&self, b: Block) -> Option<u32> {
        self.slots.blocks[b].expand()
    }

    /// `%name` or `%N` of a block of `body`, as branches to it print.
    pub fn block(&self, body: &Body, b: Block) -> Option<String> {
        let name = body.block(b)?.name.and_then(|n| self.names.get(n));
        local(name, self.slots.blocks[b].expand())
    }
}

fn local(name: Option<&str>, slot: Option<u32>) -> Option<String> {
    let mut out = String::new();
    match name.filter(|n| !n.is_empty()) {
        Some(n) => write_name(&mut out, Some('%'), n),
        None => {
            let s = slot?;
            out.push('%');
            out.push_str(&s.to_string());
        }
    }
    Some(out)
}
