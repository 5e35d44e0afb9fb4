//! The interpreter on a tight arithmetic loop: lane-instructions per second of a dispatch
//! (64 threads in waves of 8 and of 32 lanes), beside a naive walk over the IR that looks every
//! operand up by value id, one thread at a time (what decoding once avoids); and on a loop of
//! `dx.op` arithmetic calls, which measures the dispatch of decoded operations.

use std::collections::HashMap;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use dxil_exec::{Binding, Bindings, Dispatch, Program, Resource, ResourceClass, ResourceKind};
use dxil_ir::{BinOp, Block, CheckedModule, InstKind, IntPredicate, Module, Predicate, ValueRef};

const ITERATIONS: u32 = 4096;
const THREADS: u32 = 64;
/// Instructions per loop iteration: mul, add, xor, add, icmp, br (the phis are edge copies).
const PER_ITERATION: u64 = 6;

/// Instructions per iteration of the `dx.op` loop: umad, imax, countbits, firstbitHi, umin,
/// add, icmp, br.
const DX_PER_ITERATION: u64 = 8;

/// The loop body of the tight loop: plain LLVM arithmetic.
const ARITH_BODY: &str = "  %a1 = mul i32 %a, 1664525
  %a2 = add i32 %a1, 1013904223
  %a3 = xor i32 %a2, %i";

/// The loop body of the `dx.op` loop: arithmetic through `dx.op` calls.
const DX_BODY: &str =
    "  %a1 = call i32 @dx.op.tertiary.i32(i32 49, i32 %a, i32 1664525, i32 1013904223)
  %b1 = call i32 @dx.op.binary.i32(i32 37, i32 %a1, i32 %i)
  %b2 = call i32 @dx.op.unaryBits.i32(i32 31, i32 %b1)
  %b3 = call i32 @dx.op.unaryBits.i32(i32 33, i32 %a1)
  %a3 = call i32 @dx.op.binary.i32(i32 40, i32 %a1, i32 %b3)";

fn shader(body: &str) -> String {
    format!(
        r#"target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type {{ i8* }}
%"class.RWBuffer<unsigned int>" = type {{ i32 }}

define void @main() {{
  %1 = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %2 = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  br label %loop

loop:
  %i = phi i32 [ 0, %0 ], [ %i1, %loop ]
  %a = phi i32 [ %2, %0 ], [ %a3, %loop ]
{body}
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, {ITERATIONS}
  br i1 %c, label %loop, label %done

done:
  call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %1, i32 %2, i32 undef, i32 %a3, i32 %a3, i32 %a3, i32 %a3, i8 15)
  ret void
}}

declare i32 @dx.op.threadId.i32(i32, i32) #0
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #1
declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #2
declare i32 @dx.op.tertiary.i32(i32, i32, i32, i32) #0
declare i32 @dx.op.binary.i32(i32, i32, i32) #0
declare i32 @dx.op.unaryBits.i32(i32, i32) #0

attributes #0 = {{ nounwind readnone }}
attributes #1 = {{ nounwind }}
attributes #2 = {{ nounwind readonly }}

!dx.version = !{{!0}}
!dx.valver = !{{!1}}
!dx.shaderModel = !{{!2}}
!dx.resources = !{{!3}}
!dx.entryPoints = !{{!7}}

!0 = !{{i32 1, i32 0}}
!1 = !{{i32 1, i32 10}}
!2 = !{{!"cs", i32 6, i32 0}}
!3 = !{{null, !4, null, null}}
!4 = !{{!5}}
!5 = !{{i32 0, %"class.RWBuffer<unsigned int>"* undef, !"Out", i32 0, i32 0, i32 1, i32 10, i1 false, i1 false, i1 false, !6}}
!6 = !{{i32 0, i32 5}}
!7 = !{{void ()* @main, !"main", null, !3, !8}}
!8 = !{{i32 4, !9}}
!9 = !{{i32 {THREADS}, i32 1, i32 1}}
"#
    )
}

fn module(body: &str) -> CheckedModule {
    let bytes = dxil::assemble(&shader(body)).expect("the bench shader assembles");
    dxil::read_module(&bytes).expect("the bench shader reads")
}

fn bindings() -> Bindings {
    let mut r = Resource::buffer(ResourceKind::TypedBuffer, vec![0; THREADS as usize * 4]);
    r.format = Some(dxil_exec::ElementFormat {
        component: dxil_exec::ComponentFormat::UInt32,
        channels: 1,
    });
    Bindings {
        bindings: vec![Binding {
            class: ResourceClass::UAV,
            space: 0,
            register: 0,
            heap_index: None,
            resource: r,
        }],
    }
}

