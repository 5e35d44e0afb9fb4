//! `PSV0`: pipeline state validation data, versions 0 to 4.
//!
//! Layout (DXC `DxilPipelineStateValidation`): `u32` runtime info size and the runtime info
//! ([`runtime`]); `u32` resource count and, when non-zero, `u32` record size and the
//! resource binding records (16 bytes up to version 1, 24 from version 2). With runtime info
//! of version 1 or later: `u32` string table size (multiple of 4) and the table; `u32`
//! semantic index count and the `u32` indexes; when any signature has elements, `u32` record
//! size and the input, output and patch constant/primitive element records; when the
//! shader uses SV_ViewID, the output masks per stream (GS: up to 4 streams) and the HS/MS
//! patch constant/primitive mask; the input-to-output dependency tables per stream (not for
//! MS), HS input-to-patch-constant table and DS patch-constant-to-output table. Mask sizes
//! are `(vectors + 7) / 8` dwords; tables are `input_vectors * 4 * mask dwords`.
//! Stored record sizes are respected: bytes past the known fields are kept per record.

pub mod build;
mod read;
pub mod runtime;
mod write;

pub use build::{build_tables, ElementNames, PsvTables};
pub use runtime::{RuntimeInfo, RuntimeInfo1};

use crate::le::c_str;
use crate::names::{
    sv_semantic_name, InterpolationMode, PsvResourceType, ResourceKind, SemanticKind,
};
use dxil_container::ShaderKind;

/// Size of `PSVResourceBindInfo0`.
pub const BIND_INFO0_SIZE: u32 = 16;
/// Size of `PSVResourceBindInfo1`.
pub const BIND_INFO1_SIZE: u32 = 24;
/// Size of `PSVSignatureElement0`.
pub const SIG_ELEMENT0_SIZE: u32 = 16;

/// One resource binding record.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ResourceBinding {
    /// Resource type, raw (see [`PsvResourceType`]).
    pub res_type: u32,
    /// Register space.
    pub space: u32,
    /// First register.
    pub lower_bound: u32,
    /// Last register (`u32::MAX`: unbounded).
    pub upper_bound: u32,
    /// Version 2 records: resource kind (see [`ResourceKind`]) and flags.
    pub kind_and_flags: Option<(u32, u32)>,
    /// Bytes past the known fields of the record, as stored.
    pub extra: Vec<u8>,
}

impl ResourceBinding {
    /// The resource type, if known.
    pub fn res_type(&self) -> Option<PsvResourceType> {
        PsvResourceType::from_raw(self.res_type)
    }
    /// The resource kind, if stored and known.
    pub fn res_kind(&self) -> Option<ResourceKind> {
        self.kind_and_flags
            .and_then(|(k, _)| ResourceKind::from_raw(k))
    }
}

/// One signature element record (`PSVSignatureElement0`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PsvSignatureElement {
    /// Semantic name: string table offset (0: the empty name, used by system values).
    pub semantic_name: u32,
    /// Offset of the first of `rows` semantic indexes in the semantic index table.
    pub semantic_indexes: u32,
    /// Rows the element occupies.
    pub rows: u8,
    /// First row if allocated.
    pub start_row: u8,
    /// Bits 0-3: columns; 4-5: start column; 6: allocated.
    pub cols_and_start: u8,
    /// Semantic kind, raw (see [`SemanticKind`]).
    pub semantic_kind: u8,
    /// Component type, raw (signature encoding, see [`crate::names::SigComponentType`]).
    pub component_type: u8,
    /// Interpolation mode, raw (see [`InterpolationMode`]).
    pub interpolation_mode: u8,
    /// Bits 0-3: dynamic index mask; 4-5: output stream.
    pub dynamic_mask_and_stream: u8,
    /// The reserved byte, as stored.
    pub reserved: u8,
    /// Bytes past the known fields of the record, as stored.
    pub extra: Vec<u8>,
}

