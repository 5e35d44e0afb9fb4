//! Entry properties (DXIL.rst "Shader Properties and Capabilities"): a tag/value list.

use crate::error::{ErrorKind, Result};
use crate::fields::{u32_node, Fields};
use crate::md::Md;
use dxil_parts::names::{
    MeshOutputTopology, PrimitiveTopology, TessellatorDomain, TessellatorOutputPrimitive,
};

use super::node::{read_io_list, write_io_list, NodeId, NodeIo};

/// Geometry shader state (tag 1): `!{i32 input primitive, i32 max vertex count,
/// i32 active stream mask, i32 output topology, i32 instance count}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GsState {
    /// `InputPrimitive`.
    pub input_primitive: u32,
    /// Max vertex count.
    pub max_vertex_count: u32,
    /// Active stream mask.
    pub active_stream_mask: u32,
    /// `PrimitiveTopology`.
    pub output_topology: u32,
    /// GS instance count.
    pub instance_count: u32,
}

/// Domain shader state (tag 2): `!{i32 domain, i32 input control point count}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct DsState {
    /// `TessellatorDomain`.
    pub domain: u32,
    /// Input control points.
    pub input_control_points: u32,
}

/// Hull shader state (tag 3).
#[derive(Clone, Debug, PartialEq)]
pub struct HsState {
    /// Patch constant function (value, kept as read).
    pub patch_constant_function: Md,
    /// Input control points.
    pub input_control_points: u32,
    /// Output control points.
    pub output_control_points: u32,
    /// `TessellatorDomain`.
    pub domain: u32,
    /// `TessellatorPartitioning`.
    pub partitioning: u32,
    /// `TessellatorOutputPrimitive`.
    pub output_primitive: u32,
    /// Max tessellation factor: the `float`'s bit pattern ([`HsState::max_tess_factor`]).
    pub max_tess_factor_bits: u32,
}

impl HsState {
    /// The max tessellation factor.
    pub fn max_tess_factor(&self) -> f32 {
        f32::from_bits(self.max_tess_factor_bits)
    }
    /// The tessellator domain.
    pub fn domain(&self) -> Option<TessellatorDomain> {
        TessellatorDomain::from_raw(self.domain)
    }
    /// The tessellator output primitive.
    pub fn output_primitive(&self) -> Option<TessellatorOutputPrimitive> {
        TessellatorOutputPrimitive::from_raw(self.output_primitive)
    }
}

impl DsState {
    /// The tessellator domain.
    pub fn domain(&self) -> Option<TessellatorDomain> {
        TessellatorDomain::from_raw(self.domain)
    }
}

impl GsState {
    /// The output topology.
    pub fn output_topology(&self) -> Option<PrimitiveTopology> {
        PrimitiveTopology::from_raw(self.output_topology)
    }
}

impl MsState {
    /// The output topology.
    pub fn output_topology(&self) -> Option<MeshOutputTopology> {
        MeshOutputTopology::from_raw(self.output_topology)
    }
}

/// Mesh shader state (tag 9).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MsState {
    /// Thread group size.
    pub num_threads: Vec<u32>,
    /// Max vertices.
    pub max_vertex_count: u32,
    /// Max primitives.
    pub max_primitive_count: u32,
    /// `MeshOutputTopology`.
    pub output_topology: u32,
    /// Payload size.
    pub payload_size_in_bytes: u32,
}

/// Amplification shader state (tag 10).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct AsState {
    /// Thread group size.
    pub num_threads: Vec<u32>,
    /// Payload size.
    pub payload_size_in_bytes: u32,
}

/// One entry property.
#[derive(Clone, Debug, PartialEq)]
pub enum Property {
    /// Tag 0: raw shader flags (`i64`).
    ShaderFlags(u64),
    /// Tag 1.
    GsState(GsState),
    /// Tag 2.
    DsState(DsState),
    /// Tag 3.
    HsState(HsState),
    /// Tag 4: `!{i32 x, i32 y, i32 z}`.
    NumThreads(Vec<u32>),
    /// Tag 5: `!{i32 space}`.
    AutoBindingSpace(Vec<u32>),
    /// Tag 6.
    RayPayloadSize(u32),
    /// Tag 7.
    RayAttribSize(u32),
    /// Tag 8: `ShaderKind` of a library entry.
    ShaderKind(u32),
    /// Tag 9.
    MsState(MsState),
    /// Tag 10.
    AsState(AsState),
    /// Tag 11: `!{i32 size}`.
    WaveSize(Vec<u32>),
    /// Tag 12: serialized root signature (`RTS0` bytes; `!{[N x i8] c"..."}`).
    EntryRootSignature(Vec<u8>),
    /// Tag 23: `!{i32 min, i32 max, i32 preferred}`.
    RangedWaveSize(Vec<u32>),
    /// Tag 24: group shared memory limit.
    GroupSharedLimit(u32),
    /// Tag 13: `NodeLaunchType`.
    NodeLaunchType(u32),
    /// Tag 14: the node is a program entry (`i1`).
    NodeIsProgramEntry(bool),
    /// Tag 15: node id.
    NodeId(NodeId),
    /// Tag 16: local root arguments table index.
    NodeLocalRootArgumentsTableIndex(u32),
    /// Tag 17: the node whose input this one shares.
    ShareInputOf(NodeId),
    /// Tag 18: dispatch grid.
    NodeDispatchGrid(Vec<u32>),
    /// Tag 19: max recursion depth.
    NodeMaxRecursionDepth(u32),
    /// Tag 20: node inputs.
    NodeInputs(Vec<NodeIo>),
    /// Tag 21: node outputs.
    NodeOutputs(Vec<NodeIo>),
    /// Tag 22: max dispatch grid.
    NodeMaxDispatchGrid(Vec<u32>),
    /// Unknown tags: the value as read.
    Other(u32, Md),
}

