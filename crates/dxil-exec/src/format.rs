//! Typed elements: one element of a typed view (typed buffer or texture) as the shader's 32-bit
//! registers see it, and back. The conversions follow the D3D11.3 functional spec, section 3.2
//! "Data Conversion": UNORM/SNORM to float is exact division (the most negative SNORM value
//! maps to -1.0); float to UNORM/SNORM clamps (NaN gives 0), scales, adds 0.5 away from zero
//! and drops the fraction; float32 to float16 rounds to nearest even; integers are
//! sign- or zero-extended on read and truncated on write.

use crate::resource::{ComponentFormat, ElementFormat};
pub(crate) use dxil_ir::{f32_to_half, half_to_f32};

/// The register bits of 1.0 (the alpha a float format without alpha reads).
const ONE_F32: u32 = 0x3f80_0000;

/// Reads one element of `format` from `bytes` (little-endian). Channels the format lacks read
/// 0, alpha reads 1 (1.0 for float and normalised formats). 64-bit components take two
/// registers each, low word first, as an `R32G32_UINT` view of them would. `bytes` shorter than
/// the element reads as all zero.
pub fn read_element(format: ElementFormat, bytes: &[u8]) -> [u32; 4] {
    let comp = format.component;
    let size = comp.size() as usize;
    let channels = usize::from(format.channels.clamp(1, 4));
    let is_float = !matches!(
        comp,
        ComponentFormat::Int16
            | ComponentFormat::Int32
            | ComponentFormat::Int64
            | ComponentFormat::UInt16
            | ComponentFormat::UInt32
            | ComponentFormat::UInt64
    );
    let mut out = [0, 0, 0, if is_float { ONE_F32 } else { 1 }];
    if bytes.len() < size * channels {
        return out;
    }
    if size == 8 {
        for c in 0..channels.min(2) {
            let raw = &bytes[c * 8..c * 8 + 8];
            out[2 * c] = u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]);
            out[2 * c + 1] = u32::from_le_bytes([raw[4], raw[5], raw[6], raw[7]]);
        }
        // A single 64-bit channel leaves the upper two registers as a missing channel reads.
        if channels == 1 {
            out[2] = 0;
        }
        return out;
    }
    for (c, reg) in out.iter_mut().enumerate().take(channels) {
        let raw = &bytes[c * size..c * size + size];
        *reg = read_component(comp, raw);
    }
    out
}

/// One component of at most 4 bytes as a register.
fn read_component(comp: ComponentFormat, raw: &[u8]) -> u32 {
    let u16v = || u16::from_le_bytes([raw[0], raw[1]]);
    match comp {
        ComponentFormat::Float32 | ComponentFormat::Int32 | ComponentFormat::UInt32 => {
            u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]])
        }
        ComponentFormat::Float16 => half_to_f32(u16v()).to_bits(),
        ComponentFormat::Int16 => i32::from(u16v() as i16) as u32,
        ComponentFormat::UInt16 => u32::from(u16v()),
        ComponentFormat::UNorm8 => unorm_to_f32(u32::from(raw[0]), 8).to_bits(),
        ComponentFormat::SNorm8 => snorm_to_f32(i32::from(raw[0] as i8), 8).to_bits(),
        ComponentFormat::UNorm16 => unorm_to_f32(u32::from(u16v()), 16).to_bits(),
        ComponentFormat::SNorm16 => snorm_to_f32(i32::from(u16v() as i16), 16).to_bits(),
        ComponentFormat::Float64 | ComponentFormat::Int64 | ComponentFormat::UInt64 => 0,
    }
}

