//! `PSV0` from the module (layout in [`dxil_parts::psv`]; rules are facts of the reference
//! writer):
//! - Version by validator: below 1.1: 0; below 1.6: 1; below 1.8: 2; below 1.10: 3; else 4.
//! - Resources: CBVs, samplers, SRVs, UAVs (`dx.resources` order); 24-byte records from
//!   version 2.
//! - Signature elements: every metadata element (NotInSig ones too), tables by
//!   [`dxil_parts::psv::build_tables`]; vector counts are the highest allocated row end
//!   (per stream for outputs).
//! - ViewID masks and dependency tables: copied from `dx.viewIdState` word by word, each
//!   section sized by the state's own scalar counts.

use dxil_container::ShaderKind;
use dxil_module::model::{Property, Resource, ResourceClass, ResourceProperty, SignatureElement};
use dxil_parts::psv::{
    build_tables, mask_dwords, ElementNames, Psv, PsvSignatureElement, PsvSignatures,
    ResourceBinding, RuntimeInfo, RuntimeInfo1, BIND_INFO0_SIZE, BIND_INFO1_SIZE,
    SIG_ELEMENT0_SIZE,
};

use crate::error::{ErrorKind, Result};
use crate::flags::bit;
use crate::signature::{is_allocated, sig_component_type, ValVer};
use crate::sigpoint::SignatureKind;
use crate::source::Source;

/// The PSV version the validator version calls for.
pub fn psv_version(v: ValVer) -> u32 {
    if v < (1, 1) {
        0
    } else if v < (1, 6) {
        1
    } else if v < (1, 8) {
        2
    } else if v < (1, 10) {
        3
    } else {
        4
    }
}

fn binding(r: &Resource, v2: bool) -> ResourceBinding {
    let is_uav = r.class == ResourceClass::UAV;
    let kind = match r.class {
        ResourceClass::CBuffer => 13,
        ResourceClass::Sampler => 14,
        _ => r.shape_or_size,
    };
    let res_type = match kind {
        14 => 1,
        13 => 2,
        12 if is_uav && r.has_counter => 9,
        12 if is_uav => 8,
        12 => 5,
        16 => 4,
        11 if is_uav => 7,
        11 => 4,
        _ if is_uav => 6,
        _ => 3,
    };
    let atomic64 = is_uav
        && r.properties
            .iter()
            .flatten()
            .any(|p| matches!(p, ResourceProperty::Atomic64Use(true)));
    let b = &r.base;
    ResourceBinding {
        res_type,
        space: b.space,
        lower_bound: b.lower_bound,
        upper_bound: if b.range_size == u32::MAX {
            u32::MAX
        } else {
            b.lower_bound.wrapping_add(b.range_size).wrapping_sub(1)
        },
        kind_and_flags: v2.then_some((kind, u32::from(atomic64))),
        extra: Vec::new(),
    }
}

fn vectors_used(elements: &[SignatureElement], stream: u32) -> u32 {
    elements
        .iter()
        .filter(|e| is_allocated(e) && e.output_stream() == stream)
        .map(|e| (e.start_row as u32).wrapping_add(e.rows))
        .max()
        .unwrap_or(0)
}

fn byte(v: u32, what: &'static str) -> Result<u8> {
    u8::try_from(v).map_err(|_| ErrorKind::OutOfRange(what).into())
}

fn element(e: &SignatureElement, i1_unknown: bool) -> Result<PsvSignatureElement> {
    let mut cols = e.cols & 0xf;
    if is_allocated(e) {
        cols |= 0x40 | (((e.start_col as u8) & 3) << 4);
    }
    Ok(PsvSignatureElement {
        semantic_name: 0,
        semantic_indexes: 0,
        rows: byte(e.rows, "signature element rows")?,
        start_row: if is_allocated(e) {
            e.start_row as u8
        } else {
            0
        },
        cols_and_start: cols,
        semantic_kind: e.semantic_kind,
        component_type: sig_component_type(u32::from(e.component_type), i1_unknown) as u8,
        interpolation_mode: e.interpolation_mode,
        dynamic_mask_and_stream: (((e.output_stream() & 3) << 4) | (e.dyn_idx_comp_mask() & 0xf))
            as u8,
        reserved: 0,
        extra: Vec::new(),
    })
}

