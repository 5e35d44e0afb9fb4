//! PSV0 reader: follows the stored sizes and counts, checking every length against the part.

use super::runtime::{RuntimeInfo, RuntimeInfo1, SIZE0, SIZE1, SIZE2, SIZE3, SIZE4};
use super::{
    mask_dwords, table_dwords, Psv, PsvSignatureElement, PsvSignatures, ResourceBinding,
    BIND_INFO0_SIZE, BIND_INFO1_SIZE, SIG_ELEMENT0_SIZE,
};
use crate::error::{Error, ErrorKind, Result};
use crate::le::Reader;
use dxil_container::ShaderKind;

fn read_runtime_info(r: &mut Reader<'_>) -> Result<RuntimeInfo> {
    let at = r.pos();
    let size = r.u32("runtime info size")?;
    if size < SIZE0 {
        return Err(Error::new(ErrorKind::Invalid("runtime info size"), at));
    }
    let bytes = r.bytes(size as usize, "runtime info")?;
    let mut b = Reader::new(bytes);
    let mut info = RuntimeInfo::default();
    info.stage_info.copy_from_slice(b.bytes(16, "stage info")?);
    info.min_wave_lane_count = b.u32("wave lane count")?;
    info.max_wave_lane_count = b.u32("wave lane count")?;
    if size >= SIZE1 {
        let mut i1 = RuntimeInfo1 {
            shader_stage: b.u8("shader stage")?,
            uses_view_id: b.u8("uses view id")?,
            stage_union: b.u16("stage union")?,
            sig_input_elements: b.u8("element count")?,
            sig_output_elements: b.u8("element count")?,
            sig_patch_const_or_prim_elements: b.u8("element count")?,
            sig_input_vectors: b.u8("vector count")?,
            ..RuntimeInfo1::default()
        };
        i1.sig_output_vectors
            .copy_from_slice(b.bytes(4, "vector count")?);
        info.info1 = Some(i1);
    }
    if size >= SIZE2 {
        info.num_threads = Some([
            b.u32("num threads")?,
            b.u32("num threads")?,
            b.u32("num threads")?,
        ]);
    }
    if size >= SIZE3 {
        info.entry_function_name = Some(b.u32("entry function name")?);
    }
    if size >= SIZE4 {
        info.num_bytes_group_shared_memory = Some(b.u32("group shared bytes")?);
    }
    info.extra = b.rest().to_vec();
    Ok(info)
}

/// Reads `count` records of `size` bytes, after checking they fit.
fn records<'a>(
    r: &mut Reader<'a>,
    count: u32,
    size: u32,
    what: &'static str,
) -> Result<Vec<&'a [u8]>> {
    let total = (count as usize)
        .checked_mul(size as usize)
        .filter(|&t| t <= r.remaining())
        .ok_or_else(|| Error::new(ErrorKind::Truncated(what), r.pos()))?;
    let all = r.bytes(total, what)?;
    Ok(all.chunks_exact(size.max(1) as usize).collect())
}

fn read_binding(rec: &[u8]) -> Result<ResourceBinding> {
    let mut b = Reader::new(rec);
    let mut res = ResourceBinding {
        res_type: b.u32("resource type")?,
        space: b.u32("resource space")?,
        lower_bound: b.u32("resource lower bound")?,
        upper_bound: b.u32("resource upper bound")?,
        ..ResourceBinding::default()
    };
    if rec.len() >= BIND_INFO1_SIZE as usize {
        res.kind_and_flags = Some((b.u32("resource kind")?, b.u32("resource flags")?));
    }
    res.extra = b.rest().to_vec();
    Ok(res)
}

fn read_element(rec: &[u8]) -> Result<PsvSignatureElement> {
    let mut b = Reader::new(rec);
    Ok(PsvSignatureElement {
        semantic_name: b.u32("semantic name")?,
        semantic_indexes: b.u32("semantic indexes")?,
        rows: b.u8("rows")?,
        start_row: b.u8("start row")?,
        cols_and_start: b.u8("columns")?,
        semantic_kind: b.u8("semantic kind")?,
        component_type: b.u8("component type")?,
        interpolation_mode: b.u8("interpolation mode")?,
        dynamic_mask_and_stream: b.u8("dynamic mask")?,
        reserved: b.u8("reserved")?,
        extra: b.rest().to_vec(),
    })
}

