//! Resolution checked against what the reference compiler's analysis gives the same calls
//! (`dxc -ast-dump`: the intrinsic's signature in each call's `FunctionToPointerDecay`).

use super::*;
use crate::pp::token::Interner;
use crate::sema::ty::{builtin_numeric, Object, Scalar, Ty, TyId, Types};

struct Fx {
    types: Types,
    interner: Interner,
    native_16bit: bool,
}

impl Fx {
    fn new() -> Fx {
        Fx {
            types: Types::default(),
            interner: Interner::default(),
            native_16bit: false,
        }
    }

    /// A scalar, vector or matrix type by its HLSL name, or a literal (`lit int`, `lit float`).
    fn t(&mut self, name: &str) -> TyId {
        let ty = match name {
            "lit int" => Ty::Scalar(Scalar::IntLiteral),
            "lit float" => Ty::Scalar(Scalar::FloatLiteral),
            n => builtin_numeric(n).unwrap_or_else(|| panic!("{n}")),
        };
        self.types.intern(ty)
    }

    fn obj(&mut self, name: &str, elem: Option<&str>) -> TyId {
        let elem = elem.map(|e| self.t(e));
        let name = self.interner.intern(name);
        self.types.intern(Ty::Object(Object {
            name,
            elem,
            consts: [None, None],
        }))
    }

    /// A type as HLSL spells it (`float3`, `int`, `half4x4`).
    fn name(&self, t: TyId) -> String {
        match self.types.get(t) {
            Ty::Void => "void".into(),
            Ty::Scalar(s) => s.name().into(),
            Ty::Vector(s, n) => format!("{}{n}", s.name()),
            Ty::Matrix(s, r, c) => format!("{}{r}x{c}", s.name()),
            Ty::Object(o) => self.interner.str(o.name).into(),
            Ty::Array(e, n) => format!("{}[{n}]", self.name(e)),
            other => format!("{other:?}"),
        }
    }

    fn resolve(
        &mut self,
        scope: Scope,
        name: &str,
        template_arg: Option<TyId>,
        args: &[TyId],
    ) -> Result<Resolved, NoMatch> {
        let args: Vec<Arg> = args.iter().map(|&t| Arg::new(t)).collect();
        let mut env = Env {
            types: &mut self.types,
            interner: &self.interner,
            native_16bit: self.native_16bit,
            shader_model: (6, 6),
        };
        resolve(&mut env, scope, name, template_arg, &args)
    }

    /// `ret(params...)` of a global call with arguments named as HLSL spells them.
    fn sig(&mut self, name: &str, args: &[&str]) -> String {
        let a: Vec<TyId> = args.iter().map(|n| self.t(n)).collect();
        self.sig_of(Scope::Global, name, None, &a)
    }

    fn sig_of(&mut self, scope: Scope, name: &str, targ: Option<TyId>, a: &[TyId]) -> String {
        match self.resolve(scope, name, targ, a) {
            Ok(r) => {
                let ps: Vec<String> = r.params.iter().map(|&p| self.name(p)).collect();
                format!("{}({})", self.name(r.ret), ps.join(", "))
            }
            Err(e) => format!("no match: {e:?}"),
        }
    }
}

#[test]
fn the_table_holds_every_definition() {
    assert_eq!(INTRINSICS.len(), 1304);
    assert_eq!(NAMESPACES.len(), 50);
    for r in INTRINSICS {
        assert!(NAMESPACES.contains(&r.namespace), "{}", r.namespace);
        assert!(!r.params.is_empty(), "{}", r.name);
    }
    // Every object with methods names a namespace of the table.
    for o in [
        "Texture2D",
        "RWByteAddressBuffer",
        "TextureCubeArray",
        "HitObject",
        "NodeOutput",
    ] {
        let ns = methods_namespace(o).expect(o);
        assert!(NAMESPACES.contains(&ns), "{o}: {ns}");
    }
    let mul: Vec<&str> = lookup("Intrinsics", "mul").map(|r| r.op).collect();
    assert_eq!(
        mul,
        [
            "mul_ss", "mul_sv", "mul_sm", "mul_vs", "mul_vv", "mul_vm", "mul_ms", "mul_mv",
            "mul_mm"
        ]
    );
}

