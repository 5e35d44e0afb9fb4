//! Functions, blocks and instructions as LLVM 3.7 prints them (`printFunction`,
//! `printBasicBlock`, `printInstruction`; LangRef "Functions", "Instruction Reference").

use dxil_ir::{
    Block, Body, CallingConv, FastMath, FixedMetadataKind, Inst, InstData, InstKind, Linkage,
    Module, Ordering, SyncScope, Type, TypeData, ValueRef,
};

use crate::attrs::{write_attrs, FUNCTION_INDEX};
use crate::names::{write_escaped, write_metadata_identifier, write_name};
use crate::printer::{FnSlots, Printer};
use crate::slots::{fn_attrs, NodeRef};
use crate::types::push_u64;

/// The keyword of an atomic ordering with its leading space; `notatomic` is never written
/// after an atomic instruction, so it prints as the bad value LLVM's writer names.
fn ordering_text(o: Ordering) -> &'static str {
    match o {
        Ordering::NotAtomic => " <bad ordering>",
        Ordering::Unordered => " unordered",
        Ordering::Monotonic => " monotonic",
        Ordering::Acquire => " acquire",
        Ordering::Release => " release",
        Ordering::AcqRel => " acq_rel",
        Ordering::SeqCst => " seq_cst",
    }
}

/// The keyword of a calling convention (`PrintCallingConv`), `ccN` for unnamed numbers.
pub fn write_calling_conv(out: &mut String, cc: u64) {
    match CallingConv::from_code(cc) {
        Some(c) => out.push_str(c.keyword()),
        None => {
            out.push_str("cc");
            push_u64(out, cc);
        }
    }
}

/// Writes the linkage keyword with its trailing space (nothing for external).
pub fn write_linkage(out: &mut String, code: u8) {
    let l = dxil_ir::decode_linkage(u64::from(code)).unwrap_or(Linkage::External);
    let k = l.keyword();
    if !k.is_empty() {
        out.push_str(k);
        out.push(' ');
    }
}

/// Writes visibility and DLL storage keywords with trailing spaces.
pub fn write_visibility_dll(out: &mut String, visibility: u8, dll: u8) {
    match visibility {
        1 => out.push_str("hidden "),
        2 => out.push_str("protected "),
        _ => {}
    }
    match dll {
        1 => out.push_str("dllimport "),
        2 => out.push_str("dllexport "),
        _ => {}
    }
}

/// A block's predecessors in LLVM's use-list order: the terminators that branch to it, the
/// most recently read first, one entry per branch operand.
fn predecessors(body: &Body) -> Vec<Vec<Block>> {
    let mut preds: Vec<Vec<Block>> = vec![Vec::new(); body.blocks.len()];
    for (from, block) in body.blocks.iter_with_ids() {
        for &i in &block.insts {
            let Some(inst) = body.inst(i) else { continue };
            let mut add = |t: Block| {
                if let Some(p) = preds.get_mut(t.index()) {
                    p.push(from);
                }
            };
            // Uses are created in operand-initialisation order.
            match &inst.kind {
                InstKind::Br { target } => add(*target),
                InstKind::CondBr {
                    if_true, if_false, ..
                } => {
                    add(*if_false);
                    add(*if_true);
                }
                InstKind::Switch { default, cases, .. } => {
                    add(*default);
                    for (_, t) in body.list(*cases) {
                        add(*t);
                    }
                }
                InstKind::IndirectBr { dests, .. } => {
                    body.list(*dests).iter().for_each(|d| add(*d))
                }
                InstKind::Invoke { normal, unwind, .. } => {
                    add(*normal);
                    add(*unwind);
                }
                _ => {}
            }
        }
    }
    for p in &mut preds {
        p.reverse();
    }
    // USELIST_CODE_BB records reorder a block's uses: use i moves to position indexes[i]
    // (LLVM's reader ignores a record whose length differs from the use count).
    for ul in body.uselists.iter().filter(|u| u.is_block) {
        let Some(p) = usize::try_from(ul.id).ok().and_then(|i| preds.get_mut(i)) else {
            continue;
        };
        if ul.indexes.len() != p.len() {
            continue;
        }
        let mut keyed: Vec<(u64, Block)> =
            ul.indexes.iter().copied().zip(p.iter().copied()).collect();
        keyed.sort_by_key(|(k, _)| *k);
        *p = keyed.into_iter().map(|(_, b)| b).collect();
    }
    preds
}

