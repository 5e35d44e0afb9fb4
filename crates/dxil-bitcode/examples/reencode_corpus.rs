//! Decodes every eighth corpus DXIL part (the sample of the `reencode_builder` benchmark), then
//! times `N` passes (default 5) of each stage apart: decoding (`read_module`), rebuilding through
//! the public builder (`dxil_ir::build::copy_module`), writing (`write_module`) and rebuilding
//! plus writing (`copy_module_checked` + `write_checked`, the ids proven once), each by
//! wall-clock and process CPU time. A driver for `perf record`. Usage:
//! `cargo run --release -p dxil-bitcode --example reencode_corpus [N [FILE]]`; with
//! `STAGE=read|copy|write|write-copy|both` in the environment, only that stage runs.

fn main() {
    let Some((n, files)) = dxil_test_support::example_inputs() else {
        return;
    };
    let step = if files.len() > 1 { 8 } else { 1 };
    let parts: Vec<&[u8]> = files
        .iter()
        .step_by(step)
        .filter_map(|f| dxil_test_support::part_bitcode(f, b"DXIL"))
        .filter(|bc| dxil_bitcode::read_module(bc).is_ok())
        .collect();
    let modules: Vec<dxil_ir::Module> = parts
        .iter()
        .filter_map(|bc| dxil_bitcode::read_module(bc).ok())
        .map(dxil_ir::CheckedModule::into_inner)
        .collect();
    let bytes: usize = parts.iter().map(|p| p.len()).sum();
    let stage = std::env::var("STAGE").ok();
    let runs = |name: &str| stage.as_deref().is_none_or(|s| s == name);

    if runs("read") {
        let clock = dxil_test_support::Stopwatch::start();
        for _ in 0..n {
            for bc in &parts {
                let _ = std::hint::black_box(dxil_bitcode::read_module(bc));
            }
        }
        clock.report(modules.len(), n, bytes, "read_module");
    }

    if runs("copy") {
        let clock = dxil_test_support::Stopwatch::start();
        for _ in 0..n {
            for m in &modules {
                let _ = std::hint::black_box(dxil_ir::build::copy_module(m));
            }
        }
        clock.report(modules.len(), n, bytes, "copy_module");
    }

    if runs("write") {
        let clock = dxil_test_support::Stopwatch::start();
        for _ in 0..n {
            for m in &modules {
                let _ = std::hint::black_box(dxil_bitcode::write_module(m));
            }
        }
        clock.report(modules.len(), n, bytes, "write_module");
    }

    if runs("write-copy") {
        let copies: Vec<dxil_ir::CheckedModule> = modules
            .iter()
            .filter_map(|m| dxil_ir::build::copy_module_checked(m).ok())
            .collect();
        let clock = dxil_test_support::Stopwatch::start();
        for _ in 0..n {
            for m in &copies {
                let _ = std::hint::black_box(dxil_bitcode::write_checked(m));
            }
        }
        clock.report(copies.len(), n, bytes, "write_module of the copies");
    }

    if runs("both") {
        let clock = dxil_test_support::Stopwatch::start();
        for _ in 0..n {
            for m in &modules {
                if let Ok(copy) = dxil_ir::build::copy_module_checked(m) {
                    let _ = std::hint::black_box(dxil_bitcode::write_checked(&copy));
                }
            }
        }
        clock.report(modules.len(), n, bytes, "copy_module+write_module");
    }
}
