//! Our own invalid (and valid) inputs, `tests/cases/<folder>/*.ll`, each run through the
//! reference validator (`../shared/reference/bin/dxv`, which assembles the text first) and
//! through ours: verdict and error messages (as a multiset) must agree. Agreement is
//! printed per folder. Skips when the reference validator is absent (fails under CI).

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use common::{validate_text, Tally};

/// Cases whose verdict agrees with the reference's at least (a share; raise it as rules
/// land).
const VERDICT_FLOOR: f64 = 0.99;
/// Rejected cases whose error messages equal the reference's at least (a share).
const MESSAGES_FLOOR: f64 = 0.9;

/// Every `.ll` below `dir`, by folder (relative to `dir`), sorted.
fn cases(dir: &Path) -> BTreeMap<String, Vec<PathBuf>> {
    let mut out: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|x| x == "ll") {
                let folder = d.strip_prefix(dir).unwrap_or(&d).display().to_string();
                out.entry(folder).or_default().push(path);
            }
        }
    }
    for files in out.values_mut() {
        files.sort();
    }
    out
}

#[test]
fn cases_agree_with_the_reference() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/cases");
    let folders = cases(&dir);
    if folders.is_empty() {
        dxil_test_support::skip(&format!("no cases under {}", dir.display()));
        return;
    }
    let Some(dxv) = dxil_test_support::reference_tool("dxv") else {
        return;
    };
    let mut all = Tally::default();
    for (folder, files) in &folders {
        let mut tally = Tally::default();
        for path in files {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let out = Command::new(&dxv).arg(path).output().expect("run dxv");
            let reference = format!(
                "{}{}",
                String::from_utf8_lossy(&out.stdout),
                String::from_utf8_lossy(&out.stderr)
            );
            let (valid, printed) = match validate_text(&text, name) {
                Some(r) => (r.is_valid(), r.to_string()),
                None => (false, String::new()),
            };
            let id = format!("{folder}/{name}");
            let ours = (valid, printed.as_str());
            let theirs = (out.status.success(), reference.as_str());
            tally.add(&id, ours, theirs);
            all.add(&id, ours, theirs);
        }
        tally.print(if folder.is_empty() { "." } else { folder });
    }
    all.print("all cases");
    let share = |a: usize, b: usize| a as f64 / b.max(1) as f64;
    assert!(
        share(all.verdicts, all.total) >= VERDICT_FLOOR,
        "verdicts {}/{} below the floor {VERDICT_FLOOR}",
        all.verdicts,
        all.total
    );
    assert!(
        all.rejected == 0 || share(all.messages, all.rejected) >= MESSAGES_FLOOR,
        "messages {}/{} below the floor {MESSAGES_FLOOR}",
        all.messages,
        all.rejected
    );
}
