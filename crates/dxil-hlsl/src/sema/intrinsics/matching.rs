//! Overload resolution of a call to an intrinsic: DXC's `MatchArguments` over the records
//! of the name and arity, in the table's order, the first whose arguments all match
//! winning.

use super::{methods_namespace, Comp, Dim, Intrinsic, Layout, Of, INTRINSICS};
use crate::pp::token::Interner;
use crate::sema::ty::{Object, Scalar, Ty, TyId, Types};

/// What the call is made on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// A plain call: the global intrinsics.
    Global,
    /// A call qualified with `dx::` (`dx::MaybeReorderThread`).
    Dx,
    /// A method of the object of this type (`Ty::Object`); static methods too
    /// (`HitObject::MakeNop()`).
    Object(TyId),
}

/// One argument of the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg {
    /// Its type.
    pub ty: TyId,
    /// For an argument of [`Scalar::IntLiteral`] components: the type DXC gives the literal
    /// expression where one must be picked ([`literal_int_kind`]); `None` reads as `uint`.
    pub literal: Option<Scalar>,
}

impl Arg {
    /// An argument of type `ty`.
    pub fn new(ty: TyId) -> Arg {
        Arg { ty, literal: None }
    }
}

/// The type DXC picks for an integer literal where a parameter needs a concrete one:
/// `uint` up to 32 bits, `uint64_t` past them, their signed forms when negated.
pub fn literal_int_kind(magnitude: u64, negated: bool) -> Scalar {
    match (magnitude > u64::from(u32::MAX), negated) {
        (false, false) => Scalar::U32,
        (false, true) => Scalar::I32,
        (true, false) => Scalar::U64,
        (true, true) => Scalar::I64,
    }
}

/// Where the types are and how the target treats them.
pub struct Env<'a> {
    /// The analysis's types (new ones are added).
    pub types: &'a mut Types,
    /// The spellings (object names).
    pub interner: &'a Interner,
    /// `-enable-16bit-types`: `half` is 16-bit (else it is 32-bit, of partial precision).
    pub native_16bit: bool,
    /// The target's shader model (6.9 allows vectors past four components).
    pub shader_model: (u8, u8),
}

/// A call that matched a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Resolved {
    /// The record.
    pub intrinsic: &'static Intrinsic,
    /// Its position in [`INTRINSICS`].
    pub index: usize,
    /// The call's type (`void` when none). [`Scalar::FloatLiteral`] or
    /// [`Scalar::IntLiteral`] components when every argument that decides it is a literal
    /// (`max(1, 2.0)`): the caller folds it or converts it where it is used, as for any
    /// literal expression.
    pub ret: TyId,
    /// The type of each parameter, one per argument: what the argument converts to (for
    /// `out`/`inout`/`ref` parameters, what is written back and converted to the
    /// argument).
    pub params: Vec<TyId>,
}

/// A record of the name and arity that did not match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The record.
    pub intrinsic: &'static Intrinsic,
    /// The first argument (0-based) that does not convert; `None` when the return or the
    /// object is at fault.
    pub bad_arg: Option<usize>,
    /// The parameters' types as far as they were worked out (for the messages).
    pub params: Vec<Option<TyId>>,
}

/// A call that matched no record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoMatch {
    /// The name called.
    pub name: String,
    /// Whether it is a method call.
    pub method: bool,
    /// The records of the name and arity, in order (empty: the name takes no such number
    /// of arguments, or is not an intrinsic of the scope).
    pub candidates: Vec<Candidate>,
}

impl NoMatch {
    /// DXC's error and notes: `use of undeclared identifier 'sin'` when no record has the
    /// arity, else `no matching function for call to 'sin'` and, per candidate,
    /// `candidate function not viable: no known conversion from 'S' to 'float' for 1st
    /// argument`. `arg_types` spells each argument's type as the source does.
    pub fn render(
        &self,
        types: &Types,
        interner: &Interner,
        arg_types: &[String],
    ) -> (String, Vec<String>) {
        if self.method {
            return (
                format!("no matching member function for call to '{}'", self.name),
                Vec::new(),
            );
        }
        if self.candidates.is_empty() {
            return (
                format!("use of undeclared identifier '{}'", self.name),
                Vec::new(),
            );
        }
        let notes = self
            .candidates
            .iter()
            .map(|c| match c.bad_arg {
                Some(i) => {
                    let p = c.params.get(i).copied().flatten();
                    let written = c.intrinsic.params.get(i + 1).is_some_and(|p| p.qual.writes());
                    let to = p.map_or_else(|| "?".to_string(), |t| clang_name(types, interner, t));
                    format!(
                        "candidate function not viable: no known conversion from '{}' to '{}{}' for {} argument",
                        arg_types.get(i).map_or("?", String::as_str),
                        to,
                        if written { " &" } else { "" },
                        ordinal(i + 1)
                    )
                }
                None => "candidate function not viable".to_string(),
            })
            .collect();
        (
            format!("no matching function for call to '{}'", self.name),
            notes,
        )
    }
}

fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// A type as clang prints a declaration's (`unsigned int`, `vector<float, 3>`).
pub(crate) fn clang_name(types: &Types, interner: &Interner, t: TyId) -> String {
    fn scalar(s: Scalar) -> &'static str {
        match s {
            Scalar::U32 => "unsigned int",
            Scalar::I64 => "long long",
            Scalar::U64 => "unsigned long long",
            Scalar::I16 => "short",
            Scalar::U16 => "unsigned short",
            Scalar::F16 => "half",
            s => s.name(),
        }
    }
    match types.get(t) {
        Ty::Void => "void".into(),
        Ty::Scalar(s) => scalar(s).into(),
        Ty::Vector(s, n) => format!("vector<{}, {n}>", scalar(s)),
        Ty::Matrix(s, r, c) => format!("matrix<{}, {r}, {c}>", scalar(s)),
        Ty::Array(e, n) => format!("{}[{n}]", clang_name(types, interner, e)),
        Ty::UnsizedArray(e) => format!("{}[]", clang_name(types, interner, e)),
        Ty::Object(o) => match o.elem {
            Some(e) => format!(
                "{}<{} >",
                interner.str(o.name),
                clang_name(types, interner, e)
            ),
            None => interner.str(o.name).to_string(),
        },
        Ty::String => "string".into(),
        Ty::Struct(_) | Ty::Enum(_) | Ty::Param(_) => "<type>".into(),
    }
}

/// DXC's basic kinds (`ArBasicKind`): the scalars, with `half` of partial precision apart,
/// the literals, the packed bytes, enums, and objects by their canonical name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum K {
    Bool,
    LitFloat,
    F16,
    /// `half` without 16-bit types: 32 bits of partial precision.
    F32pp,
    F32,
    F64,
    LitInt,
    I16,
    U16,
    I32,
    U32,
    I64,
    U64,
    Min10F,
    Min16F,
    Min12I,
    Min16I,
    Min16U,
    I8x4,
    U8x4,
    Enum,
    /// An object, by canonical name (`SamplerState`, `string`, `RWByteAddressBuffer`).
    Obj(&'static str),
}

// Properties of the basic kinds (DXC's `BPROP_*`), for combining two of them.
const BOOLEAN: u16 = 1;
const INTEGER: u16 = 2;
const FLOATING: u16 = 4;
const UNSIGNED: u16 = 8;
const LITERAL: u16 = 16;
const MIN_PRECISION: u16 = 32;
const PARTIAL: u16 = 64;
const ENUM: u16 = 128;

impl K {
    /// Properties and bit count, `None` for objects.
    fn props(self) -> Option<(u16, u8)> {
        Some(match self {
            K::Bool => (BOOLEAN | INTEGER, 0),
            K::LitFloat => (FLOATING | LITERAL, 0),
            K::F16 => (FLOATING, 16),
            K::F32pp => (FLOATING | PARTIAL, 32),
            K::F32 => (FLOATING, 32),
            K::F64 => (FLOATING, 64),
            K::LitInt => (INTEGER | LITERAL, 0),
            K::I16 => (INTEGER, 16),
            K::U16 => (INTEGER | UNSIGNED, 16),
            K::I32 => (INTEGER, 32),
            K::U32 => (INTEGER | UNSIGNED, 32),
            K::I64 => (INTEGER, 64),
            K::U64 => (INTEGER | UNSIGNED, 64),
            K::Min10F => (FLOATING | MIN_PRECISION, 10),
            K::Min16F => (FLOATING | MIN_PRECISION, 16),
            K::Min12I => (INTEGER | MIN_PRECISION, 12),
            K::Min16I => (INTEGER | MIN_PRECISION, 16),
            K::Min16U => (INTEGER | UNSIGNED | MIN_PRECISION, 16),
            K::I8x4 | K::U8x4 => (INTEGER | UNSIGNED, 32),
            K::Enum => (ENUM | INTEGER, 0),
            K::Obj(_) => return None,
        })
    }

    fn of_scalar(s: Scalar, native_16bit: bool) -> K {
        match s {
            Scalar::Bool => K::Bool,
            Scalar::I16 => K::I16,
            Scalar::U16 => K::U16,
            Scalar::I32 => K::I32,
            Scalar::U32 => K::U32,
            Scalar::I64 => K::I64,
            Scalar::U64 => K::U64,
            Scalar::Half if native_16bit => K::F16,
            Scalar::Half => K::F32pp,
            Scalar::F16 => K::F16,
            Scalar::F32 => K::F32,
            Scalar::F64 => K::F64,
            Scalar::Min16Float => K::Min16F,
            Scalar::Min10Float => K::Min10F,
            Scalar::Min16Int => K::Min16I,
            Scalar::Min12Int => K::Min12I,
            Scalar::Min16Uint => K::Min16U,
            Scalar::IntLiteral => K::LitInt,
            Scalar::FloatLiteral => K::LitFloat,
        }
    }

    /// The scalar of a numeric kind (packed bytes are `uint`s, as the analysis spells
    /// them; an enum's values are `int`s).
    fn scalar(self) -> Option<Scalar> {
        Some(match self {
            K::Bool => Scalar::Bool,
            K::LitFloat => Scalar::FloatLiteral,
            K::F16 => Scalar::F16,
            K::F32pp => Scalar::Half,
            K::F32 => Scalar::F32,
            K::F64 => Scalar::F64,
            K::LitInt => Scalar::IntLiteral,
            K::I16 => Scalar::I16,
            K::U16 => Scalar::U16,
            K::I32 | K::Enum => Scalar::I32,
            K::U32 | K::I8x4 | K::U8x4 => Scalar::U32,
            K::I64 => Scalar::I64,
            K::U64 => Scalar::U64,
            K::Min10F => Scalar::Min10Float,
            K::Min16F => Scalar::Min16Float,
            K::Min12I => Scalar::Min12Int,
            K::Min16I => Scalar::Min16Int,
            K::Min16U => Scalar::Min16Uint,
            K::Obj(_) => return None,
        })
    }
}

