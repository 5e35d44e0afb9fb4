//! Slot numbers LLVM 3.7's `SlotTracker` gives for a module print: unnamed global values
//! (`@0`), metadata nodes (`!0`), and function attribute sets (`#0`). Metadata nodes are
//! numbered depth-first in the order the writer meets them: the operands of named metadata,
//! then for each function its attachments, and for each instruction the nodes passed to
//! `llvm.*` intrinsics and the nodes attached to it (`!dbg` first, then by kind).

use dxil_ir::{
    Alias, Attribute, DebugLoc, FixedMetadataKind, Function, FunctionData, Global, InstKind,
    Metadata, MetadataData, Module, Name, PackedOption, SecondaryMap, ValueRef,
};

use crate::attrs::{ListAttrs, FUNCTION_INDEX};
use crate::mdwalk::{md_operands_into, MdOperand};
use crate::util::FxHashMap;

/// A metadata node as the printer numbers it: an arena node, or a `DILocation` that LLVM
/// creates for an instruction's debug location.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NodeRef {
    /// A node of [`Module::metadata`].
    Arena(Metadata),
    /// Entry of [`Slots::locs`].
    Loc(u32),
}

/// The fields of a debug location node.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LocKey {
    /// Line.
    pub line: u64,
    /// Column (LLVM keeps 16 bits; larger columns become 0).
    pub col: u64,
    /// Scope.
    pub scope: Option<Metadata>,
    /// Inlined-at location.
    pub inlined_at: Option<Metadata>,
}

/// The metadata kind table: for each bitcode kind id, the context kind id LLVM gives it (the
/// fixed ids, then the module's kinds in table order) and its name.
pub struct Kinds {
    map: FxHashMap<u32, (u64, usize)>,
}

impl Kinds {
    /// Indexes the module's METADATA_KIND table.
    pub fn new(m: &Module) -> Kinds {
        let mut map = FxHashMap::default();
        for (pos, k) in m.metadata_kinds.iter().enumerate() {
            let ctx = match FixedMetadataKind::from_keyword(&k.name) {
                Some(f) => f.code(),
                None => (FixedMetadataKind::ALL.len() + pos) as u64,
            };
            map.entry(k.id).or_insert((ctx, pos));
        }
        Kinds { map }
    }

    /// The context kind id of bitcode kind `kind` (`u64::MAX`: unknown).
    pub fn context_kind(&self, kind: u32) -> u64 {
        self.map.get(&kind).map_or(u64::MAX, |e| e.0)
    }

    /// The name of bitcode kind `kind`.
    pub fn name<'m>(&self, m: &'m Module, kind: u32) -> Option<&'m str> {
        let &(_, pos) = self.map.get(&kind)?;
        m.metadata_kinds.get(pos).map(|k| &*k.name)
    }

    /// Sorts attachments as `getAllMetadata` returns them (by context kind id), keeping the
    /// last attachment of a kind, and drops the debug-location kind (held apart) and
    /// attachments of non-nodes.
    pub fn sort_attachments(&self, m: &Module, atts: &mut Vec<(u32, Metadata)>) {
        // In place: the kept attachments are compacted to the front (an attachment replaces
        // the kept one of its context kind where there is one), then sorted.
        let mut kept = 0;
        for r in 0..atts.len() {
            let (k, md) = atts[r];
            if !crate::mdwalk::is_node(m, md) {
                continue;
            }
            let ck = self.context_kind(k);
            if ck == 0 {
                continue;
            }
            // Later attachments of the same kind replace earlier ones.
            match atts[..kept]
                .iter_mut()
                .find(|(c, _)| self.context_kind(*c) == ck)
            {
                Some(e) => *e = (k, md),
                None => {
                    atts[kept] = (k, md);
                    kept += 1;
                }
            }
        }
        atts.truncate(kept);
        if kept > 1 {
            // Context kinds are distinct after the merge, so any sort gives one order.
            atts.sort_unstable_by_key(|(k, _)| self.context_kind(*k));
        }
    }
}

/// Module-wide slot numbers.
pub struct Slots {
    /// Slot of each arena metadata item.
    md_arena: SecondaryMap<Metadata, PackedOption<u32>>,
    /// Slot of each debug-location node (by [`NodeRef::Loc`] index).
    md_loc: Vec<PackedOption<u32>>,
    /// Nodes in slot order.
    pub order: Vec<NodeRef>,
    /// Debug-location nodes not in the arena.
    pub locs: Vec<LocKey>,
    loc_map: FxHashMap<LocKey, NodeRef>,
    /// Attribute sets in slot order (the function attributes of a function or call).
    pub attr_sets: Vec<Vec<Attribute>>,
    /// Slot of each set, by its text.
    attr_set_keys: FxHashMap<String, u32>,
    /// Slot of the function attributes of each attribute list (by list index less one;
    /// none yet past the end).
    list_slot: Vec<PackedOption<u32>>,
    /// Scratch operand buffer.
    buf: Vec<MdOperand>,
    /// Scratch traversal stack.
    stack: Vec<NodeRef>,
    /// Slots of unnamed globals (none: named).
    pub global_slots: SecondaryMap<Global, PackedOption<u32>>,
    /// As `global_slots`, for functions.
    pub function_slots: SecondaryMap<Function, PackedOption<u32>>,
    /// As `global_slots`, for aliases.
    pub alias_slots: SecondaryMap<Alias, PackedOption<u32>>,
}

