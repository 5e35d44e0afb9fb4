//! Shader flags recomputed from each corpus module equal the recorded `dx.entryPoints`
//! flags (libraries: the module entry's); prints the mismatching bits with counts.

use dxil_gen::compute_flags::compute_flags;
use dxil_gen::Source;
use std::collections::BTreeMap;

#[test]
fn corpus_shader_flags() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let ids = dxil_test_support::corpus_ids(&dir);
    let (mut same, mut total) = (0usize, 0usize);
    let mut bits: BTreeMap<(u32, bool), (usize, Vec<String>)> = BTreeMap::new();
    for id in ids {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let c = dxil_container::Container::parse(&bytes).expect("container");
        let program = c.program().expect("program");
        let module = dxil_bitcode::read_module(program.bitcode).expect("module");
        let src = Source::new(&module).expect("source");
        // Libraries: the module entry's flags (per-function flags live in RDAT).
        let recorded = src.recorded_flags();
        let computed = compute_flags(&src, recorded);
        if std::env::var("GEN_ONLY").is_ok_and(|o| o == id) {
            println!(
                "{id}: recorded {:#x} computed {:#x}",
                recorded.0, computed.0
            );
        }
        total += 1;
        if computed == recorded {
            same += 1;
            continue;
        }
        let diff = computed.0 ^ recorded.0;
        for b in 0..64 {
            if diff & (1 << b) != 0 {
                let e = bits.entry((b, recorded.has(b))).or_default();
                e.0 += 1;
                if e.1.len() < 4 {
                    e.1.push(id.clone());
                }
            }
        }
    }
    println!("shader flags recomputed == recorded: {same}/{total}");
    for ((b, rec), (n, ex)) in &bits {
        println!("  bit {b} recorded {rec}: {n} {ex:?}");
    }
    assert!(same * 1000 >= total * 995, "{same}/{total}");
}
