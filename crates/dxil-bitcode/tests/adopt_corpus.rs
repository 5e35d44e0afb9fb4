//! Adoption by `dxil_ir::build::ModuleBuilder::from_module`: every corpus module (DXIL,
//! ILDB and STAT parts) adopted and finished untouched is the module it was, and with a
//! string added to new named metadata it still writes (its function-local metadata moved
//! after the new entry).

#[test]
fn adopted_modules_finish_unchanged() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let (mut total, mut same, mut written) = (0usize, 0usize, 0usize);
    let mut failures = Vec::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let Ok(file) = std::fs::read(dir.join(format!("{id}.dxil"))) else {
            continue;
        };
        for part in [b"DXIL", b"ILDB", b"STAT"] {
            let Some(bc) = dxil_test_support::part_bitcode(&file, part) else {
                continue;
            };
            let Ok(m) = dxil_bitcode::read_module(bc).map(dxil_ir::CheckedModule::into_inner)
            else {
                continue;
            };
            total += 1;
            match dxil_ir::build::ModuleBuilder::from_module(m.clone()).and_then(|b| b.finish()) {
                Ok(out) if out == m => same += 1,
                Ok(_) => failures.push(format!("{id} {}: differs", String::from_utf8_lossy(part))),
                Err(e) => failures.push(format!("{id}: {e}")),
            }
            let mut b = dxil_ir::build::ModuleBuilder::from_module(m).unwrap();
            let s = b.md_string(b"adopted");
            let node = b.md_node(&[Some(s)]).unwrap();
            b.set_named_metadata("adopt.test", &[node]).unwrap();
            let out = b.finish().unwrap();
            if dxil_bitcode::write_module(&out).is_ok() {
                written += 1;
            }
        }
    }
    eprintln!("adopted and finished: {same}/{total} unchanged, {written}/{total} written with new metadata");
    assert!(
        failures.is_empty(),
        "{} failures, e.g. {:?}",
        failures.len(),
        &failures[..failures.len().min(5)]
    );
    assert_eq!(written, total);
}
