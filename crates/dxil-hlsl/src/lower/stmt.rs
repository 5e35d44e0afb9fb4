//! Statements: structured control flow straight to blocks (SSA variables meet at the
//! joins), loops with their header sealed once the back edges are known, `switch` as
//! LLVM's `switch`, `return` to the inlined function's exit.

use super::emit::Leaf;
use super::func::{Fx, Local, LoopTargets};
use super::{LowerError, LowerResult};
use crate::ast::{DeclKind, Modifiers, StmtId, StmtKind};
use crate::sema::{Scalar, Ty};

/// Deepest statement nesting lowered (the parser bounds it too).
const MAX_DEPTH: u32 = 512;

impl Fx<'_, '_> {
    pub fn stmt(&mut self, s: StmtId) -> LowerResult<()> {
        self.stmt_depth(s, 0)
    }

    fn stmt_depth(&mut self, s: StmtId, depth: u32) -> LowerResult<()> {
        if depth > MAX_DEPTH {
            return Err(LowerError::shader("statements nested too deeply"));
        }
        let span = self.cx.ast.stmt(s).span;
        self.stmt_inner(s, depth).map_err(|e| e.at(span))
    }

    /// The loop condition as an `i1` leaf.
    fn condition(&mut self, e: crate::ast::ExprId) -> LowerResult<Leaf> {
        let v = self.rvalue(e)?;
        if v.leaves.len() != 1 {
            return Err(LowerError::shader("condition must be a scalar"));
        }
        let b = self.truth(v)?;
        Ok(b.leaves[0])
    }

