//! Text round trip over `../shared/corpus`: parses each reference `ID.ll` (header comments
//! included), prints the module with `dxil-text`, and compares with the reference body (from
//! `target datalayout` on). Reports the count, groups failures, and fails below the floor.
//! Skips when the corpus is absent. `ONLY=prefix` restricts the run.

use std::collections::BTreeMap;

use dxil_test_support::{
    assert_floor, first_line_difference, ll_body, print_id_groups, print_line_groups, LineGroups,
};

/// Share of the corpus whose body must print back identically.
const FLOOR: f64 = 1.0;

#[test]
fn corpus_text_round_trip() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let ids = dxil_test_support::ids_with_extension(&dir, "ll");
    let only = std::env::var("ONLY").ok();
    let (mut total, mut matched) = (0usize, 0usize);
    let mut parse_errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut diffs = LineGroups::new();
    for id in &ids {
        if only.as_deref().is_some_and(|o| !id.starts_with(o)) {
            continue;
        }
        let Ok(ll) = std::fs::read_to_string(dir.join(format!("{id}.ll"))) else {
            continue;
        };
        let Some(want) = ll_body(&ll) else { continue };
        total += 1;
        let module = match dxil_asm::parse_module(&ll, &format!("{id}.ll")) {
            Ok(m) => m,
            Err(e) => {
                let first = e
                    .errors
                    .first()
                    .map(|d| d.message.clone())
                    .unwrap_or_default();
                let key: String = first.chars().take(70).collect();
                if parse_errors.get(&key).is_none_or(|v| v.is_empty()) {
                    eprintln!("{e}");
                }
                parse_errors.entry(key).or_default().push(id.clone());
                continue;
            }
        };
        let mut got = String::new();
        dxil_text::write_dumpbin_body(&module, &mut got);
        if got == want {
            matched += 1;
            continue;
        }
        let (n, a, b) = first_line_difference(&got, want);
        let key: String = b.trim_start().chars().take(14).collect();
        diffs.entry(key).or_default().push((id.clone(), n, a, b));
    }
    if total == 0 {
        dxil_test_support::skip("no corpus files");
        return;
    }
    eprintln!(
        "text round trip identical: {matched}/{total} ({:.2}%)",
        100.0 * matched as f64 / total as f64
    );
    print_id_groups(&parse_errors, "parse error");
    print_line_groups(&diffs, "    ", |kind, n| {
        format!("  differ x{n} at `{kind}`")
    });
    assert_floor(matched, total, FLOOR, "bodies round trip");
}
