//! Corpus access for tests and benchmarks: finds `../shared/corpus` and extracts the bitcode
//! of a container's DXIL / ILDB parts (DXContainer header: 'DXBC', 16-byte digest, u16 major,
//! u16 minor, u32 size, u32 part count, u32 offsets[]; part: fourcc, u32 size, data; program
//! part: u32 version, u32 size in words, 'DXIL', u32 dxil version, u32 bitcode offset from the
//! 'DXIL' magic, u32 bitcode size).
#![allow(dead_code)]

use std::path::PathBuf;

/// The corpus directory, or `None` (with a note) when it is absent.
pub fn corpus_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("note: {} not found; skipping corpus test", dir.display());
        None
    }
}

/// All corpus shader ids, sorted.
pub fn corpus_ids(dir: &std::path::Path) -> Vec<String> {
    let mut ids: Vec<String> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(|e| e.ok())
                .filter_map(|e| {
                    let name = e.file_name().into_string().ok()?;
                    name.strip_suffix(".dxil").map(str::to_owned)
                })
                .collect()
        })
        .unwrap_or_default();
    ids.sort();
    ids
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(
        b.get(at..at.checked_add(4)?)?.try_into().ok()?,
    ))
}

/// The bitcode of part `fourcc` (`b"DXIL"` or `b"ILDB"`), if present and well formed.
pub fn part_bitcode<'a>(container: &'a [u8], fourcc: &[u8; 4]) -> Option<&'a [u8]> {
    if container.get(..4)? != b"DXBC" {
        return None;
    }
    let count = u32_at(container, 28)? as usize;
    for i in 0..count.min(1024) {
        let off = u32_at(container, 32 + 4 * i)? as usize;
        if container.get(off..off + 4)? != fourcc {
            continue;
        }
        let size = u32_at(container, off + 4)? as usize;
        let data = container.get(off + 8..off + 8 + size)?;
        if data.get(8..12)? != b"DXIL" {
            return None;
        }
        let bc_off = u32_at(data, 16)? as usize;
        let bc_size = u32_at(data, 20)? as usize;
        return data.get(8 + bc_off..8 + bc_off + bc_size);
    }
    None
}
