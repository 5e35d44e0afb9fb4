//! Prints every module of `../shared/corpus` and compares the text with the body of the
//! reference disassembly (`ID.ll` from the `target datalayout` line on). Reports the match
//! count, groups failures by the kind of the first differing line, and fails below the floor.
//! Skips when the corpus is absent.

use std::collections::BTreeMap;

use dxil_test_support::{
    assert_floor, first_line_difference, ll_body, print_id_groups, print_line_groups, LineGroups,
};

/// Share of the corpus that must match (every body matches the reference).
const FLOOR: f64 = 1.0;

fn line_kind(line: &str) -> String {
    let t = line.trim_start();
    let word: String = t
        .split([' ', '(', ','])
        .next()
        .unwrap_or("")
        .chars()
        .take(24)
        .collect();
    if t.starts_with('%') || t.starts_with('@') {
        // `%x = op ...`: use the opcode.
        let rest = t.split(" = ").nth(1).unwrap_or("");
        let op: String = rest
            .split(' ')
            .next()
            .unwrap_or("")
            .chars()
            .take(24)
            .collect();
        return format!("{} = {op}", &word[..1.min(word.len())]);
    }
    if t.starts_with('!') {
        let rest = t.split(" = ").nth(1).unwrap_or("");
        let op: String = rest
            .split(['(', ' ', '{'])
            .next()
            .unwrap_or("")
            .chars()
            .take(24)
            .collect();
        return format!("! = {op}");
    }
    word
}

#[test]
fn corpus_bodies_match_reference() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let ids = dxil_test_support::corpus_ids(&dir);
    let only = std::env::var("ONLY").ok();
    let (mut total, mut matched, mut read_errors) = (0usize, 0usize, 0usize);
    let mut stripped = 0usize;
    let mut groups = LineGroups::new();
    let mut errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for id in &ids {
        if only.as_deref().is_some_and(|o| !id.starts_with(o)) {
            continue;
        }
        let dxil = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read dxil");
        let Ok(ll) = std::fs::read_to_string(dir.join(format!("{id}.ll"))) else {
            continue;
        };
        let Some(want) = ll_body(&ll) else { continue };
        total += 1;
        let module = dxil_container::Container::parse(&dxil)
            .map_err(|e| e.to_string())
            .and_then(|c| c.primary_program().map_err(|e| e.to_string()))
            .and_then(|p| dxil_bitcode::read_module(p.bitcode).map_err(|e| e.to_string()));
        let module = match module {
            Ok(m) => m,
            Err(e) => {
                read_errors += 1;
                let key: String = e.chars().take(60).collect();
                errors.entry(key).or_default().push(id.clone());
                continue;
            }
        };
        let mut got = String::new();
        dxil_text::write_dumpbin_body(&module, &mut got);
        // The stripped DXIL module of a container with ILDB is not compared, but it must
        // print without dangling references too.
        if let Ok(c) = dxil_container::Container::parse(&dxil) {
            if let (Ok(Some(_)), Ok(p)) = (c.debug_program(), c.program()) {
                if let Ok(m) = dxil_bitcode::read_module(p.bitcode) {
                    let text = dxil_text::print_module(&m);
                    assert!(
                        !text.contains("<badref>") && !text.contains("<badtype>"),
                        "{id}: DXIL module prints a dangling reference"
                    );
                    stripped += 1;
                }
            }
        }
        if got == want {
            matched += 1;
            continue;
        }
        let (n, a, b) = first_line_difference(&got, want);
        groups
            .entry(line_kind(&b))
            .or_default()
            .push((id.clone(), n, a, b));
    }
    if total == 0 {
        dxil_test_support::skip("no corpus files");
        return;
    }
    eprintln!(
        "body identical: {matched}/{total} ({:.2}%), read errors {read_errors}; \
         {stripped} stripped DXIL modules of -Zi containers printed",
        100.0 * matched as f64 / total as f64
    );
    print_id_groups(&errors, "read error");
    print_line_groups(&groups, "  ", |kind, n| {
        format!("mismatch x{n} first differing line kind `{kind}`")
    });
    assert_floor(matched, total, FLOOR, "bodies match");
}
