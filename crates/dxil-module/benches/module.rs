//! Criterion benchmarks: reading the metadata model and printing the module's header
//! sections over a sample of the corpus (skipped when `../shared` is absent).

use criterion::{criterion_group, criterion_main, Criterion};
use dxil_module::view::ModuleView;
use dxil_module::DxilMetadata;
use dxil_text::header::ModuleHeader;
use dxil_text::header::ModuleSections;

fn sample() -> Vec<dxil_ir::Module> {
    dxil_test_support::corpus_files()
        .iter()
        .step_by(20)
        .filter_map(|p| {
            let bytes = std::fs::read(p).ok()?;
            dxil_bitcode::read_module(dxil_test_support::dxil_bitcode(&bytes)?)
                .ok()
                .map(dxil_ir::CheckedModule::into_inner)
        })
        .collect()
}

fn bench(c: &mut Criterion) {
    let modules = sample();
    if modules.is_empty() {
        return;
    }
    c.bench_function("metadata model read (corpus sample)", |b| {
        b.iter(|| {
            for m in &modules {
                let _ = DxilMetadata::read(m);
            }
        })
    });
    c.bench_function("module header sections (corpus sample)", |b| {
        b.iter(|| {
            let mut out = String::new();
            for m in &modules {
                let Ok(view) = ModuleView::new(m) else {
                    continue;
                };
                let s = ModuleSections {
                    main: &view,
                    reflection: &view,
                };
                s.print_buffer_definitions(&mut out);
                s.print_resource_bindings(&mut out);
                s.print_view_id_state(&mut out);
                out.clear();
            }
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
