//! Decode throughput over the corpus (DXIL and ILDB bitcode), in MB/s: `read_module` per
//! module, and one `Decoder` for all.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn bench(c: &mut Criterion) {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let files: Vec<Vec<u8>> = dxil_test_support::corpus_bytes(&dir);
    let mut modules: Vec<&[u8]> = Vec::new();
    for f in &files {
        for part in [b"DXIL", b"ILDB"] {
            if let Some(bc) = dxil_test_support::part_bitcode(f, part) {
                modules.push(bc);
            }
        }
    }
    let total: usize = modules.iter().map(|m| m.len()).sum();
    let mut g = c.benchmark_group("read_module");
    g.throughput(Throughput::Bytes(total as u64));
    g.sample_size(10);
    g.bench_function("corpus", |b| {
        b.iter(|| {
            for m in &modules {
                let _ = std::hint::black_box(dxil_bitcode::read_module(m));
            }
        })
    });
    g.bench_function("corpus_decoder", |b| {
        let mut decoder = dxil_bitcode::Decoder::new();
        b.iter(|| {
            for m in &modules {
                let _ = std::hint::black_box(decoder.read_module(m));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
