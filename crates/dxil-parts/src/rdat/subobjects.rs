//! The RDAT subobject table (`RuntimeDataSubobjectInfo` records): state object config,
//! root signatures, export associations, ray tracing shader and pipeline configs, hit groups.
//! Record: `u32 Kind`, `u32 Name` (string), then a union: flags; root signature bytes
//! (`u32` offset, `u32` size in raw bytes); association (`u32` subobject string, `u32` index
//! array of export strings, `0xFFFFFFFF` for none); max payload and attribute sizes; max
//! recursion depth; hit group (`u32` type, 3 strings); max recursion depth and flags.

use super::{Rdat, SUBOBJECT_TABLE};
use crate::error::{Error, ErrorKind, Result};
use crate::le::Reader;

/// DXIL `SubobjectKind`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubobjectKind {
    /// `StateObjectConfig` (0).
    StateObjectConfig = 0,
    /// `GlobalRootSignature` (1).
    GlobalRootSignature = 1,
    /// `LocalRootSignature` (2).
    LocalRootSignature = 2,
    /// `SubobjectToExportsAssociation` (8).
    SubobjectToExportsAssociation = 8,
    /// `RaytracingShaderConfig` (9).
    RaytracingShaderConfig = 9,
    /// `RaytracingPipelineConfig` (10).
    RaytracingPipelineConfig = 10,
    /// `HitGroup` (11).
    HitGroup = 11,
    /// `RaytracingPipelineConfig1` (12).
    RaytracingPipelineConfig1 = 12,
}

impl SubobjectKind {
    /// The kind with stored value `v`.
    pub fn from_raw(v: u32) -> Option<Self> {
        use SubobjectKind::*;
        Some(match v {
            0 => StateObjectConfig,
            1 => GlobalRootSignature,
            2 => LocalRootSignature,
            8 => SubobjectToExportsAssociation,
            9 => RaytracingShaderConfig,
            10 => RaytracingPipelineConfig,
            11 => HitGroup,
            12 => RaytracingPipelineConfig1,
            _ => return None,
        })
    }
    /// The spec's name.
    pub fn name(self) -> &'static str {
        use SubobjectKind::*;
        match self {
            StateObjectConfig => "StateObjectConfig",
            GlobalRootSignature => "GlobalRootSignature",
            LocalRootSignature => "LocalRootSignature",
            SubobjectToExportsAssociation => "SubobjectToExportsAssociation",
            RaytracingShaderConfig => "RaytracingShaderConfig",
            RaytracingPipelineConfig => "RaytracingPipelineConfig",
            HitGroup => "HitGroup",
            RaytracingPipelineConfig1 => "RaytracingPipelineConfig1",
        }
    }
}

/// DXIL `HitGroupType`, raw (0 triangle, 1 procedural primitive).
pub type HitGroupType = u32;

/// A subobject's payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SubobjectData {
    /// State object flags.
    StateObjectConfig {
        /// `StateObjectFlags`.
        flags: u32,
    },
    /// A serialized root signature (global or local).
    RootSignature {
        /// The `RTS0` bytes.
        data: Vec<u8>,
    },
    /// Associates a subobject with exports.
    SubobjectToExportsAssociation {
        /// The subobject's name.
        subobject: String,
        /// Export names.
        exports: Vec<String>,
    },
    /// Payload and attribute sizes.
    RaytracingShaderConfig {
        /// Max payload bytes.
        max_payload_size_in_bytes: u32,
        /// Max attribute bytes.
        max_attribute_size_in_bytes: u32,
    },
    /// Recursion depth.
    RaytracingPipelineConfig {
        /// Max trace recursion depth.
        max_trace_recursion_depth: u32,
    },
    /// A hit group.
    HitGroup {
        /// Hit group type, raw.
        ty: HitGroupType,
        /// Any-hit export.
        any_hit: String,
        /// Closest-hit export.
        closest_hit: String,
        /// Intersection export.
        intersection: String,
    },
    /// Recursion depth and pipeline flags.
    RaytracingPipelineConfig1 {
        /// Max trace recursion depth.
        max_trace_recursion_depth: u32,
        /// `RaytracingPipelineFlags`.
        flags: u32,
    },
}

