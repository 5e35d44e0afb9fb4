//! RTS0 reader. Every offset and count is checked against the blob before use; nothing is
//! allocated from a count that the blob's size does not cover.

use super::{descriptor_size, range_size, sampler_size, CONSTANTS_SIZE, HEADER_SIZE};
use super::{PARAMETER_HEADER_SIZE, TABLE_HEADER_SIZE};
use crate::enums::{
    AddressMode, BorderColor, ComparisonFunc, DescriptorFlags, Filter, RangeFlags, RangeType,
    RootFlags, SamplerFlags, ShaderVisibility,
};
use crate::error::{Error, ErrorKind, Result};
use crate::model::{
    DescriptorRange, ParameterKind, RootConstants, RootDescriptor, RootParameter, RootSignature,
    StaticSampler, Version,
};
use crate::validate::Element;

/// A bounds-checked view of the blob.
struct Blob<'a> {
    data: &'a [u8],
}

impl Blob<'_> {
    fn u32_at(&self, at: u64, what: &str) -> Result<u32> {
        let start = usize::try_from(at).ok();
        let bytes = start.and_then(|s| self.data.get(s..s.checked_add(4)?));
        match bytes {
            Some(b) => Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]])),
            None => Err(Error::at_offset(
                ErrorKind::Truncated,
                format!(
                    "truncated {what}: need 4 bytes, blob is {} bytes",
                    self.data.len()
                ),
                at,
            )),
        }
    }

    /// Checks that `count` records of `size` bytes starting at `offset` lie inside the blob.
    fn check_array(&self, offset: u32, count: u32, size: u32, what: &str, at: u64) -> Result<()> {
        let end = u64::from(offset) + u64::from(count) * u64::from(size);
        if end > self.data.len() as u64 {
            return Err(Error::at_offset(
                ErrorKind::BadOffset,
                format!(
                    "{what}: {count} x {size} bytes at offset {offset:#x} end past the blob ({} bytes)",
                    self.data.len()
                ),
                at,
            ));
        }
        Ok(())
    }
}

/// Where each element of a read blob lies (byte offsets from the start of the part).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Layout {
    /// Each root parameter's 12-byte header.
    pub parameters: Vec<u64>,
    /// Each descriptor range of each parameter (empty for non-tables).
    pub ranges: Vec<Vec<u64>>,
    /// Each static sampler.
    pub static_samplers: Vec<u64>,
}

impl Layout {
    /// The offset of a validation message's element (the header for [`Element::Root`]).
    pub fn offset_of(&self, element: Element) -> Option<u64> {
        match element {
            Element::Root => Some(0),
            Element::Parameter(i) => self.parameters.get(i).copied(),
            Element::Range(i, j) => self.ranges.get(i).and_then(|r| r.get(j)).copied(),
            Element::StaticSampler(i) => self.static_samplers.get(i).copied(),
        }
    }
}

/// Reads an RTS0 part (the part's data, without the container's part header).
///
/// Accepts any placement of the parameter, payload and sampler arrays as long as each lies
/// inside the blob; values of enumerations and flags are kept as found (see
/// [`crate::validate()`] for the rules). Errors carry the byte offset of the field at fault.
pub fn read(data: &[u8]) -> Result<RootSignature> {
    read_with_layout(data).map(|(rs, _)| rs)
}

/// [`read`], also returning where each element lies, so that validation messages can name
/// byte offsets.
pub fn read_with_layout(data: &[u8]) -> Result<(RootSignature, Layout)> {
    let b = Blob { data };
    let code = b.u32_at(0, "RTS0 header")?;
    let version = Version::from_code(code).ok_or_else(|| {
        Error::at_offset(
            ErrorKind::UnsupportedVersion,
            format!("unsupported root signature version {code} (expected 1, 2 or 3)"),
            0,
        )
    })?;
    if (data.len() as u64) < u64::from(HEADER_SIZE) {
        return Err(Error::at_offset(
            ErrorKind::Truncated,
            format!(
                "truncated RTS0 header: need {HEADER_SIZE} bytes, have {}",
                data.len()
            ),
            data.len() as u64,
        ));
    }
    let num_params = b.u32_at(4, "RTS0 header")?;
    let params_offset = b.u32_at(8, "RTS0 header")?;
    let num_samplers = b.u32_at(12, "RTS0 header")?;
    let samplers_offset = b.u32_at(16, "RTS0 header")?;
    let flags = RootFlags(b.u32_at(20, "RTS0 header")?);

    b.check_array(
        params_offset,
        num_params,
        PARAMETER_HEADER_SIZE,
        "root parameters",
        4,
    )?;
    b.check_array(
        samplers_offset,
        num_samplers,
        sampler_size(version),
        "static samplers",
        12,
    )?;

    // Both counts are now bounded by the blob size over the record size.
    let mut layout = Layout::default();
    let mut parameters = Vec::with_capacity(num_params as usize);
    // Tables may not share ranges beyond the blob's size: a few bytes must not expand into
    // many copies of one large range array.
    let mut range_budget = data.len() as u64 / u64::from(range_size(version));
    for i in 0..u64::from(num_params) {
        let at = u64::from(params_offset) + i * u64::from(PARAMETER_HEADER_SIZE);
        let (p, ranges) = read_parameter(&b, at, version, &mut range_budget)?;
        parameters.push(p);
        layout.parameters.push(at);
        layout.ranges.push(ranges);
    }
    let mut static_samplers = Vec::with_capacity(num_samplers as usize);
    for i in 0..u64::from(num_samplers) {
        let at = u64::from(samplers_offset) + i * u64::from(sampler_size(version));
        static_samplers.push(read_sampler(&b, at, version)?);
        layout.static_samplers.push(at);
    }
    let rs = RootSignature {
        version,
        flags,
        parameters,
        static_samplers,
    };
    Ok((rs, layout))
}

