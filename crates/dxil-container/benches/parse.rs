//! Container parse + digest verify over the whole corpus, throughput in bytes.
//! Skips (prints a note) when `../shared/corpus` is absent.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dxil_container::{Container, DigestStatus};

fn corpus() -> Vec<Vec<u8>> {
    dxil_test_support::corpus_files()
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        .collect()
}

fn bench(c: &mut Criterion) {
    let files = corpus();
    if files.is_empty() {
        eprintln!("note: ../shared/corpus absent; skipping the container benchmark");
        return;
    }
    let total: usize = files.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("container");
    group.throughput(Throughput::Bytes(total as u64));
    group.bench_function("parse", |b| {
        b.iter(|| {
            files
                .iter()
                .map(|f| Container::parse(f).map_or(0, |c| c.parts().len()))
                .sum::<usize>()
        })
    });
    group.bench_function("parse+verify_digest", |b| {
        b.iter(|| {
            files
                .iter()
                .filter(|f| {
                    Container::parse(f).is_ok_and(|c| c.digest_status() != DigestStatus::Differs)
                })
                .count()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
