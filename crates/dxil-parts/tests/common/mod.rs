//! Test helpers: a minimal container splitter (header `DXBC`, 16-byte digest, u16 major,
//! u16 minor, u32 size, u32 part count, u32 offsets; part = fourcc + u32 size + data) and
//! corpus access. Tests skip when `../shared` is absent.
#![allow(dead_code)]

use std::path::PathBuf;

pub fn corpus_dir() -> Option<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if d.is_dir() {
        Some(d)
    } else {
        eprintln!("note: {} absent; skipping corpus test", d.display());
        None
    }
}

/// Corpus shader ids, sorted.
pub fn corpus_ids(dir: &std::path::Path) -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(dir)
        .expect("read corpus dir")
        .filter_map(|e| {
            let n = e.ok()?.file_name().into_string().ok()?;
            n.strip_suffix(".dxil").map(str::to_string)
        })
        .collect();
    ids.sort();
    ids
}

fn u32_at(d: &[u8], at: usize) -> Option<u32> {
    let b = d.get(at..at + 4)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Splits a container into (fourcc, data) parts.
pub fn split(d: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    if d.get(0..4)? != b"DXBC" {
        return None;
    }
    let count = u32_at(d, 28)? as usize;
    let mut parts = Vec::new();
    for i in 0..count {
        let off = u32_at(d, 32 + 4 * i)? as usize;
        let mut fourcc = [0u8; 4];
        fourcc.copy_from_slice(d.get(off..off + 4)?);
        let size = u32_at(d, off + 4)? as usize;
        parts.push((fourcc, d.get(off + 8..off + 8 + size)?));
    }
    Some(parts)
}