impl PsvSignatureElement {
    /// Number of columns.
    pub fn cols(&self) -> u8 {
        self.cols_and_start & 0xf
    }
    /// Whether the element has a packing location.
    pub fn is_allocated(&self) -> bool {
        self.cols_and_start & 0x40 != 0
    }
    /// Start column, if allocated.
    pub fn start_col(&self) -> Option<u8> {
        self.is_allocated()
            .then_some((self.cols_and_start >> 4) & 3)
    }
    /// Dynamic index component mask.
    pub fn dynamic_index_mask(&self) -> u8 {
        self.dynamic_mask_and_stream & 0xf
    }
    /// Output stream.
    pub fn output_stream(&self) -> u8 {
        (self.dynamic_mask_and_stream >> 4) & 3
    }
    /// The semantic kind, if known.
    pub fn semantic_kind(&self) -> Option<SemanticKind> {
        SemanticKind::from_u32(self.semantic_kind as u32)
    }
    /// The interpolation mode, if known.
    pub fn interpolation_mode(&self) -> Option<InterpolationMode> {
        InterpolationMode::from_raw(self.interpolation_mode as u32)
    }
}

/// Data present when the runtime info is version 1 or later.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PsvSignatures {
    /// The string table (size a multiple of 4), as stored.
    pub string_table: Vec<u8>,
    /// The semantic index table.
    pub semantic_index_table: Vec<u32>,
    /// Stored element record size; present when any signature has elements.
    pub element_size: Option<u32>,
    /// Input elements.
    pub input: Vec<PsvSignatureElement>,
    /// Output elements.
    pub output: Vec<PsvSignatureElement>,
    /// Patch constant (HS/DS) or primitive (MS) elements.
    pub patch_const_or_prim: Vec<PsvSignatureElement>,
    /// Outputs affected by SV_ViewID, per stream (dwords; empty when absent).
    pub view_id_output_masks: [Vec<u32>; 4],
    /// Patch constant / primitive outputs affected by SV_ViewID (HS/MS).
    pub view_id_pc_or_prim_output_mask: Vec<u32>,
    /// Input-to-output dependency tables per stream.
    pub input_to_output_tables: [Vec<u32>; 4],
    /// HS: input to patch constant output table.
    pub input_to_pc_output_table: Vec<u32>,
    /// DS: patch constant input to output table.
    pub pc_input_to_output_table: Vec<u32>,
}

/// A parsed `PSV0` part.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Psv {
    /// Runtime information; its size gives the version.
    pub runtime_info: RuntimeInfo,
    /// Stored binding record size; present when there are bindings.
    pub resource_bind_info_size: Option<u32>,
    /// Resource binding records.
    pub resources: Vec<ResourceBinding>,
    /// Signature data (version 1 and later).
    pub signatures: Option<PsvSignatures>,
    /// Bytes after the last structure, as stored.
    pub trailing: Vec<u8>,
}

impl Psv {
    /// The PSV version (0 to 4), from the runtime info size.
    pub fn version(&self) -> u32 {
        self.runtime_info.version()
    }

    /// The shader stage recorded in version 1+ runtime info, if valid.
    pub fn stage(&self) -> Option<ShaderKind> {
        self.runtime_info
            .info1
            .as_ref()
            .and_then(|i| i.stage())
            .filter(|&k| k != ShaderKind::Invalid)
    }

    /// A string from the string table (version 1+); the table must end in NUL.
    pub fn string(&self, offset: u32) -> Option<&str> {
        let t = &self.signatures.as_ref()?.string_table;
        if t.last() != Some(&0) {
            return None;
        }
        c_str(t, offset as usize)
    }

    /// The entry function name (version 3+).
    pub fn entry_function_name(&self) -> Option<&str> {
        self.string(self.runtime_info.entry_function_name?)
    }

    /// The semantic indexes of `e` (`rows` of them), if in range.
    pub fn semantic_indexes(&self, e: &PsvSignatureElement) -> Option<&[u32]> {
        let t = &self.signatures.as_ref()?.semantic_index_table;
        let start = e.semantic_indexes as usize;
        t.get(start..start.checked_add(e.rows as usize)?)
    }

    /// The name the module's signature gives `e`: its stored name for arbitrary semantics,
    /// the canonical `SV_` name for system values.
    pub fn element_name(&self, e: &PsvSignatureElement) -> Option<&str> {
        match e.semantic_kind().and_then(sv_semantic_name) {
            Some(n) => Some(n),
            None => self.string(e.semantic_name),
        }
    }
}

/// Number of dwords of a mask over `vectors` 4-component vectors.
pub fn mask_dwords(vectors: u32) -> u32 {
    (vectors + 7) >> 3
}

/// Number of dwords of a dependency table from `inputs` to `outputs` vectors.
pub fn table_dwords(inputs: u32, outputs: u32) -> u32 {
    mask_dwords(outputs) * inputs * 4
}
