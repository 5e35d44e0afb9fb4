//! The types DXIL allows (DXIL.rst "Primitive Types", "Vectors", "Aggregate Types";
//! `TYPES.*`, `DECL.DXILNSRESERVED`, `INSTR.DXILSTRUCTUSER`): the reference's `ValidateType`,
//! run on the types instructions load, store, allocate and index and on internal globals.

use std::collections::HashMap;

use dxil_ir::{Type, TypeData};
use dxil_ops::ValidationRule as R;

use crate::context::Ctx;
use crate::util;

/// The overload suffix of a scalar type in the names of the operation types
/// (`dx.types.ResRet.f32`).
fn scalar_suffix(t: &TypeData) -> Option<&'static str> {
    Some(match t {
        TypeData::Half => "f16",
        TypeData::Float => "f32",
        TypeData::Double => "f64",
        TypeData::Int(1) => "i1",
        TypeData::Int(8) => "i8",
        TypeData::Int(16) => "i16",
        TypeData::Int(32) => "i32",
        TypeData::Int(64) => "i64",
        _ => return None,
    })
}

/// Whether a struct named `name` with `elems` is one of the structs the DXIL operations
/// return (`dx.types.ResRet.*`, `dx.types.CBufRet.*`, `dx.types.Dimensions`, ...): the
/// reference compares with the types its operation table creates, which it finds by these
/// names in the module (DXIL.rst "Operation types").
pub(crate) fn is_dxil_builtin_struct(
    ctx: &Ctx,
    name: &str,
    elems: &[Type],
    min_precision: bool,
) -> bool {
    const FIXED: [&str; 8] = [
        "dx.types.i32c",
        "dx.types.twoi32",
        "dx.types.fouri32",
        "dx.types.fouri16",
        "dx.types.Dimensions",
        "dx.types.Handle",
        "dx.types.SamplePos",
        "dx.types.splitdouble",
    ];
    if FIXED.contains(&name) {
        return true;
    }
    let m = ctx.m;
    let Some(elem) = elems.first().map(|&t| m.ty(t)) else {
        return false;
    };
    let resret = |elem: &TypeData| -> Option<String> {
        match elem {
            TypeData::Vector { len, elem } => {
                let s = scalar_suffix(m.ty(*elem))?;
                Some(format!("dx.types.ResRet.v{len}{s}"))
            }
            t => Some(format!("dx.types.ResRet.{}", scalar_suffix(t)?)),
        }
    };
    let cbufret = |elem: &TypeData| -> Option<String> {
        let s = scalar_suffix(elem)?;
        let eight = !min_precision && matches!(elem, TypeData::Half | TypeData::Int(16));
        Some(if eight {
            format!("dx.types.CBufRet.{s}.8")
        } else {
            format!("dx.types.CBufRet.{s}")
        })
    };
    let expected = match elems.len() {
        2 if matches!(elem, TypeData::Vector { .. }) => resret(elem),
        2 | 4 | 8 => cbufret(elem),
        5 => resret(elem),
        _ => None,
    };
    expected.is_some_and(|e| e == name)
}

/// `Type::print`: a named (identified) struct is followed by ` = type ` and its body.
fn type_print(ctx: &Ctx, ty: Type) -> String {
    let m = ctx.m;
    let mut out = util::type_text(m, ty);
    let TypeData::Struct(st) = m.ty(ty) else {
        return out;
    };
    if !st.identified || st.name.as_deref().is_none_or(str::is_empty) {
        return out;
    }
    out.push_str(" = type ");
    if st.opaque {
        out.push_str("opaque");
        return out;
    }
    if st.packed {
        out.push('<');
    }
    if st.elems.is_empty() {
        out.push_str("{}");
    } else {
        let elems = dxil_text::type_texts(m, &st.elems);
        out.push_str("{ ");
        out.push_str(&elems.join(", "));
        out.push_str(" }");
    }
    if st.packed {
        out.push('>');
    }
    out
}

/// `IsValidIntBitWidth`: the integer widths DXIL has.
pub(crate) fn valid_int_width(bits: u32) -> bool {
    matches!(bits, 1 | 8 | 16 | 32 | 64)
}