#[test]
fn math_functions() {
    let mut f = Fx::new();
    assert_eq!(f.sig("sin", &["float3"]), "float3(float3)");
    assert_eq!(
        f.sig("mul", &["float4", "float4x4"]),
        "float4(float4, float4x4)"
    );
    assert_eq!(
        f.sig("mul", &["float4x4", "float4"]),
        "float4(float4x4, float4)"
    );
    assert_eq!(
        f.sig("mul", &["float2x3", "float3x4"]),
        "float2x4(float2x3, float3x4)"
    );
    assert_eq!(f.sig("mul", &["float", "float3"]), "float3(float, float3)");
    assert_eq!(f.sig("dot", &["int3", "int3"]), "int(int3, int3)");
    // The shorter vector decides the size of both.
    assert_eq!(f.sig("dot", &["float4", "float3"]), "float(float3, float3)");
    assert_eq!(f.sig("asuint", &["float2"]), "uint2(float2)");
    assert_eq!(f.sig("length", &["float3"]), "float(float3)");
    assert_eq!(f.sig("determinant", &["float3x3"]), "float(float3x3)");
    assert_eq!(f.sig("transpose", &["float2x3"]), "float3x2(float2x3)");
    assert_eq!(f.sig("countbits", &["uint3"]), "uint3(uint3)");
    assert_eq!(f.sig("isnan", &["float2"]), "bool2(float2)");
    assert_eq!(f.sig("f32tof16", &["float4"]), "uint4(float4)");
    assert_eq!(f.sig("all", &["bool3"]), "bool(bool3)");
    // An integer converts to the float sets' first member.
    assert_eq!(f.sig("sin", &["int2"]), "float2(float2)");
    // A scalar splats to the vector the other argument sets.
    assert_eq!(
        f.sig("lerp", &["float3", "float3", "float"]),
        "float3(float3, float3, float3)"
    );
    assert_eq!(
        f.sig("clamp", &["int", "lit int", "lit int"]),
        "int(int, int, int)"
    );
}

#[test]
fn literals_and_minimum_precision() {
    let mut f = Fx::new();
    // All literal: the call stays a literal, folded where it is used.
    assert_eq!(
        f.sig("max", &["lit int", "lit float"]),
        "literal float(literal float, literal float)"
    );
    assert_eq!(f.sig("max", &["lit int", "float"]), "float(float, float)");
    assert_eq!(f.sig("max", &["int", "float"]), "float(float, float)");
    assert_eq!(f.sig("max", &["uint", "int"]), "uint(uint, uint)");
    // `half` is 32-bit of partial precision without 16-bit types, and stays `half`.
    assert_eq!(f.sig("sin", &["half"]), "half(half)");
    assert_eq!(f.sig("max", &["half", "lit int"]), "half(half, half)");
    assert_eq!(
        f.sig("max", &["min16float", "lit float"]),
        "min16float(min16float, min16float)"
    );
    assert_eq!(f.sig("max", &["min16float", "half"]), "float(float, float)");
    assert_eq!(
        f.sig("max", &["min16float", "int"]),
        "min16float(min16float, min16float)"
    );
    assert_eq!(
        f.sig("max", &["min16int", "min16uint"]),
        "min16uint(min16uint, min16uint)"
    );
    // A literal that does not decide the return takes a concrete type.
    assert_eq!(f.sig("ldexp", &["float", "lit int"]), "float(float, float)");
    assert_eq!(
        f.sig("EvaluateAttributeAtSample", &["float2", "lit int"]),
        "float2(float2, uint)"
    );
    // A `float16_t` return no argument decides is `float` without 16-bit types.
    assert_eq!(f.sig("asfloat16", &["uint16_t2"]), "float16_t2(uint16_t2)");
    f.native_16bit = true;
    assert_eq!(f.sig("sin", &["half"]), "float16_t(float16_t)");
    assert_eq!(f.sig("asfloat16", &["uint16_t2"]), "float16_t2(uint16_t2)");
}

