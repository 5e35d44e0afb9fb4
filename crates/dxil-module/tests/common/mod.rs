//! Corpus access for the tests; they skip when `../shared` is absent.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub fn corpus_dir() -> Option<PathBuf> {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    if d.is_dir() {
        Some(d)
    } else {
        eprintln!("note: {} absent; skipping corpus test", d.display());
        None
    }
}

pub fn corpus_ids(dir: &Path) -> Vec<String> {
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

/// The bitcode of every program part (`DXIL`, `ILDB`, `STAT`) of a container.
pub fn program_bitcodes(bytes: &[u8]) -> Vec<(String, &[u8])> {
    let Ok(c) = dxil_container::Container::parse(bytes) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for p in c.parts() {
        let f = p.fourcc.to_bytes();
        if matches!(&f, b"DXIL" | b"ILDB" | b"STAT") {
            if let Ok(prog) = dxil_container::Program::parse(p) {
                out.push((String::from_utf8_lossy(&f).into_owned(), prog.bitcode));
            }
        }
    }
    out
}
