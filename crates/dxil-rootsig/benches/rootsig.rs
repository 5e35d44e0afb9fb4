//! Throughput of the text compiler and the RTS0 reader/writer over the reference strings
//! (`../shared/rootsig/index.jsonl`); skips when the data is absent.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dxil_rootsig::{binary, compile, Version};

fn load() -> Vec<(String, Version)> {
    let Some(path) = dxil_test_support::shared_path("rootsig/index.jsonl") else {
        return Vec::new();
    };
    dxil_test_support::read_jsonl(&path)
        .unwrap_or_default()
        .iter()
        .filter_map(|v| {
            Some((
                v["text"].as_str()?.to_string(),
                Version::parse(v["version"].as_str()?)?,
            ))
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let strings = load();
    if strings.is_empty() {
        return;
    }
    let bytes: u64 = strings.iter().map(|(s, _)| s.len() as u64).sum();
    let mut g = c.benchmark_group("rootsig");
    g.throughput(Throughput::Bytes(bytes));
    g.bench_function("compile_3000_strings", |b| {
        b.iter(|| {
            strings
                .iter()
                .filter(|(s, v)| compile(s, *v).is_ok())
                .count()
        })
    });
    let blobs: Vec<Vec<u8>> = strings
        .iter()
        .filter_map(|(s, v)| compile(s, *v).ok())
        .map(|rs| binary::write(&rs))
        .collect();
    g.throughput(Throughput::Bytes(
        blobs.iter().map(|b| b.len() as u64).sum(),
    ));
    g.bench_function("read_write_rts0", |b| {
        b.iter(|| {
            blobs
                .iter()
                .filter_map(|x| binary::read(x).ok())
                .map(|rs| binary::write(&rs).len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
