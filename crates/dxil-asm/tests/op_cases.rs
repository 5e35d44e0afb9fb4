//! Every operation case of `dxil_test_support::op_cases` rendered as DXIL text, assembled
//! into a container and given to the reference validator, which must accept each one; the
//! cases and the gaps together name every operation of the database once.

mod op_render;

use dxil_test_support::op_cases::{op_cases, op_gaps};
use std::collections::BTreeMap;

#[test]
fn every_case_is_accepted_by_the_reference_validator() {
    let total = dxil_ops::CORE_OPS.len() + dxil_ops::EXPERIMENTAL_OPS.len();
    let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
    for case in op_cases() {
        *seen.entry(case.opcode).or_default() += 1;
    }
    for (opcode, _) in op_gaps() {
        *seen.entry(*opcode).or_default() += 1;
    }
    let twice: Vec<_> = seen
        .iter()
        .filter(|(_, n)| **n > 1)
        .map(|(o, _)| *o)
        .collect();
    let missing: Vec<_> = dxil_ops::CORE_OPS
        .iter()
        .chain(dxil_ops::EXPERIMENTAL_OPS.iter())
        .map(|op| op.opcode)
        .filter(|o| !seen.contains_key(o))
        .collect();
    let unknown: Vec<_> = seen
        .keys()
        .filter(|o| dxil_ops::op_info(**o).is_none())
        .collect();

    let mut accepted = 0;
    let mut failures = Vec::new();
    for case in op_cases() {
        let name = dxil_ops::op_info(case.opcode).map_or("?", |op| op.name());
        if let Ok(dir) = std::env::var("DXIL_OP_CASES_DUMP") {
            let text = op_render::render(case, 0).unwrap_or_else(|e| e);
            let _ = std::fs::write(format!("{dir}/{}-{name}.ll", case.opcode), text);
        }
        let bytes = match op_render::build(case) {
            Ok((_, b)) => b,
            Err(e) => {
                failures.push(format!("{} {name}: {e}", case.opcode));
                continue;
            }
        };
        match dxil_test_support::dxv_verdict(&bytes) {
            None => return,
            Some(Ok(())) => accepted += 1,
            Some(Err(msg)) => failures.push(format!("{} {name}: {}", case.opcode, msg.trim())),
        }
    }
    println!("op cases: {accepted}/{total} accepted by dxv");
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(twice.is_empty(), "listed more than once: {twice:?}");
    assert!(unknown.is_empty(), "not operations: {unknown:?}");
    assert!(missing.is_empty(), "neither a case nor a gap: {missing:?}");
    assert!(failures.is_empty(), "{} cases refused", failures.len());
}
