//! An entry's function properties as the `RDAT` writer reads them (DXC `DxilFunctionProps`
//! loaded from the `dx.entryPoints` property list; DXIL.rst "Shader Properties and
//! Capabilities"): shader kind, ray payload sizes, thread counts, wave size, stage states and
//! node properties, with the reference's defaults for what the list omits.

use dxil_ir::ValueRef;
use dxil_module::md::Md;
use dxil_module::model::{
    EntryPoint, NodeIo, NodeIoProperty, NodeRecordProperty, Property, SignatureElement,
};

/// `DXIL::ShaderKind::Library`.
pub const KIND_LIBRARY: u32 = 6;
/// `DXIL::ShaderKind::Invalid` (an entry without a shader kind property).
pub const KIND_INVALID: u32 = 16;

/// The function index an entry names (`None` for the null entry of a library).
pub fn entry_function(e: &EntryPoint) -> Option<usize> {
    match &e.function {
        Md::Value {
            value: ValueRef::Function(f),
            ..
        } => Some(f.index()),
        _ => None,
    }
}

/// One node input or output (DXC `NodeIOProperties`).
#[derive(Debug, Clone, Default)]
pub struct NodeIoProps {
    /// `NodeIOFlags` with the kind.
    pub flags: u32,
    /// Record size in bytes.
    pub record_size: u32,
    /// Record alignment in bytes.
    pub record_alignment: u32,
    /// `SV_DispatchGrid`: byte offset, component type, component count (type 0: none).
    pub dispatch_grid: (u32, u32, u32),
    /// Output node id.
    pub output_id: (String, u32),
    /// Max records.
    pub max_records: u32,
    /// Output index sharing max records (-1: none).
    pub max_records_shared_with: i32,
    /// Output array size.
    pub output_array_size: u32,
    /// Sparse nodes allowed.
    pub allow_sparse_nodes: bool,
}

impl NodeIoProps {
    fn of(io: &NodeIo) -> Self {
        let mut p = NodeIoProps {
            max_records_shared_with: -1,
            ..Default::default()
        };
        for prop in &io.properties {
            match prop {
                NodeIoProperty::OutputId(id) => p.output_id = (id.name.clone(), id.index),
                NodeIoProperty::Flags(f) => p.flags = *f,
                NodeIoProperty::RecordType(list) => {
                    for r in list {
                        match r {
                            NodeRecordProperty::Size(s) => p.record_size = *s,
                            NodeRecordProperty::Alignment(a) => p.record_alignment = *a,
                            NodeRecordProperty::SvDispatchGrid {
                                byte_offset,
                                component_type,
                                num_components,
                            } => p.dispatch_grid = (*byte_offset, *component_type, *num_components),
                            NodeRecordProperty::Other(..) => {}
                        }
                    }
                }
                NodeIoProperty::MaxRecords(v) => p.max_records = *v,
                NodeIoProperty::MaxRecordsSharedWith(v) => p.max_records_shared_with = *v,
                NodeIoProperty::OutputArraySize(v) => p.output_array_size = *v,
                NodeIoProperty::AllowSparseNodes(v) => p.allow_sparse_nodes = *v,
                NodeIoProperty::Other(..) => {}
            }
        }
        p
    }
}

/// The properties of one entry function.
#[derive(Debug, Clone)]
pub struct FnProps<'a> {
    /// The entry record.
    pub entry: &'a EntryPoint,
    /// `DXIL::ShaderKind` (without the property: [`KIND_LIBRARY`] in a property list,
    /// [`KIND_INVALID`] without a list).
    pub kind: u32,
    /// Ray payload (or callable parameter) size.
    pub payload_size: u32,
    /// Ray attribute size.
    pub attribute_size: u32,
    /// Thread counts (compute, mesh, amplification, node).
    pub num_threads: [u32; 3],
    /// Wave size: min, max (as recorded; max 0: a single size).
    pub wave_size: (u32, u32),
    /// Properties list, for the stage states.
    pub properties: &'a [Property],
}

fn three(v: &[u32]) -> [u32; 3] {
    [
        v.first().copied().unwrap_or(0),
        v.get(1).copied().unwrap_or(0),
        v.get(2).copied().unwrap_or(0),
    ]
}

impl<'a> FnProps<'a> {
    /// Reads the properties of `entry`.
    pub fn of(entry: &'a EntryPoint) -> Self {
        let properties = entry.properties.as_deref().unwrap_or(&[]);
        let mut p = FnProps {
            entry,
            // The reference's loader starts a property list at `Library`; a record without
            // one keeps the kind its properties were constructed with, `Invalid`.
            kind: if entry.properties.is_some() {
                KIND_LIBRARY
            } else {
                KIND_INVALID
            },
            payload_size: 0,
            attribute_size: 0,
            num_threads: [0; 3],
            wave_size: (0, 0),
            properties,
        };
        for prop in properties {
            match prop {
                Property::ShaderKind(k) => p.kind = *k,
                Property::RayPayloadSize(v) => p.payload_size = *v,
                Property::RayAttribSize(v) => p.attribute_size = *v,
                Property::NumThreads(v) => p.num_threads = three(v),
                Property::MsState(s) => p.num_threads = three(&s.num_threads),
                Property::AsState(s) => p.num_threads = three(&s.num_threads),
                Property::WaveSize(v) => p.wave_size = (v.first().copied().unwrap_or(0), 0),
                Property::RangedWaveSize(v) => {
                    p.wave_size = (
                        v.first().copied().unwrap_or(0),
                        v.get(1).copied().unwrap_or(0),
                    );
                }
                _ => {}
            }
        }
        p
    }

    /// The entry's signature `which` (0 input, 1 output, 2 patch constant / primitive).
    pub fn signature(&self, which: usize) -> &'a [SignatureElement] {
        let Some(s) = self.entry.signatures.as_ref() else {
            return &[];
        };
        let list = match which {
            0 => &s.input,
            1 => &s.output,
            _ => &s.patch_constant,
        };
        list.as_deref().unwrap_or(&[])
    }

    /// The node inputs (`inputs`) or outputs.
    pub fn node_io(&self, inputs: bool) -> Vec<NodeIoProps> {
        self.properties
            .iter()
            .find_map(|p| match p {
                Property::NodeInputs(l) if inputs => Some(l),
                Property::NodeOutputs(l) if !inputs => Some(l),
                _ => None,
            })
            .map(|l| l.iter().map(NodeIoProps::of).collect())
            .unwrap_or_default()
    }

    /// Whether this is a mesh or amplification shader.
    pub fn is_mesh_or_amp(&self) -> bool {
        matches!(self.kind, 13 | 14)
    }
}
