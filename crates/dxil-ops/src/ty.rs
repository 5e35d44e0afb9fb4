//! Types of operation signatures as plain descriptions ([`Ty`]), the overload letters of the
//! database (DXIL.rst, "Operations": "(v)oid, (h)alf, (f)loat, (d)ouble, (1)-bit, (8)-bit,
//! (w)ord, (i)nt, (l)ong"), and the overload suffix of function names
//! (`dx.op.bufferLoad.f32`, `dx.op.unary.v4f32`, `dx.op.traceRay.struct.Payload`).

use std::fmt::{self, Write};

use dxil_ir::{Module, Type, TypeData};

/// Cap on pointer nesting when describing an IR type (input-controlled).
const MAX_DEPTH: usize = 8;

/// A scalar overload type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scalar {
    /// `half` (`h`).
    Half,
    /// `float` (`f`).
    Float,
    /// `double` (`d`).
    Double,
    /// `i1` (`1`).
    I1,
    /// `i8` (`8`).
    I8,
    /// `i16` (`w`).
    I16,
    /// `i32` (`i`).
    I32,
    /// `i64` (`l`).
    I64,
}

impl Scalar {
    /// The database's overload letter.
    pub const fn letter(self) -> u8 {
        match self {
            Scalar::Half => b'h',
            Scalar::Float => b'f',
            Scalar::Double => b'd',
            Scalar::I1 => b'1',
            Scalar::I8 => b'8',
            Scalar::I16 => b'w',
            Scalar::I32 => b'i',
            Scalar::I64 => b'l',
        }
    }

    /// The name suffix (`f16`, `f32`, `f64`, `i1` ... `i64`).
    pub const fn suffix(self) -> &'static str {
        match self {
            Scalar::Half => "f16",
            Scalar::Float => "f32",
            Scalar::Double => "f64",
            Scalar::I1 => "i1",
            Scalar::I8 => "i8",
            Scalar::I16 => "i16",
            Scalar::I32 => "i32",
            Scalar::I64 => "i64",
        }
    }

    /// The LLVM type keyword (`half`, `float`, `i32`, ...).
    pub const fn keyword(self) -> &'static str {
        match self {
            Scalar::Half => "half",
            Scalar::Float => "float",
            Scalar::Double => "double",
            Scalar::I1 => "i1",
            Scalar::I8 => "i8",
            Scalar::I16 => "i16",
            Scalar::I32 => "i32",
            Scalar::I64 => "i64",
        }
    }

    /// 16 bits wide.
    pub const fn is_16_bit(self) -> bool {
        matches!(self, Scalar::Half | Scalar::I16)
    }

    /// The scalar an IR type is, if it is one.
    pub fn from_ir(t: &TypeData) -> Option<Scalar> {
        Some(match t {
            TypeData::Half => Scalar::Half,
            TypeData::Float => Scalar::Float,
            TypeData::Double => Scalar::Double,
            TypeData::Int(1) => Scalar::I1,
            TypeData::Int(8) => Scalar::I8,
            TypeData::Int(16) => Scalar::I16,
            TypeData::Int(32) => Scalar::I32,
            TypeData::Int(64) => Scalar::I64,
            _ => return None,
        })
    }
}

/// A type of an operation's function, described without an IR module so a builder can
/// materialise it in its own type table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    /// `void`.
    Void,
    /// A scalar.
    Scalar(Scalar),
    /// `<N x scalar>`.
    Vector(u32, Scalar),
    /// A named struct (`dx.types.Handle`, `struct.Payload`), without the `%`.
    Struct(String),
    /// A pointer to a type in an address space.
    Pointer(Box<Ty>, u32),
}

impl Ty {
    /// Describes IR type `ty` of module `m`; `None` for types signatures never use (arrays,
    /// literal structs, functions, ...).
    pub fn from_ir(m: &Module, ty: Type) -> Option<Ty> {
        from_ir(m, ty, 0)
    }

