//! Entry signatures (DXIL.rst "Signature element record"): `!{input, output, patch constant}`,
//! each a list of element records.

use crate::error::{ErrorKind, Result};
use crate::fields::{u32_node, Fields};
use crate::md::Md;
use dxil_parts::names::{ComponentType, InterpolationMode};

/// One element record: `!{i32 id, !"name", i8 component type, i8 semantic kind,
/// !{i32 semantic indices...}, i8 interpolation mode, i32 rows, i8 cols, i32 start row,
/// i8 start col, properties}`.
#[derive(Clone, Debug, PartialEq)]
pub struct SignatureElement {
    /// Unique element id.
    pub id: u32,
    /// Semantic name.
    pub name: String,
    /// `ComponentType`, raw ([`SignatureElement::component_type`]).
    pub component_type: u8,
    /// `SemanticKind`, raw.
    pub semantic_kind: u8,
    /// Semantic indices, one per row.
    pub semantic_indices: Vec<u32>,
    /// `InterpolationMode`, raw.
    pub interpolation_mode: u8,
    /// Rows.
    pub rows: u32,
    /// Columns.
    pub cols: u8,
    /// Start row (-1: not allocated).
    pub start_row: i32,
    /// Start column (-1: not allocated).
    pub start_col: i8,
    /// The name/value list (`None`: `null`).
    pub properties: Option<Vec<SignatureProperty>>,
}

/// A signature element property (tag/value).
#[derive(Clone, Debug, PartialEq)]
pub enum SignatureProperty {
    /// Tag 0: geometry shader output stream.
    OutputStream(u32),
    /// Tag 1: the high-level global symbol (not in final DXIL), kept as read.
    GlobalSymbol(Md),
    /// Tag 2: dynamically indexed components.
    DynIdxCompMask(u32),
    /// Tag 3: components used.
    UsageCompMask(u32),
    /// A tag this model does not know, kept as read.
    Other(u32, Md),
}

impl SignatureElement {
    /// The component type.
    pub fn component_type(&self) -> Option<ComponentType> {
        ComponentType::from_raw(u32::from(self.component_type))
    }
    /// The interpolation mode.
    pub fn interpolation_mode(&self) -> Option<InterpolationMode> {
        InterpolationMode::from_raw(u32::from(self.interpolation_mode))
    }
    /// The dynamic index mask property (0 when absent).
    pub fn dyn_idx_comp_mask(&self) -> u32 {
        self.property(|p| match p {
            SignatureProperty::DynIdxCompMask(m) => Some(*m),
            _ => None,
        })
    }
    /// The usage mask property (0 when absent).
    pub fn usage_comp_mask(&self) -> u32 {
        self.property(|p| match p {
            SignatureProperty::UsageCompMask(m) => Some(*m),
            _ => None,
        })
    }
    /// The output stream property (0 when absent).
    pub fn output_stream(&self) -> u32 {
        self.property(|p| match p {
            SignatureProperty::OutputStream(m) => Some(*m),
            _ => None,
        })
    }
    fn property(&self, f: impl Fn(&SignatureProperty) -> Option<u32>) -> u32 {
        self.properties.iter().flatten().find_map(f).unwrap_or(0)
    }

