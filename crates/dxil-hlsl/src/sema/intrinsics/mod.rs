//! HLSL's intrinsic functions (`sin`, `mul`, `InterlockedAdd`...) and the methods of its
//! built-in objects (`Buffer.Load`, `Texture2D.Sample`, `RWByteAddressBuffer.InterlockedAdd`...):
//! the table of their signatures as DirectXShaderCompiler defines them ([`INTRINSICS`],
//! generated), and the overload resolution of a call against it ([`resolve`]), by the rules
//! of DXC's `MatchArguments`: layouts (scalar, vector, matrix, any) matched and splatted or
//! truncated, components combined with the usual arithmetic conversions, sizes shared
//! through `r`/`c`/`r2`/`c2`, literal arguments given a concrete type, the first record of
//! the name and arity whose arguments all match winning.
//!
//! ```
//! use dxil_hlsl::pp::token::Interner;
//! use dxil_hlsl::sema::intrinsics::{resolve, Arg, Env, Scope};
//! use dxil_hlsl::sema::{Scalar, Ty, Types};
//!
//! let mut types = Types::default();
//! let interner = Interner::default();
//! let f4 = types.intern(Ty::Vector(Scalar::F32, 4));
//! let m = types.intern(Ty::Matrix(Scalar::F32, 4, 4));
//! let mut env = Env { types: &mut types, interner: &interner, native_16bit: false, shader_model: (6, 6) };
//! let r = resolve(&mut env, Scope::Global, "mul", None, &[Arg::new(f4), Arg::new(m)]).unwrap();
//! assert_eq!((r.intrinsic.op, r.ret, r.params.as_slice()), ("mul_vm", f4, &[f4, m][..]));
//! ```

mod matching;
mod table;

pub use matching::{literal_int_kind, resolve, Arg, Candidate, Env, NoMatch, Resolved, Scope};
pub use table::{INTRINSICS, NAMESPACES};

/// Qualifiers of a parameter (the return is parameter 0, with [`Qual::OUT`] unless it is
/// `void`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Qual(pub u8);

impl Qual {
    /// None.
    pub const NONE: Qual = Qual(0);
    /// `in`.
    pub const IN: Qual = Qual(1);
    /// `out`.
    pub const OUT: Qual = Qual(2);
    /// `inout`.
    pub const INOUT: Qual = Qual(3);
    /// `ref`: passed by reference (the atomics' destination).
    pub const REF: Qual = Qual(4);
    /// `row_major`.
    pub const ROW_MAJOR: Qual = Qual(8);
    /// `col_major`.
    pub const COL_MAJOR: Qual = Qual(16);
    /// `groupshared`.
    pub const GROUPSHARED: Qual = Qual(32);

    /// Both sets.
    pub const fn with(self, other: Qual) -> Qual {
        Qual(self.0 | other.0)
    }

    /// Whether every bit of `q` is set.
    pub const fn has(self, q: Qual) -> bool {
        self.0 & q.0 == q.0 && q.0 != 0
    }

    /// Whether the argument is written back (`out`, `inout` or `ref`): it must be an lvalue,
    /// not `const`.
    pub const fn writes(self) -> bool {
        self.0 & (Qual::OUT.0 | Qual::REF.0) != 0
    }
}

/// The layouts a parameter takes (DXC's `LITEMPLATE_*`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// No value (`void`).
    Void,
    /// A scalar.
    Scalar,
    /// A vector.
    Vector,
    /// A matrix.
    Matrix,
    /// Any of scalar, vector, matrix (`<>`).
    Any,
    /// An object (sampler, texture, string, ray description...).
    Object,
    /// An array of scalars (`T[]`).
    Array,
    /// An array of scalars or vectors (`T<>[]`).
    AnyArray,
}

