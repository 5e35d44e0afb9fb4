//! Type annotations (DXIL.rst "Type annotations"): `dx.typeAnnotations`, lists of
//! `i32 0` (structs) or `i32 1` (functions) followed by (key, annotation) pairs.

use dxil_ir::{Module, Type, TypeData};

use crate::error::{ErrorKind, Result};
use crate::fields::{u32_node, Fields};
use crate::md::Md;

/// One field annotation property.
#[derive(Clone, Debug, PartialEq)]
pub enum FieldProperty {
    /// Tag 0: `snorm`.
    SNorm(bool),
    /// Tag 1: `unorm`.
    UNorm(bool),
    /// Tag 2: matrix rows, columns, orientation (1 row major, 2 column major).
    Matrix {
        /// Rows.
        rows: u32,
        /// Columns.
        cols: u32,
        /// `MatrixOrientation`.
        orientation: u32,
    },
    /// Tag 3: offset inside the constant buffer.
    CBufferOffset(u32),
    /// Tag 4: semantic.
    Semantic(String),
    /// Tag 5: `InterpolationMode`.
    InterpolationMode(u32),
    /// Tag 6: field name.
    FieldName(String),
    /// Tag 7: `ComponentType`.
    CompType(u32),
    /// Tag 8: `precise`.
    Precise(bool),
    /// Tag 9: the constant buffer variable is used.
    CBUsed(bool),
    /// Tag 10: resource properties constant (kept as read).
    ResourceProperties(Md),
    /// Tag 11: bit fields.
    BitFields(Vec<FieldAnnotation>),
    /// Tag 12: bit field width.
    BitFieldWidth(u32),
    /// Tag 13: vector size.
    VectorSize(u32),
    /// Unknown tag, kept as read.
    Other(u32, Md),
}

/// A field annotation: its tag/value list in order.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct FieldAnnotation {
    /// Properties in record order.
    pub properties: Vec<FieldProperty>,
}

impl FieldAnnotation {
    /// Field name (tag 6).
    pub fn name(&self) -> Option<&str> {
        self.properties.iter().find_map(|p| match p {
            FieldProperty::FieldName(n) => Some(n.as_str()),
            _ => None,
        })
    }
    /// Constant buffer offset (tag 3).
    pub fn cbuffer_offset(&self) -> Option<u32> {
        self.properties.iter().find_map(|p| match p {
            FieldProperty::CBufferOffset(n) => Some(*n),
            _ => None,
        })
    }
    /// Component type (tag 7).
    pub fn comp_type(&self) -> Option<u32> {
        self.properties.iter().find_map(|p| match p {
            FieldProperty::CompType(n) => Some(*n),
            _ => None,
        })
    }
    /// Matrix annotation (tag 2): rows, cols, orientation.
    pub fn matrix(&self) -> Option<(u32, u32, u32)> {
        self.properties.iter().find_map(|p| match p {
            FieldProperty::Matrix {
                rows,
                cols,
                orientation,
            } => Some((*rows, *cols, *orientation)),
            _ => None,
        })
    }

    pub(crate) fn read(md: &Md, depth: usize) -> Result<Self> {
        let f = Fields::of(md, "field annotation")?;
        let mut properties = Vec::new();
        for (tag, i) in f.tag_pairs("field annotation")? {
            properties.push(match tag {
                0 => FieldProperty::SNorm(f.bool(i, "field annotation.snorm")?),
                1 => FieldProperty::UNorm(f.bool(i, "field annotation.unorm")?),
                2 => {
                    let m = f.node(i, "field annotation.matrix")?;
                    m.expect_len(3, false, "field annotation.matrix")?;
                    FieldProperty::Matrix {
                        rows: m.u32(0, "matrix.rows")?,
                        cols: m.u32(1, "matrix.cols")?,
                        orientation: m.u32(2, "matrix.orientation")?,
                    }
                }
                3 => FieldProperty::CBufferOffset(f.u32(i, "field annotation.cbuffer offset")?),
                4 => FieldProperty::Semantic(f.string(i, "field annotation.semantic")?),
                5 => FieldProperty::InterpolationMode(
                    f.u32(i, "field annotation.interpolation mode")?,
                ),
                6 => FieldProperty::FieldName(f.string(i, "field annotation.field name")?),
                7 => FieldProperty::CompType(f.u32(i, "field annotation.comp type")?),
                8 => FieldProperty::Precise(f.bool(i, "field annotation.precise")?),
                9 => FieldProperty::CBUsed(f.bool(i, "field annotation.cb used")?),
                10 => FieldProperty::ResourceProperties(
                    f.get(i, "field annotation.resource properties")?.clone(),
                ),
                11 => {
                    if depth > 8 {
                        return Err(f.err(
                            ErrorKind::Expected("bit fields nested at most 8 deep"),
                            "field annotation.bit fields",
                            i,
                        ));
                    }
                    let b = f.node(i, "field annotation.bit fields")?;
                    FieldProperty::BitFields(
                        b.ops
                            .iter()
                            .map(|x| FieldAnnotation::read(x, depth + 1))
                            .collect::<Result<_>>()?,
                    )
                }
                12 => FieldProperty::BitFieldWidth(f.u32(i, "field annotation.bit field width")?),
                13 => FieldProperty::VectorSize(f.u32(i, "field annotation.vector size")?),
                t => FieldProperty::Other(t, f.get(i, "field annotation.property")?.clone()),
            });
        }
        Ok(FieldAnnotation { properties })
    }

