//! Locating `../shared` and listing its files (sorted, so samples are reproducible).

use std::path::{Path, PathBuf};

/// The workspace root: two levels above this crate's manifest directory
/// (`crates/dxil-test-support`).
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Whether reference data must be present: under CI (`CI=true`, as CI services set it) or
/// with `DXIL_REQUIRE_SHARED=1` (set by `.ci/run`), a test whose data is absent fails
/// instead of skipping, so a run that measured nothing cannot pass.
pub fn shared_required() -> bool {
    let set =
        |name: &str| std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0" && v != "false");
    set("CI") || set("DXIL_REQUIRE_SHARED")
}

/// Skips ([`crate::skip()`]: the test named on stderr and in the skip log, `None`) when
/// reference data is absent, or fails when it is required ([`shared_required`]).
fn absent(path: &Path) -> Option<PathBuf> {
    assert!(
        !shared_required(),
        "{} is absent, and reference data is required here (CI or DXIL_REQUIRE_SHARED)",
        path.display()
    );
    crate::skip(&format!("{} absent", path.display()));
    None
}

/// Where the reference data is: `DXIL_SHARED_DIR` when set (data kept elsewhere, or a
/// directory that does not exist to see what skips without it), else
/// `<workspace>/../shared`.
pub fn shared_root() -> PathBuf {
    match std::env::var_os("DXIL_SHARED_DIR").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => workspace_root().join("../shared"),
    }
}

/// [`shared_root`], or `None` after [`crate::skip()`] when it is absent.
pub fn shared_dir() -> Option<PathBuf> {
    let dir = shared_root();
    if dir.is_dir() {
        Some(dir)
    } else {
        absent(&dir)
    }
}

/// `<shared>/<rel>` (a file or a directory), or `None` after [`crate::skip()`] when it is
/// absent.
pub fn shared_path(rel: &str) -> Option<PathBuf> {
    let path = shared_root().join(rel);
    if path.exists() {
        Some(path)
    } else {
        absent(&path)
    }
}

/// `<shared>/corpus`, or `None` after [`crate::skip()`] when it is absent.
pub fn corpus_dir() -> Option<PathBuf> {
    shared_path("corpus").filter(|d| d.is_dir())
}

/// The files of `dir` whose name ends in `.<ext>`, sorted; empty when `dir` is unreadable.
pub fn files_with_extension(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == ext))
        .collect();
    files.sort();
    files
}

/// The names (without `.<ext>`) of the files of `dir` ending in `.<ext>`, sorted; empty when
/// `dir` is unreadable.
pub fn ids_with_extension(dir: &Path, ext: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut ids: Vec<String> = entries
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            name.strip_suffix(ext)?
                .strip_suffix('.')
                .map(str::to_string)
        })
        .collect();
    ids.sort();
    ids
}

/// Corpus shader ids (`ID.dxil` file names without the extension), sorted.
pub fn corpus_ids(dir: &Path) -> Vec<String> {
    ids_with_extension(dir, "dxil")
}

/// The bytes of every container `ID.dxil` in `dir`, in id order; unreadable files are left
/// out.
pub fn corpus_bytes(dir: &Path) -> Vec<Vec<u8>> {
    corpus_ids(dir)
        .iter()
        .filter_map(|id| std::fs::read(dir.join(format!("{id}.dxil"))).ok())
        .collect()
}

/// Every corpus container (`*.dxil`), sorted; empty (after a note) when the corpus is absent.
pub fn corpus_files() -> Vec<PathBuf> {
    corpus_dir().map_or_else(Vec::new, |d| files_with_extension(&d, "dxil"))
}

/// About `n` items spread evenly over `items`: every `len / n`-th one (at least every one),
/// at most `n` of them.
pub fn spread<T>(items: &[T], n: usize) -> impl Iterator<Item = &T> {
    let step = (items.len() / n.max(1)).max(1);
    items.iter().step_by(step).take(n)
}

/// The shader sources of a naga test-input folder (`../shared/naga`): its `*.wgsl`, its
/// `glsl/*.{vert,frag,comp}` and its `spv/*.spv`, each group sorted.
pub fn naga_inputs(dir: &Path) -> Vec<PathBuf> {
    let mut out = files_with_extension(dir, "wgsl");
    for ext in ["vert", "frag", "comp"] {
        out.extend(files_with_extension(&dir.join("glsl"), ext));
    }
    out.extend(files_with_extension(&dir.join("spv"), "spv"));
    out
}