/// DXC's `CombineBasicTypes`: the kind two arguments sharing a component meet at.
fn combine(l: K, r: K) -> Option<K> {
    if l == r {
        return Some(l);
    }
    let ((lp, lb), (rp, rb)) = (l.props()?, r.props()?);
    let mut bits = lb.max(rb);
    let both = lp & rp;
    let either = lp | rp;
    if both & BOOLEAN != 0 {
        return Some(K::Bool);
    }
    let float = either & FLOATING != 0;
    if both & LITERAL != 0 {
        return Some(if float { K::LitFloat } else { K::LitInt });
    }
    let mut flags = (both & (INTEGER | MIN_PRECISION | PARTIAL))
        | (either & FLOATING)
        | if float { 0 } else { either & UNSIGNED };
    if either & (LITERAL | BOOLEAN | ENUM) != 0 {
        flags |= either & (MIN_PRECISION | PARTIAL);
    }
    if flags & PARTIAL != 0 {
        return Some(K::F32pp);
    }
    if float && both & FLOATING == 0 {
        let (p, b) = if lp & FLOATING != 0 {
            (lp, lb)
        } else {
            (rp, rb)
        };
        flags = p & !LITERAL;
        bits = b;
    }
    let min = flags & MIN_PRECISION != 0;
    if bits == 0 {
        bits = 32;
    }
    let unsigned = flags & UNSIGNED != 0;
    Some(match (float, bits) {
        (true, 10) => K::Min10F,
        (true, 16) if min => K::Min16F,
        (true, 16) => K::F16,
        (true, 32) => K::F32,
        (true, 64) => K::F64,
        (false, 12) => K::Min12I,
        (false, 16) => match (unsigned, min) {
            (true, true) => K::Min16U,
            (true, false) => K::U16,
            (false, true) => K::Min16I,
            (false, false) => K::I16,
        },
        (false, 32) if unsigned => K::U32,
        (false, 32) => K::I32,
        (false, 64) if unsigned => K::U64,
        (false, 64) => K::I64,
        _ => return None,
    })
}

/// DXC's `CombineObjectTypes` where a parameter's object kind is not the argument's: a
/// `sampler` converts to the legacy typed samplers and textures.
fn object_converts(target: K, source: K) -> bool {
    target == source
        || (source == K::Obj("SamplerState")
            && matches!(
                target,
                K::Obj(
                    "SamplerState"
                        | "sampler1D"
                        | "sampler2D"
                        | "sampler3D"
                        | "samplerCUBE"
                        | "Texture2D"
                        | "Texture2DArray"
                )
            ))
}