/// The component types a parameter takes (DXC's `LICOMPTYPE_*`, named after the base type
/// of the definitions: `float_like` is [`Comp::FloatLike`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[allow(missing_docs)]
pub enum Comp {
    Void,
    Bool,
    Int,
    Uint,
    AnyInt,
    AnyInt32,
    UintOnly,
    Float,
    AnyFloat,
    FloatLike,
    FloatDouble,
    Double,
    DoubleOnly,
    Numeric,
    Numeric32,
    Numeric32Only,
    Any,
    Sampler1D,
    Sampler2D,
    Sampler3D,
    SamplerCube,
    SamplerCmp,
    Sampler,
    String,
    Wave,
    Uint64,
    Float16,
    Int16,
    Uint16,
    Numeric16Only,
    RayDesc,
    AccelerationStruct,
    UserDefinedType,
    Texture2D,
    Texture2DArray,
    Resource,
    Int32Only,
    Int64Only,
    AnyInt64,
    Float32Only,
    Int8x4Packed,
    Uint8x4Packed,
    AnyInt16Or32,
    SInt16Or32Only,
    AnySampler,
    ByteAddressBuffer,
    RWByteAddressBuffer,
    NodeRecordOrUav,
    AnyNodeOutputRecord,
    GroupNodeOutputRecords,
    ThreadNodeOutputRecords,
    HitObject,
    RayQuery,
    LinAlgMatrix,
    LinAlg,
    TrianglePositions,
    VkBufferPointer,
}

/// A row or column count: fixed, or one of the four sizes shared among the parameters of
/// a call (`r`, `c`, `r2`, `c2`; the smallest argument's wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dim {
    /// Exactly this many (0 for `void`).
    N(u8),
    /// `r`.
    R,
    /// `c`.
    C,
    /// `r2`.
    R2,
    /// `c2`.
    C2,
}

/// Whose layout or component a parameter takes (`$match<L, C>`; by default its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Of {
    /// Parameter `n`'s (0: the return).
    Arg(u8),
    /// The object's element type (`$classT`, `$match<-1, _>`).
    Object,
    /// The component of the object's element type (`$match<_, -1>`).
    ObjectElement,
    /// The arguments past the last parameter (`...`).
    Varargs,
    /// The function's template argument (`$funcT`: `ByteAddressBuffer.Load<T>`).
    Function,
    /// The second form of the function's template argument (`$funcT2`, Vulkan's pointer
    /// casts).
    Function2,
    /// A node output's record type (`NodeOutput<R>.GetThreadNodeOutputRecords`).
    NodeOutput,
}

/// One parameter of an intrinsic (index 0: the return).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// Its name in the definitions.
    pub name: &'static str,
    /// `in`/`out`/`inout`/`ref` and the matrix orientation.
    pub qual: Qual,
    /// The layouts it takes.
    pub layout: Layout,
    /// The component types it takes.
    pub comp: Comp,
    /// Rows.
    pub rows: Dim,
    /// Columns.
    pub cols: Dim,
    /// Whose layout it has.
    pub layout_of: Of,
    /// Whose component type it has.
    pub comp_of: Of,
}

impl Param {
    /// A parameter (the generated table's constructor).
    #[allow(clippy::too_many_arguments)]
    pub const fn new(
        name: &'static str,
        qual: Qual,
        layout: Layout,
        comp: Comp,
        rows: Dim,
        cols: Dim,
        layout_of: Of,
        comp_of: Of,
    ) -> Param {
        Param {
            name,
            qual,
            layout,
            comp,
            rows,
            cols,
            layout_of,
            comp_of,
        }
    }
}

/// The attributes of an intrinsic (`[[rn, unsigned_op=umax, min_sm=6.9]]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attrs {
    /// `rn`: reads no memory.
    pub readnone: bool,
    /// `ro`: only reads memory.
    pub readonly: bool,
    /// `amo`: accesses memory only through its arguments.
    pub argmemonly: bool,
    /// `wv`: depends on the wave's active lanes.
    pub wave: bool,
    /// `hidden`: internal, not callable from HLSL.
    pub hidden: bool,
    /// `static`: a static member function (`HitObject::MakeNop()`).
    pub static_member: bool,
    /// `class_prefix`: its operation's name carries the class's.
    pub class_prefix: bool,
    /// `unsigned_op=`: the operation for unsigned arguments (`umax` of `max`).
    pub unsigned_op: Option<&'static str>,
    /// `overload=`: the parameter whose type decides signedness (-1: the return).
    pub overload_param: i8,
    /// `min_sm=`: the first shader model that has it.
    pub min_sm: Option<(u8, u8)>,
}

impl Attrs {
    /// No attribute.
    pub const NONE: Attrs = Attrs {
        readnone: false,
        readonly: false,
        argmemonly: false,
        wave: false,
        hidden: false,
        static_member: false,
        class_prefix: false,
        unsigned_op: None,
        overload_param: -1,
        min_sm: None,
    };
}

