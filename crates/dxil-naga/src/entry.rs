//! One entry point to one container: the stage, resources from the globals the entry uses
//! (uniform buffers as constant buffers, storage buffers as raw buffers, as naga's HLSL
//! back end declares them), group-shared memory, the signatures, then the body.

use dxil_builder::{Arg, ResourceDesc, ShaderBuilder};
use dxil_container::ShaderKind;
use dxil_ir::IntPredicate;
use dxil_ops::Ty;
use naga::{AddressSpace, BuiltIn, ScalarKind, ShaderStage};

use crate::error::{Error, ErrorKind, Result};
use crate::io::{Input, OutputSlot};
use crate::leaf;
use crate::lower::{Frame, GlobalSlot, Lowerer, MemVar, Ptr, Val};
use crate::options::{Options, PipelineOptions};
use crate::Value;

/// Writes the entry point `pipeline` names as a signed container.
pub fn write(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    options: &Options,
    pipeline: &PipelineOptions,
) -> Result<Vec<u8>> {
    let index = match &pipeline.entry_point {
        Some((stage, name)) => module
            .entry_points
            .iter()
            .position(|ep| ep.stage == *stage && ep.name == *name)
            .ok_or_else(|| {
                Error::new(
                    ErrorKind::Options,
                    format!("entry point `{name}`"),
                    format!("no {stage:?} entry point of that name"),
                )
            })?,
        None if module.entry_points.len() == 1 => 0,
        None => {
            return Err(Error::new(
                ErrorKind::Options,
                "PipelineOptions::entry_point",
                format!(
                    "the module has {} entry points: name one",
                    module.entry_points.len()
                ),
            ))
        }
    };
    let ep = &module.entry_points[index];
    let einfo = info.get_entry_point(index);
    let kind = match ep.stage {
        ShaderStage::Compute => ShaderKind::Compute,
        ShaderStage::Vertex => ShaderKind::Vertex,
        ShaderStage::Fragment => ShaderKind::Pixel,
        other => {
            return Err(Error::unsupported(
                format!("{other:?} entry point `{}`", ep.name),
                "not supported by this back end yet",
            ))
        }
    };
    let sm = options.shader_model;
    let mut sb = ShaderBuilder::new(kind, sm.major, sm.minor)?;
    if ep.stage == ShaderStage::Compute {
        let [x, y, z] = ep.workgroup_size;
        sb.num_threads(x, y, z);
    }
    let mut globals = vec![GlobalSlot::Unused; module.global_variables.len()];
    let mut mem = Vec::new();
    let mut workgroup = Vec::new();
    let mut private = Vec::new();
    for (h, gv) in module.global_variables.iter() {
        if einfo[h].is_empty() {
            continue;
        }
        let span = module.global_variables.get_span(h);
        let name = gv
            .name
            .clone()
            .unwrap_or_else(|| format!("global{}", h.index()));
        let what = || format!("global `{name}`");
        let inner = &module.types[gv.ty].inner;
        let target = |opts: &Options| -> Result<crate::options::BindTarget> {
            match gv.space {
                AddressSpace::Immediate => opts.immediates_target.ok_or_else(|| {
                    Error::new(
                        ErrorKind::Options,
                        what(),
                        "immediates need `Options::immediates_target`",
                    )
                }),
                _ => {
                    let b = gv.binding.as_ref().ok_or_else(|| {
                        Error::new(ErrorKind::Invalid, what(), "a resource without a binding")
                    })?;
                    opts.resolve(b).ok_or_else(|| {
                        Error::new(
                            ErrorKind::Options,
                            what(),
                            format!(
                                "no binding target for group {} binding {}",
                                b.group, b.binding
                            ),
                        )
                    })
                }
            }
        };
        if let naga::TypeInner::BindingArray { base, size } = *inner {
            let t = target(options).map_err(|e| e.at(span))?;
            let count = match size {
                naga::ArraySize::Constant(n) => n.get(),
                _ => t.binding_array_size.ok_or_else(|| {
                    Error::new(
                        ErrorKind::Options,
                        what(),
                        "an unsized binding array needs `BindTarget::binding_array_size`",
                    )
                    .at(span)
                })?,
            };
            let elem = &module.types[base].inner;
            let (desc, buf) = match gv.space {
                AddressSpace::Handle => (
                    crate::image::resource(&name, elem).map_err(|e| e.at(span))?,
                    None,
                ),
                AddressSpace::Storage { access } if access.contains(naga::StorageAccess::STORE) => {
                    (ResourceDesc::rw_byte_address_buffer(&name), Some(false))
                }
                AddressSpace::Storage { .. } => {
                    (ResourceDesc::byte_address_buffer(&name), Some(false))
                }
                other => {
                    return Err(Error::unsupported(
                        format!("binding array {} in address space {other:?}", what()),
                        "not supported by this back end yet",
                    )
                    .at(span))
                }
            };
            if sm < crate::ShaderModel::V6_6 {
                return Err(Error::unsupported(
                    format!("binding array {}", what()),
                    "needs shader model 6.6 in this back end (handles from bindings)",
                )
                .at(span));
            }
            let res = sb.resource(desc.at(u32::from(t.space), t.register).array(count))?;
            globals[h.index()] = GlobalSlot::Array(res, buf);
            continue;
        }
        let slot = match gv.space {
            AddressSpace::Uniform | AddressSpace::Immediate => {
                let t = target(options).map_err(|e| e.at(span))?;
                let size = inner.size(module.to_ctx()).div_ceil(16) * 16;
                let res = sb.resource(
                    ResourceDesc::cbuffer(&name, size.max(16)).at(u32::from(t.space), t.register),
                )?;
                GlobalSlot::Buf { res, uniform: true }
            }
            AddressSpace::Storage { access } => {
                let t = target(options).map_err(|e| e.at(span))?;
                let desc = if access.contains(naga::StorageAccess::STORE) {
                    ResourceDesc::rw_byte_address_buffer(&name)
                } else {
                    ResourceDesc::byte_address_buffer(&name)
                };
                let desc = if has_atomic64(&module.types, inner) {
                    desc.used_by_atomic64()
                } else {
                    desc
                };
                let res = sb.resource(desc.at(u32::from(t.space), t.register))?;
                GlobalSlot::Buf {
                    res,
                    uniform: false,
                }
            }
            AddressSpace::WorkGroup => {
                let counts = leaf::counts(&module.types, inner).map_err(|e| e.at(span))?;
                let mut var = MemVar::default();
                for (g, &n) in counts.iter().enumerate() {
                    if n == 0 {
                        continue;
                    }
                    let elem = leaf::group_ty(sb.module(), g)?;
                    let arr = sb.module().ty(dxil_ir::TypeData::Array {
                        len: u64::from(n),
                        elem,
                    })?;
                    let p = sb.group_shared(&format!("{name}.{g}"), arr)?;
                    var.arrays[g] = Some((p, arr));
                }
                mem.push(var);
                workgroup.push((mem.len() - 1, h));
                GlobalSlot::Mem(mem.len() - 1)
            }
            AddressSpace::Handle => {
                let t = target(options).map_err(|e| e.at(span))?;
                let desc = crate::image::resource(&name, inner).map_err(|e| e.at(span))?;
                let res = sb.resource(desc.at(u32::from(t.space), t.register))?;
                GlobalSlot::Res(res)
            }
            AddressSpace::Private => {
                // Made as allocas once the function exists.
                private.push(h);
                GlobalSlot::Unused
            }
            other => {
                return Err(Error::unsupported(
                    format!("{} in address space {other:?} ({:?})", what(), inner),
                    "not supported by this back end yet",
                )
                .at(span))
            }
        };
        globals[h.index()] = slot;
    }
    let special = match options.special_constants_binding {
        Some(t) if crate::io::reads_special(module, ep)? => {
            let desc =
                ResourceDesc::cbuffer("_NagaConstants", 16).at(u32::from(t.space), t.register);
            Some(sb.resource(desc)?)
        }
        _ => None,
    };
    let inputs = crate::io::inputs(&mut sb, module, ep, special.is_some())?;
    let outputs = crate::io::outputs(&mut sb, module, ep)?;
    let mut e = sb.entry(&ep.name)?;
    let first = e
        .ir()
        .current_block()
        .ok_or_else(|| Error::new(ErrorKind::Builder, "entry", "no first block"))?;
    let body = e.ir().add_block(None)?;
    e.ir().position_at_end(body)?;
    let mut lw = Lowerer {
        e,
        module,
        info,
        options,
        mem,
        globals,
        handles: vec![None; module.global_variables.len()],
        alloca_block: first,
        frame: Frame {
            fun: &ep.function,
            finfo: einfo,
            vals: vec![None; ep.function.expressions.len()],
            args: Vec::new(),
            locals: Vec::new(),
            ctl: Vec::new(),
            ret: None,
            terminated: false,
        },
        ep,
        entry_info: einfo,
        outputs,
        special: None,
    };
    if let Some(res) = special {
        lw.special = Some(lw.e.handle(res, 0, false)?);
    }
    lw.prologue(&inputs, &private, &workgroup)?;
    lw.function_body()?;
    let Lowerer { mut e, .. } = lw;
    e.ir().position_at_end(first)?;
    e.ir().br(body)?;
    e.finish()?;
    Ok(sb.finish()?)
}

