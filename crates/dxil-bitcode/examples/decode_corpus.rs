//! Decodes every corpus module (DXIL and ILDB parts) `N` times (default 5) and prints the
//! throughput by wall-clock and by process CPU time (`/proc/self/stat`, robust on a busy
//! machine). Usage: `cargo run --release -p dxil-bitcode --example decode_corpus [N [FILE]]`
//! (with FILE, only that container's modules are decoded: handy for peak-memory checks).
//! Modules are read through one `Decoder`; set `ONE_SHOT=1` to call `read_module` for each.

fn main() {
    let Some((n, files)) = dxil_test_support::example_inputs() else {
        return;
    };
    let modules = dxil_test_support::parts_bitcode(&files, &[b"DXIL", b"ILDB"]);
    let bytes: usize = modules.iter().map(|m| m.len()).sum();
    let clock = dxil_test_support::Stopwatch::start();
    let mut ok = 0;
    // One decoder for all (what a program reading many modules does); with `ONE_SHOT` set,
    // `read_module` per module.
    let one_shot = std::env::var_os("ONE_SHOT").is_some();
    let mut decoder = dxil_bitcode::Decoder::new();
    for _ in 0..n {
        for m in &modules {
            let r = if one_shot {
                dxil_bitcode::read_module(m)
            } else {
                decoder.read_module(m)
            };
            ok += usize::from(r.is_ok());
        }
    }
    clock.report(modules.len(), n, bytes, &format!("{ok} reads ok"));
}