    pub(crate) fn write(&self) -> Md {
        let mut ops = Vec::new();
        for p in &self.properties {
            let (tag, v) = match p {
                FieldProperty::SNorm(v) => (0, Md::i1(*v)),
                FieldProperty::UNorm(v) => (1, Md::i1(*v)),
                FieldProperty::Matrix {
                    rows,
                    cols,
                    orientation,
                } => (2, u32_node(&[*rows, *cols, *orientation])),
                FieldProperty::CBufferOffset(v) => (3, Md::i32(*v)),
                FieldProperty::Semantic(v) => (4, Md::string(v)),
                FieldProperty::InterpolationMode(v) => (5, Md::i32(*v)),
                FieldProperty::FieldName(v) => (6, Md::string(v)),
                FieldProperty::CompType(v) => (7, Md::i32(*v)),
                FieldProperty::Precise(v) => (8, Md::i1(*v)),
                FieldProperty::CBUsed(v) => (9, Md::i1(*v)),
                FieldProperty::ResourceProperties(v) => (10, v.clone()),
                FieldProperty::BitFields(v) => {
                    (11, Md::node(v.iter().map(FieldAnnotation::write).collect()))
                }
                FieldProperty::BitFieldWidth(v) => (12, Md::i32(*v)),
                FieldProperty::VectorSize(v) => (13, Md::i32(*v)),
                FieldProperty::Other(t, v) => (*t, v.clone()),
            };
            ops.push(Md::i32(tag));
            ops.push(v);
        }
        Md::node(ops)
    }
}

/// A template argument of a struct annotation: a type (`i32 0, T undef`) or an integral
/// (`i32 1, i64 v`).
#[derive(Clone, Debug, PartialEq)]
pub enum TemplateArg {
    /// Tag 0: type (the `undef` value of that type).
    Type(Md),
    /// Tag 1: integral value.
    Integral(u64),
    /// Unknown tag, the node as read.
    Other(Md),
}

/// A struct annotation: `!{i32 cbuffer size, field annotations..., [extended properties]}`.
#[derive(Clone, Debug, PartialEq)]
pub struct StructAnnotation {
    /// The struct type (key `%T undef`).
    pub ty: Type,
    /// The key as read.
    pub key: Md,
    /// Size in a constant buffer.
    pub cbuffer_size: u32,
    /// One per struct element.
    pub fields: Vec<FieldAnnotation>,
    /// Template arguments (extended list, tag 0), when present.
    pub template_args: Option<Vec<TemplateArg>>,
}

/// A parameter annotation: `!{i32 input qualifier, field annotation, !{semantic indices}}`.
#[derive(Clone, Debug, PartialEq)]
pub struct ParamAnnotation {
    /// `DxilParamInputQual`.
    pub input_qualifier: u32,
    /// Field properties.
    pub field: FieldAnnotation,
    /// Semantic indices.
    pub semantic_indices: Vec<u32>,
}

/// A function annotation: the return value's then each parameter's annotation.
#[derive(Clone, Debug, PartialEq)]
pub struct FunctionAnnotation {
    /// The function (key).
    pub function: Md,
    /// Return value annotation.
    pub ret: ParamAnnotation,
    /// Parameter annotations.
    pub params: Vec<ParamAnnotation>,
}

/// One `dx.typeAnnotations` operand.
#[derive(Clone, Debug, PartialEq)]
pub enum TypeAnnotations {
    /// Tag 0: struct annotations.
    Structs(Vec<StructAnnotation>),
    /// Tag 1: function annotations.
    Functions(Vec<FunctionAnnotation>),
}

impl ParamAnnotation {
    fn read(md: &Md) -> Result<Self> {
        let f = Fields::of(md, "parameter annotation")?;
        f.expect_len(3, false, "parameter annotation")?;
        Ok(ParamAnnotation {
            input_qualifier: f.u32(0, "parameter annotation.input qualifier")?,
            field: FieldAnnotation::read(f.get(1, "parameter annotation.field")?, 0)?,
            semantic_indices: f.u32_list(2, "parameter annotation.semantic indices")?,
        })
    }
    fn write(&self) -> Md {
        Md::node(vec![
            Md::i32(self.input_qualifier),
            self.field.write(),
            u32_node(&self.semantic_indices),
        ])
    }
}

fn struct_elems(module: &Module, ty: Type) -> Option<usize> {
    match module.ty(ty)? {
        TypeData::Struct(s) => Some(s.elems.len()),
        _ => None,
    }
}

