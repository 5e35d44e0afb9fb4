//! The preprocessor against the reference's (`dxc -P`) on the offload-test-suite's shaders
//! (`../shared/exec/*.test`, each with its test's own arguments): the text written must be
//! the same, byte for byte. `tools/hlsl-pp/run` measures DXC's own test sources the same way.

use std::process::Command;

use dxil_hlsl::pp::{preprocess, print, FsLoader, Options, Target};

/// The preprocessor options in `args` (dxc's command line).
fn options(args: &[String]) -> Options {
    let mut o = Options::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut val = |flag: &str| -> Option<String> {
            if a == flag {
                it.next().cloned()
            } else {
                a.strip_prefix(flag).map(str::to_string)
            }
        };
        if let Some(v) = val("-T") {
            o.target = Target::parse(&v);
        } else if let Some(v) = val("-D") {
            let (k, v) = v.split_once('=').unwrap_or((&v, "1"));
            o.defines.push((k.to_string(), Some(v.to_string())));
        } else if let Some(v) = val("-HV") {
            o.hlsl_version = v.parse().unwrap_or(2021);
        } else if a == "-enable-16bit-types" {
            o.enable_16bit_types = true;
        }
    }
    o
}

/// The arguments of `args` that the preprocessor reads, for `dxc -P`.
fn pp_args(args: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let takes = ["-T", "-D", "-HV", "-I"];
        if takes.contains(&a.as_str()) {
            out.push(a.clone());
            out.extend(it.next().cloned());
        } else if a == "-enable-16bit-types" || takes.iter().any(|t| a.starts_with(t)) {
            out.push(a.clone());
        } else if matches!(a.as_str(), "-E" | "-Fo" | "-Fc") {
            it.next();
        }
    }
    out
}

/// The id and dxc arguments of a line of `exec/index.jsonl`.
fn args_of(line: &str) -> Option<(String, Vec<String>)> {
    let id = line
        .split("\"id\": \"")
        .nth(1)?
        .split('"')
        .next()?
        .to_string();
    let list = line.split("\"args\": [").nth(1)?.split(']').next()?;
    let args = list
        .split(',')
        .map(|s| s.trim().trim_matches('"').to_string())
        .filter(|s| !s.is_empty())
        .collect();
    Some((id, args))
}

#[test]
fn dxc_p_output_is_the_same_on_the_exec_suite() {
    let (Some(exec), Some(dxc)) = (
        dxil_test_support::shared_path("exec"),
        dxil_test_support::reference_tool("dxc"),
    ) else {
        return;
    };
    let index = std::fs::read_to_string(exec.join("index.jsonl")).expect("exec/index.jsonl");
    let cases: Vec<(String, Vec<String>)> = index.lines().filter_map(args_of).collect();
    assert!(cases.len() > 300, "{} cases", cases.len());
    let work = std::env::temp_dir().join(format!("dxil-hlsl-pp-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("temp dir");
    let check = |(id, args): &(String, Vec<String>)| -> Result<bool, String> {
        let text =
            std::fs::read_to_string(exec.join(format!("{id}.test"))).map_err(|e| e.to_string())?;
        let Some(src) = dxil_test_support::exec_source(&text) else {
            return Ok(false);
        };
        let dir = work.join(id);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        std::fs::write(dir.join("source.hlsl"), src).map_err(|e| e.to_string())?;
        let out = dir.join("ref.i");
        let status = Command::new(&dxc)
            .current_dir(&dir)
            .args(["-P", "-Fi"])
            .arg(&out)
            .args(pp_args(args))
            .arg("source.hlsl")
            .output()
            .map_err(|e| e.to_string())?;
        let reference = std::fs::read_to_string(&out).map_err(|e| {
            format!(
                "{id}: dxc -P wrote nothing ({e}): {}",
                String::from_utf8_lossy(&status.stderr)
            )
        })?;
        let ours = preprocess("source.hlsl", src, &options(args), &mut FsLoader);
        let printed = print(&ours);
        if printed != reference {
            let line = reference
                .lines()
                .zip(printed.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            return Err(format!(
                "{id}: differs at output line {}:\n  reference: {:?}\n  ours:      {:?}",
                line + 1,
                reference.lines().nth(line),
                printed.lines().nth(line)
            ));
        }
        Ok(true)
    };
    let half = cases.len() / 2;
    let (a, b) = cases.split_at(half);
    let results: Vec<Result<bool, String>> = std::thread::scope(|s| {
        let h = s.spawn(|| a.iter().map(check).collect::<Vec<_>>());
        let mut r: Vec<_> = b.iter().map(check).collect();
        let mut first = h.join().unwrap_or_default();
        first.append(&mut r);
        first
    });
    let _ = std::fs::remove_dir_all(&work);
    let compared = results.iter().filter(|r| matches!(r, Ok(true))).count();
    let failures: Vec<&String> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(
        failures.is_empty(),
        "{} of {} differ:\n{}",
        failures.len(),
        results.len(),
        failures
            .iter()
            .take(5)
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
    assert!(compared > 300, "only {compared} sources compared");
}

/// Every shader of the offload-test-suite (which the reference compiles) parses and has its
/// types resolved without an error.
#[test]
fn every_exec_suite_shader_parses_and_resolves() {
    let Some(exec) = dxil_test_support::shared_path("exec") else {
        return;
    };
    let index = std::fs::read_to_string(exec.join("index.jsonl")).expect("exec/index.jsonl");
    let mut failures = Vec::new();
    let mut parsed_count = 0;
    for (id, args) in index.lines().filter_map(args_of) {
        let text = std::fs::read_to_string(exec.join(format!("{id}.test"))).expect("test file");
        let Some(src) = dxil_test_support::exec_source(&text) else {
            continue;
        };
        let pp = preprocess(
            "source.hlsl",
            src,
            &options(&args),
            &mut dxil_hlsl::pp::MemoryLoader::default(),
        );
        let parsed = dxil_hlsl::parse::parse(&pp);
        let analysis = dxil_hlsl::sema::analyze_with_locations(&parsed, &|t| {
            pp.tokens.get(t as usize).map(|t| t.loc)
        });
        if pp.diagnostics.has_errors()
            || parsed.diagnostics.has_errors()
            || analysis.diagnostics.has_errors()
        {
            failures.push(format!(
                "{id}:\n{}{}{}",
                pp.diagnostics.render(&pp.sources),
                parsed.diagnostics.render(&pp.sources),
                analysis.diagnostics.render(&pp.sources)
            ));
        }
        parsed_count += 1;
    }
    assert!(parsed_count > 300, "{parsed_count} shaders");
    assert!(
        failures.is_empty(),
        "{} of {parsed_count} fail:\n{}",
        failures.len(),
        failures
            .iter()
            .take(3)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
}
