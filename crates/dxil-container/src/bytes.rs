//! Bounds-checked little-endian field readers over input slices.

/// Reads a little-endian `u32` at `at`, or `None` past the end.
pub(crate) fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// Reads a little-endian `u16` at `at`, or `None` past the end.
pub(crate) fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    let s = b.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([s[0], s[1]]))
}

/// Reads a little-endian `u64` at `at`, or `None` past the end.
pub(crate) fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    let s = b.get(at..at.checked_add(8)?)?;
    let mut a = [0u8; 8];
    a.copy_from_slice(s);
    Some(u64::from_le_bytes(a))
}

/// Reads four raw bytes at `at`, or `None` past the end.
pub(crate) fn array4_at(b: &[u8], at: usize) -> Option<[u8; 4]> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some([s[0], s[1], s[2], s[3]])
}

/// Reads sixteen raw bytes at `at`, or `None` past the end.
pub(crate) fn array16_at(b: &[u8], at: usize) -> Option<[u8; 16]> {
    let s = b.get(at..at.checked_add(16)?)?;
    let mut a = [0u8; 16];
    a.copy_from_slice(s);
    Some(a)
}