#[test]
fn atomics_and_waves() {
    let mut f = Fx::new();
    // The 64-bit record comes first and refuses a 32-bit destination (no conversion).
    assert_eq!(
        f.sig("InterlockedAdd", &["uint", "uint", "uint"]),
        "void(uint, uint, uint)"
    );
    let uint = f.t("uint");
    let r = f
        .resolve(Scope::Global, "InterlockedAdd", None, &[uint, uint, uint])
        .expect("matches");
    assert_eq!(r.intrinsic.op, "interlockedadd_immediate");
    assert!(r.intrinsic.params[1].qual.has(Qual::REF));
    assert!(r.intrinsic.params[3].qual.writes());
    assert_eq!(
        f.sig("InterlockedAdd", &["uint64_t", "lit int"]),
        "void(uint64_t, uint64_t)"
    );
    assert_eq!(f.sig("InterlockedMax", &["int", "int"]), "void(int, int)");
    assert_eq!(f.sig("WaveActiveSum", &["int3"]), "int3(int3)");
    assert_eq!(f.sig("WaveActiveBallot", &["bool"]), "uint4(bool)");
    assert_eq!(
        f.sig("WaveReadLaneAt", &["float2", "lit int"]),
        "float2(float2, uint)"
    );
    assert_eq!(f.sig("WaveActiveAllEqual", &["int2"]), "bool2(int2)");
    assert_eq!(f.sig("WaveGetLaneIndex", &[]), "uint()");
    assert_eq!(f.sig("GroupMemoryBarrierWithGroupSync", &[]), "void()");
}

#[test]
fn methods() {
    let mut f = Fx::new();
    let sb = f.obj("RWStructuredBuffer", Some("float4"));
    let uint = f.t("uint");
    assert_eq!(
        f.sig_of(Scope::Object(sb), "Load", None, &[uint]),
        "float4(int)"
    );
    assert_eq!(
        f.sig_of(Scope::Object(sb), "IncrementCounter", None, &[]),
        "uint()"
    );
    assert_eq!(
        f.sig_of(Scope::Object(sb), "GetDimensions", None, &[uint, uint]),
        "void(uint, uint)"
    );
    let bab = f.obj("RWByteAddressBuffer", None);
    let lit = f.t("lit int");
    assert_eq!(
        f.sig_of(
            Scope::Object(bab),
            "InterlockedAdd",
            None,
            &[lit, lit, uint]
        ),
        "void(uint, uint, uint)"
    );
    assert_eq!(
        f.sig_of(Scope::Object(bab), "Load", None, &[uint]),
        "uint(uint)"
    );
    let float2 = f.t("float2");
    assert_eq!(
        f.sig_of(Scope::Object(bab), "Load", Some(float2), &[uint]),
        "float2(uint)"
    );
    assert_eq!(
        f.sig_of(Scope::Object(bab), "Load4", None, &[uint]),
        "uint4(uint)"
    );
    assert_eq!(
        f.sig_of(Scope::Object(bab), "Store", None, &[uint, float2]),
        "void(uint, float2)"
    );
    assert_eq!(
        f.sig_of(Scope::Object(bab), "Store", None, &[uint, lit]),
        "void(uint, uint)"
    );
    let tex = f.obj("Texture2D", Some("float4"));
    let samp = f.obj("SamplerState", None);
    let cmp = f.obj("SamplerComparisonState", None);
    let float = f.t("float");
    assert_eq!(
        f.sig_of(Scope::Object(tex), "Sample", None, &[samp, float2]),
        "float4(SamplerState, float2)"
    );
    assert_eq!(
        f.sig_of(
            Scope::Object(tex),
            "SampleLevel",
            None,
            &[samp, float2, lit]
        ),
        "float4(SamplerState, float2, float)"
    );
    assert_eq!(
        f.sig_of(
            Scope::Object(tex),
            "SampleCmpLevelZero",
            None,
            &[cmp, float2, float]
        ),
        "float(SamplerComparisonState, float2, float)"
    );
    // Gather's components are the element's.
    let itex = f.obj("Texture2D", Some("int2"));
    assert_eq!(
        f.sig_of(Scope::Object(itex), "Gather", None, &[samp, float2]),
        "int4(SamplerState, float2)"
    );
    let int3 = f.t("int3");
    assert_eq!(
        f.sig_of(Scope::Object(tex), "Load", None, &[int3]),
        "float4(int3)"
    );
    // A comparison sampler is not a sampler.
    assert!(f
        .resolve(Scope::Object(tex), "Sample", None, &[cmp, float2])
        .is_err());
    let app = f.obj("AppendStructuredBuffer", Some("float3"));
    assert_eq!(
        f.sig_of(Scope::Object(app), "Append", None, &[float2]),
        "void(float3)"
    );
    let rt = f.obj("RWTexture2D", Some("float"));
    let uint2 = f.t("uint2");
    assert_eq!(
        f.sig_of(Scope::Object(rt), "GetDimensions", None, &[uint, uint]),
        "void(uint, uint)"
    );
    assert_eq!(
        f.sig_of(Scope::Object(rt), "Load", None, &[uint2]),
        "float(int2)"
    );
}

