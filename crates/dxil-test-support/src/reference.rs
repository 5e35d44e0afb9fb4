//! The reference's own tools in `../shared/reference/bin` (`dxv`, `dxc`, `dxa`), run on
//! bytes the tests make, so a test can ask the reference validator for its verdict.

use std::path::PathBuf;
use std::process::Command;
use std::sync::atomic::{AtomicU64, Ordering};

/// `../shared/reference/bin/<tool>`, or `None` after a note on stderr when it is absent
/// (a failure when reference data is required).
pub fn reference_tool(tool: &str) -> Option<PathBuf> {
    crate::paths::shared_path(&format!("reference/bin/{tool}"))
}

/// The reference validator's verdict on `container`: `Ok` when `dxv` exits 0, else its
/// output (stdout and stderr) as the error. `None` when `dxv` is absent (see
/// [`reference_tool`]).
pub fn dxv_verdict(container: &[u8]) -> Option<Result<(), String>> {
    let dxv = reference_tool("dxv")?;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("dxil-dxv-{}-{n}.dxil", std::process::id()));
    if let Err(e) = std::fs::write(&path, container) {
        return Some(Err(format!("writing {}: {e}", path.display())));
    }
    let out = Command::new(&dxv).arg(&path).output();
    let _ = std::fs::remove_file(&path);
    Some(match out {
        Err(e) => Err(format!("running {}: {e}", dxv.display())),
        Ok(o) if o.status.success() => Ok(()),
        Ok(o) => Err(format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )),
    })
}
