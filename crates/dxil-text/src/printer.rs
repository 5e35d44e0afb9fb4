//! The printer state: the module, its type names and slots, the output, and the numbering of
//! the function being printed.

use dxil_ir::{
    Arg, Block, Body, Inst, List, Module, PackedOption, PoolItem, SecondaryMap, Type, ValueRef,
};

use crate::attrs::ListAttrs;
use crate::names::write_name;
use crate::slots::Slots;
use crate::types::{push_u64, TypeNames};

/// Local slot numbers of one function (`%0`, `%1`, ...; none: named or void).
#[derive(Default)]
pub struct FnSlots {
    /// By argument.
    pub args: SecondaryMap<Arg, PackedOption<u32>>,
    /// By block.
    pub blocks: SecondaryMap<Block, PackedOption<u32>>,
    /// By instruction.
    pub insts: SecondaryMap<Inst, PackedOption<u32>>,
}

impl FnSlots {
    /// Numbers a body: unnamed arguments, then per block the block (when unnamed) and its
    /// unnamed non-void instructions (`SlotTracker::processFunction`).
    pub fn new(m: &Module, body: &Body) -> FnSlots {
        let mut s = FnSlots {
            args: SecondaryMap::filled(body.args.len(), PackedOption::none()),
            blocks: SecondaryMap::filled(body.blocks.len(), PackedOption::none()),
            insts: SecondaryMap::filled(body.insts.len(), PackedOption::none()),
        };
        let mut next = 0u32;
        for (i, a) in body.args.iter_with_ids() {
            if !named(m.name_of(a.name)) {
                s.args[i] = next.into();
                next += 1;
            }
        }
        for (b, block) in body.blocks.iter_with_ids() {
            if !named(m.name_of(block.name)) {
                s.blocks[b] = next.into();
                next += 1;
            }
            for &i in &block.insts {
                let Some(inst) = body.inst(i) else { continue };
                if inst.ty.is_some() && !named(m.name_of(inst.name())) {
                    if let Some(slot) = s.insts.get_mut(i) {
                        *slot = next.into();
                        next += 1;
                    }
                }
            }
        }
        s
    }
}

/// Most constants (and constant elements) one module print writes: sharing lets a small
/// input describe exponentially large text; past this the printer writes a marker instead.
pub const CONST_BUDGET: u64 = 1 << 22;

/// Whether an optional name is a real (non-empty) name.
pub fn named(n: Option<&str>) -> bool {
    n.is_some_and(|s| !s.is_empty())
}

/// The printer.
pub struct Printer<'m> {
    /// The module.
    pub m: &'m Module,
    /// Output.
    pub out: &'m mut String,
    /// Struct names and numbers.
    pub types: TypeNames,
    /// Module-wide slots.
    pub slots: Slots,
    /// Attribute lists, merged and sorted.
    pub lists: &'m [ListAttrs],
    /// The metadata kind table.
    pub kinds: &'m crate::slots::Kinds,
    /// The body being printed.
    pub body: Option<&'m Body>,
    /// Its slots.
    pub fslots: FnSlots,
    /// [`crate::constants::const_flags`] of every constant.
    pub const_flags: Vec<u8>,
    /// Constants left to print before the output is cut short ([`CONST_BUDGET`]).
    pub const_budget: u64,
    /// Scratch operand list reused across instructions.
    pub scratch: Vec<ValueRef>,
    /// Block slots of other functions, for `blockaddress` (computed once per function).
    pub foreign_blocks:
        crate::util::FxHashMap<dxil_ir::Function, SecondaryMap<Block, PackedOption<u32>>>,
}

