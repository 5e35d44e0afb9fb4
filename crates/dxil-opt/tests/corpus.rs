//! The passes over modules the reference compiler wrote: they must never break a valid
//! module. Each optimized module writes, reads back to what was written, writes the same
//! bytes again, and (where the reference validator is present) a container rebuilt around
//! it validates whenever one rebuilt around the module as read does.

use dxil_container::{Container, FourCC};
use dxil_ir::CheckedModule;

/// A container around `module`: the parts it implies, the root signature copied.
fn container(module: &dxil_ir::Module, bitcode: &[u8], rts0: Option<&[u8]>) -> Vec<u8> {
    let src = dxil_gen::Source::new(module).expect("the module's metadata reads");
    let mut opts = dxil_gen::BuildOptions::default();
    if let Some(r) = rts0 {
        opts.copied.push((FourCC::RTS0, r.to_vec()));
    }
    dxil_gen::build_container(&src, bitcode, &opts).expect("the container builds")
}

#[test]
fn corpus_modules_stay_valid() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let ids = dxil_test_support::corpus_ids(&dir);
    let (mut seen, mut changed, mut validated) = (0usize, 0usize, 0usize);
    let mut removed = 0usize;
    let mut failures = Vec::new();
    for id in dxil_test_support::spread(&ids, 1000) {
        let Ok(file) = std::fs::read(dir.join(format!("{id}.dxil"))) else {
            continue;
        };
        let Some(bc) = dxil_test_support::part_bitcode(&file, b"DXIL") else {
            continue;
        };
        let Ok(read) = dxil_bitcode::read_module(bc) else {
            continue;
        };
        seen += 1;
        let original = read.clone().into_inner();
        let mut m = read.into_inner();
        let stats = match dxil_opt::optimize_module(&mut m) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{id}: {e}"));
                continue;
            }
        };
        if stats == dxil_opt::Stats::default() {
            assert!(
                m == original,
                "{id}: no change reported, but the module changed"
            );
            continue;
        }
        changed += 1;
        removed += stats.removed;
        let m = match CheckedModule::new(m) {
            Ok(m) => m,
            Err(e) => {
                failures.push(format!("{id}: an id names nothing after the passes: {e}"));
                continue;
            }
        };
        let bytes = match dxil_bitcode::write_checked(&m) {
            Ok(b) => b,
            Err(e) => {
                failures.push(format!("{id}: does not write: {e}"));
                continue;
            }
        };
        let back = match dxil_bitcode::read_module(&bytes) {
            Ok(b) => b,
            Err(e) => {
                failures.push(format!("{id}: does not read back: {e}"));
                continue;
            }
        };
        if dxil_bitcode::write_checked(&back).ok().as_deref() != Some(&bytes[..]) {
            failures.push(format!("{id}: reads back to other bytes"));
            continue;
        }
        let kind = Container::parse(&file).ok();
        let rts0 = kind
            .as_ref()
            .and_then(|c| c.part(FourCC::RTS0).map(|p| p.data.to_vec()));
        let Ok(original_bc) = dxil_bitcode::write_module(&original) else {
            continue;
        };
        let before = container(&original, &original_bc, rts0.as_deref());
        let after = container(&back, &bytes, rts0.as_deref());
        if let (Some(Ok(())), Some(verdict)) = (
            dxil_test_support::dxv_verdict(&before),
            dxil_test_support::dxv_verdict(&after),
        ) {
            validated += 1;
            if let Err(e) = verdict {
                failures.push(format!("{id}: valid before the passes, not after: {e}"));
            }
        }
    }
    eprintln!(
        "{seen} modules, {changed} changed ({removed} instructions removed), {validated} validated before and after"
    );
    assert!(seen > 100, "only {seen} corpus modules read");
    assert!(
        failures.is_empty(),
        "{} failures, e.g. {:#?}",
        failures.len(),
        &failures[..failures.len().min(40)]
    );
}