/// Pads the current line to column `col` with at least one space (`PadToColumn`; columns
/// count bytes, and everything on a label line is ASCII).
fn pad_to_column(out: &mut String, col: usize) {
    let line_start = out.rfind('\n').map_or(0, |p| p + 1);
    let cur = out.len() - line_start;
    let n = col.saturating_sub(cur).max(1);
    for _ in 0..n {
        out.push(' ');
    }
}

fn align_of(log2p1: u64) -> u64 {
    if log2p1 == 0 || log2p1 > 63 {
        0
    } else {
        1u64 << (log2p1 - 1)
    }
}

impl<'m> Printer<'m> {
    /// Prints one function (`printFunction`).
    pub fn print_function(&mut self, id: dxil_ir::Function) {
        let m: &'m Module = self.m;
        let Some(f) = m.functions.get(id) else {
            return;
        };
        self.out.push('\n');
        let lists: &'m [crate::attrs::ListAttrs] = self.lists;
        let list = lists.get((f.attributes as usize).wrapping_sub(1));
        let fn_set = fn_attrs(lists, f.attributes);
        if let Some(set) = fn_set {
            let shown: Vec<_> = set
                .iter()
                .filter(|a| !matches!(a, dxil_ir::Attribute::String { .. }))
                .cloned()
                .collect();
            if !shown.is_empty() {
                self.out.push_str("; Function Attrs: ");
                write_attrs(self.out, &shown, false);
                self.out.push('\n');
            }
        }
        let is_decl = f.body.is_none();
        self.out
            .push_str(if is_decl { "declare " } else { "define " });
        write_linkage(self.out, f.common.linkage);
        write_visibility_dll(self.out, f.common.visibility, f.common.dll_storage);
        if f.calling_conv != 0 {
            write_calling_conv(self.out, u64::from(f.calling_conv));
            self.out.push(' ');
        }
        let (ret, params, vararg) = match m.ty(f.fn_ty) {
            Some(TypeData::Function {
                ret,
                params,
                vararg,
            }) => (Some(*ret), &params[..], *vararg),
            _ => (None, &[][..], false),
        };
        if let Some(l) = list {
            let r = l.at(0);
            if !r.is_empty() {
                write_attrs(self.out, r, false);
                self.out.push(' ');
            }
        }
        match ret {
            Some(r) => self.write_type(r),
            None => self.out.push_str("<badtype>"),
        }
        self.out.push(' ');
        self.write_value(ValueRef::Function(id), 0);
        self.out.push('(');
        self.body = f.body.as_ref();
        self.fslots = match &f.body {
            Some(b) => FnSlots::new(m, b),
            None => FnSlots::default(),
        };
        for (i, &pt) in params.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.write_type(pt);
            if let Some(l) = list {
                let a = l.at(i as u32 + 1);
                if !a.is_empty() {
                    self.out.push(' ');
                    write_attrs(self.out, a, false);
                }
            }
            if let Some(body) = &f.body {
                if let Some(arg) = body.args.as_slice().get(i) {
                    if let Some(n) = m.name_of(arg.name).filter(|n| !n.is_empty()) {
                        self.out.push(' ');
                        write_name(self.out, Some('%'), n);
                    }
                }
            }
        }
        if vararg {
            if !params.is_empty() {
                self.out.push_str(", ");
            }
            self.out.push_str("...");
        }
        self.out.push(')');
        if f.common.unnamed_addr {
            self.out.push_str(" unnamed_addr");
        }
        if fn_set.is_some() {
            if let Some(slot) = self.slots.attr_set_slot(f.attributes) {
                self.out.push_str(" #");
                push_u64(self.out, u64::from(slot));
            }
        }
        if f.section != 0 {
            if let Some(&s) = m.section_names.get(f.section as usize - 1) {
                self.out.push_str(" section \"");
                write_escaped(self.out, m.name_str(s).as_bytes());
                self.out.push('"');
            }
        }
        if f.common.comdat != 0 {
            self.write_comdat(f.common.comdat, m.name_of(f.common.name), false);
        }
        let align = align_of(u64::from(f.align_log2p1));
        if align != 0 {
            self.out.push_str(" align ");
            push_u64(self.out, align);
        }
        if f.gc != 0 {
            if let Some(&g) = m.gc_names.get(f.gc as usize - 1) {
                self.out.push_str(" gc \"");
                self.out.push_str(m.name_str(g));
                self.out.push('"');
            }
        }
        if let Some(p) = f.prefix {
            self.out.push_str(" prefix ");
            self.write_typed_value(p, 0);
        }
        if let Some(p) = f.prologue {
            self.out.push_str(" prologue ");
            self.write_typed_value(p, 0);
        }
        if let Some(p) = f.personality {
            self.out.push_str(" personality ");
            self.write_typed_value(p, 0);
        }
        let mut atts = f.attachments.clone();
        self.kinds.sort_attachments(m, &mut atts);
        for (k, md) in atts {
            self.out.push_str(" !");
            write_metadata_identifier(self.out, self.kinds.name(m, k).unwrap_or("").as_bytes());
            self.out.push(' ');
            self.write_node_ref(NodeRef::Arena(md));
        }
        match &f.body {
            None => self.out.push('\n'),
            Some(body) => {
                self.out.push_str(" {");
                let preds = predecessors(body);
                for (b, block) in body.blocks.iter_with_ids() {
                    self.print_block(body, b, block, &preds);
                }
                self.out.push_str("}\n");
            }
        }
        self.body = None;
        self.fslots = FnSlots::default();
    }

    /// Writes ` comdat` or ` comdat($name)` (`, comdat` for globals).
    pub fn write_comdat(&mut self, comdat: u32, name: Option<&str>, global: bool) {
        let m = self.m;
        let Some(&(_, cname)) = m.comdats.get(comdat as usize - 1) else {
            return;
        };
        let cname = m.name_str(cname);
        if global {
            self.out.push(',');
        }
        self.out.push_str(" comdat");
        if name != Some(cname) {
            self.out.push('(');
            write_name(self.out, Some('$'), cname);
            self.out.push(')');
        }
    }

    fn print_block(
        &mut self,
        body: &Body,
        b: Block,
        block: &dxil_ir::BlockData,
        preds: &[Vec<Block>],
    ) {
        let bpreds: &[Block] = preds.get(b.index()).map(|p| p.as_slice()).unwrap_or(&[]);
        if let Some(n) = self.m.name_of(block.name).filter(|n| !n.is_empty()) {
            self.out.push('\n');
            write_name(self.out, None, n);
            self.out.push(':');
        } else if !bpreds.is_empty() {
            self.out.push_str("\n; <label>:");
            match self.fslots.blocks[b].expand() {
                Some(s) => push_u64(self.out, u64::from(s)),
                None => self.out.push_str("<badref>"),
            }
        }
        if b.index() != 0 {
            pad_to_column(self.out, 50);
            self.out.push(';');
            if bpreds.is_empty() {
                self.out.push_str(" No predecessors!");
            } else {
                self.out.push_str(" preds = ");
                for (i, &p) in bpreds.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.write_block_ref(p);
                }
            }
        }
        self.out.push('\n');
        for &i in &block.insts {
            if let Some(inst) = body.inst(i) {
                self.print_inst(i, inst);
            }
            self.out.push('\n');
        }
    }

    fn print_inst(&mut self, id: Inst, inst: &InstData) {
        self.out.push_str("  ");
        self.print_inst_body(id, inst);
        self.write_info_comment(inst);
    }

    /// Prints one instruction without indentation or comments, with its metadata
    /// attachments (`Instruction::print`); the function's slots must be set.
    pub fn print_inst_body(&mut self, id: Inst, inst: &InstData) {
        let m = self.m;
        if let Some(n) = m.name_of(inst.name()).filter(|n| !n.is_empty()) {
            write_name(self.out, Some('%'), n);
            self.out.push_str(" = ");
        } else if inst.ty.is_some() {
            match self.fslots.insts[id].expand() {
                Some(s) => {
                    self.out.push('%');
                    push_u64(self.out, u64::from(s));
                    self.out.push_str(" = ");
                }
                None => self.out.push_str("<badref> = "),
            }
        }
        if let InstKind::Call { cc_field, .. } = &inst.kind {
            if cc_field & (1 << 14) != 0 {
                self.out.push_str("musttail ");
            } else if cc_field & 1 != 0 {
                self.out.push_str("tail ");
            }
        }
        self.out.push_str(opcode_name(&inst.kind));
        match &inst.kind {
            InstKind::Load {
                atomic: Some(_), ..
            }
            | InstKind::Store {
                atomic: Some(_), ..
            } => self.out.push_str(" atomic"),
            InstKind::CmpXchg { weak: true, .. } => self.out.push_str(" weak"),
            _ => {}
        }
        if matches!(
            &inst.kind,
            InstKind::Load { volatile: true, .. }
                | InstKind::Store { volatile: true, .. }
                | InstKind::CmpXchg { volatile: true, .. }
                | InstKind::AtomicRmw { volatile: true, .. }
        ) {
            self.out.push_str(" volatile");
        }
        self.write_optimization_info(inst);
        match &inst.kind {
            InstKind::Cmp { predicate, .. } => {
                self.out.push(' ');
                self.out.push_str(predicate.keyword());
            }
            InstKind::AtomicRmw { op, .. } => {
                self.out.push(' ');
                self.out.push_str(op.keyword());
            }
            _ => {}
        }
        self.write_inst_operands(inst);
        // Atomic orderings and alignment.
        match &inst.kind {
            InstKind::Load {
                align_log2p1,
                atomic,
                ..
            }
            | InstKind::Store {
                align_log2p1,
                atomic,
                ..
            } => {
                if let Some(a) = atomic {
                    self.write_atomic(a.ordering, a.scope);
                }
                let al = align_of(u64::from(*align_log2p1));
                if al != 0 {
                    self.out.push_str(", align ");
                    push_u64(self.out, al);
                }
            }
            InstKind::CmpXchg {
                success,
                failure,
                scope,
                ..
            } => {
                self.write_scope(*scope);
                self.out.push_str(ordering_text(*success));
                self.out.push_str(ordering_text(*failure));
            }
            InstKind::AtomicRmw {
                ordering, scope, ..
            }
            | InstKind::Fence { ordering, scope } => self.write_atomic(*ordering, *scope),
            _ => {}
        }
        // Metadata attachments: the debug location first, then by kind.
        if let Some(dl) = &inst.debug_loc() {
            if let Some(n) = self.slots.find_loc(dl) {
                self.out.push_str(", !");
                self.out.push_str(FixedMetadataKind::Dbg.keyword());
                self.out.push(' ');
                self.write_node_ref(n);
            }
        }
        if inst.attachments().is_empty() {
            return;
        }
        let mut atts = inst.attachments().to_vec();
        self.kinds.sort_attachments(m, &mut atts);
        for (k, md) in atts {
            self.out.push_str(", !");
            write_metadata_identifier(self.out, self.kinds.name(m, k).unwrap_or("").as_bytes());
            self.out.push(' ');
            self.write_node_ref(NodeRef::Arena(md));
        }
    }

    fn write_atomic(&mut self, ordering: Ordering, scope: SyncScope) {
        if ordering == Ordering::NotAtomic {
            return;
        }
        self.write_scope(scope);
        self.out.push_str(ordering_text(ordering));
    }

    /// ` singlethread`; the default scope is not written.
    fn write_scope(&mut self, scope: SyncScope) {
        if scope == SyncScope::SingleThread {
            self.out.push(' ');
            self.out.push_str(scope.keyword());
        }
    }

    fn write_optimization_info(&mut self, inst: &InstData) {
        use dxil_ir::BinOp as B;
        let (fp, flags) = match &inst.kind {
            InstKind::Binary { op, flags, .. } => match op {
                B::FAdd | B::FSub | B::FMul | B::FDiv | B::FRem => (true, *flags),
                B::Add | B::Sub | B::Mul | B::Shl => {
                    if flags & 1 != 0 {
                        self.out.push_str(" nuw");
                    }
                    if flags & 2 != 0 {
                        self.out.push_str(" nsw");
                    }
                    return;
                }
                B::UDiv | B::SDiv | B::LShr | B::AShr => {
                    if flags & 1 != 0 {
                        self.out.push_str(" exact");
                    }
                    return;
                }
                _ => return,
            },
            InstKind::Cmp {
                predicate, flags, ..
            } if !predicate.is_int() => (true, *flags),
            InstKind::Gep { inbounds: true, .. } => {
                self.out.push_str(" inbounds");
                return;
            }
            _ => return,
        };
        if !fp {
            return;
        }
        if flags & FastMath::UNSAFE_ALGEBRA != 0 {
            self.out.push_str(" fast");
            return;
        }
        if flags & FastMath::NO_NANS != 0 {
            self.out.push_str(" nnan");
        }
        if flags & FastMath::NO_INFS != 0 {
            self.out.push_str(" ninf");
        }
        if flags & FastMath::NO_SIGNED_ZEROS != 0 {
            self.out.push_str(" nsz");
        }
        if flags & FastMath::ALLOW_RECIPROCAL != 0 {
            self.out.push_str(" arcp");
        }
    }

    fn typed_block(&mut self, b: Block) {
        self.out.push_str("label ");
        self.write_block_ref(b);
    }

    fn write_inst_operands(&mut self, inst: &InstData) {
        let m = self.m;
        match &inst.kind {
            InstKind::CondBr {
                cond,
                if_true,
                if_false,
            } => {
                self.out.push(' ');
                self.write_typed_value(*cond, 0);
                self.out.push_str(", ");
                self.typed_block(*if_true);
                self.out.push_str(", ");
                self.typed_block(*if_false);
            }
            InstKind::Br { target } => {
                self.out.push(' ');
                self.typed_block(*target);
            }
            InstKind::Switch {
                cond,
                default,
                cases,
                ..
            } => {
                self.out.push(' ');
                self.write_typed_value(*cond, 0);
                self.out.push_str(", ");
                self.typed_block(*default);
                self.out.push_str(" [");
                for (v, t) in self.body_list(*cases).iter() {
                    self.out.push_str("\n    ");
                    self.write_typed_value(*v, 0);
                    self.out.push_str(", ");
                    self.typed_block(*t);
                }
                self.out.push_str("\n  ]");
            }
            InstKind::IndirectBr { addr, dests, .. } => {
                self.out.push(' ');
                self.write_typed_value(*addr, 0);
                self.out.push_str(", [");
                for (i, d) in self.body_list(*dests).iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.typed_block(*d);
                }
                self.out.push(']');
            }
            InstKind::Phi { incoming } => {
                self.out.push(' ');
                self.write_opt_type(inst.ty);
                self.out.push(' ');
                for (i, (v, b)) in self.body_list(*incoming).iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.out.push_str("[ ");
                    self.write_value(*v, 0);
                    self.out.push_str(", ");
                    self.write_block_ref(*b);
                    self.out.push_str(" ]");
                }
            }
            InstKind::ExtractValue { aggregate, indices } => {
                self.out.push(' ');
                self.write_typed_value(*aggregate, 0);
                for i in self.body_list(*indices).iter() {
                    self.out.push_str(", ");
                    push_u64(self.out, u64::from(*i));
                }
            }
            InstKind::InsertValue {
                aggregate,
                value,
                indices,
            } => {
                self.out.push(' ');
                self.write_typed_value(*aggregate, 0);
                self.out.push_str(", ");
                self.write_typed_value(*value, 0);
                for i in self.body_list(*indices).iter() {
                    self.out.push_str(", ");
                    push_u64(self.out, u64::from(*i));
                }
            }
            InstKind::LandingPad { cleanup, clauses } => {
                self.out.push(' ');
                self.write_opt_type(inst.ty);
                if *cleanup || !clauses.is_empty() {
                    self.out.push('\n');
                }
                if *cleanup {
                    self.out.push_str("          cleanup");
                }
                for (i, (kind, v)) in self.body_list(*clauses).iter().enumerate() {
                    if i != 0 || *cleanup {
                        self.out.push('\n');
                    }
                    self.out.push_str(if *kind == 0 {
                        "          catch "
                    } else {
                        "          filter "
                    });
                    self.write_typed_value(*v, 0);
                }
            }
            InstKind::Ret { value: None } => self.out.push_str(" void"),
            InstKind::Call {
                attributes,
                cc_field,
                fn_ty,
                callee,
                args,
            } => {
                // LLVM keeps the convention in 13 bits of the call's subclass data; the
                // explicit-type flag shifted into bit 14 by the reader is lost there.
                let cc = ((cc_field & !(1u64 << 14)) >> 1) & 0x1fff;
                self.write_call(*attributes, cc, *fn_ty, *callee, self.body_list(*args));
            }
            InstKind::Invoke {
                attributes,
                cc_field,
                normal,
                unwind,
                fn_ty,
                callee,
                args,
            } => {
                let cc = (cc_field & !(1u64 << 13)) & 0x7fff;
                self.write_call(*attributes, cc, *fn_ty, *callee, self.body_list(*args));
                self.out.push_str("\n          to ");
                self.typed_block(*normal);
                self.out.push_str(" unwind ");
                self.typed_block(*unwind);
            }
            InstKind::Alloca {
                allocated_ty,
                size_ty,
                size,
                align_field,
            } => {
                self.out.push(' ');
                if align_field & (1 << 5) != 0 {
                    self.out.push_str("inalloca ");
                }
                self.write_type(*allocated_ty);
                let is_one = match size {
                    ValueRef::Const(c) => matches!(
                        m.constant(*c).map(|d| &d.kind),
                        Some(dxil_ir::ConstKind::Int(1))
                    ),
                    _ => false,
                };
                let is_i32 = matches!(m.ty(*size_ty), Some(TypeData::Int(32)));
                if !is_one || !is_i32 {
                    self.out.push_str(", ");
                    self.write_typed_value(*size, 0);
                }
                let al = align_of(align_field & 31);
                if al != 0 {
                    self.out.push_str(", align ");
                    push_u64(self.out, al);
                }
            }
            InstKind::Cast { value, .. } => {
                self.out.push(' ');
                self.write_typed_value(*value, 0);
                self.out.push_str(" to ");
                self.write_opt_type(inst.ty);
            }
            InstKind::VaArg { valist, .. } => {
                self.out.push(' ');
                self.write_typed_value(*valist, 0);
                self.out.push_str(", ");
                self.write_opt_type(inst.ty);
            }
            InstKind::Unreachable | InstKind::Fence { .. } => {}
            _ => self.write_generic_operands(inst),
        }
    }

    fn write_opt_type(&mut self, ty: Option<Type>) {
        match ty {
            Some(t) => self.write_type(t),
            None => self.out.push_str("void"),
        }
    }

    /// The "print the normal way" branch: one type for all operands when they agree.
    fn write_generic_operands(&mut self, inst: &InstData) {
        let mut ops = std::mem::take(&mut self.scratch);
        ops.clear();
        if let Some(body) = self.body {
            crate::operands::llvm_operand_order(body, &inst.kind, |v| ops.push(v));
        }
        self.write_generic_operand_list(inst, &ops);
        self.scratch = ops;
    }

    fn write_generic_operand_list(&mut self, inst: &InstData, ops: &[ValueRef]) {
        let Some(&first) = ops.first() else {
            return;
        };
        match &inst.kind {
            InstKind::Gep { source_ty, .. } => {
                self.out.push(' ');
                self.write_type(*source_ty);
                self.out.push(',');
            }
            InstKind::Load { .. } => {
                self.out.push(' ');
                self.write_opt_type(inst.ty);
                self.out.push(',');
            }
            _ => {}
        }
        let print_all = matches!(
            inst.kind,
            InstKind::Select { .. }
                | InstKind::Store { .. }
                | InstKind::ShuffleVector { .. }
                | InstKind::Ret { .. }
        ) || {
            let t0 = self.op_type_key(first);
            ops[1..].iter().any(|&o| self.op_type_key(o) != t0)
        };
        if !print_all {
            self.out.push(' ');
            match self.value_type(first) {
                Some(t) if !matches!(first, ValueRef::Metadata(_)) => self.write_type(t),
                _ => self.out.push_str("metadata"),
            }
        }
        self.out.push(' ');
        for (i, &o) in ops.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if print_all {
                self.write_typed_value(o, 0);
            } else {
                self.write_value(o, 0);
            }
        }
    }

    fn op_type_key(&self, v: ValueRef) -> Option<Type> {
        match v {
            ValueRef::Metadata(_) => None,
            _ => self.value_type(v),
        }
    }

    fn write_call(
        &mut self,
        attributes: u32,
        cc: u64,
        fn_ty: Type,
        callee: ValueRef,
        args: &[ValueRef],
    ) {
        let m = self.m;
        if cc != 0 {
            self.out.push(' ');
            write_calling_conv(self.out, cc);
        }
        let list = self.lists.get((attributes as usize).wrapping_sub(1));
        if let Some(l) = list {
            let r = l.at(0);
            if !r.is_empty() {
                self.out.push(' ');
                write_attrs(self.out, r, false);
            }
        }
        self.out.push(' ');
        match m.ty(fn_ty) {
            Some(TypeData::Function {
                ret, vararg: false, ..
            }) => self.write_type(*ret),
            _ => self.write_type(fn_ty),
        }
        self.out.push(' ');
        self.write_value(callee, 0);
        self.out.push('(');
        for (i, &a) in args.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if let ValueRef::Metadata(_) = a {
                self.out.push_str("metadata");
            } else {
                match self.value_type(a) {
                    Some(t) => self.write_type(t),
                    None => self.out.push_str("<badtype>"),
                }
            }
            if let Some(l) = list {
                let at = l.at(i as u32 + 1);
                if !at.is_empty() {
                    self.out.push(' ');
                    write_attrs(self.out, at, false);
                }
            }
            self.out.push(' ');
            self.write_value(a, 0);
        }
        self.out.push(')');
        if let Some(l) = list {
            let fa = l.at(FUNCTION_INDEX);
            if !fa.is_empty() {
                if let Some(slot) = self.slots.attr_set_slot(attributes) {
                    self.out.push_str(" #");
                    push_u64(self.out, u64::from(slot));
                }
            }
        }
    }
}

