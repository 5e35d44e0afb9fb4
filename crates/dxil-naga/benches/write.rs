//! naga IR to container (`dxil_naga::write`) over naga's own test inputs
//! (`../shared/naga`, WGSL and GLSL), every entry point the back end compiles, parsed and
//! validated once outside the timing; in entry points per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dxil_naga::front::{self, Language};
use dxil_naga::{Options, PipelineOptions};

struct Case {
    module: naga::Module,
    info: naga::valid::ModuleInfo,
    entries: Vec<PipelineOptions>,
}

fn cases() -> Vec<Case> {
    let Some(dir) = dxil_test_support::shared_dir().map(|d| d.join("naga")) else {
        return Vec::new();
    };
    let mut files = dxil_test_support::files_with_extension(&dir, "wgsl");
    for ext in ["vert", "frag", "comp"] {
        files.extend(dxil_test_support::files_with_extension(
            &dir.join("glsl"),
            ext,
        ));
    }
    let mut out = Vec::new();
    for path in files {
        let name = path.display().to_string();
        let (Some(lang), Ok(bytes)) = (Language::of(&name), std::fs::read(&path)) else {
            continue;
        };
        let Ok(module) = front::parse(lang, &bytes, &name) else {
            continue;
        };
        let Ok(info) = front::validate(&module, None, &name) else {
            continue;
        };
        let entries = module
            .entry_points
            .iter()
            .map(|ep| PipelineOptions {
                entry_point: Some((ep.stage, ep.name.clone())),
            })
            .filter(|p| dxil_naga::write(&module, &info, &Options::default(), p).is_ok())
            .collect::<Vec<_>>();
        if !entries.is_empty() {
            out.push(Case {
                module,
                info,
                entries,
            });
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let cases = cases();
    let n: usize = cases.iter().map(|c| c.entries.len()).sum();
    if n == 0 {
        return;
    }
    let options = Options::default();
    let mut g = c.benchmark_group("naga_write");
    g.throughput(Throughput::Elements(n as u64));
    g.sample_size(20);
    g.bench_function("naga_inputs", |b| {
        b.iter(|| {
            for case in &cases {
                for p in &case.entries {
                    let _ = std::hint::black_box(dxil_naga::write(
                        &case.module,
                        &case.info,
                        &options,
                        p,
                    ));
                }
            }
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
