//! Function bodies (LangRef "Functions", "Instruction Reference"): blocks with optional
//! labels, instructions with `%name =`/`%N =` results, forward references resolved at the
//! closing brace, and metadata attachments.

use dxil_ir::{
    Atomic, BinOp, Block, BlockData, Body, CallingConv, FixedMetadataKind, Function, Inst,
    InstData, InstKind, Name, Ordering, Predicate, RmwOp, SyncScope, Type, TypeData, ValueRef,
};

use crate::lexer::{Kind, Tok};
use crate::parser::{AttrSite, AttrSpec, MdUse, PResult, Parser, FWD};
use crate::values::{bin_op, cast_op, fix_fp, is_fwd, FnState, LocalDef, LocalKey};

/// An ordering keyword; `notatomic` has no assembly spelling.
fn ordering(w: &str) -> Option<Ordering> {
    Ordering::from_keyword(w).filter(|o| *o != Ordering::NotAtomic)
}

impl Parser<'_> {
    /// Parses blocks up to the closing `}` and resolves the function's forward references.
    pub fn parse_body(&mut self, fs: &mut FnState, body: &mut Body, func: Function) -> PResult<()> {
        let mut layout: Vec<u32> = Vec::new();
        let mut text_preds: Vec<Option<Vec<LocalKey>>> = Vec::new();
        let mut block_insts: Vec<Vec<Inst>> = Vec::new();
        while self.kind() != Kind::RBrace {
            if self.kind() == Kind::Eof || self.at_top_level_entity() {
                return self.err("expected `}` at the end of the function");
            }
            // The block: an optional label.
            let t = self.tok();
            let b = if t.kind == Kind::Label {
                self.bump();
                let name = self.name_of(t);
                let is_num = !name.is_empty()
                    && name.iter().all(|c| c.is_ascii_digit())
                    && self.text(t).as_bytes()[0] != b'"';
                let key = if is_num {
                    let n = self.id_of(t)?;
                    if n != fs.next {
                        return self
                            .err_at(t, format!("label expected to be numbered `{}`", fs.next));
                    }
                    fs.next += 1;
                    LocalKey::Num(n)
                } else {
                    LocalKey::Name(name)
                };
                self.block_for(fs, key, t.start as usize)
                    .or_else(|m| self.err_at(t, m))?
            } else {
                let n = fs.next;
                fs.next += 1;
                self.block_for(fs, LocalKey::Num(n), t.start as usize)
                    .or_else(|m| self.err_at(t, m))?
            };
            let Some(entry) = fs.blocks.get_mut(b as usize) else {
                return self.err_at(t, "bad block");
            };
            if entry.1 {
                return self.err_at(t, "block redefined");
            }
            entry.1 = true;
            layout.push(b);
            block_insts.push(Vec::new());
            text_preds.push(self.preds_comment(t));
            loop {
                let it = self.tok();
                let (inst, is_term) = match self.parse_instruction(fs, body, func) {
                    Ok(x) => x,
                    Err(d) => {
                        // Recover at the next line: record the error and go on, so one run
                        // reports several errors.
                        if self.errors.len() + 1 >= crate::parser::MAX_ERRORS {
                            return Err(d);
                        }
                        self.record(d);
                        fs.poisoned = true;
                        // Skip the rest of the line; when the error came after the whole
                        // line was read, the next line is where to go on.
                        let here = self.tok();
                        if here.start == it.start || !here.line_start {
                            self.bump();
                        }
                        while self.kind() != Kind::Eof && !self.tok().line_start {
                            self.bump();
                        }
                        if matches!(self.kind(), Kind::RBrace | Kind::Label | Kind::Eof)
                            || self.at_top_level_entity()
                        {
                            break;
                        }
                        continue;
                    }
                };
                let id = body.insts.push(inst);
                if let Some(bi) = block_insts.last_mut() {
                    bi.push(id);
                }
                if is_term {
                    break;
                }
                if self.kind() == Kind::RBrace || self.kind() == Kind::Label {
                    return self.err("expected an instruction (the block has no terminator)");
                }
            }
        }
        self.bump();
        if fs.poisoned {
            return Ok(());
        }
        // Blocks: every referenced block must be defined; renumber to layout order.
        let mut final_index = vec![u32::MAX; fs.blocks.len()];
        for (i, &b) in layout.iter().enumerate() {
            if let Some(f) = final_index.get_mut(b as usize) {
                *f = i as u32;
            }
        }
        for (b, (key, defined, off)) in fs.blocks.iter().enumerate() {
            if !defined {
                let name = match key {
                    Some(LocalKey::Name(n)) => String::from_utf8_lossy(n).into_owned(),
                    Some(LocalKey::Num(n)) => n.to_string(),
                    None => b.to_string(),
                };
                return Err(crate::diag::Diagnostic {
                    len: name.len() + 1,
                    message: format!("use of undefined block `%{name}`"),
                    offset: *off,
                });
            }
        }
        body.blocks = layout
            .iter()
            .zip(block_insts)
            .map(|(&b, insts)| BlockData {
                name: match fs.blocks.get(b as usize).and_then(|x| x.0.as_ref()) {
                    Some(LocalKey::Name(n)) => Some(self.b.intern(&String::from_utf8_lossy(n))),
                    _ => None,
                },
                insts,
            })
            .collect();
        // The layout ids of the blocks by their numbers in parse order.
        let final_ids: Vec<Option<Block>> = final_index
            .iter()
            .map(|&f| body.blocks.id_of(f as usize))
            .collect();
        let remap = |b: &mut Block| {
            if let Some(&Some(f)) = final_ids.get(b.index()) {
                *b = f;
            }
        };
        // Forward values.
        let mut resolved = Vec::with_capacity(fs.fwd.len());
        for (key, ty, off) in &fs.fwd {
            match fs.defs.get(key) {
                Some(LocalDef::Value(v, vt)) if *vt == Some(*ty) => resolved.push(*v),
                Some(LocalDef::Value(_, _)) => {
                    return Err(crate::diag::Diagnostic {
                        message: "forward reference has a different type than the definition"
                            .into(),
                        offset: *off,
                        len: 1,
                    })
                }
                _ => {
                    let name = match key {
                        LocalKey::Name(n) => String::from_utf8_lossy(n).into_owned(),
                        LocalKey::Num(n) => n.to_string(),
                    };
                    return Err(crate::diag::Diagnostic {
                        len: name.len() + 1,
                        message: format!("use of undefined value `%{name}`"),
                        offset: *off,
                    });
                }
            }
        }
        let pool = &mut body.pool;
        for inst in &mut body.insts {
            inst.kind.for_each_operand_mut(pool, |v| {
                if is_fwd(*v) {
                    if let ValueRef::Inst(x) = *v {
                        if let Some(r) = resolved.get((x.as_u32() & !FWD) as usize) {
                            *v = *r;
                        }
                    }
                }
            });
            match &mut inst.kind {
                InstKind::Br { target } => remap(target),
                InstKind::CondBr {
                    if_true, if_false, ..
                } => {
                    remap(if_true);
                    remap(if_false);
                }
                InstKind::Switch { default, cases, .. } => {
                    remap(default);
                    pool.list_mut(*cases).iter_mut().for_each(|(_, b)| remap(b));
                }
                InstKind::IndirectBr { dests, .. } => {
                    pool.list_mut(*dests).iter_mut().for_each(remap)
                }
                InstKind::Invoke { normal, unwind, .. } => {
                    remap(normal);
                    remap(unwind);
                }
                InstKind::Phi { incoming } => pool
                    .list_mut(*incoming)
                    .iter_mut()
                    .for_each(|(_, b)| remap(b)),
                _ => {}
            }
        }
        // Use-list order of blocks, from the `; preds = ...` comments.
        let want: Vec<Option<Vec<u32>>> = text_preds
            .iter()
            .map(|tp| {
                tp.as_ref().and_then(|keys| {
                    keys.iter()
                        .map(|k| match fs.defs.get(k) {
                            Some(LocalDef::Block(b)) => final_index.get(*b as usize).copied(),
                            _ => None,
                        })
                        .collect()
                })
            })
            .collect();
        body.uselists = block_uselists(body, &want);
        // Function-local metadata wrappers of forward values.
        if let Some(list) = self.local_md.get_mut(func.index()) {
            for (_, v) in list.iter_mut() {
                if let ValueRef::Inst(x) = *v {
                    let x = x.as_u32();
                    if x & FWD != 0 {
                        if let Some(r) = resolved.get((x & !FWD) as usize) {
                            *v = *r;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    fn define_result(
        &mut self,
        fs: &mut FnState,
        name: Option<Tok>,
        ty: Option<Type>,
        id: Inst,
    ) -> PResult<Option<Name>> {
        let v = ValueRef::Inst(id);
        match name {
            Some(t) if t.kind == Kind::LocalVar => {
                if ty.is_none() {
                    return self.err_at(t, "a void instruction cannot have a name");
                }
                let n = self.name_of(t);
                let key = LocalKey::Name(n.clone());
                if fs.defs.contains_key(&key) {
                    return self.err_at(t, "value redefined");
                }
                fs.defs.insert(key, LocalDef::Value(v, ty));
                Ok(Some(self.b.intern(&String::from_utf8_lossy(&n))))
            }
            Some(t) => {
                if ty.is_none() {
                    return self.err_at(t, "a void instruction cannot have a name");
                }
                let n = self.id_of(t)?;
                if n != fs.next && !fs.poisoned {
                    return self.err_at(
                        t,
                        format!("instruction expected to be numbered `%{}`", fs.next),
                    );
                }
                fs.next = n.saturating_add(1);
                fs.defs.insert(LocalKey::Num(n), LocalDef::Value(v, ty));
                Ok(None)
            }
            None => {
                if ty.is_some() {
                    let n = fs.next;
                    fs.next += 1;
                    fs.defs.insert(LocalKey::Num(n), LocalDef::Value(v, ty));
                }
                Ok(None)
            }
        }
    }

    /// `, align N` etc.: true when the next tokens are `,` and a metadata attachment.
    fn at_md_attachment(&self) -> bool {
        self.kind() == Kind::Comma && self.peek(1).kind == Kind::MetaVar
    }

    fn parse_align(&mut self) -> PResult<u8> {
        let t = self.tok();
        let a = self.parse_u64("alignment")?;
        if !a.is_power_of_two() || a > (1 << 29) {
            return self.err_at(t, "alignment is not a power of two");
        }
        Ok(a.trailing_zeros() as u8 + 1)
    }

    fn parse_scope_ordering(&mut self) -> PResult<(SyncScope, Ordering)> {
        let scope = if self.eat_word(SyncScope::SingleThread.keyword()) {
            SyncScope::SingleThread
        } else {
            SyncScope::CrossThread
        };
        let t = self.tok();
        let o = ordering(self.text(t)).filter(|_| t.kind == Kind::Word);
        match o {
            Some(o) => {
                self.bump();
                Ok((scope, o))
            }
            None => self.err("expected an atomic ordering"),
        }
    }

    fn value_of(&mut self, ty: Type, fs: &mut FnState) -> PResult<ValueRef> {
        self.parse_value(ty, fs)
    }

    /// One instruction with its result name and attachments; true when it is a terminator.
    fn parse_instruction(
        &mut self,
        fs: &mut FnState,
        body: &mut Body,
        func: Function,
    ) -> PResult<(InstData, bool)> {
        let Some(id) = body.insts.next_id() else {
            return self.err("too many instructions in one function");
        };
        let mut name = None;
        if matches!(self.kind(), Kind::LocalVar | Kind::LocalId) && self.peek(1).kind == Kind::Eq {
            name = Some(self.bump());
            self.bump();
        }
        let mut tail = 0u64;
        if self.eat_word("tail") {
            tail = 1;
        } else if self.eat_word("musttail") {
            tail = 1 << 14;
        }
        let op = self.tok();
        if op.kind != Kind::Word {
            return self.err("expected an instruction opcode");
        }
        self.bump();
        let w = self.text(op);
        let (kind, ty): (InstKind, Option<Type>) = if let Some(bop) = bin_op(w) {
            let mut flags = self.parse_bin_flags(bop);
            let fpop = matches!(
                bop,
                BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem
            );
            if fpop {
                flags = self.parse_fast_math();
            }
            let (ty, lhs) = self.parse_typed_value(fs)?;
            self.expect(Kind::Comma, "`,`")?;
            let rhs = self.value_of(ty, fs)?;
            let fp = self.is_fp_type(ty);
            if fp != fpop
                && !matches!(
                    bop,
                    BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem
                )
                && fp
            {
                return self.err_at(op, "integer operation on floating-point operands");
            }
            (
                InstKind::Binary {
                    op: fix_fp(bop, fpop),
                    lhs,
                    rhs,
                    flags,
                },
                Some(ty),
            )
        } else if let Some(cop) = cast_op(w) {
            let at = self.tok();
            let (from, value) = self.parse_typed_value(fs)?;
            self.expect_word("to")?;
            let to = self.parse_type()?;
            if !crate::casts::cast_is_valid(&self.m().types, cop, from, to) {
                return self.err_at(at, self.invalid_cast(from, to));
            }
            (InstKind::Cast { op: cop, value }, Some(to))
        } else {
            match w {
                "ret" => {
                    if self.eat_word("void") {
                        (InstKind::Ret { value: None }, None)
                    } else {
                        let (_, v) = self.parse_typed_value(fs)?;
                        (InstKind::Ret { value: Some(v) }, None)
                    }
                }
                "br" => {
                    if self.eat_word("label") {
                        let target = self.parse_block_ref(fs)?;
                        (InstKind::Br { target }, None)
                    } else {
                        let (_, cond) = self.parse_typed_value(fs)?;
                        self.expect(Kind::Comma, "`,`")?;
                        self.expect_word("label")?;
                        let if_true = self.parse_block_ref(fs)?;
                        self.expect(Kind::Comma, "`,`")?;
                        self.expect_word("label")?;
                        let if_false = self.parse_block_ref(fs)?;
                        (
                            InstKind::CondBr {
                                cond,
                                if_true,
                                if_false,
                            },
                            None,
                        )
                    }
                }
                "switch" => {
                    let (cond_ty, cond) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    self.expect_word("label")?;
                    let default = self.parse_block_ref(fs)?;
                    self.expect(Kind::LBracket, "`[`")?;
                    let mut cases = Vec::new();
                    while !self.eat(Kind::RBracket) {
                        let (_, v) = self.parse_typed_value(fs)?;
                        self.expect(Kind::Comma, "`,`")?;
                        self.expect_word("label")?;
                        let b = self.parse_block_ref(fs)?;
                        cases.push((v, b));
                    }
                    (
                        InstKind::Switch {
                            cond_ty,
                            cond,
                            default,
                            cases: body.push_list(cases),
                        },
                        None,
                    )
                }
                "indirectbr" => {
                    let (addr_ty, addr) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    self.expect(Kind::LBracket, "`[`")?;
                    let mut dests = Vec::new();
                    if !self.eat(Kind::RBracket) {
                        loop {
                            self.expect_word("label")?;
                            dests.push(self.parse_block_ref(fs)?);
                            if !self.eat(Kind::Comma) {
                                break;
                            }
                        }
                        self.expect(Kind::RBracket, "`]`")?;
                    }
                    (
                        InstKind::IndirectBr {
                            addr_ty,
                            addr,
                            dests: body.push_list(dests),
                        },
                        None,
                    )
                }
                "unreachable" => (InstKind::Unreachable, None),
                "resume" => {
                    let (_, value) = self.parse_typed_value(fs)?;
                    (InstKind::Resume { value }, None)
                }
                "icmp" | "fcmp" => {
                    let flags = if w == "fcmp" {
                        self.parse_fast_math()
                    } else {
                        0
                    };
                    let pt = self.tok();
                    let Some(p) = Predicate::from_keyword(self.text(pt), w == "icmp")
                        .filter(|_| pt.kind == Kind::Word)
                    else {
                        return self.err("expected a comparison predicate");
                    };
                    self.bump();
                    let (ty, lhs) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let rhs = self.value_of(ty, fs)?;
                    let rt = self.cmp_result(ty)?;
                    (
                        InstKind::Cmp {
                            predicate: p,
                            lhs,
                            rhs,
                            flags,
                        },
                        Some(rt),
                    )
                }
                "phi" => {
                    let ty = self.parse_type()?;
                    let mut incoming = Vec::new();
                    loop {
                        self.expect(Kind::LBracket, "`[`")?;
                        let v = self.value_of(ty, fs)?;
                        self.expect(Kind::Comma, "`,`")?;
                        let b = self.parse_block_ref(fs)?;
                        self.expect(Kind::RBracket, "`]`")?;
                        incoming.push((v, b));
                        if !(self.kind() == Kind::Comma && self.peek(1).kind == Kind::LBracket) {
                            break;
                        }
                        self.bump();
                    }
                    (
                        InstKind::Phi {
                            incoming: body.push_list(incoming),
                        },
                        Some(ty),
                    )
                }
                "select" => {
                    let (_, cond) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (ty, if_true) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (_, if_false) = self.parse_typed_value(fs)?;
                    (
                        InstKind::Select {
                            cond,
                            if_true,
                            if_false,
                        },
                        Some(ty),
                    )
                }
                "extractelement" => {
                    let (vt, vector) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (_, index) = self.parse_typed_value(fs)?;
                    let et = self
                        .element_type(vt, None)
                        .ok_or(())
                        .or_else(|_| self.err_at(op, "extractelement of a non-vector"))?;
                    (InstKind::ExtractElement { vector, index }, Some(et))
                }
                "insertelement" => {
                    let (vt, vector) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (_, element) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (_, index) = self.parse_typed_value(fs)?;
                    (
                        InstKind::InsertElement {
                            vector,
                            element,
                            index,
                        },
                        Some(vt),
                    )
                }
                "shufflevector" => {
                    let (vt, a) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (_, b) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (mt, mask) = self.parse_typed_value(fs)?;
                    let rt = self
                        .shuffle_result(vt, mt)
                        .or_else(|m| self.err_at(op, m))?;
                    (InstKind::ShuffleVector { a, b, mask }, Some(rt))
                }
                "extractvalue" | "insertvalue" => {
                    let (at, aggregate) = self.parse_typed_value(fs)?;
                    let mut value = None;
                    if w == "insertvalue" {
                        self.expect(Kind::Comma, "`,`")?;
                        value = Some(self.parse_typed_value(fs)?.1);
                    }
                    let mut indices = Vec::new();
                    let mut cur = at;
                    while self.kind() == Kind::Comma && !self.at_md_attachment() {
                        self.bump();
                        let it = self.tok();
                        let i = self.parse_u32("index")?;
                        cur = self
                            .element_type(cur, Some(u64::from(i)))
                            .ok_or(())
                            .or_else(|_| self.err_at(it, "invalid index"))?;
                        indices.push(i);
                    }
                    if indices.is_empty() {
                        return self.err("expected an index");
                    }
                    match value {
                        None => (
                            InstKind::ExtractValue {
                                aggregate,
                                indices: body.push_list(indices),
                            },
                            Some(cur),
                        ),
                        Some(value) => (
                            InstKind::InsertValue {
                                aggregate,
                                value,
                                indices: body.push_list(indices),
                            },
                            Some(at),
                        ),
                    }
                }
                "alloca" => {
                    let inalloca = self.eat_word("inalloca");
                    let ty_tok = self.tok();
                    let allocated_ty = self.parse_type()?;
                    // The result type, made here so that an error names the allocated type.
                    let rt = match self.b.pointer(allocated_ty, 0) {
                        Ok(t) => t,
                        Err(e) => return self.err_at(ty_tok, e.to_string()),
                    };
                    let i32t = self.int_type(32);
                    let mut size_ty = i32t;
                    let mut size = None;
                    let mut align = 0u8;
                    while self.kind() == Kind::Comma && !self.at_md_attachment() {
                        self.bump();
                        if self.eat_word("align") {
                            align = self.parse_align()?;
                        } else {
                            let (t, v) = self.parse_typed_value(fs)?;
                            size_ty = t;
                            size = Some(v);
                        }
                    }
                    let size = match size {
                        Some(v) => v,
                        None => {
                            let c = self.intern_const(dxil_ir::ConstData {
                                ty: i32t,
                                kind: dxil_ir::ConstKind::Int(1),
                            })?;
                            ValueRef::Const(c)
                        }
                    };
                    let align_field =
                        u64::from(align) | if inalloca { 1 << 5 } else { 0 } | (1 << 6);
                    (
                        InstKind::Alloca {
                            allocated_ty,
                            size_ty,
                            size,
                            align_field,
                        },
                        Some(rt),
                    )
                }
                "load" => {
                    let atomic = self.eat_word("atomic");
                    let volatile = self.eat_word("volatile");
                    let ty = self.parse_type()?;
                    self.expect(Kind::Comma, "`,`")?;
                    let pt = self.tok();
                    let (ptr_ty, ptr) = self.parse_typed_value(fs)?;
                    if self.pointee(ptr_ty).map(|p| p.0) != Some(ty) {
                        return self
                            .err_at(pt, "load type does not match the pointer's element type");
                    }
                    let at = if atomic {
                        Some(self.parse_scope_ordering()?)
                    } else {
                        None
                    };
                    let mut align = 0;
                    if self.kind() == Kind::Comma && !self.at_md_attachment() {
                        self.bump();
                        self.expect_word("align")?;
                        align = self.parse_align()?;
                    }
                    (
                        InstKind::Load {
                            ptr,
                            align_log2p1: align,
                            volatile,
                            atomic: at.map(|(scope, ordering)| Atomic { ordering, scope }),
                        },
                        Some(ty),
                    )
                }
                "store" => {
                    let atomic = self.eat_word("atomic");
                    let volatile = self.eat_word("volatile");
                    let (_, value) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (_, ptr) = self.parse_typed_value(fs)?;
                    let at = if atomic {
                        Some(self.parse_scope_ordering()?)
                    } else {
                        None
                    };
                    let mut align = 0;
                    if self.kind() == Kind::Comma && !self.at_md_attachment() {
                        self.bump();
                        self.expect_word("align")?;
                        align = self.parse_align()?;
                    }
                    (
                        InstKind::Store {
                            ptr,
                            value,
                            align_log2p1: align,
                            volatile,
                            atomic: at.map(|(scope, ordering)| Atomic { ordering, scope }),
                        },
                        None,
                    )
                }
                "cmpxchg" => {
                    let weak = self.eat_word("weak");
                    let volatile = self.eat_word("volatile");
                    let (_, ptr) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (ty, cmp) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (_, new) = self.parse_typed_value(fs)?;
                    let (scope, success) = self.parse_scope_ordering()?;
                    let ft = self.tok();
                    let Some(failure) = ordering(self.text(ft)) else {
                        return self.err("expected the failure ordering");
                    };
                    self.bump();
                    let i1 = self.int_type(1);
                    let rt = self.intern_type(TypeData::Struct(dxil_ir::StructType {
                        name: None,
                        identified: false,
                        packed: false,
                        opaque: false,
                        elems: vec![ty, i1].into_boxed_slice(),
                    }))?;
                    (
                        InstKind::CmpXchg {
                            ptr,
                            cmp,
                            new,
                            volatile,
                            success,
                            scope,
                            failure,
                            weak,
                        },
                        Some(rt),
                    )
                }
                "atomicrmw" => {
                    let volatile = self.eat_word("volatile");
                    let ot = self.tok();
                    let Some(rop) = RmwOp::from_keyword(self.text(ot)) else {
                        return self.err("expected an atomicrmw operation");
                    };
                    self.bump();
                    let (_, ptr) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let (ty, value) = self.parse_typed_value(fs)?;
                    let (scope, ordering) = self.parse_scope_ordering()?;
                    (
                        InstKind::AtomicRmw {
                            ptr,
                            value,
                            op: rop,
                            volatile,
                            ordering,
                            scope,
                        },
                        Some(ty),
                    )
                }
                "fence" => {
                    let (scope, ordering) = self.parse_scope_ordering()?;
                    (InstKind::Fence { ordering, scope }, None)
                }
                "getelementptr" => {
                    let inbounds = self.eat_word("inbounds");
                    let source_ty = self.parse_type()?;
                    self.expect(Kind::Comma, "`,`")?;
                    let mut ops = Vec::new();
                    let mut tys = Vec::new();
                    loop {
                        let (t, v) = self.parse_typed_value(fs)?;
                        ops.push(v);
                        tys.push(t);
                        if self.kind() != Kind::Comma || self.at_md_attachment() {
                            break;
                        }
                        self.bump();
                    }
                    let rt = self
                        .gep_result(source_ty, &tys, &ops)
                        .or_else(|m| self.err_at(op, m))?;
                    (
                        InstKind::Gep {
                            inbounds,
                            source_ty,
                            operands: body.push_list(ops),
                        },
                        Some(rt),
                    )
                }
                "va_arg" => {
                    let (valist_ty, valist) = self.parse_typed_value(fs)?;
                    self.expect(Kind::Comma, "`,`")?;
                    let ty = self.parse_type()?;
                    (InstKind::VaArg { valist_ty, valist }, Some(ty))
                }
                "call" | "invoke" => {
                    return self.parse_call(fs, body, func, name, tail, w == "invoke", id)
                }
                "landingpad" => return self.err_at(op, "`landingpad` is not supported"),
                _ => return self.err_at(op, format!("unknown instruction `{w}`")),
            }
        };
        let ty = ty.filter(|t| !matches!(self.ty_data(*t), Some(TypeData::Void)));
        let is_term = kind.is_terminator();
        let result_name = self.define_result(fs, name, ty, id)?;
        let mut inst = InstData::new(kind, ty);
        inst.set_name(result_name);
        self.parse_attachments(&mut inst, func, id)?;
        fs.inst_types.push(ty);
        Ok((inst, is_term))
    }

    fn is_fp_type(&self, ty: Type) -> bool {
        match self.ty_data(ty) {
            Some(TypeData::Vector { elem, .. }) => {
                self.ty_data(*elem).is_some_and(|e| e.is_float())
            }
            Some(d) => d.is_float(),
            None => false,
        }
    }

    fn parse_fast_math(&mut self) -> u64 {
        let mut flags = 0;
        loop {
            let f = match self.text(self.tok()) {
                "fast" => dxil_ir::FastMath::UNSAFE_ALGEBRA | 2 | 4 | 8 | 16,
                "nnan" => 2,
                "ninf" => 4,
                "nsz" => 8,
                "arcp" => 16,
                _ => return flags,
            };
            if self.kind() != Kind::Word {
                return flags;
            }
            self.bump();
            flags |= f;
        }
    }

    /// `, !kind !N` attachments after an instruction.
    fn parse_attachments(&mut self, inst: &mut InstData, func: Function, id: Inst) -> PResult<()> {
        let mut prev: Option<u32> = None;
        while self.at_md_attachment() {
            self.bump();
            let kt = self.bump();
            let kname = String::from_utf8_lossy(&self.name_of(kt)).into_owned();
            let mt = self.expect(Kind::MetaId, "`!N`")?;
            let n = self.id_of(mt)?;
            let md = self.md_number(n, mt.start as usize);
            if kname == FixedMetadataKind::Dbg.keyword() {
                self.dbg_refs.push((func, id, md, mt.start as usize));
                continue;
            }
            let k = self.kind_id(&kname);
            if let Some(p) = prev {
                self.kind_edges.push((p, k));
            }
            prev = Some(k);
            inst.push_attachment(k, md);
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    fn parse_call(
        &mut self,
        fs: &mut FnState,
        body: &mut Body,
        func: Function,
        name: Option<Tok>,
        tail: u64,
        invoke: bool,
        id: Inst,
    ) -> PResult<(InstData, bool)> {
        let mut cc = 0u64;
        let t = self.tok();
        if t.kind == Kind::Word {
            let w = self.text(t);
            if let Some(c) = CallingConv::from_keyword(w) {
                self.bump();
                cc = c.code();
            }
        }
        let mut spec = AttrSpec::default();
        self.parse_attrs(&mut spec.ret, false)?;
        let ty_tok = self.tok();
        let ty = self.parse_type()?;
        // `ret` or the full function type.
        let explicit_fn = matches!(self.ty_data(ty), Some(TypeData::Function { .. }));
        let ct = self.tok();
        // Parse the callee with a placeholder type; check after the arguments are known.
        let callee_tok = ct;
        let save = self.pos;
        // Skip the callee token to parse the arguments first.
        if !matches!(
            ct.kind,
            Kind::GlobalVar | Kind::GlobalId | Kind::LocalVar | Kind::LocalId
        ) {
            return self.err("expected a callee");
        }
        self.bump();
        self.expect(Kind::LParen, "`(`")?;
        let mut args = Vec::new();
        let mut arg_tys = Vec::new();
        let mut md_uses: Vec<(usize, MdUse)> = Vec::new();
        if !self.eat(Kind::RParen) {
            loop {
                if self.is_word("metadata") {
                    self.bump();
                    let pos = args.len();
                    let u = self.parse_md_arg(fs, func.index())?;
                    // A function-local wrapper gets its id when the module is finished
                    // (`place_metadata_args`); until then its number in the list stands in.
                    let placeholder = match u {
                        MdUse::Module(m) => Some(m),
                        MdUse::Local(_, k) => {
                            dxil_ir::Metadata::checked(u64::from(k), usize::MAX).ok()
                        }
                    };
                    let Some(placeholder) = placeholder else {
                        return self.err("too many metadata arguments");
                    };
                    md_uses.push((pos, u));
                    args.push(ValueRef::Metadata(placeholder));
                    let mt = self.b.metadata_type();
                    arg_tys.push(mt);
                    spec.params.push(Vec::new());
                } else {
                    let at = self.parse_type()?;
                    let mut a = Vec::new();
                    self.parse_attrs(&mut a, false)?;
                    spec.params.push(a);
                    let v = self.parse_value(at, fs)?;
                    args.push(v);
                    arg_tys.push(at);
                }
                if !self.eat(Kind::Comma) {
                    break;
                }
            }
            self.expect(Kind::RParen, "`)`")?;
        }
        let fn_ty = if explicit_fn {
            ty
        } else {
            self.intern_type(TypeData::Function {
                ret: ty,
                params: arg_tys.into_boxed_slice(),
                vararg: false,
            })?
        };
        let (ret, vararg, nparams) = match self.ty_data(fn_ty) {
            Some(TypeData::Function {
                ret,
                vararg,
                params,
            }) => (*ret, *vararg, params.len()),
            _ => return self.err_at(ty_tok, "expected a function type"),
        };
        if (!vararg && nparams != args.len()) || args.len() < nparams {
            return self.err_at(callee_tok, "wrong number of call arguments");
        }
        // Now the callee.
        let after = self.pos;
        self.pos = save;
        let callee_ty = self.pointer_to(fn_ty, 0)?;
        let callee = self.parse_value(callee_ty, fs)?;
        self.pos = after;
        let mut spec_groups_seen = false;
        loop {
            let t = self.tok();
            if t.kind == Kind::AttrGrp {
                self.bump();
                spec.groups.push((self.id_of(t)?, t.start as usize));
                spec_groups_seen = true;
                continue;
            }
            let n = spec.func.len();
            if t.kind == Kind::Word && crate::module::attr_code(self.text(t)).is_some() {
                self.parse_attrs(&mut spec.func, false)?;
                if spec.func.len() > n {
                    continue;
                }
            }
            break;
        }
        let _ = spec_groups_seen;
        let mut dests = None;
        if invoke {
            self.expect_word("to")?;
            self.expect_word("label")?;
            let normal = self.parse_block_ref(fs)?;
            self.expect_word("unwind")?;
            self.expect_word("label")?;
            dests = Some((normal, self.parse_block_ref(fs)?));
        }
        let has_attrs = !spec.ret.is_empty()
            || !spec.func.is_empty()
            || !spec.groups.is_empty()
            || spec.params.iter().any(|p| !p.is_empty());
        if has_attrs {
            self.attr_specs.push((AttrSite::Inst(func, id), spec));
        }
        for (pos, u) in md_uses {
            self.md_args.push((func, id, pos, u));
        }
        let args = body.push_list(args);
        let kind = if let Some((normal, unwind)) = dests {
            InstKind::Invoke {
                attributes: 0,
                cc_field: cc | (1 << 13),
                normal,
                unwind,
                fn_ty,
                callee,
                args,
            }
        } else {
            InstKind::Call {
                attributes: 0,
                cc_field: (cc << 1) | tail | (1 << 15),
                fn_ty,
                callee,
                args,
            }
        };
        let rty = Some(ret).filter(|t| !matches!(self.ty_data(*t), Some(TypeData::Void)));
        let is_term = invoke;
        let result_name = self.define_result(fs, name, rty, id)?;
        let mut inst = InstData::new(kind, rty);
        inst.set_name(result_name);
        self.parse_attachments(&mut inst, func, id)?;
        fs.inst_types.push(rty);
        Ok((inst, is_term))
    }
}

/// The predecessors the printer derives without use-list records (branch operands in
/// operand order, the last read first).
fn default_preds(body: &Body) -> Vec<Vec<u32>> {
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); body.blocks.len()];
    for (b, block) in body.blocks.iter().enumerate() {
        for &i in &block.insts {
            let Some(inst) = body.inst(i) else { continue };
            let mut add = |t: Block| {
                if let Some(p) = preds.get_mut(t.index()) {
                    p.push(b as u32);
                }
            };
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
                    body.list(*cases).iter().for_each(|(_, t)| add(*t));
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
    preds
}

/// USELIST_CODE_BB records that turn the default predecessor order into `want`.
fn block_uselists(body: &Body, want: &[Option<Vec<u32>>]) -> Vec<dxil_ir::UseList> {
    let preds = default_preds(body);
    let mut out = Vec::new();
    for (b, (have, want)) in preds.iter().zip(want).enumerate() {
        let Some(want) = want else { continue };
        if have == want || have.len() != want.len() {
            continue;
        }
        // indexes[i]: the position of default use i in the wanted order.
        let mut taken = vec![false; want.len()];
        let mut indexes = Vec::with_capacity(have.len());
        for h in have {
            let Some(pos) = want
                .iter()
                .enumerate()
                .position(|(j, w)| w == h && !taken[j])
            else {
                break;
            };
            taken[pos] = true;
            indexes.push(pos as u64);
        }
        if indexes.len() != have.len() {
            continue;
        }
        out.push(dxil_ir::UseList {
            is_block: true,
            indexes: indexes.into_boxed_slice(),
            id: b as u64,
        });
    }
    out
}

impl Parser<'_> {
    /// The blocks named by the `; preds = ...` comment of the block starting at `t` (on the
    /// label's line, or on the line before the first instruction of an unlabelled block).
    fn preds_comment(&self, t: Tok) -> Option<Vec<LocalKey>> {
        let src = self.src.as_bytes();
        let at = t.start as usize;
        let line_start = src
            .get(..at)?
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |p| p + 1);
        let line = if t.kind == Kind::Label {
            let end = src
                .get(at..)?
                .iter()
                .position(|&c| c == b'\n')
                .map_or(src.len(), |p| at + p);
            self.src.get(line_start..end)?
        } else {
            let prev_end = line_start.checked_sub(1)?;
            let prev_start = src
                .get(..prev_end)?
                .iter()
                .rposition(|&c| c == b'\n')
                .map_or(0, |p| p + 1);
            self.src.get(prev_start..prev_end)?
        };
        let rest = &line[line.find("; preds = ")? + 10..];
        let mut keys = Vec::new();
        for part in rest.split(", ") {
            let part = part.trim_end();
            let name = part.strip_prefix('%')?;
            if !name.is_empty() && name.bytes().all(|c| c.is_ascii_digit()) {
                keys.push(LocalKey::Num(name.parse().ok()?));
            } else if let Some(q) = name.strip_prefix('"').and_then(|n| n.strip_suffix('"')) {
                keys.push(LocalKey::Name(crate::lexer::unescape(q.as_bytes())));
            } else {
                keys.push(LocalKey::Name(name.as_bytes().to_vec()));
            }
        }
        Some(keys)
    }
}
