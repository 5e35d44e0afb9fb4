//! The static samplers of a shader's root signature (the container's `RTS0` part): with
//! them the shader needs no sampler from the pipeline at those registers (D3D12
//! `D3D12_STATIC_SAMPLER_DESC`; the filter's bits: mip linear 0x1, mag linear 0x4, min
//! linear 0x10, comparison 0x80; anisotropic filters are linear everywhere).

use dxil_rootsig::{AddressMode as RsAddress, BorderColor, ComparisonFunc as RsCompare};

use super::run::RunError;
use crate::resource::{
    AddressMode, Binding, ComparisonFunc, Filter, Resource, ResourceClass, SamplerDesc, ViewKind,
};

/// The static samplers of the root signature in `container`, as sampler bindings; none
/// when the container has no `RTS0` part.
pub fn static_samplers(container: &[u8]) -> Result<Vec<Binding>, RunError> {
    let Ok(c) = dxil_container::Container::parse(container) else {
        return Ok(Vec::new());
    };
    let Some(part) = c.part(dxil_container::FourCC::RTS0) else {
        return Ok(Vec::new());
    };
    let rs = dxil_rootsig::binary::read(part.data)
        .map_err(|e| RunError::Shader(format!("RTS0 root signature: {e}")))?;
    let mut out = Vec::new();
    for s in &rs.static_samplers {
        let f = s.filter.0;
        let anisotropic = f & 0x40 != 0;
        let linear = |bit: u32| {
            if anisotropic || f & bit != 0 {
                Filter::Linear
            } else {
                Filter::Point
            }
        };
        let address = |a: RsAddress| match a {
            RsAddress::WRAP => AddressMode::Wrap,
            RsAddress::MIRROR => AddressMode::Mirror,
            RsAddress::BORDER => AddressMode::Border,
            RsAddress::MIRROR_ONCE => AddressMode::MirrorOnce,
            _ => AddressMode::Clamp,
        };
        let comparison = (f & 0x180 == 0x80).then_some(match s.comparison_func {
            RsCompare::LESS => ComparisonFunc::Less,
            RsCompare::EQUAL => ComparisonFunc::Equal,
            RsCompare::LESS_EQUAL => ComparisonFunc::LessEqual,
            RsCompare::GREATER => ComparisonFunc::Greater,
            RsCompare::NOT_EQUAL => ComparisonFunc::NotEqual,
            RsCompare::GREATER_EQUAL => ComparisonFunc::GreaterEqual,
            RsCompare::ALWAYS => ComparisonFunc::Always,
            _ => ComparisonFunc::Never,
        });
        let border_color = match s.border_color {
            BorderColor::OPAQUE_BLACK | BorderColor::OPAQUE_BLACK_UINT => [0.0, 0.0, 0.0, 1.0],
            BorderColor::OPAQUE_WHITE | BorderColor::OPAQUE_WHITE_UINT => [1.0; 4],
            _ => [0.0; 4],
        };
        let mut resource = Resource::buffer(ViewKind::Sampler, Vec::new());
        resource.sampler = Some(SamplerDesc {
            min_filter: linear(0x10),
            mag_filter: linear(0x4),
            mip_filter: linear(0x1),
            address: [
                address(s.address_u),
                address(s.address_v),
                address(s.address_w),
            ],
            mip_lod_bias: s.mip_lod_bias,
            comparison,
            border_color,
            min_lod: s.min_lod,
            max_lod: s.max_lod,
        });
        out.push(Binding {
            class: ResourceClass::Sampler,
            space: s.space,
            register: s.register,
            heap_index: None,
            resource,
        });
    }
    Ok(out)
}
