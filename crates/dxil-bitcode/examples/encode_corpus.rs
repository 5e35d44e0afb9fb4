//! Encodes every corpus module (DXIL, ILDB and STAT parts, decoded once) `N` times (default
//! 5) and prints the throughput by wall-clock and by process CPU time (`/proc/self/stat`,
//! robust on a busy machine). Usage:
//! `cargo run --release -p dxil-bitcode --example encode_corpus [N [FILE]]` (with FILE, only
//! that container's modules: handy for allocation profiling, e.g. under `valgrind --tool=dhat`).

fn main() {
    let Some((n, files)) = dxil_test_support::example_inputs() else {
        return;
    };
    let mut modules = Vec::new();
    let mut bytes = 0usize;
    for f in &files {
        for p in [b"DXIL", b"ILDB", b"STAT"] {
            if let Some(bc) = dxil_test_support::part_bitcode(f, p) {
                if let Ok(m) = dxil_bitcode::read_module(bc) {
                    bytes += bc.len();
                    let opts = dxil_bitcode::WriteOptions::infer(&m);
                    modules.push((m, opts));
                }
            }
        }
    }
    let clock = dxil_test_support::Stopwatch::start();
    let mut out = 0usize;
    for _ in 0..n {
        for (m, opts) in &modules {
            out += dxil_bitcode::write_module_with(m, *opts).map_or(0, |b| b.len());
        }
    }
    clock.report(
        modules.len(),
        n,
        bytes,
        &format!("{:.2} MB written", out as f64 / 1e6),
    );
}
