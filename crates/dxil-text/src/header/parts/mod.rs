//! The `dxc -dumpbin` header: the comment block printed before `target datalayout`.
//!
//! Order (reference disassembler): from container parts: feature notes (`SFI0`), input,
//! output and patch constant signatures (`ISG1`, `OSG1`, `PSG1`), debug name (`ILDN`),
//! shader hash (`HASH`), pipeline runtime information (`PSV0`, needs the `DXIL`/`ILDB`
//! program header for the shader kind). Then, when the module has `dx.version`, from the
//! module: entry signatures with InterpMode/DynIdx (not for libraries), buffer definitions,
//! resource bindings, ViewId state, subobjects (from the `RDAT` subobject table when there
//! is one, else from the module). [`print_header`] prints the part sections itself and asks
//! a [`ModuleHeader`] for the module ones.

mod entry_signature;
mod features;
mod fmt;
mod part_signature;
mod psv;
mod subobjects;
mod viewid;

pub use entry_signature::{
    entry_signature_titles, entry_signatures_from_psv, print_entry_signature,
    print_entry_signatures, EntrySignature, EntrySignatureRow,
};
pub use features::print_feature_info;
pub use part_signature::print_part_signature;
pub use psv::{print_pipeline_runtime_information, print_psv_runtime_info};
pub use subobjects::print_subobjects;
pub use viewid::print_view_id_state;

use std::fmt::Write;

use dxil_container::ShaderKind;
use dxil_container::{FeatureInfo, ShaderHash};
use dxil_parts::psv::Psv;
use dxil_parts::rdat::Rdat;
use dxil_parts::signature::SignaturePart;
use dxil_parts::small::{program_shader_kind, DebugName};
use dxil_parts::Result;

/// A header section, in the order the reference prints them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Section {
    /// `; Note: shader requires additional functionality:` (`SFI0`).
    FeatureInfo,
    /// `; Input signature:` table from `ISG1`.
    InputSignature,
    /// `; Output signature:` table from `OSG1`.
    OutputSignature,
    /// `; Patch Constant signature:` table from `PSG1`.
    PatchConstantSignature,
    /// `; shader debug name:` (`ILDN`).
    DebugName,
    /// `; shader hash:` (`HASH`).
    ShaderHash,
    /// `; Pipeline Runtime Information: ` (`PSV0`).
    PipelineRuntimeInformation,
    /// Entry input signature with InterpMode/DynIdx (module).
    EntryInputSignature,
    /// Entry output (MS: vertex output) signature (module).
    EntryOutputSignature,
    /// Entry patch constant (MS: primitive output) signature (module).
    EntryPatchConstantSignature,
    /// `; Buffer Definitions:` (module reflection).
    BufferDefinitions,
    /// `; Resource Bindings:` (module reflection).
    ResourceBindings,
    /// `; ViewId state:` (module `dx.viewIdState`).
    ViewIdState,
    /// `; Subobjects:` (`RDAT` / module).
    Subobjects,
}

impl Section {
    /// The section's title line (without the leading `; `) for a shader of `kind`.
    pub fn title(self, kind: Option<ShaderKind>) -> &'static str {
        let mesh = kind == Some(ShaderKind::Mesh);
        match self {
            Section::FeatureInfo => "Note: shader requires additional functionality:",
            Section::InputSignature | Section::EntryInputSignature => "Input signature:",
            Section::OutputSignature => "Output signature:",
            Section::PatchConstantSignature => "Patch Constant signature:",
            Section::EntryOutputSignature if mesh => "Vertex Output signature:",
            Section::EntryOutputSignature => "Output signature:",
            Section::EntryPatchConstantSignature if mesh => "Primitive Output signature:",
            Section::EntryPatchConstantSignature => "Patch Constant signature:",
            Section::DebugName => "shader debug name:",
            Section::ShaderHash => "shader hash:",
            Section::PipelineRuntimeInformation => "Pipeline Runtime Information: ",
            Section::BufferDefinitions => "Buffer Definitions:",
            Section::ResourceBindings => "Resource Bindings:",
            Section::ViewIdState => "ViewId state:",
            Section::Subobjects => "Subobjects:",
        }
    }
}

/// A container's parts by four-character code, in stored order.
pub type Parts<'a> = [([u8; 4], &'a [u8])];

/// The parts of a parsed container, in the form the printers take.
pub fn container_parts<'a>(c: &dxil_container::Container<'a>) -> Vec<([u8; 4], &'a [u8])> {
    c.parts()
        .iter()
        .map(|p| (p.fourcc.to_bytes(), p.data))
        .collect()
}

fn find<'a>(parts: &Parts<'a>, fourcc: &[u8; 4]) -> Option<&'a [u8]> {
    parts.iter().find(|(f, _)| f == fourcc).map(|&(_, d)| d)
}

/// The program part the disassembly prints: `ILDB` (with debug info) if present, else `DXIL`.
pub fn program_part<'a>(parts: &Parts<'a>) -> Option<&'a [u8]> {
    find(parts, b"ILDB").or_else(|| find(parts, b"DXIL"))
}

/// The shader kind of the program part, raw.
pub fn program_kind(parts: &Parts<'_>) -> Result<Option<u32>> {
    program_part(parts)
        .map(|p| program_shader_kind(p).map(u32::from))
        .transpose()
}

