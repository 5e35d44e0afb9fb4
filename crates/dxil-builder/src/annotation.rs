//! Annotated struct types (DXIL.rst "Type annotations"): a struct described member by member
//! (names, constant buffer offsets, component types, matrix shapes and orientation) becomes
//! a named LLVM struct in the host layout the reference writes (vectors as vectors,
//! matrices as arrays of their rows or columns, arrays as arrays) and a struct annotation
//! of `dx.typeAnnotations`. A constant buffer declared with one
//! ([`crate::ResourceDesc::cbuffer_of`]) points its record at that struct, which is what
//! reflection reads its members from (`dxil reflect`, the "Buffer Definitions" of the
//! disassembly).

use dxil_ir::build::ModuleBuilder;
use dxil_ir::{Type, TypeData};
use dxil_module::md::Md;
use dxil_module::model::{FieldAnnotation, FieldProperty, StructAnnotation};
use dxil_parts::names::ComponentType;

use crate::error::{Error, ErrorKind, Result};

/// The type of one member.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum FieldType {
    /// One component.
    Scalar(ComponentType),
    /// A vector of 1 to 4 components.
    Vector(ComponentType, u32),
    /// A matrix of `rows` x `cols` components (each 1 to 4). Row major: each row a vector
    /// in its own 16-byte row of the buffer; column major: each column.
    Matrix {
        /// Component type.
        component: ComponentType,
        /// Rows.
        rows: u32,
        /// Columns.
        cols: u32,
        /// Row major (else column major).
        row_major: bool,
    },
    /// An array: each element starts a 16-byte row.
    Array(Box<FieldType>, u32),
    /// A struct declared with [`crate::ShaderBuilder::struct_type`].
    Struct(StructType),
}

/// One member of a struct.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Field {
    /// Name.
    pub name: String,
    /// Byte offset from the start of the struct.
    pub offset: u32,
    /// Type.
    pub ty: FieldType,
}

impl Field {
    /// A member `name` of type `ty` at byte `offset`.
    pub fn new(name: &str, offset: u32, ty: FieldType) -> Self {
        Field {
            name: name.to_string(),
            offset,
            ty,
        }
    }
}

/// A struct as reflection shows it: its name, its members in order, and its size in a
/// constant buffer (for an array of it, the element stride is the size rounded up to a
/// 16-byte row).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructDesc {
    /// The LLVM struct's name (the reference writes `hostlayout.NAME` for a constant
    /// buffer's own struct and `struct.NAME` for the structs in it).
    pub name: String,
    /// Bytes in a constant buffer.
    pub size: u32,
    /// Members in order.
    pub fields: Vec<Field>,
}

/// A struct declared on a [`crate::ShaderBuilder`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StructType {
    pub(crate) ty: Type,
    pub(crate) size: u32,
}

impl StructType {
    /// The LLVM struct type.
    pub fn ty(&self) -> Type {
        self.ty
    }

    /// Bytes in a constant buffer.
    pub fn size(&self) -> u32 {
        self.size
    }
}

/// The structs declared so far, in declaration order (which puts each struct after the
/// structs it holds).
#[derive(Default)]
pub(crate) struct Structs {
    declared: Vec<(StructDesc, StructType)>,
}

/// Bytes of one component of `ty` in a constant buffer (16-bit types take 4 under minimum
/// precision).
fn component_size(ty: ComponentType, native_16bit: bool) -> u32 {
    use ComponentType::*;
    match ty {
        I16 | U16 | F16 | SNormF16 | UNormF16 if native_16bit => 2,
        I64 | U64 | F64 | SNormF64 | UNormF64 => 8,
        _ => 4,
    }
}

/// The register element type of `ty`: what a component is held as in the host layout
/// (`bool` as `i32`).
fn component_ir(mb: &mut ModuleBuilder, ty: ComponentType, what: &str) -> Result<Type> {
    use ComponentType::*;
    let data = match ty {
        I1 | I32 | U32 => TypeData::Int(32),
        I16 | U16 => TypeData::Int(16),
        I64 | U64 => TypeData::Int(64),
        F16 | SNormF16 | UNormF16 => TypeData::Half,
        F32 | SNormF32 | UNormF32 => TypeData::Float,
        F64 | SNormF64 | UNormF64 => TypeData::Double,
        Invalid | PackedS8x32 | PackedU8x32 => {
            return Err(Error::new(
                ErrorKind::Resource,
                format!(
                    "{what}: {} is not a constant buffer component type",
                    ty.name()
                ),
            ))
        }
    };
    mb.ty(data).map_err(Error::ir)
}

fn shape_error(what: &str, detail: String) -> Error {
    Error::new(ErrorKind::Resource, format!("{what}: {detail}"))
}

