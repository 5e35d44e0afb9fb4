//! `RDAT` (runtime data) for libraries, written the way the reference's `DxilRDATWriter`
//! writes it (DXC `DxilContainerAssembler.cpp`, tables from `RDAT_LibraryTypes.inl` and
//! `RDAT_SubobjectTypes.inl`, builder from `DxilRDATBuilder.cpp`).
//!
//! Sub-parts in the reference's order, empty ones left out: string buffer, resource table,
//! function table, index arrays, raw bytes, subobject table (validator 1.4+), then the node
//! tables (node ids, function attributes, I/O attributes, I/O nodes, node shader infos;
//! validator 1.8+) and the experimental signature and per-stage tables (validator above the
//! released 1.9 with a prerelease shader model, or validator 0.0). Records are deduplicated
//! from validator 1.7; the function record grows to its second version from 1.8.
//!
//! Contents: every resource (CBVs, samplers, SRVs, UAVs); every defined function with its
//! names, the resources and external functions it uses, its shader kind and sizes, feature
//! flags, compatible stages and minimum shader target ([`compat`]), and its shader or node
//! information; the subobjects (from the module, or carried over when the module has none,
//! as the validator does when it loads them from the stored `RDAT`).

mod builder;
pub mod compat;
mod functions;
pub mod props;
mod uses;

use dxil_module::model::ResourceClass;
use dxil_parts::rdat::{Subobject, SubobjectData};

use crate::error::Result;
use crate::signature::ValVer;
use crate::source::Source;

use builder::{Builder, Record, Slot};

/// Sub-part types (`RuntimeDataPartType`).
pub(crate) mod part {
    pub const RESOURCE: u32 = 3;
    pub const FUNCTION: u32 = 4;
    pub const SUBOBJECT: u32 = 6;
    pub const NODE_ID: u32 = 7;
    pub const NODE_IO_ATTRIB: u32 = 8;
    pub const NODE_FUNC_ATTRIB: u32 = 9;
    pub const IO_NODE: u32 = 10;
    pub const NODE_SHADER_INFO: u32 = 11;
    pub const SIGNATURE_ELEMENT: u32 = 13;
    pub const VS_INFO: u32 = 14;
    pub const PS_INFO: u32 = 15;
    pub const HS_INFO: u32 = 16;
    pub const DS_INFO: u32 = 17;
    pub const GS_INFO: u32 = 18;
    pub const CS_INFO: u32 = 19;
    pub const MS_INFO: u32 = 20;
    pub const AS_INFO: u32 = 21;
}

/// The tables after the subobject table, in the order the reference adds them, with their
/// record strides.
const LATER_TABLES: [(u32, usize); 14] = [
    (part::NODE_ID, 8),
    (part::NODE_FUNC_ATTRIB, 8),
    (part::NODE_IO_ATTRIB, 8),
    (part::IO_NODE, 8),
    (part::NODE_SHADER_INFO, 20),
    (part::SIGNATURE_ELEMENT, 16),
    (part::VS_INFO, 16),
    (part::PS_INFO, 8),
    (part::HS_INFO, 48),
    (part::DS_INFO, 40),
    (part::GS_INFO, 28),
    (part::CS_INFO, 8),
    (part::MS_INFO, 48),
    (part::AS_INFO, 12),
];

/// The highest sub-part type a validator version accepts (`MaxPartTypeForValVer`).
fn max_part_type(val: ValVer, shader_model: (u32, u32), raw_major: u32) -> u32 {
    if val < (1, 3) {
        0
    } else if val < (1, 4) {
        part::FUNCTION
    } else if val < (1, 8) {
        part::SUBOBJECT
    } else {
        let experimental = val > (1, 9);
        let prerelease = shader_model > (6, 9) && shader_model <= (6, 10);
        if experimental && (prerelease || raw_major == 0) {
            part::AS_INFO
        } else {
            part::NODE_SHADER_INFO
        }
    }
}

/// The module's subobjects in the `RDAT` form (`None` without `dx.subobjects`).
pub fn module_subobjects(src: &Source<'_>) -> Option<Vec<Subobject>> {
    let list = src.meta.subobjects.as_ref()?;
    Some(list.iter().filter_map(|s| s.to_part()).collect())
}

/// Whether the subobjects call for raytracing tier 1.1 (a pipeline config 1, or a state
/// object config allowing additions).
pub(crate) fn requires_rt11(subobjects: &[Subobject]) -> bool {
    subobjects.iter().any(|s| match &s.data {
        SubobjectData::RaytracingPipelineConfig1 { .. } => true,
        SubobjectData::StateObjectConfig { flags } => flags & 4 != 0,
        _ => false,
    })
}