fn le32(v: u32) -> [u8; 4] {
    v.to_le_bytes()
}

fn stage_info(src: &Source<'_>, ri: &mut RuntimeInfo) -> Result<()> {
    let out = src.signature(SignatureKind::Output);
    let input = src.signature(SignatureKind::Input);
    let position = out.iter().any(|e| e.semantic_kind == 3);
    let mut b = [0u8; 16];
    let put = |b: &mut [u8; 16], at: usize, v: u32| b[at..at + 4].copy_from_slice(&le32(v));
    for p in src.properties() {
        match (src.kind, p) {
            (ShaderKind::Hull, Property::HsState(s)) => {
                put(&mut b, 0, s.input_control_points);
                put(&mut b, 4, s.output_control_points);
                put(&mut b, 8, s.domain);
                put(&mut b, 12, s.output_primitive);
            }
            (ShaderKind::Domain, Property::DsState(s)) => {
                put(&mut b, 0, s.input_control_points);
                put(&mut b, 8, s.domain);
            }
            (ShaderKind::Geometry, Property::GsState(s)) => {
                put(&mut b, 0, s.input_primitive);
                put(&mut b, 4, s.output_topology);
                put(&mut b, 8, s.active_stream_mask.max(1));
            }
            (ShaderKind::Mesh, Property::MsState(s)) => {
                put(&mut b, 0, src.group_shared_bytes()?);
                put(&mut b, 8, s.payload_size_in_bytes);
                b[12..14].copy_from_slice(&(s.max_vertex_count as u16).to_le_bytes());
                b[14..16].copy_from_slice(&(s.max_primitive_count as u16).to_le_bytes());
            }
            (ShaderKind::Amplification, Property::AsState(s)) => {
                put(&mut b, 0, s.payload_size_in_bytes);
            }
            (ShaderKind::Compute, Property::WaveSize(w)) => {
                let min = w.first().copied().unwrap_or(0);
                ri.min_wave_lane_count = min;
                ri.max_wave_lane_count = min;
            }
            (ShaderKind::Compute, Property::RangedWaveSize(w)) => {
                let min = w.first().copied().unwrap_or(0);
                let max = w.get(1).copied().unwrap_or(0);
                ri.min_wave_lane_count = min;
                ri.max_wave_lane_count = if max != 0 { max } else { min };
            }
            _ => {}
        }
    }
    match src.kind {
        ShaderKind::Vertex => b[0] = u8::from(position),
        ShaderKind::Domain => b[4] = u8::from(position),
        ShaderKind::Geometry => {
            b[12] = u8::from(position);
            if b[8..12] == [0; 4] {
                put(&mut b, 8, 1);
            }
        }
        ShaderKind::Pixel => {
            b[0] = u8::from(out.iter().any(|e| matches!(e.semantic_kind, 17..=19)));
            b[1] = u8::from(
                input
                    .iter()
                    .any(|e| matches!(e.interpolation_mode, 6 | 7) || e.semantic_kind == 12),
            );
        }
        _ => {}
    }
    ri.stage_info = b;
    Ok(())
}

fn num_threads(src: &Source<'_>) -> [u32; 3] {
    let mut t = [0; 3];
    for p in src.properties() {
        let list = match (src.kind, p) {
            (ShaderKind::Compute, Property::NumThreads(v)) => v,
            (ShaderKind::Mesh, Property::MsState(s)) => &s.num_threads,
            (ShaderKind::Amplification, Property::AsState(s)) => &s.num_threads,
            _ => continue,
        };
        for (d, s) in t.iter_mut().zip(list) {
            *d = *s;
        }
    }
    t
}

