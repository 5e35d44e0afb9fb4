//! Operation types in the module's type table: the database's plain descriptions
//! ([`dxil_ops::Ty`]) materialised through the IR builder, with the bodies of the
//! `%dx.types.*` structs the operations use (DXIL.rst "Operations": `ResRet`, `CBufRet`,
//! `Dimensions`, `SamplePos`, handles, ...).

use dxil_ir::build::ModuleBuilder;
use dxil_ir::{Type, TypeData};
use dxil_ops::{Scalar, Ty};

use crate::error::{Error, ErrorKind, Result};

/// The IR type of scalar `s`.
pub fn scalar_type(mb: &mut ModuleBuilder, s: Scalar) -> Result<Type> {
    let data = match s {
        Scalar::Half => TypeData::Half,
        Scalar::Float => TypeData::Float,
        Scalar::Double => TypeData::Double,
        Scalar::I1 => TypeData::Int(1),
        Scalar::I8 => TypeData::Int(8),
        Scalar::I16 => TypeData::Int(16),
        Scalar::I32 => TypeData::Int(32),
        Scalar::I64 => TypeData::Int(64),
    };
    mb.ty(data).map_err(Error::ir)
}

/// The IR scalar type that holds a component of `ct` (16-bit and 64-bit types as such,
/// normalized floats as their float, packed 8-bit quadruples as `i32`).
pub fn component_scalar_type(
    mb: &mut ModuleBuilder,
    ct: dxil_parts::names::ComponentType,
) -> Result<Type> {
    use dxil_parts::names::ComponentType as C;
    let s = match ct {
        C::I1 => Scalar::I1,
        C::I16 | C::U16 => Scalar::I16,
        C::I64 | C::U64 => Scalar::I64,
        C::F16 | C::SNormF16 | C::UNormF16 => Scalar::Half,
        C::F32 | C::SNormF32 | C::UNormF32 => Scalar::Float,
        C::F64 | C::SNormF64 | C::UNormF64 => Scalar::Double,
        _ => Scalar::I32,
    };
    scalar_type(mb, s)
}

/// The element types of a `%dx.types.*` struct, or `None` for a name this module does not
/// define (user structs: payloads, attributes, node records).
fn dx_struct_body(name: &str) -> Option<Vec<Ty>> {
    let s = |k: &str| scalar_named(k).map(Ty::Scalar);
    let rest = name.strip_prefix("dx.types.")?;
    let i8p = || Ty::Pointer(Box::new(Ty::Scalar(Scalar::I8)), 0);
    let rep = |t: Ty, n: usize| vec![t; n];
    Some(match rest {
        "Handle" | "HitObject" | "NodeHandle" | "NodeRecordHandle" => vec![i8p()],
        _ if rest.starts_with("LinAlgMatrix") => vec![i8p()],
        "Dimensions" | "fouri32" => rep(s("i32")?, 4),
        "fouri16" => rep(s("i16")?, 4),
        "twoi32" | "splitdouble" | "NodeInfo" | "NodeRecordInfo" | "ResourceProperties" => {
            rep(s("i32")?, 2)
        }
        "SamplePos" => rep(s("f32")?, 2),
        "i32c" => vec![s("i32")?, s("i1")?],
        "ResBind" => vec![s("i32")?, s("i32")?, s("i32")?, s("i8")?],
        _ => {
            if let Some(sfx) = rest.strip_prefix("ResRet.") {
                let i32t = s("i32")?;
                if let Some(v) = sfx.strip_prefix('v') {
                    let split = v.find(|c: char| !c.is_ascii_digit())?;
                    let n: u32 = v[..split].parse().ok()?;
                    let elem = scalar_named(&v[split..])?;
                    return Some(vec![Ty::Vector(n, elem), i32t]);
                }
                let e = s(sfx)?;
                return Some(vec![e.clone(), e.clone(), e.clone(), e, i32t]);
            }
            let sfx = rest.strip_prefix("CBufRet.")?;
            let (scalar, eight) = match sfx.strip_suffix(".8") {
                Some(x) => (x, true),
                None => (sfx, false),
            };
            let e = s(scalar)?;
            let n = match (scalar, eight) {
                (_, true) => 8,
                ("f64" | "i64", false) => 2,
                _ => 4,
            };
            rep(e, n)
        }
    })
}

