//! Damaged RTS0 blobs (every truncation, single bit flips) and damaged text never panic; the
//! errors carry positions inside the input.

use dxil_rootsig::{binary, compile, to_text, validate, Position, Version};

fn blobs() -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for v in Version::ALL {
        let text = "RootFlags(ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT), RootConstants(num32BitConstants = 3, b0), CBV(b1), \
                    DescriptorTable(SRV(t0, numDescriptors = unbounded), UAV(u0, offset = 2)), StaticSampler(s0)";
        out.push(binary::write(&compile(text, v).expect("compiles")));
    }
    for p in &dxil_test_support::corpus_files() {
        if let Some(part) = std::fs::read(p)
            .ok()
            .as_deref()
            .and_then(|b| dxil_test_support::part(b, b"RTS0"))
        {
            out.push(part.to_vec());
        }
        if out.len() >= 40 {
            break;
        }
    }
    out
}

fn exercise(b: &[u8]) {
    match binary::read(b) {
        Ok(rs) => {
            let _ = validate(&rs);
            let _ = to_text(&rs);
        }
        Err(e) => {
            if let Position::Offset(o) = e.position() {
                assert!(
                    o <= b.len() as u64 + 4,
                    "error offset {o:#x} far past a {}-byte blob: {e}",
                    b.len()
                );
            }
        }
    }
}

#[test]
fn truncated_and_bit_flipped_blobs() {
    let mut cases = 0u64;
    for blob in blobs() {
        for n in 0..blob.len() {
            exercise(&blob[..n]);
            cases += 1;
        }
        for bit in 0..blob.len() * 8 {
            let mut b = blob.clone();
            b[bit / 8] ^= 1 << (bit % 8);
            exercise(&b);
            cases += 1;
        }
    }
    println!("damaged blobs read without panic: {cases}");
}

#[test]
fn truncated_is_an_error_with_offset() {
    let b = binary::write(&compile("CBV(b0)", Version::V1_1).expect("compiles"));
    let e = binary::read(&b[..b.len() - 1]).expect_err("truncated");
    assert!(e.to_string().contains("(at offset 0x"), "{e}");
    let e = binary::read(&[9, 0, 0, 0]).expect_err("bad version");
    assert_eq!(
        e.to_string(),
        "unsupported root signature version 9 (expected 1, 2 or 3) (at offset 0x0)"
    );
}

#[test]
fn shared_range_arrays_cannot_amplify() {
    // One table of 2 ranges, then many parameters pointing at the same table.
    let rs = compile("DescriptorTable(CBV(b0), CBV(b1))", Version::V1_1).expect("compiles");
    let mut b = binary::write(&rs);
    let payload = u32::from_le_bytes([b[32], b[33], b[34], b[35]]);
    let count = 200u32;
    let params_at = b.len() as u32;
    for _ in 0..count {
        b.extend_from_slice(&0u32.to_le_bytes());
        b.extend_from_slice(&0u32.to_le_bytes());
        b.extend_from_slice(&payload.to_le_bytes());
    }
    b[4..8].copy_from_slice(&count.to_le_bytes());
    b[8..12].copy_from_slice(&params_at.to_le_bytes());
    // 200 tables x 2 ranges x 24 bytes is far more than the blob holds.
    assert!(binary::read(&b).is_err());
}

#[test]
fn validation_of_a_blob_names_byte_offsets() {
    // Build an invalid blob by hand: two CBVs on b0 (the writer does not validate).
    let mut rs = compile(
        "CBV(b0), CBV(b1), DescriptorTable(SRV(t0), SRV(t1))",
        Version::V1_1,
    )
    .expect("compiles");
    if let dxil_rootsig::ParameterKind::Cbv(d) = &mut rs.parameters[1].kind {
        d.register = 0;
    }
    let blob = binary::write(&rs);
    let (back, layout) = binary::read_with_layout(&blob).expect("reads");
    let v = validate(&back).expect_err("overlap");
    assert_eq!(v.element, dxil_rootsig::Element::Parameter(1));
    assert_eq!(layout.offset_of(v.element), Some(24 + 12));
    // Ranges: table payload after the two descriptor payloads.
    assert_eq!(
        layout.ranges[2],
        vec![24 + 3 * 12 + 2 * 12 + 8, 24 + 3 * 12 + 2 * 12 + 8 + 24]
    );
}
