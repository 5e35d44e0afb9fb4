//! Shared test helpers: corpus location and a small DXContainer extraction of the DXIL part.
#![allow(dead_code)]

use std::path::PathBuf;

/// `../shared/corpus` relative to the workspace root, if present.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: {} absent; skipping corpus test", dir.display());
        None
    }
}

/// All corpus containers, sorted by name.
pub fn corpus_files() -> Vec<PathBuf> {
    let Some(dir) = corpus_dir() else {
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("read corpus dir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "dxil"))
        .collect();
    v.sort();
    v
}

fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    let s = b.get(off..off.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// Bitcode of every part holding a DXIL program (`DXIL`, `ILDB`, `STAT`) in a DXBC container.
pub fn program_bitcodes(c: &[u8]) -> Vec<([u8; 4], &[u8])> {
    let mut out = Vec::new();
    if c.get(..4) != Some(b"DXBC") {
        return out;
    }
    let count = u32_at(c, 28).unwrap_or(0) as usize;
    for i in 0..count.min(64) {
        let Some(off) = u32_at(c, 32 + 4 * i) else {
            break;
        };
        let off = off as usize;
        let (Some(size), Some(fourcc)) = (u32_at(c, off + 4), c.get(off..off + 4)) else {
            continue;
        };
        let fourcc: [u8; 4] = fourcc.try_into().unwrap();
        if !matches!(&fourcc, b"DXIL" | b"ILDB" | b"STAT") {
            continue;
        }
        let Some(data) = c.get(off + 8..off + 8 + size as usize) else {
            continue;
        };
        // Program header: version, size in words, 'DXIL', dxil version, bitcode offset, size.
        let (Some(bc_off), Some(bc_size)) = (u32_at(data, 16), u32_at(data, 20)) else {
            continue;
        };
        let start = 8 + bc_off as usize;
        if let Some(bc) = data.get(start..start + bc_size as usize) {
            out.push((fourcc, bc));
        }
    }
    out
}

/// Bitcode of the DXIL part.
pub fn dxil_bitcode(c: &[u8]) -> Option<&[u8]> {
    program_bitcodes(c)
        .into_iter()
        .find(|(f, _)| f == b"DXIL")
        .map(|(_, b)| b)
}
