//! Test helpers: corpus access and container splitting. Tests skip when `../shared` is
//! absent.
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

/// Splits a container into (fourcc, data) parts with the container reader.
pub fn split(d: &[u8]) -> Option<Vec<([u8; 4], &[u8])>> {
    let c = dxil_container::Container::parse(d).ok()?;
    Some(dxil_parts::print::container_parts(&c))
}
