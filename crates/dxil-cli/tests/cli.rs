//! The `dxil` command over every subcommand: success, each error path, exit codes (0 ok,
//! 1 failure or failed check, 2 usage) and the wording on standard error.

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

#[track_caller]
fn fails(o: &Output, code: i32, wording: &str) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(o),
        stderr(o)
    );
    assert!(
        stderr(o).contains(wording),
        "stderr lacks {wording:?}: {}",
        stderr(o)
    );
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

#[test]
fn usage_errors_exit_2() {
    fails(&dxil(&["frobnicate"]), 2, "unrecognized subcommand");
    fails(&dxil(&["info"]), 2, "required");
    fails(
        &dxil(&["dis", "--no-such-flag", "x"]),
        2,
        "unexpected argument",
    );
    // The about line says what the tool does.
    for flag in ["--help", "-h"] {
        let help = ok(&dxil(&[flag]));
        let about = help.lines().next().unwrap_or_default();
        for job in ["compile", "validate", "run"] {
            assert!(
                about.contains(job),
                "{flag}: the about line lacks {job}: {about}"
            );
        }
    }
}

#[test]
fn missing_and_unrecognized_inputs_name_the_file() {
    let dir = scratch("inputs");
    fails(
        &dxil(&["info", "/no/such/file.dxil"]),
        1,
        "/no/such/file.dxil: no such file or directory",
    );
    let random = dir.join("random.bin");
    std::fs::write(&random, [0xffu8, 0xfe, 0x00, 0x80, 0x13, 0x37]).unwrap();
    for cmd in [
        "info",
        "dis",
        "reflect",
        "parts",
        "hash",
        "roundtrip",
        "bcdump",
    ] {
        let o = dxil(&[cmd, s(&random)]);
        fails(
            &o,
            1,
            &format!(
                "{}: unrecognized input (starts with ff fe 00 80)",
                s(&random)
            ),
        );
        assert!(!stderr(&o).contains("STAT"), "{cmd}: {}", stderr(&o));
    }
}

#[test]
fn info_text_json_and_several_files() {
    let dir = scratch("info");
    let c = compute_container(&dir);
    let text = ok(&dxil(&["info", s(&c)]));
    assert!(text.starts_with("kind: DXIL container\n"), "{text}");
    assert!(text.contains("program (DXIL): cs_6_0"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&dxil(&["info", s(&c), "--json"]))).unwrap();
    assert_eq!(json["digest"]["status"], "matches");
    let two = ok(&dxil(&["info", s(&c), s(&c)]));
    assert_eq!(two.matches("==> ").count(), 2, "{two}");
    let arr: serde_json::Value =
        serde_json::from_str(&ok(&dxil(&["info", s(&c), s(&c), "--json"]))).unwrap();
    assert_eq!(arr.as_array().map(Vec::len), Some(2));
    // One bad input among good ones: the good ones are reported, the status is 1.
    let o = dxil(&["info", s(&c), "/no/such.dxil"]);
    fails(&o, 1, "/no/such.dxil: no such file or directory");
    assert!(stdout(&o).contains("kind: DXIL container"));
    // -o writes the report to a file; `-` reads standard input.
    let report = dir.join("info.txt");
    ok(&dxil(&["info", s(&c), "-o", s(&report)]));
    assert_eq!(std::fs::read_to_string(&report).unwrap(), text);
    let from_stdin = ok(&dxil_stdin(&["info", "-"], &std::fs::read(&c).unwrap()));
    assert_eq!(from_stdin, text);
}