/// The kinds a component set takes (DXC's `g_LegalIntrinsicCompTypes`; the first names the
/// set and is what other kinds convert to) and whether no other kind converts (`NOCAST`).
fn legal(c: Comp) -> (&'static [K], bool) {
    use K::*;
    const FLOAT_LIKE: &[K] = &[F32, F32pp, F16, LitFloat, Min10F, Min16F];
    const NUMERIC: &[K] = &[
        F32, F32pp, F16, F64, LitFloat, Min10F, Min16F, LitInt, I16, I32, U16, U32, Min12I, Min16I,
        Min16U, I64, U64,
    ];
    const ANY: &[K] = &[
        F32, F32pp, F16, F64, LitFloat, Min10F, Min16F, I16, U16, LitInt, I32, U32, Min12I, Min16I,
        Min16U, Bool, I64, U64,
    ];
    match c {
        Comp::Void => (&[Obj("null")], false),
        Comp::Bool => (&[Bool], false),
        Comp::Int => (&[I32, LitInt], false),
        Comp::Uint => (&[U32, LitInt], false),
        Comp::AnyInt => (&[I32, I16, U32, U16, I64, U64, LitInt], false),
        Comp::AnyInt32 => (&[I32, U32, LitInt], false),
        Comp::UintOnly => (&[U32, U64, LitInt], true),
        Comp::Float => (&[F32, F32pp, LitFloat], false),
        Comp::AnyFloat => (&[F32, F32pp, F16, F64, LitFloat, Min10F, Min16F], false),
        Comp::FloatLike => (FLOAT_LIKE, false),
        Comp::FloatDouble => (&[F32, F32pp, F64, LitFloat], false),
        Comp::Double => (&[F64, LitFloat], false),
        Comp::DoubleOnly => (&[F64, LitFloat], true),
        Comp::Numeric => (NUMERIC, false),
        Comp::Numeric32 => (&[F32, F32pp, LitFloat, LitInt, I32, U32], false),
        Comp::Numeric32Only => (&[F32, F32pp, LitFloat, LitInt, I32, U32], true),
        Comp::Any => (ANY, false),
        Comp::Sampler1D => (&[Obj("sampler1D")], false),
        Comp::Sampler2D => (&[Obj("sampler2D")], false),
        Comp::Sampler3D => (&[Obj("sampler3D")], false),
        Comp::SamplerCube => (&[Obj("samplerCUBE")], false),
        Comp::SamplerCmp => (&[Obj("SamplerComparisonState")], false),
        Comp::Sampler => (&[Obj("SamplerState")], false),
        Comp::String => (&[Obj("string")], false),
        Comp::Wave => (&[Obj("wave")], false),
        Comp::Uint64 => (&[U64], false),
        Comp::Float16 => (&[F16, LitFloat], false),
        Comp::Int16 => (&[I16, LitInt], false),
        Comp::Uint16 => (&[U16, LitInt], false),
        Comp::Numeric16Only => (&[F16, I16, U16, LitFloat, LitInt], true),
        Comp::RayDesc => (&[Obj("RayDesc")], false),
        Comp::AccelerationStruct => (&[Obj("RaytracingAccelerationStructure")], false),
        Comp::UserDefinedType => (&[Obj("udt")], false),
        Comp::Texture2D => (&[Obj("Texture2D")], false),
        Comp::Texture2DArray => (&[Obj("Texture2DArray")], false),
        Comp::Resource => (&[Obj("resource")], false),
        Comp::Int32Only => (&[I32, U32, LitInt], true),
        Comp::Int64Only => (&[U64, I64, LitInt], true),
        Comp::AnyInt64 => (&[I64, U64, LitInt], false),
        Comp::Float32Only => (&[F32, LitFloat], true),
        Comp::Int8x4Packed => (&[I8x4, U32, LitInt], false),
        Comp::Uint8x4Packed => (&[U8x4, U32, LitInt], false),
        Comp::AnyInt16Or32 => (&[I32, U32, I16, U16, LitInt], false),
        Comp::SInt16Or32Only => (&[I32, I16, LitInt], true),
        Comp::AnySampler => (&[Obj("SamplerState"), Obj("SamplerComparisonState")], false),
        Comp::ByteAddressBuffer => (&[Obj("ByteAddressBuffer")], false),
        Comp::RWByteAddressBuffer => (&[Obj("RWByteAddressBuffer")], false),
        Comp::NodeRecordOrUav => (
            &[
                Obj("DispatchNodeInputRecord"),
                Obj("RWDispatchNodeInputRecord"),
                Obj("GroupNodeInputRecords"),
                Obj("RWGroupNodeInputRecords"),
                Obj("ThreadNodeInputRecord"),
                Obj("RWThreadNodeInputRecord"),
                Obj("NodeOutput"),
                Obj("ThreadNodeOutputRecords"),
                Obj("GroupNodeOutputRecords"),
                Obj("RWBuffer"),
                Obj("RWTexture1D"),
                Obj("RWTexture1DArray"),
                Obj("RWTexture2D"),
                Obj("RWTexture2DArray"),
                Obj("RWTexture3D"),
                Obj("RWStructuredBuffer"),
                Obj("RWByteAddressBuffer"),
                Obj("AppendStructuredBuffer"),
            ],
            false,
        ),
        Comp::AnyNodeOutputRecord => (
            &[
                Obj("GroupNodeOutputRecords"),
                Obj("ThreadNodeOutputRecords"),
            ],
            false,
        ),
        Comp::GroupNodeOutputRecords => (&[Obj("GroupNodeOutputRecords")], false),
        Comp::ThreadNodeOutputRecords => (&[Obj("ThreadNodeOutputRecords")], false),
        Comp::HitObject => (&[Obj("HitObject")], false),
        Comp::RayQuery => (&[Obj("RayQuery")], false),
        Comp::LinAlgMatrix => (&[Obj("LinAlgMatrix")], false),
        Comp::LinAlg => (
            &[
                LitFloat, F16, F32, F32pp, F64, LitInt, U16, U32, U64, I16, I32, I64, U8x4, I8x4,
            ],
            true,
        ),
        Comp::TrianglePositions => (&[Obj("BuiltInTrianglePositions")], false),
        Comp::VkBufferPointer => (&[Obj("VkBufferPointer")], false),
    }
}

/// The canonical name of a built-in object (its aliases folded: `sampler` is
/// `SamplerState`), as the component sets name them.
fn object_kind(name: &str) -> K {
    const NAMES: &[&str] = &[
        "SamplerState",
        "SamplerComparisonState",
        "sampler1D",
        "sampler2D",
        "sampler3D",
        "samplerCUBE",
        "Texture2D",
        "Texture2DArray",
        "RayDesc",
        "RaytracingAccelerationStructure",
        "ByteAddressBuffer",
        "RWByteAddressBuffer",
        "DispatchNodeInputRecord",
        "RWDispatchNodeInputRecord",
        "GroupNodeInputRecords",
        "RWGroupNodeInputRecords",
        "ThreadNodeInputRecord",
        "RWThreadNodeInputRecord",
        "NodeOutput",
        "ThreadNodeOutputRecords",
        "GroupNodeOutputRecords",
        "RWBuffer",
        "RWTexture1D",
        "RWTexture1DArray",
        "RWTexture2D",
        "RWTexture2DArray",
        "RWTexture3D",
        "RWStructuredBuffer",
        "AppendStructuredBuffer",
        "HitObject",
        "RayQuery",
        "BuiltInTrianglePositions",
        "VkBufferPointer",
    ];
    match name {
        "sampler" | "sampler_state" => K::Obj("SamplerState"),
        n => K::Obj(NAMES.iter().find(|&&k| k == n).copied().unwrap_or("object")),
    }
}

