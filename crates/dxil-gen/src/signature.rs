//! `ISG1`/`OSG1`/`PSG1` from the module's signature metadata (DXIL.rst "Signature element
//! record"; part layout in [`dxil_parts::signature`]).
//!
//! Rules of the reference writer (facts from DXC's container assembler):
//! - Elements whose interpretation at the signature point is NA or NotInSig get no record.
//! - Each element gives one record per semantic index, in list order; the register starts
//!   at the start row and steps by rows / indices (integer division) per record, so an
//!   element with more indices than rows keeps every record at its start row (registers
//!   stay at `u32::MAX` when unallocated); mask = the element's columns shifted by its
//!   start column.
//! - System value from the semantic kind (tessellation factors by the domain; isoline
//!   detail/density split: row 0 density, later rows detail).
//! - Component type from the DXIL component type (i1 as Unknown below validator 1.5);
//!   minimum precision only when the module uses minimum precision.
//! - Read/write mask: inputs `AlwaysReads` = usage mask shifted by the start column;
//!   outputs `NeverWrites` = its complement in 4 bits; below validator 1.5: inputs 0,
//!   outputs the complement of the mask in 8 bits.
//! - Records sorted by (stream, register, name offset) with the reference's unstable sort
//!   ([`crate::stdsort`]): equal keys keep its order.
//! - Names: one string per declared element in declaration order, every element (also
//!   those without records); deduplicated and the part padded to 4 bytes from validator
//!   1.7 on.

use dxil_module::model::SignatureElement as MdElement;
use dxil_parts::signature::{
    SignatureElement, SignaturePart, StringLayout, ELEMENT_SIZE, HEADER_SIZE,
};

use crate::error::{ErrorKind, Result};
use crate::sigpoint::SigPointInfo;
use dxil_ops::{SemanticInterpretationKind, SigPointKind};

/// Validator version as `(major, minor)`; compares lexicographically.
pub type ValVer = (u32, u32);

/// What the writer needs besides the elements.
#[derive(Clone, Copy, Debug)]
pub struct SignatureContext {
    /// The signature point.
    pub point: SigPointKind,
    /// Tessellator domain (HS/DS; 0 otherwise), raw.
    pub domain: u32,
    /// Whether records describe inputs (`AlwaysReads`) or outputs (`NeverWrites`).
    pub is_input: bool,
    /// The module uses minimum precision (not native low precision).
    pub use_min_precision: bool,
    /// The module's validator version.
    pub validator: ValVer,
}

/// `DxilProgramSigSemantic` of a semantic kind.
pub fn system_value(kind: u32, domain: u32) -> u32 {
    match kind {
        0 => 0,
        1 => 6,   // VertexID
        2 => 8,   // InstanceID
        3 => 1,   // Position
        4 => 4,   // RenderTargetArrayIndex
        5 => 5,   // ViewPortArrayIndex
        6 => 2,   // ClipDistance
        7 => 3,   // CullDistance
        10 => 7,  // PrimitiveID
        12 => 10, // SampleIndex
        13 => 9,  // IsFrontFace
        14 => 66, // Coverage
        15 => 70, // InnerCoverage
        16 => 64, // Target
        17 => 65, // Depth
        18 => 68, // DepthLessEqual
        19 => 67, // DepthGreaterEqual
        20 => 69, // StencilRef
        25 => match domain {
            1 => 16, // isoline: density (first row)
            2 => 13,
            3 => 11,
            _ => 0,
        },
        26 => match domain {
            2 => 14,
            3 => 12,
            _ => 0,
        },
        28 => 23, // Barycentrics
        29 => 24, // ShadingRate
        30 => 25, // CullPrimitive
        // Kinds without a program signature value (never in a part) and unknown kinds.
        8 | 9 | 11 | 21..=24 | 27 | 31 | 32 => 0,
        _ => 69,
    }
}

