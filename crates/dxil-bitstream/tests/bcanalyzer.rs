//! `dump` agrees with `llvm-bcanalyzer -dump` on the corpus: block IDs, lengths and abbrev
//! widths, record codes, abbreviation IDs and operands (compared through `-non-symbolic`
//! output), and text identity for everything LLVM 19 names as LLVM 3.7 does. Skipped when
//! neither `llvm-bcanalyzer` nor `llvm-bcanalyzer-19` is installed.

use std::process::Command;

use dxil_bitstream::{dump, DumpOptions};

fn bcanalyzer() -> Option<&'static str> {
    ["llvm-bcanalyzer-19", "llvm-bcanalyzer"]
        .into_iter()
        .find(|tool| {
            Command::new(tool)
                .arg("--version")
                .output()
                .is_ok_and(|o| o.status.success())
        })
}

/// One dump line reduced to what both tools must agree on: indentation, block ID or record
/// code, and everything after the name (NumWords, abbrevid, operands, strings, blobs).
fn structure(line: &str) -> String {
    let indent = line.len() - line.trim_start().len();
    let body = line.trim_start();
    let (open, rest) = body.split_at(if body.starts_with("</") { 2 } else { 1 });
    let name_end = rest.find([' ', '/', '>']).unwrap_or(rest.len());
    let (name, tail) = rest.split_at(name_end);
    // With -non-symbolic a known name is followed by its number; unknown names carry it.
    let (id, tail) = if let Some(t) = tail
        .strip_prefix(" BlockID=")
        .or(tail.strip_prefix(" codeid="))
    {
        let n = t.find([' ', '/', '>']).unwrap_or(t.len());
        (t[..n].to_string(), &t[n..])
    } else {
        let digits = name.trim_start_matches(|c: char| !c.is_ascii_digit());
        let id = if name.starts_with("Unknown") {
            digits.to_string()
        } else {
            name.to_string()
        };
        (id, tail)
    };
    format!("{indent} {open}{id}{tail}")
}

#[test]
fn dump_agrees_with_llvm_bcanalyzer() {
    let Some(tool) = bcanalyzer() else {
        dxil_test_support::skip("llvm-bcanalyzer(-19) not installed");
        return;
    };
    let files = dxil_test_support::corpus_files();
    let tmp = std::env::temp_dir().join(format!("dxil-bcdump-{}.bc", std::process::id()));
    let opts = DumpOptions {
        non_symbolic: true,
        ..DumpOptions::default()
    };
    let (mut modules, mut structure_same, mut text_same) = (0, 0, 0);
    let mut failures = Vec::new();
    let mut renamed = std::collections::BTreeSet::new();
    // Every DXIL part, plus the ILDB parts (debug-info modules).
    for f in &files {
        let c = std::fs::read(f).unwrap();
        for (fourcc, bc) in dxil_test_support::program_bitcodes(&c) {
            if &fourcc == b"STAT" {
                continue;
            }
            modules += 1;
            std::fs::write(&tmp, bc).unwrap();
            let out = Command::new(tool)
                .args(["-dump", "-non-symbolic"])
                .arg(&tmp)
                .output()
                .unwrap();
            assert!(out.status.success(), "{tool} failed on {}", f.display());
            let theirs = String::from_utf8_lossy(&out.stdout);
            let theirs = theirs.split("\n\nSummary of").next().unwrap_or("");
            let mut ours = String::new();
            dump(bc, &mut ours, opts).unwrap();
            if ours.trim_end() == theirs.trim_end() {
                text_same += 1;
            } else {
                // Lines differing only by name: LLVM 19 does not know (or renamed) a 3.7 code.
                for (x, y) in ours.lines().zip(theirs.lines()).filter(|(x, y)| x != y) {
                    let name = |l: &str| {
                        l.trim_start()
                            .split([' ', '/', '>'])
                            .next()
                            .unwrap_or("")
                            .to_string()
                    };
                    renamed.insert((name(x), name(y)));
                }
            }
            let a: Vec<String> = ours.lines().map(structure).collect();
            let b: Vec<String> = theirs.lines().map(structure).collect();
            if a == b {
                structure_same += 1;
            } else if failures.len() < 5 {
                let i = a
                    .iter()
                    .zip(&b)
                    .position(|(x, y)| x != y)
                    .unwrap_or(a.len().min(b.len()));
                failures.push(format!(
                    "{} {}: line {}:\n  ours:   {:?}\n  theirs: {:?}",
                    f.display(),
                    String::from_utf8_lossy(&fourcc),
                    i + 1,
                    ours.lines().nth(i),
                    theirs.lines().nth(i)
                ));
            }
        }
    }
    let _ = std::fs::remove_file(&tmp);
    eprintln!(
        "{structure_same}/{modules} modules agree in structure with {tool}; {text_same} are textually identical"
    );
    eprintln!("names that differ (ours, theirs): {renamed:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