#[test]
fn parts_lists_and_regenerate_checks() {
    let dir = scratch("parts");
    let c = compute_container(&dir);
    let list = ok(&dxil(&["parts", s(&c)]));
    assert!(
        list.lines().any(|l| l.starts_with("PSV0 offset 0x")),
        "{list}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&dxil(&["parts", s(&c), "--json"]))).unwrap();
    assert!(json
        .as_array()
        .unwrap()
        .iter()
        .any(|p| p["fourcc"] == "DXIL"));
    let regen = ok(&dxil(&["parts", "--regenerate", s(&c)]));
    assert!(regen.contains("PSV0 same"), "{regen}");
    // A changed PSV0 byte: the check fails and says which byte.
    let bytes = std::fs::read(&c).unwrap();
    let info: serde_json::Value =
        serde_json::from_str(&ok(&dxil(&["parts", s(&c), "--json"]))).unwrap();
    let psv = info
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["fourcc"] == "PSV0")
        .unwrap();
    let at = psv["offset"].as_u64().unwrap() as usize + 8 + 4;
    let mut damaged = bytes.clone();
    damaged[at] ^= 0x10;
    let bad = dir.join("bad.dxil");
    std::fs::write(&bad, &damaged).unwrap();
    let o = dxil(&["parts", "--regenerate", s(&bad)]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let line = stdout(&o)
        .lines()
        .find(|l| l.starts_with("PSV0"))
        .unwrap_or_default()
        .to_string();
    assert!(line.starts_with("PSV0 differs at 0x4: stored 0x"), "{line}");
    assert!(line.ends_with("bytes each)"), "{line}");
}

#[test]
fn extract_writes_part_data_or_bitcode() {
    let dir = scratch("extract");
    let c = compute_container(&dir);
    let bc = dir.join("dxil.bc");
    ok(&dxil(&["extract", s(&c), "--part", "DXIL", "-o", s(&bc)]));
    assert!(std::fs::read(&bc).unwrap().starts_with(b"BC\xC0\xDE"));
    let raw = dir.join("dxil.part");
    ok(&dxil(&[
        "extract",
        s(&c),
        "--part",
        "DXIL",
        "--raw",
        "-o",
        s(&raw),
    ]));
    assert_eq!(&std::fs::read(&raw).unwrap()[8..12], b"DXIL");
    fails(
        &dxil(&["extract", s(&c), "--part", "RTS0", "-o", s(&raw)]),
        1,
        "no RTS0 part (parts: ",
    );
    fails(
        &dxil(&["extract", s(&c), "--part", "TOOLONG"]),
        2,
        "expected a four-character code",
    );
}

#[test]
fn hash_reports_checks_and_updates() {
    let dir = scratch("hash");
    let c = compute_container(&dir);
    let line = ok(&dxil(&["hash", s(&c)]));
    assert!(
        line.ends_with(" matches\n") && line.len() == 32 + 9,
        "{line}"
    );
    ok(&dxil(&["hash", "--check", s(&c)]));
    // A stale digest: reported as such, and --check fails.
    let mut bytes = std::fs::read(&c).unwrap();
    bytes[4] ^= 1;
    let stale = dir.join("stale.dxil");
    std::fs::write(&stale, &bytes).unwrap();
    assert!(ok(&dxil(&["hash", s(&stale)])).ends_with(" differs\n"));
    let o = dxil(&["hash", "--check", s(&stale)]);
    assert_eq!(o.status.code(), Some(1));
    // The unsigned sentinel is not stale.
    let mut unsigned = bytes.clone();
    unsigned[4..20].fill(0);
    let u = dir.join("unsigned.dxil");
    std::fs::write(&u, &unsigned).unwrap();
    assert!(ok(&dxil(&["hash", "--check", s(&u)])).ends_with(" unsigned\n"));
    // --update needs a destination; -o and --in-place give the signed container.
    fails(
        &dxil(&["hash", "--update", s(&stale)]),
        2,
        "<--output <OUT>|--in-place>",
    );
    let fixed = dir.join("fixed.dxil");
    ok(&dxil(&["hash", "--update", s(&stale), "-o", s(&fixed)]));
    assert_eq!(std::fs::read(&fixed).unwrap(), std::fs::read(&c).unwrap());
    ok(&dxil(&["hash", "--update", "--in-place", s(&stale)]));
    assert_eq!(std::fs::read(&stale).unwrap(), std::fs::read(&c).unwrap());
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "temporary files left behind");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&dxil(&["hash", s(&c), "--json"]))).unwrap();
    assert_eq!(json["status"], "matches");
}

