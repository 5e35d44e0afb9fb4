//! Hostile input: every corpus container truncated at several points and with random bit
//! flips (fixed-seed xorshift, 24 variants each) goes through parse, every typed view, digest,
//! HASH verification and write. Nothing may panic; whatever parses must write back
//! byte-identical.

use dxil_container::{Container, ContainerBuf};
use dxil_test_support::XorShift64;

/// Everything a user-facing command would do with a container.
fn exercise(bytes: &[u8]) {
    let Ok(c) = Container::parse(bytes) else {
        return;
    };
    let _ = c.not_dxil();
    let _ = c.program();
    let _ = c.debug_program();
    let _ = c.primary_program();
    let _ = c.feature_info().map(|f| f.map(|f| f.names().count()));
    let _ = c.compiler_version();
    let _ = c.verify_shader_hash();
    let _ = c.digest_status();
    let _ = c.is_packed();
    let mut buf = ContainerBuf::from_container(&c);
    let written = buf.to_bytes().expect("unedited write succeeds");
    assert_eq!(written, bytes, "unedited write must reproduce the input");
    let _ = buf.to_bytes_with_digest();
    for p in c.parts() {
        let mut e = c.to_buf();
        let _ = e.remove_part(p.fourcc);
        if let Ok(out) = e.to_bytes() {
            Container::parse(&out).expect("written containers parse");
        }
    }
}

const VARIANTS: usize = 24;

#[test]
fn truncated_and_bit_flipped_corpus_never_panics() {
    let files = dxil_test_support::corpus_files();
    if files.is_empty() {
        return;
    }
    let mut rng = XorShift64(0x9e37_79b9_7f4a_7c15);
    let mut inputs = 0usize;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let len = bytes.len();
        // Truncations: fixed points in the header and part table, then random ones.
        let mut cuts = vec![0, 3, 4, 20, 31, 32, 36, len / 2, len.saturating_sub(1)];
        cuts.extend((0..VARIANTS).map(|_| rng.below(len)));
        for cut in cuts {
            exercise(&bytes[..cut.min(len)]);
            inputs += 1;
        }
        // Bit flips: one to eight bits; half of the variants aim at the first 64 bytes,
        // where the header, offset table and first part header live.
        for v in 0..VARIANTS {
            let mut m = bytes.clone();
            for _ in 0..1 + rng.below(8) {
                let at = if v % 2 == 0 {
                    rng.below(len.min(64))
                } else {
                    rng.below(len)
                };
                m[at] ^= 1 << rng.below(8);
            }
            exercise(&m);
            inputs += 1;
        }
    }
    eprintln!("{inputs} mutated inputs");
}

#[test]
fn tiny_and_odd_inputs() {
    for n in 0..40 {
        exercise(&vec![0u8; n]);
        let mut v = b"DXBC".to_vec();
        v.resize(n.max(4), 0xff);
        exercise(&v);
    }
    for bytes in dxil_test_support::rootsig_containers().iter().take(200) {
        for cut in 0..bytes.len() {
            exercise(&bytes[..cut]);
        }
    }
}