#[test]
fn failures() {
    let mut f = Fx::new();
    let float = f.t("float");
    // Wrong arity: no record, DXC's undeclared identifier.
    let e = f
        .resolve(Scope::Global, "sin", None, &[float, float])
        .unwrap_err();
    assert!(e.candidates.is_empty());
    let (msg, notes) = e.render(&f.types, &f.interner, &[]);
    assert_eq!(msg, "use of undeclared identifier 'sin'");
    assert!(notes.is_empty());
    // A type that converts to no parameter.
    let sampler = f.obj("SamplerState", None);
    let e = f
        .resolve(Scope::Global, "sin", None, &[sampler])
        .unwrap_err();
    let (msg, notes) = e.render(&f.types, &f.interner, &["SamplerState".into()]);
    assert_eq!(msg, "no matching function for call to 'sin'");
    assert_eq!(
        notes,
        ["candidate function not viable: no known conversion from 'SamplerState' to 'float' for 1st argument"]
    );
    // Two candidates, both noted, the 64-bit one first.
    let uint = f.t("uint");
    let e = f
        .resolve(Scope::Global, "InterlockedAdd", None, &[uint, sampler])
        .unwrap_err();
    let (_, notes) = e.render(&f.types, &f.interner, &["uint".into(), "S".into()]);
    assert_eq!(
        notes,
        [
            "candidate function not viable: no known conversion from 'uint' to 'unsigned long long &' for 1st argument",
            "candidate function not viable: no known conversion from 'S' to 'unsigned int' for 2nd argument",
        ]
    );
    // `fma` takes doubles only, with no conversion.
    let e = f.resolve(Scope::Global, "fma", None, &[float, float, float]);
    assert!(e.is_err());
    // Unknown methods and objects without methods.
    let cb = f.obj("ConstantBuffer", Some("float4"));
    assert!(f.resolve(Scope::Object(cb), "Load", None, &[uint]).is_err());
    let sb = f.obj("StructuredBuffer", Some("float4"));
    let e = f
        .resolve(Scope::Object(sb), "Store", None, &[uint])
        .unwrap_err();
    assert_eq!(
        e.render(&f.types, &f.interner, &[]).0,
        "no matching member function for call to 'Store'"
    );
}