impl Property {
    fn read(f: &Fields<'_>, tag: u32, i: usize) -> Result<Property> {
        let state = |n: usize, what: &'static str| -> Result<Fields<'_>> {
            let s = f.node(i, what)?;
            s.expect_len(n, false, what)?;
            Ok(s)
        };
        Ok(match tag {
            0 => Property::ShaderFlags(f.u64(i, "properties.shader flags")?),
            1 => {
                let s = state(5, "GS state")?;
                Property::GsState(GsState {
                    input_primitive: s.u32(0, "GS state.input primitive")?,
                    max_vertex_count: s.u32(1, "GS state.max vertex count")?,
                    active_stream_mask: s.u32(2, "GS state.active stream mask")?,
                    output_topology: s.u32(3, "GS state.output topology")?,
                    instance_count: s.u32(4, "GS state.instance count")?,
                })
            }
            2 => {
                let s = state(2, "DS state")?;
                Property::DsState(DsState {
                    domain: s.u32(0, "DS state.domain")?,
                    input_control_points: s.u32(1, "DS state.input control points")?,
                })
            }
            3 => {
                let s = state(7, "HS state")?;
                Property::HsState(HsState {
                    patch_constant_function: s.get(0, "HS state.patch constant function")?.clone(),
                    input_control_points: s.u32(1, "HS state.input control points")?,
                    output_control_points: s.u32(2, "HS state.output control points")?,
                    domain: s.u32(3, "HS state.domain")?,
                    partitioning: s.u32(4, "HS state.partitioning")?,
                    output_primitive: s.u32(5, "HS state.output primitive")?,
                    max_tess_factor_bits: match s.get(6, "HS state.max tessellation factor")? {
                        Md::Float(b) => *b,
                        _ => {
                            return Err(s.err(
                                ErrorKind::Expected("a float constant"),
                                "HS state.max tessellation factor",
                                6,
                            ))
                        }
                    },
                })
            }
            4 => Property::NumThreads(f.u32_list(i, "properties.num threads")?),
            5 => Property::AutoBindingSpace(f.u32_list(i, "properties.auto binding space")?),
            6 => Property::RayPayloadSize(f.u32(i, "properties.ray payload size")?),
            7 => Property::RayAttribSize(f.u32(i, "properties.ray attribute size")?),
            8 => Property::ShaderKind(f.u32(i, "properties.shader kind")?),
            9 => {
                let s = state(5, "MS state")?;
                Property::MsState(MsState {
                    num_threads: s.u32_list(0, "MS state.num threads")?,
                    max_vertex_count: s.u32(1, "MS state.max vertex count")?,
                    max_primitive_count: s.u32(2, "MS state.max primitive count")?,
                    output_topology: s.u32(3, "MS state.output topology")?,
                    payload_size_in_bytes: s.u32(4, "MS state.payload size")?,
                })
            }
            10 => {
                let s = state(2, "AS state")?;
                Property::AsState(AsState {
                    num_threads: s.u32_list(0, "AS state.num threads")?,
                    payload_size_in_bytes: s.u32(1, "AS state.payload size")?,
                })
            }
            11 => Property::WaveSize(f.u32_list(i, "properties.wave size")?),
            12 => {
                let w = f.node(i, "properties.entry root signature")?;
                w.expect_len(1, false, "properties.entry root signature")?;
                match w.get(0, "properties.entry root signature")? {
                    Md::IntArray { bits: 8, values } => {
                        Property::EntryRootSignature(values.iter().map(|&v| v as u8).collect())
                    }
                    _ => {
                        return Err(w.err(
                            ErrorKind::Expected("an i8 array"),
                            "properties.entry root signature",
                            0,
                        ))
                    }
                }
            }
            23 => Property::RangedWaveSize(f.u32_list(i, "properties.ranged wave size")?),
            24 => Property::GroupSharedLimit(f.u32(i, "properties.group shared limit")?),
            13 => Property::NodeLaunchType(f.u32(i, "properties.node launch type")?),
            14 => Property::NodeIsProgramEntry(f.bool(i, "properties.node is program entry")?),
            15 => Property::NodeId(NodeId::read(f, i, "properties.node id")?),
            16 => Property::NodeLocalRootArgumentsTableIndex(
                f.u32(i, "properties.local root arguments table index")?,
            ),
            17 => Property::ShareInputOf(NodeId::read(f, i, "properties.share input of")?),
            18 => Property::NodeDispatchGrid(f.u32_list(i, "properties.dispatch grid")?),
            19 => Property::NodeMaxRecursionDepth(f.u32(i, "properties.max recursion depth")?),
            20 => Property::NodeInputs(read_io_list(f, i, "properties.node inputs")?),
            21 => Property::NodeOutputs(read_io_list(f, i, "properties.node outputs")?),
            22 => Property::NodeMaxDispatchGrid(f.u32_list(i, "properties.max dispatch grid")?),
            t => Property::Other(t, f.get(i, "properties.value")?.clone()),
        })
    }

