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

/// `source` compiled by the reference compiler (`dxc -T <target> -E main <extra>...`): the
/// container's bytes, or `None` when `dxc` is absent (see [`reference_tool`]). A shader the
/// compiler refuses fails the test with the compiler's message.
pub fn compile_hlsl(source: &str, target: &str, extra: &[&str]) -> Option<Vec<u8>> {
    let dxc = reference_tool("dxc")?;
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    // One directory per call: tests run in parallel.
    let dir = std::env::temp_dir().join(format!("dxil-dxc-{}-{n}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let (src, out) = (dir.join("s.hlsl"), dir.join("s.dxil"));
    std::fs::write(&src, source).expect("writing the test shader");
    let o = Command::new(&dxc)
        .args(["-T", target, "-E", "main"])
        .args(extra)
        .arg(&src)
        .arg("-Fo")
        .arg(&out)
        .output()
        .expect("running dxc");
    assert!(
        o.status.success(),
        "dxc refused a test shader: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    let bytes = std::fs::read(&out).expect("reading what dxc wrote");
    let _ = std::fs::remove_dir_all(&dir);
    Some(bytes)
}
