//! `; Input signature:` / `; Output signature:` / `; Patch Constant signature:` tables with
//! Mask/Register/SysValue/Format/Used columns (from `ISG1`/`OSG1`/`PSG1`).

use super::fmt::{left, mask_columns, num, right};
use dxil_parts::names::{SigComponentType, SystemValue};
use dxil_parts::signature::SignaturePart;

fn sys_value_name(v: u32) -> &'static str {
    use SystemValue::*;
    match SystemValue::from_raw(v) {
        Some(ClipDistance) => "CLIPDST",
        Some(CullDistance) => "CULLDST",
        Some(Position) => "POS",
        Some(RenderTargetArrayIndex) => "RTINDEX",
        Some(ViewPortArrayIndex) => "VPINDEX",
        Some(VertexID) => "VERTID",
        Some(PrimitiveID) => "PRIMID",
        Some(InstanceID) => "INSTID",
        Some(IsFrontFace) => "FFACE",
        Some(SampleIndex) => "SAMPLE",
        Some(Target) => "TARGET",
        Some(Depth) => "DEPTH",
        Some(DepthGE) => "DEPTHGE",
        Some(DepthLE) => "DEPTHLE",
        Some(Coverage) => "COVERAGE",
        Some(InnerCoverage) => "INNERCOV",
        Some(StencilRef) => "STENCILREF",
        Some(FinalQuadEdgeTessfactor) => "QUADEDGE",
        Some(FinalQuadInsideTessfactor) => "QUADINT",
        Some(FinalTriEdgeTessfactor) => "TRIEDGE",
        Some(FinalTriInsideTessfactor) => "TRIINT",
        Some(FinalLineDetailTessfactor) => "LINEDET",
        Some(FinalLineDensityTessfactor) => "LINEDEN",
        Some(Barycentrics) => "BARYCEN",
        Some(ShadingRate) => "SHDINGRATE",
        Some(CullPrimitive) => "CULLPRIM",
        Some(Undefined) | None => "NONE",
    }
}

fn format_name(v: u32) -> &'static str {
    use SigComponentType::*;
    match SigComponentType::from_raw(v) {
        Some(Float32) => "float",
        Some(SInt32) => "int",
        Some(UInt32) => "uint",
        Some(UInt16) => "uint16",
        Some(SInt16) => "int16",
        Some(Float16) => "fp16",
        Some(UInt64) => "uint64",
        Some(SInt64) => "int64",
        Some(Float64) => "double",
        Some(Unknown) | None => "unknown",
    }
}

/// Prints one signature table; `title` is `Input`, `Output` or `Patch Constant`.
/// Elements whose name cannot be read print an empty name.
pub fn print_part_signature(title: &str, sig: &SignaturePart, is_input: bool, out: &mut String) {
    out.push_str(";\n; ");
    out.push_str(title);
    out.push_str(" signature:\n;\n");
    out.push_str("; Name                 Index   Mask Register SysValue  Format   Used\n");
    out.push_str("; -------------------- ----- ------ -------- -------- ------- ------\n");
    if sig.elements.is_empty() {
        out.push_str("; no parameters\n");
        return;
    }
    let has_streams = sig.elements.iter().any(|e| e.stream != 0);
    for e in &sig.elements {
        let name = sig.name(e).unwrap_or("");
        out.push_str("; ");
        if has_streams {
            out.push('m');
            out.push_str(&e.stream.to_string());
            out.push(':');
            left(out, name, 17);
        } else {
            left(out, name, 20);
        }
        out.push(' ');
        num(out, e.semantic_index, 5);
        if e.register == u32::MAX {
            out.push_str("    N/A");
            let special = if name.eq_ignore_ascii_case("SV_Depth") {
                "   oDepth"
            } else if name.eq_ignore_ascii_case("SV_DepthGreaterEqual") {
                " oDepthGE"
            } else if name.eq_ignore_ascii_case("SV_DepthLessEqual") {
                " oDepthLE"
            } else if name.eq_ignore_ascii_case("SV_Coverage") {
                "    oMask"
            } else if name.eq_ignore_ascii_case("SV_StencilRef") {
                "    oStencilRef"
            } else if e.system_value == SystemValue::PrimitiveID.raw() {
                "   primID"
            } else {
                "  special"
            };
            out.push_str(special);
        } else {
            out.push_str("   ");
            out.extend(mask_columns(e.mask));
            out.push(' ');
            num(out, e.register, 8);
        }
        right(out, sys_value_name(e.system_value), 9);
        right(out, format_name(e.component_type), 8);
        let rw = if is_input { e.rw_mask } else { !e.rw_mask };
        if e.register == u32::MAX {
            out.push_str(if rw != 0 { "    YES" } else { "     NO" });
        } else {
            out.push_str("   ");
            out.extend(mask_columns(rw));
        }
        out.push('\n');
    }
    out.push_str(";\n");
}
