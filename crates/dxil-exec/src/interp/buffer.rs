//! Buffer views as shaders address them (DXIL.rst "Shader Resources"; D3D11.3 functional
//! spec 5.3.7 on out-of-bounds access): raw buffers by byte address, structured buffers by
//! element and byte offset, typed buffers by element through their format, constant buffers
//! by 16-byte row. Reads outside the view give 0, writes outside are dropped.

use crate::code::Ty;
use crate::format::{read_element, write_element};
use crate::interp::float::{f32_to_half, half_to_f32};
use crate::interp::mem;
use crate::resource::{Resource, ResourceKind};

/// The byte address of (index, offset) in a raw or structured view.
pub(crate) fn address(res: &Resource, index: u64, offset: u64) -> u64 {
    match res.view {
        ResourceKind::StructuredBuffer => index
            .saturating_mul(u64::from(res.stride))
            .saturating_add(offset),
        ResourceKind::TypedBuffer => {
            index.saturating_mul(u64::from(res.format.map_or(4, |f| f.size())))
        }
        _ => index,
    }
}

/// The end of the bytes an access at (index, offset) may touch: the element for a
/// structured buffer (an offset past the stride is out of bounds, D3D11.3 functional spec
/// 5.3.7), the buffer otherwise.
pub(crate) fn end(res: &Resource, index: u64) -> u64 {
    let len = res.data.len() as u64;
    match res.view {
        ResourceKind::StructuredBuffer => {
            len.min((index + 1).saturating_mul(u64::from(res.stride)))
        }
        _ => len,
    }
}

/// Loads the components of `mask` (`ty` each, consecutive) at byte `addr`, reading nothing
/// at or past `end`; the status is whether every loaded byte was inside the view.
pub(crate) fn load_raw(
    res: &Resource,
    addr: u64,
    end: u64,
    ty: Ty,
    mask: u8,
    out: &mut [u64; 8],
) -> bool {
    let size = u64::from(ty.bytes());
    let mut ok = true;
    for (c, o) in out.iter_mut().enumerate().take(4) {
        if mask >> c & 1 == 0 {
            *o = 0;
            continue;
        }
        let at = addr.saturating_add(c as u64 * size);
        match read_at(res, at, end, ty) {
            Some(v) => *o = v,
            None => {
                ok = false;
                *o = 0;
            }
        }
    }
    ok
}

/// The value of kind `ty` at byte `at`, if it ends at or before `end`.
#[inline]
pub(crate) fn read_at(res: &Resource, at: u64, end: u64, ty: Ty) -> Option<u64> {
    (at.saturating_add(u64::from(ty.bytes())) <= end).then(|| mem::read(&res.data, at as usize, ty))
}

/// Writes `v` (kind `ty`) at byte `at` if it ends at or before `end`; drops it otherwise.
#[inline]
pub(crate) fn write_at(res: &mut Resource, at: u64, end: u64, ty: Ty, v: u64) {
    if at.saturating_add(u64::from(ty.bytes())) <= end {
        mem::write(&mut res.data, at as usize, ty, v);
    }
}

/// Stores the components of `mask` at byte `addr`, writing nothing at or past `end`.
pub(crate) fn store_raw(
    res: &mut Resource,
    addr: u64,
    end: u64,
    ty: Ty,
    vals: &[u64; 4],
    mask: u8,
) {
    let size = u64::from(ty.bytes());
    for (c, v) in vals.iter().enumerate() {
        if mask >> c & 1 == 1 {
            let at = addr.saturating_add(c as u64 * size);
            write_at(res, at, end, ty, *v);
        }
    }
}

/// Register form (f32 bits or 32-bit integers, 64-bit as two words) to slot values of `ty`.
pub(crate) fn from_regs(regs: [u32; 4], ty: Ty, wide: bool, out: &mut [u64; 8]) {
    for c in 0..4 {
        out[c] = match ty {
            Ty::F16 => u64::from(f32_to_half(f32::from_bits(regs[c]))),
            Ty::I16 => u64::from(regs[c] & 0xffff),
            Ty::I64 | Ty::F64 if wide => {
                if c < 2 {
                    u64::from(regs[2 * c]) | (u64::from(regs[2 * c + 1]) << 32)
                } else {
                    0
                }
            }
            _ => u64::from(regs[c]),
        };
    }
}

/// Slot values of `ty` to register form.
pub(crate) fn to_regs(vals: &[u64; 4], ty: Ty, wide: bool, mask: u8) -> ([u32; 4], u8) {
    let mut r = [0u32; 4];
    match ty {
        Ty::I64 | Ty::F64 if wide => {
            let mut m = 0;
            for c in 0..2 {
                r[2 * c] = vals[c] as u32;
                r[2 * c + 1] = (vals[c] >> 32) as u32;
                if mask >> c & 1 == 1 {
                    m |= 3 << (2 * c);
                }
            }
            return (r, m);
        }
        Ty::F16 => {
            for c in 0..4 {
                r[c] = half_to_f32(vals[c] as u16).to_bits();
            }
        }
        Ty::I16 => {
            for c in 0..4 {
                r[c] = vals[c] as u16 as i16 as i32 as u32;
            }
        }
        _ => {
            for c in 0..4 {
                r[c] = vals[c] as u32;
            }
        }
    }
    (r, mask)
}

/// A typed load of element `index`; the status is whether it was inside the view.
pub(crate) fn load_typed(res: &Resource, index: u64, ty: Ty, out: &mut [u64; 8]) -> bool {
    let Some(f) = res.format else {
        return load_raw(res, index.saturating_mul(4), end(res, index), ty, 0xf, out);
    };
    let size = u64::from(f.size());
    let at = index.saturating_mul(size);
    let ok = at.saturating_add(size) <= res.data.len() as u64;
    let regs = if ok {
        read_element(f, &res.data[at as usize..(at + size) as usize])
    } else {
        [0; 4]
    };
    from_regs(regs, ty, f.component.size() == 8, out);
    ok
}

/// A typed store to element `index`.
pub(crate) fn store_typed(res: &mut Resource, index: u64, ty: Ty, vals: &[u64; 4], mask: u8) {
    let Some(f) = res.format else {
        store_raw(
            res,
            index.saturating_mul(4),
            end(res, index),
            ty,
            vals,
            mask,
        );
        return;
    };
    let size = u64::from(f.size());
    let at = index.saturating_mul(size);
    if at.saturating_add(size) <= res.data.len() as u64 {
        let (regs, m) = to_regs(vals, ty, f.component.size() == 8, mask);
        write_element(f, regs, m, &mut res.data[at as usize..(at + size) as usize]);
    }
}

/// Elements (typed, structured) or bytes (raw) of a buffer view.
pub(crate) fn length(res: &Resource) -> u64 {
    let n = res.data.len() as u64;
    match res.view {
        ResourceKind::StructuredBuffer => n / u64::from(res.stride.max(1)),
        ResourceKind::TypedBuffer => n / u64::from(res.format.map_or(4, |f| f.size()).max(1)),
        _ => n,
    }
}