/// DXC's layouts of a type (`ArTypeObjectKind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    Void,
    Scalar,
    Vector,
    Matrix,
    Object,
    String,
    Array,
    Compound,
    Other,
}

/// The layouts a parameter's layout set takes; the first names it.
fn legal_shapes(l: Layout) -> &'static [Shape] {
    match l {
        Layout::Void => &[Shape::Void],
        Layout::Scalar => &[Shape::Scalar],
        Layout::Vector => &[Shape::Vector],
        Layout::Matrix => &[Shape::Matrix],
        Layout::Any => &[Shape::Scalar, Shape::Vector, Shape::Matrix],
        Layout::Object => &[Shape::Object, Shape::String],
        Layout::Array | Layout::AnyArray => &[Shape::Array],
    }
}

/// An argument's layout, component kind, rows and columns.
struct Info {
    shape: Shape,
    kind: Option<K>,
    rows: u32,
    cols: u32,
}

fn info(env: &Env, t: TyId) -> Info {
    let n16 = env.native_16bit;
    let (shape, kind, rows, cols) = match env.types.get(t) {
        Ty::Void => (Shape::Void, None, 1, 1),
        Ty::Scalar(s) => (Shape::Scalar, Some(K::of_scalar(s, n16)), 1, 1),
        Ty::Vector(s, n) => (Shape::Vector, Some(K::of_scalar(s, n16)), 1, u32::from(n)),
        Ty::Matrix(s, r, c) => (
            Shape::Matrix,
            Some(K::of_scalar(s, n16)),
            u32::from(r),
            u32::from(c),
        ),
        Ty::Array(e, _) | Ty::UnsizedArray(e) => (Shape::Array, info(env, e).kind, 1, 1),
        Ty::Struct(_) => (Shape::Compound, None, 1, 1),
        Ty::Enum(_) => (Shape::Scalar, Some(K::Enum), 1, 1),
        Ty::Object(o) => match env.interner.str(o.name) {
            // Structs in DXC, not objects.
            "RayDesc" | "BuiltInTriangleIntersectionAttributes" => (Shape::Compound, None, 1, 1),
            n => (Shape::Object, Some(object_kind(n)), 1, 1),
        },
        Ty::String => (Shape::String, Some(K::Obj("string")), 1, 1),
        Ty::Param(_) => (Shape::Other, None, 1, 1),
    };
    Info {
        shape,
        kind,
        rows,
        cols,
    }
}

/// The innermost element of an array type.
fn array_element(types: &Types, mut t: TyId) -> TyId {
    while let Ty::Array(e, _) | Ty::UnsizedArray(e) = types.get(t) {
        t = e;
    }
    t
}

/// DXC's `ConcreteLiteralType`: the kind a literal argument takes where it does not decide
/// the return's component.
fn concrete_literal(kind: K, lit: Option<Scalar>, comp: Comp) -> K {
    let (list, _) = legal(comp);
    let default = list
        .iter()
        .copied()
        .find(|k| !matches!(k, K::LitInt | K::LitFloat))
        .unwrap_or(list[0]);
    if kind == K::LitInt {
        let lit = K::of_scalar(lit.unwrap_or(Scalar::U32), false);
        if list.contains(&lit) {
            lit
        } else {
            default
        }
    } else if list.contains(&K::F32) {
        K::F32
    } else if list.contains(&K::F64) {
        K::F64
    } else {
        default
    }
}

fn special(d: Dim) -> Option<usize> {
    match d {
        Dim::N(_) => None,
        Dim::R => Some(0),
        Dim::C => Some(1),
        Dim::R2 => Some(2),
        Dim::C2 => Some(3),
    }
}

fn fixed(d: Dim) -> u32 {
    match d {
        Dim::N(n) => u32::from(n),
        _ => 0,
    }
}

/// The object's element type (`float4` of `Buffer<float4>`), the record's namespace.
struct Callee {
    namespace: &'static str,
    element: Option<TyId>,
}

/// Resolves a call of `name` with `args` in `scope` (with the explicit template argument
/// `template_arg`, as in `buf.Load<float2>(0)`): the first record of the name and arity
/// whose arguments match, as DXC picks it, with the return's and each parameter's type.
pub fn resolve(
    env: &mut Env,
    scope: Scope,
    name: &str,
    template_arg: Option<TyId>,
    args: &[Arg],
) -> Result<Resolved, NoMatch> {
    let no_match = |candidates| NoMatch {
        name: name.to_string(),
        method: matches!(scope, Scope::Object(_)),
        candidates,
    };
    let callee = match scope {
        Scope::Global => Callee {
            namespace: "Intrinsics",
            element: None,
        },
        Scope::Dx => Callee {
            namespace: "DxIntrinsics",
            element: None,
        },
        Scope::Object(t) => {
            let Ty::Object(Object {
                name: obj, elem, ..
            }) = env.types.get(t)
            else {
                return Err(no_match(Vec::new()));
            };
            let Some(namespace) = methods_namespace(env.interner.str(obj)) else {
                return Err(no_match(Vec::new()));
            };
            Callee {
                namespace,
                element: elem,
            }
        }
    };
    // The records DXC tries: of the name and arity (any arity when variadic), not internal.
    let mut candidates = Vec::new();
    for (index, r) in INTRINSICS.iter().enumerate() {
        if r.namespace != callee.namespace || r.name != name || r.attrs.hidden {
            continue;
        }
        if !(r.params.len() == args.len() + 1 || r.is_variadic() && args.len() >= r.arity()) {
            continue;
        }
        match match_record(env, r, &callee, template_arg, args) {
            Ok((ret, params)) => {
                return Ok(Resolved {
                    intrinsic: r,
                    index,
                    ret,
                    params,
                })
            }
            Err(c) => candidates.push(c),
        }
    }
    Err(no_match(candidates))
}