/// Builds the `RDAT` part of a library. The subobjects are the module's (`dx.subobjects`);
/// when the module has none, `carried` (the subobjects of a stored `RDAT` or of the text's
/// header) stand in for them, as the validator does before regenerating.
pub fn build_rdat(src: &Source<'_>, carried: Option<&[Subobject]>) -> Result<Vec<u8>> {
    let val = src.validator();
    let raw_major = src.meta.validator_version.map_or(1, |v| v.major);
    let max_type = max_part_type(val, src.shader_model(), raw_major);
    let dedup = val >= (1, 7);
    let mut b = Builder::default();
    b.order.push(Slot::Strings);
    b.add_table(part::RESOURCE, 32, dedup);
    let function_stride = if val >= (1, 8) { 52 } else { 44 };
    b.add_table(part::FUNCTION, function_stride, dedup);
    b.order.push(Slot::Indices);
    b.order.push(Slot::Raw);
    if part::SUBOBJECT <= max_type {
        b.add_table(part::SUBOBJECT, 24, dedup);
    }
    for (kind, stride) in LATER_TABLES {
        if kind <= max_type {
            b.add_table(kind, stride, dedup);
        }
    }
    let own = module_subobjects(src);
    let subobjects: &[Subobject] = match (&own, carried) {
        (Some(s), _) => s,
        (None, Some(c)) => c,
        (None, None) => &[],
    };
    let resource_index = add_resources(&mut b, src)?;
    functions::add_functions(&mut b, src, &resource_index, requires_rt11(subobjects))?;
    if b.has_table(part::SUBOBJECT) {
        add_subobjects(&mut b, subobjects)?;
    }
    b.finish()
}

/// Resource symbols with their table index, in table order.
pub(crate) type ResourceIndex = Vec<(dxil_module::md::Md, u32)>;

fn add_resources(b: &mut Builder, src: &Source<'_>) -> Result<ResourceIndex> {
    let mut out = Vec::new();
    let Some(lists) = &src.meta.resources else {
        return Ok(out);
    };
    let mut index = 0u32;
    for (class, r) in lists.in_binding_order() {
        let name = b.strings.insert(r.base.name.as_bytes())?;
        out.push((r.base.symbol.clone(), index));
        index = index.wrapping_add(1);
        let (class_id, kind) = match class {
            ResourceClass::SRV => (0, r.shape_or_size),
            ResourceClass::UAV => (1, r.shape_or_size),
            ResourceClass::CBuffer => (2, 13),
            ResourceClass::Sampler => (3, 14),
        };
        let upper = if r.base.range_size == u32::MAX {
            u32::MAX
        } else {
            r.base
                .lower_bound
                .wrapping_add(r.base.range_size)
                .wrapping_sub(1)
        };
        let mut flags = 0;
        if class == ResourceClass::UAV {
            let prop = |want: fn(&dxil_module::model::ResourceProperty) -> bool| {
                r.properties.iter().flatten().any(want)
            };
            if r.has_counter {
                flags |= 2;
            }
            if r.globally_coherent {
                flags |= 1;
            }
            if prop(|p| {
                matches!(
                    p,
                    dxil_module::model::ResourceProperty::ReorderCoherent(true)
                )
            }) {
                flags |= 0x20;
            }
            if r.rasterizer_ordered {
                flags |= 4;
            }
            if prop(|p| matches!(p, dxil_module::model::ResourceProperty::Atomic64Use(true))) {
                flags |= 0x10;
            }
        }
        let rec = Record::default()
            .u32(class_id)
            .u32(kind)
            .u32(r.base.id)
            .u32(r.base.space)
            .u32(r.base.lower_bound)
            .u32(upper)
            .u32(name)
            .u32(flags);
        b.insert(part::RESOURCE, &rec.0)?;
    }
    Ok(out)
}

fn add_subobjects(b: &mut Builder, list: &[Subobject]) -> Result<()> {
    for s in list {
        let name = b.strings.insert(s.name.as_bytes())?;
        let mut rec = Record::default().u32(s.kind as u32).u32(name);
        rec = match &s.data {
            SubobjectData::StateObjectConfig { flags } => rec.u32(*flags),
            SubobjectData::RootSignature { data } => {
                let offset = b.raw.insert(data)?;
                let size = u32::try_from(data.len())
                    .map_err(|_| crate::error::ErrorKind::OutOfRange("root signature size"))?;
                rec.u32(offset).u32(size)
            }
            SubobjectData::SubobjectToExportsAssociation { subobject, exports } => {
                let sub = b.strings.insert(subobject.as_bytes())?;
                let mut ids = Vec::with_capacity(exports.len());
                for e in exports {
                    ids.push(b.strings.insert(e.as_bytes())?);
                }
                rec.u32(sub).u32(b.indices.insert(&ids)?)
            }
            SubobjectData::RaytracingShaderConfig {
                max_payload_size_in_bytes,
                max_attribute_size_in_bytes,
            } => rec
                .u32(*max_payload_size_in_bytes)
                .u32(*max_attribute_size_in_bytes),
            SubobjectData::RaytracingPipelineConfig {
                max_trace_recursion_depth,
            } => rec.u32(*max_trace_recursion_depth),
            SubobjectData::HitGroup {
                ty,
                any_hit,
                closest_hit,
                intersection,
            } => {
                let a = b.strings.insert(any_hit.as_bytes())?;
                let c = b.strings.insert(closest_hit.as_bytes())?;
                let i = b.strings.insert(intersection.as_bytes())?;
                rec.u32(*ty).u32(a).u32(c).u32(i)
            }
            SubobjectData::RaytracingPipelineConfig1 {
                max_trace_recursion_depth,
                flags,
            } => rec.u32(*max_trace_recursion_depth).u32(*flags),
        };
        b.insert(part::SUBOBJECT, &rec.0)?;
    }
    Ok(())
}
