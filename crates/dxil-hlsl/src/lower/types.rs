//! What HLSL types are once lowered: a value is a list of scalar *leaves* (struct fields in
//! order, array elements, vector components, matrix components row by row), each of a
//! DXIL scalar type; in memory the same leaves sit at the offsets of the layout in use
//! (structured buffers and group-shared memory pack like C; constant buffers in 16-byte
//! rows, the DXIL specification's "Constant Buffer Layout").

use dxil_ops::Scalar as Dx;

use super::Cx;
use super::{LowerError, LowerResult};
use crate::compile::MatrixOrder;
use crate::sema::{Scalar, Ty, TyId};

/// How the lowering stores HLSL's scalars.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Storage {
    /// `-enable-16bit-types`: `half` and the 16-bit integers are native 16-bit values.
    pub native16: bool,
    /// The default matrix orientation in memory.
    pub matrix_order: MatrixOrder,
}

impl Storage {
    /// The DXIL type a scalar has in registers.
    pub fn reg(self, s: Scalar) -> Dx {
        match s {
            Scalar::Bool => Dx::I1,
            Scalar::I16 | Scalar::U16 => Dx::I16,
            Scalar::I32 | Scalar::U32 | Scalar::IntLiteral => Dx::I32,
            Scalar::I64 | Scalar::U64 => Dx::I64,
            Scalar::Half if self.native16 => Dx::Half,
            Scalar::Half | Scalar::F32 | Scalar::FloatLiteral => Dx::Float,
            Scalar::F16 => Dx::Half,
            Scalar::F64 => Dx::Double,
            Scalar::Min16Float | Scalar::Min10Float => Dx::Half,
            Scalar::Min16Int | Scalar::Min12Int | Scalar::Min16Uint => Dx::I16,
        }
    }

    /// The DXIL type a scalar has in memory (buffers, constant buffers): booleans are
    /// 32-bit, minimum-precision types full width unless 16-bit types are native.
    pub fn mem(self, s: Scalar) -> Dx {
        match s {
            Scalar::Bool => Dx::I32,
            Scalar::Min16Float | Scalar::Min10Float if !self.native16 => Dx::Float,
            Scalar::Min16Int | Scalar::Min12Int | Scalar::Min16Uint if !self.native16 => Dx::I32,
            _ => self.reg(s),
        }
    }
}

/// Bytes of a DXIL scalar in memory.
pub(crate) fn size_of(s: Dx) -> u32 {
    match s {
        Dx::I1 | Dx::I8 => 1,
        Dx::Half | Dx::I16 => 2,
        Dx::Float | Dx::I32 => 4,
        Dx::Double | Dx::I64 => 8,
    }
}

/// Whether HLSL scalar `s` is unsigned (comparisons, division, widening).
pub(crate) fn unsigned(s: Scalar) -> bool {
    matches!(
        s,
        Scalar::U16 | Scalar::U32 | Scalar::U64 | Scalar::Min16Uint | Scalar::Bool
    )
}

/// The leaves of `ty`: their HLSL scalars in order. Objects have none (they are not
/// values in registers).
pub(crate) fn leaves(cx: &Cx<'_>, ty: TyId, out: &mut Vec<Scalar>) -> LowerResult<()> {
    leaves_depth(cx, ty, out, 0)
}

