//! From the pipeline's descriptor sets to the executor's [`Bindings`], as the suite's
//! Direct3D device lays them out (`lib/API/DX/Device.cpp`): each resource kind is a view
//! in one register class; a typed view's DXGI format follows from the buffer's `Format` and
//! `Channels` (`include/API/FormatConversion.h`, `toFormat`); a structured view's stride is
//! the buffer's element size; resource arrays take consecutive registers; samplers filter
//! mips by point and border in transparent black.

use crate::error::PipelineError;
use crate::model::{self, Buffer, DataFormat, Pipeline, ResourceDesc, SuiteResourceKind};
use dxil_exec::resource::{
    Binding, Bindings, ComponentFormat, Dims, ElementFormat, Filter, Resource, ResourceClass,
    ResourceKind, SamplerDesc,
};

/// Where a bound UAV's memory goes back after the dispatch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Readback {
    /// Index into [`Bindings::bindings`].
    pub binding: usize,
    /// Index into [`Pipeline::buffers`].
    pub buffer: usize,
    /// The block (resource array element).
    pub block: usize,
}

/// A resource bound only through the SM 6.6 descriptor heap has no register: it gets this
/// one, which no shader declares.
pub const HEAP_ONLY_REGISTER: u32 = u32::MAX;

/// The bindings of `p`'s descriptor sets, and the UAVs to read back.
pub fn bind(p: &Pipeline) -> Result<(Bindings, Vec<Readback>), PipelineError> {
    let mut bindings = Bindings::default();
    let mut readback = Vec::new();
    for r in p.sets.iter().flatten() {
        let (class, view) = view_of(r)?;
        if class == ResourceClass::Sampler {
            let s = p.sampler(&r.name).ok_or_else(|| missing(r))?;
            let mut res = Resource::buffer(ResourceKind::Sampler, Vec::new());
            res.sampler = Some(sampler_desc(s));
            push(&mut bindings, r, class, 0, res);
            continue;
        }
        let bi = p.buffer_index(&r.name).ok_or_else(|| missing(r))?;
        let b = &p.buffers[bi];
        for (block, data) in b.data.iter().enumerate() {
            let mut res = Resource::buffer(view, data.clone());
            match view {
                ResourceKind::TypedBuffer | ResourceKind::Texture2D => {
                    res.format = Some(typed_format(b, r)?);
                }
                ResourceKind::StructuredBuffer => res.stride = b.element_size(),
                _ => {}
            }
            if view == ResourceKind::Texture2D {
                let o = b.output_props.ok_or_else(|| {
                    PipelineError::new(r.line, format!("texture '{}' has no OutputProps", b.name))
                })?;
                res.dims = Dims {
                    width: o.width,
                    height: o.height,
                    depth: 1,
                    array_size: 1,
                    mip_levels: o.mip_levels.max(1),
                    sample_count: 1,
                };
                if o.depth != 1 {
                    return Err(PipelineError::new(
                        r.line,
                        format!("Texture2D '{}' with a depth of {}", b.name, o.depth),
                    ));
                }
            }
            if r.has_counter {
                res.counter = Some(0);
            }
            let index = push(&mut bindings, r, class, block as u32, res);
            if class == ResourceClass::UAV {
                readback.push(Readback {
                    binding: index,
                    buffer: bi,
                    block,
                });
            }
        }
    }
    Ok((bindings, readback))
}

fn missing(r: &ResourceDesc) -> PipelineError {
    PipelineError::new(
        r.line,
        format!("referenced resource '{}' not found", r.name),
    )
}

fn push(
    b: &mut Bindings,
    r: &ResourceDesc,
    class: ResourceClass,
    element: u32,
    res: Resource,
) -> usize {
    let (space, register) = match r.binding {
        Some(d) => (d.space, d.register.saturating_add(element)),
        None => (HEAP_ONLY_REGISTER, HEAP_ONLY_REGISTER),
    };
    b.bindings.push(Binding {
        class,
        space,
        register,
        heap_index: r.heap_index.map(|h| h.saturating_add(element)),
        resource: res,
    });
    b.bindings.len() - 1
}

/// The register class and view of a resource kind (`getDescriptorKind`).
fn view_of(r: &ResourceDesc) -> Result<(ResourceClass, ResourceKind), PipelineError> {
    use ResourceClass::*;
    Ok(match r.kind {
        SuiteResourceKind::Buffer => (SRV, ResourceKind::TypedBuffer),
        SuiteResourceKind::StructuredBuffer => (SRV, ResourceKind::StructuredBuffer),
        SuiteResourceKind::ByteAddressBuffer => (SRV, ResourceKind::RawBuffer),
        SuiteResourceKind::Texture2D => (SRV, ResourceKind::Texture2D),
        SuiteResourceKind::RWBuffer => (UAV, ResourceKind::TypedBuffer),
        SuiteResourceKind::RWStructuredBuffer => (UAV, ResourceKind::StructuredBuffer),
        SuiteResourceKind::RWByteAddressBuffer => (UAV, ResourceKind::RawBuffer),
        SuiteResourceKind::RWTexture2D => (UAV, ResourceKind::Texture2D),
        SuiteResourceKind::ConstantBuffer => (CBuffer, ResourceKind::CBuffer),
        SuiteResourceKind::Sampler => (Sampler, ResourceKind::Sampler),
        SuiteResourceKind::SampledTexture2D | SuiteResourceKind::AccelerationStructure => {
            return Err(PipelineError::new(
                r.line,
                format!(
                    "unsupported: resource kind {} ('{}')",
                    r.kind.name(),
                    r.name
                ),
            ))
        }
    })
}

