//! Work-graph node properties (entry property tags 13 to 22; DXIL.rst "Shader Properties
//! and Capabilities", node shaders): node ids, launch type, dispatch grids and the input
//! and output record descriptions.

use crate::error::Result;
use crate::fields::{u32_node, Fields};
use crate::md::Md;

/// A node id: `!{!"name", i32 index}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct NodeId {
    /// Name.
    pub name: String,
    /// Array index.
    pub index: u32,
}

impl NodeId {
    pub(crate) fn read(f: &Fields<'_>, i: usize, what: &'static str) -> Result<Self> {
        let n = f.node(i, what)?;
        n.expect_len(2, false, what)?;
        Ok(NodeId {
            name: n.string(0, what)?,
            index: n.u32(1, what)?,
        })
    }
    pub(crate) fn write(&self) -> Md {
        Md::node(vec![Md::string(&self.name), Md::i32(self.index)])
    }
}

/// A record type property (tag/value list).
#[derive(Clone, Debug, PartialEq)]
pub enum NodeRecordProperty {
    /// Tag 0: record size in bytes.
    Size(u32),
    /// Tag 1: `SV_DispatchGrid` field: byte offset, `ComponentType`, component count.
    SvDispatchGrid {
        /// Byte offset in the record.
        byte_offset: u32,
        /// `ComponentType`.
        component_type: u32,
        /// Components.
        num_components: u32,
    },
    /// Tag 2: record alignment.
    Alignment(u32),
    /// Unknown tag (or a grid node of another length), kept as read.
    Other(u32, Md),
}

/// A node input or output property (tag/value list).
#[derive(Clone, Debug, PartialEq)]
pub enum NodeIoProperty {
    /// Tag 0: output node id.
    OutputId(NodeId),
    /// Tag 1: `NodeIOFlags`.
    Flags(u32),
    /// Tag 2: record type.
    RecordType(Vec<NodeRecordProperty>),
    /// Tag 3: max records.
    MaxRecords(u32),
    /// Tag 4: index of the output whose max records this one shares (`i32`).
    MaxRecordsSharedWith(i32),
    /// Tag 5: output array size.
    OutputArraySize(u32),
    /// Tag 6: sparse nodes allowed.
    AllowSparseNodes(bool),
    /// Unknown tag, kept as read.
    Other(u32, Md),
}

/// One node input or output: its property list.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct NodeIo {
    /// Properties in record order.
    pub properties: Vec<NodeIoProperty>,
}

fn read_record(f: &Fields<'_>) -> Result<Vec<NodeRecordProperty>> {
    let mut out = Vec::new();
    for (tag, i) in f.tag_pairs("node record type")? {
        out.push(match tag {
            0 => NodeRecordProperty::Size(f.u32(i, "node record type.size")?),
            1 => match f.node(i, "node record type.SV_DispatchGrid")? {
                g if g.len() == 3 => NodeRecordProperty::SvDispatchGrid {
                    byte_offset: g.u32(0, "SV_DispatchGrid.byte offset")?,
                    component_type: g.u32(1, "SV_DispatchGrid.component type")?,
                    num_components: g.u32(2, "SV_DispatchGrid.components")?,
                },
                _ => NodeRecordProperty::Other(
                    1,
                    f.get(i, "node record type.SV_DispatchGrid")?.clone(),
                ),
            },
            2 => NodeRecordProperty::Alignment(f.u32(i, "node record type.alignment")?),
            t => NodeRecordProperty::Other(t, f.get(i, "node record type.property")?.clone()),
        });
    }
    Ok(out)
}

fn write_record(list: &[NodeRecordProperty]) -> Md {
    let mut ops = Vec::new();
    for p in list {
        let (t, v) = match p {
            NodeRecordProperty::Size(v) => (0, Md::i32(*v)),
            NodeRecordProperty::SvDispatchGrid {
                byte_offset,
                component_type,
                num_components,
            } => (
                1,
                u32_node(&[*byte_offset, *component_type, *num_components]),
            ),
            NodeRecordProperty::Alignment(v) => (2, Md::i32(*v)),
            NodeRecordProperty::Other(t, v) => (*t, v.clone()),
        };
        ops.push(Md::i32(t));
        ops.push(v);
    }
    Md::node(ops)
}

impl NodeIo {
    fn read(md: &Md) -> Result<Self> {
        let f = Fields::of(md, "node io")?;
        let mut properties = Vec::new();
        for (tag, i) in f.tag_pairs("node io")? {
            properties.push(match tag {
                0 => NodeIoProperty::OutputId(NodeId::read(&f, i, "node io.output id")?),
                1 => NodeIoProperty::Flags(f.u32(i, "node io.flags")?),
                2 => NodeIoProperty::RecordType(read_record(&f.node(i, "node io.record type")?)?),
                3 => NodeIoProperty::MaxRecords(f.u32(i, "node io.max records")?),
                4 => NodeIoProperty::MaxRecordsSharedWith(
                    f.u32(i, "node io.max records shared with")? as i32,
                ),
                5 => NodeIoProperty::OutputArraySize(f.u32(i, "node io.output array size")?),
                6 => NodeIoProperty::AllowSparseNodes(f.bool(i, "node io.allow sparse nodes")?),
                t => NodeIoProperty::Other(t, f.get(i, "node io.property")?.clone()),
            });
        }
        Ok(NodeIo { properties })
    }

    fn write(&self) -> Md {
        let mut ops = Vec::new();
        for p in &self.properties {
            let (t, v) = match p {
                NodeIoProperty::OutputId(id) => (0, id.write()),
                NodeIoProperty::Flags(v) => (1, Md::i32(*v)),
                NodeIoProperty::RecordType(r) => (2, write_record(r)),
                NodeIoProperty::MaxRecords(v) => (3, Md::i32(*v)),
                NodeIoProperty::MaxRecordsSharedWith(v) => (4, Md::i32(*v as u32)),
                NodeIoProperty::OutputArraySize(v) => (5, Md::i32(*v)),
                NodeIoProperty::AllowSparseNodes(v) => (6, Md::i1(*v)),
                NodeIoProperty::Other(t, v) => (*t, v.clone()),
            };
            ops.push(Md::i32(t));
            ops.push(v);
        }
        Md::node(ops)
    }
}

/// Reads a list of node inputs or outputs.
pub(crate) fn read_io_list(f: &Fields<'_>, i: usize, what: &'static str) -> Result<Vec<NodeIo>> {
    f.node(i, what)?.ops.iter().map(NodeIo::read).collect()
}

/// Writes a list of node inputs or outputs.
pub(crate) fn write_io_list(list: &[NodeIo]) -> Md {
    Md::node(list.iter().map(NodeIo::write).collect())
}