/// One intrinsic function or method signature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Intrinsic {
    /// `Intrinsics` (functions), `DxIntrinsics` (the `dx` namespace's), `VkIntrinsics`, or
    /// an object's methods (`RWByteAddressBufferMethods`).
    pub namespace: &'static str,
    /// The name called.
    pub name: &'static str,
    /// DXC's operation name for it (`mul_vm`, `tex2d_t_lod`), by default the name.
    pub op: &'static str,
    /// Attributes.
    pub attrs: Attrs,
    /// The return (0) and the parameters.
    pub params: &'static [Param],
}

impl Intrinsic {
    /// Whether it takes any number of further arguments (`printf`).
    pub fn is_variadic(&self) -> bool {
        self.params.iter().any(|p| p.layout_of == Of::Varargs)
    }

    /// How many arguments it takes (not counting varargs).
    pub fn arity(&self) -> usize {
        self.params[1..]
            .iter()
            .filter(|p| p.layout_of != Of::Varargs)
            .count()
    }

    /// Whether it is a method of an object (its namespace ends in `Methods`).
    pub fn is_method(&self) -> bool {
        self.namespace.ends_with("Methods")
    }
}

/// The namespace of the methods of the built-in object `name` (as written, `RWTexture2D`),
/// as DXC maps object kinds to method tables; `None` for objects without methods.
pub fn methods_namespace(name: &str) -> Option<&'static str> {
    Some(match name {
        "PointStream" | "LineStream" | "TriangleStream" => "StreamMethods",
        "Texture1D" => "Texture1DMethods",
        "Texture1DArray" => "Texture1DArrayMethods",
        "Texture2D" => "Texture2DMethods",
        "Texture2DMS" => "Texture2DMSMethods",
        "Texture2DArray" => "Texture2DArrayMethods",
        "Texture2DMSArray" => "Texture2DArrayMSMethods",
        "Texture3D" => "Texture3DMethods",
        "TextureCube" => "TextureCUBEMethods",
        "TextureCubeArray" => "TextureCUBEArrayMethods",
        "Buffer" => "BufferMethods",
        "RWTexture1D" | "RasterizerOrderedTexture1D" => "RWTexture1DMethods",
        "RWTexture1DArray" | "RasterizerOrderedTexture1DArray" => "RWTexture1DArrayMethods",
        "RWTexture2D" | "RasterizerOrderedTexture2D" => "RWTexture2DMethods",
        "RWTexture2DArray" | "RasterizerOrderedTexture2DArray" => "RWTexture2DArrayMethods",
        "RWTexture3D" | "RasterizerOrderedTexture3D" => "RWTexture3DMethods",
        "RWTexture2DMS" => "RWTexture2DMSMethods",
        "RWTexture2DMSArray" => "RWTexture2DMSArrayMethods",
        "FeedbackTexture2D" => "FeedbackTexture2DMethods",
        "FeedbackTexture2DArray" => "FeedbackTexture2DArrayMethods",
        "RWBuffer" | "RasterizerOrderedBuffer" => "RWBufferMethods",
        "ByteAddressBuffer" => "ByteAddressBufferMethods",
        "RWByteAddressBuffer" | "RasterizerOrderedByteAddressBuffer" => {
            "RWByteAddressBufferMethods"
        }
        "StructuredBuffer" => "StructuredBufferMethods",
        "RWStructuredBuffer" | "RasterizerOrderedStructuredBuffer" => "RWStructuredBufferMethods",
        "AppendStructuredBuffer" => "AppendStructuredBufferMethods",
        "ConsumeStructuredBuffer" => "ConsumeStructuredBufferMethods",
        "RayQuery" => "RayQueryMethods",
        "HitObject" => "DxHitObjectMethods",
        "EmptyNodeInput" => "EmptyNodeInputMethods",
        "RWDispatchNodeInputRecord" => "RWDispatchNodeInputRecordMethods",
        "GroupNodeInputRecords" | "RWGroupNodeInputRecords" => "GroupNodeInputRecordsMethods",
        "NodeOutput" => "NodeOutputMethods",
        "EmptyNodeOutput" => "EmptyNodeOutputMethods",
        "ThreadNodeOutputRecords" | "GroupNodeOutputRecords" => {
            "GroupOrThreadNodeOutputRecordsMethods"
        }
        _ => return None,
    })
}

/// The records of `namespace` named `name`, in the table's order.
pub fn lookup<'a>(
    namespace: &'a str,
    name: &'a str,
) -> impl Iterator<Item = &'static Intrinsic> + 'a {
    INTRINSICS
        .iter()
        .filter(move |i| i.namespace == namespace && i.name == name)
}

#[cfg(test)]
mod tests;