fn leaves_depth(cx: &Cx<'_>, ty: TyId, out: &mut Vec<Scalar>, depth: u32) -> LowerResult<()> {
    if depth > 64 || out.len() > 1 << 16 {
        return Err(LowerError::unsupported(
            "a type nested or sized beyond what the lowering holds in registers",
        ));
    }
    match cx.get(ty) {
        Ty::Scalar(s) => out.push(s),
        Ty::Vector(s, n) => out.extend(std::iter::repeat_n(s, n as usize)),
        Ty::Matrix(s, r, c) => out.extend(std::iter::repeat_n(s, r as usize * c as usize)),
        Ty::Array(e, n) => {
            let start = out.len();
            leaves_depth(cx, e, out, depth + 1)?;
            let one = out.len() - start;
            if one.saturating_mul(n as usize) > 1 << 16 {
                return Err(LowerError::unsupported("an array too large for registers"));
            }
            for _ in 1..n {
                out.extend_from_within(start..start + one);
            }
        }
        Ty::Struct(i) => {
            let info = cx
                .an
                .structs
                .get(i as usize)
                .ok_or_else(|| LowerError::internal("struct index"))?;
            for &b in &info.bases {
                leaves_depth(cx, b, out, depth + 1)?;
            }
            for &(_, f) in &info.fields {
                if is_object_like(cx, f) {
                    continue;
                }
                leaves_depth(cx, f, out, depth + 1)?;
            }
        }
        Ty::Enum(_) => out.push(Scalar::I32),
        Ty::Void => {}
        Ty::Object(_) | Ty::UnsizedArray(_) | Ty::String | Ty::Param(_) => {
            return Err(LowerError::unsupported(format!(
                "a value of type {}",
                describe(cx, ty)
            )))
        }
    }
    Ok(())
}

/// How many leaves `ty` has.
pub(crate) fn leaf_count(cx: &Cx<'_>, ty: TyId) -> LowerResult<usize> {
    let mut v = Vec::new();
    leaves(cx, ty, &mut v)?;
    Ok(v.len())
}

/// The type's name as diagnostics print it.
pub(crate) fn describe(cx: &Cx<'_>, ty: TyId) -> String {
    describe_depth(cx, ty, 0)
}

fn describe_depth(cx: &Cx<'_>, ty: TyId, depth: u32) -> String {
    if depth > 16 {
        return "...".into();
    }
    match cx.get(ty) {
        Ty::Void => "void".into(),
        Ty::Scalar(s) => s.name().into(),
        Ty::Vector(s, n) => format!("{}{n}", s.name()),
        Ty::Matrix(s, r, c) => format!("{}{r}x{c}", s.name()),
        Ty::Array(e, n) => format!("{}[{n}]", describe_depth(cx, e, depth + 1)),
        Ty::UnsizedArray(e) => format!("{}[]", describe_depth(cx, e, depth + 1)),
        Ty::Struct(_) => "struct".into(),
        Ty::Enum(_) => "enum".into(),
        Ty::Object(_) => "object".into(),
        Ty::String => "string".into(),
        Ty::Param(_) => "template parameter".into(),
    }
}

/// A leaf's place in memory.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Slot {
    /// Byte offset from the start of the value.
    pub offset: u32,
    /// The scalar stored.
    pub scalar: Scalar,
}

/// The layout of a type in memory: each leaf's offset (in leaf order) and the size.
#[derive(Clone, Debug, Default)]
pub(crate) struct Layout {
    pub slots: Vec<Slot>,
    pub size: u32,
    pub align: u32,
}

/// Structured buffer layout (C-like: each scalar aligned to its size, arrays of the
/// element's size; matrices by the orientation in use).
pub(crate) fn structured_layout(
    cx: &Cx<'_>,
    st: Storage,
    ty: TyId,
    row_major: Option<bool>,
) -> LowerResult<Layout> {
    let mut l = Layout {
        align: 1,
        ..Layout::default()
    };
    place_c(cx, st, ty, row_major, &mut l, 0)?;
    l.size = l.size.next_multiple_of(l.align.max(1));
    Ok(l)
}

