//! HLSL's types as the analysis sees them: scalars (with the minimum-precision and literal
//! kinds), vectors, matrices, arrays, structs, enums, the built-in object types, and the
//! parameters of templates not yet instantiated; interned, so two equal types have one id.

use std::collections::HashMap;

use crate::pp::token::Sym;

/// A scalar type as written (its storage in DXIL depends on `-enable-16bit-types`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// `bool`.
    Bool,
    /// `int16_t`.
    I16,
    /// `uint16_t`.
    U16,
    /// `int`, `int32_t`.
    I32,
    /// `uint`, `dword`, `uint32_t`.
    U32,
    /// `int64_t`.
    I64,
    /// `uint64_t`.
    U64,
    /// `half` (32-bit without `-enable-16bit-types`).
    Half,
    /// `float16_t`.
    F16,
    /// `float`, `float32_t`.
    F32,
    /// `double`, `float64_t`.
    F64,
    /// `min16float`.
    Min16Float,
    /// `min10float`.
    Min10Float,
    /// `min16int`.
    Min16Int,
    /// `min12int`.
    Min12Int,
    /// `min16uint`.
    Min16Uint,
    /// An integer literal's type before a conversion gives it one.
    IntLiteral,
    /// A floating literal's type before a conversion gives it one.
    FloatLiteral,
}

impl Scalar {
    /// The scalar a type name starts with (`float` of `float4x4`).
    pub fn from_name(name: &str) -> Option<Scalar> {
        Some(match name {
            "bool" => Scalar::Bool,
            "int" | "int32_t" => Scalar::I32,
            "uint" | "dword" | "uint32_t" | "int8_t4_packed" | "uint8_t4_packed" => Scalar::U32,
            "int16_t" => Scalar::I16,
            "uint16_t" => Scalar::U16,
            "int64_t" => Scalar::I64,
            "uint64_t" => Scalar::U64,
            "half" => Scalar::Half,
            "float16_t" => Scalar::F16,
            "float" | "float32_t" => Scalar::F32,
            "double" | "float64_t" => Scalar::F64,
            "min16float" => Scalar::Min16Float,
            "min10float" => Scalar::Min10Float,
            "min16int" => Scalar::Min16Int,
            "min12int" => Scalar::Min12Int,
            "min16uint" => Scalar::Min16Uint,
            _ => return None,
        })
    }

    /// The spelling clang prints in diagnostics.
    pub fn name(self) -> &'static str {
        match self {
            Scalar::Bool => "bool",
            Scalar::I16 => "int16_t",
            Scalar::U16 => "uint16_t",
            Scalar::I32 => "int",
            Scalar::U32 => "uint",
            Scalar::I64 => "int64_t",
            Scalar::U64 => "uint64_t",
            Scalar::Half => "half",
            Scalar::F16 => "float16_t",
            Scalar::F32 => "float",
            Scalar::F64 => "double",
            Scalar::Min16Float => "min16float",
            Scalar::Min10Float => "min10float",
            Scalar::Min16Int => "min16int",
            Scalar::Min12Int => "min12int",
            Scalar::Min16Uint => "min16uint",
            Scalar::IntLiteral => "literal int",
            Scalar::FloatLiteral => "literal float",
        }
    }

    /// Whether it is a floating type.
    pub fn is_float(self) -> bool {
        matches!(
            self,
            Scalar::Half
                | Scalar::F16
                | Scalar::F32
                | Scalar::F64
                | Scalar::Min16Float
                | Scalar::Min10Float
                | Scalar::FloatLiteral
        )
    }
}

/// A built-in object type (its template argument, if any, is the element type).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Object {
    /// Its name as written (`RWStructuredBuffer`); the analysis and lowering read the kind
    /// from the name through [`crate::parse::names`].
    pub name: Sym,
    /// The element type (`float4` of `Buffer<float4>`), when it takes one.
    pub elem: Option<TyId>,
    /// Further constant template arguments (`Texture2DMS<float4, 8>`'s sample count,
    /// `RayQuery<flags>`).
    pub consts: [Option<i64>; 2],
}

/// A type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// `void`.
    Void,
    /// A scalar.
    Scalar(Scalar),
    /// `vector<T, N>`.
    Vector(Scalar, u16),
    /// `matrix<T, R, C>`.
    Matrix(Scalar, u8, u8),
    /// `T[N]`.
    Array(TyId, u32),
    /// `T[]` (an unbounded resource array or a parameter).
    UnsizedArray(TyId),
    /// A struct or class, by its declaration's position among the analysis's structs.
    Struct(u32),
    /// An enum, by its position among the analysis's enums.
    Enum(u32),
    /// A built-in object (resource, sampler, stream, patch, ray query...).
    Object(Object),
    /// `string`.
    String,
    /// A template's type parameter, before instantiation.
    Param(Sym),
}

/// A type in [`Types`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TyId(u32);

/// Every type the analysis made, each once.
#[derive(Clone, Debug, Default)]
pub struct Types {
    list: Vec<Ty>,
    ids: HashMap<Ty, TyId>,
}

impl Types {
    /// The id of `ty`, adding it when new.
    pub fn intern(&mut self, ty: Ty) -> TyId {
        if let Some(&id) = self.ids.get(&ty) {
            return id;
        }
        let id = TyId(self.list.len() as u32);
        self.list.push(ty);
        self.ids.insert(ty, id);
        id
    }

    /// The type `id` (made by this table).
    pub fn get(&self, id: TyId) -> Ty {
        self.list[id.0 as usize]
    }

    /// How many types.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }
}

/// The type a built-in name without template arguments names: scalars and their vector
/// and matrix forms (`float4`, `min16int2x3`), and `vector`/`matrix` alone (`float4`,
/// `float4x4`).
pub fn builtin_numeric(name: &str) -> Option<Ty> {
    match name {
        "vector" => return Some(Ty::Vector(Scalar::F32, 4)),
        "matrix" => return Some(Ty::Matrix(Scalar::F32, 4, 4)),
        "void" => return Some(Ty::Void),
        "string" => return Some(Ty::String),
        _ => {}
    }
    if let Some(s) = Scalar::from_name(name) {
        return Some(Ty::Scalar(s));
    }
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == 'x');
    let s = Scalar::from_name(base)?;
    let tail = &name[base.len()..];
    let dim = |d: &str| d.parse::<u8>().ok().filter(|n| (1..=4).contains(n));
    match tail.split_once('x') {
        None => Some(Ty::Vector(s, u16::from(dim(tail)?))),
        Some((r, c)) => Some(Ty::Matrix(s, dim(r)?, dim(c)?)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numeric_names() {
        assert_eq!(builtin_numeric("float4"), Some(Ty::Vector(Scalar::F32, 4)));
        assert_eq!(
            builtin_numeric("min16int2x3"),
            Some(Ty::Matrix(Scalar::Min16Int, 2, 3))
        );
        assert_eq!(
            builtin_numeric("uint64_t3"),
            Some(Ty::Vector(Scalar::U64, 3))
        );
        assert_eq!(builtin_numeric("dword"), Some(Ty::Scalar(Scalar::U32)));
        assert_eq!(builtin_numeric("float5"), None);
        let mut t = Types::default();
        let a = t.intern(Ty::Scalar(Scalar::F32));
        assert_eq!(t.intern(Ty::Scalar(Scalar::F32)), a);
        assert_ne!(t.intern(Ty::Vector(Scalar::F32, 2)), a);
    }
}
