//! The packer: repacking every corpus signature from its unplaced elements gives the
//! reference's placements, every placement satisfies the packing constraints, and random
//! element sets pack within the constraints (property test).

use dxil_gen::pack::{
    check_placement, elements_from_metadata, pack_signature, DataWidth, PackElement,
    Strategy as Packing,
};
use dxil_gen::sigpoint::{SigPointInfo, SignatureKind};
use dxil_gen::Source;
use dxil_ops::{SemanticInterpretationKind, SigPointKind};
use proptest::prelude::*;

/// (id, uses -pack_optimized) for every corpus shader.
fn entries(dir: &std::path::Path) -> Vec<(String, bool)> {
    dxil_test_support::read_jsonl(&dir.join("index.jsonl"))
        .expect("index")
        .iter()
        .filter_map(|v| {
            let id = v.get("id")?.as_str()?.to_string();
            let optimized = v.get("args")?.as_array()?.iter().any(|a| {
                a.as_str().is_some_and(|s| {
                    s.starts_with("-pack_optimized") || s.starts_with("-pack-optimized")
                })
            });
            Some((id, optimized))
        })
        .collect()
}

#[test]
fn corpus_repack() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let (mut same, mut total, mut constraint_failures) = (0usize, 0usize, 0usize);
    let mut fails = Vec::new();
    for (id, optimized) in entries(&dir) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let c = dxil_container::Container::parse(&bytes).expect("container");
        let program = c.program().expect("program");
        let module = dxil_bitcode::read_module(program.bitcode).expect("module");
        let src = Source::new(&module).expect("source");
        let use_min = src.recorded_flags().use_min_precision();
        for sig in [
            SignatureKind::Input,
            SignatureKind::Output,
            SignatureKind::PatchConstOrPrim,
        ] {
            let Some(point) = SigPointKind::of(src.kind, sig) else {
                continue;
            };
            let md = src.signature(sig);
            if md.is_empty() {
                continue;
            }
            let mut els = elements_from_metadata(md, point, use_min);
            let strategy = if optimized {
                Packing::Optimized
            } else {
                Packing::PrefixStable
            };
            pack_signature(&mut els, point, strategy);
            total += 1;
            let expected: Vec<Option<(u32, u32)>> = md
                .iter()
                .map(|e| {
                    (e.start_row != -1 && e.start_col != -1)
                        .then_some((e.start_row as u32, e.start_col as u32))
                })
                .collect();
            let got: Vec<Option<(u32, u32)>> = els.iter().map(|e| e.location).collect();
            let mut copy = md.to_vec();
            dxil_gen::pack::repack_metadata(&mut copy, point, use_min, strategy);
            if got == expected && copy.as_slice() == md {
                same += 1;
            } else {
                fails.push(format!("{id} {sig:?}: got {got:?} expected {expected:?}"));
            }
            if let Err(e) = check_placement(&els, point) {
                constraint_failures += 1;
                fails.push(format!("{id} {sig:?}: constraint: {e}"));
            }
        }
    }
    println!("signatures repacked: {same}/{total}; constraint violations {constraint_failures}");
    for f in fails.iter().take(15) {
        println!("  {f}");
    }
    assert_eq!(constraint_failures, 0);
    assert!(same * 1000 >= total * 995, "{same}/{total}");
}

fn arb_element() -> impl proptest::strategy::Strategy<Value = (u8, u8, u8, u32, u32, u8)> {
    // (interpretation class, interpolation, width, rows, cols, stream)
    (0u8..6, 0u8..4, 0u8..3, 1u32..5, 1u32..5, 0u8..2)
}

proptest! {
    #[test]
    fn random_sets_satisfy_constraints(
        set in proptest::collection::vec(arb_element(), 0..24),
        optimized in any::<bool>(),
        point in 0usize..4,
    ) {
        let point = [SigPointKind::VSOut, SigPointKind::PSIn, SigPointKind::PCOut, SigPointKind::GSOut][point];
        let mut els: Vec<PackElement> = set
            .iter()
            .enumerate()
            .map(|(i, &(class, interp, width, rows, cols, stream))| {
                let (kind, interpretation, rows, cols) = match class {
                    0 | 1 => (0, SemanticInterpretationKind::Arb, rows, cols),
                    2 => (3, SemanticInterpretationKind::SV, 1, cols),
                    3 => (10, SemanticInterpretationKind::SGV, 1, 1),
                    4 => (6, SemanticInterpretationKind::ClipCull, rows.min(2), cols),
                    _ => (25, SemanticInterpretationKind::TessFactor, rows, 1),
                };
                PackElement {
                    id: i as u32,
                    kind,
                    interpolation: interp,
                    interpretation,
                    width: [DataWidth::Undefined, DataWidth::Bits16, DataWidth::Bits32][width as usize],
                    rows,
                    cols,
                    stream: u32::from(stream),
                    start_index: 0,
                    location: None,
                }
            })
            .collect();
        let strategy = if optimized { Packing::Optimized } else { Packing::PrefixStable };
        pack_signature(&mut els, point, strategy);
        prop_assert_eq!(check_placement(&els, point), Ok(()));
    }
}
