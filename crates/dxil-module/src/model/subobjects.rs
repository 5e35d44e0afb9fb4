//! State subobjects (`dx.subobjects`): `!{!"name", i32 kind, fields...}` per subobject
//! (DXIL.rst "Subobjects"; kinds as in the `RDAT` subobject table).

use crate::error::{ErrorKind, Result};
use crate::fields::Fields;
use crate::md::Md;

/// A subobject's payload.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubobjectBody {
    /// Kind 0: `i32 flags`.
    StateObjectConfig {
        /// `StateObjectFlags`.
        flags: u32,
    },
    /// Kinds 1 (global) and 2 (local): `!{[N x i8] data}, !"text"`.
    RootSignature {
        /// Serialized root signature.
        data: Vec<u8>,
        /// The HLSL text it was compiled from (may be empty).
        text: String,
    },
    /// Kind 8: `!"subobject", !{!"export"...}`.
    SubobjectToExportsAssociation {
        /// Associated subobject.
        subobject: String,
        /// Export names.
        exports: Vec<String>,
    },
    /// Kind 9: `i32 max payload size, i32 max attribute size`.
    RaytracingShaderConfig {
        /// Max payload bytes.
        max_payload_size_in_bytes: u32,
        /// Max attribute bytes.
        max_attribute_size_in_bytes: u32,
    },
    /// Kind 10: `i32 max trace recursion depth`.
    RaytracingPipelineConfig {
        /// Max recursion depth.
        max_trace_recursion_depth: u32,
    },
    /// Kind 11: `i32 type, !"intersection", !"anyhit", !"closesthit"`.
    HitGroup {
        /// `HitGroupType`.
        ty: u32,
        /// Intersection export.
        intersection: String,
        /// Any-hit export.
        any_hit: String,
        /// Closest-hit export.
        closest_hit: String,
    },
    /// Kind 12: `i32 max trace recursion depth, i32 flags`.
    RaytracingPipelineConfig1 {
        /// Max recursion depth.
        max_trace_recursion_depth: u32,
        /// `RaytracingPipelineFlags`.
        flags: u32,
    },
}

/// One subobject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subobject {
    /// Name.
    pub name: String,
    /// `SubobjectKind`, raw (1 and 2 share [`SubobjectBody::RootSignature`]).
    pub kind: u32,
    /// Payload.
    pub body: SubobjectBody,
}

impl Subobject {
    /// The subobject in the form the `RDAT` part stores and the dumpbin header prints
    /// (`None` for a kind the table does not know).
    pub fn to_part(&self) -> Option<dxil_parts::rdat::Subobject> {
        use dxil_parts::rdat::SubobjectData as D;
        let kind = dxil_parts::rdat::SubobjectKind::from_raw(self.kind)?;
        let data = match &self.body {
            SubobjectBody::StateObjectConfig { flags } => D::StateObjectConfig { flags: *flags },
            SubobjectBody::RootSignature { data, .. } => D::RootSignature { data: data.clone() },
            SubobjectBody::SubobjectToExportsAssociation { subobject, exports } => {
                D::SubobjectToExportsAssociation {
                    subobject: subobject.clone(),
                    exports: exports.clone(),
                }
            }
            SubobjectBody::RaytracingShaderConfig {
                max_payload_size_in_bytes,
                max_attribute_size_in_bytes,
            } => D::RaytracingShaderConfig {
                max_payload_size_in_bytes: *max_payload_size_in_bytes,
                max_attribute_size_in_bytes: *max_attribute_size_in_bytes,
            },
            SubobjectBody::RaytracingPipelineConfig {
                max_trace_recursion_depth,
            } => D::RaytracingPipelineConfig {
                max_trace_recursion_depth: *max_trace_recursion_depth,
            },
            SubobjectBody::HitGroup {
                ty,
                intersection,
                any_hit,
                closest_hit,
            } => D::HitGroup {
                ty: *ty,
                any_hit: any_hit.clone(),
                closest_hit: closest_hit.clone(),
                intersection: intersection.clone(),
            },
            SubobjectBody::RaytracingPipelineConfig1 {
                max_trace_recursion_depth,
                flags,
            } => D::RaytracingPipelineConfig1 {
                max_trace_recursion_depth: *max_trace_recursion_depth,
                flags: *flags,
            },
        };
        Some(dxil_parts::rdat::Subobject {
            kind,
            name: self.name.clone(),
            data,
        })
    }

