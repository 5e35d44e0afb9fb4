//! Hostile input: corrupted corpus containers (bit flips in the `DXIL` module, truncated
//! parts) regenerate without a panic; errors are fine. Also exercises the packer and the
//! constraint checker on extreme shapes.

use dxil_gen::pack::{check_placement, pack_signature, DataWidth, PackElement, Strategy};
use dxil_ops::{SemanticInterpretationKind, SigPointKind};

#[test]
fn corrupted_containers_do_not_panic() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let ids = dxil_test_support::corpus_ids(&dir);
    let mut runs = 0usize;
    // Every 40th shader, 24 deterministic flips each.
    for id in ids.iter().step_by(40) {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read");
        let mut rng = dxil_test_support::XorShift64(bytes.len() as u64 ^ 0x9e37_79b9_7f4a_7c15);
        for _ in 0..24 {
            let state = rng.next();
            let mut b = bytes.clone();
            let at = (state as usize) % b.len();
            b[at] ^= 1 << (state >> 61);
            // Keep the container header intact so the parts are reached.
            if at < 32 {
                continue;
            }
            if let Ok(c) = dxil_container::Container::parse(&b) {
                let _ = dxil_gen::regenerate(&c);
                runs += 1;
            }
        }
    }
    assert!(runs > 0);
}

#[test]
fn extreme_shapes_are_rejected_or_placed_validly() {
    let shapes = [
        (0u32, 1u32),
        (1, 0),
        (33, 1),
        (1, 5),
        (u32::MAX, 4),
        (32, 4),
        (2, 4),
    ];
    for point in [
        SigPointKind::VSIn,
        SigPointKind::VSOut,
        SigPointKind::PCOut,
        SigPointKind::PSOut,
        SigPointKind::GSOut,
    ] {
        for strategy in [Strategy::PrefixStable, Strategy::Optimized] {
            let mut els: Vec<PackElement> = shapes
                .iter()
                .enumerate()
                .map(|(i, &(rows, cols))| PackElement {
                    id: i as u32,
                    kind: if i % 2 == 0 { 0 } else { 16 },
                    interpolation: 2,
                    interpretation: [
                        SemanticInterpretationKind::Arb,
                        SemanticInterpretationKind::ClipCull,
                        SemanticInterpretationKind::TessFactor,
                    ][i % 3],
                    width: DataWidth::Bits32,
                    rows,
                    cols,
                    stream: (i % 4) as u32,
                    start_index: u32::MAX - i as u32,
                    location: None,
                })
                .collect();
            pack_signature(&mut els, point, strategy);
            if matches!(
                point,
                SigPointKind::VSOut | SigPointKind::PCOut | SigPointKind::GSOut
            ) {
                assert_eq!(
                    check_placement(&els, point),
                    Ok(()),
                    "{point:?} {strategy:?}"
                );
            } else {
                // Input assembler and target placement do not check shapes; the checker
                // must report (not panic on) what does not fit.
                let _ = check_placement(&els, point);
            }
        }
    }
}