/// The LLVM opcode name of an instruction.
pub fn opcode_name(k: &InstKind) -> &'static str {
    match k {
        InstKind::Binary { op, .. } => op.mnemonic(),
        InstKind::Cast { op, .. } => op.mnemonic(),
        InstKind::Gep { .. } => "getelementptr",
        InstKind::Select { .. } => "select",
        InstKind::ExtractElement { .. } => "extractelement",
        InstKind::InsertElement { .. } => "insertelement",
        InstKind::ShuffleVector { .. } => "shufflevector",
        InstKind::Cmp { predicate, .. } => predicate.instruction(),
        InstKind::Ret { .. } => "ret",
        InstKind::Br { .. } | InstKind::CondBr { .. } => "br",
        InstKind::Switch { .. } => "switch",
        InstKind::IndirectBr { .. } => "indirectbr",
        InstKind::Invoke { .. } => "invoke",
        InstKind::Resume { .. } => "resume",
        InstKind::Unreachable => "unreachable",
        InstKind::Phi { .. } => "phi",
        InstKind::Alloca { .. } => "alloca",
        InstKind::Load { .. } => "load",
        InstKind::Store { .. } => "store",
        InstKind::CmpXchg { .. } => "cmpxchg",
        InstKind::AtomicRmw { .. } => "atomicrmw",
        InstKind::Fence { .. } => "fence",
        InstKind::Call { .. } => "call",
        InstKind::VaArg { .. } => "va_arg",
        InstKind::ExtractValue { .. } => "extractvalue",
        InstKind::InsertValue { .. } => "insertvalue",
        InstKind::LandingPad { .. } => "landingpad",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dxil_ir::{BlockData, InstData, UseList};

    fn inst(kind: InstKind) -> InstData {
        InstData::new(kind, None)
    }

    /// Three blocks branching to block 3 in order 0, 1, 2 (block 1 twice through a
    /// conditional branch).
    fn body() -> Body {
        // Branches name blocks made after them, as a reader of a body declaring four would.
        let b = |i| Block::checked(i, 4).unwrap();
        let mut body = Body::default();
        let cond = ValueRef::Arg(dxil_ir::Arg::checked(0, 1).unwrap());
        let kinds = [
            InstKind::Br { target: b(3) },
            InstKind::CondBr {
                cond,
                if_true: b(3),
                if_false: b(2),
            },
            InstKind::Br { target: b(3) },
            InstKind::Ret { value: None },
        ];
        for k in kinds {
            let i = body.insts.push(inst(k));
            body.blocks.push(BlockData {
                name: None,
                insts: vec![i],
            });
        }
        body
    }

    /// The block indexes of a predecessor list.
    fn indexes(p: &[Block]) -> Vec<usize> {
        p.iter().map(|b| b.index()).collect()
    }

    #[test]
    fn predecessors_most_recent_use_first() {
        let p = predecessors(&body());
        assert_eq!(indexes(&p[3]), [2, 1, 0]);
        assert_eq!(indexes(&p[2]), [1]);
        assert!(p[0].is_empty());
    }

    #[test]
    fn block_use_list_records_permute_predecessors() {
        let mut b = body();
        b.uselists.push(UseList {
            is_block: true,
            indexes: Box::new([2, 0, 1]),
            id: 3,
        });
        // Use i moves to position indexes[i].
        assert_eq!(indexes(&predecessors(&b)[3]), [1, 0, 2]);
        // A record of the wrong length is ignored.
        b.uselists[0].indexes = Box::new([1, 0]);
        assert_eq!(indexes(&predecessors(&b)[3]), [2, 1, 0]);
    }

    #[test]
    fn padding_reaches_column_with_at_least_one_space() {
        let mut s = String::from("x\n; <label>:5");
        pad_to_column(&mut s, 50);
        assert_eq!(s.len() - 2, 50);
        let mut s = "a".repeat(60);
        pad_to_column(&mut s, 50);
        assert_eq!(s.len(), 61);
    }

    #[test]
    fn alignment() {
        assert_eq!(align_of(0), 0);
        assert_eq!(align_of(3), 4);
    }
}
