//! Encodes every corpus module (DXIL, ILDB and STAT parts, decoded once) `N` times (default
//! 5) and prints the throughput by wall-clock and by process CPU time (`/proc/self/stat`,
//! robust on a busy machine). Usage:
//! `cargo run --release -p dxil-bitcode --example encode_corpus [N [FILE]]` (with FILE, only
//! that container's modules: handy for allocation profiling, e.g. under `valgrind --tool=dhat`).
//! With `WARM=1` each module is written `N` times in a row instead: after its first write a
//! module's IR is in the caches, so the figure is the encoder's own work, apart from the cache
//! misses of reading an IR decoded long before.

fn main() {
    let Some((n, files)) = dxil_test_support::example_inputs() else {
        return;
    };
    let mut modules = Vec::new();
    let mut bytes = 0usize;
    for bc in dxil_test_support::parts_bitcode(&files, &[b"DXIL", b"ILDB", b"STAT"]) {
        if let Ok(m) = dxil_bitcode::read_module(bc) {
            bytes += bc.len();
            let opts = dxil_bitcode::WriteOptions::infer(&m);
            modules.push((m, opts));
        }
    }
    let clock = dxil_test_support::Stopwatch::start();
    let mut out = 0usize;
    let warm = std::env::var_os("WARM").is_some();
    let (outer, inner) = if warm { (1, n) } else { (n, 1) };
    for _ in 0..outer {
        for (m, opts) in &modules {
            for _ in 0..inner {
                out += dxil_bitcode::write_module_with(m, *opts).map_or(0, |b| b.len());
            }
        }
    }
    clock.report(
        modules.len(),
        n,
        bytes,
        &format!("{:.2} MB written", out as f64 / 1e6),
    );
}
