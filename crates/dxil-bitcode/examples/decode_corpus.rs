//! Decodes every corpus module (DXIL and ILDB parts) `N` times (default 5) and prints the
//! throughput by wall-clock and by process CPU time (`/proc/self/stat`, robust on a busy
//! machine). Usage: `cargo run --release -p dxil-bitcode --example decode_corpus [N [FILE]]`
//! (with FILE, only that container's modules are decoded: handy for peak-memory checks).

fn main() {
    let Some((n, files)) = dxil_test_support::example_inputs() else {
        return;
    };
    let modules: Vec<&[u8]> = files
        .iter()
        .flat_map(|f| [b"DXIL", b"ILDB"].map(|p| dxil_test_support::part_bitcode(f, p)))
        .flatten()
        .collect();
    let bytes: usize = modules.iter().map(|m| m.len()).sum();
    let (t0, c0) = (std::time::Instant::now(), dxil_test_support::cpu_seconds());
    let mut ok = 0;
    for _ in 0..n {
        for m in &modules {
            ok += usize::from(dxil_bitcode::read_module(m).is_ok());
        }
    }
    let wall = t0.elapsed().as_secs_f64();
    let mb = (bytes * n) as f64 / 1e6;
    print!(
        "{} modules x {n}, {:.2} MB per pass, {ok} reads ok: {:.1} MB/s wall",
        modules.len(),
        bytes as f64 / 1e6,
        mb / wall
    );
    dxil_test_support::print_cpu_throughput(c0, mb, modules.len() * n);
    println!();
}
