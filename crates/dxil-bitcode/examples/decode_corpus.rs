//! Decodes every corpus module (DXIL and ILDB parts) `N` times (default 5) and prints the
//! throughput by wall-clock and by process CPU time (`/proc/self/stat`, robust on a busy
//! machine). Usage: `cargo run --release -p dxil-bitcode --example decode_corpus [N [FILE]]`
//! (with FILE, only that container's modules are decoded: handy for peak-memory checks).

#[path = "../tests/support/mod.rs"]
mod support;

fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.rsplit(')').next()?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let Some(dir) = support::corpus_dir() else {
        return;
    };
    let files: Vec<Vec<u8>> = match std::env::args().nth(2) {
        Some(file) => std::fs::read(file).into_iter().collect(),
        None => support::corpus_ids(&dir)
            .iter()
            .filter_map(|id| std::fs::read(dir.join(format!("{id}.dxil"))).ok())
            .collect(),
    };
    let modules: Vec<&[u8]> = files
        .iter()
        .flat_map(|f| [b"DXIL", b"ILDB"].map(|p| support::part_bitcode(f, p)))
        .flatten()
        .collect();
    let bytes: usize = modules.iter().map(|m| m.len()).sum();
    let (t0, c0) = (std::time::Instant::now(), cpu_seconds());
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
    if let (Some(a), Some(b)) = (c0, cpu_seconds().filter(|&b| Some(b) > c0)) {
        print!(
            ", {:.1} MB/s CPU, {:.1} us CPU per module",
            mb / (b - a),
            (b - a) * 1e6 / (modules.len() * n) as f64
        );
    }
    println!();
}
