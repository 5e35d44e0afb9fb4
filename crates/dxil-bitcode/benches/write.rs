//! Encode throughput of `write_module` over the corpus (DXIL, ILDB and STAT modules decoded
//! once up front), in MB of bitcode written per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let files: Vec<Vec<u8>> = dxil_test_support::corpus_bytes(&dir);
    let mut modules = Vec::new();
    let mut total = 0usize;
    for f in &files {
        for part in [b"DXIL", b"ILDB", b"STAT"] {
            if let Some(bc) = dxil_test_support::part_bitcode(f, part) {
                if let Ok(m) = dxil_bitcode::read_module(bc) {
                    // Options as the round trip infers them, so only encoding is timed.
                    let opts = dxil_bitcode::WriteOptions::infer(&m);
                    total += bc.len();
                    modules.push((m, opts));
                }
            }
        }
    }
    let mut g = c.benchmark_group("write_module");
    g.throughput(Throughput::Bytes(total as u64));
    g.sample_size(10);
    g.bench_function("corpus", |b| {
        b.iter(|| {
            for (m, opts) in &modules {
                let _ = std::hint::black_box(dxil_bitcode::write_module_with(m, *opts));
            }
        })
    });
    g.bench_function("corpus_with_inference", |b| {
        b.iter(|| {
            for (m, _) in &modules {
                let _ = std::hint::black_box(dxil_bitcode::write_module(m));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
