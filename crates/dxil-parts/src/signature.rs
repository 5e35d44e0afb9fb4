//! Program signature parts `ISG1`, `OSG1` and `PSG1`: a header, fixed-size element records
//! and a string table of semantic names.
//!
//! Layout (DXContainer program signature): `u32 ParamCount`, `u32 ParamOffset` (from the start
//! of the part), then `ParamCount` records of 32 bytes: `u32 Stream`, `u32 SemanticName`
//! (offset from the start of the part), `u32 SemanticIndex`, `u32 SystemValue`,
//! `u32 CompType`, `u32 Register`, `u8 Mask`, `u8 AlwaysReads/NeverWrites mask`, `u16 Pad`,
//! `u32 MinPrecision`. The NUL-terminated names follow the records. The reference writer
//! assigns name offsets in declaration order (deduplicated by name from validator 1.7 on) and
//! pads the part to 4 bytes (from validator 1.7 on); records are sorted, so the table order
//! need not follow record order. The model keeps the table's bytes as stored.

use crate::error::{Error, ErrorKind, Result};
use crate::le::{c_str, Reader, Sink};
use crate::names::{MinPrecision, SigComponentType, SystemValue};

/// Size of the part header.
pub const HEADER_SIZE: u32 = 8;
/// Size of one element record.
pub const ELEMENT_SIZE: u32 = 32;

/// One element record of a program signature part.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SignatureElement {
    /// Geometry shader output stream (0 to 3).
    pub stream: u32,
    /// Offset of the semantic name from the start of the part.
    pub semantic_name: u32,
    /// Semantic index.
    pub semantic_index: u32,
    /// System value, raw (see [`SystemValue`]).
    pub system_value: u32,
    /// Component type, raw (see [`SigComponentType`]).
    pub component_type: u32,
    /// Register (row); `u32::MAX` for elements without a register (`SV_Depth`, ...).
    pub register: u32,
    /// Components the element occupies (bit 0 = x).
    pub mask: u8,
    /// Inputs: components always read; outputs: components never written.
    pub rw_mask: u8,
    /// The padding field, kept as stored.
    pub pad: u16,
    /// Minimum precision, raw (see [`MinPrecision`]).
    pub min_precision: u32,
}

impl SignatureElement {
    /// The system value, if known.
    pub fn system_value(&self) -> Option<SystemValue> {
        SystemValue::from_raw(self.system_value)
    }
    /// The component type, if known.
    pub fn component_type(&self) -> Option<SigComponentType> {
        SigComponentType::from_raw(self.component_type)
    }
    /// The minimum precision, if known.
    pub fn min_precision(&self) -> Option<MinPrecision> {
        MinPrecision::from_raw(self.min_precision)
    }
}

/// How the writer lays out a new string table ([`SignaturePart::build`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StringLayout {
    /// Equal names share one table entry (validator 1.7 and later).
    pub dedup: bool,
    /// The part is padded with zeros to a multiple of 4 bytes (validator 1.7 and later).
    pub align4: bool,
}

/// A parsed `ISG1`/`OSG1`/`PSG1` part.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SignaturePart {
    /// Offset of the first record (8 in every part the reference writes).
    pub param_offset: u32,
    /// Bytes between the header and the first record (empty when `param_offset` is 8).
    pub gap: Vec<u8>,
    /// The element records in stored order.
    pub elements: Vec<SignatureElement>,
    /// Everything after the records: the names and any padding, as stored.
    pub string_table: Vec<u8>,
}

impl SignaturePart {
    /// Parses a part. Every name offset must point at a NUL-terminated string inside the
    /// string table.
    pub fn parse(data: &[u8]) -> Result<Self> {
        let mut r = Reader::new(data);
        let count = r.u32("signature element count")?;
        let param_offset = r.u32("signature element offset")?;
        if param_offset < HEADER_SIZE {
            return Err(Error::new(
                ErrorKind::Invalid("signature element offset"),
                4,
            ));
        }
        let gap = r
            .bytes(
                (param_offset - HEADER_SIZE) as usize,
                "signature element offset",
            )?
            .to_vec();
        let need = (count as usize).checked_mul(ELEMENT_SIZE as usize);
        if need.is_none_or(|n| n > r.remaining()) {
            return Err(Error::new(
                ErrorKind::Truncated("signature elements"),
                r.pos(),
            ));
        }
        let mut elements = Vec::with_capacity(count as usize);
        for _ in 0..count {
            elements.push(SignatureElement {
                stream: r.u32("element stream")?,
                semantic_name: r.u32("element semantic name")?,
                semantic_index: r.u32("element semantic index")?,
                system_value: r.u32("element system value")?,
                component_type: r.u32("element component type")?,
                register: r.u32("element register")?,
                mask: r.u8("element mask")?,
                rw_mask: r.u8("element read/write mask")?,
                pad: r.u16("element padding")?,
                min_precision: r.u32("element min precision")?,
            });
        }
        let strings_start = r.pos();
        let part = SignaturePart {
            param_offset,
            gap,
            elements,
            string_table: r.rest().to_vec(),
        };
        for (i, e) in part.elements.iter().enumerate() {
            if part.name(e).is_none() {
                let at = strings_start - (part.elements.len() - i) * ELEMENT_SIZE as usize + 4;
                return Err(Error::new(
                    ErrorKind::OutOfRange("semantic name offset"),
                    at,
                ));
            }
        }
        Ok(part)
    }