/// Copies the serialized ViewID state into the PSV masks and tables.
fn store_view_id(state: &[u32], psv: &mut PsvSignatures, kind: ShaderKind, uses_view_id: bool) {
    let mut pos = 0usize;
    let mut next = |n: usize| -> Vec<u32> {
        let s: Vec<u32> = state.iter().skip(pos).take(n).copied().collect();
        pos = pos.saturating_add(n);
        s
    };
    let copy = |dst: &mut Vec<u32>, src: Vec<u32>| {
        for (d, s) in dst.iter_mut().zip(src) {
            *d = s;
        }
    };
    let Some(&inputs) = state.first() else { return };
    next(1);
    let streams = if kind == ShaderKind::Geometry { 4 } else { 1 };
    let section = |next: &mut dyn FnMut(usize) -> Vec<u32>,
                   mask: Option<&mut Vec<u32>>,
                   table: Option<&mut Vec<u32>>,
                   ins: u32,
                   outs: u32| {
        let dwords = mask_dwords(outs.div_ceil(4)) as usize;
        if let Some(m) = mask {
            let words = next(dwords);
            copy(m, words);
        }
        if let Some(t) = table {
            let words = next(dwords.saturating_mul(ins as usize));
            copy(t, words);
        }
    };
    let mut outs0 = 0;
    for s in 0..streams {
        let outs = next(1).first().copied().unwrap_or(0);
        if s == 0 {
            outs0 = outs;
        }
        let mask = uses_view_id.then_some(&mut psv.view_id_output_masks[s]);
        let table = Some(&mut psv.input_to_output_tables[s]);
        section(&mut next, mask, table, inputs, outs);
    }
    match kind {
        ShaderKind::Hull | ShaderKind::Mesh => {
            let pc = next(1).first().copied().unwrap_or(0);
            let mask = uses_view_id.then_some(&mut psv.view_id_pc_or_prim_output_mask);
            section(
                &mut next,
                mask,
                Some(&mut psv.input_to_pc_output_table),
                inputs,
                pc,
            );
        }
        ShaderKind::Domain => {
            let pc = next(1).first().copied().unwrap_or(0);
            section(
                &mut next,
                None,
                Some(&mut psv.pc_input_to_output_table),
                pc,
                outs0,
            );
        }
        _ => {}
    }
}

/// Builds the `PSV0` part of a non-library shader.
pub fn build_psv(src: &Source<'_>) -> Result<Vec<u8>> {
    build_psv_version(src, psv_version(src.validator()))
}