fn has_name(m: &Module, n: Option<Name>) -> bool {
    m.name_of(n).is_some_and(|s| !s.is_empty())
}

impl Slots {
    /// Numbers everything the module print refers to.
    pub fn new(m: &Module, lists: &[ListAttrs], kinds: &Kinds) -> Slots {
        let mut s = Slots {
            md_arena: SecondaryMap::filled(m.metadata.len(), PackedOption::none()),
            md_loc: Vec::new(),
            order: Vec::new(),
            locs: Vec::new(),
            loc_map: FxHashMap::default(),
            attr_sets: Vec::new(),
            attr_set_keys: FxHashMap::default(),
            list_slot: Vec::new(),
            buf: Vec::new(),
            stack: Vec::new(),
            global_slots: SecondaryMap::filled(m.globals.len(), PackedOption::none()),
            function_slots: SecondaryMap::filled(m.functions.len(), PackedOption::none()),
            alias_slots: SecondaryMap::filled(m.aliases.len(), PackedOption::none()),
        };
        // Existing location nodes that are not distinct are the ones LLVM's uniquing returns
        // for an equal debug location.
        for (id, d) in m.metadata.iter_with_ids() {
            if let MetadataData::Location(l) = d {
                if !l.distinct {
                    let key = LocKey {
                        line: l.line,
                        col: l.column,
                        scope: Some(l.scope),
                        inlined_at: l.inlined_at,
                    };
                    s.loc_map.entry(key).or_insert(NodeRef::Arena(id));
                }
            }
        }
        let mut next = 0u32;
        for (i, g) in m.globals.iter_with_ids() {
            if !has_name(m, g.common.name) {
                s.global_slots[i] = next.into();
                next += 1;
            }
        }
        for (i, a) in m.aliases.iter_with_ids() {
            if !has_name(m, a.common.name) {
                s.alias_slots[i] = next.into();
                next += 1;
            }
        }
        for nm in &m.named_metadata {
            for &md in m.list(nm.operands) {
                s.create_md(m, NodeRef::Arena(md));
            }
        }
        for (i, f) in m.functions.iter_with_ids() {
            if !has_name(m, f.common.name) {
                s.function_slots[i] = next.into();
                next += 1;
            }
            s.create_attr_set(lists, f.attributes);
        }
        for f in &m.functions {
            s.process_function(m, lists, kinds, f);
        }
        s
    }

    fn process_function(
        &mut self,
        m: &Module,
        lists: &[ListAttrs],
        kinds: &Kinds,
        f: &FunctionData,
    ) {
        let mut atts = f.attachments.clone();
        kinds.sort_attachments(m, &mut atts);
        for &(_, md) in &atts {
            self.create_md(m, NodeRef::Arena(md));
        }
        let Some(body) = &f.body else {
            return;
        };
        for block in &body.blocks {
            for &i in &block.insts {
                let Some(inst) = body.inst(i) else { continue };
                if let InstKind::Call { callee, args, .. } = &inst.kind {
                    if is_intrinsic(m, *callee) {
                        for a in body.list(*args) {
                            if let ValueRef::Metadata(md) = a {
                                if crate::mdwalk::is_node(m, *md) {
                                    self.create_md(m, NodeRef::Arena(*md));
                                }
                            }
                        }
                    }
                }
                if let Some(dl) = &inst.debug_loc() {
                    let n = self.loc_node(dl);
                    self.create_md(m, n);
                }
                // One buffer for the attachments of every instruction.
                atts.clear();
                atts.extend_from_slice(inst.attachments());
                kinds.sort_attachments(m, &mut atts);
                for &(_, md) in &atts {
                    self.create_md(m, NodeRef::Arena(md));
                }
            }
        }
        for block in &body.blocks {
            for &i in &block.insts {
                let Some(inst) = body.inst(i) else { continue };
                let attrs = match &inst.kind {
                    InstKind::Call { attributes, .. } | InstKind::Invoke { attributes, .. } => {
                        *attributes
                    }
                    _ => continue,
                };
                self.create_attr_set(lists, attrs);
            }
        }
    }