/// An argument each parameter of `r` takes by its own description: the first layout and
/// component of its sets, sizes of two where they are shared; `None` where the front end has
/// no such type (linear algebra matrices, node records, Vulkan's objects).
fn own_arguments(f: &mut Fx, r: &Intrinsic) -> Option<Vec<TyId>> {
    let mut out = Vec::new();
    for p in &r.params[1..] {
        if p.layout_of == Of::Varargs {
            break;
        }
        let n = |d: Dim| match d {
            Dim::N(n) => n.max(1),
            _ => 2,
        };
        let scalar = match p.comp {
            Comp::Bool => Scalar::Bool,
            Comp::Int | Comp::AnyInt | Comp::AnyInt32 | Comp::Int32Only | Comp::AnyInt16Or32 => {
                Scalar::I32
            }
            Comp::SInt16Or32Only => Scalar::I32,
            Comp::Uint | Comp::UintOnly | Comp::Int8x4Packed | Comp::Uint8x4Packed => Scalar::U32,
            Comp::Uint64 | Comp::Int64Only => Scalar::U64,
            Comp::AnyInt64 => Scalar::I64,
            Comp::Int16 => Scalar::I16,
            Comp::Uint16 => Scalar::U16,
            Comp::Float16 | Comp::Numeric16Only => Scalar::F16,
            Comp::Double | Comp::DoubleOnly => Scalar::F64,
            Comp::Float
            | Comp::AnyFloat
            | Comp::FloatLike
            | Comp::FloatDouble
            | Comp::Numeric
            | Comp::Numeric32
            | Comp::Numeric32Only
            | Comp::Float32Only
            | Comp::Any
            | Comp::Void => Scalar::F32,
            Comp::Sampler | Comp::AnySampler => {
                out.push(f.obj("SamplerState", None));
                continue;
            }
            Comp::SamplerCmp => {
                out.push(f.obj("SamplerComparisonState", None));
                continue;
            }
            Comp::Texture2D => {
                out.push(f.obj("Texture2D", Some("float4")));
                continue;
            }
            Comp::Texture2DArray => {
                out.push(f.obj("Texture2DArray", Some("float4")));
                continue;
            }
            Comp::RayDesc => {
                out.push(f.obj("RayDesc", None));
                continue;
            }
            Comp::AccelerationStruct => {
                out.push(f.obj("RaytracingAccelerationStructure", None));
                continue;
            }
            Comp::RayQuery => {
                out.push(f.obj("RayQuery", None));
                continue;
            }
            Comp::HitObject => {
                out.push(f.obj("HitObject", None));
                continue;
            }
            Comp::ByteAddressBuffer => {
                out.push(f.obj("ByteAddressBuffer", None));
                continue;
            }
            Comp::RWByteAddressBuffer | Comp::NodeRecordOrUav => {
                out.push(f.obj("RWByteAddressBuffer", None));
                continue;
            }
            Comp::UserDefinedType => {
                out.push(f.types.intern(Ty::Struct(0)));
                continue;
            }
            Comp::String => {
                out.push(f.types.intern(Ty::String));
                continue;
            }
            _ => return None,
        };
        let ty = match p.layout {
            Layout::Vector => Ty::Vector(scalar, u16::from(n(p.cols))),
            Layout::Matrix => Ty::Matrix(scalar, n(p.rows), n(p.cols)),
            Layout::Array | Layout::AnyArray => {
                let e = f.types.intern(Ty::Scalar(scalar));
                Ty::Array(e, 4)
            }
            _ => Ty::Scalar(scalar),
        };
        out.push(f.types.intern(ty));
    }
    Some(out)
}