/// `DxilProgramSigCompType` of a DXIL component type.
pub fn sig_component_type(ct: u32, i1_unknown: bool) -> u32 {
    match ct {
        4 => 2,                      // I32 -> SInt32
        1 => u32::from(!i1_unknown), // I1 -> UInt32 (Unknown below 1.5)
        5 => 1,                      // U32
        9 => 3,                      // F32
        2 => 5,                      // I16
        6 => 8,                      // I64
        3 => 4,                      // U16
        7 => 7,                      // U64
        8 => 6,                      // F16
        10 => 9,                     // F64
        _ => 0,
    }
}

/// `DxilProgramSigMinPrecision` of a DXIL component type.
pub fn min_precision(ct: u32) -> u32 {
    match ct {
        2 => 4, // I16 -> SInt16
        3 => 5, // U16 -> UInt16
        8 => 1, // F16 -> Float16
        _ => 0,
    }
}

/// True when the element has a packing location (start row and column both set).
pub fn is_allocated(e: &MdElement) -> bool {
    e.start_row != -1 && e.start_col != -1
}

/// The columns of `e` as a component mask (start column 0 when unallocated).
pub fn cols_mask(e: &MdElement) -> u8 {
    let start = if is_allocated(e) {
        e.start_col.clamp(0, 3) as u32
    } else {
        0
    };
    let cols = u32::from(e.cols.min(4));
    (((1u32 << cols) - 1) << start) as u8
}

/// The semantic kind and name the part gives `e` at `point`, as the reference's loader
/// resolves an element's semantic from its kind: a kind the point reads as an arbitrary
/// semantic is arbitrary (system value none, the element's own name); a system value is
/// written with its canonical name (`SV_Target`, whatever the metadata spells); a kind the
/// point does not know keeps the element's name.
pub fn part_semantic(point: SigPointKind, e: &MdElement) -> (u32, &str) {
    let kind = u32::from(e.semantic_kind);
    match point.recover(kind).interpretation(kind) {
        SemanticInterpretationKind::Arb => (0, e.name.as_str()),
        SemanticInterpretationKind::NA => (kind, e.name.as_str()),
        _ => {
            let name = dxil_ops::SemanticKind::from_u32(kind)
                .and_then(dxil_parts::names::sv_semantic_name)
                .unwrap_or(e.name.as_str());
            (kind, name)
        }
    }
}

/// True when `e` gets records in the part.
pub fn in_part(point: SigPointKind, e: &MdElement) -> bool {
    let kind = u32::from(e.semantic_kind);
    !matches!(
        point.recover(kind).interpretation(kind),
        SemanticInterpretationKind::NA | SemanticInterpretationKind::NotInSig
    )
}

