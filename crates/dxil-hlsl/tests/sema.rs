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
