//! The text the reference validator puts inside its `PSV0` mismatch messages: a resource
//! binding record, a signature element record, the runtime information and the ViewID
//! dependence state, each spelled as the reference's PSV printers spell them (field names,
//! indentation, enumerator names, numbers in decimal, booleans as `0`/`1`).

use std::fmt::Write;

use dxil_parts::names::{input_primitive_name, PsvResourceType, ResourceKind};
use dxil_parts::psv::{mask_dwords, Psv, PsvSignatureElement, ResourceBinding, RuntimeInfo};

/// `PSVResourceBindInfo:` and its fields; `kind_and_flags` adds the version 1 record's
/// `ResKind` and `ResFlags` lines.
pub(crate) fn binding(b: &ResourceBinding, kind_and_flags: Option<(u32, u32)>) -> String {
    let mut s = String::from("PSVResourceBindInfo:\n");
    let _ = writeln!(s, "  Space: {}", b.space);
    let _ = writeln!(s, "  LowerBound: {}", b.lower_bound);
    let _ = writeln!(s, "  UpperBound: {}", b.upper_bound);
    let res_type = match PsvResourceType::from_raw(b.res_type) {
        Some(t) => t.name(),
        None => "Unknown",
    };
    let _ = writeln!(s, "  ResType: {res_type}");
    if let Some((kind, flags)) = kind_and_flags {
        // A kind the printer does not know prints no line at all.
        if let Some(k) = ResourceKind::from_raw(kind) {
            let _ = writeln!(s, "  ResKind: {}", k.name());
        }
        if flags == 0 {
            s.push_str("  ResFlags: None\n");
        } else {
            s.push_str("  ResFlags: ");
            if flags & 1 != 0 {
                s.push_str("UsedByAtomic64 ");
            }
            s.push('\n');
        }
    }
    s
}

/// The semantic kinds the PSV printer names, by value (the PSV enumeration stops at
/// `CullPrimitive`; 31 is its `Invalid`, later values print nothing).
const SEMANTIC_KINDS: [&str; 32] = [
    "Arbitrary",
    "VertexID",
    "InstanceID",
    "Position",
    "RenderTargetArrayIndex",
    "ViewPortArrayIndex",
    "ClipDistance",
    "CullDistance",
    "OutputControlPointID",
    "DomainLocation",
    "PrimitiveID",
    "GSInstanceID",
    "SampleIndex",
    "IsFrontFace",
    "Coverage",
    "InnerCoverage",
    "Target",
    "Depth",
    "DepthLessEqual",
    "DepthGreaterEqual",
    "StencilRef",
    "DispatchThreadID",
    "GroupID",
    "GroupIndex",
    "GroupThreadID",
    "TessFactor",
    "InsideTessFactor",
    "ViewID",
    "Barycentrics",
    "ShadingRate",
    "CullPrimitive",
    "Invalid",
];

/// `PSVSignatureElement:` with `name` and the element's `rows` semantic indexes taken from
/// `indexes`.
pub(crate) fn element(e: &PsvSignatureElement, name: &str, indexes: &[u32]) -> String {
    let mut s = String::from("PSVSignatureElement:\n");
    let _ = writeln!(s, "  SemanticName: {name}");
    s.push_str("  SemanticIndex: ");
    for i in indexes.iter().take(usize::from(e.rows)) {
        let _ = write!(s, "{i} ");
    }
    s.push('\n');
    let allocated = e.is_allocated();
    let (start_row, start_col) = if allocated {
        (
            i32::from(e.start_row),
            i32::from((e.cols_and_start >> 4) & 3),
        )
    } else {
        (-1, -1)
    };
    let _ = writeln!(s, "  IsAllocated: {}", u8::from(allocated));
    let _ = writeln!(s, "  StartRow: {start_row}");
    let _ = writeln!(s, "  StartCol: {start_col}");
    let _ = writeln!(s, "  Rows: {}", e.rows);
    let _ = writeln!(s, "  Cols: {}", e.cols());
    s.push_str("  SemanticKind: ");
    if let Some(k) = SEMANTIC_KINDS.get(usize::from(e.semantic_kind)) {
        s.push_str(k);
        s.push('\n');
    }
    let _ = writeln!(s, "  InterpolationMode: {}", e.interpolation_mode);
    let _ = writeln!(s, "  OutputStream: {}", e.output_stream());
    let _ = writeln!(s, "  ComponentType: {}", e.component_type);
    let _ = writeln!(s, "  DynamicIndexMask: {}", e.dynamic_index_mask());
    s
}

