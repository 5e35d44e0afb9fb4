//! The offload-test-suite's compute cases (`../shared/exec`) through the project's own HLSL
//! compiler: each case's `source.hlsl` compiled by `dxil dxc` with the case's own `dxc`
//! arguments, then run by `dxil run OURS --pipeline ID.yaml`. Every case whose reference
//! container passes there must pass with ours, except the cases listed in
//! `hlsl_exec_known.txt` with the reason; a listed case that passes fails the test too, so
//! the list stays exact.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const DXIL: &str = env!("CARGO_BIN_EXE_dxil");

/// `llvm split-file` sections: a line `#--- NAME` or `//--- NAME` starts a file.
fn split_file(text: &str) -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = Vec::new();
    for line in text.split_inclusive('\n') {
        let t = line.trim_end();
        let name = t
            .strip_prefix("#--- ")
            .or_else(|| t.strip_prefix("//--- "))
            .filter(|n| !n.is_empty() && !n.contains(char::is_whitespace));
        match (name, files.last_mut()) {
            (Some(n), _) => files.push((n.to_string(), String::new())),
            (None, Some(f)) => f.1.push_str(line),
            (None, None) => {}
        }
    }
    files
}

fn passes(container: &Path, yaml: &Path) -> bool {
    Command::new(DXIL)
        .arg("run")
        .arg(container)
        .arg("--pipeline")
        .arg(yaml)
        .output()
        .is_ok_and(|o| o.status.success())
}

/// What became of one case: `None` when the reference's own container fails (not counted).
fn run_case(dir: &Path, work: &Path, id: &str, args: &[String]) -> Option<Result<(), String>> {
    let yaml = dir.join(format!("{id}.yaml"));
    if !passes(&dir.join(format!("{id}.dxil")), &yaml) {
        return None;
    }
    let text = std::fs::read_to_string(dir.join(format!("{id}.test"))).ok()?;
    let case = work.join(id);
    let mut source = None;
    for (name, body) in split_file(&text) {
        let path = case.join(&name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).ok()?;
        }
        std::fs::write(&path, body).ok()?;
        if name.ends_with(".hlsl") && source.is_none() {
            source = Some(path);
        }
    }
    let source = source?;
    let out = case.join("ours.dxil");
    let o = Command::new(DXIL)
        .arg("dxc")
        .args(args)
        .arg("-Fo")
        .arg(&out)
        .arg(&source)
        .output()
        .ok()?;
    if !o.status.success() {
        let err = String::from_utf8_lossy(&o.stderr);
        let first = err
            .lines()
            .find(|l| l.contains("error"))
            .unwrap_or("")
            .trim();
        return Some(Err(format!("does not compile: {first}")));
    }
    if !passes(&out, &yaml) {
        return Some(Err("compiles, and the pipeline's results differ".into()));
    }
    Some(Ok(()))
}

#[test]
fn exec_suite_compiled_by_us() {
    let Some(dir) = dxil_test_support::shared_path("exec") else {
        return;
    };
    let Some(index) = dxil_test_support::read_jsonl(&dir.join("index.jsonl")) else {
        panic!("{} has no index.jsonl", dir.display());
    };
    let mut cases = Vec::new();
    for r in &index {
        let (Some(id), Some(args)) = (r["id"].as_str(), r["args"].as_array()) else {
            continue;
        };
        if r["compiled"].as_bool() != Some(true) {
            continue;
        }
        let Ok(yaml) = std::fs::read_to_string(dir.join(format!("{id}.yaml"))) else {
            continue;
        };
        if !yaml.contains("Results:")
            || yaml.contains("Stage: Vertex")
            || yaml.contains("Stage: Pixel")
        {
            continue;
        }
        let args: Vec<String> = args
            .iter()
            .filter_map(|a| a.as_str().map(str::to_string))
            .collect();
        cases.push((id.to_string(), args));
    }
    let work: PathBuf = std::env::temp_dir().join(format!("dxil-hlsl-exec-{}", std::process::id()));
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(8);
    let results: BTreeMap<String, Result<(), String>> = std::thread::scope(|s| {
        let chunks: Vec<_> = cases.chunks(cases.len().div_ceil(threads).max(1)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let (dir, work) = (&dir, &work);
                s.spawn(move || {
                    chunk
                        .iter()
                        .filter_map(|(id, args)| Some((id.clone(), run_case(dir, work, id, args)?)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let _ = std::fs::remove_dir_all(&work);
    let known_text = include_str!("hlsl_exec_known.txt");
    let known: BTreeMap<&str, &str> = known_text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.split_once(char::is_whitespace)
                .map_or((l, ""), |(a, b)| (a, b.trim()))
        })
        .collect();
    let mut problems = Vec::new();
    for (id, r) in &results {
        match (r, known.get(id.as_str())) {
            (Err(e), None) => problems.push(format!("{id}: {e}")),
            (Ok(()), Some(_)) => problems.push(format!(
                "{id}: passes now; remove it from hlsl_exec_known.txt"
            )),
            _ => {}
        }
    }
    for id in known.keys() {
        if !results.contains_key(*id) {
            problems.push(format!("{id}: listed as known, but no such counted case"));
        }
    }
    let pass = results.values().filter(|r| r.is_ok()).count();
    eprintln!("exec suite through dxil dxc: {pass}/{} pass", results.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
