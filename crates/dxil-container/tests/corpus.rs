//! Every corpus container parses, writes back byte-identical, has a digest that verifies or is
//! a named sentinel, and a `HASH` part (when present) that verifies.

use dxil_container::{Container, DigestStatus, FourCC, NotDxilKind};

#[test]
fn corpus_parses_round_trips_and_verifies() {
    let files = dxil_test_support::corpus_files();
    if files.is_empty() {
        return;
    }
    let mut statuses = std::collections::BTreeMap::<&str, usize>::new();
    let mut hashes = 0;
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let name = path.display();
        let c = Container::parse(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(c.trailing().is_empty(), "{name}: trailing bytes");
        assert!(c.is_packed(), "{name}: not packed");

        let written = c.to_buf().to_bytes().unwrap();
        assert!(written == bytes, "{name}: round trip differs");

        let status = c.digest_status();
        assert_ne!(status, DigestStatus::Differs, "{name}: digest differs");
        *statuses.entry(status.word()).or_default() += 1;

        if let Some(check) = c.verify_shader_hash().unwrap() {
            assert!(check.matches(), "{name}: HASH {check:?}");
            hashes += 1;
        }

        let program = c.program().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(program.bitcode.get(..4), Some(&b"BC\xC0\xDE"[..]), "{name}");
        assert!(program.version.kind().is_some(), "{name}");
        if let Some(debug) = c.debug_program().unwrap() {
            assert_eq!(debug.version, program.version, "{name}");
        }
        c.feature_info()
            .unwrap()
            .expect("SFI0 in every corpus container");
        if let Some(v) = c.compiler_version().unwrap() {
            assert!(!v.commit_sha.is_empty(), "{name}");
        }

        // Re-signing an unsigned or sentinel container gives a matching digest.
        let mut buf = c.to_buf();
        let signed = buf.to_bytes_with_digest().unwrap();
        assert_eq!(
            Container::parse(&signed).unwrap().digest_status(),
            DigestStatus::Matches,
            "{name}"
        );
    }
    eprintln!(
        "{} containers; digests {statuses:?}; {hashes} HASH parts",
        files.len()
    );
    assert!(statuses.get("matches").copied().unwrap_or(0) > 0);
}

#[test]
fn root_signature_containers_are_named() {
    let containers = dxil_test_support::rootsig_containers();
    for bytes in &containers {
        let c = Container::parse(bytes).unwrap();
        assert_eq!(c.not_dxil(), Some(NotDxilKind::RootSignatureOnly));
        assert_eq!(c.digest_status(), DigestStatus::Matches);
        assert!(c.part(FourCC::RTS0).is_some());
        let err = c.program().unwrap_err();
        assert!(err.to_string().contains("root-signature-only"), "{err}");
        assert_eq!(c.to_buf().to_bytes().unwrap(), *bytes);
    }
    eprintln!("{} root signature containers", containers.len());
}

#[test]
fn edits_recompute_layout() {
    let files = dxil_test_support::corpus_files();
    if files.is_empty() {
        return;
    }
    for path in files.iter().step_by(97) {
        let bytes = std::fs::read(path).unwrap();
        let c = Container::parse(&bytes).unwrap();
        let mut e = c.to_buf();
        e.add_part(FourCC::PRIV, vec![7; 5]);
        let dxil = c.part(FourCC::DXIL).unwrap().data.to_vec();
        e.replace_part(FourCC::DXIL, dxil).unwrap();
        let out = e.to_bytes_with_digest().unwrap();
        let c2 = Container::parse(&out).unwrap();
        assert!(c2.is_packed());
        assert_eq!(c2.digest_status(), DigestStatus::Matches);
        assert_eq!(c2.parts().len(), c.parts().len() + 1);
        assert_eq!(c2.part(FourCC::PRIV).unwrap().data, [7; 5]);
        assert_eq!(c2.program().unwrap().bitcode, c.program().unwrap().bitcode);
        let mut e2 = c2.to_buf();
        e2.remove_part(FourCC::PRIV).unwrap();
        let back = e2.to_bytes_with_digest().unwrap();
        // Removing the added part restores the original bytes except the digest.
        assert_eq!(back[20..], bytes[20..], "{}", path.display());
    }
}
