//! Type queries the builder's checks need (LangRef "Type System"), and type names in LLVM
//! assembly syntax for error messages.

use std::fmt::Write;

use crate::{Arena, Type, TypeData};

/// The type table the queries read.
pub(crate) type Types = Arena<Type, TypeData>;

/// `ty` in LLVM assembly syntax (`i32`, `<4 x float>`, `%struct.S*`); nested types deeper
/// than a few levels print as `...` so a message stays short.
pub(crate) fn type_name(types: &Types, ty: Type) -> String {
    let mut s = String::new();
    write_type(types, ty, 0, &mut s);
    s
}

/// A type not (yet) in the table, as [`type_name`] spells it (its subtypes are in the
/// table): what a message names when the builder refuses to make it.
pub(crate) fn data_name(types: &Types, data: &TypeData) -> String {
    let mut s = String::new();
    write_data(types, data, None, 0, &mut s);
    s
}

fn write_type(types: &Types, ty: Type, depth: u32, s: &mut String) {
    if depth > 6 {
        s.push_str("...");
        return;
    }
    let Some(d) = types.get(ty) else {
        let _ = write!(s, "<bad type {}>", ty.0);
        return;
    };
    write_data(types, d, Some(ty), depth, s);
}

/// `d` (the data of `ty` when it has an id) in LLVM syntax.
fn write_data(types: &Types, d: &TypeData, ty: Option<Type>, depth: u32, s: &mut String) {
    let list = |elems: &[Type], s: &mut String| {
        for (i, &e) in elems.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            write_type(types, e, depth + 1, s);
        }
    };
    match d {
        TypeData::Void => s.push_str("void"),
        TypeData::Half => s.push_str("half"),
        TypeData::Float => s.push_str("float"),
        TypeData::Double => s.push_str("double"),
        TypeData::X86Fp80 => s.push_str("x86_fp80"),
        TypeData::Fp128 => s.push_str("fp128"),
        TypeData::PpcFp128 => s.push_str("ppc_fp128"),
        TypeData::Label => s.push_str("label"),
        TypeData::Metadata => s.push_str("metadata"),
        TypeData::X86Mmx => s.push_str("x86_mmx"),
        TypeData::Int(b) => {
            let _ = write!(s, "i{b}");
        }
        TypeData::Pointer { pointee, addrspace } => {
            write_type(types, *pointee, depth + 1, s);
            if *addrspace != 0 {
                let _ = write!(s, " addrspace({addrspace})");
            }
            s.push('*');
        }
        TypeData::Array { len, elem } => {
            let _ = write!(s, "[{len} x ");
            write_type(types, *elem, depth + 1, s);
            s.push(']');
        }
        TypeData::Vector { len, elem } => {
            let _ = write!(s, "<{len} x ");
            write_type(types, *elem, depth + 1, s);
            s.push('>');
        }
        TypeData::Struct(st) if st.identified => match &st.name {
            Some(n) => {
                let _ = write!(s, "%{n}");
            }
            None => match ty {
                Some(ty) => {
                    let _ = write!(s, "%{}", ty.0);
                }
                None => s.push_str("%<unnamed struct>"),
            },
        },
        TypeData::Struct(st) => {
            s.push_str(if st.packed { "<{ " } else { "{ " });
            list(&st.elems, s);
            s.push_str(if st.packed { " }>" } else { " }" });
        }
        TypeData::Function {
            ret,
            params,
            vararg,
        } => {
            write_type(types, *ret, depth + 1, s);
            s.push_str(" (");
            list(params, s);
            if *vararg {
                s.push_str(if params.is_empty() { "..." } else { ", ..." });
            }
            s.push(')');
        }
    }
}

/// The scalar of `ty`: the element of a vector, `ty` itself otherwise.
pub(crate) fn scalar(types: &Types, ty: Type) -> Type {
    match types.get(ty) {
        Some(TypeData::Vector { elem, .. }) => *elem,
        _ => ty,
    }
}

/// The vector length of `ty` (`None` for a scalar).
pub(crate) fn vector_len(types: &Types, ty: Type) -> Option<u64> {
    match types.get(ty) {
        Some(TypeData::Vector { len, .. }) => Some(*len),
        _ => None,
    }
}

/// Integer width of `ty` (`None` when not an integer).
pub(crate) fn int_bits(types: &Types, ty: Type) -> Option<u32> {
    match types.get(ty) {
        Some(TypeData::Int(b)) => Some(*b),
        _ => None,
    }
}

/// True for integers and vectors of integers.
pub(crate) fn is_int_like(types: &Types, ty: Type) -> bool {
    int_bits(types, scalar(types, ty)).is_some()
}

/// True for floating-point types and vectors of them.
pub(crate) fn is_fp_like(types: &Types, ty: Type) -> bool {
    types.get(scalar(types, ty)).is_some_and(TypeData::is_float)
}

/// True for pointers and vectors of pointers.
pub(crate) fn is_ptr_like(types: &Types, ty: Type) -> bool {
    matches!(types.get(scalar(types, ty)), Some(TypeData::Pointer { .. }))
}

/// The pointee and address space of a pointer type.
pub(crate) fn pointee(types: &Types, ty: Type) -> Option<(Type, u32)> {
    match types.get(ty) {
        Some(TypeData::Pointer { pointee, addrspace }) => Some((*pointee, *addrspace)),
        _ => None,
    }
}

/// Bit size of a first-class primitive or vector type (`None` for aggregates, pointers,
/// labels and metadata, whose size the data layout decides).
pub(crate) fn primitive_bits(types: &Types, ty: Type) -> Option<u64> {
    Some(match types.get(ty)? {
        TypeData::Half => 16,
        TypeData::Float => 32,
        TypeData::Double | TypeData::X86Mmx => 64,
        TypeData::X86Fp80 => 80,
        TypeData::Fp128 | TypeData::PpcFp128 => 128,
        TypeData::Int(b) => u64::from(*b),
        TypeData::Vector { len, elem } => len.checked_mul(primitive_bits(types, *elem)?)?,
        _ => return None,
    })
}

/// The element type an aggregate index selects (`extractvalue`, `insertvalue`): struct
/// field or array element.
pub(crate) fn aggregate_elem(types: &Types, ty: Type, index: u64) -> Option<Type> {
    match types.get(ty)? {
        TypeData::Struct(s) if !s.opaque => s.elems.get(usize::try_from(index).ok()?).copied(),
        TypeData::Array { len, elem } if index < *len => Some(*elem),
        _ => None,
    }
}