/// Every record a shader can reach resolves with arguments made from its own parameters, to
/// itself or to an earlier record of the name that takes them too.
#[test]
fn every_record_takes_its_own_arguments() {
    let mut f = Fx::new();
    f.native_16bit = true;
    // Object returns are made of the names the source spelled.
    for n in [
        "BuiltInTrianglePositions",
        "HitObject",
        "ThreadNodeOutputRecords",
        "GroupNodeOutputRecords",
    ] {
        f.interner.intern(n);
    }
    let mut checked = 0;
    for (index, r) in INTRINSICS.iter().enumerate() {
        if r.attrs.hidden || r.namespace.starts_with("Vk") || r.namespace == "BufferPointerMethods"
        {
            continue;
        }
        let Some(args) = own_arguments(&mut f, r) else {
            continue;
        };
        let scope = if r.namespace == "Intrinsics" {
            Scope::Global
        } else if r.namespace == "DxIntrinsics" {
            Scope::Dx
        } else {
            let object = match r.namespace {
                "StreamMethods" => "TriangleStream",
                "TextureCUBEMethods" => "TextureCube",
                "TextureCUBEArrayMethods" => "TextureCubeArray",
                "Texture2DArrayMSMethods" => "Texture2DMSArray",
                "DxHitObjectMethods" => "HitObject",
                "GroupOrThreadNodeOutputRecordsMethods" => "ThreadNodeOutputRecords",
                ns => ns.strip_suffix("Methods").expect(ns),
            };
            let elem =
                (object != "RayQuery" && !object.contains("ByteAddress")).then_some("float4");
            let t = f.obj(object, elem);
            assert_eq!(methods_namespace(object), Some(r.namespace), "{object}");
            Scope::Object(t)
        };
        let float2 = f.t("float2");
        let targ = r
            .params
            .iter()
            .any(|p| p.layout_of == Of::Function)
            .then_some(float2);
        match f.resolve(scope, r.name, targ, &args) {
            Ok(got) => {
                assert!(
                    got.index <= index,
                    "{} {}: resolved to a later record",
                    r.namespace,
                    r.op
                );
                assert_eq!(got.params.len(), args.len());
                checked += 1;
            }
            Err(e) => panic!("{} {} ({}): {e:?}", r.namespace, r.name, r.op),
        }
    }
    assert!(checked >= 849, "{checked}");
}

/// Arguments of every kind against every name: no panic, and a failure says what failed.
#[test]
fn hostile_arguments_do_not_panic() {
    let mut f = Fx::new();
    let pool = [
        f.t("float"),
        f.t("lit int"),
        f.t("lit float"),
        f.t("int4x4"),
        f.t("bool2"),
        f.types.intern(Ty::Void),
        f.types.intern(Ty::Struct(7)),
        f.types.intern(Ty::Enum(0)),
        f.types.intern(Ty::String),
        {
            let e = f.t("float3");
            f.types.intern(Ty::Array(e, 3))
        },
        {
            let e = f.t("uint");
            f.types.intern(Ty::UnsizedArray(e))
        },
        f.obj("SamplerState", None),
        f.obj("Texture2D", None),
        f.obj("StructuredBuffer", None),
    ];
    let scopes = [
        Scope::Global,
        Scope::Dx,
        Scope::Object(f.obj("RWStructuredBuffer", Some("float4"))),
        Scope::Object(f.obj("Texture2D", None)),
        Scope::Object(f.types.intern(Ty::Void)),
    ];
    let mut names: Vec<&str> = INTRINSICS.iter().map(|r| r.name).collect();
    names.dedup();
    for name in names {
        for &scope in &scopes {
            for n in 0..4 {
                for (k, &a) in pool.iter().enumerate() {
                    let args: Vec<TyId> = (0..n).map(|i| pool[(k + i) % pool.len()]).collect();
                    let _ = a;
                    if let Err(e) = f.resolve(scope, name, None, &args) {
                        let spelled: Vec<String> = args.iter().map(|&t| f.name(t)).collect();
                        let (msg, _) = e.render(&f.types, &f.interner, &spelled);
                        assert!(msg.contains(name), "{msg}");
                    }
                }
            }
        }
    }
}