impl TypeAnnotations {
    pub(crate) fn read(md: &Md, module: &Module) -> Result<Self> {
        let f = Fields::of(md, "type annotations")?;
        let tag = f.u32(0, "type annotations.tag")?;
        if f.len() & 1 != 1 {
            return Err(f.err(
                ErrorKind::Expected("key/annotation pairs"),
                "type annotations",
                f.len(),
            ));
        }
        let pairs = (f.len() - 1) / 2;
        match tag {
            0 => {
                let mut out = Vec::with_capacity(pairs);
                for k in 0..pairs {
                    let key = f.get(1 + 2 * k, "struct annotation.type")?;
                    let Md::Value { ty, .. } = key else {
                        return Err(f.err(
                            ErrorKind::Expected("a struct value"),
                            "struct annotation.type",
                            1 + 2 * k,
                        ));
                    };
                    let Some(n) = struct_elems(module, *ty) else {
                        return Err(f.err(
                            ErrorKind::Expected("a struct type"),
                            "struct annotation.type",
                            1 + 2 * k,
                        ));
                    };
                    let a = f.node(2 + 2 * k, "struct annotation")?;
                    let has_extra = a.len() == n + 2;
                    if a.len() != n + 1 && !has_extra {
                        return Err(a.err(
                            ErrorKind::Expected("one annotation per struct element"),
                            "struct annotation",
                            a.len(),
                        ));
                    }
                    let fields = (0..n)
                        .map(|i| FieldAnnotation::read(a.get(i + 1, "struct annotation.field")?, 0))
                        .collect::<Result<_>>()?;
                    let template_args = if has_extra {
                        let e = a.node(n + 1, "struct annotation.extended")?;
                        let mut args = None;
                        for (tag, i) in e.tag_pairs("struct annotation.extended")? {
                            if tag != 0 {
                                return Err(e.err(
                                    ErrorKind::OutOfRange(u64::from(tag)),
                                    "struct annotation.extended tag",
                                    i - 1,
                                ));
                            }
                            let list = e.node(i, "struct annotation.template args")?;
                            let mut v = Vec::new();
                            for x in list.ops {
                                let t = Fields::of(x, "template arg")?;
                                v.push(match t.u32(0, "template arg.tag")? {
                                    0 if t.len() == 2 => {
                                        TemplateArg::Type(t.get(1, "template arg.type")?.clone())
                                    }
                                    1 if t.len() == 2 => {
                                        TemplateArg::Integral(t.u64(1, "template arg.value")?)
                                    }
                                    _ => TemplateArg::Other(x.clone()),
                                });
                            }
                            args = Some(v);
                        }
                        args
                    } else {
                        None
                    };
                    out.push(StructAnnotation {
                        ty: *ty,
                        key: key.clone(),
                        cbuffer_size: a.u32(0, "struct annotation.cbuffer size")?,
                        fields,
                        template_args,
                    });
                }
                Ok(TypeAnnotations::Structs(out))
            }
            1 => {
                let mut out = Vec::with_capacity(pairs);
                for k in 0..pairs {
                    let function = f.get(1 + 2 * k, "function annotation.function")?.clone();
                    let a = f.node(2 + 2 * k, "function annotation")?;
                    let ret = ParamAnnotation::read(a.get(0, "function annotation.return")?)?;
                    let params = a.ops[1..]
                        .iter()
                        .map(ParamAnnotation::read)
                        .collect::<Result<_>>()?;
                    out.push(FunctionAnnotation {
                        function,
                        ret,
                        params,
                    });
                }
                Ok(TypeAnnotations::Functions(out))
            }
            t => Err(f.err(
                ErrorKind::OutOfRange(u64::from(t)),
                "type annotations.tag",
                0,
            )),
        }
    }

    pub(crate) fn write(&self) -> Md {
        let mut ops = Vec::new();
        match self {
            TypeAnnotations::Structs(list) => {
                ops.push(Md::i32(0));
                for s in list {
                    ops.push(s.key.clone());
                    let mut a = vec![Md::i32(s.cbuffer_size)];
                    a.extend(s.fields.iter().map(FieldAnnotation::write));
                    if let Some(args) = &s.template_args {
                        let list = args
                            .iter()
                            .map(|t| match t {
                                TemplateArg::Type(v) => Md::node(vec![Md::i32(0), v.clone()]),
                                TemplateArg::Integral(v) => Md::node(vec![Md::i32(1), Md::i64(*v)]),
                                TemplateArg::Other(v) => v.clone(),
                            })
                            .collect();
                        a.push(Md::node(vec![Md::i32(0), Md::node(list)]));
                    }
                    ops.push(Md::node(a));
                }
            }
            TypeAnnotations::Functions(list) => {
                ops.push(Md::i32(1));
                for fa in list {
                    ops.push(fa.function.clone());
                    let mut a = vec![fa.ret.write()];
                    a.extend(fa.params.iter().map(ParamAnnotation::write));
                    ops.push(Md::node(a));
                }
            }
        }
        Md::node(ops)
    }
}
