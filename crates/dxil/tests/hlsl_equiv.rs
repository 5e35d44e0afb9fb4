//! The HLSL compiler held against the reference: each shader of `tests/hlsl/` (its first
//! line `// args: ...` gives DXC's arguments; `// ulp: N` a float tolerance) compiled by
//! `dxil::hlsl` and by the reference `dxc`, then run on the same random inputs by
//! `dxil::equiv`: every UAV must agree. The shaders each exercise one part of the lowering
//! (SSA through loops and switches, short-circuiting, structs and methods, buffers and
//! constant buffers, group-shared memory, resources in structs and resource variables,
//! conversions, intrinsics).

use std::path::Path;
use std::process::Command;

use dxil::equiv::{compare, Options, Outcome};

fn header<'a>(text: &'a str, key: &str) -> Option<&'a str> {
    text.lines()
        .take_while(|l| l.starts_with("//"))
        .find_map(|l| l.strip_prefix(&format!("// {key}: ")))
}

#[test]
fn ours_and_the_reference_agree() {
    let Some(dxc) = dxil_test_support::reference_tool("dxc") else {
        return;
    };
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hlsl");
    let files = dxil_test_support::files_with_extension(&dir, "hlsl");
    assert!(
        files.len() >= 8,
        "{} shaders in {}",
        files.len(),
        dir.display()
    );
    let out = std::env::temp_dir().join(format!("dxil-hlsl-equiv-{}", std::process::id()));
    std::fs::create_dir_all(&out).expect("a temporary directory");
    let mut problems = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).expect("reading the shader");
        let args: Vec<&str> = header(&text, "args")
            .expect("a `// args:` first line")
            .split_whitespace()
            .collect();
        let ulp = header(&text, "ulp").map_or(0, |u| u.parse().expect("a number of ulps"));
        let cmd = dxil::hlsl::front_end::options::parse(&[&args[..], &["x.hlsl"]].concat())
            .expect("DXC arguments we read");
        let ours = match dxil::hlsl::compile(&text, &cmd.options) {
            Ok(c) => c,
            Err(e) => {
                problems.push(format!("{}: we do not compile it: {e}", f.display()));
                continue;
            }
        };
        let theirs = out.join("ref.dxil");
        let o = Command::new(&dxc)
            .args(&args)
            .arg(f)
            .arg("-Fo")
            .arg(&theirs)
            .output()
            .expect("running dxc");
        assert!(
            o.status.success(),
            "{}: dxc refuses it: {}",
            f.display(),
            String::from_utf8_lossy(&o.stderr)
        );
        let reference = std::fs::read(&theirs).expect("reading what dxc wrote");
        let opts = Options {
            ulp,
            ..Options::default()
        };
        match compare(&reference, &ours, &opts) {
            Ok(Outcome::Agree { .. }) => {}
            Ok(other) => problems.push(format!("{}: {other:?}", f.display())),
            Err(e) => problems.push(format!("{}: {e}", f.display())),
        }
    }
    let _ = std::fs::remove_dir_all(&out);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
