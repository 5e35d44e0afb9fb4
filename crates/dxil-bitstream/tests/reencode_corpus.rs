//! Every corpus module re-encodes byte-identically through the generic re-encoder.

#[test]
fn reencode_every_corpus_module_byte_identical() {
    let files = dxil_test_support::corpus_files();
    let (mut same, mut total) = (0, 0);
    let mut failures = Vec::new();
    for f in &files {
        let c = std::fs::read(f).unwrap();
        for (fourcc, bc) in dxil_test_support::program_bitcodes(&c) {
            total += 1;
            let out = dxil_bitstream::reencode(bc).unwrap();
            if out == bc {
                same += 1;
            } else if failures.len() < 10 {
                let first = out.iter().zip(bc).position(|(a, b)| a != b);
                failures.push(format!(
                    "{} {}: len {} vs {}, first diff at byte {first:?}",
                    f.display(),
                    String::from_utf8_lossy(&fourcc),
                    out.len(),
                    bc.len()
                ));
            }
        }
    }
    eprintln!("re-encoded {same}/{total} modules byte-identically");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
