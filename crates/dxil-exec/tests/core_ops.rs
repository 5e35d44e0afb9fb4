//! `dx.op` calls as the executor runs them, from hand-written DXIL (no reference compiler
//! needed): each operation reads its operands by their names in the operation list, fp32
//! arithmetic flushes denormals where D3D says and the bit operations do not, results that
//! are structs fill their members, and an operation the executor does not run is refused by
//! name when the program is compiled.

mod core_support;

use core_support::{uav, words};
use dxil_exec::{Bindings, Dispatch, ErrorKind, Program, ResourceKind};

/// A compute shader of four threads whose body is `body` (with `%h` the UAV `u0` and `%t`
/// the thread id in x), declaring `decls`.
fn shader(body: &str, decls: &str) -> String {
    format!(
        r#"target datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type {{ i8* }}
%dx.types.twoi32 = type {{ i32, i32 }}
%"class.RWBuffer<unsigned int>" = type {{ i32 }}

define void @main() {{
  %h = call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)
  %t = call i32 @dx.op.threadId.i32(i32 93, i32 0)
{body}
  ret void
}}

declare %dx.types.Handle @dx.op.createHandle(i32, i8, i32, i32, i1) #0
declare i32 @dx.op.threadId.i32(i32, i32) #0
declare void @dx.op.bufferStore.i32(i32, %dx.types.Handle, i32, i32, i32, i32, i32, i32, i8) #1
{decls}

attributes #0 = {{ nounwind readnone }}
attributes #1 = {{ nounwind }}

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
!9 = !{{i32 4, i32 1, i32 1}}
"#
    )
}

fn compile(body: &str, decls: &str) -> dxil_exec::Result<Program> {
    let bytes = dxil::assemble(&shader(body, decls)).expect("the test shader assembles");
    let m = dxil::read_module(&bytes).expect("the test shader reads");
    Program::compile(&m, None)
}

/// Runs `body` in one wave of four lanes; each thread stores its results at words
/// `8 * t + k` of `u0`. Returns the words.
fn run(body: &str, decls: &str) -> Vec<u32> {
    let p = compile(body, decls).expect("the test shader compiles");
    let mut b = Bindings {
        bindings: vec![uav(0, ResourceKind::StructuredBuffer, 4, vec![0; 32 * 4])],
    };
    let d = Dispatch {
        wave_size: Some(4),
        ..Dispatch::default()
    };
    p.dispatch(&mut b, &d, &mut std::io::sink()).expect("runs");
    words(&b.bindings[0].resource.data)
}

/// Stores `values` (i32 values) at words `8 * %t + k`.
fn stores(values: &[&str]) -> String {
    let mut s = String::from("  %base = mul i32 %t, 8\n");
    for (k, v) in values.iter().enumerate() {
        s += &format!(
            "  %at{k} = add i32 %base, {k}\n  call void @dx.op.bufferStore.i32(i32 69, \
             %dx.types.Handle %h, i32 %at{k}, i32 0, i32 {v}, i32 {v}, i32 {v}, i32 {v}, i8 1)\n"
        );
    }
    s
}

#[test]
fn operations_read_their_named_operands() {
    let body = format!(
        "  %bfi = call i32 @dx.op.quaternary.i32(i32 53, i32 4, i32 8, i32 5, i32 -1)
  %ubfe = call i32 @dx.op.tertiary.i32(i32 52, i32 4, i32 8, i32 43981)
  %mul = call %dx.types.twoi32 @dx.op.binaryWithTwoOuts.i32(i32 41, i32 -2, i32 3)
  %hi = extractvalue %dx.types.twoi32 %mul, 0
  %lo = extractvalue %dx.types.twoi32 %mul, 1
  %v = mul i32 %t, 10
  %next = add i32 %t, 1
  %read = call i32 @dx.op.waveReadLaneAt.i32(i32 117, i32 %v, i32 %next)
  %abs = call float @dx.op.unary.f32(i32 6, float 0xB6A0000000000000)
  %absbits = bitcast float %abs to i32
  %rz = call float @dx.op.unary.f32(i32 29, float 0xB6A0000000000000)
  %rzbits = bitcast float %rz to i32
{}",
        stores(&["%bfi", "%ubfe", "%hi", "%lo", "%read", "%absbits", "%rzbits"])
    );
    let decls = "declare i32 @dx.op.quaternary.i32(i32, i32, i32, i32, i32) #0
declare i32 @dx.op.tertiary.i32(i32, i32, i32, i32) #0
declare %dx.types.twoi32 @dx.op.binaryWithTwoOuts.i32(i32, i32, i32) #0
declare i32 @dx.op.waveReadLaneAt.i32(i32, i32, i32) #1
declare float @dx.op.unary.f32(i32, float) #0";
    let out = run(&body, decls);
    for t in 0..4usize {
        let got = &out[8 * t..8 * t + 7];
        let read = ((t as u32 + 1) % 4) * 10;
        assert_eq!(
            got,
            [
                // Bfi(width 4, offset 8, value 5, replacedValue all ones).
                0xffff_f5ff,
                // Ubfe(width 4, offset 8, value 0xabcd).
                0xb,
                // IMul(-2, 3): the high and low words of the 64-bit product.
                0xffff_ffff,
                0xffff_fffa,
                // WaveReadLaneAt(value 10 * t, lane t + 1), the lane modulo the wave's.
                read,
                // FAbs works on the bits: a denormal stays.
                1,
                // Round_z is fp32 arithmetic: the denormal flushes, keeping its sign.
                0x8000_0000,
            ],
            "thread {t}"
        );
    }
}

#[test]
fn an_operation_the_executor_does_not_run_is_refused_by_name() {
    let body = "  %s = call i32 @dx.op.sampleIndex.i32(i32 90)";
    let decls = "declare i32 @dx.op.sampleIndex.i32(i32) #0";
    let e = compile(body, decls).expect_err("sampleIndex is not run");
    assert!(matches!(e.kind(), ErrorKind::Unsupported(_)), "{e}");
    assert!(e.to_string().contains("dx.op SampleIndex"), "{e}");
}
