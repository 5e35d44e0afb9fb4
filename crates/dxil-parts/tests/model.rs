//! Models built from scratch: every PSV version writes and reads back, inconsistent models
//! are refused, and the signature string table follows the writer's rules.

use dxil_parts::psv::{PsvSignatureElement, PsvSignatures, ResourceBinding, RuntimeInfo1};
use dxil_parts::signature::{SignatureElement, SignaturePart, StringLayout};
use dxil_parts::{ErrorKind, Psv};

fn binding(v2: bool) -> ResourceBinding {
    ResourceBinding {
        res_type: 2,
        space: 0,
        lower_bound: 3,
        upper_bound: 3,
        kind_and_flags: v2.then_some((13, 0)),
        extra: Vec::new(),
    }
}

fn psv(version: u32) -> Psv {
    let mut p = Psv::default();
    p.runtime_info.max_wave_lane_count = u32::MAX;
    p.resource_bind_info_size = Some(if version >= 2 { 24 } else { 16 });
    p.resources = vec![binding(version >= 2), binding(version >= 2)];
    if version >= 1 {
        p.runtime_info.info1 = Some(RuntimeInfo1 {
            shader_stage: 1,
            sig_input_elements: 1,
            sig_input_vectors: 1,
            sig_output_vectors: [1, 0, 0, 0],
            ..RuntimeInfo1::default()
        });
        p.signatures = Some(PsvSignatures {
            string_table: b"\0POS\0\0\0\0".to_vec(),
            semantic_index_table: vec![0],
            element_size: Some(16),
            input: vec![PsvSignatureElement {
                semantic_name: 1,
                rows: 1,
                cols_and_start: 0x44,
                ..PsvSignatureElement::default()
            }],
            input_to_output_tables: [vec![0; 4], vec![], vec![], vec![]],
            ..PsvSignatures::default()
        });
    }
    if version >= 2 {
        p.runtime_info.num_threads = Some([1, 1, 1]);
    }
    if version >= 3 {
        p.runtime_info.entry_function_name = Some(1);
    }
    if version >= 4 {
        p.runtime_info.num_bytes_group_shared_memory = Some(0);
    }
    p
}

#[test]
fn every_psv_version_round_trips() {
    for v in 0..=4 {
        let p = psv(v);
        assert_eq!(p.version(), v);
        let bytes = p.write().expect("write");
        let back = Psv::parse(&bytes).expect("parse");
        assert_eq!(back, p, "version {v}");
        let ri_size = [24u32, 36, 48, 52, 56][v as usize];
        assert_eq!(&bytes[..4], &ri_size.to_le_bytes());
    }
    assert_eq!(psv(3).entry_function_name(), Some("POS"));
    let p = psv(1);
    let e = &p.signatures.as_ref().unwrap().input[0];
    assert_eq!(p.element_name(e), Some("POS"));
    assert_eq!(e.start_col(), Some(0));
    assert_eq!(e.cols(), 4);
}

#[test]
fn larger_records_keep_their_extra_bytes() {
    let mut p = psv(4);
    p.runtime_info.extra = vec![7, 7, 7, 7];
    p.resource_bind_info_size = Some(28);
    for b in &mut p.resources {
        b.extra = vec![1, 2, 3, 4];
    }
    let bytes = p.write().expect("write");
    assert_eq!(Psv::parse(&bytes).expect("parse"), p);
}

#[test]
fn inconsistent_models_are_refused() {
    let mut p = psv(2);
    p.resource_bind_info_size = None;
    assert!(matches!(
        p.write().unwrap_err().kind(),
        ErrorKind::Inconsistent(_)
    ));
    let mut p = psv(2);
    p.signatures.as_mut().unwrap().input_to_output_tables[0].clear();
    assert!(p.write().is_err(), "missing dependency table");
    let mut p = psv(1);
    p.runtime_info.info1.as_mut().unwrap().sig_output_elements = 1;
    assert!(p.write().is_err(), "count without elements");
}

#[test]
fn truncated_psv_error_names_offset() {
    let bytes = psv(4).write().unwrap();
    let err = Psv::parse(&bytes[..bytes.len() - 2]).unwrap_err();
    assert_eq!(err.offset(), bytes.len() - 16);
    assert_eq!(
        err.to_string(),
        format!(
            "truncated dependency table (at offset {:#x})",
            bytes.len() - 16
        )
    );
}

fn sig(reg: u32) -> SignatureElement {
    SignatureElement {
        register: reg,
        mask: 0xf,
        component_type: 3,
        ..SignatureElement::default()
    }
}

#[test]
fn signature_string_table_rules() {
    let elements = vec![sig(0), sig(1), sig(2)];
    // Declared: TEXCOORD (records 0, 2), COLOR (record 1), TEXCOORD again (none here).
    let declared = vec![
        ("TEXCOORD", vec![0, 2]),
        ("COLOR", vec![1]),
        ("TEXCOORD", vec![]),
    ];
    let start = 8 + 3 * 32;
    let dedup = SignaturePart::build(
        elements.clone(),
        &declared,
        StringLayout {
            dedup: true,
            align4: true,
        },
    )
    .unwrap();
    assert_eq!(dedup.string_table, b"TEXCOORD\0COLOR\0\0");
    assert_eq!(dedup.elements[1].semantic_name, start + 9);
    let plain = SignaturePart::build(
        elements,
        &declared,
        StringLayout {
            dedup: false,
            align4: false,
        },
    )
    .unwrap();
    assert_eq!(plain.string_table, b"TEXCOORD\0COLOR\0TEXCOORD\0");
    let bytes = plain.write().unwrap();
    let back = SignaturePart::parse(&bytes).unwrap();
    assert_eq!(back, plain);
    assert_eq!(back.name(&back.elements[2]), Some("TEXCOORD"));
}

#[test]
fn signature_name_out_of_range_is_an_error() {
    let mut part = SignaturePart::build(
        vec![sig(0)],
        &[("A", vec![0])],
        StringLayout {
            dedup: true,
            align4: true,
        },
    )
    .unwrap();
    part.elements[0].semantic_name = 1000;
    let bytes = part.write().unwrap();
    let err = SignaturePart::parse(&bytes).unwrap_err();
    assert_eq!(err.offset(), 8 + 4);
}