/// `ValidateType` with memoized answers: a type found valid once is valid again (no
/// diagnostics), and type spellings are computed once.
pub(crate) struct TypeCheck {
    valid: HashMap<Type, bool>,
    texts: HashMap<Type, String>,
    /// The module is a library (every type but the operation structs is allowed).
    pub is_lib: bool,
    /// Shader model 6.9 or later (vectors of more than one element are allowed).
    pub sm69: bool,
    /// The module's min precision mode (selects the `CBufRet` names).
    pub min_precision: bool,
}

impl TypeCheck {
    pub fn new(is_lib: bool, sm69: bool, min_precision: bool) -> Self {
        TypeCheck {
            valid: HashMap::new(),
            texts: HashMap::new(),
            is_lib,
            sm69,
            min_precision,
        }
    }

    /// The type as LLVM's `Type::print` prints it, computed once: a named struct with its
    /// body (`%S = type { i32, float }`), any other type as an operand's type.
    pub fn text(&mut self, ctx: &Ctx, ty: Type) -> String {
        self.texts
            .entry(ty)
            .or_insert_with(|| type_print(ctx, ty))
            .clone()
    }

    fn type_error(&mut self, ctx: &mut Ctx, ty: Type, rule: R) {
        let text = self.text(ctx, ty);
        ctx.error(rule, &[&text]);
    }

    /// Checks `ty` at the outer level (a pointer to, a one-dimensional array of, a struct or
    /// a scalar); false after reporting what is wrong.
    pub fn check(&mut self, ctx: &mut Ctx, ty: Type) -> bool {
        if let Some(&v) = self.valid.get(&ty) {
            if v {
                return true;
            }
        }
        let v = self.check_at(ctx, ty, false, 0);
        self.valid.insert(ty, v);
        v
    }

    fn check_at(&mut self, ctx: &mut Ctx, ty: Type, inner: bool, depth: u32) -> bool {
        let m = ctx.m;
        // Types nest only through structs, which the reader keeps acyclic by value; the
        // bound guards hand-built modules.
        if depth > 64 {
            return true;
        }
        let mut ty = ty;
        if let TypeData::Pointer { pointee, .. } = m.ty(ty) {
            let pointee = *pointee;
            if inner || matches!(m.ty(pointee), TypeData::Pointer { .. }) {
                self.type_error(ctx, ty, R::TypesNoPtrToPtr);
                return false;
            }
            ty = pointee;
        }
        if let TypeData::Array { elem, .. } = m.ty(ty) {
            let mut elem = *elem;
            if !inner && matches!(m.ty(elem), TypeData::Array { .. }) {
                // The outermost array must be one-dimensional; arrays in structs need not.
                self.type_error(ctx, ty, R::TypesNoMultiDim);
                return false;
            }
            let mut guard = 0;
            while let TypeData::Array { elem: e, .. } = m.ty(elem) {
                elem = *e;
                guard += 1;
                if guard > 64 {
                    break;
                }
            }
            ty = elem;
        }
        match m.ty(ty) {
            TypeData::Struct(st) => {
                let mut ok = true;
                let name = util::struct_name(st);
                if name.starts_with("dx.") {
                    if name == "dx.types.Handle"
                        || name == "dx.types.HitObject"
                        || name.starts_with("dx.types.LinAlgMatrix")
                    {
                        return true;
                    }
                    if is_dxil_builtin_struct(ctx, name, &st.elems, self.min_precision) {
                        self.type_error(ctx, ty, R::InstrDxilStructUser);
                    }
                    self.type_error(ctx, ty, R::DeclDxilNsReserved);
                    ok = false;
                }
                for &e in st.elems.iter() {
                    if !self.check_at(ctx, e, true, depth + 1) {
                        ok = false;
                    }
                }
                ok
            }
            TypeData::Half | TypeData::Float | TypeData::Double => true,
            TypeData::Int(bits) => {
                if valid_int_width(*bits) {
                    true
                } else {
                    self.type_error(ctx, ty, R::TypesIntWidth);
                    false
                }
            }
            _ if self.is_lib => true,
            TypeData::Vector { len, .. } => {
                if *len > 1 && self.sm69 {
                    return true;
                }
                self.type_error(ctx, ty, R::TypesNoVector);
                false
            }
            _ => {
                self.type_error(ctx, ty, R::TypesDefined);
                false
            }
        }
    }
}