/// DXC's `MatchArguments` for one record: the return's and parameters' types, or where it
/// fails.
fn match_record(
    env: &mut Env,
    r: &'static Intrinsic,
    callee: &Callee,
    template_arg: Option<TyId>,
    args: &[Arg],
) -> Result<(TyId, Vec<TyId>), Candidate> {
    let slots = r.params.len();
    let mut layout: Vec<Option<Shape>> = vec![None; slots];
    let mut comp: Vec<Option<K>> = vec![None; slots];
    let mut sizes: [Option<u32>; 4] = [None; 4];
    let mut bad: Option<usize> = None;
    let mut element = callee.element;
    let fail = |bad: Option<usize>, params: Vec<Option<TyId>>| Candidate {
        intrinsic: r,
        bad_arg: bad.and_then(|b| b.checked_sub(1)),
        params,
    };
    let mark = |bad: &mut Option<usize>, i: usize| {
        *bad = Some(bad.map_or(i, |b| b.min(i)));
    };
    let slot = |o: Of| match o {
        Of::Arg(n) => Some(usize::from(n)),
        _ => None,
    };

    let mut i_arg = 1;
    for a in args {
        let p = &r.params[i_arg];
        if p.layout_of == Of::Varargs {
            break;
        }
        let inf = info(env, a.ty);
        match p.comp {
            Comp::RayDesc => {
                if is_object_named(env, a.ty, "RayDesc") {
                    i_arg += 1;
                    continue;
                }
                return Err(fail(Some(i_arg), Vec::new()));
            }
            // Matrices of the linear algebra extension are not types of this front end.
            Comp::LinAlgMatrix => return Err(fail(Some(i_arg), Vec::new())),
            Comp::UserDefinedType => {
                if inf.shape != Shape::Compound {
                    return Err(fail(Some(i_arg), Vec::new()));
                }
                element = Some(a.ty);
                i_arg += 1;
                continue;
            }
            _ => {}
        }
        if matches!(p.layout_of, Of::Object | Of::Function) {
            i_arg += 1;
            continue;
        }
        let mut kind = inf.kind;
        if let Some(k) = kind {
            let (list, no_cast) = legal(p.comp);
            let found = list.iter().any(|&c| {
                c == k || matches!((k, c), (K::LitInt, K::LitFloat) | (K::LitFloat, K::LitInt))
            });
            if !found && no_cast {
                mark(&mut bad, i_arg);
            }
            if matches!(k, K::LitInt | K::LitFloat) && r.params[0].comp_of != p.comp_of {
                kind = Some(concrete_literal(k, a.literal, p.comp));
            }
        }
        let (mut rows, mut cols) = (1, 1);
        match inf.shape {
            Shape::Matrix | Shape::Vector => (rows, cols) = (inf.rows, inf.cols),
            Shape::Scalar | Shape::Object | Shape::String => {}
            Shape::Array => {
                if p.layout == Layout::AnyArray {
                    let e = array_element(env.types, a.ty);
                    match env.types.get(e) {
                        Ty::Vector(_, n) => cols = u32::from(n),
                        Ty::Scalar(_) | Ty::Enum(_) => {}
                        _ => mark(&mut bad, i_arg),
                    }
                }
            }
            _ => mark(&mut bad, i_arg),
        }
        let Some(ls) = slot(p.layout_of) else {
            return Err(fail(Some(i_arg), Vec::new()));
        };
        let shape = inf.shape;
        match layout[ls] {
            None => layout[ls] = Some(shape),
            Some(Shape::Scalar) if matches!(shape, Shape::Vector | Shape::Matrix) => {
                layout[ls] = Some(shape)
            }
            Some(t) if shape == Shape::Scalar => {
                if !matches!(t, Shape::Scalar | Shape::Vector | Shape::Matrix) {
                    mark(&mut bad, i_arg);
                }
            }
            Some(t) => {
                if t != shape {
                    mark(&mut bad, i_arg);
                }
            }
        }
        if p.comp_of == Of::ObjectElement {
            i_arg += 1;
            continue;
        }
        let Some(cs) = slot(p.comp_of) else {
            return Err(fail(Some(i_arg), Vec::new()));
        };
        match (comp[cs], kind) {
            (None, k) => comp[cs] = k,
            (Some(c), Some(k)) => match combine(c, k) {
                Some(m) => comp[cs] = Some(m),
                None => mark(&mut bad, i_arg),
            },
            (Some(_), None) => mark(&mut bad, i_arg),
        }
        if shape != Shape::Scalar {
            for (d, have) in [(p.rows, rows), (p.cols, cols)] {
                match special(d) {
                    Some(s) => sizes[s] = Some(sizes[s].map_or(have, |v| v.min(have))),
                    None => {
                        if have < fixed(d) {
                            mark(&mut bad, i_arg);
                        }
                    }
                }
            }
        }
        i_arg += 1;
    }

    // The return's layout and component when no argument gave them.
    let ret = &r.params[0];
    if ret.qual.0 != 0
        && !matches!(ret.layout_of, Of::Object | Of::Function | Of::Function2)
        && ret.comp_of != Of::NodeOutput
    {
        let Some(ls) = slot(ret.layout_of) else {
            return Err(fail(None, Vec::new()));
        };
        if layout[ls].is_none() {
            layout[ls] = Some(legal_shapes(ret.layout)[0]);
            if let Some(cs) = slot(ret.comp_of) {
                if comp[cs].is_none() {
                    comp[cs] = Some(if ret.comp == Comp::Float16 && !env.native_16bit {
                        K::F32
                    } else {
                        legal(ret.comp).0[0]
                    });
                }
            }
        }
    }

    // Every slot's layout and component checked against its own parameter's sets.
    for i in 0..=args.len().min(slots - 1) {
        let p = &r.params[i];
        if p.layout_of == Of::Varargs {
            break;
        }
        if matches!(p.layout_of, Of::Object | Of::Function | Of::Function2)
            || p.comp == Comp::UserDefinedType
        {
            continue;
        }
        let shapes = legal_shapes(p.layout);
        match layout[i] {
            Some(Shape::Scalar) if matches!(shapes[0], Shape::Vector | Shape::Matrix) => {
                layout[i] = Some(shapes[0])
            }
            Some(t) => {
                if !shapes.contains(&t) {
                    layout[i] = Some(shapes[0]);
                    mark(&mut bad, i);
                }
            }
            None => layout[i] = Some(shapes[0]),
        }
        let (list, no_cast) = legal(p.comp);
        match comp[i] {
            Some(c) => {
                if !list.contains(&c) {
                    // No conversion at all, or an object that does not convert.
                    let objects = layout[i] == Some(Shape::Object);
                    if no_cast || objects && !object_converts(list[0], c) {
                        mark(&mut bad, i);
                    }
                    comp[i] = Some(list[0]);
                }
            }
            None => comp[i] = Some(list[0]),
        }
    }

    let size = |d: Dim| match special(d) {
        Some(s) => sizes[s].unwrap_or(1),
        None => fixed(d),
    };

    // The types.
    let mut types: Vec<Option<TyId>> = vec![None; args.len() + 1];
    for i in 0..=args.len() {
        let Some(p) = r.params.get(i) else {
            break;
        };
        if p.layout_of == Of::Varargs {
            break;
        }
        if p.qual.0 == 0 {
            continue;
        }
        let arg_ty = |i: usize| args.get(i.wrapping_sub(1)).map(|a| a.ty);
        let t = match p.layout_of {
            Of::Object => {
                let sized = p.rows != Dim::N(0) && p.cols != Dim::N(0);
                if sized && (size(p.rows) != 1 || size(p.cols) != 1) {
                    mark(&mut bad, i);
                }
                if element.is_none() {
                    mark(&mut bad, i);
                }
                element
            }
            Of::Function => match template_arg {
                Some(t) => Some(t),
                None if i == 0 => {
                    if r.name != "Load" || !r.is_method() {
                        mark(&mut bad, i);
                    }
                    Some(env.types.intern(Ty::Scalar(Scalar::U32)))
                }
                None => arg_ty(i).map(|t| match env.types.get(t) {
                    Ty::Scalar(Scalar::IntLiteral) => env.types.intern(Ty::Scalar(Scalar::U32)),
                    Ty::Scalar(Scalar::FloatLiteral) => env.types.intern(Ty::Scalar(Scalar::F32)),
                    _ => t,
                }),
            },
            Of::Function2 => {
                mark(&mut bad, i);
                None
            }
            _ if p.comp == Comp::UserDefinedType => {
                if element.is_none() {
                    mark(&mut bad, i);
                }
                element
            }
            Of::Arg(l) if i != 0 && layout[usize::from(l)] == Some(Shape::Object) => arg_ty(i),
            _ if matches!(p.comp, Comp::NodeRecordOrUav | Comp::AnyNodeOutputRecord) => arg_ty(i),
            Of::Arg(l) => {
                let kind = match p.comp_of {
                    Of::ObjectElement => {
                        let Some(e) = element else {
                            return Err(fail(Some(i), types));
                        };
                        let e = match env.types.get(e) {
                            Ty::Scalar(s) | Ty::Vector(s, _) | Ty::Matrix(s, _, _) => s,
                            // `Texture2D<S>`: not a valid element for this method.
                            _ => return Err(fail(Some(i), types)),
                        };
                        K::of_scalar(e, env.native_16bit)
                    }
                    Of::NodeOutput => {
                        let rec = match p.comp {
                            Comp::GroupNodeOutputRecords => "GroupNodeOutputRecords",
                            _ => "ThreadNodeOutputRecords",
                        };
                        match env.interner.get(rec) {
                            Some(sym) => {
                                types[i] = Some(env.types.intern(Ty::Object(Object {
                                    name: sym,
                                    elem: element,
                                    consts: [None, None],
                                })));
                                continue;
                            }
                            None => return Err(fail(Some(i), types)),
                        }
                    }
                    Of::Arg(c) => match comp[usize::from(c)] {
                        Some(k) => k,
                        None => return Err(fail(Some(i), types)),
                    },
                    _ => return Err(fail(Some(i), types)),
                };
                let (rows, cols) = (size(p.rows), size(p.cols));
                let long = env.shader_model >= (6, 9) && rows == 1;
                if rows == 0 || cols == 0 || !(rows <= 4 && cols <= 4 || long) {
                    return Err(fail(Some(i), types));
                }
                let mut shape = layout[usize::from(l)].unwrap_or(Shape::Scalar);
                let arr_elt = arg_ty(i).map(|t| array_element(env.types, t));
                if i > 0
                    && shape == Shape::Array
                    && p.layout == Layout::AnyArray
                    && arr_elt.is_some_and(|e| matches!(env.types.get(e), Ty::Vector(..)))
                {
                    shape = Shape::Vector;
                }
                let made = match (shape, kind) {
                    (Shape::String, K::Obj("string")) => Some(env.types.intern(Ty::String)),
                    // An object return is the argument it matches, set below; else the
                    // object named (`HitObject`).
                    (Shape::Object | Shape::String, K::Obj(n)) if i == 0 => {
                        types[0] = object_type(env, n);
                        continue;
                    }
                    (Shape::Object | Shape::String, K::Obj(n)) => object_type(env, n),
                    (_, K::Obj(_)) => None,
                    // DXC's `NewSimpleAggregateType`: more than one component makes a
                    // vector, or a matrix when the layout is one or has rows.
                    (shape, k) => k.scalar().and_then(|s| {
                        let ty = if rows > 1
                            || cols > 1
                            || matches!(shape, Shape::Vector | Shape::Matrix)
                        {
                            if rows == 1 && shape != Shape::Matrix || shape == Shape::Vector {
                                Ty::Vector(s, u16::try_from(cols).ok()?)
                            } else {
                                Ty::Matrix(s, u8::try_from(rows).ok()?, u8::try_from(cols).ok()?)
                            }
                        } else {
                            Ty::Scalar(s)
                        };
                        Some(env.types.intern(ty))
                    }),
                };
                let Some(mut t) = made else {
                    return Err(fail(Some(i), types));
                };
                // Array parameters take the argument's dimensions around that element.
                if i > 0 && layout[usize::from(l)] == Some(Shape::Array) {
                    if let Some(a) = arg_ty(i) {
                        t = rewrap_array(env.types, a, t);
                    }
                }
                Some(t)
            }
            _ => {
                mark(&mut bad, i);
                None
            }
        };
        types[i] = t;
    }
    // Variadic arguments keep their own types.
    for (i, a) in args.iter().enumerate() {
        if types[i + 1].is_none()
            && r.params
                .get(i + 1)
                .is_none_or(|p| p.layout_of == Of::Varargs)
        {
            types[i + 1] = Some(a.ty);
        }
    }
    // An object return matching an argument takes that argument's type.
    if let Of::Arg(l) = ret.layout_of {
        if layout.get(usize::from(l)) == Some(&Some(Shape::Object)) {
            if let Of::Arg(c) = ret.comp_of {
                types[0] = types.get(usize::from(c)).copied().flatten();
            }
        }
    }
    if bad.is_some() {
        return Err(fail(bad, types.into_iter().skip(1).collect()));
    }
    let ret_ty = match types[0] {
        Some(t) => t,
        None if ret.qual.0 == 0 => env.types.intern(Ty::Void),
        None => return Err(fail(None, types.into_iter().skip(1).collect())),
    };
    let mut params = Vec::with_capacity(args.len());
    for (i, t) in types.iter().enumerate().skip(1) {
        match t {
            Some(t) => params.push(*t),
            None => return Err(fail(Some(i), types.into_iter().skip(1).collect())),
        }
    }
    Ok((ret_ty, params))
}

fn is_object_named(env: &Env, t: TyId, name: &str) -> bool {
    matches!(env.types.get(t), Ty::Object(o) if env.interner.str(o.name) == name)
}

/// The object type of `name` (`HitObject`, `BuiltInTrianglePositions`) when the source
/// spelled it.
fn object_type(env: &mut Env, name: &str) -> Option<TyId> {
    let sym = env.interner.get(name)?;
    Some(env.types.intern(Ty::Object(Object {
        name: sym,
        elem: None,
        consts: [None, None],
    })))
}

/// `elem` wrapped in the array dimensions of `arg`.
fn rewrap_array(types: &mut Types, arg: TyId, elem: TyId) -> TyId {
    match types.get(arg) {
        Ty::Array(e, n) => {
            let inner = rewrap_array(types, e, elem);
            types.intern(Ty::Array(inner, n))
        }
        Ty::UnsizedArray(e) => {
            let inner = rewrap_array(types, e, elem);
            types.intern(Ty::UnsizedArray(inner))
        }
        _ => elem,
    }
}