fn read_elements(r: &mut Reader<'_>, count: u8, size: u32) -> Result<Vec<PsvSignatureElement>> {
    records(r, count as u32, size, "signature elements")?
        .into_iter()
        .map(read_element)
        .collect()
}

fn stage_of(i1: &RuntimeInfo1) -> ShaderKind {
    i1.stage().unwrap_or(ShaderKind::Invalid)
}

fn read_signatures(r: &mut Reader<'_>, i1: &RuntimeInfo1) -> Result<PsvSignatures> {
    let mut s = PsvSignatures::default();
    let at = r.pos();
    let table_size = r.u32("string table size")?;
    if !table_size.is_multiple_of(4) {
        return Err(Error::new(ErrorKind::Invalid("string table size"), at));
    }
    s.string_table = r.bytes(table_size as usize, "string table")?.to_vec();
    let entries = r.u32("semantic index count")?;
    s.semantic_index_table = {
        let n = (entries as usize)
            .checked_mul(4)
            .filter(|&n| n <= r.remaining())
            .ok_or_else(|| Error::new(ErrorKind::Truncated("semantic index table"), r.pos()))?;
        r.u32_array(n / 4, "semantic index table")?
    };
    if i1.sig_input_elements != 0
        || i1.sig_output_elements != 0
        || i1.sig_patch_const_or_prim_elements != 0
    {
        let at = r.pos();
        let size = r.u32("signature element size")?;
        if size < SIG_ELEMENT0_SIZE {
            return Err(Error::new(ErrorKind::Invalid("signature element size"), at));
        }
        s.element_size = Some(size);
        s.input = read_elements(r, i1.sig_input_elements, size)?;
        s.output = read_elements(r, i1.sig_output_elements, size)?;
        s.patch_const_or_prim = read_elements(r, i1.sig_patch_const_or_prim_elements, size)?;
    }
    let stage = stage_of(i1);
    let is_gs = stage == ShaderKind::Geometry;
    let is_hs = stage == ShaderKind::Hull;
    let is_ds = stage == ShaderKind::Domain;
    let is_ms = stage == ShaderKind::Mesh;
    let pc = i1.sig_patch_const_or_prim_vectors() as u32;
    let inputs = i1.sig_input_vectors as u32;
    let streams = if is_gs { 4 } else { 1 };
    if i1.uses_view_id != 0 {
        for (i, &v) in i1.sig_output_vectors.iter().enumerate().take(streams) {
            if v != 0 {
                s.view_id_output_masks[i] =
                    r.u32_array(mask_dwords(v as u32) as usize, "view id output mask")?;
            }
        }
        if (is_hs || is_ms) && pc != 0 {
            s.view_id_pc_or_prim_output_mask =
                r.u32_array(mask_dwords(pc) as usize, "view id output mask")?;
        }
    }
    for (i, &v) in i1.sig_output_vectors.iter().enumerate().take(streams) {
        if !is_ms && v != 0 && inputs != 0 {
            s.input_to_output_tables[i] =
                r.u32_array(table_dwords(inputs, v as u32) as usize, "dependency table")?;
        }
    }
    if is_hs && pc != 0 && inputs != 0 {
        s.input_to_pc_output_table =
            r.u32_array(table_dwords(inputs, pc) as usize, "dependency table")?;
    }
    let out0 = i1.sig_output_vectors[0] as u32;
    if is_ds && out0 != 0 && pc != 0 {
        s.pc_input_to_output_table =
            r.u32_array(table_dwords(pc, out0) as usize, "dependency table")?;
    }
    Ok(s)
}

impl Psv {
    /// Parses a `PSV0` part of any version.
    pub fn parse(data: &[u8]) -> Result<Self> {
        let mut r = Reader::new(data);
        let runtime_info = read_runtime_info(&mut r)?;
        let count = r.u32("resource count")?;
        let mut psv = Psv {
            runtime_info,
            ..Psv::default()
        };
        if count > 0 {
            let at = r.pos();
            let size = r.u32("resource record size")?;
            if size < BIND_INFO0_SIZE {
                return Err(Error::new(ErrorKind::Invalid("resource record size"), at));
            }
            psv.resource_bind_info_size = Some(size);
            psv.resources = records(&mut r, count, size, "resource bindings")?
                .into_iter()
                .map(read_binding)
                .collect::<Result<_>>()?;
        }
        if let Some(i1) = psv.runtime_info.info1.clone() {
            psv.signatures = Some(read_signatures(&mut r, &i1)?);
        }
        psv.trailing = r.rest().to_vec();
        Ok(psv)
    }
}
