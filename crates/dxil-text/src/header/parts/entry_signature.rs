//! The entry signature tables with InterpMode/DynIdx columns. The reference prints them
//! from the module's signature metadata; the same facts are in PSV0 (version 1+), so rows
//! can come from either source.

use super::fmt::{left, num, right};
use dxil_container::ShaderKind;
use dxil_parts::names::InterpolationMode;
use dxil_parts::psv::{Psv, PsvSignatureElement};

/// One row: the element's name, first semantic index, interpolation mode, dynamic index mask.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntrySignatureRow {
    /// Semantic name (canonical `SV_` name for system values).
    pub name: String,
    /// First semantic index (0 when the element has none).
    pub index: u32,
    /// Interpolation mode, raw.
    pub interpolation_mode: u8,
    /// Dynamically indexed components.
    pub dyn_index_mask: u8,
}

/// The rows of one signature, in declaration order.
pub type EntrySignature = Vec<EntrySignatureRow>;

/// Prints one table; nothing when the signature has no elements. Returns whether it printed.
pub fn print_entry_signature(title: &str, rows: &[EntrySignatureRow], out: &mut String) -> bool {
    if rows.is_empty() {
        return false;
    }
    out.push_str(";\n; ");
    out.push_str(title);
    out.push_str(" signature:\n;\n");
    out.push_str("; Name                 Index             InterpMode DynIdx\n");
    out.push_str("; -------------------- ----- ---------------------- ------\n");
    for r in rows {
        out.push_str("; ");
        left(out, &r.name, 20);
        out.push(' ');
        num(out, r.index, 5);
        out.push(' ');
        let interp = InterpolationMode::from_raw(r.interpolation_mode as u32)
            .unwrap_or(InterpolationMode::Invalid)
            .hlsl_name();
        right(out, interp, 22);
        out.push_str("   ");
        let compact: String = ['x', 'y', 'z', 'w']
            .iter()
            .enumerate()
            .filter(|(i, _)| r.dyn_index_mask & (1 << i) != 0)
            .map(|(_, c)| *c)
            .collect();
        right(out, &compact, 4);
        out.push('\n');
    }
    true
}

/// Titles of the three signatures for a shader kind (mesh shaders name them differently).
pub fn entry_signature_titles(kind: ShaderKind) -> [&'static str; 3] {
    if kind == ShaderKind::Mesh {
        ["Input", "Vertex Output", "Primitive Output"]
    } else {
        ["Input", "Output", "Patch Constant"]
    }
}

/// Prints the three tables (input, output, patch constant/primitive) in order; libraries
/// print none. Returns the titles printed.
pub fn print_entry_signatures(
    kind: ShaderKind,
    sigs: &[EntrySignature; 3],
    out: &mut String,
) -> Vec<&'static str> {
    if kind == ShaderKind::Library {
        return Vec::new();
    }
    let titles = entry_signature_titles(kind);
    titles
        .iter()
        .zip(sigs)
        .filter(|(t, rows)| print_entry_signature(t, rows, out))
        .map(|(t, _)| *t)
        .collect()
}

fn row(psv: &Psv, e: &PsvSignatureElement) -> EntrySignatureRow {
    EntrySignatureRow {
        name: psv.element_name(e).unwrap_or("").to_string(),
        index: psv
            .semantic_indexes(e)
            .and_then(|s| s.first().copied())
            .unwrap_or(0),
        interpolation_mode: e.interpolation_mode,
        dyn_index_mask: e.dynamic_index_mask(),
    }
}

/// The three signatures as PSV0 records them (empty before version 1).
pub fn entry_signatures_from_psv(psv: &Psv) -> [EntrySignature; 3] {
    match &psv.signatures {
        None => Default::default(),
        Some(s) => [
            s.input.iter().map(|e| row(psv, e)).collect(),
            s.output.iter().map(|e| row(psv, e)).collect(),
            s.patch_const_or_prim.iter().map(|e| row(psv, e)).collect(),
        ],
    }
}
