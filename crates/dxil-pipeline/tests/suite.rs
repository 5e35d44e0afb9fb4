//! The offload-test-suite cases of `../shared/exec` (LLVM's suite compiled to DXIL by the
//! reference): every pipeline parses, and reads back from its printed form; and the executor runs every compiled compute
//! case with `Results`, counting those that should pass on the platform (`lit::PLATFORM`)
//! apart from those its REQUIRES / XFAIL / UNSUPPORTED lines set aside. Graphics cases
//! (a vertex shader `ID` and its pixel shader `ID.1`) run and are counted apart. A summary
//! table lists every failure and every case apart with its reason.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use dxil_pipeline::filecheck::filecheck;
use dxil_pipeline::lit::{self, Verdict};
use dxil_pipeline::{self as pipeline, RunOptions};

/// Cases that pass at the last measurement (`cargo test --release -p dxil-pipeline --test suite`).
const PASS_FLOOR: usize = 276;

fn exec_dir() -> Option<PathBuf> {
    dxil_test_support::shared_path("exec").filter(|d| d.is_dir())
}

/// The ids of the cases, whether the reference compiled them, and their target (`-T`).
fn cases(dir: &Path) -> Vec<(String, bool, String)> {
    let Some(index) = dxil_test_support::read_jsonl(&dir.join("index.jsonl")) else {
        return Vec::new();
    };
    index
        .iter()
        .filter_map(|r| {
            let id = r.get("id")?.as_str()?.to_string();
            let args: Vec<&str> = r
                .get("args")?
                .as_array()?
                .iter()
                .filter_map(|a| a.as_str())
                .collect();
            let target = args
                .windows(2)
                .find(|w| w[0] == "-T")
                .map_or(String::new(), |w| w[1].to_string());
            Some((id, r.get("compiled")?.as_bool()?, target))
        })
        .collect()
}

