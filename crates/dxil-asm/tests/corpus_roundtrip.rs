//! Text round trip over `../shared/corpus`: parses each reference `ID.ll` (header comments
//! included), prints the module with `dxil-text`, and compares with the reference body (from
//! `target datalayout` on). Reports the count, groups failures, and fails below the floor.
//! Skips when the corpus is absent. `ONLY=prefix` restricts the run.

use std::collections::BTreeMap;
use std::path::Path;

/// Share of the corpus whose body must print back identically.
const FLOOR: f64 = 1.0;

fn body_of(ll: &str) -> Option<&str> {
    let p = ll
        .find("\ntarget datalayout")
        .map(|p| p + 1)
        .or_else(|| ll.starts_with("target datalayout").then_some(0))?;
    Some(&ll[p..])
}

#[test]
fn corpus_text_round_trip() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus");
    let Ok(entries) = std::fs::read_dir(dir) else {
        eprintln!("note: {dir} absent; skipping");
        return;
    };
    let mut ids: Vec<String> = entries
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let n = e.file_name().into_string().ok()?;
            n.strip_suffix(".ll").map(str::to_string)
        })
        .collect();
    ids.sort();
    let only = std::env::var("ONLY").ok();
    let (mut total, mut matched) = (0usize, 0usize);
    let mut parse_errors: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut diffs: BTreeMap<String, Vec<(String, usize, String, String)>> = BTreeMap::new();
    for id in &ids {
        if only.as_deref().is_some_and(|o| !id.starts_with(o)) {
            continue;
        }
        let Ok(ll) = std::fs::read_to_string(Path::new(dir).join(format!("{id}.ll"))) else {
            continue;
        };
        let Some(want) = body_of(&ll) else { continue };
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
        let (mut gl, mut wl) = (got.lines(), want.lines());
        let mut n = 1usize;
        loop {
            match (gl.next(), wl.next()) {
                (Some(a), Some(b)) if a == b => n += 1,
                (a, b) => {
                    let b = b.unwrap_or("<eof>").to_string();
                    let key: String = b.trim_start().chars().take(14).collect();
                    diffs.entry(key).or_default().push((
                        id.clone(),
                        n,
                        a.unwrap_or("<eof>").to_string(),
                        b,
                    ));
                    break;
                }
            }
        }
    }
    if total == 0 {
        eprintln!("note: no corpus files");
        return;
    }
    eprintln!(
        "text round trip identical: {matched}/{total} ({:.2}%)",
        100.0 * matched as f64 / total as f64
    );
    for (k, v) in &parse_errors {
        eprintln!("  parse error x{}: {k} (e.g. {})", v.len(), v[0]);
    }
    let mut sorted: Vec<_> = diffs.iter().collect();
    sorted.sort_by_key(|(_, v)| std::cmp::Reverse(v.len()));
    for (kind, v) in sorted {
        eprintln!("  differ x{} at `{kind}`", v.len());
        for (id, n, got, want) in v.iter().take(2) {
            eprintln!("    {id} line {n}\n      got:  {got}\n      want: {want}");
        }
    }
    let share = matched as f64 / total as f64;
    assert!(
        share >= FLOOR,
        "only {matched}/{total} bodies round trip (floor {FLOOR})"
    );
}
