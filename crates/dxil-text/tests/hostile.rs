//! Truncated and bit-flipped corpus bitcode: whatever the module reader accepts must print
//! without a panic. A sample of the corpus (every 16th module), with deterministic damage.
//! Skips when `../shared/corpus` is absent.

fn sample() -> Vec<Vec<u8>> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/corpus");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "dxil"))
        .collect();
    paths.sort();
    paths
        .iter()
        .step_by(16)
        .filter_map(|p| {
            let bytes = std::fs::read(p).ok()?;
            let c = dxil_container::Container::parse(&bytes).ok()?;
            Some(c.primary_program().ok()?.bitcode.to_vec())
        })
        .collect()
}

/// A small deterministic generator (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

#[test]
fn damaged_modules_print_or_fail_cleanly() {
    let modules = sample();
    if modules.is_empty() {
        eprintln!("note: corpus absent; skipping");
        return;
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
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
