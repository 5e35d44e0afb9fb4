//! The analysis's first layer: written types resolved, constants evaluated, and clang's
//! messages for names that are not types.

use dxil_hlsl::pp::{preprocess, MemoryLoader, Options, Output};
use dxil_hlsl::sema::{analyze_with_locations, Analysis, Scalar, Ty};

fn run(src: &str) -> (Output, Analysis) {
    let pp = preprocess(
        "main.hlsl",
        src,
        &Options::default(),
        &mut MemoryLoader::default(),
    );
    let parsed = dxil_hlsl::parse::parse(&pp);
    assert!(
        !parsed.diagnostics.has_errors(),
        "{}",
        parsed.diagnostics.render(&pp.sources)
    );
    let a = analyze_with_locations(&parsed, &|t| pp.tokens.get(t as usize).map(|t| t.loc));
    (pp, a)
}

fn has_type(a: &Analysis, ty: Ty) -> bool {
    a.resolved.values().any(|&t| a.types.get(t) == ty)
}

#[test]
fn types_resolve_through_every_kind_of_name() {
    let (pp, a) = run(r#"
namespace ns { struct Inner { half h; }; typedef ns::Inner I2; }
typedef float3 F3;
using Alias = ns::I2;
enum Count { Two = 2, Three };
enum class Big : uint { Five = 5 };
static const uint N = Three + 1;
struct S : ns::Inner { F3 f[N]; vector<int, Two> v; matrix<float, 2, 3> m; Alias a; unsigned int2 u; };
RWStructuredBuffer<S> out[Big::Five];
Texture2D tex;
template<typename T, uint K> struct Box { T items[K]; };
void main() { Box<float, 3> b; S s = (S)0; float4 c = float4(1, 2, 3, 4); }
"#);
    assert!(
        !a.diagnostics.has_errors(),
        "{}",
        a.diagnostics.render(&pp.sources)
    );
    assert_eq!(a.structs.len(), 3);
    assert!(has_type(&a, Ty::Vector(Scalar::I32, 2)));
    assert!(has_type(&a, Ty::Matrix(Scalar::F32, 2, 3)));
    assert!(has_type(&a, Ty::Vector(Scalar::U32, 2)));
    let f3 = a.types.get(
        *a.resolved
            .values()
            .find(|&&t| matches!(a.types.get(t), Ty::Array(_, 4)))
            .expect("F3[N]"),
    );
    let Ty::Array(elem, 4) = f3 else {
        unreachable!()
    };
    assert_eq!(a.types.get(elem), Ty::Vector(Scalar::F32, 3));
    // `Texture2D` alone holds `float4`.
    assert!(a.resolved.values().any(|&t| matches!(a.types.get(t), Ty::Object(o) if o.elem.is_some_and(|e| a.types.get(e) == Ty::Vector(Scalar::F32, 4)))));
    let s = &a.structs[1];
    assert_eq!(s.fields.len(), 5);
    assert_eq!(s.bases.len(), 1);
}

#[test]
fn unknown_names_are_errors_at_the_name() {
    for (src, expected) in [
        ("Foo x;", "main.hlsl:1:1: error: unknown type name 'Foo'"),
        (
            "static const int N = 2; N x;",
            "main.hlsl:1:25: error: 'N' does not name a type",
        ),
        (
            "int a[0];",
            "main.hlsl:1:7: error: array dimension must be positive",
        ),
        (
            "int k; int a[k];",
            "main.hlsl:1:14: error: array dimension is not an integer constant expression",
        ),
        (
            "void f() { Bar b; }",
            "main.hlsl:1:12: error: unknown type name 'Bar'",
        ),
    ] {
        let (pp, a) = run(src);
        let text = a.diagnostics.render(&pp.sources);
        assert_eq!(text.lines().next(), Some(expected), "{src}\n{text}");
    }
}

#[test]
fn names_resolve_to_their_declarations() {
    use dxil_hlsl::ast::{DeclKind, ExprKind};
    use dxil_hlsl::sema::Resolution;
    let (pp, a) = run(r#"
static const uint N = 4;
cbuffer C { float scale; };
RWBuffer<float> out;
namespace ns { float twice(float x) { return x * 2; } }
struct S {
    float v;
    static const int K = 2;
    float get() { return v * helper(); }
    float helper() { return K; }
};
float f(float x) { return x; }
float f(int x) { return x; }
[numthreads(N, 1, 1)]
void main(uint i : SV_DispatchThreadID) {
    S s;
    float y = ns::twice(scale) + f(1) + sin(y) + S::K + RAY_FLAG_CULL_OPAQUE;
    out[i] = y + s.get();
    uint mem = UAV_MEMORY | GROUP_SHARED_MEMORY;
}
"#);
    assert!(
        !a.diagnostics.has_errors(),
        "{}",
        a.diagnostics.render(&pp.sources)
    );
    let of = |kind: fn(&Resolution) -> bool| a.names.values().filter(|r| kind(r)).count();
    assert!(of(|r| matches!(r, Resolution::Intrinsic(_))) >= 1, "sin");
    assert!(
        of(|r| matches!(r, Resolution::Functions(v) if v.len() == 2)) == 1,
        "f's two overloads"
    );
    assert!(
        of(|r| matches!(r, Resolution::Const(0x40))) == 1,
        "RAY_FLAG_CULL_OPAQUE"
    );
    // Every name expression of the shader resolved.
    let parsed = dxil_hlsl::parse::parse(&pp);
    let name_exprs = parsed
        .ast
        .exprs
        .iter()
        .filter(|e| matches!(e.kind, ExprKind::Name(_)))
        .count();
    assert_eq!(a.names.len(), name_exprs);
    // `v` in the method resolves to the field.
    assert!(a.names.values().any(|r| matches!(r, Resolution::Decl(d) if matches!(&parsed.ast.decl(*d).kind, DeclKind::Var(v) if pp.interner.str(v.name.sym) == "v"))));
}

#[test]
fn undeclared_names_are_errors() {
    for (src, expected) in [
        (
            "void f() { x = 1; }",
            "main.hlsl:1:12: error: use of undeclared identifier 'x'",
        ),
        (
            "void f() { int a = ns::y; }",
            "main.hlsl:1:24: error: use of undeclared identifier 'ns::y'",
        ),
        (
            "void f() { { int b; } b = 2; }",
            "main.hlsl:1:23: error: use of undeclared identifier 'b'",
        ),
    ] {
        let (pp, a) = run(src);
        let text = a.diagnostics.render(&pp.sources);
        assert_eq!(text.lines().next(), Some(expected), "{src}\n{text}");
    }
}
