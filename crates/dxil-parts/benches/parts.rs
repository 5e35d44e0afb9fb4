//! Parse + write of every typed part in a corpus sample, and header printing.
//! Skips (benchmarks nothing) when `../shared/corpus` is absent.

use criterion::{criterion_group, criterion_main, Criterion};
use dxil_parts::{Psv, SignaturePart};
use dxil_text::header::{container_parts, print_part_header_sections};

fn load() -> Vec<Vec<u8>> {
    dxil_test_support::corpus_files()
        .iter()
        .step_by(8)
        .filter_map(|p| std::fs::read(p).ok())
        .collect()
}

fn bench(c: &mut Criterion) {
    let files = load();
    let containers: Vec<_> = files
        .iter()
        .filter_map(|f| dxil_container::Container::parse(f).ok())
        .collect();
    let parts: Vec<Vec<([u8; 4], &[u8])>> = containers.iter().map(container_parts).collect();
    c.bench_function("signature+psv parse/write (corpus sample)", |b| {
        b.iter(|| {
            let mut n = 0usize;
            for ps in &parts {
                for (f, d) in ps {
                    n += match f {
                        b"ISG1" | b"OSG1" | b"PSG1" => SignaturePart::parse(d)
                            .and_then(|p| p.write())
                            .map_or(0, |v| v.len()),
                        b"PSV0" => Psv::parse(d).and_then(|p| p.write()).map_or(0, |v| v.len()),
                        _ => 0,
                    };
                }
            }
            n
        })
    });
    c.bench_function("part header sections (corpus sample)", |b| {
        b.iter(|| {
            let mut out = String::new();
            for ps in &parts {
                let _ = print_part_header_sections(ps, &mut out);
            }
            out.len()
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