/// The FileCheck prefixes of the RUN line that pipes the offloader into FileCheck, and
/// whether that line expects the offloader to fail (`not %offloader ... 2>&1`).
fn offloader_check(t: &lit::LitTest) -> Option<(Vec<String>, bool)> {
    let line = t
        .run
        .iter()
        .find(|l| l.contains("%offloader") && l.contains("FileCheck"))?;
    let mut prefixes = Vec::new();
    for word in line.split_whitespace() {
        for opt in [
            "--check-prefix=",
            "--check-prefixes=",
            "-check-prefix=",
            "-check-prefixes=",
        ] {
            if let Some(v) = word.strip_prefix(opt) {
                prefixes.extend(v.split(',').map(str::to_string));
            }
        }
    }
    if prefixes.is_empty() {
        prefixes.push("CHECK".into());
    }
    Some((prefixes, line.trim_start().starts_with("not ")))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn every_pipeline_parses() {
    let Some(dir) = exec_dir() else { return };
    let ids = dxil_test_support::ids_with_extension(&dir, "yaml");
    let mut bad = Vec::new();
    for id in &ids {
        if let Err(e) = pipeline::parse(&read(&dir.join(format!("{id}.yaml")))) {
            bad.push(format!("{id}.yaml: {e}"));
        }
    }
    assert!(
        bad.is_empty(),
        "{} of {} pipelines do not parse:\n{}",
        bad.len(),
        ids.len(),
        bad.join("\n")
    );
    assert!(ids.len() >= 383, "only {} pipelines", ids.len());
}

/// The printed pipeline is YAML the reader takes back to the same pipeline: printing
/// what it reads gives the same text, for every case.
#[test]
fn printed_pipelines_read_back() {
    let Some(dir) = exec_dir() else { return };
    let ids = dxil_test_support::ids_with_extension(&dir, "yaml");
    let mut bad = Vec::new();
    for id in &ids {
        let Ok(p) = pipeline::parse(&read(&dir.join(format!("{id}.yaml")))) else {
            continue;
        };
        // A golden-image case fills 256 MiB: its print is big, not different in kind.
        if p.buffers.iter().any(|b| b.size() > 1 << 20) {
            continue;
        }
        let text = pipeline::print_pipeline(&p);
        match pipeline::parse(&text) {
            Ok(q) if pipeline::print_pipeline(&q) == text => {}
            Ok(_) => bad.push(format!("{id}: printed again, it differs")),
            Err(e) => bad.push(format!(
                "{id}: the printed pipeline does not read back: {e}"
            )),
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// How one case went.
enum Outcome {
    Pass,
    Fail(String),
}

/// Whether `p` draws with a vertex and a pixel shader.
fn is_graphics(p: &pipeline::Pipeline) -> bool {
    let stages: Vec<pipeline::Stage> = p.shaders.iter().map(|s| s.stage).collect();
    stages == [pipeline::Stage::Vertex, pipeline::Stage::Pixel]
}

/// Runs case `id`; a graphics case's pixel shader is case `ID.1` (the test's second
/// compile line).
fn run_case(dir: &Path, id: &str, lt: &lit::LitTest) -> Outcome {
    let yaml = dir.join(format!("{id}.yaml"));
    let mut p = match pipeline::parse(&read(&yaml)) {
        Ok(p) => p,
        Err(e) => return Outcome::Fail(format!("{id}.yaml: {e}")),
    };
    let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).unwrap_or_default();
    let module = match pipeline::load_module(&bytes) {
        Ok(m) => m,
        Err(e) => return Outcome::Fail(e.to_string()),
    };
    let statics = match dxil_exec::texture::static_samplers(&bytes) {
        Ok(s) => s,
        Err(e) => return Outcome::Fail(e.to_string()),
    };
    let root_signature = match pipeline::root_signature(&bytes) {
        Ok(r) => r,
        Err(e) => return Outcome::Fail(e),
    };
    let options = RunOptions {
        root_signature,
        ..RunOptions::default()
    };
    let pixel = if is_graphics(&p) {
        let bytes = std::fs::read(dir.join(format!("{id}.1.dxil"))).unwrap_or_default();
        match pipeline::load_module(&bytes) {
            Ok(m) => Some(m),
            Err(e) => return Outcome::Fail(format!("the pixel shader {id}.1: {e}")),
        }
    } else {
        None
    };
    let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match &pixel {
        Some(ps) => pipeline::offload_graphics(&mut p, &module, ps, &statics, &options),
        None => pipeline::offload_with(&mut p, &module, &statics, &options, &mut std::io::sink()),
    }));
    let out = match run {
        Err(_) => return Outcome::Fail("panicked".into()),
        Ok(Err(e)) => {
            // `not %offloader ... 2>&1`: a refused pipeline may be what the CHECK lines
            // expect (the offloader prints `error: ` and the message).
            let message = match &e {
                pipeline::RunError::Pipeline(p) => p.message.clone(),
                other => other.to_string(),
            };
            if let Some((prefixes, true)) = offloader_check(lt) {
                let test = read(&dir.join(format!("{id}.test")));
                let refs: Vec<&str> = prefixes.iter().map(String::as_str).collect();
                if filecheck(&test, &refs, &format!("error: {message}\n")).is_ok() {
                    return Outcome::Fail(format!(
                        "refused as its RUN line expects (`not %offloader`), meeting its CHECK lines: {message}"
                    ));
                }
            }
            return Outcome::Fail(e.to_string());
        }
        Ok(Ok(o)) => o,
    };
    let expects_failure = offloader_check(lt).is_some_and(|(_, not)| not);
    if expects_failure && !out.failures.is_empty() {
        // `not %offloader ... 2>&1 | FileCheck`: the rules are meant to fail, and the
        // report is what the CHECK lines read. The official figure counts exit 0 only.
        let (prefixes, _) = offloader_check(lt).unwrap_or_default();
        let test = read(&dir.join(format!("{id}.test")));
        let refs: Vec<&str> = prefixes.iter().map(String::as_str).collect();
        let text = format!("{}{}", out.stderr, out.stdout);
        return Outcome::Fail(match filecheck(&test, &refs, &text) {
            Ok(()) => "rules fail as its RUN line expects (`not %offloader`), and the report meets its CHECK lines".into(),
            Err(e) => format!("rules fail as its RUN line expects (`not %offloader`), but the report misses its CHECK lines: {e}"),
        });
    }
    if let Some(f) = out.failures.first() {
        let first = f.first.as_ref().map_or(String::new(), |(b, i, e, a)| {
            format!(": block {b} element {i}: expected {e}, actual {a}")
        });
        return Outcome::Fail(format!("rule '{}' fails{first}", f.name));
    }
    if let Some((prefixes, _)) = offloader_check(lt) {
        let test = read(&dir.join(format!("{id}.test")));
        let refs: Vec<&str> = prefixes.iter().map(String::as_str).collect();
        let text = format!("{}{}", out.stderr, out.stdout);
        if let Err(e) = filecheck(&test, &refs, &text) {
            return Outcome::Fail(format!("FileCheck: {e}"));
        }
    }
    Outcome::Pass
}

#[test]
fn suite() {
    let Some(dir) = exec_dir() else { return };
    let started = std::time::Instant::now();
    let mut counted = Vec::new();
    let mut apart = Vec::new();
    let (mut not_compiled, mut not_compute, mut no_results) = (0, 0, 0);
    // Graphics cases (vertex + pixel) are counted apart from the compute figure.
    let mut graphics = Vec::new();
    let mut graphics_apart = Vec::new();
    for (id, compiled, target) in cases(&dir) {
        if !compiled {
            not_compiled += 1;
            continue;
        }
        let yaml = read(&dir.join(format!("{id}.yaml")));
        let lt = lit::parse_test(&read(&dir.join(format!("{id}.test"))));
        let parsed = pipeline::parse(&yaml);
        if parsed.as_ref().is_ok_and(is_graphics) {
            // The pixel shader's own case runs with its vertex shader's.
            if !target.starts_with("ps_") {
                match lt.verdict(&lit::on_platform) {
                    Ok(Verdict::Run)
                        if yaml.contains("Results:") || offloader_check(&lt).is_some() =>
                    {
                        graphics.push((id, lt))
                    }
                    Ok(Verdict::Run) => graphics_apart.push(format!(
                        "  apart {id}: no Results or CHECK lines (a golden image)"
                    )),
                    other => graphics_apart.push(format!("  apart {id}: {other:?}")),
                }
            }
            continue;
        }
        let compute = parsed.map_or(true, |p| p.unsupported.is_empty());
        if !compute {
            not_compute += 1;
            continue;
        }
        let verdict = lt.verdict(&lit::on_platform);
        if !yaml.contains("Results:") {
            // Not counted; those that should run on the platform still run, for their
            // CHECK lines alone.
            no_results += 1;
            if verdict == Ok(Verdict::Run) && offloader_check(&lt).is_some() {
                apart.push((id, lt, "without Results: its CHECK lines alone".to_string()));
            }
            continue;
        }
        match verdict {
            Ok(Verdict::Run) => counted.push((id, lt)),
            Ok(Verdict::MissingFeature(f)) => apart.push((id, lt, format!("REQUIRES {f}"))),
            Ok(Verdict::Unsupported(f)) => apart.push((id, lt, format!("UNSUPPORTED {f}"))),
            Ok(Verdict::ExpectedFailure(f)) => apart.push((id, lt, format!("XFAIL {f}"))),
            Err(e) => apart.push((id, lt, format!("lit expression: {e}"))),
        }
    }
    // Cases apart run too (whether they pass anyway is worth knowing), except those that
    // need a feature the platform lacks (a golden image to compare, a Vulkan-only construct).
    let runs_apart = |why: &str| !why.starts_with("REQUIRES");
    let all: Vec<(&str, &lit::LitTest)> = counted
        .iter()
        .map(|(i, l)| (i.as_str(), l))
        .chain(
            apart
                .iter()
                .filter(|a| runs_apart(&a.2))
                .map(|(i, l, _)| (i.as_str(), l)),
        )
        .chain(graphics.iter().map(|(i, l)| (i.as_str(), l)))
        .collect();
    let results: Vec<Mutex<Option<Outcome>>> = all.iter().map(|_| Mutex::new(None)).collect();
    let next = AtomicUsize::new(0);
    let workers = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(8);
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((id, lt)) = all.get(i) else { break };
                let o = run_case(&dir, id, lt);
                *results[i].lock().unwrap_or_else(|e| e.into_inner()) = Some(o);
            });
        }
    });
    let outcome = |i: usize| results[i].lock().unwrap_or_else(|e| e.into_inner()).take();
    let mut passed = 0;
    let mut failures = Vec::new();
    for (i, (id, _)) in counted.iter().enumerate() {
        match outcome(i) {
            Some(Outcome::Pass) => passed += 1,
            Some(Outcome::Fail(why)) => failures.push(format!("  fail  {id}: {why}")),
            None => failures.push(format!("  fail  {id}: not run")),
        }
    }
    let mut apart_lines = Vec::new();
    let mut apart_passed = 0;
    let mut j = counted.len();
    for (id, _, why) in &apart {
        if !runs_apart(why) {
            apart_lines.push(format!("  apart {id}: {why}; not run"));
            continue;
        }
        j += 1;
        let ran = match outcome(j - 1) {
            Some(Outcome::Pass) => {
                apart_passed += 1;
                "passes".to_string()
            }
            Some(Outcome::Fail(w)) => format!("fails: {w}"),
            None => "not run".into(),
        };
        apart_lines.push(format!("  apart {id}: {why}; {ran}"));
    }
    eprintln!("offload-test-suite cases of {}:", dir.display());
    eprintln!("  not compiled by the reference: {not_compiled}");
    eprintln!("  not runnable here (ray tracing, rasterisation, push constants): {not_compute}");
    eprintln!("  without Results (those with CHECK lines run below, apart): {no_results}");
    eprintln!(
        "  apart (REQUIRES / XFAIL / UNSUPPORTED on the platform, or CHECK lines without Results): {} ({apart_passed} pass anyway)",
        apart.len()
    );
    for l in &apart_lines {
        eprintln!("{l}");
    }
    let mut graphics_passed = 0;
    let mut graphics_lines = Vec::new();
    for (k, (id, _)) in graphics.iter().enumerate() {
        match outcome(all.len() - graphics.len() + k) {
            Some(Outcome::Pass) => graphics_passed += 1,
            Some(Outcome::Fail(why)) => graphics_lines.push(format!("  fail  {id}: {why}")),
            None => graphics_lines.push(format!("  fail  {id}: not run")),
        }
    }
    eprintln!(
        "  graphics (vertex + pixel), counted apart: {graphics_passed}/{} pass, {} apart",
        graphics.len(),
        graphics_apart.len()
    );
    for l in graphics_lines.iter().chain(&graphics_apart) {
        eprintln!("{l}");
    }
    eprintln!("  counted: {}", counted.len());
    for f in &failures {
        eprintln!("{f}");
    }
    let pct = 100.0 * passed as f64 / counted.len().max(1) as f64;
    eprintln!(
        "PASS {passed}/{} ({pct:.1}%) in {:.1}s",
        counted.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        passed >= PASS_FLOOR,
        "{passed} cases pass, below the floor {PASS_FLOOR}"
    );
}

