//! `encode_corpus` with each module written `N` times in a row (default 5) instead of the
//! corpus `N` times over: after its first write a module's IR is in the caches, so the
//! figure is the encoder's own work, apart from the cache misses of reading an IR that was
//! decoded long before (compare with `encode_corpus N`). Usage:
//! `cargo run --release -p dxil-bitcode --example encode_warm [N [FILE]]`.

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
    for (m, opts) in &modules {
        for _ in 0..n {
            out += dxil_bitcode::write_module_with(m, *opts).map_or(0, |b| b.len());
        }
    }
    clock.report(
        modules.len(),
        n,
        bytes,
        &format!(
            "{:.2} MB written, each module {n} times in a row",
            out as f64 / 1e6
        ),
    );
}
