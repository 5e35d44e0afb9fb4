//! Throughput over the corpus (`DXIL` parts' bitcode): walking every record, dumping, and
//! re-encoding. Skips (benchmarks nothing) when `../shared/corpus` is absent.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dxil_bitstream::{dump, reencode, DumpOptions, Entry, Reader, Record};

/// The `DXIL` part's bitcode of every corpus container, in name order.
fn corpus() -> Vec<Vec<u8>> {
    dxil_test_support::corpus_files()
        .iter()
        .filter_map(|p| Some(dxil_test_support::dxil_bitcode(&std::fs::read(p).ok()?)?.to_vec()))
        .collect()
}

fn walk(bc: &[u8], rec: &mut Record<'_>) -> u64 {
    let mut r = Reader::new(bc).expect("corpus module");
    let mut n = 0;
    // `rec` outlives the reader's borrow only per module; reuse its allocation.
    let mut local = Record {
        ops: std::mem::take(&mut rec.ops),
        ..Record::new()
    };
    loop {
        match r.next().expect("corpus module") {
            Entry::SubBlock { block_id: 0 } => r.read_blockinfo_block().expect("blockinfo"),
            Entry::SubBlock { .. } => r.enter_block().expect("block"),
            Entry::EndBlock => {}
            Entry::Record { abbrev_id } => {
                r.read_record(abbrev_id, &mut local).expect("record");
                n += local.ops.len() as u64 + 1;
            }
            Entry::EndOfStream => break,
        }
    }
    rec.ops = std::mem::take(&mut local.ops);
    n
}

fn bench(c: &mut Criterion) {
    let modules = corpus();
    if modules.is_empty() {
        return;
    }
    let bytes: u64 = modules.iter().map(|m| m.len() as u64).sum();
    let mut g = c.benchmark_group("corpus");
    g.throughput(Throughput::Bytes(bytes));
    g.sample_size(10);
    g.bench_function("walk", |b| {
        let mut rec = Record::new();
        b.iter(|| modules.iter().map(|m| walk(m, &mut rec)).sum::<u64>())
    });
    g.bench_function("dump", |b| {
        let mut s = String::new();
        b.iter(|| {
            for m in &modules {
                s.clear();
                dump(m, &mut s, DumpOptions::default()).expect("dump");
            }
            s.len()
        })
    });
    g.bench_function("reencode", |b| {
        b.iter(|| {
            modules
                .iter()
                .map(|m| reencode(m).expect("reencode").len())
                .sum::<usize>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