    fn stmt_inner(&mut self, s: StmtId, depth: u32) -> LowerResult<()> {
        let ast = self.cx.ast;
        let st = ast.stmt(s);
        // Code after `return`/`break`: nothing reaches it (a `case` label starts anew).
        if self.cur.is_none()
            && !matches!(
                st.kind,
                StmtKind::Case(_) | StmtKind::Default | StmtKind::Block(_)
            )
        {
            return Ok(());
        }
        match &st.kind {
            StmtKind::Block(list) => {
                for &x in list {
                    self.stmt_depth(x, depth + 1)?;
                }
            }
            StmtKind::Decl(decls) => {
                for &d in decls {
                    let DeclKind::Var(v) = &ast.decl(d).kind else {
                        continue;
                    };
                    if v.mods.has(Modifiers::STATIC) {
                        self.static_local(d, v)?;
                        continue;
                    }
                    let ty = self.resolved(v.ty)?;
                    let elems = match self.cx.get(ty) {
                        Ty::Object(_) => Some(1),
                        Ty::Array(e, n) if matches!(self.cx.get(e), Ty::Object(_)) => Some(n),
                        _ => None,
                    };
                    if let Some(n) = elems {
                        if n > 1 << 12 {
                            return Err(LowerError::unsupported(
                                "a local array of resources this long",
                            ));
                        }
                        let i32t = self.ir_ty(dxil_ops::Scalar::I32)?;
                        let mut slots = Vec::with_capacity(n as usize);
                        for _ in 0..n {
                            slots.push(crate::lower::func::ResSlot {
                                range: None,
                                index: self.ssa.var(i32t),
                            });
                        }
                        let block = self.block()?;
                        self.frame()?
                            .locals
                            .insert(d, Local::ResVar { ty, slots, block });
                        let Some(init) = v.init else {
                            continue;
                        };
                        if let crate::ast::ExprKind::InitList(items) = &ast.expr(init).kind {
                            for (k, &it) in items.iter().enumerate() {
                                let r = self.rvalue(it)?;
                                self.assign_resource(d, k, r)?;
                            }
                            continue;
                        }
                        if let Some(r) = self.heap_resource(init, ty)? {
                            // A descriptor heap's resource: its handle, typed by the
                            // variable's declaration.
                            self.frame()?.locals.insert(d, Local::Res(r, ty));
                            continue;
                        }
                        let r = self.rvalue(init)?;
                        if r.res.is_none() && !r.objs.is_empty() {
                            for (k, o) in r.objs.into_iter().enumerate() {
                                self.assign_resource(d, k, o)?;
                            }
                        } else {
                            self.assign_resource(d, 0, r)?;
                        }
                        continue;
                    }
                    let init = match v.init {
                        Some(e) => self.initializer(e, ty)?,
                        // An uninitialized local: undefined (zero, as DXC's output reads it).
                        None => self.zero(ty)?,
                    };
                    if !init.objs.is_empty() {
                        // A struct holding resources: bound once.
                        self.frame()?.locals.insert(d, Local::Value(init));
                        continue;
                    }
                    let vars = self.new_vars(ty)?;
                    let ss = self.scalars(ty)?;
                    self.write_vars(&vars, &init.leaves, &ss)?;
                    self.frame()?.locals.insert(d, Local::Vars { ty, vars });
                }
            }
            StmtKind::Expr(e) => {
                self.rvalue(*e)?;
            }
            StmtKind::If {
                cond,
                then,
                otherwise,
            } => {
                let c = self.condition(*cond)?;
                // A constant condition: only the branch taken is code.
                if let Leaf::Int(k) = c {
                    if k != 0 {
                        self.stmt_depth(*then, depth + 1)?;
                    } else if let Some(o) = otherwise {
                        self.stmt_depth(*o, depth + 1)?;
                    }
                    return Ok(());
                }
                let tb = self.new_block()?;
                let join = self.new_block()?;
                let eb = if otherwise.is_some() {
                    self.new_block()?
                } else {
                    join
                };
                self.branch(c, tb, eb)?;
                self.seal(tb)?;
                self.enter(tb)?;
                self.stmt_depth(*then, depth + 1)?;
                self.jump(join)?;
                if let Some(o) = otherwise {
                    self.seal(eb)?;
                    self.enter(eb)?;
                    self.stmt_depth(*o, depth + 1)?;
                    self.jump(join)?;
                }
                self.continue_at(join)?;
            }
            StmtKind::While { cond, body } => {
                let header = self.new_block()?;
                self.jump(header)?;
                self.enter(header)?;
                let c = self.condition(*cond)?;
                let bb = self.new_block()?;
                let exit = self.new_block()?;
                self.branch(c, bb, exit)?;
                self.seal(bb)?;
                self.loop_body(bb, *body, exit, Some(header), depth)?;
                self.jump(header)?;
                self.seal(header)?;
                self.continue_at(exit)?;
            }
            StmtKind::DoWhile { body, cond } => {
                let bb = self.new_block()?;
                let latch = self.new_block()?;
                let exit = self.new_block()?;
                self.jump(bb)?;
                self.loop_body(bb, *body, exit, Some(latch), depth)?;
                self.jump(latch)?;
                self.seal(latch)?;
                if self.ssa.preds(latch).is_empty() {
                    self.cur = None;
                } else {
                    self.enter(latch)?;
                    let c = self.condition(*cond)?;
                    self.branch(c, bb, exit)?;
                }
                self.seal(bb)?;
                self.continue_at(exit)?;
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
            } => {
                if let Some(i) = init {
                    self.stmt_depth(*i, depth + 1)?;
                }
                let header = self.new_block()?;
                self.jump(header)?;
                self.enter(header)?;
                let bb = self.new_block()?;
                let exit = self.new_block()?;
                match cond {
                    Some(c) => {
                        let c = self.condition(*c)?;
                        self.branch(c, bb, exit)?;
                    }
                    None => self.jump(bb)?,
                }
                self.seal(bb)?;
                let latch = self.new_block()?;
                self.loop_body(bb, *body, exit, Some(latch), depth)?;
                self.jump(latch)?;
                self.seal(latch)?;
                if self.ssa.preds(latch).is_empty() {
                    self.cur = None;
                } else {
                    self.enter(latch)?;
                    if let Some(st) = step {
                        self.rvalue(*st)?;
                    }
                    self.jump(header)?;
                }
                self.seal(header)?;
                self.continue_at(exit)?;
            }
            StmtKind::Switch { cond, body } => self.switch(*cond, *body, depth)?,
            StmtKind::Case(_) | StmtKind::Default => {
                return Err(LowerError::shader(
                    "'case' statement not in switch statement",
                ));
            }
            StmtKind::Break => {
                let t = self.frame()?.loops.last().copied().ok_or_else(|| {
                    LowerError::shader("'break' statement not in loop or switch statement")
                })?;
                self.jump(t.brk)?;
            }
            StmtKind::Continue => {
                let t = self
                    .frame()?
                    .loops
                    .iter()
                    .rev()
                    .find_map(|l| l.cont)
                    .ok_or_else(|| {
                        LowerError::shader("'continue' statement not in loop statement")
                    })?;
                self.jump(t)?;
            }
            StmtKind::Return(e) => {
                let ret = self.frame()?.ret.clone();
                if let (Some(e), Some((ty, vars))) = (e, &ret) {
                    let v = self.initializer(*e, *ty)?;
                    let ss = self.scalars(*ty)?;
                    self.write_vars(vars, &v.leaves, &ss)?;
                } else if let Some(e) = e {
                    let v = self.rvalue(*e)?;
                    let decl = self.frame()?.decl;
                    if matches!(self.frame()?.locals.get(&decl), Some(Local::ResVar { .. })) {
                        // A function returning a resource.
                        self.assign_resource(decl, 0, v)?;
                    }
                }
                let exit = self.frame()?.exit;
                self.jump(exit)?;
            }
            StmtKind::Discard => {
                return Err(LowerError::shader(
                    "discard is only allowed in pixel shaders",
                ));
            }
            StmtKind::Empty => {}
        }
        Ok(())
    }

