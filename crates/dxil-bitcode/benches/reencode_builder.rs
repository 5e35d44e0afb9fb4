//! Decoding (`read_module`) against rebuilding through the public builder and writing
//! (`dxil_ir::build::copy_module_checked` + `write_checked`: the calls a compiler makes after
//! building, the ids proven once by the builder), over a sample of corpus DXIL parts, in MB
//! of bitcode per second.

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
        .collect();
    let total: usize = parts.iter().map(|p| p.len()).sum();
    let mut g = c.benchmark_group("reencode_builder");
    g.throughput(Throughput::Bytes(total as u64));
    g.sample_size(10);
    g.bench_function("decode", |b| {
        b.iter(|| {
            for bc in &parts {
                let _ = std::hint::black_box(dxil_bitcode::read_module(bc));
            }
        })
    });
    g.bench_function("copy_module+write_module", |b| {
        b.iter(|| {
            for m in &modules {
                if let Ok(copy) = dxil_ir::build::copy_module_checked(m) {
                    let _ = std::hint::black_box(dxil_bitcode::write_checked(&copy));
                }
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
                let _ = std::hint::black_box(dxil_bitcode::write_checked(c));
            }
        })
    });
    g.bench_function("copy_module", |b| {
        b.iter(|| {
            for m in &modules {
                let _ = std::hint::black_box(dxil_ir::build::copy_module(m));
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
