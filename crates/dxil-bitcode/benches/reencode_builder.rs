//! Decoding (`read_module`) against rebuilding through the public builder and writing
//! (`dxil_ir::build::copy_module_checked` + `write_checked`: the calls a compiler makes after
//! building, the ids proven once by the builder), over a sample of corpus DXIL parts, in MB
//! of bitcode per second.
//!
//! `paired` alternates the two sides pass by pass and prints their speeds summed over the
//! same stretch of time: on a shared machine the groups above, run one after the other, can
//! see different loads, and the paired ratio cannot.

use std::cell::Cell;
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    // Every eighth container: a spread of sizes without timing the whole corpus.
    let files: Vec<Vec<u8>> = dxil_test_support::corpus_bytes(&dir)
        .into_iter()
        .step_by(8)
        .collect();
    let mut parts: Vec<&[u8]> = Vec::new();
    for f in &files {
        if let Some(bc) = dxil_test_support::part_bitcode(f, b"DXIL") {
            if dxil_bitcode::read_module(bc).is_ok() {
                parts.push(bc);
            }
        }
    }
    let modules: Vec<dxil_ir::Module> = parts
        .iter()
        .filter_map(|bc| dxil_bitcode::read_module(bc).ok())
        .map(dxil_ir::CheckedModule::into_inner)
        .collect();
    let total: usize = parts.iter().map(|p| p.len()).sum();
    // What is timed is the real work: every module copies and writes back to its part.
    for (bc, m) in parts.iter().zip(&modules) {
        let copy = dxil_ir::build::copy_module_checked(m).expect("every sample module copies");
        let bytes = dxil_bitcode::write_checked(&copy).expect("every copy writes");
        assert!(bytes == *bc, "a copy wrote other bytes than its part");
    }
    let mut g = c.benchmark_group("reencode_builder");
    g.throughput(Throughput::Bytes(total as u64));
    g.sample_size(10);
    g.bench_function("decode", |b| {
        b.iter(|| {
            for bc in &parts {
                let _ = black_box(dxil_bitcode::read_module(bc));
            }
        })
    });
    g.bench_function("copy_module+write_module", |b| {
        b.iter(|| {
            for m in &modules {
                build_and_write(m);
            }
        })
    });
    // The writer alone: modules built and checked once, outside the timed loop.
    let checked: Vec<_> = modules
        .iter()
        .filter_map(|m| dxil_ir::build::copy_module_checked(m).ok())
        .collect();
    g.bench_function("write_module", |b| {
        b.iter(|| {
            for c in &checked {
                let _ = black_box(dxil_bitcode::write_checked(c));
            }
        })
    });
    g.bench_function("copy_module", |b| {
        b.iter(|| {
            for m in &modules {
                let _ = black_box(dxil_ir::build::copy_module(m));
            }
        })
    });
    let (decode, build) = (Cell::new(Duration::ZERO), Cell::new(Duration::ZERO));
    let passes = Cell::new(0u64);
    g.bench_function("paired", |b| {
        b.iter_custom(|iters| {
            let mut spent = Duration::ZERO;
            for _ in 0..iters {
                let t = Instant::now();
                for bc in &parts {
                    let _ = black_box(dxil_bitcode::read_module(bc));
                }
                let d = t.elapsed();
                let t = Instant::now();
                for m in &modules {
                    build_and_write(m);
                }
                let w = t.elapsed();
                decode.set(decode.get() + d);
                build.set(build.get() + w);
                spent += d + w;
            }
            passes.set(passes.get() + iters);
            spent
        })
    });
    g.finish();
    let mib = |d: Duration| (total as f64 * passes.get() as f64) / d.as_secs_f64() / 1048576.0;
    let (d, w) = (mib(decode.get()), mib(build.get()));
    println!(
        "paired, {} alternating passes each: decode {d:.2} MiB/s, copy_module+write_module {w:.2} MiB/s: build+write at {:.3}x decode's speed",
        passes.get(),
        w / d
    );
}

/// One module copied through the public builder and written.
fn build_and_write(m: &dxil_ir::Module) {
    if let Ok(copy) = dxil_ir::build::copy_module_checked(m) {
        let _ = black_box(dxil_bitcode::write_checked(&copy));
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