/// Whether a type holds a 64-bit atomic (its buffer is then marked for 64-bit atomics).
fn has_atomic64(types: &naga::UniqueArena<naga::Type>, ty: &naga::TypeInner) -> bool {
    match *ty {
        naga::TypeInner::Atomic(s) => s.width == 8,
        naga::TypeInner::Array { base, .. } => has_atomic64(types, &types[base].inner),
        naga::TypeInner::Struct { ref members, .. } => members
            .iter()
            .any(|m| has_atomic64(types, &types[m.ty].inner)),
        _ => false,
    }
}

impl<'m> Lowerer<'_, 'm> {
    /// Handles, private variables, zeroed workgroup memory and the entry's arguments.
    fn prologue(
        &mut self,
        inputs: &[Input],
        private: &[naga::Handle<naga::GlobalVariable>],
        workgroup: &[(usize, naga::Handle<naga::GlobalVariable>)],
    ) -> Result<()> {
        for i in 0..self.globals.len() {
            if let GlobalSlot::Buf { res, .. } | GlobalSlot::Res(res) = self.globals[i] {
                self.handles[i] = Some(self.e.handle(res, 0, false)?);
            }
        }
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
                let i32t = self.mb().int(32);
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
                    other => {
                        return Err(Error::unsupported(
                            format!("built-in {other:?} of a compute shader"),
                            "needs `Options::special_constants_binding` (naga's special constants)",
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