/// Which records of the runtime information a print shows (each is there when the stored
/// record is at least that version; the module's print shows them all).
pub(crate) struct RuntimeView<'a> {
    /// The record (its version 0 fields always shown).
    pub info: &'a RuntimeInfo,
    /// Version 1 fields shown.
    pub v1: bool,
    /// Version 2 (thread counts) shown.
    pub v2: bool,
    /// Version 3 (entry name) shown.
    pub v3: bool,
    /// Version 4 (group shared bytes) shown.
    pub v4: bool,
}

fn u32_at(b: &[u8; 16], at: usize) -> u32 {
    u32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]])
}

/// `PSVRuntimeInfo:` and the stage's fields. `kind` is the shader kind printed for unless
/// the version 1 record names another stage; `entry` is the entry name printed with a
/// version 3 record.
pub(crate) fn runtime_info(view: &RuntimeView<'_>, kind: u8, entry: &str) -> String {
    let info = view.info;
    let info1 = info.info1_zero_filled();
    let kind = if view.v1 { info1.shader_stage } else { kind };
    let b = &info.stage_info;
    let flag = |v: u8| u8::from(v != 0);
    let mut s = String::from("PSVRuntimeInfo:\n");
    let threads = |s: &mut String| {
        if view.v2 {
            let t = info.num_threads_zero_filled();
            let _ = writeln!(s, " NumThreads=({},{},{})", t[0], t[1], t[2]);
        }
        if view.v4 {
            let g = info.group_shared_zero_filled();
            let _ = writeln!(s, " NumBytesGroupSharedMemory: {g}");
        }
    };
    match kind {
        3 => {
            s.push_str(" Hull Shader\n");
            let _ = writeln!(s, " InputControlPointCount={}", u32_at(b, 0));
            let _ = writeln!(s, " OutputControlPointCount={}", u32_at(b, 4));
            let domain = match u32_at(b, 8) {
                1 => "isoline",
                2 => "tri",
                3 => "quad",
                _ => "invalid",
            };
            let _ = writeln!(s, " Domain={domain}");
            let primitive = match u32_at(b, 12) {
                1 => "point",
                2 => "line",
                3 => "triangle_cw",
                4 => "triangle_ccw",
                _ => "invalid",
            };
            let _ = writeln!(s, " OutputPrimitive={primitive}");
        }
        4 => {
            s.push_str(" Domain Shader\n");
            let _ = writeln!(s, " InputControlPointCount={}", u32_at(b, 0));
            let _ = writeln!(s, " OutputPositionPresent={}", flag(b[4]));
        }
        2 => {
            s.push_str(" Geometry Shader\n");
            let input = input_primitive_name(u32_at(b, 0)).unwrap_or_else(|| "invalid".into());
            let _ = writeln!(s, " InputPrimitive={input}");
            let topology = match u32_at(b, 4) {
                1 => "point",
                3 => "line",
                5 => "triangle",
                _ => "invalid",
            };
            let _ = writeln!(s, " OutputTopology={topology}");
            let _ = writeln!(s, " OutputStreamMask={}", u32_at(b, 8));
            let _ = writeln!(s, " OutputPositionPresent={}", flag(b[12]));
        }
        1 => {
            s.push_str(" Vertex Shader\n");
            let _ = writeln!(s, " OutputPositionPresent={}", flag(b[0]));
        }
        0 => {
            s.push_str(" Pixel Shader\n");
            let _ = writeln!(s, " DepthOutput={}", flag(b[0]));
            let _ = writeln!(s, " SampleFrequency={}", flag(b[1]));
        }
        5 => {
            s.push_str(" Compute Shader\n");
            threads(&mut s);
        }
        14 => {
            s.push_str(" Amplification Shader\n");
            threads(&mut s);
        }
        13 => {
            s.push_str(" Mesh Shader\n");
            if view.v1 {
                let topology = match info1.mesh_output_topology() {
                    0 => "undefined",
                    1 => "line",
                    2 => "triangle",
                    _ => "invalid",
                };
                let _ = writeln!(s, " MeshOutputTopology={topology}");
            }
            threads(&mut s);
        }
        _ => {}
    }
    let (min, max) = (info.min_wave_lane_count, info.max_wave_lane_count);
    if min == max {
        let _ = writeln!(s, " WaveSize={min}");
    } else {
        let _ = writeln!(s, " MinimumExpectedWaveLaneCount: {min}");
        let _ = writeln!(s, " MaximumExpectedWaveLaneCount: {max}");
    }
    if view.v1 {
        let uses = if info1.uses_view_id != 0 {
            "true"
        } else {
            "false"
        };
        let _ = writeln!(s, " UsesViewID: {uses}");
        let _ = writeln!(s, " SigInputElements: {}", info1.sig_input_elements);
        let _ = writeln!(s, " SigOutputElements: {}", info1.sig_output_elements);
        let _ = writeln!(
            s,
            " SigPatchConstOrPrimElements: {}",
            info1.sig_patch_const_or_prim_elements
        );
        let _ = writeln!(s, " SigInputVectors: {}", info1.sig_input_vectors);
        for (i, v) in info1.sig_output_vectors.iter().enumerate() {
            let _ = writeln!(s, " SigOutputVectors[{i}]: {v}");
        }
    }
    if view.v3 {
        let _ = writeln!(s, " EntryFunctionName: {entry}");
    }
    s
}

