//! The `dx.rootsignatures` metadata form ("Root Signatures", "Metadata
//! Representation"), on a small neutral tree that the IR layer can bridge to real metadata.
//!
//! ```text
//! !dx.rootsignatures = !{!1}               ; one pair per entry function
//! !1 = !{ptr @main, !2, i32 2}            ; function, root signature, version (1, 2, 3)
//! !2 = !{!3, !4, ...}                     ; elements
//! !{!"RootFlags", i32 flags}
//! !{!"RootConstants", i32 vis, i32 reg, i32 space, i32 num32}
//! !{!"RootCBV"|"RootSRV"|"RootUAV", i32 vis, i32 reg, i32 space, i32 flags}
//! !{!"StaticSampler", i32 filter, i32 u, i32 v, i32 w, float bias, i32 aniso, i32 cmp,
//!   i32 border, float minLOD, float maxLOD, i32 reg, i32 space, i32 vis [, i32 flags (1.2)]}
//! !{!"DescriptorTable", i32 vis, !range, ...}
//! !{!"CBV"|"SRV"|"UAV"|"Sampler", i32 num, i32 reg, i32 space, i32 offset, i32 flags}
//! ```

use crate::enums::{
    AddressMode, BorderColor, ComparisonFunc, DescriptorFlags, Filter, RangeFlags, RangeType,
    RootFlags, SamplerFlags, ShaderVisibility,
};
use crate::error::{Error, ErrorKind, Position, Result};
use crate::model::{
    DescriptorRange, ParameterKind, RootConstants, RootDescriptor, RootParameter, RootSignature,
    StaticSampler, Version,
};

/// A metadata node, reduced to what root signatures use.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub enum MdNode {
    /// A tuple `!{...}`.
    Tuple(Vec<MdNode>),
    /// An `i32` constant (its bit pattern).
    Int(u32),
    /// A `float` constant.
    Float(f32),
    /// A metadata string `!"..."`.
    String(String),
    /// A reference to a function, by name.
    Function(String),
    /// An absent operand (`null`).
    Null,
}

/// One entry of `dx.rootsignatures`: a function and its root signature.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Entry {
    /// The entry function's name (without `@`).
    pub function: String,
    /// Its root signature (the version comes from the entry's third operand).
    pub root_signature: RootSignature,
}

fn bad(msg: String) -> Error {
    Error::new(ErrorKind::Metadata, msg, Position::None)
}

/// Builds the operands of `!dx.rootsignatures` for some entries.
pub fn to_metadata(entries: &[Entry]) -> Vec<MdNode> {
    entries
        .iter()
        .map(|e| {
            MdNode::Tuple(vec![
                MdNode::Function(e.function.clone()),
                signature_node(&e.root_signature),
                MdNode::Int(e.root_signature.version.code()),
            ])
        })
        .collect()
}

