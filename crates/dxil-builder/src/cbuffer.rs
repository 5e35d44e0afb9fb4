//! Constant buffer layouts by HLSL's packing rules (DXIL.rst "Constant Buffer Layout",
//! the legacy `cbuffer` packing): data is read in 16-byte rows; a scalar or vector never
//! straddles a row; every array element, struct and matrix column starts a new row; the
//! buffer's size is a whole number of rows.

use dxil_parts::names::ComponentType;

use crate::annotation::{Field, FieldType, StructDesc};

/// Bytes in one constant buffer row (`cbufferLoadLegacy` reads one).
pub const ROW: u32 = 16;

/// One member placed in the buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Member {
    /// Name.
    pub name: String,
    /// Byte offset from the start of the buffer.
    pub offset: u32,
    /// Component type.
    pub component_type: ComponentType,
    /// Components per element (1 to 4; a matrix's rows for column-major matrices).
    pub components: u32,
    /// Elements: 1 for a scalar or vector, the length of an array, a matrix's columns.
    pub elements: u32,
}

/// A constant buffer's members in declaration order, placed as HLSL places them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CBufferLayout {
    members: Vec<Member>,
    /// First free byte.
    end: u32,
}

/// Bytes of one component of `ty` (16-bit types take two, 64-bit eight, the rest four).
fn component_size(ty: ComponentType) -> u32 {
    use ComponentType::*;
    match ty {
        I16 | U16 | F16 | SNormF16 | UNormF16 => 2,
        I64 | U64 | F64 | SNormF64 | UNormF64 => 8,
        _ => 4,
    }
}

impl CBufferLayout {
    /// An empty buffer.
    pub fn new() -> Self {
        CBufferLayout::default()
    }

    /// Places `elements` elements of `components` components of `ty`; `elements > 1` is an
    /// array (each element on its own row). Returns the member's byte offset.
    pub fn member(
        &mut self,
        name: &str,
        ty: ComponentType,
        components: u32,
        elements: u32,
    ) -> Result<u32, String> {
        let size = component_size(ty);
        if !(1..=4).contains(&components) || elements == 0 || size * components > ROW {
            return Err(format!(
                "constant buffer member `{name}`: {elements} x {components} components of {}",
                ty.name()
            ));
        }
        let bytes = size * components;
        let offset = if elements > 1 {
            self.end.div_ceil(ROW) * ROW
        } else {
            let aligned = self.end.div_ceil(size) * size;
            // A vector that would straddle a row moves to the next one.
            if aligned / ROW != (aligned + bytes - 1) / ROW {
                aligned.div_ceil(ROW) * ROW
            } else {
                aligned
            }
        };
        let last = offset
            .checked_add((elements - 1).checked_mul(ROW).ok_or("too large")?)
            .and_then(|o| o.checked_add(bytes))
            .ok_or_else(|| format!("constant buffer member `{name}`: too large"))?;
        self.end = last;
        self.members.push(Member {
            name: name.to_string(),
            offset,
            component_type: ty,
            components,
            elements,
        });
        Ok(offset)
    }

    /// The members placed so far.
    pub fn members(&self) -> &[Member] {
        &self.members
    }

    /// The buffer's size: whole rows.
    pub fn size(&self) -> u32 {
        self.end.div_ceil(ROW).max(1) * ROW
    }

    /// The buffer as an annotated struct named `name` (for
    /// [`crate::ShaderBuilder::struct_type`] and [`crate::ResourceDesc::cbuffer_of`]): each
    /// member a scalar or vector, an array where it has several elements.
    pub fn struct_desc(&self, name: &str) -> StructDesc {
        let fields = self
            .members
            .iter()
            .map(|m| {
                let one = if m.components == 1 {
                    FieldType::Scalar(m.component_type)
                } else {
                    FieldType::Vector(m.component_type, m.components)
                };
                let ty = if m.elements > 1 {
                    FieldType::Array(Box::new(one), m.elements)
                } else {
                    one
                };
                Field::new(&m.name, m.offset, ty)
            })
            .collect();
        StructDesc {
            name: name.to_string(),
            size: self.size(),
            fields,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hlsl_packing() {
        let mut l = CBufferLayout::new();
        assert_eq!(l.member("a", ComponentType::F32, 1, 1), Ok(0));
        // A float3 fits after one float (4..16).
        assert_eq!(l.member("b", ComponentType::F32, 3, 1), Ok(4));
        // A float2 would straddle: next row.
        assert_eq!(l.member("c", ComponentType::F32, 2, 1), Ok(16));
        assert_eq!(l.member("d", ComponentType::F32, 1, 1), Ok(24));
        // Arrays start on a row; each element takes one.
        assert_eq!(l.member("e", ComponentType::F32, 1, 3), Ok(32));
        // After the last element's 4 bytes (64..68), a scalar packs in the same row.
        assert_eq!(l.member("f", ComponentType::F32, 1, 1), Ok(68));
        assert_eq!(l.size(), 80);
        assert_eq!(l.member("g", ComponentType::F64, 2, 1), Ok(80));
        assert!(l.member("h", ComponentType::F64, 3, 1).is_err());
    }
}
