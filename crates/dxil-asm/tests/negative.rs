//! Every `.ll` under `../shared/negative` (the reference validator's hand-written test inputs)
//! parses, or fails with diagnostics that name a line and column inside the file. Skips when
//! the directory is absent.

#[test]
fn negative_inputs_parse_or_report_positions() {
    let Some(dir) = dxil_test_support::shared_path("negative") else {
        return;
    };
    let files = dxil_test_support::files_with_extension(&dir, "ll");
    let (mut ok, mut failed) = (0usize, 0usize);
    for path in &files {
        let Ok(src) = std::fs::read_to_string(path) else {
            continue;
        };
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
        match dxil_asm::parse_module(&src, name) {
            Ok(_) => ok += 1,
            Err(d) => {
                failed += 1;
                assert!(!d.errors.is_empty(), "{name}: error without diagnostics");
                let lines = src.lines().count().max(1);
                for &(line, col) in &d.positions {
                    assert!(
                        line >= 1 && line <= lines + 1 && col >= 1,
                        "{name}: bad position {line}:{col}"
                    );
                }
                let text = d.to_string();
                assert!(text.contains(&format!("{name}:{}:{}", d.positions[0].0, d.positions[0].1)));
                eprintln!("{}", text.lines().take(5).collect::<Vec<_>>().join("\n"));
            }
        }
    }
    eprintln!(
        "negative inputs: {ok} parse, {failed} fail with line:column diagnostics (of {})",
        files.len()
    );
}
