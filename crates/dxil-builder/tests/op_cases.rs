//! Every operation case of `dxil_test_support::op_cases` built through the builder's public
//! API (`op_build`) and given to the reference validator, which must accept each one.

mod op_build;

use dxil_test_support::op_cases::op_cases;

#[test]
fn every_case_built_is_accepted_by_the_reference_validator() {
    let total = dxil_ops::CORE_OPS.len() + dxil_ops::EXPERIMENTAL_OPS.len();
    let mut accepted = 0;
    let mut failures = Vec::new();
    for case in op_cases() {
        let name = dxil_ops::op_info(case.opcode).map_or("?", |op| op.name());
        let bytes = match op_build::build(case) {
            Ok(b) => b,
            Err(e) => {
                failures.push(format!("{} {name}: building: {e}", case.opcode));
                continue;
            }
        };
        if let Ok(dir) = std::env::var("DXIL_OP_CASES_DUMP") {
            let _ = std::fs::write(format!("{dir}/{}-{name}.dxil", case.opcode), &bytes);
        }
        match dxil_test_support::dxv_verdict(&bytes) {
            None => return,
            Some(Ok(())) => accepted += 1,
            Some(Err(msg)) => failures.push(format!("{} {name}: {}", case.opcode, msg.trim())),
        }
    }
    println!("op cases through the builder: {accepted}/{total} accepted by dxv");
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} cases refused", failures.len());
}