fn read_parameter(
    b: &Blob<'_>,
    at: u64,
    v: Version,
    budget: &mut u64,
) -> Result<(RootParameter, Vec<u64>)> {
    let mut offsets = Vec::new();
    let ty = b.u32_at(at, "root parameter")?;
    let visibility = ShaderVisibility(b.u32_at(at + 4, "root parameter")?);
    let payload = b.u32_at(at + 8, "root parameter")?;
    let p = u64::from(payload);
    let kind = match ty {
        0 => {
            b.check_array(payload, 1, TABLE_HEADER_SIZE, "descriptor table", at + 8)?;
            let n = b.u32_at(p, "descriptor table")?;
            let ranges_at = b.u32_at(p + 4, "descriptor table")?;
            b.check_array(ranges_at, n, range_size(v), "descriptor ranges", p)?;
            *budget = budget.checked_sub(u64::from(n)).ok_or_else(|| {
                Error::at_offset(
                    ErrorKind::BadOffset,
                    "descriptor tables share more ranges than the blob holds",
                    p,
                )
            })?;
            let mut ranges = Vec::with_capacity(n as usize);
            for j in 0..u64::from(n) {
                let r = u64::from(ranges_at) + j * u64::from(range_size(v));
                ranges.push(read_range(b, r, v)?);
                offsets.push(r);
            }
            ParameterKind::DescriptorTable(ranges)
        }
        1 => {
            b.check_array(payload, 1, CONSTANTS_SIZE, "root constants", at + 8)?;
            ParameterKind::Constants(RootConstants {
                register: b.u32_at(p, "root constants")?,
                space: b.u32_at(p + 4, "root constants")?,
                num_32bit_values: b.u32_at(p + 8, "root constants")?,
            })
        }
        2..=4 => {
            b.check_array(payload, 1, descriptor_size(v), "root descriptor", at + 8)?;
            let d = RootDescriptor {
                register: b.u32_at(p, "root descriptor")?,
                space: b.u32_at(p + 4, "root descriptor")?,
                flags: if v == Version::V1_0 {
                    DescriptorFlags::default_for(v)
                } else {
                    DescriptorFlags(b.u32_at(p + 8, "root descriptor")?)
                },
            };
            match ty {
                2 => ParameterKind::Cbv(d),
                3 => ParameterKind::Srv(d),
                _ => ParameterKind::Uav(d),
            }
        }
        _ => {
            return Err(Error::at_offset(
                ErrorKind::UnknownParameterType,
                format!("unknown root parameter type {ty} (expected 0 to 4)"),
                at,
            ))
        }
    };
    Ok((RootParameter { visibility, kind }, offsets))
}

fn read_range(b: &Blob<'_>, at: u64, v: Version) -> Result<DescriptorRange> {
    let what = "descriptor range";
    let range_type = RangeType(b.u32_at(at, what)?);
    let num_descriptors = b.u32_at(at + 4, what)?;
    let base_register = b.u32_at(at + 8, what)?;
    let space = b.u32_at(at + 12, what)?;
    let (flags, offset) = if v == Version::V1_0 {
        (
            RangeFlags::default_for(v, range_type),
            b.u32_at(at + 16, what)?,
        )
    } else {
        (
            RangeFlags(b.u32_at(at + 16, what)?),
            b.u32_at(at + 20, what)?,
        )
    };
    Ok(DescriptorRange {
        range_type,
        num_descriptors,
        base_register,
        space,
        flags,
        offset,
    })
}

fn read_sampler(b: &Blob<'_>, at: u64, v: Version) -> Result<StaticSampler> {
    let what = "static sampler";
    let f = |i: u64| b.u32_at(at + 4 * i, what);
    Ok(StaticSampler {
        filter: Filter(f(0)?),
        address_u: AddressMode(f(1)?),
        address_v: AddressMode(f(2)?),
        address_w: AddressMode(f(3)?),
        mip_lod_bias: f32::from_bits(f(4)?),
        max_anisotropy: f(5)?,
        comparison_func: ComparisonFunc(f(6)?),
        border_color: BorderColor(f(7)?),
        min_lod: f32::from_bits(f(8)?),
        max_lod: f32::from_bits(f(9)?),
        register: f(10)?,
        space: f(11)?,
        visibility: ShaderVisibility(f(12)?),
        flags: if v == Version::V1_2 {
            SamplerFlags(f(13)?)
        } else {
            SamplerFlags::NONE
        },
    })
}
