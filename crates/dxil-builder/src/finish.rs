//! The end of a shader: its descriptions become the DXIL metadata model (DXIL.rst
//! "Metadata": `dx.version`, `dx.valver`, `dx.shaderModel`, `dx.resources`,
//! `dx.entryPoints`), signatures are placed by the project's packer, shader flags are
//! computed from the code, and the module becomes a container with every part the
//! reference writes beside `DXIL` (`dxil-gen`), digest included.

use dxil_container::{FourCC, ShaderKind};
use dxil_gen::pack::{repack_metadata, Strategy};
use dxil_gen::sigpoint::{SigPointInfo, SignatureKind};
use dxil_gen::{BuildOptions, Source};
use dxil_ir::build::ModuleBuilder;
use dxil_ir::{ConstKind, Module, ValueRef};
use dxil_module::md::Md;
use dxil_module::model::{
    EntryPoint, EntrySignatures, Property, Resource, ResourceBase, ResourceClass, ResourceLists,
    ResourceProperty, ShaderModel, SignatureElement, SignatureProperty, StructAnnotation,
    Subobject, TypeAnnotations, Version,
};
use dxil_module::shader_flags::bit;
use dxil_module::DxilMetadata;
use dxil_ops::{DxOp, SigPointKind};

use crate::error::{Error, Result};
use crate::resource::{Element, ResourceDesc};
use crate::signature::ElementDesc;
use crate::usage::{signature_usage, Usage};
use dxil_parts::names::{ComponentType, ResourceKind};

/// One entry point as the metadata records it.
pub(crate) struct EntryMeta {
    /// The function (`Md::Value` of the function; `Md::Null` for a library's module entry).
    pub function: Md,
    /// Name.
    pub name: String,
    /// Input, output and patch constant / primitive signatures.
    pub signatures: [Vec<ElementDesc>; 3],
    /// Properties other than shader flags.
    pub properties: Vec<Property>,
    /// The shader kind of a library entry.
    pub kind: ShaderKind,
}

/// Everything `finish` needs besides the module.
pub(crate) struct ShaderMeta {
    /// Shader kind of the module.
    pub kind: ShaderKind,
    /// Shader model (major, minor).
    pub model: (u32, u32),
    /// Validator version written to `dx.valver`.
    pub validator: (u32, u32),
    /// Resources with their symbols (`undef` of a pointer to the resource's type).
    pub resources: Vec<(ResourceDesc, Md)>,
    /// Entries (one for a stage, any number for a library).
    pub entries: Vec<EntryMeta>,
    /// Recorded module option bits of the shader flags (native low precision, ...).
    pub option_flags: u64,
    /// `RTS0` bytes, when a root signature is given.
    pub root_signature: Option<Vec<u8>>,
    /// Library subobjects.
    pub subobjects: Vec<Subobject>,
    /// `dx.targetTypes` records of the LinAlg matrix types (empty without matrices).
    pub target_types: Vec<Md>,
    /// Struct annotations of the annotated structs (`None` without any).
    pub structs: Option<Vec<StructAnnotation>>,
}

/// The metadata record of a resource with class-local id `id`.
fn resource_record(id: u32, desc: &ResourceDesc, symbol: &Md) -> Resource {
    let mut properties = Vec::new();
    match desc.element {
        Element::Typed(ty, _) if desc.class != ResourceClass::CBuffer => {
            properties.push(ResourceProperty::ElementType(ty.raw()));
        }
        Element::Structured(stride) => {
            // Structured buffers record their stride; the element type tag is the
            // component type of a typed resource only.
            properties.push(ResourceProperty::ElementStride(stride));
        }
        Element::Feedback(kind) => {
            properties.push(ResourceProperty::SamplerFeedbackKind(kind));
        }
        Element::Raw if desc.kind == ResourceKind::RTAccelerationStructure => {
            // The reference records acceleration structures with an `I32` element type,
            // and the validator checks every SRV's element type.
            properties.push(ResourceProperty::ElementType(ComponentType::I32.raw()));
        }
        _ => {}
    }
    if desc.atomic64_use {
        properties.push(ResourceProperty::Atomic64Use(true));
    }
    let shape_or_size = match desc.element {
        Element::CBuffer(size) => size,
        Element::Sampler(cmp) => u32::from(cmp),
        _ => desc.kind.raw(),
    };
    Resource {
        class: desc.class,
        base: ResourceBase {
            id,
            symbol: symbol.clone(),
            name: desc.name.clone(),
            space: desc.binding.space,
            lower_bound: desc.binding.lower_bound,
            range_size: desc.binding.range_size,
        },
        shape_or_size,
        sample_count: desc.sample_count,
        globally_coherent: desc.globally_coherent,
        has_counter: desc.has_counter,
        rasterizer_ordered: desc.rasterizer_ordered,
        properties: (!properties.is_empty()).then_some(properties),
    }
}