/// One decoded subobject.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subobject {
    /// Kind.
    pub kind: SubobjectKind,
    /// Name.
    pub name: String,
    /// Payload.
    pub data: SubobjectData,
}

const NULL_REF: u32 = u32::MAX;

impl Rdat {
    /// The subobject table decoded in table order; `None` without a subobject table.
    /// Records of unknown kind are skipped (as the reference does); a record whose strings,
    /// index rows or bytes are out of range is an error.
    pub fn subobjects(&self) -> Result<Option<Vec<Subobject>>> {
        let Some(records) = self.subobject_records()? else {
            return Ok(None);
        };
        let mut out = Vec::new();
        for r in records {
            if let Some(s) = r? {
                out.push(s);
            }
        }
        Ok(Some(out))
    }

    /// Each record of the subobject table decoded on its own: `Ok(None)` for a record of
    /// unknown kind. `Ok(None)` overall without a subobject table; an error when the table
    /// itself is malformed.
    pub fn subobject_records(&self) -> Result<Option<Vec<Result<Option<Subobject>>>>> {
        let Some(table) = self.part(SUBOBJECT_TABLE) else {
            return Ok(None);
        };
        let mut r = Reader::new(table);
        let count = r.u32("subobject record count")?;
        let stride = r.u32("subobject record stride")?;
        let total = (count as usize)
            .checked_mul(stride as usize)
            .filter(|&t| t <= r.remaining())
            .ok_or_else(|| Error::new(ErrorKind::Truncated("subobject table"), r.pos()))?;
        let records = r.bytes(total, "subobject table")?;
        if stride == 0 {
            return Ok(Some(Vec::new()));
        }
        Ok(Some(
            records
                .chunks_exact(stride as usize)
                .enumerate()
                .map(|(i, rec)| self.decode_subobject(rec, 8 + i * stride as usize))
                .collect(),
        ))
    }

    fn decode_subobject(&self, rec: &[u8], at: usize) -> Result<Option<Subobject>> {
        let bad = |what| Error::new(ErrorKind::OutOfRange(what), at);
        // Fields past a short record read as zero.
        let mut full = rec.to_vec();
        full.resize(full.len().max(24), 0);
        let mut f = Reader::new(&full);
        let kind = f.u32("subobject kind")?;
        let name = f.u32("subobject name")?;
        let w: Vec<u32> = (0..4).map(|_| f.u32("subobject")).collect::<Result<_>>()?;
        let Some(kind) = SubobjectKind::from_raw(kind) else {
            return Ok(None);
        };
        let s = |o: u32| {
            self.string(o)
                .map(str::to_string)
                .ok_or_else(|| bad("subobject string"))
        };
        use SubobjectKind as K;
        let data = match kind {
            K::StateObjectConfig => SubobjectData::StateObjectConfig { flags: w[0] },
            K::GlobalRootSignature | K::LocalRootSignature => SubobjectData::RootSignature {
                data: self
                    .raw_bytes(w[0], w[1])
                    .ok_or_else(|| bad("root signature bytes"))?
                    .to_vec(),
            },
            K::SubobjectToExportsAssociation => {
                let exports = if w[1] == NULL_REF {
                    Vec::new()
                } else {
                    self.index_row(w[1])
                        .ok_or_else(|| bad("export index row"))?
                        .into_iter()
                        .map(s)
                        .collect::<Result<_>>()?
                };
                SubobjectData::SubobjectToExportsAssociation {
                    subobject: s(w[0])?,
                    exports,
                }
            }
            K::RaytracingShaderConfig => SubobjectData::RaytracingShaderConfig {
                max_payload_size_in_bytes: w[0],
                max_attribute_size_in_bytes: w[1],
            },
            K::RaytracingPipelineConfig => SubobjectData::RaytracingPipelineConfig {
                max_trace_recursion_depth: w[0],
            },
            K::HitGroup => SubobjectData::HitGroup {
                ty: w[0],
                any_hit: s(w[1])?,
                closest_hit: s(w[2])?,
                intersection: s(w[3])?,
            },
            K::RaytracingPipelineConfig1 => SubobjectData::RaytracingPipelineConfig1 {
                max_trace_recursion_depth: w[0],
                flags: w[1],
            },
        };
        Ok(Some(Subobject {
            kind,
            name: s(name)?,
            data,
        }))
    }
}
