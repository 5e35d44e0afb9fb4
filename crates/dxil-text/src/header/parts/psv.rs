//! `; Pipeline Runtime Information:` block (from `PSV0`).

use std::fmt::Write;

use dxil_container::ShaderKind;
use dxil_parts::names::{
    input_primitive_name, MeshOutputTopology, PrimitiveTopology, TessellatorDomain,
    TessellatorOutputPrimitive,
};
use dxil_parts::psv::Psv;

fn num_threads_and_gsm(psv: &Psv, out: &mut String) {
    let ri = &psv.runtime_info;
    if let Some([x, y, z]) = ri.num_threads {
        let _ = writeln!(out, "; NumThreads=({x},{y},{z})");
    }
    if let Some(n) = ri.num_bytes_group_shared_memory {
        let _ = writeln!(out, "; NumBytesGroupSharedMemory: {n}");
    }
}

/// Prints the runtime info lines (`;PSVRuntimeInfo:` up to `EntryFunctionName`).
/// `program_kind` is the shader kind of the program header; a version 1+ stage overrides it.
pub fn print_psv_runtime_info(psv: &Psv, program_kind: u32, out: &mut String) {
    let ri = &psv.runtime_info;
    let kind = match &ri.info1 {
        Some(i1) => i1.shader_stage as u32,
        None => program_kind,
    };
    out.push_str(";PSVRuntimeInfo:\n");
    match ShaderKind::from_raw(kind) {
        Some(ShaderKind::Hull) => {
            let hs = ri.hs_info();
            out.push_str("; Hull Shader\n");
            let _ = writeln!(
                out,
                "; InputControlPointCount={}",
                hs.input_control_point_count
            );
            let _ = writeln!(
                out,
                "; OutputControlPointCount={}",
                hs.output_control_point_count
            );
            let domain = match TessellatorDomain::from_raw(hs.tessellator_domain) {
                Some(TessellatorDomain::IsoLine) => "isoline",
                Some(TessellatorDomain::Tri) => "tri",
                Some(TessellatorDomain::Quad) => "quad",
                _ => "invalid",
            };
            let _ = writeln!(out, "; Domain={domain}");
            use TessellatorOutputPrimitive as P;
            let prim = match P::from_raw(hs.tessellator_output_primitive) {
                Some(P::Point) => "point",
                Some(P::Line) => "line",
                Some(P::TriangleCW) => "triangle_cw",
                Some(P::TriangleCCW) => "triangle_ccw",
                _ => "invalid",
            };
            let _ = writeln!(out, "; OutputPrimitive={prim}");
        }
        Some(ShaderKind::Domain) => {
            let ds = ri.ds_info();
            out.push_str("; Domain Shader\n");
            let _ = writeln!(
                out,
                "; InputControlPointCount={}",
                ds.input_control_point_count
            );
            let _ = writeln!(
                out,
                "; OutputPositionPresent={}",
                u8::from(ds.output_position_present != 0)
            );
        }
        Some(ShaderKind::Geometry) => {
            let gs = ri.gs_info();
            out.push_str("; Geometry Shader\n");
            let prim = input_primitive_name(gs.input_primitive);
            let _ = writeln!(
                out,
                "; InputPrimitive={}",
                prim.as_deref().unwrap_or("invalid")
            );
            let topo = match PrimitiveTopology::from_raw(gs.output_topology) {
                Some(PrimitiveTopology::PointList) => "point",
                Some(PrimitiveTopology::LineStrip) => "line",
                Some(PrimitiveTopology::TriangleStrip) => "triangle",
                _ => "invalid",
            };
            let _ = writeln!(out, "; OutputTopology={topo}");
            let _ = writeln!(out, "; OutputStreamMask={}", gs.output_stream_mask);
            let _ = writeln!(
                out,
                "; OutputPositionPresent={}",
                u8::from(gs.output_position_present != 0)
            );
        }
        Some(ShaderKind::Vertex) => {
            out.push_str("; Vertex Shader\n");
            let _ = writeln!(
                out,
                "; OutputPositionPresent={}",
                u8::from(ri.vs_output_position_present() != 0)
            );
        }
        Some(ShaderKind::Pixel) => {
            let (depth, freq) = ri.ps_info();
            out.push_str("; Pixel Shader\n");
            let _ = writeln!(out, "; DepthOutput={}", u8::from(depth != 0));
            let _ = writeln!(out, "; SampleFrequency={}", u8::from(freq != 0));
        }
        Some(ShaderKind::Compute) => {
            out.push_str("; Compute Shader\n");
            num_threads_and_gsm(psv, out);
        }
        Some(ShaderKind::Amplification) => {
            out.push_str("; Amplification Shader\n");
            num_threads_and_gsm(psv, out);
        }
        Some(ShaderKind::Mesh) => {
            out.push_str("; Mesh Shader\n");
            if let Some(i1) = &ri.info1 {
                let topo = match MeshOutputTopology::from_raw(i1.mesh_output_topology() as u32) {
                    Some(MeshOutputTopology::Undefined) => "undefined",
                    Some(MeshOutputTopology::Line) => "line",
                    Some(MeshOutputTopology::Triangle) => "triangle",
                    None => "invalid",
                };
                let _ = writeln!(out, "; MeshOutputTopology={topo}");
            }
            num_threads_and_gsm(psv, out);
        }
        _ => {}
    }
    if ri.min_wave_lane_count == ri.max_wave_lane_count {
        let _ = writeln!(out, "; WaveSize={}", ri.min_wave_lane_count);
    } else {
        let _ = writeln!(
            out,
            "; MinimumExpectedWaveLaneCount: {}",
            ri.min_wave_lane_count
        );
        let _ = writeln!(
            out,
            "; MaximumExpectedWaveLaneCount: {}",
            ri.max_wave_lane_count
        );
    }
    if let Some(i1) = &ri.info1 {
        let _ = writeln!(out, "; UsesViewID: {}", i1.uses_view_id != 0);
        let _ = writeln!(out, "; SigInputElements: {}", i1.sig_input_elements);
        let _ = writeln!(out, "; SigOutputElements: {}", i1.sig_output_elements);
        let _ = writeln!(
            out,
            "; SigPatchConstOrPrimElements: {}",
            i1.sig_patch_const_or_prim_elements
        );
        let _ = writeln!(out, "; SigInputVectors: {}", i1.sig_input_vectors);
        for (i, v) in i1.sig_output_vectors.iter().enumerate() {
            let _ = writeln!(out, "; SigOutputVectors[{i}]: {v}");
        }
    }
    if ri.entry_function_name.is_some() {
        let _ = writeln!(
            out,
            "; EntryFunctionName: {}",
            psv.entry_function_name().unwrap_or("")
        );
    }
}

/// Prints the whole `; Pipeline Runtime Information: ` section.
pub fn print_pipeline_runtime_information(psv: &Psv, program_kind: u32, out: &mut String) {
    out.push_str(";\n; Pipeline Runtime Information: \n;\n");
    print_psv_runtime_info(psv, program_kind, out);
    out.push_str(";\n");
}
