//! The fuzz targets cannot drift from their bodies: every file in `fuzz/fuzz_targets/` is the
//! two lines that hand the fuzzer's input to `dxil_fuzz::TARGET::run`, `fuzz/Cargo.toml`
//! builds each one, this crate has a body module for each and no other, and one of this
//! crate's tests drives each body (`drive("TARGET", ..)` with `dxil_fuzz::TARGET::run`
//! inside the call). The targets are read from the directory, so a new one fails here until
//! its body is written and run.

use std::collections::BTreeSet;
use std::path::Path;

use dxil_test_support::{files_with_extension, workspace_root};

/// The stems of the `.rs` files in `dir`.
fn stems(dir: &Path) -> BTreeSet<String> {
    files_with_extension(dir, "rs")
        .iter()
        .map(|p| {
            p.file_stem()
                .expect("a file name")
                .to_string_lossy()
                .into_owned()
        })
        .collect()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Why a target file is not the two lines that call its body, if it is not.
fn not_two_lines(target: &str, text: &str) -> Option<String> {
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    let [first, second] = lines[..] else {
        return Some(format!("{} lines, not 2", lines.len()));
    };
    if first.trim() != "#![no_main]" {
        return Some(format!("the first line is `{first}`, not `#![no_main]`"));
    }
    let call = format!("| dxil_fuzz::{target}::run(");
    let ok = second.starts_with("libfuzzer_sys::fuzz_target!(|")
        && second.contains(&call)
        && second.trim_end().ends_with("));");
    (!ok).then(|| {
        format!("the second line is `{second}`, not `libfuzzer_sys::fuzz_target!(|..| dxil_fuzz::{target}::run(..));`")
    })
}

/// The `name = "..."` and `path = "..."` of each `[[bin]]` table of a Cargo manifest.
fn bins(manifest: &str) -> Vec<(String, String)> {
    let value = |line: &str, key: &str| -> Option<String> {
        let (k, v) = line.split_once('=')?;
        (k.trim() == key).then(|| v.trim().trim_matches('"').to_string())
    };
    let mut out = Vec::new();
    let mut in_bin = false;
    let (mut name, mut path) = (None, None);
    for line in manifest.lines().chain(["[end]"]) {
        let line = line.trim();
        if line.starts_with('[') {
            if let (true, Some(n), Some(p)) = (in_bin, name.take(), path.take()) {
                out.push((n, p));
            }
            in_bin = line == "[[bin]]";
            continue;
        }
        if in_bin {
            name = name.or_else(|| value(line, "name"));
            path = path.or_else(|| value(line, "path"));
        }
    }
    out
}

/// The `drive(` calls of a test source: each call's target name and its text.
fn drive_calls(source: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut rest = source;
    while let Some(at) = rest.find("drive(\"") {
        let call = &rest[at + "drive(".len()..];
        let name = call[1..].split('"').next().unwrap_or_default().to_string();
        // The call's text: up to its closing parenthesis.
        let mut depth = 1;
        let end = call
            .char_indices()
            .find(|&(_, c)| {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
                depth == 0
            })
            .map_or(call.len(), |(i, _)| i);
        out.push((name, call[..end].to_string()));
        rest = &call[end..];
    }
    out
}

#[test]
fn every_target_calls_its_body_and_a_test_drives_it() {
    let root = workspace_root();
    let targets = stems(&root.join("fuzz/fuzz_targets"));
    assert!(!targets.is_empty(), "no targets in fuzz/fuzz_targets");
    let mut problems = Vec::new();

    for target in &targets {
        let file = root.join(format!("fuzz/fuzz_targets/{target}.rs"));
        if let Some(why) = not_two_lines(target, &read(&file)) {
            problems.push(format!("fuzz/fuzz_targets/{target}.rs: {why}"));
        }
    }

    let built: BTreeSet<(String, String)> = bins(&read(&root.join("fuzz/Cargo.toml")))
        .into_iter()
        .collect();
    for target in &targets {
        let want = (target.clone(), format!("fuzz_targets/{target}.rs"));
        if !built.contains(&want) {
            problems.push(format!(
                "fuzz/Cargo.toml: no [[bin]] named {target} with path fuzz_targets/{target}.rs"
            ));
        }
    }
    for (name, path) in &built {
        if !targets.contains(name) {
            problems.push(format!(
                "fuzz/Cargo.toml: [[bin]] {name} ({path}) is not a file of fuzz/fuzz_targets"
            ));
        }
    }

    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut bodies = stems(&crate_dir.join("src"));
    bodies.remove("lib");
    for target in targets.difference(&bodies) {
        problems.push(format!("{target}: no body, src/{target}.rs"));
    }
    for body in bodies.difference(&targets) {
        problems.push(format!(
            "src/{body}.rs: a body with no target, fuzz/fuzz_targets/{body}.rs"
        ));
    }

    let mut driven = BTreeSet::new();
    for test in files_with_extension(&crate_dir.join("tests"), "rs") {
        for (name, call) in drive_calls(&read(&test)) {
            if call.contains(&format!("dxil_fuzz::{name}::run")) {
                driven.insert(name);
            }
        }
    }
    for target in targets.difference(&driven) {
        problems.push(format!(
            "{target}: no test runs its body (`drive(\"{target}\", .., dxil_fuzz::{target}::run)` in tests/)"
        ));
    }

    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_checks_see_what_they_look_for() {
    assert_eq!(
        not_two_lines(
            "asm",
            "#![no_main]\nlibfuzzer_sys::fuzz_target!(|data: &[u8]| dxil_fuzz::asm::run(data));\n"
        ),
        None
    );
    assert!(not_two_lines(
        "asm",
        "#![no_main]\nlibfuzzer_sys::fuzz_target!(|data: &[u8]| dxil_fuzz::dis::run(data));\n"
    )
    .is_some());
    assert!(not_two_lines(
        "asm",
        "#![no_main]\nuse x;\nlibfuzzer_sys::fuzz_target!(|data: &[u8]| dxil_fuzz::asm::run(data));\n"
    )
    .is_some());
    let manifest = "[package]\nname = \"x\"\n[[bin]]\nname = \"a\"\npath = \"fuzz_targets/a.rs\"\ntest = false\n[profile.release]\ndebug = 1\n[[bin]]\nname = \"b\"\npath = \"fuzz_targets/b.rs\"\n";
    assert_eq!(
        bins(manifest),
        [
            ("a".to_string(), "fuzz_targets/a.rs".to_string()),
            ("b".to_string(), "fuzz_targets/b.rs".to_string())
        ]
    );
    let calls = drive_calls(
        "drive(\"a\", &s, 0, dxil_fuzz::a::run);\ndrive(\"b\", &s, 0, |d| { f(d); dxil_fuzz::b::run(&m) });",
    );
    assert_eq!(calls.len(), 2);
    assert_eq!(calls[0].0, "a");
    assert!(calls[1].1.contains("dxil_fuzz::b::run"));
}