    /// `ResourceDescriptorHeap[i]` (or `SamplerDescriptorHeap[i]`) given to a variable of
    /// resource type `ty`: the handle from the heap (shader model 6.6), annotated as `ty`
    /// describes it.
    pub fn heap_resource(
        &mut self,
        e: crate::ast::ExprId,
        ty: crate::sema::TyId,
    ) -> LowerResult<Option<crate::lower::func::ResRef>> {
        let ast = self.cx.ast;
        let crate::ast::ExprKind::Index { base, index } = &ast.expr(e).kind else {
            return Ok(None);
        };
        let Some(crate::sema::Resolution::Builtin(sym)) = self.cx.an.names.get(base) else {
            return Ok(None);
        };
        if !matches!(
            self.cx.name(*sym),
            "ResourceDescriptorHeap" | "SamplerDescriptorHeap"
        ) {
            return Ok(None);
        }
        let Ty::Object(o) = self.cx.get(ty) else {
            return Err(LowerError::shader(
                "a descriptor heap's element given to a variable that is not a resource",
            ));
        };
        let non_uniform = matches!(&ast.expr(*index).kind, crate::ast::ExprKind::Call { callee, .. }
            if matches!(&ast.expr(*callee).kind, crate::ast::ExprKind::Name(p) if self.cx.name(p.last().sym) == "NonUniformResourceIndex"));
        let i = self.uint_arg(*index)?;
        let desc = crate::lower::resource::object_desc(self.cx, self.cx.name(o.name), o.elem, "")?;
        let h = self.e.heap_handle(&desc, i, non_uniform)?;
        Ok(Some(crate::lower::func::ResRef {
            id: None,
            heap: Some(h),
            ty,
            index: Leaf::Int(0),
            row_major: None,
        }))
    }

    /// `local = value` (`local[k] = value` for an array) for a resource variable `d`.
    pub fn assign_resource(
        &mut self,
        d: crate::ast::DeclId,
        k: usize,
        r: crate::lower::func::Rv,
    ) -> LowerResult<()> {
        let Some(res) = r.res else {
            return Err(LowerError::shader(
                "a resource variable assigned a value that is not a resource",
            ));
        };
        if !matches!(self.cx.get(r.ty), Ty::Object(_)) {
            return Err(LowerError::unsupported("assigning an array of resources"));
        }
        let here = self.cur;
        let Some(frame) = self
            .frames
            .iter_mut()
            .rev()
            .find(|f| f.locals.contains_key(&d))
        else {
            return Err(LowerError::internal("resource variable without a frame"));
        };
        let Some(Local::ResVar { slots, block, .. }) = frame.locals.get_mut(&d) else {
            return Err(LowerError::shader("expression is not assignable"));
        };
        let block = *block;
        let Some(slot) = slots.get_mut(k) else {
            return Err(LowerError::shader("array index out of bounds"));
        };
        let Some(rid) = res.id else {
            return Err(LowerError::unsupported(
                "assigning a descriptor heap resource to a resource variable declared before",
            ));
        };
        match slot.range {
            Some((id, _, _)) if id == rid => {}
            Some(_) if here != Some(block) => {
                return Err(LowerError::unsupported(
                    "a resource variable assigned resources of different ranges on different paths",
                ));
            }
            _ => slot.range = Some((rid, res.ty, res.row_major)),
        }
        let var = slot.index;
        self.write_vars(&[var], &[res.index], &[Scalar::U32])
    }

    /// A `static` local: one variable for the whole shader (every inlined call shares it),
    /// holding its constant initializer from the entry block on.
    fn static_local(&mut self, d: crate::ast::DeclId, v: &crate::ast::VarDecl) -> LowerResult<()> {
        if self.statics.contains_key(&d) {
            return Ok(());
        }
        let ty = self.resolved(v.ty)?;
        let init = match v.init {
            Some(e) => self.initializer(e, ty)?,
            None => self.zero(ty)?,
        };
        if init.leaves.iter().any(|l| matches!(l, Leaf::V(_))) {
            return Err(LowerError::unsupported(
                "a static local variable whose initializer is not constant",
            ));
        }
        let vars = self.new_vars(ty)?;
        let ss = self.scalars(ty)?;
        let here = self.cur;
        self.cur = Some(self.first);
        let r = self.write_vars(&vars, &init.leaves, &ss);
        self.cur = here;
        r?;
        self.statics.insert(d, Local::Vars { ty, vars });
        Ok(())
    }

