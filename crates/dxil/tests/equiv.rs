//! `dxil::equiv` holding the reference compiler against itself: the offload-test-suite's
//! compute shaders compiled at `-Od` and at `-O3` compute the same (within one unit in the
//! last place: the optimizer may contract and reorder float arithmetic), while a shader
//! changed by one constant is told apart.

use std::path::Path;
use std::process::Command;

use dxil::equiv::{compare, Differs, Options, Outcome};

/// `source` compiled by the reference at `opt`, or `None` when it refuses (it fails on some
/// shaders at `-Od`).
fn dxc(dxc: &Path, dir: &Path, source: &str, opt: &str) -> Option<Vec<u8>> {
    let (src, out) = (dir.join("s.hlsl"), dir.join(format!("s{opt}.dxil")));
    std::fs::write(&src, source).expect("writing the shader");
    let o = Command::new(dxc)
        .args(["-T", "cs_6_0", opt])
        .arg(&src)
        .arg("-Fo")
        .arg(&out)
        .output()
        .expect("running dxc");
    o.status
        .success()
        .then(|| std::fs::read(&out).expect("reading what dxc wrote"))
}

#[test]
fn optimization_levels_of_the_reference_agree() {
    let (Some(exec), Some(tool)) = (
        dxil_test_support::shared_path("exec"),
        dxil_test_support::reference_tool("dxc"),
    ) else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("dxil-equiv-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary directory");
    let index = std::fs::read_to_string(exec.join("index.jsonl")).expect("exec/index.jsonl");
    // Shaders compiled for compute with `-T cs_6_0` and no other flag, every fourth.
    let ids: Vec<&str> = index
        .lines()
        .filter(|l| {
            l.contains("\"args\": [\"-T\", \"cs_6_0\"]") && l.contains("\"compiled\": true")
        })
        .filter_map(|l| l.split("\"id\": \"").nth(1)?.split('"').next())
        .step_by(4)
        .collect();
    assert!(ids.len() >= 20, "{} shaders", ids.len());
    let opts = Options {
        seeds: 2,
        ulp: 1,
        ..Options::default()
    };
    let (mut agree, mut refused, mut compiled) = (0, Vec::new(), 0);
    for id in &ids {
        let text = std::fs::read_to_string(exec.join(format!("{id}.test"))).expect("test file");
        let Some(src) = dxil_test_support::exec_source(&text) else {
            continue;
        };
        let (Some(od), Some(o3)) = (dxc(&tool, &dir, src, "-Od"), dxc(&tool, &dir, src, "-O3"))
        else {
            continue;
        };
        compiled += 1;
        match compare(&od, &o3, &opts) {
            Ok(Outcome::Agree { .. }) => agree += 1,
            Ok(Outcome::Differ(d)) => panic!("{id}: -Od and -O3 differ: {d}"),
            // What the executor cannot run (or finds unbound) it refuses for both.
            Err(e) => refused.push(format!("{id}: {e}")),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    eprintln!(
        "{agree} of {compiled} agree ({} shaders; refused by the executor: {refused:?})",
        ids.len()
    );
    assert!(
        compiled >= 15,
        "only {compiled} shaders compiled at both levels"
    );
    assert!(
        agree * 10 >= compiled * 9,
        "{agree} of {compiled} agree; refused: {refused:?}"
    );
}

#[test]
fn one_changed_constant_is_found() {
    let base = "RWStructuredBuffer<float> o : register(u0);\nStructuredBuffer<float> i : register(t0);\n[numthreads(8, 1, 1)]\nvoid main(uint t : SV_DispatchThreadID) { o[t] = i[t] * K; }\n";
    let (Some(a), Some(b)) = (
        dxil_test_support::compile_hlsl(base, "cs_6_0", &["-DK=2.0"]),
        dxil_test_support::compile_hlsl(base, "cs_6_0", &["-DK=2.5"]),
    ) else {
        return;
    };
    let Outcome::Differ(d) = compare(&a, &b, &Options::default()).expect("comparable") else {
        panic!("a changed constant went unnoticed");
    };
    // Structured words are compared as they are (no `--ulp`): 2.0 * x against 2.5 * x.
    assert!(matches!(d.what, Differs::Value { width: 4, .. }), "{d}");
    assert!(matches!(
        compare(&a, &a, &Options::default()),
        Ok(Outcome::Agree { .. })
    ));
}
