//! Truncated and bit-flipped corpus bitcode: whatever the module reader accepts must print
//! without a panic. A sample of the corpus (every 16th module), with deterministic damage.
//! Skips when `../shared/corpus` is absent.

fn sample() -> Vec<Vec<u8>> {
    dxil_test_support::corpus_files()
        .iter()
        .step_by(16)
        .filter_map(|p| Some(dxil_test_support::primary_bitcode(&std::fs::read(p).ok()?)?.to_vec()))
        .collect()
}

#[test]
fn damaged_modules_print_or_fail_cleanly() {
    let modules = sample();
    if modules.is_empty() {
        dxil_test_support::skip("no corpus modules");
        return;
    }
    let mut rng = dxil_test_support::XorShift64(0x9E37_79B9_7F4A_7C15);
    let (mut tried, mut printed) = (0usize, 0usize);
    let mut out = String::new();
    for m in &modules {
        for k in 0..24 {
            let mut bad = m.clone();
            if k % 3 == 0 {
                let len = (rng.next() as usize) % bad.len().max(1);
                bad.truncate(len);
            } else {
                for _ in 0..1 + k % 4 {
                    let bit = (rng.next() as usize) % (bad.len() * 8).max(1);
                    if let Some(b) = bad.get_mut(bit / 8) {
                        *b ^= 1 << (bit % 8);
                    }
                }
            }
            tried += 1;
            if let Ok(module) = dxil_bitcode::read_module(&bad) {
                out.clear();
                dxil_text::write_dumpbin_body(&module, &mut out);
                printed += 1;
            }
        }
    }
    eprintln!("damaged modules: {tried} tried, {printed} read and printed");
    assert!(tried > 0);
}
