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

/// A clock started before the timed passes: wall-clock and process CPU time.
#[derive(Debug, Clone, Copy)]
pub struct Stopwatch {
    wall: std::time::Instant,
    cpu: Option<f64>,
}

impl Stopwatch {
    /// Starts both clocks.
    pub fn start() -> Stopwatch {
        Stopwatch {
            wall: std::time::Instant::now(),
            cpu: cpu_seconds(),
        }
    }

    /// Prints one line: `{modules} modules x {passes}, {MB} MB per pass, {detail}: {X} MB/s
    /// wall`, then `, {Y} MB/s CPU, {Z} us CPU per module` when CPU time is available and has
    /// advanced. `bytes` is the input size of one pass.
    pub fn report(&self, modules: usize, passes: usize, bytes: usize, detail: &str) {
        let wall = self.wall.elapsed().as_secs_f64();
        let mb = (bytes * passes) as f64 / 1e6;
        print!(
            "{modules} modules x {passes}, {:.2} MB per pass, {detail}: {:.1} MB/s wall",
            bytes as f64 / 1e6,
            mb / wall
        );
        let (start, now) = (self.cpu, cpu_seconds());
        if let (Some(a), Some(b)) = (start, now.filter(|&b| Some(b) > start)) {
            print!(
                ", {:.1} MB/s CPU, {:.1} us CPU per module",
                mb / (b - a),
                (b - a) * 1e6 / (modules * passes) as f64
            );
        }
        println!();
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
