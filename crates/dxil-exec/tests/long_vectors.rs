//! Shader model 6.9's long vectors as the executor runs them (DXIL.rst "Operations":
//! `rawBufferVectorLoad`, `rawBufferVectorStore`, `vectorReduce`, `dot`, the vector overloads
//! of the elementwise operations; LangRef's vector instructions on `<N x T>` registers).
//! Shaders are compiled by the reference compiler at test time (skipped with a note when
//! `../shared` is absent): their results are checked against values computed here, and the
//! same source compiled for shader model 6.8 (where the compiler splits every vector into
//! scalars) must write the same bytes on the same random inputs.

mod core_support;

use core_support::{bytes_u32, uav, words};
use dxil_exec::{Binding, Bindings, Dispatch, Program, Resource, ResourceClass, ResourceKind};

/// A raw SRV at register `t<reg>` over `data`.
fn srv(reg: u32, data: Vec<u8>) -> Binding {
    Binding {
        class: ResourceClass::SRV,
        space: 0,
        register: reg,
        heap_index: None,
        resource: Resource::buffer(ResourceKind::RawBuffer, data),
    }
}

fn f32_bytes(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}

fn floats(b: &[u8]) -> Vec<f32> {
    words(b).into_iter().map(f32::from_bits).collect()
}

/// Runs `source` (compiled for `cs_6_9`, one group) with `bindings`; `None` without the
/// reference compiler.
fn run69(source: &str, bindings: Vec<Binding>) -> Option<Bindings> {
    let m = core_support::compile(source, "6_9", &[])?;
    let p = Program::compile(&m, None).expect("the long-vector shader compiles");
    let mut b = Bindings { bindings };
    let d = Dispatch {
        groups: [1, 1, 1],
        ..Dispatch::default()
    };
    p.dispatch(&mut b, &d, &mut std::io::sink())
        .expect("it runs");
    Some(b)
}

const OPS: &str = r#"
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
RWStructuredBuffer<vector<float, 5> > S : register(u1);

[numthreads(1, 1, 1)]
void main() {
  vector<float, 7> a = In.Load<vector<float, 7> >(0);
  vector<float, 7> b = In.Load<vector<float, 7> >(28);
  vector<int, 7> i = In.Load<vector<int, 7> >(56);
  Out.Store<vector<float, 7> >(0, a + b * 2.0f);
  Out.Store<vector<float, 7> >(28, max(a, b));
  Out.Store<vector<float, 7> >(56, select(a < b, a, b));
  Out.Store<vector<float, 7> >(84, sqrt(abs(a)));
  Out.Store<vector<uint, 7> >(112, countbits(i));
  Out.Store<vector<int, 7> >(140, reversebits(i));
  Out.Store<vector<float, 7> >(168, (vector<float, 7>)i);
  Out.Store<float>(196, dot(a, b));
  Out.Store<uint>(200, any(i) ? 1u : 0u);
  Out.Store<uint>(204, all(i) ? 1u : 0u);
  vector<float, 5> v = S[1];
  vector<float, 4> v4 = (vector<float, 4>)v;
  S[0] = vector<float, 5>(v4.wzyx * 3.0f, v[4]);
  vector<float, 4> q = (vector<float, 4>)a;
  Out.Store<vector<float, 4> >(208, q.wzyx);
  vector<double, 7> da = (vector<double, 7>)a;
  Out.Store<vector<float, 7> >(224, (vector<float, 7>)fma(da, (vector<double, 7>)b, da));
}
"#;

