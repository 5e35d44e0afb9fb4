//! Calls: user functions and methods (inlined, `out`/`inout` arguments copied back),
//! intrinsics ([`super::intrinsic`]) and resource methods.

use super::emit::Leaf;
use super::expr::Access;
use super::func::{Fx, Rv};
use super::place::Place;
use super::types;
use super::{LowerError, LowerResult};
use crate::ast::{DeclId, DeclKind, ExprId, ExprKind, Modifiers, TemplateArg};
use crate::sema::{Resolution, Ty, TyId};

impl Fx<'_, '_> {
    /// `callee(args)`; `None` for a `void` call.
    pub fn call(
        &mut self,
        _e: ExprId,
        callee: ExprId,
        template_args: Option<&[TemplateArg]>,
        args: &[ExprId],
    ) -> LowerResult<Option<Rv>> {
        let ast = self.cx.ast;
        match &ast.expr(callee).kind {
            ExprKind::Name(p) => {
                let name = self.cx.name(p.last().sym).to_string();
                match self.cx.an.names.get(&callee).cloned() {
                    Some(Resolution::Functions(list)) => {
                        // A method called by its name inside another method: on `this`.
                        let this =
                            self.frames
                                .last()
                                .and_then(|f| f.this.clone())
                                .filter(|t| match self.cx.get(t.ty()) {
                                    Ty::Struct(i) => {
                                        let ms = self.methods(i, &name);
                                        list.iter().any(|d| ms.contains(d))
                                    }
                                    _ => false,
                                });
                        self.call_user(&list, args, this)
                    }
                    Some(Resolution::Intrinsic(_)) | None => self.intrinsic(&name, args),
                    _ => Err(LowerError::unsupported(format!("calling '{name}'"))),
                }
            }
            ExprKind::Member { base, name } => {
                let mname = self.cx.name(name.sym).to_string();
                let b = self.access(*base)?;
                match b {
                    Access::Value(Rv { res: Some(r), .. }) => {
                        let targs = match template_args {
                            Some([TemplateArg::Type(t)]) => Some(self.resolved(*t)?),
                            _ => None,
                        };
                        self.resource_method(r, &mname, targs, args)
                    }
                    b => {
                        let ty = match &b {
                            Access::Place(p) => p.ty(),
                            Access::Value(v) => v.ty,
                        };
                        let Ty::Struct(i) = self.cx.get(ty) else {
                            return Err(LowerError::unsupported(format!(
                                "method '{mname}' of {}",
                                types::describe(self.cx, ty)
                            )));
                        };
                        let methods = self.methods(i, &mname);
                        if methods.is_empty() {
                            return Err(LowerError::shader(format!("no member named '{mname}'")));
                        }
                        let this = match b {
                            Access::Place(p) => p,
                            Access::Value(v) => {
                                let vars = self.new_vars(v.ty)?;
                                let ss = self.scalars(v.ty)?;
                                self.write_vars(&vars, &v.leaves, &ss)?;
                                Place::Vars { ty: v.ty, vars }
                            }
                        };
                        self.call_user(&methods, args, Some(this))
                    }
                }
            }
            _ => Err(LowerError::unsupported("calling this kind of expression")),
        }
    }

    /// The methods named `name` of struct `i` and its bases.
    fn methods(&self, i: u32, name: &str) -> Vec<DeclId> {
        let mut out = Vec::new();
        let mut todo = vec![i];
        let mut guard = 0;
        while let Some(i) = todo.pop() {
            guard += 1;
            if guard > 64 {
                break;
            }
            let Some(info) = self.cx.an.structs.get(i as usize) else {
                continue;
            };
            if let DeclKind::Record(rec) = &self.cx.ast.decl(info.decl).kind {
                for &m in &rec.members {
                    if let DeclKind::Function(f) = &self.cx.ast.decl(m).kind {
                        if self.cx.name(f.name.last().sym) == name {
                            out.push(m);
                        }
                    }
                }
            }
            // Out-of-line definitions `S::f` are separate declarations with bodies.
            for &b in &info.bases {
                if let Ty::Struct(j) = self.cx.get(b) {
                    todo.push(j);
                }
            }
        }
        // Prefer definitions: an in-struct declaration defined out of line.
        let defined: Vec<DeclId> = self
            .cx
            .ast
            .items
            .iter()
            .copied()
            .filter(|&d| match &self.cx.ast.decl(d).kind {
                DeclKind::Function(f) => {
                    f.body.is_some()
                        && f.name.parts.len() == 2
                        && self.cx.name(f.name.last().sym) == name
                        && self
                            .cx
                            .an
                            .structs
                            .get(i as usize)
                            .and_then(|s| s.name)
                            .is_some_and(|s| s == f.name.parts[0].sym)
                }
                _ => false,
            })
            .collect();
        out.extend(defined);
        out
    }

    /// The parameter types of function `d`.
    fn param_types(&self, d: DeclId) -> LowerResult<Vec<(DeclId, TyId)>> {
        let DeclKind::Function(f) = &self.cx.ast.decl(d).kind else {
            return Err(LowerError::internal("not a function"));
        };
        let mut out = Vec::new();
        for &p in &f.params {
            let DeclKind::Var(v) = &self.cx.ast.decl(p).kind else {
                return Err(LowerError::internal("parameter is not a variable"));
            };
            out.push((p, self.resolved(v.ty)?));
        }
        Ok(out)
    }

