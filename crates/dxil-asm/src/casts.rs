//! Which casts are valid (LLVM 3.7 `CastInst::castIsValid`, LangRef "Conversion
//! Operations"), and the type spelling of the parser's refusal ("invalid cast opcode for cast
//! from 'T' to 'U'", as LLVM's `getTypeString` prints: an identified struct with its body).

use dxil_ir::{CastOp, Type, TypeData};

use crate::parser::Parser;

/// What a type is made of, as far as casts care.
struct Shape<'a> {
    data: Option<&'a TypeData>,
    /// The element type of a vector, else the type itself.
    scalar: Option<&'a TypeData>,
    /// Vector length, 0 for scalars.
    len: u64,
}

fn shape(types: &[TypeData], ty: Type) -> Shape<'_> {
    let data = types.get(ty.index());
    match data {
        Some(TypeData::Vector { len, elem }) => Shape {
            data,
            scalar: types.get(elem.index()),
            len: *len,
        },
        _ => Shape {
            data,
            scalar: data,
            len: 0,
        },
    }
}

/// `getPrimitiveSizeInBits` of a scalar (0 for pointers and the other non-primitive types).
fn scalar_bits(t: Option<&TypeData>) -> u64 {
    match t {
        Some(TypeData::Int(b)) => u64::from(*b),
        Some(TypeData::Half) => 16,
        Some(TypeData::Float) => 32,
        Some(TypeData::Double) | Some(TypeData::X86Mmx) => 64,
        Some(TypeData::X86Fp80) => 80,
        Some(TypeData::Fp128) | Some(TypeData::PpcFp128) => 128,
        _ => 0,
    }
}

fn is_int(t: Option<&TypeData>) -> bool {
    matches!(t, Some(TypeData::Int(_)))
}

fn is_fp(t: Option<&TypeData>) -> bool {
    t.is_some_and(TypeData::is_float)
}

fn addrspace(t: Option<&TypeData>) -> Option<u32> {
    match t {
        Some(TypeData::Pointer { addrspace, .. }) => Some(*addrspace),
        _ => None,
    }
}

/// LLVM 3.7's `CastInst::castIsValid`: whether `op` may convert a `from` value to `to`.
pub(crate) fn cast_is_valid(types: &[TypeData], op: CastOp, from: Type, to: Type) -> bool {
    let (s, d) = (shape(types, from), shape(types, to));
    let first_class_scalar = |t: Option<&TypeData>| {
        !matches!(
            t,
            None | Some(TypeData::Function { .. })
                | Some(TypeData::Void)
                | Some(TypeData::Struct(_))
                | Some(TypeData::Array { .. })
        )
    };
    if !first_class_scalar(s.data) || !first_class_scalar(d.data) {
        return false;
    }
    let (sb, db) = (scalar_bits(s.scalar), scalar_bits(d.scalar));
    let same_len = s.len == d.len;
    match op {
        CastOp::Trunc => is_int(s.scalar) && is_int(d.scalar) && same_len && sb > db,
        CastOp::ZExt | CastOp::SExt => is_int(s.scalar) && is_int(d.scalar) && same_len && sb < db,
        CastOp::FpTrunc => is_fp(s.scalar) && is_fp(d.scalar) && same_len && sb > db,
        CastOp::FpExt => is_fp(s.scalar) && is_fp(d.scalar) && same_len && sb < db,
        CastOp::UiToFp | CastOp::SiToFp => is_int(s.scalar) && is_fp(d.scalar) && same_len,
        CastOp::FpToUi | CastOp::FpToSi => is_fp(s.scalar) && is_int(d.scalar) && same_len,
        CastOp::PtrToInt => same_len && addrspace(s.scalar).is_some() && is_int(d.scalar),
        CastOp::IntToPtr => same_len && is_int(s.scalar) && addrspace(d.scalar).is_some(),
        CastOp::BitCast => match (addrspace(s.scalar), addrspace(d.scalar)) {
            (None, None) => sb * s.len.max(1) == db * d.len.max(1),
            (Some(a), Some(b)) => a == b && same_len,
            _ => false,
        },
        CastOp::AddrSpaceCast => match (addrspace(s.scalar), addrspace(d.scalar)) {
            (Some(a), Some(b)) => a != b && same_len,
            _ => false,
        },
    }
}

impl Parser<'_> {
    /// The type as LLVM's `getTypeString` spells it in messages: an identified struct is
    /// followed by ` = type` and its body.
    pub(crate) fn type_string(&self, ty: Type) -> String {
        let mut s = self.type_str(ty);
        if let Some(TypeData::Struct(st)) = self.ty_data(ty) {
            if st.identified {
                if st.opaque {
                    s.push_str(" = type opaque");
                } else {
                    let elems: Vec<String> = st.elems.iter().map(|&e| self.type_str(e)).collect();
                    let (open, close) = if st.packed {
                        ("<{ ", " }>")
                    } else {
                        ("{ ", " }")
                    };
                    s.push_str(" = type ");
                    s.push_str(open);
                    s.push_str(&elems.join(", "));
                    s.push_str(close);
                }
            }
        }
        s
    }

    /// The parser's refusal of an invalid cast.
    pub(crate) fn invalid_cast(&self, from: Type, to: Type) -> String {
        format!(
            "invalid cast opcode for cast from '{}' to '{}'",
            self.type_string(from),
            self.type_string(to)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn types() -> dxil_ir::Arena<Type, TypeData> {
        let mut t = dxil_ir::Arena::new();
        let i32t = t.push(TypeData::Int(32)); // 0
        let i16t = t.push(TypeData::Int(16)); // 1
        t.push(TypeData::Float); // 2
        t.push(TypeData::Half); // 3
        let p = t.push(TypeData::Pointer {
            pointee: i32t,
            addrspace: 0,
        }); // 4
        t.push(TypeData::Pointer {
            pointee: i32t,
            addrspace: 3,
        }); // 5
        t.push(TypeData::Vector { len: 2, elem: i16t }); // 6: <2 x i16>
        t.push(TypeData::Struct(dxil_ir::StructType {
            name: Some("S".into()),
            identified: true,
            elems: Box::new([p]),
            ..Default::default()
        })); // 7
        t
    }

    #[test]
    fn llvm_cast_rules() {
        let t = types();
        let id = |i| t.id_of(i).unwrap();
        let ok = |op, a, b| cast_is_valid(&t, op, id(a), id(b));
        assert!(ok(CastOp::Trunc, 0, 1));
        assert!(!ok(CastOp::Trunc, 1, 0));
        assert!(ok(CastOp::ZExt, 1, 0));
        assert!(ok(CastOp::FpExt, 3, 2));
        assert!(!ok(CastOp::FpExt, 2, 3));
        assert!(ok(CastOp::SiToFp, 0, 2));
        assert!(ok(CastOp::BitCast, 0, 2));
        assert!(ok(CastOp::BitCast, 0, 6)); // i32 <-> <2 x i16>
        assert!(!ok(CastOp::BitCast, 0, 1));
        assert!(!ok(CastOp::BitCast, 0, 4)); // int to pointer
        assert!(!ok(CastOp::BitCast, 4, 5)); // address spaces differ
        assert!(ok(CastOp::AddrSpaceCast, 4, 5));
        assert!(ok(CastOp::PtrToInt, 4, 0));
        assert!(ok(CastOp::IntToPtr, 0, 4));
        assert!(!ok(CastOp::BitCast, 7, 7)); // aggregates never cast
    }
}