    /// Continues at `b` (sealed) when anything branches there; otherwise the code after is
    /// unreachable.
    fn continue_at(&mut self, b: dxil_ir::Block) -> LowerResult<()> {
        self.seal(b)?;
        if self.ssa.preds(b).is_empty() {
            self.cur = None;
            // The block stays empty: give it a terminator.
            self.e.ir().position_at_end(b)?;
            self.e.ir().unreachable()?;
            return Ok(());
        }
        self.enter(b)
    }

    fn loop_body(
        &mut self,
        bb: dxil_ir::Block,
        body: StmtId,
        exit: dxil_ir::Block,
        cont: Option<dxil_ir::Block>,
        depth: u32,
    ) -> LowerResult<()> {
        if self.ssa.preds(bb).is_empty() {
            self.cur = None;
            self.e.ir().position_at_end(bb)?;
            self.e.ir().unreachable()?;
            return Ok(());
        }
        self.enter(bb)?;
        self.frame()?.loops.push(LoopTargets { brk: exit, cont });
        let r = self.stmt_depth(body, depth + 1);
        self.frame()?.loops.pop();
        r
    }

    fn switch(&mut self, cond: crate::ast::ExprId, body: StmtId, depth: u32) -> LowerResult<()> {
        let ast = self.cx.ast;
        let v = self.rvalue(cond)?;
        let s = crate::lower::types::scalar_of(self.cx, v.ty).unwrap_or(Scalar::I32);
        if v.leaves.len() != 1 || s.is_float() || s == Scalar::Bool {
            return Err(LowerError::shader(
                "statement requires expression of integer type",
            ));
        }
        let sel = self.convert(v.leaves[0], s, Scalar::I32)?;
        let StmtKind::Block(items) = &ast.stmt(body).kind else {
            return Err(LowerError::unsupported(
                "a switch whose body is not a block",
            ));
        };
        let exit = self.new_block()?;
        // One block per label, in order.
        let mut labels = Vec::new();
        let mut default = None;
        for &it in items {
            match &ast.stmt(it).kind {
                StmtKind::Case(e) => {
                    let val = self.cx.an.eval_const(ast, *e).ok_or_else(|| {
                        LowerError::shader("case value is not a constant expression")
                            .at(ast.stmt(it).span)
                    })?;
                    if labels
                        .iter()
                        .any(|l: &(StmtId, Option<i64>, dxil_ir::Block)| l.1 == Some(val))
                    {
                        return Err(LowerError::shader(format!("duplicate case value '{val}'"))
                            .at(ast.stmt(it).span));
                    }
                    let b = self.new_block()?;
                    labels.push((it, Some(val), b));
                }
                StmtKind::Default => {
                    if default.is_some() {
                        return Err(LowerError::shader("multiple default labels in one switch")
                            .at(ast.stmt(it).span));
                    }
                    let b = self.new_block()?;
                    default = Some(b);
                    labels.push((it, None, b));
                }
                _ => {}
            }
        }
        let Some(from) = self.cur.take() else {
            return Ok(());
        };
        let dflt = default.unwrap_or(exit);
        let cases: Vec<(i64, dxil_ir::Block)> = labels
            .iter()
            .filter_map(|(_, v, b)| v.map(|v| (v, *b)))
            .collect();
        match sel {
            Leaf::Int(k) => {
                let t = cases.iter().find(|c| c.0 == k).map_or(dflt, |c| c.1);
                self.e.ir().br(t)?;
                self.ssa.edge(from, t);
            }
            _ => {
                let x = self.value(sel, dxil_ops::Scalar::I32)?;
                let i32t = self.ir_ty(dxil_ops::Scalar::I32)?;
                let mut cs = Vec::with_capacity(cases.len());
                for &(k, b) in &cases {
                    let c = self.e.ir().module().const_int(i32t, k)?;
                    cs.push((c, b));
                }
                self.e.ir().switch(x, dflt, &cs)?;
                let mut targets: Vec<_> = cases.iter().map(|c| c.1).collect();
                targets.push(dflt);
                targets.sort();
                targets.dedup();
                for t in targets {
                    self.ssa.edge(from, t);
                }
            }
        }
        self.frame()?.loops.push(LoopTargets {
            brk: exit,
            cont: None,
        });
        let mut li = 0;
        let mut r = Ok(());
        for &it in items {
            if li < labels.len() && labels[li].0 == it {
                let b = labels[li].2;
                li += 1;
                // Falling through from the previous label.
                self.jump(b)?;
                self.seal(b)?;
                if self.ssa.preds(b).is_empty() {
                    self.cur = None;
                    self.e.ir().position_at_end(b)?;
                    self.e.ir().unreachable()?;
                } else {
                    self.enter(b)?;
                }
                continue;
            }
            r = self.stmt_depth(it, depth + 1);
            if r.is_err() {
                break;
            }
        }
        self.frame()?.loops.pop();
        r?;
        self.jump(exit)?;
        self.continue_at(exit)
    }
}
