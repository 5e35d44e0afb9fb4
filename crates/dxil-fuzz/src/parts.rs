//! Fuzz target for the typed parts: the first byte picks the part type, the rest is the
//! part. Whatever parses must write back identically and print without panicking.

use dxil_container::{FeatureInfo, ShaderHash, ShaderKind};
use dxil_parts::{DebugName, Psv, Rdat, SignaturePart, ViewIdState};
use dxil_text::header::{
    container_parts, entry_signatures_from_psv, print_entry_signatures, print_part_header_sections,
    print_part_signature, print_pipeline_runtime_information, print_subobjects,
    print_view_id_state,
};

/// The body of the `parts` fuzz target: see the module's documentation.
pub fn run(input: &[u8]) {
    let Some((&sel, data)) = input.split_first() else {
        return;
    };
    let mut out = String::new();
    match sel % 7 {
        0 => {
            if let Ok(p) = SignaturePart::parse(data) {
                assert_eq!(p.write().expect("write"), data);
                print_part_signature("Input", &p, sel & 0x80 != 0, &mut out);
            }
        }
        1 => {
            if let Ok(p) = Psv::parse(data) {
                assert_eq!(p.write().expect("write"), data);
                print_pipeline_runtime_information(&p, u32::from(sel >> 3), &mut out);
                let kind = p.stage().unwrap_or(ShaderKind::Vertex);
                print_entry_signatures(kind, &entry_signatures_from_psv(&p), &mut out);
            }
        }
        2 => {
            if let Ok(p) = FeatureInfo::parse_exact(data, 0) {
                assert_eq!(p.to_bytes(), data);
            }
            if let Ok(p) = ShaderHash::parse_exact(data, 0) {
                assert_eq!(p.to_bytes(), data);
            }
        }
        3 => {
            if let Ok(p) = DebugName::parse(data) {
                assert_eq!(p.write().expect("write"), data);
            }
        }
        4 => {
            let words: Vec<u32> = data
                .chunks_exact(4)
                .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect();
            let kind = ShaderKind::from_raw(u32::from(sel >> 3) % 17).unwrap_or(ShaderKind::Pixel);
            if let Ok(s) = ViewIdState::deserialize(&words, kind, sel & 4 != 0) {
                print_view_id_state(&s, kind, &mut out);
            }
        }
        5 => {
            if let Ok(p) = Rdat::parse(data) {
                assert_eq!(p.write().expect("write"), data);
                if let Ok(Some(list)) = p.subobjects() {
                    print_subobjects(&list, false, &mut out);
                }
            }
        }
        _ => {
            // A container: the header sections printed from its parts.
            if let Ok(c) = dxil_container::Container::parse(data) {
                let parts = container_parts(&c);
                let _ = print_part_header_sections(&parts, &mut out);
            }
        }
    }
}
