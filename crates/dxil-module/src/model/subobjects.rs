//! State subobjects (`dx.subobjects`): `!{!"name", i32 kind, fields...}` per subobject
//! (DXIL.rst "Subobjects"; kinds as in the `RDAT` subobject table). The payload is the one
//! `dxil-parts` decodes from `RDAT`; the metadata adds a root signature's HLSL text.

use dxil_parts::rdat::SubobjectData;

use crate::error::{ErrorKind, Result};
use crate::fields::Fields;
use crate::md::Md;

/// One subobject.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subobject {
    /// Name.
    pub name: String,
    /// `SubobjectKind`, raw (1 and 2 share [`SubobjectData::RootSignature`]).
    pub kind: u32,
    /// Payload, as the `RDAT` subobject table stores it.
    pub data: SubobjectData,
    /// The HLSL text a root signature was compiled from (kinds 1 and 2; may be empty).
    /// Other kinds have none and keep it empty.
    pub text: String,
}

impl Subobject {
    /// The subobject in the form the `RDAT` part stores and the dumpbin header prints
    /// (`None` for a kind the table does not know).
    pub fn to_part(&self) -> Option<dxil_parts::rdat::Subobject> {
        Some(dxil_parts::rdat::Subobject {
            kind: dxil_parts::rdat::SubobjectKind::from_raw(self.kind)?,
            name: self.name.clone(),
            data: self.data.clone(),
        })
    }

    pub(crate) fn read(md: &Md) -> Result<Self> {
        let f = Fields::of(md, "subobject")?;
        f.expect_len(2, true, "subobject")?;
        let kind = f.u32(1, "subobject.kind")?;
        let want = |n: usize| f.expect_len(n, false, "subobject");
        let mut text = String::new();
        let data = match kind {
            0 => {
                want(3)?;
                SubobjectData::StateObjectConfig {
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
                text = f.string(3, "subobject.root signature text")?;
                SubobjectData::RootSignature { data }
            }
            8 => {
                want(4)?;
                let list = f.node(3, "subobject.exports")?;
                SubobjectData::SubobjectToExportsAssociation {
                    subobject: f.string(2, "subobject.subobject")?,
                    exports: (0..list.len())
                        .map(|i| list.string(i, "subobject.export"))
                        .collect::<Result<_>>()?,
                }
            }
            9 => {
                want(4)?;
                SubobjectData::RaytracingShaderConfig {
                    max_payload_size_in_bytes: f.u32(2, "subobject.max payload size")?,
                    max_attribute_size_in_bytes: f.u32(3, "subobject.max attribute size")?,
                }
            }
            10 => {
                want(3)?;
                SubobjectData::RaytracingPipelineConfig {
                    max_trace_recursion_depth: f.u32(2, "subobject.max trace recursion depth")?,
                }
            }
            11 => {
                want(6)?;
                SubobjectData::HitGroup {
                    ty: f.u32(2, "subobject.hit group type")?,
                    intersection: f.string(3, "subobject.intersection")?,
                    any_hit: f.string(4, "subobject.anyhit")?,
                    closest_hit: f.string(5, "subobject.closesthit")?,
                }
            }
            12 => {
                want(4)?;
                SubobjectData::RaytracingPipelineConfig1 {
                    max_trace_recursion_depth: f.u32(2, "subobject.max trace recursion depth")?,
                    flags: f.u32(3, "subobject.flags")?,
                }
            }
            k => return Err(f.err(ErrorKind::OutOfRange(u64::from(k)), "subobject.kind", 1)),
        };
        Ok(Subobject {
            name: f.string(0, "subobject.name")?,
            kind,
            data,
            text,
        })
    }

    pub(crate) fn write(&self) -> Md {
        let mut ops = vec![Md::string(&self.name), Md::i32(self.kind)];
        match &self.data {
            SubobjectData::StateObjectConfig { flags } => ops.push(Md::i32(*flags)),
            SubobjectData::RootSignature { data } => {
                ops.push(Md::node(vec![Md::IntArray {
                    bits: 8,
                    values: data.iter().map(|&b| u64::from(b)).collect(),
                }]));
                ops.push(Md::string(&self.text));
            }
            SubobjectData::SubobjectToExportsAssociation { subobject, exports } => {
                ops.push(Md::string(subobject));
                ops.push(Md::node(exports.iter().map(|e| Md::string(e)).collect()));
            }
            SubobjectData::RaytracingShaderConfig {
                max_payload_size_in_bytes,
                max_attribute_size_in_bytes,
            } => {
                ops.push(Md::i32(*max_payload_size_in_bytes));
                ops.push(Md::i32(*max_attribute_size_in_bytes));
            }
            SubobjectData::RaytracingPipelineConfig {
                max_trace_recursion_depth,
            } => ops.push(Md::i32(*max_trace_recursion_depth)),
            SubobjectData::HitGroup {
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
            SubobjectData::RaytracingPipelineConfig1 {
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