impl FieldType {
    /// The LLVM type, in the reference's host layout.
    fn ir(&self, mb: &mut ModuleBuilder, what: &str) -> Result<Type> {
        let vector = |mb: &mut ModuleBuilder, c: ComponentType, n: u32| -> Result<Type> {
            let elem = component_ir(mb, c, what)?;
            mb.ty(TypeData::Vector {
                len: u64::from(n),
                elem,
            })
            .map_err(Error::ir)
        };
        Ok(match self {
            FieldType::Scalar(c) => component_ir(mb, *c, what)?,
            FieldType::Vector(c, n) => {
                if !(1..=4).contains(n) {
                    return Err(shape_error(what, format!("a vector of {n} components")));
                }
                vector(mb, *c, *n)?
            }
            FieldType::Matrix {
                component,
                rows,
                cols,
                row_major,
            } => {
                if !(1..=4).contains(rows) || !(1..=4).contains(cols) {
                    return Err(shape_error(what, format!("a {rows}x{cols} matrix")));
                }
                let (count, len) = matrix_vectors(*rows, *cols, *row_major);
                let elem = vector(mb, *component, len)?;
                mb.ty(TypeData::Array {
                    len: u64::from(count),
                    elem,
                })
                .map_err(Error::ir)?
            }
            FieldType::Array(elem, n) => {
                if *n == 0 {
                    return Err(shape_error(what, "an array of 0 elements".into()));
                }
                let elem = elem.ir(mb, what)?;
                mb.ty(TypeData::Array {
                    len: u64::from(*n),
                    elem,
                })
                .map_err(Error::ir)?
            }
            FieldType::Struct(s) => s.ty,
        })
    }

    /// Bytes from the start of the member to the end of its last component, as the
    /// validator measures a constant buffer member (arrays: every element but the last
    /// takes whole 16-byte rows), with 16-bit components of 2 bytes when `native_16bit`,
    /// else 4. `None` past `u32`, and for a shape with no elements (an array of 0, a
    /// matrix of 0 rows), which has no last component.
    pub fn extent(&self, native_16bit: bool) -> Option<u32> {
        let (count, one) = self.elements(native_16bit)?;
        count
            .checked_sub(1)?
            .checked_mul(one.checked_next_multiple_of(16)?)?
            .checked_add(one)
    }

    /// The elements of the member with arrays flattened, and the bytes of one.
    fn elements(&self, native_16bit: bool) -> Option<(u32, u32)> {
        Some(match self {
            FieldType::Scalar(c) => (1, component_size(*c, native_16bit)),
            FieldType::Vector(c, n) => (1, component_size(*c, native_16bit).checked_mul(*n)?),
            FieldType::Matrix {
                component,
                rows,
                cols,
                row_major,
            } => {
                let (count, len) = matrix_vectors(*rows, *cols, *row_major);
                (
                    count,
                    component_size(*component, native_16bit).checked_mul(len)?,
                )
            }
            FieldType::Array(elem, n) => {
                let (count, one) = elem.elements(native_16bit)?;
                (count.checked_mul(*n)?, one)
            }
            FieldType::Struct(s) => (1, s.size),
        })
    }

    /// The annotation's component type and matrix shape: those of the innermost element.
    fn leaf(&self) -> (Option<ComponentType>, Option<(u32, u32, bool)>) {
        match self {
            FieldType::Scalar(c) | FieldType::Vector(c, _) => (Some(*c), None),
            FieldType::Matrix {
                component,
                rows,
                cols,
                row_major,
            } => (Some(*component), Some((*rows, *cols, *row_major))),
            FieldType::Array(elem, _) => elem.leaf(),
            FieldType::Struct(_) => (None, None),
        }
    }

    fn is_array(&self) -> bool {
        matches!(self, FieldType::Array(..))
    }
}

/// The field annotation of `f`, with its properties in the reference's order: name,
/// matrix shape, offset, component type (a struct member has name and offset only).
fn field_annotation(f: &Field) -> FieldAnnotation {
    let mut properties = vec![FieldProperty::FieldName(f.name.clone())];
    let (component, matrix) = f.ty.leaf();
    if let Some((rows, cols, row_major)) = matrix {
        properties.push(FieldProperty::Matrix {
            rows,
            cols,
            // `MatrixOrientation`: 1 row major, 2 column major.
            orientation: if row_major { 1 } else { 2 },
        });
    }
    properties.push(FieldProperty::CBufferOffset(f.offset));
    if let Some(c) = component {
        properties.push(FieldProperty::CompType(c.raw()));
    }
    FieldAnnotation { properties }
}

