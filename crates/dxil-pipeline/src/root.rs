//! Explicit Direct3D root parameters (`RuntimeSettings.DirectX.RootParameters`), bound
//! through the shader's own root signature as the suite's DirectX device binds them
//! (`SetComputeRoot32BitConstants`, `SetComputeRoot{ShaderResource,UnorderedAccess,
//! ConstantBuffer}View`): the YAML's N-th parameter fills the root signature's N-th slot,
//! whose register and space tell the shader where to find it. Descriptor tables take the
//! descriptor sets in order, whose resources carry their own registers.

use dxil_rootsig::{ParameterKind, RootSignature};

use crate::bind::Readback;
use crate::error::PipelineError;
use crate::model::{Pipeline, RootParameter, SuiteResourceKind};
use dxil_exec::resource::{Binding, Bindings, Resource, ResourceClass, ResourceKind};

/// The root signature of `container` (its `RTS0` part), when it has one.
pub fn root_signature(container: &[u8]) -> Result<Option<RootSignature>, String> {
    let Ok(c) = dxil_container::Container::parse(container) else {
        return Ok(None);
    };
    let Some(part) = c.part(dxil_container::FourCC::RTS0) else {
        return Ok(None);
    };
    dxil_rootsig::binary::read(part.data)
        .map(Some)
        .map_err(|e| format!("RTS0 root signature: {e}"))
}

/// Binds the root constants and root descriptors of `p` by the slots of `rs`.
pub fn bind_root_parameters(
    p: &Pipeline,
    rs: Option<&RootSignature>,
    bindings: &mut Bindings,
    readback: &mut Vec<Readback>,
) -> Result<(), PipelineError> {
    for (slot, param) in p.root_parameters.iter().enumerate() {
        let (name, kind) = match param {
            RootParameter::DescriptorTable => continue,
            RootParameter::Constant { name } => (name, None),
            RootParameter::RootDescriptor { name, kind } => (name, Some(*kind)),
        };
        let Some(rs) = rs else {
            return Err(PipelineError::new(
                0,
                format!(
                    "root parameter {slot} ('{name}') needs the shader's root signature (RTS0)"
                ),
            ));
        };
        let bi = p.buffer_index(name).ok_or_else(|| {
            PipelineError::new(
                0,
                format!("buffer '{name}' of root parameter {slot} not found"),
            )
        })?;
        let b = &p.buffers[bi];
        let mismatch = |what: &str| {
            PipelineError::new(
                0,
                format!("root parameter {slot} ('{name}') is {what} in the pipeline, not in the shader's root signature"),
            )
        };
        let slot_kind = rs.parameters.get(slot).map(|r| &r.kind);
        let (class, register, space, view) = match (kind, slot_kind) {
            (None, Some(ParameterKind::Constants(c))) => (
                ResourceClass::CBuffer,
                c.register,
                c.space,
                ResourceKind::CBuffer,
            ),
            (None, _) => return Err(mismatch("a root constant")),
            (Some(SuiteResourceKind::ConstantBuffer), Some(ParameterKind::Cbv(d))) => (
                ResourceClass::CBuffer,
                d.register,
                d.space,
                ResourceKind::CBuffer,
            ),
            (Some(k), Some(ParameterKind::Srv(d)))
                if matches!(
                    k,
                    SuiteResourceKind::StructuredBuffer | SuiteResourceKind::ByteAddressBuffer
                ) =>
            {
                (ResourceClass::SRV, d.register, d.space, raw_view(k))
            }
            (Some(k), Some(ParameterKind::Uav(d)))
                if matches!(
                    k,
                    SuiteResourceKind::RWStructuredBuffer | SuiteResourceKind::RWByteAddressBuffer
                ) =>
            {
                (ResourceClass::UAV, d.register, d.space, raw_view(k))
            }
            (Some(_), _) => return Err(mismatch("a root descriptor of this kind")),
        };
        if b.array_size != 1 {
            let what = if kind.is_some() {
                "Root descriptor"
            } else {
                "Root constant"
            };
            return Err(PipelineError::new(
                b.line,
                format!("{what} cannot refer to resource arrays ('{name}')"),
            ));
        }
        let mut resource = Resource::buffer(view, b.data[0].clone());
        if view == ResourceKind::StructuredBuffer {
            resource.stride = b.element_size();
        }
        bindings.bindings.push(Binding {
            class,
            space,
            register,
            heap_index: None,
            resource,
        });
        if class == ResourceClass::UAV {
            readback.push(Readback {
                binding: bindings.bindings.len() - 1,
                buffer: bi,
                block: 0,
            });
        }
    }
    Ok(())
}

fn raw_view(k: SuiteResourceKind) -> ResourceKind {
    match k {
        SuiteResourceKind::StructuredBuffer | SuiteResourceKind::RWStructuredBuffer => {
            ResourceKind::StructuredBuffer
        }
        _ => ResourceKind::RawBuffer,
    }
}