    pub(crate) fn read(md: &Md) -> Result<Self> {
        let f = Fields::of(md, "subobject")?;
        f.expect_len(2, true, "subobject")?;
        let kind = f.u32(1, "subobject.kind")?;
        let want = |n: usize| f.expect_len(n, false, "subobject");
        let body = match kind {
            0 => {
                want(3)?;
                SubobjectBody::StateObjectConfig {
                    flags: f.u32(2, "subobject.flags")?,
                }
            }
            1 | 2 => {
                want(4)?;
                let w = f.node(2, "subobject.root signature")?;
                w.expect_len(1, false, "subobject.root signature")?;
                let data = match w.get(0, "subobject.root signature data")? {
                    Md::IntArray { bits: 8, values } => values.iter().map(|&v| v as u8).collect(),
                    _ => {
                        return Err(w.err(
                            ErrorKind::Expected("an i8 array"),
                            "subobject.root signature data",
                            0,
                        ));
                    }
                };
                SubobjectBody::RootSignature {
                    data,
                    text: f.string(3, "subobject.root signature text")?,
                }
            }
            8 => {
                want(4)?;
                let list = f.node(3, "subobject.exports")?;
                SubobjectBody::SubobjectToExportsAssociation {
                    subobject: f.string(2, "subobject.subobject")?,
                    exports: (0..list.len())
                        .map(|i| list.string(i, "subobject.export"))
                        .collect::<Result<_>>()?,
                }
            }
            9 => {
                want(4)?;
                SubobjectBody::RaytracingShaderConfig {
                    max_payload_size_in_bytes: f.u32(2, "subobject.max payload size")?,
                    max_attribute_size_in_bytes: f.u32(3, "subobject.max attribute size")?,
                }
            }
            10 => {
                want(3)?;
                SubobjectBody::RaytracingPipelineConfig {
                    max_trace_recursion_depth: f.u32(2, "subobject.max trace recursion depth")?,
                }
            }
            11 => {
                want(6)?;
                SubobjectBody::HitGroup {
                    ty: f.u32(2, "subobject.hit group type")?,
                    intersection: f.string(3, "subobject.intersection")?,
                    any_hit: f.string(4, "subobject.anyhit")?,
                    closest_hit: f.string(5, "subobject.closesthit")?,
                }
            }
            12 => {
                want(4)?;
                SubobjectBody::RaytracingPipelineConfig1 {
                    max_trace_recursion_depth: f.u32(2, "subobject.max trace recursion depth")?,
                    flags: f.u32(3, "subobject.flags")?,
                }
            }
            k => return Err(f.err(ErrorKind::OutOfRange(u64::from(k)), "subobject.kind", 1)),
        };
        Ok(Subobject {
            name: f.string(0, "subobject.name")?,
            kind,
            body,
        })
    }

    pub(crate) fn write(&self) -> Md {
        let mut ops = vec![Md::string(&self.name), Md::i32(self.kind)];
        match &self.body {
            SubobjectBody::StateObjectConfig { flags } => ops.push(Md::i32(*flags)),
            SubobjectBody::RootSignature { data, text } => {
                ops.push(Md::node(vec![Md::IntArray {
                    bits: 8,
                    values: data.iter().map(|&b| u64::from(b)).collect(),
                }]));
                ops.push(Md::string(text));
            }
            SubobjectBody::SubobjectToExportsAssociation { subobject, exports } => {
                ops.push(Md::string(subobject));
                ops.push(Md::node(exports.iter().map(|e| Md::string(e)).collect()));
            }
            SubobjectBody::RaytracingShaderConfig {
                max_payload_size_in_bytes,
                max_attribute_size_in_bytes,
            } => {
                ops.push(Md::i32(*max_payload_size_in_bytes));
                ops.push(Md::i32(*max_attribute_size_in_bytes));
            }
            SubobjectBody::RaytracingPipelineConfig {
                max_trace_recursion_depth,
            } => ops.push(Md::i32(*max_trace_recursion_depth)),
            SubobjectBody::HitGroup {
                ty,
                intersection,
                any_hit,
                closest_hit,
            } => {
                ops.push(Md::i32(*ty));
                ops.push(Md::string(intersection));
                ops.push(Md::string(any_hit));
                ops.push(Md::string(closest_hit));
            }
            SubobjectBody::RaytracingPipelineConfig1 {
                max_trace_recursion_depth,
                flags,
            } => {
                ops.push(Md::i32(*max_trace_recursion_depth));
                ops.push(Md::i32(*flags));
            }
        }
        Md::node(ops)
    }
}
