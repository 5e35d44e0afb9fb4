//! Memory a thread addresses through pointers: its private memory (allocas and
//! thread-private globals) and its group's shared memory (`addrspace(3)`, DXIL.rst "Address
//! Spaces"). A pointer is 32 bits, as DXIL's data layout has them: the space in the top two
//! bits, a byte offset below.

use crate::code::Ty;

/// Private memory of the thread.
pub(crate) const PRIVATE: u32 = 0;
/// Group-shared memory.
pub(crate) const SHARED: u32 = 1;

/// Bits of a pointer's offset.
pub(crate) const OFFSET_BITS: u32 = 30;

/// A pointer into `space` at `offset`.
pub(crate) fn pointer(space: u32, offset: u32) -> u64 {
    u64::from((space << OFFSET_BITS) | (offset & ((1 << OFFSET_BITS) - 1)))
}

/// The space and offset of a pointer.
pub(crate) fn split(p: u64) -> (u32, u32) {
    let p = p as u32;
    (p >> OFFSET_BITS, p & ((1 << OFFSET_BITS) - 1))
}

/// Reads a `ty` little-endian at `off`; outside `mem` reads 0 (D3D gives 0 for out-of-bounds
/// reads; private memory has no rule, and 0 keeps it deterministic).
pub(crate) fn read(mem: &[u8], off: usize, ty: Ty) -> u64 {
    let n = ty.bytes() as usize;
    let Some(bytes) = off.checked_add(n).and_then(|end| mem.get(off..end)) else {
        return 0;
    };
    let mut v = [0u8; 8];
    v[..n].copy_from_slice(bytes);
    let raw = u64::from_le_bytes(v);
    if ty == Ty::I1 {
        raw & 1
    } else {
        raw
    }
}

/// Writes a `ty` little-endian at `off`; writes outside `mem` are dropped.
pub(crate) fn write(mem: &mut [u8], off: usize, ty: Ty, value: u64) {
    let n = ty.bytes() as usize;
    if let Some(bytes) = off.checked_add(n).and_then(|end| mem.get_mut(off..end)) {
        bytes.copy_from_slice(&value.to_le_bytes()[..n]);
    }
}