    pub(crate) fn read(md: &Md) -> Result<Self> {
        let f = Fields::of(md, "signature element")?;
        f.expect_len(11, false, "signature element")?;
        let properties = match f.opt_node(10, "signature element.properties")? {
            None => None,
            Some(p) => {
                let mut out = Vec::new();
                for (tag, i) in p.tag_pairs("signature element.properties")? {
                    out.push(match tag {
                        0 => SignatureProperty::OutputStream(
                            p.u32(i, "signature element.output stream")?,
                        ),
                        1 => SignatureProperty::GlobalSymbol(
                            p.get(i, "signature element.global symbol")?.clone(),
                        ),
                        2 => SignatureProperty::DynIdxCompMask(
                            p.u32(i, "signature element.dyn idx mask")?,
                        ),
                        3 => SignatureProperty::UsageCompMask(
                            p.u32(i, "signature element.usage mask")?,
                        ),
                        t => SignatureProperty::Other(
                            t,
                            p.get(i, "signature element.property")?.clone(),
                        ),
                    });
                }
                Some(out)
            }
        };
        Ok(SignatureElement {
            id: f.u32(0, "signature element.id")?,
            name: f.string(1, "signature element.name")?,
            component_type: f.u8(2, "signature element.component type")?,
            semantic_kind: f.u8(3, "signature element.semantic kind")?,
            semantic_indices: f.u32_list(4, "signature element.semantic indices")?,
            interpolation_mode: f.u8(5, "signature element.interpolation mode")?,
            rows: f.u32(6, "signature element.rows")?,
            cols: f.u8(7, "signature element.cols")?,
            start_row: f.u32(8, "signature element.start row")? as i32,
            start_col: f.u8(9, "signature element.start col")? as i8,
            properties,
        })
    }

    pub(crate) fn write(&self) -> Md {
        let properties = match &self.properties {
            None => Md::Null,
            Some(list) => {
                let mut ops = Vec::new();
                for p in list {
                    let (tag, v) = match p {
                        SignatureProperty::OutputStream(v) => (0, Md::i32(*v)),
                        SignatureProperty::GlobalSymbol(v) => (1, v.clone()),
                        SignatureProperty::DynIdxCompMask(v) => (2, Md::i32(*v)),
                        SignatureProperty::UsageCompMask(v) => (3, Md::i32(*v)),
                        SignatureProperty::Other(t, v) => (*t, v.clone()),
                    };
                    ops.push(Md::i32(tag));
                    ops.push(v);
                }
                Md::node(ops)
            }
        };
        Md::node(vec![
            Md::i32(self.id),
            Md::string(&self.name),
            Md::i8(self.component_type),
            Md::i8(self.semantic_kind),
            u32_node(&self.semantic_indices),
            Md::i8(self.interpolation_mode),
            Md::i32(self.rows),
            Md::i8(self.cols),
            Md::i32(self.start_row as u32),
            Md::i8(self.start_col as u8),
            properties,
        ])
    }
}

/// The three signatures of an entry (`None`: `null`).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct EntrySignatures {
    /// Input.
    pub input: Option<Vec<SignatureElement>>,
    /// Output (mesh shaders: vertex output).
    pub output: Option<Vec<SignatureElement>>,
    /// Patch constant (mesh shaders: primitive output).
    pub patch_constant: Option<Vec<SignatureElement>>,
}

fn read_list(
    f: &Fields<'_>,
    i: usize,
    field: &'static str,
) -> Result<Option<Vec<SignatureElement>>> {
    match f.opt_node(i, field)? {
        None => Ok(None),
        Some(list) => list
            .ops
            .iter()
            .map(SignatureElement::read)
            .collect::<Result<_>>()
            .map(Some),
    }
}

fn write_list(list: &Option<Vec<SignatureElement>>) -> Md {
    match list {
        None => Md::Null,
        Some(l) => Md::node(l.iter().map(SignatureElement::write).collect()),
    }
}

impl EntrySignatures {
    pub(crate) fn read(md: &Md) -> Result<Option<Self>> {
        let Some(f) = Fields::opt(md, "entry signatures")? else {
            return Ok(None);
        };
        if f.len() != 3 {
            return Err(f.err(
                ErrorKind::Expected("3 signatures"),
                "entry signatures",
                f.len(),
            ));
        }
        Ok(Some(EntrySignatures {
            input: read_list(&f, 0, "entry signatures.input")?,
            output: read_list(&f, 1, "entry signatures.output")?,
            patch_constant: read_list(&f, 2, "entry signatures.patch constant")?,
        }))
    }

    pub(crate) fn write(&self) -> Md {
        Md::node(vec![
            write_list(&self.input),
            write_list(&self.output),
            write_list(&self.patch_constant),
        ])
    }
}