/// The typed view format of a buffer (`toFormat`).
pub fn typed_format(b: &Buffer, r: &ResourceDesc) -> Result<ElementFormat, PipelineError> {
    typed_format_at(b, r.line)
}

/// [`typed_format`], an error naming `line`.
pub fn typed_format_at(b: &Buffer, line: usize) -> Result<ElementFormat, PipelineError> {
    element_format(&b.name, b.format, b.channels, line)
}

/// The element format of `channels` components of `format` (of `name`, which errors name
/// with `line`).
pub fn element_format(
    name: &str,
    format: DataFormat,
    channels: u32,
    line: usize,
) -> Result<ElementFormat, PipelineError> {
    let c = channels;
    let component = match (format, c) {
        (DataFormat::Int16, 1 | 2 | 4) => ComponentFormat::Int16,
        (DataFormat::UInt16, 1 | 2 | 4) => ComponentFormat::UInt16,
        (DataFormat::Int32, 1 | 2 | 4) => ComponentFormat::Int32,
        (DataFormat::UInt32, 1 | 2 | 4) => ComponentFormat::UInt32,
        (DataFormat::Float32, 1..=4) => ComponentFormat::Float32,
        (DataFormat::Depth32, 1) => ComponentFormat::Float32,
        (DataFormat::UInt64, 1 | 2) => ComponentFormat::UInt64,
        (DataFormat::Int64, 1 | 2) => ComponentFormat::Int64,
        _ => {
            return Err(PipelineError::new(
                line,
                format!(
                    "no typed format for '{name}': {} with {c} channel(s)",
                    format.name()
                ),
            ))
        }
    };
    Ok(ElementFormat {
        component,
        channels: c as u8,
    })
}

fn sampler_desc(s: &model::Sampler) -> SamplerDesc {
    let comparison = s.comparison.then_some(s.comparison_op);
    SamplerDesc {
        min_filter: s.min_filter,
        mag_filter: s.mag_filter,
        mip_filter: Filter::Point,
        address: [s.address; 3],
        mip_lod_bias: s.mip_lod_bias,
        comparison,
        border_color: [0.0; 4],
        min_lod: s.min_lod,
        max_lod: s.max_lod,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse;

    const YAML: &str = "Shaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n  - Name: T\n    Format: Float32\n    Channels: 4\n    Data: [ 1, 2, 3, 4 ]\n  - Name: S\n    Format: Int32\n    Stride: 8\n    ArraySize: 2\n    Data:\n      - [ 1, 2 ]\n      - [ 3, 4 ]\n  - Name: H\n    Format: Float16\n    Data: [ 0x3C00 ]\nSamplers:\n  - Name: Samp\n    MinFilter: Nearest\n    Address: Repeat\nDescriptorSets:\n  - Resources:\n    - Name: T\n      Kind: Buffer\n      DirectXBinding: { Register: 0, Space: 0 }\n    - Name: S\n      Kind: RWStructuredBuffer\n      HasCounter: true\n      DirectXBinding: { Register: 3, Space: 1 }\n    - Name: Samp\n      Kind: Sampler\n      HeapIndex: 5\n";

    #[test]
    fn kinds_formats_arrays_and_samplers() {
        let p = parse(YAML).unwrap();
        let (b, readback) = bind(&p).unwrap();
        let t = &b.bindings[0];
        assert_eq!(
            (t.class, t.register, t.resource.view),
            (ResourceClass::SRV, 0, ResourceKind::TypedBuffer)
        );
        assert_eq!(
            t.resource.format,
            Some(ElementFormat {
                component: ComponentFormat::Float32,
                channels: 4
            })
        );
        // An array takes consecutive registers, each with its block; UAVs are read back.
        let s: Vec<_> = b
            .bindings
            .iter()
            .filter(|x| x.class == ResourceClass::UAV)
            .collect();
        assert_eq!(
            s.iter().map(|x| (x.space, x.register)).collect::<Vec<_>>(),
            vec![(1, 3), (1, 4)]
        );
        assert_eq!(s[1].resource.stride, 8);
        assert_eq!(s[1].resource.counter, Some(0));
        assert_eq!(
            s[1].resource.data,
            [3i32, 4]
                .iter()
                .flat_map(|v| v.to_le_bytes())
                .collect::<Vec<_>>()
        );
        assert_eq!(readback.len(), 2);
        let samp = &b.bindings[3];
        assert_eq!(
            (samp.heap_index, samp.register),
            (Some(5), HEAP_ONLY_REGISTER)
        );
        let desc = samp.resource.sampler.unwrap();
        assert_eq!(
            (desc.min_filter, desc.mag_filter, desc.mip_filter),
            (Filter::Point, Filter::Linear, Filter::Point)
        );
        assert_eq!(desc.address, [dxil_exec::AddressMode::Wrap; 3]);
    }

    #[test]
    fn typed_views_need_a_dxgi_format() {
        let yaml = YAML.replace(
            "    - Name: T\n      Kind: Buffer",
            "    - Name: H\n      Kind: Buffer",
        );
        let e = bind(&parse(&yaml).unwrap()).unwrap_err();
        assert!(
            e.message
                .contains("no typed format for 'H': Float16 with 1 channel"),
            "{e}"
        );
        assert_eq!(e.line, 25);
    }
}
