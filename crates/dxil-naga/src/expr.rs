//! naga expressions to scalar leaves or places (naga IR `Expression`; WGSL "Expressions").

use dxil_ir::IntPredicate;
use naga::{Expression as E, Handle, TypeInner};

use crate::error::{Error, ErrorKind, Result};
use crate::leaf;
use crate::lower::{Idx, Lowerer, Off, Ptr, Val};

impl<'m> Lowerer<'_, 'm> {
    /// The lowered value of expression `h`, lowered on first use.
    pub fn expr(&mut self, h: Handle<naga::Expression>) -> Result<Val> {
        if let Some(Some(v)) = self.frame.vals.get(h.index()) {
            return Ok(v.clone());
        }
        let span = self.frame.fun.expressions.get_span(h);
        let v = self.eval(h).map_err(|e| e.at(span))?;
        if let Some(slot) = self.frame.vals.get_mut(h.index()) {
            *slot = Some(v.clone());
        }
        Ok(v)
    }

    /// Records the value of a statement's result expression.
    pub fn set(&mut self, h: Handle<naga::Expression>, v: Val) {
        if let Some(slot) = self.frame.vals.get_mut(h.index()) {
            *slot = Some(v);
        }
    }

    fn eval(&mut self, h: Handle<naga::Expression>) -> Result<Val> {
        let fun: &'m naga::Function = self.frame.fun;
        let module = self.module;
        Ok(match fun.expressions[h] {
            E::Literal(l) => Val::S(vec![self.literal(l)?]),
            E::Constant(c) => Val::S(self.global_expr(module.constants[c].init)?),
            E::Override(_) => {
                return Err(Error::unsupported(
                    "Expression::Override",
                    "pipeline-overridable constants (process the overrides first)",
                ))
            }
            E::ZeroValue(ty) => Val::S(self.zeros(&module.types[ty].inner)?),
            E::Compose { ref components, .. } => {
                let mut out = Vec::new();
                for &c in components {
                    out.extend(self.scalars(c)?);
                }
                Val::S(out)
            }
            E::Splat { size, value } => {
                let v = self.scalar(value)?;
                Val::S(vec![v; size as usize])
            }
            E::Swizzle {
                size,
                vector,
                pattern,
            } => {
                let v = self.scalars(vector)?;
                let mut out = Vec::with_capacity(size as usize);
                for p in &pattern[..size as usize] {
                    out.push(*v.get(*p as usize).ok_or_else(|| {
                        Error::new(
                            ErrorKind::Invalid,
                            "Expression::Swizzle",
                            "component out of range",
                        )
                    })?);
                }
                Val::S(out)
            }
            E::Access { base, index } => self.access(base, AccessKey::Dyn(index))?,
            E::AccessIndex { base, index } => self.access(base, AccessKey::Const(index))?,
            E::FunctionArgument(i) => {
                self.frame.args.get(i as usize).cloned().ok_or_else(|| {
                    Error::new(
                        ErrorKind::Invalid,
                        "Expression::FunctionArgument",
                        "no such argument",
                    )
                })?
            }
            E::GlobalVariable(g) => self.global(g)?,
            E::LocalVariable(l) => {
                if let Some(&Some(q)) = self.frame.queries.get(l.index()) {
                    return Ok(Val::Q(q));
                }
                let var = *self.frame.locals.get(l.index()).ok_or_else(|| {
                    Error::new(
                        ErrorKind::Invalid,
                        "Expression::LocalVariable",
                        "no such local",
                    )
                })?;
                Val::P(Ptr::Mem {
                    var,
                    offs: Default::default(),
                })
            }
            E::Load { pointer } => {
                let p = self.pointer(pointer)?;
                let ty = self.pointee(pointer)?;
                Val::S(self.load(&p, &ty)?)
            }
            E::Unary { op, expr } => Val::S(self.unary(op, expr)?),
            E::Binary { op, left, right } => Val::S(self.binary(h, op, left, right)?),
            E::Select {
                condition,
                accept,
                reject,
            } => Val::S(self.select(condition, accept, reject)?),
            E::Relational { fun, argument } => Val::S(self.relational(fun, argument)?),
            E::Math {
                fun,
                arg,
                arg1,
                arg2,
                arg3,
            } => Val::S(self.math(h, fun, arg, arg1, arg2, arg3).map_err(|e| {
                // The builder refuses an overload DXIL does not have (`Round_pi` of a double).
                if e.kind() == ErrorKind::Builder {
                    Error::unsupported(format!("MathFunction::{fun:?}"), e.message())
                } else {
                    e
                }
            })?),
            E::As {
                expr,
                kind,
                convert,
            } => Val::S(self.cast(expr, kind, convert)?),
            E::Derivative { axis, ctrl, expr } => Val::S(self.derivative(axis, ctrl, expr)?),
            E::ArrayLength(p) => Val::S(vec![self.array_length(p)?]),
            E::ImageSample {
                image,
                sampler,
                gather,
                coordinate,
                array_index,
                offset,
                level,
                depth_ref,
                clamp_to_edge,
            } => Val::S(self.image_sample(crate::image::Sample {
                image,
                sampler,
                gather,
                coordinate,
                array_index,
                offset,
                level,
                depth_ref,
                clamp_to_edge,
            })?),
            E::ImageLoad {
                image,
                coordinate,
                array_index,
                sample,
                level,
            } => Val::S(self.image_load(image, coordinate, array_index, sample.or(level))?),
            E::ImageQuery { image, query } => Val::S(self.image_query(image, query)?),
            E::RayQueryGetIntersection { query, committed } => {
                Val::S(self.ray_intersection(query, committed)?)
            }
            E::CallResult(_)
            | E::AtomicResult { .. }
            | E::WorkGroupUniformLoadResult { .. }
            | E::SubgroupBallotResult
            | E::SubgroupOperationResult { .. }
            | E::RayQueryProceedResult => {
                return Err(Error::new(
                    ErrorKind::Invalid,
                    format!(
                        "Expression::{}",
                        crate::error::variant_name(&fun.expressions[h])
                    ),
                    "used before the statement that gives it",
                ))
            }
            ref other => {
                return Err(Error::unsupported(
                    format!("Expression::{}", crate::error::variant_name(other)),
                    "not supported by this back end yet",
                ))
            }
        })
    }

    /// The pointer an expression gives.
    pub fn pointer(&mut self, h: Handle<naga::Expression>) -> Result<Ptr> {
        match self.expr(h)? {
            Val::P(p) => Ok(p),
            _ => Err(Error::new(
                ErrorKind::Invalid,
                "Expression",
                "a value where a pointer was expected",
            )),
        }
    }

    /// The type a pointer expression points at.
    pub fn pointee(&self, h: Handle<naga::Expression>) -> Result<TypeInner> {
        match *self.ty_of(h) {
            TypeInner::Pointer { base, .. } => Ok(self.module.types[base].inner.clone()),
            TypeInner::ValuePointer {
                size: Some(size),
                scalar,
                ..
            } => Ok(TypeInner::Vector { size, scalar }),
            TypeInner::ValuePointer {
                size: None, scalar, ..
            } => Ok(TypeInner::Scalar(scalar)),
            _ => Err(Error::new(
                ErrorKind::Invalid,
                "Expression",
                "not a pointer",
            )),
        }
    }

    fn global(&mut self, g: Handle<naga::GlobalVariable>) -> Result<Val> {
        use crate::lower::GlobalSlot;
        match self.globals.get(g.index()).cloned() {
            Some(GlobalSlot::Mem(var)) => Ok(Val::P(Ptr::Mem {
                var,
                offs: Default::default(),
            })),
            Some(GlobalSlot::Buf { uniform, .. }) => {
                let handle = self
                    .handles
                    .get(g.index())
                    .copied()
                    .flatten()
                    .ok_or_else(|| Error::new(ErrorKind::Invalid, "GlobalVariable", "no handle"))?;
                let base = self.bases.get(g.index()).copied().flatten();
                Ok(Val::P(Ptr::Buf {
                    handle,
                    off: Off { c: 0, d: base },
                    uniform,
                }))
            }
            Some(GlobalSlot::Res(_)) => self
                .handles
                .get(g.index())
                .copied()
                .flatten()
                .map(Val::H)
                .ok_or_else(|| Error::new(ErrorKind::Invalid, "GlobalVariable", "no handle")),
            Some(GlobalSlot::Array(res, buf)) => Ok(Val::R(res, buf)),
            Some(GlobalSlot::Sampler {
                heap, base, array, ..
            }) => {
                let h = self
                    .handles
                    .get(g.index())
                    .copied()
                    .flatten()
                    .ok_or_else(|| {
                        Error::new(ErrorKind::Invalid, "GlobalVariable", "no sampler handle")
                    })?;
                Ok(if array {
                    Val::Samplers {
                        heap,
                        table: h,
                        base,
                    }
                } else {
                    Val::H(h)
                })
            }
            Some(GlobalSlot::External { .. }) => self
                .externals
                .get(g.index())
                .copied()
                .flatten()
                .map(Val::X)
                .ok_or_else(|| {
                    Error::new(ErrorKind::Invalid, "GlobalVariable", "no external texture")
                }),
            Some(GlobalSlot::Unused) if self.frame_uses_nothing(g) => Ok(Val::P(Ptr::Unused)),
            _ => {
                let gv = &self.module.global_variables[g];
                Err(Error::unsupported(
                    format!("global `{}`", gv.name.as_deref().unwrap_or("?")),
                    format!(
                        "address space {} of type `{}` is not supported yet",
                        crate::error::variant_name(&gv.space),
                        crate::error::type_name(
                            self.module.to_ctx(),
                            &self.module.types[gv.ty].inner
                        )
                    ),
                )
                .at(self.module.global_variables.get_span(g)))
            }
        }
    }

    /// Whether naga's analysis of the entry point records no use of global `g`.
    fn frame_uses_nothing(&self, g: Handle<naga::GlobalVariable>) -> bool {
        let space = self.module.global_variables[g].space;
        space != naga::AddressSpace::Private && self.entry_info[g].is_empty()
    }

    fn access(&mut self, base: Handle<naga::Expression>, key: AccessKey) -> Result<Val> {
        match self.expr(base)? {
            Val::P(p) => {
                let container = self.pointee(base)?;
                let len = composite_len(self.gctx(), &container);
                let idx = match key {
                    AccessKey::Const(i) => Idx::Const(i),
                    AccessKey::Dyn(i) => self.index(i, len)?,
                };
                Ok(Val::P(self.step(p, &container, idx)?))
            }
            Val::H(_) | Val::Q(_) | Val::X(_) => Err(Error::new(
                ErrorKind::Invalid,
                "Expression::Access",
                "indexing a resource handle or ray query",
            )),
            Val::Samplers { heap, table, base } => {
                // naga's HLSL back end neither clamps a binding array's index nor marks a
                // constant one non-uniform.
                let (index, non_uniform) = match key {
                    AccessKey::Const(i) => (Idx::Const(i), false),
                    AccessKey::Dyn(i) => {
                        let fi: &naga::valid::FunctionInfo = self.frame.finfo;
                        let non_uniform = fi[i].uniformity.non_uniform_result.is_some();
                        (Idx::Dyn(self.scalar(i)?), non_uniform)
                    }
                };
                Ok(Val::H(self.heap_sampler(
                    heap,
                    table,
                    base,
                    index,
                    non_uniform,
                )?))
            }
            Val::R(res, buf) => {
                let (index, non_uniform) = match key {
                    AccessKey::Const(i) => (dxil_builder::Arg::Int(i64::from(i)), false),
                    AccessKey::Dyn(i) => {
                        let fi: &naga::valid::FunctionInfo = self.frame.finfo;
                        let non_uniform = fi[i].uniformity.non_uniform_result.is_some();
                        let v = self.scalar(i)?;
                        (dxil_builder::Arg::Value(v), non_uniform)
                    }
                };
                let handle = self.e.handle(res, index, non_uniform)?;
                Ok(match buf {
                    None => Val::H(handle),
                    Some(uniform) => Val::P(Ptr::Buf {
                        handle,
                        off: Off::default(),
                        uniform,
                    }),
                })
            }
            Val::S(v) => {
                let ty = self.ty_of(base);
                let (ranges, elem_len) = self.value_parts(ty)?;
                if ranges.last().map_or(0, |&(start, n)| start + n) != v.len() {
                    return Err(Error::new(
                        ErrorKind::Invalid,
                        "Expression::Access",
                        "a value whose leaves do not match its type",
                    ));
                }
                match key {
                    AccessKey::Const(i) => {
                        let (start, n) = *ranges.get(i as usize).ok_or_else(|| {
                            Error::new(
                                ErrorKind::Invalid,
                                "Expression::AccessIndex",
                                "index out of range",
                            )
                        })?;
                        Ok(Val::S(v[start..start + n].to_vec()))
                    }
                    AccessKey::Dyn(i) => {
                        let n = ranges.len() as u32;
                        let Idx::Dyn(iv) = self.index(i, Some(n))? else {
                            return Err(Error::new(
                                ErrorKind::Invalid,
                                "Expression::Access",
                                "no index",
                            ));
                        };
                        let mut out: Vec<_> = v[..elem_len].to_vec();
                        for (k, &(start, _)) in ranges.iter().enumerate().skip(1) {
                            let kc = self.i32c(k as i64)?;
                            let c = self.fb().icmp(IntPredicate::Eq, iv, kc)?;
                            for (j, o) in out.iter_mut().enumerate() {
                                *o = self.fb().select(c, v[start + j], *o)?;
                            }
                        }
                        Ok(Val::S(out))
                    }
                }
            }
        }
    }

    /// The leaf ranges (start, length) of each part of a value of type `ty`, and the length
    /// of the first part.
    fn value_parts(&self, ty: &TypeInner) -> Result<(Vec<(usize, usize)>, usize)> {
        let gctx = self.gctx();
        let (n, each): (u32, Vec<usize>) = match *ty {
            TypeInner::Vector { size, .. } => (size as u32, vec![1]),
            TypeInner::Matrix { columns, rows, .. } => (columns as u32, vec![rows as usize]),
            TypeInner::Array { base, size, .. } => {
                let n = leaf::array_len(gctx, size, "array")?;
                (
                    n,
                    vec![leaf::leaves_of(gctx, &gctx.types[base].inner)?.len()],
                )
            }
            TypeInner::Struct { ref members, .. } => {
                let mut each = Vec::new();
                for m in members {
                    each.push(leaf::leaves_of(gctx, &gctx.types[m.ty].inner)?.len());
                }
                (members.len() as u32, each)
            }
            _ => {
                return Err(Error::new(
                    ErrorKind::Invalid,
                    "Expression::Access",
                    "not a composite",
                ))
            }
        };
        let mut ranges = Vec::with_capacity(n as usize);
        let mut start = 0;
        for k in 0..n as usize {
            let len = each[if each.len() == 1 { 0 } else { k }];
            ranges.push((start, len));
            start += len;
        }
        let first = ranges.first().map_or(0, |r| r.1);
        Ok((ranges, first))
    }
}

#[derive(Clone, Copy)]
enum AccessKey {
    Const(u32),
    Dyn(Handle<naga::Expression>),
}

/// The element count of a fixed-size composite (for clamping dynamic indices).
pub fn composite_len(gctx: naga::proc::GlobalCtx, ty: &TypeInner) -> Option<u32> {
    match *ty {
        TypeInner::Vector { size, .. } => Some(size as u32),
        TypeInner::Matrix { columns, .. } => Some(columns as u32),
        TypeInner::Array {
            size: size @ (naga::ArraySize::Constant(_) | naga::ArraySize::Pending(_)),
            ..
        } => leaf::array_len(gctx, size, "array").ok(),
        _ => None,
    }
}