/// The resource lists; ids count within each class in declaration order.
pub(crate) fn resource_lists(resources: &[(ResourceDesc, Md)]) -> Option<ResourceLists> {
    if resources.is_empty() {
        return None;
    }
    let mut lists = ResourceLists::default();
    for (desc, symbol) in resources {
        let list = match desc.class {
            ResourceClass::SRV => lists.srvs.get_or_insert_with(Vec::new),
            ResourceClass::UAV => lists.uavs.get_or_insert_with(Vec::new),
            ResourceClass::CBuffer => lists.cbuffers.get_or_insert_with(Vec::new),
            ResourceClass::Sampler => lists.samplers.get_or_insert_with(Vec::new),
        };
        let id = list.len() as u32;
        list.push(resource_record(id, desc, symbol));
    }
    Some(lists)
}

/// The element records of one signature, placed by the packer at `point`.
fn signature_records(
    which: &str,
    list: &[ElementDesc],
    usage: &[Usage],
    point: Option<SigPointKind>,
    use_min_precision: bool,
) -> Result<Option<Vec<SignatureElement>>> {
    if list.is_empty() {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(list.len());
    for (i, e) in list.iter().enumerate() {
        let kind = e.semantic_kind().ok_or_else(|| {
            Error::signature(format!(
                "{which} element `{}`: not a DXIL system value",
                e.semantic
            ))
        })?;
        if e.rows == 0 || !(1..=4).contains(&e.cols) {
            return Err(Error::signature(format!(
                "{which} element `{}`: {} rows x {} columns (rows >= 1, columns 1 to 4)",
                e.semantic, e.rows, e.cols
            )));
        }
        let mut properties = Vec::new();
        if e.stream != 0 {
            properties.push(SignatureProperty::OutputStream(e.stream));
        }
        // The components the code reads or writes, in the reference's order.
        let used = usage.get(i).copied().unwrap_or_default();
        if used.dynamic != 0 {
            properties.push(SignatureProperty::DynIdxCompMask(used.dynamic));
        }
        if used.used != 0 {
            properties.push(SignatureProperty::UsageCompMask(used.used));
        }
        out.push(SignatureElement {
            id: i as u32,
            name: e.recorded_name(),
            component_type: e.component_type.raw() as u8,
            semantic_kind: kind as u8,
            semantic_indices: (0..e.rows).map(|r| e.semantic_index + r).collect(),
            interpolation_mode: e.interpolation.raw() as u8,
            rows: e.rows,
            cols: e.cols,
            start_row: -1,
            start_col: -1,
            properties: (!properties.is_empty()).then_some(properties),
        });
    }
    let point = point
        .ok_or_else(|| Error::signature(format!("this shader kind has no {which} signature")))?;
    repack_metadata(&mut out, point, use_min_precision, Strategy::PrefixStable);
    Ok(Some(out))
}

fn entry_signatures(
    entry: &EntryMeta,
    usage: &[Vec<Usage>; 3],
    use_min_precision: bool,
) -> Result<Option<EntrySignatures>> {
    let kinds = [
        (SignatureKind::Input, "input"),
        (SignatureKind::Output, "output"),
        (
            SignatureKind::PatchConstOrPrim,
            "patch constant or primitive",
        ),
    ];
    let mut lists = [None, None, None];
    for (i, (sig, which)) in kinds.into_iter().enumerate() {
        lists[i] = signature_records(
            which,
            &entry.signatures[i],
            &usage[i],
            SigPointKind::of(entry.kind, sig),
            use_min_precision,
        )?;
    }
    let [input, output, patch_constant] = lists;
    if input.is_none() && output.is_none() && patch_constant.is_none() {
        return Ok(None);
    }
    Ok(Some(EntrySignatures {
        input,
        output,
        patch_constant,
    }))
}

/// The model with `flags` as every entry's shader flags (non-library modules have one
/// entry; a library's entries take their flags from `flags` too, which for libraries the
/// part writers read back as recorded).
fn model(meta: &ShaderMeta, usage: &[[Vec<Usage>; 3]], flags: u64) -> Result<DxilMetadata> {
    let use_min_precision = meta.option_flags & (1 << bit::USE_NATIVE_LOW_PRECISION) == 0;
    let resources = resource_lists(&meta.resources);
    let mut entries = Vec::with_capacity(meta.entries.len() + 1);
    if meta.kind == ShaderKind::Library {
        // A library's first entry stands for the module: no function, no name, the
        // module's resources.
        // A library records the module's shader flags here; its functions' own flags go
        // to `RDAT`.
        entries.push(EntryPoint {
            function: Md::Null,
            name: String::new(),
            signatures: None,
            resources: resources.clone(),
            properties: (flags != 0).then(|| vec![Property::ShaderFlags(flags)]),
        });
    }
    for (i, e) in meta.entries.iter().enumerate() {
        let mut properties = Vec::new();
        if flags != 0 && meta.kind != ShaderKind::Library {
            properties.push(Property::ShaderFlags(flags));
        }
        properties.extend(e.properties.iter().cloned());
        entries.push(EntryPoint {
            function: e.function.clone(),
            name: e.name.clone(),
            signatures: entry_signatures(
                e,
                usage.get(i).unwrap_or(&Default::default()),
                use_min_precision,
            )?,
            resources: if meta.kind == ShaderKind::Library {
                None
            } else {
                resources.clone()
            },
            properties: (!properties.is_empty()).then_some(properties),
        });
    }
    Ok(DxilMetadata {
        version: Some(Version {
            major: 1,
            minor: meta.model.1,
        }),
        validator_version: Some(Version {
            major: meta.validator.0,
            minor: meta.validator.1,
        }),
        shader_model: Some(ShaderModel {
            kind: meta.kind.profile_prefix().to_string(),
            major: meta.model.0,
            minor: meta.model.1,
        }),
        resources,
        type_annotations: meta
            .structs
            .clone()
            .map(|list| vec![TypeAnnotations::Structs(list)]),
        entry_points: Some(entries),
        ..DxilMetadata::default()
    })
}

/// Replaces the shader flags [`model`] recorded (`meta.option_flags`) by `flags`, as if
/// the model had been made with them: a library's module entry carries them alone; a
/// stage's entries have them first among their properties (none when 0).
fn set_flags(model: &mut DxilMetadata, meta: &ShaderMeta, flags: u64) {
    let Some(entries) = model.entry_points.as_mut() else {
        return;
    };
    if meta.kind == ShaderKind::Library {
        if let Some(module_entry) = entries.first_mut() {
            module_entry.properties = (flags != 0).then(|| vec![Property::ShaderFlags(flags)]);
        }
        return;
    }
    for e in entries {
        let mut properties = e.properties.take().unwrap_or_default();
        if meta.option_flags != 0 && !properties.is_empty() {
            properties.remove(0);
        }
        if flags != 0 {
            properties.insert(0, Property::ShaderFlags(flags));
        }
        e.properties = (!properties.is_empty()).then_some(properties);
    }
}

/// Whether the shader flags record ResMayNotAlias. The builder's resources never alias (the
/// reference compiler's default, without `-res-may-alias`), and the reference records that
/// from DXIL 1.7 on for a shader that uses a UAV: from validator 1.8, a UAV handle made in
/// the code (`createHandle` of class UAV, `annotateHandle` with UAV properties); before,
/// any UAV declared. The validator computes the same and refuses a shader without it.
fn res_may_not_alias(module: &Module, meta: &ShaderMeta) -> bool {
    if meta.model < (6, 7) {
        return false;
    }
    if meta.validator < (1, 8) {
        return meta
            .resources
            .iter()
            .any(|(d, _)| d.class == ResourceClass::UAV);
    }
    let int = |v: ValueRef| match v {
        ValueRef::Const(c) => match module.constant(c).map(|d| &d.kind) {
            Some(ConstKind::Int(i)) => Some(*i),
            Some(ConstKind::Null) => Some(0),
            _ => None,
        },
        _ => None,
    };
    // Word 0 of `%dx.types.ResourceProperties`: bit 12 marks a UAV.
    let uav_props = |v: ValueRef| match v {
        ValueRef::Const(c) => match module.constant(c).map(|d| &d.kind) {
            Some(ConstKind::Aggregate(words)) => {
                let words = module.list(*words);
                words.first().and_then(|w| int(*w)).unwrap_or(0) & (1 << 12) != 0
            }
            Some(ConstKind::Data(words)) => {
                module.list(*words).first().copied().unwrap_or(0) & (1 << 12) != 0
            }
            _ => false,
        },
        _ => false,
    };
    let mut bodies = module.functions.iter().filter_map(|f| f.body.as_ref());
    bodies.any(|body| {
        body.insts
            .iter()
            .any(|inst| match dxil_ops::decode_call(module, body, inst) {
                Ok(Some(call)) => match call.op {
                    DxOp::CreateHandle { resource_class, .. } => int(resource_class) == Some(1),
                    DxOp::AnnotateHandle { props, .. } => uav_props(props),
                    _ => false,
                },
                _ => false,
            })
    })
}

/// Computes the shader flags from the code, writes the metadata through the builder that made
/// the code, finishes the module and builds the container.
pub(crate) fn finish(mut mb: ModuleBuilder, meta: &ShaderMeta) -> Result<Vec<u8>> {
    if !meta.target_types.is_empty() {
        // First, as the reference orders its named metadata.
        dxil_module::md::Writer::new(&mut mb)
            .set_named("dx.targetTypes", &meta.target_types)
            .map_err(Error::metadata)?;
    }
    // Flags depend on the code and the resources, not on the recorded flags beyond the
    // option bits: compute them from a model carrying only the options. The model is what
    // reading the written metadata back would give, and the flag computation reads the
    // module only for its code (complete once every definition is: finishing the module
    // changes its attribute tables, metadata numbering and kinds, which the flags do not
    // read), so nothing needs writing (or finishing) first.
    let module = mb.module();
    let usage = signature_usage(module, meta);
    let mut metadata = model(meta, &usage, meta.option_flags)?;
    let src = Source::from_borrowed_metadata(module, &metadata).map_err(Error::parts)?;
    // Libraries keep the flags they record, so compute them here as for a stage.
    let mut flags = if meta.kind == ShaderKind::Library {
        dxil_gen::compute_flags::compute_flags(&src, dxil_gen::RawFlags(meta.option_flags)).0
    } else {
        src.flags.0
    };
    drop(src);
    // An option, not a use: the parts' flag computation keeps it as recorded, so the
    // builder (the compiler here) decides it.
    if res_may_not_alias(module, meta) {
        flags |= 1 << bit::RES_MAY_NOT_ALIAS;
    }
    // The metadata is interned through the builder that made the code, which then finishes
    // the module once, with the id check the bitcode writer trusts. (Adopting the finished
    // module in a second builder would index it all again, and would leave the constants
    // the metadata adds listed as the module's kept constant order, which the writer then
    // tries to match.)
    set_flags(&mut metadata, meta, flags);
    metadata.write_into(&mut mb).map_err(Error::metadata)?;
    let module = mb.finish_checked().map_err(Error::ir)?;
    let bitcode = dxil_bitcode::write_checked(&module).map_err(Error::bitcode)?;
    // The parts are written from the model just written (what reading it back gives) and
    // from `flags`, which is what recomputing them from the written module gives: the code
    // is the same, and the recorded flags differ from the probe's options only in bits the
    // computation takes as recorded (options) or derives alike (raytracing tier 1.1). A
    // library's parts take its recorded flags, which are `flags`.
    let src = Source::with_recorded_flags(&module, metadata).map_err(Error::parts)?;
    #[cfg(debug_assertions)]
    {
        // What the parts were written from before: the metadata read back, the flags
        // recomputed from the written module.
        let read = Source::new(&module).map_err(Error::parts)?;
        debug_assert!(read.meta == src.meta, "the model reads back as written");
        debug_assert_eq!(read.flags, src.flags, "the flags recompute as written");
    }
    let mut opts = BuildOptions::default();
    if let Some(rts0) = &meta.root_signature {
        opts.copied.push((FourCC::RTS0, rts0.clone()));
    }
    if !meta.subobjects.is_empty() {
        // The reference keeps subobjects in `RDAT` only: `dx.subobjects` is not allowed in
        // the final module.
        let list: Vec<_> = meta
            .subobjects
            .iter()
            .filter_map(Subobject::to_part)
            .collect();
        let rdat = dxil_gen::rdat::build_rdat(&src, Some(&list)).map_err(Error::parts)?;
        opts.copied.push((FourCC::RDAT, rdat));
    }
    dxil_gen::build_container(&src, &bitcode, &opts).map_err(Error::parts)
}