/// The node of one root signature (its element list).
pub fn signature_node(rs: &RootSignature) -> MdNode {
    let i = MdNode::Int;
    let s = |t: &str| MdNode::String(t.to_string());
    let mut els = vec![MdNode::Tuple(vec![s("RootFlags"), i(rs.flags.0)])];
    for p in &rs.parameters {
        let vis = i(p.visibility.0);
        els.push(MdNode::Tuple(match &p.kind {
            ParameterKind::Constants(c) => {
                vec![
                    s("RootConstants"),
                    vis,
                    i(c.register),
                    i(c.space),
                    i(c.num_32bit_values),
                ]
            }
            ParameterKind::Cbv(d) | ParameterKind::Srv(d) | ParameterKind::Uav(d) => {
                let name = match &p.kind {
                    ParameterKind::Cbv(_) => "RootCBV",
                    ParameterKind::Srv(_) => "RootSRV",
                    _ => "RootUAV",
                };
                vec![s(name), vis, i(d.register), i(d.space), i(d.flags.0)]
            }
            ParameterKind::DescriptorTable(ranges) => {
                let mut v = vec![s("DescriptorTable"), vis];
                for r in ranges {
                    let name = r.range_type.keyword().unwrap_or("Unknown");
                    v.push(MdNode::Tuple(vec![
                        s(name),
                        i(r.num_descriptors),
                        i(r.base_register),
                        i(r.space),
                        i(r.offset),
                        i(r.flags.0),
                    ]));
                }
                v
            }
        }));
    }
    for smp in &rs.static_samplers {
        let mut v = vec![
            s("StaticSampler"),
            i(smp.filter.0),
            i(smp.address_u.0),
            i(smp.address_v.0),
            i(smp.address_w.0),
            MdNode::Float(smp.mip_lod_bias),
            i(smp.max_anisotropy),
            i(smp.comparison_func.0),
            i(smp.border_color.0),
            MdNode::Float(smp.min_lod),
            MdNode::Float(smp.max_lod),
            i(smp.register),
            i(smp.space),
            i(smp.visibility.0),
        ];
        if rs.version == Version::V1_2 {
            v.push(i(smp.flags.0));
        }
        els.push(MdNode::Tuple(v));
    }
    MdNode::Tuple(els)
}

fn tuple<'a>(n: &'a MdNode, what: &str) -> Result<&'a [MdNode]> {
    match n {
        MdNode::Tuple(v) => Ok(v),
        _ => Err(bad(format!("{what}: expected a tuple node"))),
    }
}

fn int(ops: &[MdNode], i: usize, what: &str) -> Result<u32> {
    match ops.get(i) {
        Some(MdNode::Int(v)) => Ok(*v),
        _ => Err(bad(format!("{what}: operand {i} must be an i32 constant"))),
    }
}

fn float(ops: &[MdNode], i: usize, what: &str) -> Result<f32> {
    match ops.get(i) {
        Some(MdNode::Float(v)) => Ok(*v),
        _ => Err(bad(format!("{what}: operand {i} must be a float constant"))),
    }
}

fn arity(ops: &[MdNode], n: &[usize], what: &str) -> Result<()> {
    if n.contains(&ops.len()) {
        Ok(())
    } else {
        Err(bad(format!(
            "{what}: expected {n:?} operands, found {}",
            ops.len()
        )))
    }
}

/// Reads the operands of `!dx.rootsignatures`.
pub fn from_metadata(operands: &[MdNode]) -> Result<Vec<Entry>> {
    let mut out = Vec::new();
    for (k, op) in operands.iter().enumerate() {
        let what = format!("dx.rootsignatures entry {k}");
        let pair = tuple(op, &what)?;
        arity(pair, &[3], &what)?;
        let function = match pair.first() {
            Some(MdNode::Function(f)) => f.clone(),
            Some(MdNode::Null) => String::new(),
            _ => return Err(bad(format!("{what}: operand 0 must be a function"))),
        };
        let code = int(pair, 2, &what)?;
        let version = Version::from_code(code)
            .ok_or_else(|| bad(format!("{what}: unsupported root signature version {code}")))?;
        let node = pair
            .get(1)
            .ok_or_else(|| bad(format!("{what}: missing root signature")))?;
        out.push(Entry {
            function,
            root_signature: signature_from_node(node, version)?,
        });
    }
    Ok(out)
}

