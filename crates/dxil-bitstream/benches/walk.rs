//! Throughput over the corpus (`DXIL` parts' bitcode): walking every record, dumping, and
//! re-encoding. Skips (benchmarks nothing) when `../shared/corpus` is absent.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dxil_bitstream::{dump, reencode, DumpOptions, Entry, Reader, Record};

fn u32_at(b: &[u8], off: usize) -> Option<u32> {
    let s = b.get(off..off.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// The `DXIL` part's bitcode of a container.
fn dxil_bitcode(c: &[u8]) -> Option<Vec<u8>> {
    let count = u32_at(c, 28)? as usize;
    for i in 0..count.min(64) {
        let off = u32_at(c, 32 + 4 * i)? as usize;
        if c.get(off..off + 4)? != b"DXIL" {
            continue;
        }
        let data = c.get(off + 8..off + 8 + u32_at(c, off + 4)? as usize)?;
        let start = 8 + u32_at(data, 16)? as usize;
        return Some(
            data.get(start..start + u32_at(data, 20)? as usize)?
                .to_vec(),
        );
    }
    None
}

fn corpus() -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/corpus");
    let Ok(rd) = std::fs::read_dir(&dir) else {
        eprintln!("note: {} absent; nothing to benchmark", dir.display());
        return Vec::new();
    };
    let mut paths: Vec<PathBuf> = rd
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "dxil"))
        .collect();
    paths.sort();
    paths
        .iter()
        .filter_map(|p| dxil_bitcode(&std::fs::read(p).ok()?))
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