/// Each operation on 7-element vectors, against values computed here: loads and stores of
/// raw and structured views, vector arithmetic, comparison, `select`, casts and
/// `shufflevector`, elementwise `dx.op`s (unary, binary, bit counts, `fma` on doubles), and
/// the operations that take a vector whole (`dot`, `any`, `all`).
#[test]
fn operations_on_seven_element_vectors() {
    let a = [1.5f32, -2.0, 3.25, 0.5, 5.0, -6.0, 7.0];
    let b = [2.0f32, 4.0, -1.0, 0.5, 3.0, -8.0, 0.25];
    let i = [0i32, 1, -1, 7, i32::MIN, 3, 12];
    let mut input = f32_bytes(&a);
    input.extend(f32_bytes(&b));
    input.extend(i.iter().flat_map(|x| x.to_le_bytes()));
    let s_in = f32_bytes(&[0.0, 0.0, 0.0, 0.0, 0.0, 10.0, 20.0, 30.0, 40.0, 50.0]);
    let bindings = vec![
        srv(0, input),
        uav(0, ResourceKind::RawBuffer, 0, vec![0; 256]),
        uav(1, ResourceKind::StructuredBuffer, 20, s_in),
    ];
    let Some(out) = run69(OPS, bindings) else {
        eprintln!("note: no reference compiler (../shared): long-vector shaders not run");
        return;
    };
    let o = &out.bindings[1].resource.data;
    let f = floats(o);
    let u = words(o);
    let expect = |at: usize, want: Vec<f32>, what: &str| {
        assert_eq!(f[at / 4..at / 4 + want.len()], want[..], "{what}");
    };
    expect(0, (0..7).map(|k| a[k] + b[k] * 2.0).collect(), "a + b * 2");
    expect(28, (0..7).map(|k| a[k].max(b[k])).collect(), "max");
    expect(
        56,
        (0..7).map(|k| a[k].min(b[k])).collect(),
        "select(a < b, a, b)",
    );
    expect(
        84,
        a.iter().map(|x| x.abs().sqrt()).collect(),
        "sqrt(abs(a))",
    );
    let bits: Vec<u32> = i.iter().map(|x| x.count_ones()).collect();
    assert_eq!(u[28..35], bits[..], "countbits");
    let rev: Vec<u32> = i.iter().map(|x| x.reverse_bits() as u32).collect();
    assert_eq!(u[35..42], rev[..], "reversebits");
    expect(168, i.iter().map(|&x| x as f32).collect(), "sitofp");
    let dot = (1..7).fold(a[0] * b[0], |s, k| s + a[k] * b[k]);
    expect(196, vec![dot], "dot");
    assert_eq!(u[50..52], [1, 0], "any(i), all(i) with one zero element");
    expect(208, vec![a[3], a[2], a[1], a[0]], "a.wzyx");
    let fma: Vec<f32> = (0..7)
        .map(|k| f64::from(a[k]).mul_add(f64::from(b[k]), f64::from(a[k])) as f32)
        .collect();
    expect(224, fma, "fma on <7 x double>");
    let s = floats(&out.bindings[2].resource.data);
    assert_eq!(
        s,
        [120.0, 90.0, 60.0, 30.0, 50.0, 10.0, 20.0, 30.0, 40.0, 50.0],
        "structured element 0 from element 1, its first four reversed and tripled"
    );
}

/// A vector load reads 0 for the elements past the end of the view and its status says
/// so; a vector store drops the elements past the end and writes the others.
#[test]
fn elements_outside_the_view_read_zero_and_are_dropped() {
    let src = r#"
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  uint status;
  vector<int, 7> v = In.Load<vector<int, 7> >(20, status);
  Out.Store<vector<int, 7> >(0, v);
  Out.Store(28, CheckAccessFullyMapped(status) ? 1u : 0u);
  vector<int, 7> w = In.Load<vector<int, 7> >(0, status);
  Out.Store(32, CheckAccessFullyMapped(status) ? 1u : 0u);
  Out.Store<vector<int, 7> >(44, w);
}
"#;
    let input: Vec<u32> = (1..=10).collect();
    let bindings = vec![
        srv(0, bytes_u32(&input)),
        uav(0, ResourceKind::RawBuffer, 0, bytes_u32(&[0xaaaa_aaaa; 16])),
    ];
    let Some(out) = run69(src, bindings) else {
        eprintln!("note: no reference compiler (../shared): long-vector shaders not run");
        return;
    };
    let u = words(&out.bindings[1].resource.data);
    let keep = 0xaaaa_aaaa;
    assert_eq!(
        u,
        [6, 7, 8, 9, 10, 0, 0, 0, 1, keep, keep, 1, 2, 3, 4, 5],
        "bytes 20..48 of a 40-byte view; status; 7 elements stored at 44 of 64 bytes"
    );
}

/// Whether `m` calls the `dx.op` function named `name` (any overload).
fn calls(m: &dxil_ir::CheckedModule, name: &str) -> bool {
    m.functions
        .iter()
        .any(|f| m.name_text(f.common.name).starts_with(name))
}

/// `source` compiled for shader models 6.8 (vectors split into scalars by the compiler) and
/// 6.9 (vectors kept) writes the same bytes on the same random inputs, for vectors of 2, 3
/// and 4 elements (shader model 6.8's most).
fn agrees_with_scalarized(source: &str, extra: &[&str], vector_type: &str) {
    for n in [2, 3, 4] {
        let def = format!("-DN={n}");
        let mut args = extra.to_vec();
        args.push(&def);
        let (Some(old), Some(new)) = (
            dxil_test_support::compile_hlsl(source, "cs_6_8", &args),
            dxil_test_support::compile_hlsl(source, "cs_6_9", &args),
        ) else {
            eprintln!("note: no reference compiler (../shared): long-vector shaders not run");
            return;
        };
        let m = dxil::read_module(&new).unwrap();
        assert!(
            calls(&m, "dx.op.rawBufferVectorLoad") && calls(&m, "dx.op.rawBufferVectorStore"),
            "shader model 6.9 keeps the vectors of {n} elements"
        );
        let text = dxil::disassemble(&new).unwrap();
        assert!(
            text.contains(&format!("<{n} x {vector_type}>")),
            "native <{n} x {vector_type}> instructions"
        );
        let opts = dxil::equiv::Options::default();
        match dxil::equiv::compare(&old, &new, &opts).unwrap() {
            dxil::equiv::Outcome::Agree { bytes, .. } => assert!(bytes > 0),
            other => panic!("N={n}: shader model 6.8 and 6.9 differ: {other:?}"),
        }
    }
}

