//! The start and end of an entry point: resource handles, private variables, zeroed
//! workgroup memory (WGSL "Memory model": workgroup variables start zeroed), the inputs read
//! from the signature or DXIL operations, and the outputs stored on return (DXIL.rst
//! "LoadInput", "StoreOutput").

use dxil_builder::Arg;
use dxil_ir::IntPredicate;
use dxil_ops::Ty;
use naga::{BuiltIn, ScalarKind};

use crate::error::{Error, ErrorKind, Result};
use crate::io::{Input, OutputSlot};
use crate::leaf;
use crate::lower::{GlobalSlot, Lowerer, Ptr, Val};
use crate::Value;

impl<'m> Lowerer<'_, 'm> {
    /// Handles, private variables, zeroed workgroup memory and the entry's arguments.
    pub fn prologue(
        &mut self,
        inputs: &[Input],
        private: &[naga::Handle<naga::GlobalVariable>],
        workgroup: &[(usize, naga::Handle<naga::GlobalVariable>)],
    ) -> Result<()> {
        self.bind_payload()?;
        let mut offset_handles = std::collections::HashMap::new();
        for i in 0..self.globals.len() {
            if let GlobalSlot::Buf { res, .. } | GlobalSlot::Res(res) = self.globals[i] {
                self.handles[i] = Some(self.e.handle(res, 0, false)?);
            }
            if let GlobalSlot::Buf {
                dynamic: Some((cb, at)),
                ..
            } = self.globals[i]
            {
                let h = match offset_handles.get(&cb) {
                    Some(&h) => h,
                    None => {
                        let h = self.e.handle(cb, 0, false)?;
                        offset_handles.insert(cb, h);
                        h
                    }
                };
                self.bases[i] = Some(self.e.load_constant(h, at, dxil_ops::Scalar::I32)?);
            }
        }
        self.sampler_handles()?;
        self.external_handles()?;
        let module = self.module;
        for &h in private {
            let gv = &module.global_variables[h];
            let ty = &module.types[gv.ty].inner;
            let var = self.new_local(ty)?;
            self.globals[h.index()] = GlobalSlot::Mem(var);
            let v = match gv.init {
                Some(init) => self.global_expr(init)?,
                None => self.zeros(ty)?,
            };
            let p = Ptr::Mem {
                var,
                offs: Default::default(),
            };
            self.store(&p, ty, &v)?;
        }
        if self.options.zero_initialize_workgroup_memory && !workgroup.is_empty() {
            self.zero_workgroup(workgroup)?;
        }
        let mut args = Vec::new();
        let mut it = inputs.iter();
        for arg in &self.ep.function.arguments {
            let mut leaves = Vec::new();
            for _ in crate::io::bound(module, arg.ty, arg.binding.as_ref())? {
                let input = it.next().ok_or_else(|| {
                    Error::new(ErrorKind::Invalid, "entry point", "inputs out of step")
                })?;
                leaves.extend(self.read_input(input)?);
            }
            args.push(Val::S(leaves));
        }
        self.frame.args = args;
        Ok(())
    }

    /// Thread 0 of the group zeroes every workgroup variable, then the group syncs (WGSL
    /// "Memory model": workgroup variables start zeroed).
    fn zero_workgroup(
        &mut self,
        workgroup: &[(usize, naga::Handle<naga::GlobalVariable>)],
    ) -> Result<()> {
        let i32o = [Ty::Scalar(dxil_ops::Scalar::I32)];
        let idx = self.e.flattened_thread_id_in_group(&i32o)?;
        let zero = self.i32c(0)?;
        let first = self.fb().icmp(IntPredicate::Eq, idx, zero)?;
        let fill = self.fb().add_block(None)?;
        let after = self.fb().add_block(None)?;
        self.fb().cond_br(first, fill, after)?;
        self.fb().position_at_end(fill)?;
        for &(var, _) in workgroup {
            for g in 0..leaf::GROUPS {
                let Some((arr, arr_ty)) = self.mem[var].arrays[g] else {
                    continue;
                };
                let n = match self.mb().module().types.get(arr_ty) {
                    Some(dxil_ir::TypeData::Array { len, .. }) => *len,
                    _ => 0,
                };
                let elem = leaf::group_ty(self.mb(), g)?;
                let z = self.mb().const_null(elem)?;
                let pre = self
                    .fb()
                    .current_block()
                    .ok_or_else(|| Error::new(ErrorKind::Builder, "workgroup", "no block"))?;
                let body = self.fb().add_block(None)?;
                let next = self.fb().add_block(None)?;
                self.fb().br(body)?;
                self.fb().position_at_end(body)?;
                let i32t = self.int_ty(32);
                let i = self.fb().phi(i32t, &[(zero, pre)])?;
                let slot = self.fb().gep(true, arr_ty, arr, &[zero, i])?;
                self.fb()
                    .store(z, slot, [2, 4, 8, 2, 4, 8][g], false, None)?;
                let one = self.i32c(1)?;
                let i1 = self.fb().add(i, one)?;
                self.fb().add_incoming(i, i1, body)?;
                let nc = self.i32c(n as i64)?;
                let more = self.fb().icmp(IntPredicate::Ult, i1, nc)?;
                self.fb().cond_br(more, body, next)?;
                self.fb().position_at_end(next)?;
            }
        }
        self.fb().br(after)?;
        self.fb().position_at_end(after)?;
        self.e.barrier(&[], 9u32)?;
        Ok(())
    }

    fn read_input(&mut self, input: &Input) -> Result<Vec<Value>> {
        let i32o = [Ty::Scalar(dxil_ops::Scalar::I32)];
        match *input {
            Input::Sig {
                sig,
                cols,
                scalar,
                base,
            } => {
                let mut out = Vec::with_capacity(cols as usize);
                let t = [Ty::Scalar(leaf::mem_op_scalar(scalar))];
                for c in 0..cols {
                    let v = self.e.load_input(&t, sig, 0u32, c, Arg::Undef)?;
                    out.push(if scalar.kind == ScalarKind::Bool {
                        let z = self.i32c(0)?;
                        self.fb().icmp(IntPredicate::Ne, v, z)?
                    } else {
                        v
                    });
                }
                if let (Some(at), Some(h), Some(first)) = (base, self.special, out.first_mut()) {
                    let add = self.e.load_constant(h, at, dxil_ops::Scalar::I32)?;
                    *first = self.fb().add(*first, add)?;
                }
                Ok(out)
            }
            Input::Op(bi, cols) => {
                let mut out = Vec::with_capacity(cols as usize);
                match bi {
                    BuiltIn::GlobalInvocationId => {
                        for c in 0..3 {
                            out.push(self.e.thread_id(&i32o, c)?);
                        }
                    }
                    BuiltIn::LocalInvocationId => {
                        for c in 0..3 {
                            out.push(self.e.thread_id_in_group(&i32o, c)?);
                        }
                    }
                    BuiltIn::WorkGroupId => {
                        for c in 0..3 {
                            out.push(self.e.group_id(&i32o, c)?);
                        }
                    }
                    BuiltIn::LocalInvocationIndex => {
                        out.push(self.e.flattened_thread_id_in_group(&i32o)?)
                    }
                    BuiltIn::SampleMask => out.push(self.e.coverage(&i32o)?),
                    BuiltIn::ViewIndex => out.push(self.e.view_id(&i32o)?),
                    BuiltIn::NumWorkGroups if self.special.is_some() => {
                        for at in [0, 4, 8] {
                            let h = self.special.ok_or_else(|| {
                                Error::new(
                                    ErrorKind::Options,
                                    "num_workgroups",
                                    "no special constants",
                                )
                            })?;
                            out.push(self.e.load_constant(h, at, dxil_ops::Scalar::I32)?);
                        }
                    }
                    BuiltIn::SubgroupSize => out.push(self.e.wave_get_lane_count(&[])?),
                    BuiltIn::SubgroupInvocationId => out.push(self.e.wave_get_lane_index(&[])?),
                    BuiltIn::SubgroupId | BuiltIn::NumSubgroups => {
                        let size = self.e.wave_get_lane_count(&[])?;
                        if bi == BuiltIn::SubgroupId {
                            let idx = self.e.flattened_thread_id_in_group(&i32o)?;
                            out.push(self.fb().udiv(idx, size)?);
                        } else {
                            let [x, y, z] = self.ep.workgroup_size;
                            let total = i64::from(x) * i64::from(y) * i64::from(z);
                            let t = self.i32c(total)?;
                            let one = self.i32c(1)?;
                            let s1 = self.fb().sub(size, one)?;
                            let n = self.fb().add(t, s1)?;
                            out.push(self.fb().udiv(n, size)?);
                        }
                    }
                    BuiltIn::NumWorkGroups => {
                        return Err(Error::new(
                            ErrorKind::Options,
                            "built-in `num_workgroups`",
                            "read from naga's special constants, a constant buffer the host fills",
                        )
                        .for_option("special_constants_binding"))
                    }
                    other => {
                        return Err(Error::unsupported(
                            format!(
                                "built-in {} of a compute shader",
                                crate::error::variant_name(&other)
                            ),
                            "not supported by this back end yet",
                        ))
                    }
                }
                Ok(out)
            }
        }
    }

    /// Stores the entry point's result leaves to its outputs.
    pub fn entry_return(&mut self, leaves: &[Value]) -> Result<()> {
        let outputs: Vec<OutputSlot> = self.outputs.clone();
        let mut at = 0;
        for o in outputs {
            let n = o.cols as usize;
            let part = leaves
                .get(at..at + n)
                .ok_or_else(|| {
                    Error::new(
                        ErrorKind::Invalid,
                        "entry point result",
                        "fewer leaves than outputs",
                    )
                })?
                .to_vec();
            at += n;
            let Some(sig) = o.sig else { continue };
            let t = [Ty::Scalar(leaf::mem_op_scalar(o.scalar))];
            for (c, v) in part.into_iter().enumerate() {
                self.e.store_output(&t, sig, 0u32, c as u8, v)?;
            }
        }
        Ok(())
    }
}
