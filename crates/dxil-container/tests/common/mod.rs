//! Shared helpers for the integration tests: locating `../shared/corpus`.

use std::path::PathBuf;

/// The shared reference directory, `<workspace>/../shared`.
pub fn shared_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared")
}

/// Every `*.dxil` container in the corpus, sorted; `None` (with a note) when absent.
pub fn corpus_files() -> Option<Vec<PathBuf>> {
    let dir = shared_dir().join("corpus");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("note: {} absent; skipping corpus test", dir.display());
        return None;
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "dxil"))
        .collect();
    files.sort();
    if files.is_empty() {
        eprintln!(
            "note: no containers in {}; skipping corpus test",
            dir.display()
        );
        return None;
    }
    Some(files)
}

/// Root-signature-only containers from `../shared/rootsig/index.jsonl` (`container_hex`).
pub fn rootsig_containers() -> Vec<Vec<u8>> {
    let path = shared_dir().join("rootsig/index.jsonl");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!(
            "note: {} absent; skipping root signature inputs",
            path.display()
        );
        return Vec::new();
    };
    let key = "\"container_hex\": \"";
    text.lines()
        .filter_map(|line| {
            let start = line.find(key)? + key.len();
            let hex = &line[start..];
            let hex = &hex[..hex.find('"')?];
            (0..hex.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(hex.get(i..i + 2)?, 16).ok())
                .collect()
        })
        .collect()
}
