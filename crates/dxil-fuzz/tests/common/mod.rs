//! Driving a fuzz body over seeds and their damaged variants, the way a fuzzing session
//! starts: each seed as it is, then truncated and bit-flipped copies (fixed-seed generator,
//! so every run feeds the same inputs). A body's panic is caught, its input written to
//! `CARGO_TARGET_TMPDIR/fuzz-crashes/TARGET/` (replay it with
//! `cargo +nightly fuzz run TARGET FILE`), and the test fails listing every one.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

use dxil_test_support::SplitMix64;

/// A named input to a body.
pub type Seed = (String, Vec<u8>);

/// How many truncated and how many bit-flipped copies of each seed are run.
pub const VARIANTS: usize = 4;

/// The input's display name: the file name under `../shared` (or the repository).
pub fn name(path: &Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

/// Reads `paths` as seeds (unreadable files are a failure: they were just listed).
pub fn read_all<'a>(paths: impl IntoIterator<Item = &'a PathBuf>) -> Vec<Seed> {
    paths
        .into_iter()
        .map(|p| {
            let bytes = std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (name(p), bytes)
        })
        .collect()
}

/// The seed and its variants: `VARIANTS` truncations (cut anywhere after the first `keep`
/// bytes) and `VARIANTS` copies with one to four bits flipped after the first `keep` bytes
/// (a selector byte or a magic number kept lets the damage reach what follows).
pub fn variants(seed: &Seed, keep: usize, rng: &mut SplitMix64) -> Vec<Seed> {
    let (name, bytes) = seed;
    let mut out = vec![seed.clone()];
    if bytes.len() <= keep {
        return out;
    }
    let room = bytes.len() - keep;
    for _ in 0..VARIANTS {
        let cut = keep + rng.below(room);
        out.push((format!("{name}.cut{cut}"), bytes[..cut].to_vec()));
    }
    for _ in 0..VARIANTS {
        let mut b = bytes.clone();
        let mut bits = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let bit = keep * 8 + rng.below(room * 8);
            b[bit / 8] ^= 1 << (bit % 8);
            bits.push(bit.to_string());
        }
        out.push((format!("{name}.flip{}", bits.join("-")), b));
    }
    out
}

/// Runs `body` over every seed and its variants; fails (after running all of them) when any
/// input made the body panic, and when there were no seeds at all (the inputs it is meant
/// for have gone missing). Returns how many inputs ran.
pub fn drive(target: &str, seeds: &[Seed], keep: usize, body: impl Fn(&[u8])) -> usize {
    assert!(!seeds.is_empty(), "{target}: no seeds found");
    let started = Instant::now();
    let mut rng = SplitMix64(
        target
            .bytes()
            .fold(0x5EED, |h, b| h.wrapping_mul(31) ^ u64::from(b)),
    );
    let mut failures = Vec::new();
    let mut inputs = 0;
    for seed in seeds {
        for (label, bytes) in variants(seed, keep, &mut rng) {
            inputs += 1;
            if let Err(panic) = catch_unwind(AssertUnwindSafe(|| body(&bytes))) {
                let message = panic
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| panic.downcast_ref::<&str>().copied())
                    .unwrap_or("(not a string)")
                    .to_string();
                let saved = save(target, &label, &bytes);
                failures.push(format!("{label} ({saved}): {message}"));
            }
        }
    }
    eprintln!(
        "{target}: {inputs} inputs ({} seeds, {VARIANTS} truncated and {VARIANTS} bit-flipped copies each) in {:.2} s",
        seeds.len(),
        started.elapsed().as_secs_f64()
    );
    assert!(
        failures.is_empty(),
        "{target}: {} of {inputs} inputs made the body panic:\n{}",
        failures.len(),
        failures.join("\n")
    );
    inputs
}

/// Writes a crashing input where `cargo fuzz run` can replay it; returns its path (or why
/// not).
fn save(target: &str, label: &str, bytes: &[u8]) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("fuzz-crashes")
        .join(target);
    let path = dir.join(label.replace(['/', '\\'], "_"));
    match std::fs::create_dir_all(&dir).and_then(|()| std::fs::write(&path, bytes)) {
        Ok(()) => path.display().to_string(),
        Err(e) => format!("not saved: {e}"),
    }
}
