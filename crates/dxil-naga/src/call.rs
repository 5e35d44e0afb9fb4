//! naga function calls, inlined: a frame per call (its own expressions and locals), the
//! callee's returns meeting in one block with a `phi` per result leaf (DXIL shaders are one
//! function, DXIL.rst "Shader entry points").

use dxil_ir::Block;
use naga::Handle;

use crate::error::{Error, ErrorKind, Result};
use crate::lower::{Frame, Lowerer, Ptr, Ret, Val};
use crate::Value;

impl<'m> Lowerer<'_, 'm> {
    /// Inlines a call of `function`.
    pub fn call(
        &mut self,
        function: Handle<naga::Function>,
        arguments: &[Handle<naga::Expression>],
        result: Option<Handle<naga::Expression>>,
    ) -> Result<()> {
        let mut args = Vec::with_capacity(arguments.len());
        for &a in arguments {
            args.push(self.expr(a)?);
        }
        let fun = &self.module.functions[function];
        let finfo = &self.info[function];
        let frame = Frame {
            fun,
            finfo,
            vals: vec![None; fun.expressions.len()],
            args,
            locals: Vec::new(),
            queries: Vec::new(),
            ctl: Vec::new(),
            ret: Some(Ret::default()),
            terminated: false,
        };
        let caller = std::mem::replace(&mut self.frame, frame);
        let body = self.function_body();
        let callee = std::mem::replace(&mut self.frame, caller);
        body?;
        let ret = callee.ret.unwrap_or_default();
        match self.merge_returns(ret)? {
            Some(out) => {
                if let Some(r) = result {
                    self.set(r, Val::S(out));
                }
            }
            None => self.frame.terminated = true,
        }
        Ok(())
    }

    /// Continues in the block where a function's returns meet: the returned leaves (a
    /// `phi` per leaf when several returns meet), or `None` when no path returns.
    pub fn merge_returns(&mut self, ret: Ret) -> Result<Option<Vec<Value>>> {
        let Some(b) = ret.block else {
            return Ok(None);
        };
        self.enter(b)?;
        let out = match ret.incoming.as_slice() {
            [(v, _)] => v.clone(),
            [(first, _), ..] if ret.incoming.iter().all(|(v, _)| v.len() == first.len()) => {
                let mut out = Vec::with_capacity(first.len());
                for i in 0..first.len() {
                    let ty = first[i].ty().ok_or_else(|| {
                        Error::new(ErrorKind::Builder, "Statement::Call", "untyped value")
                    })?;
                    let inc: Vec<(Value, Block)> =
                        ret.incoming.iter().map(|(v, b)| (v[i], *b)).collect();
                    out.push(self.fb().phi(ty, &inc)?);
                }
                out
            }
            [] => Vec::new(),
            _ => {
                return Err(Error::new(
                    ErrorKind::Invalid,
                    "Statement::Return",
                    "returns of different shapes",
                ))
            }
        };
        Ok(Some(out))
    }

    /// The locals and body of the current frame's function; a void function falling off
    /// its end returns.
    pub fn function_body(&mut self) -> Result<()> {
        let fun: &'m naga::Function = self.frame.fun;
        for (h, lv) in fun.local_variables.iter() {
            let ty = &self.module.types[lv.ty].inner;
            if let naga::TypeInner::RayQuery { .. } = *ty {
                let span = fun.local_variables.get_span(h);
                let q = self.allocate_ray_query(span)?;
                self.frame.queries.push(Some(q));
                // No memory: the handle is the variable.
                self.frame.locals.push(usize::MAX);
                continue;
            }
            let var = self.new_local(ty)?;
            self.frame.locals.push(var);
            self.frame.queries.push(None);
        }
        for (h, lv) in fun.local_variables.iter() {
            let ty = &self.module.types[lv.ty].inner;
            if let naga::TypeInner::RayQuery { .. } = *ty {
                continue;
            }
            let v = match lv.init {
                Some(init) => self.scalars(init)?,
                None => self.zeros(ty)?,
            };
            let var = self.frame.locals[h.index()];
            let p = Ptr::Mem {
                var,
                offs: Default::default(),
            };
            self.store(&p, ty, &v)?;
        }
        self.block(&fun.body)?;
        if !self.frame.terminated {
            // Falling off the end: a void function returns; a function with a result gets
            // here only past a loop naga's validator saw no way out of, left by its bound
            // (Options::force_loop_bounding) after 2^64 iterations, and returns zeros.
            let v = match fun.result {
                Some(ref r) => self.zeros(&self.module.types[r.ty].inner)?,
                None => Vec::new(),
            };
            self.ret_leaves(v)?;
        }
        Ok(())
    }
}