/// Damaged pipelines (cut at every line, bytes flipped) read or fail with a line; none
/// panics, and what reads still prints and reads back.
#[test]
fn damaged_pipelines_fail_cleanly() {
    let Some(dir) = exec_dir() else { return };
    let ids = dxil_test_support::ids_with_extension(&dir, "yaml");
    for id in dxil_test_support::spread(&ids, 24) {
        let text = read(&dir.join(format!("{id}.yaml")));
        let mut damaged: Vec<String> = text
            .char_indices()
            .filter(|(_, c)| *c == '\n')
            .map(|(i, _)| text[..i].to_string())
            .collect();
        let mut rng = dxil_test_support::XorShift64(id.len() as u64 | 1);
        for _ in 0..64 {
            let mut bytes = text.clone().into_bytes();
            let at = rng.below(bytes.len());
            bytes[at] ^= 1 << rng.below(7);
            damaged.push(String::from_utf8_lossy(&bytes).into_owned());
            // A character of two bytes where the text has one.
            let at = rng.below(text.len());
            if text.is_char_boundary(at) && text.is_char_boundary(at + 1) {
                damaged.push(format!("{}é{}", &text[..at], &text[at + 1..]));
            }
        }
        for d in &damaged {
            match pipeline::parse(d) {
                Ok(p) => {
                    let printed = pipeline::print_pipeline(&p);
                    let back = pipeline::parse(&printed);
                    assert!(
                        back.is_ok(),
                        "{id}: a damaged pipeline printed to unreadable YAML:\n{d}\n{:?}",
                        back.err()
                    );
                }
                Err(e) => assert!(
                    e.line <= d.lines().count() + 1,
                    "{id}: line {} past the end",
                    e.line
                ),
            }
        }
    }
}

/// The directives `lit::parse_test` reads from each `ID.test` are those the index lists.
#[test]
fn lit_directives_match_the_index() {
    let Some(dir) = exec_dir() else { return };
    let Some(index) = dxil_test_support::read_jsonl(&dir.join("index.jsonl")) else {
        return;
    };
    let mut differ = Vec::new();
    for r in &index {
        let Some(id) = r.get("id").and_then(|v| v.as_str()) else {
            continue;
        };
        let t = lit::parse_test(&read(&dir.join(format!("{id}.test"))));
        let list = |key: &str| -> Vec<String> {
            r.get(key)
                .and_then(|v| v.as_array())
                .map(|a| {
                    a.iter()
                        .filter_map(|s| s.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default()
        };
        for (key, mine) in [
            ("requires", &t.requires),
            ("xfail", &t.xfail),
            ("unsupported", &t.unsupported),
        ] {
            if *mine != list(key) {
                differ.push(format!("{id} {key}: {mine:?} vs {:?}", list(key)));
            }
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
}