/// Writes the channels of `value` selected by `mask` (bit 0 = x) into one element of `format`
/// in `bytes`, converting from register form (see [`read_element`]). For 64-bit components
/// mask bits select registers: a component is written when either of its two registers is
/// selected. `bytes` shorter than the element is left alone.
pub fn write_element(format: ElementFormat, value: [u32; 4], mask: u8, bytes: &mut [u8]) {
    let comp = format.component;
    let size = comp.size() as usize;
    let channels = usize::from(format.channels.clamp(1, 4));
    if bytes.len() < size * channels {
        return;
    }
    if size == 8 {
        for c in 0..channels.min(2) {
            if mask & (0b11 << (2 * c)) == 0 {
                continue;
            }
            let lo = value[2 * c].to_le_bytes();
            let hi = value[2 * c + 1].to_le_bytes();
            bytes[c * 8..c * 8 + 4].copy_from_slice(&lo);
            bytes[c * 8 + 4..c * 8 + 8].copy_from_slice(&hi);
        }
        return;
    }
    for (c, &reg) in value.iter().enumerate().take(channels) {
        if mask & (1 << c) == 0 {
            continue;
        }
        let dst = &mut bytes[c * size..c * size + size];
        write_component(comp, reg, dst);
    }
}

/// One register into one component of at most 4 bytes.
fn write_component(comp: ComponentFormat, reg: u32, dst: &mut [u8]) {
    let f = f32::from_bits(reg);
    match comp {
        ComponentFormat::Float32 | ComponentFormat::Int32 | ComponentFormat::UInt32 => {
            dst.copy_from_slice(&reg.to_le_bytes())
        }
        ComponentFormat::Float16 => dst.copy_from_slice(&f32_to_half(f).to_le_bytes()),
        ComponentFormat::Int16 | ComponentFormat::UInt16 => {
            dst.copy_from_slice(&(reg as u16).to_le_bytes())
        }
        ComponentFormat::UNorm8 => dst[0] = f32_to_unorm(f, 8) as u8,
        ComponentFormat::SNorm8 => dst[0] = f32_to_snorm(f, 8) as i8 as u8,
        ComponentFormat::UNorm16 => {
            dst.copy_from_slice(&(f32_to_unorm(f, 16) as u16).to_le_bytes())
        }
        ComponentFormat::SNorm16 => {
            dst.copy_from_slice(&(f32_to_snorm(f, 16) as i16).to_le_bytes())
        }
        ComponentFormat::Float64 | ComponentFormat::Int64 | ComponentFormat::UInt64 => {}
    }
}

/// UNORM -> float: `c / (2^n - 1)` (D3D11.3 3.2.3.4 "UNORM -> FLOAT").
pub fn unorm_to_f32(c: u32, bits: u32) -> f32 {
    let max = ((1u64 << bits) - 1) as f32;
    c as f32 / max
}

/// SNORM -> float: `c / (2^(n-1) - 1)`, the most negative code also -1.0 (D3D11.3 3.2.3.5).
pub fn snorm_to_f32(c: i32, bits: u32) -> f32 {
    let max = ((1i64 << (bits - 1)) - 1) as f32;
    (c as f32 / max).max(-1.0)
}

/// Float -> UNORM: NaN is 0, clamp to [0, 1], scale by `2^n - 1`, add 0.5, drop the fraction
/// (D3D11.3 3.2.3.6 "FLOAT -> UNORM").
pub fn f32_to_unorm(f: f32, bits: u32) -> u32 {
    if f.is_nan() {
        return 0;
    }
    let max = ((1u64 << bits) - 1) as f32;
    (f.clamp(0.0, 1.0) * max + 0.5) as u32
}

/// Float -> SNORM: NaN is 0, clamp to [-1, 1], scale by `2^(n-1) - 1`, add 0.5 away from zero,
/// drop the fraction (D3D11.3 3.2.3.7 "FLOAT -> SNORM").
pub fn f32_to_snorm(f: f32, bits: u32) -> i32 {
    if f.is_nan() {
        return 0;
    }
    let max = ((1i64 << (bits - 1)) - 1) as f32;
    let c = f.clamp(-1.0, 1.0) * max;
    (if c >= 0.0 { c + 0.5 } else { c - 0.5 }) as i32
}

#[cfg(test)]
#[path = "format_tests.rs"]
mod tests;
