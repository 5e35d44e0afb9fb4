//! RTS0 writer: the layout the reference produces (header, parameter headers, each payload in
//! parameter order, static samplers), so reading and writing a reference blob is byte-exact.

use super::{descriptor_size, range_size, sampler_size, CONSTANTS_SIZE, HEADER_SIZE};
use super::{PARAMETER_HEADER_SIZE, TABLE_HEADER_SIZE};
use crate::model::{ParameterKind, RootSignature, StaticSampler, Version};

fn put(out: &mut Vec<u8>, v: u32) {
    out.extend_from_slice(&v.to_le_bytes());
}

fn set(out: &mut [u8], at: usize, v: u32) {
    if let Some(slot) = out.get_mut(at..at + 4) {
        slot.copy_from_slice(&v.to_le_bytes());
    }
}

/// Offset of the next byte, as the `u32` the format stores. Blobs larger than 4 GiB cannot be
/// expressed; the offset saturates (such a model cannot come from any reader).
fn here(out: &[u8]) -> u32 {
    u32::try_from(out.len()).unwrap_or(u32::MAX)
}

fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// Serializes a root signature as an RTS0 part of its own version.
///
/// Flags the version cannot store are dropped (1.0 descriptor and range flags, sampler flags
/// before 1.2). The model is not validated; see [`crate::validate()`].
pub fn write(rs: &RootSignature) -> Vec<u8> {
    let v = rs.version;
    let mut out = Vec::with_capacity(estimate(rs));
    put(&mut out, v.code());
    put(&mut out, count(rs.parameters.len()));
    put(&mut out, HEADER_SIZE);
    put(&mut out, count(rs.static_samplers.len()));
    put(&mut out, 0); // static samplers offset, patched below
    put(&mut out, rs.flags.0);

    for p in &rs.parameters {
        put(&mut out, p.kind.type_code());
        put(&mut out, p.visibility.0);
        put(&mut out, 0); // payload offset, patched below
    }
    for (i, p) in rs.parameters.iter().enumerate() {
        let slot = HEADER_SIZE as usize + i * PARAMETER_HEADER_SIZE as usize + 8;
        let at = here(&out);
        set(&mut out, slot, at);
        match &p.kind {
            ParameterKind::DescriptorTable(ranges) => {
                put(&mut out, count(ranges.len()));
                put(&mut out, at.saturating_add(TABLE_HEADER_SIZE));
                for r in ranges {
                    put(&mut out, r.range_type.0);
                    put(&mut out, r.num_descriptors);
                    put(&mut out, r.base_register);
                    put(&mut out, r.space);
                    if v != Version::V1_0 {
                        put(&mut out, r.flags.0);
                    }
                    put(&mut out, r.offset);
                }
            }
            ParameterKind::Constants(c) => {
                put(&mut out, c.register);
                put(&mut out, c.space);
                put(&mut out, c.num_32bit_values);
            }
            ParameterKind::Cbv(d) | ParameterKind::Srv(d) | ParameterKind::Uav(d) => {
                put(&mut out, d.register);
                put(&mut out, d.space);
                if v != Version::V1_0 {
                    put(&mut out, d.flags.0);
                }
            }
        }
    }
    let at = here(&out);
    set(&mut out, 16, at);
    for s in &rs.static_samplers {
        write_sampler(&mut out, s, v);
    }
    out
}

fn write_sampler(out: &mut Vec<u8>, s: &StaticSampler, v: Version) {
    put(out, s.filter.0);
    put(out, s.address_u.0);
    put(out, s.address_v.0);
    put(out, s.address_w.0);
    put(out, s.mip_lod_bias.to_bits());
    put(out, s.max_anisotropy);
    put(out, s.comparison_func.0);
    put(out, s.border_color.0);
    put(out, s.min_lod.to_bits());
    put(out, s.max_lod.to_bits());
    put(out, s.register);
    put(out, s.space);
    put(out, s.visibility.0);
    if v == Version::V1_2 {
        put(out, s.flags.0);
    }
}

/// The exact size [`write`] produces.
pub fn estimate(rs: &RootSignature) -> usize {
    let v = rs.version;
    let mut n = HEADER_SIZE as usize + rs.parameters.len() * PARAMETER_HEADER_SIZE as usize;
    for p in &rs.parameters {
        n += match &p.kind {
            ParameterKind::DescriptorTable(r) => {
                TABLE_HEADER_SIZE as usize + r.len() * range_size(v) as usize
            }
            ParameterKind::Constants(_) => CONSTANTS_SIZE as usize,
            _ => descriptor_size(v) as usize,
        };
    }
    n + rs.static_samplers.len() * sampler_size(v) as usize
}