/// The fields a LinAlg matrix type's name spells after its prefix
/// (`dx.types.LinAlgMatrixC9M4N4U0S1`): component type, rows, columns, use and scope, in
/// the order its `dx.targetTypes` record gives them; `None` for other names.
pub(crate) fn matrix_shape(name: &str) -> Option<[u32; 5]> {
    let mut rest = name.strip_prefix("dx.types.LinAlgMatrix")?;
    let mut out = [0; 5];
    for (field, tag) in out.iter_mut().zip(['C', 'M', 'N', 'U', 'S']) {
        let r = rest.strip_prefix(tag)?;
        let end = r.find(|c: char| !c.is_ascii_digit()).unwrap_or(r.len());
        *field = r[..end].parse().ok()?;
        rest = &r[end..];
    }
    rest.is_empty().then_some(out)
}

/// The scalar an overload suffix (`f32`, `i1`, ...) names.
fn scalar_named(suffix: &str) -> Option<Scalar> {
    Some(match suffix {
        "f16" => Scalar::Half,
        "f32" => Scalar::Float,
        "f64" => Scalar::Double,
        "i1" => Scalar::I1,
        "i8" => Scalar::I8,
        "i16" => Scalar::I16,
        "i32" => Scalar::I32,
        "i64" => Scalar::I64,
        _ => return None,
    })
}

/// Materialises `ty`: scalars, vectors, pointers, and named structs (a `%dx.types.*` struct
/// gets its body the first time; other names must have been defined by the caller).
pub fn ir_type(mb: &mut ModuleBuilder, ty: &Ty) -> Result<Type> {
    Ok(match ty {
        Ty::Void => mb.void(),
        Ty::Scalar(s) => scalar_type(mb, *s)?,
        Ty::Vector(n, s) => {
            let elem = scalar_type(mb, *s)?;
            mb.ty(TypeData::Vector {
                len: u64::from(*n),
                elem,
            })
            .map_err(Error::ir)?
        }
        Ty::Pointer(p, addrspace) => {
            let pointee = ir_type(mb, p)?;
            mb.pointer(pointee, *addrspace).map_err(Error::ir)?
        }
        Ty::Struct(name) => {
            let t = mb.struct_named(name);
            let opaque = matches!(
                mb.module().ty(t),
                Some(TypeData::Struct(st)) if st.opaque
            );
            if opaque {
                let body = dx_struct_body(name).ok_or_else(|| {
                    Error::new(
                        ErrorKind::Operand,
                        format!("struct `%{name}` must be defined before use"),
                    )
                })?;
                let elems = body
                    .iter()
                    .map(|e| ir_type(mb, e))
                    .collect::<Result<Vec<_>>>()?;
                mb.set_struct_body(t, &elems, false).map_err(Error::ir)?;
            }
            t
        }
    })
}

#[cfg(test)]
mod tests {
    use super::matrix_shape;

    #[test]
    fn matrix_names_spell_their_target_type_fields() {
        let shape = matrix_shape("dx.types.LinAlgMatrixC21M7N15U0S2");
        assert_eq!(shape, Some([21, 7, 15, 0, 2]));
        for bad in [
            "dx.types.Handle",
            "dx.types.LinAlgMatrixC9M4N4U0",
            "dx.types.LinAlgMatrixC9M4N4U0S1x",
            "dx.types.LinAlgMatrixM4C9N4U0S1",
            "dx.types.LinAlgMatrixCM4N4U0S1",
        ] {
            assert_eq!(matrix_shape(bad), None, "{bad}");
        }
    }
}
