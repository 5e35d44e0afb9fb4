//! The `dxil` checks that need code: loops over the corpus comparing with the reference's
//! own files, and inputs built byte by byte. Everything that is "run a command, look at what
//! it prints and how it exits" is a case under `tests/cli/` (see `tests/cases/main.rs`).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn dxil(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dxil"))
        .args(args)
        .output()
        .expect("run dxil")
}

fn dxil_stdin(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_dxil"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run dxil");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(stdin)
        .expect("write stdin");
    child.wait_with_output().expect("wait")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[track_caller]
fn ok(o: &Output) -> String {
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(o));
    stdout(o)
}

/// A scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("dxil-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch dir");
    dir
}

fn sample(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../samples")
        .join(name)
}

/// The compute sample assembled into `dir`.
fn compute_container(dir: &Path) -> PathBuf {
    let out = dir.join("compute.dxil");
    ok(&dxil(&[
        "as",
        sample("compute.ll").to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]));
    out
}

fn s(p: &Path) -> &str {
    p.to_str().expect("utf-8 path")
}

/// The corpus through the CLI: `dis` equals the reference's text for a sample of shaders,
/// and `dis --keep-parts` too where the container has no part that only its own sections
/// carry.
#[test]
fn corpus_dis_matches_the_reference() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let ids = dxil_test_support::corpus_ids(&dir);
    let mut checked = 0;
    for id in dxil_test_support::spread(&ids, 12) {
        let Ok(want) = std::fs::read_to_string(dir.join(format!("{id}.ll"))) else {
            continue;
        };
        let file = dir.join(format!("{id}.dxil"));
        let got = ok(&dxil(&["dis", s(&file)]));
        assert!(got == want, "{id}: dis differs from the reference");
        let carried = ok(&dxil(&["dis", "--keep-parts", s(&file)]));
        let has_extra = ["RTS0", "VERS"].iter().any(|p| {
            dxil_test_support::part(
                &std::fs::read(&file).unwrap(),
                p.as_bytes().try_into().unwrap(),
            )
            .is_some()
        });
        assert_eq!(
            carried == want,
            !has_extra,
            "{id}: dis --keep-parts differs from the reference"
        );
        checked += 1;
    }
    assert!(checked > 0);
}

/// `parts` packed into a container, digest unset.
fn container_of(parts: &[([u8; 4], &[u8])]) -> Vec<u8> {
    let table = 32 + 4 * parts.len();
    let mut body = Vec::new();
    let mut offsets = Vec::new();
    for (f, d) in parts {
        offsets.push((table + body.len()) as u32);
        body.extend_from_slice(f);
        body.extend_from_slice(&(d.len() as u32).to_le_bytes());
        body.extend_from_slice(d);
    }
    let mut out = b"DXBC".to_vec();
    out.extend([0u8; 16]);
    out.extend([1, 0, 0, 0]);
    out.extend(((table + body.len()) as u32).to_le_bytes());
    out.extend((parts.len() as u32).to_le_bytes());
    for o in offsets {
        out.extend(o.to_le_bytes());
    }
    out.extend(body);
    out
}

/// The lines of validator output that carry something.
fn lines(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.trim().is_empty()).collect()
}

/// A container without its feature info part (built here, byte by byte): `val` prints the
/// reference validator's lines for it, in text, JSON, from standard input, and accepts it
/// with `--no-parts`.
#[test]
fn val_prints_the_reference_lines_for_a_missing_part() {
    let dir = scratch("val");
    let c = compute_container(&dir);
    let bytes = std::fs::read(&c).unwrap();
    let parts = dxil_test_support::parts(&bytes).unwrap();
    let kept: Vec<([u8; 4], &[u8])> = parts.into_iter().filter(|(f, _)| f != b"SFI0").collect();
    let broken = container_of(&kept);
    let bad = dir.join("no-sfi0.dxil");
    std::fs::write(&bad, &broken).unwrap();
    let o = dxil(&["val", s(&bad)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "error: Missing part 'Feature Info' required by module.\nValidation failed.\n"
    );
    // The reference validator prints the same lines (when it is there to ask).
    if let Some(Err(reference)) = dxil_test_support::dxv_verdict(&broken) {
        assert_eq!(lines(&stdout(&o)), lines(&reference));
    }
    // Among other inputs: its summary line names it.
    let o = dxil(&["val", s(&c), s(&bad)]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains(&format!("{}: Validation failed.", s(&bad))),
        "{}",
        stdout(&o)
    );
    // --json: the rule code with the message.
    let o = dxil(&["val", "--json", s(&bad)]);
    assert_eq!(o.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["valid"], false);
    assert_eq!(json["diagnostics"][0]["rule"], "CONTAINER.PARTMISSING");
    assert_eq!(
        json["diagnostics"][0]["message"],
        "Missing part 'Feature Info' required by module."
    );
    // `-` reads standard input.
    let o = dxil_stdin(&["val", "-"], &broken);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("Missing part 'Feature Info'"));
    // --no-parts checks the program alone.
    assert_eq!(
        ok(&dxil(&["val", "--no-parts", s(&bad)])),
        "Validation succeeded.\n"
    );
}

#[test]
fn val_agrees_with_the_corpus_verdicts() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let Some(index) = dxil_test_support::read_jsonl(&dir.join("index.jsonl")) else {
        return;
    };
    // The first shader the reference accepted and the first it rejected.
    for want in [true, false] {
        let Some(id) = index
            .iter()
            .find_map(|r| (r.get("dxv_ok")?.as_bool()? == want).then(|| r.get("id")?.as_str())?)
        else {
            continue;
        };
        let path = dir.join(format!("{id}.dxil"));
        let o = dxil(&["val", s(&path)]);
        let verdict = if want { "succeeded" } else { "failed" };
        assert_eq!(o.status.code(), Some(if want { 0 } else { 1 }), "{id}");
        assert!(
            stdout(&o).ends_with(&format!("Validation {verdict}.\n")),
            "{id}: {}",
            stdout(&o)
        );
    }
}
