//! Re-encoding through the public builder: every corpus module is decoded, rebuilt by
//! `dxil_ir::build::copy_module` (builder calls only) and written again; the bytes must
//! equal the reference's for every DXIL part. ILDB and STAT parts are reported (the
//! writer's use-list-order option is kept by constant order alone in a few ILDB parts,
//! which is layout, not content).

use std::collections::BTreeMap;

fn run(part: &[u8; 4]) -> (usize, usize, BTreeMap<String, (usize, String)>) {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return (0, 0, BTreeMap::new());
    };
    let (mut total, mut same) = (0usize, 0usize);
    let mut failures: BTreeMap<String, (usize, String)> = BTreeMap::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let Ok(file) = std::fs::read(dir.join(format!("{id}.dxil"))) else {
            continue;
        };
        let Some(bc) = dxil_test_support::part_bitcode(&file, part) else {
            continue;
        };
        let Ok(m) = dxil_bitcode::read_module(bc) else {
            continue;
        };
        total += 1;
        let key = match dxil_ir::build::copy_module(&m) {
            Err(e) => format!("copy error: {e}"),
            Ok(copy) => match dxil_bitcode::write_module(&copy) {
                Err(e) => format!("write error: {e}"),
                Ok(out) if out == bc => {
                    same += 1;
                    continue;
                }
                Ok(out) => format!(
                    "bytes differ ({} vs {} bytes; reference preserve_use_list_order={})",
                    out.len(),
                    bc.len(),
                    dxil_bitcode::WriteOptions::infer(&m).preserve_use_list_order
                ),
            },
        };
        let slot = failures.entry(key).or_insert((0, id.to_string()));
        slot.0 += 1;
    }
    let name = String::from_utf8_lossy(part);
    eprintln!("builder re-encode {name}: {same}/{total} byte-identical");
    for (k, (n, example)) in &failures {
        eprintln!("  {n:5} x {k}   (e.g. {example})");
    }
    (total, same, failures)
}

#[test]
fn dxil_parts_reencode_byte_identical_through_the_builder() {
    let (total, same, _) = run(b"DXIL");
    if total == 0 {
        return;
    }
    assert_eq!(same, total, "every DXIL part must re-encode byte-identical");
}

#[test]
fn ildb_and_stat_parts_through_the_builder() {
    for part in [b"ILDB", b"STAT"] {
        let (total, same, failures) = run(part);
        // Copy and write errors are bugs; byte differences are reported above.
        assert!(
            failures.keys().all(|k| k.starts_with("bytes differ")),
            "{}: {same}/{total}",
            String::from_utf8_lossy(part)
        );
    }
}
