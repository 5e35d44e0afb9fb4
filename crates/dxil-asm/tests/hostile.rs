//! Hostile input: truncated and mutated corpus text, deep nesting and junk never panic.

/// About `n` reference `ID.ll` texts spread over the corpus; empty when it is absent.
fn corpus_samples(n: usize) -> Vec<String> {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return Vec::new();
    };
    let paths = dxil_test_support::files_with_extension(&dir, "ll");
    dxil_test_support::spread(&paths, n)
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect()
}

#[test]
fn truncated_and_mutated_text_never_panics() {
    let samples = corpus_samples(12);
    if samples.is_empty() {
        dxil_test_support::skip("no corpus text; only synthetic inputs");
    }
    let mut rng = dxil_test_support::XorShift64(0x9e37_79b9_7f4a_7c15);
    let mut errors = 0usize;
    for s in &samples {
        let bytes = s.as_bytes();
        for k in 1..24 {
            let cut = bytes.len() * k / 24;
            let text = String::from_utf8_lossy(&bytes[..cut]);
            if dxil_asm::parse_module(&text, "t.ll").is_err() {
                errors += 1;
            }
        }
        for _ in 0..40 {
            let mut b = bytes.to_vec();
            for _ in 0..4 {
                let i = (rng.next() as usize) % b.len().max(1);
                let junk = b"{}[]()<>,=!%@#\"x0-;\n*";
                if let Some(c) = b.get_mut(i) {
                    *c = junk[(rng.next() as usize) % junk.len()];
                }
            }
            let text = String::from_utf8_lossy(&b);
            if let Ok(m) = dxil_asm::parse_module(&text, "m.ll") {
                // Whatever parses must print without panicking.
                let _ = dxil_text::print_module(&m);
            } else {
                errors += 1;
            }
        }
    }
    let deep_types = format!(
        "@g = global {}i32{} undef\n",
        "[1 x ".repeat(5000),
        "]".repeat(5000)
    );
    let deep_md = format!("!0 = {}{}\n", "!{".repeat(5000), "}".repeat(5000));
    let deep_ce = format!(
        "@g = global i32 {}i32 0{}\n",
        "add (i32 1, ".repeat(3000),
        ")".repeat(3000)
    );
    for junk in [
        deep_types,
        deep_md,
        deep_ce,
        "\u{0}\u{1}%%%@@@!!!".to_string(),
        "define void @f() {".to_string(),
    ] {
        let r = dxil_asm::parse_module(&junk, "j.ll");
        assert!(r.is_err(), "junk parsed");
        errors += 1;
    }
    assert!(errors > 0);
}

#[test]
fn diagnostics_point_at_the_offending_text() {
    let src = "target triple = \"dxil-ms-dx\"\n\ndefine void @main() {\n  %1 = fadd float 1.0, %nope\n  ret void\n}\n";
    let e = dxil_asm::parse_module(src, "x.ll").unwrap_err();
    assert_eq!(e.positions[0], (4, 24));
    let text = e.to_string();
    assert!(text.contains("x.ll:4:24"), "{text}");
    assert!(text.contains("^^^^^"), "{text}");
    // Several errors in one run, inside a function body too.
    let src = "define void @f() {\n  %1 = add i32 1, %x\n  %2 = frob i32 1\n  %3 = add i32 %2, 1\n  %4 = load float, i32* undef\n  ret void\n}\n";
    let e = dxil_asm::parse_module(src, "z.ll").unwrap_err();
    assert_eq!(e.positions, vec![(3, 8), (5, 20)], "{e}");
    // Several errors in one run.
    let src = "@a = global i32 zz\n@b = global i32 yy\n";
    let e = dxil_asm::parse_module(src, "y.ll").unwrap_err();
    assert_eq!(e.positions.len(), 2, "{e}");
}
