//! PSV0 runtime information (`PSVRuntimeInfo0` to `PSVRuntimeInfo4`).
//!
//! Byte layout: a 16-byte stage union (VS/HS/DS/GS/PS/MS/AS info), minimum and maximum
//! expected wave lane counts (24 bytes: version 0); shader stage, UsesViewID, a 2-byte union
//! (GS max vertex count / HS-DS patch constant vector count / MS primitive vector count and
//! output topology), element counts, input vector count and 4 output vector counts
//! (36 bytes: version 1); thread counts X, Y, Z (48: version 2); entry function name string
//! offset (52: version 3); group shared bytes (56: version 4). The stored size selects the
//! version; bytes past the largest known layout are kept as `extra`.

use dxil_container::ShaderKind;

/// Size of `PSVRuntimeInfo0`.
pub const SIZE0: u32 = 24;
/// Size of `PSVRuntimeInfo1`.
pub const SIZE1: u32 = 36;
/// Size of `PSVRuntimeInfo2`.
pub const SIZE2: u32 = 48;
/// Size of `PSVRuntimeInfo3`.
pub const SIZE3: u32 = 52;
/// Size of `PSVRuntimeInfo4`.
pub const SIZE4: u32 = 56;

/// Fields added by `PSVRuntimeInfo1`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuntimeInfo1 {
    /// Shader stage, raw (see [`ShaderKind`]).
    pub shader_stage: u8,
    /// Whether the shader uses SV_ViewID (0 or 1).
    pub uses_view_id: u8,
    /// The 2-byte stage union: GS `MaxVertexCount`; HS/DS `SigPatchConstOrPrimVectors` (low
    /// byte); MS `SigPrimVectors` (low byte) and `MeshOutputTopology` (high byte).
    pub stage_union: u16,
    /// Number of input signature elements.
    pub sig_input_elements: u8,
    /// Number of output signature elements.
    pub sig_output_elements: u8,
    /// Number of patch constant (HS/DS) or primitive (MS) signature elements.
    pub sig_patch_const_or_prim_elements: u8,
    /// Number of input vectors (rows).
    pub sig_input_vectors: u8,
    /// Number of output vectors per stream.
    pub sig_output_vectors: [u8; 4],
}

impl RuntimeInfo1 {
    /// The stage, if known.
    pub fn stage(&self) -> Option<ShaderKind> {
        ShaderKind::from_raw(self.shader_stage as u32)
    }
    /// Patch constant (HS/DS) or primitive (MS) vector count: the union's low byte.
    pub fn sig_patch_const_or_prim_vectors(&self) -> u8 {
        self.stage_union.to_le_bytes()[0]
    }
    /// Geometry shader maximum vertex count.
    pub fn max_vertex_count(&self) -> u16 {
        self.stage_union
    }
    /// Mesh shader output topology: the union's high byte.
    pub fn mesh_output_topology(&self) -> u8 {
        self.stage_union.to_le_bytes()[1]
    }
}

/// The PSV0 runtime information record, any version.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuntimeInfo {
    /// The 16-byte stage union as stored; read it with the `*_info` accessors.
    pub stage_info: [u8; 16],
    /// Minimum expected wave lane count (0 if unused).
    pub min_wave_lane_count: u32,
    /// Maximum expected wave lane count (`u32::MAX` if unused).
    pub max_wave_lane_count: u32,
    /// Version 1 fields.
    pub info1: Option<RuntimeInfo1>,
    /// Version 2: thread group size X, Y, Z.
    pub num_threads: Option<[u32; 3]>,
    /// Version 3: entry function name (string table offset).
    pub entry_function_name: Option<u32>,
    /// Version 4: group shared memory bytes.
    pub num_bytes_group_shared_memory: Option<u32>,
    /// Bytes past the largest layout this model knows (or past a partial one), as stored.
    pub extra: Vec<u8>,
}

fn u32_at(b: &[u8; 16], at: usize) -> u32 {
    let mut w = [0u8; 4];
    if let Some(s) = b.get(at..at + 4) {
        w.copy_from_slice(s);
    }
    u32::from_le_bytes(w)
}

fn u16_at(b: &[u8; 16], at: usize) -> u16 {
    let mut w = [0u8; 2];
    if let Some(s) = b.get(at..at + 2) {
        w.copy_from_slice(s);
    }
    u16::from_le_bytes(w)
}

/// Hull shader info.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HsInfo {
    /// Input control points.
    pub input_control_point_count: u32,
    /// Output control points.
    pub output_control_point_count: u32,
    /// Tessellator domain, raw.
    pub tessellator_domain: u32,
    /// Tessellator output primitive, raw.
    pub tessellator_output_primitive: u32,
}