#[test]
fn roundtrip_gives_the_container_back() {
    let dir = scratch("roundtrip");
    let c = compute_container(&dir);
    for extra in [&[][..], &["--keep-bitcode"][..]] {
        let out = dir.join("rt.dxil");
        let mut args = vec!["roundtrip", s(&c), "-o", s(&out)];
        args.extend_from_slice(extra);
        ok(&dxil(&args));
        assert_eq!(std::fs::read(&out).unwrap(), std::fs::read(&c).unwrap());
    }
    fails(
        &dxil(&["roundtrip", s(&sample("compute.ll")), "-o", "-"]),
        1,
        "expected a DXBC container, found text (assemble it first)",
    );
}

#[test]
fn bcdump_prints_blocks_and_locates_errors() {
    let dir = scratch("bcdump");
    let c = compute_container(&dir);
    let dump = ok(&dxil(&["bcdump", s(&c)]));
    assert!(
        dump.contains("<MODULE_BLOCK"),
        "{}",
        &dump[..dump.len().min(400)]
    );
    fails(
        &dxil(&["bcdump", s(&c), "--part", "RTS0"]),
        2,
        "expected DXIL, ILDB or STAT",
    );
    // Cut bitcode: what was read is printed, then the error with its place in the file.
    let bc = dir.join("dxil.bc");
    ok(&dxil(&["extract", s(&c), "--part", "DXIL", "-o", s(&bc)]));
    let bytes = std::fs::read(&bc).unwrap();
    let cut = dir.join("cut.bc");
    let mut damaged = bytes.clone();
    let half = damaged.len() / 2;
    damaged[half..].fill(0xff);
    std::fs::write(&cut, &damaged).unwrap();
    let o = dxil(&["bcdump", s(&cut)]);
    fails(&o, 1, &format!("{}: bitcode: ", s(&cut)));
    assert!(stderr(&o).contains("(at offset 0x"), "{}", stderr(&o));
    assert!(stdout(&o).contains("<MODULE_BLOCK"));
}

#[test]
fn as_assembles_and_reports_text_errors() {
    let dir = scratch("as");
    let c = compute_container(&dir);
    assert!(std::fs::read(&c).unwrap().starts_with(b"DXBC"));
    let bc = dir.join("compute.bc");
    ok(&dxil(&[
        "as",
        s(&sample("compute.ll")),
        "--bitcode",
        "-o",
        s(&bc),
    ]));
    assert!(std::fs::read(&bc).unwrap().starts_with(b"BC\xC0\xDE"));
    let bad = dir.join("bad.ll");
    std::fs::write(&bad, "define void @f() {\n  ret i32\n}\n").unwrap();
    fails(
        &dxil(&["as", s(&bad), "-o", "-"]),
        1,
        &format!("--> {}:3:1", s(&bad)),
    );
    // A body missing its `}`: one error, at the entity that follows it.
    let text = std::fs::read_to_string(sample("compute.ll")).unwrap();
    let unclosed: String = text
        .lines()
        .filter(|l| *l != "}")
        .map(|l| format!("{l}\n"))
        .collect();
    let open = dir.join("open.ll");
    std::fs::write(&open, unclosed).unwrap();
    let o = dxil(&["as", s(&open), "-o", "-"]);
    fails(
        &o,
        1,
        "error: expected `}` at the end of the function, found `declare`",
    );
    assert_eq!(stderr(&o).matches("error:").count(), 1, "{}", stderr(&o));
    let not_utf8 = dir.join("latin1.ll");
    std::fs::write(&not_utf8, b"; caf\xe9\n").unwrap();
    fails(
        &dxil(&["as", s(&not_utf8), "-o", "-"]),
        1,
        "input is not UTF-8 (at offset 0x5)",
    );
}

