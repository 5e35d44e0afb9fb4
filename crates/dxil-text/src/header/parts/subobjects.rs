//! `; Subobjects:` section (from the `RDAT` subobject table, in table order).

use std::fmt::Write;

use dxil_parts::rdat::{Subobject, SubobjectData};

fn state_object_flag(f: u32) -> &'static str {
    match f {
        1 => "STATE_OBJECT_FLAG_ALLOW_LOCAL_DEPENDENCIES_ON_EXTERNAL_DEFINITIONS",
        2 => "STATE_OBJECT_FLAG_ALLOW_EXTERNAL_DEPENDENCIES_ON_LOCAL_DEFINITIONS",
        4 => "STATE_OBJECT_FLAG_ALLOW_STATE_OBJECT_ADDITIONS",
        _ => "<invalid StateObjectFlag>",
    }
}

fn pipeline_flag(f: u32) -> &'static str {
    match f {
        0 => "RAYTRACING_PIPELINE_FLAG_NONE",
        0x100 => "RAYTRACING_PIPELINE_FLAG_SKIP_TRIANGLES",
        0x200 => "RAYTRACING_PIPELINE_FLAG_SKIP_PROCEDURAL_PRIMITIVES",
        0x400 => "RAYTRACING_PIPELINE_FLAG_ALLOW_OPACITY_MICROMAPS",
        _ => "<invalid RaytracingPipelineFlags>",
    }
}

/// Flags lowest bit first, joined with ` | `; `0` when none is set.
fn flags(out: &mut String, mut v: u32, name: fn(u32) -> &'static str) {
    if v == 0 {
        out.push('0');
        return;
    }
    let mut first = true;
    while v != 0 {
        let bit = v & v.wrapping_neg();
        v ^= bit;
        if !first {
            out.push_str(" | ");
        }
        first = false;
        out.push_str(name(bit));
    }
}

/// Prints the section; nothing for an empty list. `load_error` adds the reference's
/// error line (some record could not be loaded). Returns whether anything was printed.
pub fn print_subobjects(subobjects: &[Subobject], load_error: bool, out: &mut String) -> bool {
    if load_error {
        out.push_str("; error occurred while loading Subobjects from RDAT.\n");
    }
    if subobjects.is_empty() {
        return load_error;
    }
    out.push_str(";\n; Subobjects:\n;\n");
    for s in subobjects {
        let _ = write!(out, ";  {} {} = {{ ", s.kind.name(), s.name);
        match &s.data {
            SubobjectData::StateObjectConfig { flags: f } => flags(out, *f, state_object_flag),
            SubobjectData::RootSignature { data } => {
                let _ = write!(out, "<{} bytes>", data.len());
            }
            SubobjectData::SubobjectToExportsAssociation { subobject, exports } => {
                let list: Vec<String> = exports.iter().map(|e| format!("\"{e}\"")).collect();
                let _ = write!(out, "\"{subobject}\", {{ {} }} ", list.join(", "));
            }
            SubobjectData::RaytracingShaderConfig {
                max_payload_size_in_bytes: p,
                max_attribute_size_in_bytes: a,
            } => {
                let _ = write!(
                    out,
                    "MaxPayloadSizeInBytes = {p}, MaxAttributeSizeInBytes = {a}"
                );
            }
            SubobjectData::RaytracingPipelineConfig {
                max_trace_recursion_depth: d,
            } => {
                let _ = write!(out, "MaxTraceRecursionDepth = {d}");
            }
            SubobjectData::HitGroup {
                ty,
                any_hit,
                closest_hit,
                intersection,
            } => {
                let ty = match ty {
                    0 => "Triangle",
                    1 => "ProceduralPrimitive",
                    _ => "<invalid HitGroupType>",
                };
                let _ = write!(
                    out,
                    "HitGroupType = {ty}, Anyhit = \"{any_hit}\", Closesthit = \"{closest_hit}\", Intersection = \"{intersection}\""
                );
            }
            SubobjectData::RaytracingPipelineConfig1 {
                max_trace_recursion_depth: d,
                flags: f,
            } => {
                let _ = write!(out, "MaxTraceRecursionDepth = {d}, Flags = ");
                flags(out, *f, pipeline_flag);
            }
        }
        out.push_str(" };\n");
    }
    out.push_str(";\n");
    true
}
