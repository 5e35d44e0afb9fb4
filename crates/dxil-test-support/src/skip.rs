//! Tests that cannot do (all of) their work here, because reference data in `../shared` or
//! a tool is absent, say so where people look: a test that returns early would otherwise
//! print `ok` like one that measured something.
//!
//! [`skip()`] writes one line naming the test to the process's standard error through
//! [`std::io::stderr`] itself, which libtest does not capture (it captures only the print
//! macros), so the line shows without `--nocapture`; and appends the test and the reason to
//! [`skip_log`] (`target/dxil-skipped-tests.txt`), one `TEST<tab>WHY` line each, which
//! `tools/test` empties before `cargo test` and counts after it.

use std::collections::HashSet;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The name of the skip log in the target directory.
pub const SKIP_LOG_NAME: &str = "dxil-skipped-tests.txt";

/// Records that the running test skips (some of) its work, and why: a `skip: TEST: WHY`
/// line on standard error and a `TEST<tab>WHY` line in [`skip_log`]. A test is reported
/// once per process (its first reason), however many helpers find their data absent.
pub fn skip(why: &str) {
    let test = test_name();
    static REPORTED: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    if let Ok(mut seen) = REPORTED.lock() {
        if !seen.get_or_insert_with(HashSet::new).insert(test.clone()) {
            return;
        }
    }
    let _ = std::io::stderr().write_all(format!("skip: {test}: {why}\n").as_bytes());
    let _ = record(&skip_log(), &test, why);
}

/// The running test as `crate/binary::test` (`dxil-module/strip::stripped_ildb_...`):
/// libtest runs each test on a thread named after it; the binary is the executable's name
/// less cargo's hash; the crate is `CARGO_PKG_NAME`, which cargo sets when it runs tests.
/// Parts that are unknown (a helper thread, a binary run by hand) are left out.
pub fn test_name() -> String {
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
        .map(|stem| match stem.rsplit_once('-') {
            Some((name, hash))
                if hash.len() == 16 && hash.chars().all(|c| c.is_ascii_hexdigit()) =>
            {
                name.to_string()
            }
            _ => stem,
        })
        .unwrap_or_default();
    let mut name = match std::env::var("CARGO_PKG_NAME") {
        Ok(krate) if !krate.is_empty() => format!("{krate}/{binary}"),
        _ => binary,
    };
    if let Some(test) = std::thread::current().name().filter(|n| *n != "main") {
        name.push_str("::");
        name.push_str(test);
    }
    name
}

/// `<target directory>/dxil-skipped-tests.txt`: the target directory is the first
/// directory above the running executable that holds cargo's `CACHEDIR.TAG` (so
/// `CARGO_TARGET_DIR` and `--target` are followed), else the workspace's `target`.
/// `DXIL_SKIP_LOG=FILE` puts it elsewhere.
pub fn skip_log() -> PathBuf {
    if let Some(log) = std::env::var_os("DXIL_SKIP_LOG").filter(|v| !v.is_empty()) {
        return PathBuf::from(log);
    }
    let exe = std::env::current_exe().ok();
    let target = exe
        .as_deref()
        .and_then(|e| {
            e.ancestors()
                .skip(1)
                .find(|d| d.join("CACHEDIR.TAG").is_file())
        })
        .map(Path::to_path_buf)
        .unwrap_or_else(|| crate::paths::workspace_root().join("target"));
    target.join(SKIP_LOG_NAME)
}

/// Appends `TEST<tab>WHY` to `log` in one write (tests of several processes append at
/// once); tabs and line breaks in either become spaces.
pub fn record(log: &Path, test: &str, why: &str) -> std::io::Result<()> {
    let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
    let line = format!("{}\t{}\n", clean(test), clean(why));
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)?
        .write_all(line.as_bytes())
}

/// The distinct tests `log` names, sorted (what `tools/test` counts); empty when `log` is
/// absent.
pub fn skipped_tests(log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let mut tests: Vec<String> = text
        .lines()
        .filter_map(|l| l.split('\t').next())
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .collect();
    tests.sort();
    tests.dedup();
    tests
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_running_test_is_named() {
        let name = test_name();
        assert!(
            name.ends_with("::skip::tests::the_running_test_is_named"),
            "{name}"
        );
        assert!(
            name.starts_with("dxil-test-support/dxil_test_support::"),
            "{name}"
        );
        // A thread of the test's own has no test name: the binary is still named.
        let inner = std::thread::spawn(test_name).join().expect("thread");
        assert_eq!(inner, "dxil-test-support/dxil_test_support");
    }

    #[test]
    fn the_log_counts_each_test_once() {
        let dir = std::env::temp_dir().join(format!("dxil-skip-log-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary directory");
        let log = dir.join(SKIP_LOG_NAME);
        let _ = std::fs::remove_file(&log);
        assert!(skipped_tests(&log).is_empty());
        record(&log, "a/x::one", "../shared/corpus absent").expect("append");
        record(&log, "a/x::one", "dxv\tabsent\n").expect("append");
        record(&log, "b/y::two", "no Vulkan adapter").expect("append");
        let text = std::fs::read_to_string(&log).expect("log");
        assert_eq!(
            text,
            "a/x::one\t../shared/corpus absent\na/x::one\tdxv absent \nb/y::two\tno Vulkan adapter\n"
        );
        assert_eq!(skipped_tests(&log), ["a/x::one", "b/y::two"]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The child of [`a_skip_shows_without_nocapture`]: skips when that test runs it.
    #[test]
    fn skip_probe() {
        if std::env::var_os("DXIL_SKIP_PROBE").is_some() {
            skip("the probe's reason");
        }
    }

    #[test]
    fn a_skip_shows_without_nocapture() {
        let dir = std::env::temp_dir().join(format!("dxil-skip-probe-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temporary directory");
        let log = dir.join(SKIP_LOG_NAME);
        let _ = std::fs::remove_file(&log);
        let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
            .args(["--exact", "skip::tests::skip_probe", "--test-threads=1"])
            .env("DXIL_SKIP_PROBE", "1")
            .env("DXIL_SKIP_LOG", &log)
            .output()
            .expect("running the probe");
        assert!(out.status.success(), "{out:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        let want = "::skip::tests::skip_probe: the probe's reason\n";
        assert!(
            stderr.starts_with("skip: dxil-test-support/dxil_test_support::")
                && stderr.ends_with(want),
            "the skip line is not on the test's standard error: {stderr:?}"
        );
        assert_eq!(
            skipped_tests(&log),
            ["dxil-test-support/dxil_test_support::skip::tests::skip_probe"]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_log_lies_in_the_target_directory() {
        if std::env::var_os("DXIL_SKIP_LOG").is_some() {
            return;
        }
        let log = skip_log();
        assert_eq!(
            log.file_name().and_then(|n| n.to_str()),
            Some(SKIP_LOG_NAME)
        );
        let target = log.parent().expect("target directory");
        assert!(target.join("CACHEDIR.TAG").is_file(), "{}", log.display());
    }
}
