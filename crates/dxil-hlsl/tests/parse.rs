//! The parser on each construct of the language, on errors (clang's messages, at the token),
//! and on input made to exhaust it.

use dxil_hlsl::ast::{Annotation, DeclKind, ExprKind, StmtKind, TypeExprKind};
use dxil_hlsl::parse::{parse, Parsed};
use dxil_hlsl::pp::{preprocess, MemoryLoader, Options, Output};

fn run(src: &str) -> (Output, Parsed) {
    let pp = preprocess(
        "main.hlsl",
        src,
        &Options::default(),
        &mut MemoryLoader::default(),
    );
    let parsed = parse(&pp);
    (pp, parsed)
}

fn ok(src: &str) -> (Output, Parsed) {
    let (pp, parsed) = run(src);
    assert!(
        !parsed.diagnostics.has_errors(),
        "{src}\n{}",
        parsed.diagnostics.render(&pp.sources)
    );
    (pp, parsed)
}

fn first_error(src: &str) -> String {
    let (pp, parsed) = run(src);
    parsed
        .diagnostics
        .render(&pp.sources)
        .lines()
        .next()
        .unwrap_or("")
        .to_string()
}

#[test]
fn a_compute_shader() {
    let (_, p) = ok(r#"
struct S { float4 v; uint n[2]; };
RWStructuredBuffer<S> buf : register(u0, space1);
cbuffer C : register(b0) { float scale; row_major float4x4 m : packoffset(c1); };
groupshared float cache[64];
static const uint N = 1 << 4;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
    cache[gi] = buf[id.x].v.x * scale;
    GroupMemoryBarrierWithGroupSync();
    [unroll] for (uint i = 0; i < N; ++i) {
        if (i == 3) continue; else cache[gi] += (float)i;
    }
    S s = buf[id.x];
    s.v = float4(1, 2, 3, 4).wzyx;
    buf[id.x] = s;
}
"#);
    let kinds: Vec<&str> = p
        .ast
        .items
        .iter()
        .map(|&d| match &p.ast.decl(d).kind {
            DeclKind::Record(_) => "record",
            DeclKind::Var(_) => "var",
            DeclKind::Buffer { .. } => "cbuffer",
            DeclKind::Function(_) => "function",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        ["record", "var", "cbuffer", "var", "var", "function"]
    );
    let DeclKind::Function(f) = &p.ast.decl(p.ast.items[5]).kind else {
        unreachable!()
    };
    assert_eq!(f.attrs.len(), 1);
    assert_eq!(f.params.len(), 2);
    let DeclKind::Var(v) = &p.ast.decl(p.ast.items[1]).kind else {
        unreachable!()
    };
    assert!(matches!(
        v.annotations[0],
        Annotation::Register { space: Some(_), .. }
    ));
}

#[test]
fn casts_constructors_and_parentheses() {
    let (_, p) = ok("void f() { float a = (float)1; float b = (float3(1, 2, 3)).x; float c = (a) + b; int2 d = (int2[1])0; }");
    let casts = p
        .ast
        .exprs
        .iter()
        .filter(|e| matches!(e.kind, ExprKind::Cast { .. }))
        .count();
    let ctors = p
        .ast
        .exprs
        .iter()
        .filter(|e| matches!(e.kind, ExprKind::Construct { .. }))
        .count();
    assert_eq!((casts, ctors), (2, 1));
}

#[test]
fn templates_methods_and_operators() {
    ok(r#"
template<typename T, uint N = 2> struct Pair { T a[N]; T first() { return a[0]; } };
template<typename T> T twice(T x) { return x * 2; }
struct V { float x; V operator+(V o) { V r; r.x = x + o.x; return r; } };
ByteAddressBuffer b;
RayQuery<RAY_FLAG_FORCE_OPAQUE | RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES> q;
void f() {
    Pair<float> p;
    float v = twice<float>(p.first());
    float4 w = b.Load<float4>(0);
    bool lt = v < 2 && w.x > 1;
    vector<float, 2> u = vector<float, 2>(1, 2);
}
"#);
}

#[test]
fn declarations_of_every_kind() {
    let (_, p) = ok(r#"
namespace ns { struct T { int i; }; int g(int x) { return x; } }
typedef float2 F2, F2A[4];
typedef struct { int a; } Anon;
using U = ns::T;
enum class E : uint { A, B = 3 };
enum { X = 1 };
tbuffer TB { float t; }
unsigned int ui; unsigned int2 ui2;
struct P { float x : 4; int : 2; float y : write(caller) : read(closesthit); };
float4 main(float4 p : SV_Position, nointerpolation in float c : COLOR, out float d : DEPTH) : SV_Target { d = E::B; return p * ns::g(1); }
"#);
    let typedefs = p
        .ast
        .decls
        .iter()
        .filter(|d| matches!(d.kind, DeclKind::Typedef { .. }))
        .count();
    assert_eq!(typedefs, 4);
    let cint = p
        .ast
        .types
        .iter()
        .filter(|t| matches!(t.kind, TypeExprKind::CInt { unsigned: true, .. }))
        .count();
    assert_eq!(cint, 2);
}

#[test]
fn statements_of_every_kind() {
    let (_, p) = ok(r#"
void f(int k) {
    int i = 0, j[2] = { 1, 2 };
    while (i < 3) { i++; }
    do { --i; } while (i > 0);
    [branch] switch (k) { case 1: break; case 2: { i = 2; } default: return; }
    for (;;) { break; }
    if (k) discard;
    ;
}
"#);
    let loops = p
        .ast
        .stmts
        .iter()
        .filter(|s| {
            matches!(
                s.kind,
                StmtKind::While { .. } | StmtKind::DoWhile { .. } | StmtKind::For { .. }
            )
        })
        .count();
    assert_eq!(loops, 3);
    assert!(p
        .ast
        .stmts
        .iter()
        .any(|s| !s.attrs.is_empty() && matches!(s.kind, StmtKind::Switch { .. })));
}

#[test]
fn literals() {
    let (_, p) = ok("void f() { uint a = 0x1Fu + 010 + 0b101 + 7l; float b = 1.5f + .5 + 1e3 + 2.h; float3 c = 1.xxx; uint2 d = 0x04.xx; }");
    let ints: Vec<u64> = p
        .ast
        .exprs
        .iter()
        .filter_map(|e| match e.kind {
            ExprKind::Int { value, .. } => Some(value),
            _ => None,
        })
        .collect();
    assert_eq!(ints, [31, 8, 5, 7, 1, 4]);
    let swizzles = p
        .ast
        .exprs
        .iter()
        .filter(|e| matches!(e.kind, ExprKind::Member { .. }))
        .count();
    assert_eq!(swizzles, 2);
}

#[test]
fn errors_point_at_the_token() {
    for (src, expected) in [
        (
            "int a = 1\nint b;",
            "main.hlsl:1:9: error: expected ';' at end of declaration",
        ),
        (
            "void f() { a = 1 }",
            "main.hlsl:1:16: error: expected ';' after expression",
        ),
        (
            "void f() { a = ; }",
            "main.hlsl:1:16: error: expected expression",
        ),
        (
            "void f() { if a) {} }",
            "main.hlsl:1:15: error: expected '(' after 'if'",
        ),
        (
            "struct S { int a }",
            "main.hlsl:1:16: error: expected ';' at end of declaration list",
        ),
        (
            "float4 x = float4;",
            "main.hlsl:1:18: error: expected '(' for function-style cast or type construction",
        ),
        (
            "void f() { do {} (1); }",
            "main.hlsl:1:18: error: expected 'while' in do/while loop",
        ),
    ] {
        assert_eq!(first_error(src), expected, "{src}");
    }
}

#[test]
fn recovery_reports_later_errors_too() {
    let (pp, p) = run("int a = ;\nint b = ;\nvoid f() { x = ; y = ; }\n");
    assert_eq!(
        p.diagnostics.error_count(),
        4,
        "{}",
        p.diagnostics.render(&pp.sources)
    );
}

#[test]
fn deep_nesting_is_an_error_not_an_overflow() {
    let n = 50_000;
    for src in [
        format!("void f() {{ x = {}1{}; }}", "(".repeat(n), ")".repeat(n)),
        format!("void f() {}{}", "{".repeat(n), "}".repeat(n)),
        format!("void f() {{ x = {}1; }}", "-".repeat(n)),
        format!("void f() {{ x = {}; }}", "a[".repeat(n) + &"]".repeat(n)),
        format!("int x = {}{};", "{".repeat(n), "}".repeat(n)),
        format!("void f() {{ {} }}", "if (1) ".repeat(n) + ";"),
    ] {
        let e = first_error(&src);
        assert!(
            e.contains("bracket nesting level exceeded maximum of 256"),
            "{e}"
        );
    }
}

#[test]
fn every_prefix_parses_or_fails_cleanly() {
    let src = "template<typename T> struct S : B { T v[2]; };\n[numthreads(1,1,1)] void main(uint3 i : SV_DispatchThreadID) { for (int k = 0; k < 2; k++) { buf.Store<uint>(i.x, (uint)k ? 1 : 2); } }";
    for end in 0..=src.len() {
        let _ = run(&src[..end]);
    }
}
