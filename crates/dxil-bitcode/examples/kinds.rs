//! Histogram of instruction, constant and metadata kinds over the corpus modules (DXIL, ILDB,
//! STAT parts): shows which record kinds the corpus exercises.
//! Usage: `cargo run --release -p dxil-bitcode --example kinds`.

use std::collections::BTreeMap;

/// The variant name of a `Debug` rendering.
fn variant(debug: String) -> String {
    debug
        .split(|c: char| !c.is_alphanumeric() && c != '_')
        .next()
        .unwrap_or("")
        .to_owned()
}

fn main() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut hist: BTreeMap<String, usize> = BTreeMap::new();
    for id in dxil_test_support::corpus_ids(&dir) {
        let Ok(bytes) = std::fs::read(dir.join(format!("{id}.dxil"))) else {
            continue;
        };
        for part in [b"DXIL", b"ILDB", b"STAT"] {
            let Some(bc) = dxil_test_support::part_bitcode(&bytes, part) else {
                continue;
            };
            let Ok(m) = dxil_bitcode::read_module(bc) else {
                continue;
            };
            for f in m.functions.iter().filter_map(|f| f.body.as_ref()) {
                for i in &f.insts {
                    let mut k = format!("inst {}", variant(format!("{:?}", i.kind)));
                    if let dxil_ir::InstKind::Load {
                        atomic: Some(_), ..
                    }
                    | dxil_ir::InstKind::Store {
                        atomic: Some(_), ..
                    } = i.kind
                    {
                        k.push_str(" (atomic)");
                    }
                    *hist.entry(k).or_default() += 1;
                }
            }
            for c in &m.constants {
                *hist
                    .entry(format!("const {}", variant(format!("{:?}", c.kind))))
                    .or_default() += 1;
            }
            for md in &m.metadata {
                *hist
                    .entry(format!("metadata {}", variant(format!("{md:?}"))))
                    .or_default() += 1;
            }
            *hist.entry("uselist records".into()).or_default() += m.uselists.len()
                + m.functions
                    .iter()
                    .filter_map(|f| f.body.as_ref())
                    .map(|b| b.uselists.len())
                    .sum::<usize>();
            *hist.entry("aliases".into()).or_default() += m.aliases.len();
        }
    }
    for (k, n) in hist {
        println!("{n:>9}  {k}");
    }
}