fn place_c(
    cx: &Cx<'_>,
    st: Storage,
    ty: TyId,
    row_major: Option<bool>,
    l: &mut Layout,
    depth: u32,
) -> LowerResult<()> {
    if depth > 64 || l.slots.len() > 1 << 16 {
        return Err(LowerError::unsupported(
            "a type too deep or large to lay out",
        ));
    }
    let scalar = |l: &mut Layout, s: Scalar| {
        let size = size_of(st.mem(s));
        let at = l.size.next_multiple_of(size);
        l.slots.push(Slot {
            offset: at,
            scalar: s,
        });
        l.size = at + size;
        l.align = l.align.max(size);
    };
    match cx.get(ty) {
        Ty::Scalar(s) => scalar(l, s),
        Ty::Enum(_) => scalar(l, Scalar::I32),
        Ty::Vector(s, n) => {
            for _ in 0..n {
                scalar(l, s);
            }
        }
        Ty::Matrix(s, r, c) => {
            let size = size_of(st.mem(s));
            let at = l.size.next_multiple_of(size);
            let rm = row_major.unwrap_or(st.matrix_order == MatrixOrder::RowMajor);
            for i in 0..r as u32 {
                for j in 0..c as u32 {
                    let k = if rm {
                        i * c as u32 + j
                    } else {
                        j * r as u32 + i
                    };
                    l.slots.push(Slot {
                        offset: at + k * size,
                        scalar: s,
                    });
                }
            }
            l.size = at + size * r as u32 * c as u32;
            l.align = l.align.max(size);
        }
        Ty::Array(e, n) => {
            let inner = structured_layout(cx, st, e, row_major)?;
            let at = l.size.next_multiple_of(inner.align.max(1));
            for k in 0..n {
                let base = at + k * inner.size;
                l.slots.extend(inner.slots.iter().map(|s| Slot {
                    offset: base + s.offset,
                    scalar: s.scalar,
                }));
            }
            l.size = at + inner.size * n;
            l.align = l.align.max(inner.align);
        }
        Ty::Struct(i) => {
            let info = &cx.an.structs[i as usize];
            let mut inner = Layout {
                align: 1,
                ..Layout::default()
            };
            for &b in &info.bases {
                place_c(cx, st, b, row_major, &mut inner, depth + 1)?;
            }
            let majors = field_majors(cx, i);
            for (k, &(_, f)) in info.fields.iter().enumerate() {
                if is_object_like(cx, f) {
                    continue;
                }
                let rm = majors.get(k).copied().flatten().or(row_major);
                place_c(cx, st, f, rm, &mut inner, depth + 1)?;
            }
            inner.size = inner.size.next_multiple_of(inner.align.max(1));
            let at = l.size.next_multiple_of(inner.align.max(1));
            l.slots.extend(inner.slots.iter().map(|s| Slot {
                offset: at + s.offset,
                scalar: s.scalar,
            }));
            l.size = at + inner.size;
            l.align = l.align.max(inner.align);
        }
        _ => {
            return Err(LowerError::unsupported(format!(
                "{} in a buffer",
                describe(cx, ty)
            )))
        }
    }
    Ok(())
}

/// Constant buffer layout (legacy 16-byte rows: a vector never straddles a row; arrays
/// elements, structs and matrix rows/columns start rows), from byte `start`.
pub(crate) fn cbuffer_layout(
    cx: &Cx<'_>,
    st: Storage,
    ty: TyId,
    row_major: Option<bool>,
    start: u32,
) -> LowerResult<Layout> {
    let mut l = Layout {
        size: start,
        align: 4,
        ..Layout::default()
    };
    place_cb(cx, st, ty, row_major, &mut l, 0)?;
    Ok(l)
}

fn place_cb(
    cx: &Cx<'_>,
    st: Storage,
    ty: TyId,
    row_major: Option<bool>,
    l: &mut Layout,
    depth: u32,
) -> LowerResult<()> {
    if depth > 64 || l.slots.len() > 1 << 16 {
        return Err(LowerError::unsupported(
            "a type too deep or large to lay out",
        ));
    }
    let vector = |l: &mut Layout, s: Scalar, n: u32| {
        let size = size_of(st.mem(s));
        let mut at = l.size.next_multiple_of(size);
        if at / 16 != (at + size * n - 1) / 16 {
            at = at.next_multiple_of(16);
        }
        for k in 0..n {
            l.slots.push(Slot {
                offset: at + k * size,
                scalar: s,
            });
        }
        l.size = at + size * n;
    };
    match cx.get(ty) {
        Ty::Scalar(s) => vector(l, s, 1),
        Ty::Enum(_) => vector(l, Scalar::I32, 1),
        Ty::Vector(s, n) => vector(l, s, n as u32),
        Ty::Matrix(s, r, c) => {
            let size = size_of(st.mem(s));
            let rm = row_major.unwrap_or(st.matrix_order == MatrixOrder::RowMajor);
            let at = l.size.next_multiple_of(16);
            let (lines, per) = if rm {
                (r as u32, c as u32)
            } else {
                (c as u32, r as u32)
            };
            let mut slots = vec![
                Slot {
                    offset: 0,
                    scalar: s
                };
                r as usize * c as usize
            ];
            for i in 0..r as u32 {
                for j in 0..c as u32 {
                    let (line, k) = if rm { (i, j) } else { (j, i) };
                    slots[(i * c as u32 + j) as usize].offset = at + line * 16 + k * size;
                }
            }
            l.slots.extend(slots);
            l.size = at + (lines - 1) * 16 + per * size;
        }
        Ty::Array(e, n) => {
            for _ in 0..n {
                l.size = l.size.next_multiple_of(16);
                place_cb(cx, st, e, row_major, l, depth + 1)?;
            }
        }
        Ty::Struct(i) => {
            l.size = l.size.next_multiple_of(16);
            let info = &cx.an.structs[i as usize];
            for &b in &info.bases {
                place_cb(cx, st, b, row_major, l, depth + 1)?;
            }
            let majors = field_majors(cx, i);
            for (k, &(_, f)) in info.fields.iter().enumerate() {
                if is_object_like(cx, f) {
                    continue;
                }
                let rm = majors.get(k).copied().flatten().or(row_major);
                place_cb(cx, st, f, rm, l, depth + 1)?;
            }
        }
        _ => {
            return Err(LowerError::unsupported(format!(
                "{} in a constant buffer",
                describe(cx, ty)
            )))
        }
    }
    Ok(())
}