/// Reads one root signature node (its element list) as a version.
pub fn signature_from_node(node: &MdNode, version: Version) -> Result<RootSignature> {
    let mut rs = RootSignature::new(version);
    for (k, el) in tuple(node, "root signature")?.iter().enumerate() {
        let what = format!("root signature element {k}");
        let ops = tuple(el, &what)?;
        let name = match ops.first() {
            Some(MdNode::String(s)) => s.as_str(),
            _ => return Err(bad(format!("{what}: operand 0 must be the element name"))),
        };
        match name {
            "RootFlags" => {
                arity(ops, &[2], &what)?;
                rs.flags = RootFlags(int(ops, 1, &what)?);
            }
            "RootConstants" => {
                arity(ops, &[5], &what)?;
                rs.parameters.push(RootParameter {
                    visibility: ShaderVisibility(int(ops, 1, &what)?),
                    kind: ParameterKind::Constants(RootConstants {
                        register: int(ops, 2, &what)?,
                        space: int(ops, 3, &what)?,
                        num_32bit_values: int(ops, 4, &what)?,
                    }),
                });
            }
            "RootCBV" | "RootSRV" | "RootUAV" => {
                arity(ops, &[5], &what)?;
                let flags = if version == Version::V1_0 {
                    DescriptorFlags::default_for(version)
                } else {
                    DescriptorFlags(int(ops, 4, &what)?)
                };
                let d = RootDescriptor {
                    register: int(ops, 2, &what)?,
                    space: int(ops, 3, &what)?,
                    flags,
                };
                let kind = match name {
                    "RootCBV" => ParameterKind::Cbv(d),
                    "RootSRV" => ParameterKind::Srv(d),
                    _ => ParameterKind::Uav(d),
                };
                rs.parameters.push(RootParameter {
                    visibility: ShaderVisibility(int(ops, 1, &what)?),
                    kind,
                });
            }
            "DescriptorTable" => {
                if ops.len() < 2 {
                    return Err(bad(format!(
                        "{what}: a descriptor table needs a visibility"
                    )));
                }
                let mut ranges = Vec::new();
                for (j, r) in ops.iter().enumerate().skip(2) {
                    let rw = format!("{what} range {}", j - 2);
                    let rops = tuple(r, &rw)?;
                    arity(rops, &[6], &rw)?;
                    let range_type = match rops.first() {
                        Some(MdNode::String(s)) => RangeType::from_keyword(s)
                            .filter(|_| RangeType::NAMES.iter().any(|(_, k)| k == s))
                            .ok_or_else(|| bad(format!("{rw}: unknown range type {s:?}")))?,
                        _ => return Err(bad(format!("{rw}: operand 0 must be the range type"))),
                    };
                    let flags = if version == Version::V1_0 {
                        RangeFlags::default_for(version, range_type)
                    } else {
                        RangeFlags(int(rops, 5, &rw)?)
                    };
                    ranges.push(DescriptorRange {
                        range_type,
                        num_descriptors: int(rops, 1, &rw)?,
                        base_register: int(rops, 2, &rw)?,
                        space: int(rops, 3, &rw)?,
                        offset: int(rops, 4, &rw)?,
                        flags,
                    });
                }
                rs.parameters.push(RootParameter {
                    visibility: ShaderVisibility(int(ops, 1, &what)?),
                    kind: ParameterKind::DescriptorTable(ranges),
                });
            }
            "StaticSampler" => {
                arity(ops, &[14, 15], &what)?;
                let flags = if version == Version::V1_2 && ops.len() == 15 {
                    SamplerFlags(int(ops, 14, &what)?)
                } else {
                    SamplerFlags::NONE
                };
                rs.static_samplers.push(StaticSampler {
                    filter: Filter(int(ops, 1, &what)?),
                    address_u: AddressMode(int(ops, 2, &what)?),
                    address_v: AddressMode(int(ops, 3, &what)?),
                    address_w: AddressMode(int(ops, 4, &what)?),
                    mip_lod_bias: float(ops, 5, &what)?,
                    max_anisotropy: int(ops, 6, &what)?,
                    comparison_func: ComparisonFunc(int(ops, 7, &what)?),
                    border_color: BorderColor(int(ops, 8, &what)?),
                    min_lod: float(ops, 9, &what)?,
                    max_lod: float(ops, 10, &what)?,
                    register: int(ops, 11, &what)?,
                    space: int(ops, 12, &what)?,
                    visibility: ShaderVisibility(int(ops, 13, &what)?),
                    flags,
                });
            }
            other => return Err(bad(format!("{what}: unknown element {other:?}"))),
        }
    }
    Ok(rs)
}