impl<'m> Printer<'m> {
    /// An operand list of the body being printed (empty outside a body, where no
    /// instruction is printed).
    pub fn body_list<T: PoolItem>(&self, list: List<T>) -> &'m [T] {
        self.body.map_or(&[], |b| b.list(list))
    }

    /// Writes a type.
    pub fn write_type(&mut self, ty: Type) {
        self.types.write(self.m, self.out, ty);
    }

    /// The type of a value in the current function.
    pub fn value_type(&self, v: ValueRef) -> Option<Type> {
        self.m.value_type(self.body, v)
    }

    /// Writes `type value`.
    pub fn write_typed_value(&mut self, v: ValueRef, depth: u32) {
        if let ValueRef::Metadata(_) = v {
            self.out.push_str("metadata ");
        } else {
            match self.value_type(v) {
                Some(t) => self.write_type(t),
                None => self.out.push_str("<badtype>"),
            }
            self.out.push(' ');
        }
        self.write_value(v, depth);
    }

    /// Writes a value as an operand (`WriteAsOperandInternal`).
    pub fn write_value(&mut self, v: ValueRef, depth: u32) {
        let m = self.m;
        match v {
            ValueRef::Global(g) => {
                let gv = m.globals.get(g);
                let slot = self.slots.global_slots[g].expand();
                self.write_global_name(gv.and_then(|x| m.name_of(x.common.name)), slot);
            }
            ValueRef::Function(f) => {
                let fv = m.functions.get(f);
                let slot = self.slots.function_slots[f].expand();
                self.write_global_name(fv.and_then(|x| m.name_of(x.common.name)), slot);
            }
            ValueRef::Alias(a) => {
                let av = m.aliases.get(a);
                let slot = self.slots.alias_slots[a].expand();
                self.write_global_name(av.and_then(|x| m.name_of(x.common.name)), slot);
            }
            ValueRef::Const(c) => self.write_constant(c, depth),
            ValueRef::Arg(a) => {
                let name = self
                    .body
                    .and_then(|b| b.args.get(a))
                    .and_then(|x| m.name_of(x.name));
                let slot = self.fslots.args[a].expand();
                self.write_local_name(name, slot);
            }
            ValueRef::Inst(i) => {
                let name = self
                    .body
                    .and_then(|b| b.inst(i))
                    .and_then(|x| m.name_of(x.name()));
                let slot = self.fslots.insts[i].expand();
                self.write_local_name(name, slot);
            }
            ValueRef::Metadata(md) => self.write_md_operand(md),
        }
    }

    fn write_global_name(&mut self, name: Option<&str>, slot: Option<u32>) {
        match name.filter(|n| !n.is_empty()) {
            Some(n) => write_name(self.out, Some('@'), n),
            None => match slot {
                Some(s) => {
                    self.out.push('@');
                    push_u64(self.out, u64::from(s));
                }
                None => self.out.push_str("<badref>"),
            },
        }
    }

    /// Writes `%name` or `%slot`.
    pub fn write_local_name(&mut self, name: Option<&str>, slot: Option<u32>) {
        match name.filter(|n| !n.is_empty()) {
            Some(n) => write_name(self.out, Some('%'), n),
            None => match slot {
                Some(s) => {
                    self.out.push('%');
                    push_u64(self.out, u64::from(s));
                }
                None => self.out.push_str("<badref>"),
            },
        }
    }

    /// Writes a block reference (`%name` / `%N`) of the current function.
    pub fn write_block_ref(&mut self, b: dxil_ir::Block) {
        let name = self
            .body
            .and_then(|body| body.block(b))
            .and_then(|x| self.m.name_of(x.name));
        let slot = self.fslots.blocks[b].expand();
        self.write_local_name(name, slot);
    }

    /// Writes a block of another function (for `blockaddress`).
    pub fn write_foreign_block(&mut self, f: dxil_ir::Function, b: dxil_ir::Block) {
        let Some(body) = self.m.functions.get(f).and_then(|f| f.body.as_ref()) else {
            self.out.push_str("<badref>");
            return;
        };
        let m = self.m;
        let name = body.block(b).and_then(|x| m.name_of(x.name));
        let slot = self
            .foreign_blocks
            .entry(f)
            .or_insert_with(|| FnSlots::new(m, body).blocks)[b]
            .expand();
        self.write_local_name(name, slot);
    }
}