    /// Writes the overload suffix of this type (`f32`, `v4f32`, `struct.Payload`,
    /// `mC4M5N4U1S2`); `false` when the type has none.
    pub fn write_suffix(&self, out: &mut impl Write) -> Result<bool, fmt::Error> {
        match self {
            Ty::Void => Ok(false),
            Ty::Scalar(s) => out.write_str(s.suffix()).map(|_| true),
            Ty::Vector(n, s) => write!(out, "v{n}{}", s.suffix()).map(|_| true),
            Ty::Struct(name) => write_struct_suffix(name, out).map(|_| true),
            Ty::Pointer(p, _) => match &**p {
                Ty::Pointer(..) => Ok(false),
                inner => inner.write_suffix(out),
            },
        }
    }
}

fn from_ir(m: &Module, ty: Type, depth: usize) -> Option<Ty> {
    let t = m.ty(ty)?;
    if let Some(s) = Scalar::from_ir(t) {
        return Some(Ty::Scalar(s));
    }
    Some(match t {
        TypeData::Void => Ty::Void,
        TypeData::Vector { len, elem } => {
            Ty::Vector(u32::try_from(*len).ok()?, Scalar::from_ir(m.ty(*elem)?)?)
        }
        TypeData::Struct(st) => Ty::Struct(st.name.clone()?),
        TypeData::Pointer { pointee, addrspace } if depth < MAX_DEPTH => {
            Ty::Pointer(Box::new(from_ir(m, *pointee, depth + 1)?), *addrspace)
        }
        _ => return None,
    })
}

/// The suffix a named struct gives a function name: its name, except that the matrices of
/// the linear algebra operations (`dx.types.LinAlgMatrixC4M5N4U1S2`) are shortened to
/// `mC4M5N4U1S2`, as the corpus spells them.
pub(crate) fn write_struct_suffix(name: &str, out: &mut impl Write) -> fmt::Result {
    match name.strip_prefix("dx.types.LinAlgMatrix") {
        Some(rest) => {
            out.write_char('m')?;
            out.write_str(rest)
        }
        None => out.write_str(name),
    }
}

/// Writes the overload suffix of IR type `ty`; `false` when it has none.
pub(crate) fn write_ir_suffix(
    m: &Module,
    ty: Type,
    out: &mut impl Write,
) -> Result<bool, fmt::Error> {
    let Some(t) = m.ty(ty) else { return Ok(false) };
    if let Some(s) = Scalar::from_ir(t) {
        out.write_str(s.suffix())?;
        return Ok(true);
    }
    match t {
        TypeData::Vector { len, elem } => match m.ty(*elem).and_then(Scalar::from_ir) {
            Some(s) => write!(out, "v{len}{}", s.suffix()).map(|_| true),
            None => Ok(false),
        },
        TypeData::Struct(st) => match &st.name {
            Some(n) => write_struct_suffix(n, out).map(|_| true),
            None => Ok(false),
        },
        TypeData::Pointer { pointee, .. } => match m.ty(*pointee) {
            Some(TypeData::Struct(st)) => match &st.name {
                Some(n) => write_struct_suffix(n, out).map(|_| true),
                None => Ok(false),
            },
            _ => Ok(false),
        },
        _ => Ok(false),
    }
}

impl fmt::Display for Ty {
    /// The LLVM 3.7 text of the type (`%dx.types.Handle`, `<4 x float>`,
    /// `float addrspace(3)*`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ty::Void => f.write_str("void"),
            Ty::Scalar(s) => f.write_str(s.keyword()),
            Ty::Vector(n, s) => write!(f, "<{n} x {}>", s.keyword()),
            Ty::Struct(n) => write!(f, "%{n}"),
            Ty::Pointer(p, 0) => write!(f, "{p}*"),
            Ty::Pointer(p, a) => write!(f, "{p} addrspace({a})*"),
        }
    }
}

/// A writer that compares what is written with a text, consuming it: the name checks write a
/// name piecewise against the callee's name without building it.
pub(crate) struct Expect<'a> {
    pub(crate) rest: &'a str,
}

impl Write for Expect<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        match self.rest.strip_prefix(s) {
            Some(r) => {
                self.rest = r;
                Ok(())
            }
            None => Err(fmt::Error),
        }
    }
}