/// The scalar of a numeric type (`None` for structs, arrays, objects).
pub(crate) fn scalar_of(cx: &Cx<'_>, ty: TyId) -> Option<Scalar> {
    match cx.get(ty) {
        Ty::Scalar(s) | Ty::Vector(s, _) | Ty::Matrix(s, _, _) => Some(s),
        Ty::Enum(_) => Some(Scalar::I32),
        _ => None,
    }
}

/// The `row_major`/`column_major` written on each field of struct `i` (in the order of its
/// fields in the analysis).
fn field_majors(cx: &Cx<'_>, i: u32) -> Vec<Option<bool>> {
    let Some(info) = cx.an.structs.get(i as usize) else {
        return Vec::new();
    };
    let crate::ast::DeclKind::Record(rec) = &cx.ast.decl(info.decl).kind else {
        return Vec::new();
    };
    rec.members
        .iter()
        .filter_map(|&m| match &cx.ast.decl(m).kind {
            crate::ast::DeclKind::Var(v)
                if !v.mods.has(crate::ast::Modifiers::STATIC)
                    && cx.an.resolved.contains_key(&v.ty) =>
            {
                Some(super::resource::row_major(cx, v.ty))
            }
            _ => None,
        })
        .collect()
}

/// The object fields of `ty` (a struct, or an array of them), in order through bases and
/// nested structs: each field's path (`.Buf`, `.inner.Tex`) and type (an object, or an
/// array of objects).
pub(crate) fn object_fields(
    cx: &Cx<'_>,
    ty: TyId,
    path: &str,
    out: &mut Vec<(String, TyId)>,
    depth: u32,
) {
    if depth > 32 || out.len() > 1 << 12 {
        return;
    }
    if let Ty::Struct(i) = cx.get(ty) {
        let Some(info) = cx.an.structs.get(i as usize) else {
            return;
        };
        for &b in &info.bases {
            object_fields(cx, b, path, out, depth + 1);
        }
        for &(sym, f) in &info.fields {
            let p = format!("{path}.{}", cx.name(sym));
            let mut inner = f;
            while let Ty::Array(e, _) = cx.get(inner) {
                inner = e;
            }
            match cx.get(inner) {
                Ty::Object(_) => out.push((p, f)),
                Ty::Struct(_) => object_fields(cx, f, &p, out, depth + 1),
                _ => {}
            }
        }
    }
}

/// Whether `ty` is an object or an array of them (a field that holds no values).
pub(crate) fn is_object_like(cx: &Cx<'_>, mut ty: TyId) -> bool {
    for _ in 0..64 {
        match cx.get(ty) {
            Ty::Array(e, _) | Ty::UnsizedArray(e) => ty = e,
            Ty::Object(_) => return true,
            _ => return false,
        }
    }
    false
}
