//! Shared test helpers: reference data location and a tiny container reader.
#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared` relative to the workspace root, if present.
pub fn shared() -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared");
    if p.is_dir() {
        Some(p)
    } else {
        eprintln!("note: {} not found; skipping", p.display());
        None
    }
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// Parts of a DXBC container: (fourcc, data). Header: 'DXBC', 16-byte digest, u16 major,
/// u16 minor, u32 size, u32 part count, u32 offsets; part: fourcc, u32 size, data.
pub fn parts(b: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    if b.get(0..4)? != b"DXBC" {
        return None;
    }
    let n = u32_at(b, 28)? as usize;
    let mut out = Vec::new();
    for i in 0..n.min(b.len() / 4) {
        let off = u32_at(b, 32 + 4 * i)? as usize;
        let cc: [u8; 4] = b.get(off..off + 4)?.try_into().ok()?;
        let size = u32_at(b, off + 4)? as usize;
        out.push((cc, b.get(off + 8..off.checked_add(8)?.checked_add(size)?)?));
    }
    Some(out)
}

/// The RTS0 part of a container.
pub fn rts0(b: &[u8]) -> Option<&[u8]> {
    parts(b)?
        .into_iter()
        .find(|(cc, _)| cc == b"RTS0")
        .map(|(_, d)| d)
}

/// Decodes hex.
pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .filter_map(|i| u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok())
        .collect()
}
