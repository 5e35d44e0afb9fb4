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
    let (t0, c0) = (std::time::Instant::now(), dxil_test_support::cpu_seconds());
    let mut out = 0usize;
    for _ in 0..n {
        for (m, opts) in &modules {
            out += dxil_bitcode::write_module_with(m, *opts).map_or(0, |b| b.len());
        }
    }
    let wall = t0.elapsed().as_secs_f64();
    let mb = (bytes * n) as f64 / 1e6;
    print!(
        "{} modules x {n}, {:.2} MB per pass, {:.2} MB written: {:.1} MB/s wall",
        modules.len(),
        bytes as f64 / 1e6,
        out as f64 / 1e6,
        mb / wall
    );
    dxil_test_support::print_cpu_throughput(c0, mb, modules.len() * n);
    println!();
}