/// [`build_psv`] in PSV version `version` (0 to 4) rather than the one the module's
/// validator version calls for (the reference validator prints a module's runtime
/// information in the latest layout).
pub fn build_psv_version(src: &Source<'_>, version: u32) -> Result<Vec<u8>> {
    let val = src.validator();
    let i1_unknown = val < (1, 5);
    let mut ri = RuntimeInfo {
        max_wave_lane_count: u32::MAX,
        ..RuntimeInfo::default()
    };
    stage_info(src, &mut ri)?;
    let mut psv = Psv::default();
    if let Some(res) = &src.meta.resources {
        for (_, r) in res.in_binding_order() {
            psv.resources.push(binding(r, version >= 2));
        }
    }
    if !psv.resources.is_empty() {
        psv.resource_bind_info_size = Some(if version >= 2 {
            BIND_INFO1_SIZE
        } else {
            BIND_INFO0_SIZE
        });
    }
    if version >= 1 {
        let flags = src.flags;
        let uses_view_id = flags.has(bit::VIEW_ID);
        let input = src.signature(SignatureKind::Input);
        let output = src.signature(SignatureKind::Output);
        let pc = src.signature(SignatureKind::PatchConstOrPrim);
        let mut i1 = RuntimeInfo1 {
            shader_stage: src.kind as u8,
            uses_view_id: u8::from(uses_view_id),
            sig_input_elements: byte(input.len() as u32, "input element count")?,
            sig_output_elements: byte(output.len() as u32, "output element count")?,
            sig_patch_const_or_prim_elements: byte(pc.len() as u32, "patch constant count")?,
            sig_input_vectors: byte(vectors_used(input, 0), "input vectors")?,
            ..RuntimeInfo1::default()
        };
        for s in 0..4 {
            i1.sig_output_vectors[s] = byte(vectors_used(output, s as u32), "output vectors")?;
        }
        let pc_vectors = match src.kind {
            ShaderKind::Hull | ShaderKind::Domain | ShaderKind::Mesh => {
                byte(vectors_used(pc, 0), "patch constant vectors")?
            }
            _ => 0,
        };
        for p in src.properties() {
            match (src.kind, p) {
                (ShaderKind::Geometry, Property::GsState(s)) => {
                    i1.stage_union = s.max_vertex_count as u16;
                }
                (ShaderKind::Mesh, Property::MsState(s)) => {
                    i1.stage_union = u16::from(pc_vectors) | ((s.output_topology as u16) << 8);
                }
                _ => {}
            }
        }
        if matches!(src.kind, ShaderKind::Hull | ShaderKind::Domain) {
            i1.stage_union = u16::from(pc_vectors);
        }
        let all: Vec<&SignatureElement> = input.iter().chain(output).chain(pc).collect();
        let names: Vec<ElementNames<'_>> = all
            .iter()
            .map(|e| ElementNames {
                semantic_kind: e.semantic_kind,
                name: &e.name,
                indexes: &e.semantic_indices,
                rows: e.rows,
            })
            .collect();
        let entry_name = src.entry().map(|e| e.name.as_str()).unwrap_or("");
        let tables = build_tables(&names, (version >= 3).then_some(entry_name));
        let mut records = Vec::with_capacity(all.len());
        for (i, e) in all.iter().enumerate() {
            let mut r = element(e, i1_unknown)?;
            tables.apply(i, &mut r);
            records.push(r);
        }
        let mut sigs = PsvSignatures {
            string_table: tables.string_table,
            semantic_index_table: tables.semantic_index_table,
            element_size: (!records.is_empty()).then_some(SIG_ELEMENT0_SIZE),
            ..PsvSignatures::default()
        };
        let n_in = input.len();
        let n_out = output.len();
        sigs.patch_const_or_prim = records.split_off(n_in + n_out);
        sigs.output = records.split_off(n_in);
        sigs.input = records;
        // Zeroed masks and tables sized from the vector counts.
        let is = |k: ShaderKind| src.kind == k;
        let streams = if is(ShaderKind::Geometry) { 4 } else { 1 };
        let inputs = u32::from(i1.sig_input_vectors);
        for s in 0..streams {
            let v = u32::from(i1.sig_output_vectors[s]);
            if uses_view_id && v != 0 {
                sigs.view_id_output_masks[s] = vec![0; mask_dwords(v) as usize];
            }
            if !is(ShaderKind::Mesh) && v != 0 && inputs != 0 {
                sigs.input_to_output_tables[s] =
                    vec![0; dxil_parts::psv::table_dwords(inputs, v) as usize];
            }
        }
        let pcv = u32::from(pc_vectors);
        if uses_view_id && (is(ShaderKind::Hull) || is(ShaderKind::Mesh)) && pcv != 0 {
            sigs.view_id_pc_or_prim_output_mask = vec![0; mask_dwords(pcv) as usize];
        }
        if is(ShaderKind::Hull) && pcv != 0 && inputs != 0 {
            sigs.input_to_pc_output_table =
                vec![0; dxil_parts::psv::table_dwords(inputs, pcv) as usize];
        }
        let out0 = u32::from(i1.sig_output_vectors[0]);
        if is(ShaderKind::Domain) && out0 != 0 && pcv != 0 {
            sigs.pc_input_to_output_table =
                vec![0; dxil_parts::psv::table_dwords(pcv, out0) as usize];
        }
        if let Some(state) = &src.meta.view_id_state {
            store_view_id(state, &mut sigs, src.kind, uses_view_id);
        }
        ri.info1 = Some(i1);
        if version >= 2 {
            ri.num_threads = Some(num_threads(src));
        }
        if version >= 3 {
            ri.entry_function_name = tables.entry_function_name;
        }
        if version >= 4 {
            ri.num_bytes_group_shared_memory = Some(match src.kind {
                ShaderKind::Compute | ShaderKind::Mesh | ShaderKind::Amplification => {
                    src.group_shared_bytes()?
                }
                _ => 0,
            });
        }
        psv.signatures = Some(sigs);
    }
    psv.runtime_info = ri;
    Ok(psv.write()?)
}