    fn write(&self) -> (u32, Md) {
        match self {
            Property::ShaderFlags(v) => (0, Md::i64(*v)),
            Property::GsState(s) => (
                1,
                u32_node(&[
                    s.input_primitive,
                    s.max_vertex_count,
                    s.active_stream_mask,
                    s.output_topology,
                    s.instance_count,
                ]),
            ),
            Property::DsState(s) => (2, u32_node(&[s.domain, s.input_control_points])),
            Property::HsState(s) => (
                3,
                Md::node(vec![
                    s.patch_constant_function.clone(),
                    Md::i32(s.input_control_points),
                    Md::i32(s.output_control_points),
                    Md::i32(s.domain),
                    Md::i32(s.partitioning),
                    Md::i32(s.output_primitive),
                    Md::Float(s.max_tess_factor_bits),
                ]),
            ),
            Property::NumThreads(v) => (4, u32_node(v)),
            Property::AutoBindingSpace(v) => (5, u32_node(v)),
            Property::RayPayloadSize(v) => (6, Md::i32(*v)),
            Property::RayAttribSize(v) => (7, Md::i32(*v)),
            Property::ShaderKind(v) => (8, Md::i32(*v)),
            Property::MsState(s) => (
                9,
                Md::node(vec![
                    u32_node(&s.num_threads),
                    Md::i32(s.max_vertex_count),
                    Md::i32(s.max_primitive_count),
                    Md::i32(s.output_topology),
                    Md::i32(s.payload_size_in_bytes),
                ]),
            ),
            Property::AsState(s) => (
                10,
                Md::node(vec![
                    u32_node(&s.num_threads),
                    Md::i32(s.payload_size_in_bytes),
                ]),
            ),
            Property::WaveSize(v) => (11, u32_node(v)),
            Property::EntryRootSignature(v) => (
                12,
                Md::node(vec![Md::IntArray {
                    bits: 8,
                    values: v.iter().map(|&b| u64::from(b)).collect(),
                }]),
            ),
            Property::RangedWaveSize(v) => (23, u32_node(v)),
            Property::GroupSharedLimit(v) => (24, Md::i32(*v)),
            Property::NodeLaunchType(v) => (13, Md::i32(*v)),
            Property::NodeIsProgramEntry(v) => (14, Md::i1(*v)),
            Property::NodeId(v) => (15, v.write()),
            Property::NodeLocalRootArgumentsTableIndex(v) => (16, Md::i32(*v)),
            Property::ShareInputOf(v) => (17, v.write()),
            Property::NodeDispatchGrid(v) => (18, u32_node(v)),
            Property::NodeMaxRecursionDepth(v) => (19, Md::i32(*v)),
            Property::NodeInputs(v) => (20, write_io_list(v)),
            Property::NodeOutputs(v) => (21, write_io_list(v)),
            Property::NodeMaxDispatchGrid(v) => (22, u32_node(v)),
            Property::Other(t, v) => (*t, v.clone()),
        }
    }
}

/// Reads a property list (`None`: `null`).
pub(crate) fn read_properties(md: &Md) -> Result<Option<Vec<Property>>> {
    let Some(f) = Fields::opt(md, "entry properties")? else {
        return Ok(None);
    };
    let mut out = Vec::new();
    for (tag, i) in f.tag_pairs("entry properties")? {
        out.push(Property::read(&f, tag, i)?);
    }
    Ok(Some(out))
}

/// Writes a property list.
pub(crate) fn write_properties(p: &Option<Vec<Property>>) -> Md {
    match p {
        None => Md::Null,
        Some(list) => {
            let mut ops = Vec::with_capacity(list.len() * 2);
            for p in list {
                let (t, v) = p.write();
                ops.push(Md::i32(t));
                ops.push(v);
            }
            Md::node(ops)
        }
    }
}
