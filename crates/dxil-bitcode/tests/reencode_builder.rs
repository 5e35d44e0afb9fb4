//! Re-encoding through the public builder: every corpus module is decoded, rebuilt by
//! `dxil_ir::build::copy_module` (builder calls only) and written again; the bytes must
//! equal the reference's for every DXIL, ILDB and STAT part. The writer's use-list-order
//! option shows in a few ILDB parts by constant order alone (layout the builder does not
//! keep), so it is recorded in the decoded module for the copy to carry.

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
        let Ok(mut m) = dxil_bitcode::read_module(bc).map(dxil_ir::CheckedModule::into_inner)
        else {
            continue;
        };
        let options = dxil_bitcode::WriteOptions::record_inferred(&mut m);
        total += 1;
        let key = match dxil_ir::build::copy_module(&m) {
            Err(e) => format!("copy error: {e}"),
            // The builder proves ids at each call and skips the whole-module check in
            // release builds: run it here so that claim stays tested there too.
            Ok(copy) if copy.check_ids().is_err() => "the copy holds a dangling id".to_string(),
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
                    options.preserve_use_list_order
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
fn ildb_and_stat_parts_reencode_byte_identical_through_the_builder() {
    for part in [b"ILDB", b"STAT"] {
        let (total, same, _) = run(part);
        assert_eq!(
            same,
            total,
            "every {} part must re-encode byte-identical",
            String::from_utf8_lossy(part)
        );
    }
}