/// 32-bit floats and integers, wave operations on vectors (`WaveActiveSum`,
/// `WavePrefixProduct`, `WaveReadLaneAt`, `WaveMatch`), a vector `phi` in a loop, doubles.
#[test]
fn vectors_agree_with_their_scalars() {
    let src = r#"
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
RWStructuredBuffer<vector<float, N> > S : register(u1);
[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint o = tid.x * 4 * N;
  vector<float, N> a = In.Load<vector<float, N> >(o);
  vector<float, N> b = In.Load<vector<float, N> >(o + 256);
  vector<int, N> i = In.Load<vector<int, N> >(o + 512);
  Out.Store<vector<float, N> >(o, a + b * 2.0f - a / b);
  Out.Store<vector<float, N> >(o + 256, max(a, b) + min(a, b) * fmod(a, b));
  Out.Store<vector<float, N> >(o + 512, select(a < b, a, b) + select(i > 3, a, b));
  Out.Store<vector<float, N> >(o + 768, sqrt(abs(a)) + exp(b * 0.01) + frac(a) + floor(b));
  Out.Store<vector<uint, N> >(o + 1024, countbits(i) + firstbithigh(i) + (i >> 3) + (i * 7) / 5);
  Out.Store<vector<int, N> >(o + 1280, reversebits(i) ^ (i & 0xff) | abs(i));
  Out.Store<vector<float, N> >(o + 1536, (vector<float, N>)i + (vector<float, N>)(vector<uint, N>)i);
  Out.Store<vector<int, N> >(o + 1792, (vector<int, N>)a);
  Out.Store<float>(2048 + tid.x * 4, dot(a, b));
  Out.Store<uint>(2064 + tid.x * 4, any(i) ? 1u : 0u);
  Out.Store<uint>(2080 + tid.x * 4, all(i) ? 1u : 0u);
  Out.Store<vector<float, N> >(2096 + o, WaveActiveSum(a) + WavePrefixProduct(b) + WaveReadLaneAt(a, 2));
  Out.Store<uint4>(2400 + tid.x * 16, WaveMatch(i & 1));
  S[tid.x] = S[tid.x + 4] * a + mad(a, b, a) + lerp(a, b, 0.25);
  vector<float, N> acc = 0;
  for (int k = 0; k < (i[0] & 7); k++) acc += a * (float)k;
  Out.Store<vector<float, N> >(2500 + o, acc);
  vector<double, N> d = (vector<double, N>)a;
  Out.Store<vector<float, N> >(2800 + o, (vector<float, N>)fma(d, (vector<double, N>)b, d));
}
"#;
    agrees_with_scalarized(src, &[], "float");
}

/// 16-bit floats and integers, 64-bit integers, doubles, `isnan` (a vector of `i1`).
#[test]
fn sixteen_and_sixty_four_bit_vectors_agree_with_their_scalars() {
    let src = r#"
ByteAddressBuffer In : register(t0);
RWByteAddressBuffer Out : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 tid : SV_DispatchThreadID) {
  uint o = tid.x * 8 * N;
  vector<half, N> a = In.Load<vector<half, N> >(o);
  vector<half, N> b = In.Load<vector<half, N> >(o + 512);
  vector<int16_t, N> i = In.Load<vector<int16_t, N> >(o + 1024);
  vector<int64_t, N> j = In.Load<vector<int64_t, N> >(o + 1536);
  vector<double, N> d = In.Load<vector<double, N> >(o + 2048);
  Out.Store<vector<half, N> >(o, a * b + max(a, b) + sin(a) + (half)dot(a, b));
  Out.Store<vector<int16_t, N> >(o + 512, i * 3 + max(i, (int16_t)5) + (vector<int16_t, N>)countbits(i));
  Out.Store<vector<int64_t, N> >(o + 1024, j * 3 - (j >> 2) + min(j, (int64_t)5) + (vector<int64_t, N>)i);
  Out.Store<vector<double, N> >(o + 2048, d * 2.0 + (vector<double, N>)a + min(d, 1.0));
  Out.Store<vector<half, N> >(o + 3072, (vector<half, N>)isnan(a) + (vector<half, N>)(a < b) + (vector<half, N>)j);
}
"#;
    agrees_with_scalarized(src, &["-enable-16bit-types"], "half");
}
