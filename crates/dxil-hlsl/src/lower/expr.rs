//! Expressions: typed as HLSL types them (the usual arithmetic conversions with literal
//! types, scalar-to-vector splats and vector truncation, swizzles), lowered leaf by leaf.

use super::emit::{Arith, Cmp, Leaf};
use super::func::{Fx, Local, ResRef, Rv};
use super::place::{res_elem, Place};
use super::resource::Global;
use super::types;
use super::{LowerError, LowerResult};
use crate::ast::{BinaryOp, DeclId, DeclKind, ExprId, ExprKind, Modifiers, UnaryOp};
use crate::sema::{Resolution, Scalar, Ty, TyId};

/// What an expression denotes: a place (assignable) or a value.
#[derive(Clone, Debug)]
pub(crate) enum Access {
    Place(Place),
    Value(Rv),
}

/// Rank of a scalar among the floating types.
fn float_rank(s: Scalar) -> u8 {
    match s {
        Scalar::Min10Float => 1,
        Scalar::Min16Float => 2,
        Scalar::Half | Scalar::F16 => 3,
        Scalar::F32 => 4,
        Scalar::F64 => 5,
        _ => 0,
    }
}

fn int_width(s: Scalar) -> u8 {
    match s {
        Scalar::Bool => 1,
        Scalar::Min12Int | Scalar::Min16Int | Scalar::Min16Uint | Scalar::I16 | Scalar::U16 => 16,
        Scalar::I64 | Scalar::U64 => 64,
        _ => 32,
    }
}

/// The scalar two operands are converted to (HLSL's usual arithmetic conversions).
pub(crate) fn common_scalar(a: Scalar, b: Scalar) -> Scalar {
    use Scalar::*;
    if a == b {
        return a;
    }
    match (a, b) {
        (IntLiteral, x) | (x, IntLiteral) => return x,
        (FloatLiteral, x) | (x, FloatLiteral) => {
            return if x.is_float() { x } else { F32 };
        }
        _ => {}
    }
    match (a.is_float(), b.is_float()) {
        (true, true) => {
            if float_rank(a) >= float_rank(b) {
                a
            } else {
                b
            }
        }
        (true, false) => a,
        (false, true) => b,
        (false, false) => {
            let (wa, wb) = (int_width(a), int_width(b));
            if wa != wb {
                let w = if wa > wb { a } else { b };
                if w == Bool {
                    I32
                } else {
                    w
                }
            } else if types::unsigned(a) && a != Bool {
                a
            } else {
                b
            }
        }
    }
}

impl Fx<'_, '_> {
    pub fn ty_scalar(&self, s: Scalar) -> TyId {
        self.cx.intern(Ty::Scalar(s))
    }

    /// `ty` with its scalar replaced by `s` (same shape).
    pub fn with_scalar(&self, ty: TyId, s: Scalar) -> TyId {
        match self.cx.get(ty) {
            Ty::Vector(_, n) => self.cx.intern(Ty::Vector(s, n)),
            Ty::Matrix(_, r, c) => self.cx.intern(Ty::Matrix(s, r, c)),
            _ => self.cx.intern(Ty::Scalar(s)),
        }
    }

    /// (rows, columns, is matrix): scalar (0, 1, false), vector (0, n, false).
    pub fn shape(&self, ty: TyId) -> Option<(u8, u8, bool)> {
        match self.cx.get(ty) {
            Ty::Scalar(_) | Ty::Enum(_) => Some((0, 1, false)),
            Ty::Vector(_, n) => Some((1, n as u8, false)),
            Ty::Matrix(_, r, c) => Some((r, c, true)),
            _ => None,
        }
    }

    /// The value of an expression.
    pub fn rvalue(&mut self, e: ExprId) -> LowerResult<Rv> {
        match self.access(e)? {
            Access::Value(v) => Ok(v),
            Access::Place(p) => self.load(&p),
        }
    }

    /// The value of `e` converted to `ty`.
    pub fn rvalue_as(&mut self, e: ExprId, ty: TyId) -> LowerResult<Rv> {
        let v = self.rvalue(e)?;
        let span = self.cx.ast.expr(e).span;
        self.coerce(v, ty, false).map_err(|x| x.at(span))
    }

    /// The place an expression denotes (an error for a value).
    pub fn place(&mut self, e: ExprId) -> LowerResult<Place> {
        match self.access(e)? {
            Access::Place(p) => Ok(p),
            Access::Value(_) => {
                Err(LowerError::shader("expression is not assignable").at(self.cx.ast.expr(e).span))
            }
        }
    }

    /// What `e` denotes.
    pub fn access(&mut self, e: ExprId) -> LowerResult<Access> {
        let span = self.cx.ast.expr(e).span;
        self.access_inner(e).map_err(|x| x.at(span))
    }