/// Domain shader info.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DsInfo {
    /// Input control points.
    pub input_control_point_count: u32,
    /// Whether SV_Position is written.
    pub output_position_present: u8,
    /// Tessellator domain, raw.
    pub tessellator_domain: u32,
}

/// Geometry shader info.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GsInfo {
    /// Input primitive, raw.
    pub input_primitive: u32,
    /// Output topology, raw.
    pub output_topology: u32,
    /// Mask of active streams.
    pub output_stream_mask: u32,
    /// Whether SV_Position is written.
    pub output_position_present: u8,
}

/// Mesh shader info.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MsInfo {
    /// Group shared bytes used.
    pub group_shared_bytes_used: u32,
    /// Group shared bytes dependent on SV_ViewID.
    pub group_shared_bytes_dependent_on_view_id: u32,
    /// Payload size.
    pub payload_size_in_bytes: u32,
    /// Maximum output vertices.
    pub max_output_vertices: u16,
    /// Maximum output primitives.
    pub max_output_primitives: u16,
}

impl RuntimeInfo {
    /// The version 1 fields as a reader of the newest layout sees them: zero when the record
    /// is older (the runtime copies a record into a zeroed one of the newest layout).
    pub fn info1_zero_filled(&self) -> RuntimeInfo1 {
        match &self.info1 {
            Some(i) => i.clone(),
            None => RuntimeInfo1::default(),
        }
    }

    /// The version 2 thread group size, zero in an older record (as
    /// [`RuntimeInfo::info1_zero_filled`]).
    pub fn num_threads_zero_filled(&self) -> [u32; 3] {
        self.num_threads.unwrap_or_default()
    }

    /// The version 4 group shared memory size, zero in an older record (as
    /// [`RuntimeInfo::info1_zero_filled`]).
    pub fn group_shared_zero_filled(&self) -> u32 {
        self.num_bytes_group_shared_memory.unwrap_or_default()
    }

    /// The PSV version this record's size implies (0 to 4).
    pub fn version(&self) -> u32 {
        if self.num_bytes_group_shared_memory.is_some() {
            4
        } else if self.entry_function_name.is_some() {
            3
        } else if self.num_threads.is_some() {
            2
        } else if self.info1.is_some() {
            1
        } else {
            0
        }
    }
    /// The stored size of the record.
    pub fn size(&self) -> usize {
        let known = match self.version() {
            0 => SIZE0,
            1 => SIZE1,
            2 => SIZE2,
            3 => SIZE3,
            _ => SIZE4,
        };
        known as usize + self.extra.len()
    }
    /// Vertex shader: whether SV_Position is written.
    pub fn vs_output_position_present(&self) -> u8 {
        self.stage_info[0]
    }
    /// Pixel shader: (DepthOutput, SampleFrequency).
    pub fn ps_info(&self) -> (u8, u8) {
        (self.stage_info[0], self.stage_info[1])
    }
    /// Hull shader view of the stage union.
    pub fn hs_info(&self) -> HsInfo {
        let b = &self.stage_info;
        HsInfo {
            input_control_point_count: u32_at(b, 0),
            output_control_point_count: u32_at(b, 4),
            tessellator_domain: u32_at(b, 8),
            tessellator_output_primitive: u32_at(b, 12),
        }
    }
    /// Domain shader view of the stage union.
    pub fn ds_info(&self) -> DsInfo {
        let b = &self.stage_info;
        DsInfo {
            input_control_point_count: u32_at(b, 0),
            output_position_present: b[4],
            tessellator_domain: u32_at(b, 8),
        }
    }
    /// Geometry shader view of the stage union.
    pub fn gs_info(&self) -> GsInfo {
        let b = &self.stage_info;
        GsInfo {
            input_primitive: u32_at(b, 0),
            output_topology: u32_at(b, 4),
            output_stream_mask: u32_at(b, 8),
            output_position_present: b[12],
        }
    }
    /// Mesh shader view of the stage union.
    pub fn ms_info(&self) -> MsInfo {
        let b = &self.stage_info;
        MsInfo {
            group_shared_bytes_used: u32_at(b, 0),
            group_shared_bytes_dependent_on_view_id: u32_at(b, 4),
            payload_size_in_bytes: u32_at(b, 8),
            max_output_vertices: u16_at(b, 12),
            max_output_primitives: u16_at(b, 14),
        }
    }
    /// Amplification shader: payload size.
    pub fn as_payload_size_in_bytes(&self) -> u32 {
        u32_at(&self.stage_info, 0)
    }
}