#[test]
fn dis_prints_and_refuses_colliding_outputs() {
    let dir = scratch("dis");
    let c = compute_container(&dir);
    let text = ok(&dxil(&["dis", s(&c)]));
    assert!(text.contains("define void @main()"), "{text}");
    let out = dir.join("one.ll");
    ok(&dxil(&["dis", s(&c), "-o", s(&out)]));
    assert_eq!(std::fs::read_to_string(&out).unwrap(), text);
    fails(&dxil(&["dis", s(&c), s(&c)]), 2, "2 inputs need --out-dir");
    let (d1, d2) = (dir.join("d1"), dir.join("d2"));
    std::fs::create_dir_all(&d1).unwrap();
    std::fs::create_dir_all(&d2).unwrap();
    std::fs::copy(&c, d1.join("x.dxil")).unwrap();
    std::fs::copy(&c, d2.join("x.dxil")).unwrap();
    let outdir = dir.join("out");
    fails(
        &dxil(&[
            "dis",
            s(&d1.join("x.dxil")),
            s(&d2.join("x.dxil")),
            "--out-dir",
            s(&outdir),
        ]),
        2,
        "would both be written to",
    );
    assert!(!outdir.join("x.ll").exists());
    ok(&dxil(&[
        "dis",
        s(&d1.join("x.dxil")),
        s(&c),
        "--out-dir",
        s(&outdir),
    ]));
    assert_eq!(std::fs::read_to_string(outdir.join("x.ll")).unwrap(), text);
    // A flipped byte in the bitcode: the error names the file and the place in it.
    let bc_at = {
        let json: serde_json::Value =
            serde_json::from_str(&ok(&dxil(&["info", s(&c), "--json"]))).unwrap();
        json["program"]["bitcode_offset"].as_u64().unwrap() as usize
    };
    let mut bytes = std::fs::read(&c).unwrap();
    let end = bytes.len();
    for b in &mut bytes[bc_at + 40..end.min(bc_at + 400)] {
        *b = 0xff;
    }
    let bad = dir.join("bad.dxil");
    std::fs::write(&bad, &bytes).unwrap();
    let o = dxil(&["dis", s(&bad)]);
    fails(&o, 1, &format!("error: {}: DXIL bitcode: ", s(&bad)));
    assert!(stderr(&o).contains("(at offset 0x"), "{}", stderr(&o));
}

#[test]
fn reflect_text_and_json() {
    let dir = scratch("reflect");
    let c = compute_container(&dir);
    let text = ok(&dxil(&["reflect", s(&c)]));
    assert!(
        text.contains("entry \"main\" stage Compute threads [64, 1, 1]"),
        "{text}"
    );
    let json: serde_json::Value =
        serde_json::from_str(&ok(&dxil(&["reflect", s(&c), "--json"]))).unwrap();
    assert_eq!(json["entry_points"][0]["name"], "main");
    fails(
        &dxil(&["reflect", s(&sample("compute.ll"))]),
        1,
        "found text (assemble it first)",
    );
}

#[test]
fn rootsig_sources_are_explicit() {
    let dir = scratch("rootsig");
    let rs = dir.join("rs.txt");
    std::fs::write(&rs, "RootFlags(0),\n\tCBV(b0)\n").unwrap();
    let out = dir.join("rs.dxil");
    ok(&dxil(&["rootsig", "compile", "-f", s(&rs), "-o", s(&out)]));
    let shown = ok(&dxil(&["rootsig", "show", s(&out)]));
    assert!(shown.contains("CBV(b0"), "{shown}");
    assert!(ok(&dxil(&["rootsig", "check", "--binary", s(&out)])).starts_with("ok: "));
    assert!(ok(&dxil(&["rootsig", "check", "--text", "CBV(b0)"])).starts_with("ok: "));
    assert!(ok(&dxil(&["rootsig", "check", "--file", s(&rs)])).starts_with("ok: "));
    // Errors in a file give its line and column.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "RootFlags(0),\nCBV(b0\n").unwrap();
    fails(
        &dxil(&["rootsig", "check", "--file", s(&bad)]),
        1,
        &format!("{}: 3:1:", s(&bad)),
    );
    // Attribute text is the reference's: a line break in it is an error.
    fails(
        &dxil(&["rootsig", "check", "--text", "CBV(b0)\n"]),
        1,
        "--text: 1:8:",
    );
    // A mistyped path is not taken for text.
    fails(
        &dxil(&["rootsig", "check", "notafile.rs"]),
        2,
        "unexpected argument",
    );
    fails(
        &dxil(&["rootsig", "check", "--file", "/no/such.rs"]),
        1,
        "/no/such.rs: no such file or directory",
    );
    fails(&dxil(&["rootsig", "compile"]), 2, "required");
    let json: serde_json::Value =
        serde_json::from_str(&ok(&dxil(&["rootsig", "show", s(&out), "--json"]))).unwrap();
    assert_eq!(json["valid"], true);
}