/// A part reader's result, its error naming the part.
fn in_part<T, E: Into<dxil_parts::Error>>(
    r: std::result::Result<T, E>,
    fourcc: &[u8; 4],
) -> Result<T> {
    r.map_err(|e| e.into().in_part(*fourcc))
}

/// Prints the sections that come from container parts, in reference order, and returns
/// the sections printed. A part that fails to parse is an error.
pub fn print_part_header_sections(parts: &Parts<'_>, out: &mut String) -> Result<Vec<Section>> {
    let mut printed = Vec::new();
    if let Some(d) = find(parts, b"SFI0") {
        if print_feature_info(&in_part(FeatureInfo::parse_exact(d, 0), b"SFI0")?, out) {
            printed.push(Section::FeatureInfo);
        }
    }
    let sigs = [
        (b"ISG1", "Input", true, Section::InputSignature),
        (b"OSG1", "Output", false, Section::OutputSignature),
        (
            b"PSG1",
            "Patch Constant",
            false,
            Section::PatchConstantSignature,
        ),
    ];
    for (fourcc, title, is_input, section) in sigs {
        if let Some(d) = find(parts, fourcc) {
            print_part_signature(
                title,
                &in_part(SignaturePart::parse(d), fourcc)?,
                is_input,
                out,
            );
            printed.push(section);
        }
    }
    if let Some(d) = find(parts, b"ILDN") {
        match DebugName::parse(d) {
            Err(_) => out.push_str("; shader debug name present; corruption detected\n"),
            Ok(n) if !n.name.is_empty() => {
                out.push_str("; shader debug name: ");
                out.push_str(&String::from_utf8_lossy(&n.name));
                out.push('\n');
            }
            Ok(_) => {}
        }
        printed.push(Section::DebugName);
    }
    if let Some(d) = find(parts, b"HASH") {
        let h = in_part(ShaderHash::parse_exact(d, 0), b"HASH")?;
        out.push_str("; shader hash: ");
        for b in h.digest.0 {
            let _ = write!(out, "{b:02x}");
        }
        if h.includes_source() {
            out.push_str(" (includes source)");
        }
        out.push('\n');
        printed.push(Section::ShaderHash);
    }
    if let (Some(kind), Some(d)) = (program_kind(parts)?, find(parts, b"PSV0")) {
        print_pipeline_runtime_information(&in_part(Psv::parse(d), b"PSV0")?, kind, out);
        printed.push(Section::PipelineRuntimeInformation);
    }
    Ok(printed)
}

/// The module-derived sections of the header, supplied by the IR layer. Each method prints
/// its section (title included) and returns whether it printed anything.
pub trait ModuleHeader {
    /// Whether the module has `dx.version` (otherwise no module section is printed).
    fn is_dxil(&self) -> bool;
    /// The shader kind of the module's shader model.
    fn shader_kind(&self) -> Option<ShaderKind>;
    /// The entry signatures (input, output, patch constant/primitive) from metadata.
    fn entry_signatures(&self) -> [EntrySignature; 3];
    /// `; Buffer Definitions:`.
    fn print_buffer_definitions(&self, out: &mut String) -> bool;
    /// `; Resource Bindings:`.
    fn print_resource_bindings(&self, out: &mut String) -> bool;
    /// `; ViewId state:`.
    fn print_view_id_state(&self, out: &mut String) -> bool;
    /// `; Subobjects:` from module metadata; only asked when the container has no
    /// readable `RDAT` subobject table (which then takes precedence).
    fn print_subobjects(&self, out: &mut String) -> bool;
}

/// Prints the whole header: the part sections, then the module's.
pub fn print_header(
    parts: &Parts<'_>,
    module: &dyn ModuleHeader,
    out: &mut String,
) -> Result<Vec<Section>> {
    let mut printed = print_part_header_sections(parts, out)?;
    if !module.is_dxil() {
        return Ok(printed);
    }
    if let Some(kind) = module.shader_kind() {
        let sigs = module.entry_signatures();
        let entry = [
            Section::EntryInputSignature,
            Section::EntryOutputSignature,
            Section::EntryPatchConstantSignature,
        ];
        if kind != ShaderKind::Library {
            for ((rows, section), title) in sigs.iter().zip(entry).zip(entry_signature_titles(kind))
            {
                if print_entry_signature(title, rows, out) {
                    printed.push(section);
                }
            }
        }
    }
    if module.print_buffer_definitions(out) {
        printed.push(Section::BufferDefinitions);
    }
    if module.print_resource_bindings(out) {
        printed.push(Section::ResourceBindings);
    }
    if module.print_view_id_state(out) {
        printed.push(Section::ViewIdState);
    }
    let rdat = find(parts, b"RDAT").and_then(|d| Rdat::parse(d).ok());
    match rdat.as_ref().map(Rdat::subobject_records) {
        Some(Ok(Some(records))) => {
            let mut list = Vec::new();
            let mut error = false;
            for r in records {
                match r {
                    Ok(Some(s)) => list.push(s),
                    Ok(None) => {}
                    Err(_) => error = true,
                }
            }
            if print_subobjects(&list, error, out) {
                printed.push(Section::Subobjects);
            }
        }
        _ => {
            if module.print_subobjects(out) {
                printed.push(Section::Subobjects);
            }
        }
    }
    Ok(printed)
}
