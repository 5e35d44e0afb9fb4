//! The whole dumpbin header (part sections from `dxil-parts`' models, module sections from
//! `dxil-module`'s) against the reference disassembly: the text before `target datalayout`
//! of each corpus `ID.ll`.

#[test]
fn corpus_headers_match_reference() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let (mut total, mut same) = (0usize, 0usize);
    let mut first_diffs = Vec::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let Ok(ll) = std::fs::read_to_string(dir.join(format!("{id}.ll"))) else {
            continue;
        };
        let reference = ll.split("target datalayout").next().unwrap_or("");
        let c = dxil_container::Container::parse(&bytes).expect("container");
        let module = dxil_bitcode::read_module(c.primary_program().expect("program").bitcode)
            .expect("module");
        let mut out = String::new();
        let stat = dxil_test_support::part_bitcode(&bytes, b"STAT")
            .map(|b| dxil_bitcode::read_module(b).expect("STAT module"));
        dxil_text::header::print_dumpbin_header(Some(&c), &module, stat.as_deref(), &mut out)
            .expect("header");
        total += 1;
        if out == reference {
            same += 1;
        } else if first_diffs.len() < 5 {
            let line = out
                .lines()
                .zip(reference.lines())
                .find(|(a, b)| a != b)
                .map(|(a, b)| format!("mine {a:?} / reference {b:?}"))
                .unwrap_or_else(|| "length differs".into());
            first_diffs.push(format!("{id}: {line}"));
        }
    }
    println!("headers identical: {same}/{total}");
    for d in &first_diffs {
        println!("{d}");
    }
    assert_eq!(same, total);
}