impl Structs {
    /// Declares `desc`: the same description again gives the same struct; another struct
    /// already named so gets the name with `.1`, `.2`, ... appended, as LLVM names them.
    pub(crate) fn declare(
        &mut self,
        mb: &mut ModuleBuilder,
        desc: &StructDesc,
        native_16bit: bool,
    ) -> Result<StructType> {
        if let Some((_, st)) = self.declared.iter().find(|(d, _)| d == desc) {
            return Ok(*st);
        }
        check_struct(desc, native_16bit)?;
        let what = format!("struct `{}`", desc.name);
        let mut elems = Vec::with_capacity(desc.fields.len());
        for f in &desc.fields {
            elems.push(f.ty.ir(mb, &format!("{what} member `{}`", f.name))?);
        }
        let mut suffix = 0u32;
        let ty = loop {
            let name = if suffix == 0 {
                desc.name.clone()
            } else {
                format!("{}.{suffix}", desc.name)
            };
            let t = mb.struct_named(&name);
            let free = matches!(mb.module().ty(t), Some(TypeData::Struct(s)) if s.opaque);
            if free {
                break t;
            }
            suffix = suffix
                .checked_add(1)
                .ok_or_else(|| shape_error(&what, "no free name".into()))?;
        };
        mb.set_struct_body(ty, &elems, false).map_err(Error::ir)?;
        let st = StructType {
            ty,
            size: desc.size,
        };
        self.declared.push((desc.clone(), st));
        Ok(st)
    }

    /// Checks every struct's members as the validator will (in the buffer, arrays on a
    /// 16-byte row, no two members on the same bytes), with 16-bit components of
    /// `native_16bit` size.
    pub(crate) fn check(&self, native_16bit: bool) -> Result<()> {
        self.declared
            .iter()
            .try_for_each(|(desc, _)| check_struct(desc, native_16bit))
    }

    /// The struct annotations (`dx.typeAnnotations`' struct list), `None` without structs.
    pub(crate) fn annotations(
        &self,
        mb: &mut ModuleBuilder,
    ) -> Result<Option<Vec<StructAnnotation>>> {
        if self.declared.is_empty() {
            return Ok(None);
        }
        let mut out = Vec::with_capacity(self.declared.len());
        for (desc, st) in &self.declared {
            let undef = mb.const_undef(st.ty).map_err(Error::ir)?;
            out.push(StructAnnotation {
                ty: st.ty,
                key: Md::Value {
                    ty: st.ty,
                    value: undef.value_ref(),
                },
                cbuffer_size: desc.size,
                fields: desc.fields.iter().map(field_annotation).collect(),
                template_args: None,
            });
        }
        Ok(Some(out))
    }
}

/// Checks a struct's members as the validator checks a constant buffer's (see
/// [`Structs::check`]).
fn check_struct(desc: &StructDesc, native_16bit: bool) -> Result<()> {
    let what = format!("struct `{}`", desc.name);
    let mut spans = Vec::with_capacity(desc.fields.len());
    for f in &desc.fields {
        let member = || format!("{what} member `{}`", f.name);
        let bytes =
            f.ty.extent(native_16bit)
                .ok_or_else(|| shape_error(&member(), "empty or too large".into()))?;
        let end = f.offset.checked_add(bytes).filter(|&e| e <= desc.size);
        let end = end.ok_or_else(|| {
            shape_error(
                &member(),
                format!(
                    "{bytes} bytes at offset {} end past the struct's {} bytes",
                    f.offset, desc.size
                ),
            )
        })?;
        if f.ty.is_array() && f.offset % 16 != 0 {
            return Err(shape_error(
                &member(),
                format!("an array at offset {}, not on a 16-byte row", f.offset),
            ));
        }
        if bytes > 0 {
            spans.push((f.offset, end, &f.name));
        }
    }
    spans.sort_unstable();
    for w in spans.windows(2) {
        if w[1].0 < w[0].1 {
            return Err(shape_error(
                &what,
                format!(
                    "members `{}` and `{}` overlap at offset {}",
                    w[0].2, w[1].2, w[1].0
                ),
            ));
        }
    }
    Ok(())
}

/// A matrix member as the buffer holds it: how many vectors, and their length. Each row (row
/// major) or column (column major) is a vector in a row of the buffer.
fn matrix_vectors(rows: u32, cols: u32, row_major: bool) -> (u32, u32) {
    if row_major {
        (rows, cols)
    } else {
        (cols, rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extents_follow_the_validators_measure() {
        let f4 = FieldType::Vector(ComponentType::F32, 4);
        assert_eq!(f4.extent(true), Some(16));
        let arr = FieldType::Array(Box::new(FieldType::Vector(ComponentType::F32, 3)), 2);
        assert_eq!(arr.extent(true), Some(28));
        let m = FieldType::Matrix {
            component: ComponentType::F32,
            rows: 4,
            cols: 3,
            row_major: true,
        };
        assert_eq!(m.extent(true), Some(60));
        let half2 = FieldType::Vector(ComponentType::F16, 2);
        assert_eq!(half2.extent(true), Some(4));
        assert_eq!(half2.extent(false), Some(8));
        let huge = FieldType::Array(Box::new(f4.clone()), u32::MAX);
        assert_eq!(huge.extent(true), None);
        // Shapes without a last component, or past u32, have no extent (and no panic).
        assert_eq!(FieldType::Array(Box::new(f4), 0).extent(true), None);
        assert_eq!(
            FieldType::Vector(ComponentType::F32, u32::MAX).extent(true),
            None
        );
    }
}