    fn access_inner(&mut self, e: ExprId) -> LowerResult<Access> {
        let ast = self.cx.ast;
        let val = |ty: TyId, leaves: Vec<Leaf>| {
            Ok(Access::Value(Rv {
                ty,
                leaves,
                res: None,
                objs: Vec::new(),
            }))
        };
        match &ast.expr(e).kind {
            ExprKind::Int {
                value,
                unsigned,
                long,
            } => {
                let s = match (unsigned, long) {
                    (true, true) => Scalar::U64,
                    (false, true) => Scalar::I64,
                    (true, false) => Scalar::U32,
                    // HLSL 202x's literals have C's types: `int`, else the first 64-bit
                    // type that holds them.
                    (false, false) if self.conforming_literals() => {
                        if *value <= i32::MAX as u64 {
                            Scalar::I32
                        } else if *value <= i64::MAX as u64 {
                            Scalar::I64
                        } else {
                            Scalar::U64
                        }
                    }
                    (false, false) => Scalar::IntLiteral,
                };
                val(self.ty_scalar(s), vec![Leaf::Int(*value as i64)])
            }
            ExprKind::Float(sym) => {
                let text = self.cx.name(*sym);
                let (digits, s) = match text.as_bytes().last() {
                    Some(b'f' | b'F') => (&text[..text.len() - 1], Scalar::F32),
                    Some(b'h' | b'H') => (&text[..text.len() - 1], Scalar::Half),
                    Some(b'l' | b'L') => (&text[..text.len() - 1], Scalar::F64),
                    // HLSL 202x: an unsuffixed floating literal is a `float`.
                    _ if self.conforming_literals() => (text, Scalar::F32),
                    _ => (text, Scalar::FloatLiteral),
                };
                let x: f64 = digits.parse().map_err(|_| {
                    LowerError::shader(format!("invalid floating literal '{text}'"))
                })?;
                let x = if s == Scalar::F32 || (s == Scalar::Half && !self.cx.storage.native16) {
                    f64::from(x as f32)
                } else {
                    x
                };
                val(self.ty_scalar(s), vec![Leaf::Float(x)])
            }
            ExprKind::Bool(b) => val(
                self.ty_scalar(Scalar::Bool),
                vec![Leaf::Int(-i64::from(*b))],
            ),
            ExprKind::Name(_) => self.name(e),
            ExprKind::Unary { op, operand } => self.unary(*op, *operand).map(Access::Value),
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, *lhs, *rhs).map(Access::Value),
            ExprKind::Assign { op, lhs, rhs } => {
                if let (None, Some((d, k))) = (op, self.resource_var(*lhs)) {
                    let r = self.rvalue(*rhs)?;
                    self.assign_resource(d, k, r.clone())?;
                    return Ok(Access::Value(r));
                }
                let p = self.place(*lhs)?;
                let ty = p.ty();
                let v = match op {
                    None => self.rvalue_as(*rhs, ty)?,
                    Some(op) => {
                        let old = self.load(&p)?;
                        let r = self.rvalue(*rhs)?;
                        let x = self.arith_values(*op, old, r)?;
                        self.coerce(x, ty, true)?
                    }
                };
                self.store(&p, &v)?;
                Ok(Access::Value(v))
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                let c = self.rvalue(*cond)?;
                if c.leaves.len() == 1
                    && (self.has_effects(*then, 0) || self.has_effects(*otherwise, 0))
                {
                    // A scalar condition chooses which operand runs (HLSL 2021): wave
                    // operations and writes in the other must not happen.
                    let cb = self.truth(c)?;
                    return self
                        .choose(cb.leaves[0], *then, *otherwise)
                        .map(Access::Value);
                }
                let a = self.rvalue(*then)?;
                let b = self.rvalue(*otherwise)?;
                if a.res.is_some() || b.res.is_some() {
                    return Err(LowerError::unsupported(
                        "choosing between resources with ?:",
                    ));
                }
                let ty = self.common_type(a.ty, b.ty)?;
                let a = self.coerce(a, ty, false)?;
                let b = self.coerce(b, ty, false)?;
                let n = a.leaves.len();
                let ss = self.scalars(ty)?;
                let cb = self.truth(c)?;
                let mut out = Vec::with_capacity(n);
                for (k, &sk) in ss.iter().enumerate().take(n) {
                    let ck = cb.leaves[k.min(cb.leaves.len() - 1)];
                    out.push(self.select(ck, a.leaves[k], b.leaves[k], sk)?);
                }
                val(ty, out)
            }
            ExprKind::Cast { ty, operand } => {
                let to = self.resolved(*ty)?;
                let v = self.rvalue(*operand)?;
                self.coerce(v, to, true).map(Access::Value)
            }
            ExprKind::Construct { ty, args } => {
                let to = self.resolved(*ty)?;
                self.construct(to, args).map(Access::Value)
            }
            ExprKind::Call {
                callee,
                template_args,
                args,
            } => {
                let r = self.call(e, *callee, template_args.as_deref(), args)?;
                match r {
                    Some(v) => Ok(Access::Value(v)),
                    None => {
                        let void = self.cx.intern(Ty::Void);
                        val(void, Vec::new())
                    }
                }
            }
            ExprKind::Member { base, name } => {
                let b = self.access(*base)?;
                let field = self.cx.name(name.sym).to_string();
                self.member(b, &field)
            }
            ExprKind::Index { base, index } => {
                let b = self.access(*base)?;
                let i = self.rvalue(*index)?;
                self.index_access(b, i)
            }
            ExprKind::InitList(_) => Err(LowerError::unsupported(
                "an initializer list outside a declaration",
            )),
            ExprKind::SizeOf(arg) => {
                // Bytes of the type as buffers lay it out (each scalar at its own size).
                let ty = match arg {
                    crate::ast::TemplateArg::Type(t) => self.resolved(*t)?,
                    crate::ast::TemplateArg::Expr(e) => self.type_only(*e)?,
                };
                let size = types::structured_layout(self.cx, self.cx.storage, ty, None)?.size;
                val(
                    self.ty_scalar(Scalar::U32),
                    vec![Leaf::Int(i64::from(size))],
                )
            }
            ExprKind::Str(_) => Err(LowerError::unsupported("strings")),
        }
    }

    /// The resource variable an expression names, if it names one.
    fn resource_var(&self, e: ExprId) -> Option<(DeclId, usize)> {
        let (name, k) = match &self.cx.ast.expr(e).kind {
            ExprKind::Index { base, index } => {
                let k = self.cx.an.eval_const(self.cx.ast, *index)?;
                (*base, usize::try_from(k).ok()?)
            }
            _ => (e, 0),
        };
        let Some(Resolution::Decl(d)) = self.cx.an.names.get(&name) else {
            return None;
        };
        let fr = self
            .frames
            .iter()
            .rev()
            .find(|f| f.locals.contains_key(d))?;
        matches!(fr.locals.get(d), Some(Local::ResVar { .. })).then_some((*d, k))
    }

    /// Whether literals have C's types (`-HV 202x`) rather than HLSL's literal types.
    fn conforming_literals(&self) -> bool {
        self.cx.opts.pp.hlsl_version > 2021
    }

    /// The type of `e` without its code: lowered in a block nothing reaches, so no effect
    /// of it runs (`sizeof e` does not evaluate `e`).
    fn type_only(&mut self, e: ExprId) -> LowerResult<TyId> {
        let here = self.cur.take();
        let dead = self.new_block()?;
        self.seal(dead)?;
        self.enter(dead)?;
        let r = self.rvalue(e);
        if self.cur.is_some() {
            self.e.ir().unreachable()?;
        }
        self.cur = here;
        if let Some(b) = here {
            self.e.ir().position_at_end(b)?;
        }
        Ok(r?.ty)
    }

    /// The lowering type of a written type.
    pub fn resolved(&self, t: crate::ast::TypeId) -> LowerResult<TyId> {
        self.cx.an.resolved.get(&t).copied().ok_or_else(|| {
            LowerError::unsupported("a type the analysis did not resolve (a template)")
        })
    }

    fn name(&mut self, e: ExprId) -> LowerResult<Access> {
        let r = self
            .cx
            .an
            .names
            .get(&e)
            .cloned()
            .ok_or_else(|| LowerError::internal("unresolved name"))?;
        match r {
            Resolution::Decl(d) => self.decl_access(d),
            Resolution::Const(v) => Ok(Access::Value(Rv {
                ty: self.ty_scalar(Scalar::IntLiteral),
                leaves: vec![Leaf::Int(v)],
                res: None,
                objs: Vec::new(),
            })),
            Resolution::Builtin(s) => Err(LowerError::unsupported(format!(
                "the built-in object {}",
                self.cx.name(s)
            ))),
            _ => Err(LowerError::unsupported("this kind of name as a value")),
        }
    }

    /// A declaration named in an expression.
    pub fn decl_access(&mut self, d: DeclId) -> LowerResult<Access> {
        if let Some(fr) = self.frames.last() {
            if let Some(l) = fr.locals.get(&d) {
                return Ok(match l {
                    Local::Vars { ty, vars } => Access::Place(Place::Vars {
                        ty: *ty,
                        vars: vars.clone(),
                    }),
                    Local::Value(v) => Access::Value(v.clone()),
                    Local::ResVar { ty, slots, .. } => {
                        let (ty, slots) = (*ty, slots.clone());
                        let ety = match self.cx.get(ty) {
                            Ty::Array(e, _) => e,
                            _ => ty,
                        };
                        let mut vals = Vec::with_capacity(slots.len());
                        for slot in &slots {
                            let res = match slot.range {
                                Some((id, obj, row_major)) => {
                                    let at = self.read_vars(&[slot.index])?[0];
                                    Some(ResRef {
                                        id: Some(id),
                                        heap: None,
                                        ty: obj,
                                        index: at,
                                        row_major,
                                    })
                                }
                                None => None,
                            };
                            vals.push(Rv {
                                ty: ety,
                                leaves: Vec::new(),
                                res,
                                objs: Vec::new(),
                            });
                        }
                        if let Ty::Object(_) = self.cx.get(ty) {
                            let v = vals.pop().ok_or_else(|| LowerError::internal("slot"))?;
                            if v.res.is_none() {
                                return Err(LowerError::unsupported(
                                    "a resource variable read before it is assigned",
                                ));
                            }
                            return Ok(Access::Value(v));
                        }
                        return Ok(Access::Value(Rv {
                            ty,
                            leaves: Vec::new(),
                            res: None,
                            objs: vals,
                        }));
                    }
                    Local::Res(r, ty) => Access::Value(Rv {
                        ty: *ty,
                        leaves: Vec::new(),
                        res: Some(*r),
                        objs: Vec::new(),
                    }),
                });
            }
            // Fields of `this` in a method.
            if let Some(this) = &fr.this {
                if let Some(p) = self.field_of_this(this.clone(), d)? {
                    return Ok(Access::Place(p));
                }
            }
        }
        if let Some(Local::Res(r, ty)) = self.statics.get(&d) {
            return Ok(Access::Value(Rv {
                ty: *ty,
                leaves: Vec::new(),
                res: Some(*r),
                objs: Vec::new(),
            }));
        }
        if let Some(Local::Vars { ty, vars }) = self.statics.get(&d) {
            let p = Place::Vars {
                ty: *ty,
                vars: vars.clone(),
            };
            // `static const` values are constants.
            return Ok(Access::Place(p));
        }
        match self.globals.get(&d) {
            Some(Global::Resource {
                id, ty, row_major, ..
            }) => {
                // An array of resources is a value of the array type; indexing it
                // accumulates the flat index into the range.
                let whole = self.decl_type(d)?;
                Ok(Access::Value(Rv {
                    ty: whole,
                    leaves: Vec::new(),
                    res: Some(ResRef {
                        id: Some(*id),
                        heap: None,
                        ty: *ty,
                        index: Leaf::Int(0),
                        row_major: *row_major,
                    }),
                    objs: Vec::new(),
                }))
            }
            Some(Global::Constant { buffer, ty, layout }) => {
                let handle = *self
                    .handles
                    .get(buffer)
                    .ok_or_else(|| LowerError::internal("constant buffer handle"))?;
                Ok(Access::Place(Place::Constant {
                    handle,
                    ty: *ty,
                    slots: layout.slots.clone(),
                }))
            }
            Some(Global::Shared { ty, globals, len }) => {
                let whole = if *len > 1 {
                    // Indexed later; the array type stays for `index`.
                    self.decl_type(d)?
                } else {
                    *ty
                };
                Ok(Access::Place(Place::Shared {
                    ty: whole,
                    globals: globals.clone(),
                    sel: (0..globals.len()).collect(),
                    index: Leaf::Int(0),
                    extra: Leaf::Int(0),
                }))
            }
            Some(Global::Aggregate { ty, objs, .. }) => {
                // The array dimensions of the variable wrap each field's type.
                let mut dims = Vec::new();
                let mut t = *ty;
                while let Ty::Array(e, n) = self.cx.get(t) {
                    dims.push(n);
                    t = e;
                }
                let mut vals = Vec::with_capacity(objs.len());
                for &(id, fty, obj) in objs {
                    let mut vt = fty;
                    for &n in dims.iter().rev() {
                        vt = self.cx.intern(Ty::Array(vt, n));
                    }
                    vals.push(Rv {
                        ty: vt,
                        leaves: Vec::new(),
                        res: Some(ResRef {
                            id: Some(id),
                            heap: None,
                            ty: obj,
                            index: Leaf::Int(0),
                            row_major: None,
                        }),
                        objs: Vec::new(),
                    });
                }
                Ok(Access::Value(Rv {
                    ty: *ty,
                    leaves: Vec::new(),
                    res: None,
                    objs: vals,
                }))
            }
            Some(Global::Static { .. }) | None => Err(LowerError::unsupported(
                "a variable the lowering did not declare",
            )),
        }
    }

    fn decl_type(&self, d: DeclId) -> LowerResult<TyId> {
        match &self.cx.ast.decl(d).kind {
            DeclKind::Var(v) => self.resolved(v.ty),
            _ => Err(LowerError::internal("not a variable")),
        }
    }

    /// The place of field `d` of `this`, when `d` is one of its struct's fields.
    fn field_of_this(&mut self, this: Place, d: DeclId) -> LowerResult<Option<Place>> {
        let Ty::Struct(i) = self.cx.get(this.ty()) else {
            return Ok(None);
        };
        let DeclKind::Var(v) = &self.cx.ast.decl(d).kind else {
            return Ok(None);
        };
        let name = self.cx.name(v.name.sym).to_string();
        let _ = i;
        match self.member(Access::Place(this), &name) {
            Ok(Access::Place(p)) => Ok(Some(p)),
            _ => Ok(None),
        }
    }

    /// Leaves `sel` of an access, of type `ty`.
    fn narrow(&mut self, b: Access, sel: &[usize], ty: TyId) -> LowerResult<Access> {
        match b {
            Access::Place(p) => Ok(Access::Place(p.select(sel, ty)?)),
            Access::Value(v) => {
                let mut leaves = Vec::with_capacity(sel.len());
                for &k in sel {
                    leaves.push(
                        *v.leaves
                            .get(k)
                            .ok_or_else(|| LowerError::internal("leaf selection out of range"))?,
                    );
                }
                Ok(Access::Value(Rv {
                    ty,
                    leaves,
                    res: None,
                    objs: Vec::new(),
                }))
            }
        }
    }

    fn access_ty(&self, a: &Access) -> TyId {
        match a {
            Access::Place(p) => p.ty(),
            Access::Value(v) => v.ty,
        }
    }

    /// `b.name`: a field or a swizzle.
    pub fn member(&mut self, b: Access, name: &str) -> LowerResult<Access> {
        let b = self.constant_buffer_view(b)?;
        let ty = self.access_ty(&b);
        if let Access::Value(v) = &b {
            if !v.objs.is_empty() {
                if let Ty::Struct(_) = self.cx.get(ty) {
                    return self.member_of_aggregate(v.clone(), name);
                }
            }
        }
        match self.cx.get(ty) {
            Ty::Struct(i) => {
                let mut offset = 0usize;
                let (found, fty) = self.find_field(i, name, &mut offset)?;
                if !found {
                    return Err(LowerError::shader(format!("no member named '{name}'")));
                }
                let n = types::leaf_count(self.cx, fty)?;
                let sel: Vec<usize> = (offset..offset + n).collect();
                self.narrow(b, &sel, fty)
            }
            Ty::Scalar(s) | Ty::Vector(s, _) => {
                let n = match self.cx.get(ty) {
                    Ty::Vector(_, n) => n as usize,
                    _ => 1,
                };
                let mut sel = Vec::with_capacity(4);
                for ch in name.chars() {
                    let k = match ch {
                        'x' | 'r' => 0,
                        'y' | 'g' => 1,
                        'z' | 'b' => 2,
                        'w' | 'a' => 3,
                        _ => return Err(LowerError::shader(format!("invalid swizzle '{name}'"))),
                    };
                    if k >= n {
                        return Err(LowerError::shader(format!(
                            "vector swizzle '{name}' is out of bounds"
                        )));
                    }
                    sel.push(k);
                }
                if sel.is_empty() || sel.len() > 4 {
                    return Err(LowerError::shader(format!("invalid swizzle '{name}'")));
                }
                let rty = if sel.len() == 1 {
                    self.ty_scalar(s)
                } else {
                    self.cx.intern(Ty::Vector(s, sel.len() as u16))
                };
                self.narrow(b, &sel, rty)
            }
            Ty::Matrix(s, r, c) => {
                let mut sel = Vec::new();
                let mut rest = name;
                while !rest.is_empty() {
                    let (zero, tail) = if let Some(t) = rest.strip_prefix("_m") {
                        (true, t)
                    } else if let Some(t) = rest.strip_prefix('_') {
                        (false, t)
                    } else {
                        return Err(LowerError::shader(format!(
                            "invalid matrix swizzle '{name}'"
                        )));
                    };
                    let bytes = tail.as_bytes();
                    if bytes.len() < 2 {
                        return Err(LowerError::shader(format!(
                            "invalid matrix swizzle '{name}'"
                        )));
                    }
                    let d = |b: u8| (b as char).to_digit(10).map(|x| x as usize);
                    let (Some(i), Some(j)) = (d(bytes[0]), d(bytes[1])) else {
                        return Err(LowerError::shader(format!(
                            "invalid matrix swizzle '{name}'"
                        )));
                    };
                    let (i, j) = if zero {
                        (i, j)
                    } else {
                        (i.wrapping_sub(1), j.wrapping_sub(1))
                    };
                    if i >= r as usize || j >= c as usize {
                        return Err(LowerError::shader(format!(
                            "matrix swizzle '{name}' is out of bounds"
                        )));
                    }
                    sel.push(i * c as usize + j);
                    rest = &tail[2..];
                }
                let rty = if sel.len() == 1 {
                    self.ty_scalar(s)
                } else {
                    self.cx.intern(Ty::Vector(s, sel.len() as u16))
                };
                self.narrow(b, &sel, rty)
            }
            _ => Err(LowerError::unsupported(format!(
                "member '{name}' of {}",
                types::describe(self.cx, ty)
            ))),
        }
    }

    /// `v.name` of a struct value holding resources: an object field is its resource, a
    /// struct field the resources within it, a numeric field its leaves.
    fn member_of_aggregate(&mut self, v: Rv, name: &str) -> LowerResult<Access> {
        let mut fields = Vec::new();
        types::object_fields(self.cx, v.ty, "", &mut fields, 0);
        let want = format!(".{name}");
        let within = format!(".{name}.");
        let picked: Vec<usize> = fields
            .iter()
            .enumerate()
            .filter(|(_, (p, _))| *p == want || p.starts_with(&within))
            .map(|(k, _)| k)
            .collect();
        let Ty::Struct(i) = self.cx.get(v.ty) else {
            return Err(LowerError::internal("aggregate of a non-struct type"));
        };
        let mut off = 0usize;
        let (found, fty) = self.find_field(i, name, &mut off)?;
        if !found && picked.is_empty() {
            // An object field: `find_field` skips objects.
            let info = &self.cx.an.structs[i as usize];
            let Some(&(_, oty)) = info.fields.iter().find(|(s, _)| self.cx.name(*s) == name) else {
                return Err(LowerError::shader(format!("no member named '{name}'")));
            };
            let _ = oty;
        }
        if let [k] = picked.as_slice() {
            if fields[*k].0 == want {
                return Ok(Access::Value(v.objs[*k].clone()));
            }
        }
        if !picked.is_empty() {
            let Some(&(_, sty)) = self.cx.an.structs[i as usize]
                .fields
                .iter()
                .find(|(s, _)| self.cx.name(*s) == name)
            else {
                return Err(LowerError::shader(format!("no member named '{name}'")));
            };
            let n = types::leaf_count(self.cx, sty)?;
            let leaves = if found {
                v.leaves[off..off + n].to_vec()
            } else {
                Vec::new()
            };
            return Ok(Access::Value(Rv {
                ty: sty,
                leaves,
                res: None,
                objs: picked.iter().map(|&k| v.objs[k].clone()).collect(),
            }));
        }
        if !found {
            return Err(LowerError::shader(format!("no member named '{name}'")));
        }
        let n = types::leaf_count(self.cx, fty)?;
        Ok(Access::Value(Rv {
            ty: fty,
            leaves: v.leaves[off..off + n].to_vec(),
            res: None,
            objs: Vec::new(),
        }))
    }

    /// A `ConstantBuffer<T>` named as a value is its `T` in the buffer.
    fn constant_buffer_view(&mut self, b: Access) -> LowerResult<Access> {
        let Access::Value(Rv {
            res: Some(r), ty, ..
        }) = &b
        else {
            return Ok(b);
        };
        let Ty::Object(o) = self.cx.get(*ty) else {
            return Ok(b);
        };
        if self.cx.name(o.name) != "ConstantBuffer" {
            return Ok(b);
        }
        let elem = o
            .elem
            .ok_or_else(|| LowerError::shader("ConstantBuffer without a type"))?;
        let handle = self.handle(*r)?;
        let layout = types::cbuffer_layout(self.cx, self.cx.storage, elem, None, 0)?;
        Ok(Access::Place(Place::Constant {
            handle,
            ty: elem,
            slots: layout.slots,
        }))
    }

    /// Finds field `name` in struct `i` (bases first), counting the leaves before it.
    fn find_field(&self, i: u32, name: &str, offset: &mut usize) -> LowerResult<(bool, TyId)> {
        let info = self
            .cx
            .an
            .structs
            .get(i as usize)
            .ok_or_else(|| LowerError::internal("struct index"))?;
        // Own fields shadow the bases'.
        let mut own = 0usize;
        for &b in &info.bases {
            own += types::leaf_count(self.cx, b)?;
        }
        let mut at = *offset + own;
        for &(sym, fty) in &info.fields {
            if types::is_object_like(self.cx, fty) {
                continue;
            }
            if self.cx.name(sym) == name {
                *offset = at;
                return Ok((true, fty));
            }
            at += types::leaf_count(self.cx, fty)?;
        }
        let mut at = *offset;
        for &b in &info.bases {
            if let Ty::Struct(j) = self.cx.get(b) {
                let mut o = at;
                let (found, t) = self.find_field(j, name, &mut o)?;
                if found {
                    *offset = o;
                    return Ok((true, t));
                }
            }
            at += types::leaf_count(self.cx, b)?;
        }
        Ok((false, self.cx.intern(Ty::Void)))
    }

    /// `b[i]`.
    pub fn index_access(&mut self, b: Access, i: Rv) -> LowerResult<Access> {
        let ty = self.access_ty(&b);
        let idx_s = types::scalar_of(self.cx, i.ty).unwrap_or(Scalar::U32);
        if let Access::Value(v) = &b {
            if let Ty::Array(e, n) = self.cx.get(v.ty) {
                if v.res.is_none()
                    && v.objs.len() == n as usize
                    && matches!(self.cx.get(e), Ty::Object(_))
                {
                    // An array of resources held element by element (a local one).
                    let uty = self.ty_scalar(Scalar::U32);
                    let iv = self.coerce(i.clone(), uty, true)?;
                    let Leaf::Int(k) = iv.leaves[0] else {
                        return Err(LowerError::unsupported(
                            "a local array of resources indexed at run time",
                        ));
                    };
                    let el = v
                        .objs
                        .get(k as usize)
                        .cloned()
                        .ok_or_else(|| LowerError::shader("array index out of bounds"))?;
                    if el.res.is_none() {
                        return Err(LowerError::unsupported(
                            "a resource variable read before it is assigned",
                        ));
                    }
                    return Ok(Access::Value(el));
                }
            }
            if !v.objs.is_empty() {
                if let Ty::Array(e, _) = self.cx.get(v.ty) {
                    // Each field's range indexed alike.
                    let mut objs = Vec::with_capacity(v.objs.len());
                    for o in v.objs.clone() {
                        match self.index_access(Access::Value(o), i.clone())? {
                            Access::Value(x) => objs.push(x),
                            Access::Place(_) => {
                                return Err(LowerError::internal("resource field element"))
                            }
                        }
                    }
                    return Ok(Access::Value(Rv {
                        ty: e,
                        leaves: Vec::new(),
                        res: None,
                        objs,
                    }));
                }
            }
        }
        if let Access::Value(Rv {
            res: Some(r),
            ty: aty,
            ..
        }) = &b
        {
            let (r, aty) = (*r, *aty);
            let uty = self.cx.intern(Ty::Scalar(Scalar::U32));
            // An element of an array of resources.
            let dims = match self.cx.get(aty) {
                Ty::Array(e, n) => Some((e, i64::from(n))),
                Ty::UnsizedArray(e) => Some((e, 0)),
                _ => None,
            };
            if let Some((e, n)) = dims {
                let iv = self.coerce(i, uty, true)?;
                if let Leaf::Int(k) = iv.leaves[0] {
                    // `n` is 0 for an unbounded array.
                    if n > 0 && !(0..n).contains(&k) {
                        return Err(LowerError::shader(format!(
                            "array index {k} is out of bounds"
                        )));
                    }
                }
                // An array of one resource has one element whatever the index (past it the
                // access is undefined): its handle stays the range's only one.
                let at = if n == 1 {
                    r.index
                } else {
                    let scaled = self.arith(Arith::Mul, r.index, Leaf::Int(n), Scalar::U32)?;
                    self.arith(Arith::Add, scaled, iv.leaves[0], Scalar::U32)?
                };
                return Ok(Access::Value(Rv {
                    ty: e,
                    leaves: Vec::new(),
                    res: Some(ResRef { index: at, ..r }),
                    objs: Vec::new(),
                }));
            }
            return self.resource_element(r, i).map(Access::Place);
        }
        let idx = if i.leaves.len() == 1 {
            self.convert(i.leaves[0], idx_s, Scalar::U32)?
        } else {
            return Err(LowerError::shader("array subscript is not an integer"));
        };
        let (elem, n, stride) = match self.cx.get(ty) {
            Ty::Array(e, n) => (e, n as usize, types::leaf_count(self.cx, e)?),
            Ty::Vector(s, n) => (self.ty_scalar(s), n as usize, 1),
            Ty::Matrix(s, r, c) => (
                self.cx.intern(Ty::Vector(s, u16::from(c))),
                r as usize,
                c as usize,
            ),
            _ => {
                return Err(LowerError::shader(format!(
                    "subscripted value of type {} is not an array, matrix, or vector",
                    types::describe(self.cx, ty)
                )))
            }
        };
        if let Access::Place(Place::Shared {
            globals,
            sel,
            index,
            extra,
            ..
        }) = &b
        {
            if let Ty::Array(..) = self.cx.get(ty) {
                let scaled = self.arith(Arith::Mul, *index, Leaf::Int(n as i64), Scalar::U32)?;
                let at = self.arith(Arith::Add, scaled, idx, Scalar::U32)?;
                return Ok(Access::Place(Place::Shared {
                    ty: elem,
                    globals: globals.clone(),
                    sel: sel.clone(),
                    index: at,
                    extra: *extra,
                }));
            }
            // A vector's components (or a matrix's rows) at a run-time index: adjacent in
            // one array, so the index moves the first one's position.
            let same_array = sel.windows(2).all(|w| {
                let (a, b) = (globals[w[0]], globals[w[1]]);
                a.global == b.global && b.slot == a.slot + 1
            });
            if !matches!(idx, Leaf::Int(_)) && same_array && !sel.is_empty() {
                let step = self.arith(Arith::Mul, idx, Leaf::Int(stride as i64), Scalar::U32)?;
                let moved = self.arith(Arith::Add, *extra, step, Scalar::U32)?;
                return Ok(Access::Place(Place::Shared {
                    ty: elem,
                    globals: globals.clone(),
                    sel: sel[..stride].to_vec(),
                    index: *index,
                    extra: moved,
                }));
            }
        }
        if let Leaf::Int(k) = idx {
            let k = k as usize;
            if k >= n {
                return Err(LowerError::shader("array index out of bounds"));
            }
            let sel: Vec<usize> = (k * stride..(k + 1) * stride).collect();
            return self.narrow(b, &sel, elem);
        }
        match b {
            Access::Place(Place::Vars { vars, .. }) => {
                let elems = (0..n)
                    .map(|k| vars[k * stride..(k + 1) * stride].to_vec())
                    .collect();
                Ok(Access::Place(Place::VarsDyn {
                    ty: elem,
                    elems,
                    index: idx,
                }))
            }
            Access::Place(Place::VarsDyn { elems, index, .. }) => {
                // Both indices at run time: one index over every element of every group.
                let mut all = Vec::with_capacity(elems.len() * n);
                for e in &elems {
                    for k in 0..n {
                        all.push(e[k * stride..(k + 1) * stride].to_vec());
                    }
                }
                let scaled = self.arith(Arith::Mul, index, Leaf::Int(n as i64), Scalar::U32)?;
                let at = self.arith(Arith::Add, scaled, idx, Scalar::U32)?;
                Ok(Access::Place(Place::VarsDyn {
                    ty: elem,
                    elems: all,
                    index: at,
                }))
            }
            Access::Value(v) => {
                // A value indexed at run time: select among its elements.
                let ss = self.scalars(elem)?;
                let mut acc: Vec<Leaf> = v.leaves[(n - 1) * stride..n * stride].to_vec();
                for k in (0..n - 1).rev() {
                    let c = self.compare(Cmp::Eq, idx, Leaf::Int(k as i64), Scalar::U32)?;
                    for j in 0..stride {
                        acc[j] = self.select(c, v.leaves[k * stride + j], acc[j], ss[j])?;
                    }
                }
                Ok(Access::Value(Rv {
                    ty: elem,
                    leaves: acc,
                    res: None,
                    objs: Vec::new(),
                }))
            }
            b @ Access::Place(
                Place::Buffer { .. } | Place::Constant { .. } | Place::Offset { .. },
            ) => {
                let Access::Place(p) = b else {
                    return Err(LowerError::internal("place"));
                };
                // Element 0, moved by the index times the distance between elements.
                let (inner, by) = match p {
                    Place::Offset { inner, by } => (*inner, by),
                    p => (p, Leaf::Int(0)),
                };
                let cbuf = matches!(inner, Place::Constant { .. });
                let slots_of = |p: &Place| match p {
                    Place::Buffer { slots, .. } | Place::Constant { slots, .. } => {
                        Some(slots.clone())
                    }
                    _ => None,
                };
                let slots = slots_of(&inner).ok_or_else(|| LowerError::internal("memory place"))?;
                let stride_bytes = if n > 1 {
                    slots[stride].offset - slots[0].offset
                } else {
                    0
                };
                let unit = if cbuf {
                    stride_bytes / 16
                } else {
                    stride_bytes
                };
                if cbuf && stride_bytes % 16 != 0 {
                    // Components of one row: the row read whole, then chosen among.
                    let v = self.load(&Place::Offset {
                        inner: Box::new(inner),
                        by,
                    })?;
                    return self.index_access(Access::Value(v), i);
                }
                let step = self.arith(Arith::Mul, idx, Leaf::Int(i64::from(unit)), Scalar::U32)?;
                let by = self.arith(Arith::Add, by, step, Scalar::U32)?;
                let sel: Vec<usize> = (0..stride).collect();
                let elem0 = inner.select(&sel, elem)?;
                Ok(Access::Place(Place::Offset {
                    inner: Box::new(elem0),
                    by,
                }))
            }
            Access::Place(p @ Place::Typed { .. }) => {
                // A vector element of a typed resource read whole, then chosen among.
                let v = self.load(&p)?;
                self.index_access(Access::Value(v), i)
            }
            _ => Err(LowerError::unsupported(
                "indexing this place with a non-constant index",
            )),
        }
    }

    /// `res[i]`: an element of a buffer or texture.
    fn resource_element(&mut self, r: ResRef, i: Rv) -> LowerResult<Place> {
        let Ty::Object(o) = self.cx.get(r.ty) else {
            return Err(LowerError::internal("resource of a non-object type"));
        };
        let oname = self.cx.name(o.name).to_string();
        let elem = res_elem(self, r);
        let base = oname
            .trim_start_matches("RW")
            .trim_start_matches("RasterizerOrdered")
            .to_string();
        let uty = self.cx.intern(Ty::Scalar(Scalar::U32));
        match base.as_str() {
            "StructuredBuffer" => {
                let iv = self.coerce(i, uty, true)?;
                let l = types::structured_layout(self.cx, self.cx.storage, elem, r.row_major)?;
                Ok(Place::Buffer {
                    res: r,
                    index: iv.leaves[0],
                    ty: elem,
                    slots: l.slots,
                    raw: false,
                })
            }
            "Buffer" | "Texture1D" | "Texture2D" | "Texture3D" | "Texture1DArray"
            | "Texture2DArray" => {
                let dims = match base.as_str() {
                    "Buffer" | "Texture1D" => 1,
                    "Texture2D" | "Texture1DArray" => 2,
                    _ => 3,
                };
                let cty = if dims == 1 {
                    uty
                } else {
                    self.cx.intern(Ty::Vector(Scalar::U32, dims))
                };
                let iv = self.coerce(i, cty, true)?;
                let n = match self.cx.get(elem) {
                    Ty::Vector(_, n) => n as u8,
                    _ => 1,
                };
                if base != "Buffer" && !oname.starts_with("RW") && !oname.starts_with("Rasterizer")
                {
                    // Texture reads through `[]` are `Load` at mip 0.
                    let mut coords = iv.leaves.clone();
                    if base != "Buffer" {
                        coords.truncate(dims as usize);
                    }
                    return Ok(Place::Typed {
                        res: r,
                        coords,
                        ty: elem,
                        comps: (0..n).collect(),
                    });
                }
                Ok(Place::Typed {
                    res: r,
                    coords: iv.leaves,
                    ty: elem,
                    comps: (0..n).collect(),
                })
            }
            _ => Err(LowerError::unsupported(format!("indexing a {oname}"))),
        }
    }

    /// A vector, matrix, struct or array built from arguments' leaves in order, or a
    /// scalar splat (`float4(0)`).
    pub fn construct(&mut self, to: TyId, args: &[ExprId]) -> LowerResult<Rv> {
        let mut vals = Vec::with_capacity(args.len());
        for &a in args {
            vals.push(self.rvalue(a)?);
        }
        self.construct_from(to, vals)
    }

    pub fn construct_from(&mut self, to: TyId, vals: Vec<Rv>) -> LowerResult<Rv> {
        if vals.len() == 1 {
            return self.coerce(
                vals.into_iter().next().unwrap_or_else(|| unreachable!()),
                to,
                true,
            );
        }
        let ss = self.scalars(to)?;
        let mut leaves = Vec::with_capacity(ss.len());
        for v in vals {
            let vs = self.scalars(v.ty)?;
            for (l, s) in v.leaves.into_iter().zip(vs) {
                let Some(&t) = ss.get(leaves.len()) else {
                    return Err(LowerError::shader(
                        "too many elements in vector initialization",
                    ));
                };
                leaves.push(self.convert(l, s, t)?);
            }
        }
        if leaves.len() != ss.len() {
            return Err(LowerError::shader(format!(
                "too few elements in vector initialization (expected {} elements, have {})",
                ss.len(),
                leaves.len()
            )));
        }
        Ok(Rv {
            ty: to,
            leaves,
            res: None,
            objs: Vec::new(),
        })
    }

    /// An initializer for a variable of type `ty`: an initializer list (flattened) or an
    /// expression converted.
    pub fn initializer(&mut self, e: ExprId, ty: TyId) -> LowerResult<Rv> {
        if let ExprKind::InitList(items) = &self.cx.ast.expr(e).kind {
            let mut flat = Vec::new();
            self.flatten_init(items, &mut flat, 0)?;
            let span = self.cx.ast.expr(e).span;
            return self.construct_from(ty, flat).map_err(|x| x.at(span));
        }
        let v = self.rvalue(e)?;
        if v.res.is_some() {
            return Ok(v);
        }
        let span = self.cx.ast.expr(e).span;
        self.coerce(v, ty, false).map_err(|x| x.at(span))
    }

    fn flatten_init(&mut self, items: &[ExprId], out: &mut Vec<Rv>, depth: u32) -> LowerResult<()> {
        if depth > 64 {
            return Err(LowerError::shader("initializer nested too deeply"));
        }
        for &i in items {
            if let ExprKind::InitList(inner) = &self.cx.ast.expr(i).kind {
                self.flatten_init(inner, out, depth + 1)?;
            } else {
                out.push(self.rvalue(i)?);
            }
        }
        // A construct of several values with one leaf list.
        if out.len() > 1 {
            let mut leaves = Vec::new();
            let mut ss = Vec::new();
            for v in out.drain(..) {
                ss.extend(self.scalars(v.ty)?);
                leaves.extend(v.leaves);
            }
            // Kept as one value per leaf so construct_from converts each.
            for (l, s) in leaves.into_iter().zip(ss) {
                out.push(Rv {
                    ty: self.ty_scalar(s),
                    leaves: vec![l],
                    res: None,
                    objs: Vec::new(),
                });
            }
        }
        Ok(())
    }

    /// Converts `v` to `to`: implicit (`explicit` false) or a cast.
    pub fn coerce(&mut self, v: Rv, to: TyId, explicit: bool) -> LowerResult<Rv> {
        if v.ty == to {
            return Ok(v);
        }
        if v.res.is_some() {
            return Ok(v);
        }
        let ft = self.cx.get(v.ty);
        let tt = self.cx.get(to);
        let fss = self.scalars(v.ty)?;
        let tss = self.scalars(to)?;
        let numeric = |t: &Ty| {
            matches!(
                t,
                Ty::Scalar(_) | Ty::Vector(..) | Ty::Matrix(..) | Ty::Enum(_)
            )
        };
        let mut leaves = Vec::with_capacity(tss.len());
        if fss.len() == 1 && !tss.is_empty() && (numeric(&tt) || explicit) {
            // Splat.
            for &t in &tss {
                leaves.push(self.convert(v.leaves[0], fss[0], t)?);
            }
        } else if numeric(&ft) && numeric(&tt) {
            let pick: Vec<usize> = match (ft, tt) {
                (Ty::Matrix(_, _, fc), Ty::Matrix(_, r, c)) => {
                    let (r, c) = (r as usize, c as usize);
                    (0..r)
                        .flat_map(|i| (0..c).map(move |j| i * fc as usize + j))
                        .collect()
                }
                _ => (0..tss.len()).collect(),
            };
            if tss.len() > fss.len() || pick.iter().any(|&k| k >= fss.len()) {
                return Err(LowerError::shader(format!(
                    "cannot convert from '{}' to '{}'",
                    types::describe(self.cx, v.ty),
                    types::describe(self.cx, to)
                )));
            }
            if tss.is_empty() {
                return Ok(Rv {
                    ty: to,
                    leaves,
                    res: None,
                    objs: Vec::new(),
                });
            }
            for (k, &t) in pick.iter().zip(&tss) {
                leaves.push(self.convert(v.leaves[*k], fss[*k], t)?);
            }
        } else if fss.len() == tss.len() || (explicit && fss.len() > tss.len() && !tss.is_empty()) {
            // Leaf by leaf (a cast may drop trailing leaves).
            for ((l, f), t) in v.leaves.iter().zip(&fss).zip(&tss) {
                leaves.push(self.convert(*l, *f, *t)?);
            }
        } else {
            return Err(LowerError::shader(format!(
                "cannot convert from '{}' to '{}'",
                types::describe(self.cx, v.ty),
                types::describe(self.cx, to)
            )));
        }
        Ok(Rv {
            ty: to,
            leaves,
            res: None,
            objs: Vec::new(),
        })
    }

    /// The type both operands of a binary operator are converted to.
    pub fn common_type(&mut self, a: TyId, b: TyId) -> LowerResult<TyId> {
        if a == b {
            return Ok(a);
        }
        let (Some(sa), Some(sb)) = (types::scalar_of(self.cx, a), types::scalar_of(self.cx, b))
        else {
            return Err(LowerError::shader(format!(
                "invalid operands to binary expression ('{}' and '{}')",
                types::describe(self.cx, a),
                types::describe(self.cx, b)
            )));
        };
        let s = common_scalar(sa, sb);
        let (Some(ha), Some(hb)) = (self.shape(a), self.shape(b)) else {
            return Err(LowerError::shader("invalid operands to binary expression"));
        };
        let shape = match (ha, hb) {
            ((0, 1, false), x) | (x, (0, 1, false)) => x,
            ((_, n, false), (_, m, false)) => (1, n.min(m), false),
            ((r1, c1, true), (r2, c2, true)) => (r1.min(r2), c1.min(c2), true),
            ((1, n, false), (r, c, true)) | ((r, c, true), (1, n, false)) => {
                if r == 1 && c == n || c == 1 && r == n {
                    (1, n, false)
                } else {
                    return Err(LowerError::shader(
                        "vector and matrix operands of different sizes",
                    ));
                }
            }
            _ => return Err(LowerError::shader("invalid operands to binary expression")),
        };
        Ok(match shape {
            (0, 1, false) => self.ty_scalar(s),
            (_, n, false) => self.cx.intern(Ty::Vector(s, u16::from(n))),
            (r, c, true) => self.cx.intern(Ty::Matrix(s, r, c)),
        })
    }

    /// `a op b` for arithmetic and bitwise operators.
    pub fn arith_values(&mut self, op: BinaryOp, a: Rv, b: Rv) -> LowerResult<Rv> {
        let ty = self.common_type(a.ty, b.ty)?;
        let mut s = types::scalar_of(self.cx, ty).unwrap_or(Scalar::I32);
        let arith = match op {
            BinaryOp::Add => Arith::Add,
            BinaryOp::Sub => Arith::Sub,
            BinaryOp::Mul => Arith::Mul,
            BinaryOp::Div => Arith::Div,
            BinaryOp::Rem => Arith::Rem,
            BinaryOp::Shl => Arith::Shl,
            BinaryOp::Shr => Arith::Shr,
            BinaryOp::BitAnd => Arith::And,
            BinaryOp::BitOr => Arith::Or,
            BinaryOp::BitXor => Arith::Xor,
            _ => return Err(LowerError::internal("not an arithmetic operator")),
        };
        if matches!(arith, Arith::Shl | Arith::Shr) {
            // Shifts take the left operand's type.
            let lt = a.ty;
            let ls = types::scalar_of(self.cx, lt).unwrap_or(Scalar::I32);
            let ls = if ls == Scalar::Bool || ls == Scalar::IntLiteral {
                Scalar::I32
            } else {
                ls
            };
            if ls.is_float() {
                return Err(LowerError::shader("shift of a floating-point value"));
            }
            let shape = self.common_type(a.ty, b.ty)?;
            let ty = self.with_scalar(shape, ls);
            let a = self.coerce(a, ty, false)?;
            let b = self.coerce(b, ty, false)?;
            let mut out = Vec::with_capacity(a.leaves.len());
            for (x, y) in a.leaves.iter().zip(&b.leaves) {
                out.push(self.arith(arith, *x, *y, ls)?);
            }
            return Ok(Rv {
                ty,
                leaves: out,
                res: None,
                objs: Vec::new(),
            });
        }
        if s == Scalar::Bool {
            s = Scalar::I32;
        }
        if s.is_float() && matches!(arith, Arith::And | Arith::Or | Arith::Xor) {
            return Err(LowerError::shader(
                "bitwise operation on a floating-point value",
            ));
        }
        let ty = self.with_scalar(ty, s);
        let a = self.coerce(a, ty, false)?;
        let b = self.coerce(b, ty, false)?;
        let mut out = Vec::with_capacity(a.leaves.len());
        for (x, y) in a.leaves.iter().zip(&b.leaves) {
            out.push(self.arith(arith, *x, *y, s)?);
        }
        Ok(Rv {
            ty,
            leaves: out,
            res: None,
            objs: Vec::new(),
        })
    }

    /// The value as booleans, same shape.
    pub fn truth(&mut self, v: Rv) -> LowerResult<Rv> {
        let s = types::scalar_of(self.cx, v.ty)
            .ok_or_else(|| LowerError::shader("value is not a scalar, vector or matrix"))?;
        let ty = self.with_scalar(v.ty, Scalar::Bool);
        let mut out = Vec::with_capacity(v.leaves.len());
        for l in v.leaves {
            out.push(self.convert(l, s, Scalar::Bool)?);
        }
        Ok(Rv {
            ty,
            leaves: out,
            res: None,
            objs: Vec::new(),
        })
    }

    fn binary(&mut self, op: BinaryOp, lhs: ExprId, rhs: ExprId) -> LowerResult<Rv> {
        match op {
            BinaryOp::Comma => {
                self.rvalue(lhs)?;
                self.rvalue(rhs)
            }
            BinaryOp::And | BinaryOp::Or => {
                let a = self.rvalue(lhs)?;
                if a.leaves.len() == 1 && self.has_effects(rhs, 0) {
                    // The right operand runs only when the left does not decide.
                    let ab = self.truth(a)?;
                    let bt = ab.ty;
                    let (t, f) = if op == BinaryOp::And {
                        (Some(rhs), None)
                    } else {
                        (None, Some(rhs))
                    };
                    return self.choose_bool(ab.leaves[0], t, f, bt);
                }
                let b = self.rvalue(rhs)?;
                let ty = self.common_type(a.ty, b.ty)?;
                let bt = self.with_scalar(ty, Scalar::Bool);
                let a = self.coerce(a, bt, false)?;
                let b = self.coerce(b, bt, false)?;
                let ar = if op == BinaryOp::And {
                    Arith::And
                } else {
                    Arith::Or
                };
                let mut out = Vec::new();
                for (x, y) in a.leaves.iter().zip(&b.leaves) {
                    out.push(self.arith(ar, *x, *y, Scalar::Bool)?);
                }
                Ok(Rv {
                    ty: bt,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                })
            }
            BinaryOp::Lt
            | BinaryOp::Gt
            | BinaryOp::Le
            | BinaryOp::Ge
            | BinaryOp::Eq
            | BinaryOp::Ne => {
                let a = self.rvalue(lhs)?;
                let b = self.rvalue(rhs)?;
                let ty = self.common_type(a.ty, b.ty)?;
                let s = types::scalar_of(self.cx, ty).unwrap_or(Scalar::I32);
                let a = self.coerce(a, ty, false)?;
                let b = self.coerce(b, ty, false)?;
                let c = match op {
                    BinaryOp::Lt => Cmp::Lt,
                    BinaryOp::Gt => Cmp::Gt,
                    BinaryOp::Le => Cmp::Le,
                    BinaryOp::Ge => Cmp::Ge,
                    BinaryOp::Eq => Cmp::Eq,
                    _ => Cmp::Ne,
                };
                let mut out = Vec::new();
                for (x, y) in a.leaves.iter().zip(&b.leaves) {
                    out.push(self.compare(c, *x, *y, s)?);
                }
                let bt = self.with_scalar(ty, Scalar::Bool);
                Ok(Rv {
                    ty: bt,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                })
            }
            _ => {
                let a = self.rvalue(lhs)?;
                let b = self.rvalue(rhs)?;
                self.arith_values(op, a, b)
            }
        }
    }

    fn unary(&mut self, op: UnaryOp, operand: ExprId) -> LowerResult<Rv> {
        match op {
            UnaryOp::Plus => self.rvalue(operand),
            UnaryOp::Neg => {
                let v = self.rvalue(operand)?;
                let s = types::scalar_of(self.cx, v.ty).ok_or_else(|| {
                    LowerError::shader("invalid argument type to unary expression")
                })?;
                let (s, ty) = if s == Scalar::Bool {
                    (Scalar::I32, self.with_scalar(v.ty, Scalar::I32))
                } else {
                    (s, v.ty)
                };
                let v = self.coerce(v, ty, false)?;
                let mut out = Vec::new();
                for l in v.leaves {
                    out.push(match l {
                        Leaf::Int(_) => self.arith(Arith::Sub, Leaf::Int(0), l, s)?,
                        Leaf::Float(x) => Leaf::Float(-x),
                        _ if s.is_float() => self.arith(Arith::Sub, Leaf::Float(-0.0), l, s)?,
                        _ => self.arith(Arith::Sub, Leaf::Int(0), l, s)?,
                    });
                }
                Ok(Rv {
                    ty,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                })
            }
            UnaryOp::Not => {
                let v = self.rvalue(operand)?;
                let b = self.truth(v)?;
                let mut out = Vec::new();
                for l in b.leaves {
                    out.push(self.arith(Arith::Xor, l, Leaf::Int(-1), Scalar::Bool)?);
                }
                Ok(Rv {
                    ty: b.ty,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                })
            }
            UnaryOp::BitNot => {
                let v = self.rvalue(operand)?;
                let s = types::scalar_of(self.cx, v.ty).unwrap_or(Scalar::I32);
                if s.is_float() {
                    return Err(LowerError::shader(
                        "invalid argument type to unary expression",
                    ));
                }
                let (s, ty) = if s == Scalar::Bool || s == Scalar::IntLiteral {
                    (Scalar::I32, self.with_scalar(v.ty, Scalar::I32))
                } else {
                    (s, v.ty)
                };
                let v = self.coerce(v, ty, false)?;
                let mut out = Vec::new();
                for l in v.leaves {
                    out.push(self.arith(Arith::Xor, l, Leaf::Int(-1), s)?);
                }
                Ok(Rv {
                    ty,
                    leaves: out,
                    res: None,
                    objs: Vec::new(),
                })
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let p = self.place(operand)?;
                let old = self.load(&p)?;
                let s = types::scalar_of(self.cx, old.ty)
                    .ok_or_else(|| LowerError::shader("cannot increment this value"))?;
                let one = if s.is_float() {
                    Leaf::Float(1.0)
                } else {
                    Leaf::Int(1)
                };
                let ar = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) {
                    Arith::Add
                } else {
                    Arith::Sub
                };
                let mut new = Vec::new();
                for &l in &old.leaves {
                    new.push(self.arith(ar, l, one, s)?);
                }
                let newv = Rv {
                    ty: old.ty,
                    leaves: new,
                    res: None,
                    objs: Vec::new(),
                };
                self.store(&p, &newv)?;
                Ok(if matches!(op, UnaryOp::PreInc | UnaryOp::PreDec) {
                    newv
                } else {
                    old
                })
            }
        }
    }

    /// Whether evaluating `e` can do more than compute a value: calls (wave operations,
    /// user functions, resource methods), assignments, increments.
    pub fn has_effects(&self, e: ExprId, depth: u32) -> bool {
        if depth > 256 {
            return true;
        }
        let d = depth + 1;
        match &self.cx.ast.expr(e).kind {
            ExprKind::Call { .. } | ExprKind::Assign { .. } => true,
            ExprKind::Unary { op, operand } => {
                matches!(
                    op,
                    UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec
                ) || self.has_effects(*operand, d)
            }
            ExprKind::Binary { lhs, rhs, .. } => {
                self.has_effects(*lhs, d) || self.has_effects(*rhs, d)
            }
            ExprKind::Conditional {
                cond,
                then,
                otherwise,
            } => {
                self.has_effects(*cond, d)
                    || self.has_effects(*then, d)
                    || self.has_effects(*otherwise, d)
            }
            ExprKind::Cast { operand, .. } => self.has_effects(*operand, d),
            ExprKind::Construct { args, .. } | ExprKind::InitList(args) => {
                args.iter().any(|&a| self.has_effects(a, d))
            }
            ExprKind::Member { base, .. } => self.has_effects(*base, d),
            ExprKind::Index { base, index } => {
                self.has_effects(*base, d) || self.has_effects(*index, d)
            }
            _ => false,
        }
    }

    /// `c ? a : b` with only the chosen operand evaluated, the values joined.
    fn choose(&mut self, c: Leaf, a: ExprId, b: ExprId) -> LowerResult<Rv> {
        if let Leaf::Int(k) = c {
            return self.rvalue(if k != 0 { a } else { b });
        }
        let tb = self.new_block()?;
        let fb = self.new_block()?;
        let join = self.new_block()?;
        self.branch(c, tb, fb)?;
        self.seal(tb)?;
        self.seal(fb)?;
        self.enter(tb)?;
        let av = self.rvalue(a)?;
        let a_end = self.cur;
        self.cur = None;
        self.enter(fb)?;
        let bv = self.rvalue(b)?;
        if av.res.is_some() || bv.res.is_some() {
            return Err(LowerError::unsupported(
                "choosing between resources with ?:",
            ));
        }
        let ty = self.common_type(av.ty, bv.ty)?;
        let bv = self.coerce(bv, ty, false)?;
        let vars = self.new_vars(ty)?;
        let ss = self.scalars(ty)?;
        self.write_vars(&vars, &bv.leaves, &ss)?;
        self.jump(join)?;
        // The other operand's value, converted where it was computed.
        self.cur = a_end;
        if let Some(b) = a_end {
            self.e.ir().position_at_end(b)?;
        }
        let av = self.coerce(av, ty, false)?;
        self.write_vars(&vars, &av.leaves, &ss)?;
        self.jump(join)?;
        self.seal(join)?;
        self.enter(join)?;
        let leaves = self.read_vars(&vars)?;
        Ok(Rv {
            ty,
            leaves,
            res: None,
            objs: Vec::new(),
        })
    }

    /// `a && b` / `a || b` with `b` evaluated only when needed: `t` runs when `c` is true
    /// (`&&`), `f` when it is false (`||`); the other path gives `c` itself.
    fn choose_bool(
        &mut self,
        c: Leaf,
        t: Option<ExprId>,
        f: Option<ExprId>,
        bt: TyId,
    ) -> LowerResult<Rv> {
        let run = self.new_block()?;
        let join = self.new_block()?;
        let vars = self.new_vars(bt)?;
        let ss = [Scalar::Bool];
        self.write_vars(&vars, &[c], &ss)?;
        match t {
            Some(_) => self.branch(c, run, join)?,
            None => self.branch(c, join, run)?,
        }
        self.seal(run)?;
        self.enter(run)?;
        let e = t
            .or(f)
            .ok_or_else(|| LowerError::internal("short circuit"))?;
        let v = self.rvalue(e)?;
        let v = self.coerce(v, bt, false)?;
        self.write_vars(&vars, &v.leaves, &ss)?;
        self.jump(join)?;
        self.seal(join)?;
        self.enter(join)?;
        let leaves = self.read_vars(&vars)?;
        Ok(Rv {
            ty: bt,
            leaves,
            res: None,
            objs: Vec::new(),
        })
    }

    /// Whether a parameter is `out` or `inout`.
    pub fn is_out_param(&self, p: DeclId) -> bool {
        matches!(&self.cx.ast.decl(p).kind, DeclKind::Var(v) if v.mods.has(Modifiers::OUT) || v.mods.has(Modifiers::INOUT))
    }
}
