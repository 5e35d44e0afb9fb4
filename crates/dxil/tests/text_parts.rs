//! Every part of every corpus container through text: `assemble(disassemble --keep-parts X)` holds each
//! part of X byte for byte, in X's order, except the ones encoded again from the module
//! text: `DXIL` and `ILDB` (the text does not show everything the bitcode holds: metadata
//! kinds registered but unused, ...), `HASH` (their digest) and `STAT` (rebuilt only as far
//! as the header's reflection sections need). Prints the table of parts: in X, the same,
//! differing, lost, added.

use std::collections::BTreeMap;

use dxil::container::Container;

/// Parts whose bytes the text does not carry exactly.
const REENCODED: [&[u8; 4]; 4] = [b"DXIL", b"ILDB", b"HASH", b"STAT"];

#[derive(Default)]
struct Row {
    present: usize,
    same: usize,
    differs: usize,
    lost: usize,
    added: usize,
}

fn parts(bytes: &[u8]) -> Vec<([u8; 4], Vec<u8>)> {
    let c = Container::parse(bytes).expect("container");
    c.parts()
        .iter()
        .map(|p| (p.fourcc.to_bytes(), p.data.to_vec()))
        .collect()
}

#[test]
fn corpus_parts_survive_dis_and_as() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut table: BTreeMap<[u8; 4], Row> = BTreeMap::new();
    let mut failures = Vec::new();
    let files = dxil_test_support::files_with_extension(&dir, "dxil");
    for path in &files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let x = std::fs::read(path).expect("read");
        let text = match dxil::Disassembler::new().keep_parts(true).disassemble(&x) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{name}: dis: {e}"));
                continue;
            }
        };
        let y = match dxil::Assembler::new().file_name(&name).assemble(&text) {
            Ok(a) => a.bytes,
            Err(e) => {
                failures.push(format!("{name}: as: {e}"));
                continue;
            }
        };
        let (px, py) = (parts(&x), parts(&y));
        for (fourcc, data) in &px {
            let row = table.entry(*fourcc).or_default();
            row.present += 1;
            match py.iter().find(|(f, _)| f == fourcc) {
                None => row.lost += 1,
                Some((_, d)) if d == data => row.same += 1,
                Some(_) => row.differs += 1,
            }
            let carried = !REENCODED.contains(&fourcc);
            let kept = py.iter().any(|(f, d)| f == fourcc && d == data);
            if carried && !kept {
                failures.push(format!(
                    "{name}: {} not given back byte for byte",
                    String::from_utf8_lossy(fourcc)
                ));
            }
        }
        for (fourcc, _) in &py {
            if !px.iter().any(|(f, _)| f == fourcc) {
                table.entry(*fourcc).or_default().added += 1;
                failures.push(format!("{name}: {} added", String::from_utf8_lossy(fourcc)));
            }
        }
        // The order of the parts both hold.
        let order = |p: &[([u8; 4], Vec<u8>)], other: &[([u8; 4], Vec<u8>)]| -> Vec<[u8; 4]> {
            p.iter()
                .map(|(f, _)| *f)
                .filter(|f| other.iter().any(|(o, _)| o == f))
                .collect()
        };
        if order(&px, &py) != order(&py, &px) {
            failures.push(format!("{name}: parts in another order"));
        }
    }
    println!(
        "{} containers through dis | as\npart     in X   same differs   lost  added",
        files.len()
    );
    for (fourcc, r) in &table {
        println!(
            "{}  {:6} {:6} {:7} {:6} {:6}",
            String::from_utf8_lossy(fourcc),
            r.present,
            r.same,
            r.differs,
            r.lost,
            r.added
        );
    }
    for f in failures.iter().take(10) {
        println!("  {f}");
    }
    assert!(!files.is_empty());
    assert!(failures.is_empty(), "{} failures", failures.len());
}
