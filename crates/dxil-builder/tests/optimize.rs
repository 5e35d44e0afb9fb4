//! `ShaderBuilder::optimize`: the optimizer between the last entry and the container; the
//! container still validates, with the shader flags of the code that remains.

use dxil_builder::{Arg, ResourceDesc, ShaderBuilder};
use dxil_container::ShaderKind;
use dxil_ir::InstKind;
use dxil_ops::{DxOp, Scalar, Ty};

/// A compute shader with duplicate `createHandle` and `threadId` calls and a dead
/// `threadId`; optimized or not.
fn shader(optimize: bool) -> Result<Vec<u8>, dxil_builder::Error> {
    let mut sb = ShaderBuilder::new(ShaderKind::Compute, 6, 0)?;
    let out = sb.resource(ResourceDesc::rw_typed_buffer(
        "Out",
        dxil_parts::names::ComponentType::U32,
        1,
    ))?;
    sb.num_threads(64, 1, 1);
    let mut e = sb.entry("main")?;
    let i32t = [Ty::Scalar(Scalar::I32)];
    let tid = |c: u32| DxOp::ThreadId {
        component: c.into(),
    };
    let h1 = e.handle(out, 0u32, false)?;
    let t1 = e.op(tid(0), &i32t)?;
    let _dead = e.op(tid(1), &i32t)?;
    let h2 = e.handle(out, 0u32, false)?;
    let t2 = e.op(tid(0), &i32t)?;
    for (h, t) in [(h1, t1), (h2, t2)] {
        e.op(
            DxOp::BufferStore {
                uav: h.into(),
                coord0: t.into(),
                coord1: Arg::Undef,
                value0: t.into(),
                value1: t.into(),
                value2: t.into(),
                value3: t.into(),
                mask: 15u8.into(),
            },
            &i32t,
        )?;
    }
    e.ret()?;
    e.finish()?;
    if optimize {
        let stats = sb.optimize()?;
        assert_eq!(stats.removed, 3, "a handle and two threadId calls go");
    }
    sb.finish()
}

/// The instructions of the container's entry.
fn instructions(container: &[u8]) -> usize {
    let bc = dxil_test_support::part_bitcode(container, b"DXIL").expect("a DXIL part");
    let m = dxil_bitcode::read_module(bc).expect("the module reads");
    m.functions
        .iter()
        .filter_map(|f| f.body.as_ref())
        .map(|b| b.blocks.iter().map(|bl| bl.insts.len()).sum::<usize>())
        .sum()
}

#[test]
fn optimized_shaders_lose_duplicates_and_stay_valid() {
    let plain = shader(false).unwrap();
    let optimized = shader(true).unwrap();
    // handle, threadId x2, store x2, ret; the dead threadId(1) goes with its duplicates.
    assert_eq!(instructions(&plain), 8);
    assert_eq!(instructions(&optimized), 5);
    let bc = dxil_test_support::part_bitcode(&optimized, b"DXIL").unwrap();
    let m = dxil_bitcode::read_module(bc).unwrap();
    let calls = m
        .functions
        .iter()
        .filter_map(|f| f.body.as_ref())
        .flat_map(|b| b.insts.iter())
        .filter(|i| matches!(i.kind, InstKind::Call { .. }))
        .count();
    assert_eq!(calls, 4);
    for c in [&plain, &optimized] {
        if let Some(verdict) = dxil_test_support::dxv_verdict(c) {
            verdict.unwrap();
        }
    }
}
