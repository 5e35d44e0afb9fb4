//! PSV0 writer: the mirror of the reader; record sizes come from the model.

use super::runtime::SIZE0;
use super::{Psv, PsvSignatureElement, ResourceBinding, BIND_INFO0_SIZE, SIG_ELEMENT0_SIZE};
use crate::error::{Error, ErrorKind, Result};
use crate::le::Sink;

fn inconsistent(what: &'static str) -> Error {
    Error::new(ErrorKind::Inconsistent(what), 0)
}

fn write_binding(out: &mut Vec<u8>, b: &ResourceBinding, size: u32) -> Result<()> {
    out.put_u32(b.res_type);
    out.put_u32(b.space);
    out.put_u32(b.lower_bound);
    out.put_u32(b.upper_bound);
    let mut len = BIND_INFO0_SIZE as usize;
    if let Some((k, f)) = b.kind_and_flags {
        out.put_u32(k);
        out.put_u32(f);
        len += 8;
    }
    out.extend_from_slice(&b.extra);
    if len + b.extra.len() != size as usize {
        return Err(inconsistent(
            "resource record does not match the record size",
        ));
    }
    Ok(())
}

fn write_element(out: &mut Vec<u8>, e: &PsvSignatureElement, size: u32) -> Result<()> {
    out.put_u32(e.semantic_name);
    out.put_u32(e.semantic_indexes);
    out.extend_from_slice(&[
        e.rows,
        e.start_row,
        e.cols_and_start,
        e.semantic_kind,
        e.component_type,
        e.interpolation_mode,
        e.dynamic_mask_and_stream,
        e.reserved,
    ]);
    out.extend_from_slice(&e.extra);
    if SIG_ELEMENT0_SIZE as usize + e.extra.len() != size as usize {
        return Err(inconsistent(
            "element record does not match the record size",
        ));
    }
    Ok(())
}

impl Psv {
    /// Serializes the part; for a parsed part this gives back the stored bytes. Counts
    /// stored in the runtime info must match the model's element lists.
    pub fn write(&self) -> Result<Vec<u8>> {
        let mut out = Vec::new();
        let ri = &self.runtime_info;
        let size = u32::try_from(ri.size()).map_err(|_| inconsistent("runtime info size"))?;
        out.put_u32(size);
        out.extend_from_slice(&ri.stage_info);
        out.put_u32(ri.min_wave_lane_count);
        out.put_u32(ri.max_wave_lane_count);
        if let Some(i1) = &ri.info1 {
            out.push(i1.shader_stage);
            out.push(i1.uses_view_id);
            out.put_u16(i1.stage_union);
            out.extend_from_slice(&[
                i1.sig_input_elements,
                i1.sig_output_elements,
                i1.sig_patch_const_or_prim_elements,
                i1.sig_input_vectors,
            ]);
            out.extend_from_slice(&i1.sig_output_vectors);
        }
        let v = ri.version();
        if let Some(t) = ri.num_threads {
            out.put_u32s(&t);
        }
        if let Some(n) = ri.entry_function_name {
            out.put_u32(n);
        }
        if let Some(n) = ri.num_bytes_group_shared_memory {
            out.put_u32(n);
        }
        // Each version's fields need the previous version's.
        let nested = (v < 2 || ri.num_threads.is_some())
            && (v < 3 || ri.entry_function_name.is_some())
            && (v < 1 || ri.info1.is_some());
        if !nested || out.len() != 4 + ri.size() - ri.extra.len() || ri.size() < SIZE0 as usize {
            return Err(inconsistent("runtime info versions are not nested"));
        }
        out.extend_from_slice(&ri.extra);

        let count =
            u32::try_from(self.resources.len()).map_err(|_| inconsistent("resource count"))?;
        out.put_u32(count);
        match (count, self.resource_bind_info_size) {
            (0, None) => {}
            (0, Some(_)) => return Err(inconsistent("record size without resources")),
            (_, None) => return Err(inconsistent("resources without record size")),
            (_, Some(size)) => {
                out.put_u32(size);
                for b in &self.resources {
                    write_binding(&mut out, b, size)?;
                }
            }
        }

        match (&ri.info1, &self.signatures) {
            (None, None) => {}
            (Some(i1), Some(s)) => {
                let table = u32::try_from(s.string_table.len())
                    .map_err(|_| inconsistent("string table size"))?;
                out.put_u32(table);
                out.extend_from_slice(&s.string_table);
                let entries = u32::try_from(s.semantic_index_table.len())
                    .map_err(|_| inconsistent("semantic index count"))?;
                out.put_u32(entries);
                out.put_u32s(&s.semantic_index_table);
                if s.input.len() != i1.sig_input_elements as usize
                    || s.output.len() != i1.sig_output_elements as usize
                    || s.patch_const_or_prim.len() != i1.sig_patch_const_or_prim_elements as usize
                {
                    return Err(inconsistent("element counts differ from the runtime info"));
                }
                let any = !(s.input.is_empty()
                    && s.output.is_empty()
                    && s.patch_const_or_prim.is_empty());
                match (any, s.element_size) {
                    (false, None) => {}
                    (true, Some(size)) => {
                        out.put_u32(size);
                        for e in s
                            .input
                            .iter()
                            .chain(&s.output)
                            .chain(&s.patch_const_or_prim)
                        {
                            write_element(&mut out, e, size)?;
                        }
                    }
                    _ => return Err(inconsistent("element record size")),
                }
                for m in &s.view_id_output_masks {
                    out.put_u32s(m);
                }
                out.put_u32s(&s.view_id_pc_or_prim_output_mask);
                for t in &s.input_to_output_tables {
                    out.put_u32s(t);
                }
                out.put_u32s(&s.input_to_pc_output_table);
                out.put_u32s(&s.pc_input_to_output_table);
            }
            _ => {
                return Err(inconsistent(
                    "signature data must match runtime info version",
                ))
            }
        }
        out.extend_from_slice(&self.trailing);
        // Mask and table lengths follow from the stage and vector counts: reading the bytes
        // back must give this model, or the model was inconsistent.
        if Psv::parse(&out).ok().as_ref() != Some(self) {
            return Err(inconsistent(
                "masks or tables do not match the vector counts",
            ));
        }
        Ok(out)
    }
}