/// `  {input} influencing {output} :` and the set component indexes below `4 * vectors`,
/// or `  None`.
fn mask(s: &mut String, words: &[u32], vectors: u32, input: &str, output: &str) {
    let _ = write!(s, "  {input} influencing {output} :");
    let mut empty = true;
    for index in 0..vectors.saturating_mul(4) {
        // A bit past the stored words is clear.
        let set = words
            .get((index >> 5) as usize)
            .is_some_and(|word| word & (1 << (index & 31)) != 0);
        if set {
            let _ = write!(s, " {index} ");
            empty = false;
        }
    }
    if empty {
        s.push_str("  None");
    }
    s.push('\n');
}

/// `{input} contributing to computation of {output}:` and one mask line per input
/// component, or `  None` when the part has no such table.
fn table(s: &mut String, words: &[u32], inputs: u32, outputs: u32, input: &str, output: &str) {
    let _ = write!(s, "{input} contributing to computation of {output}:");
    if words.is_empty() {
        s.push_str("  None\n");
        return;
    }
    s.push('\n');
    let stride = mask_dwords(outputs) as usize;
    for index in 0..inputs.saturating_mul(4) {
        let name = format!("{input}[{index}]");
        // A row past the table's end is empty.
        let start = stride.saturating_mul(index as usize).min(words.len());
        let row = &words[start..];
        mask(s, row, outputs, &name, output);
    }
}

/// The ViewID masks and input-to-output tables of a `PSV0` part with version 1 runtime
/// information, as the reference prints them.
pub(crate) fn view_id_state(psv: &Psv) -> String {
    let mut s = String::new();
    let (Some(info1), Some(sigs)) = (psv.runtime_info.info1.as_ref(), psv.signatures.as_ref())
    else {
        return s;
    };
    let stage = info1.shader_stage;
    let streams = if stage == 2 { 4 } else { 1 };
    let pc = u32::from(info1.sig_patch_const_or_prim_vectors());
    let inputs = u32::from(info1.sig_input_vectors);
    if info1.uses_view_id != 0 {
        for i in 0..streams {
            let _ = write!(
                s,
                "Outputs affected by ViewID as a bitmask for stream {i}:\n "
            );
            let outputs = u32::from(info1.sig_output_vectors[i]);
            let name = format!("Outputs[{i}]");
            mask(
                &mut s,
                &sigs.view_id_output_masks[i],
                outputs,
                "ViewID",
                &name,
            );
        }
        if stage == 3 || stage == 13 {
            s.push_str("PCOutputs affected by ViewID as a bitmask:\n");
            mask(
                &mut s,
                &sigs.view_id_pc_or_prim_output_mask,
                pc,
                "ViewID",
                "PCOutputs",
            );
        }
    }
    for i in 0..streams {
        let _ = writeln!(
            s,
            "Outputs affected by inputs as a table of bitmasks for stream {i}:"
        );
        let outputs = u32::from(info1.sig_output_vectors[i]);
        let name = format!("Outputs[{i}]");
        table(
            &mut s,
            &sigs.input_to_output_tables[i],
            inputs,
            outputs,
            "Inputs",
            &name,
        );
    }
    if stage == 3 {
        s.push_str("Patch constant outputs affected by inputs as a table of bitmasks:\n");
        let t = &sigs.input_to_pc_output_table;
        table(&mut s, t, inputs, pc, "Inputs", "PatchConstantOutputs");
    } else if stage == 4 {
        s.push_str("Outputs affected by patch constant inputs as a table of bitmasks:\n");
        let outputs = u32::from(info1.sig_output_vectors[0]);
        let t = &sigs.pc_input_to_output_table;
        table(&mut s, t, pc, outputs, "PatchConstantInputs", "Outputs");
    }
    s
}