    /// Offset of the string table from the start of the part.
    pub fn string_table_offset(&self) -> usize {
        self.param_offset as usize + self.elements.len() * ELEMENT_SIZE as usize
    }

    /// The semantic name of `e`, or `None` when its offset is not inside the string table
    /// or the string is not NUL-terminated UTF-8.
    pub fn name(&self, e: &SignatureElement) -> Option<&str> {
        let rel = (e.semantic_name as usize).checked_sub(self.string_table_offset())?;
        c_str(&self.string_table, rel)
    }

    /// Serializes the part; for a parsed part this gives back the stored bytes.
    pub fn write(&self) -> Result<Vec<u8>> {
        if self.param_offset as usize != HEADER_SIZE as usize + self.gap.len() {
            return Err(Error::new(
                ErrorKind::Inconsistent("param_offset does not match the gap"),
                4,
            ));
        }
        let count = u32::try_from(self.elements.len())
            .map_err(|_| Error::new(ErrorKind::Inconsistent("too many elements"), 0))?;
        let mut out = Vec::with_capacity(self.string_table_offset() + self.string_table.len());
        out.put_u32(count);
        out.put_u32(self.param_offset);
        out.extend_from_slice(&self.gap);
        for e in &self.elements {
            out.put_u32(e.stream);
            out.put_u32(e.semantic_name);
            out.put_u32(e.semantic_index);
            out.put_u32(e.system_value);
            out.put_u32(e.component_type);
            out.put_u32(e.register);
            out.push(e.mask);
            out.push(e.rw_mask);
            out.put_u16(e.pad);
            out.put_u32(e.min_precision);
        }
        out.extend_from_slice(&self.string_table);
        Ok(out)
    }

    /// Builds a part the way the reference writer does. `elements` are the records in
    /// stored (sorted) order; `declared` lists the signature's declared elements in
    /// declaration (metadata) order, each with its semantic name and the indices of the
    /// records it produced (one per semantic index). Name offsets are given in declaration
    /// order: one per declared element, or one per distinct name with `layout.dedup`.
    /// The `semantic_name` fields are filled in.
    pub fn build(
        mut elements: Vec<SignatureElement>,
        declared: &[(&str, Vec<usize>)],
        layout: StringLayout,
    ) -> Result<Self> {
        let start = HEADER_SIZE as usize + elements.len() * ELEMENT_SIZE as usize;
        let mut table: Vec<u8> = Vec::new();
        let mut offsets: Vec<Option<u32>> = vec![None; elements.len()];
        let mut seen: Vec<(&str, u32)> = Vec::new();
        for (name, records) in declared {
            let found = if layout.dedup {
                seen.iter().find(|(n, _)| n == name).map(|&(_, o)| o)
            } else {
                None
            };
            let off = match found {
                Some(o) => o,
                None => {
                    let o = u32::try_from(start + table.len())
                        .map_err(|_| Error::new(ErrorKind::Inconsistent("part too large"), 0))?;
                    table.extend_from_slice(name.as_bytes());
                    table.push(0);
                    seen.push((name, o));
                    o
                }
            };
            for &i in records {
                let slot = offsets.get_mut(i).ok_or_else(|| {
                    Error::new(ErrorKind::Inconsistent("record index out of range"), 0)
                })?;
                *slot = Some(off);
            }
        }
        for (e, off) in elements.iter_mut().zip(&offsets) {
            e.semantic_name = off.ok_or_else(|| {
                Error::new(ErrorKind::Inconsistent("record of no declared element"), 0)
            })?;
        }
        if layout.align4 {
            while !(start + table.len()).is_multiple_of(4) {
                table.push(0);
            }
        }
        Ok(SignaturePart {
            param_offset: HEADER_SIZE,
            gap: Vec::new(),
            elements,
            string_table: table,
        })
    }
}
