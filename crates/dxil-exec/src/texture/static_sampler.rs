//! Static samplers: the samplers a shader's root signature (its `RTS0` part) declares, turned
//! into [`Binding`]s of [`SamplerDesc`], so that a dispatch binds them as Direct3D 12 does when
//! the root signature is set (D3D12_STATIC_SAMPLER_DESC; `D3D12_FILTER` encodes the reduction in
//! bits 7-8, anisotropy in bit 6, and min/mag/mip linear in bits 4, 2 and 0).

use dxil_rootsig as rs;

use crate::error::{InputCause, Result, UnsupportedCause};
use crate::resource::{
    AddressMode, Binding, ComparisonFunc, Filter, Resource, ResourceClass, ResourceKind,
    SamplerDesc,
};

/// The static samplers of the root signature in `container`, as bindings in register class
/// `s`. A container without a root signature has none, and so has input that is not a
/// DXContainer at all (bitcode or assembly text carry no root signature).
pub fn static_samplers(container: &[u8]) -> Result<Vec<Binding>> {
    if !container.starts_with(b"DXBC") {
        return Ok(Vec::new());
    }
    let c = dxil_container::Container::parse(container).map_err(InputCause::Container)?;
    let Some(part) = c.part(dxil_container::FourCC::RTS0) else {
        return Ok(Vec::new());
    };
    let sig = rs::binary::read(part.data).map_err(InputCause::RootSignature)?;
    sig.static_samplers
        .iter()
        .map(|s| {
            let mut resource = Resource::buffer(ResourceKind::Sampler, Vec::new());
            resource.sampler = Some(sampler_desc(s)?);
            Ok(Binding {
                class: ResourceClass::Sampler,
                space: s.space,
                register: s.register,
                heap_index: None,
                resource,
            })
        })
        .collect()
}

/// One static sampler as the executor's [`SamplerDesc`]. Anisotropic filtering is filtered as
/// trilinear (the isotropic footprint D3D's LOD rules give). Minimum/maximum reduction is
/// exact only when every stage is point-filtered (a one-texel footprint is its own minimum and
/// maximum); with linear stages it is refused as unsupported.
pub fn sampler_desc(s: &rs::StaticSampler) -> Result<SamplerDesc> {
    let f = s.filter.0;
    let anisotropic = f & 0x40 != 0;
    let stage = |bit: u32| {
        if anisotropic || f & bit != 0 {
            Filter::Linear
        } else {
            Filter::Point
        }
    };
    let (min_filter, mag_filter, mip_filter) = (stage(0x10), stage(0x04), stage(0x01));
    let reduction = (f >> 7) & 3;
    let any_linear = [min_filter, mag_filter, mip_filter].contains(&Filter::Linear);
    if reduction >= 2 && any_linear {
        return Err(UnsupportedCause::StaticSamplerReduction {
            register: s.register,
            space: s.space,
        }
        .into());
    }
    let comparison = if reduction == 1 {
        comparison_func(s.comparison_func)
    } else {
        None
    };
    Ok(SamplerDesc {
        min_filter,
        mag_filter,
        mip_filter,
        address: [
            address_mode(s.address_u),
            address_mode(s.address_v),
            address_mode(s.address_w),
        ],
        mip_lod_bias: s.mip_lod_bias,
        comparison,
        border_color: border_color(s.border_color),
        min_lod: s.min_lod,
        max_lod: s.max_lod,
    })
}

/// `D3D12_TEXTURE_ADDRESS_MODE`; values the enumeration lacks address as clamp.
fn address_mode(m: rs::AddressMode) -> AddressMode {
    match m {
        rs::AddressMode::WRAP => AddressMode::Wrap,
        rs::AddressMode::MIRROR => AddressMode::Mirror,
        rs::AddressMode::BORDER => AddressMode::Border,
        rs::AddressMode::MIRROR_ONCE => AddressMode::MirrorOnce,
        _ => AddressMode::Clamp,
    }
}

/// `D3D12_COMPARISON_FUNC`; `NONE` and unknown values compare as never passing.
fn comparison_func(c: rs::ComparisonFunc) -> Option<ComparisonFunc> {
    Some(match c {
        rs::ComparisonFunc::LESS => ComparisonFunc::Less,
        rs::ComparisonFunc::EQUAL => ComparisonFunc::Equal,
        rs::ComparisonFunc::LESS_EQUAL => ComparisonFunc::LessEqual,
        rs::ComparisonFunc::GREATER => ComparisonFunc::Greater,
        rs::ComparisonFunc::NOT_EQUAL => ComparisonFunc::NotEqual,
        rs::ComparisonFunc::GREATER_EQUAL => ComparisonFunc::GreaterEqual,
        rs::ComparisonFunc::ALWAYS => ComparisonFunc::Always,
        _ => ComparisonFunc::Never,
    })
}

/// `D3D12_STATIC_BORDER_COLOR`: transparent black (0), opaque black (1, 3 for integer
/// formats), opaque white (2, 4 for integer formats, whose 1 reads as 1.0 here).
fn border_color(b: rs::BorderColor) -> [f32; 4] {
    match b.0 {
        1 | 3 => [0.0, 0.0, 0.0, 1.0],
        2 | 4 => [1.0; 4],
        _ => [0.0; 4],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sampler(filter: u32) -> rs::StaticSampler {
        rs::StaticSampler {
            filter: rs::Filter(filter),
            address_u: rs::AddressMode::WRAP,
            address_v: rs::AddressMode::MIRROR,
            address_w: rs::AddressMode::BORDER,
            mip_lod_bias: -1.5,
            max_anisotropy: 16,
            comparison_func: rs::ComparisonFunc::LESS_EQUAL,
            border_color: rs::BorderColor(2),
            min_lod: 0.0,
            max_lod: 4.0,
            register: 3,
            space: 1,
            visibility: rs::ShaderVisibility::ALL,
            flags: rs::SamplerFlags::default(),
        }
    }

    #[test]
    fn filter_bits_map_to_stages_reduction_and_comparison() {
        let d = sampler_desc(&sampler(0x11)).unwrap();
        assert_eq!(
            (d.min_filter, d.mag_filter, d.mip_filter),
            (Filter::Linear, Filter::Point, Filter::Linear)
        );
        assert_eq!(d.comparison, None);
        assert_eq!(
            d.address,
            [AddressMode::Wrap, AddressMode::Mirror, AddressMode::Border]
        );
        assert_eq!(
            (d.mip_lod_bias, d.max_lod, d.border_color),
            (-1.5, 4.0, [1.0; 4])
        );
        let a = sampler_desc(&sampler(0xd5)).unwrap();
        assert_eq!(a.min_filter, Filter::Linear);
        assert_eq!(a.comparison, Some(ComparisonFunc::LessEqual));
        assert!(sampler_desc(&sampler(0x180)).is_ok());
        assert!(sampler_desc(&sampler(0x195)).is_err());
    }

    #[test]
    fn input_without_a_root_signature_has_no_static_samplers() {
        assert!(static_samplers(b"BC\xc0\xde").unwrap().is_empty());
        assert!(static_samplers(b"DXBC truncated").is_err());
    }
}