    /// The node LLVM uses for a debug location.
    pub fn loc_node(&mut self, dl: &DebugLoc) -> NodeRef {
        let key = loc_key(dl);
        if let Some(&n) = self.loc_map.get(&key) {
            return n;
        }
        let n = NodeRef::Loc(self.locs.len() as u32);
        self.locs.push(key);
        self.md_loc.push(PackedOption::none());
        self.loc_map.insert(key, n);
        n
    }

    /// The node of an already-numbered debug location.
    pub fn find_loc(&self, dl: &DebugLoc) -> Option<NodeRef> {
        self.loc_map.get(&loc_key(dl)).copied()
    }

    fn slot_mut(&mut self, n: NodeRef) -> Option<&mut PackedOption<u32>> {
        match n {
            NodeRef::Arena(id) => self.md_arena.get_mut(id),
            NodeRef::Loc(i) => self.md_loc.get_mut(i as usize),
        }
    }

    /// The slot of a node (`None`: never numbered).
    pub fn md_slot(&self, n: NodeRef) -> Option<u32> {
        match n {
            NodeRef::Arena(id) => self.md_arena[id].expand(),
            NodeRef::Loc(i) => self.md_loc.get(i as usize)?.expand(),
        }
    }

    /// `CreateMetadataSlot`: numbers `n` and, depth-first, the nodes among its operands.
    fn create_md(&mut self, m: &Module, n: NodeRef) {
        if let NodeRef::Arena(id) = n {
            if !crate::mdwalk::is_node(m, id) {
                return;
            }
        }
        // Already numbered: nothing to do (the common case for debug locations).
        if self.md_slot(n).is_some() {
            return;
        }
        // Pre-order with the check at pop time matches the recursive numbering.
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(n);
        while let Some(n) = stack.pop() {
            let next = self.order.len() as u32;
            match self.slot_mut(n) {
                Some(s) if s.is_none() => *s = next.into(),
                _ => continue,
            }
            self.order.push(n);
            let mark = stack.len();
            match n {
                NodeRef::Arena(id) => {
                    let mut buf = std::mem::take(&mut self.buf);
                    buf.clear();
                    md_operands_into(m, id, &mut buf);
                    stack.extend(buf.iter().filter_map(|o| match o {
                        MdOperand::Node(c) => Some(NodeRef::Arena(*c)),
                        _ => None,
                    }));
                    self.buf = buf;
                }
                NodeRef::Loc(i) => {
                    let k = self.locs[i as usize];
                    stack.extend(
                        [k.scope, k.inlined_at]
                            .into_iter()
                            .flatten()
                            .filter(|c| crate::mdwalk::is_node(m, *c))
                            .map(NodeRef::Arena),
                    );
                }
            }
            // Children are visited in operand order: reverse them on the stack.
            stack[mark..].reverse();
        }
        self.stack = stack;
    }

    /// Numbers the function attributes of attribute list `list` (1-based; 0 none).
    fn create_attr_set(&mut self, lists: &[ListAttrs], list: u32) {
        let Some(set) = fn_attrs(lists, list) else {
            return;
        };
        let idx = list as usize - 1;
        if self.list_slot.get(idx).is_some_and(|s| s.is_some()) {
            return;
        }
        // Equal sets from different lists share a slot; the text of a set identifies it.
        let mut key = String::new();
        crate::attrs::write_attrs(&mut key, set, true);
        let next = self.attr_sets.len() as u32;
        let slot = *self.attr_set_keys.entry(key).or_insert(next);
        if slot == next {
            self.attr_sets.push(set.to_vec());
        }
        if self.list_slot.len() <= idx {
            self.list_slot.resize(idx + 1, PackedOption::none());
        }
        self.list_slot[idx] = slot.into();
    }

    /// The slot of the function attributes of attribute list `list` (1-based).
    pub fn attr_set_slot(&self, list: u32) -> Option<u32> {
        let idx = (list as usize).checked_sub(1)?;
        self.list_slot.get(idx)?.expand()
    }
}

fn loc_key(dl: &DebugLoc) -> LocKey {
    LocKey {
        line: u64::from(dl.line),
        col: if dl.col >= 1 << 16 {
            0
        } else {
            u64::from(dl.col)
        },
        scope: dl.scope,
        inlined_at: dl.inlined_at,
    }
}

/// The function attributes of attribute list `list` (1-based; 0 none), if any.
pub fn fn_attrs(lists: &[ListAttrs], list: u32) -> Option<&[Attribute]> {
    let l = lists.get((list as usize).checked_sub(1)?)?;
    let a = l.at(FUNCTION_INDEX);
    (!a.is_empty()).then_some(a)
}

/// Whether `callee` is a function whose name starts with `llvm.` (an intrinsic).
pub fn is_intrinsic(m: &Module, callee: ValueRef) -> bool {
    match callee {
        ValueRef::Function(f) => m
            .functions
            .get(f)
            .and_then(|f| m.name_of(f.common.name))
            .is_some_and(|n| n.starts_with("llvm.")),
        _ => false,
    }
}
