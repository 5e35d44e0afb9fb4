//! What the database's operand type codes mean (`i32`, `$o`, `res`, `$r`, ...), relative to
//! the overload types of one call. The facts are those of DXIL.rst ("Operations", "Resource
//! operations") and of the functions the reference declares in the corpus; the decoder checks
//! IR types against them and the signatures materialise them.

use crate::ty::Scalar;

/// The most overload types one operation has (`o,o,o,o`).
pub const MAX_OVERLOADS: usize = 4;

/// A type code relative to the overloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// `v`.
    Void,
    /// A fixed scalar (`i32`, `u32`, `i8`, `u8`, `i1`, `f`, `h`, `d`, `i16`, `i64`).
    Scalar(Scalar),
    /// A fixed vector (`int2`: `<2 x i32>`).
    Vector(u32, Scalar),
    /// A pointer to a fixed scalar (`pf32`: `float*`).
    ScalarPtr(Scalar, u32),
    /// A fixed named struct (`res`: `%dx.types.Handle`).
    Named(&'static str),
    /// Overload `k` itself (`$o`, `$x0`..`$x3`, `$udt`, `$obj`).
    Slot(u8),
    /// A pointer to overload `k` in an address space (`$x_gs1`: group shared memory).
    SlotPtr(u8, u32),
    /// A struct named by a prefix and the suffix of overload `k`, whose first element is the
    /// overload (`$r`: `%dx.types.ResRet.f32`; `$cb`: `%dx.types.CBufRet.f32`, with `.8` for
    /// native 16-bit types, which pack eight to a row; `$vec4`: `%dx.types.fouri32`).
    NamedOf(&'static str, u8),
    /// `<N x overload k>` (`$vec9`).
    VectorOf(u32, u8),
    /// The element type of overload `k` when it is a vector, else the overload (`$elt`).
    Elt(u8),
    /// A scalar shaped like overload `k`: itself when `k` is a scalar, a vector of as many
    /// elements when `k` is a vector (`$o_i1`, `$o_i32`).
    Like(u8, Scalar),
}

impl Shape {
    /// The shape of a database type code; `None` for a code this crate does not know.
    pub(crate) fn of(code: &str) -> Option<Shape> {
        Some(match code {
            "v" => Shape::Void,
            "i32" | "u32" => Shape::Scalar(Scalar::I32),
            "i8" | "u8" => Shape::Scalar(Scalar::I8),
            "i1" => Shape::Scalar(Scalar::I1),
            "i16" => Shape::Scalar(Scalar::I16),
            "i64" => Shape::Scalar(Scalar::I64),
            "f" => Shape::Scalar(Scalar::Float),
            "h" => Shape::Scalar(Scalar::Half),
            "d" => Shape::Scalar(Scalar::Double),
            "int2" => Shape::Vector(2, Scalar::I32),
            "pf32" => Shape::ScalarPtr(Scalar::Float, 0),
            "res" => Shape::Named("dx.types.Handle"),
            "resbind" => Shape::Named("dx.types.ResBind"),
            "resproperty" => Shape::Named("dx.types.ResourceProperties"),
            "dims" => Shape::Named("dx.types.Dimensions"),
            "SamplePos" => Shape::Named("dx.types.SamplePos"),
            "splitdouble" => Shape::Named("dx.types.splitdouble"),
            "twoi32" => Shape::Named("dx.types.twoi32"),
            "fouri32" => Shape::Named("dx.types.fouri32"),
            "i32c" => Shape::Named("dx.types.i32c"),
            "nodehandle" => Shape::Named("dx.types.NodeHandle"),
            "noderecordhandle" => Shape::Named("dx.types.NodeRecordHandle"),
            "nodeproperty" => Shape::Named("dx.types.NodeInfo"),
            "noderecordproperty" => Shape::Named("dx.types.NodeRecordInfo"),
            "hit_object" => Shape::Named("dx.types.HitObject"),
            "$o" | "$x0" | "$udt" | "$obj" => Shape::Slot(0),
            "$x1" => Shape::Slot(1),
            "$x2" => Shape::Slot(2),
            "$x3" => Shape::Slot(3),
            "$x_gs1" => Shape::SlotPtr(1, 3),
            "$r" => Shape::NamedOf("dx.types.ResRet.", 0),
            "$cb" => Shape::NamedOf("dx.types.CBufRet.", 0),
            "$vec4" => Shape::NamedOf("dx.types.four", 0),
            "$vec9" => Shape::VectorOf(9, 0),
            "$elt" => Shape::Elt(0),
            "$o_i1" => Shape::Like(0, Scalar::I1),
            "$o_i32" => Shape::Like(0, Scalar::I32),
            _ => return None,
        })
    }

    /// The overload this shape determines from a type alone, if any.
    pub(crate) fn defines(self) -> Option<u8> {
        match self {
            Shape::Slot(k)
            | Shape::SlotPtr(k, _)
            | Shape::NamedOf(_, k)
            | Shape::VectorOf(_, k) => Some(k),
            _ => None,
        }
    }
}

/// The suffix `$cb` adds after a 16-bit overload when 16-bit types are native: eight values
/// to a 16-byte row (`%dx.types.CBufRet.f16.8`, eight elements); with minimum precision the
/// struct has four elements and no suffix (`%dx.types.CBufRet.f16`), as the corpus declares.
pub(crate) fn named_of_tail(prefix: &str, overload: Option<Scalar>, elems: usize) -> &'static str {
    if prefix == "dx.types.CBufRet." && overload.is_some_and(Scalar::is_16_bit) && elems == 8 {
        ".8"
    } else {
        ""
    }
}

/// The allowed overloads of one overload position: the letters of one comma-separated group
/// of the database's overload string (`hf<hf`: `half`/`float` scalars and vectors).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverloadSet<'a> {
    scalars: &'a str,
    vectors: &'a str,
}

impl<'a> OverloadSet<'a> {
    /// Parses one group: scalar letters, then optionally `<` and vector element letters.
    pub fn parse(group: &'a str) -> OverloadSet<'a> {
        match group.split_once('<') {
            Some((s, v)) => OverloadSet {
                scalars: s,
                vectors: v,
            },
            None => OverloadSet {
                scalars: group,
                vectors: "",
            },
        }
    }

    /// `void` is allowed (the operation is not overloaded at this position).
    pub fn allows_void(&self) -> bool {
        self.scalars.contains('v')
    }

    /// The scalar is allowed.
    pub fn allows_scalar(&self, s: Scalar) -> bool {
        self.scalars.as_bytes().contains(&s.letter())
    }

    /// A vector of the scalar is allowed.
    pub fn allows_vector(&self, s: Scalar) -> bool {
        self.vectors.as_bytes().contains(&s.letter())
    }

    /// A user-defined type is allowed (`u`: a pointer to a struct).
    pub fn allows_udt(&self) -> bool {
        self.scalars.contains('u')
    }

    /// An object is allowed (`o`: a struct by value, such as a matrix or a resource).
    pub fn allows_object(&self) -> bool {
        self.scalars.contains('o')
    }
}

/// The overload sets of an operation, one per overload position.
pub(crate) fn overload_sets(overloads: &str) -> impl Iterator<Item = OverloadSet<'_>> {
    overloads.split(',').map(OverloadSet::parse)
}
