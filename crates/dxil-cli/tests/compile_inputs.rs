//! `dxil compile` at its default settings over every input of `../shared/naga` (WGSL,
//! `glsl/`, `spv/`) and the back end's own shaders (`crates/dxil-naga/tests/wgsl`): every
//! container it writes must pass the project's validator and the reference's (`dxv`); an
//! input it refuses must be refused with an error naming the file, and nothing half-written
//! may be left. Prints the figures and the refusals.

use std::path::{Path, PathBuf};
use std::process::Command;

/// One input's run: the containers written, the `wrote` lines, the errors.
struct Run {
    written: Vec<PathBuf>,
    wrote_lines: usize,
    errors: Vec<String>,
}

/// `dxil compile` of `input` (relative to `root`, the working directory) into `out_dir`.
fn compile(root: &Path, input: &Path, out_dir: &Path) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_dxil"))
        .current_dir(root)
        .arg("compile")
        .arg(input)
        .arg("--out-dir")
        .arg(out_dir)
        .output()
        .expect("run dxil");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    // Each failure's first line (rendered errors go on with the source), less the summary
    // of an input some of whose entry points compiled.
    let errors: Vec<String> = stderr
        .lines()
        .filter_map(|l| l.strip_prefix("error: "))
        .filter(|l| !(l.contains(" failed; ") && l.ends_with(" written")))
        .map(str::to_string)
        .collect();
    let wrote_lines = stderr.lines().filter(|l| l.starts_with("wrote ")).count();
    let mut written: Vec<PathBuf> = std::fs::read_dir(out_dir)
        .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    written.sort();
    assert_eq!(
        output.status.success(),
        errors.is_empty(),
        "{}: exit status {:?} with errors {errors:?}",
        input.display(),
        output.status.code()
    );
    Run {
        written,
        wrote_lines,
        errors,
    }
}

/// Figures of one sweep.
#[derive(Default)]
struct Tally {
    inputs: usize,
    containers: usize,
    refused: Vec<String>,
    invalid: Vec<String>,
}

/// Compiles each input into a directory of its own and validates what was written.
fn sweep(files: &[PathBuf], root: &Path, scratch: &Path) -> Option<Tally> {
    let mut t = Tally::default();
    for (i, file) in files.iter().enumerate() {
        let relative = file.strip_prefix(root).unwrap_or(file);
        let name = relative.display().to_string();
        let out = scratch.join(i.to_string());
        let run = compile(root, relative, &out);
        t.inputs += 1;
        assert_eq!(
            run.wrote_lines,
            run.written.len(),
            "{name}: `wrote` lines and files written differ"
        );
        for e in &run.errors {
            t.refused.push(format!("{name}: {e}"));
        }
        for path in &run.written {
            t.containers += 1;
            let bytes = std::fs::read(path).expect("read container");
            let ours = match dxil::validate(&bytes, &Default::default()) {
                Ok(report) if report.is_valid() => None,
                Ok(report) => Some(report.to_string()),
                Err(e) => Some(e.to_string()),
            };
            if let Some(report) = ours {
                t.invalid
                    .push(format!("{} (ours): {report}", path.display()));
            }
            match dxil_test_support::dxv_verdict(&bytes)? {
                Ok(()) => {}
                Err(report) => t
                    .invalid
                    .push(format!("{} (dxv): {report}", path.display())),
            }
        }
    }
    Some(t)
}

fn report(what: &str, t: &Tally) {
    let verdict = match t.invalid.len() {
        0 => "all valid by ours and dxv".to_string(),
        n => format!("{n} INVALID by ours or dxv"),
    };
    eprintln!(
        "{what}: {} inputs, {} containers written, {verdict}; {} refused:",
        t.inputs,
        t.containers,
        t.refused.len()
    );
    for r in &t.refused {
        let first: String = r.chars().take(200).collect();
        eprintln!("  {first}");
    }
    for i in &t.invalid {
        eprintln!("  INVALID {i}");
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("dxil-compile-inputs-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

/// naga's own test inputs: everything written is valid by both validators.
#[test]
fn naga_inputs_compile_to_valid_containers() {
    let Some(dir) = dxil_test_support::shared_path("naga") else {
        return;
    };
    let files = dxil_test_support::naga_inputs(&dir);
    let scratch = scratch("naga");
    let Some(t) = sweep(&files, &dir, &scratch) else {
        eprintln!("note: the reference validator (dxv) is absent; skipping");
        return;
    };
    report("../shared/naga", &t);
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        t.invalid.is_empty(),
        "{} invalid containers",
        t.invalid.len()
    );
    // A sweep that compiles nothing proves nothing: naga's inputs give well over a hundred.
    assert!(t.containers >= 100, "only {} containers", t.containers);
}

/// The back end's own shaders, which use what naga's inputs reach thinly (64-bit atomics on
/// textures, binding arrays, mesh shaders, ray queries, f16, packed dot products): each at
/// the lowest shader model it needs, valid by both validators.
#[test]
fn back_end_shaders_compile_to_valid_containers() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dxil-naga/tests/wgsl");
    let mut files = dxil_test_support::files_with_extension(&dir, "wgsl");
    files.extend(dxil_test_support::files_with_extension(&dir, "comp"));
    files.extend(dxil_test_support::files_with_extension(&dir, "frag"));
    let scratch = scratch("own");
    let Some(t) = sweep(&files, &dir, &scratch) else {
        assert!(
            !dxil_test_support::paths::shared_required(),
            "the reference validator (dxv) is absent, and reference data is required here"
        );
        eprintln!("note: the reference validator (dxv) is absent; skipping");
        return;
    };
    report("crates/dxil-naga/tests/wgsl", &t);
    let _ = std::fs::remove_dir_all(&scratch);
    assert!(
        t.invalid.is_empty(),
        "{} invalid containers",
        t.invalid.len()
    );
    assert!(t.refused.is_empty(), "refused: {:?}", t.refused);
}
