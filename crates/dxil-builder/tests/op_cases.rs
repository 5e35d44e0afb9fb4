//! Every operation case of `dxil_test_support::op_cases` built through the builder's public
//! API (`op_build`) and given to the reference validator and to the project's own, which
//! must each accept every one.

mod op_build;

use dxil_test_support::op_cases::op_cases;

#[test]
fn every_case_built_is_accepted_by_both_validators() {
    let total = dxil_ops::CORE_OPS.len() + dxil_ops::EXPERIMENTAL_OPS.len();
    let (mut accepted, mut ours) = (0, 0);
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
        let report = dxil_validate::validate_container(&bytes, &Default::default());
        if report.is_valid() {
            ours += 1;
        } else {
            failures.push(format!("{} {name}: our validator: {}", case.opcode, report));
        }
        match dxil_test_support::dxv_verdict(&bytes) {
            None => return,
            Some(Ok(())) => accepted += 1,
            Some(Err(msg)) => failures.push(format!("{} {name}: {}", case.opcode, msg.trim())),
        }
    }
    println!(
        "op cases through the builder: {accepted}/{total} accepted by dxv, {ours}/{total} by our validator"
    );
    for f in &failures {
        println!("FAIL {f}");
    }
    assert!(failures.is_empty(), "{} cases refused", failures.len());
}

/// The experimental operations belong to shader model 6.10: below it the builder refuses
/// them, at it the call is made.
#[test]
fn experimental_operations_need_shader_model_6_10() {
    use dxil_builder::{ErrorKind, ShaderBuilder};
    use dxil_container::ShaderKind;
    use dxil_ops::DxOp;
    for (minor, allowed) in [(9, false), (10, true)] {
        let mut sb = ShaderBuilder::new(ShaderKind::Compute, 6, minor).unwrap();
        sb.num_threads(1, 1, 1);
        let mut e = sb.entry("main").unwrap();
        let r = e.op(DxOp::ExperimentalNop {}, &[]);
        match r {
            Ok(_) => assert!(allowed, "6.{minor} made an experimental call"),
            Err(err) => {
                assert!(!allowed, "6.{minor}: {err}");
                assert_eq!(err.kind(), ErrorKind::NotAllowed);
            }
        }
    }
}
