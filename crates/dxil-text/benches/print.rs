//! Decode and decode + print throughput over the corpus bitcode (the module the reference
//! prints: `ILDB` when present, else `DXIL`). Skips when `../shared/corpus` is absent.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};

fn corpus_bitcode() -> Vec<Vec<u8>> {
    dxil_test_support::corpus_files()
        .iter()
        .filter_map(|p| Some(dxil_test_support::primary_bitcode(&std::fs::read(p).ok()?)?.to_vec()))
        .collect()
}

fn bench(c: &mut Criterion) {
    let modules = corpus_bitcode();
    if modules.is_empty() {
        eprintln!("note: corpus absent; skipping benchmarks");
        return;
    }
    let total: u64 = modules.iter().map(|m| m.len() as u64).sum();
    let mut g = c.benchmark_group("corpus");
    g.throughput(Throughput::Bytes(total));
    g.sample_size(10);
    g.bench_function("decode", |b| {
        b.iter(|| {
            for m in &modules {
                let module = dxil_bitcode::read_module(m).expect("corpus module reads");
                std::hint::black_box(&module);
            }
        })
    });
    let mut out = String::new();
    g.bench_function("decode+print", |b| {
        b.iter(|| {
            for m in &modules {
                let module = dxil_bitcode::read_module(m).expect("corpus module reads");
                out.clear();
                dxil_text::write_dumpbin_body(&module, &mut out);
                std::hint::black_box(&out);
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
