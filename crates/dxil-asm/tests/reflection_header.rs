//! Reflection read back from header comments, over `../shared/corpus`: each reference `ID.ll`
//! whose header has `; Buffer Definitions:` or `; Resource Bindings:` is assembled with
//! `assemble_container_from_text`, the container's header printed (`dxil-module`, which reads
//! the `STAT` module the assembler wrote), and the span from `; Buffer Definitions:` to the
//! end of the resource bindings table compared with the reference's. Fails below the floor.
//! Skips when the corpus is absent. `LIMIT=n` checks the first n such files.

/// Share of the checked files whose sections must print back identically.
const FLOOR: f64 = 0.99;

/// The lines from the first reflection section title to the next section after the
/// resource bindings (or the end of the header).
fn reflection_span(header: &str) -> Vec<&str> {
    let lines: Vec<&str> = header
        .lines()
        .take_while(|l| l.starts_with(';') || l.is_empty())
        .collect();
    let Some(start) = lines
        .iter()
        .position(|l| *l == "; Buffer Definitions:" || *l == "; Resource Bindings:")
    else {
        return Vec::new();
    };
    let rest = &lines[start..];
    let end = rest
        .iter()
        .position(|l| *l == "; ViewId state:" || *l == "; Subobjects:")
        .unwrap_or(rest.len());
    rest[..end].to_vec()
}

#[test]
fn corpus_reflection_sections() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let ids = dxil_test_support::ids_with_extension(&dir, "ll");
    let limit: usize = std::env::var("LIMIT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let (mut total, mut matched) = (0usize, 0usize);
    let mut failures = Vec::new();
    for id in &ids {
        if total >= limit {
            break;
        }
        let Ok(text) = std::fs::read_to_string(dir.join(format!("{id}.ll"))) else {
            continue;
        };
        let want = reflection_span(&text);
        if want.is_empty() {
            continue;
        }
        total += 1;
        let Ok(module) = dxil_asm::parse_module(&text, id) else {
            failures.push(format!("{id}: does not parse"));
            continue;
        };
        let Ok(a) = dxil_asm::assemble_container_from_text(&module, &text) else {
            failures.push(format!("{id}: does not assemble"));
            continue;
        };
        let mut got = String::new();
        let Ok(c) = dxil_container::Container::parse(&a.bytes) else {
            failures.push(format!("{id}: not a container"));
            continue;
        };
        let stat = dxil_test_support::part_bitcode(&a.bytes, b"STAT")
            .and_then(|b| dxil_bitcode::read_module(b).ok());
        let printed =
            dxil_text::header::print_dumpbin_header(Some(&c), &module, stat.as_deref(), &mut got);
        if let Err(e) = printed {
            failures.push(format!("{id}: header: {e}"));
            continue;
        }
        let got = reflection_span(&got);
        if got == want {
            matched += 1;
        } else {
            let first = want
                .iter()
                .zip(&got)
                .find(|(w, g)| w != g)
                .map_or("(length)".to_string(), |(w, g)| format!("{w:?} vs {g:?}"));
            failures.push(format!("{id}: {first}"));
        }
    }
    eprintln!("reflection sections: {matched}/{total} print back identically");
    for f in failures.iter().take(20) {
        eprintln!("  {f}");
    }
    if total > 0 {
        assert!(
            matched as f64 >= FLOOR * total as f64,
            "{matched}/{total} below the floor {FLOOR}"
        );
    }
}