/// The loop's result for one thread, walking the IR: every operand looked up by value,
/// every instruction matched from the IR's own form.
fn naive_walk(m: &Module, tid: u32) -> u32 {
    let f = m
        .functions
        .iter()
        .find(|f| f.body.is_some())
        .expect("a body");
    let body = f.body.as_ref().expect("a body");
    let mut vals: HashMap<ValueRef, u32> = HashMap::new();
    let konst = |v: ValueRef, vals: &HashMap<ValueRef, u32>| -> u32 {
        match v {
            ValueRef::Const(c) => match m.constant(c).map(|d| &d.kind) {
                Some(dxil_ir::ConstKind::Int(i)) => *i as u32,
                _ => 0,
            },
            other => vals.get(&other).copied().unwrap_or(0),
        }
    };
    let mut prev: Option<Block> = None;
    let mut cur = body.blocks.id_of(0).expect("an entry block");
    loop {
        let block = body.block(cur).expect("a block");
        let mut next = None;
        for &i in &block.insts {
            let inst = body.inst(i).expect("an instruction");
            let me = ValueRef::Inst(i);
            match &inst.kind {
                InstKind::Phi { incoming } => {
                    let v = body
                        .list(*incoming)
                        .iter()
                        .find(|(_, b)| Some(*b) == prev)
                        .map_or(0, |(v, _)| konst(*v, &vals));
                    vals.insert(me, v);
                }
                InstKind::Binary { op, lhs, rhs, .. } => {
                    let (a, b) = (konst(*lhs, &vals), konst(*rhs, &vals));
                    let r = match op {
                        BinOp::Mul => a.wrapping_mul(b),
                        BinOp::Add => a.wrapping_add(b),
                        BinOp::Xor => a ^ b,
                        _ => 0,
                    };
                    vals.insert(me, r);
                }
                InstKind::Cmp {
                    predicate: Predicate::Int(IntPredicate::Ult),
                    lhs,
                    rhs,
                    ..
                } => {
                    let r = konst(*lhs, &vals) < konst(*rhs, &vals);
                    vals.insert(me, u32::from(r));
                }
                InstKind::Call { .. } => {
                    vals.insert(me, tid);
                }
                InstKind::Br { target } => next = Some(*target),
                InstKind::CondBr {
                    cond,
                    if_true,
                    if_false,
                } => {
                    next = Some(if konst(*cond, &vals) == 1 {
                        *if_true
                    } else {
                        *if_false
                    });
                }
                InstKind::Ret { .. } => {
                    return vals
                        .iter()
                        .filter(|(k, _)| matches!(k, ValueRef::Inst(_)))
                        .map(|(_, v)| *v)
                        .fold(0, |x, y| x ^ y);
                }
                _ => {}
            }
        }
        prev = Some(cur);
        cur = next.expect("a terminator");
    }
}

fn bench(c: &mut Criterion) {
    let m = module(ARITH_BODY);
    let program = Program::compile(&m, None).expect("the bench shader compiles");
    let lane_insts = u64::from(THREADS) * u64::from(ITERATIONS) * PER_ITERATION;
    let mut g = c.benchmark_group("tight_loop");
    g.throughput(Throughput::Elements(lane_insts));
    for lanes in [8, 32] {
        g.bench_function(format!("executor_{lanes}_lanes"), |b| {
            let mut bind = bindings();
            let d = Dispatch {
                wave_size: Some(lanes),
                ..Dispatch::default()
            };
            b.iter(|| {
                program
                    .dispatch(&mut bind, &d, &mut std::io::sink())
                    .expect("runs")
            });
        });
    }
    g.bench_function("naive_ir_walk", |b| {
        b.iter(|| (0..THREADS).fold(0, |acc, t| acc ^ naive_walk(&m, t)));
    });
    g.finish();

    let m = module(DX_BODY);
    let program = Program::compile(&m, None).expect("the dx.op bench shader compiles");
    let mut g = c.benchmark_group("dx_op_loop");
    g.throughput(Throughput::Elements(
        u64::from(THREADS) * u64::from(ITERATIONS) * DX_PER_ITERATION,
    ));
    for lanes in [8, 32] {
        g.bench_function(format!("executor_{lanes}_lanes"), |b| {
            let mut bind = bindings();
            let d = Dispatch {
                wave_size: Some(lanes),
                ..Dispatch::default()
            };
            b.iter(|| {
                program
                    .dispatch(&mut bind, &d, &mut std::io::sink())
                    .expect("runs")
            });
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
