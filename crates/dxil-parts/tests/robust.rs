//! Hostile input: truncated and bit-flipped corpus parts never panic, and whatever parses
//! writes back to the same bytes and prints without panicking.

use dxil_container::{FeatureInfo, ShaderHash, ShaderKind};
use dxil_parts::signature::SignaturePart;
use dxil_parts::{DebugName, Psv, Rdat, ViewIdState};
use dxil_text::header::{print_part_header_sections, print_view_id_state};
use proptest::prelude::*;

/// Parses `data` as `fourcc`; if it parses, it must write back identically.
fn check(fourcc: &[u8; 4], data: &[u8]) -> bool {
    let back = match fourcc {
        b"ISG1" | b"OSG1" | b"PSG1" => SignaturePart::parse(data).map(|p| p.write()),
        b"PSV0" => Psv::parse(data).map(|p| p.write()),
        b"SFI0" => FeatureInfo::parse_exact(data, 0)
            .map(|p| Ok(p.to_bytes().to_vec()))
            .map_err(dxil_parts::Error::from),
        b"HASH" => ShaderHash::parse_exact(data, 0)
            .map(|p| Ok(p.to_bytes().to_vec()))
            .map_err(dxil_parts::Error::from),
        b"ILDN" => DebugName::parse(data).map(|p| p.write()),
        b"RDAT" => Rdat::parse(data).map(|p| {
            let _ = p.subobjects();
            p.write()
        }),
        _ => return false,
    };
    match back {
        Ok(Ok(bytes)) => {
            assert_eq!(bytes, data, "accepted input must write back identically");
            true
        }
        Ok(Err(e)) => panic!("parsed but could not write: {e}"),
        Err(e) => {
            // Errors print as `... (at offset 0x..)`.
            assert!(e.to_string().contains("(at offset 0x"));
            false
        }
    }
}

#[test]
fn truncated_and_flipped_corpus_parts() {
    let Some(dir) = dxil_test_support::corpus_dir() else {
        return;
    };
    let mut rng = dxil_test_support::XorShift64(0x9e37_79b9_7f4a_7c15);
    let (mut cases, mut accepted) = (0usize, 0usize);
    for (n, id) in dxil_test_support::corpus_ids(&dir).into_iter().enumerate() {
        let bytes = std::fs::read(dir.join(format!("{id}.dxil"))).expect("read shader");
        let parts = dxil_test_support::parts(&bytes).expect("container");
        for (fourcc, data) in &parts {
            // Every truncation for a sample of shaders; a few for the rest.
            let cuts: Vec<usize> = if n % 16 == 0 {
                (0..data.len()).collect()
            } else {
                (0..4)
                    .map(|_| (rng.next() as usize) % data.len().max(1))
                    .collect()
            };
            for cut in cuts {
                cases += 1;
                accepted += usize::from(check(fourcc, &data[..cut]));
            }
            for _ in 0..8 {
                if data.is_empty() {
                    break;
                }
                let mut m = data.to_vec();
                let bit = (rng.next() as usize) % (m.len() * 8);
                m[bit / 8] ^= 1 << (bit % 8);
                cases += 1;
                accepted += usize::from(check(fourcc, &m));
            }
        }
        // The header printer on a container with one flipped byte in each part.
        let mut mutated: Vec<([u8; 4], Vec<u8>)> =
            parts.iter().map(|(f, d)| (*f, d.to_vec())).collect();
        for (_, d) in &mut mutated {
            if !d.is_empty() {
                let at = (rng.next() as usize) % d.len();
                d[at] ^= (rng.next() as u8) | 1;
            }
        }
        let view: Vec<([u8; 4], &[u8])> = mutated.iter().map(|(f, d)| (*f, &d[..])).collect();
        let mut out = String::new();
        let _ = print_part_header_sections(&view, &mut out);
    }
    println!("hostile cases: {cases}, accepted (and round-tripped): {accepted}");
    assert!(cases > 0);
}

proptest! {
    #[test]
    fn view_id_state_never_panics(data in proptest::collection::vec(0u32..300, 0..64),
                                  kind in 0u32..17, uses in any::<bool>()) {
        let kind = ShaderKind::from_raw(kind).unwrap_or(ShaderKind::Invalid);
        if let Ok(s) = ViewIdState::deserialize(&data, kind, uses) {
            let mut out = String::new();
            print_view_id_state(&s, kind, &mut out);
        }
    }

    #[test]
    fn view_id_state_huge_counts_are_cheap(n in any::<u32>()) {
        // Huge input counts with zero outputs must not loop over every input.
        let _ = ViewIdState::deserialize(&[n, 0], ShaderKind::Vertex, false);
        let _ = ViewIdState::deserialize(&[n, n], ShaderKind::Hull, true);
    }

    #[test]
    fn random_parts_never_panic(data in proptest::collection::vec(any::<u8>(), 0..200)) {
        for f in [b"ISG1", b"PSV0", b"SFI0", b"HASH", b"ILDN", b"RDAT"] {
            check(f, &data);
        }
    }
}
