//! Constant buffers described for reflection: each constant buffer this back end declares
//! points its record at an annotated struct (`dx.typeAnnotations`), so `dxil reflect` and
//! the disassembly's "Buffer Definitions" list its members with their types and offsets,
//! as for the reference's buffers. A uniform struct's members are the buffer's members (as
//! HLSL's `cbuffer u { float4 tint; float scale; }`); a uniform of another type is the
//! buffer's one member. The structs are named as the reference names them: the buffer's
//! after the buffer, WGSL's `struct.NAME`, each with `hostlayout.` first where it holds a
//! matrix. The offsets are naga's (WGSL's uniform layout); where that layout
//! is not HLSL's the description says what the bytes are instead:
//!
//! - a matrix whose columns are not 16 bytes apart (`matCx2<f32>`, `f16` matrices) is one
//!   vector member per column (`m_0`, `m_1`, ...), or inside an array a struct of them
//!   (`__matCxR`), as naga's HLSL back end declares them;
//! - other matrices are `row_major` matrices of their columns (`mat4x3<f32>` is
//!   `row_major float4x3`, each column a row of the buffer, as naga's HLSL back end has it);
//! - an array whose stride is not the one HLSL gives its element wraps the element in a
//!   struct of the stride's size.

use dxil_builder::{Field, FieldType, ResourceDesc, ShaderBuilder, StructDesc, StructType};
use dxil_parts::names::ComponentType;
use naga::{ArraySize, Handle, Scalar, ScalarKind, Type, TypeInner};

use crate::error::{Error, Result};

/// Deepest nesting of arrays and structs described.
const MAX_DEPTH: u32 = 64;

/// The constant buffer `name` of `size` bytes holding a value of naga type `ty` (a uniform
/// or immediate variable, the element of a binding array of them, naga's external texture
/// parameters), its members described.
pub(crate) fn describe(
    sb: &mut ShaderBuilder,
    module: &naga::Module,
    name: &str,
    ty: Handle<Type>,
    size: u32,
) -> Result<ResourceDesc> {
    let mut d = Describer {
        sb,
        module,
        host: Vec::new(),
    };
    let mut fields = Vec::new();
    match module.types[ty].inner {
        TypeInner::Struct { ref members, .. } => {
            for (i, m) in members.iter().enumerate() {
                d.members(&member_name(m, i), m.offset, m.ty, 0, &mut fields)?;
            }
        }
        _ => d.members(name, 0, ty, 0, &mut fields)?,
    }
    // The reference names a buffer's struct after the buffer, `hostlayout.` first where
    // it holds a matrix (a name that is not an identifier always gets it, so that it
    // cannot take a name the module's own types use).
    let plain = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let st_name = if d.host_layout(&fields) || !plain {
        format!("hostlayout.{name}")
    } else {
        name.to_string()
    };
    let st = d.sb.struct_type(&StructDesc {
        name: st_name,
        size,
        fields,
    })?;
    Ok(ResourceDesc::cbuffer_of(name, st))
}

/// A constant buffer `name` of `size` bytes that this back end adds, of scalar members
/// (name, component type, offset): naga's special constants, dynamic offsets.
pub(crate) fn scalars(
    sb: &mut ShaderBuilder,
    name: &str,
    members: &[(String, ComponentType, u32)],
    size: u32,
) -> Result<ResourceDesc> {
    let fields = members
        .iter()
        .map(|(n, c, offset)| Field::new(n, *offset, FieldType::Scalar(*c)))
        .collect();
    let st = sb.struct_type(&StructDesc {
        name: name.to_string(),
        size,
        fields,
    })?;
    Ok(ResourceDesc::cbuffer_of(name, st))
}

fn member_name(m: &naga::StructMember, i: usize) -> String {
    m.name.clone().unwrap_or_else(|| format!("member_{i}"))
}

/// The component type of a host-shareable scalar.
fn component(s: Scalar) -> Result<ComponentType> {
    Ok(match (s.kind, s.width) {
        (ScalarKind::Float, 2) => ComponentType::F16,
        (ScalarKind::Float, 4) => ComponentType::F32,
        (ScalarKind::Float, 8) => ComponentType::F64,
        (ScalarKind::Sint, 2) => ComponentType::I16,
        (ScalarKind::Sint, 4) => ComponentType::I32,
        (ScalarKind::Sint, 8) => ComponentType::I64,
        (ScalarKind::Uint, 2) => ComponentType::U16,
        (ScalarKind::Uint, 4) => ComponentType::U32,
        (ScalarKind::Uint, 8) => ComponentType::U64,
        _ => {
            return Err(Error::unsupported(
                format!("uniform buffer member of {s:?}"),
                "not a constant buffer component type",
            ))
        }
    })
}

/// The byte distance between a matrix's columns in naga's layout (a vector's alignment:
/// two components for two rows, four for three or four).
fn column_stride(rows: u32, s: Scalar) -> u32 {
    let comps = if rows == 2 { 2 } else { 4 };
    comps * u32::from(s.width)
}