#[test]
fn completions_and_man_page() {
    let bash = ok(&dxil(&["completions", "bash"]));
    assert!(bash.contains("dxil") && bash.contains("roundtrip"));
    let man = ok(&dxil(&["man"]));
    assert!(man.contains(".TH dxil"), "{}", &man[..man.len().min(200)]);
    fails(&dxil(&["completions", "tcsh"]), 2, "invalid value");
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

#[test]
fn val_prints_the_reference_lines_and_exit_status() {
    let dir = scratch("val");
    let c = compute_container(&dir);
    assert_eq!(ok(&dxil(&["val", s(&c)])), "Validation succeeded.\n");
    // The same container without its feature info part: a container error.
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
    // Usage errors exit 2.
    fails(&dxil(&["val"]), 2, "required");
    fails(
        &dxil(&["val", "--no-such-flag", s(&c)]),
        2,
        "unexpected argument",
    );
    // Several inputs: each one's lines, then a summary line naming it; 1 when any fails.
    let o = dxil(&["val", s(&c), s(&bad), s(&c)]);
    assert_eq!(o.status.code(), Some(1));
    let out = stdout(&o);
    assert_eq!(out.matches(": Validation succeeded.").count(), 2, "{out}");
    assert_eq!(out.matches(": Validation failed.").count(), 1, "{out}");
    assert!(
        out.contains(&format!("{}: Validation failed.", s(&bad))),
        "{out}"
    );
    let o = dxil(&["val", "--jobs", "1", s(&c), s(&c)]);
    assert_eq!(o.status.code(), Some(0));
    // --json: rule codes with the messages.
    let o = dxil(&["val", "--json", s(&bad)]);
    assert_eq!(o.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json["valid"], false);
    assert_eq!(json["diagnostics"][0]["rule"], "CONTAINER.PARTMISSING");
    assert_eq!(
        json["diagnostics"][0]["message"],
        "Missing part 'Feature Info' required by module."
    );
    let o = dxil(&["val", "--json", s(&c), s(&bad)]);
    let json: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(json.as_array().map(Vec::len), Some(2));
    // `-` reads standard input.
    let o = dxil_stdin(&["val", "-"], &broken);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("Missing part 'Feature Info'"));
    assert_eq!(
        ok(&dxil_stdin(&["val", "-"], &bytes)),
        "Validation succeeded.\n"
    );
    // --no-parts checks the program alone.
    assert_eq!(
        ok(&dxil(&["val", "--no-parts", s(&bad)])),
        "Validation succeeded.\n"
    );
    // Text is validated too.
    assert_eq!(
        ok(&dxil(&["val", s(&sample("compute.ll"))])),
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

#[test]
fn as_validates_what_it_assembles() {
    let dir = scratch("as-val");
    // A valid shader: no word from the validator.
    let out = dir.join("ok.dxil");
    let o = dxil(&["as", s(&sample("compute.ll")), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stderr(&o), "");
    // A validator version the validator does not know: assembled and written all the
    // same, the validator's lines on standard error under a warning.
    let text = std::fs::read_to_string(sample("compute.ll"))
        .unwrap()
        .replace("!1 = !{i32 1, i32 10}", "!1 = !{i32 1, i32 99}");
    let src = dir.join("future.ll");
    std::fs::write(&src, text).unwrap();
    let out = dir.join("future.dxil");
    let o = dxil(&["as", s(&src), "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(out.exists());
    let err = stderr(&o);
    assert!(
        err.starts_with(&format!(
            "warning: {}: the assembled output fails validation",
            s(&src)
        )),
        "{err}"
    );
    assert!(
        err.contains(
            "  error: Validator version in metadata (1.99) is not supported; maximum: (1.10)."
        ),
        "{err}"
    );
    let o = dxil(&["val", s(&out)]);
    assert_eq!(o.status.code(), Some(1));
    // --no-validate: not a word.
    let o = dxil(&["as", s(&src), "--no-validate", "-o", s(&out)]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stderr(&o), "");
    // Raw bitcode is validated as a module.
    let o = dxil(&["as", s(&src), "--bitcode", "-o", s(&dir.join("future.bc"))]);
    assert_eq!(o.status.code(), Some(0));
    assert!(
        stderr(&o).contains("(1.99) is not supported"),
        "{}",
        stderr(&o)
    );
}

/// A pipeline of the offload-test-suite's form for the compute sample (`Out[i] = i*i+1`
/// on a `RWBuffer<uint>` at u0), expecting `expected` in its first four elements.
fn run_pipeline_yaml(expected: &str) -> String {
    format!(
        "---\nShaders:\n  - Stage: Compute\n    Entry: main\nBuffers:\n  - Name: Out\n    \
         Format: UInt32\n    FillSize: 16\n  - Name: Expected\n    Format: UInt32\n    \
         Data: [ {expected} ]\nResults:\n  - Result: Squares\n    Rule: BufferExact\n    \
         Actual: Out\n    Expected: Expected\nDescriptorSets:\n  - Resources:\n    - Name: Out\n      \
         Kind: RWBuffer\n      DirectXBinding:\n        Register: 0\n        Space: 0\n...\n"
    )
}

#[test]
fn run_pipeline_prints_buffers_and_checks_results() {
    let dir = scratch("run-pipeline");
    let shader = compute_container(&dir);
    let yaml = dir.join("p.yaml");
    std::fs::write(&yaml, run_pipeline_yaml("1, 2, 5, 10")).unwrap();
    let out = ok(&dxil(&["run", s(&shader), "--pipeline", s(&yaml)]));
    assert!(out.contains("  - Name:            Out\n    Format:          UInt32\n    Data:            [ 1, 2, 5, 10 ]\n"), "{out}");
    // -o writes the same text.
    let printed = dir.join("out.yaml");
    ok(&dxil(&[
        "run",
        s(&shader),
        "--pipeline",
        s(&yaml),
        "-o",
        s(&printed),
    ]));
    assert_eq!(std::fs::read_to_string(&printed).unwrap(), out);
    // --trace prints the thread's instructions on stderr and leaves the result alone.
    let traced = dxil(&[
        "run",
        s(&shader),
        "--pipeline",
        s(&yaml),
        "--trace",
        "3,0,0",
    ]);
    assert_eq!(ok(&traced), out);
    assert!(!stderr(&traced).is_empty());
    fails(
        &dxil(&[
            "run",
            s(&shader),
            "--pipeline",
            s(&yaml),
            "--trace",
            "64,0,0",
        ]),
        1,
        "the traced thread [64, 0, 0] is outside the dispatch (64 x 1 x 1 threads)",
    );
    // A budget too small for the dispatch stops it, naming the budget.
    fails(
        &dxil(&["run", s(&shader), "--pipeline", s(&yaml), "--budget", "10"]),
        1,
        "budget of 10",
    );
    // Any wave size gives the same buffers.
    for lanes in ["4", "32", "128"] {
        assert_eq!(
            ok(&dxil(&[
                "run",
                s(&shader),
                "--pipeline",
                s(&yaml),
                "--wave-size",
                lanes
            ])),
            out
        );
    }

    // A rule that fails: exit 1, the rule and its first differing element named.
    std::fs::write(&yaml, run_pipeline_yaml("1, 2, 5, 11")).unwrap();
    let o = dxil(&["run", s(&shader), "--pipeline", s(&yaml)]);
    fails(
        &o,
        1,
        "rule 'Squares' does not hold: first difference at element 3: expected 0xb, actual 0xa",
    );
    assert!(stderr(&o).contains("Test failed: Squares\nComparison Rule: BufferExact\n"));
    assert!(stdout(&o).is_empty());
}

#[test]
fn run_pipeline_errors_name_the_yaml_line() {
    let dir = scratch("run-errors");
    let shader = compute_container(&dir);
    let yaml = dir.join("bad.yaml");
    let text = run_pipeline_yaml("1, 2, 5, 10").replace(
        "Format: UInt32\n    FillSize",
        "Format: UInt33\n    FillSize",
    );
    std::fs::write(&yaml, text).unwrap();
    fails(
        &dxil(&["run", s(&shader), "--pipeline", s(&yaml)]),
        1,
        "bad.yaml:7: unknown Format 'UInt33'",
    );
    std::fs::write(
        &yaml,
        "Shaders: [ { Stage: Compute, Entry: main }\nBuffers: x\n",
    )
    .unwrap();
    fails(
        &dxil(&["run", s(&shader), "--pipeline", s(&yaml)]),
        1,
        "bad.yaml:",
    );
    std::fs::write(
        &yaml,
        run_pipeline_yaml("1").replace("Stage: Compute", "Stage: Pixel"),
    )
    .unwrap();
    fails(
        &dxil(&["run", s(&shader), "--pipeline", s(&yaml)]),
        1,
        "bad.yaml:3: unsupported: the Pixel stage",
    );
    fails(
        &dxil(&["run", s(&shader), "--pipeline", s(&dir.join("none.yaml"))]),
        1,
        "none.yaml",
    );
    fails(
        &dxil(&["run", s(&dir.join("none.dxil")), "--pipeline", s(&yaml)]),
        1,
        "none.dxil",
    );
    // A graphics pipeline needs its pixel shader, and a compute shader does not draw.
    let graphics = run_pipeline_yaml("1").replace(
        "  - Stage: Compute\n    Entry: main\n",
        "  - Stage: Vertex\n    Entry: main\n  - Stage: Pixel\n    Entry: main\n",
    );
    std::fs::write(&yaml, graphics).unwrap();
    fails(
        &dxil(&["run", s(&shader), "--pipeline", s(&yaml)]),
        1,
        "bad.yaml: the pipeline draws: give its pixel shader with --pixel PS.dxil",
    );
    fails(
        &dxil(&[
            "run",
            s(&shader),
            "--pixel",
            s(&shader),
            "--pipeline",
            s(&yaml),
        ]),
        1,
        "a graphics pipeline without 'Bindings'",
    );
}

#[test]
fn run_quick_form_binds_files_from_the_shader_metadata() {
    let dir = scratch("run-quick");
    let shader = compute_container(&dir);
    let zeros = dir.join("zeros.bin");
    std::fs::write(&zeros, [0u8; 16]).unwrap();
    let out = ok(&dxil(&[
        "run",
        s(&shader),
        "--dispatch",
        "1,1,1",
        "--buffer",
        &format!("u0={}", s(&zeros)),
    ]));
    assert_eq!(out, "u0 (UInt32): [ 1, 2, 5, 10 ]\n");
    fails(
        &dxil(&[
            "run",
            s(&shader),
            "--dispatch",
            "1,1,1",
            "--buffer",
            &format!("u5={}", s(&zeros)),
        ]),
        1,
        "declares no resource at u5",
    );
    fails(
        &dxil(&["run", s(&shader), "--dispatch", "1,1,1", "--buffer", "x0=f"]),
        2,
        "expected a register",
    );
    fails(
        &dxil(&["run", s(&shader)]),
        2,
        "--pipeline <YAML>|--dispatch",
    );
    // Usage: the two forms together, or a malformed triple.
    fails(
        &dxil(&[
            "run",
            s(&shader),
            "--pipeline",
            "p.yaml",
            "--dispatch",
            "1,1,1",
        ]),
        2,
        "cannot be used with",
    );
    fails(
        &dxil(&["run", s(&shader), "--dispatch", "1,1"]),
        2,
        "expected X,Y,Z",
    );
}

#[test]
fn compile_wgsl_to_valid_containers() {
    let dir = scratch("compile");
    let src = dir.join("shader.wgsl");
    std::fs::write(
        &src,
        "@group(0) @binding(0) var<storage, read_write> data: array<u32>;\n\
         @compute @workgroup_size(64)\n\
         fn double(@builtin(global_invocation_id) id: vec3<u32>) {\n\
             if id.x < arrayLength(&data) { data[id.x] = data[id.x] * 2u; }\n\
         }\n\
         @vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {\n\
             return vec4<f32>(f32(i), 0.0, 0.0, 1.0);\n\
         }\n",
    )
    .expect("write source");
    let out = dir.join("double.dxil");
    ok(&dxil(&[
        "compile",
        s(&src),
        "--entry",
        "double",
        "-o",
        s(&out),
    ]));
    let report = ok(&dxil(&["val", s(&out)]));
    assert!(report.contains("Validation succeeded."), "{report}");
    // Two entry points need --entry or --out-dir.
    fails(
        &dxil(&["compile", s(&src), "-o", s(&out)]),
        1,
        "2 entry points compiled",
    );
    ok(&dxil(&["compile", s(&src), "--out-dir", s(&dir)]));
    for name in ["shader.double.dxil", "shader.vs.dxil"] {
        ok(&dxil(&["val", s(&dir.join(name))]));
    }
    fails(
        &dxil(&["compile", s(&src), "--entry", "nope", "-o", s(&out)]),
        1,
        "no entry point `nope`",
    );
    fails(
        &dxil(&["compile", s(&src), "--shader-model", "5.1", "-o", s(&out)]),
        2,
        "invalid value '5.1' for '--shader-model",
    );
}

/// Task and mesh shaders need shader model 6.5: without `--shader-model` the CLI picks it
/// for them (and the lowest each other stage needs); `--out-dir` is created when missing.
#[test]
fn compile_mesh_shaders_at_their_shader_model() {
    let dir = scratch("compile-mesh");
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("../dxil-naga/tests/wgsl/mesh.wgsl");
    let out = dir.join("new").join("dir");
    ok(&dxil(&["compile", s(&src), "--out-dir", s(&out)]));
    for name in [
        "mesh.ts_main.dxil",
        "mesh.ms_main.dxil",
        "mesh.fs_main.dxil",
    ] {
        let report = ok(&dxil(&["val", s(&out.join(name))]));
        assert!(report.contains("Validation succeeded."), "{name}: {report}");
    }
    let info = ok(&dxil(&["info", s(&out.join("mesh.ms_main.dxil"))]));
    assert!(info.contains("ms_6_5"), "{info}");
    fails(
        &dxil(&[
            "compile",
            s(&src),
            "--entry",
            "ms_main",
            "--shader-model",
            "6.4",
            "-o",
            s(&dir.join("ms.dxil")),
        ]),
        1,
        "6.5",
    );
}

#[test]
fn compile_errors_name_file_line_and_column() {
    let dir = scratch("compile-errors");
    let bad = dir.join("bad.wgsl");
    std::fs::write(&bad, "fn main() {\n    let x = ;\n}\n").expect("write");
    fails(&dxil(&["compile", s(&bad), "-o", "-"]), 1, "bad.wgsl:2:13");
    let other = dir.join("shader.hlsl");
    std::fs::write(&other, "").expect("write");
    fails(
        &dxil(&["compile", s(&other), "-o", "-"]),
        1,
        "unknown language",
    );
    // A construct the back end refuses is named with its span.
    let refused = dir.join("refused.wgsl");
    std::fs::write(
        &refused,
        "@compute @workgroup_size(1)\n\
         fn main(@builtin(num_workgroups) n: vec3<u32>) {}\n",
    )
    .expect("write");
    fails(
        &dxil(&["compile", s(&refused), "-o", "-"]),
        1,
        "built-in `num_workgroups`",
    );
}
