//! Process CPU time for the throughput examples: robust on a busy machine, where wall-clock
//! time depends on the other work.

/// User + system CPU seconds of this process (`/proc/self/stat`, fields 14 and 15, in clock
/// ticks of 1/100 s); `None` where that file is unavailable.
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = stat.rsplit(')').next()?;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Prints `, X MB/s CPU, Y us CPU per module` (no newline) for `mb` megabytes over `units`
/// modules since `start` (a [`cpu_seconds`] reading); prints nothing when CPU time is
/// unavailable or has not advanced.
pub fn print_cpu_throughput(start: Option<f64>, mb: f64, units: usize) {
    if let (Some(a), Some(b)) = (start, cpu_seconds().filter(|&b| Some(b) > start)) {
        print!(
            ", {:.1} MB/s CPU, {:.1} us CPU per module",
            mb / (b - a),
            (b - a) * 1e6 / units as f64
        );
    }
}

/// The inputs of a corpus throughput example run as `EXAMPLE [N [FILE]]`: the pass count `N`
/// (default 5) and the bytes of `FILE`, or of every corpus container when no `FILE` is given;
/// `None` (after a note) when there is no `FILE` and the corpus is absent.
pub fn example_inputs() -> Option<(usize, Vec<Vec<u8>>)> {
    let n = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let files = match std::env::args().nth(2) {
        Some(file) => std::fs::read(file).into_iter().collect(),
        None => crate::paths::corpus_bytes(&crate::paths::corpus_dir()?),
    };
    Some((n, files))
}
