//! `validate_container` over every 10th corpus container (module rules and part checks),
//! throughput in bytes; and the module rules alone (`--no-parts`). Skips (prints a note)
//! when `../shared/corpus` is absent.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dxil_validate::{validate_container, Options};

fn bench(c: &mut Criterion) {
    let files: Vec<Vec<u8>> = dxil_test_support::corpus_files()
        .iter()
        .step_by(10)
        .filter_map(|p| std::fs::read(p).ok())
        .collect();
    if files.is_empty() {
        eprintln!("note: ../shared/corpus absent; skipping the validation benchmark");
        return;
    }
    let total: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("validate");
    group.throughput(Throughput::Bytes(total as u64));
    group.sample_size(20);
    for (name, parts) in [("container", true), ("module_only", false)] {
        let options = Options { parts };
        group.bench_function(name, |b| {
            b.iter(|| {
                files
                    .iter()
                    .filter(|f| validate_container(f, &options).is_valid())
                    .count()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