/// Whether HLSL's layout of a matrix (each row of its rows a vector starting a 16-byte
/// row) puts naga's columns where naga puts them.
fn matrix_fits(rows: u32, s: Scalar) -> bool {
    (rows * u32::from(s.width)).next_multiple_of(16) == column_stride(rows, s)
}

struct Describer<'a> {
    sb: &'a mut ShaderBuilder,
    module: &'a naga::Module,
    /// The structs described that hold a matrix.
    host: Vec<StructType>,
}

impl Describer<'_> {
    /// Whether members `fields` hold a matrix (themselves, in an array or in a struct):
    /// the reference then names the struct `hostlayout.NAME`, the layout in the buffer
    /// (matrices as arrays of vectors) not being the type's own.
    fn host_layout(&self, fields: &[Field]) -> bool {
        fn holds(ty: &FieldType, host: &[StructType]) -> bool {
            match ty {
                FieldType::Matrix { .. } => true,
                FieldType::Array(e, _) => holds(e, host),
                FieldType::Struct(s) => host.contains(s),
                FieldType::Scalar(_) | FieldType::Vector(..) => false,
            }
        }
        fields.iter().any(|f| holds(&f.ty, &self.host))
    }

    /// Declares struct `name` (`struct.NAME`, or `hostlayout.struct.NAME` holding a
    /// matrix).
    fn declare(&mut self, name: &str, size: u32, fields: Vec<Field>) -> Result<FieldType> {
        let host = self.host_layout(&fields);
        let name = if host {
            format!("hostlayout.struct.{name}")
        } else {
            format!("struct.{name}")
        };
        let st = self.sb.struct_type(&StructDesc { name, size, fields })?;
        if host {
            self.host.push(st);
        }
        Ok(FieldType::Struct(st))
    }

    /// The members a value of type `ty` named `name` at `offset` takes: one, or one per
    /// column of a matrix HLSL cannot place.
    fn members(
        &mut self,
        name: &str,
        offset: u32,
        ty: Handle<Type>,
        depth: u32,
        out: &mut Vec<Field>,
    ) -> Result<()> {
        if let TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } = self.module.types[ty].inner
        {
            let (c, r) = (columns as u32, rows as u32);
            if !matrix_fits(r, scalar) {
                let stride = column_stride(r, scalar);
                let v = FieldType::Vector(component(scalar)?, r);
                for i in 0..c {
                    out.push(Field::new(
                        &format!("{name}_{i}"),
                        offset.saturating_add(i * stride),
                        v.clone(),
                    ));
                }
                return Ok(());
            }
        }
        out.push(Field::new(name, offset, self.field_type(ty, depth)?));
        Ok(())
    }

    /// The type of one member of naga type `ty`.
    fn field_type(&mut self, ty: Handle<Type>, depth: u32) -> Result<FieldType> {
        if depth > MAX_DEPTH {
            return Err(Error::unsupported(
                "uniform buffer type",
                format!("arrays and structs nested more than {MAX_DEPTH} deep"),
            ));
        }
        let module = self.module;
        Ok(match module.types[ty].inner {
            TypeInner::Scalar(s) => FieldType::Scalar(component(s)?),
            TypeInner::Vector { size, scalar } => {
                FieldType::Vector(component(scalar)?, size as u32)
            }
            TypeInner::Matrix {
                columns,
                rows,
                scalar,
            } => {
                let (c, r) = (columns as u32, rows as u32);
                let ct = component(scalar)?;
                if matrix_fits(r, scalar) {
                    FieldType::Matrix {
                        component: ct,
                        rows: c,
                        cols: r,
                        row_major: true,
                    }
                } else {
                    // Inside an array: a struct of the columns.
                    let stride = column_stride(r, scalar);
                    let fields = (0..c)
                        .map(|i| Field::new(&format!("_{i}"), i * stride, FieldType::Vector(ct, r)))
                        .collect();
                    let suffix = if scalar.width == 2 { "_f16" } else { "" };
                    self.declare(&format!("__mat{c}x{r}{suffix}"), c * stride, fields)?
                }
            }
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
                stride,
            } => {
                let mut elem = self.field_type(base, depth + 1)?;
                // HLSL starts each element on a 16-byte row after the previous one's last
                // component; a larger stride is the element padded to it.
                let hlsl = elem
                    .extent(true)
                    .and_then(|e| e.checked_next_multiple_of(16));
                if hlsl != Some(stride) {
                    let fields = vec![Field::new("_0", 0, elem)];
                    elem = self.declare(&format!("__stride{stride}"), stride, fields)?;
                }
                FieldType::Array(Box::new(elem), n.get())
            }
            TypeInner::Struct { ref members, span } => {
                let mut fields = Vec::with_capacity(members.len());
                for (i, m) in members.iter().enumerate() {
                    self.members(&member_name(m, i), m.offset, m.ty, depth + 1, &mut fields)?;
                }
                let name = match module.types[ty].name {
                    Some(ref n) => n.clone(),
                    None => format!("type_{}", ty.index()),
                };
                self.declare(&name, span, fields)?
            }
            ref other => {
                return Err(Error::unsupported(
                    format!("uniform buffer member of type {other:?}"),
                    "not a constant buffer type",
                ))
            }
        })
    }
}