/// Builds the part bytes for `elements` (the signature's metadata list, in order).
pub fn build_signature_part(elements: &[MdElement], cx: &SignatureContext) -> Result<Vec<u8>> {
    let compat_1_4 = cx.validator < (1, 5);
    let dedup = cx.validator >= (1, 7);
    let in_sig: Vec<bool> = elements.iter().map(|e| in_part(cx.point, e)).collect();
    let count: usize = elements
        .iter()
        .zip(&in_sig)
        .filter(|(_, &s)| s)
        .map(|(e, _)| e.semantic_indices.len())
        .sum();
    // Name offsets in declaration order, over every element.
    let start = HEADER_SIZE as usize + count * ELEMENT_SIZE as usize;
    let mut next = start;
    let mut seen: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    let mut name_off = Vec::with_capacity(elements.len());
    let semantics: Vec<(u32, &str)> = elements
        .iter()
        .map(|e| part_semantic(cx.point, e))
        .collect();
    for &(_, name) in &semantics {
        let found = if dedup { seen.get(name).copied() } else { None };
        let off = found.unwrap_or_else(|| {
            let o = next;
            next += name.len() + 1;
            seen.entry(name).or_insert(o);
            o
        });
        name_off.push(off);
    }
    // Records, tagged with their element.
    let mut recs: Vec<(usize, SignatureElement)> = Vec::with_capacity(count);
    for (i, e) in elements.iter().enumerate() {
        if !in_sig[i] {
            continue;
        }
        let kind = semantics[i].0;
        let ct = u32::from(e.component_type);
        let mask = cols_mask(e);
        let rw_mask = if compat_1_4 {
            if cx.is_input {
                0
            } else {
                !mask
            }
        } else {
            let mut usage = e.usage_comp_mask();
            if is_allocated(e) {
                usage <<= e.start_col.clamp(0, 3) as u32;
            }
            if cx.is_input {
                usage as u8
            } else {
                ((usage as u8) ^ 0xf) & 0xf
            }
        };
        let mut r = SignatureElement {
            stream: e.output_stream(),
            semantic_name: u32::try_from(name_off[i])
                .map_err(|_| ErrorKind::OutOfRange("signature part size"))?,
            semantic_index: 0,
            system_value: system_value(kind, cx.domain),
            component_type: sig_component_type(ct, compat_1_4),
            register: e.start_row as u32,
            mask,
            rw_mask,
            pad: 0,
            min_precision: if cx.use_min_precision {
                min_precision(ct)
            } else {
                0
            },
        };
        // The register steps by the rows each index covers, rows / indices in integer
        // division: an element with more indices than rows (older compilers wrote mesh
        // outputs as 1 row with indices 0, 1, 2) has every record at its start row.
        let step = match u32::try_from(e.semantic_indices.len()) {
            Ok(n) if n > 0 => e.rows / n,
            _ => 1,
        };
        for &index in &e.semantic_indices {
            r.semantic_index = index;
            recs.push((i, r.clone()));
            if is_allocated(e) {
                r.register = r.register.wrapping_add(step);
            }
            if r.system_value == 16 {
                r.system_value = 15;
            }
        }
    }
    let key = |r: &SignatureElement| (r.stream, r.register, r.semantic_name);
    crate::stdsort::std_sort(&mut recs, &|a: &(usize, SignatureElement), b| {
        key(&a.1) < key(&b.1)
    });
    let mut owned: Vec<Vec<usize>> = vec![Vec::new(); elements.len()];
    for (k, (owner, _)) in recs.iter().enumerate() {
        if let Some(list) = owned.get_mut(*owner) {
            list.push(k);
        }
    }
    let declared: Vec<(&str, Vec<usize>)> = elements
        .iter()
        .zip(owned)
        .zip(&semantics)
        .map(|((_, list), &(_, name))| (name, list))
        .collect();
    let part = SignaturePart::build(
        recs.into_iter().map(|(_, r)| r).collect(),
        &declared,
        StringLayout {
            dedup,
            align4: dedup,
        },
    )?;
    Ok(part.write()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn element(name: &str, kind: u8) -> MdElement {
        MdElement {
            id: 0,
            name: name.to_string(),
            component_type: 9,
            semantic_kind: kind,
            semantic_indices: vec![0],
            interpolation_mode: 0,
            rows: 1,
            cols: 4,
            start_row: 0,
            start_col: 0,
            properties: None,
        }
    }

    #[test]
    fn parts_name_semantics_as_the_reference_resolves_their_kinds() {
        // A system value keeps its canonical name whatever the metadata spells.
        let target = element("SV_VertexID", 16);
        assert_eq!(
            part_semantic(SigPointKind::PSOut, &target),
            (16, "SV_Target")
        );
        // A kind the point reads as arbitrary: no system value, the element's own name.
        let pos = element("SV_Position", 3);
        assert_eq!(part_semantic(SigPointKind::VSIn, &pos), (0, "SV_Position"));
        let arb = element("COLOR", 0);
        assert_eq!(part_semantic(SigPointKind::PSIn, &arb), (0, "COLOR"));
        // A kind the point does not allow keeps its kind and name (no record is written).
        let depth = element("Foo", 17);
        assert_eq!(part_semantic(SigPointKind::VSOut, &depth), (17, "Foo"));
    }
}
