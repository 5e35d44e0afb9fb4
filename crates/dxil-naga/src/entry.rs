//! One entry point to one container: the stage, resources from the globals the entry uses
//! (uniform buffers as constant buffers, storage buffers as raw buffers, as naga's HLSL
//! back end declares them), group-shared memory, the signatures, then the body.

use dxil_builder::{ResourceDesc, ShaderBuilder};
use dxil_container::ShaderKind;
use dxil_parts::names::ComponentType;
use naga::{AddressSpace, ShaderStage};

use crate::error::{Error, ErrorKind, Result};
use crate::leaf;
use crate::lower::{Frame, GlobalSlot, Lowerer, MemVar};
use crate::options::{Options, PipelineOptions};

/// The index of the entry point `pipeline` names (the only one when it names none).
pub(crate) fn entry_index(module: &naga::Module, pipeline: &PipelineOptions) -> Result<usize> {
    match &pipeline.entry_point {
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
            }),
        None if module.entry_points.len() == 1 => Ok(0),
        None => Err(Error::new(
            ErrorKind::Options,
            "PipelineOptions::entry_point",
            format!(
                "the module has {} entry points: name one",
                module.entry_points.len()
            ),
        )),
    }
}

/// Writes the entry point `pipeline` names as a signed container.
///
/// `options.shader_model` must have everything the entry point uses
/// ([`requirement`](crate::requirement); [`lowest_shader_model`](crate::lowest_shader_model)
/// is the lowest that does).
pub fn write(
    module: &naga::Module,
    info: &naga::valid::ModuleInfo,
    options: &Options,
    pipeline: &PipelineOptions,
) -> Result<Vec<u8>> {
    let index = entry_index(module, pipeline)?;
    let ep = &module.entry_points[index];
    let einfo = info.get_entry_point(index);
    let kind = match ep.stage {
        ShaderStage::Compute => ShaderKind::Compute,
        ShaderStage::Vertex => ShaderKind::Vertex,
        ShaderStage::Fragment => ShaderKind::Pixel,
        ShaderStage::Task => ShaderKind::Amplification,
        ShaderStage::Mesh => ShaderKind::Mesh,
        other => {
            return Err(Error::unsupported(
                format!("{other:?} entry point `{}`", ep.name),
                "not supported by this back end yet",
            ))
        }
    };
    let sm = options.shader_model;
    if let Some(r) = crate::needs::requirement(module, info, pipeline)? {
        if sm < r.model {
            return Err(Error::new(
                ErrorKind::Options,
                r.feature,
                format!(
                    "shader model {} or later needed, the options ask for {sm}",
                    r.model
                ),
            )
            .at(r.span)
            .for_option("shader_model"));
        }
    }
    let mesh_like = matches!(ep.stage, ShaderStage::Task | ShaderStage::Mesh);
    let threads: u64 = ep.workgroup_size.iter().map(|&n| u64::from(n)).product();
    if mesh_like && threads > u64::from(crate::mesh::MAX_THREADS) {
        return Err(Error::unsupported(
            format!(
                "workgroup size {:?} of {:?} entry point `{}`",
                ep.workgroup_size, ep.stage, ep.name
            ),
            format!(
                "Direct3D runs at most {} threads in a mesh or amplification shader's group",
                crate::mesh::MAX_THREADS
            ),
        ));
    }
    let mut sb = ShaderBuilder::new(kind, sm.major, sm.minor)?;
    // WGSL's `f16` (and naga's 16-bit integers) are true 16-bit types, as DXC's
    // `-enable-16bit-types` makes them: 2 bytes in memory, not minimum precision.
    let sixteen = module
        .types
        .iter()
        .any(|(_, t)| t.inner.scalar().is_some_and(|s| s.width == 2));
    if sixteen {
        sb.native_low_precision(true);
    }
    if let Some(naga::EarlyDepthTest::Force) = ep.early_depth_test {
        sb.force_early_depth_stencil(true);
    }
    if ep.stage == ShaderStage::Compute {
        let [x, y, z] = ep.workgroup_size;
        sb.num_threads(x, y, z);
    }
    let mut globals = vec![GlobalSlot::Unused; module.global_variables.len()];
    let mut mem = Vec::new();
    let mut workgroup = Vec::new();
    let mut private = Vec::new();
    let mut offsets = std::collections::BTreeMap::new();
    let mut payload = None;
    let mut payload_size = 0;
    let mut heaps = crate::heap::Heaps::default();
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
                        "immediates (push constants) need a constant buffer to live in",
                    )
                    .for_option("immediates_target")
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
        if gv.space == AddressSpace::Handle {
            let (elem, array) = match *inner {
                naga::TypeInner::BindingArray { base, .. } => (&module.types[base].inner, true),
                ref single => (single, false),
            };
            // Samplers are read from the sampler heap (crate::heap), the binding's register
            // being its place in the group's index buffer.
            if let naga::TypeInner::Sampler { comparison } = *elem {
                let t = target(options).map_err(|e| e.at(span))?;
                let group = gv.binding.as_ref().map_or(0, |b| b.group);
                let (heap, table) = heaps
                    .declare(&mut sb, options, group, comparison)
                    .map_err(|e| e.at(span))?;
                globals[h.index()] = GlobalSlot::Sampler {
                    heap,
                    table,
                    base: t.register,
                    array,
                };
                continue;
            }
            if let naga::TypeInner::Image {
                class: naga::ImageClass::External,
                ..
            } = *elem
            {
                let b = gv.binding.as_ref().filter(|_| !array).ok_or_else(|| {
                    Error::new(
                        ErrorKind::Invalid,
                        what(),
                        "an external texture must be a single bound global",
                    )
                    .at(span)
                })?;
                globals[h.index()] = crate::external::declare(&mut sb, module, options, &name, b)
                    .map_err(|e| e.at(span))?;
                continue;
            }
        }
        if let naga::TypeInner::BindingArray { base, size } = *inner {
            let t = target(options).map_err(|e| e.at(span))?;
            // The target's size wins (naga's HLSL back end writes it in place of the type's);
            // an unsized array without one is an unbounded range, as HLSL's `t[]`.
            let count = match (t.binding_array_size, size) {
                (Some(n), _) => n,
                (None, naga::ArraySize::Constant(n)) => n.get(),
                (None, _) => u32::MAX,
            };
            let elem = &module.types[base].inner;
            let (desc, buf) = match gv.space {
                AddressSpace::Handle => (
                    crate::image::resource(&name, elem).map_err(|e| e.at(span))?,
                    None,
                ),
                AddressSpace::Storage { access } => {
                    let desc = if access.contains(naga::StorageAccess::STORE) {
                        ResourceDesc::rw_byte_address_buffer(&name)
                    } else {
                        ResourceDesc::byte_address_buffer(&name)
                    };
                    let desc = if crate::needs::holds_atomic64(&module.types, elem) {
                        desc.used_by_atomic64()
                    } else {
                        desc
                    };
                    (desc, Some(false))
                }
                AddressSpace::Uniform => {
                    let size = cbuffer_size(elem.size(module.to_ctx()), &name)?;
                    let desc = crate::cbuffer::describe(&mut sb, module, &name, base, size.max(16))
                        .map_err(|e| e.at(span))?;
                    (desc, Some(true))
                }
                other => {
                    return Err(Error::unsupported(
                        format!(
                            "binding array {} in address space {}",
                            what(),
                            crate::error::variant_name(&other)
                        ),
                        "not supported by this back end yet",
                    )
                    .at(span))
                }
            };
            let res = sb.resource(desc.at(u32::from(t.space), t.register).array(count))?;
            globals[h.index()] = GlobalSlot::Array(res, buf);
            continue;
        }
        let slot = match gv.space {
            AddressSpace::Uniform | AddressSpace::Immediate => {
                let t = target(options).map_err(|e| e.at(span))?;
                let size =
                    cbuffer_size(inner.size(module.to_ctx()), &name).map_err(|e| e.at(span))?;
                let desc = crate::cbuffer::describe(&mut sb, module, &name, gv.ty, size.max(16))
                    .map_err(|e| e.at(span))?;
                let res = sb.resource(desc.at(u32::from(t.space), t.register))?;
                GlobalSlot::Buf {
                    res,
                    uniform: true,
                    dynamic: None,
                }
            }
            AddressSpace::Storage { access } => {
                let t = target(options).map_err(|e| e.at(span))?;
                let desc = if access.contains(naga::StorageAccess::STORE) {
                    ResourceDesc::rw_byte_address_buffer(&name)
                } else {
                    ResourceDesc::byte_address_buffer(&name)
                };
                let desc = if crate::needs::holds_atomic64(&module.types, inner) {
                    desc.used_by_atomic64()
                } else {
                    desc
                };
                let res = sb.resource(desc.at(u32::from(t.space), t.register))?;
                let dynamic = match (t.dynamic_storage_buffer_offsets_index, &gv.binding) {
                    (Some(index), Some(b)) => {
                        let cb = match offsets.get(&b.group) {
                            Some(&cb) => cb,
                            None => {
                                let ot = options
                                    .dynamic_storage_buffer_offsets_targets
                                    .get(&b.group)
                                    .ok_or_else(|| {
                                        Error::new(
                                            ErrorKind::Options,
                                            what(),
                                            format!(
                                                "no dynamic offsets target for group {}",
                                                b.group
                                            ),
                                        )
                                        .at(span)
                                    })?;
                                let size = (ot.size * 4).div_ceil(16).max(1) * 16;
                                // One `uint` per dynamic offset, as naga's HLSL back
                                // end declares them.
                                let members: Vec<_> = (0..ot.size)
                                    .map(|i| (format!("_{i}"), ComponentType::U32, 4 * i))
                                    .collect();
                                let desc = crate::cbuffer::scalars(
                                    &mut sb,
                                    &format!("__dynamic_buffer_offsets{}", b.group),
                                    &members,
                                    size,
                                )?
                                .at(u32::from(ot.space), ot.register);
                                let cb = sb.resource(desc)?;
                                offsets.insert(b.group, cb);
                                cb
                            }
                        };
                        Some((cb, index * 4))
                    }
                    _ => None,
                };
                GlobalSlot::Buf {
                    res,
                    uniform: false,
                    dynamic,
                }
            }
            AddressSpace::WorkGroup => {
                let counts = leaf::counts(module.to_ctx(), inner).map_err(|e| e.at(span))?;
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
            AddressSpace::TaskPayload => {
                // One struct of per-group arrays: group-shared in the task shader, which
                // writes it; in the mesh shader where `GetMeshPayload` points (bound in
                // the prologue).
                let (ty, fields, size) =
                    crate::mesh::payload_struct(&mut sb, module.to_ctx(), inner)
                        .map_err(|e| e.at(span))?;
                if size > crate::mesh::MAX_PAYLOAD_BYTES {
                    return Err(Error::unsupported(
                        format!("task payload {}", what()),
                        format!(
                            "{size} bytes here; Direct3D passes at most {} bytes",
                            crate::mesh::MAX_PAYLOAD_BYTES
                        ),
                    )
                    .at(span));
                }
                let global = match ep.stage {
                    ShaderStage::Task => Some(sb.group_shared(&name, ty)?),
                    _ => None,
                };
                mem.push(MemVar::default());
                let var = mem.len() - 1;
                if global.is_some() {
                    // naga zeroes the payload of a task shader with its workgroup memory.
                    workgroup.push((var, h));
                }
                payload = Some(crate::mesh::Payload {
                    var,
                    ty,
                    fields,
                    global,
                });
                payload_size = size;
                GlobalSlot::Mem(var)
            }
            AddressSpace::Private => {
                // Made as allocas once the function exists.
                private.push(h);
                GlobalSlot::Unused
            }
            other => {
                return Err(Error::unsupported(
                    format!(
                        "{} in address space {} (of type `{}`)",
                        what(),
                        crate::error::variant_name(&other),
                        crate::error::type_name(module.to_ctx(), inner)
                    ),
                    "not supported by this back end yet",
                )
                .at(span))
            }
        };
        globals[h.index()] = slot;
    }
    let special = match options.special_constants_binding {
        Some(t) if crate::io::reads_special(module, ep)? => {
            // naga's `NagaConstants`: `int first_vertex; int first_instance; uint other;`.
            let members = [
                ("first_vertex".to_string(), ComponentType::I32, 0),
                ("first_instance".to_string(), ComponentType::I32, 4),
                ("other".to_string(), ComponentType::U32, 8),
            ];
            let desc = crate::cbuffer::scalars(&mut sb, "_NagaConstants", &members, 16)?
                .at(u32::from(t.space), t.register);
            Some(sb.resource(desc)?)
        }
        _ => None,
    };
    let inputs = crate::io::inputs(&mut sb, module, ep, special.is_some())?;
    // A task shader's result is the mesh group counts `DispatchMesh` takes; a mesh
    // shader's outputs are its output variable's vertices and primitives.
    let outputs = match ep.stage {
        ShaderStage::Task => {
            let [x, y, z] = ep.workgroup_size;
            sb.as_state(dxil_module::model::AsState {
                num_threads: vec![x, y, z],
                payload_size_in_bytes: payload_size,
            });
            Vec::new()
        }
        ShaderStage::Mesh => Vec::new(),
        _ => crate::io::outputs(&mut sb, module, ep)?,
    };
    let mesh = match ep.stage {
        ShaderStage::Mesh => Some(crate::mesh::declare(&mut sb, module, ep, payload_size)?),
        _ => None,
    };
    let mut e = sb.entry(&ep.name)?;
    // Room for the instructions the body will take (calls are inlined; an expression or
    // statement is a few instructions at most), so that the instruction list does not grow
    // by doubling, copying every instruction each time. A hint only.
    let expressions = ep.function.expressions.len()
        + module
            .functions
            .iter()
            .map(|(_, f)| f.expressions.len())
            .sum::<usize>();
    e.ir().reserve(8, (2 * expressions + 16).min(1 << 16));
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
        bases: vec![None; module.global_variables.len()],
        externals: vec![None; module.global_variables.len()],
        alloca_block: first,
        frame: Frame {
            fun: &ep.function,
            finfo: einfo,
            vals: vec![None; ep.function.expressions.len()],
            args: Vec::new(),
            locals: Vec::new(),
            queries: Vec::new(),
            ctl: Vec::new(),
            // Task and mesh shaders end in one block after the body (the dispatch or the
            // outputs), so their returns meet as an inlined function's do.
            ret: mesh_like.then(crate::lower::Ret::default),
            terminated: false,
        },
        ep,
        entry_info: einfo,
        outputs,
        special: None,
        mesh,
        payload,
        small_i32s: Vec::new(),
        consts: Default::default(),
        scalar_tys: [None; 16],
    };
    if let Some(res) = special {
        lw.special = Some(lw.e.handle(res, 0, false)?);
    }
    lw.prologue(&inputs, &private, &workgroup)?;
    lw.function_body()?;
    if mesh_like {
        lw.stage_epilogue()?;
    }
    let Lowerer { mut e, .. } = lw;
    e.ir().position_at_end(first)?;
    e.ir().br(body)?;
    e.finish()?;
    Ok(sb.finish()?)
}

/// A constant buffer's size: `bytes` rounded up to whole 16-byte rows, as constant buffers
/// are allocated.
pub(crate) fn cbuffer_size(bytes: u32, name: &str) -> Result<u32> {
    bytes.checked_next_multiple_of(16).ok_or_else(|| {
        Error::unsupported(
            format!("uniform buffer `{name}`"),
            format!("{bytes} bytes is past a constant buffer's reach"),
        )
    })
}