    /// A call of one of the user functions `list`: the overload whose parameters match
    /// the arguments best, inlined.
    fn call_user(
        &mut self,
        list: &[DeclId],
        args: &[ExprId],
        this: Option<Place>,
    ) -> LowerResult<Option<Rv>> {
        // Argument values first (out arguments as places).
        let mut vals: Vec<Access> = Vec::with_capacity(args.len());
        for &a in args {
            vals.push(self.access(a)?);
        }
        let mut best: Option<(u32, DeclId)> = None;
        for &d in list {
            let DeclKind::Function(f) = &self.cx.ast.decl(d).kind else {
                continue;
            };
            if f.body.is_none() {
                // A declaration: its definition is elsewhere in the list.
                if list.iter().any(|&o| o != d && matches!(&self.cx.ast.decl(o).kind, DeclKind::Function(g) if g.body.is_some() && g.params.len() == f.params.len())) {
                    continue;
                }
            }
            if f.template.is_some() {
                return Err(LowerError::unsupported("calling a template function"));
            }
            let Ok(params) = self.param_types(d) else {
                continue;
            };
            let required = f
                .params
                .iter()
                .filter(
                    |&&p| matches!(&self.cx.ast.decl(p).kind, DeclKind::Var(v) if v.init.is_none()),
                )
                .count();
            if args.len() < required || args.len() > params.len() {
                continue;
            }
            let mut cost = 0u32;
            for (a, (_, pt)) in vals.iter().zip(&params) {
                let at = match a {
                    Access::Place(p) => p.ty(),
                    Access::Value(v) => v.ty,
                };
                cost += if at == *pt {
                    0
                } else if self.shape(at).is_some() && self.shape(at) == self.shape(*pt) {
                    1
                } else if types::scalar_of(self.cx, at).is_some()
                    && types::scalar_of(self.cx, *pt).is_some()
                {
                    4
                } else {
                    16
                };
            }
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, d));
            }
        }
        let Some((_, d)) = best else {
            return Err(LowerError::shader("no matching function for call"));
        };
        // A prototype: its definition comes later in the file.
        let d = self.definition_of(d);
        let DeclKind::Function(f) = &self.cx.ast.decl(d).kind else {
            return Err(LowerError::internal("not a function"));
        };
        let params = self.param_types(d)?;
        let mut argv = Vec::with_capacity(params.len());
        let mut outs: Vec<Option<Place>> = Vec::with_capacity(params.len());
        for (k, (p, pt)) in params.iter().enumerate() {
            let pv = match &self.cx.ast.decl(*p).kind {
                DeclKind::Var(v) => v,
                _ => return Err(LowerError::internal("parameter")),
            };
            let is_out = pv.mods.has(Modifiers::OUT) || pv.mods.has(Modifiers::INOUT);
            let only_out = pv.mods.has(Modifiers::OUT) && !pv.mods.has(Modifiers::INOUT);
            let v = match vals.get(k) {
                Some(a) => {
                    let a = a.clone();
                    if is_out {
                        let Access::Place(pl) = a else {
                            return Err(LowerError::shader(
                                "cannot bind a value to an out parameter",
                            ));
                        };
                        outs.push(Some(pl.clone()));
                        if only_out {
                            self.zero(*pt)?
                        } else {
                            let v = self.load(&pl)?;
                            self.coerce(v, *pt, false)?
                        }
                    } else {
                        outs.push(None);
                        let v = match a {
                            Access::Place(pl) => self.load(&pl)?,
                            Access::Value(v) => v,
                        };
                        self.coerce(v, *pt, false)?
                    }
                }
                None => {
                    outs.push(None);
                    let init = pv
                        .init
                        .ok_or_else(|| LowerError::internal("default argument"))?;
                    self.initializer(init, *pt)?
                }
            };
            argv.push(v);
        }
        let (ret, outv) = self.inline(d, f, argv, this)?;
        for (pl, v) in outs.into_iter().zip(outv) {
            if let (Some(pl), Some(v)) = (pl, v) {
                let v = self.coerce(v, pl.ty(), false)?;
                self.store(&pl, &v)?;
            }
        }
        Ok(ret)
    }

    /// The definition of function `d` when `d` is a prototype (same name, same parameter
    /// types, a body), else `d`.
    fn definition_of(&self, d: DeclId) -> DeclId {
        let ast = self.cx.ast;
        let DeclKind::Function(f) = &ast.decl(d).kind else {
            return d;
        };
        if f.body.is_some() {
            return d;
        }
        let Ok(want) = self.param_types(d) else {
            return d;
        };
        let name: Vec<_> = f.name.parts.iter().map(|p| p.sym).collect();
        let mut todo: Vec<&[DeclId]> = vec![&ast.items];
        let mut guard = 0;
        while let Some(items) = todo.pop() {
            for &it in items {
                guard += 1;
                if guard > 1 << 20 {
                    return d;
                }
                match &ast.decl(it).kind {
                    DeclKind::Namespace { items, .. } => todo.push(items),
                    DeclKind::Function(g)
                        if g.body.is_some()
                            && g.name.parts.iter().map(|p| p.sym).eq(name.iter().copied())
                            && self.param_types(it).is_ok_and(|p| {
                                p.iter().map(|x| x.1).eq(want.iter().map(|x| x.1))
                            }) =>
                    {
                        return it;
                    }
                    _ => {}
                }
            }
        }
        d
    }

    /// A scalar `uint` value.
    pub fn uint_arg(&mut self, e: ExprId) -> LowerResult<Leaf> {
        let u = self.ty_scalar(crate::sema::Scalar::U32);
        let v = self.rvalue_as(e, u)?;
        Ok(v.leaves[0])
    }
}
