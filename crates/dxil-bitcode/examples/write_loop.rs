//! Writes the bench's sample of corpus modules (every eighth container) a given number of
//! times, modules built and checked once beforehand: a fixed amount of writer work for
//! instruction counters (`valgrind --tool=callgrind`, `perf stat`), which criterion's
//! time-bounded loops do not give.
//!
//! `cargo run --release -p dxil-bitcode --example write_loop -- [rounds]`

fn main() {
    let rounds: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(1);
    let Some(dir) = dxil_test_support::corpus_dir() else {
        eprintln!("no corpus");
        return;
    };
    let files: Vec<Vec<u8>> = dxil_test_support::corpus_bytes(&dir)
        .into_iter()
        .step_by(8)
        .collect();
    let checked: Vec<_> = files
        .iter()
        .filter_map(|f| dxil_test_support::part_bitcode(f, b"DXIL"))
        .filter_map(|bc| dxil_bitcode::read_module(bc).ok())
        .filter_map(|m| dxil_ir::build::copy_module_checked(&m).ok())
        .collect();
    let (mut bytes, mut hash) = (0usize, 0xcbf2_9ce4_8422_2325u64);
    for round in 0..rounds {
        for c in &checked {
            if let Ok(out) = std::hint::black_box(dxil_bitcode::write_checked(c)) {
                bytes += out.len();
                // FNV-1a over the first round's output: a change in any byte shows, and
                // later rounds time the writer alone.
                if round == 0 {
                    for &b in &out {
                        hash = (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
                    }
                }
            }
        }
    }
    println!(
        "{} modules, {rounds} rounds, {bytes} bytes, hash {hash:016x}",
        checked.len()
    );
}
